/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// gpu.h — what bench/pipeline's CUDA and HIP programs need beyond the CUDA
// toolkit's own headers: with the toolkit (clang --cuda-path=...) nothing;
// without it (-DGASP_OWN_HEADER, and always for HIP: no ROCm here) the
// project's small header test/kernels/cuda.h plus a few more names.
#pragma once
#ifdef GASP_OWN_HEADER
#include "../../test/kernels/cuda.h"
__device__ static __forceinline__ float atomicAdd(float *p, float v) {
  return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}
__device__ static __forceinline__ int atomicMax(int *p, int v) {
  return __atomic_fetch_max(p, v, __ATOMIC_RELAXED);
}
__device__ static __forceinline__ int atomicCAS(int *p, int cmp, int v) {
  __atomic_compare_exchange_n(p, &cmp, v, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  return cmp;
}
struct float2 { float x, y; };
struct float3 { float x, y, z; };
__device__ static inline float2 make_float2(float x, float y) { float2 r = {x, y}; return r; }
__device__ static inline float3 make_float3(float x, float y, float z) { float3 r = {x, y, z}; return r; }
extern "C" __device__ int printf(const char *, ...);
typedef __SIZE_TYPE__ size_t;
// math without libdevice: the hardware square root, rough exp and log
#define sqrtf __builtin_sqrtf
#define fabsf __builtin_fabsf
#define fmaxf __builtin_fmaxf
__device__ static inline float expf(float x) {
  float r = 1.f + x / 256.f;
  for (int i = 0; i < 8; i++) r *= r;
  return r;
}
__device__ static inline float logf(float x) {
  return (__builtin_bit_cast(int, x) - 1064866805) * 8.262958405176314e-8f;
}
#endif
