/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Generic-pointer helpers called with global, local and private memory.
__attribute__((noinline)) float dot4(const float *a, const float *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]; }
__attribute__((noinline)) void scale4(float *a, float s) { for (int i = 0; i < 4; i++) a[i] *= s; }
kernel void vecops(global float *x, global const float *w, global float *out, local float *tile) {
  int l = get_local_id(0), g = get_global_id(0);
  float p[4] = {x[g], x[g] + 1, x[g] + 2, x[g] + 3};
  tile[l] = w[g];
  barrier(CLK_LOCAL_MEM_FENCE);
  scale4(p, 0.5f);
  float d = dot4(p, &tile[l & ~3]) + dot4(&x[g & ~3], w + (g & ~3));
  if (l == 0) scale4(&tile[0], 2.f);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[g] = d + tile[l];
}
