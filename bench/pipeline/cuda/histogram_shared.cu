/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Privatized histogram: one helper bumps bins in shared and in global memory.
#include "../gpu.h"
__device__ __attribute__((noinline)) void bump(int *bins, int b, int v) { atomicAdd(&bins[b], v); }
__global__ void histo(const unsigned char *data, int n, int *global_bins) {
  __shared__ int local_bins[256];
  for (int i = threadIdx.x; i < 256; i += blockDim.x) local_bins[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * 128)
    bump(local_bins, data[i], 1);
  __syncthreads();
  for (int i = threadIdx.x; i < 256; i += blockDim.x)
    if (local_bins[i]) bump(global_bins, i, local_bins[i]);
}
