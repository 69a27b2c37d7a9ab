// gasp-run's OpenCL C integer built-ins (src/exec/intfns.c: rotate, clz,
// ctz, popcount, mul_hi, mad_hi, add_sat, sub_sat, hadd, rhadd, abs_diff,
// bitselect, abs, min, max, clamp, mul24, mad24, upsample) compute what
// libclc-22's own definitions for nvptx64 compute, for each of the eight
// scalar integer types, on random inputs and on 0, all ones and the least and
// greatest values: the kernel with the built-ins left external (run by
// gasp-run's functions) against the same kernel with libclc linked in.
// Each operation's result is folded into a per-type hash that no two
// operations can cancel in (r = r * 31 + op).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %ocl-nvptx %s -o %t/nvptx.ll
// RUN: llvm-link --only-needed %t/nvptx.ll /usr/lib/clc/nvptx64--nvidiacl.bc -o %t/clc.bc 2> /dev/null
// RUN: opt -O1 %t/clc.bc -o %t/clc.bc
// RUN: llvm-dis %t/clc.bc -o - | FileCheck %s --check-prefix=LINKED
// RUN: gasp-run %t/nvptx.ll --kernel ints --global 16 --check-as --arg buf:i64:160:rand=3 --arg buf:i64:128 --compare %t/clc.bc | FileCheck %s
// RUN: gasp-run %t/nvptx.ll --kernel narrow --global 16 --check-as --arg buf:i64:80:rand=4 --arg buf:i64:64 --compare %t/clc.bc | FileCheck %s
// The same built-ins on the other targets' modules give the same results.
// RUN: %ocl-spir %s -o %t/spir.ll
// RUN: gasp-run %t/spir.ll --kernel ints --global 16 --check-as --arg buf:i64:160:rand=3 --arg buf:i64:128 --compare %t/clc.bc | FileCheck %s
// RUN: gasp-run %t/spir.ll --kernel narrow --global 16 --check-as --arg buf:i64:80:rand=4 --arg buf:i64:64 --compare %t/clc.bc | FileCheck %s
// RUN: %ocl-amdgcn %s -o %t/amdgcn.ll
// RUN: gasp-run %t/amdgcn.ll --kernel ints --global 16 --check-as --arg buf:i64:160:rand=3 --arg buf:i64:128 --compare %t/clc.bc | FileCheck %s
// The built-ins are calls in the unlinked module, definitions in the linked one.
// RUN: FileCheck %s --check-prefix=CALLS < %t/nvptx.ll

// CHECK: identical
// LINKED-NOT: declare {{.*}}@_Z{{[0-9]+}}{{rotate|clz|mul_hi|add_sat|upsample}}
// CALLS-DAG: declare {{.*}}@_Z6rotatemm(
// CALLS-DAG: declare {{.*}}@_Z6mul_hicc(
// CALLS-DAG: declare {{.*}}@_Z8upsampleij(
// CALLS-DAG: declare {{.*}}@_Z5mad24iii(

#define OPS(T, U, i)                                                           \
  {                                                                            \
    T a = (T)x[i], b = (T)x[i + 1], c = (T)x[i + 2];                           \
    T top = (T)((ulong)1 << (8 * sizeof(T) - 1));                              \
    if (k == 1) b = 0;                                                         \
    if (k == 2) { a = 0; c = (T)~0ul; }                                        \
    if (k == 3) { a = top; b = (T)~top; c = 0; }                               \
    if (k == 4) { a = top; b = top; c = (T)~0ul; }                             \
    if (k == 5) { a = (T)~top; b = (T)~top; c = top; }                         \
    ulong r = 0;                                                               \
    r = r * 31 + (ulong)rotate(a, b); r = r * 31 + (ulong)clz(a);              \
    r = r * 31 + (ulong)ctz(b); r = r * 31 + (ulong)popcount(c);               \
    r = r * 31 + (ulong)mul_hi(a, b); r = r * 31 + (ulong)mad_hi(a, b, c);     \
    r = r * 31 + (ulong)add_sat(a, b); r = r * 31 + (ulong)sub_sat(a, c);      \
    r = r * 31 + (ulong)hadd(a, b); r = r * 31 + (ulong)rhadd(b, c);           \
    r = r * 31 + (ulong)abs_diff(a, c); r = r * 31 + (ulong)bitselect(a, b, c);\
    r = r * 31 + (ulong)abs(a); r = r * 31 + (ulong)min(a, b);                 \
    r = r * 31 + (ulong)max(b, c);                                             \
    r = r * 31 + (ulong)clamp(a, min(b, c), max(b, c));                        \
    out[i] = r;                                                                \
  }
__kernel void ints(__global const ulong *x, __global ulong *out) {
  size_t g = get_global_id(0) * 8, k = get_global_id(0) % 8;
  OPS(char, uchar, g + 0)
  OPS(uchar, uchar, g + 1)
  OPS(short, ushort, g + 2)
  OPS(ushort, ushort, g + 3)
  OPS(int, uint, g + 4)
  OPS(uint, uint, g + 5)
  OPS(long, ulong, g + 6)
  OPS(ulong, ulong, g + 7)
}
__kernel void narrow(__global const ulong *x, __global ulong *out) {
  size_t g = get_global_id(0) * 4;
  int a = (int)(x[g] & 0x7fffff) - 0x400000, b = (int)(x[g + 1] & 0x7fffff) - 0x400000;
  uint ua = (uint)x[g] & 0xffffff, ub = (uint)x[g + 1] & 0xffffff;
  out[g] = (ulong)(uint)mul24(a, b) ^ ((ulong)(uint)mad24(a, b, (int)x[g + 2]) << 32);
  out[g + 1] = (ulong)mul24(ua, ub) ^ ((ulong)mad24(ua, ub, (uint)x[g + 3]) << 32);
  out[g + 2] = (ulong)upsample((char)x[g], (uchar)x[g + 1]) ^ ((ulong)upsample((uchar)x[g + 2], (uchar)x[g]) << 16) ^
               ((ulong)(uint)upsample((short)x[g + 1], (ushort)x[g + 3]) << 24);
  out[g + 3] = (ulong)upsample((int)x[g + 2], (uint)x[g + 3]) ^ upsample((uint)x[g], (uint)x[g + 1]);
}
