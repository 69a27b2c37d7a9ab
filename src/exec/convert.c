/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* convert.c — OpenCL C's explicit conversions, convert_<type>[n][_sat]
 * [_rte|_rtz|_rtp|_rtn] (OpenCL C 3.0, 6.4.3), of scalars and vectors of
 * the integer types, float and double, made LLVM instructions before the
 * declarations are linked (prep.c), so that gasp-run runs kernels that call
 * them (ggml's OpenCL kernels, xmrig's CryptoNight).
 *
 *   integer -> integer  trunc, sext or zext; _sat clamps to the result's
 *                       range first (compared in 128 bits)
 *   float -> integer    the rounding (none or _rtz: toward zero, _rte:
 *                       llvm.roundeven, _rtp: llvm.ceil, _rtn: llvm.floor),
 *                       then fptosi/fptoui, frozen (an out-of-range value is
 *                       the host's answer), or llvm.fpto[su]i.sat for _sat
 *                       (NaN gives 0, as OpenCL says)
 *   integer -> float,   none or _rte: sitofp/uitofp/fpext/fptrunc, the
 *   float -> float      host's round to nearest even; _rtz/_rtp/_rtn where
 *                       the result can be inexact (32- and 64-bit integers
 *                       to float, 64-bit ones to double, double to float):
 *                       lane by lane a call of one of the functions below,
 *                       which convert under fesetround's mode
 *
 * Left as calls (linking then names them): half (`Dh`, cl_khr_fp16) and
 * any name that does not parse.  test/exec/convert.cl checks the results
 * against libclc-22's own definitions for nvptx64.
 */
#include "exec/exec.h"

#include <llvm-c/DebugInfo.h>
#include <fenv.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ---- the directed roundings the host's instructions do not have ------- */
#define CVT(mode, FE, D, DT, S, ST)                                            \
  static DT cvt_##mode##_##D##_##S(ST x) {                                    \
    int old = fegetround();                                                    \
    fesetround(FE);                                                            \
    volatile ST in = x;                                                        \
    volatile DT out = (DT)in;                                                  \
    fesetround(old);                                                           \
    return out;                                                                \
  }
#define CVT_MODES(D, DT, S, ST)                                                \
  CVT(rtz, FE_TOWARDZERO, D, DT, S, ST)                                        \
  CVT(rtp, FE_UPWARD, D, DT, S, ST)                                            \
  CVT(rtn, FE_DOWNWARD, D, DT, S, ST)
CVT_MODES(f32, float, i32, int32_t)
CVT_MODES(f32, float, u32, uint32_t)
CVT_MODES(f32, float, i64, int64_t)
CVT_MODES(f32, float, u64, uint64_t)
CVT_MODES(f32, float, f64, double)
CVT_MODES(f64, double, i64, int64_t)
CVT_MODES(f64, double, u64, uint64_t)

#define CVT_ROW(mode, D, S) {"gasp.cvt." #mode "." #D "." #S, (BuiltinFn)cvt_##mode##_##D##_##S}
#define CVT_ROWS(D, S) CVT_ROW(rtz, D, S), CVT_ROW(rtp, D, S), CVT_ROW(rtn, D, S)
static const struct {
  const char *name;
  BuiltinFn fn;
} cvt_fns[] = {CVT_ROWS(f32, i32), CVT_ROWS(f32, u32), CVT_ROWS(f32, i64), CVT_ROWS(f32, u64),
               CVT_ROWS(f32, f64), CVT_ROWS(f64, i64), CVT_ROWS(f64, u64)};

BuiltinFn convert_lookup(const char *name) {
  for (size_t i = 0; i < sizeof cvt_fns / sizeof cvt_fns[0]; i++)
    if (!strcmp(name, cvt_fns[i].name))
      return cvt_fns[i].fn;
  return NULL;
}

/* ---- parsing ------------------------------------------------------------ */
typedef enum { RND_NONE, RND_RTE, RND_RTZ, RND_RTP, RND_RTN } Rounding;

typedef struct Conv {
  bool dst_float, dst_unsigned, sat;
  Rounding rnd;
  bool src_float, src_unsigned;
} Conv;

/* "_Z<len>convert_<type>[n][_sat][_rnd]<param>": the result's type and
   options from the name, the source's signedness from the parameter (a
   scalar letter or Dv<n>_<letter>). */
static bool parse(const char *mangled, Conv *c) {
  if (strncmp(mangled, "_Z", 2))
    return false;
  const char *p = mangled + 2;
  size_t len = 0;
  while (*p >= '0' && *p <= '9')
    len = len * 10 + (size_t)(*p++ - '0');
  if (len < 9 || strlen(p) <= len || strncmp(p, "convert_", 8))
    return false;
  const char *n = p + 8, *end = p + len, *param = end;
  static const struct {
    const char *name;
    bool is_float, is_unsigned;
  } types[] = {{"uchar", 0, 1}, {"ushort", 0, 1}, {"uint", 0, 1},  {"ulong", 0, 1},
               {"char", 0, 0},  {"short", 0, 0},  {"int", 0, 0},   {"long", 0, 0},
               {"float", 1, 0}, {"double", 1, 0}};
  size_t i, tl = 0;
  for (i = 0; i < sizeof types / sizeof types[0]; i++) {
    tl = strlen(types[i].name);
    if ((size_t)(end - n) >= tl && !strncmp(n, types[i].name, tl))
      break;
  }
  if (i == sizeof types / sizeof types[0])
    return false;
  *c = (Conv){types[i].is_float, types[i].is_unsigned, false, RND_NONE, false, false};
  n += tl;
  while (n < end && *n >= '0' && *n <= '9')
    n++; /* the vector width: the call's type says it */
  if (end - n >= 4 && !strncmp(n, "_sat", 4)) {
    c->sat = true;
    n += 4;
  }
  static const char modes[] = "ezpn"; /* _rte _rtz _rtp _rtn, in Rounding's order */
  const char *m = end - n == 4 && !strncmp(n, "_rt", 3) ? strchr(modes, n[3]) : NULL;
  if (m && *m) {
    c->rnd = (Rounding)(RND_RTE + (m - modes));
    n += 4;
  }
  if (n != end || (c->sat && c->dst_float))
    return false;
  if (!strncmp(param, "Dv", 2)) {
    param += 2;
    while (*param >= '0' && *param <= '9')
      param++;
    if (*param++ != '_')
      return false;
  }
  if (param[1] && strcmp(param + 1, "S_"))
    return false; /* one parameter */
  switch (*param) {
  case 'h': case 't': case 'j': case 'm': case 'y':
    c->src_unsigned = true;
    return true;
  case 'c': case 'a': case 's': case 'i': case 'l': case 'x':
    return true;
  case 'f': case 'd':
    c->src_float = true;
    return true;
  default:
    return false; /* half, bool, ... */
  }
}

/* ---- building ----------------------------------------------------------- */
static LLVMTypeRef elem_of(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
}

static unsigned lanes_of(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetVectorSize(t) : 0;
}

/* t's shape (scalar or as many lanes as like) with element e */
static LLVMTypeRef shaped(LLVMTypeRef like, LLVMTypeRef e) {
  return lanes_of(like) ? LLVMVectorType(e, lanes_of(like)) : e;
}

static bool is_fp(LLVMTypeRef e) {
  LLVMTypeKind k = LLVMGetTypeKind(e);
  return k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind;
}

static unsigned bits_of(LLVMTypeRef e) {
  LLVMTypeKind k = LLVMGetTypeKind(e);
  return k == LLVMFloatTypeKind ? 32 : k == LLVMDoubleTypeKind ? 64 : LLVMGetIntTypeWidth(e);
}

static LLVMValueRef call_intrinsic(Prep *s, const char *name, LLVMTypeRef *over, size_t nover,
                                   LLVMValueRef *args, unsigned nargs) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  LLVMValueRef f = LLVMGetIntrinsicDeclaration(s->m, id, over, nover);
  LLVMTypeRef ft = LLVMIntrinsicGetType(s->ctx, id, over, nover);
  return LLVMBuildCall2(s->b, ft, f, args, nargs, "");
}

/* a splat of constant integer v of type t (128 bits of value) */
static LLVMValueRef splat(LLVMTypeRef t, LLVMValueRef v) {
  unsigned n = lanes_of(t);
  if (!n)
    return v;
  LLVMValueRef lanes[32];
  if (n > 32)
    return NULL;
  for (unsigned i = 0; i < n; i++)
    lanes[i] = v;
  return LLVMConstVector(lanes, n);
}

/* -(2^b) (neg, b < 64) or 2^b - 1 (b <= 64) in 128 bits */
static LLVMValueRef const128(LLVMContextRef ctx, bool neg, unsigned b) {
  uint64_t w[2] = {neg ? ~((1ull << b) - 1) : b == 64 ? ~0ull : (1ull << b) - 1, neg ? ~0ull : 0};
  return LLVMConstIntOfArbitraryPrecision(LLVMIntTypeInContext(ctx, 128), 2, w);
}

static LLVMValueRef int_to_int(Prep *s, const Conv *c, LLVMValueRef x, LLVMTypeRef rt) {
  LLVMTypeRef se = elem_of(LLVMTypeOf(x)), de = elem_of(rt);
  unsigned sb = bits_of(se), db = bits_of(de);
  if (c->sat) {
    LLVMTypeRef w = shaped(rt, LLVMIntTypeInContext(s->ctx, 128));
    LLVMValueRef v = c->src_unsigned ? LLVMBuildZExt(s->b, x, w, "") : LLVMBuildSExt(s->b, x, w, "");
    LLVMValueRef lo = splat(w, c->dst_unsigned ? LLVMConstNull(LLVMIntTypeInContext(s->ctx, 128))
                                               : const128(s->ctx, true, db - 1));
    LLVMValueRef hi = splat(w, const128(s->ctx, false, c->dst_unsigned ? db : db - 1));
    v = LLVMBuildSelect(s->b, LLVMBuildICmp(s->b, LLVMIntSLT, v, lo, ""), lo, v, "");
    v = LLVMBuildSelect(s->b, LLVMBuildICmp(s->b, LLVMIntSGT, v, hi, ""), hi, v, "");
    return LLVMBuildTrunc(s->b, v, rt, "");
  }
  if (db < sb)
    return LLVMBuildTrunc(s->b, x, rt, "");
  if (db > sb)
    return c->src_unsigned ? LLVMBuildZExt(s->b, x, rt, "") : LLVMBuildSExt(s->b, x, rt, "");
  return x;
}

static LLVMValueRef fp_to_int(Prep *s, const Conv *c, LLVMValueRef x, LLVMTypeRef rt) {
  LLVMTypeRef xt = LLVMTypeOf(x);
  static const char *round_fn[] = {NULL, "llvm.roundeven", NULL, "llvm.ceil", "llvm.floor"};
  if (round_fn[c->rnd])
    x = call_intrinsic(s, round_fn[c->rnd], &xt, 1, &x, 1);
  if (c->sat) {
    LLVMTypeRef over[2] = {rt, xt};
    return call_intrinsic(s, c->dst_unsigned ? "llvm.fptoui.sat" : "llvm.fptosi.sat", over, 2,
                          &x, 1);
  }
  LLVMValueRef v = c->dst_unsigned ? LLVMBuildFPToUI(s->b, x, rt, "") : LLVMBuildFPToSI(s->b, x, rt, "");
  return LLVMBuildFreeze(s->b, v, "");
}

/* Into buf, the runtime function for a directed rounding to element de from
   element se (signedness: c); false where the host's instruction is exact. */
static bool directed_name(const Conv *c, LLVMTypeRef se, LLVMTypeRef de, char *buf, size_t cap) {
  unsigned sb = bits_of(se), db = bits_of(de);
  bool sf = is_fp(se);
  if (c->rnd != RND_RTZ && c->rnd != RND_RTP && c->rnd != RND_RTN)
    return false;
  if (sf ? !(sb == 64 && db == 32) : (db == 32 ? sb < 32 : sb < 64))
    return false; /* exact: a narrower integer, or float to double */
  static const char *const modes[] = {"", "", "rtz", "rtp", "rtn"};
  snprintf(buf, cap, "gasp.cvt.%s.f%u.%s%u", modes[c->rnd], db,
           sf ? "f" : c->src_unsigned ? "u" : "i", sb);
  return true;
}

static LLVMValueRef to_fp(Prep *s, const Conv *c, LLVMValueRef x, LLVMTypeRef rt) {
  LLVMTypeRef xt = LLVMTypeOf(x), se = elem_of(xt), de = elem_of(rt);
  char dname[40];
  if (!directed_name(c, se, de, dname, sizeof dname)) {
    if (!is_fp(se))
      return c->src_unsigned ? LLVMBuildUIToFP(s->b, x, rt, "") : LLVMBuildSIToFP(s->b, x, rt, "");
    unsigned a = bits_of(se), d = bits_of(de);
    return a < d ? LLVMBuildFPExt(s->b, x, rt, "") : a > d ? LLVMBuildFPTrunc(s->b, x, rt, "") : x;
  }
  LLVMTypeRef ft = LLVMFunctionType(de, &se, 1, 0);
  LLVMValueRef f = LLVMGetNamedFunction(s->m, dname);
  if (!f)
    f = LLVMAddFunction(s->m, dname, ft);
  unsigned n = lanes_of(xt);
  if (!n)
    return LLVMBuildCall2(s->b, ft, f, &x, 1, "");
  LLVMValueRef v = LLVMGetUndef(rt);
  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef idx = LLVMConstInt(s->i32, i, 0);
    LLVMValueRef lane = LLVMBuildExtractElement(s->b, x, idx, "");
    v = LLVMBuildInsertElement(s->b, v, LLVMBuildCall2(s->b, ft, f, &lane, 1, ""), idx, "");
  }
  return v;
}

/* Replaces call by instructions; leaves it where its types are not the
   name's (linking then names it). */
static void expand(Prep *s, const Conv *c, LLVMValueRef call) {
  LLVMValueRef x = LLVMGetOperand(call, 0);
  LLVMTypeRef xt = LLVMTypeOf(x), rt = LLVMTypeOf(call);
  LLVMTypeRef se = elem_of(xt), de = elem_of(rt);
  bool sint = LLVMGetTypeKind(se) == LLVMIntegerTypeKind,
       dint = LLVMGetTypeKind(de) == LLVMIntegerTypeKind;
  if (lanes_of(xt) != lanes_of(rt) || lanes_of(xt) > 32 || (!sint && !is_fp(se)) ||
      (!dint && !is_fp(de)) || sint == c->src_float || dint == c->dst_float ||
      (sint && bits_of(se) > 64) || (dint && bits_of(de) > 64))
    return;
  LLVMPositionBuilderBefore(s->b, call);
  LLVMSetCurrentDebugLocation2(s->b, LLVMInstructionGetDebugLoc(call));
  LLVMValueRef v = dint ? (sint ? int_to_int(s, c, x, rt) : fp_to_int(s, c, x, rt))
                        : to_fp(s, c, x, rt);
  LLVMReplaceAllUsesWith(call, v);
  LLVMInstructionEraseFromParent(call);
}

void convert_expand(Prep *s) {
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f; f = LLVMGetNextFunction(f)) {
    Conv c;
    size_t len;
    if (!LLVMIsDeclaration(f) || !parse(LLVMGetValueName2(f, &len), &c))
      continue;
    for (LLVMUseRef u = LLVMGetFirstUse(f), nx; u; u = nx) {
      nx = LLVMGetNextUse(u);
      LLVMValueRef call = LLVMGetUser(u);
      if (LLVMIsACallInst(call) && LLVMGetCalledValue(call) == f &&
          LLVMGetNumArgOperands(call) == 1)
        expand(s, &c, call);
    }
  }
}
