; RUN: gasp-opt --passes=infer -verify-each -S %s -o - | FileCheck %s
; Pointer comparisons (spir64).
target triple = "spir64"

; Two pointers proven local are compared in the local space.
define i1 @both_local(ptr addrspace(3) %a, i64 %i) {
; CHECK-LABEL: define i1 @both_local(
; CHECK-SAME: ptr addrspace(3) [[A:%.*]], i64 [[I:%.*]]) {
; CHECK-NEXT:   [[GB:%.*]] = getelementptr i8, ptr addrspace(3) [[A]], i64 [[I]]
; CHECK-NEXT:   [[C:%.*]] = icmp ult ptr addrspace(3) [[A]], [[GB]]
; CHECK-NEXT:   ret i1 [[C]]
; CHECK-NEXT: }
  %ga = addrspacecast ptr addrspace(3) %a to ptr addrspace(4)
  %gb = getelementptr i8, ptr addrspace(4) %ga, i64 %i
  %c = icmp ult ptr addrspace(4) %ga, %gb
  ret i1 %c
}

; A comparison with null is done in the proven space.
define i1 @with_null(ptr addrspace(1) %a) {
; CHECK-LABEL: define i1 @with_null(
; CHECK-SAME: ptr addrspace(1) [[A:%.*]]) {
; CHECK-NEXT:   [[C:%.*]] = icmp eq ptr addrspace(1) [[A]], null
; CHECK-NEXT:   ret i1 [[C]]
; CHECK-NEXT: }
  %ga = addrspacecast ptr addrspace(1) %a to ptr addrspace(4)
  %c = icmp eq ptr addrspace(4) %ga, null
  ret i1 %c
}

; A global pointer compared with a local one stays generic.
define i1 @different_spaces(ptr addrspace(1) %a, ptr addrspace(3) %b) {
; CHECK-LABEL: define i1 @different_spaces(
; CHECK-SAME: ptr addrspace(1) [[A:%.*]], ptr addrspace(3) [[B:%.*]]) {
; CHECK-NEXT:   [[GA:%.*]] = addrspacecast ptr addrspace(1) [[A]] to ptr addrspace(4)
; CHECK-NEXT:   [[GB:%.*]] = addrspacecast ptr addrspace(3) [[B]] to ptr addrspace(4)
; CHECK-NEXT:   [[C:%.*]] = icmp eq ptr addrspace(4) [[GA]], [[GB]]
; CHECK-NEXT:   ret i1 [[C]]
; CHECK-NEXT: }
  %ga = addrspacecast ptr addrspace(1) %a to ptr addrspace(4)
  %gb = addrspacecast ptr addrspace(3) %b to ptr addrspace(4)
  %c = icmp eq ptr addrspace(4) %ga, %gb
  ret i1 %c
}
