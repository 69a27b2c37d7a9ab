; In the plugin's early run (--early-run: LLVM's optimizer and a late run
; follow) infer leaves a stack slot's accesses generic on NVPTX, whose
; slots are generic pointers until llc: clang's own build reaches LLVM's
; optimizer so.  Named, the kernel stores through a private GEP while the
; helper the inliner puts in later loads through its generic one, and
; EarlyCSE, which matches a load to a store by its pointer value, keeps
; the reload clang's build forwards (cuda-samples, CUB's
; DeviceScanByKeyKernel: 28 loads EarlyCSE kept, 48 more ld.local in the
; end, 4 bytes of spill).  Without --early-run the slot is named as before.
; The early output runs identically.
; RUN: gasp-opt --passes=infer --early-run --backend-follows -S %s -o %t.early.ll -stats 2> %t.err
; RUN: gasp-opt --passes=infer -S %s -o %t.late.ll
; RUN: FileCheck %s --check-prefix=EARLY < %t.early.ll
; RUN: FileCheck %s --check-prefix=LATE < %t.late.ll
; RUN: FileCheck %s --check-prefix=STATS < %t.err
; RUN: opt-22 -passes='always-inline,early-cse<memssa>' -S %t.early.ll | FileCheck %s --check-prefix=CSE-EARLY
; RUN: opt-22 -passes='always-inline,early-cse<memssa>' -S %s | FileCheck %s --check-prefix=CSE-CLANG
; RUN: opt-22 -passes='always-inline,early-cse<memssa>' -S %t.late.ll | FileCheck %s --check-prefix=CSE-LATE
; RUN: gasp-run %s --kernel k --global 1 --arg buf:f64:2 --arg f64=2.5 --arg i64=3 --check-as --compare %t.early.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 1 --arg buf:f64:2 --arg f64=2.5 --arg i64=3 --check-as --compare %t.late.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; STATS: 3 infer - accesses to a stack slot left for the late run
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; A helper the inliner puts into @k after the early run: its load of @k's
; slot is generic there.
define internal double @get(ptr %q, i64 %i) alwaysinline {
  %g = getelementptr inbounds double, ptr %q, i64 %i
  %v = load double, ptr %g, align 8
  ret double %v
}

; A kernel storing to its slot, then reading it back through @get.
; EARLY-LABEL: define ptx_kernel void @k(
; EARLY: store double %v, ptr %ga,
; EARLY: store double %x, ptr %a,
; LATE-LABEL: define ptx_kernel void @k(
; LATE: store double %v, ptr addrspace(5)
; CSE-EARLY-LABEL: define ptx_kernel void @k(
; CSE-EARLY-NOT: load double
; CSE-EARLY: store double %v, ptr %out
; CSE-CLANG-LABEL: define ptx_kernel void @k(
; CSE-CLANG-NOT: load double
; CSE-LATE-LABEL: define ptx_kernel void @k(
; CSE-LATE: load double
define ptx_kernel void @k(ptr noalias %out, double %v, i64 %i) {
entry:
  %a = alloca [4 x double], align 8
  %j = and i64 %i, 3
  %ga = getelementptr inbounds double, ptr %a, i64 %j
  store double %v, ptr %ga, align 8
  %x = call double @get(ptr %a, i64 %j)
  %o1 = getelementptr inbounds double, ptr %out, i64 1
  store double %x, ptr %a, align 8
  store double %v, ptr %out, align 8
  %y = load double, ptr %a, align 8
  store double %y, ptr %o1, align 8
  ret void
}
