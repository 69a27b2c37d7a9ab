; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:4 --arg i32=1 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:4 --arg i32=2 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: sed 's/@g1 to ptr), ptr addrspacecast (ptr addrspace(1) @g2/@g1 to ptr), ptr addrspacecast (ptr addrspace(3) @s/' %s | gasp-opt -S - -o - | FileCheck %s --check-prefix=SHARED
; On NVPTX a pointer loaded from constant memory (CUDA __constant__, which
; device code cannot write and the host fills with global addresses) is
; global, as nvcc takes it (ld.const, then cvta.to.global): the pointer a
; kernel picks from a __constant__ table of pointers at a run-time index
; and hands to an out-of-line atomic helper names global memory.  Unless
; the module itself put another kind of pointer there (the SHARED run: a shared
; variable's address in the table): then it stays generic.
; EXEC: identical
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@g1 = internal addrspace(1) global [4 x i32] zeroinitializer, align 4
@g2 = internal addrspace(1) global [4 x i32] zeroinitializer, align 4
@s = internal addrspace(3) global [4 x i32] undef, align 4
@tab = internal addrspace(4) constant [2 x ptr] [ptr addrspacecast (ptr addrspace(1) @g1 to ptr), ptr addrspacecast (ptr addrspace(1) @g2 to ptr)], align 8

; Picks a table entry at a run-time index and adds to it, then copies the
; picked array out.
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: load ptr, ptr addrspace(4)
; CHECK: call void @add(ptr addrspace(1)
define ptx_kernel void @k(ptr %out, i32 %i) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %j = and i32 %i, 1
  %e = getelementptr inbounds [2 x ptr], ptr addrspace(4) @tab, i32 0, i32 %j
  %p = load ptr, ptr addrspace(4) %e, align 8
  %q = getelementptr inbounds i32, ptr %p, i32 %t
  call void @add(ptr %q, i32 %t)
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr %q, align 4
  %o = getelementptr inbounds i32, ptr %out, i32 %t
  store i32 %v, ptr %o, align 4
  ret void
}

; An out-of-line atomic add through a generic pointer; its only caller
; passes global memory, so it is rewritten in place for it.
; CHECK-LABEL: define internal void @add(ptr addrspace(1)
; CHECK: atomicrmw add ptr addrspace(1)
; SHARED-LABEL: define ptx_kernel void @k(
; SHARED: call void @add(ptr %
define internal void @add(ptr %p, i32 %v) noinline {
  %o = atomicrmw add ptr %p, i32 %v monotonic, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
