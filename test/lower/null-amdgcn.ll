; On AMDGPU the null of LDS and scratch is all ones (the
; table's null), so "null stays null" tests the named pointer against that
; null: LDS offset 0 is a valid address and gets its tag, and the LDS null
; becomes the generic null without one.
; RUN: gasp-opt -S --lower-generic=tags --passes=lower %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 2 --arg buf:i32:4 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: llc-22 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 %t.ll -o /dev/null
; EXEC: identical
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [4 x i32] undef, align 4

declare i32 @llvm.amdgcn.workitem.id.x()

; Tags an LDS pointer that may be null: the test is against the LDS null.
; CHECK-LABEL: define internal i32 @get(
; CHECK: or i64 {{.*}}, 4611686018427387904
; CHECK: [[NN:%.*]] = icmp ne ptr addrspace(3) %l, addrspacecast (ptr null to ptr addrspace(3))
; CHECK-NEXT: select i1 [[NN]], ptr %tagged, ptr %g
define internal i32 @get(ptr addrspace(3) %l) {
  %g = addrspacecast ptr addrspace(3) %l to ptr
  %z = icmp eq ptr %g, null
  br i1 %z, label %none, label %load
none:
  ret i32 -7
load:
  %v = load i32, ptr %g, align 4
  ret i32 %v
}

; Passes an LDS element and the LDS null: the null must stay null in generic.
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %e = getelementptr inbounds [4 x i32], ptr addrspace(3) @lds, i32 0, i32 %i
  store i32 42, ptr addrspace(3) %e, align 4
  %a = call i32 @get(ptr addrspace(3) %e)
  %b = call i32 @get(ptr addrspace(3) addrspacecast (ptr null to ptr addrspace(3)))
  %s = add i32 %a, %b
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %i
  store i32 %s, ptr addrspace(1) %o, align 4
  ret void
}
