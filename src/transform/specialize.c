/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* specialize.c — clones: making, naming, deduplicating and budgeting them,
 * whether a copy pays, and the words for each of these.  (A service, not a
 * pass.)
 *
 * Problem.  Two passes make copies of a function for what its callers
 * give it: ipmsp one per tuple of argument spaces, fields one per shape of
 * the pointers a caller stores in an aggregate argument; version weighs a
 * copy of a loop or a run of accesses the same way.  Each needs a registry
 * of the clones it made, a budget check, the cost rule and the words of
 * its refusals, which the explanations and the call graph repeat: kept
 * apart, they drift.
 *
 * What lives here:
 *   names        specs_key_spaces ("f.as1_g_3": the family, then per pointer
 *                parameter its space or g), specs_key_fields ("g.f0o8as3_...":
 *                per fact its parameter, offset and space); the key is the
 *                clone's name;
 *   registry     a Specs per pass invocation: key -> the clone made for it,
 *                clone -> its family (the original's name); a lookup checks
 *                the clone is still in the module under the name it got,
 *                and a tuple's key this invocation did not make finds the
 *                clone an earlier run made under it (its !gasp.as family
 *                note: the plugin's early run, an earlier round of the
 *                default pipeline's group), so no tuple gets two copies;
 *   budget       --clone-budget, one for the run: the count lives in the
 *                fact store (facts_note_clone), every clone of every pass
 *                takes one;
 *   making       specs_make (a copy, or the original's body moved into it),
 *                specs_retype (an internal function rewritten in place:
 *                a new signature, the same body, no budget);
 *   cost model   specs_cost_limit / specs_copies_pay: `copies` copies of
 *                `size` instructions pay when copies x size <= limit x
 *                named (below, "What cloning costs");
 *   words        specs_refused: the Missed remark "not cloned[ for WHAT]:
 *                REASON", REASON one of specs_reason's (the same reasons
 *                for an outcome kept in !gasp.as are schema_outcome_text's,
 *                which the reports read).
 *
 * What cloning costs.  Callers that pass different spaces make copies of a
 * function: one per distinct paying tuple, less one when no call keeps the
 * original (an internal original's body moves into its last clone).  Each
 * copy costs the function's instructions once more in what the kernels
 * reach (ir_copy_cost: not counting stack traffic that promotion to
 * registers removes, so -O0 and -O1 code of one helper cost about the
 * same); where that count refuses, it is made again over the calls the
 * kernels reach alone (clonecost.c: an external helper's other callers
 * that no kernel calls cost and name nothing there).  Beside an original
 * the file keeps for outside callers, every copy is one more body in the
 * file too: there the limit is SPECS_BESIDE (16) times as many a use,
 * each group's uses weighed again by its calls' loop depth (clonecost.c,
 * beside_copies_pay).  The copies are made
 * only when copies x instructions <= limit x named uses, the uses counted
 * in every clone (benefit.c: accesses, explicit casts and space tests,
 * uses gasp cannot see past, and what a callee parameter the pointer is
 * passed on to names, a few calls deep),
 * each by its loop depth (dom_use_weight: 1, 16 in a loop, 256 in a nest —
 * an access in a loop saves a generic access every iteration, a copy costs
 * its code once; a counted loop whose bound says it runs fewer than 16
 * times weighs its trips: dom.c), and 0 in a block that calls a print builtin (printf,
 * vprintf: the print's buffer and call swamp what the access saves; a
 * pointer only printed is not a use at all: benefit.c).  Otherwise every call keeps the original (generic), with
 * the Missed remark CloneTooCostly ("not cloned: 1 more copy of its 94
 * instructions would name 6 uses (more than 1 instruction a use;
 * --clone-cost)"), said when ipmsp's drain ends: a refusal is asked again
 * each wave the calls change (a caller retyped since may name more), and
 * only the last answer stands; a second run over the output, its calls
 * lowered to tags, keeps an earlier run's refusal note (schema_publish).
 * In-place
 * specialization and a single clone that replaces the original cost
 * nothing and are never refused.  fields' clones and version's loops and
 * runs follow the same rule.
 *   The limit is --clone-cost=N (0: no limit) or the target's clone_cost
 * column: 1 on nvptx, amdgcn and SPIR (SPIR's until 2026-12-03: none, a
 * copy whenever it named something; on random programs 13 of 40 kernels
 * then had 2.5-8.5% more SPIR-V instructions than clang's, with the
 * limit 1 of 40, and the public OpenCL programs' SPIR-V is the same under either:
 * bench/README.md.  A device without Generic support needs every access
 * named: --clone-cost=0 there).  On
 * NVPTX generic ld/st are native (the hardware finds the window): a named
 * access saves a cvta and gives alias facts but is no shorter, so a copy's
 * body is all growth; on AMDGPU a flat_* access waits on both the
 * vector-memory and LDS counters, but a copy's code has its own waits.  1
 * (and the loop weights 16 and 256) are measured, not derived, on the
 * random programs' final code against clang's build (bench/random, the
 * columns of bench/public): with 8 on NVPTX (its limit until 2026-11-28)
 * and none on AMDGPU, 21 of 40 nvptx64 kernels had over 2% more PTX
 * instructions and 11 of 40 gfx90a kernels more instructions (17 more
 * s_waitcnt); with 1, 6 and 2 (9).  Loops weighing 8 refused loop helpers
 * (test/fields/loop-cost.cl); 16 keeps them.  The public programs' final
 * code is the same under either (bench/public).  The cost is static size: a helper called in a
 * hot loop with two spaces may deserve its copy, which the loop weights
 * and --clone-cost=0 give it.
 * The size is a body's as the front end wrote it: the pass plugin clones
 * in its late run, after LLVM's inliner has put callees into the body, so
 * there the size its early run recorded counts when it is less
 * (facts_copy_cost, sizes.c; black_scholes.cu's `price`: 32 early, 66
 * late, for 4 uses).
 *
 * Layering: the transform layer (above clone.c, facts.c and remark.c),
 * below ipmsp, fields and version (test/reliability/layers.test).
 *
 * Tests: test/ipmsp/clone-cost.ll, clone-budget remarks in test/remarks/why.ll
 * and test/fields/job.cl; unit test test_spec_registry.
 */
#include "transform/transform.h"

#include <string.h>

typedef struct SpecRec {
  char *family; /* the original's name */
  char *name;   /* the clone's own name (LLVM may have added a suffix) */
} SpecRec;

struct Specs {
  Pool pool; /* made, and its strings */
  GaspCtx *cx;
  LLVMModuleRef m;
  Facts *facts; /* the run's store: the clone budget, refusals said */
  VEC(SpecRec) made;
  StrMap by_key;   /* key -> index in made */
  StrMap by_name;  /* clone's name -> index in made */
  StrMap reported; /* "<refusal>:<key or function>" already met */
  CloneMap copy;   /* the value map, reused from one copy to the next */
};

Specs *specs_new(GaspCtx *cx, LLVMModuleRef m, Facts *facts) {
  Specs *s = xcalloc(1, sizeof *s);
  s->cx = cx;
  s->m = m;
  s->facts = facts;
  pool_bind(&s->made, &s->pool);
  clone_map_bind(&s->copy, &s->pool);
  return s;
}

void specs_free(Specs *s) {
  if (!s)
    return;
  pool_release(&s->pool);
  smap_free(&s->by_key);
  smap_free(&s->by_name);
  smap_free(&s->reported);
  free(s);
}

/* ---- names --------------------------------------------------------------- */
/* (specs_key_fields: "g.f" then per fact <param>o<off>[s<stride>]as<space>) */

char *specs_key_spaces(const TgtTable *t, const char *family, const int *as, unsigned n) {
  size_t fl = strlen(family);
  char *s = xmalloc(fl + 8 + 12 * (n + 1)), *p = s;
  memcpy(p, family, fl);
  p += fl;
  memcpy(p, ".as", 3);
  p += 3;
  for (unsigned k = 0; k < n; k++) {
    if (k)
      *p++ = '_';
    if (as[k] == t->generic) {
      *p++ = 'g';
      continue;
    }
    char digits[12]; /* a space number: never negative */
    unsigned d = 0, v = (unsigned)as[k];
    do
      digits[d++] = (char)('0' + v % 10);
    while ((v /= 10));
    while (d)
      *p++ = digits[--d];
  }
  *p = 0;
  return s;
}

char *specs_key_fields(const char *g, const MemFieldFact *f, size_t n) {
  size_t cap = strlen(g) + 8 + n * 72;
  char *s = xmalloc(cap);
  size_t at = (size_t)snprintf(s, cap, "%s.f", g);
  for (size_t i = 0; i < n; i++) {
    at += (size_t)snprintf(s + at, cap - at, "%s%uo%lld", i ? "_" : "", f[i].param,
                           (long long)f[i].off);
    if (f[i].stride) /* every stride bytes: "s16" */
      at += (size_t)snprintf(s + at, cap - at, "s%lld", (long long)f[i].stride);
    at += (size_t)snprintf(s + at, cap - at, "as%d", f[i].as);
  }
  return s;
}

/* ---- registry ------------------------------------------------------------ */

const char *specs_family(const Specs *s, const char *name) {
  uint32_t k = smap_find(&s->by_name, name);
  return k == MAP_NONE ? name : s->made.v[k].family;
}

bool specs_made(const Specs *s, const char *name) {
  return smap_find(&s->by_name, name) != MAP_NONE;
}

LLVMValueRef specs_find(const Specs *s, const char *key) {
  uint32_t k = smap_find(&s->by_key, key);
  return k == MAP_NONE ? NULL : LLVMGetNamedFunction(s->m, s->made.v[k].name);
}

bool specs_key_made(const Specs *s, const char *key) {
  return smap_find(&s->by_key, key) != MAP_NONE;
}

/* ---- budget and making --------------------------------------------------- */

/* One more clone within --clone-budget (-1 unlimited)?  Counts it. */
static bool budget_allows(Specs *s) {
  Facts *f = s->facts;
  long budget = s->cx->opt.clone_budget;
  if (budget >= 0 && (long)facts_clone_count(f) >= budget)
    return false;
  facts_note_clone(f);
  return true;
}

/* A clone's or a redirected call's `nonnull` on a pointer now in a space
   where offset 0 is an address (tgt_nonnull_kept) is removed: the rest of
   the attributes (noalias, readonly, captures, dereferenceable, align,
   noundef, range) hold in every space and stay. */
static void drop_window_nonnull(const TgtTable *t, LLVMValueRef v) {
  bool call = LLVMIsAFunction(v) == NULL;
  LLVMTypeRef fty = call ? LLVMGetCalledFunctionType(v) : LLVMGlobalGetValueType(v);
  unsigned kind = LLVMGetEnumAttributeKindForName("nonnull", 7);
  unsigned n;
  LLVMTypeRef *ps = ir_param_types(fty, &n);
  for (unsigned k = 0; k <= n; k++) { /* index 0: the return value */
    LLVMTypeRef ty = k ? ps[k - 1] : LLVMGetReturnType(fty);
    if (LLVMGetTypeKind(ty) != LLVMPointerTypeKind || tgt_nonnull_kept(t, ir_ptr_as(ty)))
      continue;
    if (call)
      LLVMRemoveCallSiteEnumAttribute(v, k, kind);
    else
      LLVMRemoveEnumAttributeAtIndex(v, k, kind);
  }
  free(ps);
}

/* The linkage clang's build gives f's root: the note of a function gasp
   made, else what internalize took from f (--whole-program), else f's
   own.  A function gasp makes of f notes it (externalize.c). */
static LLVMLinkage root_linkage(LLVMValueRef f) {
  LLVMLinkage l;
  SavedLinkage was;
  if (schema_root_linkage_peek(f, &l))
    return l;
  return schema_linkage_peek(f, &was) ? was.linkage : LLVMGetLinkage(f);
}

LLVMValueRef specs_make(Specs *s, LLVMValueRef f, LLVMTypeRef ty, const char *key,
                       const char *family, bool move, bool *first_refusal) {
  *first_refusal = false;
  if (!budget_allows(s)) {
    *first_refusal = specs_first_report(s, SPEC_BUDGET, key);
    return NULL;
  }
  LLVMLinkage root = root_linkage(f);
  LLVMValueRef nf = clone_function(f, ty, key, move, &s->copy);
  drop_window_nonnull(s->cx->tgt, nf);
  schema_linkage_drop(nf); /* gasp's copy: internal; its root's class noted (externalize.c) */
  schema_root_linkage_set(nf, root);
  size_t len;
  const char *name = LLVMGetValueName2(nf, &len);
  SpecRec r = {pool_strdup(&s->pool, family), pool_strdup(&s->pool, name)};
  smap_put(&s->by_key, key, (uint32_t)s->made.n);
  smap_put(&s->by_name, r.name, (uint32_t)s->made.n);
  vec_push(&s->made, r);
  return nf;
}

LLVMValueRef specs_retype(const TgtTable *t, LLVMValueRef f, LLVMTypeRef ty, const char *name) {
  LLVMLinkage root = root_linkage(f);
  LLVMSetValueName2(f, "", 0);
  LLVMValueRef nf = clone_function(f, ty, name, true, NULL);
  drop_window_nonnull(t, nf);
  schema_linkage_drop(nf); /* a new signature: gasp's, internal; its root's class noted */
  schema_root_linkage_set(nf, root);
  return nf;
}

/* ---- the cost model ------------------------------------------------------ */

long specs_cost_limit(const GaspCtx *cx) {
  return cx->opt.clone_cost >= 0 ? cx->opt.clone_cost : (long)cx->tgt->clone_cost;
}

bool specs_copies_pay(const GaspCtx *cx, unsigned long copies, unsigned long size,
                     unsigned long named) {
  long limit = specs_cost_limit(cx);
  return limit <= 0 || copies * size <= (unsigned long)limit * named;
}

/* ---- words --------------------------------------------------------------- */

bool specs_first_report(Specs *s, SpecRefusal why, const char *what) {
  size_t n = strlen(what) + 4;
  char *key = xmalloc(n);
  snprintf(key, n, "%d:%s", (int)why, what);
  bool first = smap_find(&s->reported, key) == MAP_NONE;
  if (first)
    smap_put(&s->reported, key, 1);
  free(key);
  return first;
}

const char *specs_reason(char *buf, size_t cap, const GaspCtx *cx, SpecRefusal why,
                        const SpecCost *c) {
  switch (why) {
  case SPEC_BUDGET:
    snprintf(buf, cap, "clone budget exhausted (--clone-budget)");
    break;
  case SPEC_NO_GAIN:
    snprintf(buf, cap, "a named space for its pointer parameters would give no access a "
                       "named space");
    break;
  case SPEC_COST: {
    long limit = specs_cost_limit(cx) * (c->beside ? SPECS_BESIDE : 1);
    char loops[64] = "";
    if (c->named != c->raw)
      snprintf(loops, sizeof loops, ", %lu weighed by loops%s and print calls", c->named,
               c->beside ? ", calls" : "");
    snprintf(buf, cap,
             "%lu more cop%s of %s %lu instructions%s would name %lu use%s%s (more than %ld "
             "instruction%s a use; --clone-cost)",
             c->copies, c->copies == 1 ? "y" : "ies", c->whose ? c->whose : "its", c->size,
             c->beside ? " beside the original kept for outside callers" : "", c->raw,
             c->raw == 1 ? "" : "s", loops, limit, limit == 1 ? "" : "s");
    break;
  }
  }
  return buf;
}

void specs_refused(GaspCtx *cx, Facts *facts, const SpecSaid *said, SpecRefusal why,
                   const SpecCost *c) {
  static const char *const names[] = {
      [SPEC_BUDGET] = "CloneBudget", [SPEC_COST] = "CloneTooCostly",
      [SPEC_NO_GAIN] = "CloneNoGain"};
  const char *name = said->remark ? said->remark : names[why];
  const char *verb = said->verb ? said->verb : "not cloned";
  const char *what = said->what;
  if (!cx_wants(cx, GASP_REMARK_MISSED))
    return;
  char reason[512];
  specs_reason(reason, sizeof reason, cx, why, c);
  /* once a run: a pass the pipeline runs twice (fields) meets the same
     refusal in each invocation, each with a registry of its own */
  size_t len;
  const char *fname = LLVMGetValueName2(said->fn, &len);
  char *key = xasprintf("%s|%s|%s|%.*s|%p|%s", name, verb, what ? what : "", (int)len, fname,
                        (void *)said->at, reason);
  bool first = facts_first_report(facts, key);
  free(key);
  if (!first)
    return;
  GaspRemark *r = cx_remark(cx, GASP_REMARK_MISSED, name, said->fn, said->at);
  if (what) {
    rm_arg(r, "String", "%s for ", verb);
    rm_arg(r, said->what_kind ? said->what_kind : "String", "%s", what);
    rm_arg(r, "String", ": %s", reason);
  } else {
    rm_arg(r, "String", "%s: %s", verb, reason);
  }
  rm_done(r);
}

/* ---- clones by space tuple (ipmsp) --------------------------------------
 * A tuple sp gives a function f's parameters and return (np + 1 entries) a
 * space each, -1 for "as it is".  The clone for a tuple is named by its
 * family and the spaces of f's pointer parameters (specs_key_spaces). */

int specs_tuple_space(LLVMValueRef f, const int *sp, unsigned k) {
  return sp[k] >= 0 ? sp[k] : ir_ptr_as(LLVMTypeOf(LLVMGetParam(f, k)));
}

LLVMTypeRef specs_tuple_type(LLVMValueRef f, const int *sp) {
  LLVMTypeRef fty = LLVMGlobalGetValueType(f);
  unsigned np;
  LLVMTypeRef *pt = ir_param_types(fty, &np);
  for (unsigned k = 0; k < np; k++)
    if (sp[k] >= 0)
      pt[k] = ir_retype(pt[k], sp[k]);
  LLVMTypeRef rt = LLVMGetReturnType(fty);
  if (sp[np] >= 0)
    rt = ir_retype(rt, sp[np]);
  LLVMTypeRef r = LLVMFunctionType(rt, pt, np, 0);
  free(pt);
  return r;
}

char *specs_tuple_text(const TgtTable *t, LLVMValueRef f, const int *sp) {
  char *buf = NULL;
  size_t len = 0;
  FILE *o = open_memstream(&buf, &len);
  if (!o)
    return xstrdup("(?)");
  unsigned np = LLVMCountParams(f);
  fputc('(', o);
  bool first = true;
  for (unsigned k = 0; k < np; k++) {
    int as = specs_tuple_space(f, sp, k);
    if (as < 0)
      continue; /* not a pointer */
    fprintf(o, "%s%s", first ? "" : ", ", as == t->generic ? "generic" : tgt_space_name(t, as));
    first = false;
  }
  fputc(')', o);
  fclose(o);
  return buf;
}

char *specs_tuple_key(const TgtTable *t, const char *family, LLVMValueRef f, const int *sp) {
  unsigned np = LLVMCountParams(f), n = 0;
  int *as = xmalloc((np + 1) * sizeof *as);
  for (unsigned k = 0; k < np; k++)
    if (specs_tuple_space(f, sp, k) >= 0)
      as[n++] = specs_tuple_space(f, sp, k);
  char *key = specs_key_spaces(t, family, as, n);
  free(as);
  return key;
}

/* Does g (a member of f's family) take exactly the spaces sp? */
static bool has_spaces(LLVMValueRef g, LLVMValueRef f, const int *sp) {
  unsigned np = LLVMCountParams(f);
  if (LLVMCountParams(g) != np)
    return false;
  for (unsigned k = 0; k < np; k++)
    if (ir_ptr_as(LLVMTypeOf(LLVMGetParam(g, k))) != specs_tuple_space(f, sp, k))
      return false;
  return true;
}

/* The clone an earlier run made under key (the plugin's early run: its
   callsplit's clones), when it is still in the module, defined, and of
   family (its !gasp.as note): this run's registry does not know it, and
   a copy made again for the same tuple would only double the code. */
static LLVMValueRef earlier_member(const Specs *s, const char *family, const char *key) {
  LLVMValueRef g = LLVMGetNamedFunction(s->m, key);
  if (!g || LLVMIsDeclaration(g))
    return NULL;
  char *fam = schema_fn_family(g);
  bool same = fam && !strcmp(fam, family);
  free(fam);
  return same ? g : NULL;
}

LLVMValueRef specs_tuple_member(Specs *s, LLVMValueRef f, const int *sp, const char *key) {
  size_t len;
  const char *family = specs_family(s, LLVMGetValueName2(f, &len));
  LLVMValueRef root = LLVMGetNamedFunction(s->m, family);
  if (root && has_spaces(root, f, sp))
    return root;
  char *name = key ? NULL : specs_tuple_key(s->cx->tgt, family, f, sp);
  const char *k = key ? key : name;
  LLVMValueRef g = specs_find(s, k);
  if (!g && !specs_key_made(s, k))
    g = earlier_member(s, family, k);
  free(name);
  return g && has_spaces(g, f, sp) ? g : NULL;
}

/* ---- calls to a clone ---------------------------------------------------- */

LLVMValueRef specs_to_space(LLVMBuilderRef b, const TgtTable *t, LLVMValueRef v, int as,
                            LLVMValueRef before) {
  LLVMTypeRef ty = ir_retype(LLVMTypeOf(v), as);
  if (LLVMIsAConstantPointerNull(v))
    return tgt_null(t, ty);
  if (LLVMIsAPoisonValue(v))
    return LLVMGetPoison(ty);
  if (LLVMIsAUndefValue(v))
    return LLVMGetUndef(ty);
  if (LLVMIsAConstant(v))
    return LLVMConstAddrSpaceCast(v, ty);
  if (LLVMIsAAddrSpaceCastInst(v) && LLVMTypeOf(LLVMGetOperand(v, 0)) == ty)
    return LLVMGetOperand(v, 0);
  LLVMPositionBuilderBefore(b, before);
  LLVMSetCurrentDebugLocation2(b, ir_loc_of(before, LLVMGetBasicBlockParent(
                                                         LLVMGetInstructionParent(before))));
  return LLVMBuildAddrSpaceCast(b, v, ty, "");
}

bool specs_redirect(LLVMBuilderRef b, const TgtTable *t, LLVMValueRef call, LLVMValueRef nf) {
  unsigned n = LLVMGetNumArgOperands(call);
  LLVMValueRef *args = xmalloc((n ? n : 1) * sizeof *args);
  /* infer has more to name in the caller when the call returns a named
     space now, or when an argument needed a cast built here */
  bool stale = LLVMTypeOf(call) != LLVMGetReturnType(LLVMGlobalGetValueType(nf)) &&
               LLVMGetFirstUse(call);
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef a = LLVMGetOperand(call, k);
    LLVMTypeRef want = LLVMTypeOf(LLVMGetParam(nf, k));
    args[k] = LLVMTypeOf(a) == want ? a : specs_to_space(b, t, a, ir_ptr_as(want), call);
    stale |= args[k] != a && LLVMIsAAddrSpaceCastInst(args[k]) &&
             LLVMGetOperand(args[k], 0) == a;
  }
  /* casts to generic bypassed by specs_to_space, each once */
  ValVec old = {0};
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef a = LLVMGetOperand(call, k);
    bool seen = false;
    for (size_t j = 0; j < old.n && !seen; j++)
      seen = old.v[j] == a;
    if (args[k] != a && LLVMIsAAddrSpaceCastInst(a) && !seen)
      vec_push(&old, a);
  }
  drop_window_nonnull(t, ir_replace_call(b, call, nf, LLVMGlobalGetValueType(nf), args, n));
  for (size_t k = 0; k < old.n; k++) /* those that only fed this call */
    if (!LLVMGetFirstUse(old.v[k])) {
      LLVMValueRef from = LLVMGetOperand(old.v[k], 0);
      ir_erase_salvaging(old.v[k], tgt_same_bits_as_generic(t, from) ? from : NULL);
    }
  vec_free(&old);
  free(args);
  return stale;
}

void specs_convert_rets(LLVMBuilderRef b, const TgtTable *t, LLVMValueRef nf) {
  LLVMTypeRef rt = LLVMGetReturnType(LLVMGlobalGetValueType(nf));
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(nf); bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef r = LLVMGetBasicBlockTerminator(bb);
    if (r && LLVMIsAReturnInst(r) && LLVMGetNumOperands(r) &&
        LLVMTypeOf(LLVMGetOperand(r, 0)) != rt)
      LLVMSetOperand(r, 0, specs_to_space(b, t, LLVMGetOperand(r, 0), ir_ptr_as(rt), r));
  }
}
