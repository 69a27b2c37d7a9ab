; RUN: gasp-opt -S --passes=resolve %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:16:iota --arg i32=2 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt -S %s -o %t.all.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:16:iota --arg i32=2 --check-as --compare %t.all.ll | FileCheck %s --check-prefix=EXEC
; Space tests whose answer is a constant once the pointer's space is known
; (NVPTX).  A pointer into a __shared__ array (GEPs of the variable,
; inbounds or not: LLVM's loop passes drop inbounds when they hoist or
; merge GEPs, and the space analysis takes arithmetic on a shared pointer
; to stay shared), or a loop's pointer into it, is never shared null: its
; shared test is true, where "p != null" compared in shared memory with the
; cast of generic null is a test LLVM cannot fold (CUDA's memcpy_async asks __isShared of each destination
; and copies with cp.async only when it holds).  So is a helper's
; parameter every call passes such a pointer.  A global pointer's global
; test is true, null included: PTX ISA 6.4.1.1, a generic address outside
; the const, local and shared windows is global.  A shared pointer of
; unknown provenance keeps "p != null" for its shared test and "p == null"
; for the global one.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [16 x i32] undef, align 4

declare i1 @llvm.nvvm.isspacep.shared(ptr)
declare i1 @llvm.nvvm.isspacep.global(ptr)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; The helper's parameter is a pointer into @tile at every call: true.
; CHECK-LABEL: define internal i32 @is_shared(
; CHECK-NOT: icmp
; CHECK: ret i32 1
define internal i32 @is_shared(ptr addrspace(3) %q) noinline {
  %p = addrspacecast ptr addrspace(3) %q to ptr
  %t = call i1 @llvm.nvvm.isspacep.shared(ptr %p)
  %r = zext i1 %t to i32
  ret i32 %r
}

; A helper the kernel calls in a loop with the loop's pointer (a phi of
; @tile's element and of a GEP of the phi itself): true.
; CHECK-LABEL: define internal i32 @in_loop(
; CHECK-NOT: icmp
; CHECK: ret i32 1
define internal i32 @in_loop(ptr addrspace(3) %q) noinline {
  %p = addrspacecast ptr addrspace(3) %q to ptr
  %t = call i1 @llvm.nvvm.isspacep.shared(ptr %p)
  %r = zext i1 %t to i32
  ret i32 %r
}

; A shared pointer the helper is passed from a select with null: both tests
; stay tests of null.
; CHECK-LABEL: define internal i32 @maybe_null(
; CHECK: icmp ne ptr addrspace(3)
; CHECK: icmp eq ptr addrspace(3)
define internal i32 @maybe_null(ptr addrspace(3) %q) noinline {
  %p = addrspacecast ptr addrspace(3) %q to ptr
  %s = call i1 @llvm.nvvm.isspacep.shared(ptr %p)
  %g = call i1 @llvm.nvvm.isspacep.global(ptr %p)
  %s1 = zext i1 %s to i32
  %g1 = zext i1 %g to i32
  %g2 = shl i32 %g1, 1
  %r = or i32 %s1, %g2
  ret i32 %r
}

; In the kernel: the global test of its buffer and the shared tests of
; @tile's elements (one through GEPs without inbounds) are true, and what they decide is folded with them, down
; to the branch (memcpy_async's `__isShared(d) && __isGlobal(s)`), which
; llc then folds with the path not taken.
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK-NOT: call i1 @llvm.nvvm.isspacep
; CHECK-NOT: icmp ne ptr addrspace(3)
; CHECK: br i1 true, label %fast, label %slow
; CHECK: ret void
define ptx_kernel void @k(ptr %buf, i32 %sel) {
entry:
  %id = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %e = getelementptr inbounds [16 x i32], ptr addrspace(3) @tile, i32 0, i32 %id
  %eg = addrspacecast ptr addrspace(3) %e to ptr
  %ts = call i1 @llvm.nvvm.isspacep.shared(ptr %eg)
  %o = getelementptr inbounds i32, ptr %buf, i32 %id
  %tg = call i1 @llvm.nvvm.isspacep.global(ptr %o)
  %a = call i32 @is_shared(ptr addrspace(3) %e)
  %odd = icmp ult i32 %id, %sel
  %m = select i1 %odd, ptr addrspace(3) %e, ptr addrspace(3) addrspacecast (ptr null to ptr addrspace(3))
  %b = call i32 @maybe_null(ptr addrspace(3) %m)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %loop ]
  %q = phi ptr addrspace(3) [ %e, %entry ], [ %q1, %loop ]
  %c = call i32 @in_loop(ptr addrspace(3) %q)
  %acc1 = add i32 %acc, %c
  %q1 = getelementptr i32, ptr addrspace(3) %q, i32 4
  %i1 = add i32 %i, 1
  %done = icmp eq i32 %i1, 3
  br i1 %done, label %after, label %loop
after:
  %ts1 = zext i1 %ts to i32
  %tg1 = zext i1 %tg to i32
  %x = shl i32 %tg1, 1
  %y = or i32 %ts1, %x
  %z = shl i32 %a, 2
  %w = shl i32 %b, 3
  %v1 = or i32 %y, %z
  %h = getelementptr i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i32 %id
  %h2 = getelementptr [4 x i32], ptr %h, i32 %sel
  %th = call i1 @llvm.nvvm.isspacep.shared(ptr %h2)
  %th1 = zext i1 %th to i32
  %u = shl i32 %th1, 4
  %v2 = or i32 %v1, %w
  %l = shl i32 %acc1, 5
  %v3 = or i32 %v2, %u
  %v = or i32 %v3, %l
  %both = select i1 %ts, i1 %tg, i1 false
  br i1 %both, label %fast, label %slow
fast:
  store i32 %v, ptr %o, align 4
  ret void
slow:
  store i32 0, ptr %o, align 4
  ret void
}

; EXEC: identical
