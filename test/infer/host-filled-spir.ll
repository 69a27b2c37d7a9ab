; RUN: gasp-opt --passes=infer -verify-each -S %s -o - | FileCheck %s
; Execution (gasp-run passes the struct by value, as the host would: its
; fields the addresses of global buffers): the default pipeline's output runs
; identically, with every access checked against its space.
; RUN: gasp-opt %s -o %t.bc
; RUN: gasp-run %s --kernel scale --global 32 --arg 'struct:buf:f32:32:rand=1;buf:f32:32;i32=7;f32=1.5' --check-as --compare %t.bc | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel rewrites --global 32 --arg 'struct:buf:f32:32;buf:f32:32;i32=0;f32=0' --arg i32=0 --check-as --compare %t.bc | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel rewrites --global 32 --arg 'struct:buf:f32:32;buf:f32:32;i32=0;f32=0' --arg i32=1 --check-as --compare %t.bc | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel called --global 32 --arg 'struct:buf:f32:32;buf:f32:32;i32=0;f32=0' --check-as --compare %t.bc | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; On SPIR a kernel's by-value aggregate is a private `ptr byval` the host
; filled at the launch (tgt_host_filled, kernel_byval_host_filled): SYCL's
; kernel object as clang's SYCL device mode passes it, whose captured USM
; pointers the kernel reads through a generic cast of the parameter.  The
; host can only write global addresses: a generic pointer loaded from it is
; global.  What the kernel itself stores there joins that (soundness), and a
; kernel that device code also calls gets whatever its callers wrote.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

%Obj = type { ptr addrspace(4), ptr addrspace(4), i32, float }

@tile = internal addrspace(3) global [32 x float] undef, align 4

declare spir_func i64 @_Z13get_global_idj(i32)

; The pointers the object captured are global: the data accesses become
; global (and the object's own fields are read as private).
define spir_kernel void @scale(ptr byval(%Obj) align 8 %p) {
; CHECK-LABEL: define spir_kernel void @scale(
; CHECK:         [[IN:%.*]] = load ptr addrspace(4), ptr %p, align 8
; CHECK-NEXT:    [[ING:%.*]] = addrspacecast ptr addrspace(4) [[IN]] to ptr addrspace(1)
; CHECK:         [[OUT:%.*]] = load ptr addrspace(4), ptr {{%.*}}, align 8
; CHECK-NEXT:    [[OUTG:%.*]] = addrspacecast ptr addrspace(4) [[OUT]] to ptr addrspace(1)
; CHECK:         [[A:%.*]] = getelementptr inbounds float, ptr addrspace(1) [[ING]], i64 %i
; CHECK-NEXT:    load float, ptr addrspace(1) [[A]], align 4
; CHECK:         [[B:%.*]] = getelementptr inbounds float, ptr addrspace(1) [[OUTG]], i64 %i
; CHECK-NEXT:    store float {{%.*}}, ptr addrspace(1) [[B]], align 4
  %i = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pg = addrspacecast ptr %p to ptr addrspace(4)
  %in = load ptr addrspace(4), ptr addrspace(4) %pg, align 8
  %fo = getelementptr inbounds i8, ptr addrspace(4) %pg, i64 8
  %out = load ptr addrspace(4), ptr addrspace(4) %fo, align 8
  %fs = getelementptr inbounds i8, ptr addrspace(4) %pg, i64 20
  %s = load float, ptr addrspace(4) %fs, align 4
  %a = getelementptr inbounds float, ptr addrspace(4) %in, i64 %i
  %v = load float, ptr addrspace(4) %a, align 4
  %m = fmul float %v, %s
  %b = getelementptr inbounds float, ptr addrspace(4) %out, i64 %i
  store float %m, ptr addrspace(4) %b, align 4
  ret void
}

; The kernel overwrites its object's output pointer with a local one on some
; paths: the field holds a global or a local pointer and stays generic.
define spir_kernel void @rewrites(ptr byval(%Obj) align 8 %p, i32 %c) {
; CHECK-LABEL: define spir_kernel void @rewrites(
; CHECK:         store float 1.000000e+00, ptr addrspace(4) [[OUT:%.*]], align 4
  %fo = getelementptr inbounds i8, ptr %p, i64 8
  %set = icmp ne i32 %c, 0
  br i1 %set, label %w, label %go
w:
  store ptr addrspace(4) addrspacecast (ptr addrspace(3) @tile to ptr addrspace(4)), ptr %fo, align 8
  br label %go
go:
  %out = load ptr addrspace(4), ptr %fo, align 8
  store float 1.0, ptr addrspace(4) %out, align 4
  ret void
}

; A kernel whose address the module takes (a table of kernels): what
; reaches it through that address is not the host's launch, so nothing is
; known of the pointers in its argument.
@kernels = addrspace(1) global ptr @called

define spir_kernel void @called(ptr byval(%Obj) align 8 %p) {
; CHECK-LABEL: define spir_kernel void @called(
; CHECK:         store float 2.000000e+00, ptr addrspace(4) [[OUT:%.*]], align 4
  %out = load ptr addrspace(4), ptr %p, align 8
  store float 2.0, ptr addrspace(4) %out, align 4
  ret void
}
