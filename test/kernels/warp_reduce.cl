// Real-code shape: a block reduction whose last 32 steps run on volatile
// local memory in a helper, the warp-synchronous idiom of CUDA's reduction
// samples (here with a barrier between steps: groups run as fibers in
// gasp-run, and a barrier is what OpenCL guarantees anyway).  The partial
// sums come from a helper reading through a generic pointer to global.
static float load_pair(const float *src, int i, int n, int limit) {
  float a = src[i];
  return i + n < limit ? a + src[i + n] : a;
}

static void warp_step(volatile float *s, int lid, int off) {
  if (lid < off)
    s[lid] += s[lid + off];
  barrier(CLK_LOCAL_MEM_FENCE);
}

static void warp_tail(volatile float *s, int lid) {
  for (int off = 32; off > 0; off >>= 1)
    warp_step(s, lid, off);
}

__kernel void warp_reduce(__global const float *src, __global float *out,
                          __local float *s) {
  int lid = get_local_id(0), grp = get_group_id(0), size = get_local_size(0);
  int i = grp * size * 2 + lid;
  s[lid] = load_pair(src, i, size, 2 * size * get_num_groups(0));
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int off = size / 2; off > 32; off >>= 1) {
    if (lid < off)
      s[lid] += s[lid + off];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  warp_tail(s, lid);
  if (lid == 0)
    out[grp] = s[0];
}
