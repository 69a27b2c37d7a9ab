// gasp-run's OpenCL C conversions (src/exec/convert.c: convert_<type>[n]
// [_sat][_rte|_rtz|_rtp|_rtn], made instructions before linking, directed
// roundings to float a call under fesetround's mode) compute what libclc-22's
// own definitions for nvptx64 compute: every integer type to every integer
// type, plain and saturated; integers to float and double in every rounding;
// float and double to integers in every rounding, plain and saturated, on
// halves, large values and the types' limits; vectors of 2 and 4 lanes.  The
// kernel with the conversions left external against the same kernel with
// libclc linked in; every result is folded into a per-item hash.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %ocl-nvptx %s -o %t/nvptx.ll
// RUN: llvm-link --only-needed %t/nvptx.ll /usr/lib/clc/nvptx64--nvidiacl.bc -o %t/clc.bc 2> /dev/null
// RUN: opt -O1 %t/clc.bc -o %t/clc.bc
// RUN: gasp-run %t/nvptx.ll --kernel ints --global 64 --check-as --arg buf:i64:64:rand=5 --arg buf:i64:64 --compare %t/clc.bc | FileCheck %s
// RUN: gasp-run %t/nvptx.ll --kernel floats --global 64 --check-as --arg buf:i64:64:rand=6 --arg buf:i64:64 --compare %t/clc.bc | FileCheck %s
// RUN: gasp-run %t/nvptx.ll --kernel vectors --global 16 --check-as --arg buf:i32:64:rand=7 --arg buf:i32:256 --compare %t/clc.bc | FileCheck %s
// The same on the other targets' modules.
// RUN: %ocl-spir %s -o %t/spir.ll
// RUN: gasp-run %t/spir.ll --kernel floats --global 64 --check-as --arg buf:i64:64:rand=6 --arg buf:i64:64 --compare %t/clc.bc | FileCheck %s
// RUN: %ocl-amdgcn %s -o %t/amdgcn.ll
// RUN: gasp-run %t/amdgcn.ll --kernel ints --global 64 --check-as --arg buf:i64:64:rand=5 --arg buf:i64:64 --compare %t/clc.bc | FileCheck %s
// RUN: gasp-run %t/amdgcn.ll --kernel vectors --global 16 --check-as --arg buf:i32:64:rand=7 --arg buf:i32:256 --compare %t/clc.bc | FileCheck %s
// A NaN converted with _sat is 0; to float or double it stays NaN.
// RUN: gasp-run %t/nvptx.ll --kernel nan --global 1 --arg buf:i64:2 --arg buf:i64:8 --dump %t/nan > /dev/null
// RUN: od -An -t x8 -w64 -v %t/nan/arg1.bin | FileCheck %s --check-prefix=NAN
// The conversions are calls in the unlinked module.
// RUN: FileCheck %s --check-prefix=CALLS < %t/nvptx.ll

// CHECK: identical
// NAN: 0000000000000000 0000000000000000 0000000000000000 0000000000000000 7ff8000000000000 000000007fc00000 0000000000000000 0000000000000000
// CALLS-DAG: declare {{.*}}@_Z17convert_float_rtzm(
// CALLS-DAG: declare {{.*}}@_Z20convert_int4_sat_rteDv4_f(
// CALLS-DAG: declare {{.*}}@_Z17convert_ulong_satd(

#pragma OPENCL EXTENSION cl_khr_fp64 : enable
// per work-item k: raw random bits, and edge values for k < 8
#define H(v) r = r * 1000003ul + (ulong)(v)
#define HF(v) r = r * 1000003ul + (ulong)as_uint(v)
#define HD(v) r = r * 1000003ul + as_ulong(v)
#define INTS(S, x)                                                             \
  H(convert_char(x)); H(convert_uchar(x)); H(convert_short(x)); H(convert_ushort(x)); \
  H(convert_int(x)); H(convert_uint(x)); H(convert_long(x)); H(convert_ulong(x));     \
  H(convert_char_sat(x)); H(convert_uchar_sat(x)); H(convert_short_sat(x));           \
  H(convert_ushort_sat(x)); H(convert_int_sat(x)); H(convert_uint_sat(x));            \
  H(convert_long_sat(x)); H(convert_ulong_sat(x));
#define FLTS(x)                                                                \
  HF(convert_float(x)); HF(convert_float_rte(x)); HF(convert_float_rtz(x));   \
  HF(convert_float_rtp(x)); HF(convert_float_rtn(x)); HD(convert_double(x));   \
  HD(convert_double_rtz(x)); HD(convert_double_rtp(x)); HD(convert_double_rtn(x));
#define ROUNDED(x)                                                             \
  H(convert_int_rte(x)); H(convert_int_rtp(x)); H(convert_int_rtn(x)); H(convert_int_rtz(x)); \
  H(convert_int_sat_rte(x)); H(convert_uint_sat_rtp(x)); H(convert_long_sat_rtn(x));  \
  H(convert_ulong_sat_rtz(x)); H(convert_char_sat_rte(x)); H(convert_uchar_sat_rtn(x));
__kernel void ints(__global const ulong *in, __global ulong *out) {
  size_t g = get_global_id(0);
  ulong raw = in[g], r = 0;
  ulong edge[8] = {0, ~0ul, 0x7ffffffffffffffful, 0x8000000000000000ul, 0xfffffffful, 0x7fffffff, 0x80000000ul, 0x1000001ul};
  if (g < 8) raw = edge[g];
  if (g >= 8 && g < 16) raw >>= (g - 8) * 8;
  char c = (char)raw; uchar uc = (uchar)raw; short s = (short)raw; ushort us = (ushort)raw;
  int i = (int)raw; uint ui = (uint)raw; long l = (long)raw; ulong ul = raw;
  INTS(c, c) INTS(uc, uc) INTS(s, s) INTS(us, us) INTS(i, i) INTS(ui, ui) INTS(l, l) INTS(ul, ul)
  FLTS(c) FLTS(uc) FLTS(s) FLTS(us) FLTS(i) FLTS(ui) FLTS(l) FLTS(ul)
  out[g] = r;
}
__kernel void floats(__global const ulong *in, __global ulong *out) {
  size_t g = get_global_id(0);
  ulong raw = in[g], r = 0;
  double d = as_double(raw);
  float edge[12] = {0.5f, 1.5f, 2.5f, -0.5f, -2.5f, 1e10f, -1e10f, 3e38f, 300.7f, -129.5f, 2147483520.0f, 4294967040.0f};
  if (g < 12) d = edge[g];
  else if (g < 32) d = (double)(long)raw / (double)(1ul << (g - 12));
  float f = (float)d;
  INTS(f, f) ROUNDED(f) FLTS(f)
  INTS(d, d) ROUNDED(d) FLTS(d)
  out[g] = r;
}
__kernel void vectors(__global const uint4 *in, __global uint4 *out) {
  size_t g = get_global_id(0);
  uint4 u = in[g];
  float4 f = convert_float4(as_int4(u)) * 0.001f;
  out[g * 4] = as_uint4(convert_int4_sat_rte(f * 1e6f));
  out[g * 4 + 1] = convert_uint4_sat(f) ^ as_uint4(convert_float4_rtz(u));
  out[g * 4 + 2] = as_uint4(convert_float4_rtn(as_int4(u))) ^ convert_uint4(convert_uchar4_sat(as_int4(u)));
  out[g * 4 + 3] = (uint4)(as_uint2(convert_float2_rtp(convert_long2(u.xy) * 1000003l)), convert_uint2(convert_short2_sat(u.zw)));
}
/* NaN: the saturating conversions give 0 (OpenCL C 3.0, 6.4.3.3; libclc-22
   leaves the host's fptosi answer, so these are checked on their own) */
__kernel void nan(__global const ulong *in, __global ulong *out) {
  float f = as_float(0x7fc00000u + (uint)in[0]);
  double d = as_double(0x7ff8000000000123ul + in[1]);
  out[0] = convert_int_sat(f); out[1] = convert_uchar_sat(f); out[2] = convert_ulong_sat_rte(f);
  out[3] = convert_long_sat(d); out[4] = as_ulong(convert_double(f)); out[5] = as_uint(convert_float_rtz(d));
  out[6] = convert_short_sat_rtp(d); out[7] = convert_ulong_sat_rtz(d);
}
