; What a clone or a specialization must not carry
; over.  A parameter retyped to a named space while the return stays
; generic loses `returned` (the verifier rejects it); a naked function is
; never cloned or retyped (its body is the user's assembly); a call whose
; retyped result is unused leaves no dead cast, so a second run changes
; nothing.
; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s --check-prefix=RET < %t.ll
; RUN: FileCheck %s --check-prefix=NAKED < %t.ll
; RUN: FileCheck %s --check-prefix=CALLS < %t.ll
; RUN: gasp-opt -S %t.ll -o - | grep -v ModuleID > %t.again.ll
; RUN: grep -v ModuleID %t.ll | diff -u - %t.again.ll
target triple = "spir64-unknown-unknown"

declare spir_func void @use(ptr addrspace(4))
declare spir_func ptr addrspace(4) @opaque()

; Returns its argument (says `returned`), through a select gasp cannot see
; through: the parameter is retyped to local, the return stays generic, so
; `returned` cannot stay.
; RET-LABEL: define internal spir_func ptr addrspace(4) @ret_arg(ptr addrspace(3) %p, i1 %c)
; RET: ret ptr addrspace(4)
define internal spir_func ptr addrspace(4) @ret_arg(ptr addrspace(4) returned %p, i1 %c) {
  store i32 1, ptr addrspace(4) %p, align 4
  %q = call spir_func ptr addrspace(4) @opaque()
  %r = select i1 %c, ptr addrspace(4) %p, ptr addrspace(4) %q
  ret ptr addrspace(4) %r
}

; Naked: left exactly as written, though every caller passes local.
; NAKED: define internal spir_func void @bare(ptr addrspace(4) %p)
define internal spir_func void @bare(ptr addrspace(4) %p) naked {
  call void asm sideeffect "nop", ""()
  unreachable
}

; Returns a local pointer that one caller ignores.
define internal spir_func ptr addrspace(4) @ret_local(ptr addrspace(3) %l) {
  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  ret ptr addrspace(4) %g
}

; Calls all three with local pointers; the result of @ret_local is unused.
; CALLS-LABEL: define spir_kernel void @k(
; CALLS: call spir_func ptr addrspace(4) @ret_arg(ptr addrspace(3) %l, i1 true)
; CALLS-NEXT: call spir_func void @bare(ptr addrspace(4) %g)
; CALLS-NEXT: call spir_func ptr addrspace(3) @ret_local(ptr addrspace(3) %l)
; CALLS-NEXT: ret void
define spir_kernel void @k(ptr addrspace(3) %l) {
  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %r = call spir_func ptr addrspace(4) @ret_arg(ptr addrspace(4) %g, i1 true)
  call spir_func void @bare(ptr addrspace(4) %g)
  %u = call spir_func ptr addrspace(4) @ret_local(ptr addrspace(3) %l)
  ret void
}
