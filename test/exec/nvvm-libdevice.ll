; libdevice's math calls NVVM intrinsics gasp-run provides as the PTX ISA
; defines them (an OpenCL build for nvptx64 that links libclc-22 and
; libdevice keeps their .ftz twins until llc): ceil, floor and trunc; max
; and min, which return the other operand of a NaN; fabs.ftz, which flushes
; a subnormal to zero; d2f at a rounding mode (1 + 2^-30 to float: rz and
; rn 1.0, rp the next float up, 1.00000012); sad, |a - b| + c.  out holds
; the float results, n the integer ones, every access checked.
; RUN: rm -rf %t && gasp-run %s --kernel k --global 1 --local 1 --arg buf:f32:10 --arg buf:i32:2 --check-as --dump %t
; RUN: od -An -t f4 -v %t/arg0.bin | FileCheck %s
; RUN: od -An -t d4 -v %t/arg1.bin | FileCheck %s --check-prefix=INT
; CHECK:      2 -2 -1 3
; CHECK-NEXT: -4 0 1 1
; CHECK-NEXT: 1.0000001 2.5
; INT: 14 7
target triple = "nvptx64-nvidia-cuda"

declare float @llvm.nvvm.ceil.f(float)
declare float @llvm.nvvm.floor.ftz.f(float)
declare double @llvm.nvvm.trunc.d(double)
declare float @llvm.nvvm.fmax.f(float, float)
declare float @llvm.nvvm.fmin.ftz.f(float, float)
declare float @llvm.nvvm.fabs.ftz.f32(float)
declare float @llvm.nvvm.d2f.rz(double)
declare float @llvm.nvvm.d2f.rn(double)
declare float @llvm.nvvm.d2f.rp(double)
declare double @llvm.nvvm.fmax.d(double, double)
declare i32 @llvm.nvvm.sad.i(i32, i32, i32)
declare i32 @llvm.nvvm.sad.ui(i32, i32, i32)

; The kernel: one result of each intrinsic into out and n.
define ptx_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %n) {
  %a = call float @llvm.nvvm.ceil.f(float 1.5)
  store float %a, ptr addrspace(1) %out
  %b = call float @llvm.nvvm.floor.ftz.f(float -1.5)
  %pb = getelementptr float, ptr addrspace(1) %out, i32 1
  store float %b, ptr addrspace(1) %pb
  %c = call double @llvm.nvvm.trunc.d(double -1.75)
  %cf = fptrunc double %c to float
  %pc = getelementptr float, ptr addrspace(1) %out, i32 2
  store float %cf, ptr addrspace(1) %pc
  %d = call float @llvm.nvvm.fmax.f(float 0x7FF8000000000000, float 3.0)
  %pd = getelementptr float, ptr addrspace(1) %out, i32 3
  store float %d, ptr addrspace(1) %pd
  %e = call float @llvm.nvvm.fmin.ftz.f(float -4.0, float 0x7FF8000000000000)
  %pe = getelementptr float, ptr addrspace(1) %out, i32 4
  store float %e, ptr addrspace(1) %pe
  %f = call float @llvm.nvvm.fabs.ftz.f32(float 0x3800000000000000)
  %pf = getelementptr float, ptr addrspace(1) %out, i32 5
  store float %f, ptr addrspace(1) %pf
  %g = call float @llvm.nvvm.d2f.rz(double 0x3FF0000004000000)
  %pg = getelementptr float, ptr addrspace(1) %out, i32 6
  store float %g, ptr addrspace(1) %pg
  %h = call float @llvm.nvvm.d2f.rn(double 0x3FF0000004000000)
  %ph = getelementptr float, ptr addrspace(1) %out, i32 7
  store float %h, ptr addrspace(1) %ph
  %i = call float @llvm.nvvm.d2f.rp(double 0x3FF0000004000000)
  %pi = getelementptr float, ptr addrspace(1) %out, i32 8
  store float %i, ptr addrspace(1) %pi
  %j = call double @llvm.nvvm.fmax.d(double 2.5, double -1.0)
  %jf = fptrunc double %j to float
  %pj = getelementptr float, ptr addrspace(1) %out, i32 9
  store float %jf, ptr addrspace(1) %pj
  %s = call i32 @llvm.nvvm.sad.i(i32 3, i32 7, i32 10)
  store i32 %s, ptr addrspace(1) %n
  %u = call i32 @llvm.nvvm.sad.ui(i32 9, i32 4, i32 2)
  %pu = getelementptr i32, ptr addrspace(1) %n, i32 1
  store i32 %u, ptr addrspace(1) %pu
  ret void
}
