; The NVVM fast-math intrinsics CUDA's headers reach (__sinf, __expf, fast
; sqrtf, fabsf) run at the host's precision.  out = sqrt(16), sin(0),
; exp2(3), |-2.5|, log2(8), cos(0).
; RUN: rm -rf %t && gasp-run %s --kernel k --global 1 --arg buf:f32:6 --check-as --dump %t
; RUN: od -An -t f4 -v %t/arg0.bin | tr -s ' ' '\n' | grep . | FileCheck %s
; CHECK:      4
; CHECK-NEXT: 0
; CHECK-NEXT: 8
; CHECK-NEXT: 2.5
; CHECK-NEXT: 3
; CHECK-NEXT: 1
target triple = "nvptx64-nvidia-cuda"

declare float @llvm.nvvm.sqrt.approx.f(float)
declare float @llvm.nvvm.sin.approx.ftz.f(float)
declare float @llvm.nvvm.ex2.approx.f32(float)
declare float @llvm.nvvm.fabs.f32(float)
declare float @llvm.nvvm.lg2.approx.f(float)
declare float @llvm.nvvm.cos.approx.f(float)

; One work-item writes the six results.
define ptx_kernel void @k(ptr addrspace(1) %out) {
  %a = call float @llvm.nvvm.sqrt.approx.f(float 16.0)
  store float %a, ptr addrspace(1) %out
  %b = call float @llvm.nvvm.sin.approx.ftz.f(float 0.0)
  %pb = getelementptr float, ptr addrspace(1) %out, i64 1
  store float %b, ptr addrspace(1) %pb
  %c = call float @llvm.nvvm.ex2.approx.f32(float 3.0)
  %pc = getelementptr float, ptr addrspace(1) %out, i64 2
  store float %c, ptr addrspace(1) %pc
  %d = call float @llvm.nvvm.fabs.f32(float -2.5)
  %pd = getelementptr float, ptr addrspace(1) %out, i64 3
  store float %d, ptr addrspace(1) %pd
  %e = call float @llvm.nvvm.lg2.approx.f(float 8.0)
  %pe = getelementptr float, ptr addrspace(1) %out, i64 4
  store float %e, ptr addrspace(1) %pe
  %f = call float @llvm.nvvm.cos.approx.f(float 0.0)
  %pf = getelementptr float, ptr addrspace(1) %out, i64 5
  store float %f, ptr addrspace(1) %pf
  ret void
}
