; RUN: split-file %s %t
; RUN: gasp-opt -S --passes=resolve %t/nvptx.ll -o - | FileCheck %s --check-prefix=NV
; RUN: gasp-opt -S --passes=resolve %t/amdgcn.ll -o - | FileCheck %s --check-prefix=AMD
; The space tests: llvm.nvvm.isspacep.{global,shared,local,const} and
; llvm.amdgcn.is.{shared,private}.  Source known shared: the shared test is
; "p != null", the local and constant tests false; NVPTX's global test is
; "p == null" (PTX ISA 6.4.1.1: a generic address outside the const, local
; and shared windows is global, 0 included, and a shared null cast to
; generic is 0).  nvptx's to_private returns a generic
; pointer (OpenCL private is the generic space 0 there): the pointer itself
; or null.  AMDGPU's local null is not 0: a folded to_local of a private
; pointer is the cast of generic null.

;--- nvptx.ll
target triple = "nvptx64-nvidia-cuda"
declare i1 @llvm.nvvm.isspacep.global(ptr)
declare i1 @llvm.nvvm.isspacep.shared(ptr)
declare i1 @llvm.nvvm.isspacep.local(ptr)
declare i1 @llvm.nvvm.isspacep.const(ptr)
declare ptr @__to_private(ptr)
declare void @sink4(i1, i1, i1, i1)
declare void @sinkp(ptr)

define ptx_kernel void @k(ptr addrspace(3) %s) {
  %p = addrspacecast ptr addrspace(3) %s to ptr
  %a = call i1 @llvm.nvvm.isspacep.global(ptr %p)
  %b = call i1 @llvm.nvvm.isspacep.shared(ptr %p)
  %c = call i1 @llvm.nvvm.isspacep.local(ptr %p)
  %d = call i1 @llvm.nvvm.isspacep.const(ptr %p)
  call void @sink4(i1 %a, i1 %b, i1 %c, i1 %d)
  %priv = alloca i32
  %q = call ptr @__to_private(ptr %priv)
  call void @sinkp(ptr %q)
  %r = call ptr @__to_private(ptr %p)
  call void @sinkp(ptr %r)
  ret void
}
; NV-LABEL: define ptx_kernel void @k(
; NV:         %a = icmp eq ptr addrspace(3) %s, addrspacecast (ptr null to ptr addrspace(3))
; NV:         %b = icmp ne ptr addrspace(3) %s, addrspacecast (ptr null to ptr addrspace(3))
; NV:         call void @sink4(i1 %a, i1 %b, i1 false, i1 false)
; NV:         call void @sinkp(ptr %priv)
; NV:         call void @sinkp(ptr null)
; NV-NOT:     call {{.*}}isspacep

;--- amdgcn.ll
target triple = "amdgcn-amd-amdhsa"
declare i1 @llvm.amdgcn.is.shared(ptr)
declare i1 @llvm.amdgcn.is.private(ptr)
declare ptr addrspace(3) @__to_local(ptr)
declare void @sink2(i1, i1, ptr addrspace(3))

define amdgpu_kernel void @k(ptr addrspace(5) %x) {
  %p = addrspacecast ptr addrspace(5) %x to ptr
  %a = call i1 @llvm.amdgcn.is.shared(ptr %p)
  %b = call i1 @llvm.amdgcn.is.private(ptr %p)
  %l = call ptr addrspace(3) @__to_local(ptr %p)
  call void @sink2(i1 %a, i1 %b, ptr addrspace(3) %l)
  ret void
}
; AMD-LABEL: define amdgpu_kernel void @k(
; AMD:         %b = icmp ne ptr addrspace(5) %x, addrspacecast (ptr null to ptr addrspace(5))
; AMD:         call void @sink2(i1 false, i1 %b, ptr addrspace(3) addrspacecast (ptr null to ptr addrspace(3)))
