; Space facts: llvm.amdgcn.is.shared assumed, and
; llvm.amdgcn.is.private branched on, give the dominated accesses their
; space; the kernel runs identically under gasp-run --check-as --compare and
; compiles with llc-22.
; RUN: gasp-opt -S --passes=infer %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:8 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: llc-22 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 %t.ll -o /dev/null
; EXEC: identical
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [4 x i32] undef, align 4

declare void @llvm.assume(i1)
declare i1 @llvm.amdgcn.is.shared(ptr)
declare i1 @llvm.amdgcn.is.private(ptr)
declare i32 @llvm.amdgcn.workitem.id.x()

; Assumed LDS: the store after the assume is an LDS store.
; CHECK-LABEL: define void @assumed(
; CHECK: store i32 %v, ptr addrspace(3)
define void @assumed(ptr %p, i32 %v) {
  %t = call i1 @llvm.amdgcn.is.shared(ptr %p)
  call void @llvm.assume(i1 %t)
  store i32 %v, ptr %p, align 4
  ret void
}

; Private on the guarded path only.
; CHECK-LABEL: define i32 @guarded(
; CHECK: yes:
; CHECK: load i32, ptr addrspace(5)
; CHECK: no:
; CHECK: load i32, ptr %p
define i32 @guarded(ptr %p) {
entry:
  %t = call i1 @llvm.amdgcn.is.private(ptr %p)
  br i1 %t, label %yes, label %no
yes:
  %a = load i32, ptr %p, align 4
  ret i32 %a
no:
  %b = load i32, ptr %p, align 4
  ret i32 %b
}

; Calls both with LDS, private and global pointers.
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %priv = alloca i32, align 4, addrspace(5)
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %e = getelementptr inbounds [4 x i32], ptr addrspace(3) @lds, i32 0, i32 %i
  %s = addrspacecast ptr addrspace(3) %e to ptr
  call void @assumed(ptr %s, i32 11)
  store i32 22, ptr addrspace(5) %priv, align 4
  %pg = addrspacecast ptr addrspace(5) %priv to ptr
  %a = call i32 @guarded(ptr %pg)
  %b = call i32 @guarded(ptr %s)
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %i
  %og = addrspacecast ptr addrspace(1) %o to ptr
  store i32 33, ptr addrspace(1) %o, align 4
  %c = call i32 @guarded(ptr %og)
  %r = add i32 %a, %b
  %r2 = add i32 %r, %c
  %j = add i32 %i, 4
  %o2 = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %j
  store i32 %r2, ptr addrspace(1) %o2, align 4
  ret void
}
