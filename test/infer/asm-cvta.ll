; An inline asm whose one write of its integer result is PTX's cvta.<space>
; (the generic address of an address of that space) hands back a pointer
; into that space, so accesses through the inttoptr of its result are named
; (src/target/casts.c, casts_asm_made; space.c's SP_ASM source).  CUDA's
; cooperative groups reach their reserved shared memory so
; (cooperative_groups/details/memory.h, reserved_shared_ptr: cuda-samples'
; reduction kernels, 96 -> 48 generic accesses in PTX, the 48 left inside
; the asm itself).  Anything else an asm writes stays generic, as does the
; same text on AMDGPU.  The pure conversion runs on the host as its input
; (src/exec/prep.c), so the shared case runs both ways.
; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.s
; RUN: FileCheck %s --check-prefix=PTX < %t.s
; RUN: gasp-opt -pass-remarks-missed=gasp -disable-output %s 2>&1 | FileCheck %s --check-prefix=WHY
; RUN: gasp-run %s --kernel shared_conv --global 8 --local 8 --arg buf:f32:8 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel shared_ptr --global 8 --local 8 --arg buf:f32:8 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: sed -e 's/nvptx64-nvidia-cuda/amdgcn-amd-amdhsa/' -e 's/ptx_kernel/amdgpu_kernel/' -e 's/^target datalayout.*//' %s > %t.amd.ll
; RUN: gasp-opt -S %t.amd.ll | FileCheck %s --check-prefix=AMD
; EXEC: identical
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [8 x float] undef, align 4

; A user's conversion of a shared address (`asm("cvta.shared.u64 %0, %1;")`):
; the store and load through it become shared ones.
; IR-LABEL: define ptx_kernel void @shared_conv(
; IR: %[[S:.*]] = addrspacecast ptr %p to ptr addrspace(3)
; IR: getelementptr float, ptr addrspace(3) %[[S]]
; IR: store float %f, ptr addrspace(3)
; IR: load float, ptr addrspace(3)
; PTX-LABEL: .entry shared_conv(
; PTX-NOT: {{^[[:space:]]+(ld|st)\.b32}}
; PTX: st.shared.b32
; PTX-NOT: {{^[[:space:]]+(ld|st)\.b32}}
; PTX: st.global.b32
; PTX: ret;
; AMD-LABEL: define amdgpu_kernel void @shared_conv(
; AMD: store float %f, ptr %q
define ptx_kernel void @shared_conv(ptr %out) {
entry:
  %g = call i64 asm "cvta.shared.u64 $0, $1;", "=l,l"(i64 ptrtoint (ptr addrspace(3) @sh to i64))
  %p = inttoptr i64 %g to ptr
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %q = getelementptr float, ptr %p, i64 %idx
  %f = uitofp i32 %tid to float
  store float %f, ptr %q
  %v = load float, ptr %q
  %o = getelementptr float, ptr %out, i64 %idx
  store float %v, ptr %o
  ret void
}

; Cooperative groups' reserved shared memory: the asm reads a special
; register into its own temporaries and converts the last one.
; IR-LABEL: define ptx_kernel void @reserved(
; IR: addrspacecast ptr %p to ptr addrspace(3)
; IR: load i32, ptr addrspace(3)
; IR: store i32 %{{.*}}, ptr addrspace(3)
define ptx_kernel void @reserved(ptr %out) {
entry:
  %g = tail call i64 asm "{\0A\09 .reg .u32 start;\0A\09 .reg .u64 extended;\0A\09 mov.u32 start, %reserved_smem_offset_1;\0A\09 cvt.u64.u32 extended, start;\0A\09 cvta.shared.u64 $0, extended;\0A\09}", "=l"()
  %p = inttoptr i64 %g to ptr
  %slot = getelementptr i8, ptr %p, i64 32
  %v = load i32, ptr %slot
  %w = add i32 %v, 1
  store i32 %w, ptr %slot
  store i32 %v, ptr %out
  ret void
}

; The same conversion written `asm(... : "=l"(void *p) : ...)`: the asm
; returns the generic pointer itself.
; IR-LABEL: define ptx_kernel void @shared_ptr(
; IR: %[[S:.*]] = addrspacecast ptr %p to ptr addrspace(3)
; IR: store float %f, ptr addrspace(3)
; PTX-LABEL: .entry shared_ptr(
; PTX-NOT: {{^[[:space:]]+(ld|st)\.b32}}
; PTX: st.shared.b32
; PTX-NOT: {{^[[:space:]]+(ld|st)\.b32}}
; PTX: st.global.b32
; PTX: ret;
define ptx_kernel void @shared_ptr(ptr %out) {
entry:
  %p = call ptr asm "cvta.shared.u64 $0, $1;", "=l,l"(i64 ptrtoint (ptr addrspace(3) @sh to i64))
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %q = getelementptr float, ptr %p, i64 %idx
  %f = uitofp i32 %tid to float
  store float %f, ptr %q
  %v = load float, ptr %q
  %o = getelementptr float, ptr %out, i64 %idx
  store float %v, ptr %o
  ret void
}

; A global conversion names its two accesses global (one cast, shared).
; IR-LABEL: define ptx_kernel void @global_conv(
; IR: addrspacecast ptr %p to ptr addrspace(1)
; IR: load i32, ptr addrspace(1)
; IR: store i32 %{{.*}}, ptr addrspace(1)
define ptx_kernel void @global_conv(i64 %a) {
entry:
  %g = call i64 asm "cvta.global.u64 $0, $1;", "=l,l"(i64 %a)
  %p = inttoptr i64 %g to ptr
  %v = load i32, ptr %p
  %w = add i32 %v, 1
  store i32 %w, ptr %p
  ret void
}

; What stays generic: the other direction (cvta.to.shared makes a shared
; address, not a generic one), a move, a result written twice, a
; predicated conversion (the result may be the other write's), and two
; outputs.
; IR-LABEL: define ptx_kernel void @refused(
; IR: load i32, ptr %p1
; IR: load i32, ptr %p2
; IR: load i32, ptr %p3
; IR: load i32, ptr %p4
; IR: load i32, ptr %p5
; WHY-COUNT-4: load stays generic: made from an integer inline assembly returns (inttoptr; only a result whose one write is a conversion to generic, PTX cvta.<space>, is read)
; WHY-NEXT: load stays generic: made from an integer (inttoptr)
; WHY-NOT: stays generic
define ptx_kernel void @refused(i64 %a, ptr %out) {
entry:
  %g1 = call i64 asm "cvta.to.shared.u64 $0, $1;", "=l,l"(i64 %a)
  %p1 = inttoptr i64 %g1 to ptr
  %v1 = load i32, ptr %p1
  %g2 = call i64 asm "mov.u64 $0, $1;", "=l,l"(i64 %a)
  %p2 = inttoptr i64 %g2 to ptr
  %v2 = load i32, ptr %p2
  %g3 = call i64 asm "cvta.shared.u64 $0, $1; add.u64 $0, $0, 8;", "=l,l"(i64 %a)
  %p3 = inttoptr i64 %g3 to ptr
  %v3 = load i32, ptr %p3
  %g4 = call i64 asm "{ .reg .pred p; setp.ne.u64 p, $1, 0; @p cvta.shared.u64 $0, $1; }", "=l,l"(i64 %a)
  %p4 = inttoptr i64 %g4 to ptr
  %v4 = load i32, ptr %p4
  %g5 = call { i64, i64 } asm "cvta.shared.u64 $0, $2; mov.u64 $1, $2;", "=l,=l,l"(i64 %a)
  %e5 = extractvalue { i64, i64 } %g5, 0
  %p5 = inttoptr i64 %e5 to ptr
  %v5 = load i32, ptr %p5
  %s1 = add i32 %v1, %v2
  %s2 = add i32 %s1, %v3
  %s3 = add i32 %s2, %v4
  %s4 = add i32 %s3, %v5
  store i32 %s4, ptr %out
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
