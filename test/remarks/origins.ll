; RUN: gasp-opt %s -o /dev/null -pass-remarks-missed=gasp 2>&1 | FileCheck %s
; A pointer's origin in the stays-generic reason: a variadic argument, the
; old value an atomic exchange or a cmpxchg read from memory (each was
; "unknown origin").
target triple = "spir64-unknown-unknown"

; CHECK: {{.*}}store stays generic: a variadic argument (va_arg)
; A pointer taken from a va_list.
define spir_func void @v(ptr addrspace(4) %ap) {
  %p = va_arg ptr addrspace(4) %ap, ptr addrspace(4)
  store i32 1, ptr addrspace(4) %p, align 4
  ret void
}

; CHECK: {{.*}}store stays generic: the old value an atomic exchange read from memory
; CHECK: {{.*}}store stays generic: the old value a cmpxchg read from memory
; Pointers swapped in and out of global memory atomically.
define spir_kernel void @k(ptr addrspace(1) %slot, ptr addrspace(4) %q) {
  %o = atomicrmw xchg ptr addrspace(1) %slot, ptr addrspace(4) %q monotonic, align 8
  store i32 2, ptr addrspace(4) %o, align 4
  %c = cmpxchg ptr addrspace(1) %slot, ptr addrspace(4) null, ptr addrspace(4) %q monotonic monotonic, align 8
  %x = extractvalue { ptr addrspace(4), i1 } %c, 0
  store i32 3, ptr addrspace(4) %x, align 4
  ret void
}
