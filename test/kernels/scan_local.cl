// Inclusive prefix sum of one work-group in local memory (Hillis-Steele).
__kernel void scan_local(__global const int *in, __global int *out,
                         __local int *buf) {
  int lid = get_local_id(0), n = get_local_size(0);
  int *b = buf;
  b[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int off = 1; off < n; off *= 2) {
    int v = lid >= off ? b[lid - off] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    b[lid] += v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = b[lid];
}
