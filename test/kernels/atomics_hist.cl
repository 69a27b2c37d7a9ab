// Histogram: OpenCL 1.x atomics on local bins, then 2.0 atomics through
// generic pointers in a helper.
static void bump(volatile atomic_int *bin, int v) {
  atomic_fetch_add_explicit(bin, v, memory_order_relaxed, memory_scope_device);
}
__kernel void atomics_hist(__global const uchar *data, __global int *hist,
                           __local int *bins) {
  int lid = get_local_id(0);
  if (lid < 16)
    bins[lid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_inc(&bins[data[get_global_id(0)] & 15]);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < 16)
    bump((volatile atomic_int *)&hist[lid], bins[lid]);
}
