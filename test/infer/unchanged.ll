; RUN: gasp-opt --passes=infer -S %s -o - | FileCheck %s
; Functions with nothing to resolve come out exactly as they went in.
target triple = "spir64"

; Nothing generic here: untouched.
define i32 @plain(ptr addrspace(1) %p) {
; CHECK-LABEL: define i32 @plain(
; CHECK-SAME: ptr addrspace(1) [[P:%.*]]) {
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(1) [[P]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %v = load i32, ptr addrspace(1) %p, align 4
  ret i32 %v
}

; A generic pointer of unknown origin: untouched, including its GEP.
define i32 @unknown(ptr addrspace(4) %p, i64 %i) {
; CHECK-LABEL: define i32 @unknown(
; CHECK-SAME: ptr addrspace(4) [[P:%.*]], i64 [[I:%.*]]) {
; CHECK-NEXT:   [[Q:%.*]] = getelementptr i32, ptr addrspace(4) [[P]], i64 [[I]]
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(4) [[Q]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %q = getelementptr i32, ptr addrspace(4) %p, i64 %i
  %v = load i32, ptr addrspace(4) %q, align 4
  ret i32 %v
}

; A resolvable function between them is rewritten.
define i32 @resolvable(ptr addrspace(3) %l) {
; CHECK-LABEL: define i32 @resolvable(
; CHECK-SAME: ptr addrspace(3) [[L:%.*]]) {
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(3) [[L]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %v = load i32, ptr addrspace(4) %g, align 4
  ret i32 %v
}

; A known cast whose only use is a call: no churn, the cast stays.
declare void @use(ptr addrspace(4))
define void @cast_only_called(ptr addrspace(3) %l) {
; CHECK-LABEL: define void @cast_only_called(
; CHECK-SAME: ptr addrspace(3) [[L:%.*]]) {
; CHECK-NEXT:   [[G:%.*]] = addrspacecast ptr addrspace(3) [[L]] to ptr addrspace(4)
; CHECK-NEXT:   call void @use(ptr addrspace(4) [[G]])
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  call void @use(ptr addrspace(4) %g)
  ret void
}
