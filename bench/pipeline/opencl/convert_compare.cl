/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// The conversion-test shape: many small helpers comparing vectors through
// pointers, called from several kernels.  (Component compares: all() of a
// vector comparison makes llc-22's SPIR-V fail spirv-val, without gasp.)
__attribute__((noinline)) int cmp_f4(const float4 *a, const float4 *b) { float4 x = *a, y = *b; return x.x == y.x && x.y == y.y && x.z == y.z && x.w == y.w; }
__attribute__((noinline)) int cmp_i4(const int4 *a, const int4 *b) { int4 x = *a, y = *b; return x.x == y.x && x.y == y.y && x.z == y.z && x.w == y.w; }
__attribute__((noinline)) void conv_f2i(int4 *dst, const float4 *src) { *dst = convert_int4_sat_rte(*src); }
__attribute__((noinline)) void conv_i2f(float4 *dst, const int4 *src) { *dst = convert_float4(*src); }
kernel void test_f2i(global const float4 *in, global int4 *out, global const int4 *ref, global int *fail) {
  int i = get_global_id(0);
  int4 r; conv_f2i(&r, &in[i]);
  out[i] = r;
  if (!cmp_i4(&r, &ref[i])) atomic_inc(fail);
}
kernel void test_i2f(global const int4 *in, global float4 *out, global const float4 *ref, global int *fail) {
  int i = get_global_id(0);
  float4 r; conv_i2f(&r, &in[i]);
  conv_i2f(&out[i], &in[i]);
  if (!cmp_f4(&r, &ref[i])) atomic_inc(fail);
}
kernel void test_local(global const float4 *in, global int *fail, local float4 *t) {
  int l = get_local_id(0);
  t[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  int4 a; conv_f2i(&a, &t[l]);
  float4 b; conv_i2f(&b, &a);
  if (!cmp_f4(&b, &t[l])) atomic_inc(fail);
}
