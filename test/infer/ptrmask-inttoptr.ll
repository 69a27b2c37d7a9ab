; RUN: gasp-opt --passes=infer -verify-each -S %s -o - | FileCheck %s
; llvm.ptrmask and ptrtoint/inttoptr pairs (spir64, 64-bit pointers).
target triple = "spir64"

; ptrmask keeps the space of its operand and is re-declared for it.
define i32 @ptrmask(ptr addrspace(1) %p) {
; CHECK-LABEL: define i32 @ptrmask(
; CHECK-SAME: ptr addrspace(1) [[P:%.*]]) {
; CHECK-NEXT:   [[M:%.*]] = call ptr addrspace(1) @llvm.ptrmask.p1.i64(ptr addrspace(1) [[P]], i64 -16)
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(1) [[M]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %g = addrspacecast ptr addrspace(1) %p to ptr addrspace(4)
  %m = call ptr addrspace(4) @llvm.ptrmask.p4.i64(ptr addrspace(4) %g, i64 -16)
  %v = load i32, ptr addrspace(4) %m
  ret i32 %v
}

; A pointer-sized ptrtoint/inttoptr pair is a no-op and keeps the space.
define i32 @noop_pair(ptr addrspace(3) %p) {
; CHECK-LABEL: define i32 @noop_pair(
; CHECK-SAME: ptr addrspace(3) [[P:%.*]]) {
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(3) [[P]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %g = addrspacecast ptr addrspace(3) %p to ptr addrspace(4)
  %i = ptrtoint ptr addrspace(4) %g to i64
  %q = inttoptr i64 %i to ptr addrspace(4)
  %v = load i32, ptr addrspace(4) %q
  ret i32 %v
}

; A pair through a narrower integer is not a no-op: it stays generic.
define i32 @narrow_pair(ptr addrspace(3) %p) {
; CHECK-LABEL: define i32 @narrow_pair(
; CHECK-SAME: ptr addrspace(3) [[P:%.*]]) {
; CHECK-NEXT:   [[G:%.*]] = addrspacecast ptr addrspace(3) [[P]] to ptr addrspace(4)
; CHECK-NEXT:   [[I:%.*]] = ptrtoint ptr addrspace(4) [[G]] to i32
; CHECK-NEXT:   [[Q:%.*]] = inttoptr i32 [[I]] to ptr addrspace(4)
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(4) [[Q]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %g = addrspacecast ptr addrspace(3) %p to ptr addrspace(4)
  %i = ptrtoint ptr addrspace(4) %g to i32
  %q = inttoptr i32 %i to ptr addrspace(4)
  %v = load i32, ptr addrspace(4) %q
  ret i32 %v
}

; Arithmetic on the integer breaks the pair: it stays generic.
define i32 @arith_pair(ptr addrspace(3) %p) {
; CHECK-LABEL: define i32 @arith_pair(
; CHECK-SAME: ptr addrspace(3) [[P:%.*]]) {
; CHECK-NEXT:   [[G:%.*]] = addrspacecast ptr addrspace(3) [[P]] to ptr addrspace(4)
; CHECK-NEXT:   [[I:%.*]] = ptrtoint ptr addrspace(4) [[G]] to i64
; CHECK-NEXT:   [[J:%.*]] = add i64 [[I]], 8
; CHECK-NEXT:   [[Q:%.*]] = inttoptr i64 [[J]] to ptr addrspace(4)
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(4) [[Q]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %g = addrspacecast ptr addrspace(3) %p to ptr addrspace(4)
  %i = ptrtoint ptr addrspace(4) %g to i64
  %j = add i64 %i, 8
  %q = inttoptr i64 %j to ptr addrspace(4)
  %v = load i32, ptr addrspace(4) %q
  ret i32 %v
}

declare ptr addrspace(4) @llvm.ptrmask.p4.i64(ptr addrspace(4), i64)
