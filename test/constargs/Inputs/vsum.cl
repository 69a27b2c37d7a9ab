/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// A helper over n values through a generic pointer, called with a private
// array and n = 8, and with the group's local array and n = 1 (the shape
// of bench/pipeline's volatile_private.cl).
__attribute__((noinline)) int vsum(volatile int *p, int n) { int s = 0; for (int i = 0; i < n; i++) s += p[i]; return s; }
kernel void vol(global int *out, global const int *in, local volatile int *red) {
  volatile int acc[8];
  int g = get_global_id(0), l = get_local_id(0);
  for (int i = 0; i < 8; i++) acc[i] = in[g * 8 + i];
  red[l] = vsum(acc, 8);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0) out[get_group_id(0)] = vsum(red, 1);
}
