/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* spacefacts.c — space tests that hold where they dominate: the rewriter's
 * phase 0 (rewrite.c), before the space analysis.
 *
 * A condition on a generic pointer p's space (llvm.nvvm.isspacep.*,
 * llvm.amdgcn.is.shared/is.private, OpenCL's tests: casts.c — negated,
 * compared with a constant, combined by and/or, logical or bitwise) that is
 * assumed (llvm.assume), or that a branch depends on (on the successor that
 * has no other predecessor: the true one for the condition, the false one
 * for its negation), leaves p a set of spaces wherever the assume or the
 * successor dominates.  A use of p where the facts that hold together
 * leave one space S gets `addrspacecast (addrspacecast p to S) to generic`
 * instead, made at the innermost of those facts' points; the phases below
 * (the rewriter's) then see an ordinary cast.  A false test says "not that space", which
 * names one only where the table's test_windows list what the tests tell
 * apart (AMDGPU: not local and not private is global).  A phi's use of p is
 * at the end of the predecessor it comes from.  Path-sensitive: the same p
 * stays generic elsewhere; facts that contradict each other name nothing.
 *
 * Statistics: infer.space-facts.  Tests: test/infer/space-facts*.ll.
 */
#include "transform/transform.h"

#include <string.h>

static const GaspStatDesc st_facts = {
    "infer.space-facts", "assumed or branched-on space tests applied to dominated uses"};

/* What the walk needs: the context (statistics), the table, a builder, the
   function, and where the casts it builds go. */
typedef struct SpaceFacts {
  GaspCtx *cx;
  const TgtTable *t;
  LLVMBuilderRef b;
  LLVMValueRef fn;
  ValVec *made; /* the casts built */
} SpaceFacts;

#define WIN_ALL UINT32_MAX /* a fact's set of spaces: anything */

typedef struct Fact {
  LLVMValueRef p;
  uint32_t set;            /* table spaces (bit = index) p may be in */
  LLVMValueRef assume;     /* the llvm.assume, or NULL */
  LLVMBasicBlockRef block; /* the assume's block, or the guarded successor */
} Fact;
typedef VEC(Fact) FactVec;

static bool is_assume(LLVMValueRef i) {
  LLVMValueRef f = ir_callee(i);
  size_t n;
  const char *name = f ? LLVMGetValueName2(f, &n) : NULL;
  return name && n == 11 && !memcmp(name, "llvm.assume", 11);
}

/* The space test c is, or false. */
static bool space_test(const SpaceFacts *s, LLVMValueRef c, LLVMValueRef *p, int *as) {
  CastFn cf;
  if (!c || !LLVMIsACallInst(c) || !casts_match(s->t, c, &cf) || !cf.test)
    return false;
  *p = LLVMGetOperand(c, 0);
  *as = cf.as;
  return ir_ptr_as(LLVMTypeOf(*p)) == s->t->generic && tgt_is_named(s->t, cf.as);
}

static uint32_t win_bit(const TgtTable *t, int as) {
  for (unsigned k = 0; k < t->nspaces; k++)
    if (t->spaces[k].as == as)
      return 1u << k;
  return 0;
}

/* The spaces a test for space as leaves its pointer when it is `truth`. */
static uint32_t test_set(const TgtTable *t, int as, bool truth) {
  if (truth)
    return win_bit(t, as);
  if (!t->test_windows)
    return WIN_ALL;
  uint32_t m = 0;
  for (unsigned k = 0; k < t->ntest_windows; k++)
    m |= win_bit(t, t->test_windows[k]);
  return m & ~win_bit(t, as);
}

static bool is_bool(LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 1;
}

/* 0 or 1 for an i1 constant, -1 for anything else. */
static int bool_const(LLVMValueRef v) {
  return LLVMIsAConstantInt(v) && is_bool(v) ? (int)LLVMConstIntGetZExtValue(v) : -1;
}

static uint32_t cond_set(const SpaceFacts *s, LLVMValueRef c, bool truth, LLVMValueRef *p,
                         unsigned depth);

/* `a and b` (both) or `a or b` (either) being `truth`. */
static uint32_t logic_set(const SpaceFacts *s, bool is_and, LLVMValueRef a, LLVMValueRef b,
                          bool truth, LLVMValueRef *p, unsigned depth) {
  uint32_t x = cond_set(s, a, truth, p, depth + 1), y = cond_set(s, b, truth, p, depth + 1);
  return is_and == truth ? x & y : x | y; /* both hold, or one of them */
}

/* The spaces *p may be in where condition c is `truth`; *p is the pointer
   of the first space test found (a test of another pointer says nothing
   here).  WIN_ALL when nothing is known. */
static uint32_t cond_set(const SpaceFacts *s, LLVMValueRef c, bool truth, LLVMValueRef *p,
                         unsigned depth) {
  LLVMValueRef q;
  int as;
  if (space_test(s, c, &q, &as)) {
    if (*p && *p != q)
      return WIN_ALL;
    *p = q;
    return test_set(s->t, as, truth);
  }
  if (depth > 8 || !LLVMIsAInstruction(c) || !is_bool(c))
    return WIN_ALL;
  switch (LLVMGetInstructionOpcode(c)) {
  case LLVMXor:
    for (unsigned k = 0; k < 2; k++)
      if (bool_const(LLVMGetOperand(c, k)) == 1)
        return cond_set(s, LLVMGetOperand(c, 1 - k), !truth, p, depth + 1);
    return WIN_ALL;
  case LLVMICmp: {
    LLVMIntPredicate pr = LLVMGetICmpPredicate(c);
    if (pr != LLVMIntEQ && pr != LLVMIntNE)
      return WIN_ALL;
    for (unsigned k = 0; k < 2; k++) {
      int b = bool_const(LLVMGetOperand(c, k));
      if (b >= 0 && is_bool(LLVMGetOperand(c, 1 - k)))
        return cond_set(s, LLVMGetOperand(c, 1 - k), truth == ((pr == LLVMIntEQ) == (b == 1)),
                        p, depth + 1);
    }
    return WIN_ALL;
  }
  case LLVMAnd:
  case LLVMOr:
    return logic_set(s, LLVMGetInstructionOpcode(c) == LLVMAnd, LLVMGetOperand(c, 0),
                     LLVMGetOperand(c, 1), truth, p, depth);
  case LLVMSelect: /* logical and: select a, b, false; or: select a, true, b */
    if (bool_const(LLVMGetOperand(c, 2)) == 0)
      return logic_set(s, true, LLVMGetOperand(c, 0), LLVMGetOperand(c, 1), truth, p, depth);
    if (bool_const(LLVMGetOperand(c, 1)) == 1)
      return logic_set(s, false, LLVMGetOperand(c, 0), LLVMGetOperand(c, 2), truth, p, depth);
    return WIN_ALL;
  default:
    return WIN_ALL;
  }
}

static unsigned predecessors(LLVMBasicBlockRef bb) {
  unsigned n = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb)); u; u = LLVMGetNextUse(u))
    n += LLVMIsATerminatorInst(LLVMGetUser(u)) != NULL;
  return n;
}

/* Instruction `at` (not a phi) runs where fact f holds. */
static bool fact_covers(const Dom *d, const Fact *f, LLVMValueRef at) {
  LLVMBasicBlockRef ub = LLVMGetInstructionParent(at);
  if (!f->assume)
    return dom_blocks(d, f->block, ub);
  if (ub != f->block)
    return dom_blocks(d, f->block, ub);
  /* (walking the block from the assume for each use was quadratic in the
     uses after one assume: 20,000 took infer 10 s) */
  return ir_comes_before(f->assume, at);
}

/* The first instruction fact f holds at (where its cast pair goes). */
static LLVMValueRef fact_point(const Fact *f) {
  if (f->assume)
    return LLVMGetNextInstruction(f->assume);
  LLVMValueRef at = LLVMGetFirstInstruction(f->block);
  while (LLVMIsAPHINode(at) || ir_is_eh_pad(at))
    at = LLVMGetNextInstruction(at); /* ir_block_insertable said there is room */
  return at;
}

/* The cast pair of one (fact, space): made once, at the fact's point. */
typedef struct FactCast {
  size_t fact;
  int as;
  LLVMValueRef back;
} FactCast;
typedef VEC(FactCast) FactCastVec;

/* The facts about p that hold at `at` leave one space: *as, and *inner the
   innermost of them (every other holds at its point).  False otherwise. */
static bool facts_name(const SpaceFacts *s, const Dom *d, const Fact *facts, size_t nfacts,
                       LLVMValueRef p, LLVMValueRef at, int *as, size_t *inner) {
  uint32_t set = WIN_ALL;
  bool any = false;
  for (size_t k = 0; k < nfacts; k++)
    if (facts[k].p == p && fact_covers(d, &facts[k], at)) {
      set &= facts[k].set;
      if (!any || fact_covers(d, &facts[*inner], fact_point(&facts[k])))
        *inner = k;
      any = true;
    }
  if (!any || !set || (set & (set - 1)))
    return false;
  unsigned bit = 0;
  while (!(set & (1u << bit)))
    bit++;
  if (bit >= s->t->nspaces)
    return false;
  *as = s->t->spaces[bit].as;
  return true;
}

static LLVMValueRef fact_cast(SpaceFacts *s, const Fact *facts, size_t inner, int as,
                              FactCastVec *made) {
  for (size_t k = 0; k < made->n; k++)
    if (made->v[k].fact == inner && made->v[k].as == as)
      return made->v[k].back;
  const Fact *f = &facts[inner];
  LLVMPositionBuilderBefore(s->b, fact_point(f));
  LLVMSetCurrentDebugLocation2(s->b, ir_loc_of(f->assume, s->fn));
  LLVMValueRef named = LLVMBuildAddrSpaceCast(s->b, f->p, ir_retype(LLVMTypeOf(f->p), as), "");
  schema_guard_cast(s->cx, named); /* under the input's own space test */
  LLVMValueRef back = LLVMBuildAddrSpaceCast(s->b, named, LLVMTypeOf(f->p), "");
  vec_push(s->made, back); /* the rewriter's to erase when unused */
  vec_push(s->made, named);
  cx_stat(s->cx, &st_facts, 1);
  FactCast fc = {inner, as, back};
  vec_push(made, fc);
  return back;
}

/* Rewrites the uses of p that the facts name a space for. */
static bool apply_facts(SpaceFacts *s, const Dom *d, const Fact *facts, size_t nfacts,
                        LLVMValueRef p, FactCastVec *made) {
  ValVec users = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(p); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    LLVMValueRef q;
    int tas;
    if (!LLVMIsAInstruction(user) || space_test(s, user, &q, &tas) ||
        !dom_reachable(d, LLVMGetInstructionParent(user)))
      continue;
    if (!users.n || users.v[users.n - 1] != user)
      vec_push(&users, user);
  }
  bool changed = false;
  for (size_t k = 0; k < users.n; k++) {
    LLVMValueRef user = users.v[k];
    int as;
    size_t inner;
    if (LLVMIsAPHINode(user)) {
      unsigned n = LLVMCountIncoming(user);
      for (unsigned i = 0; i < n; i++) {
        LLVMBasicBlockRef from = LLVMGetIncomingBlock(user, i);
        if (LLVMGetIncomingValue(user, i) != p || !dom_reachable(d, from) ||
            !facts_name(s, d, facts, nfacts, p, LLVMGetBasicBlockTerminator(from), &as, &inner))
          continue;
        LLVMSetOperand(user, i, fact_cast(s, facts, inner, as, made));
        changed = true;
      }
      continue;
    }
    if (!facts_name(s, d, facts, nfacts, p, user, &as, &inner) ||
        (LLVMIsAAddrSpaceCastInst(user) && ir_ptr_as(LLVMTypeOf(user)) == as))
      continue;
    LLVMValueRef back = fact_cast(s, facts, inner, as, made);
    int n = LLVMGetNumOperands(user);
    for (int o = 0; o < n; o++)
      if (LLVMGetOperand(user, (unsigned)o) == p)
        LLVMSetOperand(user, (unsigned)o, back);
    changed = true;
  }
  vec_free(&users);
  return changed;
}

/* The fact condition c being `truth` gives, at assume or block; added to
   facts when it says something. */
static void add_fact(const SpaceFacts *s, FactVec *facts, LLVMValueRef c, bool truth,
                     LLVMValueRef assume, LLVMBasicBlockRef block) {
  Fact f = {NULL, 0, assume, block};
  f.set = cond_set(s, c, truth, &f.p, 0);
  if (f.p && f.set != WIN_ALL)
    vec_push(facts, f);
}

/* A successor a fact can start at: only this edge enters it. */
static bool fact_block(LLVMValueRef br, unsigned k) {
  LLVMBasicBlockRef bb = LLVMGetSuccessor(br, k);
  return bb != LLVMGetSuccessor(br, 1 - k) && predecessors(bb) == 1 && ir_block_insertable(bb);
}

static bool apply_space_facts(SpaceFacts *s, LLVMValueRef fn) {
  FactVec facts = {0};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (LLVMIsACallInst(i) && is_assume(i)) {
        add_fact(s, &facts, LLVMGetOperand(i, 0), true, i, bb);
      } else if (LLVMIsABranchInst(i) && LLVMIsConditional(i)) {
        for (unsigned k = 0; k < 2; k++)
          if (fact_block(i, k))
            add_fact(s, &facts, LLVMGetCondition(i), k == 0, NULL, LLVMGetSuccessor(i, k));
      }
    }
  bool changed = false;
  if (facts.n) {
    Dom *d = dom_new(fn);
    FactCastVec made = {0};
    for (size_t k = 0; k < facts.n; k++) {
      bool first = dom_reachable(d, facts.v[k].block);
      for (size_t j = 0; j < k && first; j++)
        first = facts.v[j].p != facts.v[k].p;
      if (first) /* each pointer once, at its first reachable fact */
        changed |= apply_facts(s, d, facts.v, facts.n, facts.v[k].p, &made);
    }
    vec_free(&made);
    dom_free(d);
  }
  vec_free(&facts);
  return changed;
}

/* ---- entry ------------------------------------------------------------- */

/* Does any call in the module test a pointer's space?  Phase 0 walks a
   function only then (infer runs on every function, round after round). */
bool spacefacts_present(const TgtTable *t, LLVMModuleRef m) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (!LLVMIsDeclaration(f))
      continue;
    /* one call says it for all: the test is the declaration's, its
       operand type the declaration's parameter type */
    for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
      CastFn cf;
      LLVMValueRef c = LLVMGetUser(u);
      if (LLVMIsACallInst(c) && LLVMGetCalledValue(c) == f) {
        if (casts_match(t, c, &cf) && cf.test)
          return true;
        break;
      }
    }
  }
  return false;
}

bool spacefacts_apply(GaspCtx *cx, LLVMBuilderRef b, LLVMValueRef fn, ValVec *made) {
  SpaceFacts s = {cx, cx->tgt, b, fn, made};
  return apply_space_facts(&s, fn);
}
