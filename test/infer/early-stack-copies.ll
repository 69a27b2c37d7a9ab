; In a run LLVM's optimizer follows (the plugin's early run, --early-run),
; stack copies wait for the late run: accesses through a device function's
; by-value parameter (the inliner makes it a stack slot filled by a
; memcpy) and a memory intrinsic on a stack slot (SROA splits it into the
; slot's fields).  Named private early, the slot is read through a cast and
; SROA gives its pieces integer types: held-out HeCBench attention-paged
; read a 32-byte struct of float2 from shared memory as four i64 loads
; (ld.shared.b64 and their unpacking where clang's build has
; ld.shared.v2.b32).  Without --early-run (gasp-opt, the late run) they
; are named as before.  Accesses through other pointers are named early.
; RUN: gasp-opt --early-run --backend-follows --passes=infer -S %s -o - | FileCheck %s --check-prefix=EARLY
; RUN: gasp-opt --passes=infer -S %s -o - | FileCheck %s --check-prefix=LATE
; RUN: gasp-opt --early-run --backend-follows --passes=infer -S %s -o %t.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:f32:64:iota --arg buf:f32:8 --dynamic-local 256 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%f2 = type { float, float }
%f8 = type { %f2, %f2, %f2, %f2 }

@smem = external addrspace(3) global [0 x i8], align 8

; The by-value parameter's loads stay generic early, are private late.
; EARLY-LABEL: define internal float @mul2(
; EARLY:       load float, ptr %v
; EARLY-NOT:   addrspace(5)
; LATE-LABEL:  define internal float @mul2(
; LATE:        load float, ptr addrspace(5)
define internal float @mul2(ptr byval(%f2) align 8 %v) {
  %x = load float, ptr %v, align 8
  %py = getelementptr inbounds %f2, ptr %v, i32 0, i32 1
  %y = load float, ptr %py, align 4
  %m = fmul float %x, %y
  ret float %m
}

; The copy of shared memory into a stack slot stays generic early; so does
; the shared store before it (a module variable's cast, which llc names
; itself: backend-named.ll), while the load through the cast parameter is
; named either way.
; EARLY-LABEL: define ptx_kernel void @k(
; EARLY:       load float, ptr addrspace(1)
; EARLY:       store float %v, ptr %dst
; EARLY:       call void @llvm.memcpy.p0.p0.i64(ptr
; LATE-LABEL:  define ptx_kernel void @k(
; LATE:        call void @llvm.memcpy.p5.p3.i64(
define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %tmp = alloca %f8, align 8
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %l = addrspacecast ptr addrspace(3) @smem to ptr
  %gin = addrspacecast ptr addrspace(1) %in to ptr
  %row = mul i32 %t, 8
  br label %fill
fill:
  %i = phi i32 [ 0, %0 ], [ %i1, %fill ]
  %j = add i32 %row, %i
  %src = getelementptr inbounds float, ptr %gin, i32 %j
  %v = load float, ptr %src, align 4
  %dst = getelementptr inbounds float, ptr %l, i32 %j
  store float %v, ptr %dst, align 4
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, 8
  br i1 %more, label %fill, label %use
use:
  %base = getelementptr inbounds float, ptr %l, i32 %row
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %tmp, ptr align 8 %base, i64 32, i1 false)
  %a = call float @mul2(ptr byval(%f2) align 8 %tmp)
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t
  store float %a, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
