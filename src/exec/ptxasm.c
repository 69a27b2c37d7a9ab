/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* ptxasm.c — NVPTX inline assembly on the host: a call of an inline asm
 * whose text is common PTX becomes a call of a function of IR made here
 * that does what the PTX does, so gasp-run runs kernels that use it (CUDA's
 * half and bfloat16 headers, faiss's lane id and bit-field extracts, CUB's
 * relaxed loads, CUTLASS's predicated global loads and stores, cp.async)
 * and --check-as checks the space of every access it makes: a load or
 * store of `ld.global` is a global access, of a plain `ld` a generic one.
 * prep.c calls it for the functions the kernel reaches before linking the
 * declarations (the special registers it calls are builtins.c's, the
 * shuffles and votes warp.c's).
 *
 * ptxread.c reads the text and the operands; this file gives each
 * instruction its IR and makes the function.
 *
 * The function (`__gasp_asm.<n>`, internal) takes the asm's operands and
 * returns its results.  Every `$N` and every register a `.reg` declares is
 * a slot of its bits (i1 for .pred, iN else; promoted to SSA values by
 * mem2reg once the function is made: registers, no memory accesses); a
 * statement reads and writes
 * slots, floats are their bits bitcast, and `@p` / `@!p` puts a statement
 * in a block of its own.  Statements (PTX ISA 8.x):
 *   mov (a `{lo,hi}` pack or unpack; %laneid, %tid.*, %ntid.*, %lanemask_*),
 *   cvt (float <-> float, int <-> float with .rni/.rzi/.rmi/.rpi and .sat,
 *     int <-> int, f16x2/bf16x2 from two f32, tf32 .rna/.rn),
 *   add sub mul fma min max neg abs on f16, bf16, f16x2, bf16x2, f32, f64
 *     (.NaN: the NaN-propagating forms) and add sub mul.lo min max and or
 *     xor not shl shr neg on integers, rcp sqrt rsqrt ex2 lg2 (.approx too),
 *   bfe, setp, selp, dp4a, shfl.sync (and its `d|p` form), vote.sync,
 *   and ptxint.c's mul.hi/.wide, mad, popc, clz, brev, bfi, prmt, lop3, shf,
 *   the carry chains add.cc addc sub.cc subc mad.cc madc (CC.CF: rt.c's),
 *   ld and st (.global .shared .local .const or generic, .v2 .v4, cache
 *     and ordering qualifiers: a plain access, .volatile a volatile one;
 *     a .shared or .local address may be its window's offset, of 32 bits
 *     too, as the device has it: window.c),
 *   cp.async (a copy now, src-size bytes and zeros after),
 *     cp.async.commit_group / wait_group / wait_all (nothing to wait for),
 *   prefetch, prefetchu and nanosleep (hints: nothing a program can see).
 *   cvta[.to].<space>.u64 (an address is the same in each view on the
 *     host, but cvta.shared of a value below 4 GiB is a shared-window
 *     offset: %reserved_smem_offset_1, cooperative groups' scratch block,
 *     is one, made an address by rt.c's window).
 * Anything else (mma, ldmatrix, tex, labels, `${N:...}`, a 32-bit generic
 * or global address) leaves the call as it was, and prep.c refuses the
 * kernel, naming the statement.  An operand that is a shared or local
 * pointer is its offset in the window, as an output of such a type is
 * (window.c).
 * Tests: test/exec/ptx-asm.ll. */
#include "exec/ptx.h"

#include <ctype.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef bool (*StmtFn)(Asm *, const Stmt *);


static bool need_ops(Asm *a, const Stmt *x, unsigned n) {
  return x->nops == n || ptx_fail(a, x->text, "an unexpected number of operands");
}

static bool do_mov(Asm *a, const Stmt *x) {
  Ty t = ptx_last_type(x, 0);
  if (t.k == K_NONE || !need_ops(a, x, 2))
    return t.k != K_NONE || ptx_fail(a, x->text, "no type");
  LLVMValueRef v = ptx_rd(a, x->text, x->ops[1], t.bits, t, false);
  return v && ptx_wr(a, x->text, x->ops[0], v, false);
}

/* f(a[, b[, c]]) lane by lane on a float type. */
static LLVMValueRef float_op(Asm *a, const Stmt *x, const char *op, Ty t, LLVMValueRef *in, unsigned n) {
  LLVMValueRef f[3];
  for (unsigned i = 0; i < n; i++)
    f[i] = ptx_to_fp(a, in[i], t);
  LLVMTypeRef ft = ptx_fp_ty(a, t);
  bool nan = ptx_has_mod(x, "NaN");
  LLVMValueRef r = NULL;
  if (!strcmp(op, "add"))
    r = LLVMBuildFAdd(a->b, f[0], f[1], "");
  else if (!strcmp(op, "sub"))
    r = LLVMBuildFSub(a->b, f[0], f[1], "");
  else if (!strcmp(op, "mul"))
    r = LLVMBuildFMul(a->b, f[0], f[1], "");
  else if (!strcmp(op, "fma") || !strcmp(op, "mad"))
    r = ptx_intrinsic(a, "llvm.fma", &ft, 1, f, 3);
  else if (!strcmp(op, "min") || !strcmp(op, "max"))
    r = ptx_intrinsic(a, op[1] == 'i' ? (nan ? "llvm.minimum" : "llvm.minnum")
                                  : (nan ? "llvm.maximum" : "llvm.maxnum"),
                  &ft, 1, f, 2);
  else if (!strcmp(op, "neg"))
    r = LLVMBuildFNeg(a->b, f[0], "");
  else if (!strcmp(op, "abs"))
    r = ptx_intrinsic(a, "llvm.fabs", &ft, 1, f, 1);
  else if (!strcmp(op, "sqrt"))
    r = ptx_intrinsic(a, "llvm.sqrt", &ft, 1, f, 1);
  else if (!strcmp(op, "rcp") || !strcmp(op, "rsqrt")) {
    LLVMValueRef d = op[1] == 's' ? ptx_intrinsic(a, "llvm.sqrt", &ft, 1, f, 1) : f[0];
    r = LLVMBuildFDiv(a->b, LLVMConstReal(ft, 1.0), d, "");
  } else if (!strcmp(op, "ex2"))
    r = ptx_intrinsic(a, "llvm.exp2", &ft, 1, f, 1);
  else if (!strcmp(op, "lg2"))
    r = ptx_intrinsic(a, "llvm.log2", &ft, 1, f, 1);
  if (r && ptx_has_mod(x, "sat")) { /* clamp to [0, 1], NaN to 0 */
    LLVMValueRef lo[2] = {r, LLVMConstReal(ft, 0.0)};
    r = ptx_intrinsic(a, "llvm.maxnum", &ft, 1, lo, 2);
    LLVMValueRef hi[2] = {r, LLVMConstReal(ft, 1.0)};
    r = ptx_intrinsic(a, "llvm.minnum", &ft, 1, hi, 2);
  }
  return r ? ptx_from_fp(a, r, t) : NULL;
}

static LLVMValueRef int_op(Asm *a, const Stmt *x, const char *op, Ty t, LLVMValueRef *in) {
  bool sign = t.k == K_INT;
  if (!strcmp(op, "add"))
    return LLVMBuildAdd(a->b, in[0], in[1], "");
  if (!strcmp(op, "sub"))
    return LLVMBuildSub(a->b, in[0], in[1], "");
  if (!strcmp(op, "mul") && ptx_has_mod(x, "lo"))
    return LLVMBuildMul(a->b, in[0], in[1], "");
  if (!strcmp(op, "and"))
    return LLVMBuildAnd(a->b, in[0], in[1], "");
  if (!strcmp(op, "or"))
    return LLVMBuildOr(a->b, in[0], in[1], "");
  if (!strcmp(op, "xor"))
    return LLVMBuildXor(a->b, in[0], in[1], "");
  if (!strcmp(op, "not"))
    return LLVMBuildNot(a->b, in[0], "");
  if (!strcmp(op, "neg"))
    return LLVMBuildNeg(a->b, in[0], "");
  if (!strcmp(op, "min") || !strcmp(op, "max")) {
    bool mx = op[1] == 'a';
    LLVMIntPredicate p = sign ? (mx ? LLVMIntSGT : LLVMIntSLT) : (mx ? LLVMIntUGT : LLVMIntULT);
    return LLVMBuildSelect(a->b, LLVMBuildICmp(a->b, p, in[0], in[1], ""), in[0], in[1], "");
  }
  if (!strcmp(op, "shl") || !strcmp(op, "shr")) { /* a shift of the width or more: 0 (or the sign) */
    LLVMTypeRef it = ptx_int_ty(a, t.bits);
    LLVMValueRef w = LLVMConstInt(it, t.bits - 1, 0);
    LLVMValueRef n = ptx_fit(a, in[1], t.bits, false);
    LLVMValueRef big = LLVMBuildICmp(a->b, LLVMIntUGT, n, w, "");
    LLVMValueRef c = LLVMBuildSelect(a->b, big, w, n, "");
    if (op[2] == 'l')
      return LLVMBuildSelect(a->b, big, LLVMConstInt(it, 0, 0), LLVMBuildShl(a->b, in[0], c, ""), "");
    if (sign)
      return LLVMBuildAShr(a->b, in[0], c, "");
    return LLVMBuildSelect(a->b, big, LLVMConstInt(it, 0, 0), LLVMBuildLShr(a->b, in[0], c, ""), "");
  }
  return NULL;
}

/* add sub mul fma min max neg abs rcp sqrt ... on a type. */
static bool do_arith(Asm *a, const Stmt *x) {
  const char *op = x->mods[0];
  if (ptx_has_mod(x, "cc") && (!strcmp(op, "add") || !strcmp(op, "sub")))
    return ptx_do_carry(a, x);
  Ty t = ptx_last_type(x, 0);
  unsigned n = x->nops - 1;
  if (t.k == K_NONE || x->nops < 2 || n > 3)
    return ptx_fail(a, x->text, "no type or an unexpected number of operands");
  if (t.k == K_PRED && strcmp(op, "and") && strcmp(op, "or") && strcmp(op, "xor") && strcmp(op, "not"))
    return ptx_fail(a, x->text, "a predicate operation gasp-run does not run");
  if (!ptx_is_float(t) && (ptx_has_mod(x, "cc") || ptx_has_mod(x, "sat") || ptx_has_mod(x, "hi") || ptx_has_mod(x, "wide")))
    return ptx_fail(a, x->text, "a carry, saturating or wide integer operation");
  LLVMValueRef in[3];
  for (unsigned i = 0; i < n; i++) {
    bool shift = i == 1 && (!strcmp(op, "shl") || !strcmp(op, "shr"));
    if (!(in[i] = ptx_rd(a, x->text, x->ops[i + 1], shift ? 32 : t.bits, t, false)))
      return false;
  }
  LLVMValueRef r = ptx_is_float(t) ? float_op(a, x, op, t, in, n) : int_op(a, x, op, t, in);
  if (!r)
    return ptx_fail(a, x->text, "an operation gasp-run does not run");
  return ptx_wr(a, x->text, x->ops[0], r, t.k == K_INT);
}

/* bfe.{u,s}{32,64} d, a, pos, len (PTX ISA: pos and len their low 8 bits). */
static bool do_bfe(Asm *a, const Stmt *x) {
  Ty t = ptx_last_type(x, 0);
  if ((t.k != K_UINT && t.k != K_INT) || t.bits < 32 || x->nops != 4)
    return ptx_fail(a, x->text, "bfe of another type or operands");
  unsigned w = t.bits, w2 = 2 * w;
  LLVMTypeRef it2 = ptx_int_ty(a, w2);
  LLVMValueRef v = ptx_rd(a, x->text, x->ops[1], w, t, false);
  LLVMValueRef pos = v ? ptx_rd(a, x->text, x->ops[2], 32, (Ty){K_UINT, 32, 1}, false) : NULL;
  LLVMValueRef len = pos ? ptx_rd(a, x->text, x->ops[3], 32, (Ty){K_UINT, 32, 1}, false) : NULL;
  if (!len)
    return false;
  LLVMValueRef ff = LLVMConstInt(a->s->i32, 0xff, 0), wc = LLVMConstInt(a->s->i32, w, 0);
  pos = LLVMBuildAnd(a->b, pos, ff, "");
  len = LLVMBuildAnd(a->b, len, ff, "");
  pos = LLVMBuildSelect(a->b, LLVMBuildICmp(a->b, LLVMIntUGT, pos, wc, ""), wc, pos, "");
  len = LLVMBuildSelect(a->b, LLVMBuildICmp(a->b, LLVMIntUGT, len, wc, ""), wc, len, "");
  LLVMValueRef wide = t.k == K_INT ? LLVMBuildSExt(a->b, v, it2, "") : LLVMBuildZExt(a->b, v, it2, "");
  LLVMValueRef field = t.k == K_INT ? LLVMBuildAShr(a->b, wide, LLVMBuildZExt(a->b, pos, it2, ""), "")
                                    : LLVMBuildLShr(a->b, wide, LLVMBuildZExt(a->b, pos, it2, ""), "");
  LLVMValueRef len2 = LLVMBuildZExt(a->b, len, it2, "");
  LLVMValueRef r;
  if (t.k == K_UINT) {
    LLVMValueRef mask = LLVMBuildSub(a->b, LLVMBuildShl(a->b, LLVMConstInt(it2, 1, 0), len2, ""),
                                     LLVMConstInt(it2, 1, 0), "");
    r = LLVMBuildAnd(a->b, field, mask, "");
  } else { /* sign-extend the field from its top bit; len 0 gives 0 */
    LLVMValueRef up = LLVMBuildSub(a->b, LLVMConstInt(it2, w2, 0), len2, "");
    LLVMValueRef zero = LLVMBuildICmp(a->b, LLVMIntEQ, len, LLVMConstInt(a->s->i32, 0, 0), "");
    LLVMValueRef safe = LLVMBuildSelect(a->b, zero, LLVMConstInt(it2, 0, 0), up, "");
    r = LLVMBuildAShr(a->b, LLVMBuildShl(a->b, field, safe, ""), safe, "");
    r = LLVMBuildSelect(a->b, zero, LLVMConstInt(it2, 0, 0), r, "");
  }
  return ptx_wr(a, x->text, x->ops[0], LLVMBuildTrunc(a->b, r, ptx_int_ty(a, w), ""), false);
}

static bool do_setp(Asm *a, const Stmt *x) {
  Ty t = ptx_last_type(x, 0);
  if (t.k == K_NONE || x->nmods < 3 || !need_ops(a, x, 3) || strchr(x->ops[0], '|'))
    return ptx_fail(a, x->text, "a comparison gasp-run does not run");
  const char *c = x->mods[1];
  LLVMValueRef l = ptx_rd(a, x->text, x->ops[1], t.bits, t, false);
  LLVMValueRef r = l ? ptx_rd(a, x->text, x->ops[2], t.bits, t, false) : NULL;
  if (!r)
    return false;
  LLVMValueRef p = NULL;
  if (ptx_is_float(t) && t.lanes == 1) {
    static const struct {
      const char *n;
      LLVMRealPredicate p;
    } fp[] = {{"eq", LLVMRealOEQ},  {"ne", LLVMRealONE},  {"lt", LLVMRealOLT},  {"le", LLVMRealOLE},
              {"gt", LLVMRealOGT},  {"ge", LLVMRealOGE},  {"equ", LLVMRealUEQ}, {"neu", LLVMRealUNE},
              {"ltu", LLVMRealULT}, {"leu", LLVMRealULE}, {"gtu", LLVMRealUGT}, {"geu", LLVMRealUGE},
              {"num", LLVMRealORD}, {"nan", LLVMRealUNO}};
    for (size_t i = 0; i < sizeof fp / sizeof fp[0] && !p; i++)
      if (!strcmp(c, fp[i].n))
        p = LLVMBuildFCmp(a->b, fp[i].p, ptx_to_fp(a, l, t), ptx_to_fp(a, r, t), "");
  } else if (!ptx_is_float(t)) {
    bool s = t.k == K_INT;
    static const struct {
      const char *n;
      LLVMIntPredicate s, u;
    } ip[] = {{"eq", LLVMIntEQ, LLVMIntEQ},   {"ne", LLVMIntNE, LLVMIntNE},
              {"lt", LLVMIntSLT, LLVMIntULT}, {"le", LLVMIntSLE, LLVMIntULE},
              {"gt", LLVMIntSGT, LLVMIntUGT}, {"ge", LLVMIntSGE, LLVMIntUGE},
              {"lo", LLVMIntULT, LLVMIntULT}, {"ls", LLVMIntULE, LLVMIntULE},
              {"hi", LLVMIntUGT, LLVMIntUGT}, {"hs", LLVMIntUGE, LLVMIntUGE}};
    for (size_t i = 0; i < sizeof ip / sizeof ip[0] && !p; i++)
      if (!strcmp(c, ip[i].n))
        p = LLVMBuildICmp(a->b, s ? ip[i].s : ip[i].u, l, r, "");
  }
  if (!p)
    return ptx_fail(a, x->text, "a comparison gasp-run does not run");
  return ptx_wr(a, x->text, x->ops[0], p, false);
}

static bool do_selp(Asm *a, const Stmt *x) {
  Ty t = ptx_last_type(x, 0);
  if (t.k == K_NONE || !need_ops(a, x, 4))
    return ptx_fail(a, x->text, "selp without a type");
  LLVMValueRef l = ptx_rd(a, x->text, x->ops[1], t.bits, t, false);
  LLVMValueRef r = l ? ptx_rd(a, x->text, x->ops[2], t.bits, t, false) : NULL;
  LLVMValueRef p = r ? ptx_rd(a, x->text, x->ops[3], 1, (Ty){K_PRED, 1, 1}, false) : NULL;
  return p && ptx_wr(a, x->text, x->ops[0], LLVMBuildSelect(a->b, p, l, r, ""), false);
}

/* One f32 to a 16-bit float's bits (round to nearest even). */
static LLVMValueRef narrow16(Asm *a, LLVMValueRef f32bits, Kind k) {
  Ty to = {k, 16, 1};
  LLVMValueRef f = ptx_to_fp(a, f32bits, (Ty){K_F32, 32, 1});
  return ptx_from_fp(a, LLVMBuildFPTrunc(a->b, f, ptx_fp_ty(a, to), ""), to);
}

/* float to integer with a rounding modifier (.rni .rzi .rmi .rpi; none: .rzi),
   saturating (PTX: NaN gives 0). */
static LLVMValueRef float_to_int(Asm *a, const Stmt *x, LLVMValueRef bits, Ty from, Ty to) {
  LLVMValueRef f = ptx_to_fp(a, bits, from);
  LLVMTypeRef ft = ptx_fp_ty(a, from);
  const char *round = ptx_has_mod(x, "rni") ? "llvm.rint"
                      : ptx_has_mod(x, "rmi") ? "llvm.floor"
                      : ptx_has_mod(x, "rpi") ? "llvm.ceil"
                                          : "llvm.trunc";
  f = ptx_intrinsic(a, round, &ft, 1, &f, 1);
  LLVMTypeRef tys[2] = {ptx_int_ty(a, to.bits), ft};
  return ptx_intrinsic(a, to.k == K_INT ? "llvm.fptosi.sat" : "llvm.fptoui.sat", tys, 2, &f, 1);
}

static bool do_cvt(Asm *a, const Stmt *x) {
  Ty to = ptx_last_type(x, 1), from = ptx_last_type(x, 0);
  if (to.k == K_NONE || from.k == K_NONE)
    return ptx_fail(a, x->text, "cvt without two types");
  if (ptx_has_mod(x, "pack"))
    return ptx_fail(a, x->text, "cvt.pack");
  if (!strcmp(x->mods[x->nmods - 2], "tf32")) { /* cvt.rna.tf32.f32 / cvt.rn.tf32.f32 */
    if (!need_ops(a, x, 2))
      return false;
    LLVMValueRef v = ptx_rd(a, x->text, x->ops[1], 32, from, false);
    if (!v)
      return false;
    LLVMTypeRef i = a->s->i32;
    LLVMValueRef bump = LLVMConstInt(i, 0x1000, 0);
    if (!ptx_has_mod(x, "rna")) /* ties to even: 0xfff plus the kept lowest bit */
      bump = LLVMBuildAdd(a->b, LLVMConstInt(i, 0xfff, 0),
                          LLVMBuildAnd(a->b, LLVMBuildLShr(a->b, v, LLVMConstInt(i, 13, 0), ""),
                                       LLVMConstInt(i, 1, 0), ""),
                          "");
    LLVMValueRef r = LLVMBuildAnd(a->b, LLVMBuildAdd(a->b, v, bump, ""), LLVMConstInt(i, 0xffffe000u, 0), "");
    LLVMValueRef f = ptx_to_fp(a, v, from);
    LLVMValueRef nan = LLVMBuildFCmp(a->b, LLVMRealUNO, f, f, "");
    r = LLVMBuildSelect(a->b, nan, LLVMConstInt(i, 0x7fffffffu, 0), r, "");
    return ptx_wr(a, x->text, x->ops[0], r, false);
  }
  if (to.lanes == 2) { /* cvt.rn.f16x2.f32 d, hi, lo */
    if (!need_ops(a, x, 3) || from.k != K_F32)
      return ptx_fail(a, x->text, "a paired conversion from other than two f32");
    LLVMValueRef hi = ptx_rd(a, x->text, x->ops[1], 32, from, false);
    LLVMValueRef lo = hi ? ptx_rd(a, x->text, x->ops[2], 32, from, false) : NULL;
    if (!lo)
      return false;
    LLVMValueRef h = LLVMBuildZExt(a->b, narrow16(a, hi, to.k), a->s->i32, "");
    LLVMValueRef l = LLVMBuildZExt(a->b, narrow16(a, lo, to.k), a->s->i32, "");
    LLVMValueRef r = LLVMBuildOr(a->b, LLVMBuildShl(a->b, h, LLVMConstInt(a->s->i32, 16, 0), ""), l, "");
    return ptx_wr(a, x->text, x->ops[0], r, false);
  }
  if (!need_ops(a, x, 2) || from.lanes != 1)
    return false;
  LLVMValueRef v = ptx_rd(a, x->text, x->ops[1], from.bits, from, from.k == K_INT);
  if (!v)
    return false;
  LLVMValueRef r;
  if (ptx_is_float(from) && ptx_is_float(to)) {
    if (ptx_has_mod(x, "rz") || ptx_has_mod(x, "rm") || ptx_has_mod(x, "rp") || ptx_has_mod(x, "sat"))
      return ptx_fail(a, x->text, "a rounding gasp-run does not run");
    LLVMValueRef f = ptx_to_fp(a, v, from);
    bool rint = ptx_has_mod(x, "rni") || ptx_has_mod(x, "rzi") || ptx_has_mod(x, "rmi") || ptx_has_mod(x, "rpi");
    if (rint)
      return ptx_fail(a, x->text, "a rounding to an integral float");
    f = to.bits > from.bits ? LLVMBuildFPExt(a->b, f, ptx_fp_ty(a, to), "")
        : to.bits < from.bits ? LLVMBuildFPTrunc(a->b, f, ptx_fp_ty(a, to), "")
        : to.k == from.k      ? f
                              : LLVMBuildFPTrunc(a->b, LLVMBuildFPExt(a->b, f, LLVMFloatTypeInContext(a->s->ctx), ""),
                                                 ptx_fp_ty(a, to), "");
    r = ptx_from_fp(a, f, to);
  } else if (ptx_is_float(from)) {
    r = float_to_int(a, x, v, from, to);
  } else if (ptx_is_float(to)) {
    LLVMValueRef f = from.k == K_INT ? LLVMBuildSIToFP(a->b, v, ptx_fp_ty(a, to), "")
                                     : LLVMBuildUIToFP(a->b, v, ptx_fp_ty(a, to), "");
    r = ptx_from_fp(a, f, to);
  } else {
    if (ptx_has_mod(x, "sat"))
      return ptx_fail(a, x->text, "a saturating integer conversion");
    r = ptx_fit(a, v, to.bits, from.k == K_INT);
  }
  return ptx_wr(a, x->text, x->ops[0], r, to.k == K_INT);
}

/* dp4a.{u32,s32}.{u32,s32} d, a, b, c: c plus the four byte products. */
static bool do_dp4a(Asm *a, const Stmt *x) {
  Ty ta = ptx_last_type(x, 1), tb = ptx_last_type(x, 0);
  if (ta.bits != 32 || tb.bits != 32 || !need_ops(a, x, 4))
    return ptx_fail(a, x->text, "dp4a of other types");
  LLVMValueRef va = ptx_rd(a, x->text, x->ops[1], 32, ta, false);
  LLVMValueRef vb = va ? ptx_rd(a, x->text, x->ops[2], 32, tb, false) : NULL;
  LLVMValueRef acc = vb ? ptx_rd(a, x->text, x->ops[3], 32, ta, false) : NULL;
  if (!acc)
    return false;
  LLVMTypeRef i8 = ptx_int_ty(a, 8), i32 = a->s->i32;
  for (unsigned k = 0; k < 4; k++) {
    LLVMValueRef sh = LLVMConstInt(i32, 8 * k, 0);
    LLVMValueRef ea = LLVMBuildTrunc(a->b, LLVMBuildLShr(a->b, va, sh, ""), i8, "");
    LLVMValueRef eb = LLVMBuildTrunc(a->b, LLVMBuildLShr(a->b, vb, sh, ""), i8, "");
    ea = ta.k == K_INT ? LLVMBuildSExt(a->b, ea, i32, "") : LLVMBuildZExt(a->b, ea, i32, "");
    eb = tb.k == K_INT ? LLVMBuildSExt(a->b, eb, i32, "") : LLVMBuildZExt(a->b, eb, i32, "");
    acc = LLVMBuildAdd(a->b, acc, LLVMBuildMul(a->b, ea, eb, ""), "");
  }
  return ptx_wr(a, x->text, x->ops[0], acc, false);
}

/* shfl.sync.{up,down,bfly,idx}.b32 d[|p], a, b, c, membermask */
static bool do_shfl(Asm *a, const Stmt *x) {
  if (x->nmods < 4 || strcmp(x->mods[1], "sync") || !need_ops(a, x, 5))
    return ptx_fail(a, x->text, "a shuffle gasp-run does not run");
  const char *mode = x->mods[2];
  static const char *const modes[] = {"up", "down", "bfly", "idx"};
  int m = -1;
  for (int i = 0; i < 4; i++)
    if (!strcmp(mode, modes[i]))
      m = i;
  if (m < 0)
    return ptx_fail(a, x->text, "an unknown shuffle mode");
  Ty t = {K_BITS, 32, 1};
  LLVMValueRef args[4] = {0}; /* NULL past the first operand not read */
  args[0] = ptx_rd(a, x->text, x->ops[4], 32, t, false);
  for (unsigned i = 1; i < 4 && args[i - 1]; i++)
    args[i] = ptx_rd(a, x->text, x->ops[i], 32, t, false);
  if (!args[0] || !args[3])
    return false;
  char *name = xasprintf("llvm.nvvm.shfl.sync.%s.i32", mode);
  LLVMValueRef v = ptx_call(a, name, a->s->i32, args, 4);
  free(name);
  char *dst = xstrdup(x->ops[0]), *bar = strchr(dst, '|');
  bool ok = true;
  if (bar) { /* the predicate: did the lane read exist (warp.c's shfl_src,
                 the rule the shuffle's own value follows) */
    *bar = 0;
    name = xasprintf("gasp.shfl.in.%s", mode);
    LLVMValueRef p = ptx_call(a, name, LLVMInt1TypeInContext(a->s->ctx), args + 2, 2);
    free(name);
    ok = ptx_wr(a, x->text, ptx_trim(bar + 1), p, false);
  }
  ok = ok && ptx_wr(a, x->text, ptx_trim(dst), v, false);
  free(dst);
  return ok;
}

/* vote.sync.{ballot.b32,any.pred,all.pred,uni.pred} d, {!}a, membermask
   (and the vote.ballot.sync spelling): warp.c's votes. */
static bool do_vote(Asm *a, const Stmt *x) {
  const char *mode = ptx_has_mod(x, "ballot") ? "ballot"
                     : ptx_has_mod(x, "any") ? "any"
                     : ptx_has_mod(x, "all") ? "all"
                     : ptx_has_mod(x, "uni") ? "uni"
                                         : NULL;
  if (!mode || !ptx_has_mod(x, "sync") || !need_ops(a, x, 3))
    return ptx_fail(a, x->text, "a vote gasp-run does not run");
  bool neg = x->ops[1][0] == '!';
  LLVMValueRef p = ptx_rd(a, x->text, x->ops[1] + neg, 1, (Ty){K_PRED, 1, 1}, false);
  LLVMValueRef mask = p ? ptx_rd(a, x->text, x->ops[2], 32, (Ty){K_BITS, 32, 1}, false) : NULL;
  if (!mask)
    return false;
  if (neg)
    p = LLVMBuildNot(a->b, p, "");
  char *name = xasprintf("llvm.nvvm.vote.%s.sync", mode);
  LLVMValueRef args[2] = {mask, p};
  LLVMValueRef v = ptx_call(a, name, mode[0] == 'b' ? a->s->i32 : ptx_int_ty(a, 1), args, 2);
  free(name);
  return ptx_wr(a, x->text, x->ops[0], v, false);
}

/* [x], [x+K], [x + K], [x+-K]: the address as an i64, of space as (the
   target's number, -1: generic); x a 64-bit operand, or a 32-bit one where
   as has a window (window.c: a shared or local offset, zero-extended). */
static LLVMValueRef address(Asm *a, const Stmt *x, const char *op, int as) {
  size_t n = strlen(op);
  if (n < 3 || op[0] != '[' || op[n - 1] != ']') {
    ptx_fail(a, x->text, "an address gasp-run does not read");
    return NULL;
  }
  char *in = ptx_dupn(op + 1, n - 2);
  char *plus = strchr(in, '+');
  long long off = 0;
  if (plus) {
    *plus = 0;
    char *end;
    off = strtoll(ptx_trim(plus + 1), &end, 0);
    if (*end) {
      free(in);
      ptx_fail(a, x->text, "an address offset gasp-run does not read");
      return NULL;
    }
  }
  char *base = ptx_trim(in);
  Slot *sl = ptx_slot_of(a, base);
  if (sl && sl->bits != 64 && (sl->bits != 32 || as < 0 || window_kind(a->s->t, (unsigned)as) == RK_NONE)) {
    free(in);
    ptx_fail(a, x->text, "a 32-bit address");
    return NULL;
  }
  LLVMValueRef v = sl ? ptx_fit(a, LLVMBuildLoad2(a->b, ptx_int_ty(a, sl->bits), sl->at, ""), 64, false)
                      : ptx_immediate(a, base, 64, (Ty){K_UINT, 64, 1});
  free(in);
  if (!v) {
    ptx_fail(a, x->text, "an address gasp-run does not read");
    return NULL;
  }
  return LLVMBuildAdd(a->b, v, LLVMConstInt(a->s->i64, (unsigned long long)off, 1), "");
}

/* The space of ld/st/cp's qualifier (the target's number), generic else. */
static int space_of(Asm *a, const char *q) {
  const TgtTable *t = a->s->t;
  return !strcmp(q, "global") ? t->global
         : !strcmp(q, "shared") || !strncmp(q, "shared::", 8) ? t->local
         : !strcmp(q, "local") ? t->priv
         : !strcmp(q, "const") ? t->constant
                               : -1;
}

/* v, the i64 of an operand of pointer type t: the window's offset of a
   shared or local pointer (fn: gasp.window.offset) or the pointer of one
   (gasp.window.address), as the device's register has it (window.c). */
static LLVMValueRef window_int(Asm *a, LLVMValueRef v, LLVMTypeRef t, const char *fn) {
  int kind = window_kind(a->s->t, LLVMGetPointerAddressSpace(t));
  if (kind == RK_NONE)
    return v;
  LLVMValueRef args[2] = {v, LLVMConstInt(a->s->i32, (unsigned long long)kind, 0)};
  return ptx_call(a, fn, a->s->i64, args, 2);
}

/* The pointer of space as an address operand holds: a shared or local
   offset made the host's address through its window (window.c; a host
   address, what cvta.to.shared leaves here, stays as it is). */
static LLVMValueRef pointer(Asm *a, LLVMValueRef addr, int as) {
  int kind = as < 0 ? RK_NONE : window_kind(a->s->t, (unsigned)as);
  if (kind == RK_LOCAL) {
    addr = ptx_call(a, "gasp.smem.window", a->s->i64, &addr, 1);
  } else if (kind == RK_PRIVATE) {
    LLVMValueRef args[2] = {addr, LLVMConstInt(a->s->i32, RK_PRIVATE, 0)};
    addr = ptx_call(a, "gasp.window.address", a->s->i64, args, 2);
  }
  return LLVMBuildIntToPtr(a->b, addr, LLVMPointerTypeInContext(a->s->ctx, (unsigned)(as < 0 ? a->s->t->generic : as)), "");
}

/* ld{.space}{.qualifiers}{.vN}.T d, [a] and st...: [a], v. */
static bool do_ldst(Asm *a, const Stmt *x) {
  bool ld = x->mods[0][0] == 'l';
  int as = -1;
  unsigned lanes = 1;
  for (unsigned i = 1; i < x->nmods; i++) {
    int sp = space_of(a, x->mods[i]);
    if (sp >= 0)
      as = sp;
    else if (!strcmp(x->mods[i], "param"))
      return ptx_fail(a, x->text, "the parameter space");
    else if (!strcmp(x->mods[i], "v2") || !strcmp(x->mods[i], "v4") || !strcmp(x->mods[i], "v8"))
      lanes = (unsigned)(x->mods[i][1] - '0');
  }
  Ty t = ptx_last_type(x, 0);
  if (t.k == K_NONE || t.lanes != 1 || !need_ops(a, x, 2))
    return ptx_fail(a, x->text, "an access without a scalar type");
  LLVMValueRef addr = address(a, x, x->ops[ld ? 1 : 0], as);
  if (!addr)
    return false;
  LLVMValueRef p = pointer(a, addr, as);
  LLVMTypeRef et = ptx_int_ty(a, t.bits), vt = lanes > 1 ? LLVMVectorType(et, lanes) : et;
  const char *list = x->ops[ld ? 0 : 1];
  char *parts[MAX_TOKS], *copy = NULL;
  unsigned n = 1;
  if (lanes > 1) {
    size_t len = strlen(list);
    if (len < 2 || list[0] != '{' || list[len - 1] != '}')
      return ptx_fail(a, x->text, "a vector access without a list");
    copy = ptx_dupn(list + 1, len - 2);
    n = ptx_split(copy, parts);
  } else {
    parts[0] = (char *)list;
  }
  bool ok = n == lanes || ptx_fail(a, x->text, "a list of the wrong length");
  bool sign = t.k == K_INT, vol = ptx_has_mod(x, "volatile");
  unsigned align = lanes * t.bits / 8;
  if (ok && ld) {
    LLVMValueRef v = LLVMBuildLoad2(a->b, vt, p, "");
    LLVMSetAlignment(v, align);
    LLVMSetVolatile(v, vol);
    for (unsigned i = 0; i < n && ok; i++)
      ok = ptx_wr(a, x->text, parts[i],
              lanes > 1 ? LLVMBuildExtractElement(a->b, v, LLVMConstInt(a->s->i32, i, 0), "") : v, sign);
  } else if (ok) {
    LLVMValueRef v = lanes > 1 ? LLVMGetUndef(vt) : NULL;
    for (unsigned i = 0; i < n && ok; i++) {
      LLVMValueRef e = ptx_rd(a, x->text, parts[i], t.bits, t, false);
      ok = e != NULL;
      if (ok)
        v = lanes > 1 ? LLVMBuildInsertElement(a->b, v, e, LLVMConstInt(a->s->i32, i, 0), "") : e;
    }
    if (ok) {
      LLVMValueRef st = LLVMBuildStore(a->b, v, p);
      LLVMSetAlignment(st, align);
      LLVMSetVolatile(st, vol);
    }
  }
  free(copy);
  return ok;
}

/* cp.async.{ca,cg}.shared.global{.L2::...} [d], [s], cp-size{, src-size}:
   the copy done now, src-size bytes of it read (none: no read at all) and
   the rest of cp-size zero. */
static bool do_cp_async(Asm *a, const Stmt *x) {
  if (ptx_has_mod(x, "commit_group") || ptx_has_mod(x, "wait_group") || ptx_has_mod(x, "wait_all"))
    return true;
  if (!ptx_has_mod(x, "shared") || !ptx_has_mod(x, "global") || ptx_has_mod(x, "bulk") || x->nops < 3 || x->nops > 4)
    return ptx_fail(a, x->text, "a cp.async form gasp-run does not run");
  LLVMValueRef d = address(a, x, x->ops[0], a->s->t->local);
  LLVMValueRef s = d ? address(a, x, x->ops[1], a->s->t->global) : NULL;
  LLVMValueRef size = s ? ptx_rd(a, x->text, x->ops[2], 64, (Ty){K_UINT, 64, 1}, false) : NULL;
  LLVMValueRef src = size && x->nops == 4 ? ptx_rd(a, x->text, x->ops[3], 64, (Ty){K_UINT, 64, 1}, false) : size;
  if (!src)
    return false;
  const TgtTable *t = a->s->t;
  LLVMValueRef dp = pointer(a, d, t->local), sp = pointer(a, s, t->global);
  LLVMValueRef copy = LLVMBuildSelect(a->b, LLVMBuildICmp(a->b, LLVMIntULT, src, size, ""), src, size, "");
  LLVMBasicBlockRef now = LLVMGetInsertBlock(a->b);
  LLVMBasicBlockRef some = LLVMAppendBasicBlockInContext(a->s->ctx, a->fn, "cp");
  LLVMBasicBlockRef rest = LLVMAppendBasicBlockInContext(a->s->ctx, a->fn, "zero");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(a->s->ctx, a->fn, "");
  (void)now;
  LLVMValueRef zero = LLVMConstInt(a->s->i64, 0, 0);
  LLVMBuildCondBr(a->b, LLVMBuildICmp(a->b, LLVMIntNE, copy, zero, ""), some, rest);
  LLVMPositionBuilderAtEnd(a->b, some);
  LLVMBuildMemCpy(a->b, dp, 1, sp, 1, copy);
  LLVMBuildBr(a->b, rest);
  LLVMPositionBuilderAtEnd(a->b, rest);
  LLVMValueRef left = LLVMBuildSub(a->b, size, copy, "");
  LLVMBasicBlockRef fill = LLVMAppendBasicBlockInContext(a->s->ctx, a->fn, "fill");
  LLVMBuildCondBr(a->b, LLVMBuildICmp(a->b, LLVMIntNE, left, zero, ""), fill, done);
  LLVMPositionBuilderAtEnd(a->b, fill);
  LLVMValueRef at = LLVMBuildGEP2(a->b, ptx_int_ty(a, 8), dp, &copy, 1, "");
  LLVMBuildMemSet(a->b, at, LLVMConstInt(ptx_int_ty(a, 8), 0, 0), left, 1);
  LLVMBuildBr(a->b, done);
  LLVMPositionBuilderAtEnd(a->b, done);
  return true;
}

/* mul and mad: a float's or mul.lo's arithmetic, else ptxint.c's wide forms. */
static bool do_mul_mad(Asm *a, const Stmt *x) {
  Ty t = ptx_last_type(x, 0);
  if (ptx_has_mod(x, "cc") && !ptx_is_float(t))
    return ptx_do_carry(a, x);
  bool wide = ptx_has_mod(x, "hi") || ptx_has_mod(x, "wide") || (x->mods[0][1] == 'a' && !ptx_is_float(t));
  return wide ? ptx_do_mulx(a, x) : do_arith(a, x);
}

/* cvta[.to].<space>.u64 d, a: a generic address of a space's, or back.
   On the host every address is 64 bits and the same in each view, but a
   value below 4 GiB given to cvta.shared is a shared-window offset (what
   %reserved_smem_offset_1 and a 32-bit shared address hold): rt.c's window
   makes it an address.  A 32-bit cvta is refused. */
static bool do_cvta(Asm *a, const Stmt *x) {
  if (!need_ops(a, x, 2))
    return false;
  if (!ptx_has_mod(x, "u64"))
    return ptx_fail(a, x->text, "a 32-bit address");
  Ty t = {K_UINT, 64, 1};
  LLVMValueRef v = ptx_rd(a, x->text, x->ops[1], 64, t, false);
  if (!v)
    return false;
  bool to = ptx_has_mod(x, "to"), shared = ptx_has_mod(x, "shared") || ptx_has_mod(x, "shared::cta");
  if (shared && !to)
    v = ptx_call(a, "gasp.smem.window", a->s->i64, &v, 1);
  return ptx_wr(a, x->text, x->ops[0], v, false);
}

/* prefetch[u][.space].level [a] and nanosleep.u32 t: a hint the device
   may take or not, no data either way (cryptonight's prefetch.global.L2 of
   its scratchpad); only the operand count is checked. */
static bool do_hint(Asm *a, const Stmt *x) { return need_ops(a, x, 1); }

static StmtFn ptx_handler(const char *op) {
  static const struct {
    const char *name;
    StmtFn fn;
  } tab[] = {{"mov", do_mov},     {"cvt", do_cvt},     {"cvta", do_cvta},     {"bfe", do_bfe},       {"setp", do_setp},
             {"selp", do_selp},   {"dp4a", do_dp4a},   {"shfl", do_shfl},     {"vote", do_vote},     {"ld", do_ldst},
             {"st", do_ldst},     {"cp", do_cp_async}, {"add", do_arith},     {"sub", do_arith},
             {"mul", do_mul_mad},   {"fma", do_arith},   {"mad", do_mul_mad},     {"min", do_arith},
             {"max", do_arith},   {"neg", do_arith},   {"abs", do_arith},     {"and", do_arith},
             {"or", do_arith},    {"xor", do_arith},   {"not", do_arith},     {"shl", do_arith},
             {"shr", do_arith},   {"rcp", do_arith},   {"sqrt", do_arith},    {"rsqrt", do_arith},
             {"ex2", do_arith},   {"lg2", do_arith},
             {"popc", ptx_do_bits}, {"clz", ptx_do_bits}, {"brev", ptx_do_bits}, {"bfi", ptx_do_bfi},
             {"prmt", ptx_do_prmt}, {"lop3", ptx_do_lop3}, {"shf", ptx_do_shf},
             {"addc", ptx_do_carry}, {"subc", ptx_do_carry}, {"madc", ptx_do_carry},
             {"prefetch", do_hint}, {"prefetchu", do_hint}, {"nanosleep", do_hint}};
  for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
    if (!strcmp(op, tab[i].name))
      return tab[i].fn;
  return NULL;
}

/* One statement, in a block of its own behind its guard. */
static bool statement(Asm *a, char *st) {
  if (!strncmp(st, ".reg", 4) && isspace((unsigned char)st[4]))
    return ptx_declare(a, st);
  char *text = xstrdup(st), *p = st;
  LLVMValueRef guard = NULL;
  bool ok = true;
  if (*p == '@') {
    bool neg = p[1] == '!';
    char *name = p + 1 + neg, *sp = name;
    while (*sp && !isspace((unsigned char)*sp))
      sp++;
    char c = *sp;
    *sp = 0;
    Slot *sl = ptx_slot_of(a, name);
    *sp = c;
    p = ptx_trim(sp);
    if (!sl) {
      ok = ptx_fail(a, text, "an unknown predicate");
    } else {
      guard = ptx_fit(a, LLVMBuildLoad2(a->b, ptx_int_ty(a, sl->bits), sl->at, ""), 1, false);
      if (neg)
        guard = LLVMBuildNot(a->b, guard, "");
    }
  }
  Stmt x = {.text = text};
  char *ops = p;
  while (*ops && !isspace((unsigned char)*ops))
    ops++;
  if (*ops)
    *ops++ = 0;
  char *save = NULL;
  for (char *m = strtok_r(p, ".", &save); m && x.nmods < 12; m = strtok_r(NULL, ".", &save))
    x.mods[x.nmods++] = m;
  x.nops = ptx_split(ops, x.ops);
  StmtFn fn = ok && x.nmods ? ptx_handler(x.mods[0]) : NULL;
  if (ok && !fn)
    ok = ptx_fail(a, text, "an instruction gasp-run does not run");
  if (ok) {
    LLVMBasicBlockRef then = NULL, next = NULL;
    if (guard) {
      then = LLVMAppendBasicBlockInContext(a->s->ctx, a->fn, "then");
      next = LLVMAppendBasicBlockInContext(a->s->ctx, a->fn, "next");
      LLVMBuildCondBr(a->b, guard, then, next);
      LLVMPositionBuilderAtEnd(a->b, then);
    }
    ok = fn(a, &x);
    if (guard) {
      LLVMBuildBr(a->b, next);
      LLVMPositionBuilderAtEnd(a->b, next);
    }
  }
  free(text);
  return ok;
}

/* ---- the call ---------------------------------------------------------- */

/* Splits the constraint string: outputs ("=r", "=&f"), inputs; false on an
   indirect or tied-to-memory form, with *nout and *nin counted. */
static bool constraints(const char *c, size_t n, unsigned *nout, unsigned *nin) {
  char *copy = ptx_dupn(c, n), *save = NULL;
  bool ok = true;
  *nout = *nin = 0;
  for (char *k = strtok_r(copy, ",", &save); k && ok; k = strtok_r(NULL, ",", &save)) {
    if (k[0] == '~')
      continue;
    if (strchr(k, '*'))
      ok = false;
    else if (k[0] == '=')
      ok = !*nin && ++*nout;
    else
      ++*nin;
  }
  free(copy);
  return ok;
}

/* The asm call's function: operands in, results out; NULL with *why. */
static LLVMValueRef translate(Prep *s, LLVMValueRef call, unsigned serial, char **why) {
  LLVMValueRef asmv = LLVMGetCalledValue(call);
  size_t tn, cn;
  const char *text = LLVMGetInlineAsmAsmString(asmv, &tn);
  const char *con = LLVMGetInlineAsmConstraintString(asmv, &cn);
  unsigned nout, nin, nst;
  LLVMTypeRef ft = LLVMGetCalledFunctionType(call), rt = LLVMGetReturnType(ft);
  if (!constraints(con, cn, &nout, &nin) || nin != LLVMCountParamTypes(ft) || nout + nin > MAX_OPS) {
    *why = xstrdup("operands gasp-run does not read (indirect or tied to memory)");
    return NULL;
  }
  bool agg = LLVMGetTypeKind(rt) == LLVMStructTypeKind;
  if ((nout > 1 && (!agg || LLVMCountStructElementTypes(rt) != nout)) ||
      (nout == 1 && agg) || (!nout && LLVMGetTypeKind(rt) != LLVMVoidTypeKind)) {
    *why = xstrdup("results gasp-run does not read");
    return NULL;
  }
  char **st = ptx_statements(text, tn, &nst);
  if (!st) {
    *why = xstrdup("a ${...} operand");
    return NULL;
  }
  char *name = xasprintf("__gasp_asm.%u", serial);
  Asm a = {.s = s, .b = LLVMCreateBuilderInContext(s->ctx)};
  a.fn = LLVMAddFunction(s->m, name, ft);
  free(name);
  LLVMSetLinkage(a.fn, LLVMInternalLinkage);
  LLVMPositionBuilderAtEnd(a.b, LLVMAppendBasicBlockInContext(s->ctx, a.fn, "entry"));
  a.nops = nout + nin;
  a.nout = nout;
  for (unsigned k = 0; k < a.nops; k++) {
    LLVMTypeRef t = k < nout ? (agg ? LLVMStructGetTypeAtIndex(rt, k) : rt)
                             : LLVMTypeOf(LLVMGetParam(a.fn, k - nout));
    a.ops[k].bits = ptx_bits_of(&a, t);
    a.ops[k].at = ptx_new_slot(&a, a.ops[k].bits);
    if (k >= nout) {
      LLVMValueRef v = LLVMGetParam(a.fn, k - nout);
      LLVMTypeKind tk = LLVMGetTypeKind(t);
      v = tk == LLVMPointerTypeKind ? window_int(&a, LLVMBuildPtrToInt(a.b, v, s->i64, ""), t, "gasp.window.offset")
          : tk == LLVMIntegerTypeKind ? v
                                      : LLVMBuildBitCast(a.b, v, ptx_int_ty(&a, a.ops[k].bits), "");
      LLVMBuildStore(a.b, v, a.ops[k].at);
    }
  }
  /* a tied input ("0") starts its output with its value */
  {
    char *copy = ptx_dupn(con, cn), *save = NULL;
    unsigned in = 0;
    for (char *k = strtok_r(copy, ",", &save); k; k = strtok_r(NULL, ",", &save)) {
      if (k[0] == '~' || k[0] == '=')
        continue;
      if (isdigit((unsigned char)k[0]) && (unsigned)atoi(k) < nout) {
        unsigned o = (unsigned)atoi(k);
        LLVMValueRef v = LLVMBuildLoad2(a.b, ptx_int_ty(&a, a.ops[nout + in].bits), a.ops[nout + in].at, "");
        LLVMBuildStore(a.b, ptx_fit(&a, v, a.ops[o].bits, false), a.ops[o].at);
      }
      in++;
    }
    free(copy);
  }
  bool ok = true;
  for (unsigned k = 0; k < nst && ok; k++)
    ok = statement(&a, st[k]);
  ptx_free_statements(st);
  if (ok) {
    LLVMValueRef res = agg ? LLVMGetUndef(rt) : NULL;
    for (unsigned k = 0; k < nout; k++) {
      LLVMTypeRef t = agg ? LLVMStructGetTypeAtIndex(rt, k) : rt;
      LLVMValueRef v = LLVMBuildLoad2(a.b, ptx_int_ty(&a, a.ops[k].bits), a.ops[k].at, "");
      LLVMTypeKind tk = LLVMGetTypeKind(t);
      v = tk == LLVMPointerTypeKind
              ? LLVMBuildIntToPtr(a.b, window_int(&a, ptx_fit(&a, v, 64, false), t, "gasp.window.address"), t, "")
          : tk == LLVMIntegerTypeKind ? v
                                      : LLVMBuildBitCast(a.b, v, t, "");
      res = agg ? LLVMBuildInsertValue(a.b, res, v, k, "") : v;
    }
    if (res)
      LLVMBuildRet(a.b, res);
    else
      LLVMBuildRetVoid(a.b);
  }
  for (unsigned k = 0; k < a.nregs; k++)
    free(a.regs[k].name);
  LLVMDisposeBuilder(a.b);
  if (!ok) {
    LLVMDeleteFunction(a.fn);
    *why = a.why ? a.why : xstrdup("a statement gasp-run does not run");
    return NULL;
  }
  free(a.why);
  /* the slots are the device's registers, not memory: promoted, so no
     access of theirs is instrumented or counted */
  LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
  LLVMErrorRef e = LLVMRunPassesOnFunction(a.fn, "mem2reg", NULL, po);
  LLVMDisposePassBuilderOptions(po);
  if (e)
    LLVMConsumeError(e);
  return a.fn;
}

static unsigned why_kind(Prep *s) { return LLVMGetMDKindIDInContext(s->ctx, "gasp-run.asm", 12); }

char *ptxasm_why(Prep *s, LLVMValueRef f) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      LLVMValueRef md = LLVMIsACallInst(i) ? LLVMGetMetadata(i, why_kind(s)) : NULL;
      if (!md || LLVMGetMDNodeNumOperands(md) != 1)
        continue;
      LLVMValueRef str;
      LLVMGetMDNodeOperands(md, &str);
      unsigned n;
      const char *w = LLVMGetMDString(str, &n);
      return w ? ptx_dupn(w, n) : NULL;
    }
  return NULL;
}

void ptxasm_expand(Prep *s, PtrMap *reach) {
  if (s->t->family != TGT_NVPTX)
    return;
  unsigned serial = 0;
  ValVec calls = {0};
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f; f = LLVMGetNextFunction(f))
    if (map_find(reach, f) != MAP_NONE)
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        if (LLVMIsACallInst(i) && LLVMIsAInlineAsm(LLVMGetCalledValue(i)))
          vec_push(&calls, i);
  for (size_t k = 0; k < calls.n; k++) {
    LLVMValueRef call = calls.v[k];
    bool only = false; /* a cvta of its input: prep.c folds it */
    LLVMValueRef in = LLVMGetNumArgOperands(call) == 1 ? LLVMGetOperand(call, 0) : NULL;
    if (in && LLVMGetTypeKind(LLVMTypeOf(in)) == LLVMIntegerTypeKind &&
        casts_asm_made(s->t, call, LLVMGetIntTypeWidth(LLVMTypeOf(in)), &only) >= 0 && only)
      continue;
    char *why = NULL;
    LLVMValueRef fn = translate(s, call, serial++, &why);
    if (!fn) { /* kept, with why, for prep.c's refusal (ptxasm_why) */
      LLVMMetadataRef md = LLVMMDStringInContext2(s->ctx, why, strlen(why));
      LLVMSetMetadata(call, why_kind(s), LLVMMetadataAsValue(s->ctx, LLVMMDNodeInContext2(s->ctx, &md, 1)));
      free(why);
      continue;
    }
    unsigned n = (unsigned)LLVMGetNumArgOperands(call);
    LLVMValueRef *args = xcalloc(n ? n : 1, sizeof *args);
    for (unsigned i = 0; i < n; i++)
      args[i] = LLVMGetOperand(call, i);
    LLVMPositionBuilderBefore(s->b, call);
    LLVMValueRef nc = LLVMBuildCall2(s->b, LLVMGetCalledFunctionType(call), fn, args, n, "");
    free(args);
    map_put(reach, fn, 1);
    if (LLVMGetTypeKind(LLVMTypeOf(call)) != LLVMVoidTypeKind)
      LLVMReplaceAllUsesWith(call, nc);
    LLVMInstructionEraseFromParent(call);
  }
  vec_free(&calls);
}
