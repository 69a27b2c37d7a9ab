/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Blelloch scan in shared memory with up-sweep/down-sweep helpers.
#include "../gpu.h"
__device__ __attribute__((noinline)) void upsweep(float *s, int n) {
  for (int d = 1; d < n; d <<= 1) {
    int i = (threadIdx.x + 1) * d * 2 - 1;
    if (i < n) s[i] += s[i - d];
    __syncthreads();
  }
}
__device__ __attribute__((noinline)) void downsweep(float *s, int n) {
  if (threadIdx.x == 0) s[n - 1] = 0;
  __syncthreads();
  for (int d = n / 2; d >= 1; d >>= 1) {
    int i = (threadIdx.x + 1) * d * 2 - 1;
    if (i < n) { float t = s[i - d]; s[i - d] = s[i]; s[i] += t; }
    __syncthreads();
  }
}
__global__ void scan(const float *in, float *out, float *sums) {
  __shared__ float s[512];
  int b = blockIdx.x * 512;
  s[threadIdx.x] = in[b + threadIdx.x]; s[threadIdx.x + 256] = in[b + threadIdx.x + 256];
  __syncthreads();
  upsweep(s, 512);
  if (threadIdx.x == 0) sums[blockIdx.x] = s[511];
  downsweep(s, 512);
  out[b + threadIdx.x] = s[threadIdx.x]; out[b + threadIdx.x + 256] = s[threadIdx.x + 256];
}
