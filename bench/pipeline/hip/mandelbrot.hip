/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Complex numbers by value, an escape-time helper, a private palette.
#include "../gpu.h"
struct Cplx { float re, im; };
__device__ __attribute__((noinline)) Cplx mul_add(Cplx z, Cplx c) { Cplx r = {z.re * z.re - z.im * z.im + c.re, 2 * z.re * z.im + c.im}; return r; }
__device__ __attribute__((noinline)) int escape(Cplx c, int maxit) {
  Cplx z = {0, 0};
  int i = 0;
  while (i < maxit && z.re * z.re + z.im * z.im < 4.f) { z = mul_add(z, c); i++; }
  return i;
}
__global__ void mandel(unsigned *img, int w, int h, float x0, float y0, float dx, int maxit) {
  unsigned pal[8] = {0x000000, 0x1f1f7f, 0x3f3fbf, 0x7f7fff, 0xbfbfff, 0xffbf7f, 0xff7f3f, 0xffffff};
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x >= w || y >= h) return;
  Cplx c = {x0 + x * dx, y0 + y * dx};
  img[y * w + x] = pal[escape(c, maxit) & 7];
}
