; writer-two-pointers.ll's shapes as an OpenCL 2.0 front end builds them
; for SPIR-V: the private struct is an alloca handed to the helper as two
; generic pointers (addrspace 4) into it, the shared array it holds is a
; __local one (addrspace 3).  The struct keeps its field facts (each
; argument a writer of its own, none of the helper's writes a must), so
; the helper that gets the loaded field is named Workgroup in SPIR-V; a
; helper handed the same field twice leaves the field's store Generic.
; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: llc-22 -O2 -mtriple=spirv64-unknown-unknown -filetype=obj %t.ll -o %t.spv
; RUN: spirv-val %t.spv
; RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=SPV
; RUN: gasp-run %s --kernel sorted --global 4 --local 4 --arg buf:f32:4:iota --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel aliased --global 4 --local 4 --arg buf:i32:4:iota --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
target triple = "spir64-unknown-unknown"

@lds = internal addrspace(3) global [4 x float] poison, align 4
@ldsi = internal addrspace(3) global [4 x i32] poison, align 4

; Orders the two floats at a and adds the two at b (a writer of both:
; floats stored at constant offsets).
define internal spir_func void @sort2(ptr addrspace(4) %a, ptr addrspace(4) %b) noinline {
  %a1p = getelementptr inbounds i8, ptr addrspace(4) %a, i64 4
  %x = load float, ptr addrspace(4) %a, align 4
  %y = load float, ptr addrspace(4) %a1p, align 4
  %lt = fcmp olt float %y, %x
  %lo = select i1 %lt, float %y, float %x
  %hi = select i1 %lt, float %x, float %y
  store float %lo, ptr addrspace(4) %a, align 4
  store float %hi, ptr addrspace(4) %a1p, align 4
  %b1p = getelementptr inbounds i8, ptr addrspace(4) %b, i64 4
  %u = load float, ptr addrspace(4) %b, align 4
  %v = load float, ptr addrspace(4) %b1p, align 4
  %s = fadd float %u, %v
  store float %s, ptr addrspace(4) %b, align 4
  ret void
}

; Adds x at p[tid] (called with the __local pointer the struct holds).
define internal spir_func void @bump(ptr addrspace(4) %p, float %x) noinline {
  %i = call spir_func i64 @_Z12get_local_idj(i32 0)
  %q = getelementptr inbounds float, ptr addrspace(4) %p, i64 %i
  %v = load float, ptr addrspace(4) %q, align 4
  %s = fadd float %v, %x
  store float %s, ptr addrspace(4) %q, align 4
  ret void
}

; The struct { float k[2], v[2]; float *sh; } holds the __local
; array in its pointer field; sort2 gets &k and &v and writes only floats:
; the field still holds the __local pointer, so bump is called in local memory.
; CHECK-LABEL: define spir_kernel void @sorted(
; CHECK: call spir_func void @bump{{.*}}(ptr addrspace(3)
; SPV: %bump = OpFunction
; SPV-NEXT: OpFunctionParameter %_ptr_Workgroup_float
define spir_kernel void @sorted(ptr addrspace(1) %out) {
  %s5 = alloca { [2 x float], [2 x float], ptr addrspace(4) }, align 8
  %s = addrspacecast ptr %s5 to ptr addrspace(4)
  %i = call spir_func i64 @_Z12get_local_idj(i32 0)
  %src = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i
  %x = load float, ptr addrspace(1) %src, align 4
  %shp = getelementptr inbounds i8, ptr addrspace(4) %s, i64 16
  store ptr addrspace(4) addrspacecast (ptr addrspace(3) @lds to ptr addrspace(4)), ptr addrspace(4) %shp, align 8
  %ls = getelementptr inbounds float, ptr addrspace(3) @lds, i64 %i
  store float 0.5, ptr addrspace(3) %ls, align 4
  store float %x, ptr addrspace(4) %s, align 8
  %k1 = getelementptr inbounds i8, ptr addrspace(4) %s, i64 4
  store float 2.0, ptr addrspace(4) %k1, align 4
  %vp = getelementptr inbounds i8, ptr addrspace(4) %s, i64 8
  store float 1.0, ptr addrspace(4) %vp, align 8
  %v1 = getelementptr inbounds i8, ptr addrspace(4) %s, i64 12
  store float 3.0, ptr addrspace(4) %v1, align 4
  call spir_func void @sort2(ptr addrspace(4) %s, ptr addrspace(4) %vp)
  %sh = load ptr addrspace(4), ptr addrspace(4) %shp, align 8
  %lo = load float, ptr addrspace(4) %s, align 8
  call spir_func void @bump(ptr addrspace(4) %sh, float %lo)
  call spir_func void @_Z7barrierj(i32 1)
  %y = load float, ptr addrspace(3) %ls, align 4
  store float %y, ptr addrspace(1) %src, align 4
  ret void
}

; Stores g through a, then l through b (the same bytes when b is a).
define internal spir_func void @put2(ptr addrspace(4) %a, ptr addrspace(4) %b, ptr addrspace(4) %g, ptr addrspace(4) %l) noinline {
  store ptr addrspace(4) %g, ptr addrspace(4) %a, align 8
  store ptr addrspace(4) %l, ptr addrspace(4) %b, align 8
  ret void
}

; put2 gets the struct's field at 0 as both pointers: the global pointer
; stored first is overwritten by the __local one; the field may hold either as
; far as the model knows, so the store through it stays generic (naming it
; global from the first write would be wrong).
; CHECK-LABEL: define spir_kernel void @aliased(
; CHECK: %p = load ptr addrspace(4), ptr
; CHECK-NEXT: store i32 7, ptr addrspace(4) %p
define spir_kernel void @aliased(ptr addrspace(1) %out) {
  %s5 = alloca ptr, align 8
  %s = addrspacecast ptr %s5 to ptr addrspace(4)
  %same = getelementptr inbounds i8, ptr addrspace(4) %s, i64 0
  %g = addrspacecast ptr addrspace(1) %out to ptr addrspace(4)
  call spir_func void @put2(ptr addrspace(4) %s, ptr addrspace(4) %same, ptr addrspace(4) %g, ptr addrspace(4) addrspacecast (ptr addrspace(3) @ldsi to ptr addrspace(4)))
  %p = load ptr addrspace(4), ptr addrspace(4) %s, align 8
  store i32 7, ptr addrspace(4) %p, align 4
  call spir_func void @_Z7barrierj(i32 1)
  %y = load i32, ptr addrspace(3) @ldsi, align 4
  store i32 %y, ptr addrspace(1) %out, align 4
  ret void
}

declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func void @_Z7barrierj(i32)
