; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: sed 's/addrspace(8)/addrspace(9)/g; s/addrspace(9) %y/addrspace(8) %y/; s/ptr addrspace(9) %y to/ptr addrspace(8) %y to/' %s | gasp-opt -S - -o - | FileCheck %s --check-prefix=NINE
; Spaces the target table does not name are numbered once for a memory
; summary and every analysis that reads it.  @keep9 numbers addrspace(9)
; before the kernel's addrspace(8) in memsum's own analysis; the kernel's
; rewriter, numbering addrspace(8) first, read the summary's bit as a space
; it never numbered and made the access private (or addrspace(9)).

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

@tab = internal addrspace(3) global [4 x ptr addrspace(4)] poison, align 4

; Stores an addrspace(9) pointer made generic into global memory.
define spir_func void @keep9(ptr addrspace(9) %y, ptr addrspace(1) %slot) {
  %g = addrspacecast ptr addrspace(9) %y to ptr addrspace(4)
  store ptr addrspace(4) %g, ptr addrspace(1) %slot, align 8
  ret void
}

; The table holds only addrspace(8) pointers: the load is addrspace(8).
; CHECK-LABEL: define spir_kernel void @k(
; CHECK: [[P:%.*]] = load ptr addrspace(4), ptr addrspace(3) @tab
; CHECK-NEXT: [[C:%.*]] = addrspacecast ptr addrspace(4) [[P]] to ptr addrspace(8)
; CHECK-NEXT: load i32, ptr addrspace(8) [[C]]
; NINE-LABEL: define spir_kernel void @k(
; NINE: load i32, ptr addrspace(9)
define spir_kernel void @k(ptr addrspace(8) %x, ptr addrspace(1) %out) {
  %g = addrspacecast ptr addrspace(8) %x to ptr addrspace(4)
  store ptr addrspace(4) %g, ptr addrspace(3) @tab, align 8
  %p = load ptr addrspace(4), ptr addrspace(3) @tab, align 8
  %v = load i32, ptr addrspace(4) %p, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}
