/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// The demo kernel: a work-group smooths its slice of a buffer by ping-pong
// between two local buffers, reading neighbours through generic pointers
// (the helper avg2 is called with local and with global memory: gasp clones
// it once per space), then adds a private lookup table entry chosen per
// work-item.
float avg2(const float *p, int i, int n) {
  return 0.5f * (p[i] + p[(i + 1) % n]);
}

__kernel void pingpong_sum(__global const float *in, __global float *out,
                           int steps) {
  __local float a[64], b[64];
  int lid = get_local_id(0), n = get_local_size(0);
  float lut0[4] = {0.f, 1.f, 2.f, 3.f}, lut1[4] = {10.f, 11.f, 12.f, 13.f};
  float *luts[2] = {lut0, lut1};
  float *src = a, *dst = b;
  int base = get_group_id(0) * n;
  src[lid] = avg2(in + base, lid, n);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = 0; s < steps; s++) {
    dst[lid] = avg2(src, lid, n);
    barrier(CLK_LOCAL_MEM_FENCE);
    float *t = src; src = dst; dst = t;
  }
  float *lut = luts[get_group_id(0) & 1];
  out[get_global_id(0)] = src[lid] + lut[lid & 3];
}
