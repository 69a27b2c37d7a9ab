; Negated space facts on NVPTX name nothing: the generic window also holds
; the constant, param and distributed-shared windows, which no pair of
; isspacep tests rules out (the table lists no test_windows), so "not
; shared and not local" stays generic.  A positive test still names its
; space, and carries it into a phi.  Runs identically under gasp-run
; --check-as --compare and compiles with llc-22.
; RUN: gasp-opt -S --passes=infer %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:8 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o /dev/null
; EXEC: identical
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [4 x i32] undef, align 4

declare void @llvm.assume(i1)
declare i1 @llvm.nvvm.isspacep.shared(ptr)
declare i1 @llvm.nvvm.isspacep.local(ptr)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; Not shared and not local: still generic.
; CHECK-LABEL: define i32 @not_both(
; CHECK: load i32, ptr %p
define i32 @not_both(ptr %p) {
  %sh = call i1 @llvm.nvvm.isspacep.shared(ptr %p)
  %lo = call i1 @llvm.nvvm.isspacep.local(ptr %p)
  %either = or i1 %sh, %lo
  %neither = xor i1 %either, true
  call void @llvm.assume(i1 %neither)
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

; Shared on the tested arm, a shared variable on the other: the phi and
; the load after it are shared.
; CHECK-LABEL: define i32 @phi_arm(
; CHECK: join:
; CHECK: phi ptr addrspace(3)
; CHECK: load i32, ptr addrspace(3)
define i32 @phi_arm(ptr %p, i32 %i) {
entry:
  %t = call i1 @llvm.nvvm.isspacep.shared(ptr %p)
  br i1 %t, label %yes, label %no
yes:
  br label %join
no:
  %e = getelementptr inbounds [4 x i32], ptr addrspace(3) @sh, i32 0, i32 %i
  %g = addrspacecast ptr addrspace(3) %e to ptr
  br label %join
join:
  %q = phi ptr [ %p, %yes ], [ %g, %no ]
  %v = load i32, ptr %q, align 4
  ret i32 %v
}

; Calls both with a shared and a global pointer.
define ptx_kernel void @k(ptr addrspace(1) %out) {
  %i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %e = getelementptr inbounds [4 x i32], ptr addrspace(3) @sh, i32 0, i32 %i
  store i32 %i, ptr addrspace(3) %e, align 4
  %s = addrspacecast ptr addrspace(3) %e to ptr
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %i
  store i32 7, ptr addrspace(1) %o, align 4
  %og = addrspacecast ptr addrspace(1) %o to ptr
  %a = call i32 @not_both(ptr %og)
  %j = xor i32 %i, 1
  %b = call i32 @phi_arm(ptr %s, i32 %j)
  %c = call i32 @phi_arm(ptr %og, i32 %j)
  %r = add i32 %a, %b
  %r2 = add i32 %r, %c
  %k4 = add i32 %i, 4
  %o2 = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %k4
  store i32 %r2, ptr addrspace(1) %o2, align 4
  ret void
}
