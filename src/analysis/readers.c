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
 * Tests: test/fields/ (through the pass), test/infer/ (-O0 spills), unit test
 * test_readers_memo (the memo answers as the walk, in any order).
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
/* A callee parameter a parameter is passed to. */
typedef struct ReadsEdge {
  LLVMValueRef fn;
  unsigned k;
} ReadsEdge;
typedef VEC(ReadsEdge) ReadsEdgeVec;

/* The uses of parameter k of fn by fn itself: false when one of them may
   write through it or let it escape; the callee parameters it is passed to
   (to be asked in turn) go to edges. */
static bool reads_locally(LLVMValueRef fn, unsigned k, ReadsEdgeVec *edges) {
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
        if (LLVMGetOperand(user, a) == v) {
          ReadsEdge e = {callee, a};
          vec_push(edges, e);
        }
      break;
    }
    default:
      ok = false;
    }
  }
  fwd_free(&w);
  return ok;
}

/* READS_DEPTH calls deep at most: a chain of readers longer than that, or a
   cycle of them, is not a reader. */
#define READS_DEPTH 8

static bool reads_only(LLVMValueRef fn, unsigned k, unsigned depth) {
  if (depth > READS_DEPTH || k >= LLVMCountParams(fn))
    return false;
  ReadsEdgeVec edges = {0};
  bool ok = reads_locally(fn, k, &edges);
  for (size_t e = 0; ok && e < edges.n; e++)
    ok = reads_only(edges.v[e].fn, edges.v[e].k, depth + 1);
  vec_free(&edges);
  return ok;
}

/* With a memo (a stretch in which no function changes): reads_only(fn, k,
   0) is "fn's own uses only read, and so do its callees', and the longest
   chain of calls below it is at most READS_DEPTH" — its height.  Heights,
   computed once per parameter by a depth-first walk with its own stack (a
   chain of thousands of helpers recurses no deeper), answer every query
   of the stretch in time linear in the parameters asked about, where each
   query alone walks READS_DEPTH + 1 levels.  A height is 0 .. READS_DEPTH,
   or READS_NO: no reader (a use that may write, a chain too long, a
   cycle).  The memo maps a parameter to its height + 1, or to 0 while it
   is being walked (met again: a cycle, no reader). */
#define READS_NO (READS_DEPTH + 1)

static unsigned memo_height(uint32_t v) { return v == 0 ? READS_NO : v - 1; }

/* A parent's height after a child of height h. */
static unsigned above(unsigned parent, unsigned h) {
  if (parent == READS_NO || h >= READS_DEPTH)
    return READS_NO;
  return h + 1 > parent ? h + 1 : parent;
}

typedef struct ReadsFrame {
  LLVMValueRef param;
  ReadsEdgeVec edges;
  size_t next;
  unsigned height; /* the highest child so far + 1; READS_NO: no reader */
} ReadsFrame;

typedef VEC(ReadsFrame) ReadsFrameVec;

/* Parameter k of fn is walked next: marked in the memo while it is, its
   own uses read (no reader already when one of them may write). */
static void enter(ReadsFrameVec *stack, PtrMap *memo, LLVMValueRef fn, unsigned k) {
  ReadsFrame f = {LLVMGetParam(fn, k), {0}, 0, 0};
  map_put(memo, f.param, 0);
  if (!reads_locally(fn, k, &f.edges))
    f.height = READS_NO;
  vec_push(stack, f);
}

/* The height of parameter k of fn: from the memo, or walked (with every
   parameter below it not in the memo yet). */
static unsigned reads_height(LLVMValueRef fn, unsigned k, PtrMap *memo) {
  if (k >= LLVMCountParams(fn))
    return READS_NO;
  uint32_t known;
  if (map_get(memo, LLVMGetParam(fn, k), &known))
    return memo_height(known);
  ReadsFrameVec stack = {0};
  enter(&stack, memo, fn, k);
  unsigned done = READS_NO;
  while (stack.n) {
    ReadsFrame *top = &stack.v[stack.n - 1];
    if (top->height != READS_NO && top->next < top->edges.n) {
      ReadsEdge e = top->edges.v[top->next++];
      if (e.k >= LLVMCountParams(e.fn))
        top->height = READS_NO;
      else if (map_get(memo, LLVMGetParam(e.fn, e.k), &known))
        top->height = above(top->height, memo_height(known));
      else
        enter(&stack, memo, e.fn, e.k); /* top may have moved: not used again */
      continue;
    }
    /* every child asked, or no reader already: the height is known */
    done = top->height;
    map_put(memo, top->param, done + 1);
    vec_free(&top->edges);
    stack.n--;
    if (stack.n)
      stack.v[stack.n - 1].height = above(stack.v[stack.n - 1].height, done);
  }
  vec_free(&stack);
  return done;
}

bool mem_param_reads_only_memo(LLVMValueRef fn, unsigned k, PtrMap *memo) {
  return mem_exact_definition(fn) && reads_height(fn, k, memo) <= READS_DEPTH;
}

bool mem_param_reads_only(LLVMValueRef fn, unsigned k) {
  return mem_exact_definition(fn) && reads_only(fn, k, 0);
}
