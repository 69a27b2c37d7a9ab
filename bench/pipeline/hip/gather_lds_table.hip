/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// A table of pointers kept in LDS: each wave picks its source buffer.
#include "../gpu.h"
__device__ __attribute__((noinline)) float sum4(const float *p) { return p[0] + p[1] + p[2] + p[3]; }
__global__ void gather(const float *a, const float *b, const int *idx, float *out, int n) {
  __shared__ const float *src[4];
  __shared__ float stage[256];
  if (threadIdx.x == 0) { src[0] = a; src[1] = b; src[2] = a + n; src[3] = stage; }
  stage[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float *s = src[(threadIdx.x / 64) & 3];
  out[i] = sum4(s + (idx[i] & 63) * 4 % 252);
}
