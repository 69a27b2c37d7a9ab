; RUN: split-file %s %t
; RUN: not gasp-opt --lower-generic=tags %t/spir32.ll -o %t/out.bc 2>&1 | FileCheck %s --check-prefix=BITS
; RUN: not test -e %t/out.bc
; RUN: not gasp-opt --lower-generic=tags --passes=lower %t/param.ll -o %t/out.bc 2>&1 | FileCheck %s --check-prefix=PARAM
; RUN: not test -e %t/out.bc
; RUN: not gasp-opt --lower-generic=bogus %t/param.ll -o %t/out.bc 2>&1 | FileCheck %s --check-prefix=USAGE
; RUN: gasp-opt --lower-generic=none %t/spir32.ll -o %t/none.bc
; Refused, with a message and no output: 32-bit generic pointers have no
; bits 61-63; a space without a tag (NVPTX param) cast to generic cannot be
; represented; a bad mode is a usage error.
; BITS: error: lower: --lower-generic=tags needs 64-bit generic pointers (the tag lives in bits 61-63); this module's generic pointers are 32-bit (triple 'spir-unknown-unknown')
; PARAM: error: lower: @k: a param pointer is cast to generic, and that space has no tag on target 'nvptx'; --lower-generic=tags cannot represent it
; USAGE: --lower-generic wants 'tags' or 'none', not 'bogus'

;--- spir32.ll
target datalayout = "e-p:32:32-i64:64"
target triple = "spir-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %g) {
  %p = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  store i32 1, ptr addrspace(4) %p, align 4
  ret void
}

;--- param.ll
target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr addrspace(101) %a, ptr addrspace(1) %o) {
  %p = addrspacecast ptr addrspace(101) %a to ptr
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}
