/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Volatile private variables and a volatile local reduction (the random
// programs' shape), with a helper on generic volatile pointers.
__attribute__((noinline)) int vsum(volatile int *p, int n) { int s = 0; for (int i = 0; i < n; i++) s += p[i]; return s; }
kernel void vol(global int *out, global const int *in, local volatile int *red) {
  volatile int acc[8];
  volatile int count = 0;
  int g = get_global_id(0), l = get_local_id(0);
  for (int i = 0; i < 8; i++) { acc[i] = in[g * 8 + i]; count++; }
  red[l] = vsum(acc, 8) + count;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = get_local_size(0) / 2; s > 0; s >>= 1) { if (l < s) red[l] += red[l + s]; barrier(CLK_LOCAL_MEM_FENCE); }
  if (l == 0) out[get_group_id(0)] = vsum(red, 1);
}
