/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* intfns.c — OpenCL C's integer built-ins (OpenCL C 3.0, 6.15.4) on the
 * host, for the scalar types: rotate, clz, ctz, popcount, mul_hi, mad_hi,
 * mul24, mad24, add_sat, sub_sat, hadd, rhadd, abs_diff, bitselect,
 * upsample, abs, min, max and clamp (builtins.c's math table has min, max
 * and clamp of float and double).  Hash and cipher kernels (John
 * the Ripper's: rotate in 53 of its 83 files) call them, and a module whose
 * kernel reaches an unknown function does not run.
 *
 * One generic function per operation computes on 64-bit words with the
 * type's width w and signedness s; a wrapper per type is what the JIT'd code
 * calls.  Types narrower than 32 bits travel as 32-bit words (the SysV ABI
 * leaves a narrow argument's upper bits undefined unless the caller
 * extends it) and each generic function masks or sign-extends what it
 * reads.  The results are those of the specification's exact arithmetic,
 * and libclc's for nvptx64 agree (test/exec/int-builtins.cl runs the
 * same kernel with libclc linked and compares).
 */
#include "exec/exec.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t u64;

static u64 mask_of(int w) { return w == 64 ? ~(u64)0 : ((u64)1 << w) - 1; }

/* x's low w bits as the type's value, in 64 bits (two's complement) */
static u64 canon(u64 x, int w, bool s) {
  x &= mask_of(w);
  if (s && w < 64 && (x >> (w - 1) & 1))
    x |= ~mask_of(w);
  return x;
}

static int64_t as_signed(u64 x) { return x > (u64)INT64_MAX ? -(int64_t)(~x) - 1 : (int64_t)x; }

static bool less(u64 a, u64 b, int w, bool s) {
  a = canon(a, w, s);
  b = canon(b, w, s);
  return s ? as_signed(a) < as_signed(b) : a < b;
}

/* the type's least and greatest values, canonical */
static u64 least(int w, bool s) { return s ? canon((u64)1 << (w - 1), w, s) : 0; }
static u64 greatest(int w, bool s) { return s ? mask_of(w) >> 1 : mask_of(w); }

static u64 g_rotate(u64 a, u64 b, int w, bool s) {
  a &= mask_of(w);
  unsigned n = (unsigned)(b & (u64)(w - 1));
  return n ? (a << n | a >> (w - n)) & mask_of(w) : a;
}

static u64 g_clz(u64 a, int w, bool s) {
  a &= mask_of(w);
  return a ? (u64)(__builtin_clzll(a) - (64 - w)) : (u64)w;
}

static u64 g_ctz(u64 a, int w, bool s) {
  a &= mask_of(w);
  return a ? (u64)__builtin_ctzll(a) : (u64)w;
}

static u64 g_popcount(u64 a, int w, bool s) {
  return (u64)__builtin_popcountll(a & mask_of(w));
}

/* the high 64 bits of the unsigned 128-bit product a * b */
static u64 umulhi64(u64 a, u64 b) {
  u64 al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
  u64 ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
  u64 mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
  return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

static u64 g_mul_hi(u64 a, u64 b, int w, bool s) {
  a = canon(a, w, s);
  b = canon(b, w, s);
  if (w < 64) /* the whole product fits in 64 bits */
    return canon(s ? (u64)(as_signed(a) * as_signed(b)) >> w : (a * b) >> w, w, s);
  u64 hi = umulhi64(a, b);
  if (s) /* two's complement: subtract b where a < 0, a where b < 0 */
    hi -= (as_signed(a) < 0 ? b : 0) + (as_signed(b) < 0 ? a : 0);
  return hi;
}

static u64 g_mad_hi(u64 a, u64 b, u64 c, int w, bool s) {
  return canon(g_mul_hi(a, b, w, s) + c, w, s);
}

/* mul24 and mad24: the 24-bit operands' product, in 32 bits */
static u64 g_mul24(u64 a, u64 b, int w, bool s) {
  return canon(canon(a, 24, s) * canon(b, 24, s), w, s);
}

static u64 g_mad24(u64 a, u64 b, u64 c, int w, bool s) {
  return canon(g_mul24(a, b, w, s) + c, w, s);
}

/* r, an exact result of a signed type narrower than 64 bits, clamped to
   that type's range */
static u64 saturate(int64_t r, int w) {
  return r < as_signed(least(w, true)) ? least(w, true)
         : r > (int64_t)greatest(w, true) ? greatest(w, true)
                                          : (u64)r;
}

static u64 g_add_sat(u64 a, u64 b, int w, bool s) {
  a = canon(a, w, s);
  b = canon(b, w, s);
  if (!s) {
    u64 r = (a + b) & mask_of(w);
    return r < a ? mask_of(w) : r;
  }
  int64_t x = as_signed(a), y = as_signed(b), r;
  if (w == 64)
    return __builtin_add_overflow(x, y, &r) ? (x < 0 ? least(w, s) : greatest(w, s)) : (u64)r;
  return saturate(x + y, w); /* no overflow below 64 bits */
}

static u64 g_sub_sat(u64 a, u64 b, int w, bool s) {
  a = canon(a, w, s);
  b = canon(b, w, s);
  if (!s)
    return a < b ? 0 : a - b;
  int64_t x = as_signed(a), y = as_signed(b), r;
  if (w == 64)
    return __builtin_sub_overflow(x, y, &r) ? (x < 0 ? least(w, s) : greatest(w, s)) : (u64)r;
  return saturate(x - y, w);
}

/* (a + b) >> 1 and (a + b + 1) >> 1 without overflow: the halves plus the
   carry of the low bits (an arithmetic shift for signed types) */
static u64 half(u64 a, bool s) { return s ? (u64)(as_signed(a) >> 1) : a >> 1; }

static u64 g_hadd(u64 a, u64 b, int w, bool s) {
  a = canon(a, w, s);
  b = canon(b, w, s);
  return canon(half(a, s) + half(b, s) + (a & b & 1), w, s);
}

static u64 g_rhadd(u64 a, u64 b, int w, bool s) {
  a = canon(a, w, s);
  b = canon(b, w, s);
  return canon(half(a, s) + half(b, s) + ((a | b) & 1), w, s);
}

/* |a - b| as the unsigned type of the same width */
static u64 g_abs_diff(u64 a, u64 b, int w, bool s) {
  u64 x = canon(a, w, s), y = canon(b, w, s);
  return (less(a, b, w, s) ? y - x : x - y) & mask_of(w);
}

static u64 g_bitselect(u64 a, u64 b, u64 c, int w, bool s) {
  return canon((a & ~c) | (b & c), w, s);
}

/* upsample(hi, lo): hi in the upper half of a type twice as wide */
static u64 g_upsample(u64 hi, u64 lo, int w, bool s) {
  return canon(hi << w | (lo & mask_of(w)), 2 * w, s);
}

static u64 g_abs(u64 a, int w, bool s) {
  a = canon(a, w, s);
  return (s && as_signed(a) < 0 ? 0 - a : a) & mask_of(w);
}

static u64 g_min(u64 a, u64 b, int w, bool s) { return canon(less(b, a, w, s) ? b : a, w, s); }
static u64 g_max(u64 a, u64 b, int w, bool s) { return canon(less(a, b, w, s) ? b : a, w, s); }

static u64 g_clamp(u64 x, u64 lo, u64 hi, int w, bool s) {
  return g_min(g_max(x, lo, w, s), hi, w, s);
}

/* The wrappers: <op>_<letter>, a 32-bit word for char, short and int,
   64 bits for long; upsample of int and uint returns 64 bits. */
#define W1(op, L, w, s, T, R)                                                  \
  static R op##_##L(T a) { return (R)g_##op(a, w, s); }
#define W2(op, L, w, s, T, R)                                                  \
  static R op##_##L(T a, T b) { return (R)g_##op(a, b, w, s); }
#define W3(op, L, w, s, T, R)                                                  \
  static R op##_##L(T a, T b, T c) { return (R)g_##op(a, b, c, w, s); }
#define SMALL(M, op)                                                           \
  M(op, c, 8, true, uint32_t, uint32_t)                                        \
  M(op, h, 8, false, uint32_t, uint32_t)                                       \
  M(op, s, 16, true, uint32_t, uint32_t)                                       \
  M(op, t, 16, false, uint32_t, uint32_t)
#define EVERY(M, op)                                                           \
  SMALL(M, op)                                                                 \
  M(op, i, 32, true, uint32_t, uint32_t)                                       \
  M(op, j, 32, false, uint32_t, uint32_t)                                      \
  M(op, l, 64, true, uint64_t, uint64_t)                                       \
  M(op, m, 64, false, uint64_t, uint64_t)

EVERY(W2, rotate)
EVERY(W1, clz)
EVERY(W1, ctz)
EVERY(W1, popcount)
EVERY(W2, mul_hi)
EVERY(W3, mad_hi)
EVERY(W2, add_sat)
EVERY(W2, sub_sat)
EVERY(W2, hadd)
EVERY(W2, rhadd)
EVERY(W2, abs_diff)
EVERY(W3, bitselect)
EVERY(W1, abs)
EVERY(W2, min)
EVERY(W2, max)
EVERY(W3, clamp)
W2(mul24, i, 32, true, uint32_t, uint32_t)
W2(mul24, j, 32, false, uint32_t, uint32_t)
W3(mad24, i, 32, true, uint32_t, uint32_t)
W3(mad24, j, 32, false, uint32_t, uint32_t)
W2(upsample, c, 8, true, uint32_t, uint32_t)
W2(upsample, h, 8, false, uint32_t, uint32_t)
W2(upsample, s, 16, true, uint32_t, uint32_t)
W2(upsample, t, 16, false, uint32_t, uint32_t)
W2(upsample, i, 32, true, uint32_t, uint64_t)
W2(upsample, j, 32, false, uint32_t, uint64_t)

typedef struct IntFn {
  const char *name;
  BuiltinFn fn[8]; /* c h s t i j l m */
} IntFn;

#define ROW(op) {#op, {(BuiltinFn)op##_c, (BuiltinFn)op##_h, (BuiltinFn)op##_s, (BuiltinFn)op##_t, \
                       (BuiltinFn)op##_i, (BuiltinFn)op##_j, (BuiltinFn)op##_l, (BuiltinFn)op##_m}}

static const IntFn int_fns[] = {
    ROW(rotate), ROW(clz), ROW(ctz), ROW(popcount), ROW(mul_hi), ROW(mad_hi),
    ROW(add_sat), ROW(sub_sat), ROW(hadd), ROW(rhadd), ROW(abs_diff), ROW(bitselect),
    ROW(abs), ROW(min), ROW(max), ROW(clamp),
    {"mul24", {NULL, NULL, NULL, NULL, (BuiltinFn)mul24_i, (BuiltinFn)mul24_j}},
    {"mad24", {NULL, NULL, NULL, NULL, (BuiltinFn)mad24_i, (BuiltinFn)mad24_j}},
    {"upsample", {(BuiltinFn)upsample_c, (BuiltinFn)upsample_h, (BuiltinFn)upsample_s,
                  (BuiltinFn)upsample_t, (BuiltinFn)upsample_i, (BuiltinFn)upsample_j}},
};

/* Index of an Itanium scalar integer letter (char: c, signed char: a), or -1. */
static int int_index(char c) {
  const char *letters = "chstijlm";
  if (c == 'a')
    return 0;
  if (c == 'x')
    return 6;
  if (c == 'y')
    return 7;
  const char *p = c ? strchr(letters, c) : NULL;
  return p ? (int)(p - letters) : -1;
}

BuiltinFn intfn_lookup(const char *base, const char *params) {
  if (strchr(params, 'D') || strchr(params, 'P'))
    return NULL; /* vectors, pointers */
  int t = int_index(params[0]);
  if (t < 0)
    return NULL;
  for (size_t i = 0; i < sizeof int_fns / sizeof int_fns[0]; i++)
    if (!strcmp(base, int_fns[i].name))
      return int_fns[i].fn[t];
  return NULL;
}
