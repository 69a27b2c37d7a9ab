; RUN: gasp-opt -verify-each -S %s -o - | FileCheck %s
; nvptx64 (generic 0, global 1, shared 3, local 5): a ptx_kernel's generic
; pointer parameters point to global memory, and an alloca in space 0 is
; private (5); both reach the helpers through calls.  The private one
; crosses the call generic and is named at @get's entry (twins: ptxas
; allocates more registers to a call passed a raw local address).
target triple = "nvptx64-nvidia-cuda"

define internal void @put(ptr %p, i32 %v) {
  store i32 %v, ptr %p, align 4
  ret void
}

define internal i32 @get(ptr %p) {
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

; CHECK-LABEL: define ptx_kernel void @k(ptr %out)
; CHECK:         [[G:%.*]] = addrspacecast ptr %out to ptr addrspace(1)
; CHECK:         call void @put(ptr addrspace(1) [[G]], i32 1)
; CHECK:         [[T:%.*]] = addrspacecast ptr addrspace(5) {{%.*}} to ptr
; CHECK-NEXT:    call i32 @get(ptr [[T]])
; CHECK-LABEL: define internal void @put(ptr addrspace(1) %p, i32 %v)
; CHECK-NEXT:    store i32 %v, ptr addrspace(1) %p
; CHECK-LABEL: define internal i32 @get(ptr %p)
; CHECK-NEXT:    %p.private = addrspacecast ptr %p to ptr addrspace(5)
; CHECK-NEXT:    %p.private.laundered = call ptr addrspace(5) @llvm.launder.invariant.group.p5(ptr addrspace(5) %p.private)
; CHECK-NEXT:    load i32, ptr addrspace(5) %p.private.laundered
; CHECK:         !{i32 5}
define ptx_kernel void @k(ptr %out) {
  %t = alloca i32, align 4
  store i32 5, ptr %t, align 4
  call void @put(ptr %out, i32 1)
  %v = call i32 @get(ptr %t)
  store i32 %v, ptr %out, align 4
  ret void
}
