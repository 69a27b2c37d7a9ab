; The clone cost model weighs a named use by its loop depth (1 outside
; loops, 16 in a loop, 256 in a nest): an access that runs every iteration
; saves a generic access every iteration.  @sum (a loop of two loads
; behind a long prologue) is called with a global and a shared pointer: 2
; uses a copy, 4 in all, 4 instructions allowed on NVPTX (1 a use) — less
; than its body — but weighed by loops 64 uses, 64 instructions: both calls
; get a clone.  @flat has the same body without the loop and keeps the
; generic original.  So does @few, whose loop runs at most 4 times (its
; bound is (n & 3) + 1): a use in it weighs 4, not 16 (dom.c, loop_trips).
; The shared clone takes the generic pointer the kernel keeps for @flat
; and @few after the call and names it at its entry (twins.c).  Runs
; identically under gasp-run --check-as --compare.
; RUN: gasp-opt -S %s -o %t.ll -pass-remarks-missed=ipmsp 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: gasp-run %s --kernel k --global 8 --local 8 --arg buf:i32:8:iota --arg local:32 --arg buf:i32:8 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o /dev/null
; EXEC: identical
; REMARK: remark: <unknown>:0:0: not cloned: 1 more copy of its {{[0-9]+}} instructions would name 4 uses (more than 1 instruction a use; --clone-cost)
; REMARK: remark: <unknown>:0:0: not cloned: 1 more copy of its {{[0-9]+}} instructions would name 4 uses, 16 weighed by loops and print calls (more than 1 instruction a use; --clone-cost)
; REMARK-NOT: weighed by
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define internal i32 @flat(ptr %p, i32 %n)
; CHECK: load i32, ptr %
; CHECK-LABEL: define internal i32 @few(ptr %p, i32 %n)
; CHECK: load i32, ptr %
; CHECK-LABEL: define internal i32 @sum.as1(ptr addrspace(1) %p, i32 %n)
; CHECK: load i32, ptr addrspace(1)
; CHECK: load i32, ptr addrspace(1)
; CHECK-LABEL: define internal i32 @sum.as3(ptr %p, i32 %n)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %p.local = addrspacecast ptr %p to ptr addrspace(3)
; CHECK: load i32, ptr addrspace(3)
; CHECK: load i32, ptr addrspace(3)

define internal i32 @flat(ptr %p, i32 %n) {
entry:
  %a0 = mul i32 %n, 3
  %a1 = add i32 %a0, 7
  %a2 = xor i32 %a1, %n
  %a3 = mul i32 %a2, %a1
  %a4 = add i32 %a3, %a0
  %a5 = xor i32 %a4, 91
  %a6 = mul i32 %a5, %a2
  %a7 = add i32 %a6, %a4
  %a8 = xor i32 %a7, %a3
  %a9 = and i32 %a8, 1
  %b0 = mul i32 %a9, %a7
  %b1 = add i32 %b0, %a5
  %b2 = xor i32 %b1, %a6
  %c0 = add i32 %b2, 3
  %c1 = mul i32 %c0, 4
  %c2 = xor i32 %c1, 5
  %c3 = add i32 %c2, 6
  %c4 = mul i32 %c3, 7
  %c5 = xor i32 %c4, 8
  %c6 = add i32 %c5, 9
  %c7 = mul i32 %c6, 10
  %c8 = xor i32 %c7, 11
  %c9 = add i32 %c8, 12
  %c10 = mul i32 %c9, 13
  %c11 = xor i32 %c10, 14
  %c12 = add i32 %c11, 15
  %c13 = mul i32 %c12, 16
  %c14 = xor i32 %c13, 17
  %c15 = add i32 %c14, 18
  %c16 = mul i32 %c15, 19
  %c17 = xor i32 %c16, 20
  %c18 = add i32 %c17, 21
  %c19 = mul i32 %c18, 22
  %b3 = and i32 %c19, 0
  %e0 = getelementptr inbounds i32, ptr %p, i32 %b3
  %v0 = load i32, ptr %e0, align 4
  %e1 = getelementptr inbounds i32, ptr %p, i32 1
  %v1 = load i32, ptr %e1, align 4
  %s = add i32 %v0, %v1
  %r = add i32 %s, %b3
  ret i32 %r
}

define internal i32 @sum(ptr %p, i32 %n) {
entry:
  %a0 = mul i32 %n, 3
  %a1 = add i32 %a0, 7
  %a2 = xor i32 %a1, %n
  %a3 = mul i32 %a2, %a1
  %a4 = add i32 %a3, %a0
  %a5 = xor i32 %a4, 91
  %a6 = mul i32 %a5, %a2
  %a7 = add i32 %a6, %a4
  %a8 = xor i32 %a7, %a3
  %a9 = and i32 %a8, 1
  %b0 = mul i32 %a9, %a7
  %b1 = add i32 %b0, %a5
  %b2 = xor i32 %b1, %a6
  %c0 = add i32 %b2, 3
  %c1 = mul i32 %c0, 4
  %c2 = xor i32 %c1, 5
  %c3 = add i32 %c2, 6
  %c4 = mul i32 %c3, 7
  %c5 = xor i32 %c4, 8
  %c6 = add i32 %c5, 9
  %c7 = mul i32 %c6, 10
  %c8 = xor i32 %c7, 11
  %c9 = add i32 %c8, 12
  %c10 = mul i32 %c9, 13
  %c11 = xor i32 %c10, 14
  %c12 = add i32 %c11, 15
  %c13 = mul i32 %c12, 16
  %c14 = xor i32 %c13, 17
  %c15 = add i32 %c14, 18
  %c16 = mul i32 %c15, 19
  %c17 = xor i32 %c16, 20
  %c18 = add i32 %c17, 21
  %c19 = mul i32 %c18, 22
  %b3 = and i32 %c19, 0
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i32 [ %b3, %entry ], [ %acc2, %loop ]
  %e0 = getelementptr inbounds i32, ptr %p, i32 %i
  %v0 = load i32, ptr %e0, align 4
  %j = add i32 %i, 1
  %e1 = getelementptr inbounds i32, ptr %p, i32 %j
  %v1 = load i32, ptr %e1, align 4
  %acc1 = add i32 %acc, %v0
  %acc2 = add i32 %acc1, %v1
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  ret i32 %acc2
}

define internal i32 @few(ptr %p, i32 %n) {
entry:
  %a0 = mul i32 %n, 3
  %a1 = add i32 %a0, 7
  %a2 = xor i32 %a1, %n
  %a3 = mul i32 %a2, %a1
  %a4 = add i32 %a3, %a0
  %a5 = xor i32 %a4, 91
  %a6 = mul i32 %a5, %a2
  %a7 = add i32 %a6, %a4
  %a8 = xor i32 %a7, %a3
  %a9 = and i32 %a8, 1
  %b0 = mul i32 %a9, %a7
  %b1 = add i32 %b0, %a5
  %b2 = xor i32 %b1, %a6
  %c0 = add i32 %b2, 3
  %c1 = mul i32 %c0, 4
  %c2 = xor i32 %c1, 5
  %c3 = add i32 %c2, 6
  %c4 = mul i32 %c3, 7
  %c5 = xor i32 %c4, 8
  %c6 = add i32 %c5, 9
  %c7 = mul i32 %c6, 10
  %c8 = xor i32 %c7, 11
  %c9 = add i32 %c8, 12
  %c10 = mul i32 %c9, 13
  %c11 = xor i32 %c10, 14
  %c12 = add i32 %c11, 15
  %c13 = mul i32 %c12, 16
  %c14 = xor i32 %c13, 17
  %c15 = add i32 %c14, 18
  %c16 = mul i32 %c15, 19
  %c17 = xor i32 %c16, 20
  %c18 = add i32 %c17, 21
  %c19 = mul i32 %c18, 22
  %b3 = and i32 %c19, 0
  %m = and i32 %n, 3
  %lim = add i32 %m, 1
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i32 [ %b3, %entry ], [ %acc2, %loop ]
  %e0 = getelementptr inbounds i32, ptr %p, i32 %i
  %v0 = load i32, ptr %e0, align 4
  %j = add i32 %i, 1
  %e1 = getelementptr inbounds i32, ptr %p, i32 %j
  %v1 = load i32, ptr %e1, align 4
  %acc1 = add i32 %acc, %v0
  %acc2 = add i32 %acc1, %v1
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %lim
  br i1 %c, label %loop, label %done
done:
  ret i32 %acc2
}

define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(3) %lds, ptr addrspace(1) %out) {
  %v = load i32, ptr addrspace(1) %in, align 4
  store i32 %v, ptr addrspace(3) %lds, align 4
  %e = getelementptr inbounds i32, ptr addrspace(1) %in, i32 1
  %w = load i32, ptr addrspace(1) %e, align 4
  %l1 = getelementptr inbounds i32, ptr addrspace(3) %lds, i32 1
  store i32 %w, ptr addrspace(3) %l1, align 4
  %l2 = getelementptr inbounds i32, ptr addrspace(3) %lds, i32 2
  store i32 %v, ptr addrspace(3) %l2, align 4
  %g = addrspacecast ptr addrspace(1) %in to ptr
  %s = addrspacecast ptr addrspace(3) %lds to ptr
  %a = call i32 @sum(ptr %g, i32 2)
  %b = call i32 @sum(ptr %s, i32 2)
  %c = call i32 @flat(ptr %g, i32 2)
  %d = call i32 @flat(ptr %s, i32 2)
  %f0 = call i32 @few(ptr %g, i32 2)
  %f1 = call i32 @few(ptr %s, i32 2)
  %r0 = add i32 %a, %b
  %r1 = add i32 %r0, %c
  %r2 = add i32 %r1, %d
  %r3 = add i32 %r2, %f0
  %r4 = add i32 %r3, %f1
  store i32 %r4, ptr addrspace(1) %out, align 4
  ret void
}
