/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* builtins.c — what gasp-run links a kernel's external calls to.
 *
 * A declared function is looked up by its name: first the exact names
 * (work-item functions, NVPTX/AMDGPU intrinsics, printf, the explicit-cast
 * intrinsics), then, for an Itanium-mangled OpenCL builtin ("_Z13get_global_idj",
 * "_Z10atomic_incPU3AS3Vi", "_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii
 * 12memory_order12memory_scope", "_Z4sqrtf"), its base name and the scalar
 * type of its first argument (or of what its first pointer argument points
 * to).  Vector overloads of 2, 3 and 4 lanes of float, int and uint: the
 * geometric functions (dot, cross, length, distance, normalize and their
 * fast_ forms), the common float math lane by lane, min/max, select and the
 * relational tests (see "vector builtins"), vload_half/vstore_half
 * ("half loads and stores"), vloadn/vstoren of 2-4 32-bit lanes and scalar
 * fract/modf; wider vectors and double ones are not
 * provided: the caller reports them as unsupported, naming the function.
 *
 * Atomics are plain read-modify-writes: work-items are fibers on one thread
 * and never interleave inside a builtin (see rt.c).  Integer arithmetic is
 * done unsigned (wraps like the device); min/max compare with the builtin's
 * signedness.  Extra arguments (memory order and scope) are ignored: the
 * SysV x86-64 calling convention lets a callee ignore trailing arguments. */
#include "exec/ptx.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- work-item functions (size_t f(uint)) ------------------------------ */
static uint64_t b_linear_global(void) {
  return (rt_global_id(2) * rt_global_size(1) + rt_global_id(1)) * rt_global_size(0) +
         rt_global_id(0);
}
static void b_nop(void) {}

/* ---- NVPTX special registers and AMDGPU ids (i32 f(void)) -------------- */
#define SREG(fn, expr)                                                         \
  static uint32_t fn(void) { return (uint32_t)(expr); }
SREG(s_tid_x, rt_local_id(0))
SREG(s_tid_y, rt_local_id(1))
SREG(s_tid_z, rt_local_id(2))
SREG(s_ntid_x, rt_local_size(0))
SREG(s_ntid_y, rt_local_size(1))
SREG(s_ntid_z, rt_local_size(2))
SREG(s_ctaid_x, rt_group_id(0))
SREG(s_ctaid_y, rt_group_id(1))
SREG(s_ctaid_z, rt_group_id(2))
SREG(s_nctaid_x, rt_num_groups(0))
SREG(s_nctaid_y, rt_num_groups(1))
SREG(s_nctaid_z, rt_num_groups(2))
SREG(s_warpsize, 32)
SREG(s_clock, rt_clock())

/* ---- explicit casts and space predicates ------------------------------- */
static void *b_to_global(void *p) { return rt_kind_of((uint64_t)(uintptr_t)p) == RK_GLOBAL ? p : NULL; }
static void *b_to_local(void *p) { return rt_kind_of((uint64_t)(uintptr_t)p) == RK_LOCAL ? p : NULL; }
static void *b_to_private(void *p) { return rt_kind_of((uint64_t)(uintptr_t)p) == RK_PRIVATE ? p : NULL; }
static void *b_to_constant(void *p) { return rt_kind_of((uint64_t)(uintptr_t)p) == RK_CONSTANT ? p : NULL; }
/* NVPTX's isspacep.global: generic null is global too (PTX ISA 6.4.1.1: an
   address outside the const, local and shared windows maps to global
   memory) */
static bool b_nv_is_global(void *p) { return !p || b_to_global(p) != NULL; }
static bool b_is_local(void *p) { return b_to_local(p) != NULL; }
static bool b_is_private(void *p) { return b_to_private(p) != NULL; }
static bool b_is_constant(void *p) { return b_to_constant(p) != NULL; }

/* ---- printf ------------------------------------------------------------ */
static int b_printf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vprintf(fmt, ap);
  va_end(ap);
  return n;
}

/* NVPTX: vprintf(fmt, buf), the arguments packed in buf, each aligned to its
   size (float promoted to double). */
static int b_vprintf(const char *fmt, const char *buf) {
  size_t off = 0;
  int total = 0;
  for (const char *p = fmt; *p;) {
    if (*p != '%' || p[1] == '%') {
      putchar(*p);
      total++;
      p += *p == '%' ? 2 : 1;
      continue;
    }
    char spec[32];
    size_t n = 0;
    spec[n++] = *p++;
    int longs = 0;
    while (*p && !strchr("diouxXcspfFeEgGaA", *p) && n < sizeof spec - 2) {
      if (strchr("lzjtq", *p))
        longs++;
      spec[n++] = *p++;
    }
    if (!*p)
      break;
    char conv = *p++;
    spec[n++] = conv;
    spec[n] = 0;
    if (strchr("fFeEgGaA", conv)) {
      off = (off + 7) & ~(size_t)7;
      double v;
      memcpy(&v, buf + off, 8);
      off += 8;
      total += printf(spec, v);
    } else if (conv == 's' || conv == 'p' || longs) {
      off = (off + 7) & ~(size_t)7;
      uint64_t v;
      memcpy(&v, buf + off, 8);
      off += 8;
      if (conv == 's')
        total += printf(spec, (const char *)(uintptr_t)v);
      else if (conv == 'p')
        total += printf(spec, (BuiltinFn)(uintptr_t)v);
      else
        total += printf(spec, (unsigned long long)v);
    } else {
      off = (off + 3) & ~(size_t)3;
      uint32_t v;
      memcpy(&v, buf + off, 4);
      off += 4;
      total += printf(spec, v);
    }
  }
  return total;
}

/* ---- atomics ----------------------------------------------------------- */
#define ATOMICS(S, U, C)                                                       \
  static U at_add_##S(U *p, U v) { U o = *p; *p = (U)(o + v); return o; }      \
  static U at_sub_##S(U *p, U v) { U o = *p; *p = (U)(o - v); return o; }      \
  static U at_xchg_##S(U *p, U v) { U o = *p; *p = v; return o; }              \
  static U at_min_##S(U *p, U v) { U o = *p; if ((C)v < (C)o) *p = v; return o; } \
  static U at_max_##S(U *p, U v) { U o = *p; if ((C)v > (C)o) *p = v; return o; } \
  static U at_and_##S(U *p, U v) { U o = *p; *p = o & v; return o; }          \
  static U at_or_##S(U *p, U v) { U o = *p; *p = o | v; return o; }           \
  static U at_xor_##S(U *p, U v) { U o = *p; *p = o ^ v; return o; }          \
  static U at_inc_##S(U *p) { U o = *p; *p = (U)(o + 1); return o; }          \
  static U at_dec_##S(U *p) { U o = *p; *p = (U)(o - 1); return o; }          \
  static U at_uinc_##S(U *p, U v) { U o = *p; *p = o >= v ? 0 : (U)(o + 1); return o; } \
  static U at_udec_##S(U *p, U v) { U o = *p; *p = o == 0 || o > v ? v : (U)(o - 1); return o; } \
  static U at_cmpxchg_##S(U *p, U c, U v) { U o = *p; if (o == c) *p = v; return o; } \
  static U at_load_##S(U *p) { return *p; }                                    \
  static void at_store_##S(U *p, U v) { *p = v; }                              \
  static bool at_cas_##S(U *p, U *e, U v) {                                    \
    if (*p == *e) { *p = v; return true; }                                     \
    *e = *p;                                                                   \
    return false;                                                              \
  }
ATOMICS(i, uint32_t, int32_t)
ATOMICS(j, uint32_t, uint32_t)
ATOMICS(l, uint64_t, int64_t)
ATOMICS(m, uint64_t, uint64_t)

#define FATOMICS(S, T)                                                         \
  static T at_add_##S(T *p, T v) { T o = *p; *p = o + v; return o; }          \
  static T at_sub_##S(T *p, T v) { T o = *p; *p = o - v; return o; }          \
  static T at_min_##S(T *p, T v) { T o = *p; *p = fmin(o, v); return o; }     \
  static T at_max_##S(T *p, T v) { T o = *p; *p = fmax(o, v); return o; }     \
  static T at_xchg_##S(T *p, T v) { T o = *p; *p = v; return o; }              \
  static T at_load_##S(T *p) { return *p; }                                    \
  static void at_store_##S(T *p, T v) { *p = v; }                              \
  static bool at_cas_##S(T *p, T *e, T v) {                                    \
    if (memcmp(p, e, sizeof(T)) == 0) { *p = v; return true; }                 \
    *e = *p;                                                                   \
    return false;                                                              \
  }
FATOMICS(f, float)
FATOMICS(d, double)

static bool at_flag_tas(uint32_t *p) { bool o = *p != 0; *p = 1; return o; }
static void at_flag_clear(uint32_t *p) { *p = 0; }

typedef struct AtomicOp {
  const char *op;
  BuiltinFn fn[6]; /* i j l m f d */
} AtomicOp;

#define INTS(op) {(BuiltinFn)at_##op##_i, (BuiltinFn)at_##op##_j, (BuiltinFn)at_##op##_l, (BuiltinFn)at_##op##_m
static const AtomicOp atomic_ops[] = {
    {"add", INTS(add), (BuiltinFn)at_add_f, (BuiltinFn)at_add_d}},
    {"sub", INTS(sub), (BuiltinFn)at_sub_f, (BuiltinFn)at_sub_d}},
    {"xchg", INTS(xchg), (BuiltinFn)at_xchg_f, (BuiltinFn)at_xchg_d}},
    {"min", INTS(min), (BuiltinFn)at_min_f, (BuiltinFn)at_min_d}},
    {"max", INTS(max), (BuiltinFn)at_max_f, (BuiltinFn)at_max_d}},
    {"and", INTS(and), NULL, NULL}},
    {"or", INTS(or), NULL, NULL}},
    {"xor", INTS(xor), NULL, NULL}},
    {"inc", INTS(inc), NULL, NULL}},
    {"dec", INTS(dec), NULL, NULL}},
    {"uinc", INTS(uinc), NULL, NULL}}, /* CUDA's atomicInc(p, v): 0 past v */
    {"udec", INTS(udec), NULL, NULL}}, /* atomicDec(p, v): v below 1 or past v */
    {"cmpxchg", INTS(cmpxchg), NULL, NULL}},
    {"load", INTS(load), (BuiltinFn)at_load_f, (BuiltinFn)at_load_d}},
    {"store", INTS(store), (BuiltinFn)at_store_f, (BuiltinFn)at_store_d}},
    {"cas", INTS(cas), (BuiltinFn)at_cas_f, (BuiltinFn)at_cas_d}},
};

/* OpenCL 1.x / 2.0 / extension spellings -> the op above. */
static const struct {
  const char *name, *op;
} atomic_names[] = {
    {"atomic_add", "add"}, {"atom_add", "add"}, {"atomic_fetch_add", "add"},
    {"atomic_sub", "sub"}, {"atom_sub", "sub"}, {"atomic_fetch_sub", "sub"},
    {"atomic_xchg", "xchg"}, {"atom_xchg", "xchg"}, {"atomic_exchange", "xchg"},
    {"atomic_min", "min"}, {"atom_min", "min"}, {"atomic_fetch_min", "min"},
    {"atomic_max", "max"}, {"atom_max", "max"}, {"atomic_fetch_max", "max"},
    {"atomic_and", "and"}, {"atom_and", "and"}, {"atomic_fetch_and", "and"},
    {"atomic_or", "or"}, {"atom_or", "or"}, {"atomic_fetch_or", "or"},
    {"atomic_xor", "xor"}, {"atom_xor", "xor"}, {"atomic_fetch_xor", "xor"},
    {"atomic_inc", "inc"}, {"atom_inc", "inc"},
    {"atomic_dec", "dec"}, {"atom_dec", "dec"},
    {"atomic_cmpxchg", "cmpxchg"}, {"atom_cmpxchg", "cmpxchg"},
    {"atomic_load", "load"}, {"atomic_store", "store"}, {"atomic_init", "store"},
    {"atomic_compare_exchange_strong", "cas"},
    {"atomic_compare_exchange_weak", "cas"},
};

/* ---- math -------------------------------------------------------------- */
static float rsqrtf_(float x) { return 1.0f / sqrtf(x); }
static double rsqrt_(double x) { return 1.0 / sqrt(x); }
static float madf_(float a, float b, float c) { return a * b + c; }
static double mad_(double a, double b, double c) { return a * b + c; }
static float exp10f_(float x) { return powf(10.0f, x); }
static double exp10_(double x) { return pow(10.0, x); }
static float clampf_(float x, float lo, float hi) { return fminf(fmaxf(x, lo), hi); }
/* AMDGPU's fract: x - floor(x), below 1 */
static float fractf_(float x) { return fminf(x - floorf(x), 0x1.fffffep-1f); }
static double fract_(double x) { return fmin(x - floor(x), 0x1.fffffffffffffp-1); }
static float rcpf_(float x) { return 1.0f / x; }
static double rcp_(double x) { return 1.0 / x; }
static float dividef_(float x, float y) { return x / y; }
static double divide_(double x, double y) { return x / y; }
static double clamp_(double x, double lo, double hi) { return fmin(fmax(x, lo), hi); }
/* OpenCL's sign: 1 or -1, a zero kept with its sign, 0 for NaN */
static float signf_(float x) { return x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : x == x ? x : 0.0f; }
static double sign_(double x) { return x > 0.0 ? 1.0 : x < 0.0 ? -1.0 : x == x ? x : 0.0; }
static float acospif_(float x) { return acosf(x) / (float)M_PI; }
static double acospi_(double x) { return acos(x) / M_PI; }
static float asinpif_(float x) { return asinf(x) / (float)M_PI; }
static double asinpi_(double x) { return asin(x) / M_PI; }
static float atanpif_(float x) { return atanf(x) / (float)M_PI; }
static double atanpi_(double x) { return atan(x) / M_PI; }
static int32_t imin(int32_t a, int32_t b) { return a < b ? a : b; }
static int32_t imax(int32_t a, int32_t b) { return a > b ? a : b; }
static uint32_t umin(uint32_t a, uint32_t b) { return a < b ? a : b; }
static uint32_t umax(uint32_t a, uint32_t b) { return a > b ? a : b; }

typedef struct MathFn {
  const char *name;
  BuiltinFn fn[6]; /* i j l m f d */
} MathFn;

#define FD(n, f, d) {n, {NULL, NULL, NULL, NULL, (BuiltinFn)(f), (BuiltinFn)(d)}}
static const MathFn math_fns[] = {
    FD("sqrt", sqrtf, sqrt), FD("rsqrt", rsqrtf_, rsqrt_), FD("cbrt", cbrtf, cbrt),
    FD("exp", expf, exp), FD("exp2", exp2f, exp2), FD("exp10", exp10f_, exp10_),
    FD("expm1", expm1f, expm1), FD("log", logf, log), FD("log2", log2f, log2),
    FD("log10", log10f, log10), FD("log1p", log1pf, log1p), FD("sin", sinf, sin),
    FD("cos", cosf, cos), FD("tan", tanf, tan), FD("asin", asinf, asin),
    FD("acos", acosf, acos), FD("atan", atanf, atan), FD("sinh", sinhf, sinh),
    FD("cosh", coshf, cosh), FD("tanh", tanhf, tanh), FD("fabs", fabsf, fabs),
    FD("floor", floorf, floor), FD("ceil", ceilf, ceil), FD("round", roundf, round),
    FD("trunc", truncf, trunc), FD("rint", rintf, rint), FD("pow", powf, pow),
    FD("powr", powf, pow), FD("fmin", fminf, fmin), FD("fmax", fmaxf, fmax),
    FD("fmod", fmodf, fmod), FD("atan2", atan2f, atan2), FD("hypot", hypotf, hypot),
    FD("copysign", copysignf, copysign), FD("fdim", fdimf, fdim),
    FD("fma", fmaf, fma), FD("mad", madf_, mad_), FD("sign", signf_, sign_),
    FD("acospi", acospif_, acospi_), FD("asinpi", asinpif_, asinpi_),
    FD("atanpi", atanpif_, atanpi_),
    /* native_recip, native_divide, half_recip, half_divide */
    FD("recip", rcpf_, rcp_), FD("divide", dividef_, divide_),
    /* of integers: intfns.c */
    FD("min", fminf, fmin), FD("max", fmaxf, fmax), FD("clamp", clampf_, clamp_),
};

/* ---- half loads and stores -------------------------------------------- */
/* vload_half(offset, p): the IEEE binary16 at p[offset] as a float;
   vstore_half[_rte](v, offset, p): v rounded to nearest even into
   p[offset].  Their access is a checked site at p + 2 * offset (with_mem
   below; prep.c adds the offset), counted and checked as a load or store
   of 2 bytes is. */
static float half_to_float(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16, exp = (h >> 10) & 0x1fu, man = h & 0x3ffu;
  uint32_t bits;
  if (exp == 0x1fu) {
    bits = sign | 0x7f800000u | man << 13; /* inf, nan */
  } else if (exp) {
    bits = sign | (exp + 112u) << 23 | man << 13;
  } else if (man) { /* subnormal: normalize */
    int e = -1;
    do {
      e++;
      man <<= 1;
    } while (!(man & 0x400u));
    bits = sign | (uint32_t)(112 - e) << 23 | (man & 0x3ffu) << 13;
  } else {
    bits = sign;
  }
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}
static uint16_t float_to_half(float f) {
  uint32_t x;
  memcpy(&x, &f, sizeof x);
  uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);
  uint32_t ax = x & 0x7fffffffu;
  if (ax >= 0x7f800000u) /* inf, nan (kept quiet) */
    return (uint16_t)(sign | 0x7c00u | (ax > 0x7f800000u ? 0x200u : 0u));
  if (ax >= 0x477ff000u) /* rounds to beyond the largest half */
    return (uint16_t)(sign | 0x7c00u);
  if (ax < 0x33000001u) /* at most half the smallest subnormal: 0 */
    return sign;
  uint32_t e = ax >> 23, man = (ax & 0x7fffffu) | 0x800000u;
  int shift = e < 113u ? (int)(126u - e) : 13; /* subnormal halves keep fewer bits */
  uint32_t keep = man >> shift, rest = man & ((1u << shift) - 1u), mid = 1u << (shift - 1);
  keep += rest > mid || (rest == mid && (keep & 1u));
  if (e >= 113u)
    return (uint16_t)(sign | (((e - 112u) << 10) + (keep - 0x400u)));
  return (uint16_t)(sign | keep);
}
static float b_vload_half(size_t off, const uint16_t *p) { return half_to_float(p[off]); }

/* fract(x, p) and modf(x, p), scalar float and double: the fraction (fract's
   below 1, as OpenCL defines it), the whole part written through p (checked
   like a store of its size). */
static float b_fractf(float x, float *ip) {
  *ip = floorf(x);
  return fminf(x - *ip, 0x1.fffffep-1f);
}
static double b_fract(double x, double *ip) {
  *ip = floor(x);
  return fmin(x - *ip, 0x1.fffffffffffffp-1);
}
static float b_modff(float x, float *ip) { return modff(x, ip); }
static double b_modf(double x, double *ip) { return modf(x, ip); }
static void b_vstore_half(float v, size_t off, uint16_t *p) { p[off] = float_to_half(v); }

/* ---- vector builtins -------------------------------------------------- */
/* A vector argument or result travels as the host's vector register holds
   it (SysV x86-64): LLVM lowers a call passing <3 x float> by widening it to
   <4 x float> in one XMM register, as a 16-byte GNU C vector is passed, so a
   3-lane builtin is the 4-lane C function and its fourth lane is undefined:
   read only by lane-by-lane functions, whose fourth result lane nobody
   reads; dot, length and normalize of 3 lanes never read it.  Int and float
   vectors of one width travel alike, so select works on bits for both. */
typedef float v2f __attribute__((vector_size(8)));
typedef float v4f __attribute__((vector_size(16)));
typedef int32_t v2i __attribute__((vector_size(8)));
typedef int32_t v4i __attribute__((vector_size(16)));
typedef uint32_t v2u __attribute__((vector_size(8)));
typedef uint32_t v4u __attribute__((vector_size(16)));

static float vdot2(v2f a, v2f b) { return a[0] * b[0] + a[1] * b[1]; }
static float vdot3(v4f a, v4f b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
static float vdot4(v4f a, v4f b) { return vdot3(a, b) + a[3] * b[3]; }
/* OpenCL: a 4-lane cross product's fourth lane is 0 */
static v4f vcross(v4f a, v4f b) {
  return (v4f){a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0],
               0.0f};
}
static float vlen2(v2f a) { return sqrtf(vdot2(a, a)); }
static float vlen3(v4f a) { return sqrtf(vdot3(a, a)); }
static float vlen4(v4f a) { return sqrtf(vdot4(a, a)); }
static float vdist2(v2f a, v2f b) { return vlen2(a - b); }
static float vdist3(v4f a, v4f b) { return vlen3(a - b); }
static float vdist4(v4f a, v4f b) { return vlen4(a - b); }
/* a zero vector normalizes to itself (OpenCL 6.15.6) */
static v2f vnorm2(v2f a) { float l = vlen2(a); return l == 0.0f ? a : a / l; }
static v4f vnorm3(v4f a) { float l = vlen3(a); return l == 0.0f ? a : a / l; }
static v4f vnorm4(v4f a) { float l = vlen4(a); return l == 0.0f ? a : a / l; }

/* lane by lane: F(lane, ...) applied to 2 and to 4 lanes */
#define VMAP1(n, T2, T4, F)                                                    \
  static T2 n##_2(T2 a) { return (T2){F(a[0]), F(a[1])}; }                     \
  static T4 n##_4(T4 a) { return (T4){F(a[0]), F(a[1]), F(a[2]), F(a[3])}; }
#define VMAP2(n, T2, T4, F)                                                    \
  static T2 n##_2(T2 a, T2 b) { return (T2){F(a[0], b[0]), F(a[1], b[1])}; }   \
  static T4 n##_4(T4 a, T4 b) {                                                \
    return (T4){F(a[0], b[0]), F(a[1], b[1]), F(a[2], b[2]), F(a[3], b[3])};   \
  }
/* a vector and a scalar: the scalar in every lane */
#define VMAPS(n, T2, T4, E, F)                                                 \
  static T2 n##_2(T2 a, E b) { return (T2){F(a[0], b), F(a[1], b)}; }          \
  static T4 n##_4(T4 a, E b) { return (T4){F(a[0], b), F(a[1], b), F(a[2], b), F(a[3], b)}; }
#define VMAP3(n, T2, T4, F)                                                    \
  static T2 n##_2(T2 a, T2 b, T2 c) {                                          \
    return (T2){F(a[0], b[0], c[0]), F(a[1], b[1], c[1])};                     \
  }                                                                            \
  static T4 n##_4(T4 a, T4 b, T4 c) {                                          \
    return (T4){F(a[0], b[0], c[0]), F(a[1], b[1], c[1]), F(a[2], b[2], c[2]),  \
                F(a[3], b[3], c[3])};                                          \
  }
static float mixf_(float x, float y, float a) { return x + (y - x) * a; }
VMAP1(vfabs, v2f, v4f, fabsf)
VMAP1(vfloor, v2f, v4f, floorf)
VMAP1(vceil, v2f, v4f, ceilf)
VMAP1(vtrunc, v2f, v4f, truncf)
VMAP1(vround, v2f, v4f, roundf)
VMAP1(vsqrt, v2f, v4f, sqrtf)
VMAP1(vrsqrt, v2f, v4f, rsqrtf_)
VMAP1(vexp, v2f, v4f, expf)
VMAP1(vlog, v2f, v4f, logf)
VMAP1(vsin, v2f, v4f, sinf)
VMAP1(vcos, v2f, v4f, cosf)
VMAP2(vfmin, v2f, v4f, fminf)
VMAP2(vfmax, v2f, v4f, fmaxf)
VMAP2(vpow, v2f, v4f, powf)
VMAP2(vfmod, v2f, v4f, fmodf)
VMAP2(vatan2, v2f, v4f, atan2f)
VMAP2(vcopysign, v2f, v4f, copysignf)
VMAPS(vfmins, v2f, v4f, float, fminf)
VMAPS(vfmaxs, v2f, v4f, float, fmaxf)
VMAP3(vfma, v2f, v4f, fmaf)
VMAP3(vmad, v2f, v4f, madf_)
VMAP3(vclamp, v2f, v4f, clampf_)
VMAP3(vmix, v2f, v4f, mixf_)
static v2f vclamps_2(v2f x, float lo, float hi) { return vfmins_2(vfmaxs_2(x, lo), hi); }
static v4f vclamps_4(v4f x, float lo, float hi) { return vfmins_4(vfmaxs_4(x, lo), hi); }
static v2f vmixs_2(v2f x, v2f y, float a) { return x + (y - x) * a; }
static v4f vmixs_4(v4f x, v4f y, float a) { return x + (y - x) * a; }
VMAP2(vimin, v2i, v4i, imin)
VMAP2(vimax, v2i, v4i, imax)
VMAP2(vumin, v2u, v4u, umin)
VMAP2(vumax, v2u, v4u, umax)
VMAPS(vimins, v2i, v4i, int32_t, imin)
VMAPS(vimaxs, v2i, v4i, int32_t, imax)
VMAPS(vumins, v2u, v4u, uint32_t, umin)
VMAPS(vumaxs, v2u, v4u, uint32_t, umax)
/* select(a, b, c): b's lane where c's lane has its top bit set, else a's */
static v2i vselect_2(v2i a, v2i b, v2i c) { return ((c < 0) & b) | ((c >= 0) & a); }
static v4i vselect_4(v4i a, v4i b, v4i c) { return ((c < 0) & b) | ((c >= 0) & a); }
/* the relational tests of vectors: -1 where true, 0 where not (a
   comparison of GNU C vectors gives just that) */
#define VREL(n, OP)                                                            \
  static v2i n##_2(v2f a, v2f b) { return a OP b; }                            \
  static v4i n##_4(v4f a, v4f b) { return a OP b; }
VREL(visless, <)
VREL(visgreater, >)
VREL(vislessequal, <=)
VREL(visgreaterequal, >=)
VREL(visequal, ==)
VREL(visnotequal, !=)

/* vloadn(offset, p) and vstoren(v, offset, p) of 2, 3 and 4 lanes of a
   32-bit element (float, int, uint: the same bits in an XMM register):
   p + n x offset, n x 4 bytes, checked like any access (with_mem's
   BuiltinMem, vec_mem below).  Three lanes travel as four; the fourth is
   neither read nor written. */
static v2u b_vload2(size_t off, const uint32_t *p) { p += 2 * off; return (v2u){p[0], p[1]}; }
static v4u b_vload3(size_t off, const uint32_t *p) {
  p += 3 * off;
  return (v4u){p[0], p[1], p[2], 0};
}
static v4u b_vload4(size_t off, const uint32_t *p) {
  p += 4 * off;
  return (v4u){p[0], p[1], p[2], p[3]};
}
static void b_vstore2(v2u v, size_t off, uint32_t *p) {
  p += 2 * off;
  p[0] = v[0];
  p[1] = v[1];
}
static void b_vstore3(v4u v, size_t off, uint32_t *p) {
  p += 3 * off;
  for (int i = 0; i < 3; i++)
    p[i] = v[i];
}
static void b_vstore4(v4u v, size_t off, uint32_t *p) {
  p += 4 * off;
  for (int i = 0; i < 4; i++)
    p[i] = v[i];
}

/* "vload4" + "mPU3AS1Kf", "vstore2" + "Dv2_fmPU3AS3f": the function for
   a 32-bit element (f, i, j), its memory into *mem; else NULL. */
static BuiltinFn lookup_vloadstore(const char *base, const char *params, BuiltinMem *mem) {
  bool load = !strncmp(base, "vload", 5), store = !strncmp(base, "vstore", 6);
  const char *n = base + (load ? 5 : 6);
  size_t plen = strlen(params);
  if ((!load && !store) || n[0] < '2' || n[0] > '4' || n[1] || !plen ||
      !strchr("fij", params[plen - 1]))
    return NULL;
  int lanes = n[0] - '0';
  *mem = (BuiltinMem){load ? 1 : 2, load ? 0 : 1, 4u * (unsigned)lanes};
  switch (lanes) {
  case 2:
    return load ? (BuiltinFn)b_vload2 : (BuiltinFn)b_vstore2;
  case 3:
    return load ? (BuiltinFn)b_vload3 : (BuiltinFn)b_vstore3;
  default:
    return load ? (BuiltinFn)b_vload4 : (BuiltinFn)b_vstore4;
  }
}

typedef struct VecFn {
  const char *name;
  const char *sig; /* vec_sig: v a vector of the first's type, s its element, m a mask */
  char elem;       /* f i j, or * for any 32-bit element */
  BuiltinFn fn[3]; /* 2, 3 and 4 lanes */
} VecFn;

#define LANES(n) {(BuiltinFn)n##_2, (BuiltinFn)n##_4, (BuiltinFn)n##_4}
static const VecFn vec_fns[] = {
    {"dot", "vv", 'f', {(BuiltinFn)vdot2, (BuiltinFn)vdot3, (BuiltinFn)vdot4}},
    {"cross", "vv", 'f', {NULL, (BuiltinFn)vcross, (BuiltinFn)vcross}},
    {"length", "v", 'f', {(BuiltinFn)vlen2, (BuiltinFn)vlen3, (BuiltinFn)vlen4}},
    {"fast_length", "v", 'f', {(BuiltinFn)vlen2, (BuiltinFn)vlen3, (BuiltinFn)vlen4}},
    {"distance", "vv", 'f', {(BuiltinFn)vdist2, (BuiltinFn)vdist3, (BuiltinFn)vdist4}},
    {"fast_distance", "vv", 'f', {(BuiltinFn)vdist2, (BuiltinFn)vdist3, (BuiltinFn)vdist4}},
    {"normalize", "v", 'f', {(BuiltinFn)vnorm2, (BuiltinFn)vnorm3, (BuiltinFn)vnorm4}},
    {"fast_normalize", "v", 'f', {(BuiltinFn)vnorm2, (BuiltinFn)vnorm3, (BuiltinFn)vnorm4}},
    {"fabs", "v", 'f', LANES(vfabs)},
    {"floor", "v", 'f', LANES(vfloor)},
    {"ceil", "v", 'f', LANES(vceil)},
    {"trunc", "v", 'f', LANES(vtrunc)},
    {"round", "v", 'f', LANES(vround)},
    {"sqrt", "v", 'f', LANES(vsqrt)},
    {"rsqrt", "v", 'f', LANES(vrsqrt)},
    {"exp", "v", 'f', LANES(vexp)},
    {"log", "v", 'f', LANES(vlog)},
    {"sin", "v", 'f', LANES(vsin)},
    {"cos", "v", 'f', LANES(vcos)},
    {"fmin", "vv", 'f', LANES(vfmin)},
    {"min", "vv", 'f', LANES(vfmin)},
    {"fmax", "vv", 'f', LANES(vfmax)},
    {"max", "vv", 'f', LANES(vfmax)},
    {"pow", "vv", 'f', LANES(vpow)},
    {"fmod", "vv", 'f', LANES(vfmod)},
    {"atan2", "vv", 'f', LANES(vatan2)},
    {"copysign", "vv", 'f', LANES(vcopysign)},
    {"fmin", "vs", 'f', LANES(vfmins)},
    {"min", "vs", 'f', LANES(vfmins)},
    {"fmax", "vs", 'f', LANES(vfmaxs)},
    {"max", "vs", 'f', LANES(vfmaxs)},
    {"fma", "vvv", 'f', LANES(vfma)},
    {"mad", "vvv", 'f', LANES(vmad)},
    {"clamp", "vvv", 'f', LANES(vclamp)},
    {"clamp", "vss", 'f', LANES(vclamps)},
    {"mix", "vvv", 'f', LANES(vmix)},
    {"mix", "vvs", 'f', LANES(vmixs)},
    {"min", "vv", 'i', LANES(vimin)},
    {"max", "vv", 'i', LANES(vimax)},
    {"min", "vv", 'j', LANES(vumin)},
    {"max", "vv", 'j', LANES(vumax)},
    {"min", "vs", 'i', LANES(vimins)},
    {"max", "vs", 'i', LANES(vimaxs)},
    {"min", "vs", 'j', LANES(vumins)},
    {"max", "vs", 'j', LANES(vumaxs)},
    {"select", "vvm", '*', LANES(vselect)},
    /* select of int or uint vectors by a mask of their own type: S_ */
    {"select", "vvv", 'i', LANES(vselect)},
    {"select", "vvv", 'j', LANES(vselect)},
    {"isless", "vv", 'f', LANES(visless)},
    {"isgreater", "vv", 'f', LANES(visgreater)},
    {"islessequal", "vv", 'f', LANES(vislessequal)},
    {"isgreaterequal", "vv", 'f', LANES(visgreaterequal)},
    {"isequal", "vv", 'f', LANES(visequal)},
    {"isnotequal", "vv", 'f', LANES(visnotequal)},
};

/* ---- exact names ------------------------------------------------------- */
typedef struct Exact {
  const char *name;
  BuiltinFn fn;
} Exact;

static const Exact exact[] = {
    {"llvm.nvvm.read.ptx.sreg.tid.x", (BuiltinFn)s_tid_x},
    {"llvm.nvvm.read.ptx.sreg.tid.y", (BuiltinFn)s_tid_y},
    {"llvm.nvvm.read.ptx.sreg.tid.z", (BuiltinFn)s_tid_z},
    {"llvm.nvvm.read.ptx.sreg.ntid.x", (BuiltinFn)s_ntid_x},
    {"llvm.nvvm.read.ptx.sreg.ntid.y", (BuiltinFn)s_ntid_y},
    {"llvm.nvvm.read.ptx.sreg.ntid.z", (BuiltinFn)s_ntid_z},
    {"llvm.nvvm.read.ptx.sreg.ctaid.x", (BuiltinFn)s_ctaid_x},
    {"llvm.nvvm.read.ptx.sreg.ctaid.y", (BuiltinFn)s_ctaid_y},
    {"llvm.nvvm.read.ptx.sreg.ctaid.z", (BuiltinFn)s_ctaid_z},
    {"llvm.nvvm.read.ptx.sreg.nctaid.x", (BuiltinFn)s_nctaid_x},
    {"llvm.nvvm.read.ptx.sreg.nctaid.y", (BuiltinFn)s_nctaid_y},
    {"llvm.nvvm.read.ptx.sreg.nctaid.z", (BuiltinFn)s_nctaid_z},
    {"llvm.nvvm.read.ptx.sreg.warpsize", (BuiltinFn)s_warpsize},
    {"llvm.nvvm.read.ptx.sreg.clock", (BuiltinFn)s_clock},
    {"llvm.nvvm.read.ptx.sreg.clock64", (BuiltinFn)rt_clock},
    {"llvm.nvvm.read.ptx.sreg.globaltimer", (BuiltinFn)rt_clock},
    /* inline PTX's %reserved_smem_offset_1 and cvta.shared (ptxasm.c) */
    {"gasp.smem.reserved", (BuiltinFn)rt_smem_reserved},
    {"gasp.smem.window", (BuiltinFn)rt_smem_window},
    /* NVPTX's shared and local pointers as integers (window.c) */
    {"gasp.window.offset", (BuiltinFn)rt_window_offset},
    {"gasp.window.address", (BuiltinFn)rt_window_address},
    {"gasp.cc.get", (BuiltinFn)rt_carry},
    {"gasp.cc.set", (BuiltinFn)rt_set_carry},
    {"llvm.nvvm.barrier0", (BuiltinFn)rt_barrier},
    {"llvm.nvvm.barrier.sync", (BuiltinFn)rt_barrier},
    {"llvm.nvvm.bar.sync", (BuiltinFn)rt_barrier},
    {"llvm.nvvm.barrier.cta.sync.aligned.all", (BuiltinFn)rt_barrier},
    {"llvm.nvvm.barrier.cta.sync.all", (BuiltinFn)rt_barrier},
    {"llvm.nvvm.barrier.cta.sync.aligned", (BuiltinFn)rt_barrier},
    {"llvm.nvvm.membar.cta", (BuiltinFn)b_nop},
    {"llvm.nvvm.membar.gl", (BuiltinFn)b_nop},
    {"llvm.nvvm.membar.sys", (BuiltinFn)b_nop},
    /* the fast math CUDA's headers reach (__sinf, __expf, sqrtf with
       -ffast-math, fabsf): the host's, at its own precision */
    {"llvm.nvvm.sqrt.approx.f", (BuiltinFn)sqrtf},
    {"llvm.nvvm.sqrt.approx.ftz.f", (BuiltinFn)sqrtf},
    {"llvm.nvvm.sin.approx.f", (BuiltinFn)sinf},
    {"llvm.nvvm.sin.approx.ftz.f", (BuiltinFn)sinf},
    {"llvm.nvvm.cos.approx.f", (BuiltinFn)cosf},
    {"llvm.nvvm.cos.approx.ftz.f", (BuiltinFn)cosf},
    {"llvm.nvvm.ex2.approx.f32", (BuiltinFn)exp2f},
    {"llvm.nvvm.ex2.approx.ftz.f32", (BuiltinFn)exp2f},
    {"llvm.nvvm.lg2.approx.f", (BuiltinFn)log2f},
    {"llvm.nvvm.lg2.approx.ftz.f", (BuiltinFn)log2f},
    {"llvm.nvvm.fabs.f32", (BuiltinFn)fabsf},
    {"llvm.nvvm.fabs.f64", (BuiltinFn)fabs},
    {"llvm.amdgcn.fract.f32", (BuiltinFn)fractf_},
    {"llvm.amdgcn.fract.f64", (BuiltinFn)fract_},
    {"llvm.amdgcn.rcp.f32", (BuiltinFn)rcpf_},
    {"llvm.nvvm.isspacep.global", (BuiltinFn)b_nv_is_global},
    {"llvm.nvvm.isspacep.shared", (BuiltinFn)b_is_local},
    {"llvm.nvvm.isspacep.local", (BuiltinFn)b_is_private},
    {"llvm.nvvm.isspacep.const", (BuiltinFn)b_is_constant},
    {"llvm.amdgcn.workitem.id.x", (BuiltinFn)s_tid_x},
    {"llvm.amdgcn.workitem.id.y", (BuiltinFn)s_tid_y},
    {"llvm.amdgcn.workitem.id.z", (BuiltinFn)s_tid_z},
    {"llvm.amdgcn.workgroup.id.x", (BuiltinFn)s_ctaid_x},
    {"llvm.amdgcn.workgroup.id.y", (BuiltinFn)s_ctaid_y},
    {"llvm.amdgcn.workgroup.id.z", (BuiltinFn)s_ctaid_z},
    {"llvm.amdgcn.s.barrier", (BuiltinFn)rt_barrier},
    {"llvm.amdgcn.wave.barrier", (BuiltinFn)b_nop},
    {"llvm.amdgcn.dispatch.ptr", (BuiltinFn)rt_dispatch_packet},
    {"llvm.amdgcn.implicitarg.ptr", (BuiltinFn)rt_implicit_args},
    {"__atomic_work_item_fence", (BuiltinFn)b_nop}, /* ROCm 5 HIP's __syncthreads */
    {"llvm.amdgcn.is.shared", (BuiltinFn)b_is_local},
    {"llvm.amdgcn.is.private", (BuiltinFn)b_is_private},
    {"printf", (BuiltinFn)b_printf},
    {"vprintf", (BuiltinFn)b_vprintf},
    {"__assertfail", (BuiltinFn)rt_assert_failed},
    {"llvm.trap", (BuiltinFn)rt_trap},
    {"llvm.debugtrap", (BuiltinFn)rt_trap},
    {"llvm.ubsantrap", (BuiltinFn)rt_trap},
    {"__to_global", (BuiltinFn)b_to_global},
    {"__to_local", (BuiltinFn)b_to_local},
    {"__to_private", (BuiltinFn)b_to_private},
};

/* Base name of a builtin that touches memory -> its function and that
   memory: the half loads and stores, 2 bytes at p + 2 x offset, checked
   sites (prep.c) like any access. */
static const struct {
  const char *name;
  BuiltinFn fn;
  BuiltinMem mem;
} with_mem[] = {
    {"vload_half", (BuiltinFn)b_vload_half, {1, 0, 2}},
    {"vstore_half", (BuiltinFn)b_vstore_half, {2, 1, 2}},
    {"vstore_half_rte", (BuiltinFn)b_vstore_half, {2, 1, 2}},
};

/* Base name of a mangled OpenCL builtin -> work-item function or cast. */
static const Exact by_base[] = {
    {"get_global_id", (BuiltinFn)rt_global_id},
    {"get_local_id", (BuiltinFn)rt_local_id},
    {"get_group_id", (BuiltinFn)rt_group_id},
    {"get_global_size", (BuiltinFn)rt_global_size},
    {"get_local_size", (BuiltinFn)rt_local_size},
    {"get_enqueued_local_size", (BuiltinFn)rt_local_size},
    {"get_num_groups", (BuiltinFn)rt_num_groups},
    {"get_global_offset", (BuiltinFn)rt_global_offset},
    {"get_work_dim", (BuiltinFn)rt_work_dim},
    {"get_global_linear_id", (BuiltinFn)b_linear_global},
    {"get_local_linear_id", (BuiltinFn)rt_linear_local_id},
    {"__spirv_BuiltInGlobalInvocationId", (BuiltinFn)rt_global_id},
    {"__spirv_BuiltInLocalInvocationId", (BuiltinFn)rt_local_id},
    {"__spirv_BuiltInWorkgroupId", (BuiltinFn)rt_group_id},
    {"__spirv_BuiltInGlobalSize", (BuiltinFn)rt_global_size},
    {"__spirv_BuiltInWorkgroupSize", (BuiltinFn)rt_local_size},
    {"__spirv_BuiltInNumWorkgroups", (BuiltinFn)rt_num_groups},
    {"__spirv_BuiltInGlobalOffset", (BuiltinFn)rt_global_offset},
    {"barrier", (BuiltinFn)rt_barrier},
    {"work_group_barrier", (BuiltinFn)rt_barrier},
    {"__spirv_ControlBarrier", (BuiltinFn)rt_barrier},
    {"mem_fence", (BuiltinFn)b_nop},
    {"read_mem_fence", (BuiltinFn)b_nop},
    {"write_mem_fence", (BuiltinFn)b_nop},
    {"atomic_work_item_fence", (BuiltinFn)b_nop},
    {"__spirv_MemoryBarrier", (BuiltinFn)b_nop},
    {"to_global", (BuiltinFn)b_to_global},
    {"to_local", (BuiltinFn)b_to_local},
    {"to_private", (BuiltinFn)b_to_private},
    {"__spirv_GenericCastToPtrExplicit_ToGlobal", (BuiltinFn)b_to_global},
    {"__spirv_GenericCastToPtrExplicit_ToLocal", (BuiltinFn)b_to_local},
    {"__spirv_GenericCastToPtrExplicit_ToPrivate", (BuiltinFn)b_to_private},
    {"atomic_flag_test_and_set", (BuiltinFn)at_flag_tas},
    {"atomic_flag_clear", (BuiltinFn)at_flag_clear},
    {"atomic_flag_test_and_set_explicit", (BuiltinFn)at_flag_tas},
    {"atomic_flag_clear_explicit", (BuiltinFn)at_flag_clear},
};

/* ---- mangled names ----------------------------------------------------- */

/* Splits "_Z<len><name><params>"; false if s is not of that form. */
static bool demangle(const char *s, char *name, size_t cap, const char **params) {
  if (strncmp(s, "_Z", 2))
    return false;
  s += 2;
  size_t len = 0;
  while (*s >= '0' && *s <= '9')
    len = len * 10 + (size_t)(*s++ - '0');
  if (!len || len >= cap || strlen(s) < len)
    return false;
  memcpy(name, s, len);
  name[len] = 0;
  *params = s + len;
  return true;
}

/* Index 0..5 of a scalar type letter (i j l m f d; x y as l m), or -1. */
static int type_index(char c) {
  switch (c) {
  case 'i':
    return 0;
  case 'j':
    return 1;
  case 'l':
  case 'x':
    return 2;
  case 'm':
  case 'y':
    return 3;
  case 'f':
    return 4;
  case 'd':
    return 5;
  default:
    return -1;
  }
}

/* The scalar type of what the first parameter points to: skips 'P' and the
   qualifiers (U<n><vendor> such as U3AS1 or U7_Atomic, V, K, r). */
static int pointee_type(const char *p) {
  if (*p != 'P')
    return -1;
  p++;
  for (;;) {
    if (*p == 'V' || *p == 'K' || *p == 'r') {
      p++;
    } else if (*p == 'U') {
      p++;
      size_t n = 0;
      while (*p >= '0' && *p <= '9')
        n = n * 10 + (size_t)(*p++ - '0');
      if (strlen(p) < n)
        return -1;
      p += n;
    } else {
      return type_index(*p);
    }
  }
}

static const size_t type_size[] = {4, 4, 8, 8, 4, 8};

/* atomic_ops' op on type t (i j l m f d), touching the pointer argument's
   element; NULL where that type has none. */
static BuiltinFn atomic_fn(const char *op, int t, BuiltinMem *mem) {
  for (size_t i = 0; i < sizeof atomic_ops / sizeof atomic_ops[0]; i++)
    if (!strcmp(op, atomic_ops[i].op) && atomic_ops[i].fn[t]) {
      *mem = (BuiltinMem){0, -1, (unsigned)type_size[t]};
      return atomic_ops[i].fn[t];
    }
  return NULL;
}

static BuiltinFn lookup_atomic(const char *base, const char *params, BuiltinMem *mem) {
  char b[64];
  size_t n = strlen(base);
  if (n >= sizeof b)
    return NULL;
  memcpy(b, base, n + 1);
  if (n > 9 && !strcmp(b + n - 9, "_explicit"))
    b[n - 9] = 0;
  const char *op = NULL;
  for (size_t i = 0; i < sizeof atomic_names / sizeof atomic_names[0]; i++)
    if (!strcmp(b, atomic_names[i].name))
      op = atomic_names[i].op;
  int t = pointee_type(params);
  return op && t >= 0 ? atomic_fn(op, t, mem) : NULL;
}

/* NVVM's scoped atomics, llvm.nvvm.atomic.<op>.gen.<i|ui|f>.<sys|cta>.<type>.p0
   (CUDA's atomicAdd_system and the like): the same read-modify-writes. */
static BuiltinFn lookup_nvvm_atomic(const char *name, BuiltinMem *mem) {
  static const char *const ops[][2] = {{"add", "add"}, {"exch", "xchg"}, {"max", "max"},
                                       {"min", "min"}, {"inc", "uinc"}, {"dec", "udec"},
                                       {"and", "and"}, {"or", "or"},     {"xor", "xor"},
                                       {"cas", "cmpxchg"}};
  char op[8], kind[4], scope[4], ty[4];
  if (sscanf(name, "llvm.nvvm.atomic.%7[a-z].gen.%3[a-z].%3[a-z].%3[a-z0-9].p0", op, kind,
             scope, ty) != 4 || (strcmp(scope, "sys") && strcmp(scope, "cta")))
    return NULL;
  bool wide = !strcmp(ty + 1, "64"), fl = !strcmp(kind, "f");
  int t = fl ? 4 + wide : (strcmp(kind, "i") ? 1 : 0) + 2 * wide; /* i j l m f d */
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (!strcmp(op, ops[i][0]))
      return atomic_fn(ops[i][1], t, mem);
  return NULL;
}

/* A math builtin's name without the native_ or half_ of its faster forms
   (run at the host's precision all the same). */
static const char *math_name(const char *base) {
  if (!strncmp(base, "native_", 7))
    return base + 7;
  if (!strncmp(base, "half_", 5))
    return base + 5;
  return base;
}

static BuiltinFn lookup_math(const char *base, const char *params) {
  base = math_name(base);
  if (strchr(params, 'D') || strchr(params, 'P'))
    return NULL; /* vectors, pointers */
  int t = type_index(params[0]);
  if (t < 0)
    return NULL;
  for (size_t i = 0; i < sizeof math_fns / sizeof math_fns[0]; i++)
    if (!strcmp(base, math_fns[i].name))
      return math_fns[i].fn[t];
  return NULL;
}

/* A vector parameter "Dv<lanes>_<elem>" at *p: advances past it; false if
   *p is none. */
static bool vec_param(const char **p, int *lanes, char *elem) {
  const char *s = *p;
  if (strncmp(s, "Dv", 2))
    return false;
  s += 2;
  int n = 0;
  while (*s >= '0' && *s <= '9' && n < 100)
    n = n * 10 + (*s++ - '0');
  if (*s++ != '_' || !*s || !strchr("fij", *s))
    return false;
  *lanes = n;
  *elem = *s;
  *p = s + 1;
  return true;
}

/* The signature of a vector builtin's mangled parameters: the first
   parameter's lanes and element ("Dv4_f": 4, 'f'), then one letter each:
   v (a vector of the first's type: S_, its substitution, or spelled
   again), s (a scalar of its element), m (a vector of i or j of as many
   lanes: select's mask; of the first's own type it is a v).  False for
   anything else. */
static bool vec_sig(const char *p, int *lanes, char *elem, char *sig, size_t cap) {
  size_t n = 0;
  if (!vec_param(&p, lanes, elem))
    return false;
  sig[n++] = 'v';
  while (*p && n + 1 < cap) {
    int l;
    char e;
    if (!strncmp(p, "S_", 2)) {
      p += 2;
      sig[n++] = 'v';
    } else if (*p == *elem) {
      p++;
      sig[n++] = 's';
    } else if (vec_param(&p, &l, &e) && l == *lanes) {
      sig[n++] = e == *elem ? 'v' : strchr("ij", e) ? 'm' : '?';
    } else {
      return false;
    }
  }
  sig[n] = 0;
  return !*p;
}

static BuiltinFn lookup_vector(const char *base, const char *params) {
  int lanes;
  char elem, sig[8];
  base = math_name(base);
  if (!vec_sig(params, &lanes, &elem, sig, sizeof sig) || lanes < 2 || lanes > 4)
    return NULL;
  for (size_t i = 0; i < sizeof vec_fns / sizeof vec_fns[0]; i++)
    if (!strcmp(base, vec_fns[i].name) && !strcmp(sig, vec_fns[i].sig) &&
        (vec_fns[i].elem == elem || vec_fns[i].elem == '*'))
      return vec_fns[i].fn[lanes - 2];
  return NULL;
}

/* NVVM's byte permute, CUDA's __byte_perm (hash kernels: ccminer's 58
   unrun kernels called it): PTX prmt.b32 in its default mode, as ptxint.c
   runs it in inline asm.  Byte k of the result is byte (c >> 4k) & 7 of the
   eight bytes {b, a} (a the low four) or, where that selector's bit 3 is
   set, the byte's sign bit in all eight bits.  The other modes
   (llvm.nvvm.prmt.f4e, .b4e, ...) are not run. */
static uint32_t b_nv_prmt(uint32_t a, uint32_t b, uint32_t c) {
  uint64_t ab = (uint64_t)b << 32 | a;
  uint32_t d = 0;
  for (unsigned k = 0; k < 4; k++) {
    unsigned sel = c >> 4 * k & 15;
    uint32_t byte = (uint32_t)(ab >> 8 * (sel & 7)) & 0xff;
    if (sel & 8)
      byte = byte & 0x80 ? 0xff : 0;
    d |= byte << 8 * k;
  }
  return d;
}

/* NVVM's integer intrinsics CUDA's __mulhi, __umulhi, __mul64hi,
   __umul64hi, __mul24 and __umul24 call: OpenCL C's mul_hi and mul24 of
   the same type (intfns.c), named by its Itanium letter. */
static const struct {
  const char *name, *base, *params;
} nvvm_int[] = {
    {"llvm.nvvm.mulhi.s", "mul_hi", "ss"},   {"llvm.nvvm.mulhi.us", "mul_hi", "tt"},
    {"llvm.nvvm.mulhi.i", "mul_hi", "ii"},   {"llvm.nvvm.mulhi.ui", "mul_hi", "jj"},
    {"llvm.nvvm.mulhi.ll", "mul_hi", "ll"},  {"llvm.nvvm.mulhi.ull", "mul_hi", "mm"},
    {"llvm.nvvm.mul24.i", "mul24", "ii"},    {"llvm.nvvm.mul24.ui", "mul24", "jj"},
};

BuiltinFn builtin_lookup(const char *name, BuiltinMem *mem) {
  *mem = (BuiltinMem){-1, -1, 0};
  BuiltinFn w = warp_lookup(name);
  if (!w)
    w = nvmath_lookup(name);
  if (!w)
    w = convert_lookup(name);
  if (!w)
    w = lookup_nvvm_atomic(name, mem);
  if (w)
    return w;
  for (size_t i = 0; i < sizeof exact / sizeof exact[0]; i++)
    if (!strcmp(name, exact[i].name))
      return exact[i].fn;
  for (size_t i = 0; i < sizeof nvvm_int / sizeof nvvm_int[0]; i++)
    if (!strcmp(name, nvvm_int[i].name))
      return intfn_lookup(nvvm_int[i].base, nvvm_int[i].params);
  if (!strcmp(name, "llvm.nvvm.prmt"))
    return (BuiltinFn)b_nv_prmt;
  /* llvm.spv.generic.cast.to.ptr.explicit.p<N>.p4: the result space picks
     the cast; SPIR numbering (1 global, 3 local, 0 private). */
  const char *spv = "llvm.spv.generic.cast.to.ptr.explicit.p";
  if (!strncmp(name, spv, strlen(spv))) {
    int as = atoi(name + strlen(spv));
    return as == 1 ? (BuiltinFn)b_to_global
           : as == 3 ? (BuiltinFn)b_to_local
           : as == 0 ? (BuiltinFn)b_to_private
                     : NULL;
  }
  char base[128];
  const char *params;
  if (!demangle(name, base, sizeof base, &params))
    return NULL;
  bool fract = !strcmp(base, "fract"), modf_ = !strcmp(base, "modf");
  if ((fract || modf_) && (params[0] == 'f' || params[0] == 'd') && params[1] == 'P') {
    bool d = params[0] == 'd';
    *mem = (BuiltinMem){1, -1, d ? 8u : 4u};
    return fract ? (d ? (BuiltinFn)b_fract : (BuiltinFn)b_fractf)
                 : (d ? (BuiltinFn)b_modf : (BuiltinFn)b_modff);
  }
  for (size_t i = 0; i < sizeof with_mem / sizeof with_mem[0]; i++)
    if (!strcmp(base, with_mem[i].name)) {
      *mem = with_mem[i].mem;
      return with_mem[i].fn;
    }
  for (size_t i = 0; i < sizeof by_base / sizeof by_base[0]; i++)
    if (!strcmp(base, by_base[i].name))
      return by_base[i].fn;
  BuiltinFn f = lookup_vloadstore(base, params, mem);
  if (f)
    return f;
  f = lookup_atomic(base, params, mem);
  if (f)
    return f;
  f = lookup_vector(base, params);
  if (f)
    return f;
  f = intfn_lookup(base, params);
  if (f)
    return f;
  return lookup_math(base, params);
}
