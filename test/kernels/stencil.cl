// 1-D three-point stencil with pointer arithmetic in a loop.
__kernel void stencil(__global const float *in, __global float *out, int n) {
  int i = get_global_id(0);
  const float *p = in + i;
  float acc = 0.0f;
  for (int k = -1; k <= 1; k++) {
    int j = i + k;
    if (j >= 0 && j < n)
      acc += p[k] * (k == 0 ? 0.5f : 0.25f);
  }
  out[i] = acc;
}
