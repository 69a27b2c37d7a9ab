; RUN: gasp-opt --passes=infer -verify-each -S %s -o - | FileCheck %s
; Execution (gasp-run passes the struct by value, as the host would: its
; fields the addresses of global buffers): the default pipeline's output runs
; identically, with every access checked against its space.
; RUN: gasp-opt %s -o %t.bc
; RUN: gasp-run %s --kernel scale --global 32 --arg 'struct:buf:f32:32:rand=1;buf:f32:32;i32=7;f32=1.5' --check-as --compare %t.bc | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel rewrites --global 32 --arg 'struct:buf:f32:32;buf:f32:32;i32=0;f32=0' --arg i32=0 --check-as --compare %t.bc | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel rewrites --global 32 --arg 'struct:buf:f32:32;buf:f32:32;i32=0;f32=0' --arg i32=1 --check-as --compare %t.bc | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel caller --global 32 --check-as --compare %t.bc | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; A CUDA kernel's struct argument (ptr byval on NVPTX) is memory
; the host filled at the launch, and the host can only write global
; addresses: a generic pointer loaded from it is global.  What the kernel
; itself stores there joins that (soundness), and a kernel that device code
; also calls gets whatever its callers wrote.
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%Params = type { ptr, ptr, i32, float }

@tile = internal addrspace(3) global [32 x float] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; The pointers in the argument are global: the data accesses become global;
; the argument itself, only read, is read from the parameter space.
define ptx_kernel void @scale(ptr byval(%Params) align 8 %p) {
; CHECK-LABEL: define ptx_kernel void @scale(
; CHECK:         [[P:%.*]] = addrspacecast ptr %p to ptr addrspace(101)
; CHECK:         [[IN:%.*]] = load ptr, ptr addrspace(101) [[P]], align 8
; CHECK:         [[INg:%.*]] = addrspacecast ptr [[IN]] to ptr addrspace(1)
; CHECK:         load float, ptr addrspace(1) {{%.*}}, align 4
; CHECK:         store float {{%.*}}, ptr addrspace(1) {{%.*}}, align 4
  %i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %in = load ptr, ptr %p, align 8
  %fo = getelementptr inbounds i8, ptr %p, i64 8
  %out = load ptr, ptr %fo, align 8
  %fs = getelementptr inbounds i8, ptr %p, i64 20
  %s = load float, ptr %fs, align 4
  %a = getelementptr inbounds float, ptr %in, i32 %i
  %v = load float, ptr %a, align 4
  %m = fmul float %v, %s
  %b = getelementptr inbounds float, ptr %out, i32 %i
  store float %m, ptr %b, align 4
  ret void
}

; The kernel overwrites its copy's output pointer with a shared one on some
; paths: the field holds a global or a shared pointer and stays generic.
define ptx_kernel void @rewrites(ptr byval(%Params) align 8 %p, i1 %c) {
; CHECK-LABEL: define ptx_kernel void @rewrites(
; CHECK:         store float 1.000000e+00, ptr [[OUT:%.*]], align 4
  %fo = getelementptr inbounds i8, ptr %p, i64 8
  br i1 %c, label %set, label %go
set:
  store ptr addrspacecast (ptr addrspace(3) @tile to ptr), ptr %fo, align 8
  br label %go
go:
  %out = load ptr, ptr %fo, align 8
  store float 1.0, ptr %out, align 4
  ret void
}

; A kernel that another kernel calls: its argument is its caller's, not the
; host's, so nothing is known of the pointers in it.
define ptx_kernel void @called(ptr byval(%Params) align 8 %p) {
; CHECK-LABEL: define ptx_kernel void @called(
; CHECK:         store float 2.000000e+00, ptr [[OUT:%.*]], align 4
  %out = load ptr, ptr %p, align 8
  store float 2.0, ptr %out, align 4
  ret void
}

; Calls @called with a struct whose first field points to shared memory.
define ptx_kernel void @caller() {
  %q = alloca %Params, align 8
  store ptr addrspacecast (ptr addrspace(3) @tile to ptr), ptr %q, align 8
  call void @called(ptr byval(%Params) align 8 %q)
  ret void
}
