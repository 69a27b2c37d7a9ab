; A kernel's generic pointer arguments are global only because
; the host launches it with global buffers.  A kernel that device code also
; calls (here @fill, a kernel by the legacy nvvm.annotations, called by @k
; with a shared pointer) gets no such assumption: its accesses stay generic
; and run correctly for both callers.
; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:4 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt -S --lower-generic=tags %s -o %t.tags.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:4 --check-as --compare %t.tags.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [4 x i32] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; Called with a shared pointer: its store is not made global.
; CHECK-LABEL: define ptx_kernel void @fill(
; CHECK-NOT: addrspace(1)
; CHECK: store i32 %v, ptr %e
define void @fill(ptr %p, i32 %v) {
  %i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %e = getelementptr inbounds i32, ptr %p, i32 %i
  store i32 %v, ptr %e, align 4
  ret void
}

; Fills shared memory through @fill, then copies it out.
define ptx_kernel void @k(ptr addrspace(1) %out) {
  %s = addrspacecast ptr addrspace(3) @sh to ptr
  call void @fill(ptr %s, i32 7)
  %i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %e = getelementptr inbounds [4 x i32], ptr addrspace(3) @sh, i32 0, i32 %i
  %v = load i32, ptr addrspace(3) %e, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %i
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @fill, !"kernel", i32 1}
