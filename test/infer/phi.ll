; RUN: gasp-opt --passes=infer -verify-each -S %s -o - | FileCheck %s
; Phi nodes: agreement, disagreement, loops and undef-fed cycles (spir64).
target triple = "spir64"

; A phi of two global pointers is global.
define void @phi_same(i1 %c, ptr addrspace(1) %a, ptr addrspace(1) %b) {
; CHECK-LABEL: define void @phi_same(
; CHECK-SAME: i1 [[C:%.*]], ptr addrspace(1) [[A:%.*]], ptr addrspace(1) [[B:%.*]]) {
; CHECK-NEXT: entry:
; CHECK-NEXT:   br i1 [[C]], label [[T:%.*]], label [[F:%.*]]
; CHECK-EMPTY:
; CHECK-NEXT: t:
; CHECK-NEXT:   br label [[J:%.*]]
; CHECK-EMPTY:
; CHECK-NEXT: f:
; CHECK-NEXT:   br label [[J]]
; CHECK-EMPTY:
; CHECK-NEXT: j:
; CHECK-NEXT:   [[P:%.*]] = phi ptr addrspace(1) [ [[A]], [[T]] ], [ [[B]], [[F]] ]
; CHECK-NEXT:   store i32 0, ptr addrspace(1) [[P]], align 4
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
entry:
  br i1 %c, label %t, label %f
t:
  %ga = addrspacecast ptr addrspace(1) %a to ptr addrspace(4)
  br label %j
f:
  %gb = addrspacecast ptr addrspace(1) %b to ptr addrspace(4)
  br label %j
j:
  %p = phi ptr addrspace(4) [ %ga, %t ], [ %gb, %f ]
  store i32 0, ptr addrspace(4) %p
  ret void
}

; A phi of a global and a local pointer stays generic.
define void @phi_mixed(i1 %c, ptr addrspace(1) %a, ptr addrspace(3) %b) {
; CHECK-LABEL: define void @phi_mixed(
; CHECK-SAME: i1 [[C:%.*]], ptr addrspace(1) [[A:%.*]], ptr addrspace(3) [[B:%.*]]) {
; CHECK-NEXT: entry:
; CHECK-NEXT:   [[GA:%.*]] = addrspacecast ptr addrspace(1) [[A]] to ptr addrspace(4)
; CHECK-NEXT:   [[GB:%.*]] = addrspacecast ptr addrspace(3) [[B]] to ptr addrspace(4)
; CHECK-NEXT:   br i1 [[C]], label [[T:%.*]], label [[J:%.*]]
; CHECK-EMPTY:
; CHECK-NEXT: t:
; CHECK-NEXT:   br label [[J]]
; CHECK-EMPTY:
; CHECK-NEXT: j:
; CHECK-NEXT:   [[P:%.*]] = phi ptr addrspace(4) [ [[GA]], [[ENTRY:%.*]] ], [ [[GB]], [[T]] ]
; CHECK-NEXT:   store i32 0, ptr addrspace(4) [[P]], align 4
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
entry:
  %ga = addrspacecast ptr addrspace(1) %a to ptr addrspace(4)
  %gb = addrspacecast ptr addrspace(3) %b to ptr addrspace(4)
  br i1 %c, label %t, label %j
t:
  br label %j
j:
  %p = phi ptr addrspace(4) [ %ga, %entry ], [ %gb, %t ]
  store i32 0, ptr addrspace(4) %p
  ret void
}

; A pointer induction variable (phi cycle through a GEP) becomes local.
define void @loop(ptr addrspace(3) %l, i64 %n) {
; CHECK-LABEL: define void @loop(
; CHECK-SAME: ptr addrspace(3) [[L:%.*]], i64 [[N:%.*]]) {
; CHECK-NEXT: entry:
; CHECK-NEXT:   br label [[LOOP:%.*]]
; CHECK-EMPTY:
; CHECK-NEXT: loop:
; CHECK-NEXT:   [[P:%.*]] = phi ptr addrspace(3) [ [[L]], [[ENTRY:%.*]] ], [ [[NEXT:%.*]], [[LOOP]] ]
; CHECK-NEXT:   [[I:%.*]] = phi i64 [ 0, [[ENTRY]] ], [ [[I1:%.*]], [[LOOP]] ]
; CHECK-NEXT:   store i32 0, ptr addrspace(3) [[P]], align 4
; CHECK-NEXT:   [[NEXT]] = getelementptr i32, ptr addrspace(3) [[P]], i64 1
; CHECK-NEXT:   [[I1]] = add i64 [[I]], 1
; CHECK-NEXT:   [[DONE:%.*]] = icmp eq i64 [[I1]], [[N]]
; CHECK-NEXT:   br i1 [[DONE]], label [[EXIT:%.*]], label [[LOOP]]
; CHECK-EMPTY:
; CHECK-NEXT: exit:
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
entry:
  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  br label %loop
loop:
  %p = phi ptr addrspace(4) [ %g, %entry ], [ %next, %loop ]
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  store i32 0, ptr addrspace(4) %p
  %next = getelementptr i32, ptr addrspace(4) %p, i64 1
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; A cycle fed only by undef stays generic (soundness).
define void @undef_cycle(i64 %n) {
; CHECK-LABEL: define void @undef_cycle(
; CHECK-SAME: i64 [[N:%.*]]) {
; CHECK-NEXT: entry:
; CHECK-NEXT:   br label [[LOOP:%.*]]
; CHECK-EMPTY:
; CHECK-NEXT: loop:
; CHECK-NEXT:   [[P:%.*]] = phi ptr addrspace(4) [ undef, [[ENTRY:%.*]] ], [ [[NEXT:%.*]], [[LOOP]] ]
; CHECK-NEXT:   [[I:%.*]] = phi i64 [ 0, [[ENTRY]] ], [ [[I1:%.*]], [[LOOP]] ]
; CHECK-NEXT:   store i32 0, ptr addrspace(4) [[P]], align 4
; CHECK-NEXT:   [[NEXT]] = getelementptr i32, ptr addrspace(4) [[P]], i64 1
; CHECK-NEXT:   [[I1]] = add i64 [[I]], 1
; CHECK-NEXT:   [[DONE:%.*]] = icmp eq i64 [[I1]], [[N]]
; CHECK-NEXT:   br i1 [[DONE]], label [[EXIT:%.*]], label [[LOOP]]
; CHECK-EMPTY:
; CHECK-NEXT: exit:
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
entry:
  br label %loop
loop:
  %p = phi ptr addrspace(4) [ undef, %entry ], [ %next, %loop ]
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  store i32 0, ptr addrspace(4) %p
  %next = getelementptr i32, ptr addrspace(4) %p, i64 1
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; A phi with an undef arm and a private arm is private; undef becomes undef in private.
define void @phi_undef_arm(i1 %c) {
; CHECK-LABEL: define void @phi_undef_arm(
; CHECK-SAME: i1 [[C:%.*]]) {
; CHECK-NEXT: entry:
; CHECK-NEXT:   [[A:%.*]] = alloca i32, align 4
; CHECK-NEXT:   br i1 [[C]], label [[T:%.*]], label [[J:%.*]]
; CHECK-EMPTY:
; CHECK-NEXT: t:
; CHECK-NEXT:   br label [[J]]
; CHECK-EMPTY:
; CHECK-NEXT: j:
; CHECK-NEXT:   [[P:%.*]] = phi ptr [ [[A]], [[ENTRY:%.*]] ], [ undef, [[T]] ]
; CHECK-NEXT:   store i32 0, ptr [[P]], align 4
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
entry:
  %a = alloca i32
  %g = addrspacecast ptr %a to ptr addrspace(4)
  br i1 %c, label %t, label %j
t:
  br label %j
j:
  %p = phi ptr addrspace(4) [ %g, %entry ], [ undef, %t ]
  store i32 0, ptr addrspace(4) %p
  ret void
}

; A phi whose global value arrives around a loop back edge is global.
define void @nested_loop_phi(ptr addrspace(1) %a, i64 %n) {
; CHECK-LABEL: define void @nested_loop_phi(
; CHECK-SAME: ptr addrspace(1) [[A:%.*]], i64 [[N:%.*]]) {
; CHECK-NEXT: entry:
; CHECK-NEXT:   br label [[OUTER:%.*]]
; CHECK-EMPTY:
; CHECK-NEXT: outer:
; CHECK-NEXT:   [[PO:%.*]] = phi ptr addrspace(1) [ [[A]], [[ENTRY:%.*]] ], [ [[PI:%.*]], [[INNER:%.*]] ]
; CHECK-NEXT:   br label [[INNER]]
; CHECK-EMPTY:
; CHECK-NEXT: inner:
; CHECK-NEXT:   [[PI]] = phi ptr addrspace(1) [ [[PO]], [[OUTER]] ], [ [[Q:%.*]], [[INNER]] ]
; CHECK-NEXT:   [[Q]] = getelementptr i8, ptr addrspace(1) [[PI]], i64 4
; CHECK-NEXT:   [[V:%.*]] = load i8, ptr addrspace(1) [[Q]], align 1
; CHECK-NEXT:   [[C:%.*]] = icmp eq i8 [[V]], 0
; CHECK-NEXT:   br i1 [[C]], label [[INNER]], label [[OUTER]]
; CHECK-NEXT: }
entry:
  %g = addrspacecast ptr addrspace(1) %a to ptr addrspace(4)
  br label %outer
outer:
  %po = phi ptr addrspace(4) [ %g, %entry ], [ %pi, %inner ]
  br label %inner
inner:
  %pi = phi ptr addrspace(4) [ %po, %outer ], [ %q, %inner ]
  %q = getelementptr i8, ptr addrspace(4) %pi, i64 4
  %v = load i8, ptr addrspace(4) %q
  %c = icmp eq i8 %v, 0
  br i1 %c, label %inner, label %outer
}
