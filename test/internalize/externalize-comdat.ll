; amdgcn, --whole-program: a C++ inline function in its comdat (HIP's
; linkonce_odr templates) is internal while gasp's passes run and keeps its
; comdat; externalize gives it linkonce_odr back, in the same comdat, as
; clang's build has it.  One gasp retyped in place is gasp's: internal,
; still in its comdat (an internal member is valid IR).
; RUN: gasp-opt -S --whole-program %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:4 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: llc-22 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a %t.ll -o - | FileCheck %s --check-prefix=ASM
; EXEC: identical
; CHECK-DAG: $_Z4peekPi = comdat any
; CHECK-DAG: $_Z3addPii = comdat any
; CHECK-DAG: define linkonce_odr hidden i32 @_Z4peekPi(ptr addrspace(1) %p) {{.*}}comdat
; CHECK-DAG: define internal void @_Z3addPii(ptr addrspace(1) %p, i32 %v) {{.*}}comdat
; CHECK-NOT: gasp.linkage
; ASM: .section .text._Z4peekPi,"axG",@progbits,_Z4peekPi,comdat
; ASM: .weak _Z4peekPi
target triple = "amdgcn-amd-amdhsa"

$_Z4peekPi = comdat any
$_Z3addPii = comdat any

; Reads global memory through a global pointer: nothing to name, its
; linkage and comdat as they came.
define linkonce_odr hidden i32 @_Z4peekPi(ptr addrspace(1) %p) noinline comdat {
  %x = load i32, ptr addrspace(1) %p, align 4
  ret i32 %x
}

; Adds through a generic pointer every caller gives global memory: retyped
; in place, gasp's from then on.
define linkonce_odr hidden void @_Z3addPii(ptr %p, i32 %v) noinline comdat {
  %x = load i32, ptr %p, align 4
  %y = add i32 %x, %v
  store i32 %y, ptr %p, align 4
  ret void
}

; Peeks at its buffer and adds the value to the next element.
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %x = call i32 @_Z4peekPi(ptr addrspace(1) %out)
  %o1 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 1
  %g = addrspacecast ptr addrspace(1) %o1 to ptr
  call void @_Z3addPii(ptr %g, i32 %x)
  ret void
}
