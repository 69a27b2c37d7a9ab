// The builtins gasp-run provides: work-item functions, integer and float
// math, OpenCL 1.x and 2.0 atomics, explicit casts and printf; results are
// dumped and read back with od.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %ocl-spir %s -o %t/spir.ll
// RUN: gasp-run %t/spir.ll --kernel builtins --global 4 --local 2 --check-as --arg buf:i32:48 --arg buf:i32:8 --arg buf:f32:16 --arg local:8 --dump %t/spir | FileCheck %s --check-prefix=OUT
// RUN: od -An -t d4 -w48 -v %t/spir/arg0.bin | FileCheck %s --check-prefix=ITEMS
// RUN: od -An -t d4 -v %t/spir/arg1.bin | FileCheck %s --check-prefix=ATOM
// RUN: od -An -t f4 -w16 -v %t/spir/arg2.bin | FileCheck %s --check-prefix=MATH
// RUN: %ocl-nvptx %s -o %t/nvptx.ll
// RUN: gasp-run %t/nvptx.ll --kernel builtins --global 4 --local 2 --check-as --arg buf:i32:48 --arg buf:i32:8 --arg buf:f32:16 --arg local:8 --dump %t/nvptx | FileCheck %s --check-prefix=OUT
// RUN: od -An -t d4 -w48 -v %t/nvptx/arg0.bin | FileCheck %s --check-prefix=ITEMS
// RUN: od -An -t d4 -v %t/nvptx/arg1.bin | FileCheck %s --check-prefix=ATOM
// RUN: od -An -t f4 -w16 -v %t/nvptx/arg2.bin | FileCheck %s --check-prefix=MATH

// OUT:      hello 42 1.50
// OUT-NEXT: arg0: 48 x i32 fnv1a=
// OUT-NEXT: arg1: 8 x i32 fnv1a=
// OUT-NEXT: arg2: 16 x f32 fnv1a=

// gsize lsize ngroups group dim linear min/max abs clamp to_local to_private to_global
// ITEMS:      4 2 2 0 1 0 50 3 1 0 1 1
// ITEMS-NEXT: 4 2 2 0 1 1 51 4 1 1 0 1
// ITEMS-NEXT: 4 2 2 1 1 2 50 3 1 0 1 1
// ITEMS-NEXT: 4 2 2 1 1 3 51 4 1 1 0 1

// add max cmpxchg inc cas fetch_max xchg(last) sub
// ATOM: 8 3 7 4
// ATOM-NEXT: 5 13 3 -4

// sqrt fmin pow fma
// MATH:      0 0 1 0.5
// MATH-NEXT: 1 1 2 2.5
// MATH-NEXT: 2 2 4 4.5
// MATH-NEXT: 3 2.5 8 6.5

__kernel void builtins(__global int *out, __global int *cnt, __global float *f,
                       __local int *l) {
  size_t g = get_global_id(0);
  int lid = get_local_id(0);
  __global int *s = out + 12 * g;
  s[0] = get_global_size(0);
  s[1] = get_local_size(0);
  s[2] = get_num_groups(0);
  s[3] = get_group_id(0);
  s[4] = get_work_dim();
  s[5] = get_global_linear_id();
  s[6] = min(lid, 1) + max(lid, 5) * 10;
  s[7] = abs(-3 - lid);
  s[8] = clamp(lid, 1, 2);
  int priv = 0;
  int *gen = (g & 1) ? (int *)&l[lid] : &priv;
  s[9] = to_local(gen) != 0;
  s[10] = to_private(gen) != 0;
  s[11] = to_global((int *)s) != 0;
  atomic_add(&cnt[0], 2);
  atomic_max(&cnt[1], (int)g);
  atomic_cmpxchg(&cnt[2], 0, 7);
  atomic_inc(&cnt[3]);
  int expected = 0;
  atomic_compare_exchange_strong_explicit((volatile atomic_int *)&cnt[4], &expected, 5,
                                         memory_order_relaxed, memory_order_relaxed,
                                         memory_scope_device);
  atomic_fetch_max_explicit((volatile atomic_int *)&cnt[5], (int)g + 10,
                            memory_order_relaxed, memory_scope_device);
  atomic_xchg(&cnt[6], (int)g);
  atomic_sub(&cnt[7], 1);
  float x = (float)g;
  f[4 * g + 0] = sqrt(x * x);
  f[4 * g + 1] = fmin(x, 2.5f);
  f[4 * g + 2] = pow(2.0f, x);
  f[4 * g + 3] = fma(x, 2.0f, 0.5f);
  if (g == 0)
    printf("hello %d %.2f\n", 42, 1.5f);
}
