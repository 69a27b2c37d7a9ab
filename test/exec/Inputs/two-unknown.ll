; Two declarations gasp-run does not provide, used only by another kernel.
target triple = "spir64-unknown-unknown"
declare spir_func void @ext1(ptr addrspace(1))
declare spir_func void @ext2(ptr addrspace(1))
define spir_kernel void @other(ptr addrspace(1) %p) {
  call spir_func void @ext1(ptr addrspace(1) %p)
  call spir_func void @ext2(ptr addrspace(1) %p)
  ret void
}
define spir_kernel void @k(ptr addrspace(1) %p) {
  store i32 1, ptr addrspace(1) %p, align 4
  ret void
}
