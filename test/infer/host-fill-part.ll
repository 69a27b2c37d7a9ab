; A kernel that copies part of its struct argument (ptr byval on NVPTX:
; what the host filled, global addresses only) into a larger private
; functor it then changes — CUTLASS's TensorForEach, whose functor holds the
; host's TensorView beside a random generator's state it advances, indexed
; at run time — reads the host's pointer back from its copy: the memcpy
; writes the host's bytes (memory.c, A_HOSTFILL), so a pointer-wide field it
; covers whole holds a global pointer or null.  A field the copy covers in
; part, or a copy from an argument the kernel also writes, says nothing.
; (@straddle is a module of its own, Inputs/host-fill-straddle.ll: the
; private address it writes as an integer is exposed, and what a module's
; memory holds is one summary.)
; RUN: gasp-opt -S %s -o %t.fill.ll
; RUN: FileCheck %s < %t.fill.ll
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.fill.ll -o /dev/null
; RUN: gasp-run %s --kernel fill --global 32 --arg 'struct:buf:f32:32;i64=3;i32=5;i32=7' --check-as --compare %t.fill.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt -S %S/Inputs/host-fill-straddle.ll -o %t.straddle.ll
; RUN: FileCheck %S/Inputs/host-fill-straddle.ll < %t.straddle.ll
; RUN: gasp-run %S/Inputs/host-fill-straddle.ll --kernel straddle --global 32 --arg 'struct:buf:f32:32;i64=3;i32=5;i32=7' --check-as --compare %t.straddle.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%Params = type { ptr, i64, i32, i32 }
%Functor = type { ptr, i64, [8 x i32], i32, i32 }

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.memcpy.p5.p101.i64(ptr addrspace(5), ptr addrspace(101), i64, i1)

; Copies the view (16 bytes) and the seeds (8 bytes, after a state array)
; into its functor, steps its state, hands the functor
; to a helper that reads it (the memory summary's view of it, as of all
; private memory, then also holds the private pointer kept in %ptrs) and
; stores through the view's pointer twice: global.
; CHECK-LABEL: define ptx_kernel void @fill(
; CHECK: %data = load ptr, ptr addrspace(5)
; CHECK: store float %f, ptr addrspace(1)
; CHECK: store float %f2, ptr addrspace(1)
define ptx_kernel void @fill(ptr noundef readonly byval(%Params) align 8 %p) {
  %p101 = addrspacecast ptr %p to ptr addrspace(101)
  %fn = alloca %Functor, align 8
  %f5 = addrspacecast ptr %fn to ptr addrspace(5)
  call void @llvm.memcpy.p5.p101.i64(ptr addrspace(5) align 8 %f5, ptr addrspace(101) align 8 %p101, i64 16, i1 false)
  %seeds = getelementptr inbounds i8, ptr addrspace(5) %f5, i64 48
  %pseeds = getelementptr inbounds i8, ptr addrspace(101) %p101, i64 16
  call void @llvm.memcpy.p5.p101.i64(ptr addrspace(5) align 8 %seeds, ptr addrspace(101) align 8 %pseeds, i64 8, i1 false)
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %k = and i32 %t, 7
  %st2 = getelementptr inbounds i8, ptr addrspace(5) %f5, i64 20
  %ptrs = alloca [8 x ptr], align 8
  %v = alloca i32, align 4
  %pk = getelementptr inbounds [8 x ptr], ptr %ptrs, i64 0, i32 %k
  store ptr %v, ptr %pk, align 8
  %pv = load ptr, ptr %pk, align 8
  store i32 %t, ptr %pv, align 4
  %peeked = call i32 @peek(ptr %fn)
  %seed0 = load i32, ptr addrspace(5) %seeds, align 8
  %seed = add i32 %seed0, %peeked
  %x = mul i32 %seed, %t
  store i32 %x, ptr addrspace(5) %st2, align 4
  %y = load i32, ptr addrspace(5) %st2, align 4
  %data = load ptr, ptr addrspace(5) %f5, align 8
  %ti = zext i32 %t to i64
  %e = getelementptr inbounds float, ptr %data, i64 %ti
  %f = uitofp i32 %y to float
  store float %f, ptr %e, align 4
  %e2 = getelementptr inbounds float, ptr %e, i64 1
  %f2 = fadd float %f, 1.0
  store float %f2, ptr %e2, align 4
  ret void
}

define internal i32 @peek(ptr %f) noinline {
  %s = getelementptr inbounds i8, ptr %f, i64 16
  %v = load i32, ptr %s, align 4
  ret i32 %v
}
