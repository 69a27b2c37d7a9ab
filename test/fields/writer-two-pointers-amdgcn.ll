; writer-two-pointers.ll's shapes as HIP builds them for AMDGPU: the
; private struct is an addrspace(5) alloca handed to the helper as two flat
; pointers into it (addrspacecasts), the shared array it holds is LDS
; (addrspace 3).  The struct keeps its field facts (each argument a writer
; of its own, none of the helper's writes a must), so the helper that gets
; the loaded field is named in LDS (ds_ in the machine code); a helper
; handed the same field twice leaves the field's store flat.
; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: llc-22 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a %t.ll -o %t.s
; RUN: FileCheck %s --check-prefix=ISA < %t.s
; RUN: gasp-run %s --kernel sorted --global 4 --local 4 --arg buf:f32:4:iota --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel aliased --global 4 --local 4 --arg buf:i32:4:iota --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [4 x float] poison, align 4
@ldsi = internal addrspace(3) global [4 x i32] poison, align 4

; Orders the two floats at a and adds the two at b (a writer of both:
; floats stored at constant offsets).
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

; Adds x at p[tid] (called with the LDS pointer the struct holds).
define internal void @bump(ptr %p, float %x) noinline {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %i = zext i32 %t to i64
  %q = getelementptr inbounds float, ptr %p, i64 %i
  %v = load float, ptr %q, align 4
  %s = fadd float %v, %x
  store float %s, ptr %q, align 4
  ret void
}

; The struct { float k[2], v[2]; float *sh; } in scratch holds the LDS
; array in its pointer field; sort2 gets &k and &v and writes only floats:
; the field still holds the LDS pointer, so bump is called in LDS.
; CHECK-LABEL: define amdgpu_kernel void @sorted(
; CHECK: call void @bump{{.*}}(ptr addrspace(3)
; ISA-LABEL: bump{{.*}}:
; ISA-NOT: flat_load
; ISA: ds_read_b32
; ISA-NOT: flat_store
; ISA: ds_write_b32
define amdgpu_kernel void @sorted(ptr addrspace(1) %out) {
  %s5 = alloca { [2 x float], [2 x float], ptr }, align 8, addrspace(5)
  %s = addrspacecast ptr addrspace(5) %s5 to ptr
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %i = zext i32 %t to i64
  %src = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i
  %x = load float, ptr addrspace(1) %src, align 4
  %shp = getelementptr inbounds i8, ptr %s, i64 16
  store ptr addrspacecast (ptr addrspace(3) @lds to ptr), ptr %shp, align 8
  %ls = getelementptr inbounds float, ptr addrspace(3) @lds, i64 %i
  store float 0.5, ptr addrspace(3) %ls, align 4
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
  call void @llvm.amdgcn.s.barrier()
  %y = load float, ptr addrspace(3) %ls, align 4
  store float %y, ptr addrspace(1) %src, align 4
  ret void
}

; Stores g through a, then l through b (the same bytes when b is a).
define internal void @put2(ptr %a, ptr %b, ptr %g, ptr %l) noinline {
  store ptr %g, ptr %a, align 8
  store ptr %l, ptr %b, align 8
  ret void
}

; put2 gets the struct's field at 0 as both pointers: the global pointer
; stored first is overwritten by the LDS one; the field may hold either as
; far as the model knows, so the store through it stays flat (naming it
; global from the first write would be wrong).
; CHECK-LABEL: define amdgpu_kernel void @aliased(
; CHECK: %p = load ptr, ptr addrspace(5)
; CHECK-NEXT: store i32 7, ptr %p
define amdgpu_kernel void @aliased(ptr addrspace(1) %out) {
  %s5 = alloca ptr, align 8, addrspace(5)
  %s = addrspacecast ptr addrspace(5) %s5 to ptr
  %same = getelementptr inbounds i8, ptr %s, i64 0
  %g = addrspacecast ptr addrspace(1) %out to ptr
  call void @put2(ptr %s, ptr %same, ptr %g, ptr addrspacecast (ptr addrspace(3) @ldsi to ptr))
  %p = load ptr, ptr %s, align 8
  store i32 7, ptr %p, align 4
  call void @llvm.amdgcn.s.barrier()
  %y = load i32, ptr addrspace(3) @ldsi, align 4
  store i32 %y, ptr addrspace(1) %out, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
