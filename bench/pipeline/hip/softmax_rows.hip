/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Row softmax: block max and sum through shared scratch, helpers on rows.
#include "../gpu.h"
__device__ __attribute__((noinline)) float block_reduce(float *s, float v, bool mx) {
  s[threadIdx.x] = v;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k >>= 1) {
    if ((int)threadIdx.x < k) s[threadIdx.x] = mx ? fmaxf(s[threadIdx.x], s[threadIdx.x + k]) : s[threadIdx.x] + s[threadIdx.x + k];
    __syncthreads();
  }
  float r = s[0];
  __syncthreads();
  return r;
}
__global__ void softmax(const float *in, float *out, int cols) {
  __shared__ float scratch[256];
  const float *row = in + blockIdx.x * cols;
  float m = -1e30f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, row[c]);
  m = block_reduce(scratch, m, true);
  float s = 0;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) s += expf(row[c] - m);
  s = block_reduce(scratch, s, false);
  for (int c = threadIdx.x; c < cols; c += blockDim.x) out[blockIdx.x * cols + c] = expf(row[c] - m) / s;
}
