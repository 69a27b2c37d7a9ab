/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Shared-memory tiles filled by a device helper called for both operands.
#include "../gpu.h"
#define TS 16
__device__ __attribute__((noinline)) void load_tile(float (*dst)[TS + 1], const float *src, int ld, int r, int c, int rows, int cols) {
  int ty = threadIdx.y, tx = threadIdx.x;
  dst[ty][tx] = (r + ty < rows && c + tx < cols) ? src[(r + ty) * ld + c + tx] : 0.f;
}
__device__ __attribute__((noinline)) float dot_tile(const float (*a)[TS + 1], const float (*b)[TS + 1]) {
  float s = 0;
  for (int k = 0; k < TS; k++) s += a[threadIdx.y][k] * b[k][threadIdx.x];
  return s;
}
__global__ void matmul(const float *A, const float *B, float *C, int M, int N, int K) {
  __shared__ float ta[TS][TS + 1], tb[TS][TS + 1];
  int row = blockIdx.y * TS + threadIdx.y, col = blockIdx.x * TS + threadIdx.x;
  float acc = 0;
  for (int k0 = 0; k0 < K; k0 += TS) {
    load_tile(ta, A, K, blockIdx.y * TS, k0, M, K);
    load_tile(tb, B, N, k0, blockIdx.x * TS, K, N);
    __syncthreads();
    acc += dot_tile(ta, tb);
    __syncthreads();
  }
  if (row < M && col < N) C[row * N + col] = acc;
}
