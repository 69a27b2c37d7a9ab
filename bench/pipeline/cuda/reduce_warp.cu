/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Warp-synchronous volatile shared-memory reduction (the classic unrolled
// last warp), templated on the block size.
#include "../gpu.h"
template <unsigned B> __device__ void warp_reduce(volatile float *s, unsigned t) {
  if (B >= 64) s[t] += s[t + 32];
  if (B >= 32) s[t] += s[t + 16];
  if (B >= 16) s[t] += s[t + 8];
  if (B >= 8) s[t] += s[t + 4];
  if (B >= 4) s[t] += s[t + 2];
  if (B >= 2) s[t] += s[t + 1];
}
template <unsigned B> __global__ void reduce(const float *in, float *out, unsigned n) {
  __shared__ float s[B];
  unsigned t = threadIdx.x, i = blockIdx.x * (B * 2) + t;
  float v = 0;
  while (i < n) { v += in[i]; if (i + B < n) v += in[i + B]; i += B * 2 * 64; }
  s[t] = v;
  __syncthreads();
  for (unsigned k = B / 2; k > 32; k >>= 1) { if (t < k) s[t] += s[t + k]; __syncthreads(); }
  if (t < 32) warp_reduce<B>(s, t);
  if (t == 0) out[blockIdx.x] = s[0];
}
template __global__ void reduce<256>(const float *, float *, unsigned);
template __global__ void reduce<128>(const float *, float *, unsigned);
