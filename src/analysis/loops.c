/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* loops.c — natural loops and what a space test before one could version
 * (an analysis).  The `version` pass (pass/version.c) copies the loops it
 * finds here; the residue report (report/why.c, summary.c) asks which loop
 * an access left generic is in and whether --version-by-space could have
 * copied it (loops_class).
 *
 * A loop is the natural loop of a header h: h and every block that reaches
 * one of h's back edges (a predecessor h dominates) without passing h.
 * It may be copied (loop_copyable) when it calls nothing but intrinsics
 * that are not convergent (a test that differs between threads must not
 * put a barrier under divergent control flow), branches only, has at most
 * LOOP_COPY_MAX instructions, one preheader, and its values used after it
 * only in exit phis or one dedicated exit where those phis can be made.
 * An access in it can be versioned when its generic pointer comes from a
 * value defined before the loop (through GEPs, bitcasts and the header's
 * phis) whose space set is two spaces the target tests apart
 * (loop_test_root).
 *
 * Tests: test/version/ (the pass), test/remarks/summary*.ll (the class).
 */
#include "analysis/analysis.h"

#include <string.h>

#define LOOP_COPY_MAX 400 /* instructions a loop may have to be copied */

/* The predecessors of bb (the terminators that branch to it). */
void loop_preds(LLVMBasicBlockRef bb, BlockVec *out) {
  out->n = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb)); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef t = LLVMGetUser(u);
    if (!LLVMIsATerminatorInst(t))
      continue;
    LLVMBasicBlockRef p = LLVMGetInstructionParent(t);
    bool seen = false;
    for (size_t k = 0; k < out->n && !seen; k++)
      seen = out->v[k] == p;
    if (!seen)
      vec_push(out, p);
  }
}

/* The natural loop of header h (h and every block reaching one of its
   back edges without passing h) into body and in (block -> 1); false when
   h heads no loop. */
bool loop_of(const Dom *d, LLVMBasicBlockRef h, BlockVec *body, PtrMap *in) {
  body->n = 0;
  map_clear(in);
  BlockVec preds = {0}, work = {0};
  loop_preds(h, &preds);
  for (size_t k = 0; k < preds.n; k++)
    if (dom_reachable(d, preds.v[k]) && dom_blocks(d, h, preds.v[k]))
      vec_push(&work, preds.v[k]);
  if (work.n) {
    map_put(in, h, 1);
    vec_push(body, h);
  }
  while (work.n) {
    LLVMBasicBlockRef b = work.v[--work.n];
    if (map_get(in, b, NULL))
      continue;
    map_put(in, b, 1);
    vec_push(body, b);
    BlockVec ps = {0};
    loop_preds(b, &ps);
    for (size_t k = 0; k < ps.n; k++)
      if (dom_reachable(d, ps.v[k]) && !map_get(in, ps.v[k], NULL))
        vec_push(&work, ps.v[k]);
    vec_free(&ps);
  }
  vec_free(&preds);
  vec_free(&work);
  return body->n != 0;
}

bool loop_has(const PtrMap *in, LLVMValueRef v) {
  return LLVMIsAInstruction(v) && map_get(in, LLVMGetInstructionParent(v), NULL);
}

/* The value before the loop that access pointer v comes from (through
   GEPs, bitcasts and the header's phis, each of whose values from inside
   the loop comes back from it); NULL when there is none. */
LLVMValueRef loop_root(const PtrMap *in, LLVMBasicBlockRef h, LLVMValueRef v) {
  for (unsigned depth = 0; depth < 32; depth++) {
    if (!loop_has(in, v))
      return v;
    if (LLVMIsAGetElementPtrInst(v) || LLVMIsABitCastInst(v)) {
      v = LLVMGetOperand(v, 0);
    } else if (LLVMIsAPHINode(v) && LLVMGetInstructionParent(v) == h) {
      LLVMValueRef outside = NULL;
      for (unsigned k = 0; k < LLVMCountIncoming(v); k++) {
        LLVMValueRef x = LLVMGetIncomingValue(v, k);
        if (map_get(in, LLVMGetIncomingBlock(v, k), NULL))
          continue; /* from the latch: must come back to this phi */
        if (outside && outside != x)
          return NULL;
        outside = x;
      }
      if (!outside)
        return NULL;
      for (unsigned k = 0; k < LLVMCountIncoming(v); k++) {
        LLVMValueRef x = LLVMGetIncomingValue(v, k);
        if (!map_get(in, LLVMGetIncomingBlock(v, k), NULL))
          continue;
        for (unsigned steps = 0; x != v; steps++) {
          if (steps > 32 || !(LLVMIsAGetElementPtrInst(x) || LLVMIsABitCastInst(x)) ||
              !loop_has(in, x))
            return NULL;
          x = LLVMGetOperand(x, 0);
        }
      }
      v = outside;
    } else {
      return NULL;
    }
  }
  return NULL;
}

/* The loop's one exit block when every edge out of it goes there and it
   has no other predecessor (a dedicated exit), else NULL. */
LLVMBasicBlockRef loop_sole_exit(const BlockVec *body, const PtrMap *in) {
  LLVMBasicBlockRef e = NULL;
  for (size_t k = 0; k < body->n; k++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(body->v[k]);
    for (unsigned j = 0; j < LLVMGetNumSuccessors(t); j++) {
      LLVMBasicBlockRef x = LLVMGetSuccessor(t, j);
      if (map_get(in, x, NULL))
        continue;
      if (e && e != x)
        return NULL;
      e = x;
    }
  }
  if (!e)
    return NULL;
  BlockVec ps = {0};
  loop_preds(e, &ps);
  bool dedicated = true;
  for (size_t k = 0; k < ps.n && dedicated; k++)
    dedicated = map_get(in, ps.v[k], NULL) != 0;
  vec_free(&ps);
  return dedicated && ir_block_insertable(e) ? e : NULL;
}

/* Is use `user` of loop value i outside the loop already closed: a phi of
   an exit block taking i from a block of the loop? */
bool loop_closed_use(const PtrMap *in, LLVMValueRef user, LLVMValueRef i) {
  if (!LLVMIsAPHINode(user))
    return false;
  for (unsigned j = 0; j < LLVMCountIncoming(user); j++)
    if (LLVMGetIncomingValue(user, j) == i && !map_get(in, LLVMGetIncomingBlock(user, j), NULL))
      return false;
  return true;
}

/* May the loop be copied and versioned: no call but to a non-convergent
   intrinsic, branches only (no switch), not too large, closed (values it
   defines used outside only by exit phis) or with one dedicated exit
   (where close_loop makes those phis), and its header has a preheader;
   *pre gets it. */
bool loop_copyable(unsigned convergent, const BlockVec *body, const PtrMap *in, LLVMBasicBlockRef h,
                     LLVMBasicBlockRef *pre) {
  LLVMBasicBlockRef exit = loop_sole_exit(body, in);
  BlockVec ps = {0};
  loop_preds(h, &ps);
  *pre = NULL;
  size_t outside = 0;
  for (size_t k = 0; k < ps.n; k++)
    if (!map_get(in, ps.v[k], NULL)) {
      outside++;
      *pre = ps.v[k];
    }
  vec_free(&ps);
  if (outside != 1)
    return false;
  LLVMValueRef pt = LLVMGetBasicBlockTerminator(*pre);
  if (!LLVMIsABranchInst(pt) || LLVMIsConditional(pt))
    return false;
  unsigned n = 0;
  for (size_t k = 0; k < body->n; k++)
    for (LLVMValueRef i = LLVMGetFirstInstruction(body->v[k]); i; i = LLVMGetNextInstruction(i)) {
      if (++n > LOOP_COPY_MAX || ir_is_eh_pad(i) ||
          (LLVMIsATerminatorInst(i) && !LLVMIsABranchInst(i)))
        return false;
      if (LLVMIsACallInst(i)) {
        LLVMValueRef f = LLVMGetCalledValue(i);
        if (!f || !LLVMIsAFunction(f) || !LLVMGetIntrinsicID(f) ||
            LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, convergent) ||
            LLVMGetCallSiteEnumAttribute(i, LLVMAttributeFunctionIndex, convergent))
          return false;
      }
      for (LLVMUseRef u = LLVMGetFirstUse(i); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!loop_has(in, user) && !loop_closed_use(in, user, i) && !exit)
          return false; /* a use after the loop, and no one exit to close it at */
      }
    }
  return true;
}

/* The value before loop (in, h) that a generic pointer of access i comes
   from, when its set is two spaces the target tests apart (sp gets them)
   and it is no constant: what one test before the loop could version it
   on; NULL otherwise. */
LLVMValueRef loop_test_root(const TgtTable *t, Space *an, const PtrMap *in, LLVMBasicBlockRef h, LLVMValueRef i,
                              int sp[2]) {
  LLVMValueRef ptrs[2];
  unsigned n = ir_mem_ptrs(i, ptrs);
  for (unsigned q = 0; q < n; q++) {
    if (ir_ptr_as(LLVMTypeOf(ptrs[q])) != t->generic)
      continue;
    LLVMValueRef r = loop_root(in, h, ptrs[q]);
    if (r && !LLVMIsAConstant(r) && space_two_testable(an, r, sp))
      return r;
  }
  return NULL;
}

/* ---- the loops --version-by-space could copy (the residue report) ------ */

typedef struct VLoop {
  LLVMBasicBlockRef h;
  PtrMap in;
} VLoop;

struct Loops {
  const TgtTable *t;
  Space *sp;
  unsigned convergent;
  Dom *d;
  VEC(VLoop) loops; /* the loops version could copy */
};

Loops *loops_new(const TgtTable *t, Space *sp, LLVMValueRef fn) {
  Loops *v = xcalloc(1, sizeof *v);
  v->t = t;
  v->sp = sp;
  v->convergent = LLVMGetEnumAttributeKindForName("convergent", strlen("convergent"));
  v->d = dom_new(fn);
  BlockVec body = {0};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    VLoop l = {bb, {0}};
    map_init(&l.in);
    LLVMBasicBlockRef pre;
    if (dom_loop_depth(v->d, bb) && loop_of(v->d, bb, &body, &l.in) &&
        loop_copyable(v->convergent, &body, &l.in, bb, &pre))
      vec_push(&v->loops, l);
    else
      map_free(&l.in);
  }
  vec_free(&body);
  return v;
}

int loops_class(const Loops *v, LLVMValueRef access) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(access);
  if (!dom_loop_depth(v->d, bb))
    return -1;
  int sp[2];
  for (size_t k = 0; k < v->loops.n; k++)
    if (map_get(&v->loops.v[k].in, bb, NULL) &&
        loop_test_root(v->t, v->sp, &v->loops.v[k].in, v->loops.v[k].h, access, sp))
      return 1;
  return 0;
}

void loops_free(Loops *v) {
  if (!v)
    return;
  for (size_t k = 0; k < v->loops.n; k++)
    map_free(&v->loops.v[k].in);
  vec_free(&v->loops);
  dom_free(v->d);
  free(v);
}
