/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* nvmath.c — NVVM's floating-point intrinsics that name a rounding mode,
 * flush subnormals or approximate, as the PTX ISA defines their
 * instructions: what CUDA's headers call for __fadd_rd, __fmul_rn,
 * __fdiv_ru, __fmaf_rz, __frcp_rn, __fsqrt_rd, __saturatef, rsqrtf,
 * __fdividef, rintf and the double word moves (__double2loint, ...).
 *
 *   llvm.nvvm.{add,mul,div}.{rn,rz,rm,rp}[.ftz].{f,d}  a op b
 *   llvm.nvvm.fma.{rn,rz,rm,rp}[.ftz].{f,d}            a * b + c, one rounding
 *   llvm.nvvm.{sqrt,rcp}.{rn,rz,rm,rp}[.ftz].{f,d}     sqrt(a), 1 / a
 *   llvm.nvvm.{rsqrt,rcp,div}.approx[.ftz].{f,d}       the exact value, rounded
 *                                                      to nearest (an approximation
 *                                                      the device may differ from
 *                                                      in the last bits)
 *   llvm.nvvm.saturate[.ftz].{f,d}                     cvt.sat: clamped to [0, 1],
 *                                                      NaN to 0
 *   llvm.nvvm.round[.ftz].{f,d}                        cvt.rni: to the nearest
 *                                                      integer, ties to even
 *   llvm.nvvm.d2i.{lo,hi}, llvm.nvvm.lohi.i2d          a double's 32-bit words
 *   llvm.nvvm.{f,d}2{i,ui,ll,ull}.{rn,rz,rm,rp}[.ftz]  cvt.rni/rzi/rmi/rpi to an
 *                                                      integer: rounded, then
 *                                                      clamped to its range,
 *                                                      NaN to 0 (__float2uint_rz)
 *   llvm.nvvm.{i,ui,ll,ull}2{f,d}.{rn,rz,rm,rp}        an integer rounded to a
 *                                                      float (__uint2float_rd)
 *   llvm.nvvm.d2f.{rn,rz,rm,rp}[.ftz]                   a double rounded to a float
 *   llvm.nvvm.{ceil,floor}[.ftz].{f,d}, trunc.{f,d},    what libdevice's __nv_ceilf,
 *   fabs.ftz.f32, {fmax,fmin}[.ftz].{f,d}, sad.{i,ui}  fminf, __sad ... call (an
 *                                                      OpenCL build linking libclc
 *                                                      and libdevice keeps the
 *                                                      .ftz twin until llc)
 *
 * A rounding mode is the host's (fesetround) around one operation on
 * volatile operands, so the compiler cannot fold or move it out of the
 * mode; .ftz flushes subnormal operands and results to a zero of their sign.
 * Both builds of a kernel run the same functions, so --compare sees only
 * what the builds do differently. */
#include "exec/exec.h"

#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

static float ftz(float x) { return fpclassify(x) == FP_SUBNORMAL ? copysignf(0.0f, x) : x; }

/* one operation T r = EXPR at rounding mode fe */
#define AT_MODE(T, fe, expr)                                                   \
  do {                                                                         \
    int old_ = fegetround();                                                   \
    fesetround(fe);                                                            \
    volatile T r_ = (expr);                                                    \
    fesetround(old_);                                                          \
    return r_;                                                                 \
  } while (0)

/* every operation at rounding mode fe, named by mode; the float ones
   also with .ftz */
#define ROUNDED(mode, fe)                                                      \
  static float add_##mode##_f(float a, float b) { volatile float x = a, y = b; AT_MODE(float, fe, x + y); } \
  static double add_##mode##_d(double a, double b) { volatile double x = a, y = b; AT_MODE(double, fe, x + y); } \
  static float mul_##mode##_f(float a, float b) { volatile float x = a, y = b; AT_MODE(float, fe, x * y); } \
  static double mul_##mode##_d(double a, double b) { volatile double x = a, y = b; AT_MODE(double, fe, x * y); } \
  static float div_##mode##_f(float a, float b) { volatile float x = a, y = b; AT_MODE(float, fe, x / y); } \
  static double div_##mode##_d(double a, double b) { volatile double x = a, y = b; AT_MODE(double, fe, x / y); } \
  static float fma_##mode##_f(float a, float b, float c) {                     \
    volatile float x = a, y = b, z = c;                                        \
    AT_MODE(float, fe, fmaf(x, y, z));                                         \
  }                                                                            \
  static double fma_##mode##_d(double a, double b, double c) {                 \
    volatile double x = a, y = b, z = c;                                       \
    AT_MODE(double, fe, fma(x, y, z));                                         \
  }                                                                            \
  static float sqrt_##mode##_f(float a) { volatile float x = a; AT_MODE(float, fe, sqrtf(x)); } \
  static double sqrt_##mode##_d(double a) { volatile double x = a; AT_MODE(double, fe, sqrt(x)); } \
  static float rcp_##mode##_f(float a) { volatile float x = a; AT_MODE(float, fe, 1.0f / x); } \
  static double rcp_##mode##_d(double a) { volatile double x = a; AT_MODE(double, fe, 1.0 / x); } \
  static float add_##mode##_ftz(float a, float b) { return ftz(add_##mode##_f(ftz(a), ftz(b))); } \
  static float mul_##mode##_ftz(float a, float b) { return ftz(mul_##mode##_f(ftz(a), ftz(b))); } \
  static float div_##mode##_ftz(float a, float b) { return ftz(div_##mode##_f(ftz(a), ftz(b))); } \
  static float fma_##mode##_ftz(float a, float b, float c) {                   \
    return ftz(fma_##mode##_f(ftz(a), ftz(b), ftz(c)));                        \
  }                                                                            \
  static float sqrt_##mode##_ftz(float a) { return ftz(sqrt_##mode##_f(ftz(a))); } \
  static float rcp_##mode##_ftz(float a) { return ftz(rcp_##mode##_f(ftz(a))); }
ROUNDED(rn, FE_TONEAREST)
ROUNDED(rz, FE_TOWARDZERO)
ROUNDED(rm, FE_DOWNWARD)
ROUNDED(rp, FE_UPWARD)

static float rsqrt_f(float a) { return 1.0f / sqrtf(a); }
static double rsqrt_d(double a) { return 1.0 / sqrt(a); }
static float rsqrt_ftz(float a) { return ftz(rsqrt_f(ftz(a))); }
static float sat_f(float a) { return a > 0.0f ? (a < 1.0f ? a : 1.0f) : 0.0f; } /* NaN: 0 */
static double sat_d(double a) { return a > 0.0 ? (a < 1.0 ? a : 1.0) : 0.0; }
static float sat_ftz(float a) { return sat_f(ftz(a)); }
static float round_f(float a) { return nearbyintf(a); } /* the caller's mode: nearest */
static double round_d(double a) { return nearbyint(a); }
static float round_ftz(float a) { return nearbyintf(ftz(a)); }
static uint32_t d2i_lo(double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  return (uint32_t)u;
}
static uint32_t d2i_hi(double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  return (uint32_t)(u >> 32);
}
static double lohi_i2d(uint32_t lo, uint32_t hi) {
  uint64_t u = (uint64_t)hi << 32 | lo;
  double d;
  memcpy(&d, &u, 8);
  return d;
}

/* x rounded to an integer by mode: 0 rn (the caller's mode, nearest), 1 rz,
   2 rm, 3 rp */
static double round_by(double x, int mode) {
  return mode == 0 ? nearbyint(x) : mode == 1 ? trunc(x) : mode == 2 ? floor(x) : ceil(x);
}
/* float or double to an integer type: rounded, clamped to the type's range
   [lo, hi1) (both exact in a double), NaN 0 */
#define CVT_I(name, T, lo, hi1, min, max)                                     \
  static T name##_of(double x, int mode) {                                    \
    if (isnan(x))                                                             \
      return 0;                                                               \
    double r = round_by(x, mode);                                             \
    return r < (lo) ? (T)(min) : r >= (hi1) ? (T)(max) : (T)r;                \
  }
CVT_I(i, int32_t, -2147483648.0, 2147483648.0, INT32_MIN, INT32_MAX)
CVT_I(ui, uint32_t, 0.0, 4294967296.0, 0, UINT32_MAX)
CVT_I(ll, int64_t, -9223372036854775808.0, 9223372036854775808.0, INT64_MIN, INT64_MAX)
CVT_I(ull, uint64_t, 0.0, 18446744073709551616.0, 0, UINT64_MAX)
#define F2I_MODE(T, to, mode, m)                                              \
  static T f2##to##_##mode(float a) { return to##_of(a, m); }                 \
  static T f2##to##_##mode##_ftz(float a) { return to##_of(ftz(a), m); }      \
  static T d2##to##_##mode(double a) { return to##_of(a, m); }
#define F2I(T, to)                                                            \
  F2I_MODE(T, to, rn, 0) F2I_MODE(T, to, rz, 1) F2I_MODE(T, to, rm, 2) F2I_MODE(T, to, rp, 3)
F2I(int32_t, i)
F2I(uint32_t, ui)
F2I(int64_t, ll)
F2I(uint64_t, ull)
#define I2F_MODE(T, from, mode, fe)                                           \
  static float from##2f_##mode(T a) { volatile T x = a; AT_MODE(float, fe, (float)x); } \
  static double from##2d_##mode(T a) { volatile T x = a; AT_MODE(double, fe, (double)x); }
#define I2F(T, from)                                                          \
  I2F_MODE(T, from, rn, FE_TONEAREST) I2F_MODE(T, from, rz, FE_TOWARDZERO)    \
  I2F_MODE(T, from, rm, FE_DOWNWARD) I2F_MODE(T, from, rp, FE_UPWARD)
I2F(int32_t, i)
I2F(uint32_t, ui)
I2F(int64_t, ll)
I2F(uint64_t, ull)

/* double to float at a rounding mode (cvt.rn/rz/rm/rp.f32.f64), also with
   .ftz on the result */
#define D2F_MODE(mode, fe)                                                    \
  static float d2f_##mode(double a) { volatile double x = a; AT_MODE(float, fe, (float)x); } \
  static float d2f_##mode##_ftz(double a) { return ftz(d2f_##mode(a)); }
D2F_MODE(rn, FE_TONEAREST)
D2F_MODE(rz, FE_TOWARDZERO)
D2F_MODE(rm, FE_DOWNWARD)
D2F_MODE(rp, FE_UPWARD)

/* libdevice's rounding to an integral value, min and max (max.f32 returns
   the other operand of a NaN, as fmaxf), fabs with .ftz, and sad (|a - b|
   + c, wrapping) */
static float ceil_ftz(float a) { return ftz(ceilf(ftz(a))); }
static float floor_ftz(float a) { return ftz(floorf(ftz(a))); }
static float fabs_ftz(float a) { return fabsf(ftz(a)); }
static float fmax_ftz(float a, float b) { return ftz(fmaxf(ftz(a), ftz(b))); }
static float fmin_ftz(float a, float b) { return ftz(fminf(ftz(a), ftz(b))); }
static int32_t sad_i(int32_t a, int32_t b, int32_t c) {
  uint32_t d = a > b ? (uint32_t)a - (uint32_t)b : (uint32_t)b - (uint32_t)a;
  return (int32_t)(d + (uint32_t)c);
}
static uint32_t sad_ui(uint32_t a, uint32_t b, uint32_t c) { return (a > b ? a - b : b - a) + c; }

#define ENTRIES(op, mode)                                                      \
  {"llvm.nvvm." #op "." #mode ".f", (BuiltinFn)op##_##mode##_f},               \
  {"llvm.nvvm." #op "." #mode ".ftz.f", (BuiltinFn)op##_##mode##_ftz},         \
  {"llvm.nvvm." #op "." #mode ".d", (BuiltinFn)op##_##mode##_d}
#define MODES(op) ENTRIES(op, rn), ENTRIES(op, rz), ENTRIES(op, rm), ENTRIES(op, rp)
#define CVT_ENTRIES(to, mode)                                                  \
  {"llvm.nvvm.f2" #to "." #mode, (BuiltinFn)f2##to##_##mode},                  \
  {"llvm.nvvm.f2" #to "." #mode ".ftz", (BuiltinFn)f2##to##_##mode##_ftz},     \
  {"llvm.nvvm.d2" #to "." #mode, (BuiltinFn)d2##to##_##mode},                  \
  {"llvm.nvvm." #to "2f." #mode, (BuiltinFn)to##2f_##mode},                    \
  {"llvm.nvvm." #to "2d." #mode, (BuiltinFn)to##2d_##mode}
#define CVT(to) CVT_ENTRIES(to, rn), CVT_ENTRIES(to, rz), CVT_ENTRIES(to, rm), CVT_ENTRIES(to, rp)

static const struct {
  const char *name;
  BuiltinFn fn;
} nvmath_fns[] = {
    MODES(add), MODES(mul), MODES(div), MODES(fma), MODES(sqrt), MODES(rcp),
    CVT(i), CVT(ui), CVT(ll), CVT(ull),
    {"llvm.nvvm.sqrt.f", (BuiltinFn)sqrt_rn_f},
    {"llvm.nvvm.div.approx.f", (BuiltinFn)div_rn_f},
    {"llvm.nvvm.div.approx.ftz.f", (BuiltinFn)div_rn_ftz},
    {"llvm.nvvm.div.full", (BuiltinFn)div_rn_f},
    {"llvm.nvvm.div.full.ftz", (BuiltinFn)div_rn_ftz},
    {"llvm.nvvm.rcp.approx.ftz.f", (BuiltinFn)rcp_rn_ftz},
    {"llvm.nvvm.rcp.approx.ftz.d", (BuiltinFn)rcp_rn_d},
    {"llvm.nvvm.rsqrt.approx.f", (BuiltinFn)rsqrt_f},
    {"llvm.nvvm.rsqrt.approx.ftz.f", (BuiltinFn)rsqrt_ftz},
    {"llvm.nvvm.rsqrt.approx.d", (BuiltinFn)rsqrt_d},
    {"llvm.nvvm.rsqrt.approx.ftz.d", (BuiltinFn)rsqrt_d},
    {"llvm.nvvm.saturate.f", (BuiltinFn)sat_f},
    {"llvm.nvvm.saturate.ftz.f", (BuiltinFn)sat_ftz},
    {"llvm.nvvm.saturate.d", (BuiltinFn)sat_d},
    {"llvm.nvvm.round.f", (BuiltinFn)round_f},
    {"llvm.nvvm.round.ftz.f", (BuiltinFn)round_ftz},
    {"llvm.nvvm.round.d", (BuiltinFn)round_d},
    {"llvm.nvvm.d2f.rn", (BuiltinFn)d2f_rn},
    {"llvm.nvvm.d2f.rn.ftz", (BuiltinFn)d2f_rn_ftz},
    {"llvm.nvvm.d2f.rz", (BuiltinFn)d2f_rz},
    {"llvm.nvvm.d2f.rz.ftz", (BuiltinFn)d2f_rz_ftz},
    {"llvm.nvvm.d2f.rm", (BuiltinFn)d2f_rm},
    {"llvm.nvvm.d2f.rm.ftz", (BuiltinFn)d2f_rm_ftz},
    {"llvm.nvvm.d2f.rp", (BuiltinFn)d2f_rp},
    {"llvm.nvvm.d2f.rp.ftz", (BuiltinFn)d2f_rp_ftz},
    {"llvm.nvvm.ceil.f", (BuiltinFn)ceilf},
    {"llvm.nvvm.ceil.ftz.f", (BuiltinFn)ceil_ftz},
    {"llvm.nvvm.ceil.d", (BuiltinFn)ceil},
    {"llvm.nvvm.floor.f", (BuiltinFn)floorf},
    {"llvm.nvvm.floor.ftz.f", (BuiltinFn)floor_ftz},
    {"llvm.nvvm.floor.d", (BuiltinFn)floor},
    {"llvm.nvvm.trunc.f", (BuiltinFn)truncf},
    {"llvm.nvvm.trunc.d", (BuiltinFn)trunc},
    {"llvm.nvvm.fabs.ftz.f32", (BuiltinFn)fabs_ftz},
    {"llvm.nvvm.fmax.f", (BuiltinFn)fmaxf},
    {"llvm.nvvm.fmax.ftz.f", (BuiltinFn)fmax_ftz},
    {"llvm.nvvm.fmax.d", (BuiltinFn)fmax},
    {"llvm.nvvm.fmin.f", (BuiltinFn)fminf},
    {"llvm.nvvm.fmin.ftz.f", (BuiltinFn)fmin_ftz},
    {"llvm.nvvm.fmin.d", (BuiltinFn)fmin},
    {"llvm.nvvm.sad.i", (BuiltinFn)sad_i},
    {"llvm.nvvm.sad.ui", (BuiltinFn)sad_ui},
    {"llvm.nvvm.d2i.lo", (BuiltinFn)d2i_lo},
    {"llvm.nvvm.d2i.hi", (BuiltinFn)d2i_hi},
    {"llvm.nvvm.lohi.i2d", (BuiltinFn)lohi_i2d},
};

BuiltinFn nvmath_lookup(const char *name) {
  for (size_t i = 0; i < sizeof nvmath_fns / sizeof nvmath_fns[0]; i++)
    if (!strcmp(name, nvmath_fns[i].name))
      return nvmath_fns[i].fn;
  return NULL;
}
