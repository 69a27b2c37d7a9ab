; gasp-run --count also counts the module's instructions executed (instrs=):
; each block's instructions, counted before gasp-run instruments it, once
; per time the block runs.
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:8 --arg i32=5 --count | FileCheck %s
; RUN: gasp-run %s --kernel k --global 2 --arg buf:i32:8 --arg i32=0 --count | FileCheck %s --check-prefix=ZERO
; entry 2 + loop 6 x 5 + exit 1 = 33 for one work-item
; CHECK: accesses: loads=0 stores=5 other=0 generic=0 instrs=33
; two work-items, n = 0: the loop runs once each: 2 x (2 + 6 + 1)
; ZERO: accesses: loads=0 stores=2 other=0 generic=0 instrs=18
target triple = "spir64"

; Stores i into a[i] for i < n (at least once): 2, then 6 per iteration, then 1.
define spir_kernel void @k(ptr addrspace(1) %a, i32 %n) {
entry:
  %z = add i32 0, 0
  br label %loop
loop:
  %i = phi i32 [ %z, %entry ], [ %i1, %loop ]
  %p = getelementptr i32, ptr addrspace(1) %a, i32 %i
  store i32 %i, ptr addrspace(1) %p
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
