; constargs: a clone gasp made, whose every call passes one constant for a
; scalar parameter, gets that constant in its body, and SCCP and
; SimplifyCFG fold what it decides (the late run's clones come after
; LLVM's IPSCCP, which did this for clang's own functions).  Clones called
; with different constants, functions gasp did not make, and a clone whose
; address is taken keep their parameters.
; RUN: gasp-opt -S --passes=ipmsp,constargs -stats %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:4 --arg local:64 --arg i32=5 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:4 --arg local:64 --arg i32=0 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; STATS: 5 constargs - clone parameters every call passes as one constant, replaced by it
; STATS-NEXT: 3 constargs - clones SCCP and SimplifyCFG ran on after a parameter became constant
; EXEC: identical
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; The sum of n values through a generic pointer: a loop over n.
define internal i32 @sum(ptr %p, i32 %n, i32 %k) noinline {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %q = getelementptr i32, ptr %p, i32 %i
  %x = load volatile i32, ptr %q, align 4
  %y = mul i32 %x, %k
  %s1 = add i32 %s, %y
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done
done:
  ret i32 %s1
}

; The same, not cloned (every call passes global memory) and never a
; clone: called with the constant 2, it keeps its parameter and its loop.
define internal i32 @plain(ptr %p, i32 %n) noinline {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %q = getelementptr i32, ptr %p, i32 %i
  %x = load i32, ptr %q, align 4
  %s1 = add i32 %s, %x
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done
done:
  ret i32 %s1
}

; A clone an earlier run made (its family noted), whose address the
; kernel also stores: a call through that address could pass anything, so
; its parameter stays.
; CHECK-LABEL: define internal i32 @taken.as1(
; CHECK:         icmp slt i32 %i1, %n
define internal i32 @taken.as1(ptr addrspace(1) %p, i32 %n) noinline !gasp.as !0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %q = getelementptr i32, ptr addrspace(1) %p, i32 %i
  %x = load i32, ptr addrspace(1) %q, align 4
  %s1 = add i32 %s, %x
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done
done:
  ret i32 %s1
}

@fp = internal addrspace(1) global ptr null

; Thread sums: its private slot once (n = 1, k = 3: the private copy is
; one load, k folded), the group's local array once (n = 1, k = 3: the
; local copy likewise), the output buffer twice with counts 1 and %m (the
; global copy keeps n and folds k, passed 1 by both calls).
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK-DAG:     call i32 @sum.as5(ptr addrspace(5) %acc, i32 1, i32 3)
; CHECK-DAG:     call i32 @sum.as3(ptr addrspace(3) %red, i32 1, i32 3)
; CHECK-DAG:     call i32 @sum.as1(ptr addrspace(1) %out, i32 1, i32 1)
; CHECK-DAG:     call i32 @sum.as1(ptr addrspace(1) %out, i32 %m1, i32 1)
; CHECK-DAG:     call i32 @plain(ptr addrspace(1) %out, i32 2)
; CHECK-LABEL: define internal i32 @sum.as5(
; CHECK-NOT:     br
; CHECK-NOT:     phi
; CHECK:         load volatile i32, ptr addrspace(5) %q
; CHECK-NEXT:    mul {{.*}}i32 %x, 3
; CHECK-NOT:     br
; CHECK:         ret i32
; CHECK-LABEL: define internal i32 @sum.as3(
; CHECK-NOT:     br
; CHECK:         load volatile i32, ptr addrspace(3) %q
; CHECK-NEXT:    mul {{.*}}i32 %x, 3
; CHECK-NOT:     br
; CHECK:         ret i32
; CHECK-LABEL: define internal i32 @sum.as1(
; CHECK:         load volatile i32, ptr addrspace(1) %q
; CHECK-NEXT:    mul {{.*}}i32 %x, 1
; CHECK:         icmp slt i32 %i1, %n
; CHECK-LABEL: define internal i32 @plain(
; CHECK:         icmp slt i32 %i1, %n
define ptx_kernel void @k(ptr addrspace(1) %out, ptr addrspace(3) %red, i32 %m) {
entry:
  %acc = alloca [8 x i32], align 4, addrspace(5)
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %slot = getelementptr i32, ptr addrspace(3) %red, i32 %tid
  store i32 %tid, ptr addrspace(3) %slot, align 4
  store i32 7, ptr addrspace(5) %acc, align 4
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %accg = addrspacecast ptr addrspace(5) %acc to ptr
  %a = call i32 @sum(ptr %accg, i32 1, i32 3)
  %redg = addrspacecast ptr addrspace(3) %red to ptr
  %b = call i32 @sum(ptr %redg, i32 1, i32 3)
  %outg = addrspacecast ptr addrspace(1) %out to ptr
  %m0 = and i32 %m, 3
  %m1 = add i32 %m0, 1
  %c = call i32 @sum(ptr %outg, i32 1, i32 1)
  %d = call i32 @sum(ptr %outg, i32 %m1, i32 1)
  %e = call i32 @plain(ptr %outg, i32 2)
  %f = call i32 @taken.as1(ptr addrspace(1) %out, i32 2)
  store ptr @taken.as1, ptr addrspace(1) @fp, align 8
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %ab = add i32 %a, %b
  %cd = add i32 %c, %d
  %ef = add i32 %e, %f
  %abcd = add i32 %ab, %cd
  %all = add i32 %abcd, %ef
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %all, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

!0 = !{i32 1, !"clone of @taken"}
