; RUN: gasp-opt -S -stats %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: FileCheck %s < %t.ll
; RUN: llc -mcpu=sm_90 %t.ll -o - | FileCheck %s --check-prefix=PTX
; RUN: sed 's/^; DEF: //' %s | gasp-opt -S - -o - | FileCheck %s --check-prefix=KEPT
; printf on NVPTX: llc-22 builds the argument buffer of a variadic call
; after its alloca lowering, so the buffer is written through the generic
; stack pointer.  The frames pass expands the calls first (LLVM's own
; expansion, llc's ABI) and infers the callers again: the buffer's stores
; are private.  A module that defines a variadic function is left to llc
; (the expansion would replace that function under the run's facts).
; STATS: 2 frames {{.*}}variadic calls given an argument buffer
; PTX-NOT: {{[[:space:]](ld|st)(\.v[24])?\.[bsuf][0-9]+ }}
; KEPT: call i32 (ptr, ...) @printf(
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@fmt = private unnamed_addr constant [7 x i8] c"%d %f\0A\00"

declare i32 @printf(ptr, ...)

; Two calls, in the kernel and in a helper: each writes its arguments into
; a private buffer and passes its generic address.
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: store i32 %n, ptr addrspace(5)
; CHECK: call i32 @printf(ptr @fmt, ptr
; CHECK-LABEL: define void @h(
; CHECK: store double %x, ptr addrspace(5)
; CHECK: call i32 @printf(ptr @fmt, ptr
define ptx_kernel void @k(i32 %n) {
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i32 %n, double 1.0)
  call void @h(double 2.0)
  ret void
}

define void @h(double %x) {
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i32 1, double %x)
  ret void
}
; DEF: define i32 @sum(i32 %n, ...) {
; DEF:   ret i32 %n
; DEF: }
