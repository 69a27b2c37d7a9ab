; launder leaves a by-value parameter's cast alone: NVPTXLowerArgs reads a
; by-value block through param-space loads at the alignment it gives the
; parameter only where every use of it is one it knows (a cast, a GEP, a
; load), and copied the block to the frame byte by byte past a launder
; (FluidX3D's graphics_raytrace_phi: ray_grid_traverse's `ray` read with 72
; `ld.param.b8` instead of two `ld.param.v4.b32`, 2,489 -> 2,659 PTX
; instructions and 16 spill bytes more than clang's build).  The other
; parameter's cast, a pointer the caller passed, is laundered as before.
; RUN: gasp-opt -S --passes=launder -stats %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: FileCheck %s < %t.ll
; RUN: llc -mcpu=sm_90 %t.ll -o - | FileCheck %s --check-prefix=PTX
; RUN: gasp-run %s --kernel k --global 1 --local 1 --arg buf:f32:8:iota --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; STATS: 1 launder - parameter casts to a named space laundered for the vectorizer (nvptx)
; EXEC: identical
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%ray = type { <3 x float>, <3 x float> }

; The ray's eight floats read through its cast to the private space, as
; gasp's frames pass names a by-value block; the output through a cast of
; a generic parameter.
; CHECK-LABEL: define internal void @trace(
; CHECK:         %r5 = addrspacecast ptr %r to ptr addrspace(5)
; CHECK-NOT:     llvm.launder.invariant.group.p5(ptr addrspace(5) %r5)
; CHECK:         call ptr addrspace(1) @llvm.launder.invariant.group.p1(ptr addrspace(1) %o1)
; PTX-LABEL: .func trace(
; PTX-NOT:     ld.param.b8
; PTX:         ld.param.v4.b32
; PTX-NOT:     ld.param.b8
; PTX:         ret;
define internal void @trace(ptr byval(%ray) align 1 %r, ptr %o) noinline {
entry:
  %r5 = addrspacecast ptr %r to ptr addrspace(5)
  %o1 = addrspacecast ptr %o to ptr addrspace(1)
  %a = load float, ptr addrspace(5) %r5, align 1
  %pb = getelementptr inbounds i8, ptr addrspace(5) %r5, i64 4
  %b = load float, ptr addrspace(5) %pb, align 1
  %pc = getelementptr inbounds i8, ptr addrspace(5) %r5, i64 8
  %c = load float, ptr addrspace(5) %pc, align 1
  %pd = getelementptr inbounds i8, ptr addrspace(5) %r5, i64 16
  %d = load float, ptr addrspace(5) %pd, align 1
  %pe = getelementptr inbounds i8, ptr addrspace(5) %r5, i64 20
  %e = load float, ptr addrspace(5) %pe, align 1
  %pf = getelementptr inbounds i8, ptr addrspace(5) %r5, i64 24
  %f = load float, ptr addrspace(5) %pf, align 1
  %ab = fadd float %a, %b
  %cd = fmul float %c, %d
  %ef = fsub float %e, %f
  store float %ab, ptr addrspace(1) %o1, align 4
  %o2 = getelementptr inbounds i8, ptr addrspace(1) %o1, i64 4
  store float %cd, ptr addrspace(1) %o2, align 4
  %o3 = getelementptr inbounds i8, ptr addrspace(1) %o1, i64 8
  store float %ef, ptr addrspace(1) %o3, align 4
  ret void
}

define ptx_kernel void @k(ptr addrspace(1) %buf) {
entry:
  %g = alloca %ray, align 16
  %v0 = load <3 x float>, ptr addrspace(1) %buf, align 4
  %p1 = getelementptr inbounds i8, ptr addrspace(1) %buf, i64 12
  %v1 = load <3 x float>, ptr addrspace(1) %p1, align 4
  store <3 x float> %v0, ptr %g, align 16
  %s1 = getelementptr inbounds i8, ptr %g, i64 16
  store <3 x float> %v1, ptr %s1, align 16
  %out = getelementptr inbounds i8, ptr addrspace(1) %buf, i64 20
  %outg = addrspacecast ptr addrspace(1) %out to ptr
  call void @trace(ptr byval(%ray) align 1 %g, ptr %outg)
  ret void
}
