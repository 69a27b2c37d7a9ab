/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Particle transport: structs of pointers in global memory, energy-grid
// binary search, a private tally, printf on a dead particle.
#include "../gpu.h"
struct Material { const float *xs; const float *energy; int n; };
struct Particle { float x, y, z, e, w; int mat; };
__device__ __attribute__((noinline)) int bsearch_e(const float *grid, int n, float e) {
  int lo = 0, hi = n - 1;
  while (hi - lo > 1) { int mid = (lo + hi) / 2; if (grid[mid] > e) hi = mid; else lo = mid; }
  return lo;
}
__device__ __attribute__((noinline)) float lookup(const Material *m, float e) {
  int i = bsearch_e(m->energy, m->n, e);
  float f = (e - m->energy[i]) / (m->energy[i + 1] - m->energy[i]);
  return m->xs[i] * (1 - f) + m->xs[i + 1] * f;
}
__device__ __attribute__((noinline)) void advance(Particle *p, float d) { p->x += d; p->y += d * 0.5f; p->z -= d; p->w *= 0.9f; }
__global__ void transport(Particle *ps, const Material *mats, float *tally, int n, int steps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Particle p = ps[i];
  float hist[16];
  for (int s = 0; s < steps; s++) {
    float sig = lookup(&mats[p.mat], p.e);
    advance(&p, 1.f / (sig + 1e-3f));
    hist[s & 15] = sig;
    p.e *= 0.95f;
    if (p.w < 1e-4f) { printf("particle %d died at %d\n", i, s); break; }
  }
  float t = 0; for (int k = 0; k < 16; k++) t += hist[(k * 7) & 15];
  atomicAdd(&tally[p.mat], t);
  ps[i] = p;
}
