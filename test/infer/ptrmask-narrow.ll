; AMDGPU LDS and scratch pointers are 32-bit, the generic one
; 64-bit.  llvm.ptrmask moves into such a space only when its mask keeps
; every bit above 32 (the twin then takes the mask's low 32 bits); a mask
; that clears high bits moves the generic pointer out of the LDS window, so
; that value stays generic.
; RUN: gasp-opt -S --passes=infer %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:4 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [8 x i32] undef, align 16

declare ptr @llvm.ptrmask.p0.i64(ptr, i64)
declare i32 @llvm.amdgcn.workitem.id.x()

; Aligns an LDS pointer down: the mask keeps the high bits, so the access
; is an LDS access with an i32 mask.
; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK: [[M:%.*]] = call ptr addrspace(3) @llvm.ptrmask.p3.i32(ptr addrspace(3) %e, i32 -8)
; CHECK: store i32 %i, ptr addrspace(3) [[M]]
; CHECK: [[H:%.*]] = call ptr @llvm.ptrmask.p0.i64(ptr %g, i64 4294967295)
; CHECK: load i32, ptr [[H]]
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %e = getelementptr inbounds [8 x i32], ptr addrspace(3) @lds, i32 0, i32 %i
  %g = addrspacecast ptr addrspace(3) %e to ptr
  %m = call ptr @llvm.ptrmask.p0.i64(ptr %g, i64 -8)
  store i32 %i, ptr %m, align 4
  %h = call ptr @llvm.ptrmask.p0.i64(ptr %g, i64 4294967295)
  %z = icmp eq i32 %i, 99
  br i1 %z, label %odd, label %done
odd:
  %v = load i32, ptr %h, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  br label %done
done:
  ret void
}
