target triple = "spirv64-unknown-unknown"

define spir_kernel void @k(ptr addrspace(1) %p, i8 %v) {
  store i8 %v, ptr addrspace(1) %p, align 1
  ret void
}
