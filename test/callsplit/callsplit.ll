; callsplit: a call handed a select of pointers in two named spaces becomes
; one call per arm, each sent by ipmsp to the clone for its spaces; a callee
; that needs convergence (a barrier, also through a callee) keeps the call
; whole.
; RUN: gasp-opt --clone-cost=0 -S --whole-program %s -o %t.ll -pass-remarks=callsplit 2> %t.rem
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=CLONE < %t.ll
; RUN: FileCheck %s --check-prefix=CONV < %t.ll
; RUN: FileCheck %s --check-prefix=REM < %t.rem
; RUN: gasp-opt --clone-cost=0 -S --whole-program -stats -stats-json %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STAT
; RUN: for n in 0 1 2 3 5 8; do gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:16:iota --arg local:64 --arg i32=$n --check-as --compare %t.ll; done | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt --clone-cost=0 -S %s -o %t.open.ll
; RUN: for n in 0 3; do gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:16:iota --arg local:64 --arg i32=$n --check-as --compare %t.open.ll; done | FileCheck %s --check-prefix=EXEC
; EXEC-NOT: differ
; EXEC: identical
; REM: {{.*}}call to @sum2 split on the select of its argument 0 (local or global): one call per space
; REM: {{.*}}call to @bump split on the select of its argument 0 (global or local)
; REM: {{.*}}call to @pair split on the select of its argument 0 (local or global)
; REM-COUNT-2: {{.*}}call to @pair split on the select of its argument 1 (global or local)
; REM-NOT: @sync_sum
; REM-NOT: @deep
; (the group [fields,callsplit,ipmsp,memsum] runs twice: the two calls kept
; whole are counted in each round)
; STAT-DAG: "callsplit.calls": 5
; STAT-DAG: "callsplit.convergent": 4
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func void @_Z7barrierj(i32) convergent

; The result of a split call is a phi of the two copies; each copy goes to
; its clone and the clones access their own space.  The branch tests the
; frozen condition: a branch on poison is undefined where the select was not.
; CHECK-LABEL: define spir_kernel void @k(
; CHECK: [[C0:%split.cond[0-9]*]] = freeze i1 %c0
; CHECK-NEXT: br i1 [[C0]], label %[[T:split.true[0-9]*]], label %[[F:split.false[0-9]*]]
; CHECK: [[T]]:
; CHECK-NEXT: [[A:%.*]] = call spir_func i32 @sum2.as3(ptr addrspace(3) %l)
; CHECK: [[F]]:
; CHECK-NEXT: [[B:%.*]] = call spir_func i32 @sum2.as1(ptr addrspace(1) %g)
; CHECK: %r0 = phi i32 [ [[A]], %[[T]] ], [ [[B]], %[[F]] ]
define spir_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %l, i32 %n) {
entry:
  %id = call spir_func i64 @_Z12get_local_idj(i32 0)
  %gi = getelementptr inbounds i32, ptr addrspace(1) %g, i64 %id
  %li = getelementptr inbounds i32, ptr addrspace(3) %l, i64 %id
  %v = load i32, ptr addrspace(1) %gi, align 4
  store i32 %v, ptr addrspace(3) %li, align 4
  call spir_func void @_Z7barrierj(i32 1)
  %gp = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %lp = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %b0 = and i32 %n, 1
  %c0 = icmp ne i32 %b0, 0
  %s0 = select i1 %c0, ptr addrspace(4) %lp, ptr addrspace(4) %gp
  %r0 = call spir_func i32 @sum2(ptr addrspace(4) %s0)
  br label %loop

; A split inside a loop whose header holds phis: the header's phis stay at
; its top, the back edge still reaches them.
; CHECK: loop:
; CHECK-NEXT: %i = phi i32
; CHECK-NEXT: %acc = phi i32
; CHECK: call spir_func void @bump.as1(ptr addrspace(1) %g, i32 %i)
; CHECK: call spir_func void @bump.as3(ptr addrspace(3) %l, i32 %i)
; CHECK: br i1 %done, label %after, label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i32 [ %r0, %entry ], [ %acc1, %loop ]
  %b1 = and i32 %i, 1
  %c1 = icmp eq i32 %b1, 0
  %s1 = select i1 %c1, ptr addrspace(4) %gp, ptr addrspace(4) %lp
  call spir_func void @bump(ptr addrspace(4) %s1, i32 %i)
  %acc1 = add i32 %acc, %i
  %i1 = add i32 %i, 1
  %done = icmp eq i32 %i1, 3
  br i1 %done, label %after, label %loop

after:
  ; two select arguments: four calls, one per pair of spaces
; CHECK: @pair.as3_1(ptr addrspace(3) %l, ptr addrspace(1) %g)
; CHECK: @pair.as3_3(ptr addrspace(3) %l, ptr addrspace(3) %l)
; CHECK: @pair.as1_1(ptr addrspace(1) %g, ptr addrspace(1) %g)
; CHECK: @pair.as1_3(ptr addrspace(1) %g, ptr addrspace(3) %l)
; CHECK: call spir_func i32 @sync_sum(ptr addrspace(4) %s0)
; CHECK: call spir_func i32 @deep(ptr addrspace(4) %s2)
  %b2 = and i32 %n, 2
  %c2 = icmp ne i32 %b2, 0
  %s2 = select i1 %c2, ptr addrspace(4) %gp, ptr addrspace(4) %lp
  %p = call spir_func i32 @pair(ptr addrspace(4) %s0, ptr addrspace(4) %s2)
  ; the callee has a barrier: the call stays whole
  %q = call spir_func i32 @sync_sum(ptr addrspace(4) %s0)
  ; the barrier is two calls down: the call stays whole
  %d = call spir_func i32 @deep(ptr addrspace(4) %s2)
  call spir_func void @_Z7barrierj(i32 1)
  %t0 = add i32 %acc1, %p
  %t1 = add i32 %t0, %q
  %t2 = add i32 %t1, %d
  %o = getelementptr inbounds i32, ptr addrspace(1) %g, i64 8
  %oi = getelementptr inbounds i32, ptr addrspace(1) %o, i64 %id
  store i32 %t2, ptr addrspace(1) %oi, align 4
  ret void
}

; The clones of a split call's callee read their own space.
; CLONE-LABEL: define internal spir_func i32 @sum2.as3(ptr addrspace(3)
; CLONE: load i32, ptr addrspace(3)
; CLONE-LABEL: define internal spir_func i32 @sum2.as1(ptr addrspace(1)
; CLONE: load i32, ptr addrspace(1)
define spir_func i32 @sum2(ptr addrspace(4) %p) noinline {
  %a = load i32, ptr addrspace(4) %p, align 4
  %q = getelementptr inbounds i32, ptr addrspace(4) %p, i64 1
  %b = load i32, ptr addrspace(4) %q, align 4
  %s = add i32 %a, %b
  ret i32 %s
}

; A void callee (the loop's call).
define spir_func void @bump(ptr addrspace(4) %p, i32 %i) noinline {
  %id = call spir_func i64 @_Z12get_local_idj(i32 0)
  %e = getelementptr inbounds i32, ptr addrspace(4) %p, i64 %id
  %v = load i32, ptr addrspace(4) %e, align 4
  %w = add i32 %v, %i
  store i32 %w, ptr addrspace(4) %e, align 4
  ret void
}

; Two parameters, each handed a select.
define spir_func i32 @pair(ptr addrspace(4) %a, ptr addrspace(4) %b) noinline {
  %x = load i32, ptr addrspace(4) %a, align 4
  %y = load i32, ptr addrspace(4) %b, align 4
  %s = sub i32 %x, %y
  ret i32 %s
}

; Needs convergence: its call is not split and its access stays generic.
; CONV-LABEL: define spir_func i32 @sync_sum(ptr addrspace(4)
; CONV: load i32, ptr addrspace(4)
define spir_func i32 @sync_sum(ptr addrspace(4) %p) noinline {
  call spir_func void @_Z7barrierj(i32 1)
  %a = load i32, ptr addrspace(4) %p, align 4
  ret i32 %a
}

; Needs convergence through @mid.
; CONV-LABEL: define spir_func i32 @deep(ptr addrspace(4)
define spir_func i32 @deep(ptr addrspace(4) %p) noinline {
  %a = call spir_func i32 @mid(ptr addrspace(4) %p)
  ret i32 %a
}

define spir_func i32 @mid(ptr addrspace(4) %p) noinline {
  %a = call spir_func i32 @sync_sum(ptr addrspace(4) %p)
  ret i32 %a
}
