; splitclones: ipmsp on the callees of the calls callsplit split in the same
; run, and on nothing else — the pass plugin's early run, where the other
; clones wait for the late run, but a split call must reach its two clones
; before LLVM's optimizer (SimplifyCFG merges two calls to one function
; back into one, and the inliner's two copies of an uncloned helper too).
; RUN: gasp-opt --clone-cost=0 -S --passes=infer,callsplit,splitclones %s -o %t.ll -stats -stats-json 2> %t.stats
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=STAT < %t.stats
; Without callsplit before it in the run, it has nothing to do.
; RUN: gasp-opt --clone-cost=0 -S --passes=infer,splitclones %s -o %t.none.ll
; RUN: FileCheck %s --check-prefix=NONE < %t.none.ll
; ipmsp after callsplit takes the callees as its own (the set is emptied):
; the splitclones after it changes nothing.
; RUN: gasp-opt --clone-cost=0 -S --passes=infer,callsplit,ipmsp %s -o %t.ip.ll
; RUN: gasp-opt --clone-cost=0 -S --passes=infer,callsplit,ipmsp,splitclones %s -o %t.ip2.ll
; RUN: diff %t.ip.ll %t.ip2.ll
; RUN: for n in 0 1 2 3; do gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:16:iota --arg local:64 --arg i32=$n --check-as --compare %t.ll; done | FileCheck %s --check-prefix=EXEC
; EXEC-NOT: differ
; EXEC: identical
; STAT: "ipmsp.clones": 2
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z12get_local_idj(i32)

; The split call's two copies go to @sum2's clones (the local one is a
; copy, the global one takes the body); the call of @other, passed a
; global pointer but not split, stays with the generic original.
; CHECK-LABEL: define spir_kernel void @k(
; CHECK: call spir_func i32 @sum2.as3(ptr addrspace(3) %l)
; CHECK: call spir_func i32 @sum2.as1(ptr addrspace(1) %g)
; CHECK: call spir_func i32 @other(ptr addrspace(4) %gp)
; NONE-LABEL: define spir_kernel void @k(
; NONE: call spir_func i32 @sum2(ptr addrspace(4) %s0)
; NONE: call spir_func i32 @other(ptr addrspace(4) %gp)
define spir_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %l, i32 %n) {
entry:
  %id = call spir_func i64 @_Z12get_local_idj(i32 0)
  %gi = getelementptr inbounds i32, ptr addrspace(1) %g, i64 %id
  %li = getelementptr inbounds i32, ptr addrspace(3) %l, i64 %id
  %v = load i32, ptr addrspace(1) %gi, align 4
  store i32 %v, ptr addrspace(3) %li, align 4
  %gp = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %lp = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %b0 = and i32 %n, 1
  %c0 = icmp ne i32 %b0, 0
  %s0 = select i1 %c0, ptr addrspace(4) %lp, ptr addrspace(4) %gp
  %r0 = call spir_func i32 @sum2(ptr addrspace(4) %s0)
  %r1 = call spir_func i32 @other(ptr addrspace(4) %gp)
  %r = add i32 %r0, %r1
  %o = getelementptr inbounds i32, ptr addrspace(1) %g, i64 %id
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}

; CHECK-LABEL: define internal spir_func i32 @other(ptr addrspace(4) %p)
; CHECK: load i32, ptr addrspace(4)
define internal spir_func i32 @other(ptr addrspace(4) %p) noinline {
  %q = getelementptr inbounds i32, ptr addrspace(4) %p, i64 2
  %v = load i32, ptr addrspace(4) %q, align 4
  ret i32 %v
}

; CHECK-LABEL: define internal spir_func i32 @sum2.as3(ptr addrspace(3) %p)
; CHECK: load i32, ptr addrspace(3)
; CHECK-LABEL: define internal spir_func i32 @sum2.as1(ptr addrspace(1) %p)
; CHECK: load i32, ptr addrspace(1)
define internal spir_func i32 @sum2(ptr addrspace(4) %p) noinline {
  %a = load i32, ptr addrspace(4) %p, align 4
  %q = getelementptr inbounds i32, ptr addrspace(4) %p, i64 1
  %b = load i32, ptr addrspace(4) %q, align 4
  %s = add i32 %a, %b
  ret i32 %s
}
