; gasp-run runs NVVM's byte permute, llvm.nvvm.prmt (CUDA's __byte_perm;
; builtins.c, b_nv_prmt): PTX prmt.b32 in its default mode.  Byte k of the
; result is byte (c >> 4k) & 7 of {b, a} (a the low four bytes) or, where
; the selector's bit 3 is set, that byte's sign replicated.  Hash kernels
; call it (58 of ccminer's kernels did not run for want of it).
; Kernel v writes, at out[0..3], values worked out by hand from the PTX
; ISA's definition:
;   prmt(0x03020100, 0x07060504, 0x3210) = 0x03020100 (the identity)
;   prmt(0x03020100, 0x07060504, 0x0123) = 0x00010203 (a's bytes reversed)
;   prmt(0x03020100, 0x07060504, 0x1765) = 0x01070605 (b's bytes in)
;   prmt(0x7f80ff01, 0, 0x9a8b) = 0xffff0000 (signs of 0x7f, 0x01, 0x80, 0xff)
; RUN: rm -rf %t && mkdir -p %t
; RUN: gasp-run %s --kernel v --global 1 --check-as --dump %t --arg buf:i32:4 | FileCheck %s
; CHECK: arg0: 4 x i32
; RUN: od -An -t x4 -v %t/arg0.bin | FileCheck %s --check-prefix=OUT
; OUT: 03020100 00010203 01070605 ffff0000
; Kernel e computes each work-item's selector and operands from its lane
; (every selector nibble, sign bytes in a and b) with the intrinsic and
; with inline asm's prmt (ptxint.c, ptx_do_prmt) and counts the lanes
; where they differ: none of 256.
; RUN: gasp-run %s --kernel e --global 256 --check-as --dump %t --arg buf:i32:1 | FileCheck %s --check-prefix=E
; E: arg0: 1 x i32
; RUN: od -An -t d4 -v %t/arg0.bin | FileCheck %s --check-prefix=EQ
; EQ: {{^ *}}0{{$}}
; The plugin's pipeline computes the same.
; RUN: gasp-opt -S %s -o %t/opt.ll
; RUN: gasp-run %s --kernel e --global 256 --check-as --compare %t/opt.ll --arg buf:i32:1 | FileCheck %s --check-prefix=SAME
; SAME: identical
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.prmt(i32, i32, i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @v(ptr addrspace(1) %out) {
  %r0 = call i32 @llvm.nvvm.prmt(i32 u0x03020100, i32 u0x07060504, i32 u0x3210)
  store i32 %r0, ptr addrspace(1) %out, align 4
  %r1 = call i32 @llvm.nvvm.prmt(i32 u0x03020100, i32 u0x07060504, i32 u0x0123)
  %p1 = getelementptr i32, ptr addrspace(1) %out, i64 1
  store i32 %r1, ptr addrspace(1) %p1, align 4
  %r2 = call i32 @llvm.nvvm.prmt(i32 u0x03020100, i32 u0x07060504, i32 u0x1765)
  %p2 = getelementptr i32, ptr addrspace(1) %out, i64 2
  store i32 %r2, ptr addrspace(1) %p2, align 4
  %r3 = call i32 @llvm.nvvm.prmt(i32 u0x7f80ff01, i32 0, i32 u0x9a8b)
  %p3 = getelementptr i32, ptr addrspace(1) %out, i64 3
  store i32 %r3, ptr addrspace(1) %p3, align 4
  ret void
}

define ptx_kernel void @e(ptr addrspace(1) %diff) {
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = mul i32 %lane, u0x9e3779b9
  %sel = xor i32 %m, %lane
  %a = mul i32 %lane, u0x85ebca6b
  %b = xor i32 %a, u0x80ff7f01
  %x = call i32 @llvm.nvvm.prmt(i32 %a, i32 %b, i32 %sel)
  %y = call i32 asm "prmt.b32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %sel)
  %ne = icmp ne i32 %x, %y
  %one = zext i1 %ne to i32
  %old = atomicrmw add ptr addrspace(1) %diff, i32 %one monotonic
  ret void
}
