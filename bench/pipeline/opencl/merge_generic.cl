/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Merge of two sorted runs through generic pointers, from local and global.
__attribute__((noinline)) void merge(const int *a, int na, const int *b, int nb, int *dst) {
  int i = 0, j = 0, k = 0;
  while (i < na && j < nb) dst[k++] = a[i] <= b[j] ? a[i++] : b[j++];
  while (i < na) dst[k++] = a[i++];
  while (j < nb) dst[k++] = b[j++];
}
kernel void merge_runs(global const int *in, global int *out, local int *buf, int run) {
  int l = get_local_id(0), base = get_group_id(0) * 2 * run;
  for (int i = l; i < 2 * run; i += get_local_size(0)) buf[i] = in[base + i];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0) merge(buf, run, buf + run, run, out + base);
  if (l == 1) merge(in + base, run / 2, in + base + run, run / 2, buf);
}
