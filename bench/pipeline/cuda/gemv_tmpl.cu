/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// y = A x over a templated element type with a shared copy of x and a
// per-thread accumulator helper.
#include "../gpu.h"
template <typename T> __device__ __attribute__((noinline)) T dot(const T *a, const T *b, int n) {
  T s = 0;
  for (int i = 0; i < n; i++) s += a[i] * b[i];
  return s;
}
template <typename T> __global__ void gemv(const T *A, const T *x, T *y, int rows, int cols) {
  __shared__ T xs[512];
  for (int i = threadIdx.x; i < cols && i < 512; i += blockDim.x) xs[i] = x[i];
  __syncthreads();
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) y[r] = dot(A + (size_t)r * cols, cols <= 512 ? xs : x, cols);
}
template __global__ void gemv<float>(const float *, const float *, float *, int, int);
template __global__ void gemv<double>(const double *, const double *, double *, int, int);
