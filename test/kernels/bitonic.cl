// Real-code shape (OpenCL C): a bitonic sort of each work-group's values in
// local memory; the compare-exchange is a helper on generic pointers.
static void cmp_swap(int *a, int *b, bool up) {
  int x = *a, y = *b;
  if ((x > y) == up) {
    *a = y;
    *b = x;
  }
}

__kernel void bitonic(__global int *data, __local int *buf) {
  int lid = get_local_id(0), gid = get_global_id(0), n = get_local_size(0);
  buf[lid] = data[gid];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int k = 2; k <= n; k <<= 1)
    for (int j = k >> 1; j > 0; j >>= 1) {
      int ixj = lid ^ j;
      if (ixj > lid)
        cmp_swap(&buf[lid], &buf[ixj], (lid & k) == 0);
      barrier(CLK_LOCAL_MEM_FENCE);
    }
  data[gid] = buf[lid];
}
