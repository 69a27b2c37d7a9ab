; On NVPTX a null test of a pointer read from memory stays on the generic
; value infer names by a cast (null_test_stays, rewrite.c): that value lives
; anyway, and its test against 0 is the one `setp` clang's build has, where
; a named test compares with the cast of the generic null, `mov 0;
; cvta.to.global` (kaldi's _add_to_rows: PTX 36 -> 39 before, 37 now, the
; one more instruction the cvta that names the row's two accesses).  A
; kernel parameter's test is still rewritten (null-test-cast.ll).  On amdgcn,
; whose casts to global keep the bits, the named test compares with a plain
; null as before.  Both outputs run as the input does, null rows and not.
; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.s
; RUN: FileCheck %s --check-prefix=PTX < %t.s
; RUN: gasp-opt -S %t.ll | FileCheck %s --check-prefix=IR
; RUN: gasp-run %s --kernel rows --global 4 --arg buf:i64:4:zero --arg buf:f32:4:iota --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel byval_rows --global 4 --arg 'struct:buf:f32:4;buf:f32:4:iota' --arg buf:f32:4:iota --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: sed -e 's/nvptx64-nvidia-cuda/amdgcn-amd-amdhsa/' -e 's/ptx_kernel/amdgpu_kernel/' -e 's/llvm.nvvm.read.ptx.sreg.tid.x/llvm.amdgcn.workitem.id.x/' -e 's/ptr byval(.*) align 8/ptr/' %s > %t.amd.ll
; RUN: gasp-opt -S %t.amd.ll -o %t.amd.out.ll
; RUN: FileCheck %s --check-prefix=AMD < %t.amd.out.ll
; RUN: gasp-run %t.amd.ll --kernel rows --global 4 --arg buf:i64:4:zero --arg buf:f32:4:iota --check-as --compare %t.amd.out.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Rows = type { ptr, ptr }

; A row pointer read from a host-written table, added to where it is not null.
; IR-LABEL: define ptx_kernel void @rows(
; IR: %row = load ptr, ptr addrspace(1)
; IR: icmp eq ptr %row, null
; IR: load float, ptr addrspace(1)
; IR: store float %new, ptr addrspace(1)
; PTX-LABEL: .entry rows(
; PTX: ld.global.b64 [[ROW:%rd[0-9]+]],
; PTX-NOT: mov.b64 {{%rd[0-9]+}}, 0;
; PTX: setp.eq.b64 {{%p[0-9]+}}, [[ROW]], 0;
; PTX: st.global.b32
; AMD-LABEL: define amdgpu_kernel void @rows(
; AMD: icmp eq ptr addrspace(1) %{{.*}}, null
define ptx_kernel void @rows(ptr %tab, ptr %src) {
entry:
  %i = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %j = zext i32 %i to i64
  %slot = getelementptr inbounds ptr, ptr %tab, i64 %j
  %row = load ptr, ptr %slot, align 8
  %isnull = icmp eq ptr %row, null
  br i1 %isnull, label %exit, label %add
add:
  %s = getelementptr inbounds float, ptr %src, i64 %j
  %v = load float, ptr %s, align 4
  %d = getelementptr inbounds float, ptr %row, i64 %j
  %old = load float, ptr %d, align 4
  %new = fadd float %old, %v
  store float %new, ptr %d, align 4
  br label %exit
exit:
  ret void
}

; The same with the row pointer read from a field of a by-value struct (llc
; takes such a pointer for global itself and writes its test as it writes
; clang's, with the cast of the generic null).
; IR-LABEL: define ptx_kernel void @byval_rows(
; IR: icmp ne ptr %row, null
; IR: store float %new, ptr addrspace(1)
define ptx_kernel void @byval_rows(ptr byval(%struct.Rows) align 8 %r, ptr %src) {
entry:
  %i = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %j = zext i32 %i to i64
  %f = getelementptr inbounds i8, ptr %r, i64 8
  %row = load ptr, ptr %f, align 8
  %notnull = icmp ne ptr %row, null
  br i1 %notnull, label %add, label %exit
add:
  %s = getelementptr inbounds float, ptr %src, i64 %j
  %v = load float, ptr %s, align 4
  %d = getelementptr inbounds float, ptr %row, i64 %j
  %old = load float, ptr %d, align 4
  %new = fadd float %old, %v
  store float %new, ptr %d, align 4
  br label %exit
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
