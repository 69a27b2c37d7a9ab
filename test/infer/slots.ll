; RUN: gasp-opt --passes=infer -verify-each -S %s -o - | FileCheck %s
; Private pointer slots that SROA cannot remove (spir64).
target triple = "spir64"

declare void @escape(ptr)

; An array of local pointers indexed dynamically: the reload is local.
define i32 @array_of_local_ptrs(ptr addrspace(3) %a, ptr addrspace(3) %b, i64 %i) {
; CHECK-LABEL: define i32 @array_of_local_ptrs(
; CHECK-SAME: ptr addrspace(3) [[A:%.*]], ptr addrspace(3) [[B:%.*]], i64 [[I:%.*]]) {
; CHECK-NEXT:   [[ARR:%.*]] = alloca [2 x ptr addrspace(4)], align 8
; CHECK-NEXT:   [[GA:%.*]] = addrspacecast ptr addrspace(3) [[A]] to ptr addrspace(4)
; CHECK-NEXT:   [[GB:%.*]] = addrspacecast ptr addrspace(3) [[B]] to ptr addrspace(4)
; CHECK-NEXT:   store ptr addrspace(4) [[GA]], ptr [[ARR]], align 8
; CHECK-NEXT:   [[E1:%.*]] = getelementptr [2 x ptr addrspace(4)], ptr [[ARR]], i64 0, i64 1
; CHECK-NEXT:   store ptr addrspace(4) [[GB]], ptr [[E1]], align 8
; CHECK-NEXT:   [[EI:%.*]] = getelementptr [2 x ptr addrspace(4)], ptr [[ARR]], i64 0, i64 [[I]]
; CHECK-NEXT:   [[P:%.*]] = load ptr addrspace(4), ptr [[EI]], align 8
; CHECK-NEXT:   [[TMP1:%.*]] = addrspacecast ptr addrspace(4) [[P]] to ptr addrspace(3)
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(3) [[TMP1]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %arr = alloca [2 x ptr addrspace(4)]
  %ga = addrspacecast ptr addrspace(3) %a to ptr addrspace(4)
  %gb = addrspacecast ptr addrspace(3) %b to ptr addrspace(4)
  store ptr addrspace(4) %ga, ptr %arr
  %e1 = getelementptr [2 x ptr addrspace(4)], ptr %arr, i64 0, i64 1
  store ptr addrspace(4) %gb, ptr %e1
  %ei = getelementptr [2 x ptr addrspace(4)], ptr %arr, i64 0, i64 %i
  %p = load ptr addrspace(4), ptr %ei
  %v = load i32, ptr addrspace(4) %p
  ret i32 %v
}

; A slot holding a global and a local pointer stays generic.
define i32 @mixed_slot(ptr addrspace(1) %a, ptr addrspace(3) %b, i64 %i) {
; CHECK-LABEL: define i32 @mixed_slot(
; CHECK-SAME: ptr addrspace(1) [[A:%.*]], ptr addrspace(3) [[B:%.*]], i64 [[I:%.*]]) {
; CHECK-NEXT:   [[ARR:%.*]] = alloca [2 x ptr addrspace(4)], align 8
; CHECK-NEXT:   [[GA:%.*]] = addrspacecast ptr addrspace(1) [[A]] to ptr addrspace(4)
; CHECK-NEXT:   [[GB:%.*]] = addrspacecast ptr addrspace(3) [[B]] to ptr addrspace(4)
; CHECK-NEXT:   store ptr addrspace(4) [[GA]], ptr [[ARR]], align 8
; CHECK-NEXT:   [[E1:%.*]] = getelementptr [2 x ptr addrspace(4)], ptr [[ARR]], i64 0, i64 1
; CHECK-NEXT:   store ptr addrspace(4) [[GB]], ptr [[E1]], align 8
; CHECK-NEXT:   [[EI:%.*]] = getelementptr [2 x ptr addrspace(4)], ptr [[ARR]], i64 0, i64 [[I]]
; CHECK-NEXT:   [[P:%.*]] = load ptr addrspace(4), ptr [[EI]], align 8
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(4) [[P]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %arr = alloca [2 x ptr addrspace(4)]
  %ga = addrspacecast ptr addrspace(1) %a to ptr addrspace(4)
  %gb = addrspacecast ptr addrspace(3) %b to ptr addrspace(4)
  store ptr addrspace(4) %ga, ptr %arr
  %e1 = getelementptr [2 x ptr addrspace(4)], ptr %arr, i64 0, i64 1
  store ptr addrspace(4) %gb, ptr %e1
  %ei = getelementptr [2 x ptr addrspace(4)], ptr %arr, i64 0, i64 %i
  %p = load ptr addrspace(4), ptr %ei
  %v = load i32, ptr addrspace(4) %p
  ret i32 %v
}

; A slot whose address escapes to a call stays generic.
define i32 @escaping_slot(ptr addrspace(3) %a) {
; CHECK-LABEL: define i32 @escaping_slot(
; CHECK-SAME: ptr addrspace(3) [[A:%.*]]) {
; CHECK-NEXT:   [[S:%.*]] = alloca ptr addrspace(4), align 8
; CHECK-NEXT:   [[GA:%.*]] = addrspacecast ptr addrspace(3) [[A]] to ptr addrspace(4)
; CHECK-NEXT:   store ptr addrspace(4) [[GA]], ptr [[S]], align 8
; CHECK-NEXT:   call void @escape(ptr [[S]])
; CHECK-NEXT:   [[P:%.*]] = load ptr addrspace(4), ptr [[S]], align 8
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(4) [[P]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %s = alloca ptr addrspace(4)
  %ga = addrspacecast ptr addrspace(3) %a to ptr addrspace(4)
  store ptr addrspace(4) %ga, ptr %s
  call void @escape(ptr %s)
  %p = load ptr addrspace(4), ptr %s
  %v = load i32, ptr addrspace(4) %p
  ret i32 %v
}

; A slot also written with an integer may hold anything: it stays generic.
define i32 @int_store_slot(ptr addrspace(3) %a, i64 %x) {
; CHECK-LABEL: define i32 @int_store_slot(
; CHECK-SAME: ptr addrspace(3) [[A:%.*]], i64 [[X:%.*]]) {
; CHECK-NEXT:   [[S:%.*]] = alloca ptr addrspace(4), align 8
; CHECK-NEXT:   [[GA:%.*]] = addrspacecast ptr addrspace(3) [[A]] to ptr addrspace(4)
; CHECK-NEXT:   store ptr addrspace(4) [[GA]], ptr [[S]], align 8
; CHECK-NEXT:   store i64 [[X]], ptr [[S]], align 4
; CHECK-NEXT:   [[P:%.*]] = load ptr addrspace(4), ptr [[S]], align 8
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(4) [[P]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %s = alloca ptr addrspace(4)
  %ga = addrspacecast ptr addrspace(3) %a to ptr addrspace(4)
  store ptr addrspace(4) %ga, ptr %s
  store i64 %x, ptr %s
  %p = load ptr addrspace(4), ptr %s
  %v = load i32, ptr addrspace(4) %p
  ret i32 %v
}

; A slot reached through a generic cast of the alloca, with lifetime markers.
define i32 @slot_via_generic(ptr addrspace(1) %a) {
; CHECK-LABEL: define i32 @slot_via_generic(
; CHECK-SAME: ptr addrspace(1) [[A:%.*]]) {
; CHECK-NEXT:   [[S:%.*]] = alloca ptr addrspace(4), align 8
; CHECK-NEXT:   call void @llvm.lifetime.start.p0(ptr [[S]])
; CHECK-NEXT:   [[GA:%.*]] = addrspacecast ptr addrspace(1) [[A]] to ptr addrspace(4)
; CHECK-NEXT:   store ptr addrspace(4) [[GA]], ptr [[S]], align 8
; CHECK-NEXT:   [[P:%.*]] = load ptr addrspace(4), ptr [[S]], align 8
; CHECK-NEXT:   [[TMP1:%.*]] = addrspacecast ptr addrspace(4) [[P]] to ptr addrspace(1)
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(1) [[TMP1]], align 4
; CHECK-NEXT:   call void @llvm.lifetime.end.p0(ptr [[S]])
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %s = alloca ptr addrspace(4)
  call void @llvm.lifetime.start.p0(ptr %s)
  %gs = addrspacecast ptr %s to ptr addrspace(4)
  %ga = addrspacecast ptr addrspace(1) %a to ptr addrspace(4)
  store ptr addrspace(4) %ga, ptr addrspace(4) %gs
  %p = load ptr addrspace(4), ptr addrspace(4) %gs
  %v = load i32, ptr addrspace(4) %p
  call void @llvm.lifetime.end.p0(ptr %s)
  ret i32 %v
}

declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)
