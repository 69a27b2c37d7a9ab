; RUN: split-file %s %t
; RUN: gasp-opt --whole-program -S %t/reads.ll -o %t.ll
; RUN: FileCheck %s --check-prefix=READS < %t.ll
; RUN: gasp-run %t/reads.ll --kernel lookup --global 4 --arg buf:f32:4 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; RUN: gasp-opt --whole-program -S %t/unknown.ll -o %t.u.ll
; RUN: FileCheck %s --check-prefix=UNKNOWN < %t.u.ll
; Device-runtime calls that only read what they are handed (CUDA's vprintf
; and __assertfail, like OpenCL's printf) do not expose the private buffer
; they get: global memory still holds only what the host and the
; initializers wrote (global pointers), so the table's pointer read from
; global memory is global although the kernel printed.  An unknown external
; function handed the same private pointer may store it anywhere: there
; the load stays generic.

;--- reads.ll
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%Material = type { ptr, i32 }
%args = type { i32 }

@tab = internal addrspace(1) global [4 x float] [float 1.0, float 2.0, float 3.0, float 4.0]
@mat = addrspace(1) global %Material { ptr addrspacecast (ptr addrspace(1) @tab to ptr), i32 4 }
@fmt = internal addrspace(4) constant [4 x i8] c"%d\0A\00"
@file = internal addrspace(4) constant [2 x i8] c"f\00"

declare i32 @vprintf(ptr, ptr)
declare void @__assertfail(ptr, ptr, i32, ptr, i64)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; The table pointer loaded from @mat is global: vprintf and __assertfail
; only read their buffers (two reads through it share its cast: on NVPTX
; one alone would stay generic, target.c "Casts that must be shared").
; READS-LABEL: define ptx_kernel void @lookup(
; READS: [[T:%.*]] = load ptr, ptr addrspace(1) @mat
; READS: addrspacecast ptr [[T]] to ptr addrspace(1)
; READS: load float, ptr addrspace(1)
define ptx_kernel void @lookup(ptr %out) {
  %buf = alloca %args, align 4
  %i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %i, ptr %buf, align 4
  %f = addrspacecast ptr addrspace(4) @fmt to ptr
  %r = call i32 @vprintf(ptr %f, ptr %buf)
  %bad = icmp ugt i32 %i, 3
  br i1 %bad, label %fail, label %ok
fail:
  %fl = addrspacecast ptr addrspace(4) @file to ptr
  call void @__assertfail(ptr %f, ptr %fl, i32 1, ptr %fl, i64 1)
  br label %ok
ok:
  %t = load ptr, ptr addrspace(1) @mat, align 8
  %a = getelementptr inbounds float, ptr %t, i32 %i
  %v = load float, ptr %a, align 4
  %v0 = load float, ptr %t, align 4
  %w = fadd float %v, %v0
  %o = getelementptr inbounds float, ptr %out, i32 %i
  store float %w, ptr %o, align 4
  ret void
}


;--- unknown.ll
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%Material = type { ptr, i32 }
%args = type { i32 }

@tab = internal addrspace(1) global [4 x float] [float 1.0, float 2.0, float 3.0, float 4.0]
@mat = addrspace(1) global %Material { ptr addrspacecast (ptr addrspace(1) @tab to ptr), i32 4 }

declare void @keep(ptr)

; An unknown function may keep the private pointer in global memory: the
; load through the table pointer stays generic.
; UNKNOWN-LABEL: define ptx_kernel void @unknown(
; UNKNOWN: [[U:%.*]] = load ptr, ptr addrspace(1) @mat
; UNKNOWN-NOT: addrspacecast ptr [[U]]
; UNKNOWN: load float, ptr %
define ptx_kernel void @unknown(ptr %out) {
  %buf = alloca %args, align 4
  call void @keep(ptr %buf)
  %t = load ptr, ptr addrspace(1) @mat, align 8
  %v = load float, ptr %t, align 4
  store float %v, ptr %out, align 4
  ret void
}
