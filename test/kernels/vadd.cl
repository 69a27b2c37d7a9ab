// Vector add through a helper that takes generic pointers.
static void add_one(const float *a, const float *b, float *c, int i) {
  c[i] = a[i] + b[i];
}
__kernel void vadd(__global const float *a, __global const float *b,
                   __global float *c) {
  int i = get_global_id(0);
  add_one(a, b, c, i);
}
