/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Molecular dynamics with neighbour lists: float4 positions, a force helper
// returning a struct, per-thread forces accumulated in private memory.
#include "../gpu.h"
struct F3 { float x, y, z; };
__device__ __attribute__((noinline)) F3 lj(float4 a, float4 b) {
  float dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z, r2 = dx * dx + dy * dy + dz * dz + 1e-6f;
  float i6 = 1.f / (r2 * r2 * r2), f = (48.f * i6 * i6 - 24.f * i6) / r2;
  F3 r = {f * dx, f * dy, f * dz};
  return r;
}
__global__ void forces(const float4 *pos, const int *nbr, const int *nn, int maxn, float4 *force, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float4 me = pos[i];
  F3 acc = {0, 0, 0};
  for (int k = 0; k < nn[i]; k++) { F3 f = lj(me, pos[nbr[k * n + i]]); acc.x += f.x; acc.y += f.y; acc.z += f.z; }
  force[i] = make_float4(acc.x, acc.y, acc.z, 0.f);
}
