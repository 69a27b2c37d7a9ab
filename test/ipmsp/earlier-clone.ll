; ipmsp reuses a clone an earlier run made for the same spaces (the pass
; plugin's early run: callsplit's clones, made by splitclones before LLVM's
; optimizer), which its own registry of this run's clones does not know.
; Between the two runs LLVM's inliner put @wrap's call of @sum2 into the
; kernel, where the late run sees it pass a global pointer: it goes to the
; early run's @sum2.as1, not to a second copy of the same spaces (the
; original retyped in place as another `as1` function, or a @sum2.as1.1;
; random programs through clang-22 -O2 with the plugin had such twins:
; 9 PTX or AMDGPU instructions each).
; RUN: gasp-opt --clone-cost=0 -S --passes=infer,callsplit,splitclones %s -o %t.r1.ll
; RUN: opt-22 -S -passes='cgscc(inline)' %t.r1.ll -o %t.r1i.ll 2>/dev/null
; RUN: gasp-opt --clone-cost=0 -S --passes=infer,ipmsp %t.r1i.ll -o %t.r2.ll -stats -stats-json 2> %t.stats
; RUN: FileCheck %s < %t.r2.ll
; RUN: FileCheck %s --check-prefix=STAT < %t.stats
; RUN: for n in 0 1; do gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:16:iota --arg local:64 --arg i32=$n --check-as --compare %t.r2.ll; done | FileCheck %s --check-prefix=EXEC
; EXEC-NOT: differ
; EXEC: identical
; EXEC: identical
; STAT: "ipmsp.merged": 1
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z12get_local_idj(i32)

; The split call's copies go to the early run's two clones; the inlined
; call goes to the global one too, and no other function of @sum2's family
; takes a global pointer.
; CHECK-LABEL: define spir_kernel void @k(
; CHECK: call spir_func i32 @sum2.as3(ptr addrspace(3) %l)
; CHECK: call spir_func i32 @sum2.as1(ptr addrspace(1) %g)
; CHECK: call spir_func i32 @sum2.as1(ptr addrspace(1) %q.i)
; CHECK-NOT: define {{.*}}@sum2(
; CHECK-NOT: define {{.*}}@sum2.as1.
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
  %r1 = call spir_func i32 @wrap(ptr addrspace(4) %gp)
  %r = add i32 %r0, %r1
  %o = getelementptr inbounds i32, ptr addrspace(1) %g, i64 %id
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}

; Inlined between the runs: the first run cannot name its parameter.
define internal spir_func i32 @wrap(ptr addrspace(4) %p) alwaysinline {
  %q = getelementptr inbounds i32, ptr addrspace(4) %p, i64 2
  %r = call spir_func i32 @sum2(ptr addrspace(4) %q)
  ret i32 %r
}

define internal spir_func i32 @sum2(ptr addrspace(4) %p) noinline {
  %a = load i32, ptr addrspace(4) %p, align 4
  %q = getelementptr inbounds i32, ptr addrspace(4) %p, i64 1
  %b = load i32, ptr addrspace(4) %q, align 4
  %s = add i32 %a, %b
  ret i32 %s
}
