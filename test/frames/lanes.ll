; RUN: gasp-opt -S -pass-remarks=frames -stats %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: llc -mcpu=sm_90 %t.ll -o - | FileCheck %s --check-prefix=PTX
; RUN: llc -mcpu=sm_90 %s -o - | FileCheck %s --check-prefix=BEFORE
; RUN: gasp-run %s --kernel pick --global 4 --arg buf:f32:16:iota --arg buf:f32:4 --arg buf:i32:4:iota --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel put --global 4 --arg buf:i32:16:iota --arg buf:i32:4:iota --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel wide --global 8 --arg buf:f32:8 --arg buf:i32:8:iota --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: sed "s/nvptx64-nvidia-cuda/amdgcn-amd-amdhsa/" %s | gasp-opt -S --passes=frames - | FileCheck %s --check-prefix=AMDGPU
; A vector read or written at a lane chosen at run time (InstCombine makes
; `c ? v[2] : v[1]` an extractelement at a selected index; GEGL's
; color-to-alpha) is split by llc-22's type legalizer into a stack
; temporary reached through the generic stack pointer: every lane stored
; `st [%SP+k]`, the lane loaded back generic.  The frames pass writes such a
; read as a chain of selects on the index and such a write as a select per
; lane, as AMDGPU's own lowering expands them: no frame, no memory access.
; REMARK: remark: {{.*}}0 slots SROA cannot promote kept from it, 0 variadic calls given an argument buffer, 0 by-value arguments made casts of local GEPs, 5 run-time lanes of vectors made selects (llc-22 NVPTX: the stack frame in the generic space)
; REMARK: 5 frames - vector lanes chosen at run time made selects
; EXEC: identical
; AMDGPU's back end expands them itself: nothing there.
; AMDGPU-NOT: select
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; A float4 read at a lane the kernel loads: lane 0, then a select for each
; other lane.
; CHECK-LABEL: define ptx_kernel void @pick(
; CHECK: [[L0:%[0-9]+]] = extractelement <4 x float> %v, i32 0
; CHECK-NEXT: [[C1:%[0-9]+]] = icmp eq i32 %i, 1
; CHECK-NEXT: [[L1:%[0-9]+]] = extractelement <4 x float> %v, i32 1
; CHECK-NEXT: [[S1:%[0-9]+]] = select i1 [[C1]], float [[L1]], float [[L0]]
; CHECK: [[C3:%[0-9]+]] = icmp eq i32 %i, 3
; CHECK-NEXT: [[L3:%[0-9]+]] = extractelement <4 x float> %v, i32 3
; CHECK-NEXT: [[S3:%[0-9]+]] = select i1 [[C3]], float [[L3]], float
; CHECK: store float [[S3]], ptr addrspace(1)
; CHECK-NOT: extractelement <4 x float> %v, i32 %i
; PTX-LABEL: .entry pick(
; PTX-NOT: %SP
; PTX-NOT: .local
; PTX: ret;
; BEFORE-LABEL: .entry pick(
; BEFORE: st.b32 [%SP]
; BEFORE: ret;
define ptx_kernel void @pick(ptr addrspace(1) %vs, ptr addrspace(1) %out, ptr addrspace(1) %lanes) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds <4 x float>, ptr addrspace(1) %vs, i32 %t
  %v = load <4 x float>, ptr addrspace(1) %p, align 16
  %q = getelementptr inbounds i32, ptr addrspace(1) %lanes, i32 %t
  %i = load i32, ptr addrspace(1) %q, align 4
  %e = extractelement <4 x float> %v, i32 %i
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t
  store float %e, ptr addrspace(1) %o, align 4
  ret void
}

; An int4 written at a lane the kernel loads: each lane the new value where
; the index says, its old one elsewhere.
; CHECK-LABEL: define ptx_kernel void @put(
; CHECK: icmp eq i64 %i, 0
; CHECK: select i1 %{{[0-9]+}}, i32 %t, i32 %
; CHECK: icmp eq i64 %i, 3
; CHECK-NOT: insertelement <4 x i32> %v, i32 %t, i64 %i
; CHECK: store <4 x i32>
; PTX-LABEL: .entry put(
; PTX-NOT: %SP
; PTX: ret;
define ptx_kernel void @put(ptr addrspace(1) %vs, ptr addrspace(1) %lanes) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds <4 x i32>, ptr addrspace(1) %vs, i32 %t
  %v = load <4 x i32>, ptr addrspace(1) %p, align 16
  %q = getelementptr inbounds i32, ptr addrspace(1) %lanes, i32 %t
  %i32 = load i32, ptr addrspace(1) %q, align 4
  %i = zext i32 %i32 to i64
  %w = insertelement <4 x i32> %v, i32 %t, i64 %i
  store <4 x i32> %w, ptr addrspace(1) %p, align 16
  ret void
}

; Eight floats (256 bits, the most LANES_BITS takes) read at a run-time
; lane from a vector the kernel builds.
; CHECK-LABEL: define ptx_kernel void @wide(
; CHECK: icmp eq i32 %i, 7
; CHECK-NOT: extractelement <8 x float> %v, i32 %i
; PTX-LABEL: .entry wide(
; PTX-NOT: %SP
; PTX: ret;
define ptx_kernel void @wide(ptr addrspace(1) %out, ptr addrspace(1) %lanes) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %d = sitofp i32 %t to float
  %h = insertelement <8 x float> poison, float %d, i32 0
  %s = shufflevector <8 x float> %h, <8 x float> poison, <8 x i32> zeroinitializer
  %v = fadd <8 x float> %s, <float 0.0, float 1.0, float 2.0, float 3.0, float 4.0, float 5.0, float 6.0, float 7.0>
  %q = getelementptr inbounds i32, ptr addrspace(1) %lanes, i32 %t
  %i = load i32, ptr addrspace(1) %q, align 4
  %e = extractelement <8 x float> %v, i32 %i
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t
  store float %e, ptr addrspace(1) %o, align 4
  ret void
}

; What stays: a constant lane; a vector NVPTX keeps in one 32-bit register
; (<2 x half>: llc selects, no frame); 16-bit lanes, which NVPTX unpacks
; from pairs for each lane read (more PTX instructions than the spill);
; vectors wider than the cost model's 256 bits (128 of 64-bit lanes) or
; with more than MAX_LANES lanes; a function the user wants compiled as
; written.
; CHECK-LABEL: define void @stays(
; CHECK: extractelement <4 x float> %v, i32 2
; CHECK: extractelement <2 x half> %h, i32 %i
; CHECK: extractelement <4 x half> %h4, i32 %i
; CHECK: extractelement <16 x float> %f16, i32 %i
; CHECK: extractelement <4 x double> %d4, i32 %i
; CHECK: extractelement <32 x i8> %b, i32 %i
; CHECK-NOT: select
; CHECK: ret void
define void @stays(<4 x float> %v, <2 x half> %h, <4 x half> %h4, <16 x float> %f16, <4 x double> %d4, <32 x i8> %b, i32 %i, ptr addrspace(1) %out) {
  %a = extractelement <4 x float> %v, i32 2
  store float %a, ptr addrspace(1) %out, align 4
  %x = extractelement <2 x half> %h, i32 %i
  store half %x, ptr addrspace(1) %out, align 2
  %x4 = extractelement <4 x half> %h4, i32 %i
  store half %x4, ptr addrspace(1) %out, align 2
  %f = extractelement <16 x float> %f16, i32 %i
  store float %f, ptr addrspace(1) %out, align 4
  %d = extractelement <4 x double> %d4, i32 %i
  store double %d, ptr addrspace(1) %out, align 8
  %y = extractelement <32 x i8> %b, i32 %i
  store i8 %y, ptr addrspace(1) %out, align 1
  ret void
}

; Two doubles (128 bits of 64-bit lanes) and sixteen bytes are taken.
; CHECK-LABEL: define void @taken(
; CHECK: icmp eq i32 %i, 1
; CHECK: select i1 %{{[0-9]+}}, double
; CHECK: icmp eq i32 %i, 15
; CHECK: select i1 %{{[0-9]+}}, i8
; CHECK-NOT: extractelement <2 x double> %d2, i32 %i
; CHECK-NOT: extractelement <16 x i8> %b, i32 %i
define void @taken(<2 x double> %d2, <16 x i8> %b, i32 %i, ptr addrspace(1) %out) {
  %d = extractelement <2 x double> %d2, i32 %i
  store double %d, ptr addrspace(1) %out, align 8
  %y = extractelement <16 x i8> %b, i32 %i
  store i8 %y, ptr addrspace(1) %out, align 1
  ret void
}

; CHECK-LABEL: define void @asked(
; CHECK: extractelement <4 x float> %v, i32 %i
; CHECK-NOT: select
define void @asked(<4 x float> %v, i32 %i, ptr addrspace(1) %out) noinline optnone {
  %a = extractelement <4 x float> %v, i32 %i
  store float %a, ptr addrspace(1) %out, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
