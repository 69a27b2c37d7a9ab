/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* callsplit.c — a call handed a select of pointers in two spaces becomes
 * one call per arm.
 *
 * Problem.  `dot(a, cols <= 512 ? xs : x)` with xs in shared memory and x
 * in global memory: the callee's parameter receives two spaces at one call
 * site, so no clone can name it ("callers pass different spaces") and
 * every access through it stays generic — in the final PTX as in the IR.
 * The select's condition already says which space the pointer is in:
 * branching on it gives two calls, each passing one space, and ipmsp (the
 * next pass) sends each to the clone for its spaces.  It is space
 * versioning with the test the program already makes.
 *
 * Algorithm, per defined function (the space analysis, read only):
 *   1. Candidates: a direct call to a function that ipmsp may rewrite
 *      (world_may_rewrite: defined, not a kernel, not variadic, not
 *      interposable, only called directly, never by musttail), with
 *      a generic pointer argument that is a select whose two arms are each
 *      in one named space, the spaces different, and whose parameter the
 *      callee uses.  The callee must not need convergence: splitting a
 *      call on a condition that differs between threads puts a barrier
 *      (or any convergent operation) the callee reaches under divergent
 *      control flow.  Front ends mark every GPU call `convergent`; the
 *      pass asks the callee instead, as LLVM's attribute inference does:
 *      it needs convergence when it or a function it calls (transitively)
 *      calls a convergent declaration, an indirect function or inline
 *      assembly marked convergent.
 *   2. Rewrite: the block is split before the call; the new head branches
 *      on the select's condition to two blocks, each holding a copy of the
 *      call with that arm, both continuing at the call's block, where a phi
 *      takes the result.  A copy with another such argument is split again
 *      (at most SPLIT_ARGS arguments per call: 2^SPLIT_ARGS copies).
 *   The select stays for its other users (LLVM removes it when none).
 *   Cost model: a split pays only when the accesses it names in the callee
 *   (benefit_named_uses, weighted by loop depth) pay, under the clone cost
 *   model's limit, for the copied call and one more copy of the callee
 *   (split_pays; statistic callsplit.costly).  One access of a small helper
 *   does not: on random nvptx64 programs such splits made 2 more kernels
 *   worse than clang in PTX instructions (bench/random).
 *   When ipmsp declines the clones (cost, budget), the two calls go to the
 *   same function and LLVM's SimplifyCFG sinks them back into one.  The
 *   callees go to the fact store (facts_note_split): in the plugin's early
 *   run, where ipmsp waits for the late run, `splitclones` clones these
 *   right away — the split would not survive LLVM's optimizer otherwise.
 *
 * Example (nvptx64, after ipmsp):
 *   %x = select i1 %c, ptr addrspacecast (ptr addrspace(3) @xs to ptr), ptr %g
 *   %r = call float @dot(ptr %a, ptr %x)
 * becomes
 *   br i1 %c, label %split.true, label %split.false
 *   split.true:  %r1 = call float @dot.as1_3(ptr addrspace(1) .., ptr addrspace(3) @xs)
 *   split.false: %r2 = call float @dot.as1_1(ptr addrspace(1) .., ptr addrspace(1) ..)
 *   %r = phi float [ %r1, %split.true ], [ %r2, %split.false ]
 *
 * Versioning by space (--version-by-space=on; off by default).  Where the
 * program makes no test of its own, an argument whose set is exactly two
 * named spaces, no null and nothing unknown — a phi of a shared and a
 * global pointer — is split on the target's own test of one of them
 * (casts_build_test: NVPTX isspacep.global/shared/local/const, AMDGPU
 * is.shared/is.private, "neither" being global; SPIR OpenCL's
 * __to_global/__to_local/__to_private compared with null, as clang spells
 * `to_local(p) != NULL`).  Each arm passes
 * `addrspacecast (addrspacecast p to S) to generic`, on which ipmsp votes
 * S.  Sound because the set is: the pointer is in one of the two, and the
 * test tells which.  Remark VersionedCall, statistic callsplit.versioned.
 * Loops are the `version` pass's.  Not done: a phi of pointers in two
 * spaces handed to a call (its predecessors would each need a copy of the
 * call).
 *
 * Remark per split call (Passed, "SplitCall").  Requires: a module that
 * verifies.  Debug name: callsplit.  Statistics: callsplit.*.
 * Tests: test/callsplit/ (callsplit.ll, select-call.cl, version-by-space.ll).
 */
#include "pass/pass.h"

#include <llvm-c/DebugInfo.h>
#include <string.h>

static const GaspStatDesc st_calls = {
    "callsplit.calls", "calls split on a select of pointers in two spaces"};
static const GaspStatDesc st_versioned = {
    "callsplit.versioned", "calls versioned by a space test (--version-by-space)"};
static const GaspStatDesc st_costly = {
    "callsplit.costly", "such calls kept whole: the accesses named do not pay for the copies"};
static const GaspStatDesc st_convergent = {
    "callsplit.convergent", "such calls kept whole: the callee needs convergence"};

#define SPLIT_ARGS 3

typedef struct Callsplit {
  GaspCtx *cx;
  Facts *facts;
  const TgtTable *t;
  LLVMBuilderRef b;
  Space *sp;
  unsigned convergent_kind;
  PtrMap needs_conv; /* function -> 1: needs convergence (a proven "yes") */
  PtrMap fn_id;      /* the cost model's numbering of callees (benefit.c) */
  ValVec fns;
  Benefit *benefit;
} Callsplit;

/* ---- the cost model's host (benefit.c) ------------------------------------ */

static uint32_t host_id(void *arg, LLVMValueRef f) {
  Callsplit *s = arg;
  uint32_t id;
  if (map_get(&s->fn_id, f, &id))
    return id;
  if (!LLVMGetFirstBasicBlock(f) || !world_may_rewrite(s->t, f))
    return MAP_NONE;
  id = (uint32_t)s->fns.n;
  vec_push(&s->fns, f);
  map_put(&s->fn_id, f, id);
  return id;
}
static LLVMValueRef host_fn(void *arg, uint32_t f) { return ((Callsplit *)arg)->fns.v[f]; }
static bool host_weighed(void *arg, uint32_t c, unsigned a) {
  LLVMValueRef fn = ((Callsplit *)arg)->fns.v[c];
  if (a >= LLVMCountParams(fn))
    return false;
  LLVMTypeRef ty = LLVMTypeOf(LLVMGetParam(fn, a));
  return LLVMGetTypeKind(ty) == LLVMPointerTypeKind && ir_ptr_as(ty) == ((Callsplit *)arg)->t->generic;
}
static unsigned host_size(void *arg, uint32_t f) {
  return facts_copy_cost(((Callsplit *)arg)->facts, ((Callsplit *)arg)->fns.v[f]);
}

/* v, marked for --verify-spaces: it runs under the space test just built. */
static LLVMValueRef guarded(const Callsplit *s, LLVMValueRef v) {
  schema_guard_cast(s->cx, v);
  return v;
}

/* ---- 1. candidates ------------------------------------------------------- */

static bool has_fn_attr(LLVMValueRef fn, unsigned kind) {
  return LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind) != NULL;
}

/* Does a call in f itself (not through a defined callee) need convergence?
   Defined callees are pushed to work. */
static bool calls_convergent(Callsplit *s, LLVMValueRef f, PtrMap *seen, ValVec *work) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsACallInst(i) && !LLVMIsAInvokeInst(i) && !LLVMIsACallBrInst(i))
        continue;
      LLVMValueRef callee = LLVMGetCalledValue(i);
      if (callee && LLVMIsAFunction(callee) && LLVMGetFirstBasicBlock(callee)) {
        if (!map_get(seen, callee, NULL)) {
          map_put(seen, callee, 1);
          vec_push(work, callee);
        }
        continue;
      }
      if (callee && LLVMIsAFunction(callee) ? has_fn_attr(callee, s->convergent_kind)
                                            : LLVMGetCallSiteEnumAttribute(
                                                  i, LLVMAttributeFunctionIndex,
                                                  s->convergent_kind) != NULL)
        return true;
    }
  return false;
}

/* Does a call of f need convergence?  Only a "yes" is remembered: a "no"
   found inside a cycle still being searched is not final. */
static bool needs_convergence(Callsplit *s, LLVMValueRef f) {
  if (map_get(&s->needs_conv, f, NULL))
    return true;
  PtrMap seen;
  map_init(&seen);
  ValVec work = {0};
  map_put(&seen, f, 1);
  vec_push(&work, f);
  bool yes = false;
  while (work.n && !yes) {
    LLVMValueRef g = work.v[--work.n];
    yes = map_get(&s->needs_conv, g, NULL) || calls_convergent(s, g, &seen, &work);
  }
  if (yes)
    map_put(&s->needs_conv, f, 1);
  vec_free(&work);
  map_free(&seen);
  return yes;
}

/* Does the call hand a generic pointer select (or, versioning, any
   generic pointer that is not a constant) to a defined callee?  The cheap
   test before any analysis: most functions have no such call. */
static bool has_select_arg(const Callsplit *s, LLVMValueRef call) {
  unsigned n = LLVMGetNumArgOperands(call);
  for (unsigned a = 0; a < n; a++) {
    LLVMValueRef v = LLVMGetOperand(call, a);
    if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind &&
        ir_ptr_as(LLVMTypeOf(v)) == s->t->generic &&
        (LLVMIsASelectInst(v) || (s->cx->opt.version_by_space && !LLVMIsAConstant(v))))
      return true;
  }
  return false;
}

/* How a call is split on argument a: on a select's condition, or on a
   space test of the argument (versioning): arm 0 gets space[0], arm 1
   space[1]. */
typedef struct Split {
  int arg;       /* -1: none */
  bool test;     /* versioning: test the argument's space */
  int space[2];  /* the spaces of the two arms */
} Split;

/* The first argument of call to split on: a select of pointers in two
   different named spaces, or (versioning) a pointer in one of two spaces
   the target tests apart; its parameter used by the callee. */
static Split split_arg(Callsplit *s, LLVMValueRef call, LLVMValueRef callee) {
  Split r = {-1, false, {0, 0}};
  unsigned n = LLVMGetNumArgOperands(call);
  unsigned np = LLVMCountParams(callee);
  for (unsigned a = 0; a < n && a < np; a++) {
    LLVMValueRef v = LLVMGetOperand(call, a);
    if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMPointerTypeKind ||
        ir_ptr_as(LLVMTypeOf(v)) != s->t->generic || !LLVMGetFirstUse(LLVMGetParam(callee, a)))
      continue;
    if (LLVMIsASelectInst(v)) {
      int x = space_lat(s->sp, LLVMGetOperand(v, 1), NULL);
      int y = space_lat(s->sp, LLVMGetOperand(v, 2), NULL);
      if (x >= 0 && y >= 0 && x != y) {
        r.arg = (int)a, r.space[0] = x, r.space[1] = y;
        return r;
      }
    }
    if (s->cx->opt.version_by_space && !LLVMIsAConstant(v) && space_two_testable(s->sp, v, r.space)) {
      r.arg = (int)a, r.test = true;
      return r;
    }
  }
  return r;
}

/* Does the split pay (step 1's cost model)?  It copies the call (its
   arguments, the call, the branch and the result's phi) and asks for one
   more copy of the callee; the callee's accesses it names (benefit.c,
   weighted by loop depth) pay for both under the clone cost model's limit
   (specs_copies_pay; none with --clone-cost=0). */
static bool split_pays(Callsplit *s, LLVMValueRef call, LLVMValueRef callee, const Split *sp) {
  if (specs_cost_limit(s->cx) <= 0)
    return true;
  uint32_t id = host_id(s, callee);
  if (id == MAP_NONE)
    return false;
  unsigned named = benefit_named_uses(s->benefit, id, (unsigned)sp->arg, NULL);
  unsigned size = facts_copy_cost(s->facts, callee) + LLVMGetNumArgOperands(call) + 3;
  return specs_copies_pay(s->cx, 1, size, named);
}

/* ---- 2. the rewrite ------------------------------------------------------ */

static void remark(Callsplit *s, LLVMValueRef call, LLVMValueRef callee, const Split *sp) {
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
  GaspRemark *r = cx_remark(s->cx, GASP_REMARK_PASSED, sp->test ? "VersionedCall" : "SplitCall",
                            fn, call);
  if (!r)
    return;
  size_t len;
  const char *name = LLVMGetValueName2(callee, &len);
  rm_arg(r, "String", "call to ");
  rm_arg(r, "Callee", "@%s", name);
  rm_arg(r, "String", sp->test ? " versioned by the space of its argument "
                               : " split on the select of its argument ");
  rm_arg(r, "Arg", "%u", (unsigned)sp->arg);
  rm_arg(r, "String", " (");
  rm_arg(r, "TrueSpace", "%s", tgt_space_name(s->t, sp->space[0]));
  rm_arg(r, "String", " or ");
  rm_arg(r, "FalseSpace", "%s", tgt_space_name(s->t, sp->space[1]));
  rm_arg(r, "String", sp->test ? "): one space test, one call per space"
                               : "): one call per space");
  rm_done(r);
}

/* Splits call on argument sp->arg; the two copies go to out. */
static void split(Callsplit *s, LLVMValueRef call, const Split *sp, LLVMValueRef out[2]) {
  unsigned a = (unsigned)sp->arg;
  LLVMValueRef v = LLVMGetOperand(call, a);
  LLVMBasicBlockRef join = LLVMGetInstructionParent(call);
  LLVMBasicBlockRef head = ir_split_before(s->b, call);
  v = LLVMGetOperand(call, a); /* a phi of the block is rebuilt in head */
  LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(call);
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(v));
  LLVMBasicBlockRef arm[2];
  arm[0] = LLVMInsertBasicBlockInContext(ctx, join, sp->test ? "version.true" : "split.true");
  arm[1] = LLVMInsertBasicBlockInContext(ctx, join, sp->test ? "version.false" : "split.false");
  LLVMPositionBuilderAtEnd(s->b, head);
  LLVMSetCurrentDebugLocation2(s->b, loc);
  LLVMValueRef cond;
  if (sp->test) { /* the target's test of the first space */
    cond = casts_build_test(s->t, LLVMGetGlobalParent(LLVMGetBasicBlockParent(head)), s->b, v,
                            sp->space[0]);
  } else {
    cond = LLVMGetOperand(v, 0); /* the select's condition */
  }
  /* a branch on poison is undefined where a select of it, or a call
     passed it, was not: the condition is frozen */
  LLVMBuildCondBr(s->b, LLVMBuildFreeze(s->b, cond, "split.cond"), arm[0], arm[1]);
  for (int k = 0; k < 2; k++) {
    LLVMPositionBuilderAtEnd(s->b, arm[k]);
    LLVMSetCurrentDebugLocation2(s->b, loc);
    LLVMValueRef arg = sp->test /* the pointer in the arm's space, as a generic one */
                           ? LLVMBuildAddrSpaceCast(
                                 s->b, guarded(s, LLVMBuildAddrSpaceCast(
                                                      s->b, v,
                                                      ir_retype(LLVMTypeOf(v), sp->space[k]), "")),
                                 LLVMTypeOf(v), "")
                           : LLVMGetOperand(v, 1 + (unsigned)k);
    LLVMValueRef c = LLVMInstructionClone(call);
    LLVMInsertIntoBuilder(s->b, c);
    LLVMInstructionSetDebugLoc(c, loc);
    LLVMSetOperand(c, a, arg);
    LLVMBuildBr(s->b, join);
    out[k] = c;
  }
  if (LLVMGetTypeKind(LLVMTypeOf(call)) != LLVMVoidTypeKind) {
    LLVMPositionBuilderBeforeInstrAndDbgRecords(s->b, call);
    LLVMSetCurrentDebugLocation2(s->b, loc);
    LLVMValueRef phi = LLVMBuildPhi(s->b, LLVMTypeOf(call), "");
    LLVMAddIncoming(phi, out, arm, 2);
    ir_take_name(call, phi);
    LLVMReplaceAllUsesWith(call, phi);
  }
  LLVMInstructionEraseFromParent(call);
  cx_stat(s->cx, sp->test ? &st_versioned : &st_calls, 1);
}

/* The calls of fn to split, then each split (and its copies again). */
static bool run_function(Callsplit *s, LLVMValueRef fn) {
  bool any = false;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && !any; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !any; i = LLVMGetNextInstruction(i))
      any = LLVMIsACallInst(i) && ir_callee(i) && has_select_arg(s, i);
  if (!any)
    return false;
  space_analyse(s->sp, fn, NULL);
  typedef struct Job {
    LLVMValueRef call;
    unsigned depth;
  } Job;
  VEC(Job) jobs = {0};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      LLVMValueRef callee = ir_callee(i);
      if (!callee || !has_select_arg(s, i) || split_arg(s, i, callee).arg < 0 ||
          !world_may_rewrite(s->t, callee))
        continue;
      if (needs_convergence(s, callee)) {
        cx_stat(s->cx, &st_convergent, 1);
        continue;
      }
      Job j = {i, 0};
      vec_push(&jobs, j);
    }
  bool changed = false;
  for (size_t next = 0; next < jobs.n; next++) { /* in program order */
    Job j = jobs.v[next];
    LLVMValueRef callee = ir_callee(j.call);
    Split sp = split_arg(s, j.call, callee);
    if (sp.arg < 0 || j.depth >= SPLIT_ARGS)
      continue;
    if (!split_pays(s, j.call, callee, &sp)) {
      cx_stat(s->cx, &st_costly, 1);
      continue;
    }
    remark(s, j.call, callee, &sp);
    LLVMValueRef out[2];
    split(s, j.call, &sp, out);
    facts_note_split(s->facts, callee);
    changed = true;
    for (int k = 0; k < 2; k++) {
      Job n = {out[k], j.depth + 1};
      vec_push(&jobs, n);
    }
  }
  vec_free(&jobs);
  return changed;
}

/* The functions with a call has_select_arg accepts, found from the call
   sites of every defined function (not by walking every instruction). */
static void callers_to_scan(const Callsplit *s, LLVMModuleRef m, PtrMap *out) {
  for (LLVMValueRef g = LLVMGetFirstFunction(m); g; g = LLVMGetNextFunction(g)) {
    if (LLVMIsDeclaration(g))
      continue;
    for (LLVMUseRef u = LLVMGetFirstUse(g); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef c = LLVMGetUser(u);
      if (LLVMIsACallInst(c) && LLVMGetCalledValue(c) == g && has_select_arg(s, c))
        map_put(out, LLVMGetBasicBlockParent(LLVMGetInstructionParent(c)), 1);
    }
  }
}

bool callsplit_run(PassRun *run) {
  GaspCtx *cx = run->cx;
  LLVMModuleRef m = run->m;
  facts_pass_entry(cx, m);
  Callsplit s = {cx, run->facts, cx->tgt, LLVMCreateBuilderInContext(LLVMGetModuleContext(m)), facts_space(run->facts),
          LLVMGetEnumAttributeKindForName("convergent", strlen("convergent")), {0}, {0}, {0}, NULL};
  map_init(&s.needs_conv);
  map_init(&s.fn_id);
  s.benefit = benefit_new(s.t, (BenefitHost){&s, host_id, host_fn, host_weighed, host_size,
                                              specs_cost_limit(cx)});
  PtrMap scan;
  map_init(&scan);
  callers_to_scan(&s, m, &scan);
  bool changed = false;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (map_get(&scan, f, NULL) && !ir_optnone(f))
      changed |= run_function(&s, f);
  map_free(&scan);
  map_free(&s.needs_conv);
  map_free(&s.fn_id);
  vec_free(&s.fns);
  benefit_free(s.benefit);
  space_free(s.sp);
  LLVMDisposeBuilder(s.b);
  return changed;
}
