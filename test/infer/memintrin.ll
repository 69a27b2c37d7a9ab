; RUN: gasp-opt --passes=infer -verify-each -S %s -o - | FileCheck %s
; Memory intrinsics: each pointer operand is rewritten on its own (spir64).
target triple = "spir64"

; memcpy from local to global: both operands, declaration re-mangled.
define void @memcpy_both(ptr addrspace(1) %d, ptr addrspace(3) %s) {
; CHECK-LABEL: define void @memcpy_both(
; CHECK-SAME: ptr addrspace(1) [[D:%.*]], ptr addrspace(3) [[S:%.*]]) {
; CHECK-NEXT:   call void @llvm.memcpy.p1.p3.i64(ptr addrspace(1) align 4 [[D]], ptr addrspace(3) align 4 [[S]], i64 64, i1 false)
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  %gd = addrspacecast ptr addrspace(1) %d to ptr addrspace(4)
  %gs = addrspacecast ptr addrspace(3) %s to ptr addrspace(4)
  call void @llvm.memcpy.p4.p4.i64(ptr addrspace(4) align 4 %gd, ptr addrspace(4) align 4 %gs, i64 64, i1 false)
  ret void
}

; memmove with an unknown source: only the destination is rewritten.
define void @memmove_one(ptr addrspace(3) %d, ptr addrspace(4) %s) {
; CHECK-LABEL: define void @memmove_one(
; CHECK-SAME: ptr addrspace(3) [[D:%.*]], ptr addrspace(4) [[S:%.*]]) {
; CHECK-NEXT:   call void @llvm.memmove.p3.p4.i64(ptr addrspace(3) [[D]], ptr addrspace(4) [[S]], i64 16, i1 false)
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  %gd = addrspacecast ptr addrspace(3) %d to ptr addrspace(4)
  call void @llvm.memmove.p4.p4.i64(ptr addrspace(4) %gd, ptr addrspace(4) %s, i64 16, i1 false)
  ret void
}

; memset keeps the volatile flag and the call-site attributes.
define void @memset_vol(ptr addrspace(1) %d) {
; CHECK-LABEL: define void @memset_vol(
; CHECK-SAME: ptr addrspace(1) [[D:%.*]]) {
; CHECK-NEXT:   call void @llvm.memset.p1.i64(ptr addrspace(1) nonnull align 8 [[D]], i8 0, i64 32, i1 true)
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  %gd = addrspacecast ptr addrspace(1) %d to ptr addrspace(4)
  call void @llvm.memset.p4.i64(ptr addrspace(4) nonnull align 8 %gd, i8 0, i64 32, i1 true)
  ret void
}

; The .inline variants are rewritten too.
define void @inline_variants(ptr addrspace(1) %d, ptr addrspace(1) %s) {
; CHECK-LABEL: define void @inline_variants(
; CHECK-SAME: ptr addrspace(1) [[D:%.*]], ptr addrspace(1) [[S:%.*]]) {
; CHECK-NEXT:   call void @llvm.memcpy.inline.p1.p1.i64(ptr addrspace(1) [[D]], ptr addrspace(1) [[S]], i64 8, i1 false)
; CHECK-NEXT:   call void @llvm.memset.inline.p1.i64(ptr addrspace(1) [[D]], i8 1, i64 8, i1 false)
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  %gd = addrspacecast ptr addrspace(1) %d to ptr addrspace(4)
  %gs = addrspacecast ptr addrspace(1) %s to ptr addrspace(4)
  call void @llvm.memcpy.inline.p4.p4.i64(ptr addrspace(4) %gd, ptr addrspace(4) %gs, i64 8, i1 false)
  call void @llvm.memset.inline.p4.i64(ptr addrspace(4) %gd, i8 1, i64 8, i1 false)
  ret void
}

declare void @llvm.memcpy.p4.p4.i64(ptr addrspace(4), ptr addrspace(4), i64, i1)
declare void @llvm.memmove.p4.p4.i64(ptr addrspace(4), ptr addrspace(4), i64, i1)
declare void @llvm.memset.p4.i64(ptr addrspace(4), i8, i64, i1)
declare void @llvm.memcpy.inline.p4.p4.i64(ptr addrspace(4), ptr addrspace(4), i64, i1)
declare void @llvm.memset.inline.p4.i64(ptr addrspace(4), i8, i64, i1)
