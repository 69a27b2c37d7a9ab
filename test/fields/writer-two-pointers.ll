; A private struct handed to a helper as two pointers into it (faiss's
; BlockSelect: BitonicSortStep::sort(&this->threadK, &this->threadV),
; after inlining, straight from the kernel) keeps its field facts when each
; pointer is a writer's parameter (memory.c: walk_writer; each argument is
; walked as its own writer).  The helper may write the same bytes through
; both, so none of its writes is taken as the last one there (no must),
; and fields.c gives such a call's helper no facts (its own model of one
; parameter would miss the writes through the other).
; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.s
; RUN: FileCheck %s --check-prefix=PTX < %t.s
; RUN: gasp-run %s --kernel sorted --global 4 --local 4 --arg buf:f32:4:iota --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel aliased --global 4 --local 4 --arg buf:i32:4:iota --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel aliased_helper --global 4 --local 4 --arg buf:i32:4:iota --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@lds = internal addrspace(3) global [4 x float] zeroinitializer, align 4
@ldsi = internal addrspace(3) global [4 x i32] zeroinitializer, align 4

; Orders the two floats at a and the two at b (a writer of both: floats
; stored at constant offsets).
define internal void @sort2(ptr %a, ptr %b) noinline {
  %a1p = getelementptr inbounds i8, ptr %a, i64 4
  %x = load float, ptr %a, align 4
  %y = load float, ptr %a1p, align 4
  %lt = fcmp olt float %y, %x
  %lo = select i1 %lt, float %y, float %x
  %hi = select i1 %lt, float %x, float %y
  store float %lo, ptr %a, align 4
  store float %hi, ptr %a1p, align 4
  %b1p = getelementptr inbounds i8, ptr %b, i64 4
  %u = load float, ptr %b, align 4
  %v = load float, ptr %b1p, align 4
  %s = fadd float %u, %v
  store float %s, ptr %b, align 4
  ret void
}

; Adds through p (called with the shared pointer the struct holds).
define internal void @bump(ptr %p, float %x) noinline {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %q = getelementptr inbounds float, ptr %p, i64 %i
  %v = load float, ptr %q, align 4
  %s = fadd float %v, %x
  store float %s, ptr %q, align 4
  ret void
}

; The struct { float k[2], v[2]; float *sh; } holds the shared array in
; its pointer field; sort2 gets &k and &v and writes only floats: the
; field still holds the shared pointer, so bump is called in shared memory.
; CHECK-LABEL: define ptx_kernel void @sorted(
; CHECK: call void @bump{{.*}}(ptr addrspace(3)
; PTX-LABEL: .func bump
; PTX: ld.shared.b32
; PTX: st.shared.b32
define ptx_kernel void @sorted(ptr addrspace(1) %out) {
  %s = alloca { [2 x float], [2 x float], ptr }, align 8
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %src = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i
  %x = load float, ptr addrspace(1) %src, align 4
  %shp = getelementptr inbounds i8, ptr %s, i64 16
  store ptr addrspacecast (ptr addrspace(3) @lds to ptr), ptr %shp, align 8
  store float %x, ptr %s, align 8
  %k1 = getelementptr inbounds i8, ptr %s, i64 4
  store float 2.0, ptr %k1, align 4
  %vp = getelementptr inbounds i8, ptr %s, i64 8
  store float 1.0, ptr %vp, align 8
  %v1 = getelementptr inbounds i8, ptr %s, i64 12
  store float 3.0, ptr %v1, align 4
  call void @sort2(ptr %s, ptr %vp)
  %sh = load ptr, ptr %shp, align 8
  %lo = load float, ptr %s, align 8
  call void @bump(ptr %sh, float %lo)
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %r = getelementptr inbounds float, ptr addrspace(3) @lds, i64 %i
  %y = load float, ptr addrspace(3) %r, align 4
  store float %y, ptr addrspace(1) %src, align 4
  ret void
}

; Stores g through a, then l through b (the same bytes when b is a).
define internal void @put2(ptr %a, ptr %b, ptr %g, ptr %l) noinline {
  store ptr %g, ptr %a, align 8
  store ptr %l, ptr %b, align 8
  ret void
}

; put2 gets the struct twice (its field at 0 as both pointers): the global
; pointer stored first is overwritten by the shared one; the field may
; hold either as far as the model knows, so the store through it stays
; generic (naming it global from the first write would be wrong).
; CHECK-LABEL: define ptx_kernel void @aliased(
; CHECK: %p = load ptr, ptr addrspace(5)
; CHECK-NEXT: store i32 7, ptr %p
define ptx_kernel void @aliased(ptr addrspace(1) %out) {
  %s = alloca ptr, align 8
  %same = getelementptr inbounds i8, ptr %s, i64 0
  %g = addrspacecast ptr addrspace(1) %out to ptr
  call void @put2(ptr %s, ptr %same, ptr %g, ptr addrspacecast (ptr addrspace(3) @ldsi to ptr))
  %p = load ptr, ptr %s, align 8
  store i32 7, ptr %p, align 4
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %y = load i32, ptr addrspace(3) @ldsi, align 4
  store i32 %y, ptr addrspace(1) %out, align 4
  ret void
}

; Stores l through a, then g through b, then writes through what a's
; field holds (g when b is a), and reads a global pointer at a + 8.
define internal void @put_use(ptr %a, ptr %b, ptr %l, ptr %g) noinline {
  store ptr %l, ptr %a, align 8
  store ptr %g, ptr %b, align 8
  %p = load ptr, ptr %a, align 8
  store i32 9, ptr %p, align 4
  %qp = getelementptr inbounds i8, ptr %a, i64 8
  %q = load ptr, ptr %qp, align 8
  store i32 5, ptr %q, align 4
  ret void
}

; The helper gets two pointers to one struct: no field-specialized copy
; of it (its model of parameter 0 alone would take the field at 0 to hold
; l, the last write through a, where b overwrote it with g).
; CHECK-LABEL: define ptx_kernel void @aliased_helper(
; CHECK: call void @put_use(
; CHECK-LABEL: define internal void @put_use(
; CHECK-NOT: !gasp.fields
; CHECK: %p = load ptr, ptr addrspace(5) %a
; CHECK-NEXT: store i32 9, ptr %p
define ptx_kernel void @aliased_helper(ptr addrspace(1) %out) {
  %s = alloca { ptr, ptr }, align 8
  %same = getelementptr inbounds i8, ptr %s, i64 0
  %g = addrspacecast ptr addrspace(1) %out to ptr
  %qp = getelementptr inbounds i8, ptr %s, i64 8
  %o1 = getelementptr inbounds i8, ptr %g, i64 4
  store ptr %o1, ptr %qp, align 8
  call void @put_use(ptr %s, ptr %same, ptr addrspacecast (ptr addrspace(3) @ldsi to ptr), ptr %g)
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %y = load i32, ptr addrspace(3) @ldsi, align 4
  store i32 %y, ptr addrspace(1) %out, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
