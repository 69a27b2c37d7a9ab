/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* transform/transform.h — rewriting by the analyses' answers: the rewriter, clones
 * and their cost model.  The layer's one header (docs/design.md, "Layers"). */
#ifndef GASP_TRANSFORM_H
#define GASP_TRANSFORM_H

#include "analysis/analysis.h"

/* ===== spacefacts.c — space tests that hold where they dominate ========= */
/* Does m call a space test (casts.c: isspacep, is.shared, ...)? */
bool spacefacts_present(const TgtTable *t, LLVMModuleRef m);
/* Uses of a generic pointer where the assumed or branched-on space tests
   that hold leave one space get a cast pair through it; true when any.
   The casts built are pushed to made (the caller erases those left unused). */
bool spacefacts_apply(GaspCtx *cx, LLVMBuilderRef b, LLVMValueRef fn, ValVec *made);

/* ===== rewrite.c — the rewriter: a function's generic values to their spaces */
typedef struct Infer Infer;
Infer *infer_new(GaspCtx *cx, LLVMModuleRef m, Facts *facts);
void infer_free(Infer *s);
/* Analyses and rewrites one function; true when it changed. */
bool infer_function(Infer *s, LLVMValueRef fn);
void infer_use_summary(Infer *s, const MemSummary *ms); /* loads read what it says */
/* realign.c: named loads and stores get their object's alignment; true: any. */
bool realign_function(GaspCtx *cx, LLVMValueRef fn);

/* ===== specialize.c — clones: names, registry, budget, cost, words ===== */
/* The clones one pass invocation made (key -> clone, clone -> family). */
typedef struct Specs Specs;
Specs *specs_new(GaspCtx *cx, LLVMModuleRef m, Facts *facts);
void specs_free(Specs *s);
/* The clone's name for a tuple of spaces, one per pointer parameter (n):
   "family.as1_g_3" (g: generic).  Malloc'd. */
char *specs_key_spaces(const TgtTable *t, const char *family, const int *as, unsigned n);
/* The clone's name for a field shape: "g.f0o8as3_..." (parameter, offset,
   space per fact).  Malloc'd. */
char *specs_key_fields(const char *g, const MemFieldFact *f, size_t n);
const char *specs_family(const Specs *s, const char *name); /* a clone's original's name */
bool specs_made(const Specs *s, const char *name); /* did s make it? */
LLVMValueRef specs_find(const Specs *s, const char *key); /* s's clone for key, still here */
/* Was a clone made for key in this invocation (retyped, merged, deleted since)? */
bool specs_key_made(const Specs *s, const char *key);
typedef enum SpecRefusal { SPEC_BUDGET, SPEC_COST, SPEC_NO_GAIN } SpecRefusal;
/* A clone of f of type ty named key, of family `family` (clone.c:
   move: f's body moves into it), counted against --clone-budget; NULL when
   the budget is spent (*first_refusal: the first refusal of key). */
LLVMValueRef specs_make(Specs *s, LLVMValueRef f, LLVMTypeRef ty, const char *key,
                       const char *family, bool move, bool *first_refusal);
/* Internal f rewritten in place: a function of type ty named name takes
   its body (f, nameless and empty, is the caller's to delete).  No budget.
   Like specs_make's copies, it keeps f's attributes but `nonnull` on a
   pointer now in a window space of t (tgt_nonnull_kept). */
LLVMValueRef specs_retype(const TgtTable *t, LLVMValueRef f, LLVMTypeRef ty, const char *name);
/* The most instructions a copy may cost per use it names: --clone-cost, or
   the target's; 0: no limit (specialize.c, "What cloning costs").  Beside an
   original the file keeps for outside callers: SPECS_BESIDE times as many. */
long specs_cost_limit(const GaspCtx *cx);
#define SPECS_BESIDE 16
/* The clone cost model's rule, for every copy gasp weighs (ipmsp's and
   fields' clones, version's loops and runs): `copies` copies of `size`
   instructions pay when copies x size <= limit x named, named the uses
   they name weighted by loop depth (dom_use_weight); limit 0: always. */
bool specs_copies_pay(const GaspCtx *cx, unsigned long copies, unsigned long size,
                     unsigned long named);
/* True the first time s is told of refusal `why` for `what` (a key, a
   function's name): what a registry does on it (statistics, outcomes) is
   done once per registry; the remark itself once a run (specs_refused). */
bool specs_first_report(Specs *s, SpecRefusal why, const char *what);
/* What a refused copy would have cost (SPEC_COST): copies of size
   instructions ("of <whose>": NULL "its") naming raw uses, named counting
   loops; beside: the copies counted beside an original the file keeps. */
typedef struct SpecCost {
  unsigned long copies, size, named, raw;
  const char *whose;
  bool beside;
} SpecCost;
/* The reason's words into buf: "clone budget exhausted (--clone-budget)",
   "N more copies of its S instructions would name U uses[, W counting
   loops] (more than L instructions a use; --clone-cost)", "a named space
   for its pointer parameters would give no access a named space". */
const char *specs_reason(char *buf, size_t cap, const GaspCtx *cx, SpecRefusal why,
                        const SpecCost *c);
/* Where and how a refusal is said: the Missed remark (NULL: the refusal's
   own, CloneBudget/CloneTooCostly/CloneNoGain) at fn (at: an instruction,
   or NULL), "<verb>[ for <what>]: <reason>" (verb NULL: "not cloned"), what
   a remark argument of kind what_kind (NULL: "String"). */
typedef struct SpecSaid {
  const char *remark, *verb;
  LLVMValueRef fn, at;
  const char *what_kind, *what;
} SpecSaid;
/* The Missed remark for a refusal, said once a run (facts_first_report:
   not again by a second invocation of the pass). */
void specs_refused(GaspCtx *cx, Facts *facts, const SpecSaid *said, SpecRefusal why,
                   const SpecCost *c);

/* Clones by space tuple (ipmsp): sp gives f's parameters and return
   (np + 1 entries) a space each, -1 for "as it is".  The space of
   parameter k in the tuple (-1: not a pointer); f's type for the tuple;
   "(global, generic)" over the pointer parameters; the clone's key (its
   name, specs_key_spaces); the function of f's family already taking
   exactly those spaces (f's family root, or the clone made for key; NULL
   key: made here), else NULL. */
int specs_tuple_space(LLVMValueRef f, const int *sp, unsigned k);
LLVMTypeRef specs_tuple_type(LLVMValueRef f, const int *sp);
char *specs_tuple_text(const TgtTable *t, LLVMValueRef f, const int *sp);
char *specs_tuple_key(const TgtTable *t, const char *family, LLVMValueRef f, const int *sp);
LLVMValueRef specs_tuple_member(Specs *s, LLVMValueRef f, const int *sp, const char *key);
/* v (generic) as a pointer in space as: a constant converted, a cast from
   as looked through, else a cast built before `before`. */
LLVMValueRef specs_to_space(LLVMBuilderRef b, const TgtTable *t, LLVMValueRef v, int as,
                            LLVMValueRef before);
/* Rebuilds call to call nf, converting the arguments whose type changed
   (casts to generic that only fed it are erased); true when the caller has
   more for infer to name (a named return, a cast built here). */
bool specs_redirect(LLVMBuilderRef b, const TgtTable *t, LLVMValueRef call, LLVMValueRef nf);
void specs_convert_rets(LLVMBuilderRef b, const TgtTable *t, LLVMValueRef nf); /* rets retyped */

/* ===== benefit.c — what a clone would buy (the cost model's benefit side) */
/* Parameters are (function, index) pairs, the functions numbered by the
   caller, which answers through the host: the number of a live function
   (MAP_NONE: not weighed), the function of a number, whether parameter a
   of function c is weighed (a vote), a function's copy cost and the clone
   cost model's limit (specs_cost_limit; 0: none). */
typedef struct BenefitHost {
  void *arg;
  uint32_t (*id_of)(void *arg, LLVMValueRef fn);
  LLVMValueRef (*fn_of)(void *arg, uint32_t f);
  bool (*is_weighed)(void *arg, uint32_t c, unsigned a);
  unsigned (*size_of)(void *arg, uint32_t f);
  long limit;
} BenefitHost;
typedef VEC(struct BenefitParam { uint32_t f; unsigned k; }) BenefitParamVec;
typedef struct BenefitParam BenefitParam;
typedef struct Benefit Benefit;
Benefit *benefit_new(const TgtTable *t, BenefitHost host);
void benefit_free(Benefit *b);
void benefit_forget(Benefit *b, uint32_t f); /* f's body or calls changed */
/* Does a named space for parameter k of f name something (here, or down)? */
bool benefit_pays(Benefit *b, uint32_t f, unsigned k);
/* benefit_pays for a space whose accesses the back end splits into pieces
   of `piece` bytes (tgt_split_bytes; 0: benefit_pays): an access split
   into pieces does not pay (named, it costs more than the flat one). */
bool benefit_pays_split(Benefit *b, uint32_t f, unsigned k, unsigned piece);
/* The uses it names, weighted by loop depth, down a few calls (a callee
   parameter's net of its copy); *raw (may be NULL): unweighted. */
unsigned benefit_named_uses(Benefit *b, uint32_t f, unsigned k, unsigned *raw);
bool benefit_needs_generic(Benefit *b, uint32_t f, unsigned k, bool ret_named); /* stays generic? */

/* Does a new cast of generic root to as pay (benefit.c)?  *dom: root's fn's.
   The Missed remark CastNotShared: n accesses of fn kept generic so. */
typedef bool (*BenefitFollow)(LLVMValueRef user, void *arg);
bool benefit_cast_shared(LLVMValueRef root, int as, Dom **dom, BenefitFollow follow, void *arg);
void benefit_report_unshared(GaspCtx *cx, LLVMValueRef fn, unsigned n);

/* ===== sweep.c — functions no entry point reaches, deleted =============== */
/* Deletes the defined functions of m that no entry point reaches and
   may_delete accepts; deleting(f) is told before each goes (its uses are
   poison by then).  Returns how many went. */
size_t sweep_unreached(const TgtTable *t, LLVMModuleRef m,
                       bool (*may_delete)(void *arg, LLVMValueRef f),
                       void (*deleting)(void *arg, LLVMValueRef f), void *arg);

/* ===== votes.c — ipmsp's records: functions, call sites, the votes ====== */
/* A parameter's vote (core.h: VOTE_UNDET, VOTE_POISON, or a space) and
   these; an observation is a space, OBS_NEUTRAL (null, undef: no
   observation) or OBS_INVALID (generic). */
#define VOTE_NONE (-1) /* no vote: not a generic pointer */
#define OBS_INVALID (-2)
#define OBS_NEUTRAL (-3)
#define VOTE_UNSET 256 /* scratch inside one classification, never stored */
#define IPMSP_VISIT_CAP 1024
/* The vote lattice's meet: old vote met with an observation (valid: the
   space as; invalid: poisons). */
int votes_meet(int old_vote, bool valid, int as);
bool votes_concrete(int vote); /* a space, not UNDET or POISON */
typedef struct VoteFn {
  LLVMValueRef fn;    /* NULL once deleted or replaced */
  uint32_t id;        /* index in Votes.fns */
  unsigned np;
  int *vote;          /* np + 1 entries, [np] = return */
  int ret_obs;        /* meet of the function's own rets (in its record) */
  bool cand, internal, capped, queued, rec_valid, rec_analysed, redirected;
  bool over_budget;   /* a clone of it was refused (--clone-budget) */
  bool too_costly;    /* its copies were refused by the clone cost model */
  bool reached;       /* kernels reach it (clonecost.c; made since: true) */
  char *family;       /* a clone: the function it was cloned from */
  bool fresh;         /* registered, not classified yet */
  bool dirty;         /* calls changed: rescan them, analyse the body again */
  bool stale;         /* body new or retyped, or a call made a value infer
                         can name (a returned space, a cast built): infer
                         again (not for a call sent to a clone of the spaces
                         it already passes: nothing infer reads changed) */
  bool affected;      /* its call sites changed: vote again */
  bool popped;        /* voted on in this wave */
  bool lost_calls;    /* some of its calls were redirected to clones */
  VEC(uint32_t) sites; /* calls of this function (dead ones: VoteSite.call NULL) */
  VEC(uint32_t) out;   /* calls made by this function (to candidates) */
  VEC(uint32_t) callers;
} VoteFn;
typedef struct VoteSite {
  LLVMValueRef call;
  uint32_t caller, callee;
  size_t obs; /* index of callee->np observations in Votes.obs */
} VoteSite;
typedef struct Votes {
  Pool pool; /* the records, their lists and the containers below */
  GaspCtx *cx;
  const TgtTable *t;
  LLVMModuleRef m;
  Facts *facts; /* the run's store */
  Space *sp;    /* the space analysis, for the records */
  SpaceEnv env;
  VEC(VoteFn *) fns;      /* every function ever seen; records never move */
  PtrMap fn_id;           /* live function -> its record */
  VEC(VoteSite) sites;
  VEC(int) obs;
  VEC(uint32_t) work;
  VEC(uint32_t) dirty;    /* records to infer again and rescan */
  VEC(uint32_t) affected; /* records whose call sites changed */
  VEC(uint32_t) popped;   /* records voted on in this wave */
  Benefit *benefit;       /* what a clone would buy, per parameter (benefit.c) */
  LLVMValueRef analysed;  /* the function sp last analysed (votes_classify) */
  LLVMValueRef reach_of;  /* the function reach/rpo hold (ensure_record's types) */
  PtrMap reach;
  BlockVec rpo;
  bool dump, reached_ok;  /* --dump-ip-msp; VoteFn.reached is this wave's */
  const PtrMap *only;     /* candidates among these only (splitclones); NULL: any */
} Votes;
/* Records for every function of m (votes_build: candidates, call sites). */
void votes_init(Votes *vs, GaspCtx *cx, LLVMModuleRef m, Facts *facts);
void votes_free(Votes *vs);
void votes_build(Votes *vs);
uint32_t votes_id(const Votes *vs, LLVMValueRef f); /* live f's record, or MAP_NONE */
bool votes_returns_in(const VoteFn *fi, int as); /* will its return be named as? */
/* A record for a function not seen yet (a clone, a retyped function). */
VoteFn *votes_register(Votes *vs, LLVMValueRef f);
/* fi's calls changed: rescan them (votes_refresh; stale: infer fi first). */
void votes_mark_dirty(Votes *vs, VoteFn *fi, bool stale);
/* g's call sites die (g is gone, or its calls moved); ci's dead ones dropped. */
void votes_kill_out(Votes *vs, uint32_t g);
void votes_compact_sites(Votes *vs, VoteFn *ci);
/* The dirty records rescanned: new ones classified, then each one handed
   to first (when given: ipmsp infers it again) and its calls made new
   sites, the callees whose sites changed affected. */
void votes_refresh(Votes *vs, void (*first)(void *, VoteFn *), void *arg);
/* One wave's votes: every candidate (first), else the affected records
   and what their votes change. */
void votes_solve(Votes *vs, bool first);
/* The observation of value v of fn, which sp last analysed (ipmsp's and indirect's
   votes): undef or a null that is no address neutral, one named space, else invalid. */
int votes_observe(const TgtTable *t, const Space *sp, LLVMValueRef fn, LLVMValueRef v);
/* A tuple of fi's calls (ipmsp): spaces kept (np + 1), calls, cloned? */
typedef struct VoteGroup {
  int *sp;
  ValVec calls;
  bool any, dropped;
} VoteGroup;
/* clonecost.c: do the copies the groups ask for pay (orig_live: other uses
   keep fi)?  false: fi->too_costly, *refused what they would cost. */
bool votes_copies_pay(Votes *vs, VoteFn *fi, const VoteGroup *g, size_t ng, bool orig_live,
                      SpecCost *refused);

/* ===== tags.c — the tag scheme of --lower-generic=tags ================== */
#define TAG_SHIFT 61 /* the tag is bits 61-63 of a generic pointer */
typedef struct Tags {
  GaspCtx *cx;
  const TgtTable *t;
  LLVMBuilderRef b;
  LLVMTypeRef i64;
  bool priv_tagged, clear_global; /* private pointers carry 001; casts to global clear tags */
} Tags;
/* The tag of space as (its bits 61-63 in generic form), -1 for none; does a
   pointer of as carry one; have none though not generic; need it cleared? */
int tags_space_tag(const Tags *s, int as);
bool tags_is_tagged(const Tags *s, int as);
bool tags_untagged(const Tags *s, int as);
bool tags_needs_clear(const Tags *s, int as);
/* At the builder: lshr(ptrtoint p, 61); generic p used in space as (the tag
   cleared where it must be; bits: as ir_clear_tag's).  The tag p carries whatever its address (through
   GEPs, a tag set with no null test; *g: the pointer tagged), -1: unknown;
   such a p used in as; erased while unused.  The builder before `before`, at dbg_of's. */
LLVMValueRef tags_tag_of(Tags *s, LLVMValueRef p);
LLVMValueRef tags_cast_to(Tags *s, LLVMValueRef p, LLVMValueRef bits, int as);
int tags_known_tag(LLVMValueRef p, LLVMValueRef *g);
LLVMValueRef tags_known_cast(Tags *s, LLVMValueRef p, int as);
void tags_known_drop(LLVMValueRef p);
void tags_position(Tags *s, LLVMValueRef before, LLVMValueRef dbg_of);
bool tags_never_null(LLVMValueRef v); /* an alloca, a global variable */
/* g (a cast to generic) tagged for every user; null stays null when maybe_null;
   a cast of a function's address (code) is left untagged. */
void tags_tag_value(Tags *s, LLVMValueRef g, int tag, bool maybe_null);
/* Constants holding a cast to generic: needing a tag; the source space of one from an
   untagged space (-1: none); rebuildable; `in`'s operands needing a tag made instructions. */
bool tags_const_needs_tag(Tags *s, LLVMValueRef c);
int tags_const_untagged_cast(const Tags *s, LLVMValueRef c);
bool tags_const_supported(Tags *s, LLVMValueRef c);
void tags_materialize_operands(Tags *s, LLVMValueRef in);

#endif
