; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 1 --local 1 --arg buf:i64:1 --arg buf:i32:1 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; Soundness: a struct passed by value is copied into the callee's
; private memory, so what the copy may hold is what the memory it was copied
; from holds.  Here global memory holds a shared pointer, private memory
; (through @put) a global one; the callee's reload from its byval copy is
; the shared pointer and must stay generic (before this rule it was made
; global, and the store hit shared memory under --check-as).
target triple = "nvptx64-nvidia-cuda"
%S = type { ptr }
@sh = internal addrspace(3) global i32 0, align 4

; CHECK-LABEL: define internal void @callee(
; CHECK: store i32 1, ptr %p
; Reloads the pointer from its copy of the struct and writes through it.
define internal void @callee(ptr byval(%S) align 8 %s) {
  %p = load ptr, ptr %s, align 8
  store i32 1, ptr %p, align 4
  ret void
}

; Stores a pointer into private memory it is given.
define internal void @put(ptr addrspace(5) %slot, ptr %v) {
  store ptr %v, ptr addrspace(5) %slot, align 8
  ret void
}

; Puts a shared pointer into global memory and passes that memory by value.
define ptx_kernel void @k(ptr addrspace(1) %buf, ptr addrspace(1) %g) {
  store ptr addrspacecast (ptr addrspace(3) @sh to ptr), ptr addrspace(1) %buf, align 8
  %x = alloca ptr, align 8, addrspace(5)
  %gg = addrspacecast ptr addrspace(1) %g to ptr
  call void @put(ptr addrspace(5) %x, ptr %gg)
  %gb = addrspacecast ptr addrspace(1) %buf to ptr
  call void @callee(ptr byval(%S) align 8 %gb)
  store i64 0, ptr addrspace(1) %buf, align 8 ; no address in the compared output
  ret void
}
