/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// k-means assignment: a distance template over the dimension, centroids in
// shared memory, counts with atomics.
#include "../gpu.h"
template <int D> __device__ __attribute__((noinline)) float dist2(const float *a, const float *b) {
  float s = 0;
  for (int d = 0; d < D; d++) { float t = a[d] - b[d]; s += t * t; }
  return s;
}
template <int D> __global__ void assign(const float *pts, const float *cent, int k, int n, int *label, int *count) {
  __shared__ float c[64 * D];
  for (int i = threadIdx.x; i < k * D; i += blockDim.x) c[i] = cent[i];
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float p[D];
  for (int d = 0; d < D; d++) p[d] = pts[i * D + d];
  int best = 0; float bd = dist2<D>(p, c);
  for (int j = 1; j < k; j++) { float dd = dist2<D>(p, c + j * D); if (dd < bd) { bd = dd; best = j; } }
  label[i] = best;
  atomicAdd(&count[best], 1);
}
template __global__ void assign<4>(const float *, const float *, int, int, int *, int *);
template __global__ void assign<8>(const float *, const float *, int, int, int *, int *);
