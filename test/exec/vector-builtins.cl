// The vector builtins, half loads and stores, and a few scalar ones gasp-run provides (2, 3 and 4 lanes; builtins.c,
// "vector builtins"): geometric functions, float math lane by lane, min/max
// of vectors and of a vector and a scalar, select and the relational tests;
// float3 travels as the host's 4-lane register, its fourth lane unread.
// Results are dumped and read back with od, on every target's IR.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %ocl-spir %s -o %t/spir.ll
// RUN: gasp-run %t/spir.ll --kernel vec --global 1 --check-as --arg buf:f32:36 --arg buf:i32:16 --arg buf:i32:8 --dump %t/spir | FileCheck %s --check-prefix=OUT
// RUN: od -An -t f4 -w16 -v %t/spir/arg0.bin | FileCheck %s --check-prefix=F
// RUN: od -An -t d4 -w16 -v %t/spir/arg1.bin | FileCheck %s --check-prefix=I
// RUN: od -An -t x2 -w16 -v %t/spir/arg2.bin | FileCheck %s --check-prefix=H
// RUN: %ocl-nvptx %s -o %t/nvptx.ll
// RUN: gasp-run %t/nvptx.ll --kernel vec --global 1 --check-as --arg buf:f32:36 --arg buf:i32:16 --arg buf:i32:8 --dump %t/nvptx | FileCheck %s --check-prefix=OUT
// RUN: od -An -t f4 -w16 -v %t/nvptx/arg0.bin | FileCheck %s --check-prefix=F
// RUN: od -An -t d4 -w16 -v %t/nvptx/arg1.bin | FileCheck %s --check-prefix=I
// RUN: od -An -t x2 -w16 -v %t/nvptx/arg2.bin | FileCheck %s --check-prefix=H
// RUN: %ocl-amdgcn %s -o %t/amdgcn.ll
// RUN: gasp-run %t/amdgcn.ll --kernel vec --global 1 --check-as --arg buf:f32:36 --arg buf:i32:16 --arg buf:i32:8 --dump %t/amdgcn | FileCheck %s --check-prefix=OUT
// RUN: od -An -t f4 -w16 -v %t/amdgcn/arg0.bin | FileCheck %s --check-prefix=F
// RUN: od -An -t d4 -w16 -v %t/amdgcn/arg1.bin | FileCheck %s --check-prefix=I
// RUN: od -An -t x2 -w16 -v %t/amdgcn/arg2.bin | FileCheck %s --check-prefix=H

// OUT: arg0: 36 x f32 fnv1a=
// OUT-NEXT: arg1: 16 x i32 fnv1a=
// OUT-NEXT: arg2: 8 x i32 fnv1a=

// dot3 dot4 dot2 length3
// F:      32 40 11 5
// cross3 (x y z) length4
// F-NEXT: -3 6 -3 5
// normalize3 (x y z) normalize of zero
// F-NEXT: 0.6 0 0.8 0
// fast_normalize4 (x y z w)
// F-NEXT: 0 0.6 0 0.8
// floor3 (x y z) distance2
// F-NEXT: 1 -2 3 5
// fma3 (x y z) fmin4 with a scalar (lane 3)
// F-NEXT: 7 11 15 2
// clamp4 with scalars (x y z w)
// F-NEXT: 0 0.5 1 1
// mix2 (x y) max4 of vectors (lane 0) fabs4 (lane 2)
// F-NEXT: 2.5 3.5 9 3
// and the scalar sign of -2 and of -0, acospi(0), atanpi(1)
// F-NEXT: -1 -0 0.5 0.25

// select of float4 by an int4 mask, as ints (bits of 1 2 30 40)
// I:      1065353216 1073741824 1106247680 1109393408
// isless of float4
// I-NEXT: -1 0 -1 0
// min of int4 and an int, max of uint4 and uint4
// I-NEXT: -5 2 3 7
// select of int4 by an int4 mask (spelled S_)
// I-NEXT: 10 2 30 4

// vstore_half_rte of 1.5, 65504, 65520 (to infinity), 2^-24 (the least
// subnormal), 3 * 2^-26 (rounds up to it), -0, 1 + 2^-11 (a tie: to even),
// 1 + 3 * 2^-11 (a tie: up); then the vload_half of each, doubled, again
// H:      3e00 7bff 7c00 0001 0001 8000 3c00 3c02
// H-NEXT: 4200 7c00 7c00 0002 0002 8000 4000 4002

__kernel void vec(__global float *f, __global int *o, __global int *hb) {
  __global half *h = (__global half *)hb;
  float hv[8] = {1.5f, 65504.0f, 65520.0f, 0x1p-24f, 0x3p-26f, -0.0f, 1.0f + 0x1p-11f,
                 1.0f + 0x3p-11f};
  for (int i = 0; i < 8; i++)
    vstore_half_rte(hv[i], i, h);
  for (int i = 0; i < 8; i++)
    vstore_half_rte(2.0f * vload_half(i, h), 8 + i, h);
  float3 a = (float3)(1.0f, 2.0f, 3.0f), b = (float3)(4.0f, 5.0f, 6.0f);
  float4 c = (float4)(1.0f, 2.0f, 3.0f, 1.0f), d = (float4)(0.0f, 3.0f, 0.0f, 4.0f);
  float2 e = (float2)(1.0f, 2.0f), g = (float2)(3.0f, 4.0f);
  f[0] = dot(a, b);
  f[1] = dot(c, (float4)(4.0f, 5.0f, 6.0f, 8.0f));
  f[2] = dot(e, g);
  f[3] = length((float3)(3.0f, 0.0f, 4.0f));
  float3 x = cross(a, b);
  f[4] = x.x; f[5] = x.y; f[6] = x.z;
  f[7] = length(d);
  float3 n = normalize((float3)(3.0f, 0.0f, 4.0f));
  f[8] = n.x; f[9] = n.y; f[10] = n.z;
  f[11] = normalize((float3)(0.0f)).x;
  float4 m = fast_normalize(d);
  f[12] = m.x; f[13] = m.y; f[14] = m.z; f[15] = m.w;
  float3 fl = floor((float3)(1.5f, -1.5f, 3.0f));
  f[16] = fl.x; f[17] = fl.y; f[18] = fl.z;
  f[19] = distance(e, (float2)(4.0f, 6.0f));
  float3 fm = fma(a, (float3)(3.0f), b);
  f[20] = fm.x; f[21] = fm.y; f[22] = fm.z;
  f[23] = fmin(c, 2.0f).z;
  float4 cl = clamp((float4)(-1.0f, 0.5f, 2.0f, 1.0f), 0.0f, 1.0f);
  f[24] = cl.x; f[25] = cl.y; f[26] = cl.z; f[27] = cl.w;
  float2 mx = mix(e, g, (float2)(0.75f));
  f[28] = mx.x; f[29] = mx.y;
  f[30] = max(c, (float4)(9.0f, 0.0f, 0.0f, 0.0f)).x;
  f[31] = fabs((float4)(-1.0f, -2.0f, -3.0f, -4.0f)).z;
  volatile float two = -2.0f, zero = -0.0f, one = 1.0f;
  f[32] = sign(two);
  f[33] = sign(zero);
  f[34] = acospi(zero);
  f[35] = atanpi(one);
  int4 mask = (int4)(0, -1, 0, -1);
  float4 s = select((float4)(1.0f, 5.0f, 30.0f, 7.0f), (float4)(9.0f, 2.0f, 9.0f, 40.0f), mask);
  int4 si = as_int4(s), lt = isless(c, (float4)(2.0f, 2.0f, 4.0f, 0.0f));
  o[0] = si.x; o[1] = si.y; o[2] = si.z; o[3] = si.w;
  o[4] = lt.x; o[5] = lt.y; o[6] = lt.z; o[7] = lt.w;
  int4 mn = min((int4)(-5, 2, 9, 7), 3);
  uint4 mu = max((uint4)(1u, 2u, 3u, 7u), (uint4)(0u, 1u, 3u, 2u));
  o[8] = mn.x; o[9] = mn.y; o[10] = (int)mu.z; o[11] = (int)mu.w;
  int4 sv = select((int4)(10, 20, 30, 40), (int4)(1, 2, 3, 4), (int4)(0, -1, 0, -1));
  o[12] = sv.x; o[13] = sv.y; o[14] = sv.z; o[15] = sv.w;
}
