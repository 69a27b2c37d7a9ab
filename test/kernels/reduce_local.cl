// Work-group sum: a tree reduction in local memory with barriers.
static void tree(float *s, int lid, int n) {
  for (int off = n / 2; off > 0; off /= 2) {
    if (lid < off)
      s[lid] += s[lid + off];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
__kernel void reduce_local(__global const float *in, __global float *out,
                           __local float *scratch) {
  int lid = get_local_id(0), n = get_local_size(0);
  float *s = scratch;
  s[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  tree(scratch, lid, n);
  if (lid == 0)
    out[get_group_id(0)] = s[0];
}
