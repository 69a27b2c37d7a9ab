; Why private joins global's class under --private-in-global: there a global
; access may land in private memory (resolve's static resolution and the
; lower pass's global arm make exactly such accesses).  Below, the store
; through %g writes the private slot.  With the flag gasp gives both
; accesses the global scope and opt-22 -O2 keeps the reload (the kernel
; writes 2); scopes made as if private were disjoint (no flag) let GVN
; forward the stale 1, and gasp-run sees the difference.
; RUN: gasp-opt -S --passes=alias --private-in-global %s -o %t.pig.ll 2>/dev/null
; RUN: opt-22 -S -O2 %t.pig.ll -o %t.pig.o2.ll 2>/dev/null
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:1 --arg i32=2 --check-as --private-in-global --compare %t.pig.o2.ll | FileCheck %s --check-prefix=SAME
; RUN: gasp-opt -S --passes=alias %s -o %t.split.ll 2>/dev/null
; RUN: opt-22 -S -O2 %t.split.ll -o %t.split.o2.ll 2>/dev/null
; RUN: not gasp-run %s --kernel k --global 1 --arg buf:i32:1 --arg i32=2 --private-in-global --compare %t.split.o2.ll | FileCheck %s --check-prefix=DIFF
target triple = "spir64-unknown-unknown"

define spir_kernel void @k(ptr addrspace(1) %out, i32 %i) {
  %a = alloca [4 x i32], align 4
  %slot = getelementptr inbounds [4 x i32], ptr %a, i32 0, i32 %i
  store i32 1, ptr %slot, align 4
  %g = call ptr addrspace(1) @as_global(ptr %slot)
  store i32 2, ptr addrspace(1) %g, align 4
  %v = load i32, ptr %slot, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

; where the global pointer comes from is out of BasicAA's sight
define internal ptr addrspace(1) @as_global(ptr %p) noinline {
  %g = addrspacecast ptr %p to ptr addrspace(1)
  ret ptr addrspace(1) %g
}
; SAME: identical
; DIFF: arg0
