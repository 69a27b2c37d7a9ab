; Clone only where it pays.  A clone is made only when a named
; space for one of its parameters gives some access a named space (in the
; function or, through calls, in a callee); parameters that do not pay keep
; generic in the tuple, so call sites that differ only there share a clone.
; -stats says what cloning cost and bought; a remark says why a clone was
; not made.
; RUN: gasp-opt --clone-cost=0 -S %s -o %t.ll -stats -stats-json --summary -pass-remarks-missed=ipmsp 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=PICK < %t.ll
; RUN: FileCheck %s --check-prefix=STATS < %t.err
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:8:iota --arg local:64 --arg buf:i32:8 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; STATS-DAG: remark: {{.*}}not cloned: a named space for its pointer parameters would give no access a named space
; STATS-DAG: remark: {{.*}}not cloned: a named space for its pointer parameters would give no access a named space
; STATS-DAG: remark: {{.*}}not cloned
; STATS-DAG: "ipmsp.clones-not-paying": 3
; STATS-DAG: "ipmsp.clones": 4
; STATS-DAG: "ipmsp.clone-instructions":
; STATS-DAG: "ipmsp.accesses-resolved":
target triple = "spir64-unknown-unknown"

declare void @llvm.prefetch.p4(ptr addrspace(4), i32, i32, i32)

; Visible outside; its pointer only goes to a prefetch (no access), integer
; arithmetic and a comparison: a clone for the kernel's local pointer would
; name nothing.
; CHECK-LABEL: define spir_func i32 @only_external(ptr addrspace(4) %p)
; CHECK-NOT: define {{.*}}@only_external.as
define spir_func i32 @only_external(ptr addrspace(4) %p) {
  call void @llvm.prefetch.p4(ptr addrspace(4) %p, i32 0, i32 3, i32 1)
  %z = icmp eq ptr addrspace(4) %p, null
  %i = ptrtoint ptr addrspace(4) %p to i64
  %t = trunc i64 %i to i32
  %m = and i32 %t, 0
  %r0 = zext i1 %z to i32
  %r = add i32 %r0, %m
  ret i32 %r
}

; %a is loaded from (pays); %b is only compared (does not): the two call
; sites, (global, local) and (global, global), agree on %a: @pick is
; rewritten in place for it, and is not cloned for %b.
; PICK-LABEL: define internal spir_func i32 @pick(ptr addrspace(1) %a, ptr addrspace(4) %b)
; PICK: load i32, ptr addrspace(1)
; PICK-NOT: define {{.*}}@pick.as
define internal spir_func i32 @pick(ptr addrspace(4) %a, ptr addrspace(4) %b) {
  %v = load i32, ptr addrspace(4) %a, align 4
  %e = icmp eq ptr addrspace(4) %a, %b
  %r = select i1 %e, i32 0, i32 %v
  ret i32 %r
}

; Mutually recursive pair whose pointer only feeds comparisons: the cycle
; pays nothing, so no clone for either member.
; CHECK-LABEL: define internal spir_func i32 @cycle_a(ptr addrspace(4) %p, i32 %n)
; CHECK-NOT: define {{.*}}@cycle_a.as
define internal spir_func i32 @cycle_a(ptr addrspace(4) %p, i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %more
more:
  %m = sub i32 %n, 1
  %r = call spir_func i32 @cycle_b(ptr addrspace(4) %p, i32 %m)
  ret i32 %r
done:
  %isnull = icmp eq ptr addrspace(4) %p, null
  %v = zext i1 %isnull to i32
  ret i32 %v
}

define internal spir_func i32 @cycle_b(ptr addrspace(4) %p, i32 %n) {
  %r = call spir_func i32 @cycle_a(ptr addrspace(4) %p, i32 %n)
  ret i32 %r
}

; Its pointer reaches an access only through a callee: the clones pay, two
; of @outer (global, local) and two of @inner.
; CHECK-LABEL: define internal spir_func i32 @outer.as1(ptr addrspace(1) %p)
; CHECK-LABEL: define internal spir_func i32 @inner.as1(ptr addrspace(1) %p)
; CHECK: load i32, ptr addrspace(1)
define internal spir_func i32 @outer(ptr addrspace(4) %p) {
  %q = getelementptr i32, ptr addrspace(4) %p, i64 1
  %r = call spir_func i32 @inner(ptr addrspace(4) %q)
  ret i32 %r
}

define internal spir_func i32 @inner(ptr addrspace(4) %p) {
  %v = load i32, ptr addrspace(4) %p, align 4
  ret i32 %v
}

; Calls each helper with a global and a local pointer.
define spir_kernel void @k(ptr addrspace(1) %in, ptr addrspace(3) %tmp, ptr addrspace(1) %out) {
  %gi = addrspacecast ptr addrspace(1) %in to ptr addrspace(4)
  %lt = addrspacecast ptr addrspace(3) %tmp to ptr addrspace(4)
  %v0 = load i32, ptr addrspace(1) %in, align 4
  store i32 %v0, ptr addrspace(3) %tmp, align 4
  %a = call spir_func i32 @only_external(ptr addrspace(4) %lt)
  %b = call spir_func i32 @pick(ptr addrspace(4) %gi, ptr addrspace(4) %lt)
  %c = call spir_func i32 @pick(ptr addrspace(4) %gi, ptr addrspace(4) %gi)
  %d = call spir_func i32 @cycle_a(ptr addrspace(4) %gi, i32 3)
  %e = call spir_func i32 @cycle_a(ptr addrspace(4) %lt, i32 2)
  %f = call spir_func i32 @outer(ptr addrspace(4) %gi)
  %g = call spir_func i32 @outer(ptr addrspace(4) %lt)
  %s1 = add i32 %a, %b
  %s2 = add i32 %s1, %c
  %s3 = add i32 %s2, %d
  %s4 = add i32 %s3, %e
  %s5 = add i32 %s4, %f
  %s6 = add i32 %s5, %g
  store i32 %s6, ptr addrspace(1) %out, align 4
  ret void
}
