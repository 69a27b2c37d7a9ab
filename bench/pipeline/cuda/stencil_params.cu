/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// A parameter block by value: pointers and sizes in one struct argument.
#include "../gpu.h"
struct Grid { const float *in; float *out; int nx, ny, nz; float c0, c1; };
__device__ __attribute__((noinline)) float at(const Grid &g, int x, int y, int z) {
  x = x < 0 ? 0 : x >= g.nx ? g.nx - 1 : x; y = y < 0 ? 0 : y >= g.ny ? g.ny - 1 : y;
  z = z < 0 ? 0 : z >= g.nz ? g.nz - 1 : z;
  return g.in[(z * g.ny + y) * g.nx + x];
}
__global__ void stencil7(Grid g) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= g.nx || y >= g.ny) return;
  for (int z = 0; z < g.nz; z++) {
    float s = at(g, x - 1, y, z) + at(g, x + 1, y, z) + at(g, x, y - 1, z) + at(g, x, y + 1, z) +
              at(g, x, y, z - 1) + at(g, x, y, z + 1);
    g.out[(z * g.ny + y) * g.nx + x] = g.c0 * at(g, x, y, z) + g.c1 * s;
  }
}
