; A generic pointer carrying a tag in bits 61-63 (local, 010) used without
; clearing it: --check-as reports it; without --check-as the fault is caught.
target triple = "spir64-unknown-unknown"

define spir_kernel void @tagged(ptr addrspace(1) %g) {
  %p = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %i = ptrtoint ptr addrspace(4) %p to i64
  %t = or i64 %i, 4611686018427387904
  %q = inttoptr i64 %t to ptr addrspace(4)
  store i32 1, ptr addrspace(4) %q, align 4
  ret void
}
