; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:4 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; A helper whose body ends in a musttail call keeps its signature: a
; musttail call must pass its caller's own parameter types on, so neither
; the helper nor the callee it tail-calls is cloned or retyped (nvptx64).
; The walk looks for musttail calls right before each ret only (the
; verifier's rule); @plain has its call in the middle and is retyped.
; (resolve still makes @outer's accesses global: only global memory
; reaches them; @inner's one read stays generic, as the cvta.to.global it
; needs would serve it alone — target.c, "Casts that must be shared".)
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Keeps its generic parameter: its body ends in a musttail call.
; CHECK-LABEL: define internal i32 @outer(ptr %p)
; CHECK: load i32, ptr addrspace(1)
; CHECK: musttail call i32 @inner(ptr %p)
define internal i32 @outer(ptr %p) {
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr %p, align 4
  %r = musttail call i32 @inner(ptr %p)
  ret i32 %r
}

; Keeps its generic parameter: it is called with musttail.
; CHECK-LABEL: define internal i32 @inner(ptr %p)
; CHECK: load i32, ptr %p
define internal i32 @inner(ptr %p) {
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

; Rewritten for the global pointer its caller passes: its call is not a tail call.
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: call i32 @outer(ptr %gg)
; CHECK: call i32 @plain(ptr addrspace(1) %g)
; CHECK-LABEL: define internal i32 @plain(ptr addrspace(1) %p)
; CHECK: load i32, ptr addrspace(1) %p
define internal i32 @plain(ptr %p) {
  %v = load i32, ptr %p, align 4
  %r = call i32 @leaf(i32 %v)
  %s = add i32 %r, 1
  ret i32 %s
}

define internal i32 @leaf(i32 %x) {
  %y = mul i32 %x, 3
  ret i32 %y
}

define ptx_kernel void @k(ptr addrspace(1) %g) {
  %gg = addrspacecast ptr addrspace(1) %g to ptr
  %a = call i32 @outer(ptr %gg)
  %b = call i32 @plain(ptr %gg)
  %c = add i32 %a, %b
  store i32 %c, ptr addrspace(1) %g, align 4
  ret void
}
