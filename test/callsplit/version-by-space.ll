; Versioning by space (--version-by-space=on, callsplit): a call handed a
; pointer that the analysis proves is in one of two named spaces the
; target tests apart — here a phi of a shared and a global pointer — becomes
; one space test (NVPTX isspacep.global; AMDGPU is.shared) and one call per
; space, each passing the pointer cast to its space; ipmsp then sends each
; call to the clone for its space and every access of @sum is named.
; Off (the default), the callers pass two spaces at one call site and
; @sum's loads stay generic.  Runs identically under gasp-run
; --check-as --compare both ways round; llc-22 accepts the output.
; RUN: gasp-opt -S %s -o %t.off.ll --summary 2> %t.off.err
; RUN: FileCheck %s --check-prefix=OFF < %t.off.ll
; RUN: gasp-opt -S %s -o %t.on.ll --version-by-space=on --summary -stats -stats-json -pass-remarks=callsplit 2> %t.on.err
; RUN: FileCheck %s < %t.on.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.on.err
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:8:iota --arg buf:i32:8 --arg i32=0 --check-as --compare %t.on.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:8:iota --arg buf:i32:8 --arg i32=1 --check-as --compare %t.on.ll | FileCheck %s --check-prefix=EXEC
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.on.ll -o /dev/null
; RUN: not gasp-opt %s -o /dev/null --version-by-space=maybe 2>&1 | FileCheck %s --check-prefix=BAD
; AMDGPU: the same with llvm.amdgcn.is.shared.
; RUN: sed -e 's/nvptx64-nvidia-cuda/amdgcn-amd-amdhsa/' -e 's/ptx_kernel/amdgpu_kernel/' -e 's/llvm.nvvm.read.ptx.sreg.tid.x/llvm.amdgcn.workitem.id.x/' %s > %t.amd.ll
; RUN: gasp-opt -S %t.amd.ll -o %t.amd.on.ll --version-by-space=on
; RUN: FileCheck %s --check-prefix=AMD < %t.amd.on.ll
; RUN: gasp-run %t.amd.ll --kernel k --global 4 --arg buf:i32:8:iota --arg buf:i32:8 --arg i32=1 --check-as --compare %t.amd.on.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; BAD: --version-by-space wants 'on' or 'off', not 'maybe'
; REMARK: remark: <unknown>:0:0: call to @sum versioned by the space of its argument 0 (global or local): one space test, one call per space
; REMARK: gasp: generic memory ops reachable from kernels: 0 (before: 1)
; REMARK: "callsplit.versioned": 1
; OFF-LABEL: define internal i32 @sum(ptr %p, i32 %n)
; OFF: load i32, ptr %
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: [[T:%.*]] = call i1 @llvm.nvvm.isspacep.global(ptr %p)
; CHECK: [[FT:%split.cond[0-9]*]] = freeze i1 [[T]]
; CHECK-NEXT: br i1 [[FT]], label %version.true, label %version.false
; CHECK: version.true:
; CHECK: call i32 @sum.as1(ptr addrspace(1)
; CHECK: version.false:
; CHECK: call i32 @sum.as3(ptr addrspace(3)
; CHECK-LABEL: define internal i32 @sum.as1(ptr addrspace(1) %p, i32 %n)
; CHECK: load i32, ptr addrspace(1)
; CHECK-LABEL: define internal i32 @sum.as3(ptr addrspace(3) %p, i32 %n)
; CHECK: load i32, ptr addrspace(3)
; AMD: call i1 @llvm.amdgcn.is.shared(ptr %p)
; AMD: call i32 @sum.as3(ptr addrspace(3)
; AMD: call i32 @sum.as1(ptr addrspace(1)
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [8 x i32] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; Sums n elements through the pointer it is given.
define internal i32 @sum(ptr %p, i32 %n) noinline {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %loop ]
  %e = getelementptr inbounds i32, ptr %p, i32 %i
  %v = load i32, ptr %e, align 4
  %acc1 = add i32 %acc, %v
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  ret i32 %acc1
}

; Fills the shared table, then sums it or the global input (a phi of the
; two), as the argument says.
define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %which) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %src = getelementptr inbounds i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %src, align 4
  %dst = getelementptr inbounds [8 x i32], ptr addrspace(3) @sh, i32 0, i32 %t
  store i32 %x, ptr addrspace(3) %dst, align 4
  %z = icmp eq i32 %which, 0
  br i1 %z, label %shared, label %global
shared:
  %s = addrspacecast ptr addrspace(3) @sh to ptr
  br label %join
global:
  %g = addrspacecast ptr addrspace(1) %in to ptr
  br label %join
join:
  %p = phi ptr [ %s, %shared ], [ %g, %global ]
  %r = call i32 @sum(ptr %p, i32 4)
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}
