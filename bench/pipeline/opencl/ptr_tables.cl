/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Pointer tables in private and local memory selecting among buffers.
__attribute__((noinline)) float pick(float **tab, int k, int i) { return tab[k & 1][i]; }
kernel void tables(global float *a, global float *b, global float *out, local float *lbuf) {
  int g = get_global_id(0), l = get_local_id(0);
  lbuf[l] = a[g] * 2;
  barrier(CLK_LOCAL_MEM_FENCE);
  float *ptab[2] = {a, b};
  local float *ltab[2];
  if (l == 0) { ltab[0] = lbuf; ltab[1] = lbuf + 1; }
  float s = pick(ptab, g, g) + ptab[1][g];
  float *lt[2] = {lbuf, lbuf};
  s += pick(lt, g, l);
  out[g] = s;
}
