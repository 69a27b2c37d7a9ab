// A helper above LLVM's inline threshold, called once with a select of a
// local and a global pointer.  clang's build calls @big; callsplit divides
// the call in the early run, and each of its two clones should be called
// too, not inlined because a clone of one caller is internal
// (test/plugin/linkage.test).
#define S(a) s = s * p[(a * 7 + n) & 63] + p[(a * 13 * n + 1) & 63] / (1.0f + s);
#define S10(a) S(a##0) S(a##1) S(a##2) S(a##3) S(a##4) S(a##5) S(a##6) S(a##7) S(a##8) S(a##9)

float big(float *p, int n) {
  float s = 0.0f;
  S10(1) S10(2) S10(3) S10(4) S10(5) S10(6) S10(7) S10(8) S10(9)
  return s;
}

kernel void k(global float *out, global float *in, int n) {
  local float xs[64];
  int t = get_local_id(0);
  xs[t] = in[t];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[t] = big(n > 4 ? (float *)xs : (float *)in, t);
}
