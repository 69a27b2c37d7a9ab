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
 * Not run: wmma.mma (the lanes would have to exchange whole rows and
 * columns) and sub-byte elements (s4, u4, b1); a kernel that calls them
 * stops at linking with the intrinsic's name (RUN_EINPUT).
 * Tests: test/infer/wmma.ll (gasp-run --check-as --compare).
 */
#include "exec/exec.h"

#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <string.h>

typedef struct Frag {
  unsigned rows, cols, elem_bits;
  bool col_major, stride, store;
} Frag;

static unsigned elem_bits_of(const char *ty, size_t n) {
  static const struct {
    const char *name;
    unsigned bits;
  } types[] = {{"f16", 16}, {"bf16", 16}, {"f32", 32}, {"tf32", 32}, {"s32", 32},
               {"s8", 8},   {"u8", 8},    {"f64", 64}};
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
    if (strlen(types[i].name) == n && !memcmp(types[i].name, ty, n))
      return types[i].bits;
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
  unsigned nf;
  if (f->store) {
    nf = nargs - 1 - f->stride;
    if (!nf)
      return;
    ft = LLVMTypeOf(LLVMGetOperand(call, 1));
  } else {
    LLVMTypeRef st = LLVMTypeOf(call);
    if (LLVMGetTypeKind(st) != LLVMStructTypeKind || !(nf = LLVMCountStructElementTypes(st)))
      return;
    ft = LLVMStructGetTypeAtIndex(st, 0);
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
      agg = LLVMBuildInsertValue(s->b, agg, LLVMBuildBitCast(s->b, x, ft, ""), k, "");
  }
  if (agg)
    LLVMReplaceAllUsesWith(call, agg);
  LLVMInstructionEraseFromParent(call);
}

void matrix_expand(Prep *s) {
  LLVMTypeRef laneid_ty = LLVMFunctionType(s->i32, NULL, 0, 0);
  LLVMValueRef laneid = NULL;
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f; f = LLVMGetNextFunction(f)) {
    size_t len;
    unsigned id = LLVMGetIntrinsicID(f);
    const char *name = id ? LLVMIntrinsicGetName(id, &len) : NULL;
    Frag fr;
    if (!name || !parse(name, len, &fr))
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
      expand(s, call, &fr, laneid, laneid_ty);
    }
  }
}
