; gasp-run runs NVVM's float intrinsics that name a rounding mode, flush
; subnormals or approximate (src/exec/nvmath.c), its scoped atomics, and
; the clock: each value below derived by hand from the PTX ISA and IEEE 754.
; RUN: rm -rf %t && mkdir -p %t
; RUN: gasp-run %s --kernel k --global 1 --check-as --dump %t --arg buf:i32:24 --arg buf:i32:4 | FileCheck %s
; CHECK: arg0: 24 x i32
; RUN: od -An -t x4 -v -w16 %t/arg0.bin | FileCheck %s --check-prefix=OUT
; 1 + 2^-30 rounded down, up, to nearest; 1/3 down, up
; OUT: 3f800000 3f800001 3f800000 3eaaaaaa
; OUT-NEXT: 3eaaaaab 3fb504f3 3fb504f4 3f800000
; sqrt 2 down, up; saturate 2.0; saturate -1.0, NaN, 0.5; rint 2.5
; OUT-NEXT: 00000000 00000000 3f000000 40000000
; rint 3.5, -2.5; a subnormal (2^-140) plus 0 with .ftz; 1.0's low word
; OUT-NEXT: 40800000 c0000000 00000000 00000000
; 1.0's high word; lohi.i2d(0, 0x40000000) = 2.0 (stored as float); the
; clock advanced once between two reads; atomic inc at its bound 1 (old 1)
; OUT-NEXT: 3ff00000 40000000 00000001 00000001
; atomic dec of 0 (old 0); system-scope float add to 1.5 (old 1.5)
; OUT-NEXT: 00000000 3fc00000 00000000 00000000
; and the memory: inc wrapped to 0, dec took the bound 7, 1.5 + 2.0 = 3.5
; RUN: od -An -t x4 -v %t/arg1.bin | FileCheck %s --check-prefix=ATOM
; ATOM: 00000000 00000007 40600000 00000000
; Both builds compute the same.
; RUN: gasp-opt -S %s -o %t/opt.ll
; RUN: gasp-run %s --kernel k --global 1 --check-as --compare %t/opt.ll --arg buf:i32:24 --arg buf:i32:4 | FileCheck %s --check-prefix=SAME
; SAME: identical
target triple = "nvptx64-nvidia-cuda"

declare float @llvm.nvvm.add.rm.f(float, float)
declare float @llvm.nvvm.add.rp.f(float, float)
declare float @llvm.nvvm.add.rn.f(float, float)
declare float @llvm.nvvm.add.rn.ftz.f(float, float)
declare float @llvm.nvvm.div.rm.f(float, float)
declare float @llvm.nvvm.div.rp.f(float, float)
declare float @llvm.nvvm.sqrt.rm.f(float)
declare float @llvm.nvvm.sqrt.rp.f(float)
declare float @llvm.nvvm.saturate.f(float)
declare float @llvm.nvvm.round.f(float)
declare i32 @llvm.nvvm.d2i.lo(double)
declare i32 @llvm.nvvm.d2i.hi(double)
declare double @llvm.nvvm.lohi.i2d(i32, i32)
declare i64 @llvm.nvvm.read.ptx.sreg.clock64()
declare i32 @llvm.nvvm.atomic.inc.gen.i.sys.i32.p0(ptr, i32)
declare i32 @llvm.nvvm.atomic.dec.gen.i.sys.i32.p0(ptr, i32)
declare float @llvm.nvvm.atomic.add.gen.f.sys.f32.p0(ptr, float)

define void @put(ptr addrspace(1) %o, i32 %k, float %v) {
  %p = getelementptr float, ptr addrspace(1) %o, i32 %k
  store float %v, ptr addrspace(1) %p
  ret void
}

define ptx_kernel void @k(ptr addrspace(1) %o, ptr addrspace(1) %a) {
  %tiny = bitcast i32 813694976 to float ; 2^-30
  %v0 = call float @llvm.nvvm.add.rm.f(float 1.0, float %tiny)
  call void @put(ptr addrspace(1) %o, i32 0, float %v0)
  %v1 = call float @llvm.nvvm.add.rp.f(float 1.0, float %tiny)
  call void @put(ptr addrspace(1) %o, i32 1, float %v1)
  %v2 = call float @llvm.nvvm.add.rn.f(float 1.0, float %tiny)
  call void @put(ptr addrspace(1) %o, i32 2, float %v2)
  %v3 = call float @llvm.nvvm.div.rm.f(float 1.0, float 3.0)
  call void @put(ptr addrspace(1) %o, i32 3, float %v3)
  %v4 = call float @llvm.nvvm.div.rp.f(float 1.0, float 3.0)
  call void @put(ptr addrspace(1) %o, i32 4, float %v4)
  %v5 = call float @llvm.nvvm.sqrt.rm.f(float 2.0)
  call void @put(ptr addrspace(1) %o, i32 5, float %v5)
  %v6 = call float @llvm.nvvm.sqrt.rp.f(float 2.0)
  call void @put(ptr addrspace(1) %o, i32 6, float %v6)
  %v7 = call float @llvm.nvvm.saturate.f(float 2.0)
  call void @put(ptr addrspace(1) %o, i32 7, float %v7)
  %v8 = call float @llvm.nvvm.saturate.f(float -1.0)
  call void @put(ptr addrspace(1) %o, i32 8, float %v8)
  %nan = bitcast i32 2143289344 to float
  %v9 = call float @llvm.nvvm.saturate.f(float %nan)
  call void @put(ptr addrspace(1) %o, i32 9, float %v9)
  %v10 = call float @llvm.nvvm.saturate.f(float 0.5)
  call void @put(ptr addrspace(1) %o, i32 10, float %v10)
  %v11 = call float @llvm.nvvm.round.f(float 2.5)
  call void @put(ptr addrspace(1) %o, i32 11, float %v11)
  %v12 = call float @llvm.nvvm.round.f(float 3.5)
  call void @put(ptr addrspace(1) %o, i32 12, float %v12)
  %v13 = call float @llvm.nvvm.round.f(float -2.5)
  call void @put(ptr addrspace(1) %o, i32 13, float %v13)
  %sub = bitcast i32 512 to float ; 2^-140, subnormal
  %v14 = call float @llvm.nvvm.add.rn.ftz.f(float %sub, float 0.0)
  call void @put(ptr addrspace(1) %o, i32 14, float %v14)
  %lo = call i32 @llvm.nvvm.d2i.lo(double 1.0)
  %flo = bitcast i32 %lo to float
  call void @put(ptr addrspace(1) %o, i32 15, float %flo)
  %hi = call i32 @llvm.nvvm.d2i.hi(double 1.0)
  %fhi = bitcast i32 %hi to float
  call void @put(ptr addrspace(1) %o, i32 16, float %fhi)
  %two = call double @llvm.nvvm.lohi.i2d(i32 0, i32 1073741824)
  %ftwo = fptrunc double %two to float
  call void @put(ptr addrspace(1) %o, i32 17, float %ftwo)
  %c0 = call i64 @llvm.nvvm.read.ptx.sreg.clock64()
  %c1 = call i64 @llvm.nvvm.read.ptx.sreg.clock64()
  %dc = sub i64 %c1, %c0
  %dc32 = trunc i64 %dc to i32
  %fdc = bitcast i32 %dc32 to float
  call void @put(ptr addrspace(1) %o, i32 18, float %fdc)
  ; a[0] = 1, inc bound 1: wraps to 0 (old 1)
  %a0 = getelementptr i32, ptr addrspace(1) %a, i32 0
  store i32 1, ptr addrspace(1) %a0
  %g0 = addrspacecast ptr addrspace(1) %a0 to ptr
  %old0 = call i32 @llvm.nvvm.atomic.inc.gen.i.sys.i32.p0(ptr %g0, i32 1)
  %fo0 = bitcast i32 %old0 to float
  call void @put(ptr addrspace(1) %o, i32 19, float %fo0)
  ; a[1] = 0, dec bound 7: 7 (old 0)
  %a1 = getelementptr i32, ptr addrspace(1) %a, i32 1
  store i32 0, ptr addrspace(1) %a1
  %g1 = addrspacecast ptr addrspace(1) %a1 to ptr
  %old1 = call i32 @llvm.nvvm.atomic.dec.gen.i.sys.i32.p0(ptr %g1, i32 7)
  %fo1 = bitcast i32 %old1 to float
  call void @put(ptr addrspace(1) %o, i32 20, float %fo1)
  %a2 = getelementptr float, ptr addrspace(1) %a, i32 2
  store float 1.5, ptr addrspace(1) %a2
  %g2 = addrspacecast ptr addrspace(1) %a2 to ptr
  %old2 = call float @llvm.nvvm.atomic.add.gen.f.sys.f32.p0(ptr %g2, float 2.0)
  call void @put(ptr addrspace(1) %o, i32 21, float %old2)
  ret void
}
