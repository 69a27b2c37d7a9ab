; In the open world (no --whole-program) an externally visible
; helper may be called from outside the module with any pointer, so what
; gasp proves about it holds for every caller.  Here the only kernel in the
; module passes global memory to @h, and no clone may be made
; (--clone-budget=0): static resolution must not make @h's store global.  A
; second module, linked afterwards, stands in for the outside caller and
; passes local memory; the linked program runs identically.  The clones and
; internal functions still get the strong facts (the budget run without 0).
; RUN: split-file %s %t
; RUN: gasp-opt -S --clone-budget=0 %t/a.ll -o %t/a.gasp.ll
; RUN: FileCheck %s --check-prefix=OPEN < %t/a.gasp.ll
; RUN: llvm-link-22 -S %t/a.ll %t/b.ll -o %t/orig.ll
; RUN: llvm-link-22 -S %t/a.gasp.ll %t/b.ll -o %t/linked.ll
; RUN: gasp-run %t/orig.ll --kernel outside --global 4 --arg buf:i32:4 --check-as --compare %t/linked.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt -S %t/a.ll -o - | FileCheck %s --check-prefix=CLONE
; EXEC: identical
; OPEN-LABEL: define spir_func void @h(
; OPEN-NEXT: store i32 %v, ptr addrspace(4) %p
; CLONE-LABEL: define internal spir_func void @h.as1(
; CLONE-NEXT: store i32 %v, ptr addrspace(1) %p

;--- a.ll
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z13get_global_idj(i32)

; Visible outside the module: stores through whatever it is given.
define spir_func void @h(ptr addrspace(4) %p, i32 %v) {
  store i32 %v, ptr addrspace(4) %p, align 4
  ret void
}

; The module's only caller passes global memory.
define spir_kernel void @k(ptr addrspace(1) %out) {
  %i = call spir_func i64 @_Z13get_global_idj(i32 0)
  %e = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  %g = addrspacecast ptr addrspace(1) %e to ptr addrspace(4)
  call spir_func void @h(ptr addrspace(4) %g, i32 7)
  ret void
}

;--- b.ll
target triple = "spir64-unknown-unknown"

@tile = internal addrspace(3) global [4 x i32] undef, align 4

declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func void @h(ptr addrspace(4), i32)

; The outside caller: passes local memory to @h, then copies it out.
define spir_kernel void @outside(ptr addrspace(1) %out) {
  %i = call spir_func i64 @_Z12get_local_idj(i32 0)
  %e = getelementptr inbounds [4 x i32], ptr addrspace(3) @tile, i64 0, i64 %i
  %g = addrspacecast ptr addrspace(3) %e to ptr addrspace(4)
  call spir_func void @h(ptr addrspace(4) %g, i32 5)
  %v = load i32, ptr addrspace(3) %e, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}
