; RUN: split-file %s %t
; RUN: not gasp-opt -pass-remarks=. -pass-remarks-analysis=. -pass-remarks-missed=ipmsp --lower-generic=tags %t/spir32.ll -o %t/out.bc 2>&1 | FileCheck %s --check-prefix=BITS
; RUN: not test -e %t/out.bc
; RUN: not gasp-opt -pass-remarks=. -pass-remarks-analysis=. -pass-remarks-missed=ipmsp --lower-generic=tags --passes=lower %t/param.ll -o %t/out.bc 2>&1 | FileCheck %s --check-prefix=PARAM
; RUN: not test -e %t/out.bc
; RUN: not gasp-opt -pass-remarks=. -pass-remarks-analysis=. -pass-remarks-missed=ipmsp --lower-generic=bogus %t/param.ll -o %t/out.bc 2>&1 | FileCheck %s --check-prefix=USAGE
; RUN: gasp-opt --lower-generic=none %t/spir32.ll -o %t/none.bc
; A lowered module is marked and not lowered twice:
; RUN: gasp-opt -S --lower-generic=tags %t/mixed.ll -o %t/once.ll
; RUN: gasp-opt -pass-remarks=. -pass-remarks-analysis=. -pass-remarks-missed=ipmsp -S --lower-generic=tags --passes=lower %t/once.ll -o %t/twice.ll 2>&1 | FileCheck %s --check-prefix=TWICE
; RUN: grep -v ModuleID %t/once.ll > %t/once.txt
; RUN: grep -v ModuleID %t/twice.ll > %t/twice.txt
; RUN: cmp %t/once.txt %t/twice.txt
; RUN: FileCheck %s --check-prefix=MARK < %t/once.ll
; TWICE: remark: {{.*}}the module is already lowered (!gasp.lowered); left as it is
; MARK: !gasp.lowered = !{![[N:[0-9]+]]}
; MARK: ![[N]] = !{!"tags"}
; Refused, with a message and no output: 32-bit generic pointers have no
; bits 61-63; a space without a tag (NVPTX param) cast to generic cannot be
; represented; a bad mode is a usage error.
; BITS: error: lower: --lower-generic=tags needs 64-bit generic pointers (the tag lives in bits 61-63); this module's generic pointers are 32-bit (triple 'spir-unknown-unknown')
; PARAM: error: lower: @k: a param pointer is cast to generic, and that space has no tag on target 'nvptx'; --lower-generic=tags refuses the module
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

;--- mixed.ll
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %l, i32 %c) {
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %gl = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %b = icmp eq i32 %c, 0
  %p = select i1 %b, ptr addrspace(4) %gg, ptr addrspace(4) %gl
  store i32 1, ptr addrspace(4) %p, align 4
  ret void
}
