/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* spacecheck.c — the clone-call invariant, checked on the output by an
 * analysis of its own (gasp-opt --verify-spaces; on in every test).
 *
 * Problem.  Every named space gasp writes rests on a proof, and the
 * inter-procedural ones are the easiest to get wrong: a call sent to a
 * clone made for (local, private) must pass a local and a private pointer,
 * in every execution, *in the caller as it stands after every rewrite*.  A
 * solver that assumes a vote before writing it into a signature, or sends a
 * call to a clone made for another caller's spaces, writes wrong code that
 * tests looking at the shape of the output agree with, since they share
 * the solver's view.  This check shares nothing with the
 * solvers: it re-runs the space analysis (space.c, the transfer rules) on
 * the output module, function by function, trusting only the types there.
 *
 * The invariant (docs/design.md, "The clone-call invariant"): every
 * addrspacecast from generic to a named space S that gasp made — the
 * argument of a call to a clone, a retyped `ret`, an access infer rewrote
 * through a cast — has an operand the output's own analysis proves to be
 * in S (or null, or undef).  Exempt: casts that were in the input (marked
 * "user" before the first pass) and casts a pass built under a run-time
 * test of the pointer's space (marked "guarded" by schema_guard_cast: tag
 * dispatch, versioning by space, folded explicit casts).  A call's named
 * parameter types need no check of their own: a call passes either a value
 * of that type made in the caller (proven where it was made) or one of these
 * casts.  A cast of a parameter of an internal function whose address is
 * not taken (twins.c: the generic twin its callers keep, cast back at the
 * entry) is proven at the calls instead: at every call, the caller's
 * analysis proves the argument in the cast's space.  Under --whole-program
 * a function whose address is taken too (indirect.c): its calls are then
 * its direct ones and every indirect call with as many arguments.
 *
 * Algorithm.
 *   1. Before the first pass: every generic-to-named cast instruction gets
 *      !gasp.cast "user"; the generic-to-named constant casts that
 *      instructions use are remembered.
 *   2. After the last pass: per defined function, space_analyse with no
 *      SpaceEnv (parameters: their types and the target's rules only), the
 *      run's memory summary when memsum ran; each unmarked generic-to-named
 *      cast (instruction, or a constant one the input did not have) whose
 *      operand's set is not that space alone is a violation: an internal
 *      error naming the function, the cast and what it feeds.
 *   3. The marks are stripped.
 * With -verify-each (GASP_VERIFY_EACH=1; the test suite sets it) step 2
 * also runs after every pass up to `lower` (spacecheck_step), its error
 * naming the pass, so a pass that breaks the invariant is caught where it
 * did, even when a later pass would have hidden it.
 *
 * Example (the bug it was written for, spir64):
 *   define internal ptr addrspace(4) @h0.asg_0(ptr addrspace(4) %a, ptr %b)
 *     %1 = addrspacecast ptr addrspace(4) %a to ptr        ; %a: unknown
 *     %r0 = call ptr @h2.as0_0(ptr %b, ptr %1)
 *   -> gasp-opt: error: internal error: --verify-spaces: in @h0.asg_0: ...
 *
 * Requires: a module that verifies.  Changes nothing but its own marks.
 * Tests: test/ipmsp/clone-call-revote.ll (the old solver's output fails
 * it); test/unit test_spacecheck_injected (a wrong clone call injected by a
 * pass hook is caught, naming the function); every lit test runs with it
 * (GASP_VERIFY_SPACES=1).
 */
#include "report/report.h"

#include <string.h>

/* A cast of a parameter to a named space: proven where every call of the
   function passes an argument its caller proves in that space. */
typedef struct ParamCast {
  LLVMValueRef fn, cast;
  unsigned k;
  int as;
  bool indirect; /* fn's address is taken: indirect calls of its arity too */
} ParamCast;

struct SpaceCheck {
  PtrMap input_consts; /* generic-to-named constant casts of the input */
  const char *after;   /* spacecheck_step: the pass just run */
  VEC(ParamCast) params; /* one check's casts of parameters, to prove at the calls */
  PtrMap callees;      /* their functions (one check) */
};

static bool is_narrowing(const TgtTable *t, LLVMTypeRef from, LLVMTypeRef to) {
  int a = ir_ptr_as(from), b = ir_ptr_as(to);
  return a == t->generic && b >= 0 && b != t->generic;
}

/* A generic-to-named cast instruction. */
static bool narrowing_inst(const TgtTable *t, LLVMValueRef i) {
  return LLVMIsAAddrSpaceCastInst(i) &&
         is_narrowing(t, LLVMTypeOf(LLVMGetOperand(i, 0)), LLVMTypeOf(i));
}

/* A generic-to-named constant cast. */
static bool narrowing_const(const TgtTable *t, LLVMValueRef c) {
  return LLVMIsAConstantExpr(c) && LLVMGetConstOpcode(c) == LLVMAddrSpaceCast &&
         is_narrowing(t, LLVMTypeOf(LLVMGetOperand(c, 0)), LLVMTypeOf(c));
}

/* ---- 1. the input's own casts ------------------------------------------- */

SpaceCheck *spacecheck_begin(GaspCtx *cx, LLVMModuleRef m) {
  if (!cx->opt.verify_spaces)
    return NULL;
  SpaceCheck *sc = xcalloc(1, sizeof *sc);
  map_init(&sc->input_consts);
  map_init(&sc->callees);
  const TgtTable *t = cx->tgt;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        if (narrowing_inst(t, i))
          schema_mark_cast(i, CAST_USER);
        int n = LLVMGetNumOperands(i);
        for (int k = 0; k < n; k++) {
          LLVMValueRef op = LLVMGetOperand(i, (unsigned)k);
          if (op && narrowing_const(t, op))
            map_put(&sc->input_consts, op, 1);
        }
      }
  return sc;
}

/* ---- 2. the proofs, again ------------------------------------------------ */

/* What cast c feeds, for the message. */
static char *feeds(LLVMValueRef c) {
  for (LLVMUseRef u = LLVMGetFirstUse(c); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    LLVMValueRef callee = ir_callee(user);
    if (callee && LLVMIsACallInst(user)) {
      unsigned n = LLVMGetNumArgOperands(user);
      for (unsigned k = 0; k < n; k++)
        if (LLVMGetOperand(user, k) == c) {
          size_t len;
          return xasprintf("passed to @%s as argument %u", LLVMGetValueName2(callee, &len), k);
        }
    }
    if (LLVMIsAReturnInst(user))
      return xstrdup("returned");
  }
  return xstrdup("used by an access");
}

static void report(GaspCtx *cx, const SpaceCheck *sc, LLVMValueRef fn, LLVMValueRef cast,
                   LLVMValueRef at, int as, const Space *sp, LLVMValueRef src) {
  char *text = LLVMPrintValueToString(at);
  size_t len = strlen(text);
  if (len > 160)
    strcpy(text + 157, "...");
  char have[128];
  bool isnull;
  uint32_t mask = space_mask(sp, src, &isnull);
  space_mask_names(sp, mask, have, sizeof have);
  if (mask & SP_UNKNOWN)
    strncat(have, have[0] ? ", unknown" : "unknown", sizeof have - strlen(have) - 1);
  char *what = feeds(cast);
  size_t nlen;
  cx_diag(cx, GASP_SEV_ERROR,
          "internal error: --verify-spaces%s%s%s: in @%s: `%s` claims %s, but the output "
          "proves only {%s} (%s)",
          sc->after ? " (after pass '" : "", sc->after ? sc->after : "", sc->after ? "')" : "",
          LLVMGetValueName2(fn, &nlen), text + strspn(text, " "), tgt_space_name(cx->tgt, as),
          have, what);
  free(what);
  LLVMDisposeMessage(text);
}

/* Is v (generic) proven to be in space as, or null/undef?  A null in the
   set is fine: the cast maps the generic null to as's own null. */
static bool proven(const Space *sp, LLVMValueRef v, int as) {
  if (LLVMIsAUndefValue(v) || LLVMIsAPoisonValue(v) || LLVMIsAConstantPointerNull(v))
    return true;
  bool isnull;
  uint32_t mask = space_mask(sp, v, &isnull) & ~SP_NULL;
  return isnull || !mask || space_mask_lat(sp, mask) == as;
}

static unsigned check_function(GaspCtx *cx, SpaceCheck *sc, Space *sp, LLVMValueRef fn) {
  const TgtTable *t = cx->tgt;
  unsigned bad = 0;
  if (!space_analyse(sp, fn, NULL))
    unreachable("the space analysis has no visit cap without an env");
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    if (!space_reachable(sp, bb))
      continue;
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (narrowing_inst(t, i) && schema_cast_mark(i) == CAST_NONE) {
        LLVMValueRef src = LLVMGetOperand(i, 0);
        int as = ir_ptr_as(LLVMTypeOf(i));
        if (!proven(sp, src, as)) {
          int k = ir_param_index(src); /* one of fn's own parameters, or -1 */
          bool taken = ir_address_taken(fn);
          if (k >= 0 && ((world_internal(fn) && !taken) ||
                         (cx->opt.whole_program && !tgt_is_kernel(t, fn)))) {
            /* twins.c, indirect.c: proven at the calls (under
               --whole-program every caller is the module's, whatever the
               linkage externalize.c gave back) */
            ParamCast pc = {fn, i, (unsigned)k, as, taken};
            vec_push(&sc->params, pc);
            map_put(&sc->callees, fn, 1);
          } else {
            report(cx, sc, fn, i, i, as, sp, src);
            bad++;
          }
        }
      }
      int n = LLVMGetNumOperands(i);
      for (int k = 0; k < n; k++) {
        LLVMValueRef op = LLVMGetOperand(i, (unsigned)k);
        if (!op || !narrowing_const(t, op) || map_get(&sc->input_consts, op, NULL))
          continue;
        LLVMValueRef src = LLVMGetOperand(op, 0);
        int as = ir_ptr_as(LLVMTypeOf(op));
        if (!proven(sp, src, as)) {
          report(cx, sc, fn, i, i, as, sp, src);
          bad++;
        }
      }
    }
  }
  return bad;
}

/* ---- 3. the marks go ----------------------------------------------------- */

static void strip(const TgtTable *t, LLVMModuleRef m) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        if (LLVMIsAAddrSpaceCastInst(i) && schema_cast_mark(i) != CAST_NONE)
          schema_clear_cast_mark(i);
  (void)t;
}

/* The calls in caller of the functions whose parameters' casts wait:
   each such argument proven in the cast's space by caller's analysis. */
static unsigned check_calls(GaspCtx *cx, SpaceCheck *sc, Space *sp, LLVMValueRef caller) {
  bool analysed = false;
  unsigned bad = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(caller); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      bool call = LLVMIsACallInst(i) || LLVMIsAInvokeInst(i);
      LLVMValueRef called = call ? LLVMGetCalledValue(i) : NULL;
      /* an invoke's callee too (ir_callee answers for calls only) */
      LLVMValueRef callee = called && LLVMIsAFunction(called) ? called : NULL;
      bool indirect = called && !callee && !LLVMIsAInlineAsm(called);
      if (!indirect && (!callee || map_find(&sc->callees, callee) == MAP_NONE))
        continue;
      if (!analysed && !space_analyse(sp, caller, NULL))
        unreachable("the space analysis has no visit cap without an env");
      analysed = true;
      if (!space_reachable(sp, bb))
        continue;
      unsigned na = LLVMGetNumArgOperands(i);
      for (size_t j = 0; j < sc->params.n; j++) {
        const ParamCast *pc = &sc->params.v[j];
        bool reaches = indirect ? pc->indirect && LLVMCountParams(pc->fn) == na
                                : pc->fn == callee;
        if (!reaches)
          continue;
        LLVMValueRef a = pc->k < na ? LLVMGetOperand(i, pc->k) : NULL;
        if (!a || LLVMTypeOf(a) != LLVMTypeOf(LLVMGetParam(pc->fn, pc->k))) {
          report(cx, sc, pc->fn, pc->cast, pc->cast, pc->as, sp, LLVMGetParam(pc->fn, pc->k));
          bad++;
        } else if (!proven(sp, a, pc->as)) {
          report(cx, sc, pc->fn, pc->cast, pc->cast, pc->as, sp, a);
          bad++;
        }
      }
    }
  return bad;
}

/* Every function of m, checked; how many casts failed. */
static unsigned check_module(SpaceCheck *sc, GaspCtx *cx, LLVMModuleRef m, bool memsum) {
  unsigned bad = 0;
  Facts *facts = cx->facts; /* the run's: the check runs inside pipeline_run */
  Space *sp = facts_space(facts);
  if (memsum)
    space_use_summary(sp, facts_summary(facts, NULL));
  sc->params.n = 0;
  map_clear(&sc->callees);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (LLVMGetFirstBasicBlock(f))
      bad += check_function(cx, sc, sp, f);
  if (sc->params.n)
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
      if (LLVMGetFirstBasicBlock(f))
        bad += check_calls(cx, sc, sp, f);
  space_free(sp);
  return bad;
}

bool spacecheck_step(SpaceCheck *sc, GaspCtx *cx, LLVMModuleRef m, bool memsum,
                     const char *pass) {
  if (!sc)
    return true;
  sc->after = pass;
  unsigned bad = check_module(sc, cx, m, memsum);
  sc->after = NULL;
  return bad == 0;
}

bool spacecheck_end(SpaceCheck *sc, GaspCtx *cx, LLVMModuleRef m, bool memsum) {
  if (!sc)
    return true;
  unsigned bad = check_module(sc, cx, m, memsum);
  strip(cx->tgt, m);
  map_free(&sc->input_consts);
  map_free(&sc->callees);
  vec_free(&sc->params);
  free(sc);
  return bad == 0;
}
