/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Structure of arrays: a struct of pointers in global memory, helpers that
// update one particle through its field pointers, a shared cell count.
#include "../gpu.h"
struct Soa { float *x, *y, *vx, *vy; int n; };
__device__ __attribute__((noinline)) void step(float *px, float *pv, float a, float dt) { *pv += a * dt; *px += *pv * dt; }
__device__ __attribute__((noinline)) int cell_of(float x, float y) { int cx = (int)(x * 8), cy = (int)(y * 8); return (cy & 7) * 8 + (cx & 7); }
__global__ void move(const Soa *s, int *cells, float dt) {
  __shared__ int cnt[64];
  if (threadIdx.x < 64) cnt[threadIdx.x] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < s->n) {
    step(&s->x[i], &s->vx[i], -s->x[i], dt);
    step(&s->y[i], &s->vy[i], -9.8f, dt);
    atomicAdd(&cnt[cell_of(s->x[i], s->y[i])], 1);
  }
  __syncthreads();
  if (threadIdx.x < 64) atomicAdd(&cells[threadIdx.x], cnt[threadIdx.x]);
}
