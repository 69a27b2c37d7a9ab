/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// CSR SpMV, a warp per row; partial sums in shared memory; a row helper.
#include "../gpu.h"
struct Csr { const int *rowptr; const int *col; const float *val; int rows; };
__device__ __attribute__((noinline)) float row_part(const Csr &m, const float *x, int r, int lane) {
  float s = 0;
  for (int j = m.rowptr[r] + lane; j < m.rowptr[r + 1]; j += 32) s += m.val[j] * x[m.col[j]];
  return s;
}
__device__ __attribute__((noinline)) float lane_sum(volatile float *p, int lane) {
  for (int o = 16; o > 0; o >>= 1) if (lane < o) p[lane] += p[lane + o];
  return p[0];
}
__global__ void spmv(Csr m, const float *x, float *y) {
  __shared__ float part[256];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int r = blockIdx.x * (blockDim.x / 32) + warp;
  part[threadIdx.x] = r < m.rows ? row_part(m, x, r, lane) : 0.f;
  __syncwarp();
  float s = lane_sum(part + warp * 32, lane);
  if (lane == 0 && r < m.rows) y[r] = s;
}
