/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// ELLPACK SpMV with the format in a struct of pointers in global memory.
#include "../gpu.h"
struct Ell { const int *col; const float *val; int rows, width; };
__device__ __attribute__((noinline)) float ell_row(const Ell *m, const float *x, int r) {
  float s = 0;
  for (int k = 0; k < m->width; k++) { int c = m->col[k * m->rows + r]; if (c >= 0) s += m->val[k * m->rows + r] * x[c]; }
  return s;
}
__global__ void ell(const Ell *m, const float *x, float *y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < m->rows) y[r] = ell_row(m, x, r);
}
