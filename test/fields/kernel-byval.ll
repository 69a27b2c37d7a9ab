; fields on a kernel's by-value block (NVPTX `ptr byval` of a ptx_kernel):
; the host wrote it, so a pointer field holds a global pointer unless the
; kernel stores something else there (memory.c, mem_field_slot: the block
; is host-filled).  A helper that only reads the block gets a copy for its
; pointer fields and reads the data as global — with no private copy of
; the block (byvalcopy leaves a block handed to readers alone).
; RUN: gasp-opt -S %s -o %t.ll -pass-remarks=fields 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.s
; RUN: FileCheck %s --check-prefix=PTX < %t.s
; RUN: gasp-opt -S %t.ll -o %t.again.ll
; RUN: sed 1,2d %t.ll > %t.a && sed 1,2d %t.again.ll > %t.b && diff %t.a %t.b
; RUN: gasp-run %s --kernel sum --global 8 --arg 'struct:buf:f32:8:iota;buf:f32:8;i32=8;i32=0' --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; Without byvalcopy a kernel that stores a shared pointer into its block's
; field first gives that field no fact (host's global and the kernel's
; shared pointer): the helper's read stays generic, and runs identically.
; RUN: gasp-opt -S --passes=internalize,infer,fields,callsplit,ipmsp,resolve %s -o %t.nocopy.ll
; RUN: FileCheck %s --check-prefix=NOCOPY < %t.nocopy.ll
; RUN: gasp-run %s --kernel mixed --global 8 --arg 'struct:buf:f32:8:iota;buf:f32:8;i32=8;i32=0' --check-as --compare %t.nocopy.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; REMARK: remark: <unknown>:0:0: {{.*}}for the pointers its callers store in its aggregate arguments: argument 0 offset 0 global
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%Vec = type { ptr, ptr, i32, i32 }

@tile = internal addrspace(3) global [8 x float] zeroinitializer, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; Sums the first n elements of v.in: reads the block only (the attributes
; LLVM's -O2 infers; without them NVPTX's argument lowering copies the
; block into .local itself, for clang's build too).
define internal float @total(ptr readonly captures(none) %v) noinline memory(argmem: read) {
entry:
  %np = getelementptr inbounds i8, ptr %v, i64 16
  %n = load i32, ptr %np, align 4
  %in = load ptr, ptr %v, align 8
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s1, %loop ]
  %a = getelementptr inbounds float, ptr %in, i32 %i
  %x = load float, ptr %a, align 4
  %s1 = fadd float %s, %x
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  ret float %s1
}

; Hands its block to @total: no copy; @total's copy reads global data.  The
; parameter's readonly and captures(none) (FunctionAttrs' at -O2) let
; NVPTX's argument lowering hand @total the window's address (cvta.param)
; instead of a .local copy, in clang's build and in gasp's.
; CHECK-LABEL: define ptx_kernel void @sum(ptr readonly byval(%Vec) align 8 captures(none) %v)
; CHECK-NOT:   alloca
; CHECK:       call float @total.f0o0as1(ptr %v)
; CHECK-LABEL: define internal float @total.f0o0as1(
; CHECK:       load float, ptr addrspace(1)
; PTX-LABEL:   .entry sum(
; PTX:         cvta.param
; PTX-NOT:     .local
; PTX:         ret;
define ptx_kernel void @sum(ptr readonly byval(%Vec) align 8 captures(none) %v) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %s = call float @total(ptr %v)
  %op = getelementptr inbounds i8, ptr %v, i64 8
  %out = load ptr, ptr %op, align 8
  %b = getelementptr inbounds float, ptr %out, i32 %t
  store float %s, ptr %b, align 4
  ret void
}

; Stores a shared pointer into its block's in field, then hands it on.
; NOCOPY-LABEL: define internal float @total(
; NOCOPY:       load float, ptr %a
; NOCOPY-LABEL: define ptx_kernel void @mixed(
; NOCOPY:       call float @total(ptr %v)
define ptx_kernel void @mixed(ptr byval(%Vec) align 8 %v) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %odd = and i32 %t, 1
  %c = icmp eq i32 %odd, 1
  br i1 %c, label %swap, label %go
swap:
  store ptr addrspacecast (ptr addrspace(3) @tile to ptr), ptr %v, align 8
  br label %go
go:
  %s = call float @total(ptr %v)
  %op = getelementptr inbounds i8, ptr %v, i64 8
  %out = load ptr, ptr %op, align 8
  %b = getelementptr inbounds float, ptr %out, i32 %t
  store float %s, ptr %b, align 4
  ret void
}
