/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Tiled matmul with local tiles (kernel arguments: with the tiles declared
// in the kernel, clang-22 itself crashes for gfx1100 at -O2) and a
// tile-product helper.
#define TS 16
__attribute__((noinline)) float tile_dot(local const float *a, local const float *b, int ty, int tx) {
  float s = 0;
  for (int k = 0; k < TS; k++) s += a[ty * TS + k] * b[k * TS + tx];
  return s;
}
__attribute__((noinline)) void fill(float *t, const global float *m, int ld, int r, int c) { *t = m[r * ld + c]; }
kernel void mm(global const float *A, global const float *B, global float *C, int N, local float *a, local float *b) {
  int tx = get_local_id(0), ty = get_local_id(1), row = get_global_id(1), col = get_global_id(0);
  float acc = 0;
  for (int k0 = 0; k0 < N; k0 += TS) {
    fill(&a[ty * TS + tx], A, N, row, k0 + tx);
    fill(&b[ty * TS + tx], B, N, k0 + ty, col);
    barrier(CLK_LOCAL_MEM_FENCE);
    acc += tile_dot(a, b, ty, tx);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[row * N + col] = acc;
}
