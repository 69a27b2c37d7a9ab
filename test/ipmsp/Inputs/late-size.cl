// A helper whose callee the inliner puts into it before the late run:
// `price` is small as written and large after inlining (`poly` twice).
static float poly(float x) {
  float k = 1.0f / (1.0f + 0.2316419f * fabs(x));
  return 0.3989423f * k * (0.3193815f + k * (-0.3565638f + k * (1.781478f +
         k * (-1.821256f + k * 1.330274f)))) + x * (x * (x * 0.5f + 0.25f) + 0.125f);
}
__attribute__((noinline)) void price(float *call, float *put, float s) {
  *call = poly(s);
  *put = poly(s + 1.0f) - poly(s - 1.0f);
}
kernel void k(global float *calls, global float *puts, global const float *in) {
  int i = get_global_id(0);
  float c, p;
  price(&c, &p, in[i]);
  calls[i] = c;
  price(&calls[i], &puts[i], in[i] * 1.01f);
  puts[i] += p;
}
