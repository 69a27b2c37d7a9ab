; gasp-run does not check NVPTX param space (a kernel's by-value struct,
; which gasp reads through addrspace(101) as NVPTX does): with --count every
; access is instrumented, and an access in param space is counted, never
; called a violation — the host's image of the struct is in none of the
; spaces gasp-run checks.  The build before this test called it one
; ("claimed space: param, actual space: private").  The same kernel reading
; its struct through the generic pointer computes the same.
; RUN: split-file %s %t
; RUN: gasp-run %t/param.ll --kernel k --global 4 --arg 'struct:buf:i32:4:iota;i32=3' --arg buf:i32:4 --count --check-as | FileCheck %s
; CHECK: accesses: loads=12 stores=4 other=0 generic=0
; RUN: gasp-run %t/generic.ll --kernel k --global 4 --arg 'struct:buf:i32:4:iota;i32=3' --arg buf:i32:4 --check-as --compare %t/param.ll | FileCheck %s --check-prefix=SAME
; SAME: identical

;--- param.ll
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.P = type { ptr, i32 }

define ptx_kernel void @k(ptr byval(%struct.P) align 8 %p, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pp = addrspacecast ptr %p to ptr addrspace(101)
  %bufp = load ptr, ptr addrspace(101) %pp, align 8
  %np = getelementptr inbounds i8, ptr addrspace(101) %pp, i64 8
  %n = load i32, ptr addrspace(101) %np, align 8
  %g = addrspacecast ptr %bufp to ptr addrspace(1)
  %i = getelementptr inbounds i32, ptr addrspace(1) %g, i32 %tid
  %v = load i32, ptr addrspace(1) %i, align 4
  %s = add i32 %v, %n
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %s, ptr addrspace(1) %o, align 4
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

;--- generic.ll
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.P = type { ptr, i32 }

define ptx_kernel void @k(ptr byval(%struct.P) align 8 %p, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bufp = load ptr, ptr %p, align 8
  %np = getelementptr inbounds i8, ptr %p, i64 8
  %n = load i32, ptr %np, align 8
  %g = addrspacecast ptr %bufp to ptr addrspace(1)
  %i = getelementptr inbounds i32, ptr addrspace(1) %g, i32 %tid
  %v = load i32, ptr addrspace(1) %i, align 4
  %s = add i32 %v, %n
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %s, ptr addrspace(1) %o, align 4
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
