/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Monte Carlo with a private RNG state struct passed by pointer to helpers,
// a block reduction in shared memory.
#include "../gpu.h"
struct Rng { unsigned s[4]; };
__device__ __attribute__((noinline)) unsigned next(Rng *r) {
  unsigned t = r->s[3], s = r->s[0];
  r->s[3] = r->s[2]; r->s[2] = r->s[1]; r->s[1] = s;
  t ^= t << 11; t ^= t >> 8; r->s[0] = t ^ s ^ (s >> 19);
  return r->s[0];
}
__device__ __attribute__((noinline)) float uniform(Rng *r) { return (next(r) >> 8) * (1.0f / 16777216.0f); }
__device__ __attribute__((noinline)) void block_sum(float *s) {
  for (int k = blockDim.x / 2; k > 0; k >>= 1) { if ((int)threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k]; __syncthreads(); }
}
__global__ void pi(const unsigned *seeds, float *out, int iters) {
  __shared__ float s[256];
  Rng r;
  for (int k = 0; k < 4; k++) r.s[k] = seeds[(blockIdx.x * blockDim.x + threadIdx.x) * 4 + k] | 1;
  float hits = 0;
  for (int i = 0; i < iters; i++) { float x = uniform(&r), y = uniform(&r); hits += x * x + y * y < 1.f; }
  s[threadIdx.x] = hits;
  __syncthreads();
  block_sum(s);
  if (threadIdx.x == 0) out[blockIdx.x] = 4.f * s[0] / (iters * blockDim.x);
}
