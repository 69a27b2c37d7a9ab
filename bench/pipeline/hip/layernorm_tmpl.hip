/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Layer norm templated over the storage type; statistics by a helper on a
// shared array, parameters in a struct by value.
#include "../gpu.h"
struct LnParams { const float *gamma, *beta; float eps; int cols; };
template <typename T> __device__ __attribute__((noinline)) void moments(const T *x, int n, float *s, float *mean, float *var) {
  float a = 0, b = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x) { float v = (float)x[i]; a += v; b += v * v; }
  s[threadIdx.x] = a; s[threadIdx.x + blockDim.x] = b;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k >>= 1) {
    if ((int)threadIdx.x < k) { s[threadIdx.x] += s[threadIdx.x + k]; s[threadIdx.x + blockDim.x] += s[threadIdx.x + blockDim.x + k]; }
    __syncthreads();
  }
  *mean = s[0] / n; *var = s[blockDim.x] / n - *mean * *mean;
}
template <typename T> __global__ void layernorm(const T *x, T *y, LnParams p) {
  __shared__ float s[512];
  float mean, var;
  const T *row = x + blockIdx.x * p.cols;
  moments(row, p.cols, s, &mean, &var);
  float inv = 1.0f / sqrtf(var + p.eps);
  for (int i = threadIdx.x; i < p.cols; i += blockDim.x)
    y[blockIdx.x * p.cols + i] = (T)(((float)row[i] - mean) * inv * p.gamma[i] + p.beta[i]);
}
template __global__ void layernorm<float>(const float *, float *, LnParams);
template __global__ void layernorm<int>(const int *, int *, LnParams);
