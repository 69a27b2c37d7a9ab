; Versioning a loop by space (--version-by-space=on, the version pass): the
; loop sums through a select of a shared and a global pointer (no call for
; callsplit to version), so its load stays generic; one space test before
; the loop and a copy of the loop per space name it in both.  A loop with a
; barrier (convergent) is left alone: the test may differ between threads.
; The exit phi takes the copy's sum.  Off (the default) nothing changes.
; Runs identically under gasp-run --check-as --compare both ways round;
; llc-22 accepts the output; a second run changes nothing (the text's
; `preds` comments follow use-list order, which parsing does not keep).
; RUN: gasp-opt -S %s -o %t.off.ll --summary 2> %t.off.err
; RUN: FileCheck %s --check-prefix=OFF < %t.off.err
; RUN: gasp-opt -S %s -o %t.on.ll --version-by-space=on --summary -stats -stats-json -pass-remarks=version 2> %t.on.err
; RUN: FileCheck %s < %t.on.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.on.err
; RUN: gasp-opt -S %t.on.ll -o %t.again.ll --version-by-space=on
; RUN: sed -e 1,2d -e 's/ *; preds = .*//' %t.on.ll > %t.a && sed -e 1,2d -e 's/ *; preds = .*//' %t.again.ll > %t.b && diff %t.a %t.b
; RUN: gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:8:iota --arg buf:i32:8 --arg i32=0 --check-as --compare %t.on.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:8:iota --arg buf:i32:8 --arg i32=1 --check-as --compare %t.on.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel after --global 4 --local 4 --arg buf:i32:8:iota --arg buf:i32:8 --arg i32=0 --check-as --compare %t.on.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel after --global 4 --local 4 --arg buf:i32:8:iota --arg buf:i32:8 --arg i32=1 --check-as --compare %t.on.ll | FileCheck %s --check-prefix=EXEC
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.on.ll -o /dev/null
; RUN: sed -e 's/nvptx64-nvidia-cuda/amdgcn-amd-amdhsa/' -e 's/ptx_kernel/amdgpu_kernel/' -e 's/llvm.nvvm.read.ptx.sreg.tid.x/llvm.amdgcn.workitem.id.x/' -e 's/llvm.nvvm.barrier0/llvm.amdgcn.s.barrier/' %s > %t.amd.ll
; RUN: gasp-opt -S %t.amd.ll -o %t.amd.on.ll --version-by-space=on
; RUN: FileCheck %s --check-prefix=AMD < %t.amd.on.ll
; RUN: gasp-run %t.amd.ll --kernel k --global 4 --local 4 --arg buf:i32:8:iota --arg buf:i32:8 --arg i32=1 --check-as --compare %t.amd.on.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; OFF: gasp: generic memory ops reachable from kernels: 3 (before: 3)
; REMARK: remark: <unknown>:0:0: loop versioned by the space of a pointer it accesses (global or local): one space test before it, one copy of the loop per space
; REMARK: gasp: generic memory ops reachable from kernels: 1 (before: 3)
; REMARK: "version.loops": 2
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: call i1 @llvm.nvvm.isspacep.global(ptr %p)
; CHECK: loop:
; CHECK: load i32, ptr addrspace(1)
; CHECK: done:
; CHECK: phi i32 [ %acc1, %loop ], [ {{%.*}}, %loop.v ]
; CHECK: barrier:
; CHECK: load i32, ptr %
; CHECK: version.global:
; CHECK: version.local:
; CHECK: loop.v:
; CHECK: load i32, ptr addrspace(3)
; AMD: call i1 @llvm.amdgcn.is.shared(ptr %p)
; AMD: load i32, ptr addrspace(3)
; AMD: load i32, ptr addrspace(1)
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [8 x i32] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0() convergent

; Sums t + 4 elements of the shared copy or of the input, as %which says
; (a trip count the cost model cannot bound: a loop it knows runs a few
; times is not worth a copy, test/ipmsp/clone-cost-loops.ll); then sums
; again in a loop with a barrier, which stays as it is.
define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %which) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %src = getelementptr inbounds i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %src, align 4
  %dst = getelementptr inbounds [8 x i32], ptr addrspace(3) @sh, i32 0, i32 %t
  store i32 %x, ptr addrspace(3) %dst, align 4
  %z = icmp eq i32 %which, 0
  %s = addrspacecast ptr addrspace(3) @sh to ptr
  %g = addrspacecast ptr addrspace(1) %in to ptr
  %p = select i1 %z, ptr %s, ptr %g
  %lim = add i32 %t, 4
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %loop ]
  %e = getelementptr inbounds i32, ptr %p, i32 %i
  %v = load i32, ptr %e, align 4
  %acc1 = add i32 %acc, %v
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %lim
  br i1 %c, label %loop, label %done
done:
  %sum = phi i32 [ %acc1, %loop ]
  br label %barrier
barrier:
  %j = phi i32 [ 0, %done ], [ %j1, %barrier ]
  %acc2 = phi i32 [ %sum, %done ], [ %acc3, %barrier ]
  call void @llvm.nvvm.barrier0()
  %e2 = getelementptr inbounds i32, ptr %p, i32 %j
  %w = load i32, ptr %e2, align 4
  %acc3 = add i32 %acc2, %w
  %j1 = add i32 %j, 1
  %c2 = icmp slt i32 %j1, 2
  br i1 %c2, label %barrier, label %end
end:
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %acc3, ptr addrspace(1) %o, align 4
  ret void
}

; The loop of @after is not closed: its second header phi (%acc) and a
; value of its body are used after it directly.  Versioning closes it at
; its exit first; the exit's phis must take, from the copy, the copies of
; those same values (the header's phis are rebuilt last: a rebuilt phi may
; take the memory of an erased one, and a later lookup by address then
; found the wrong value — the random-program campaign's seed 9122).
; CHECK-LABEL: define ptx_kernel void @after(
; CHECK: call i1 @llvm.nvvm.isspacep.global(ptr %p)
; CHECK: done:
; CHECK-NEXT: phi i32 [ %v, %loop ], [ [[VC:%[0-9]+]], %loop.v ]
; CHECK-NEXT: phi i32 [ %acc, %loop ], [ [[AC:%[0-9]+]], %loop.v ]
; CHECK: loop.v:
; CHECK: [[AC]] = phi i32 [ 7, %version.local ]
; CHECK: [[VC]] = load i32, ptr addrspace(3)
define ptx_kernel void @after(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %which) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %src = getelementptr inbounds i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %src, align 4
  %dst = getelementptr inbounds [8 x i32], ptr addrspace(3) @sh, i32 0, i32 %t
  store i32 %x, ptr addrspace(3) %dst, align 4
  %z = icmp eq i32 %which, 0
  %s = addrspacecast ptr addrspace(3) @sh to ptr
  %g = addrspacecast ptr addrspace(1) %in to ptr
  %p = select i1 %z, ptr %s, ptr %g
  %n2 = add i32 %t, 2
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i32 [ 7, %entry ], [ %acc1, %loop ]
  %e = getelementptr inbounds i32, ptr %p, i32 %i
  %v = load i32, ptr %e, align 4
  %acc1 = add i32 %acc, %v
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n2
  br i1 %c, label %loop, label %done
done:
  %r0 = mul i32 %acc, 3
  %r1 = add i32 %r0, %v
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %r1, ptr addrspace(1) %o, align 4
  ret void
}
