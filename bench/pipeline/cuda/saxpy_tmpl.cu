/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Templates over the element type, a functor passed by value.
#include "../gpu.h"
template <typename T> struct Axpy { T a; __device__ T operator()(T x, T y) const { return a * x + y; } };
template <typename T, typename F>
__device__ __attribute__((noinline)) void apply_range(T *y, const T *x, int n, F f, int stride) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) y[i] = f(x[i], y[i]);
}
template <typename T> __global__ void axpy(T *y, const T *x, T a, int n) {
  Axpy<T> f = {a};
  apply_range(y, x, n, f, blockDim.x * 64);
}
template __global__ void axpy<float>(float *, const float *, float, int);
template __global__ void axpy<double>(double *, const double *, double, int);
template __global__ void axpy<int>(int *, const int *, int, int);
