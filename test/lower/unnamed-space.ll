; RUN: rm -rf %t && split-file %s %t
; RUN: gasp-opt -S %t/spir.ll -o %t/def.ll
; RUN: FileCheck %s --check-prefix=DEF < %t/def.ll
; RUN: gasp-opt -S --whole-program %t/spir.ll -o %t/wp.ll
; RUN: FileCheck %s --check-prefix=DEF < %t/wp.ll
; RUN: gasp-opt -S --version-by-space=on %t/spir.ll -o %t/ver.ll
; RUN: FileCheck %s --check-prefix=DEF < %t/ver.ll
; RUN: not gasp-opt -S --lower-generic=tags %t/spir.ll -o %t/tags.ll 2>&1 | FileCheck %s --check-prefix=TAGS
; RUN: not test -e %t/tags.ll
; RUN: not gasp-opt -S --lower-generic=tags %t/init.ll -o %t/init-tags.ll 2>&1 | FileCheck %s --check-prefix=INIT
; RUN: not test -e %t/init-tags.ll
; An address space the target table does not name (addrspace(8) on spir64)
; cast to generic keeps its own number or stays generic; it is never taken
; for global memory.  Under --lower-generic=tags it has no tag, so a pointer
; from it would reach the dispatch untagged and take the global arm: the
; module is refused, for a cast instruction (test/lower/errors.ll) and, here,
; for a constant-expression cast in an operand or in an initializer.
; TAGS: error: lower: @k: a pointer in addrspace(8), which the 'spir' table does not name, is cast to generic; it has no tag; --lower-generic=tags refuses the module
; INIT: error: lower: @tab: the initializer holds a pointer in addrspace(8) cast to generic; that space has no tag on target 'spir'

;--- spir.ll
target triple = "spir64-unknown-unknown"
@v8 = addrspace(8) global i32 0
@v9 = internal addrspace(9) global i32 0

; A helper storing through its generic parameter: its clone for the
; addrspace(9) caller stores to addrspace(9).
; DEF-LABEL: define spir_kernel void @k(
; The constant cast is stored through as addrspace(8):
; DEF: store i32 1, ptr addrspace(8) @v8
; DEF: call spir_func void @h{{(\.as9)?}}(ptr addrspace(9) @v9)
; Through a private slot, still addrspace(8):
; DEF: store i32 2, ptr addrspace(8)
; A select of it and null stays generic (null is in no space):
; DEF: store i32 3, ptr addrspace(4) %n
; DEF-NOT: addrspace(1)
; DEF-LABEL: define internal spir_func void @h{{(\.as9)?}}(ptr addrspace(9)
; DEF: store i32 1, ptr addrspace(9)
define spir_func void @h(ptr addrspace(4) %g) {
  store i32 1, ptr addrspace(4) %g, align 4
  ret void
}

; A kernel writing addrspace(8) and addrspace(9) memory through generic
; pointers made by constant casts.
define spir_kernel void @k(i1 %c) {
  store i32 1, ptr addrspace(4) addrspacecast (ptr addrspace(8) @v8 to ptr addrspace(4))
  call spir_func void @h(ptr addrspace(4) addrspacecast (ptr addrspace(9) @v9 to ptr addrspace(4)))
  %s = alloca ptr addrspace(4)
  store ptr addrspace(4) addrspacecast (ptr addrspace(8) @v8 to ptr addrspace(4)), ptr %s
  %l = load ptr addrspace(4), ptr %s
  store i32 2, ptr addrspace(4) %l
  %n = select i1 %c, ptr addrspace(4) %l, ptr addrspace(4) null
  store i32 3, ptr addrspace(4) %n
  ret void
}

;--- init.ll
target triple = "spir64-unknown-unknown"
@v8 = addrspace(8) global i32 0
@tab = internal addrspace(1) global [1 x ptr addrspace(4)] [ptr addrspace(4) addrspacecast (ptr addrspace(8) @v8 to ptr addrspace(4))]

; A kernel storing through a pointer its table holds.
define spir_kernel void @k() {
  %p = load ptr addrspace(4), ptr addrspace(1) @tab
  store i32 1, ptr addrspace(4) %p
  ret void
}
