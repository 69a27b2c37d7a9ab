; Vector lanes: AMDGPU's promote-alloca-to-vector turns a private
; array of pointers into a <N x ptr> value built by insertelement and read by
; extractelement.  The lanes join: all private here, so the load through
; the extracted pointer is private; with a local lane mixed in it stays
; generic.
; RUN: gasp-opt -S --passes=infer %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:8 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [4 x i32] undef, align 4

declare i32 @llvm.amdgcn.workitem.id.x()

; Three private arrays in a vector of pointers; one is picked at run time.
; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK: [[V:%.*]] = insertelement <2 x ptr addrspace(5)> poison, ptr addrspace(5) %a, i64 0
; CHECK: [[W:%.*]] = insertelement <2 x ptr addrspace(5)> [[V]], ptr addrspace(5) %b, i64 1
; CHECK: [[P:%.*]] = extractelement <2 x ptr addrspace(5)> [[W]], i32 %sel
; CHECK: load i32, ptr addrspace(5) [[P]]
; CHECK: [[M:%.*]] = extractelement <2 x ptr> %mixed, i32 %sel
; CHECK: load i32, ptr [[M]]
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %a = alloca i32, align 4, addrspace(5)
  %b = alloca i32, align 4, addrspace(5)
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  store i32 10, ptr addrspace(5) %a, align 4
  store i32 20, ptr addrspace(5) %b, align 4
  %e = getelementptr inbounds [4 x i32], ptr addrspace(3) @lds, i32 0, i32 %i
  store i32 30, ptr addrspace(3) %e, align 4
  %ga = addrspacecast ptr addrspace(5) %a to ptr
  %gb = addrspacecast ptr addrspace(5) %b to ptr
  %gl = addrspacecast ptr addrspace(3) %e to ptr
  %v0 = insertelement <2 x ptr> poison, ptr %ga, i64 0
  %v1 = insertelement <2 x ptr> %v0, ptr %gb, i64 1
  %sel = and i32 %i, 1
  %p = extractelement <2 x ptr> %v1, i32 %sel
  %x = load i32, ptr %p, align 4
  %mixed = insertelement <2 x ptr> %v1, ptr %gl, i64 0
  %m = extractelement <2 x ptr> %mixed, i32 %sel
  %y = load i32, ptr %m, align 4
  %s = add i32 %x, %y
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %i
  store i32 %s, ptr addrspace(1) %o, align 4
  ret void
}

@la = internal addrspace(3) global [4 x i32] undef, align 4
@lb = internal addrspace(3) global [4 x i32] undef, align 4
@gv = internal addrspace(1) global [4 x i32] zeroinitializer, align 4

; A constant table of two LDS arrays, picked at run time: the load is LDS;
; a table of an LDS and a global array stays generic.
; CHECK-LABEL: define amdgpu_kernel void @kc(
; CHECK: [[T:%.*]] = extractelement <2 x ptr addrspace(3)> <ptr addrspace(3) @la, ptr addrspace(3) @lb>, i32 %sel
; CHECK: load i32, ptr addrspace(3) [[T]]
; CHECK: [[U:%.*]] = extractelement <2 x ptr> <ptr addrspacecast (ptr addrspace(3) @la to ptr), ptr addrspacecast (ptr addrspace(1) @gv to ptr)>, i32 %sel
; CHECK: load i32, ptr [[U]]
; FULL-LABEL: define amdgpu_kernel void @kc(
; FULL: [[P:%.*]] = select i1 %{{.*}}, ptr addrspace(3) @lb, ptr addrspace(3) @la
; FULL: load i32, ptr addrspace(3) [[P]]
define amdgpu_kernel void @kc(ptr addrspace(1) %out) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %ea = getelementptr inbounds [4 x i32], ptr addrspace(3) @la, i32 0, i32 %i
  store i32 40, ptr addrspace(3) %ea, align 4
  %eb = getelementptr inbounds [4 x i32], ptr addrspace(3) @lb, i32 0, i32 %i
  store i32 50, ptr addrspace(3) %eb, align 4
  %sel = and i32 %i, 1
  %t = extractelement <2 x ptr> <ptr addrspacecast (ptr addrspace(3) @la to ptr), ptr addrspacecast (ptr addrspace(3) @lb to ptr)>, i32 %sel
  %x = load i32, ptr %t, align 4
  %u = extractelement <2 x ptr> <ptr addrspacecast (ptr addrspace(3) @la to ptr), ptr addrspacecast (ptr addrspace(1) @gv to ptr)>, i32 %sel
  %y = load i32, ptr %u, align 4
  %s = add i32 %x, %y
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %i
  store i32 %s, ptr addrspace(1) %o, align 4
  ret void
}
