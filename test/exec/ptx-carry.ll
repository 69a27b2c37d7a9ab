; gasp-run runs multi-word integer arithmetic: PTX's extended-precision
; forms (src/exec/ptxint.c, ptx_do_carry): add.cc, addc, sub.cc, subc,
; mad.cc and madc, each asm a
; statement of its own as BitCrack's and mfaktc's macros write them, the
; carry flag passing from one asm to the next in the work-item's runtime.
; Each work-item writes 8 words at out[8 * lane]; the values were computed
; from the PTX ISA's definitions by hand (a Python big-integer model):
;   96-bit [ffffffff, ffffffff, 1] + [1, 0, 2] = [0, 0, 4];
;   96-bit [0, 0, 5] - [1, 0, 1] = [ffffffff, ffffffff, 3] (the borrow);
;   the 64-bit product 0x12345678 * 0x9abcdef0 plus 0xffffffff, its low
;   word by mad.lo.cc and its high word by madc.hi (606937215, 184609359);
;   u64: (2^64 - 1) + 1 carries, so addc.u64 5 + 6 = 12.
; RUN: rm -rf %t && mkdir -p %t
; RUN: gasp-run %s --kernel k --global 2 --check-as --dump %t --arg buf:i32:16 | FileCheck %s
; CHECK: arg0: 16 x i32
; RUN: od -An -t d4 -v -w32 %t/arg0.bin | FileCheck %s --check-prefix=OUT
; OUT: 0 0 4 -1 -1 3 606937215 184609359
; OUT-NEXT: 0 0 4 -1 -1 3 606937215 184609359
; The flag is each work-item's: lane 0's add.cc carries nothing, lane 1's
; carries one, a barrier between the add.cc and the addc lets the other
; lane run its own (lane L writes its addc at carry[L]).
; RUN: gasp-run %s --kernel b --global 2 --check-as --dump %t --arg buf:i32:4 | FileCheck %s --check-prefix=B
; B: arg0: 4 x i32
; RUN: od -An -t d4 -v %t/arg0.bin | FileCheck %s --check-prefix=BOUT
; BOUT: 12 0 13 0
; The plugin's pipeline computes the same.
; RUN: gasp-opt -S %s -o %t/opt.ll
; RUN: gasp-run %s --kernel k --global 2 --check-as --compare %t/opt.ll --arg buf:i32:16 | FileCheck %s --check-prefix=SAME
; RUN: gasp-run %s --kernel b --global 2 --check-as --compare %t/opt.ll --arg buf:i32:4 | FileCheck %s --check-prefix=SAME
; SAME: identical
; The NVVM intrinsics CUDA's __umulhi, __mulhi, __umul64hi, __mul64hi,
; __umul24, __mul24 and the 16-bit mulhi call (mfaktc's): the high word of
; the product, the 24-bit operands' product (ptxint's forms of the same in
; inline asm are test/exec/ptx-asm.ll's).
;   mulhi.ui(2^31, 4) = 2; mulhi.i(-3, 2^30) = -1 (floor of -0.75);
;   mulhi.ull(2^63, 4) = 2; mulhi.ll(-1, 5) = -1; mul24.ui(0x1000001, 3) = 3;
;   mul24.i(0xffffff, 5) = -5 (the 24 bits are -1); mulhi.us(0x8000, 4) = 2;
;   mulhi.s(-2, 0x4000) = -1.
; RUN: gasp-run %s --kernel h --global 1 --check-as --dump %t --arg buf:i32:8 | FileCheck %s --check-prefix=H
; H: arg0: 8 x i32
; RUN: od -An -t d4 -v -w32 %t/arg0.bin | FileCheck %s --check-prefix=HOUT
; HOUT: 2 -1 2 -1 3 -5 2 -1
; NVVM's conversions with a rounding mode (mfaktc's __float2uint_rz):
; rounded, clamped to the integer type's range, NaN to 0; an integer to a
; float rounded by the mode (the float's bits are stored).
;   f2ui.rz 3.9 = 3, -2.5 = 0, 5e9 = 2^32 - 1; f2i.rm -2.5 = -3;
;   f2i.rp 2.1 = 3; f2i.rn 2.5 = 2 (ties to even); d2i.rz NaN = 0;
;   ui2f.rz 2^32 - 1 = 4294967040.0; ui2f.rn 2^32 - 1 = 2^32;
;   i2f.rm -16777217 = -16777218.0.
; RUN: gasp-run %s --kernel cv --global 1 --check-as --dump %t --arg buf:i32:10 | FileCheck %s --check-prefix=CV
; CV: arg0: 10 x i32
; RUN: od -An -t d4 -v -w40 %t/arg0.bin | FileCheck %s --check-prefix=CVOUT
; CVOUT: 3 0 -1 -3 3 2 0 1333788671 1333788672 -880803839
; A carry form of another type is named and refused.
; RUN: not gasp-run %s --kernel f --global 1 --arg buf:i32:4 2>&1 | FileCheck %s --check-prefix=REFUSE
; REFUSE: 'add.cc.u16 $0, $1, $2' (a carry form gasp-run does not run)
; So is a `.cc` on an operation that has none in PTX (mul).
; RUN: not gasp-run %s --kernel fm --global 1 --arg buf:i32:4 2>&1 | FileCheck %s --check-prefix=REFUSEM
; REFUSEM: 'mul.lo.cc.u32 $0, $1, $2' (a carry form gasp-run does not run)
target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul i32 %tid, 8
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %base
  ; 96-bit add
  %a0 = call i32 asm sideeffect "add.cc.u32 $0, $1, $2;", "=r,r,r"(i32 -1, i32 1)
  %a1 = call i32 asm sideeffect "addc.cc.u32 $0, $1, $2;", "=r,r,r"(i32 -1, i32 0)
  %a2 = call i32 asm sideeffect "addc.u32 $0, $1, $2;", "=r,r,r"(i32 1, i32 2)
  ; 96-bit sub
  %s0 = call i32 asm sideeffect "sub.cc.u32 $0, $1, $2;", "=r,r,r"(i32 0, i32 1)
  %s1 = call i32 asm sideeffect "subc.cc.u32 $0, $1, $2;", "=r,r,r"(i32 0, i32 0)
  %s2 = call i32 asm sideeffect "subc.u32 $0, $1, $2;", "=r,r,r"(i32 5, i32 1)
  ; a product's words plus a carry
  %m0 = call i32 asm sideeffect "mad.lo.cc.u32 $0, $1, $2, $3;", "=r,r,r,r"(i32 305419896, i32 -1698898192, i32 -1)
  %m1 = call i32 asm sideeffect "madc.hi.u32 $0, $1, $2, $3;", "=r,r,r,r"(i32 305419896, i32 -1698898192, i32 0)
  ; u64: a carry out of 64 bits
  %w0 = call i64 asm sideeffect "add.cc.u64 $0, $1, $2;", "=l,l,l"(i64 -1, i64 1)
  %w1 = call i64 asm sideeffect "addc.u64 $0, $1, $2;", "=l,l,l"(i64 5, i64 6)
  %w1t = trunc i64 %w1 to i32
  %w0t = trunc i64 %w0 to i32
  %x = add i32 %w1t, %w0t
  %ok = icmp eq i32 %x, 12
  %m1c = select i1 %ok, i32 %m1, i32 0
  store i32 %a0, ptr addrspace(1) %o
  %o1 = getelementptr i32, ptr addrspace(1) %o, i32 1
  store i32 %a1, ptr addrspace(1) %o1
  %o2 = getelementptr i32, ptr addrspace(1) %o, i32 2
  store i32 %a2, ptr addrspace(1) %o2
  %o3 = getelementptr i32, ptr addrspace(1) %o, i32 3
  store i32 %s0, ptr addrspace(1) %o3
  %o4 = getelementptr i32, ptr addrspace(1) %o, i32 4
  store i32 %s1, ptr addrspace(1) %o4
  %o5 = getelementptr i32, ptr addrspace(1) %o, i32 5
  store i32 %s2, ptr addrspace(1) %o5
  %o6 = getelementptr i32, ptr addrspace(1) %o, i32 6
  store i32 %m0, ptr addrspace(1) %o6
  %o7 = getelementptr i32, ptr addrspace(1) %o, i32 7
  store i32 %m1c, ptr addrspace(1) %o7
  ret void
}

; lane L: add.cc of (-1) + L, a barrier, then addc 12 + 0 (+ the lane's
; own carry): 12 for lane 0, 13 for lane 1.
define ptx_kernel void @b(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 asm sideeffect "add.cc.u32 $0, $1, $2;", "=r,r,r"(i32 -1, i32 %tid)
  call void @llvm.nvvm.barrier0()
  %r = call i32 asm sideeffect "addc.u32 $0, $1, $2;", "=r,r,r"(i32 12, i32 0)
  %i = mul i32 %tid, 2
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %r, ptr addrspace(1) %o
  ret void
}

define ptx_kernel void @fm(ptr addrspace(1) %out) {
  %r = call i32 asm sideeffect "mul.lo.cc.u32 $0, $1, $2;", "=r,r,r"(i32 1, i32 2)
  store i32 %r, ptr addrspace(1) %out
  ret void
}

define ptx_kernel void @f(ptr addrspace(1) %out) {
  %r = call i16 asm sideeffect "add.cc.u16 $0, $1, $2;", "=h,h,h"(i16 1, i16 2)
  %z = zext i16 %r to i32
  store i32 %z, ptr addrspace(1) %out
  ret void
}

define ptx_kernel void @h(ptr addrspace(1) %out) {
  %r0 = call i32 @llvm.nvvm.mulhi.ui(i32 -2147483648, i32 4)
  %r1 = call i32 @llvm.nvvm.mulhi.i(i32 -3, i32 1073741824)
  %w2 = call i64 @llvm.nvvm.mulhi.ull(i64 -9223372036854775808, i64 4)
  %r2 = trunc i64 %w2 to i32
  %w3 = call i64 @llvm.nvvm.mulhi.ll(i64 -1, i64 5)
  %r3 = trunc i64 %w3 to i32
  %r4 = call i32 @llvm.nvvm.mul24.ui(i32 16777217, i32 3)
  %r5 = call i32 @llvm.nvvm.mul24.i(i32 16777215, i32 5)
  %h6 = call i16 @llvm.nvvm.mulhi.us(i16 -32768, i16 4)
  %r6 = zext i16 %h6 to i32
  %h7 = call i16 @llvm.nvvm.mulhi.s(i16 -2, i16 16384)
  %r7 = sext i16 %h7 to i32
  store i32 %r0, ptr addrspace(1) %out
  %o1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %r1, ptr addrspace(1) %o1
  %o2 = getelementptr i32, ptr addrspace(1) %out, i32 2
  store i32 %r2, ptr addrspace(1) %o2
  %o3 = getelementptr i32, ptr addrspace(1) %out, i32 3
  store i32 %r3, ptr addrspace(1) %o3
  %o4 = getelementptr i32, ptr addrspace(1) %out, i32 4
  store i32 %r4, ptr addrspace(1) %o4
  %o5 = getelementptr i32, ptr addrspace(1) %out, i32 5
  store i32 %r5, ptr addrspace(1) %o5
  %o6 = getelementptr i32, ptr addrspace(1) %out, i32 6
  store i32 %r6, ptr addrspace(1) %o6
  %o7 = getelementptr i32, ptr addrspace(1) %out, i32 7
  store i32 %r7, ptr addrspace(1) %o7
  ret void
}

define ptx_kernel void @cv(ptr addrspace(1) %out) {
  %r0 = call i32 @llvm.nvvm.f2ui.rz(float 0x400F333340000000)
  %r1 = call i32 @llvm.nvvm.f2ui.rz(float -2.500000e+00)
  %r2 = call i32 @llvm.nvvm.f2ui.rz(float 5.000000e+09)
  %r3 = call i32 @llvm.nvvm.f2i.rm(float -2.500000e+00)
  %r4 = call i32 @llvm.nvvm.f2i.rp(float 0x4000CCCCC0000000)
  %r5 = call i32 @llvm.nvvm.f2i.rn(float 2.500000e+00)
  %r6 = call i32 @llvm.nvvm.d2i.rz(double 0x7FF8000000000000)
  %f7 = call float @llvm.nvvm.ui2f.rz(i32 -1)
  %r7 = bitcast float %f7 to i32
  %f8 = call float @llvm.nvvm.ui2f.rn(i32 -1)
  %r8 = bitcast float %f8 to i32
  %f9 = call float @llvm.nvvm.i2f.rm(i32 -16777217)
  %r9 = bitcast float %f9 to i32
  store i32 %r0, ptr addrspace(1) %out
  %o1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %r1, ptr addrspace(1) %o1
  %o2 = getelementptr i32, ptr addrspace(1) %out, i32 2
  store i32 %r2, ptr addrspace(1) %o2
  %o3 = getelementptr i32, ptr addrspace(1) %out, i32 3
  store i32 %r3, ptr addrspace(1) %o3
  %o4 = getelementptr i32, ptr addrspace(1) %out, i32 4
  store i32 %r4, ptr addrspace(1) %o4
  %o5 = getelementptr i32, ptr addrspace(1) %out, i32 5
  store i32 %r5, ptr addrspace(1) %o5
  %o6 = getelementptr i32, ptr addrspace(1) %out, i32 6
  store i32 %r6, ptr addrspace(1) %o6
  %o7 = getelementptr i32, ptr addrspace(1) %out, i32 7
  store i32 %r7, ptr addrspace(1) %o7
  %o8 = getelementptr i32, ptr addrspace(1) %out, i32 8
  store i32 %r8, ptr addrspace(1) %o8
  %o9 = getelementptr i32, ptr addrspace(1) %out, i32 9
  store i32 %r9, ptr addrspace(1) %o9
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.f2ui.rz(float)
declare i32 @llvm.nvvm.f2i.rm(float)
declare i32 @llvm.nvvm.f2i.rp(float)
declare i32 @llvm.nvvm.f2i.rn(float)
declare i32 @llvm.nvvm.d2i.rz(double)
declare float @llvm.nvvm.ui2f.rz(i32)
declare float @llvm.nvvm.ui2f.rn(i32)
declare float @llvm.nvvm.i2f.rm(i32)
declare i32 @llvm.nvvm.mulhi.ui(i32, i32)
declare i32 @llvm.nvvm.mulhi.i(i32, i32)
declare i64 @llvm.nvvm.mulhi.ull(i64, i64)
declare i64 @llvm.nvvm.mulhi.ll(i64, i64)
declare i32 @llvm.nvvm.mul24.ui(i32, i32)
declare i32 @llvm.nvvm.mul24.i(i32, i32)
declare i16 @llvm.nvvm.mulhi.us(i16, i16)
declare i16 @llvm.nvvm.mulhi.s(i16, i16)
