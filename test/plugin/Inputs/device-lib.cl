// The same shape in OpenCL C: a helper with external linkage, called with
// local and global memory.
__attribute__((noinline)) float sum3(const float *p) { return p[0] + p[1] + p[2]; }
kernel void k(global float *out, global const float *in, local float *t) {
  int i = get_local_id(0);
  t[i] = in[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = sum3(t + i) + sum3(in);
}
