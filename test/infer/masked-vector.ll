; RUN: gasp-opt --passes=infer -verify-each -S %s -o - | FileCheck %s
; Masked intrinsics, prefetch, and vectors of pointers (spir64).
target triple = "spir64"

; masked.load and masked.store are re-declared for the global space.
define void @masked(ptr addrspace(1) %p, <4 x i1> %m) {
; CHECK-LABEL: define void @masked(
; CHECK-SAME: ptr addrspace(1) [[P:%.*]], <4 x i1> [[M:%.*]]) {
; CHECK-NEXT:   [[V:%.*]] = call <4 x i32> @llvm.masked.load.v4i32.p1(ptr addrspace(1) align 16 [[P]], <4 x i1> [[M]], <4 x i32> zeroinitializer)
; CHECK-NEXT:   call void @llvm.masked.store.v4i32.p1(<4 x i32> [[V]], ptr addrspace(1) align 16 [[P]], <4 x i1> [[M]])
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  %g = addrspacecast ptr addrspace(1) %p to ptr addrspace(4)
  %v = call <4 x i32> @llvm.masked.load.v4i32.p4(ptr addrspace(4) align 16 %g, <4 x i1> %m, <4 x i32> zeroinitializer)
  call void @llvm.masked.store.v4i32.p4(<4 x i32> %v, ptr addrspace(4) align 16 %g, <4 x i1> %m)
  ret void
}

; A vector GEP from a local base feeds gather and scatter in the local space.
define void @gather_scatter(ptr addrspace(3) %l, <4 x i64> %idx, <4 x i1> %m) {
; CHECK-LABEL: define void @gather_scatter(
; CHECK-SAME: ptr addrspace(3) [[L:%.*]], <4 x i64> [[IDX:%.*]], <4 x i1> [[M:%.*]]) {
; CHECK-NEXT:   [[PS:%.*]] = getelementptr i32, ptr addrspace(3) [[L]], <4 x i64> [[IDX]]
; CHECK-NEXT:   [[V:%.*]] = call <4 x i32> @llvm.masked.gather.v4i32.v4p3(<4 x ptr addrspace(3)> align 4 [[PS]], <4 x i1> [[M]], <4 x i32> poison)
; CHECK-NEXT:   call void @llvm.masked.scatter.v4i32.v4p3(<4 x i32> [[V]], <4 x ptr addrspace(3)> align 4 [[PS]], <4 x i1> [[M]])
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %ps = getelementptr i32, ptr addrspace(4) %g, <4 x i64> %idx
  %v = call <4 x i32> @llvm.masked.gather.v4i32.v4p4(<4 x ptr addrspace(4)> align 4 %ps, <4 x i1> %m, <4 x i32> poison)
  call void @llvm.masked.scatter.v4i32.v4p4(<4 x i32> %v, <4 x ptr addrspace(4)> align 4 %ps, <4 x i1> %m)
  ret void
}

; A vector addrspacecast is a source like a scalar one.
define <2 x i32> @vector_cast(<2 x ptr addrspace(1)> %ps, <2 x i1> %m) {
; CHECK-LABEL: define <2 x i32> @vector_cast(
; CHECK-SAME: <2 x ptr addrspace(1)> [[PS:%.*]], <2 x i1> [[M:%.*]]) {
; CHECK-NEXT:   [[V:%.*]] = call <2 x i32> @llvm.masked.gather.v2i32.v2p1(<2 x ptr addrspace(1)> align 4 [[PS]], <2 x i1> [[M]], <2 x i32> poison)
; CHECK-NEXT:   ret <2 x i32> [[V]]
; CHECK-NEXT: }
  %g = addrspacecast <2 x ptr addrspace(1)> %ps to <2 x ptr addrspace(4)>
  %v = call <2 x i32> @llvm.masked.gather.v2i32.v2p4(<2 x ptr addrspace(4)> align 4 %g, <2 x i1> %m, <2 x i32> poison)
  ret <2 x i32> %v
}

; prefetch of a global pointer uses the global declaration.
define void @prefetch(ptr addrspace(1) %p) {
; CHECK-LABEL: define void @prefetch(
; CHECK-SAME: ptr addrspace(1) [[P:%.*]]) {
; CHECK-NEXT:   call void @llvm.prefetch.p1(ptr addrspace(1) [[P]], i32 0, i32 3, i32 1)
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  %g = addrspacecast ptr addrspace(1) %p to ptr addrspace(4)
  call void @llvm.prefetch.p4(ptr addrspace(4) %g, i32 0, i32 3, i32 1)
  ret void
}

declare <4 x i32> @llvm.masked.load.v4i32.p4(ptr addrspace(4), <4 x i1>, <4 x i32>)
declare void @llvm.masked.store.v4i32.p4(<4 x i32>, ptr addrspace(4), <4 x i1>)
declare <4 x i32> @llvm.masked.gather.v4i32.v4p4(<4 x ptr addrspace(4)>, <4 x i1>, <4 x i32>)
declare void @llvm.masked.scatter.v4i32.v4p4(<4 x i32>, <4 x ptr addrspace(4)>, <4 x i1>)
declare <2 x i32> @llvm.masked.gather.v2i32.v2p4(<2 x ptr addrspace(4)>, <2 x i1>, <2 x i32>)
declare void @llvm.prefetch.p4(ptr addrspace(4), i32, i32, i32)
