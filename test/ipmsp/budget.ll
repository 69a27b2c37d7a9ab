; RUN: gasp-opt --clone-cost=0 -verify-each -S %s -o - | FileCheck %s --check-prefix=ALL
; RUN: gasp-opt --clone-cost=0 -verify-each -S --clone-budget=-1 %s -o - | FileCheck %s --check-prefix=ALL
; RUN: gasp-opt --clone-cost=0 -verify-each -S --clone-budget=0 %s -o - | FileCheck %s --check-prefix=NONE
; RUN: gasp-opt --clone-cost=0 -verify-each -S --clone-budget=1 %s -o - | FileCheck %s --check-prefix=ONE
; RUN: gasp-opt --clone-cost=0 --clone-budget=0 --dump-ip-msp %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP0
; RUN: gasp-opt --clone-cost=0 --clone-budget=1 -stats -stats-json %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS1
; RUN: not gasp-opt --clone-cost=0 --clone-budget=x %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
; RUN: not gasp-opt --clone-cost=0 --clone-budget=-2 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
; One helper reached from six call sites with three distinct tuples
; (spir64): the budget counts clone attempts, one per new tuple.
target triple = "spir64-unknown-unknown"

define internal spir_func void @acc(ptr addrspace(4) %dst, ptr addrspace(4) %src) {
  %v = load i32, ptr addrspace(4) %src, align 4
  %w = load i32, ptr addrspace(4) %dst, align 4
  %s = add i32 %v, %w
  store i32 %s, ptr addrspace(4) %dst, align 4
  ret void
}

define spir_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %l) {
  %p = alloca i32, align 4
  store i32 0, ptr %p, align 4
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %gl = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %gp = addrspacecast ptr %p to ptr addrspace(4)
  call spir_func void @acc(ptr addrspace(4) %gg, ptr addrspace(4) %gl)
  call spir_func void @acc(ptr addrspace(4) %gl, ptr addrspace(4) %gg)
  call spir_func void @acc(ptr addrspace(4) %gp, ptr addrspace(4) %gg)
  call spir_func void @acc(ptr addrspace(4) %gg, ptr addrspace(4) %gl)
  call spir_func void @acc(ptr addrspace(4) %gl, ptr addrspace(4) %gg)
  call spir_func void @acc(ptr addrspace(4) %gp, ptr addrspace(4) %gg)
  ret void
}

; Unlimited: three clones, the original goes.
; ALL-LABEL: define spir_kernel void @k(
; ALL:         call spir_func void @acc.as1_3(ptr addrspace(1) %g, ptr addrspace(3) %l)
; ALL-NEXT:    call spir_func void @acc.as3_1(ptr addrspace(3) %l, ptr addrspace(1) %g)
; ALL-NEXT:    call spir_func void @acc.as0_1(ptr %p, ptr addrspace(1) %g)
; ALL-NEXT:    call spir_func void @acc.as1_3(ptr addrspace(1) %g, ptr addrspace(3) %l)
; ALL-NEXT:    call spir_func void @acc.as3_1(ptr addrspace(3) %l, ptr addrspace(1) %g)
; ALL-NEXT:    call spir_func void @acc.as0_1(ptr %p, ptr addrspace(1) %g)
; ALL-NOT:   define internal spir_func void @acc(

; Budget 0: nothing cloned, every call stays generic.
; NONE-LABEL: define internal spir_func void @acc(ptr addrspace(4) %dst, ptr addrspace(4) %src) !gasp.as
; NONE-LABEL: define spir_kernel void @k(
; NONE-COUNT-6: call spir_func void @acc(ptr addrspace(4)
; NONE-NOT:   {{@[a-z]+\.as}}

; Budget 1: the first tuple is cloned; the other callers then all pass
; global memory as %src, so the original is specialized in place for that
; parameter (not a clone: no budget needed) and %dst stays generic.
; ONE-LABEL: define spir_kernel void @k(
; ONE:         call spir_func void @acc.as1_3(ptr addrspace(1) %g, ptr addrspace(3) %l)
; ONE-NEXT:    call spir_func void @acc(ptr addrspace(4) %gl, ptr addrspace(1) %g)
; ONE-NEXT:    call spir_func void @acc(ptr addrspace(4) %gp, ptr addrspace(1) %g)
; ONE-NEXT:    call spir_func void @acc.as1_3(ptr addrspace(1) %g, ptr addrspace(3) %l)
; ONE-NEXT:    call spir_func void @acc(ptr addrspace(4) %gl, ptr addrspace(1) %g)
; ONE-NEXT:    call spir_func void @acc(ptr addrspace(4) %gp, ptr addrspace(1) %g)
; ONE-LABEL: define internal spir_func void @acc.as1_3(ptr addrspace(1) %dst, ptr addrspace(3) %src)
; ONE-LABEL: define internal spir_func void @acc(ptr addrspace(4) %dst, ptr addrspace(1) %src)
; ONE:         load i32, ptr addrspace(1) %src
; ONE-NEXT:    load i32, ptr addrspace(4) %dst

; The candidates are still reported with budget 0, each once.
; DUMP0:      Initial work list size : 1
; DUMP0-NEXT: avoid cloning of acc (global, local)
; DUMP0-NEXT: avoid cloning of acc (local, global)
; DUMP0-NEXT: avoid cloning of acc (private, global)
; DUMP0-NOT:  avoid

; STATS1-DAG: "ipmsp.clones": 1
; STATS1-DAG: "ipmsp.clones-avoided": 2
; STATS1-DAG: "ipmsp.functions-specialized": 1

; BAD: gasp-opt: error: --clone-budget wants -1 (unlimited), 0 or a positive number
