; callsplit's cost model (nvptx64, its clone cost limit per named access): a
; split copies the call and asks for one more copy of the callee, so the
; callee's accesses it names must pay for both.  One store in a small
; helper does not (on random nvptx64 programs such splits made kernels
; worse than clang in PTX instructions); the same store in a loop does;
; with --clone-cost=0 (no limit) every such call is split.
; RUN: gasp-opt -S --whole-program %s -o %t.ll -pass-remarks=callsplit 2> %t.rem
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REM < %t.rem
; RUN: gasp-opt -S --whole-program -stats -stats-json %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STAT
; RUN: gasp-opt -S --whole-program --clone-cost=0 %s -o %t.all.ll -pass-remarks=callsplit 2> %t.all.rem
; RUN: FileCheck %s --check-prefix=ALL < %t.all.rem
; RUN: for n in 0 1 4 7; do gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:16:iota --arg i32=$n --check-as --compare %t.ll; done | FileCheck %s --check-prefix=EXEC
; RUN: for n in 0 7; do gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:16:iota --arg i32=$n --check-as --compare %t.all.ll; done | FileCheck %s --check-prefix=EXEC
; RUN: llc-22 -O2 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.s
; EXEC-NOT: differ
; EXEC: identical
; REM: {{.*}}call to @fill split on the select of its argument 0 (local or global)
; REM-NOT: call to @put
; STAT-DAG: "callsplit.calls": 1
; STAT-DAG: "callsplit.costly": {{[1-9]}}
; ALL-DAG: {{.*}}call to @put split on the select of its argument 0 (local or global)
; ALL-DAG: {{.*}}call to @fill split on the select of its argument 0 (local or global)
target datalayout = "e-p3:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [16 x i32] undef, align 4

; One store through the parameter (`p[v & 3] = v * 11 + 47`, genprog's
; helper): the call stays whole, the store generic.
; CHECK-LABEL: define internal void @put(ptr %p, i32 %v)
; CHECK:       store i32 %x, ptr %e
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK:       call void @put(ptr %sel
; CHECK:       call void @fill.as3(ptr addrspace(3) @tile
; CHECK:       call void @fill.as1(ptr addrspace(1) %buf
define internal void @put(ptr %p, i32 %v) noinline {
  %i = and i32 %v, 3
  %e = getelementptr inbounds i32, ptr %p, i32 %i
  %m = mul i32 %v, 11
  %x = add i32 %m, 47
  store i32 %x, ptr %e, align 4
  ret void
}

; A store in a loop: the call is split, each copy calling a clone.
; CHECK-LABEL: define internal void @fill{{.*}}(ptr addrspace(3)
; CHECK:       store i32 %{{.*}}, ptr addrspace(3)
define internal void @fill(ptr %p, i32 %n) noinline {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %e = getelementptr inbounds i32, ptr %p, i32 %i
  store i32 %i, ptr %e, align 4
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

define ptx_kernel void @k(ptr addrspace(1) %buf, i32 %n) {
entry:
  %t = addrspacecast ptr addrspace(3) @tile to ptr
  %g = addrspacecast ptr addrspace(1) %buf to ptr
  %c = icmp ugt i32 %n, 3
  %sel = select i1 %c, ptr %t, ptr %g
  call void @put(ptr %sel, i32 %n)
  %m = and i32 %n, 7
  %m1 = add i32 %m, 1
  call void @fill(ptr %sel, i32 %m1)
  %r = load i32, ptr %t, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %buf, i32 15
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}
