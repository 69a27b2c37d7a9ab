; Every option takes both forms (docs/guide.md), -o too: -o f, -o=f, --o f,
; --o=f write the same output; an empty name is a usage error (exit 2).
; A -mtriple under which the module is invalid is bad input: a clear
; error, exit 1, nothing written (it was "internal error", exit 3).
; RUN: rm -rf %t && mkdir %t
; RUN: cp %s %t/in.ll
; RUN: gasp-opt -S %t/in.ll -o %t/a.ll
; RUN: gasp-opt -S %t/in.ll -o=%t/b.ll
; RUN: gasp-opt -S %t/in.ll --o %t/c.ll
; RUN: gasp-opt -S %t/in.ll --o=%t/d.ll
; RUN: cmp %t/a.ll %t/b.ll
; RUN: cmp %t/a.ll %t/c.ll
; RUN: cmp %t/a.ll %t/d.ll
; RUN: not gasp-opt -S %t/in.ll -o= 2>&1 | FileCheck %s --check-prefix=EMPTY
; RUN: gasp-opt -S %t/in.ll -o= ; test $? -eq 2
; RUN: not gasp-opt -S -mtriple=amdgcn-amd-amdhsa %t/in.ll -o %t/amd.ll 2>&1 | FileCheck %s --check-prefix=TRIPLE
; RUN: gasp-opt -S -mtriple=amdgcn-amd-amdhsa %t/in.ll -o %t/amd.ll ; test $? -eq 1
; RUN: not test -e %t/amd.ll
; EMPTY: gasp-opt: error: -o needs a file name
; TRIPLE: error: the module is invalid with -mtriple=amdgcn-amd-amdhsa (nothing written): alloca on amdgpu must be in addrspace(5)
target triple = "spir64-unknown-unknown"

; A function with an alloca in spir's private space (0), which AMDGPU
; does not accept.
define spir_func void @f(ptr addrspace(4) %p) {
  %s = alloca i32
  store i32 1, ptr %s
  ret void
}
