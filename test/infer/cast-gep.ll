; RUN: gasp-opt --passes=infer -verify-each -S %s -o - | FileCheck %s
; Casts from a named space, GEP chains and constant expressions (spir64).
target triple = "spir64"

@lds = addrspace(3) global [16 x i32] poison
declare void @use(ptr addrspace(4))

; A load through a local-to-generic cast becomes a local load.
define void @cast_load(ptr addrspace(3) %l, ptr addrspace(1) %out) {
; CHECK-LABEL: define void @cast_load(
; CHECK-SAME: ptr addrspace(3) [[L:%.*]], ptr addrspace(1) [[OUT:%.*]]) {
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(3) [[L]], align 4
; CHECK-NEXT:   store i32 [[V]], ptr addrspace(1) [[OUT]], align 4
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %v = load i32, ptr addrspace(4) %g, align 4
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; A chain of GEPs keeps its inbounds/nuw flags in the new space.
define void @gep_chain(ptr addrspace(1) %p, i64 %i) {
; CHECK-LABEL: define void @gep_chain(
; CHECK-SAME: ptr addrspace(1) [[P:%.*]], i64 [[I:%.*]]) {
; CHECK-NEXT:   [[A:%.*]] = getelementptr inbounds i32, ptr addrspace(1) [[P]], i64 [[I]]
; CHECK-NEXT:   [[B:%.*]] = getelementptr inbounds nuw i8, ptr addrspace(1) [[A]], i64 4
; CHECK-NEXT:   store i32 7, ptr addrspace(1) [[B]], align 4
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  %g = addrspacecast ptr addrspace(1) %p to ptr addrspace(4)
  %a = getelementptr inbounds i32, ptr addrspace(4) %g, i64 %i
  %b = getelementptr inbounds nuw i8, ptr addrspace(4) %a, i64 4
  store i32 7, ptr addrspace(4) %b, align 4
  ret void
}

; The stored value of a store is never rewritten, only its pointer operand.
define void @store_value_untouched(ptr addrspace(3) %l, ptr addrspace(1) %slot) {
; CHECK-LABEL: define void @store_value_untouched(
; CHECK-SAME: ptr addrspace(3) [[L:%.*]], ptr addrspace(1) [[SLOT:%.*]]) {
; CHECK-NEXT:   [[G:%.*]] = addrspacecast ptr addrspace(3) [[L]] to ptr addrspace(4)
; CHECK-NEXT:   store ptr addrspace(4) [[G]], ptr addrspace(1) [[SLOT]], align 8
; CHECK-NEXT:   store i32 1, ptr addrspace(3) [[L]], align 4
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  store ptr addrspace(4) %g, ptr addrspace(1) %slot
  store i32 1, ptr addrspace(4) %g
  ret void
}

; A non-memory use (call argument) gets a cast of the new value back to generic.
define void @other_uses_cast_back(ptr addrspace(3) %l, i64 %i) {
; CHECK-LABEL: define void @other_uses_cast_back(
; CHECK-SAME: ptr addrspace(3) [[L:%.*]], i64 [[I:%.*]]) {
; CHECK-NEXT:   [[A:%.*]] = getelementptr i32, ptr addrspace(3) [[L]], i64 [[I]]
; CHECK-NEXT:   [[TMP1:%.*]] = addrspacecast ptr addrspace(3) [[A]] to ptr addrspace(4)
; CHECK-NEXT:   store i32 1, ptr addrspace(3) [[A]], align 4
; CHECK-NEXT:   call void @use(ptr addrspace(4) [[TMP1]])
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %a = getelementptr i32, ptr addrspace(4) %g, i64 %i
  store i32 1, ptr addrspace(4) %a
  call void @use(ptr addrspace(4) %a)
  ret void
}

; A constant-expression GEP of a constant cast folds to the local global.
define i32 @const_expr() {
; CHECK-LABEL: define i32 @const_expr(
; CHECK-SAME: ) {
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(3) getelementptr inbounds ([16 x i32], ptr addrspace(3) @lds, i64 0, i64 3), align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %v = load i32, ptr addrspace(4) getelementptr inbounds ([16 x i32], ptr addrspace(4) addrspacecast (ptr addrspace(3) @lds to ptr addrspace(4)), i64 0, i64 3)
  ret i32 %v
}

; A generic-to-local cast of a value proven local folds away.
define i32 @cast_back_folds(ptr addrspace(3) %l) {
; CHECK-LABEL: define i32 @cast_back_folds(
; CHECK-SAME: ptr addrspace(3) [[L:%.*]]) {
; CHECK-NEXT:   [[A:%.*]] = getelementptr i32, ptr addrspace(3) [[L]], i64 2
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(3) [[A]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %a = getelementptr i32, ptr addrspace(4) %g, i64 2
  %b = addrspacecast ptr addrspace(4) %a to ptr addrspace(3)
  %v = load i32, ptr addrspace(3) %b
  ret i32 %v
}

; An argument of unknown space stays generic.
define i32 @unknown_arg(ptr addrspace(4) %p) {
; CHECK-LABEL: define i32 @unknown_arg(
; CHECK-SAME: ptr addrspace(4) [[P:%.*]]) {
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(4) [[P]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %v = load i32, ptr addrspace(4) %p
  ret i32 %v
}
