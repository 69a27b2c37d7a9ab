; gasp-run runs the PTX hints CUDA code writes as inline asm, prefetch and
; nanosleep (src/exec/ptxasm.c, do_hint): nothing a program can see, so
; nothing; ccminer's cryptonight kernels prefetch their scratchpad
; (`prefetch.global.L2 [$0];`) and did not run before.  The memory summary
; reads them as statements with no data (src/target/asmfx.c); both builds
; run the same.
; RUN: rm -rf %t && mkdir -p %t
; RUN: gasp-run %s --kernel k --global 4 --check-as --dump %t --arg buf:i32:4:iota --arg buf:i32:4 | FileCheck %s
; CHECK: arg1: 4 x i32
; RUN: od -An -t d4 -v %t/arg1.bin | FileCheck %s --check-prefix=OUT
; OUT: 0 2 4 6
; RUN: gasp-opt -S %s -o %t/opt.ll
; RUN: gasp-run %s --kernel k --global 4 --check-as --compare %t/opt.ll --arg buf:i32:4:iota --arg buf:i32:4 | FileCheck %s --check-prefix=SAME
; SAME: identical
; A mode the handler does not know is still refused by name.
; RUN: not gasp-run %s --kernel bad --global 1 --arg buf:i32:4 2>&1 | FileCheck %s --check-prefix=BAD
; BAD: prefetch.global.L2 [$0], [$1]
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define internal i32 @twice(ptr %p) {
  call void asm sideeffect "prefetch.global.L2 [$0];", "l"(ptr %p)
  call void asm sideeffect "nanosleep.u32 $0;", "r"(i32 100)
  %v = load i32, ptr %p, align 4
  %w = shl i32 %v, 1
  ret i32 %w
}

define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x = zext i32 %lane to i64
  %src = getelementptr i32, ptr addrspace(1) %in, i64 %x
  %g = addrspacecast ptr addrspace(1) %src to ptr
  %v = call i32 @twice(ptr %g)
  %dst = getelementptr i32, ptr addrspace(1) %out, i64 %x
  store i32 %v, ptr addrspace(1) %dst, align 4
  ret void
}

define ptx_kernel void @bad(ptr addrspace(1) %in) {
  %g = addrspacecast ptr addrspace(1) %in to ptr
  call void asm sideeffect "prefetch.global.L2 [$0], [$1];", "l,l"(ptr %g, ptr %g)
  ret void
}
