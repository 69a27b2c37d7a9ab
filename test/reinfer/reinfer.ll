; RUN: gasp-opt -S --passes=resolve %s -o %t.implicit.ll -print-changed 2>&1 | FileCheck %s --check-prefix=STEPS
; RUN: gasp-opt -S --passes=resolve,reinfer %s -o %t.explicit.ll
; RUN: diff %t.implicit.ll %t.explicit.ll
; RUN: gasp-opt -S --passes=resolve,alias %s -o %t.between.ll -print-changed 2>&1 | FileCheck %s --check-prefix=BETWEEN
; RUN: gasp-opt -S --passes=resolve,reinfer,alias %s -o %t.between2.ll
; RUN: diff %t.between.ll %t.between2.ll
; RUN: FileCheck %s < %t.explicit.ll
; RUN: gasp-opt -S --passes=resolve -pass-remarks='resolve|reinfer' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: gasp-opt -S %s -o %t.default.ll -time-passes 2>&1 | FileCheck %s --check-prefix=TIME
; RUN: gasp-run %s --kernel k --global 4 --local 4 --arg buf:i64:4 --arg buf:i32:4:iota --arg buf:i32:4 --check-as --compare %t.explicit.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 4 --local 4 --arg buf:i64:4 --arg buf:i32:4:iota --arg buf:i32:4 --check-as --compare %t.default.ll | FileCheck %s --check-prefix=EXEC
; The visible re-inference step: resolve leaves a function it changed in the
; fact store's set and `reinfer` infers it again.  A list that leaves
; functions waiting gets `reinfer` before its next pass (--passes=resolve,alias)
; or at its end (--passes=resolve), run like any step (-print-changed,
; -time-passes show it), and gives what the explicit list gives.
; STEPS: IR Dump After resolve (changed)
; STEPS: IR Dump After reinfer (changed)
; BETWEEN: IR Dump After resolve (changed)
; BETWEEN-NEXT: ; ModuleID
; BETWEEN: IR Dump After reinfer (changed)
; BETWEEN: IR Dump After alias
; REMARK: generic pointers may point to global; 1 explicit cast folded, 1 access made global
; TIME-DAG: reinfer
; TIME-DAG: resolve
; EXEC: identical
target triple = "spir64-unknown-unknown"

declare spir_func ptr addrspace(1) @__to_global(ptr addrspace(4))

; Only global memory reaches @k: the explicit cast folds (resolve), and the
; access through the loaded pointer becomes global, which reinfer then
; carries to the GEP and load of the cast's result.
; CHECK-LABEL: define spir_kernel void @k(
; CHECK-NOT: call {{.*}}@__to_global
; CHECK: load i32, ptr addrspace(1)
; CHECK: store i32 {{.*}}, ptr addrspace(1)
define spir_kernel void @k(ptr addrspace(1) %tab, ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call spir_func i64 @_Z12get_local_idj(i32 0)
  %gin = addrspacecast ptr addrspace(1) %in to ptr addrspace(4)
  %slot = getelementptr inbounds ptr addrspace(4), ptr addrspace(1) %tab, i64 %t
  store ptr addrspace(4) %gin, ptr addrspace(1) %slot, align 8
  %q = load ptr addrspace(4), ptr addrspace(1) %slot, align 8
  %g = call spir_func ptr addrspace(1) @__to_global(ptr addrspace(4) %q)
  %back = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %e = getelementptr inbounds i32, ptr addrspace(4) %back, i64 %t
  %v = load i32, ptr addrspace(4) %e, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %t
  store i32 %v, ptr addrspace(1) %o, align 4
  store ptr addrspace(4) null, ptr addrspace(1) %slot, align 8 ; no address left in the output
  ret void
}

declare spir_func i64 @_Z12get_local_idj(i32)
