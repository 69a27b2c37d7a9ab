/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// SYCL kernels with work-group local memory: a tile handed to a helper
// beside a global row, and an accumulator that is local or global by a
// captured flag (a select of two spaces handed to a helper).
#include "sycl-lite.h"
__attribute__((noinline)) float sum4(const float *p) { return p[0] + p[1] + p[2] + p[3]; }
__attribute__((noinline)) void bump(float *p, float v) { p[0] += v; }
class Tile;
class Accumulate;
void host(float *in, float *out, int big) {
  parallel_for<Tile>([=]() {
    static LOCAL float tile[64];
    size_t l = get_local_id(0), g = get_global_id(0);
    tile[l] = in[g];
    barrier(1);
    out[g] = sum4(&tile[l & ~3ul]) + sum4(in + (g & ~3ul));
  });
  parallel_for<Accumulate>([=]() {
    static LOCAL float acc[16];
    size_t l = get_local_id(0), g = get_global_id(0);
    if (l < 16) acc[l] = 0;
    barrier(1);
    float *dst = big ? out + (g & 15) : &acc[l & 15];
    bump(dst, in[g]);
    barrier(1);
    if (l < 16) out[16 + l] = acc[l];
  });
}
