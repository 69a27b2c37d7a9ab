; In the plugin's early run (--early-run: LLVM's optimizer and a late run
; follow), infer leaves generic an access through a pointer a null
; constant may reach: LLVM's alias analysis takes the null of a named
; space for an address, so `select %c, null, %fc` named global may alias
; every private array and EarlyCSE keeps the reload of @k's array after
; @get is inlined (the stores through %p left for the late run: clang's
; own).  The early run leaves the private array's accesses too (NVPTX's
; stack slots are generic pointers until llc, in clang's build), and the
; store through the kernel's %out (llc names it: backend-named.ll).
; Without --early-run all are named as before.
; The early output runs identically.
; RUN: gasp-opt --passes=infer --early-run --backend-follows -S %s -o %t.early.ll -stats 2> %t.err
; RUN: gasp-opt --passes=infer -S %s -o %t.late.ll
; RUN: FileCheck %s --check-prefix=EARLY < %t.early.ll
; RUN: FileCheck %s --check-prefix=LATE < %t.late.ll
; RUN: FileCheck %s --check-prefix=STATS < %t.err
; RUN: opt-22 -passes='always-inline,early-cse<memssa>' -S %t.early.ll | FileCheck %s --check-prefix=CSE-EARLY
; RUN: opt-22 -passes='always-inline,early-cse<memssa>' -S %t.late.ll | FileCheck %s --check-prefix=CSE-LATE
; RUN: gasp-run %s --kernel k --global 1 --arg buf:f64:4 --arg buf:f64:4 --arg i32=0 --arg i64=1 --arg i64=2 --check-as --compare %t.early.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 1 --arg buf:f64:4 --arg buf:f64:4 --arg i32=1 --arg i64=1 --arg i64=2 --check-as --compare %t.early.ll | FileCheck %s --check-prefix=EXEC
; (The plugin's two runs on this module: test/plugin/early-null.test.)
; EXEC: identical
; STATS: 1 infer - accesses left for the late run or llc, which names them itself
; STATS: 1 infer - accesses through a pointer a null may reach left for the late run
; STATS: 1 infer - accesses to a stack slot left for the late run
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; A helper the inliner puts into @k after the early run: its loads of @k's
; array are generic there.
define internal double @get(ptr %q, i64 %i) alwaysinline {
  %g = getelementptr inbounds double, ptr %q, i64 %i
  %v = load double, ptr %g, align 8
  ret double %v
}

; A kernel storing between two reads of its private array through a
; pointer that is null (then unused) or a global buffer (HeCBench kalman's forecast
; pointers, `fc_steps ? d_fc + ... : nullptr`).
; EARLY-LABEL: define ptx_kernel void @k(
; EARLY: store double 2.000000e+00, ptr %ga
; EARLY: %p = select i1 %c, ptr null, ptr %fc
; EARLY: store double %r1, ptr %gp
; EARLY: store double %s, ptr %out
; LATE-LABEL: define ptx_kernel void @k(
; LATE: store double 2.000000e+00, ptr addrspace(5)
; LATE: select i1 %c, ptr addrspace(1) null, ptr addrspace(1)
; LATE: store double %r1, ptr addrspace(1) %gp
; CSE-EARLY-COUNT-1: load double
; CSE-EARLY-NOT: load double
; CSE-LATE-COUNT-2: load double
define ptx_kernel void @k(ptr noalias %out, ptr noalias %fc, i32 %none, i64 %i, i64 %j) {
entry:
  %a = alloca [4 x double], align 8
  %ga = getelementptr inbounds [4 x double], ptr %a, i64 0, i64 %j
  store double 2.0, ptr %ga, align 8
  %r1 = call double @get(ptr %a, i64 %i)
  %c = icmp ne i32 %none, 0
  %p = select i1 %c, ptr null, ptr %fc
  %some = icmp ne ptr %p, null
  br i1 %some, label %put, label %next
put:
  %gp = getelementptr inbounds double, ptr %p, i64 %j
  store double %r1, ptr %gp, align 8
  br label %next
next:
  %r2 = call double @get(ptr %a, i64 %i)
  %s = fadd double %r1, %r2
  store double %s, ptr %out, align 8
  ret void
}
