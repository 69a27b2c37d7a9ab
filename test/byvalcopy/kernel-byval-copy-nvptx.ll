; byvalcopy: a CUDA kernel's struct argument (NVPTX `ptr byval`) that the
; kernel writes, or whose address it hands to a helper that may write it, is
; copied into private memory at the entry, read from the parameter space;
; the copy is private, a helper gets a private clone, and the pointer fields
; read from the copy are the host's global pointers.  Not copied: a struct
; over 256 bytes (Missed remark), a kernel the module also calls, one only
; read (named in place in the parameter space), one handed on only by value,
; and one handed only to helpers that read it: the back end hands those the
; parameter window's generic address as in clang's build, and fields gives
; the helper the host's global pointers (no .local frame: bench/pipeline's
; spmv_csr.cu had 32 bytes of it).  @soundness copies its struct
; by hand while also reading it directly, so the copy is not recognised as
; the host's: the memory summary must still say that it holds the host's
; global pointers (it said nothing, and a local pointer stored in other
; private memory named the load local).  Every kernel runs identically
; under gasp-run --check-as --compare; llc-22 accepts the output; a second
; run changes nothing.
; RUN: gasp-opt --clone-cost=8 -S %s -o %t.ll -stats -stats-json -pass-remarks=byvalcopy -pass-remarks-missed=byvalcopy 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: gasp-opt --clone-cost=8 -S %t.ll -o %t.again.ll
; RUN: sed 1,2d %t.ll > %t.a && sed 1,2d %t.again.ll > %t.b && diff %t.a %t.b
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o /dev/null
; RUN: gasp-opt --clone-cost=8 -S --lower-generic=tags %s -o /dev/null
; RUN: gasp-run %s --kernel writes --global 8 --arg 'struct:buf:f32:8:iota;buf:f32:8;i32=8;i32=0' --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel escapes --global 8 --arg 'struct:buf:f32:8:iota;buf:f32:8;i32=8;i32=0' --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel hands_writer --global 8 --arg 'struct:buf:f32:8:iota;buf:f32:8;i32=8;i32=0' --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel soundness --global 8 --arg 'struct:buf:f32:8:iota;buf:f32:8;i32=8;i32=0' --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; REMARK-DAG: remark: <unknown>:0:0: by-value argument 0 (24 bytes) copied into private memory: the kernel writes it or hands its address to a call that may write it
; REMARK-DAG: remark: <unknown>:0:0: by-value argument 0 (264 bytes) not copied into private memory: larger than 256 bytes, its accesses stay generic
; REMARK: "byvalcopy.copies": 2
; REMARK: "byvalcopy.too-large": 1
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%Grid = type { ptr, ptr, i32, i32 }
%Big = type { ptr, [256 x i8] }

@tile = internal addrspace(3) global [8 x float] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

; Reads through the struct it is handed.
define internal float @at(ptr %g, i32 %i) noinline {
  %in = load ptr, ptr %g, align 8
  %a = getelementptr inbounds float, ptr %in, i32 %i
  %v = load float, ptr %a, align 4
  ret float %v
}

; Writes the struct's n field, then reads through its in field.
define internal float @bump(ptr %g, i32 %i) noinline {
  %np = getelementptr inbounds i8, ptr %g, i64 16
  store i32 %i, ptr %np, align 4
  %in = load ptr, ptr %g, align 8
  %a = getelementptr inbounds float, ptr %in, i32 %i
  %v = load float, ptr %a, align 4
  ret float %v
}

; Writes its n field, then reads the struct: a copy, all private or global.
; CHECK-LABEL: define ptx_kernel void @writes(
; CHECK:       [[S:%[0-9]+]] = addrspacecast ptr %g to ptr addrspace(101)
; CHECK:       %g.copy = alloca %Grid, align 8
; CHECK:       call void @llvm.memcpy.p5.p101.i64(ptr addrspace(5) align 8 {{%[0-9]+}}, ptr addrspace(101) align 8 [[S]], i64 24, i1 false)
; CHECK:       store i32 4, ptr addrspace(5)
; CHECK:       load float, ptr addrspace(1)
; CHECK:       store float {{.*}}, ptr addrspace(1)
define ptx_kernel void @writes(ptr byval(%Grid) align 8 %g) {
  %i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %np = getelementptr inbounds i8, ptr %g, i64 16
  store i32 4, ptr %np, align 4
  %n = load i32, ptr %np, align 4
  %j = urem i32 %i, %n
  %in = load ptr, ptr %g, align 8
  %a = getelementptr inbounds float, ptr %in, i32 %j
  %v = load float, ptr %a, align 4
  %op = getelementptr inbounds i8, ptr %g, i64 8
  %out = load ptr, ptr %op, align 8
  %b = getelementptr inbounds float, ptr %out, i32 %i
  store float %v, ptr %b, align 4
  ret void
}

; Hands its struct to @at, which only reads it: no copy; @at's clone for
; the struct's in field (fields: the host wrote a global pointer there).
; CHECK-LABEL: define ptx_kernel void @escapes(
; CHECK-NOT:   alloca
; CHECK:       call float @at.f0o0as1(ptr %g,
define ptx_kernel void @escapes(ptr byval(%Grid) align 8 %g) {
  %i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %v = call float @at(ptr %g, i32 %i)
  %op = getelementptr inbounds i8, ptr %g, i64 8
  %out = load ptr, ptr %op, align 8
  %b = getelementptr inbounds float, ptr %out, i32 %i
  store float %v, ptr %b, align 4
  ret void
}

; Hands its struct to @bump, which writes it: a copy, and @bump's private
; clone reads global data (the copy's address crosses the call generic and
; is named private at the clone's entry: twins); the copy's field 0 holds
; the host's pointer, so the clone is @big's field clone's private one.
; CHECK-LABEL: define ptx_kernel void @hands_writer(
; CHECK:       %g.copy = alloca %Grid, align 8
; CHECK:       [[C:%.*]] = addrspacecast ptr %g.copy to ptr addrspace(5)
; CHECK:       [[A:%.*]] = addrspacecast ptr addrspace(5) [[C]] to ptr
; CHECK-NEXT:  call float @bump{{(\.f0o0as1)?(\.as5)?}}(ptr [[A]]
define ptx_kernel void @hands_writer(ptr byval(%Grid) align 8 %g) {
  %i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %v = call float @bump(ptr %g, i32 %i)
  %op = getelementptr inbounds i8, ptr %g, i64 8
  %out = load ptr, ptr %op, align 8
  %b = getelementptr inbounds float, ptr %out, i32 %i
  store float %v, ptr %b, align 4
  ret void
}

; 264 bytes, handed to a writer: not copied (the back end copies it, as in
; clang's build); what the host and @bump store there is all it holds, so
; @bump's clone for the in field reads global data (fields).
; CHECK-LABEL: define ptx_kernel void @big(
; CHECK-NOT:   alloca
; CHECK:       call float @bump.f0o0as1(ptr %b,
define ptx_kernel void @big(ptr byval(%Big) align 8 %b) {
  %v = call float @bump(ptr %b, i32 0)
  ret void
}

; Copies its struct by hand and reads a field directly too; stores a
; shared pointer into other private memory.  The pointer loaded from the
; copy is the host's global one: it must not be named local.
; CHECK-LABEL: define ptx_kernel void @soundness(
; CHECK:       %in = load ptr, ptr addrspace(5)
; CHECK-NOT:   addrspace(3)
; CHECK:       load float, ptr %a
; CHECK:       ret void
define ptx_kernel void @soundness(ptr byval(%Grid) align 8 %g) {
  %i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %copy = alloca %Grid, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %copy, ptr align 8 %g, i64 24, i1 false)
  %slot = alloca ptr, align 8
  store volatile ptr addrspacecast (ptr addrspace(3) @tile to ptr), ptr %slot, align 8
  %op = getelementptr inbounds i8, ptr %g, i64 8
  %out = load ptr, ptr %op, align 8
  %in = load ptr, ptr %copy, align 8
  %a = getelementptr inbounds float, ptr %in, i32 %i
  %v = load float, ptr %a, align 4
  %b = getelementptr inbounds float, ptr %out, i32 %i
  store float %v, ptr %b, align 4
  ret void
}

; A kernel another kernel calls: its argument is its caller's; not copied.
; CHECK-LABEL: define ptx_kernel void @called(
; CHECK-NOT:   alloca
; CHECK:       ret void
define ptx_kernel void @called(ptr byval(%Grid) align 8 %g) {
  %v = call float @at(ptr %g, i32 0)
  ret void
}

; @caller hands its own struct to @called by value (byval): the callee gets
; a copy of its own, which the back end fills with ld.param/st.param (as
; OpenCL's kernel stub hands its aggregate to the kernel's body): not
; copied, and handed on as it is (no cast into the parameter space and back,
; which --lower-generic=tags could not tag: the random campaign's
; tags runs were refused when it was named).
; CHECK-LABEL: define ptx_kernel void @caller(
; CHECK-NOT:   alloca
; CHECK-NOT:   addrspacecast
; CHECK:       call void @called(ptr byval(%Grid) align 8 %g)
define ptx_kernel void @caller(ptr byval(%Grid) align 8 %g) {
  call void @called(ptr byval(%Grid) align 8 %g)
  ret void
}
