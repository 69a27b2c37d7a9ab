/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// 2D blur: a local tile with halo and a private window array.
__attribute__((noinline)) float median5(float *w) {
  for (int i = 0; i < 5; i++) for (int j = i + 1; j < 5; j++) if (w[j] < w[i]) { float t = w[i]; w[i] = w[j]; w[j] = t; }
  return w[2];
}
kernel void blur(global const float *img, global float *out, int w, int h, local float *t) {
  int lx = get_local_id(0), ly = get_local_id(1), x = get_global_id(0), y = get_global_id(1);
  int lw = get_local_size(0) + 2;
  t[(ly + 1) * lw + lx + 1] = img[min(y, h - 1) * w + min(x, w - 1)];
  if (lx == 0) t[(ly + 1) * lw] = img[min(y, h - 1) * w + max(x - 1, 0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  local float *c = &t[(ly + 1) * lw + lx + 1];
  float win[5] = {c[0], c[-1], c[1], c[-lw], c[lw]};
  if (x < w && y < h) out[y * w + x] = median5(win);
}
