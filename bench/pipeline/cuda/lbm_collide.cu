/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Lattice Boltzmann: a private array of distributions handed to helpers, a
// struct of nine population pointers by value.
#include "../gpu.h"
struct Lattice { float *f[9]; int nx, ny; float omega; };
__device__ __attribute__((noinline)) float density(const float *f) { float r = 0; for (int i = 0; i < 9; i++) r += f[i]; return r; }
__device__ __attribute__((noinline)) void collide(float *f, float rho, float om) {
  const float w[9] = {4.f / 9, 1.f / 9, 1.f / 9, 1.f / 9, 1.f / 9, 1.f / 36, 1.f / 36, 1.f / 36, 1.f / 36};
  for (int i = 0; i < 9; i++) f[i] += om * (w[i] * rho - f[i]);
}
__global__ void lbm(Lattice L) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x >= L.nx) return;
  int c = y * L.nx + x;
  float f[9];
  for (int i = 0; i < 9; i++) f[i] = L.f[i][c];
  collide(f, density(f), L.omega);
  for (int i = 0; i < 9; i++) L.f[i][c] = f[i];
}
