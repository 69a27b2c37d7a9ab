; Splitting an access through a select of two spaces on the select's own
; condition, and moving a load through a phi of two spaces to the phi's
; edges (the version pass, without --version-by-space).  The first is the shape LLVM's
; SimplifyCFG makes of `tx == 0 ? x_in[i] : s_out[tx - 1]` (HeCBench sosfil)
; by sinking the if/else's two loads into one load of a select.  NVPTX's llc
; names neither operand of such a select, so clang's build keeps a generic
; load; split, each arm reads its own operand and is named.  Only a select of
; the access's own block whose two operands are each in one named space, the
; two different: one made before a loop is not split (a branch in every
; iteration), nor one with a null operand or of one space.  On NVPTX only
; (the target table's split_merges): on AMDGPU the load stays flat, as in
; clang's build (a flat access costs about a global one; a divergent branch
; does not pay).  Runs identically
; under gasp-run --check-as --compare (thread 0 takes the global arm, the
; others the shared one); llc-22 accepts the output on NVPTX and AMDGPU; a
; second run changes nothing.
; RUN: gasp-opt -S %s -o %t.ll -pass-remarks=version -stats -stats-json --summary 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: gasp-opt -S %t.ll -o %t.again.ll
; RUN: sed -e 1,2d -e 's/ *; preds = .*//' %t.ll > %t.a && sed -e 1,2d -e 's/ *; preds = .*//' %t.again.ll > %t.b && diff %t.a %t.b
; RUN: gasp-run %s --kernel sos --global 4 --local 4 --arg buf:f32:8:iota --arg buf:f32:4 --arg i32=3 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel rmw --global 4 --local 4 --arg buf:i32:16:iota --arg buf:i32:4 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel phi --global 4 --local 4 --arg buf:f32:16:iota --arg buf:f32:4 --arg i32=2 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel phistore --global 4 --local 4 --arg buf:f32:16:iota --arg buf:f32:4 --arg i32=2 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel before --global 4 --local 4 --arg buf:f32:8:iota --arg buf:f32:4 --arg i32=3 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.ptx
; RUN: sed -e 's/nvptx64-nvidia-cuda/amdgcn-amd-amdhsa/' -e 's/ptx_kernel/amdgpu_kernel/' -e 's/llvm.nvvm.read.ptx.sreg.tid.x/llvm.amdgcn.workitem.id.x/' -e 's/llvm.nvvm.barrier0/llvm.amdgcn.s.barrier/' %s > %t.amd.ll
; RUN: gasp-opt -S %t.amd.ll -o %t.amd.out.ll
; RUN: FileCheck %s --check-prefix=AMD < %t.amd.out.ll
; RUN: gasp-run %t.amd.ll --kernel sos --global 4 --local 4 --arg buf:f32:8:iota --arg buf:f32:4 --arg i32=3 --check-as --compare %t.amd.out.ll | FileCheck %s --check-prefix=EXEC
; RUN: llc-22 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a %t.amd.out.ll -o /dev/null
; EXEC: identical
; REMARK: remark: <unknown>:0:0: 1 accesses through a select of two spaces split on its condition (global or local): one copy per operand
; REMARK: remark: <unknown>:0:0: 2 accesses through a select of two spaces split on its condition (local or global): one copy per operand
; REMARK: remark: <unknown>:0:0: load through a phi of pointers in different spaces made on each of its 2 incoming edges
; REMARK-NOT: split on its condition
; REMARK-NOT: incoming edges
; REMARK: "version.phi-loads": 1
; REMARK: "version.select-runs": 2
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [64 x float] undef, align 4
@itile = internal addrspace(3) global [64 x i32] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

; sosfil's loop: the kernel parameter's element or the previous thread's
; shared slot, by a select in the loop body: the load is split on %first,
; the select (no use left) is gone, and PTX has a global and a shared load
; and no generic one.
; CHECK-LABEL: define ptx_kernel void @sos(
; CHECK: loop:
; CHECK-NOT: select
; CHECK: [[C:%version.cond[0-9]*]] = freeze i1 %first
; CHECK-NEXT: br i1 [[C]], label %version.global, label %version.local
; CHECK: version.global:
; CHECK-NEXT: load float, ptr addrspace(1)
; CHECK: version.local:
; CHECK-NEXT: load float, ptr addrspace(3)
; CHECK: phi float
; PTX-LABEL: .entry sos(
; PTX-NOT: {{^[[:space:]]*ld\.(b|f|u|s)32}}
; PTX: ret;
; AMD-LABEL: define amdgpu_kernel void @sos(
; AMD-NOT: version.
; AMD: load float, ptr %p
; AMD-NOT: version.
; AMD: ret void
define ptx_kernel void @sos(ptr noalias %x, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = icmp eq i32 %t, 0
  %tm1 = add i32 %t, -1
  %sidx = and i32 %tm1, 63
  %s = getelementptr inbounds [64 x float], ptr addrspace(3) @tile, i32 0, i32 %sidx
  %sg = addrspacecast ptr addrspace(3) %s to ptr
  %ts = getelementptr inbounds [64 x float], ptr addrspace(3) @tile, i32 0, i32 %t
  store float 1.0, ptr addrspace(3) %ts, align 4
  call void @llvm.nvvm.barrier0()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %loop ]
  %xi = getelementptr inbounds float, ptr %x, i32 %i
  %p = select i1 %first, ptr %xi, ptr %sg
  %v = load float, ptr %p, align 4
  %acc1 = fadd float %acc, %v
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %exit
exit:
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t
  store float %acc1, ptr addrspace(1) %o, align 4
  ret void
}

; A read-modify-write through one select in a loop (shared when %odd,
; else the global buffer): one run of two accesses, split once; the loaded
; value is merged by a phi for its use after the run.  Outside a loop the
; run's three instructions for two accesses would cost more than NVPTX's
; --clone-cost of 1 instruction an access (version-run.ll's @long).
; CHECK-LABEL: define ptx_kernel void @rmw(
; CHECK: br i1 %version.cond{{[0-9]*}}, label %version.local, label %version.global
; CHECK: load i32, ptr addrspace(3)
; CHECK: store i32 {{.*}}, ptr addrspace(3)
; CHECK: load i32, ptr addrspace(1)
; CHECK: store i32 {{.*}}, ptr addrspace(1)
; CHECK: phi i32
define ptx_kernel void @rmw(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %slot = getelementptr inbounds [64 x i32], ptr addrspace(3) @itile, i32 0, i32 %t
  store i32 5, ptr addrspace(3) %slot, align 4
  %sg = addrspacecast ptr addrspace(3) %slot to ptr
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %loop ]
  %t4 = shl i32 %t, 2
  %gi = add i32 %t4, %i
  %g = getelementptr inbounds i32, ptr addrspace(1) %in, i32 %gi
  %gg = addrspacecast ptr addrspace(1) %g to ptr
  %b = and i32 %i, 1
  %odd = icmp ne i32 %b, 0
  %p = select i1 %odd, ptr %sg, ptr %gg
  %v = load i32, ptr %p, align 4
  %w = add i32 %v, %t
  store i32 %w, ptr %p, align 4
  %acc1 = add i32 %acc, %v
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, 4
  br i1 %more, label %loop, label %exit
exit:
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %acc1, ptr addrspace(1) %o, align 4
  ret void
}

; The other shape of the if/else: the arms compute the addresses and a
; phi merges them (a global element for threads below %m, a shared one
; for the others); the load is made at the end of each arm, through the
; arm's own pointer (named), and a phi of the values takes its place.  The
; GEP after the phi is made again on each edge.
; CHECK-LABEL: define ptx_kernel void @phi(
; CHECK: low:
; CHECK: [[G:%.*]] = load float, ptr addrspace(1)
; CHECK-NEXT: br label %join
; CHECK: high:
; CHECK: [[S:%.*]] = load float, ptr addrspace(3)
; CHECK-NEXT: br label %join
; CHECK: join:
; CHECK-NEXT: phi float [ [[G]], %low ], [ [[S]], %high ]
; CHECK-NOT: load float, ptr %
; CHECK: ret void
; PTX-LABEL: .entry phi(
; PTX-NOT: {{^[[:space:]]*ld\.(b|f|u|s)32}}
; PTX: ret;
define ptx_kernel void @phi(ptr noalias %x, ptr addrspace(1) noalias %out, i32 %m) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ts = getelementptr inbounds [64 x float], ptr addrspace(3) @tile, i32 0, i32 %t
  store float 3.0, ptr addrspace(3) %ts, align 4
  call void @llvm.nvvm.barrier0()
  %below = icmp slt i32 %t, %m
  br i1 %below, label %low, label %high
low:
  %t3 = mul i32 %t, 3
  %xi = getelementptr inbounds float, ptr %x, i32 %t3
  br label %join
high:
  %t7 = mul i32 %t, 7
  %j = and i32 %t7, 63
  %s = getelementptr inbounds [64 x float], ptr addrspace(3) @tile, i32 0, i32 %j
  %sg = addrspacecast ptr addrspace(3) %s to ptr
  br label %join
join:
  %p = phi ptr [ %xi, %low ], [ %sg, %high ]
  %k = add i32 %m, -1
  %e = getelementptr inbounds float, ptr %p, i32 %k
  %v = load float, ptr %e, align 4
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t
  store float %v, ptr addrspace(1) %o, align 4
  ret void
}

; A store before the load in its block: the load is not moved over it (it
; may read what the store wrote), and stays generic.
; CHECK-LABEL: define ptx_kernel void @phistore(
; CHECK: join:
; CHECK: store float
; CHECK-NEXT: load float, ptr %p
define ptx_kernel void @phistore(ptr noalias %x, ptr addrspace(1) noalias %out, i32 %m) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ts = getelementptr inbounds [64 x float], ptr addrspace(3) @tile, i32 0, i32 %t
  %below = icmp slt i32 %t, %m
  br i1 %below, label %low, label %high
low:
  %xi = getelementptr inbounds float, ptr %x, i32 %t
  br label %join
high:
  %sg = addrspacecast ptr addrspace(3) %ts to ptr
  br label %join
join:
  %p = phi ptr [ %xi, %low ], [ %sg, %high ]
  store float 5.0, ptr addrspace(3) %ts, align 4
  %v = load float, ptr %p, align 4
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t
  store float %v, ptr addrspace(1) %o, align 4
  ret void
}

; The select is made before the loop: not split (that would be a branch in
; every iteration; --version-by-space=on versions the loop instead).  A
; select with a null operand, and one of two global pointers, are not split
; either (the second is named as it is).
; CHECK-LABEL: define ptx_kernel void @before(
; CHECK-NOT: version.
; CHECK: load float, ptr %
; CHECK-NOT: version.
; CHECK: ret void
define ptx_kernel void @before(ptr noalias %x, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = icmp eq i32 %t, 0
  %s = getelementptr inbounds [64 x float], ptr addrspace(3) @tile, i32 0, i32 %t
  store float 2.0, ptr addrspace(3) %s, align 4
  %sg = addrspacecast ptr addrspace(3) %s to ptr
  %p = select i1 %first, ptr %x, ptr %sg
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %loop ]
  %v = load float, ptr %p, align 4
  %acc1 = fadd float %acc, %v
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %exit
exit:
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t
  %z = select i1 %first, ptr %sg, ptr null
  %nz = icmp eq i32 %n, 1000
  br i1 %nz, label %null, label %done
null:
  store float %acc1, ptr %z, align 4
  br label %done
done:
  %og = addrspacecast ptr addrspace(1) %o to ptr
  %xg = select i1 %first, ptr %og, ptr %x
  store float %acc1, ptr %xg, align 4
  ret void
}
