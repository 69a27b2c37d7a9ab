; RUN: gasp-opt --passes=infer -verify-each -S %s -o - | FileCheck %s
; Select: agreement, disagreement, null and constant arms (spir64).
target triple = "spir64"

@gv = addrspace(1) global i32 0

; A select of two local pointers is local.
define void @select_same(i1 %c, ptr addrspace(3) %a, ptr addrspace(3) %b) {
; CHECK-LABEL: define void @select_same(
; CHECK-SAME: i1 [[C:%.*]], ptr addrspace(3) [[A:%.*]], ptr addrspace(3) [[B:%.*]]) {
; CHECK-NEXT:   [[S:%.*]] = select i1 [[C]], ptr addrspace(3) [[A]], ptr addrspace(3) [[B]]
; CHECK-NEXT:   store i32 0, ptr addrspace(3) [[S]], align 4
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  %ga = addrspacecast ptr addrspace(3) %a to ptr addrspace(4)
  %gb = addrspacecast ptr addrspace(3) %b to ptr addrspace(4)
  %s = select i1 %c, ptr addrspace(4) %ga, ptr addrspace(4) %gb
  store i32 0, ptr addrspace(4) %s
  ret void
}

; A select of a global and a local pointer stays generic.
define void @select_mixed(i1 %c, ptr addrspace(1) %a, ptr addrspace(3) %b) {
; CHECK-LABEL: define void @select_mixed(
; CHECK-SAME: i1 [[C:%.*]], ptr addrspace(1) [[A:%.*]], ptr addrspace(3) [[B:%.*]]) {
; CHECK-NEXT:   [[GA:%.*]] = addrspacecast ptr addrspace(1) [[A]] to ptr addrspace(4)
; CHECK-NEXT:   [[GB:%.*]] = addrspacecast ptr addrspace(3) [[B]] to ptr addrspace(4)
; CHECK-NEXT:   [[S:%.*]] = select i1 [[C]], ptr addrspace(4) [[GA]], ptr addrspace(4) [[GB]]
; CHECK-NEXT:   store i32 0, ptr addrspace(4) [[S]], align 4
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  %ga = addrspacecast ptr addrspace(1) %a to ptr addrspace(4)
  %gb = addrspacecast ptr addrspace(3) %b to ptr addrspace(4)
  %s = select i1 %c, ptr addrspace(4) %ga, ptr addrspace(4) %gb
  store i32 0, ptr addrspace(4) %s
  ret void
}

; A null arm is neutral: the select is local (spir null is zero in every space).
define void @select_null(i1 %c, ptr addrspace(3) %l) {
; CHECK-LABEL: define void @select_null(
; CHECK-SAME: i1 [[C:%.*]], ptr addrspace(3) [[L:%.*]]) {
; CHECK-NEXT:   [[S:%.*]] = select i1 [[C]], ptr addrspace(3) [[L]], ptr addrspace(3) null
; CHECK-NEXT:   store i32 0, ptr addrspace(3) [[S]], align 4
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %s = select i1 %c, ptr addrspace(4) %g, ptr addrspace(4) null
  store i32 0, ptr addrspace(4) %s
  ret void
}

; A constant-expression arm cast from global agrees with a global arm.
define i32 @select_const_arm(i1 %c, ptr addrspace(1) %p) {
; CHECK-LABEL: define i32 @select_const_arm(
; CHECK-SAME: i1 [[C:%.*]], ptr addrspace(1) [[P:%.*]]) {
; CHECK-NEXT:   [[S:%.*]] = select i1 [[C]], ptr addrspace(1) [[P]], ptr addrspace(1) @gv
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(1) [[S]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %g = addrspacecast ptr addrspace(1) %p to ptr addrspace(4)
  %s = select i1 %c, ptr addrspace(4) %g, ptr addrspace(4) addrspacecast (ptr addrspace(1) @gv to ptr addrspace(4))
  %v = load i32, ptr addrspace(4) %s
  ret i32 %v
}
