; A device function's generic byval parameter is the callee's
; own copy, in NVPTX local (private) memory.  Static resolution must not
; make its accesses global even when only global pointers reach the kernel
; (the caller passes the global source of the copy straight to the call, as
; memcpyopt leaves it), and to_private on it is not null.
; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:8 --arg buf:i32:16:iota --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt -S --lower-generic=tags %s -o %t.tags.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:8 --arg buf:i32:16:iota --check-as --compare %t.tags.ll | FileCheck %s --check-prefix=EXEC
; RUN: llc-22 -mtriple=nvptx64 %t.tags.ll -o /dev/null
; RUN: gasp-opt -S %t.ll -o - | grep -v ModuleID > %t.again.ll
; RUN: grep -v ModuleID %t.ll | diff -u - %t.again.ll
; EXEC: identical
target triple = "nvptx64-nvidia-cuda"

%S = type { [4 x i32] }

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i1 @llvm.nvvm.isspacep.local(ptr)

; Reads its copy: the load is private (NVPTX local), never global.
; CHECK-LABEL: define i32 @pick(
; (launder leaves a by-value parameter's cast alone: NVPTXLowerArgs
; lowers its accesses; test/launder/byval.ll.)
; CHECK: [[C:%.*]] = addrspacecast ptr %s to ptr addrspace(5)
; CHECK-NOT: llvm.launder
; CHECK: getelementptr inbounds [4 x i32], ptr addrspace(5) [[C]]
; CHECK: load i32, ptr addrspace(5)
define i32 @pick(ptr byval(%S) align 4 %s, i32 %i) {
  %m = and i32 %i, 3
  %e = getelementptr inbounds [4 x i32], ptr %s, i32 0, i32 %m
  %v = load i32, ptr %e, align 4
  ret i32 %v
}

; Asks whether its copy is private: it is, so the test is not folded to false.
; CHECK-LABEL: define i32 @is_priv(
; CHECK-NOT: ret i32 0
; CHECK: ret i32
define i32 @is_priv(ptr byval(%S) align 4 %s) {
  %e = getelementptr inbounds i8, ptr %s, i64 4
  %t = call i1 @llvm.nvvm.isspacep.local(ptr %e)
  %r = zext i1 %t to i32
  ret i32 %r
}

; Passes global structs by value: only global pointers reach the callees
; from here, yet their byval parameters are private copies.
define ptx_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %i to i64
  %src = getelementptr inbounds %S, ptr addrspace(1) %in, i64 %t
  %g = addrspacecast ptr addrspace(1) %src to ptr
  %v = call i32 @pick(ptr byval(%S) align 4 %g, i32 %i)
  %p = call i32 @is_priv(ptr byval(%S) align 4 %g)
  %w = mul i32 %p, 100
  %r = add i32 %v, %w
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %t
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}
