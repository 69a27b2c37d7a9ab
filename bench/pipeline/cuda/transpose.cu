/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Padded shared tile transpose; copy helper used on both sides of the tile.
#include "../gpu.h"
#define T 32
__device__ __attribute__((noinline)) void copy_rows(float *dst, int dld, const float *src, int sld, int rows) {
  for (int r = threadIdx.y; r < rows; r += blockDim.y) dst[r * dld + threadIdx.x] = src[r * sld + threadIdx.x];
}
__global__ void transpose(float *out, const float *in, int w, int h) {
  __shared__ float tile[T * (T + 1)];
  int x = blockIdx.x * T, y = blockIdx.y * T;
  copy_rows(tile, T + 1, in + y * w + x, w, T);
  __syncthreads();
  for (int r = threadIdx.y; r < T; r += blockDim.y)
    out[(x + r) * h + y + threadIdx.x] = tile[threadIdx.x * (T + 1) + r];
}
