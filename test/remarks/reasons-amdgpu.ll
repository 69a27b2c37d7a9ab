; The reasons only a target with narrow pointers has — AMDGPU, where local
; pointers are 32 bits.  (Its non-zero local and private null is no reason
; any more: a null meeting one of those spaces is written as that space's
; null, test/infer/null-arm-amdgpu.ll.)
; RUN: gasp-opt -pass-remarks-missed=gasp %s -o /dev/null 2>&1 | FileCheck %s
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

declare ptr @llvm.ptrmask.p0.i64(ptr, i64)

; CHECK: remark: {{.*}}store stays generic: llvm.ptrmask clears bits of the narrower pointer of its space
; A mask that clears the high half of a local (32-bit) pointer's generic form.
define amdgpu_kernel void @mask(ptr addrspace(3) %l) {
  %a = addrspacecast ptr addrspace(3) %l to ptr
  %m = call ptr @llvm.ptrmask.p0.i64(ptr %a, i64 4294967280)
  store i32 1, ptr %m, align 4
  ret void
}
