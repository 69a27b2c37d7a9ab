/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Bitonic sort in shared memory; the compare-exchange helper takes pointers.
#include "../gpu.h"
template <typename K> __device__ __attribute__((noinline)) void cmp_swap(K *a, K *b, bool up) {
  if ((*a > *b) == up) { K t = *a; *a = *b; *b = t; }
}
template <typename K> __global__ void bitonic(K *data) {
  __shared__ K s[512];
  unsigned t = threadIdx.x;
  s[t] = data[blockIdx.x * 512 + t]; s[t + 256] = data[blockIdx.x * 512 + t + 256];
  __syncthreads();
  for (unsigned size = 2; size <= 512; size <<= 1)
    for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
      unsigned pos = 2 * t - (t & (stride - 1));
      cmp_swap(&s[pos], &s[pos + stride], ((pos & size) == 0));
      __syncthreads();
    }
  data[blockIdx.x * 512 + t] = s[t]; data[blockIdx.x * 512 + t + 256] = s[t + 256];
}
template __global__ void bitonic<int>(int *);
template __global__ void bitonic<float>(float *);
