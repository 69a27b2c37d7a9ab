; <N x ptr> values — a phi and a select of vectors of generic
; pointers built from local pointers, an extracted lane, a vector GEP and a
; masked gather through it — all move to the local space (lanes join).
; RUN: gasp-opt -S --passes=infer %s -o - | FileCheck %s
; CHECK-LABEL: define <2 x i32> @f(
; CHECK: %p = phi <2 x ptr addrspace(3)> [ %v1, %entry ], [ %w1, %x ]
; CHECK-NEXT: %s = select <2 x i1> %m, <2 x ptr addrspace(3)> %p, <2 x ptr addrspace(3)> %v1
; CHECK-NEXT: %e = extractelement <2 x ptr addrspace(3)> %s, i64 0
; CHECK-NEXT: %l = load i32, ptr addrspace(3) %e, align 4
; CHECK-NEXT: %g = getelementptr i32, <2 x ptr addrspace(3)> %s, <2 x i64> <i64 1, i64 2>
; CHECK-NEXT: call <2 x i32> @llvm.masked.gather.v2i32.v2p3(<2 x ptr addrspace(3)> align 4 %g,

; Two vectors of the same two local pointers, in either order.
target triple = "spir64-unknown-unknown"
define <2 x i32> @f(ptr addrspace(3) %a, ptr addrspace(3) %b, i1 %c, <2 x i1> %m) {
entry:
  %ga = addrspacecast ptr addrspace(3) %a to ptr addrspace(4)
  %gb = addrspacecast ptr addrspace(3) %b to ptr addrspace(4)
  %v0 = insertelement <2 x ptr addrspace(4)> poison, ptr addrspace(4) %ga, i64 0
  %v1 = insertelement <2 x ptr addrspace(4)> %v0, ptr addrspace(4) %gb, i64 1
  %w0 = insertelement <2 x ptr addrspace(4)> poison, ptr addrspace(4) %gb, i64 0
  %w1 = insertelement <2 x ptr addrspace(4)> %w0, ptr addrspace(4) %ga, i64 1
  br i1 %c, label %x, label %y
x:
  br label %y
y:
  %p = phi <2 x ptr addrspace(4)> [ %v1, %entry ], [ %w1, %x ]
  %s = select <2 x i1> %m, <2 x ptr addrspace(4)> %p, <2 x ptr addrspace(4)> %v1
  %e = extractelement <2 x ptr addrspace(4)> %s, i64 0
  %l = load i32, ptr addrspace(4) %e, align 4
  %g = getelementptr i32, <2 x ptr addrspace(4)> %s, <2 x i64> <i64 1, i64 2>
  %r = call <2 x i32> @llvm.masked.gather.v2i32.v2p4(<2 x ptr addrspace(4)> %g, i32 4, <2 x i1> %m, <2 x i32> poison)
  %r2 = insertelement <2 x i32> %r, i32 %l, i64 0
  ret <2 x i32> %r2
}
declare <2 x i32> @llvm.masked.gather.v2i32.v2p4(<2 x ptr addrspace(4)>, i32, <2 x i1>, <2 x i32>)
