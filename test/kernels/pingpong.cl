// Ping-pong between two local buffers through a loop phi.
__kernel void pingpong(__global const float *in, __global float *out, int steps) {
  __local float a[64], b[64];
  int lid = get_local_id(0), n = get_local_size(0);
  float *src = a, *dst = b;
  src[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = 0; s < steps; s++) {
    dst[lid] = 0.5f * (src[lid] + src[(lid + 1) % n]);
    barrier(CLK_LOCAL_MEM_FENCE);
    float *t = src; src = dst; dst = t;
  }
  out[get_global_id(0)] = src[lid];
}
