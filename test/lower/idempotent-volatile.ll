; Regression (found by make fuzz): a volatile access stays generic (infer
; leaves volatile accesses alone), lower dispatches it, and its global arm (or, with no
; other space reaching, the access made global)
; cast the generic pointer back to global — a cast pair that infer folded
; on a second run, so the pipeline's output was not a fixed point.  The arm
; now uses the global pointer the generic one was cast from.
; RUN: gasp-opt -S --lower-generic=tags %s -o %t.1.ll
; RUN: FileCheck %s < %t.1.ll
; RUN: gasp-opt -S --lower-generic=tags %t.1.ll -o %t.2.ll
; RUN: gasp-opt -S --passes=none %t.1.ll -o %t.3.ll
; RUN: diff %t.2.ll %t.3.ll
; CHECK-LABEL: define void @volatile_stays(
; CHECK-NOT:   addrspacecast ptr %f to ptr addrspace(1)
; CHECK:         store volatile i32 1, ptr addrspace(1) %g, align 4
; CHECK:         ret void
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define void @volatile_stays(ptr addrspace(1) %g) {
  %f = addrspacecast ptr addrspace(1) %g to ptr
  store volatile i32 1, ptr %f, align 4
  ret void
}

define void @opaque(ptr %p) {
  store i32 2, ptr %p, align 4
  ret void
}

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(3) %l) {
  %a = alloca i32, align 4, addrspace(5)
  %ga = addrspacecast ptr addrspace(5) %a to ptr
  %gl = addrspacecast ptr addrspace(3) %l to ptr
  call void @opaque(ptr %ga)
  call void @opaque(ptr %gl)
  call void @volatile_stays(ptr addrspace(1) %out)
  ret void
}
