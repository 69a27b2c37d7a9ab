/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Radix-2 FFT butterflies on float2 in local memory, twiddles by a helper
// writing through pointers, a private scratch pair.
__attribute__((noinline)) void twiddle(float2 *w, int k, int n) { float a = -6.2831853f * k / n; *w = (float2)(cos(a), sin(a)); }
__attribute__((noinline)) void butterfly(float2 *a, float2 *b, float2 w) {
  float2 t = (float2)(b->x * w.x - b->y * w.y, b->x * w.y + b->y * w.x);
  *b = *a - t; *a = *a + t;
}
kernel void fft(global float2 *data, local float2 *s) {
  int l = get_local_id(0), n = 2 * get_local_size(0), off = get_group_id(0) * n;
  s[l] = data[off + l]; s[l + n / 2] = data[off + l + n / 2];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int hf = 1; hf < n; hf <<= 1) {
    int j = l % hf, i0 = (l / hf) * 2 * hf + j;
    float2 w; twiddle(&w, j, 2 * hf);
    float2 p[2] = {s[i0], s[i0 + hf]};
    butterfly(&p[0], &p[1], w);
    barrier(CLK_LOCAL_MEM_FENCE);
    butterfly(&s[i0], &s[i0 + hf], (float2)(1, 0));
    s[i0] = p[0]; s[i0 + hf] = p[1];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  data[off + l] = s[l]; data[off + l + n / 2] = s[l + n / 2];
}
