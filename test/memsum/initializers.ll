; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:4 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt --whole-program -S %s -o %t.wp.ll
; RUN: FileCheck %s < %t.wp.ll
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:4 --check-as --compare %t.wp.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; The memory summary reads initializers: a variable whose initializer holds
; a generic pointer to local memory holds that pointer before any code
; runs (IR from front ends other than clang's OpenCL C).  A pointer loaded
; from an external variable may be the host's global pointer or the
; initializer's local one: it stays generic (global and constant tables,
; an integer holding a pointer's bits; all three were made global).  An
; internal variable nothing stores to holds exactly its initializer.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

@lds = internal addrspace(3) global [4 x i32] poison, align 4
@tab = internal addrspace(1) global ptr addrspace(4) addrspacecast (ptr addrspace(3) @lds to ptr addrspace(4)), align 8
@ctab = addrspace(2) constant [2 x ptr addrspace(4)] [ptr addrspace(4) addrspacecast (ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i64 4) to ptr addrspace(4)), ptr addrspace(4) null], align 8
@bits = addrspace(1) global i64 ptrtoint (ptr addrspace(4) addrspacecast (ptr addrspace(3) @lds to ptr addrspace(4)) to i64), align 8

; Loads through pointers read from an external constant table and an
; integer initialized with a local pointer's bits stay generic; the one
; read from the internal variable is local (its initializer).
; CHECK-LABEL: define spir_kernel void @k(
; CHECK: [[P:%.*]] = load ptr addrspace(4), ptr addrspace(1) @tab
; CHECK-NEXT: [[L:%.*]] = addrspacecast ptr addrspace(4) [[P]] to ptr addrspace(3)
; CHECK-NEXT: load i32, ptr addrspace(3) [[L]]
; CHECK: [[Q:%.*]] = load ptr addrspace(4), ptr addrspace(2) @ctab
; CHECK-NEXT: load i32, ptr addrspace(4) [[Q]]
; CHECK: [[R:%.*]] = load ptr addrspace(4), ptr addrspace(1) @bits
; CHECK-NEXT: load i32, ptr addrspace(4) [[R]]
define spir_kernel void @k(ptr addrspace(1) %out) {
  store i32 7, ptr addrspace(3) @lds, align 4
  store i32 9, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i64 4), align 4
  %p = load ptr addrspace(4), ptr addrspace(1) @tab, align 8
  %v = load i32, ptr addrspace(4) %p, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  %q = load ptr addrspace(4), ptr addrspace(2) @ctab, align 8
  %w = load i32, ptr addrspace(4) %q, align 4
  %o1 = getelementptr i8, ptr addrspace(1) %out, i64 4
  store i32 %w, ptr addrspace(1) %o1, align 4
  %r = load ptr addrspace(4), ptr addrspace(1) @bits, align 8
  %x = load i32, ptr addrspace(4) %r, align 4
  %o2 = getelementptr i8, ptr addrspace(1) %out, i64 8
  store i32 %x, ptr addrspace(1) %o2, align 4
  ret void
}
