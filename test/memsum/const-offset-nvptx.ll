; RUN: gasp-opt --whole-program -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:f32:8 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o - | FileCheck %s --check-prefix=PTX
; EXEC: identical
; A pointer field loaded at a constant non-zero offset of a __constant__ or
; __device__ struct (CUDA's `struct P { unsigned n[4]; float *xb; };
; __constant__ P ph; ... ph.xb[i]`, clang -O2's constant GEP expression on
; the variable) is read like the field at offset 0: the constant GEP is in
; the variable's space, and that memory holds global pointers (the host's,
; the initializer's).  clang's @llvm.compiler.used, which lists both
; variables' generic addresses, is not memory the program reads: it does
; not make global memory hold a pointer to constant memory.
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.P = type { [4 x i32], ptr, ptr }

@data = internal addrspace(1) global [8 x float] zeroinitializer, align 4
@ph = dso_local addrspace(4) externally_initialized constant %struct.P { [4 x i32] zeroinitializer, ptr addrspacecast (ptr addrspace(1) @data to ptr), ptr null }, align 8
@pg = dso_local addrspace(1) externally_initialized global %struct.P zeroinitializer, align 8
@llvm.compiler.used = appending global [2 x ptr] [ptr addrspacecast (ptr addrspace(1) @pg to ptr), ptr addrspacecast (ptr addrspace(4) @ph to ptr)], section "llvm.metadata"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; Both fields are global pointers: the stores through ph.xb and the load
; and store through pg.ya are global (two accesses through each: on NVPTX
; one alone would stay generic, target.c "Casts that must be shared").
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: load ptr, ptr addrspace(4) getelementptr inbounds nuw (i8, ptr addrspace(4) @ph, i64 16)
; CHECK: store float 1.000000e+00, ptr addrspace(1)
; CHECK: store float 3.000000e+00, ptr addrspace(1)
; CHECK: load float, ptr addrspace(1)
; CHECK: store float {{.*}}, ptr addrspace(1)
; PTX-NOT: {{(ld|st)(\.volatile)?\.f32}}
; PTX: st.global.b32
; PTX: ld.global.b32
define ptx_kernel void @k(ptr %out) {
  %i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i64 = sext i32 %i to i64
  store ptr %out, ptr getelementptr inbounds nuw (i8, ptr addrspacecast (ptr addrspace(1) @pg to ptr), i64 24), align 8
  %xb = load ptr, ptr getelementptr inbounds nuw (i8, ptr addrspacecast (ptr addrspace(4) @ph to ptr), i64 16), align 8
  %a = getelementptr inbounds float, ptr %xb, i64 %i64
  store float 1.000000e+00, ptr %a, align 4
  store float 3.000000e+00, ptr %xb, align 4
  %ya = load ptr, ptr getelementptr inbounds nuw (i8, ptr addrspacecast (ptr addrspace(1) @pg to ptr), i64 24), align 8
  %b = getelementptr inbounds float, ptr %ya, i64 %i64
  %v = load float, ptr %b, align 4
  %w = fadd float %v, 2.000000e+00
  store float %w, ptr %b, align 4
  ret void
}
