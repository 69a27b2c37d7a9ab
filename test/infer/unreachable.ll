; RUN: gasp-opt --passes=infer -verify-each -S %s -o - | FileCheck %s
; Unreachable code is left alone, even when it uses itself (spir64).
target triple = "spir64"

; A self-referencing GEP in an unreachable block stays as it is.
define i32 @self_ref(ptr addrspace(3) %l) {
; CHECK-LABEL: define i32 @self_ref(
; CHECK-SAME: ptr addrspace(3) [[L:%.*]]) {
; CHECK-NEXT: entry:
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(3) [[L]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-EMPTY:
; CHECK-NEXT: dead:
; CHECK-NEXT:   [[Q:%.*]] = getelementptr i32, ptr addrspace(4) [[Q]], i64 1
; CHECK-NEXT:   store i32 0, ptr addrspace(4) [[Q]], align 4
; CHECK-NEXT:   br label [[DEAD:%.*]]
; CHECK-NEXT: }
entry:
  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %v = load i32, ptr addrspace(4) %g
  ret i32 %v
dead:
  %q = getelementptr i32, ptr addrspace(4) %q, i64 1
  store i32 0, ptr addrspace(4) %q
  br label %dead
}
