/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* indirect.c — functions called through pointers: their parameters' spaces
 * from every call the module can make (--whole-program).
 *
 * Problem.  C++ device code calls virtual functions (a ray tracer's
 * `world->hit(r, t0, t1, rec)`, a material's `scatter`), and function
 * pointers pick a step at run time.  Their address is taken, so ipmsp can
 * neither clone nor retype them (the vtable holds the original), and
 * every access through their pointer parameters stays generic — `rec`, a
 * hit record in the caller's frame, written through generic stores in the
 * hottest loop of the program.  Clang's InferAddressSpaces, one function
 * at a time, cannot tell either.
 *
 * Algorithm.  In a closed world (--whole-program: no code outside the
 * module calls its functions, and the host calls none) every call of a
 * function is a call instruction of the module, direct or indirect.
 *   1. Candidates: defined non-kernel functions whose address is taken,
 *      not variadic, with a generic pointer parameter (not byval/byref/
 *      sret...), whose address is never handed to a call as an argument
 *      (a callee the module cannot see could call it).
 *   2. Sites: a direct call of a candidate; an indirect call (callee not a
 *      function: a loaded vtable slot, a function pointer) is a site of
 *      every candidate taking as many parameters — a call with another
 *      number of arguments cannot reach it without undefined behaviour.
 *      A site passing a value of another type at a pointer parameter
 *      poisons it; a direct call with too few arguments too.
 *   3. Votes, optimistically (ipmsp's lattice, votes_meet): each
 *      parameter starts undetermined; the first round analyses every
 *      caller with the candidates' current votes for their own parameters
 *      (a virtual `hit` of a list handing its ray on to the spheres'
 *      `hit`) and meets the argument's space at every site (null and
 *      undef: no observation); a later round analyses again only the
 *      callers whose own votes rose.  Rounds until nothing changes
 *      (ROUNDS at most: then nothing is named).
 *   4. A parameter whose vote is one named space, where naming it pays
 *      (pays(): benefit.c's accesses here or down the calls, three uses or
 *      more for the cast's one instruction; never a space whose accesses
 *      the back end splits), gets at the function's entry
 *          %p.as = addrspacecast ptr %p to ptr addrspace(S)
 *          %p.gen = addrspacecast ptr addrspace(S) %p.as to ptr
 *      and its other uses take %p.gen; the function is inferred at once,
 *      so its accesses use %p.as, and ipmsp (the group's next round)
 *      carries the space into its callees.  The signature does not
 *      change.
 *
 * Soundness.  The vote is the meet over every call that can reach the
 * function in a closed world: an indirect call with the same number of
 * arguments is assumed to reach every candidate.  The casts hold for each
 * of them; a parameter no call reaches keeps its uses.  Without
 * --whole-program the pass does nothing (its remark, report/why.c, says
 * so): an outside caller could pass anything.
 *
 * Example (nvptx64, a virtual hit whose callers pass their frame's record):
 *   define i1 @_ZNK6sphere3hitE...(ptr %this, ptr %r, float, float, ptr %rec)
 *     store float %t, ptr %rec                 ; st.f32 (generic)
 *   ->  %rec.as = addrspacecast ptr %rec to ptr addrspace(5)
 *     store float %t, ptr addrspace(5) %rec.as ; st.local.f32
 *
 * Limits: returns of candidates are not named; a candidate whose address
 * is handed to a call is refused; one vote per parameter, not per call.
 *
 * Requires: a module that verifies.  Preserves: signatures, attributes,
 * vtables.  Debug name: indirect.  Statistics: indirect.*.  Tests:
 * test/indirect/.
 */
#include "pass/pass.h"

#include <string.h>

static const GaspStatDesc st_params = {
    "indirect.parameters", "parameters of functions called through pointers named at entry"};
static const GaspStatDesc st_fns = {"indirect.functions",
                                    "functions called through pointers given named parameters"};

#define ROUNDS 16
#define INDIRECT_MIN_USES 3 /* pays() */

typedef struct Cand {
  LLVMValueRef fn;
  unsigned np;
  int *vote; /* np entries: VOTE_NONE (not voted on), VOTE_UNDET, VOTE_POISON, a space */
  int *next; /* this round's */
  bool moved; /* a vote of its own rose in the last round: analyse it again */
} Cand;

typedef struct Site {
  LLVMValueRef call;
  uint32_t cand; /* MAP_NONE: an indirect call (every candidate of its arity) */
} Site;

typedef VEC(Site) SiteVec;

typedef struct Indirect {
  GaspCtx *cx;
  const TgtTable *t;
  LLVMModuleRef m;
  Facts *facts;
  Space *sp;
  VEC(Cand) c;
  PtrMap cand_id;        /* candidate -> index in c */
  ValVec callers;        /* functions holding sites, in module order */
  VEC(SiteVec) sites;    /* per caller */
  /* benefit.c's host: the functions it asked about */
  PtrMap fn_id;
  ValVec fns;
} Indirect;

/* ---- 1. candidates -------------------------------------------------------- */

/* Is v (a function, or a constant expression around it) handed to a call
   as an argument, directly or through constant expressions? */
static bool handed_to_call(LLVMValueRef v, unsigned depth) {
  if (depth > 16)
    return true;
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsACallInst(user) || LLVMIsAInvokeInst(user) || LLVMIsACallBrInst(user)) {
      unsigned na = LLVMGetNumArgOperands(user);
      for (unsigned k = 0; k < na; k++)
        if (LLVMGetOperand(user, k) == v) /* an argument (a call of v may pass v too) */
          return true;
      continue;
    }
    if (LLVMIsAConstantExpr(user) && handed_to_call(user, depth + 1))
      return true;
  }
  return false;
}

static bool generic_param(const Indirect *s, LLVMValueRef f, unsigned k) {
  return ir_is_ptr_in(LLVMTypeOf(LLVMGetParam(f, k)), s->t->generic) && !ir_param_abi(f, k);
}

static void find_candidates(Indirect *s) {
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) || tgt_is_kernel(s->t, f) || !ir_address_taken(f) ||
        LLVMIsFunctionVarArg(LLVMGlobalGetValueType(f)) || ir_null_is_valid(f) || ir_optnone(f) ||
        handed_to_call(f, 0))
      continue;
    unsigned np = LLVMCountParams(f);
    bool any = false;
    for (unsigned k = 0; k < np && !any; k++)
      any = generic_param(s, f, k);
    if (!any)
      continue;
    Cand c = {f, np, xcalloc(np, sizeof(int)), xcalloc(np, sizeof(int)), false};
    for (unsigned k = 0; k < np; k++)
      c.vote[k] = generic_param(s, f, k) ? VOTE_UNDET : VOTE_NONE;
    map_put(&s->cand_id, f, (uint32_t)s->c.n);
    vec_push(&s->c, c);
  }
}

/* ---- 2. sites -------------------------------------------------------------- */

static void find_sites(Indirect *s) {
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f))
      continue;
    size_t at = s->callers.n;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        if (!LLVMIsACallInst(i) && !LLVMIsAInvokeInst(i) && !LLVMIsACallBrInst(i))
          continue;
        LLVMValueRef callee = LLVMGetCalledValue(i);
        uint32_t id = MAP_NONE;
        if (LLVMIsAInlineAsm(callee))
          continue;
        if (LLVMIsAFunction(callee)) {
          id = map_find(&s->cand_id, callee);
          if (id == MAP_NONE)
            continue;
        }
        if (at == s->callers.n) {
          vec_push(&s->callers, f);
          vec_push(&s->sites, (SiteVec){0});
        }
        vec_push(&s->sites.v[at], ((Site){i, id}));
      }
  }
}

/* ---- 3. votes --------------------------------------------------------------- */

static int env_param(void *arg, LLVMValueRef fn, unsigned k) {
  const Indirect *s = arg;
  uint32_t id = map_find(&s->cand_id, fn);
  if (id == MAP_NONE || k >= s->c.v[id].np)
    return LAT_GENERIC;
  int v = s->c.v[id].vote[k];
  return v == VOTE_UNDET ? LAT_UNINIT : votes_concrete(v) ? v : LAT_GENERIC;
}

/* The observation of argument a of call for a parameter of type ty (the
   caller analysed): a space, OBS_NEUTRAL or OBS_INVALID. */
static int observe(const Indirect *s, LLVMValueRef caller, LLVMValueRef a, LLVMTypeRef ty,
                   bool analysed) {
  if (!a || LLVMTypeOf(a) != ty)
    return OBS_INVALID;
  if (LLVMIsAUndefValue(a) || (LLVMIsAConstantPointerNull(a) && !ir_null_is_valid(caller)))
    return OBS_NEUTRAL; /* what votes_observe says without an analysis */
  return analysed ? votes_observe(s->t, s->sp, caller, a) : OBS_INVALID;
}

static void meet_site(Indirect *s, LLVMValueRef caller, LLVMValueRef call, Cand *c,
                      bool analysed) {
  unsigned na = LLVMGetNumArgOperands(call);
  for (unsigned k = 0; k < c->np; k++) {
    if (c->vote[k] == VOTE_NONE || c->next[k] == VOTE_POISON)
      continue;
    LLVMTypeRef ty = LLVMTypeOf(LLVMGetParam(c->fn, k));
    int o = observe(s, caller, k < na ? LLVMGetOperand(call, k) : NULL, ty, analysed);
    if (o != OBS_NEUTRAL)
      c->next[k] = votes_meet(c->next[k], o != OBS_INVALID, o);
  }
}

/* One round: the sites met under the current votes, into the votes; true
   when a vote changed.  A caller's analysis depends on its own parameters'
   votes only (env_param), and votes only rise, so after the first round
   only callers whose own votes rose are analysed again: what the others
   observed is already in (the meets accumulate). */
static bool round_once(Indirect *s, bool first) {
  SpaceEnv env = {env_param, NULL, s, 0};
  for (size_t ci = 0; ci < s->callers.n; ci++) {
    LLVMValueRef caller = s->callers.v[ci];
    uint32_t self = map_find(&s->cand_id, caller);
    if (!first && (self == MAP_NONE || !s->c.v[self].moved))
      continue;
    bool analysed = space_analyse(s->sp, caller, &env);
    for (size_t j = 0; j < s->sites.v[ci].n; j++) {
      Site st = s->sites.v[ci].v[j];
      if (st.cand != MAP_NONE) {
        meet_site(s, caller, st.call, &s->c.v[st.cand], analysed);
        continue;
      }
      unsigned na = LLVMGetNumArgOperands(st.call);
      for (size_t i = 0; i < s->c.n; i++)
        if (s->c.v[i].np == na)
          meet_site(s, caller, st.call, &s->c.v[i], analysed);
    }
  }
  bool changed = false;
  for (size_t i = 0; i < s->c.n; i++) {
    s->c.v[i].moved = false;
    for (unsigned k = 0; k < s->c.v[i].np; k++)
      if (s->c.v[i].next[k] != s->c.v[i].vote[k]) {
        s->c.v[i].vote[k] = s->c.v[i].next[k];
        s->c.v[i].moved = changed = true;
      }
  }
  return changed;
}

static void vote(Indirect *s) {
  unsigned r = 0;
  for (size_t i = 0; i < s->c.n; i++)
    memcpy(s->c.v[i].next, s->c.v[i].vote, s->c.v[i].np * sizeof(int));
  while (round_once(s, r == 0))
    if (++r == ROUNDS) { /* not settled: name nothing */
      for (size_t i = 0; i < s->c.n; i++)
        for (unsigned k = 0; k < s->c.v[i].np; k++)
          if (s->c.v[i].vote[k] != VOTE_NONE)
            s->c.v[i].vote[k] = VOTE_POISON;
      return;
    }
}

/* ---- 4. the casts at entry ------------------------------------------------ */

static uint32_t host_id(void *arg, LLVMValueRef f) {
  Indirect *s = arg;
  uint32_t id;
  if (map_get(&s->fn_id, f, &id))
    return id;
  if (!LLVMGetFirstBasicBlock(f) ||
      (!world_may_rewrite(s->t, f) && map_find(&s->cand_id, f) == MAP_NONE))
    return MAP_NONE;
  id = (uint32_t)s->fns.n;
  vec_push(&s->fns, f);
  map_put(&s->fn_id, f, id);
  return id;
}
static LLVMValueRef host_fn(void *arg, uint32_t f) { return ((Indirect *)arg)->fns.v[f]; }
static bool host_weighed(void *arg, uint32_t c, unsigned a) {
  Indirect *s = arg;
  LLVMValueRef fn = s->fns.v[c];
  return a < LLVMCountParams(fn) && generic_param(s, fn, a);
}
static unsigned host_size(void *arg, uint32_t f) {
  return facts_copy_cost(((Indirect *)arg)->facts, ((Indirect *)arg)->fns.v[f]);
}

/* Only casts to named spaces use p: already given its space. */
static bool settled(const Indirect *s, LLVMValueRef p) {
  for (LLVMUseRef u = LLVMGetFirstUse(p); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (ir_opcode(user) != LLVMAddrSpaceCast || ir_ptr_as(LLVMTypeOf(user)) == s->t->generic)
      return false;
  }
  return true;
}

/* Does naming parameter k of c in space as pay (as ipmsp asks for a copy's
   parameter)? */
static bool pays(Indirect *s, Benefit *b, const Cand *c, unsigned k, int as) {
  uint32_t id = host_id(s, c->fn);
  if (id == MAP_NONE)
    return false;
  bool tags = s->cx->opt.lower_generic == GASP_LOWER_TAGS;
  /* a space whose accesses the back end splits (AMDGPU MUBUF scratch) is
     left flat: LLVM merges a record's adjacent stores into one flat
     dwordx2 where the named ones stay split, and the cast at entry adds a
     null test (gfx90a: test/indirect/vtable.cl's plane_hit, 26 -> 30
     instructions so) */
  if (!tags && tgt_split_bytes(s->t, as, c->fn))
    return false;
  if (!benefit_pays(b, id, k))
    return false;
  /* the cast at entry is one instruction more (cvta.to.local; NVPTX keeps
     the address 64 bits wide, so the accesses' arithmetic is the same): it
     pays for three uses or more.  Measured on genprog --fnptrs programs
     (bench/random/random-fnptrs.md), whose steps make 2-4 accesses: from
     two uses machine code +0.4% and one kernel worse than clang's build,
     from three +0.2% and none; on the ray tracer's virtual functions
     (3-12 uses each) machine code -8% either way */
  unsigned raw = 0;
  benefit_named_uses(b, id, k, &raw);
  return raw >= INDIRECT_MIN_USES;
}

/* The first instruction of fn's entry block after its allocas. */
static LLVMValueRef entry_point(LLVMValueRef fn) {
  LLVMValueRef i = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(fn));
  while (i && LLVMIsAAllocaInst(i))
    i = LLVMGetNextInstruction(i);
  return i;
}

static void name_param(Indirect *s, LLVMBuilderRef b, LLVMValueRef fn, unsigned k, int as) {
  LLVMValueRef p = LLVMGetParam(fn, k);
  LLVMPositionBuilderBefore(b, entry_point(fn));
  LLVMTypeRef named = LLVMPointerTypeInContext(LLVMGetModuleContext(s->m), (unsigned)as);
  char name[64];
  size_t len;
  const char *pn = LLVMGetValueName2(p, &len);
  snprintf(name, sizeof name, "%.*s.as%d", len > 40 ? 40 : (int)len, pn, as);
  LLVMValueRef to = LLVMBuildAddrSpaceCast(b, p, named, name);
  LLVMValueRef back = LLVMBuildAddrSpaceCast(b, to, LLVMTypeOf(p), "");
  LLVMReplaceAllUsesWith(p, back); /* `to` too, for a moment: */
  LLVMSetOperand(to, 0, p);
}

static void remark(Indirect *s, LLVMValueRef fn, const char *what) {
  if (!cx_wants(s->cx, GASP_REMARK_PASSED))
    return;
  GaspRemark *r = cx_remark(s->cx, GASP_REMARK_PASSED, "IndirectNamed", fn, NULL);
  rm_arg(r, "String", "called through pointers; every call the module makes passes %s", what);
  rm_done(r);
}

static bool apply(Indirect *s) {
  Benefit *b = benefit_new(s->t, (BenefitHost){s, host_id, host_fn, host_weighed, host_size,
                                               specs_cost_limit(s->cx)});
  LLVMBuilderRef bld = LLVMCreateBuilderInContext(LLVMGetModuleContext(s->m));
  Infer *inf = NULL;
  bool changed = false;
  for (size_t i = 0; i < s->c.n; i++) {
    Cand *c = &s->c.v[i];
    char what[512];
    size_t w = 0;
    unsigned named = 0;
    for (unsigned k = 0; k < c->np; k++) {
      int as = c->vote[k];
      if (!votes_concrete(as) || as == s->t->generic || settled(s, LLVMGetParam(c->fn, k)) ||
          !pays(s, b, c, k, as))
        continue;
      name_param(s, bld, c->fn, k, as);
      named++;
      if (w < sizeof what)
        w += (size_t)snprintf(what + w, sizeof what - w, "%sargument %u %s", named > 1 ? ", " : "",
                              k, tgt_space_name(s->t, as));
    }
    if (!named)
      continue;
    cx_stat(s->cx, &st_params, named);
    cx_stat(s->cx, &st_fns, 1);
    remark(s, c->fn, what);
    if (!inf)
      inf = infer_new(s->cx, s->m, s->facts);
    infer_function(inf, c->fn);
    changed = true;
  }
  if (inf)
    infer_free(inf);
  LLVMDisposeBuilder(bld);
  benefit_free(b);
  return changed;
}

bool indirect_run(PassRun *run) {
  GaspCtx *cx = run->cx;
  facts_pass_entry(cx, run->m);
  if (!cx->opt.whole_program)
    return false;
  Indirect s = {cx, cx->tgt, run->m, run->facts, NULL, {0}, {0}, {0}, {0}, {0}, {0}};
  map_init(&s.cand_id);
  map_init(&s.fn_id);
  find_candidates(&s);
  bool changed = false;
  if (s.c.n) {
    find_sites(&s);
    s.sp = facts_space(run->facts);
    vote(&s);
    changed = apply(&s);
    space_free(s.sp);
  }
  for (size_t i = 0; i < s.c.n; i++) {
    free(s.c.v[i].vote);
    free(s.c.v[i].next);
  }
  for (size_t i = 0; i < s.sites.n; i++)
    vec_free(&s.sites.v[i]);
  vec_free(&s.sites);
  vec_free(&s.callers);
  vec_free(&s.c);
  vec_free(&s.fns);
  map_free(&s.cand_id);
  map_free(&s.fn_id);
  return changed;
}
