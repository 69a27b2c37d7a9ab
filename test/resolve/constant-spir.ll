; On spir/genx (and AMDGPU) the target table keeps constant
; memory inside the global buffer (the in_global column): static resolution
; and the tag dispatch's global arm read it through global pointers, and
; gasp-run --check-as accepts a global access that lands in constant memory
; on those targets — the same fact on both sides.
; The select below would be split by callsplit (a call per space, each to
; its clone): the static resolution is checked with the pipeline without it.
; RUN: gasp-opt --clone-cost=0 -S --passes='internalize,infer,[fields,ipmsp,memsum],resolve,lower,alias' %s -o %t.nosplit.ll
; RUN: FileCheck %s < %t.nosplit.ll
; RUN: gasp-opt --clone-cost=0 -S %s -o %t.ll
; RUN: FileCheck %s --check-prefix=SPLIT < %t.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:4 --arg buf:i32:4:iota --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt --clone-cost=0 -S --lower-generic=tags %s -o %t.tags.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:4 --arg buf:i32:4:iota --check-as --compare %t.tags.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt --clone-cost=0 -S --passes=infer,lower --lower-generic=tags %s -o %t.tags2.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:4 --arg buf:i32:4:iota --check-as --compare %t.tags2.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
target triple = "spir64-unknown-unknown"

@tab = internal addrspace(2) constant [4 x i32] [i32 10, i32 20, i32 30, i32 40], align 4

declare spir_func i64 @_Z13get_global_idj(i32)

; Only global and constant reach it: its load becomes a global load.
; CHECK-LABEL: define internal spir_func i32 @get(
; CHECK: load i32, ptr addrspace(1)
define internal spir_func i32 @get(ptr addrspace(4) %p) {
  %v = load i32, ptr addrspace(4) %p, align 4
  ret i32 %v
}

; SPLIT-LABEL: define spir_kernel void @k(
; SPLIT: call spir_func i32 @get.as2(ptr addrspace(2)
; SPLIT: call spir_func i32 @get{{.*}}(ptr addrspace(1)
; Calls @get with a run-time choice of a constant and a global element.
define spir_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %i = call spir_func i64 @_Z13get_global_idj(i32 0)
  %e = getelementptr inbounds [4 x i32], ptr addrspace(2) @tab, i64 0, i64 %i
  %c = addrspacecast ptr addrspace(2) %e to ptr addrspace(4)
  %g0 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %i
  %g = addrspacecast ptr addrspace(1) %g0 to ptr addrspace(4)
  %odd = and i64 %i, 1
  %isodd = icmp ne i64 %odd, 0
  %p = select i1 %isodd, ptr addrspace(4) %c, ptr addrspace(4) %g
  %v = call spir_func i32 @get(ptr addrspace(4) %p)
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}
