/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// A global work queue drained with atomics; items processed by a helper
// into an LDS accumulator, then flushed.
#include "../gpu.h"
struct Task { int first, count; float scale; };
__device__ __attribute__((noinline)) float run_task(const Task *t, const float *data) {
  float s = 0;
  for (int i = 0; i < t->count; i++) s += data[t->first + i];
  return s * t->scale;
}
__global__ void drain(const Task *tasks, int ntasks, int *head, const float *data, float *out) {
  __shared__ float acc[256];
  acc[threadIdx.x] = 0;
  for (;;) {
    int k = atomicAdd(head, 1);
    if (k >= ntasks) break;
    acc[threadIdx.x] += run_task(&tasks[k], data);
  }
  __syncthreads();
  if (threadIdx.x == 0) { float s = 0; for (int i = 0; i < (int)blockDim.x; i++) s += acc[i]; out[blockIdx.x] = s; }
}
