; Four kernels whose registers are set by inline assembly that clobbers one
; register: v0, v100, s101 and s70 (test/bench/amdgpu-waves.test).
define amdgpu_kernel void @lo(ptr addrspace(1) %p) {
  call void asm sideeffect "", "~{v0}"()
  ret void
}
define amdgpu_kernel void @hi(ptr addrspace(1) %p) {
  call void asm sideeffect "", "~{v100}"()
  ret void
}
define amdgpu_kernel void @sg(ptr addrspace(1) %p) {
  call void asm sideeffect "", "~{s101}"()
  ret void
}
define amdgpu_kernel void @sg2(ptr addrspace(1) %p) {
  call void asm sideeffect "", "~{s70}"()
  ret void
}
