/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// 2D Jacobi sweep, a parameter block by value and a halo tile in LDS.
#include "../gpu.h"
struct Jac { const float *u; float *unew; const float *f; int n; float h2; };
__device__ __attribute__((noinline)) float relax(const float *t, int ld, float rhs, float h2) {
  return 0.25f * (t[-1] + t[1] + t[-ld] + t[ld] + h2 * rhs);
}
__global__ void jacobi(Jac J) {
  __shared__ float t[18 * 18];
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  for (int k = threadIdx.y * 16 + threadIdx.x; k < 18 * 18; k += 256) {
    int gx = blockIdx.x * 16 - 1 + k % 18, gy = blockIdx.y * 16 - 1 + k / 18;
    t[k] = (gx >= 0 && gy >= 0 && gx < J.n && gy < J.n) ? J.u[gy * J.n + gx] : 0.f;
  }
  __syncthreads();
  if (x < J.n && y < J.n) J.unew[y * J.n + x] = relax(&t[(threadIdx.y + 1) * 18 + threadIdx.x + 1], 18, J.f[y * J.n + x], J.h2);
}
