; NVPTX's scoped atomic intrinsics on a generic pointer
; (llvm.nvvm.atomic.*.gen.*.sys, clang's atomicAdd_system and friends) stay
; on the generic pointer: llc-22 selects the generic `atom.sys` for them
; whatever the pointer's space, so a shared pointer handed to one would be
; its raw shared address read as a generic one.  gasp leaves the call's
; operand as it is (the intrinsic is outside infer's access table) and the
; PTX converts the shared address to generic first, as clang's does.
; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.s
; RUN: FileCheck %s --check-prefix=PTX < %t.s
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@cnt = internal addrspace(3) global i32 undef, align 4

; A system-scope add on a kernel argument and on a shared counter.
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: call i32 @llvm.nvvm.atomic.add.gen.i.sys.i32.p0(ptr %p, i32 1)
; CHECK: call i32 @llvm.nvvm.atomic.add.gen.i.sys.i32.p0(ptr addrspacecast (ptr addrspace(3) @cnt to ptr), i32 1)
; PTX-LABEL: .entry k(
; PTX: atom.sys.add.s32
; PTX: cvta.shared.u64
; PTX: atom.sys.add.s32
define ptx_kernel void @k(ptr %p) {
  %a = call i32 @llvm.nvvm.atomic.add.gen.i.sys.i32.p0(ptr %p, i32 1)
  %b = call i32 @llvm.nvvm.atomic.add.gen.i.sys.i32.p0(ptr addrspacecast (ptr addrspace(3) @cnt to ptr), i32 1)
  %s = add i32 %a, %b
  store i32 %s, ptr %p
  ret void
}

declare i32 @llvm.nvvm.atomic.add.gen.i.sys.i32.p0(ptr, i32)
