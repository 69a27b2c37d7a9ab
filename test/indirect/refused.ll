; What the indirect pass leaves alone, and what an indirect call of another
; arity does not reach.  @handed's address is handed to a call (@apply):
; a callee gasp cannot see could call it, so it is never named, though every
; call the module makes passes shared memory; @kept, the same shape, is
; named local; the two-argument call passing global memory reaches @two
; only, not the one-argument functions.
; RUN: gasp-opt --whole-program -S -stats -stats-json -pass-remarks=indirect %s -o %t.ll 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=STATS < %t.err
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:8 --arg i32=1 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:8 --arg i32=0 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; STATS-DAG: "indirect.functions": 2
; STATS-DAG: called through pointers; every call the module makes passes argument 0 local
; EXEC: identical
; CHECK-LABEL: define internal void @handed(
; CHECK-NOT: addrspacecast
; CHECK: ret void
; CHECK-LABEL: define internal void @kept(
; CHECK: addrspacecast ptr %p to ptr addrspace(3)
; CHECK-LABEL: define internal void @two(
; CHECK: addrspacecast ptr %p to ptr addrspace(1)
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [4 x i32] zeroinitializer

; Intent: called through a pointer with shared memory, but its address is
; also an argument of @apply: left generic.
define internal void @handed(ptr %p) {
  store i32 1, ptr %p, align 4
  %q = getelementptr i32, ptr %p, i64 1
  store i32 2, ptr %q, align 4
  %r = getelementptr i32, ptr %p, i64 2
  store i32 3, ptr %r, align 4
  ret void
}

; Intent: the same shape, only ever called through a pointer: named local.
define internal void @kept(ptr %p) {
  store i32 4, ptr %p, align 4
  %q = getelementptr i32, ptr %p, i64 1
  store i32 5, ptr %q, align 4
  %r = getelementptr i32, ptr %p, i64 2
  store i32 6, ptr %r, align 4
  ret void
}

; Intent: two arguments: only the two-argument call reaches it (global).
define internal void @two(ptr %p, i32 %v) {
  store i32 %v, ptr %p, align 4
  %q = getelementptr i32, ptr %p, i64 1
  store i32 %v, ptr %q, align 4
  %r = getelementptr i32, ptr %p, i64 3
  store i32 %v, ptr %r, align 4
  ret void
}

; Intent: calls the function it is handed, with shared memory.
define internal void @apply(ptr %fn) {
  call void %fn(ptr addrspacecast (ptr addrspace(3) @s to ptr))
  ret void
}

; Intent: the kernel: one- and two-argument calls through pointers.
define ptx_kernel void @k(ptr addrspace(1) %o, i32 %i) {
  %c = icmp ne i32 %i, 0
  %t = select i1 %c, ptr @kept, ptr @handed
  call void %t(ptr addrspacecast (ptr addrspace(3) @s to ptr))
  call void @apply(ptr @handed)
  %go = addrspacecast ptr addrspace(1) %o to ptr
  %u = select i1 %c, ptr @two, ptr null
  %n = icmp eq ptr %u, null
  br i1 %n, label %done, label %call
call:
  call void %u(ptr %go, i32 %i)
  br label %done
done:
  %a = load i32, ptr addrspace(3) @s, align 4
  %b = getelementptr i32, ptr addrspace(3) @s, i32 2
  %bv = load i32, ptr addrspace(3) %b, align 4
  %sum = add i32 %a, %bv
  %o4 = getelementptr i32, ptr addrspace(1) %o, i64 4
  store i32 %sum, ptr addrspace(1) %o4, align 4
  ret void
}
