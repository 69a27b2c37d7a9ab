; The same bad claim on NVPTX (generic is 0, shared is 3), in a helper.
target triple = "nvptx64-nvidia-cuda"

define internal void @put(ptr %p) {
  %l = addrspacecast ptr %p to ptr addrspace(3)
  store i32 1, ptr addrspace(3) %l, align 4
  ret void
}

define ptx_kernel void @bad(ptr addrspace(1) %g) {
  %p = addrspacecast ptr addrspace(1) %g to ptr
  call void @put(ptr %p)
  ret void
}
