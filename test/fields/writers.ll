; RUN: gasp-opt --passes=infer -S %s -o - | FileCheck %s
; RUN: gasp-opt -S %s -o %t.ll
; RUN: gasp-run %s --kernel ok --global 4 --arg buf:i32:4:iota --arg local:16 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel mixed --global 4 --arg buf:i32:4:iota --arg local:16 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel advanced --global 4 --arg buf:i32:4:iota --arg local:16 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel swapped --global 4 --arg buf:i32:4:iota --arg local:16 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel mixed_branch --global 4 --arg buf:i32:4:iota --arg local:16 --arg i32=1 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel mixed_branch --global 4 --arg buf:i32:4:iota --arg local:16 --arg i32=0 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel maybe_written --global 4 --arg buf:i32:4:iota --arg local:16 --arg i32=1 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel copied_late --global 4 --arg buf:i32:4:iota --arg local:16 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel stored_after --global 4 --arg buf:i32:4:iota --arg local:16 --arg i32=3 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel moved_null --global 1 --arg buf:i32:4:iota --arg i32=1 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; RUN: gasp-opt --passes=infer -pass-remarks-missed=gasp %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
; REMARK: {{.*}}load stays generic: loaded from a private slot that holds different spaces (global, local; global stored in @mixed_branch; local stored in @mixed_branch)
; A private struct filled by a helper that writes its fields (an
; initializer, a C++ constructor) keeps its field facts: the helper's
; stores at constant offsets of its parameters become stores of the
; caller's arguments into the caller's struct.  Any other use of the
; struct's address in the helper — storing a value it loaded, handing the
; address on, a variable offset — or the struct passed twice makes it an
; escape again, and two calls writing different spaces into one field
; leave it generic (each function must stay generic: soundness) — unless
; the load follows the last of them in its block and that call surely
; writes the field.  A helper may also store back a pointer it loaded
; from the struct itself, moved (j->a++) or into another field (a swap):
; the field then holds what the source field holds (in a block: what it
; held before the call, when the helper read it before writing).
target triple = "spir64-unknown-unknown"

%Job = type { ptr addrspace(4), ptr addrspace(4) }

declare void @ext(ptr)

; Writes a into field 0 and b into field 8 (and an integer elsewhere).
define internal spir_func void @init(ptr %j, ptr addrspace(4) %a, ptr addrspace(4) %b) {
  store ptr addrspace(4) %a, ptr %j, align 8
  %f = getelementptr inbounds i8, ptr %j, i64 8
  store ptr addrspace(4) %b, ptr %f, align 8
  ret void
}

; Filled by @init with (global, local): both fields are named.
; CHECK-LABEL: define spir_kernel void @ok(
; CHECK: load i32, ptr addrspace(1)
; CHECK: store i32 {{.*}}, ptr addrspace(3)
define spir_kernel void @ok(ptr addrspace(1) %g, ptr addrspace(3) %l) {
  %j = alloca %Job, align 8
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %gl = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  call spir_func void @init(ptr %j, ptr addrspace(4) %gg, ptr addrspace(4) %gl)
  %a = load ptr addrspace(4), ptr %j, align 8
  %f = getelementptr inbounds i8, ptr %j, i64 8
  %b = load ptr addrspace(4), ptr %f, align 8
  %v = load i32, ptr addrspace(4) %a, align 4
  store i32 %v, ptr addrspace(4) %b, align 4
  ret void
}

; @init called twice on one struct with the spaces swapped, in one
; block: the second call writes both fields on every path, so the load
; after it sees (local, global) only.
; CHECK-LABEL: define spir_kernel void @mixed(
; CHECK: load i32, ptr addrspace(3)
define spir_kernel void @mixed(ptr addrspace(1) %g, ptr addrspace(3) %l) {
  %j = alloca %Job, align 8
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %gl = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  call spir_func void @init(ptr %j, ptr addrspace(4) %gg, ptr addrspace(4) %gl)
  call spir_func void @init(ptr %j, ptr addrspace(4) %gl, ptr addrspace(4) %gg)
  %a = load ptr addrspace(4), ptr %j, align 8
  %v = load i32, ptr addrspace(4) %a, align 4
  store i32 %v, ptr addrspace(1) %g, align 4
  ret void
}

; Stores a pointer it loaded from elsewhere: not a field writer.
define internal spir_func void @init_loaded(ptr %j, ptr %src) {
  %p = load ptr addrspace(4), ptr %src, align 8
  store ptr addrspace(4) %p, ptr %j, align 8
  ret void
}

; CHECK-LABEL: define spir_kernel void @loaded(
; CHECK: load i32, ptr addrspace(4)
define spir_kernel void @loaded(ptr addrspace(1) %g, ptr %src) {
  %j = alloca %Job, align 8
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  store ptr addrspace(4) %gg, ptr %j, align 8
  call spir_func void @init_loaded(ptr %j, ptr %src)
  %a = load ptr addrspace(4), ptr %j, align 8
  %v = load i32, ptr addrspace(4) %a, align 4
  store i32 %v, ptr addrspace(1) %g, align 4
  ret void
}

; Hands the struct's address on to code gasp cannot see: an escape.
define internal spir_func void @init_esc(ptr %j, ptr addrspace(4) %a) {
  store ptr addrspace(4) %a, ptr %j, align 8
  call void @ext(ptr %j)
  ret void
}

; CHECK-LABEL: define spir_kernel void @escapes(
; CHECK: load i32, ptr addrspace(4)
define spir_kernel void @escapes(ptr addrspace(1) %g) {
  %j = alloca %Job, align 8
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  call spir_func void @init_esc(ptr %j, ptr addrspace(4) %gg)
  %a = load ptr addrspace(4), ptr %j, align 8
  %v = load i32, ptr addrspace(4) %a, align 4
  store i32 %v, ptr addrspace(1) %g, align 4
  ret void
}

; Writes at an offset it is given: not a field writer.
define internal spir_func void @init_at(ptr %j, ptr addrspace(4) %a, i64 %o) {
  %f = getelementptr inbounds i8, ptr %j, i64 %o
  store ptr addrspace(4) %a, ptr %f, align 8
  ret void
}

; CHECK-LABEL: define spir_kernel void @varoff(
; CHECK: load i32, ptr addrspace(4)
define spir_kernel void @varoff(ptr addrspace(1) %g, ptr addrspace(3) %l, i64 %o) {
  %j = alloca %Job, align 8
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %gl = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  store ptr addrspace(4) %gg, ptr %j, align 8
  call spir_func void @init_at(ptr %j, ptr addrspace(4) %gl, i64 %o)
  %a = load ptr addrspace(4), ptr %j, align 8
  %v = load i32, ptr addrspace(4) %a, align 4
  store i32 %v, ptr addrspace(1) %g, align 4
  ret void
}

; The struct's own address is also a pointer @init stores: an escape.
; CHECK-LABEL: define spir_kernel void @self(
; CHECK: load i32, ptr addrspace(4)
define spir_kernel void @self(ptr addrspace(1) %g) {
  %j = alloca %Job, align 8
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %gj = addrspacecast ptr %j to ptr addrspace(4)
  call spir_func void @init(ptr %j, ptr addrspace(4) %gg, ptr addrspace(4) %gj)
  %f = getelementptr inbounds i8, ptr %j, i64 8
  %a = load ptr addrspace(4), ptr %f, align 8
  %v = load i32, ptr addrspace(4) %a, align 4
  store i32 %v, ptr addrspace(1) %g, align 4
  ret void
}

; Moves field 0 on by one element (j->a++): what field 0 holds, moved.
define internal spir_func void @advance(ptr %j) {
  %a = load ptr addrspace(4), ptr %j, align 8
  %n = getelementptr inbounds i32, ptr addrspace(4) %a, i64 1
  store ptr addrspace(4) %n, ptr %j, align 8
  ret void
}

; Swaps the two fields (t = j->a; j->a = j->b; j->b = t).
define internal spir_func void @swap(ptr %j) {
  %f = getelementptr inbounds i8, ptr %j, i64 8
  %a = load ptr addrspace(4), ptr %j, align 8
  %b = load ptr addrspace(4), ptr %f, align 8
  store ptr addrspace(4) %b, ptr %j, align 8
  store ptr addrspace(4) %a, ptr %f, align 8
  ret void
}

; Filled with (global, local), field 0 advanced twice: still global and
; local, both named.
; CHECK-LABEL: define spir_kernel void @advanced(
; CHECK: load i32, ptr addrspace(1)
; CHECK: store i32 {{.*}}, ptr addrspace(3)
define spir_kernel void @advanced(ptr addrspace(1) %g, ptr addrspace(3) %l) {
  %j = alloca %Job, align 8
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %gl = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  call spir_func void @init(ptr %j, ptr addrspace(4) %gg, ptr addrspace(4) %gl)
  call spir_func void @advance(ptr %j)
  call spir_func void @advance(ptr %j)
  %a = load ptr addrspace(4), ptr %j, align 8
  %f = getelementptr inbounds i8, ptr %j, i64 8
  %b = load ptr addrspace(4), ptr %f, align 8
  %v = load i32, ptr addrspace(4) %a, align 4
  store i32 %v, ptr addrspace(4) %b, align 4
  ret void
}

; Filled with (global, local), then swapped in the same block: the swap
; reads both fields before it writes either, so after it field 0 holds
; what field 8 held before it (local) and field 8 what field 0 held
; (global).
; CHECK-LABEL: define spir_kernel void @swapped(
; CHECK: load i32, ptr addrspace(3)
; CHECK: store i32 {{.*}}, ptr addrspace(1)
define spir_kernel void @swapped(ptr addrspace(1) %g, ptr addrspace(3) %l) {
  %j = alloca %Job, align 8
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %gl = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  call spir_func void @init(ptr %j, ptr addrspace(4) %gg, ptr addrspace(4) %gl)
  call spir_func void @swap(ptr %j)
  %a = load ptr addrspace(4), ptr %j, align 8
  %f = getelementptr inbounds i8, ptr %j, i64 8
  %b = load ptr addrspace(4), ptr %f, align 8
  %v = load i32, ptr addrspace(4) %a, align 4
  store i32 %v, ptr addrspace(4) %b, align 4
  ret void
}

; Writes p + 1 into field 0.
define internal spir_func void @init_next(ptr %j, ptr addrspace(4) %p) {
  %n = getelementptr i8, ptr addrspace(4) %p, i64 4
  store ptr addrspace(4) %n, ptr %j, align 8
  ret void
}

; A null moved by a writer (null + 4, from the caller's constant or from a
; zeroed field) is neither null nor a pointer into any space: the fields
; stay generic though only global pointers are stored otherwise.
; CHECK-LABEL: define spir_kernel void @moved_null(
; CHECK: load i32, ptr addrspace(4)
; CHECK: load i32, ptr addrspace(4)
define spir_kernel void @moved_null(ptr addrspace(1) %g, i32 %ci) {
  %c = icmp ne i32 %ci, 0
  %j = alloca %Job, align 8
  %k = alloca %Job, align 8
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  call spir_func void @init_next(ptr %j, ptr addrspace(4) null)
  br i1 %c, label %a, label %b
a:
  call spir_func void @init_next(ptr %j, ptr addrspace(4) %gg)
  br label %b
b:
  %p = load ptr addrspace(4), ptr %j, align 8
  %v = load i32, ptr addrspace(4) %p, align 4
  call void @llvm.memset.p0.i64(ptr align 8 %k, i8 0, i64 16, i1 false)
  br i1 %c, label %d, label %e
d:
  store ptr addrspace(4) %gg, ptr %k, align 8
  br label %e
e:
  call spir_func void @advance(ptr %k)
  %q = load ptr addrspace(4), ptr %k, align 8
  %w = load i32, ptr addrspace(4) %q, align 4
  %s = add i32 %v, %w
  store i32 %s, ptr addrspace(1) %g, align 4
  ret void
}

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

; @init with (global, local), then in one arm of a branch with the spaces
; swapped: at the join either may be in field 0 (the arm's write is in
; another block), so the access stays generic.
; CHECK-LABEL: define spir_kernel void @mixed_branch(
; CHECK: load i32, ptr addrspace(4)
define spir_kernel void @mixed_branch(ptr addrspace(1) %g, ptr addrspace(3) %l, i32 %c) {
  %j = alloca %Job, align 8
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %gl = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  call spir_func void @init(ptr %j, ptr addrspace(4) %gg, ptr addrspace(4) %gl)
  %cc = icmp ne i32 %c, 0
  br i1 %cc, label %swap, label %join
swap:
  call spir_func void @init(ptr %j, ptr addrspace(4) %gl, ptr addrspace(4) %gg)
  br label %join
join:
  %a = load ptr addrspace(4), ptr %j, align 8
  %v = load i32, ptr addrspace(4) %a, align 4
  store i32 %v, ptr addrspace(1) %g, align 4
  ret void
}

; Writes field 0 only when c is set: a write that may not happen.
define internal spir_func void @init_if(ptr %j, ptr addrspace(4) %a, i32 %c) {
  %cc = icmp ne i32 %c, 0
  br i1 %cc, label %w, label %done
w:
  store ptr addrspace(4) %a, ptr %j, align 8
  br label %done
done:
  ret void
}

; Field 0 global, then perhaps overwritten with local by @init_if in the
; same block: the call may leave either, so the access stays generic.
; CHECK-LABEL: define spir_kernel void @maybe_written(
; CHECK: load i32, ptr addrspace(4)
define spir_kernel void @maybe_written(ptr addrspace(1) %g, ptr addrspace(3) %l, i32 %c) {
  %j = alloca %Job, align 8
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %gl = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  store ptr addrspace(4) %gg, ptr %j, align 8
  call spir_func void @init_if(ptr %j, ptr addrspace(4) %gl, i32 %c)
  %a = load ptr addrspace(4), ptr %j, align 8
  %v = load i32, ptr addrspace(4) %a, align 4
  store i32 %v, ptr addrspace(1) %g, align 4
  ret void
}

; A swap that writes field 0 before it reads it for field 8 (j->a = j->b;
; j->b = j->a): field 8 gets what field 8 held.
define internal spir_func void @swap_late(ptr %j) {
  %f = getelementptr inbounds i8, ptr %j, i64 8
  %b = load ptr addrspace(4), ptr %f, align 8
  store ptr addrspace(4) %b, ptr %j, align 8
  %a = load ptr addrspace(4), ptr %j, align 8
  store ptr addrspace(4) %a, ptr %f, align 8
  ret void
}

; Field 0 is read by @swap_late before it writes anything: local after
; it.  Field 8's copy reads field 0 after the callee wrote it, so what it
; holds is not what field 0 held at the call: it keeps every field's
; union (generic), though it really is local.
; CHECK-LABEL: define spir_kernel void @copied_late(
; CHECK: load i32, ptr addrspace(3)
; CHECK: store i32 {{.*}}, ptr addrspace(4)
define spir_kernel void @copied_late(ptr addrspace(1) %g, ptr addrspace(3) %l) {
  %j = alloca %Job, align 8
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %gl = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  call spir_func void @init(ptr %j, ptr addrspace(4) %gg, ptr addrspace(4) %gl)
  call spir_func void @swap_late(ptr %j)
  %a = load ptr addrspace(4), ptr %j, align 8
  %f = getelementptr inbounds i8, ptr %j, i64 8
  %b = load ptr addrspace(4), ptr %f, align 8
  %v = load i32, ptr addrspace(4) %a, align 4
  store i32 %v, ptr addrspace(4) %b, align 4
  ret void
}

; In a loop the load comes before the block's store: it sees the store of
; the previous iteration or the one before the loop, so it stays generic;
; the load after the store in the same block is local.
; CHECK-LABEL: define spir_kernel void @stored_after(
; CHECK: loop:
; CHECK: load i32, ptr addrspace(4)
; CHECK: load i32, ptr addrspace(3)
define spir_kernel void @stored_after(ptr addrspace(1) %g, ptr addrspace(3) %l, i32 %n) {
entry:
  %j = alloca %Job, align 8
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %gl = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  store ptr addrspace(4) %gg, ptr %j, align 8
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %a = load ptr addrspace(4), ptr %j, align 8
  %v = load i32, ptr addrspace(4) %a, align 4
  store ptr addrspace(4) %gl, ptr %j, align 8
  %b = load ptr addrspace(4), ptr %j, align 8
  %w = load i32, ptr addrspace(4) %b, align 4
  %s = add i32 %v, %w
  store i32 %s, ptr addrspace(1) %g, align 4
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}
