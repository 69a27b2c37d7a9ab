// Helpers that return pointers into their argument.
static float *pick(float *base, int i) { return base + (i & 7); }
static const float *clampp(const float *p, const float *lo) { return p < lo ? lo : p; }
__kernel void ptr_return(__global float *buf, __global float *out) {
  int i = get_global_id(0);
  float *p = pick(buf, i);
  const float *q = clampp(p, buf);
  out[i] = *q + *pick(buf, i + 1);
}
