/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* matrix.c — NVVM's warp matrix loads and stores (wmma) as each lane's own
 * loads and stores, so that gasp-run runs them and --check-as checks the
 * space of every element they touch (prep.c calls it before linking the
 * declarations).
 *
 * A wmma load or store moves a fragment: each lane of the warp holds some
 * elements of an R x C matrix (a: M x K, b: K x N, c and d: M x N) in the
 * fields of a struct, and the element (r, c) lies at the pointer plus
 * (r * ld + c) elements (row layout) or (c * ld + r) (col layout), ld the
 * stride operand (the .stride forms) or else the row length C (row) or
 * column length R (col).  Which lane holds which element is the hardware's
 * secret (PTX ISA, "Matrix fragments for WMMA"), and a program may only
 * hand a fragment to another wmma operation or read it element by element
 * without knowing where each came from; gasp-run chooses one mapping and
 * keeps it for loads and stores alike: slot s = lane * E + e of E per lane
 * holds element (s mod R*C) in row-major order (an a or b fragment, 16
 * halves per lane at m16n16k16, holds each element twice).  So a program
 * that loads and stores fragments computes the same memory either way, and
 * each element is read or written through the operation's own pointer: the
 * named space gasp gave it, or the generic one.
 *
 * wmma.mma (D = A x B + C) is the warp's own exchange: every lane
 * gathers the whole of A and B from the 32 lanes' fragments with warp
 * shuffles (llvm.nvvm.shfl.sync.idx, warp.c: 32 rounds, one a source lane,
 * each field a shuffle or two), keeping them in SSA vectors (no memory
 * access of its own, so --count and --check-as see only the kernel's),
 * then computes its own slots of D from its own slots of C, which hold the
 * same elements (C and D are both M x N with as many elements a lane):
 * element (i, j) = C(i, j) + sum over k of A(i, k) B(k, j), in f32 for
 * f16, bf16 and tf32 inputs, s32 for s8 and u8, f64 for f64, k in order.
 * The layouts (row/col) only say how the loads read memory: gasp-run's
 * fragments hold every matrix in row order.  A and B each take 16 halves a
 * lane for f16 (PTX's fragments, the matrix repeated where it has fewer),
 * M*K/32 and K*N/32 elements for the other types.  The exchange's own
 * loops (blocks named EXCHANGE_BLOCK) are not counted in --count's instrs:
 * they stand for one instruction of the device's.
 *
 * Not run: .satfinite, sub-byte elements (s4, u4, b1) and the sparse and
 * mma.sync forms; a kernel that calls them stops at linking with the
 * intrinsic's name (RUN_EINPUT).
 * Tests: test/infer/wmma.ll (gasp-run --check-as --compare),
 * test/exec/wmma-mma.ll (hand-computed products, every element type).
 */
#include "base/base.h"
#include "exec/exec.h"

#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <string.h>

typedef struct Frag {
  unsigned rows, cols, elem_bits;
  bool col_major, stride, store;
} Frag;

typedef enum { E_F16, E_BF16, E_TF32, E_F32, E_S8, E_U8, E_S32, E_F64 } Elem;

typedef struct Mma {
  unsigned m, n, k;
  Elem a, c, d; /* b's elements are a's */
} Mma;

static const struct {
  const char *name;
  Elem e;
  unsigned bits;
} ELEMS[] = {{"f16", E_F16, 16}, {"bf16", E_BF16, 16}, {"tf32", E_TF32, 32}, {"f32", E_F32, 32},
             {"s8", E_S8, 8},    {"u8", E_U8, 8},     {"s32", E_S32, 32},   {"f64", E_F64, 64}};

/* an element type's bits by its name's first n characters (0: unknown) */
static unsigned elem_bits_of(const char *ty, size_t n) {
  for (size_t i = 0; i < sizeof ELEMS / sizeof ELEMS[0]; i++)
    if (strlen(ELEMS[i].name) == n && !memcmp(ELEMS[i].name, ty, n))
      return ELEMS[i].bits;
  return 0;
}

/* name: llvm.nvvm.wmma.mMnNkK.{load.<a|b|c>|store.d}.<row|col>[.stride].<type> */
static bool parse(const char *name, size_t len, Frag *f) {
  char buf[128];
  if (len >= sizeof buf)
    return false;
  memcpy(buf, name, len);
  buf[len] = 0;
  unsigned m, n, k;
  char op[8], frag[4], layout[8], rest[32];
  if (sscanf(buf, "llvm.nvvm.wmma.m%un%uk%u.%7[a-z].%3[a-d].%7[a-z].%31s", &m, &n, &k, op, frag,
             layout, rest) != 7)
    return false;
  f->store = !strcmp(op, "store");
  if (!f->store && strcmp(op, "load"))
    return false;
  f->col_major = !strcmp(layout, "col");
  if (!f->col_major && strcmp(layout, "row"))
    return false;
  const char *ty = rest;
  f->stride = !strncmp(rest, "stride.", 7);
  if (f->stride)
    ty += 7;
  f->elem_bits = elem_bits_of(ty, strlen(ty));
  f->rows = frag[0] == 'b' ? k : m;
  f->cols = frag[0] == 'a' ? k : n;
  return f->elem_bits && m && n && k && !frag[1];
}

/* The address of slot e of this lane's fragment: p + element offset. */
static LLVMValueRef slot_addr(Prep *s, const Frag *f, LLVMValueRef p, LLVMValueRef lane,
                              LLVMValueRef ld, unsigned per_lane, unsigned e) {
  LLVMBuilderRef b = s->b;
  LLVMValueRef slot = LLVMBuildAdd(
      b, LLVMBuildMul(b, lane, LLVMConstInt(s->i32, per_lane, 0), ""),
      LLVMConstInt(s->i32, e, 0), "");
  LLVMValueRef idx = LLVMBuildURem(b, slot, LLVMConstInt(s->i32, f->rows * f->cols, 0), "");
  LLVMValueRef r = LLVMBuildUDiv(b, idx, LLVMConstInt(s->i32, f->cols, 0), "");
  LLVMValueRef c = LLVMBuildURem(b, idx, LLVMConstInt(s->i32, f->cols, 0), "");
  LLVMValueRef major = f->col_major ? c : r, minor = f->col_major ? r : c;
  LLVMValueRef off = LLVMBuildAdd(b, LLVMBuildMul(b, major, ld, ""), minor, "");
  LLVMValueRef bytes = LLVMBuildMul(b, LLVMBuildSExt(b, off, s->i64, ""),
                                    LLVMConstInt(s->i64, f->elem_bits / 8, 0), "");
  LLVMTypeRef i8 = LLVMInt8TypeInContext(s->ctx);
  return LLVMBuildGEP2(b, i8, p, &bytes, 1, "");
}

/* Replaces one wmma load or store call; leaves it when its fields do not
   hold whole elements (linking then names the intrinsic). */
static void expand(Prep *s, LLVMValueRef call, const Frag *f, LLVMValueRef laneid,
                   LLVMTypeRef laneid_ty) {
  unsigned nargs = (unsigned)LLVMGetNumArgOperands(call);
  LLVMTypeRef ft;
  unsigned nf = 0;
  if (f->store) {
    nf = nargs - 1 - f->stride;
    if (!nf)
      return;
    ft = LLVMTypeOf(LLVMGetOperand(call, 1));
  } else {
    /* a struct of fields, or one field alone (m32n8k16's s8 b, f64's a and b) */
    LLVMTypeRef st = LLVMTypeOf(call);
    bool one = LLVMGetTypeKind(st) != LLVMStructTypeKind;
    if (!one && !(nf = LLVMCountStructElementTypes(st)))
      return;
    nf = one ? 1 : nf;
    ft = one ? st : LLVMStructGetTypeAtIndex(st, 0);
  }
  unsigned fbits = (unsigned)LLVMSizeOfTypeInBits(s->td, ft);
  if (fbits % f->elem_bits || fbits > 64)
    return;
  unsigned per_field = fbits / f->elem_bits, per_lane = nf * per_field;
  LLVMTypeRef fint = LLVMIntTypeInContext(s->ctx, fbits);
  LLVMTypeRef eint = LLVMIntTypeInContext(s->ctx, f->elem_bits);
  LLVMPositionBuilderBefore(s->b, call);
  LLVMSetCurrentDebugLocation2(s->b, LLVMInstructionGetDebugLoc(call));
  LLVMValueRef p = LLVMGetOperand(call, 0);
  LLVMValueRef lane = LLVMBuildCall2(s->b, laneid_ty, laneid, NULL, 0, "lane");
  LLVMValueRef ld = f->stride ? LLVMGetOperand(call, nargs - 1)
                              : LLVMConstInt(s->i32, f->col_major ? f->rows : f->cols, 0);
  LLVMValueRef agg = f->store ? NULL : LLVMGetUndef(LLVMTypeOf(call));
  for (unsigned k = 0; k < nf; k++) {
    LLVMValueRef x = f->store ? LLVMBuildBitCast(s->b, LLVMGetOperand(call, 1 + k), fint, "")
                              : LLVMConstInt(fint, 0, 0);
    for (unsigned j = 0; j < per_field; j++) {
      LLVMValueRef a = slot_addr(s, f, p, lane, ld, per_lane, k * per_field + j);
      LLVMValueRef sh = LLVMConstInt(fint, (unsigned long long)j * f->elem_bits, 0);
      if (f->store) {
        LLVMValueRef el = LLVMBuildTrunc(s->b, LLVMBuildLShr(s->b, x, sh, ""), eint, "");
        LLVMSetAlignment(LLVMBuildStore(s->b, el, a), f->elem_bits / 8);
      } else {
        LLVMValueRef el = LLVMBuildLoad2(s->b, eint, a, "");
        LLVMSetAlignment(el, f->elem_bits / 8);
        x = LLVMBuildOr(s->b, x, LLVMBuildShl(s->b, LLVMBuildZExt(s->b, el, fint, ""), sh, ""), "");
      }
    }
    if (!f->store)
      agg = ft == LLVMTypeOf(call) ? LLVMBuildBitCast(s->b, x, ft, "")
                                   : LLVMBuildInsertValue(s->b, agg, LLVMBuildBitCast(s->b, x, ft, ""),
                                                          k, "");
  }
  if (agg)
    LLVMReplaceAllUsesWith(call, agg);
  LLVMInstructionEraseFromParent(call);
}

/* ---- wmma.mma ------------------------------------------------------------ */

static bool elem_named(const char *t, Elem *e) {
  for (size_t i = 0; i < sizeof ELEMS / sizeof ELEMS[0]; i++)
    if (!strcmp(ELEMS[i].name, t)) {
      *e = ELEMS[i].e;
      return true;
    }
  return false;
}

static unsigned elem_bits(Elem e) {
  for (size_t i = 0; i < sizeof ELEMS / sizeof ELEMS[0]; i++)
    if (ELEMS[i].e == e)
      return ELEMS[i].bits;
  return 0;
}

/* name: llvm.nvvm.wmma.mMnNkK.mma.<alayout>.<blayout>.<d>.<c> (f16/f32 pairs,
   a and b f16) or .<a> (bf16, tf32: c and d f32; s8, u8: s32; f64) */
static bool parse_mma(const char *name, size_t len, Mma *x) {
  char buf[128], al[8], bl[8], t1[8], t2[8] = "";
  if (len >= sizeof buf)
    return false;
  memcpy(buf, name, len);
  buf[len] = 0;
  int got = sscanf(buf, "llvm.nvvm.wmma.m%un%uk%u.mma.%7[a-z].%7[a-z].%7[a-z0-9].%7[a-z0-9]",
                   &x->m, &x->n, &x->k, al, bl, t1, t2);
  if (got < 6 || strstr(buf, "satfinite") || !x->m || !x->n || !x->k ||
      (x->m * x->n) % 32 || (x->m * x->k) % 32 || (x->k * x->n) % 32)
    return false;
  if (got == 7 && (!strcmp(t1, "rn") || !strcmp(t1, "rz") || !strcmp(t1, "rm") ||
                   !strcmp(t1, "rp"))) {
    if (strcmp(t1, "rn"))
      return false; /* f64's other rounding modes: not run */
    memmove(t1, t2, sizeof t1);
    got = 6;
  }
  if (got == 7) {
    x->a = E_F16;
    return elem_named(t1, &x->d) && elem_named(t2, &x->c) &&
           (x->d == E_F16 || x->d == E_F32) && (x->c == E_F16 || x->c == E_F32);
  }
  if (!elem_named(t1, &x->a))
    return false;
  switch (x->a) {
  case E_BF16:
  case E_TF32:
    x->c = x->d = E_F32;
    return true;
  case E_S8:
  case E_U8:
    x->c = x->d = E_S32;
    return true;
  case E_F64:
    x->c = x->d = E_F64;
    return true;
  default:
    return false;
  }
}

/* The type an element is computed in. */
static LLVMTypeRef compute_type(Prep *s, Elem e) {
  switch (e) {
  case E_S8:
  case E_U8:
  case E_S32:
    return s->i32;
  case E_F64:
    return LLVMDoubleTypeInContext(s->ctx);
  default:
    return LLVMFloatTypeInContext(s->ctx);
  }
}

/* Element el (an integer of the element's bits) as the compute type. */
static LLVMValueRef to_compute(Prep *s, Elem e, LLVMValueRef el) {
  LLVMBuilderRef b = s->b;
  LLVMTypeRef f32 = LLVMFloatTypeInContext(s->ctx);
  switch (e) {
  case E_F16:
    return LLVMBuildFPExt(b, LLVMBuildBitCast(b, el, LLVMHalfTypeInContext(s->ctx), ""), f32, "");
  case E_BF16:
    return LLVMBuildBitCast(
        b, LLVMBuildShl(b, LLVMBuildZExt(b, el, s->i32, ""), LLVMConstInt(s->i32, 16, 0), ""),
        f32, "");
  case E_TF32:
  case E_F32:
    return LLVMBuildBitCast(b, el, f32, "");
  case E_S8:
    return LLVMBuildSExt(b, el, s->i32, "");
  case E_U8:
    return LLVMBuildZExt(b, el, s->i32, "");
  case E_S32:
    return el;
  case E_F64:
    return LLVMBuildBitCast(b, el, LLVMDoubleTypeInContext(s->ctx), "");
  }
  return el;
}

/* A computed value v as an integer of element e's bits. */
static LLVMValueRef from_compute(Prep *s, Elem e, LLVMValueRef v) {
  LLVMBuilderRef b = s->b;
  if (e == E_F16)
    return LLVMBuildBitCast(b, LLVMBuildFPTrunc(b, v, LLVMHalfTypeInContext(s->ctx), ""),
                            LLVMInt16TypeInContext(s->ctx), "");
  if (e == E_S32)
    return v;
  return LLVMBuildBitCast(b, v, LLVMIntTypeInContext(s->ctx, elem_bits(e)), "");
}

/* Element j (of per-field ones of bits each) of field v, as an integer. */
static LLVMValueRef field_elem(Prep *s, LLVMValueRef v, unsigned bits, unsigned j) {
  unsigned fbits = (unsigned)LLVMSizeOfTypeInBits(s->td, LLVMTypeOf(v));
  LLVMTypeRef fint = LLVMIntTypeInContext(s->ctx, fbits);
  LLVMValueRef x = LLVMBuildBitCast(s->b, v, fint, "");
  if (j)
    x = LLVMBuildLShr(s->b, x, LLVMConstInt(fint, (unsigned long long)j * bits, 0), "");
  return fbits == bits ? x : LLVMBuildTrunc(s->b, x, LLVMIntTypeInContext(s->ctx, bits), "");
}

typedef struct Shfl {
  LLVMValueRef fn;
  LLVMTypeRef ty;
} Shfl;

/* Field v of lane `from`, read by every lane (a shuffle per 32 bits). */
static LLVMValueRef shuffled(Prep *s, const Shfl *sh, LLVMValueRef v, LLVMValueRef from) {
  LLVMBuilderRef b = s->b;
  unsigned fbits = (unsigned)LLVMSizeOfTypeInBits(s->td, LLVMTypeOf(v));
  LLVMTypeRef fint = LLVMIntTypeInContext(s->ctx, fbits);
  LLVMValueRef w = LLVMBuildBitCast(b, v, fint, "");
  if (fbits < 64)
    w = LLVMBuildZExt(b, w, s->i64, "");
  LLVMValueRef got = NULL;
  for (unsigned half = 0; half * 32 < fbits; half++) {
    LLVMValueRef part = LLVMBuildTrunc(
        b, half ? LLVMBuildLShr(b, w, LLVMConstInt(s->i64, 32, 0), "") : w, s->i32, "");
    LLVMValueRef args[4] = {LLVMConstInt(s->i32, 0xffffffffu, 0), part, from,
                            LLVMConstInt(s->i32, 0x1f, 0)};
    LLVMValueRef r = LLVMBuildZExt(b, LLVMBuildCall2(b, sh->ty, sh->fn, args, 4, ""), s->i64, "");
    if (half)
      r = LLVMBuildShl(b, r, LLVMConstInt(s->i64, 32, 0), "");
    got = got ? LLVMBuildOr(b, got, r, "") : r;
  }
  return LLVMBuildBitCast(b, fbits == 64 ? got : LLVMBuildTrunc(b, got, fint, ""), LLVMTypeOf(v),
                          "");
}

/* One fragment's operands: nf fields from operand `first`, their elements
   of kind e in a matrix of rc elements. */
typedef struct Operand {
  unsigned first, nf, per_field, rc;
  Elem e;
} Operand;

/* acc with lane `from`'s elements of operand o put in (acc: <rc x compute>). */
static LLVMValueRef gather(Prep *s, const Shfl *sh, LLVMValueRef call, const Operand *o,
                           LLVMValueRef from, LLVMValueRef acc) {
  unsigned bits = elem_bits(o->e), per_lane = o->nf * o->per_field;
  LLVMValueRef base = LLVMBuildMul(s->b, from, LLVMConstInt(s->i32, per_lane, 0), "");
  for (unsigned k = 0; k < o->nf; k++) {
    LLVMValueRef v = shuffled(s, sh, LLVMGetOperand(call, o->first + k), from);
    for (unsigned j = 0; j < o->per_field; j++) {
      LLVMValueRef slot =
          LLVMBuildAdd(s->b, base, LLVMConstInt(s->i32, k * o->per_field + j, 0), "");
      LLVMValueRef idx = LLVMBuildURem(s->b, slot, LLVMConstInt(s->i32, o->rc, 0), "");
      acc = LLVMBuildInsertElement(s->b, acc, to_compute(s, o->e, field_elem(s, v, bits, j)), idx,
                                   "");
    }
  }
  return acc;
}

/* An operand's fields from argument `first` on: per_lane elements of kind e
   a lane, of a matrix of rc elements. */
static bool operand_at(Prep *s, LLVMValueRef call, unsigned first, Elem e, unsigned rc,
                       unsigned per_lane, Operand *o) {
  unsigned nargs = (unsigned)LLVMGetNumArgOperands(call);
  if (first >= nargs)
    return false;
  unsigned fbits = (unsigned)LLVMSizeOfTypeInBits(s->td, LLVMTypeOf(LLVMGetOperand(call, first)));
  unsigned bits = elem_bits(e);
  if (!bits || fbits % bits || fbits > 64 || per_lane % (fbits / bits))
    return false;
  o->first = first;
  o->per_field = fbits / bits;
  o->rc = rc;
  o->e = e;
  o->nf = per_lane / o->per_field;
  return o->nf && first + o->nf <= nargs;
}

/* Replaces one wmma.mma call by the warp's exchange and this lane's slots
   of D; leaves a call whose operands are not the fragments expected. */
static void expand_mma(Prep *s, LLVMValueRef call, const Mma *x, LLVMValueRef laneid,
                       LLVMTypeRef laneid_ty, const Shfl *sh) {
  LLVMTypeRef dt = LLVMTypeOf(call);
  unsigned nd;
  if (LLVMGetTypeKind(dt) != LLVMStructTypeKind || !(nd = LLVMCountStructElementTypes(dt)))
    return;
  LLVMTypeRef dft = LLVMStructGetTypeAtIndex(dt, 0);
  unsigned dbits = elem_bits(x->d), dfbits = (unsigned)LLVMSizeOfTypeInBits(s->td, dft);
  if (dfbits % dbits)
    return;
  unsigned dpf = dfbits / dbits, mn = x->m * x->n;
  /* f16 A and B: 16 halves a lane (PTX's fragments, repeated where the
     matrix has fewer); the other types and C: rows x cols / 32 */
  Operand a, b, c;
  bool f16 = x->a == E_F16;
  if (!operand_at(s, call, 0, x->a, x->m * x->k, f16 ? 16 : x->m * x->k / 32, &a) ||
      !operand_at(s, call, a.nf, x->a, x->k * x->n, f16 ? 16 : x->k * x->n / 32, &b) ||
      !operand_at(s, call, a.nf + b.nf, x->c, mn, mn / 32, &c))
    return;
  unsigned nargs = (unsigned)LLVMGetNumArgOperands(call);
  if (a.nf + b.nf + c.nf != nargs || nd * dpf * 32 != mn)
    return;
  LLVMBuilderRef bld = s->b;
  LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(call);
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(call);
  LLVMBasicBlockRef head = ir_split_before(bld, call);
  LLVMBasicBlockRef loop = LLVMInsertBasicBlockInContext(s->ctx, bb, EXCHANGE_BLOCK ".gather");
  LLVMBasicBlockRef pre = LLVMInsertBasicBlockInContext(s->ctx, bb, EXCHANGE_BLOCK ".slots");
  LLVMBasicBlockRef kl = LLVMInsertBasicBlockInContext(s->ctx, bb, EXCHANGE_BLOCK ".k");
  LLVMTypeRef ct = compute_type(s, x->a), acc_t = compute_type(s, x->d);
  bool fp = x->a != E_S8 && x->a != E_U8;
  LLVMTypeRef av = LLVMVectorType(ct, a.rc), bv = LLVMVectorType(ct, b.rc);

  /* the gather: one round a source lane */
  LLVMPositionBuilderAtEnd(bld, head);
  LLVMSetCurrentDebugLocation2(bld, loc);
  LLVMBuildBr(bld, loop);
  LLVMPositionBuilderAtEnd(bld, loop);
  LLVMValueRef from = LLVMBuildPhi(bld, s->i32, "mma.lane");
  LLVMValueRef pa = LLVMBuildPhi(bld, av, "mma.a"), pb = LLVMBuildPhi(bld, bv, "mma.b");
  LLVMValueRef na = gather(s, sh, call, &a, from, pa);
  LLVMValueRef nb = gather(s, sh, call, &b, from, pb);
  LLVMValueRef next = LLVMBuildAdd(bld, from, LLVMConstInt(s->i32, 1, 0), "");
  LLVMBuildCondBr(bld, LLVMBuildICmp(bld, LLVMIntULT, next, LLVMConstInt(s->i32, 32, 0), ""),
                  loop, pre);
  LLVMValueRef zero = LLVMConstInt(s->i32, 0, 0);
  LLVMValueRef in_v[2] = {zero, next}, in_a[2] = {LLVMGetUndef(av), na},
               in_b[2] = {LLVMGetUndef(bv), nb};
  LLVMBasicBlockRef in_bb[2] = {head, loop};
  LLVMAddIncoming(from, in_v, in_bb, 2);
  LLVMAddIncoming(pa, in_a, in_bb, 2);
  LLVMAddIncoming(pb, in_b, in_bb, 2);

  /* this lane's slots: (i, j) of each, and C's value there */
  unsigned e_n = nd * dpf;
  LLVMValueRef *ii = xcalloc(e_n, sizeof *ii), *jj = xcalloc(e_n, sizeof *jj),
               *c0 = xcalloc(e_n, sizeof *c0), *acc = xcalloc(e_n, sizeof *acc),
               *nacc = xcalloc(e_n, sizeof *nacc);
  LLVMPositionBuilderAtEnd(bld, pre);
  LLVMValueRef lane = LLVMBuildCall2(bld, laneid_ty, laneid, NULL, 0, "lane");
  LLVMValueRef lbase = LLVMBuildMul(bld, lane, LLVMConstInt(s->i32, e_n, 0), "");
  for (unsigned e = 0; e < e_n; e++) {
    LLVMValueRef idx = LLVMBuildURem(
        bld, LLVMBuildAdd(bld, lbase, LLVMConstInt(s->i32, e, 0), ""),
        LLVMConstInt(s->i32, mn, 0), "");
    ii[e] = LLVMBuildUDiv(bld, idx, LLVMConstInt(s->i32, x->n, 0), "");
    jj[e] = LLVMBuildURem(bld, idx, LLVMConstInt(s->i32, x->n, 0), "");
    LLVMValueRef cf = LLVMGetOperand(call, c.first + e / c.per_field);
    c0[e] = to_compute(s, x->c, field_elem(s, cf, elem_bits(x->c), e % c.per_field));
    if (LLVMTypeOf(c0[e]) != acc_t)
      c0[e] = fp ? LLVMBuildFPCast(bld, c0[e], acc_t, "") : c0[e];
  }
  LLVMBuildBr(bld, kl);

  /* the sum over k, in order */
  LLVMPositionBuilderAtEnd(bld, kl);
  LLVMValueRef kk = LLVMBuildPhi(bld, s->i32, "mma.k");
  for (unsigned e = 0; e < e_n; e++)
    acc[e] = LLVMBuildPhi(bld, acc_t, "");
  for (unsigned e = 0; e < e_n; e++) {
    LLVMValueRef ai = LLVMBuildAdd(
        bld, LLVMBuildMul(bld, ii[e], LLVMConstInt(s->i32, x->k, 0), ""), kk, "");
    LLVMValueRef bi = LLVMBuildAdd(
        bld, LLVMBuildMul(bld, kk, LLVMConstInt(s->i32, x->n, 0), ""), jj[e], "");
    LLVMValueRef av_e = LLVMBuildExtractElement(bld, na, ai, "");
    LLVMValueRef bv_e = LLVMBuildExtractElement(bld, nb, bi, "");
    if (fp && ct != acc_t) {
      av_e = LLVMBuildFPCast(bld, av_e, acc_t, "");
      bv_e = LLVMBuildFPCast(bld, bv_e, acc_t, "");
    }
    nacc[e] = fp ? LLVMBuildFAdd(bld, acc[e], LLVMBuildFMul(bld, av_e, bv_e, ""), "")
                 : LLVMBuildAdd(bld, acc[e], LLVMBuildMul(bld, av_e, bv_e, ""), "");
  }
  LLVMValueRef knext = LLVMBuildAdd(bld, kk, LLVMConstInt(s->i32, 1, 0), "");
  LLVMBuildCondBr(bld, LLVMBuildICmp(bld, LLVMIntULT, knext, LLVMConstInt(s->i32, x->k, 0), ""),
                  kl, bb);
  LLVMBasicBlockRef kin[2] = {pre, kl};
  LLVMValueRef kv[2] = {zero, knext};
  LLVMAddIncoming(kk, kv, kin, 2);
  for (unsigned e = 0; e < e_n; e++) {
    LLVMValueRef v[2] = {c0[e], nacc[e]};
    LLVMAddIncoming(acc[e], v, kin, 2);
  }

  /* D's fields, packed as the call returned them */
  LLVMPositionBuilderBefore(bld, call);
  LLVMTypeRef dint = LLVMIntTypeInContext(s->ctx, dfbits);
  LLVMValueRef agg = LLVMGetUndef(dt);
  for (unsigned f = 0; f < nd; f++) {
    LLVMValueRef w = LLVMConstInt(dint, 0, 0);
    for (unsigned j = 0; j < dpf; j++) {
      LLVMValueRef el = LLVMBuildZExt(bld, from_compute(s, x->d, nacc[f * dpf + j]), dint, "");
      if (dfbits == dbits)
        el = from_compute(s, x->d, nacc[f * dpf + j]);
      else if (j)
        el = LLVMBuildShl(bld, el, LLVMConstInt(dint, (unsigned long long)j * dbits, 0), "");
      w = dfbits == dbits ? el : LLVMBuildOr(bld, w, el, "");
    }
    agg = LLVMBuildInsertValue(bld, agg, LLVMBuildBitCast(bld, w, dft, ""), f, "");
  }
  LLVMReplaceAllUsesWith(call, agg);
  LLVMInstructionEraseFromParent(call);
  free(ii);
  free(jj);
  free(c0);
  free(acc);
  free(nacc);
}

void matrix_expand(Prep *s) {
  LLVMTypeRef laneid_ty = LLVMFunctionType(s->i32, NULL, 0, 0);
  LLVMValueRef laneid = NULL;
  Shfl sh = {0};
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f; f = LLVMGetNextFunction(f)) {
    size_t len;
    unsigned id = LLVMGetIntrinsicID(f);
    const char *name = id ? LLVMIntrinsicGetName(id, &len) : NULL;
    Frag fr = {0};
    Mma mma = {0};
    bool is_mma = name && parse_mma(name, len, &mma);
    if (!name || (!is_mma && !parse(name, len, &fr)))
      continue;
    for (LLVMUseRef u = LLVMGetFirstUse(f), nx; u; u = nx) {
      nx = LLVMGetNextUse(u);
      LLVMValueRef call = LLVMGetUser(u);
      if (!LLVMIsACallInst(call) || LLVMGetCalledValue(call) != f)
        continue;
      if (!laneid) {
        laneid = LLVMGetNamedFunction(s->m, "llvm.nvvm.read.ptx.sreg.laneid");
        if (!laneid)
          laneid = LLVMAddFunction(s->m, "llvm.nvvm.read.ptx.sreg.laneid", laneid_ty);
      }
      if (!is_mma) {
        expand(s, call, &fr, laneid, laneid_ty);
        continue;
      }
      if (!sh.fn) {
        LLVMTypeRef args[4] = {s->i32, s->i32, s->i32, s->i32};
        sh.ty = LLVMFunctionType(s->i32, args, 4, 0);
        sh.fn = LLVMGetNamedFunction(s->m, "llvm.nvvm.shfl.sync.idx.i32");
        if (!sh.fn)
          sh.fn = LLVMAddFunction(s->m, "llvm.nvvm.shfl.sync.idx.i32", sh.ty);
      }
      expand_mma(s, call, &mma, laneid, laneid_ty, &sh);
    }
  }
}
