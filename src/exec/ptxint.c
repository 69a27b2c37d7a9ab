/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* ptxint.c — PTX's integer bit-manipulation and wide arithmetic for
 * ptxasm.c (whose header comment is the algorithm): what crypto and
 * hashing kernels write in inline assembly (hashcat's and John's NVIDIA
 * paths: lop3, prmt, shf, bfi) and the wide multiplies.  Each follows the
 * PTX ISA's definition:
 *   mul.hi / mul.wide / mad.lo / mad.hi / mad.wide on s16-s64, u16-u64;
 *   popc, clz, brev on b32 and b64 (popc and clz write a u32);
 *   bfi.b32/b64 d, f, b, pos, len (pos and len their low 8 bits);
 *   prmt.b32 d, a, b, c in its default mode (each selector nibble picks a
 *     byte of {b, a}, its bit 3 replicating that byte's sign);
 *   lop3.b32 d, a, b, c, immLut (any 8-bit table, an immediate or not);
 *   shf.{l,r}.{wrap,clamp}.b32 d, a, b, c (a funnel shift of {b, a});
 *   add.cc, addc, sub.cc, subc, mad.cc, madc (ptx_do_carry, below).
 * Tests: test/exec/ptx-asm.ll, @i; test/exec/ptx-carry.ll. */
#include "exec/ptx.h"

#include <string.h>

static LLVMValueRef c_int(Asm *a, unsigned bits, unsigned long long v) {
  return LLVMConstInt(ptx_int_ty(a, bits), v, 0);
}

/* The operands 1..n of x as bits of the widths given (0: t's own). */
static bool operands(Asm *a, const Stmt *x, unsigned n, Ty t, const unsigned *bits, LLVMValueRef *out) {
  if (x->nops != n + 1)
    return ptx_fail(a, x->text, "an unexpected number of operands");
  for (unsigned i = 0; i < n; i++)
    if (!(out[i] = ptx_rd(a, x->text, x->ops[i + 1], bits && bits[i] ? bits[i] : t.bits, t, false)))
      return false;
  return true;
}

/* x * y in 2w bits (x and y w bits wide; signed: sign-extended first). */
static LLVMValueRef product(Asm *a, LLVMValueRef x, LLVMValueRef y, unsigned w, bool s) {
  LLVMTypeRef it2 = ptx_int_ty(a, 2 * w);
  return LLVMBuildMul(a->b, s ? LLVMBuildSExt(a->b, x, it2, "") : LLVMBuildZExt(a->b, x, it2, ""),
                      s ? LLVMBuildSExt(a->b, y, it2, "") : LLVMBuildZExt(a->b, y, it2, ""), "");
}

/* The high or low w bits of a 2w-bit product p. */
static LLVMValueRef product_word(Asm *a, LLVMValueRef p, unsigned w, bool hi) {
  return LLVMBuildTrunc(a->b, hi ? LLVMBuildLShr(a->b, p, c_int(a, 2 * w, w), "") : p,
                        ptx_int_ty(a, w), "");
}

/* mul.{hi,wide} and mad.{lo,hi,wide}: the 2w product's low, high or whole. */
bool ptx_do_mulx(Asm *a, const Stmt *x) {
  Ty t = ptx_last_type(x, 0);
  bool mad = x->mods[0][1] == 'a', hi = ptx_has_mod(x, "hi"), wide = ptx_has_mod(x, "wide"), lo = ptx_has_mod(x, "lo");
  if ((t.k != K_INT && t.k != K_UINT) || (!hi && !wide && !lo) || (wide && t.bits > 32))
    return ptx_fail(a, x->text, "a multiply gasp-run does not run");
  unsigned w = t.bits, w2 = 2 * w, cbits[3] = {0, 0, wide ? w2 : w};
  LLVMValueRef in[3];
  if (!operands(a, x, mad ? 3 : 2, t, cbits, in))
    return false;
  LLVMValueRef p = product(a, in[0], in[1], w, t.k == K_INT);
  LLVMValueRef r = wide ? p : product_word(a, p, w, hi);
  if (mad)
    r = LLVMBuildAdd(a->b, r, in[2], "");
  return ptx_wr(a, x->text, x->ops[0], r, false);
}

/* The extended-precision forms: add.cc, addc[.cc], sub.cc, subc[.cc],
   mad.{lo,hi}.cc and madc.{lo,hi}[.cc] on .u32 .s32 .u64 .s64 (PTX ISA,
   "Extended-Precision Integer Arithmetic").  The sum is made 2w bits
   wide: its low w bits are d, bit w the carry out (of a difference, the
   borrow: the wide difference went below 0).  The carry in and out is the
   work-item's CC.CF (gasp.cc.get / .set: rt.c), so it passes from one asm
   statement to the next as it does on the device, where each `addc` of a
   multi-word add is an asm of its own (BitCrack's and mfaktc's macros).
   mad's product is signed for .s types, as mul's is. */
bool ptx_do_carry(Asm *a, const Stmt *x) {
  const char *op = x->mods[0];
  if (strcmp(op, "add") && strcmp(op, "addc") && strcmp(op, "sub") && strcmp(op, "subc") &&
      strcmp(op, "mad") && strcmp(op, "madc"))
    return ptx_fail(a, x->text, "a carry form gasp-run does not run");
  bool sub = op[0] == 's', mad = op[0] == 'm', in = op[strlen(op) - 1] == 'c';
  bool out = ptx_has_mod(x, "cc"), hi = ptx_has_mod(x, "hi"), lo = ptx_has_mod(x, "lo");
  Ty t = ptx_last_type(x, 0);
  if ((t.k != K_INT && t.k != K_UINT) || (t.bits != 32 && t.bits != 64) || (mad && hi == lo) ||
      (!mad && (hi || lo)))
    return ptx_fail(a, x->text, "a carry form gasp-run does not run");
  unsigned w = t.bits, w2 = 2 * w;
  LLVMValueRef v[3];
  if (!operands(a, x, mad ? 3 : 2, t, NULL, v))
    return false;
  LLVMTypeRef it2 = ptx_int_ty(a, w2);
  if (mad) { /* the product's low or high word, then + c (+ CF) */
    v[0] = product_word(a, product(a, v[0], v[1], w, t.k == K_INT), w, hi);
    v[1] = v[2];
  }
  LLVMValueRef l = LLVMBuildZExt(a->b, v[0], it2, ""), r = LLVMBuildZExt(a->b, v[1], it2, "");
  LLVMValueRef sum = sub ? LLVMBuildSub(a->b, l, r, "") : LLVMBuildAdd(a->b, l, r, "");
  if (in) {
    LLVMValueRef cf = LLVMBuildZExt(a->b, ptx_call(a, "gasp.cc.get", ptx_int_ty(a, 32), NULL, 0), it2, "");
    sum = sub ? LLVMBuildSub(a->b, sum, cf, "") : LLVMBuildAdd(a->b, sum, cf, "");
  }
  if (out) {
    LLVMValueRef cf = LLVMBuildTrunc(a->b, LLVMBuildAnd(a->b, LLVMBuildLShr(a->b, sum, c_int(a, w2, w), ""),
                                                        c_int(a, w2, 1), ""),
                                     ptx_int_ty(a, 32), "");
    ptx_call(a, "gasp.cc.set", LLVMVoidTypeInContext(a->s->ctx), &cf, 1);
  }
  return ptx_wr(a, x->text, x->ops[0], LLVMBuildTrunc(a->b, sum, ptx_int_ty(a, w), ""), false);
}

/* popc, clz, brev. */
bool ptx_do_bits(Asm *a, const Stmt *x) {
  Ty t = ptx_last_type(x, 0);
  if (t.k != K_BITS || (t.bits != 32 && t.bits != 64))
    return ptx_fail(a, x->text, "a bit count of another type");
  LLVMValueRef v;
  if (!operands(a, x, 1, t, NULL, &v))
    return false;
  LLVMTypeRef it = ptx_int_ty(a, t.bits);
  const char *op = x->mods[0];
  LLVMValueRef r;
  if (!strcmp(op, "brev")) {
    r = ptx_intrinsic(a, "llvm.bitreverse", &it, 1, &v, 1);
  } else if (!strcmp(op, "popc")) {
    r = ptx_intrinsic(a, "llvm.ctpop", &it, 1, &v, 1);
  } else {
    LLVMValueRef args[2] = {v, LLVMConstInt(ptx_int_ty(a, 1), 0, 0)}; /* clz of 0: the width */
    r = ptx_intrinsic(a, "llvm.ctlz", &it, 1, args, 2);
  }
  return ptx_wr(a, x->text, x->ops[0], ptx_fit(a, r, strcmp(op, "brev") ? 32 : t.bits, false), false);
}

/* bfi.b32/b64 d, f, b, pos, len: b with bits [pos, pos + len) from f's low
   bits, the field cut at the width; len 0 or pos at the width: b. */
bool ptx_do_bfi(Asm *a, const Stmt *x) {
  Ty t = ptx_last_type(x, 0);
  if (t.k != K_BITS || t.bits < 32)
    return ptx_fail(a, x->text, "bfi of another type");
  unsigned w = t.bits, w2 = 2 * w, bits[4] = {0, 0, 32, 32};
  LLVMValueRef in[4];
  if (!operands(a, x, 4, t, bits, in))
    return false;
  LLVMTypeRef it2 = ptx_int_ty(a, w2);
  LLVMValueRef ff = c_int(a, 32, 0xff), wc = c_int(a, 32, w);
  LLVMValueRef pos = LLVMBuildAnd(a->b, in[2], ff, ""), len = LLVMBuildAnd(a->b, in[3], ff, "");
  pos = LLVMBuildSelect(a->b, LLVMBuildICmp(a->b, LLVMIntUGT, pos, wc, ""), wc, pos, "");
  len = LLVMBuildSelect(a->b, LLVMBuildICmp(a->b, LLVMIntUGT, len, wc, ""), wc, len, "");
  LLVMValueRef p2 = LLVMBuildZExt(a->b, pos, it2, ""), l2 = LLVMBuildZExt(a->b, len, it2, "");
  LLVMValueRef mask = LLVMBuildShl(
      a->b, LLVMBuildSub(a->b, LLVMBuildShl(a->b, c_int(a, w2, 1), l2, ""), c_int(a, w2, 1), ""), p2, "");
  LLVMValueRef f = LLVMBuildShl(a->b, LLVMBuildZExt(a->b, in[0], it2, ""), p2, "");
  LLVMValueRef b = LLVMBuildZExt(a->b, in[1], it2, "");
  LLVMValueRef r = LLVMBuildOr(a->b, LLVMBuildAnd(a->b, f, mask, ""),
                               LLVMBuildAnd(a->b, b, LLVMBuildNot(a->b, mask, ""), ""), "");
  return ptx_wr(a, x->text, x->ops[0], LLVMBuildTrunc(a->b, r, ptx_int_ty(a, w), ""), false);
}

/* prmt.b32 d, a, b, c (default mode). */
bool ptx_do_prmt(Asm *a, const Stmt *x) {
  if (x->nmods != 2 || strcmp(x->mods[1], "b32"))
    return ptx_fail(a, x->text, "a prmt mode gasp-run does not run");
  Ty t = {K_BITS, 32, 1};
  LLVMValueRef in[3];
  if (!operands(a, x, 3, t, NULL, in))
    return false;
  LLVMTypeRef i64 = ptx_int_ty(a, 64);
  LLVMValueRef ab = LLVMBuildOr(a->b, LLVMBuildZExt(a->b, in[0], i64, ""),
                                LLVMBuildShl(a->b, LLVMBuildZExt(a->b, in[1], i64, ""), c_int(a, 64, 32), ""), "");
  LLVMValueRef d = c_int(a, 32, 0);
  for (unsigned k = 0; k < 4; k++) {
    LLVMValueRef sel = LLVMBuildAnd(a->b, LLVMBuildLShr(a->b, in[2], c_int(a, 32, 4 * k), ""), c_int(a, 32, 15), "");
    LLVMValueRef idx = LLVMBuildAnd(a->b, sel, c_int(a, 32, 7), "");
    LLVMValueRef sh = LLVMBuildZExt(a->b, LLVMBuildMul(a->b, idx, c_int(a, 32, 8), ""), i64, "");
    LLVMValueRef byte = LLVMBuildTrunc(a->b, LLVMBuildAnd(a->b, LLVMBuildLShr(a->b, ab, sh, ""), c_int(a, 64, 255), ""),
                                       ptx_int_ty(a, 32), "");
    LLVMValueRef msb = LLVMBuildICmp(a->b, LLVMIntNE, LLVMBuildAnd(a->b, byte, c_int(a, 32, 0x80), ""), c_int(a, 32, 0), "");
    LLVMValueRef rep = LLVMBuildICmp(a->b, LLVMIntNE, LLVMBuildAnd(a->b, sel, c_int(a, 32, 8), ""), c_int(a, 32, 0), "");
    byte = LLVMBuildSelect(a->b, rep, LLVMBuildSelect(a->b, msb, c_int(a, 32, 255), c_int(a, 32, 0), ""), byte, "");
    d = LLVMBuildOr(a->b, d, LLVMBuildShl(a->b, byte, c_int(a, 32, 8 * k), ""), "");
  }
  return ptx_wr(a, x->text, x->ops[0], d, false);
}

/* lop3.b32 d, a, b, c, lut: bit i of d is lut's bit (a_i << 2 | b_i << 1 | c_i). */
bool ptx_do_lop3(Asm *a, const Stmt *x) {
  if (x->nmods != 2 || strcmp(x->mods[1], "b32"))
    return ptx_fail(a, x->text, "a lop3 form gasp-run does not run");
  Ty t = {K_BITS, 32, 1};
  LLVMValueRef in[4];
  if (!operands(a, x, 4, t, NULL, in))
    return false;
  LLVMValueRef d = c_int(a, 32, 0);
  for (unsigned m = 0; m < 8; m++) {
    LLVMValueRef term = c_int(a, 32, 0xffffffffu);
    for (unsigned j = 0; j < 3; j++) {
      LLVMValueRef v = in[j];
      term = LLVMBuildAnd(a->b, term, (m >> (2 - j)) & 1 ? v : LLVMBuildNot(a->b, v, ""), "");
    }
    LLVMValueRef bit = LLVMBuildAnd(a->b, LLVMBuildLShr(a->b, in[3], c_int(a, 32, m), ""), c_int(a, 32, 1), "");
    LLVMValueRef all = LLVMBuildNeg(a->b, bit, ""); /* 0 or all ones */
    d = LLVMBuildOr(a->b, d, LLVMBuildAnd(a->b, term, all, ""), "");
  }
  return ptx_wr(a, x->text, x->ops[0], d, false);
}

/* shf.{l,r}.{wrap,clamp}.b32 d, a, b, c: {b, a} shifted by c (wrap: c mod
   32; clamp: at most 32), the high word (l) or the low one (r). */
bool ptx_do_shf(Asm *a, const Stmt *x) {
  bool left = ptx_has_mod(x, "l"), clamp = ptx_has_mod(x, "clamp");
  if ((!left && !ptx_has_mod(x, "r")) || (!clamp && !ptx_has_mod(x, "wrap")) || !ptx_has_mod(x, "b32"))
    return ptx_fail(a, x->text, "a funnel shift gasp-run does not run");
  Ty t = {K_BITS, 32, 1};
  LLVMValueRef in[3];
  if (!operands(a, x, 3, t, NULL, in))
    return false;
  LLVMTypeRef it = ptx_int_ty(a, 32);
  LLVMValueRef args[3] = {in[1], in[0], in[2]};
  LLVMValueRef r = ptx_intrinsic(a, left ? "llvm.fshl" : "llvm.fshr", &it, 1, args, 3);
  if (clamp) /* a shift of 32 or more: the other word whole */
    r = LLVMBuildSelect(a->b, LLVMBuildICmp(a->b, LLVMIntUGE, in[2], c_int(a, 32, 32), ""),
                        left ? in[0] : in[1], r, "");
  return ptx_wr(a, x->text, x->ops[0], r, false);
}
