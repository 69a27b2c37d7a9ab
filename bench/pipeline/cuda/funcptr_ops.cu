/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// A table of device function pointers applied to shared, private and
// global memory.
#include "../gpu.h"
typedef float (*op_t)(const float *, int);
__device__ float op_sum(const float *a, int n) { float s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
__device__ float op_max(const float *a, int n) { float s = a[0]; for (int i = 1; i < n; i++) s = s > a[i] ? s : a[i]; return s; }
__device__ op_t ops[2] = {op_sum, op_max};
__global__ void apply(float *out, const float *in, int which, int n) {
  __shared__ float tile[256];
  int t = threadIdx.x;
  tile[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  float priv[8];
  for (int k = 0; k < 8; k++) priv[k] = tile[(t + k) & 255];
  op_t f = ops[which & 1];
  out[blockIdx.x * 256 + t] = f(tile + (t & ~7), n) + f(priv, 8) + f(in, n);
}
