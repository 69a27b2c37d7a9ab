/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* readers.c — callees that only read an aggregate, and spills (an
 * analysis, beside memory.c, which follows a private aggregate into such
 * a callee; fields.c asks it which parameters qualify).
 *
 * A parameter only reads what it points to when every use of it (through
 * GEPs, casts, phis and selects) is a load, a lifetime marker, or a pass to
 * a callee parameter that only reads in turn, up to a few calls deep, and
 * the function is an exact definition (the linker cannot swap it for one
 * that writes).  A spill (clang -O0) is a store of a value into a stack
 * slot nothing else writes, whose other uses are loads of it.
 *
 * Tests: test/fields/ (through the pass), test/infer/ (-O0 spills).
 */
#include "analysis/analysis.h"

#include <string.h>

/* A definition the linker cannot swap for another that behaves otherwise. */
bool mem_exact_definition(LLVMValueRef fn) {
  if (!fn || !LLVMIsAFunction(fn) || LLVMIsDeclaration(fn))
    return false;
  switch (LLVMGetLinkage(fn)) {
  case LLVMLinkOnceAnyLinkage:
  case LLVMWeakAnyLinkage:
  case LLVMExternalWeakLinkage:
  case LLVMCommonLinkage:
    return false;
  default:
    return true;
  }
}

static bool reads_only(LLVMValueRef fn, unsigned k, unsigned depth);

bool mem_spill_reloads(LLVMValueRef store, LLVMValueRef v, ValVec *reloads) {
  reloads->n = 0;
  if (!LLVMIsAStoreInst(store) || LLVMGetOperand(store, 0) != v || LLVMGetVolatile(store))
    return false;
  LLVMValueRef slot = ir_alloca_of(LLVMGetOperand(store, 1));
  if (!slot)
    return false;
  Fwd w;
  fwd_init(&w, FWD_FIFO);
  fwd_start(&w, slot, place_at(0, 0));
  bool ok = true;
  unsigned stores = 0;
  for (FwdUse u; ok && fwd_next(&w, &u);) {
    if (LLVMIsAAddrSpaceCastInst(u.user))
      fwd_follow(&w, u.user, u.at);
    else if (u.user == store)
      ok = ++stores == 1 && LLVMGetOperand(store, 1) == u.v;
    else if (LLVMIsALoadInst(u.user) && LLVMTypeOf(u.user) == LLVMTypeOf(v) &&
             !LLVMGetVolatile(u.user))
      vec_push(reloads, u.user);
    else
      ok = ir_is_lifetime(u.user);
  }
  fwd_free(&w);
  if (!ok)
    reloads->n = 0;
  return ok && stores == 1;
}

/* Every argument of call that is v goes to a parameter of a defined function
   that only reads through it (and the call has at least one). */
bool mem_passes_to_readers(LLVMValueRef call, LLVMValueRef v) {
  LLVMValueRef callee = ir_callee(call);
  if (!mem_exact_definition(callee) || LLVMGetIntrinsicID(callee))
    return false;
  unsigned n = LLVMGetNumArgOperands(call);
  if (n != LLVMCountParams(callee))
    return false; /* varargs */
  bool any = false;
  for (unsigned a = 0; a < n; a++)
    if (LLVMGetOperand(call, a) == v) {
      if (!reads_only(callee, a, 0))
        return false;
      any = true;
    }
  return any;
}

/* Parameter k of fn is only read through: its uses, through GEPs (as the
   base) and casts, are loads, comparisons, lifetime markers, the source of
   memcpy/memmove, and parameters of defined functions that only read
   (depth: at most 8 calls deep; a recursive call counts as a write).  No
   store into it or of it, no other call, no return, phi or select. */
static bool reads_only(LLVMValueRef fn, unsigned k, unsigned depth) {
  if (depth > 8 || k >= LLVMCountParams(fn))
    return false;
  Fwd w;
  fwd_init(&w, FWD_FIFO);
  fwd_start(&w, LLVMGetParam(fn, k), place_at(0, 0));
  bool ok = true;
  for (FwdUse u; ok && fwd_next(&w, &u);) {
    LLVMValueRef user = u.user, v = u.v;
    switch (u.kind) {
    case FWD_GEP:
      ok = LLVMGetTypeKind(LLVMTypeOf(user)) == LLVMPointerTypeKind;
      if (ok)
        fwd_follow(&w, user, u.at);
      break;
    case FWD_CAST:
      fwd_follow(&w, user, u.at);
      break;
    case FWD_LOAD:
    case FWD_CMP:
      break;
    case FWD_STORE: { /* -O0: spilled to an alloca, reloaded */
      ValVec re = {0};
      ok = mem_spill_reloads(user, v, &re);
      for (size_t r = 0; r < re.n; r++)
        fwd_follow(&w, re.v[r], u.at);
      vec_free(&re);
      break;
    }
    case FWD_CALL: {
      if (!LLVMIsACallInst(user)) {
        ok = false; /* invoke, callbr */
        break;
      }
      if (ir_is_lifetime(user))
        break;
      const IrMemIntrin *mi = ir_mem_intrin(user);
      if (mi && (!strncmp(mi->name, "llvm.memcpy", 11) || !strncmp(mi->name, "llvm.memmove", 12))) {
        for (unsigned a = 0; a < LLVMGetNumArgOperands(user) && ok; a++)
          ok = LLVMGetOperand(user, a) != v || a == 1;
        break;
      }
      LLVMValueRef callee = ir_callee(user);
      ok = mem_exact_definition(callee) && callee != fn && !LLVMGetIntrinsicID(callee) &&
           LLVMGetNumArgOperands(user) == LLVMCountParams(callee);
      for (unsigned a = 0; ok && a < LLVMGetNumArgOperands(user); a++)
        if (LLVMGetOperand(user, a) == v)
          ok = reads_only(callee, a, depth + 1);
      break;
    }
    default:
      ok = false;
    }
  }
  fwd_free(&w);
  return ok;
}

bool mem_param_reads_only(LLVMValueRef fn, unsigned k) {
  return mem_exact_definition(fn) && reads_only(fn, k, 0);
}
