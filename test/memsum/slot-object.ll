; A private slot whose address never leaves its loads and stores is an
; object of the memory summary of its own (memsummary.c, mem_object_of): a
; value read back from it carries what its function stored there, not what
; all private memory holds.  Here private memory holds a private pointer
; (%ptrs), and the kernel copies numbers from its slot %state into a
; global table; the pointer it then loads from the table is the global one
; it stored.  A slot whose address a call is handed is no such object.
; RUN: split-file %s %t
; RUN: gasp-opt -S %t/stays.ll -o %t/stays.gasp.ll
; RUN: FileCheck %s --check-prefix=STAYS < %t/stays.gasp.ll
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t/stays.gasp.ll -o /dev/null
; RUN: gasp-run %t/stays.ll --kernel k --global 16 --arg buf:i64:32 --arg buf:f32:16 --arg buf:i32:16 --check-as --compare %t/stays.gasp.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt -S %t/handed.ll -o %t/handed.gasp.ll
; RUN: FileCheck %s --check-prefix=HANDED < %t/handed.gasp.ll
; RUN: gasp-run %t/handed.ll --kernel k --global 16 --arg buf:i64:32 --arg buf:f32:16 --arg buf:i32:16 --check-as --compare %t/handed.gasp.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical

;--- stays.ll
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; Keeps a private pointer in %ptrs, a number in %state (indexed at run
; time), writes the number into the global table %nums and its data pointer
; into %table; the pointer loaded back from %table is global, and so are
; the two accesses through it.
; STAYS-LABEL: define ptx_kernel void @k(
; STAYS: %p = load ptr, ptr addrspace(1)
; STAYS: load float, ptr addrspace(1)
; STAYS: store float %y, ptr addrspace(1)
define ptx_kernel void @k(ptr %table, ptr %data, ptr %nums) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ti = zext i32 %t to i64
  %k = and i32 %t, 3
  %ptrs = alloca [4 x ptr], align 8
  %v = alloca i32, align 4
  %pk = getelementptr inbounds [4 x ptr], ptr %ptrs, i64 0, i32 %k
  store ptr %v, ptr %pk, align 8
  %pv = load ptr, ptr %pk, align 8
  store i32 %t, ptr %pv, align 4
  %state = alloca [4 x i32], align 4
  %sk = getelementptr inbounds [4 x i32], ptr %state, i64 0, i32 %k
  store i32 %t, ptr %sk, align 4
  %n = load i32, ptr %state, align 4
  %d = getelementptr inbounds float, ptr %data, i64 %ti
  %pp = getelementptr inbounds ptr, ptr %table, i64 %ti
  store ptr %d, ptr %pp, align 8
  %np = getelementptr inbounds i32, ptr %nums, i64 %ti
  store i32 %n, ptr %np, align 4
  %p = load ptr, ptr %pp, align 8
  %x = load float, ptr %p, align 4
  %y = fadd float %x, 1.0
  store float %y, ptr %p, align 4
  ret void
}

;--- handed.ll
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define internal i32 @first(ptr %s) noinline {
  %v = load i32, ptr %s, align 4
  ret i32 %v
}

; The same, with %state handed to @first, which reads the number: the
; summary reads %state as it reads all private memory, the number may carry
; a private pointer's bits into the table, and the pointer loaded back stays
; generic.
; HANDED-LABEL: define ptx_kernel void @k(
; HANDED: %p = load ptr, ptr addrspace(1)
; HANDED: load float, ptr %p
define ptx_kernel void @k(ptr %table, ptr %data, ptr %nums) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ti = zext i32 %t to i64
  %k = and i32 %t, 3
  %ptrs = alloca [4 x ptr], align 8
  %v = alloca i32, align 4
  %pk = getelementptr inbounds [4 x ptr], ptr %ptrs, i64 0, i32 %k
  store ptr %v, ptr %pk, align 8
  %pv = load ptr, ptr %pk, align 8
  store i32 %t, ptr %pv, align 4
  %state = alloca [4 x i32], align 4
  %sk = getelementptr inbounds [4 x i32], ptr %state, i64 0, i32 %k
  store i32 %t, ptr %sk, align 4
  %n = call i32 @first(ptr %state)
  %d = getelementptr inbounds float, ptr %data, i64 %ti
  %pp = getelementptr inbounds ptr, ptr %table, i64 %ti
  store ptr %d, ptr %pp, align 8
  %np = getelementptr inbounds i32, ptr %nums, i64 %ti
  store i32 %n, ptr %np, align 4
  %p = load ptr, ptr %pp, align 8
  %x = load float, ptr %p, align 4
  %y = fadd float %x, 1.0
  store float %y, ptr %p, align 4
  ret void
}
