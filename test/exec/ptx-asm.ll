; gasp-run runs NVPTX inline assembly of common PTX (src/exec/ptxasm.c):
; each asm below is what CUDA's headers, faiss, CUB or CUTLASS write, and
; each lane stores what it computed to out[16 * lane + k], checked by hand
; against the PTX ISA's definition; --check-as checks the space of every
; access the asm makes (`ld.global` a global access).
; RUN: rm -rf %t && mkdir -p %t
; RUN: gasp-run %s --kernel k --global 2 --check-as --dump %t --arg buf:i32:32 --arg buf:i32:8:iota | FileCheck %s
; CHECK: arg0: 32 x i32
; RUN: od -An -t d4 -v -w64 %t/arg0.bin | FileCheck %s --check-prefix=OUT
; lane 0: bfe.u32, bfe.s32, laneid, cvt f16 round trip (1.5f), f16x2 pack,
; add.f16x2, tf32 (.rna), predicated st (taken, not taken), predicated ld
; (not taken: the default 5), ld.global.v4 sum (0+1+2+3), shfl.up with
; predicate (lane 0: its own 10), dp4a (20, -2), cvt.rni.sat.s8 (127 | -4 << 8)
; OUT: 18 -1 0 1069547520 1006649344 1073758720 1065361408 77 0 5 6 10 20 -2 -897 1048576000
; lane 1: the same but laneid 1, shfl.up 10 + 20
; OUT-NEXT: 18 -1 1 1069547520 1006649344 1073758720 1065361408 77 0 5 6 30 20 -2 -897 1048576000
; The asm's operands and registers are the device's registers, not memory:
; --count sees only the asm's own loads and stores (per lane the v4 load,
; not the predicated load not taken, the one store taken, beside the
; kernel's own 14 stores), none of them generic.
; RUN: gasp-run %s --kernel k --global 2 --count --arg buf:i32:32 --arg buf:i32:8:iota | FileCheck %s --check-prefix=COUNT
; COUNT: accesses: loads=2 stores=30 other=0 generic=0
; cp.async of 16 bytes with src-size 8 (iota 4, 5, then zeros); lane 1:
; vote.ballot.sync of lane == 1, selp (7 < 3: no), max.NaN (a NaN), the
; asm ballot of a predicate every lane sets (lanes 0 and 1)
; RUN: gasp-run %s --kernel c --global 2 --check-as --dump %t --arg buf:i32:8 --arg buf:i32:8:iota | FileCheck %s --check-prefix=C
; C: arg0: 8 x i32
; RUN: od -An -t d4 -v %t/arg0.bin | FileCheck %s --check-prefix=COUT
; COUT: 4 5 0 0
; COUT-NEXT: 2 3 1 3
; The plugin's pipeline computes the same.
; RUN: gasp-opt -S %s -o %t/opt.ll
; RUN: gasp-run %s --kernel k --global 2 --check-as --compare %t/opt.ll --arg buf:i32:32 --arg buf:i32:8:iota | FileCheck %s --check-prefix=SAME
; RUN: gasp-run %s --kernel c --global 2 --check-as --compare %t/opt.ll --arg buf:i32:8 --arg buf:i32:8:iota | FileCheck %s --check-prefix=SAME
; SAME: identical
; A statement gasp-run does not run is named: the kernel is refused.
; RUN: not gasp-run %s --kernel m --global 1 --arg buf:i32:4 2>&1 | FileCheck %s --check-prefix=REFUSE
; REFUSE: holds inline assembly or reads a named register (the target's, not the host's): gasp-run cannot run it: 'ldmatrix.sync.aligned.x4.m8n8.shared.b16 {$0, $1, $2, $3}, [$4]' (an instruction gasp-run does not run)
; An ld.global through an address outside the global arena is a violation.
; RUN: not gasp-run %s --kernel g --global 1 --check-as --arg buf:i32:4 2>&1 | FileCheck %s --check-prefix=VIOL
; VIOL: address-space violation
; VIOL: in @__gasp_asm.0: {{.*}} = load i32, ptr addrspace(1)
; VIOL: claimed space: global (addrspace 1)
; VIOL: actual space: private
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [4 x i32] undef, align 16

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul i32 %tid, 16
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %base
  %g = addrspacecast ptr addrspace(1) %o to ptr
  %b0 = call i32 asm "bfe.u32 $0, $1, $2, $3;", "=r,r,r,r"(i32 -1412623820, i32 8, i32 8)
  store i32 %b0, ptr addrspace(1) %o
  %b1 = call i32 asm "bfe.s32 $0, $1, $2, $3;", "=r,r,r,r"(i32 61440, i32 12, i32 4)
  %o1 = getelementptr i32, ptr addrspace(1) %o, i32 1
  store i32 %b1, ptr addrspace(1) %o1
  %lane = call i32 asm "mov.u32 $0, %laneid;", "=r"()
  %o2 = getelementptr i32, ptr addrspace(1) %o, i32 2
  store i32 %lane, ptr addrspace(1) %o2
  %h = call i16 asm "{  cvt.rn.f16.f32 $0, $1;}\0A", "=h,f"(float 1.5)
  %f = call float asm "{  cvt.f32.f16 $0, $1;}\0A", "=f,h"(i16 %h)
  %fb = bitcast float %f to i32
  %o3 = getelementptr i32, ptr addrspace(1) %o, i32 3
  store i32 %fb, ptr addrspace(1) %o3
  %p2 = call i32 asm "{ cvt.rn.f16x2.f32 $0, $1, $2; }\0A", "=r,f,f"(float 1.0, float 2.0)
  %o4 = getelementptr i32, ptr addrspace(1) %o, i32 4
  store i32 %p2, ptr addrspace(1) %o4
  %s2 = call i32 asm "{add.f16x2 $0,$1,$2;\0A}", "=r,r,r"(i32 %p2, i32 1006648320)
  %o5 = getelementptr i32, ptr addrspace(1) %o, i32 5
  store i32 %s2, ptr addrspace(1) %o5
  %tf = call float asm "{\0A  .reg .b32 __$$1;\0A   cvt.rna.tf32.f32 __$$1, $1;\0A   mov.b32 $0, __$$1;\0A}\0A", "=f,f"(float bitcast (i32 1065357312 to float))
  %tfb = bitcast float %tf to i32
  %o6 = getelementptr i32, ptr addrspace(1) %o, i32 6
  store i32 %tfb, ptr addrspace(1) %o6
  %o7 = getelementptr i32, ptr addrspace(1) %o, i32 7
  %o7i = ptrtoint ptr addrspace(1) %o7 to i64
  call void asm sideeffect "{\0A  .reg .pred p;\0A  setp.ne.b32 p, $2, 0;\0A  @p st.global.u32 [$0], $1;\0A}\0A", "l,r,r"(i64 %o7i, i32 77, i32 1)
  %o8 = getelementptr i32, ptr addrspace(1) %o, i32 8
  %o8i = ptrtoint ptr addrspace(1) %o8 to i64
  call void asm sideeffect "{\0A  .reg .pred p;\0A  setp.ne.b32 p, $2, 0;\0A  @p st.global.u32 [$0], $1;\0A}\0A", "l,r,r"(i64 %o8i, i32 78, i32 0)
  %ini = ptrtoint ptr addrspace(1) %in to i64
  %ld = call i32 asm sideeffect "{\0A  .reg .pred p;\0A  setp.ne.b32 p, $2, 0;\0A  mov.b32 $0, $3;\0A  @p ld.global.u32 $0, [$1];\0A}\0A", "=r,l,r,r"(i64 %ini, i32 0, i32 5)
  %o9 = getelementptr i32, ptr addrspace(1) %o, i32 9
  store i32 %ld, ptr addrspace(1) %o9
  %v = call { i32, i32, i32, i32 } asm "ld.global.nc.v4.u32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l"(ptr addrspace(1) %in)
  %v0 = extractvalue { i32, i32, i32, i32 } %v, 0
  %v1 = extractvalue { i32, i32, i32, i32 } %v, 1
  %v2 = extractvalue { i32, i32, i32, i32 } %v, 2
  %v3 = extractvalue { i32, i32, i32, i32 } %v, 3
  %s01 = add i32 %v0, %v1
  %s23 = add i32 %v2, %v3
  %sv = add i32 %s01, %s23
  %o10 = getelementptr i32, ptr addrspace(1) %o, i32 10
  store i32 %sv, ptr addrspace(1) %o10
  %mine = mul i32 %tid, 10
  %mine10 = add i32 %mine, 10
  %up = call i32 asm sideeffect "{  .reg .s32 r0;  .reg .pred p;  shfl.sync.up.b32 r0|p, $1, $2, $3, $4;  @p add.s32 r0, r0, $5;  mov.s32 $0, r0;}", "=r,r,r,r,r,r"(i32 %mine10, i32 1, i32 0, i32 -1, i32 %mine10)
  %o11 = getelementptr i32, ptr addrspace(1) %o, i32 11
  store i32 %up, ptr addrspace(1) %o11
  %dp = call i32 asm sideeffect "dp4a.s32.s32 $0, $1, $2, $3;", "=r,r,r,r"(i32 16909060, i32 16843009, i32 10)
  %o12 = getelementptr i32, ptr addrspace(1) %o, i32 12
  store i32 %dp, ptr addrspace(1) %o12
  %dn = call i32 asm sideeffect "dp4a.s32.s32 $0, $1, $2, $3;", "=r,r,r,r"(i32 255, i32 2, i32 0)
  %o13 = getelementptr i32, ptr addrspace(1) %o, i32 13
  store i32 %dn, ptr addrspace(1) %o13
  %q0 = call i32 asm sideeffect "cvt.rni.sat.s8.f32 $0, $1;", "=r,f"(float 200.5)
  %q1 = call i32 asm sideeffect "cvt.rni.sat.s8.f32 $0, $1;", "=r,f"(float -3.5)
  %q0m = and i32 %q0, 255
  %q1s = shl i32 %q1, 8
  %q = or i32 %q0m, %q1s
  %o14 = getelementptr i32, ptr addrspace(1) %o, i32 14
  store i32 %q, ptr addrspace(1) %o14
  %r = call float asm "rcp.approx.ftz.f32 $0,$1;", "=f,f"(float 4.0)
  %rb = bitcast float %r to i32
  %o15 = getelementptr i32, ptr addrspace(1) %o, i32 15
  store i32 %rb, ptr addrspace(1) %o15
  ret void
}

; cp.async into shared memory (64-bit addresses), then each lane reads it back.
define ptx_kernel void @c(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %shi = ptrtoint ptr addrspace(3) @sh to i64
  %src = getelementptr i32, ptr addrspace(1) %in, i32 4
  %srci = ptrtoint ptr addrspace(1) %src to i64
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %copy, label %wait
copy:
  call void asm sideeffect "cp.async.cg.shared.global [$0], [$1], 16, $2;", "l,l,r,~{memory}"(i64 %shi, i64 %srci, i32 8)
  call void asm sideeffect "cp.async.commit_group;", ""()
  br label %wait
wait:
  call void asm sideeffect "cp.async.wait_all;", ""()
  call void @llvm.nvvm.barrier0()
  %one = icmp eq i32 %tid, 1
  %ballot = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %one)
  %bal = call i32 asm sideeffect "{\0A    .reg .pred p;\0A    setp.ne.u32 p, $1, 0;\0A    vote.sync.ballot.b32 $0, p, 0xffffffff;\0A}", "=r,r"(i32 1)
  %base = mul i32 %tid, 4
  %row = getelementptr i32, ptr addrspace(1) %out, i32 %base
  br i1 %first, label %lane0, label %lane1
lane0:
  %x0 = load <4 x i32>, ptr addrspace(3) @sh, align 16
  store <4 x i32> %x0, ptr addrspace(1) %row, align 16
  ret void
lane1:
  %sel = call i32 asm "{ .reg .pred p; setp.lt.s32 p, $1, $2; selp.b32 $0, $1, $2, p; }", "=r,r,r"(i32 7, i32 3)
  %mx = call float asm sideeffect "max.NaN.f32 $0, $1, $2;\0A", "=f,f,f"(float 0x7FF8000000000000, float 1.0)
  %isnan = fcmp uno float %mx, %mx
  %nan = zext i1 %isnan to i32
  store i32 %ballot, ptr addrspace(1) %row
  %r1 = getelementptr i32, ptr addrspace(1) %row, i32 1
  store i32 %sel, ptr addrspace(1) %r1
  %r2 = getelementptr i32, ptr addrspace(1) %row, i32 2
  store i32 %nan, ptr addrspace(1) %r2
  %r3 = getelementptr i32, ptr addrspace(1) %row, i32 3
  store i32 %bal, ptr addrspace(1) %r3
  ret void
}

; st.shared::cta and ld.shared through a 64-bit address of a __shared__
; variable: shared accesses, checked as such.
; RUN: gasp-run %s --kernel s --global 1 --check-as --dump %t --arg buf:i32:1 | FileCheck %s --check-prefix=S
; S: arg0: 1 x i32
; RUN: od -An -t d4 -v %t/arg0.bin | FileCheck %s --check-prefix=SOUT
; SOUT: 9
define ptx_kernel void @s(ptr addrspace(1) %out) {
  %shi = ptrtoint ptr addrspace(3) @sh to i64
  call void asm sideeffect "st.shared::cta.u32 [$0], $1;", "l,r"(i64 %shi, i32 9)
  %x = call i32 asm sideeffect "ld.shared.u32 $0, [$1];", "=r,l"(i64 %shi)
  store i32 %x, ptr addrspace(1) %out
  ret void
}

;; A shuffle's predicate (`shfl.sync d|p`) is warp.c's rule, the one its
;; value follows (PTX ISA: a source lane outside [minLane, maxLane] of the
;; segment is false): per lane of 4, down 1 clamped at lane 3, bfly 1
;; clamped at 0, up 2 (c = 0).
; RUN: gasp-run %s --kernel p --global 4 --check-as --dump %t --arg buf:i32:12 | FileCheck %s --check-prefix=P
; P: arg0: 12 x i32
; RUN: od -An -t d4 -v -w12 %t/arg0.bin | FileCheck %s --check-prefix=POUT
; POUT: 1 0 0
; POUT-NEXT: 1 1 0
; POUT-NEXT: 1 0 1
; POUT-NEXT: 0 0 1
define ptx_kernel void @p(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul i32 %tid, 3
  %dn = call i32 asm sideeffect "{ .reg .s32 r; .reg .pred q; shfl.sync.down.b32 r|q, $1, 1, 3, -1; selp.s32 $0, 1, 0, q; }", "=r,r"(i32 %tid)
  %o0 = getelementptr i32, ptr addrspace(1) %out, i32 %base
  store i32 %dn, ptr addrspace(1) %o0
  %bf = call i32 asm sideeffect "{ .reg .s32 r; .reg .pred q; shfl.sync.bfly.b32 r|q, $1, 1, 0, -1; selp.s32 $0, 1, 0, q; }", "=r,r"(i32 %tid)
  %o1 = getelementptr i32, ptr addrspace(1) %o0, i32 1
  store i32 %bf, ptr addrspace(1) %o1
  %up = call i32 asm sideeffect "{ .reg .s32 r; .reg .pred q; shfl.sync.up.b32 r|q, $1, 2, 0, -1; selp.s32 $0, 1, 0, q; }", "=r,r"(i32 %tid)
  %o2 = getelementptr i32, ptr addrspace(1) %o0, i32 2
  store i32 %up, ptr addrspace(1) %o2
  ret void
}

;; Cooperative groups' reserved shared memory (CUDA's cooperative_groups/
;; details/memory.h on sm_80+): %reserved_smem_offset_1 is a 32-bit
;; shared-window offset and cvta.shared makes it an address of the group's
;; shared memory (src/exec/rt.c, 1 KiB, zeroed for each group).  Lane 0
;; stores 42 there, both lanes read it after the barrier; the address is a
;; shared one (isspacep.shared); --check-as checks both accesses as such.
; RUN: gasp-run %s --kernel r --global 2 --check-as --dump %t --arg buf:i32:4 | FileCheck %s --check-prefix=R
; R: arg0: 4 x i32
; RUN: od -An -t d4 -v %t/arg0.bin | FileCheck %s --check-prefix=ROUT
; ROUT: 42 1 42 1
; RUN: gasp-run %s --kernel r --global 2 --check-as --compare %t/opt.ll --arg buf:i32:4 | FileCheck %s --check-prefix=SAME
declare i1 @llvm.nvvm.isspacep.shared(ptr)
define ptx_kernel void @r(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a = call i64 asm "{\0A\09 .reg .u32 start;\0A\09 .reg .u64 extended;\0A\09 mov.u32 start, %reserved_smem_offset_1;\0A\09 cvt.u64.u32 extended, start;\0A\09 cvta.shared.u64 $0, extended;\0A\09}", "=l"()
  %p = inttoptr i64 %a to ptr
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %w, label %j
w:
  store i32 42, ptr %p
  br label %j
j:
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr %p
  %k = mul i32 %tid, 2
  %o0 = getelementptr i32, ptr addrspace(1) %out, i32 %k
  store i32 %v, ptr addrspace(1) %o0
  %sh = call i1 @llvm.nvvm.isspacep.shared(ptr %p)
  %shi = zext i1 %sh to i32
  %o1 = getelementptr i32, ptr addrspace(1) %o0, i32 1
  store i32 %shi, ptr addrspace(1) %o1
  ret void
}

; Integer bit manipulation (src/exec/ptxint.c), each by the PTX ISA:
; mul.hi.u32 (2^31 * 4 >> 32), mul.wide.s32 (-3 * 5, low word), mad.lo
; (3 * 4 + 5), popc 0xf0f0, clz 1 and 0, brev 1, bfi (0xf into bits 4-7),
; prmt 0x3210 (a), 0x7654 (b), 0x8 (byte 0's sign, then byte 0 thrice),
; lop3 0x96 (a ^ b ^ c) and 0x80 (a & b & c), shf.l.wrap ({1, 2^31} << 1),
; shf.r.clamp by 40 (b).
; RUN: gasp-run %s --kernel i --global 1 --check-as --dump %t --arg buf:i32:16 | FileCheck %s --check-prefix=I
; I: arg0: 16 x i32
; RUN: od -An -t d4 -v -w64 %t/arg0.bin | FileCheck %s --check-prefix=IOUT
; IOUT: 2 -15 17 8 31 32 -2147483648 240 1144201745 -2005440939 286331136 -1768515946 -2139062144 3 2 0
define ptx_kernel void @i(ptr addrspace(1) %out) {
  %r0 = call i32 asm "mul.hi.u32 $0, $1, $2;", "=r,r,r"(i32 -2147483648, i32 4)
  %w = call i64 asm "mul.wide.s32 $0, $1, $2;", "=l,r,r"(i32 -3, i32 5)
  %r1 = trunc i64 %w to i32
  %r2 = call i32 asm "mad.lo.s32 $0, $1, $2, $3;", "=r,r,r,r"(i32 3, i32 4, i32 5)
  %r3 = call i32 asm "popc.b32 $0, $1;", "=r,r"(i32 61680)
  %r4 = call i32 asm "clz.b32 $0, $1;", "=r,r"(i32 1)
  %r5 = call i32 asm "clz.b32 $0, $1;", "=r,r"(i32 0)
  %r6 = call i32 asm "brev.b32 $0, $1;", "=r,r"(i32 1)
  %r7 = call i32 asm "bfi.b32 $0, $1, $2, $3, $4;", "=r,r,r,r,r"(i32 15, i32 0, i32 4, i32 4)
  %r8 = call i32 asm "prmt.b32 $0, $1, $2, $3;", "=r,r,r,r"(i32 1144201745, i32 -2005440939, i32 12816)
  %r9 = call i32 asm "prmt.b32 $0, $1, $2, $3;", "=r,r,r,r"(i32 1144201745, i32 -2005440939, i32 30292)
  %r10 = call i32 asm "prmt.b32 $0, $1, $2, $3;", "=r,r,r,r"(i32 1144201745, i32 -2005440939, i32 8)
  %r11 = call i32 asm "lop3.b32 $0, $1, $2, $3, 0x96;", "=r,r,r,r"(i32 -252645136, i32 -858993460, i32 -1431655766)
  %r12 = call i32 asm "lop3.b32 $0, $1, $2, $3, $4;", "=r,r,r,r,n"(i32 -252645136, i32 -858993460, i32 -1431655766, i32 128)
  %r13 = call i32 asm "shf.l.wrap.b32 $0, $1, $2, $3;", "=r,r,r,r"(i32 -2147483648, i32 1, i32 1)
  %r14 = call i32 asm "shf.r.clamp.b32 $0, $1, $2, $3;", "=r,r,r,r"(i32 1, i32 2, i32 40)
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
  %o10 = getelementptr i32, ptr addrspace(1) %out, i32 10
  store i32 %r10, ptr addrspace(1) %o10
  %o11 = getelementptr i32, ptr addrspace(1) %out, i32 11
  store i32 %r11, ptr addrspace(1) %o11
  %o12 = getelementptr i32, ptr addrspace(1) %out, i32 12
  store i32 %r12, ptr addrspace(1) %o12
  %o13 = getelementptr i32, ptr addrspace(1) %out, i32 13
  store i32 %r13, ptr addrspace(1) %o13
  %o14 = getelementptr i32, ptr addrspace(1) %out, i32 14
  store i32 %r14, ptr addrspace(1) %o14
  ret void
}

; ldmatrix is a warp's exchange gasp-run does not run.
define ptx_kernel void @m(ptr addrspace(1) %out) {
  %x = call { i32, i32, i32, i32 } asm sideeffect "ldmatrix.sync.aligned.x4.m8n8.shared.b16 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,r"(i32 0)
  %x0 = extractvalue { i32, i32, i32, i32 } %x, 0
  store i32 %x0, ptr addrspace(1) %out
  ret void
}

; ld.global of an address in no global buffer (the kernel's own stack slot).
define ptx_kernel void @g(ptr addrspace(1) %out) {
  %slot = alloca i32, align 4
  store i32 3, ptr %slot
  %a = ptrtoint ptr %slot to i64
  %x = call i32 asm sideeffect "ld.global.u32 $0, [$1];", "=r,l"(i64 %a)
  store i32 %x, ptr addrspace(1) %out
  ret void
}

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)

; Malformed and unusual templates: each is read without harm (the
; sanitized suite runs this file) and the kernel is refused, naming the
; first asm it cannot run.
; RUN: not gasp-run %s --kernel odd --global 1 --arg buf:i32:4 2>&1 | FileCheck %s --check-prefix=ODD
; ODD: gasp-run cannot run it: 'L1: mov.u32 $0, $1' (an instruction gasp-run does not run)
define ptx_kernel void @odd(ptr addrspace(1) %out) {
  %a = call i32 asm "L1: mov.u32 $0, $1; bra L1;", "=r,r"(i32 1)
  %b = call i32 asm "{ { { mov.u32 $0, $1; } }", "=r,r"(i32 1)
  %c = call i32 asm "}}} mov.u32 $0, $1; {{{", "=r,r"(i32 1)
  %d = call i32 asm "mov.u32 ${0:r}, $1;", "=r,r"(i32 1)
  %e = call i32 asm "@ mov.u32 $0, $1; @!; @p", "=r,r"(i32 1)
  %f = call i32 asm ".reg .b32 r<100000>; mov.u32 $0, r0;", "=r"()
  %g = call i32 asm ";;;; ; ;", "=r"()
  %h = call { i32, i32 } asm "ld.global.v2.u32 , [$2];", "=r,=r,l"(i64 0)
  %i = call i32 asm "ld.global.u32 $0, [];", "=r,l"(i64 0)
  %j = call i32 asm "ld.global.u32 $0, [$1 + x];", "=r,l"(i64 0)
  %k = call i32 asm "mov.b32 $0, {$1,$2,$3};", "=r,h,h,h"(i16 1, i16 2, i16 3)
  %l = call i32 asm "mov.u32 $0, $9;", "=r,r"(i32 1)
  %m = call i32 asm "shfl.sync.up.b32 $0|, $1, $2, $3, $4;", "=r,r,r,r,r"(i32 1, i32 1, i32 0, i32 -1)
  %n = call i32 asm "add.u32 $0, $1, $2, $3, $4, $5, $6;", "=r,r,r"(i32 1, i32 2)
  %o = call i32 asm "cvt.u32 $0, $1;", "=r,r"(i32 1)
  %p = call i32 asm "vote.sync.ballot.b32 $0, !, 0;", "=r"()
  %q = call i32 asm "bfe.u16 $0, $1, $2, $3;", "=r,r,r,r"(i32 1, i32 2, i32 3)
  %r = call i32 asm "mov.u32 $0, 0fZZ; mov.u32 $0, 0x; mov.u32 $0, -;", "=r"()
  call void asm "st.u32 [$0], $1;", "=*m,r"(ptr addrspace(1) elementtype(i32) %out, i32 1)
  store i32 %a, ptr addrspace(1) %out
  ret void
}
