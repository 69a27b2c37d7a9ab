/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Grid-stride reduction of several statistics through one helper that is
// handed LDS and global accumulators.
#include "../gpu.h"
struct Stats { float sum, sumsq; int count; };
__device__ __attribute__((noinline)) void merge(Stats *dst, const Stats *src) {
  atomicAdd(&dst->sum, src->sum); atomicAdd(&dst->sumsq, src->sumsq); atomicAdd(&dst->count, src->count);
}
__global__ void stats(const float *x, int n, Stats *out) {
  __shared__ Stats blk;
  if (threadIdx.x == 0) { blk.sum = 0; blk.sumsq = 0; blk.count = 0; }
  __syncthreads();
  Stats mine = {0, 0, 0};
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * 64) { mine.sum += x[i]; mine.sumsq += x[i] * x[i]; mine.count++; }
  merge(&blk, &mine);
  __syncthreads();
  if (threadIdx.x == 0) merge(out, &blk);
}
