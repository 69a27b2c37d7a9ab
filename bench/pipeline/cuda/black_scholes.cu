/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Black-Scholes: results returned through pointers to private variables.
#include "../gpu.h"
__device__ __attribute__((noinline)) float cnd(float d) {
  float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
  float c = 0.3989423f * expf(-0.5f * d * d) * k * (0.3193815f + k * (-0.3565638f + k * (1.781478f + k * (-1.821256f + k * 1.330274f))));
  return d > 0 ? 1.f - c : c;
}
__device__ __attribute__((noinline)) void price(float *call, float *put, float s, float x, float t, float r, float v) {
  float sq = sqrtf(t), d1 = (logf(s / x) + (r + 0.5f * v * v) * t) / (v * sq), d2 = d1 - v * sq;
  float e = expf(-r * t);
  *call = s * cnd(d1) - x * e * cnd(d2);
  *put = x * e * (1.f - cnd(d2)) - s * (1.f - cnd(d1));
}
__global__ void bs(float *calls, float *puts, const float *S, const float *X, const float *T, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float c, p;
  price(&c, &p, S[i], X[i], T[i], 0.02f, 0.3f);
  calls[i] = c;
  price(&calls[i], &puts[i], S[i] * 1.01f, X[i], T[i], 0.02f, 0.3f);
  puts[i] += p;
}
