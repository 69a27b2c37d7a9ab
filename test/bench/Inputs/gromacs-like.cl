/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The shape of GROMACS's nbnxm_ocl_kernel_utils.clh: a vendor's define, the
   warp size the host measured, and Intel's subgroup block read wherever the
   compiler says cl_intel_subgroups. */
#ifdef cl_intel_subgroups
int preload(const __global int *p) { return intel_sub_group_block_read((const __global uint *)p); }
#else
int preload(const __global int *p) { return p[get_local_id(0)]; }
#endif
#if defined _NVIDIA_SOURCE_
#define VENDOR 1
#elif defined _AMD_SOURCE_
#define VENDOR 2
#else
#define VENDOR 3
#endif
kernel void k(global int *o, global const int *in) {
  o[get_global_id(0)] = preload(in) + VENDOR * 1000 + WARP_SIZE_TEST + c_nbnxmGpuClusterSize;
}
