/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Two-level prefix sum: an inclusive scan helper on LDS and on global sums.
#include "../gpu.h"
__device__ __attribute__((noinline)) void hs_scan(int *s, int n) {
  for (int d = 1; d < n; d <<= 1) {
    int v = (int)threadIdx.x >= d ? s[threadIdx.x - d] : 0;
    __syncthreads();
    if ((int)threadIdx.x < n) s[threadIdx.x] += v;
    __syncthreads();
  }
}
__global__ void scan_blocks(const int *in, int *out, int *sums) {
  __shared__ int s[256];
  s[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  hs_scan(s, 256);
  out[blockIdx.x * 256 + threadIdx.x] = s[threadIdx.x];
  if (threadIdx.x == 255) sums[blockIdx.x] = s[255];
}
__global__ void scan_sums(int *sums, int n) { if (blockIdx.x == 0 && (int)blockDim.x >= n) hs_scan(sums, n); }
