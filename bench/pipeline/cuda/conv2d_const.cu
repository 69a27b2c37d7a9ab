/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// 2D convolution: filter in constant memory, a shared halo tile, a helper
// that reads any of them.
#include "../gpu.h"
#define R 2
#define TW 16
__constant__ float filt[(2 * R + 1) * (2 * R + 1)];
__device__ __attribute__((noinline)) float mac(const float *w, const float *px, int ld) {
  float s = 0;
  for (int dy = 0; dy <= 2 * R; dy++)
    for (int dx = 0; dx <= 2 * R; dx++) s += w[dy * (2 * R + 1) + dx] * px[dy * ld + dx];
  return s;
}
__global__ void conv(const float *img, float *out, int w, int h) {
  __shared__ float t[(TW + 2 * R) * (TW + 2 * R)];
  int x0 = blockIdx.x * TW - R, y0 = blockIdx.y * TW - R;
  for (int i = threadIdx.y * TW + threadIdx.x; i < (TW + 2 * R) * (TW + 2 * R); i += TW * TW) {
    int x = x0 + i % (TW + 2 * R), y = y0 + i / (TW + 2 * R);
    x = x < 0 ? 0 : x >= w ? w - 1 : x; y = y < 0 ? 0 : y >= h ? h - 1 : y;
    t[i] = img[y * w + x];
  }
  __syncthreads();
  int x = blockIdx.x * TW + threadIdx.x, y = blockIdx.y * TW + threadIdx.y;
  if (x < w && y < h) out[y * w + x] = mac(filt, &t[threadIdx.y * (TW + 2 * R) + threadIdx.x], TW + 2 * R);
}
