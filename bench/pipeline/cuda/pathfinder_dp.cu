/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Dynamic programming rows in two shared buffers swapped through pointers.
#include "../gpu.h"
__device__ __attribute__((noinline)) int min3(const int *row, int i, int n) {
  int a = row[i], b = i > 0 ? row[i - 1] : a, c = i < n - 1 ? row[i + 1] : a;
  return a < b ? (a < c ? a : c) : (b < c ? b : c);
}
__global__ void pathfinder(const int *wall, int *result, int cols, int rows) {
  __shared__ int buf0[256], buf1[256];
  int *prev = buf0, *cur = buf1;
  int x = blockIdx.x * 256 + threadIdx.x;
  prev[threadIdx.x] = x < cols ? wall[x] : 0;
  __syncthreads();
  for (int r = 1; r < rows; r++) {
    cur[threadIdx.x] = min3(prev, threadIdx.x, 256) + (x < cols ? wall[r * cols + x] : 0);
    __syncthreads();
    int *t = prev; prev = cur; cur = t;
  }
  if (x < cols) result[x] = prev[threadIdx.x];
}
