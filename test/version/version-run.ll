; Versioning a straight-line run of accesses by space (--version-by-space=on,
; the version pass): `if (c) p = tile; else p = in;` then a read-modify-write
; and a read through p — three generic accesses through one value of exactly
; two spaces, no loop and no call.  One space test before the run and a copy
; of the run per space name all of them; a value the run computes and the
; code after it uses is merged by a phi.  A run cut by a barrier (a call:
; the test may differ between threads) into single accesses is left alone,
; as is a run of one access (a test would not pay), and on NVPTX one whose
; copy costs more than --clone-cost instructions an access.  Off (the default)
; only the runs through a select of their own block are split, on the
; select's condition, and a load through a phi of spaces first in its block
; is made on each edge (merge-split.ll): @cut's two single loads and @k's
; first.  Runs identically under gasp-run --check-as --compare
; both ways round (both spaces taken); llc-22 accepts the output; a second
; run changes nothing.
; RUN: gasp-opt --clone-cost=8 -S %s -o %t.off.ll --summary 2> %t.off.err
; RUN: FileCheck %s --check-prefix=OFF < %t.off.err
; RUN: gasp-opt --clone-cost=8 -S %s -o %t.on.ll --version-by-space=on --summary -stats -stats-json -pass-remarks=version -pass-remarks-missed=version 2> %t.on.err
; RUN: FileCheck %s < %t.on.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.on.err
; RUN: gasp-opt --clone-cost=8 -S %t.on.ll -o %t.again.ll --version-by-space=on
; RUN: sed -e 1,2d -e 's/ *; preds = .*//' %t.on.ll > %t.a && sed -e 1,2d -e 's/ *; preds = .*//' %t.again.ll > %t.b && diff %t.a %t.b
; RUN: gasp-run %s --kernel k --global 8 --local 8 --arg buf:i32:8:iota --arg buf:i32:8 --check-as --compare %t.on.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel cut --global 8 --local 8 --arg buf:i32:8:iota --arg buf:i32:8 --check-as --compare %t.on.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel long --global 8 --local 8 --arg buf:i32:8:iota --arg buf:i32:8 --check-as --compare %t.on.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt -S %s -o %t.nolimit.ll --version-by-space=on --clone-cost=0
; RUN: FileCheck %s --check-prefix=NOLIMIT < %t.nolimit.ll
; RUN: gasp-run %s --kernel long --global 8 --local 8 --arg buf:i32:8:iota --arg buf:i32:8 --check-as --compare %t.nolimit.ll | FileCheck %s --check-prefix=EXEC
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.on.ll -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.ptx
; RUN: sed -e 's/nvptx64-nvidia-cuda/amdgcn-amd-amdhsa/' -e 's/ptx_kernel/amdgpu_kernel/' -e 's/llvm.nvvm.read.ptx.sreg.tid.x/llvm.amdgcn.workitem.id.x/' -e 's/llvm.nvvm.barrier0/llvm.amdgcn.s.barrier/' %s > %t.amd.ll
; RUN: gasp-opt --clone-cost=0 -S %t.amd.ll -o %t.amd.on.ll --version-by-space=on
; RUN: FileCheck %s --check-prefix=AMD < %t.amd.on.ll
; RUN: gasp-run %t.amd.ll --kernel k --global 8 --local 8 --arg buf:i32:8:iota --arg buf:i32:8 --check-as --compare %t.amd.on.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %t.amd.ll --kernel long --global 8 --local 8 --arg buf:i32:8:iota --arg buf:i32:8 --check-as --compare %t.amd.on.ll | FileCheck %s --check-prefix=EXEC
; RUN: llc-22 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a %t.amd.on.ll -o /dev/null
; EXEC: identical
; OFF: gasp: generic memory ops reachable from kernels: 4 (before: 7)
; REMARK: remark: <unknown>:0:0: 3 accesses versioned by the space of the pointer they go through (global or local): one space test before them, one copy per space
; REMARK-NOT: accesses versioned
; REMARK: remark: <unknown>:0:0: 1 accesses through a select of two spaces split on its condition (local or global): one copy per operand
; REMARK: remark: <unknown>:0:0: 1 accesses through a select of two spaces split on its condition (local or global): one copy per operand
; REMARK: remark: <unknown>:0:0: not versioned: 1 more copy of the run's 21 instructions would name 2 uses (more than 8 instructions a use; --clone-cost)
; REMARK: gasp: generic memory ops reachable from kernels: 2 (before: 7)
; REMARK: "version.runs": 1
; REMARK: "version.select-runs": 2
; REMARK: "version.too-costly": 1
; PTX-LABEL: .entry k(
; PTX-NOT: {{(ld|st)}}.b32
; PTX: ret;
; PTX-LABEL: .entry cut(
; PTX: ld.b32
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [8 x i32] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

; The run (load, store, load through %p) is versioned: the test of %p's
; first space, the run in place for global, its copy for local; %v2 (used
; after the run) is merged by a phi.
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: [[T:%.*]] = call i1 @llvm.nvvm.isspacep.global(ptr %p)
; CHECK-NEXT: [[FT:%version.cond[0-9]*]] = freeze i1 [[T]]
; CHECK-NEXT: br i1 [[FT]], label %version.global, label %version.local
; CHECK: version.global:
; CHECK: load i32, ptr addrspace(1)
; CHECK: store i32 {{.*}}, ptr addrspace(1)
; CHECK: load i32, ptr addrspace(1)
; CHECK: version.local:
; CHECK: load i32, ptr addrspace(3)
; CHECK: store i32 {{.*}}, ptr addrspace(3)
; CHECK: load i32, ptr addrspace(3)
; CHECK: phi i32 [ %v2, %version.global ], [ {{%[0-9]+}}, %version.local ]
; AMD-LABEL: define amdgpu_kernel void @k(
; AMD: call i1 @llvm.amdgcn.is.shared(ptr %p)
; AMD: load i32, ptr addrspace(3)
; AMD: load i32, ptr addrspace(1)
define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %src = getelementptr inbounds i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %src, align 4
  %dst = getelementptr inbounds [8 x i32], ptr addrspace(3) @tile, i32 0, i32 %t
  store i32 %x, ptr addrspace(3) %dst, align 4
  call void @llvm.nvvm.barrier0()
  %odd = and i32 %t, 1
  %c = icmp eq i32 %odd, 0
  br i1 %c, label %shared, label %global
shared:
  %s = addrspacecast ptr addrspace(3) @tile to ptr
  br label %go
global:
  %g = addrspacecast ptr addrspace(1) %in to ptr
  br label %go
go:
  %p = phi ptr [ %s, %shared ], [ %g, %global ]
  %i = xor i32 %t, 1
  %e1 = getelementptr inbounds i32, ptr %p, i32 %i
  %v1 = load i32, ptr %e1, align 4
  %w = add i32 %v1, 7
  store i32 %w, ptr %e1, align 4
  %j = and i32 %t, 6
  %e2 = getelementptr inbounds i32, ptr %p, i32 %j
  %v2 = load i32, ptr %e2, align 4
  %r = mul i32 %v2, 3
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}

; The accesses through %p are cut apart by a barrier, and the one before
; it is alone: nothing is versioned by a space test; each load is split on
; the select's own condition (merge-split.ll).
; CHECK-LABEL: define ptx_kernel void @cut(
; CHECK-NOT: isspacep
; CHECK: ret void
define ptx_kernel void @cut(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %odd = and i32 %t, 1
  %c = icmp eq i32 %odd, 0
  %s = addrspacecast ptr addrspace(3) @tile to ptr
  %g = addrspacecast ptr addrspace(1) %in to ptr
  %p = select i1 %c, ptr %s, ptr %g
  %e1 = getelementptr inbounds i32, ptr %p, i32 %t
  %v1 = load i32, ptr %e1, align 4
  call void @llvm.nvvm.barrier0()
  %v2 = load i32, ptr %e1, align 4
  %r = add i32 %v1, %v2
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}

; Two accesses through %p with a long computation between them: a copy of
; the run (21 instructions) costs more than 8 instructions an access on
; NVPTX (its --clone-cost), so it is not versioned there and a Missed
; remark says why; with --clone-cost=0 it is, on the select's own condition
; (%p is a select of its block), and on AMDGPU (no limit) by a space test.
; CHECK-LABEL: define ptx_kernel void @long(
; CHECK-NOT: isspacep
; CHECK: ret void
; NOLIMIT-LABEL: define ptx_kernel void @long(
; NOLIMIT: freeze i1 %c
; AMD-LABEL: define amdgpu_kernel void @long(
; AMD: call i1 @llvm.amdgcn.is.shared(ptr %p)
define ptx_kernel void @long(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %odd = and i32 %t, 1
  %c = icmp eq i32 %odd, 0
  %s = addrspacecast ptr addrspace(3) @tile to ptr
  %g = addrspacecast ptr addrspace(1) %in to ptr
  %p = select i1 %c, ptr %s, ptr %g
  %e1 = getelementptr inbounds i32, ptr %p, i32 %t
  %v1 = load i32, ptr %e1, align 4
  %a1 = mul i32 %v1, 3
  %a2 = add i32 %a1, 5
  %a3 = xor i32 %a2, %t
  %a4 = mul i32 %a3, 7
  %a5 = add i32 %a4, 11
  %a6 = xor i32 %a5, %v1
  %a7 = mul i32 %a6, 13
  %a8 = add i32 %a7, 17
  %a9 = xor i32 %a8, %a1
  %b1 = mul i32 %a9, 19
  %b2 = add i32 %b1, 23
  %b3 = xor i32 %b2, %a2
  %b4 = mul i32 %b3, 29
  %b5 = add i32 %b4, 31
  %b6 = xor i32 %b5, %a3
  %b7 = mul i32 %b6, 37
  %b8 = add i32 %b7, 41
  %b9 = and i32 %b8, 7
  %e2 = getelementptr inbounds i32, ptr %p, i32 %b9
  %v2 = load i32, ptr %e2, align 4
  %r = add i32 %v2, %b8
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}
