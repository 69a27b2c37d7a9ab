; RUN: gasp-opt --passes=infer -verify-each -S %s -o - | FileCheck %s
; genx uses the OpenCL numbering; kernels are dllexport or in genx.kernels.
target triple = "genx64-unknown-unknown"

; A dllexport kernel: local accesses through generic become local.
define dllexport void @genx_kernel(ptr addrspace(3) %l) {
; CHECK-LABEL: define dllexport void @genx_kernel(
; CHECK-SAME: ptr addrspace(3) [[L:%.*]]) {
; CHECK-NEXT:   store i32 1, ptr addrspace(3) [[L]], align 4
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  store i32 1, ptr addrspace(4) %g
  ret void
}

; A subroutine with internal linkage: private through generic becomes private.
define internal i32 @subroutine() {
; CHECK-LABEL: define internal i32 @subroutine(
; CHECK-SAME: ) {
; CHECK-NEXT:   [[A:%.*]] = alloca i32, align 4
; CHECK-NEXT:   store i32 2, ptr [[A]], align 4
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr [[A]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %a = alloca i32
  %g = addrspacecast ptr %a to ptr addrspace(4)
  store i32 2, ptr addrspace(4) %g
  %v = load i32, ptr addrspace(4) %g
  ret i32 %v
}
