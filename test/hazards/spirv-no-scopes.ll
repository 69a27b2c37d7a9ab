; RUN: gasp-opt -S -pass-remarks-missed=alias %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: llc -filetype=obj %t.ll -o %t.spv
; RUN: spirv-val %t.spv
; RUN: sed 's/spirv64-amd-amdhsa/spirv64-unknown-unknown/' %s | gasp-opt -S - -o %t.plain.ll
; RUN: llc -filetype=obj --spirv-ext=all %t.plain.ll -o %t.plain.spv
; RUN: spirv-val %t.plain.spv
; RUN: sed 's/spirv64-amd-amdhsa/spir64-unknown-unknown/' %s | gasp-opt -S - | FileCheck %s --check-prefix=SPIR
; LLVM 22's SPIR-V back end turns !alias.scope/!noalias lists into
; SPV_INTEL_memory_access_aliasing declarations that reference ids it never
; defines: spirv-val fails wherever the extension is on (spirv64-amd-amdhsa
; by default, any spirv triple with --spirv-ext=all; repro
; spirv_amd_alias_scopes).  On spirv triples the alias pass writes no
; scopes and says why; spir64 (the SPIR-V translator's path) keeps them.
; REMARK: remark: {{.*}}no address-space scopes on triple 'spirv64-amd-amdhsa': LLVM 22's SPIR-V back end declares them invalidly (SPV_INTEL_memory_access_aliasing)
; SPIR: load i32, ptr addrspace(1) %a, align 4, !alias.scope
target triple = "spirv64-amd-amdhsa"

; A kernel copying global memory into local memory through generic
; pointers: both accesses are named, neither gets scopes.
; CHECK-LABEL: define spir_kernel void @k(
; CHECK: load i32, ptr addrspace(1) %a, align 4{{$}}
; CHECK: store i32 %v, ptr addrspace(3) %b, align 4{{$}}
; CHECK-NOT: !alias.scope
define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(3) %b) {
  %ga = addrspacecast ptr addrspace(1) %a to ptr addrspace(4)
  %gb = addrspacecast ptr addrspace(3) %b to ptr addrspace(4)
  %v = load i32, ptr addrspace(4) %ga, align 4
  store i32 %v, ptr addrspace(4) %gb, align 4
  ret void
}
