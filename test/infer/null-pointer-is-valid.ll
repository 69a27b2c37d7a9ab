; RUN: gasp-opt -S %s -o - | FileCheck %s
; Regression (turn-4 repro null_pointer_is_valid): with null_pointer_is_valid, generic address 0
; is memory: a null arm is not "points nowhere", so the store through select(local, null)
; stays generic.
; CHECK-LABEL: define void @f(
; CHECK: store i32 1, ptr %s
target triple = "nvptx64-nvidia-cuda"
define void @f(i1 %c, ptr addrspace(3) %l) #0 {
  %g = addrspacecast ptr addrspace(3) %l to ptr
  %s = select i1 %c, ptr %g, ptr null
  store i32 1, ptr %s
  ret void
}
attributes #0 = { null_pointer_is_valid }
