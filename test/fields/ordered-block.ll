; RUN: gasp-opt --passes=infer -S %s -o - | FileCheck %s
; RUN: gasp-opt -S %s -o %t.ll
; RUN: gasp-run %s --kernel interleaved --global 4 --arg buf:i32:8:iota --arg local:32 --arg i32=1 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel interleaved --global 4 --arg buf:i32:8:iota --arg local:32 --arg i32=0 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel stops --global 4 --arg buf:i32:8:iota --arg local:32 --arg i32=0 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; Writes ordered within a block, each load answered by the last of its
; field's stops before it (memorder.c's met_before): a private struct whose
; field 0 holds a global and a local pointer in turn, loaded after each
; write with writes of its other field between, gives each load the last
; write before it — a position's answer, never the block's — and a load in
; a later block, where no write of the field precedes it, stays generic.
target triple = "spir64-unknown-unknown"

; Field 0: global, then local, then global again; field 8 rewritten between
; (a pointer store that is no write of field 0); the next block's load sees
; both spaces.
; CHECK-LABEL: define spir_kernel void @interleaved(
; CHECK: load i32, ptr addrspace(1)
; CHECK: store i32 {{.*}}, ptr addrspace(3)
; CHECK: load i32, ptr addrspace(1)
; CHECK: later:
; CHECK: load i32, ptr addrspace(4)
define spir_kernel void @interleaved(ptr addrspace(1) %g, ptr addrspace(3) %l, i32 %c) {
entry:
  %s = alloca { ptr addrspace(4), ptr addrspace(4) }, align 8
  %f1 = getelementptr inbounds i8, ptr %s, i64 8
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %gl = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  store ptr addrspace(4) %gg, ptr %s, align 8
  %a = load ptr addrspace(4), ptr %s, align 8
  store ptr addrspace(4) %gl, ptr %f1, align 8
  %va = load i32, ptr addrspace(4) %a, align 4
  store ptr addrspace(4) %gl, ptr %s, align 8
  store ptr addrspace(4) %gg, ptr %f1, align 8
  %b = load ptr addrspace(4), ptr %s, align 8
  store i32 %va, ptr addrspace(4) %b, align 4
  store ptr addrspace(4) %gg, ptr %s, align 8
  %cc = load ptr addrspace(4), ptr %s, align 8
  %q = getelementptr inbounds i32, ptr addrspace(4) %cc, i64 1
  %vc = load i32, ptr addrspace(4) %q, align 4
  %t = icmp ne i32 %c, 0
  br i1 %t, label %swap, label %later
swap:
  store ptr addrspace(4) %gl, ptr %s, align 8
  br label %later
later:
  %d = load ptr addrspace(4), ptr %s, align 8
  %vd = load i32, ptr addrspace(4) %d, align 4
  %sum = add i32 %vc, %vd
  store i32 %sum, ptr addrspace(1) %g, align 4
  ret void
}

; A load's stops are the instructions that write its field: a write of the
; other field's half (%f1h) is passed, a rewrite of the field's own upper
; half (%f0h, the same bits at run time) ends the look back unanswered, and
; in a later block a load before that block's write of the field has no
; stop before it (the field's slot, both spaces: the previous block's last
; write is no answer), while one after it sees
; that write; a memset of both fields then a store gives the store.
; CHECK-LABEL: define spir_kernel void @stops(
; CHECK: load i32, ptr addrspace(3)
; CHECK: load i32, ptr addrspace(4)
; CHECK: next:
; CHECK: load i32, ptr addrspace(4)
; CHECK: load i32, ptr addrspace(1)
; CHECK: load i32, ptr addrspace(3)
define spir_kernel void @stops(ptr addrspace(1) %g, ptr addrspace(3) %l, i32 %c) {
entry:
  %s = alloca { ptr addrspace(4), ptr addrspace(4) }, align 8
  %f0h = getelementptr inbounds i8, ptr %s, i64 4
  %f1 = getelementptr inbounds i8, ptr %s, i64 8
  %f1h = getelementptr inbounds i8, ptr %s, i64 12
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %gl = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  store ptr addrspace(4) %gg, ptr %s, align 8
  store ptr addrspace(4) %gl, ptr %f1, align 8
  store ptr addrspace(4) %gl, ptr %s, align 8
  store i32 0, ptr %f1h, align 4
  %a = load ptr addrspace(4), ptr %s, align 8
  %va = load i32, ptr addrspace(4) %a, align 4
  %h = load i32, ptr %f0h, align 4
  store i32 %h, ptr %f0h, align 4
  %b = load ptr addrspace(4), ptr %s, align 8
  %vb = load i32, ptr addrspace(4) %b, align 4
  store ptr addrspace(4) %gl, ptr %s, align 8
  br label %next
next:
  %cc = load ptr addrspace(4), ptr %s, align 8
  %vc = load i32, ptr addrspace(4) %cc, align 4
  store ptr addrspace(4) %gg, ptr %s, align 8
  %d = load ptr addrspace(4), ptr %s, align 8
  %vd = load i32, ptr addrspace(4) %d, align 4
  call void @llvm.memset.p0.i64(ptr align 8 %s, i8 0, i64 16, i1 false)
  store ptr addrspace(4) %gl, ptr %s, align 8
  %e = load ptr addrspace(4), ptr %s, align 8
  %ve = load i32, ptr addrspace(4) %e, align 4
  %s1 = add i32 %va, %vb
  %s2 = add i32 %s1, %vc
  %s3 = add i32 %s2, %vd
  %s4 = add i32 %s3, %ve
  store i32 %s4, ptr addrspace(1) %g, align 4
  ret void
}

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
