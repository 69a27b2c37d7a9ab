/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* ipmsp.c — inter-procedural memory-space propagation.
 *
 * Problem.  `infer` stops at calls: a helper that receives a pointer sees a
 * generic parameter and keeps every access through it generic, even when
 * every caller passes global memory.  This pass looks at every call site,
 * votes on the space of each generic pointer parameter (and of each generic
 * pointer return value), and rewrites signatures: internal functions in
 * place, functions visible outside the module by cloning, and functions
 * whose callers disagree by one clone per distinct tuple of argument spaces.
 * After a rewrite `infer` runs again on what changed, and the pass repeats
 * until nothing changes (infer <-> ipmsp).
 *
 * The records, the call sites and the vote lattice are votes.c's (the
 * transform layer); what a clone would buy is benefit.c's, whether its
 * copies pay clonecost.c's (the clone cost model), clones by space tuple
 * and calls to them specialize.c's, the sweep of what no entry point
 * reaches sweep.c's.  This file is the waves and the decisions.
 *
 * Soundness by construction (the clone-call invariant, docs/design.md): a
 * call to a function made for spaces S passes, in every argument position,
 * a value proven in S by the caller as it stands after the rewrite, and a
 * return is retyped only where every `ret` of the body as it stands is
 * proven.  Observations therefore never assume a vote that has not been
 * written into a signature yet — not the caller's parameter votes, not an
 * internal callee's return vote.  Types only get more specific (an in-place
 * retype follows the votes of every live call; a clone narrows its
 * original's parameters; a call goes to a function whose actual parameter
 * types it matches), so a fact proven from types stays true after every
 * later rewrite.  Recursion converges through the waves instead of through
 * optimism: the first wave clones a recursive function for its outside
 * callers, the next sends the clone's own recursive calls (now typed) to the
 * clone (specs_tuple_member), and the original, left without callers, goes.
 * `gasp-opt --verify-spaces` checks the invariant on the output with an
 * analysis of its own (spacecheck.c).
 *
 * Algorithm: one drain of a work list, in waves.
 *   1. Records, once: number the functions; a function is a candidate when
 *      it has a body and a name, is not a kernel, is not varargs or
 *      interposable (weak, linkonce, common, extern_weak; an
 *      available_externally body is cloned, never retyped), every use is
 *      a direct call of the right type (no address taken, no invoke, no
 *      musttail), and no block has its address taken.  Collect the sites (calls of candidates).
 *   2. Votes, a fixed-point worklist seeded with every candidate in the
 *      first wave, with the affected ones (below) later ("Initial work list
 *      size :").  Popping F: meet the observations of all its call sites
 *      (each caller analysed once per body and cached), then the return
 *      vote from F's own `ret`s.  An analysis in which one
 *      block is re-visited more than the cap (1024) poisons the function: it
 *      is left unchanged, with a remark.
 *   3. Rewrite what this wave voted on, in record order:
 *        internal with a concrete vote -> new signature in place (the body
 *          moves, the old function goes): " : changed in argument memory
 *          space (", " : return memory space is resolved :";
 *        visible outside, no POISON, a concrete vote -> one clone for the
 *          votes, every call redirected (the original stays);
 *        a POISON parameter -> group the sites by their tuple of observed
 *          spaces, one clone per distinct tuple (deduplicated by the actual
 *          signature of clones made earlier in the same family), sites
 *          redirected; an internal original left without callers is
 *          deleted, and with it the clones it alone called.
 *      Only parameters that pay keep a named space in a clone's tuple
 *      (phase 2b); in a space whose wide accesses the back end splits
 *      (tgt_split_bytes: AMDGPU private memory on MUBUF-scratch targets),
 *      an access split into pieces does not pay (benefit.c), and an
 *      in-place rewrite keeps such a parameter generic too (keep_unsplit;
 *      not under --lower-generic=tags, where a generic access becomes a
 *      dispatch).  In a space whose cast must be shared (NVPTX global), a
 *      parameter whose value also leaves the function as a generic pointer
 *      (benefit_needs_generic) keeps generic, in clones and in place
 *      (casts_back, ipmsp.cast-back): named, it would be cast back.  Each
 *      new clone is one attempt of --clone-budget (-1 unlimited, 0 none, N
 *      at most N): " is cloned", or "avoid cloning of" when over budget.
 *   4. `infer` on every body that is new or retyped, or whose redirected
 *      call now returns a named space or needed a cast built (a call only
 *      sent to a clone of the spaces it already passes gives infer nothing
 *      new), then rescan the calls of every changed body: their old sites
 *      die, their calls are new sites, and the callees whose sites changed
 *      are affected (" callees are affected").  If any is, the next wave
 *      starts at 2 with them; otherwise the drain is over.  A call chain of
 *      any depth takes one wave per level, each costing what it touches.
 *   5. At the end every defined function with pointer parameters gets
 *      `!gasp.as !{i32 ...}`: per pointer parameter, its named space, or
 *      the vote (1000 UNDET / 2000 POISON / the space voted) when it stayed
 *      generic — gasp's counterpart of NVVM's "nvvm.as".
 *
 * Example (spir64): every caller passes local memory to internal @sum.
 *   before:  define internal i32 @sum(ptr addrspace(4) %p) ... load %p
 *            call i32 @sum(ptr addrspace(4) addrspacecast (ptr addrspace(3) @t ...))
 *   after:   define internal i32 @sum(ptr addrspace(3) %p) ... load addrspace(3)
 *            call i32 @sum(ptr addrspace(3) @t)
 *
 * `splitclones` (the pass plugin's early run) is the same drain with the
 * candidates limited to the callees of the calls callsplit split in this
 * run (the fact store's split set, which ipmsp itself also takes and
 * empties): their clones must exist before LLVM's optimizer, which would
 * merge the two calls again; every other function is left to a later run
 * (not voted on, its !gasp.as left as it was).  Nothing to do, no cost,
 * when callsplit split nothing.  Test: test/callsplit/splitclones.ll.
 *
 * Requires: a module that verifies.  Preserves: kernel signatures,
 * declarations, functions whose address is taken or that are called
 * indirectly, varargs; call-site attributes, calling conventions, metadata,
 * debug info (below).  Never rewrites byval/byref/sret/inalloca/preallocated
 * parameters.
 * Transcript (--dump-ip-msp, stderr; NVVM's strings verbatim):
 *   Initial work list size : <N>
 *   <f> : <N> callees are affected
 *   <f> : changed in argument memory space (<N> arguments) (<space>, ...)
 *   <f> : return memory space is resolved : <as> (<space>)
 *   <f> is cloned as <clone> (<space>, ...)
 *   avoid cloning of <f> (<space>, ...)
 * Published: !gasp.as on every defined function with pointer parameters
 * (docs/design.md, the schema): per pointer parameter its space or final
 * vote, then notes ("clone of @f", "ipmsp:visit-cap|clone-budget|clone-cost")
 * — how results reach the reports and a later run (none: an old one goes).
 * Debug info: lossless in place (the DISubprogram moves with the body); a
 * copy gets its own (dbg_copy, capi.cpp), every !dbg, loop id, DIAssignID
 * and record mapped; an internal function's last clone takes its body.
 * Limits: functions rewritten in place move to the module's end (the C API
 * cannot insert before another); an `invoke` makes its callee no candidate.
 * Debug name: ipmsp (--dump-ip-msp).  Stats: ipmsp.*.  Tests: test/ipmsp/.
 */
#include "pass/pass.h"

#include <limits.h>
#include <string.h>

static const GaspStatDesc st_inplace = {
    "ipmsp.functions-specialized", "functions whose signature was rewritten in place"};
static const GaspStatDesc st_args = {
    "ipmsp.arguments-resolved", "pointer parameters given a named space"};
static const GaspStatDesc st_rets = {
    "ipmsp.returns-resolved", "pointer returns given a named space"};
static const GaspStatDesc st_clones = {"ipmsp.clones", "clones made"};
static const GaspStatDesc st_avoided = {
    "ipmsp.clones-avoided", "clones not made because of --clone-budget"};
static const GaspStatDesc st_calls = {"ipmsp.calls-redirected",
                                      "call sites rebuilt for a new signature"};
static const GaspStatDesc st_deleted = {
    "ipmsp.functions-deleted", "internal originals and clones left without callers"};
static const GaspStatDesc st_merged = {
    "ipmsp.merged", "internal functions replaced by a clone already taking their callers' spaces"};
static const GaspStatDesc st_rounds = {"ipmsp.rounds", "infer <-> ipmsp waves (one drain of the work list)"};
static const GaspStatDesc st_nogain = {
    "ipmsp.clones-not-paying", "clones not made because no access would get a named space"};
static const GaspStatDesc st_castback = {"ipmsp.cast-back", "parameters kept generic in a wave: cast back"};
static const GaspStatDesc st_costly = {
    "ipmsp.clones-too-costly",
    "functions not cloned because the copies cost more than --clone-cost a use named"};
static const GaspStatDesc st_clone_instrs = {
    "ipmsp.clone-instructions", "instructions in the clones made (what cloning cost)"};
static const GaspStatDesc st_added = {
    "ipmsp.instructions-added", "net instructions ipmsp added to the module"};
static const GaspStatDesc st_bought = {
    "ipmsp.accesses-resolved",
    "generic memory ops in code reachable from kernels that ipmsp (and infer after it) named"};

typedef struct Ipmsp {
  Votes v;  /* the records and their votes (votes.c) */
  LLVMContextRef ctx;
  LLVMBuilderRef b;
  Infer *inf;   /* the rewriter, for new and changed bodies */
  Specs *specs; /* the clones this invocation made (specialize.c) */
  size_t nbuilt;   /* records of the module as it came (votes_build) */
  PtrMap cast_back; /* parameters casts_back kept generic (counted once) */
  VEC(SpecCost) cost; /* by record: the refused copies' cost (votes_copies_pay) */
} Ipmsp;

static FILE *out(const Ipmsp *ip) { return cx_out(ip->v.cx); }

/* ---- phase 2b: what a clone would buy (transform/benefit.c) ------------ */

/* The pieces the back end splits an access in space as of function fn
   into (tgt_split_bytes), when a flat access is what the parameter keeps;
   0 under --lower-generic=tags, where an access left generic becomes a
   run-time dispatch, dearer than any split. */
static unsigned split_piece(const Ipmsp *ip, int as, LLVMValueRef fn) {
  return ip->v.cx->opt.lower_generic == GASP_LOWER_TAGS ? 0 : tgt_split_bytes(ip->v.t, as, fn);
}

/* Does parameter a of f keep generic in space as, whose cast must be shared
   (tgt_cast_shared: NVPTX global), because its value also leaves f as a
   generic pointer (benefit_needs_generic; a return named as is no such
   use)?  Named, f would cast it back (cvta.global) for accesses a generic
   pointer makes as fast (random programs' ret_pick: 2 cvta more a call). */
static bool casts_back(Ipmsp *ip, uint32_t f, unsigned a, int as) {
  if (!tgt_cast_shared(ip->v.t, as, ip->v.cx->opt.lower_generic == GASP_LOWER_TAGS) ||
      !benefit_needs_generic(ip->v.benefit, f, a, votes_returns_in(ip->v.fns.v[f], as)))
    return false;
  size_t had = ip->cast_back.n; /* each parameter counted once */
  map_put(&ip->cast_back, LLVMGetParam(ip->v.fns.v[f]->fn, a), 1);
  cx_stat(ip->v.cx, &st_castback, ip->cast_back.n - had);
  return true;
}

/* as, the space asked for parameter a of f, if that parameter pays; else
   -1 (it keeps generic). */
static int paying_space(Ipmsp *ip, uint32_t f, unsigned a, int as) {
  return as >= 0 && !casts_back(ip, f, a, as) &&
                 benefit_pays_split(ip->v.benefit, f, a, split_piece(ip, as, ip->v.fns.v[f]->fn))
             ? as
             : -1;
}

/* Keeps in sp (np + 1 entries) only the named spaces of parameters that
   pay; true when some named space is left (a return counts: callers use
   it). */
static bool keep_paying(Ipmsp *ip, uint32_t f, int *sp) {
  const VoteFn *fi = ip->v.fns.v[f];
  bool any = sp[fi->np] >= 0;
  for (unsigned a = 0; a < fi->np; a++) {
    sp[a] = paying_space(ip, f, a, sp[a]);
    any |= sp[a] >= 0;
  }
  return any;
}

/* Keeps generic in sp the parameters of f whose space splits the accesses
   f makes through them into pieces (tgt_split_bytes: AMDGPU
   MUBUF scratch; benefit.c) where no other use pays: named, each such
   access costs more instructions than the flat one.  In-place rewrites
   follow it too (they copy nothing, but the accesses they name are as
   wide); true when some named space is left. */
static bool keep_unsplit(Ipmsp *ip, uint32_t f, int *sp) {
  const VoteFn *fi = ip->v.fns.v[f];
  bool any = sp[fi->np] >= 0;
  for (unsigned a = 0; a < fi->np; a++) {
    unsigned piece = sp[a] >= 0 ? split_piece(ip, sp[a], fi->fn) : 0;
    if ((piece && !benefit_pays_split(ip->v.benefit, f, a, piece)) ||
        (sp[a] >= 0 && casts_back(ip, f, a, sp[a])))
      sp[a] = -1;
    any |= sp[a] >= 0;
  }
  return any;
}

/* ---- phase 3: rewrites --------------------------------------------------- */

/* f's calls changed: rescan them (and, stale, infer f again). */
static void mark_dirty(Ipmsp *ip, LLVMValueRef f, bool stale) {
  uint32_t k = votes_id(&ip->v, f);
  if (k != MAP_NONE)
    votes_mark_dirty(&ip->v, ip->v.fns.v[k], stale);
}

/* Rebuilds call to call nf (specs_redirect), and marks its caller. */
static void redirect(Ipmsp *ip, LLVMValueRef call, LLVMValueRef nf) {
  LLVMValueRef caller = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
  mark_dirty(ip, caller, specs_redirect(ip->b, ip->v.t, call, nf)); /* call is gone */
  cx_stat(ip->v.cx, &st_calls, 1);
}

/* The concrete votes as a tuple (np + 1 entries, -1 where not concrete). */
static int *votes_tuple(const VoteFn *fi) {
  int *sp = xmalloc((fi->np + 1) * sizeof *sp);
  for (unsigned k = 0; k <= fi->np; k++)
    sp[k] = votes_concrete(fi->vote[k]) ? fi->vote[k] : -1;
  return sp;
}

/* The space a site asks for in parameter slot a: what it passes, else the
   agreed vote when it passes null/undef, else -1 (stays generic). */
static int site_space(const Ipmsp *ip, const VoteFn *fi, const VoteSite *s, unsigned a) {
  int o = ip->v.obs.v[s->obs + a];
  if (fi->vote[a] == VOTE_NONE)
    return -1;
  if (o >= 0)
    return o;
  return o == OBS_NEUTRAL && votes_concrete(fi->vote[a]) ? fi->vote[a] : -1;
}

/* The tuple, as the --dump-ip-msp transcript shows it. */
static void dump_tuple(const Ipmsp *ip, LLVMValueRef f, const int *sp) {
  char *t = specs_tuple_text(ip->v.t, f, sp);
  fputs(t, out(ip));
  free(t);
}

/* A Passed/Missed remark about f: text, the tuple, more text. */
static void tuple_remark(Ipmsp *ip, GaspRemarkKind k, const char *name, LLVMValueRef f,
                         const int *sp, const char *before, const char *after) {
  if (!cx_wants(ip->v.cx, k))
    return;
  char *t = specs_tuple_text(ip->v.t, f, sp);
  GaspRemark *r = cx_remark(ip->v.cx, k, name, f, NULL);
  rm_arg(r, "String", "%s", before);
  rm_arg(r, "Spaces", "%s", t);
  rm_arg(r, "String", "%s", after);
  rm_done(r);
  free(t);
}

/* Rewrites internal f for its callers' spaces; when its family already
   has a function for those spaces (a clone made earlier for another
   site), the calls go there and f is deleted instead: two copies of one
   tuple would only grow the code. */
static bool specialize_in_place(Ipmsp *ip, VoteFn *fi) {
  LLVMValueRef f = fi->fn;
  int *sp = votes_tuple(fi);
  if (!keep_unsplit(ip, fi->id, sp)) {
    free(sp);
    return false;
  }
  unsigned nargs = 0;
  for (unsigned k = 0; k < fi->np; k++)
    nargs += sp[k] >= 0;
  LLVMValueRef twin = specs_tuple_member(ip->specs, f, sp, NULL);
  if (twin == f)
    twin = NULL;
  char *name = xstrdup(ir_name(f));
  LLVMValueRef nf = twin;
  if (!twin) {
    nf = specs_retype(ip->v.t, f, specs_tuple_type(f, sp), name);
    VoteFn *ni = votes_register(&ip->v, nf);
    votes_mark_dirty(&ip->v, ni, true);
    ni->family = fi->family ? pool_strdup(&ip->v.pool, fi->family) : NULL;
  }
  votes_kill_out(&ip->v, fi->id); /* the calls moved to nf: its record's sites */
  if (!twin && sp[fi->np] >= 0)
    specs_convert_rets(ip->b, ip->v.t, nf);
  ValVec calls = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u))
    vec_push(&calls, LLVMGetUser(u));
  for (size_t k = 0; k < calls.n; k++)
    redirect(ip, calls.v[k], nf);
  vec_free(&calls);
  LLVMDeleteFunction(f);
  fi->fn = NULL;
  if (twin) {
    cx_stat(ip->v.cx, &st_merged, 1);
    char *before = xasprintf("@%s's calls sent to @%s, which takes the same spaces ", name,
                             ir_name(twin));
    tuple_remark(ip, GASP_REMARK_PASSED, "Merged", twin, sp, before, "");
    free(before);
    free(name);
    free(sp);
    return true;
  }
  cx_stat(ip->v.cx, &st_inplace, 1);
  cx_stat(ip->v.cx, &st_args, nargs);
  if (nargs || sp[fi->np] >= 0) {
    char *after = sp[fi->np] >= 0
                      ? xasprintf(", returns %s", tgt_space_name(ip->v.t, sp[fi->np]))
                      : xstrdup("");
    tuple_remark(ip, GASP_REMARK_PASSED, "Specialized", nf, sp,
                 "rewritten in place for its callers' spaces ", after);
    free(after);
  }
  if (ip->v.dump && nargs) {
    fprintf(out(ip), "%s : changed in argument memory space (%u arguments) ", name, nargs);
    dump_tuple(ip, nf, sp);
    fputc('\n', out(ip));
  }
  if (sp[fi->np] >= 0) {
    cx_stat(ip->v.cx, &st_rets, 1);
    if (ip->v.dump)
      fprintf(out(ip), "%s : return memory space is resolved : %d (%s)\n", name,
              sp[fi->np], tgt_space_name(ip->v.t, sp[fi->np]));
  }
  free(name);
  free(sp);
  return true;
}

/* The function of f's family (`family`) already taking spaces sp, or NULL;
   *key (when key is not NULL): that tuple's name, malloc'd. */
static LLVMValueRef tuple_member(Ipmsp *ip, LLVMValueRef f, const char *family, const int *sp,
                                 char **key) {
  char *name = specs_tuple_key(ip->v.t, family, f, sp);
  LLVMValueRef g = specs_tuple_member(ip->specs, f, sp, name);
  if (key)
    *key = name;
  else
    free(name);
  return g;
}

/* The function of f's family taking spaces sp: an existing one, or a new
   clone within the budget; NULL when over budget.  With *move set (f is
   internal and this tuple's calls are the last ones it has), a new clone
   takes f's body instead of a copy of it (f is left empty for the caller
   to delete: nothing is copied, and the body keeps its debug info); *move
   is cleared when an existing function was returned. */
static LLVMValueRef get_clone(Ipmsp *ip, LLVMValueRef f, const int *sp, bool *move) {
  bool may_move = *move;
  *move = false;
  const char *family = specs_family(ip->specs, ir_name(f));
  char *name;
  LLVMValueRef g = tuple_member(ip, f, family, sp, &name);
  if (g) {
    free(name);
    return g;
  }
  if (specs_key_made(ip->specs, name)) {
    /* made once already and narrowed since (its own callers agreed on
       more): a second copy for the same tuple would be narrowed the same
       way, wave after wave.  The calls keep the function they call. */
    free(name);
    return NULL;
  }
  bool first_refusal;
  LLVMValueRef nf = specs_make(ip->specs, f, specs_tuple_type(f, sp), name, family, may_move,
                              &first_refusal);
  if (!nf) {
    if (first_refusal) {
      uint32_t id = votes_id(&ip->v, f);
      if (id != MAP_NONE)
        ip->v.fns.v[id]->over_budget = true;
      cx_stat(ip->v.cx, &st_avoided, 1);
      char *t = specs_tuple_text(ip->v.t, f, sp);
      specs_refused(ip->v.cx, ip->v.facts, &(SpecSaid){.fn = f, .what_kind = "Spaces", .what = t},
                   SPEC_BUDGET, NULL);
      free(t);
      if (ip->v.dump) {
        fprintf(out(ip), "avoid cloning of %s ", ir_name(f));
        dump_tuple(ip, f, sp);
        fputc('\n', out(ip));
      }
    }
    free(name);
    return NULL;
  }
  VoteFn *ni = votes_register(&ip->v, nf);
  votes_mark_dirty(&ip->v, ni, true);
  ni->family = pool_strdup(&ip->v.pool, family);
  if (may_move) {
    *move = true;
    votes_kill_out(&ip->v, votes_id(&ip->v, f)); /* its calls moved to nf */
  } else {
    cx_stat(ip->v.cx, &st_clone_instrs, ir_count_instructions(nf));
  }
  if (sp[LLVMCountParams(f)] >= 0)
    specs_convert_rets(ip->b, ip->v.t, nf);
  cx_stat(ip->v.cx, &st_clones, 1);
  if (cx_wants(ip->v.cx, GASP_REMARK_PASSED)) {
    char *before = xasprintf("cloned as @%s for ", ir_name(nf));
    tuple_remark(ip, GASP_REMARK_PASSED, "Cloned", f, sp, before, "");
    free(before);
  }
  if (ip->v.dump) {
    fprintf(out(ip), "%s is cloned as %s ", ir_name(f), ir_name(nf));
    dump_tuple(ip, f, sp);
    fputc('\n', out(ip));
  }
  free(name);
  return nf;
}

/* A clone of f not made: no parameter it would name pays (reported once per
   function). */
static void not_paying(Ipmsp *ip, LLVMValueRef f) {
  if (!specs_first_report(ip->specs, SPEC_NO_GAIN, ir_name(f)))
    return;
  cx_stat(ip->v.cx, &st_nogain, 1);
  specs_refused(ip->v.cx, ip->v.facts, &(SpecSaid){.fn = f}, SPEC_NO_GAIN, NULL);
  if (ip->v.dump)
    fprintf(out(ip), "no gain in cloning %s\n", ir_name(f));
}

static size_t use_count(LLVMValueRef f) {
  size_t n = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u), n++) {}
  return n;
}

/* A refusal of the cost model (votes_copies_pay): the last answer stands
   (publish says it). */
static void refused_cost(Ipmsp *ip, const VoteFn *fi, SpecCost refused) {
  while (ip->cost.n <= fi->id)
    vec_push(&ip->cost, (SpecCost){0});
  ip->cost.v[fi->id] = refused;
}

/* External function, every caller agrees: one clone for the votes, when
   the copy pays for its place in the file beside the original, which
   stays for outside callers (clonecost.c: the kernels reach one body
   either way). */
static bool clone_for_votes(Ipmsp *ip, VoteFn *fi) {
  int *sp = votes_tuple(fi);
  if (!keep_paying(ip, fi->id, sp)) {
    not_paying(ip, fi->fn);
    free(sp);
    return false;
  }
  VoteGroup g = {sp, {0}, true, false};
  for (size_t k = 0; k < fi->sites.n; k++)
    if (ip->v.sites.v[fi->sites.v[k]].call)
      vec_push(&g.calls, ip->v.sites.v[fi->sites.v[k]].call);
  SpecCost refused;
  bool changed = false;
  /* a copy made earlier for the same spaces costs the file nothing more */
  bool made = tuple_member(ip, fi->fn, specs_family(ip->specs, ir_name(fi->fn)), sp, NULL);
  if (!made && !votes_copies_pay(&ip->v, fi, &g, 1, use_count(fi->fn) != g.calls.n, &refused)) {
    refused_cost(ip, fi, refused);
  } else {
    bool move = false; /* visible outside: the original stays */
    LLVMValueRef nf = get_clone(ip, fi->fn, sp, &move);
    if (nf && nf != fi->fn)
      for (size_t k = 0; k < g.calls.n; k++) {
        redirect(ip, g.calls.v[k], nf);
        changed = true;
      }
  }
  vec_free(&g.calls);
  free(sp);
  return changed;
}

/* Callers disagree: one clone per distinct tuple of observed spaces, when
   the copies pay. */
static bool clone_per_tuple(Ipmsp *ip, VoteFn *fi) {
  unsigned np = fi->np;
  uint32_t f = fi->id;
  bool changed = false, stays = false;
  VEC(uint32_t) todo = {0};
  VEC(VoteGroup) groups = {0};
  for (size_t k = 0; k < fi->sites.n; k++)
    if (ip->v.sites.v[fi->sites.v[k]].call)
      vec_push(&todo, fi->sites.v[k]);
  size_t ncalls = todo.n;
  /* groups in the order of their first site */
  while (todo.n) {
    const VoteSite *s0 = &ip->v.sites.v[todo.v[0]];
    VoteGroup g = {xmalloc((np + 1) * sizeof *g.sp), {0}, false, false};
    for (unsigned a = 0; a < np; a++)
      g.sp[a] = site_space(ip, fi, s0, a);
    g.sp[np] = -1;
    g.any = keep_paying(ip, f, g.sp);
    size_t keep = 0;
    for (size_t k = 0; k < todo.n; k++) {
      const VoteSite *s = &ip->v.sites.v[todo.v[k]];
      bool same = true, drops = false;
      for (unsigned a = 0; a < np && same; a++) {
        int as = site_space(ip, fi, s, a), kept = paying_space(ip, f, a, as);
        drops |= kept != as;
        same = kept == g.sp[a];
      }
      if (same) {
        vec_push(&g.calls, s->call);
        g.dropped |= drops;
      } else {
        todo.v[keep++] = todo.v[k];
      }
    }
    todo.n = keep;
    vec_push(&groups, g);
  }
  SpecCost refused;
  if (!votes_copies_pay(&ip->v, fi, groups.v, groups.n, use_count(fi->fn) != ncalls, &refused)) {
    refused_cost(ip, fi, refused);
    for (size_t i = 0; i < groups.n; i++)
      groups.v[i].any = groups.v[i].dropped = false;
  }
  for (size_t i = 0; i < groups.n; i++) {
    VoteGroup *g = &groups.v[i];
    if (!g->any && g->dropped)
      not_paying(ip, fi->fn);
    /* an internal function's last calls take its body rather than a copy
       when every other call went to a clone */
    bool move = g->any && fi->internal && !stays && i + 1 == groups.n &&
                use_count(fi->fn) == g->calls.n;
    LLVMValueRef nf = g->any ? get_clone(ip, fi->fn, g->sp, &move) : NULL;
    if (nf && nf != fi->fn) {
      for (size_t k = 0; k < g->calls.n; k++)
        redirect(ip, g->calls.v[k], nf);
      fi->redirected = fi->lost_calls = true;
      changed = true;
    } else {
      stays = true;
    }
    if (move) {
      LLVMDeleteFunction(fi->fn);
      fi->fn = NULL;
    }
  }
  for (size_t i = 0; i < groups.n; i++) {
    free(groups.v[i].sp);
    vec_free(&groups.v[i].calls);
  }
  vec_free(&groups);
  vec_free(&todo);
  return changed;
}

/* Is f called from anywhere but its own body? */
static bool used_outside(LLVMValueRef f) {
  for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u))
    if (LLVMGetBasicBlockParent(LLVMGetInstructionParent(LLVMGetUser(u))) != f)
      return true;
  return false;
}

/* Deletes fi's function; then every clone it called that has no caller
   left, and so on (a work list: a dead chain of clones may be long). */
static void delete_fn(Ipmsp *ip, VoteFn *fi) {
  ValVec work = {0};
  vec_push(&work, fi->fn);
  while (work.n) {
    LLVMValueRef f = work.v[--work.n];
    uint32_t id = votes_id(&ip->v, f);
    VoteFn *di = ip->v.fns.v[id];
    ValVec callees = {0};
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        LLVMValueRef c = ir_callee(i);
        if (c && c != f && specs_made(ip->specs, ir_name(c)))
          vec_push(&callees, c);
      }
    votes_kill_out(&ip->v, id);
    LLVMDeleteFunction(f);
    di->fn = NULL;
    cx_stat(ip->v.cx, &st_deleted, 1);
    for (size_t k = 0; k < callees.n; k++) {
      LLVMValueRef c = callees.v[k];
      bool queued = false;
      for (size_t j = 0; j < work.n && !queued; j++)
        queued = work.v[j] == c;
      if (!queued && !used_outside(c))
        vec_push(&work, c);
    }
    vec_free(&callees);
  }
  vec_free(&work);
}

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

/* Did every call of fi vote?  An in-place rewrite retypes every call of
   fi, so each must be a live site whose observation its votes include.  A
   call redirected to fi in this wave (get_clone deduplicated a tuple onto
   it) is not one yet: the callers' refresh makes fi affected, and the next
   wave votes again from every site. */
static bool votes_cover_calls(const Ipmsp *ip, const VoteFn *fi) {
  size_t live = 0;
  for (size_t k = 0; k < fi->sites.n; k++)
    live += ip->v.sites.v[fi->sites.v[k]].call != NULL;
  return live == use_count(fi->fn);
}

/* A self-recursive internal function whose outside calls agree on a space
   for a parameter, while its own recursive calls poisoned it only because
   they pass values derived from that generic parameter.  The hypothesis
   "parameter a is in space S" is checked on f alone: analysed with its own
   parameters in the spaces the outside calls agree on, every recursive call
   must pass S (or null/undef) in position a.  It then holds by induction
   once f is retyped in place, in this same step: nothing assumed escapes
   (f's new types prove the recursive calls' arguments; spacecheck.c checks
   them).  Failed hypotheses keep their vote; the check repeats without
   them.  True when a vote was made concrete; mutual recursion: clones. */
typedef struct Hypo {
  const VoteFn *fi;
  const int *lat;
} Hypo;

static int hypo_param(void *arg, LLVMValueRef f, unsigned idx) {
  const Hypo *h = arg;
  return f == h->fi->fn && idx < h->fi->np ? h->lat[idx] : LAT_GENERIC;
}

static bool self_recursion_agrees(Ipmsp *ip, VoteFn *fi) {
  unsigned np = fi->np;
  bool self = false;
  int *hyp = xmalloc((np + 1) * sizeof *hyp);
  for (unsigned a = 0; a < np; a++)
    hyp[a] = fi->vote[a] == VOTE_NONE ? VOTE_NONE : VOTE_UNDET;
  for (size_t k = 0; k < fi->sites.n; k++) {
    const VoteSite *s = &ip->v.sites.v[fi->sites.v[k]];
    if (!s->call)
      continue;
    if (s->caller == fi->id) {
      self = true;
      continue;
    }
    for (unsigned a = 0; a < np; a++) {
      int o = ip->v.obs.v[s->obs + a];
      if (hyp[a] != VOTE_NONE && o != OBS_NEUTRAL)
        hyp[a] = votes_meet(hyp[a], o != OBS_INVALID, o);
    }
  }
  bool any = false, ok = false;
  for (unsigned a = 0; a < np; a++)
    any |= votes_concrete(hyp[a]) && fi->vote[a] == VOTE_POISON;
  int *lat = xmalloc((np + 1) * sizeof *lat);
  SpaceEnv env = ip->v.env;
  Hypo h = {fi, lat};
  env.param_lat = hypo_param;
  env.arg = &h;
  while (self && any && !ok) {
    for (unsigned a = 0; a < np; a++)
      lat[a] = votes_concrete(hyp[a]) ? hyp[a] : LAT_GENERIC;
    fi->rec_valid = false; /* ip->v.sp now holds the hypothesis */
    ip->v.analysed = fi->fn;
    if (!space_analyse(ip->v.sp, fi->fn, &env))
      break;
    ok = true;
    for (size_t k = 0; k < fi->sites.n; k++) {
      const VoteSite *s = &ip->v.sites.v[fi->sites.v[k]];
      if (!s->call || s->caller != fi->id)
        continue;
      for (unsigned a = 0; a < np; a++) {
        if (!votes_concrete(hyp[a]))
          continue;
        int o = votes_observe(ip->v.t, ip->v.sp, fi->fn, LLVMGetOperand(s->call, a));
        if (o != OBS_NEUTRAL && o != hyp[a]) {
          hyp[a] = VOTE_POISON; /* drop it and check again */
          ok = false;
        }
      }
    }
    any = false;
    for (unsigned a = 0; a < np; a++)
      any |= votes_concrete(hyp[a]) && fi->vote[a] == VOTE_POISON;
  }
  if (ok && any)
    for (unsigned a = 0; a < np; a++)
      if (votes_concrete(hyp[a]))
        fi->vote[a] = hyp[a];
  free(lat);
  free(hyp);
  return ok && any;
}

/* Rewrites the records voted on in this wave, in module order. */
static bool rewrite(Ipmsp *ip) {
  bool changed = false;
  if (ip->v.popped.n > 1) /* qsort wants a non-null base even for nothing */
    qsort(ip->v.popped.v, ip->v.popped.n, sizeof *ip->v.popped.v, cmp_u32);
  size_t n = ip->v.popped.n;
  ip->v.reached_ok = false; /* VoteFn.reached: computed when first needed */
  /* what clones would buy, decided on the module before it changes */
  for (size_t i = 0; i < n; i++) {
    const VoteFn *fi = ip->v.fns.v[ip->v.popped.v[i]];
    if (fi->fn && fi->cand && !fi->capped && fi->sites.n)
      for (unsigned k = 0; k < fi->np; k++)
        if (fi->vote[k] != VOTE_NONE) {
          benefit_pays(ip->v.benefit, fi->id, k);
          benefit_pays_split(ip->v.benefit, fi->id, k, split_piece(ip, ip->v.t->priv, fi->fn));
        }
  }
  for (size_t i = 0; i < n; i++) {
    VoteFn *fi = ip->v.fns.v[ip->v.popped.v[i]];
    if (!fi->fn || !fi->cand || fi->capped)
      continue;
    votes_compact_sites(&ip->v, fi);
    if (!fi->sites.n)
      continue;
    bool any_concrete = false, any_poison = false;
    for (unsigned k = 0; k <= fi->np; k++) {
      any_concrete |= votes_concrete(fi->vote[k]);
      any_poison |= k < fi->np && fi->vote[k] == VOTE_POISON;
    }
    if (fi->internal && any_poison && votes_cover_calls(ip, fi) &&
        self_recursion_agrees(ip, fi))
      any_concrete = true;
    if (fi->internal && any_concrete) {
      /* a call redirected to it earlier in this wave (a deduplicated
         clone) did not vote: it is re-voted from every site next wave */
      if (!votes_cover_calls(ip, fi))
        continue;
      changed |= specialize_in_place(ip, fi);
    } else if (!fi->internal && any_concrete && !any_poison) {
      changed |= clone_for_votes(ip, fi);
    } else if (any_poison) {
      changed |= clone_per_tuple(ip, fi);
    }
  }
  /* internal originals whose calls all went to clones */
  for (size_t i = 0; i < n; i++) {
    VoteFn *fi = ip->v.fns.v[ip->v.popped.v[i]];
    if (fi->fn && fi->redirected && fi->internal && !used_outside(fi->fn))
      delete_fn(ip, fi);
  }
  for (size_t i = 0; i < n; i++) {
    VoteFn *fi = ip->v.fns.v[ip->v.popped.v[i]];
    fi->popped = false;
    fi->redirected = false;
  }
  ip->v.popped.n = 0;
  return changed;
}

/* ---- phase 4: infer on what changed -------------------------------------- */

/* A function the wave changed is inferred again (votes_refresh calls it
   just before rescanning the function's calls). */
static void reinfer(void *arg, VoteFn *fi) {
  Ipmsp *ip = arg;
  if (fi->fn && fi->stale)
    infer_function(ip->inf, fi->fn);
  fi->stale = false;
}

/* ---- phase 4b: what no entry point reaches (transform/sweep.c) ---------- */

/* Internal originals whose calls went to clones, and clones: deleted when
   no entry point reaches them any more. */
static bool sweep_may_delete(void *arg, LLVMValueRef f) {
  const Votes *vs = &((Ipmsp *)arg)->v;
  uint32_t id = votes_id(vs, f);
  const VoteFn *fi = id != MAP_NONE ? vs->fns.v[id] : NULL;
  return fi && (fi->family || fi->lost_calls);
}

static void sweep_deleting(void *arg, LLVMValueRef f) {
  Ipmsp *ip = arg;
  uint32_t id = votes_id(&ip->v, f);
  votes_kill_out(&ip->v, id);
  ip->v.fns.v[id]->fn = NULL;
  cx_stat(ip->v.cx, &st_deleted, 1);
}

/* ---- phase 5: publish ---------------------------------------------------- */

static void publish(Ipmsp *ip) {
  VEC(int) md = {0};
  for (size_t i = 0; i < ip->v.fns.n; i++) {
    const VoteFn *fi = ip->v.fns.v[i];
    if (fi->fn && fi->too_costly) { /* the refusals that stood */
      cx_stat(ip->v.cx, &st_costly, 1);
      specs_refused(ip->v.cx, ip->v.facts, &(SpecSaid){.fn = fi->fn}, SPEC_COST, &ip->cost.v[i]);
    }
    if (!fi->fn || fi->fresh || !LLVMGetFirstBasicBlock(fi->fn))
      continue;
    if (ip->v.only && i < ip->nbuilt && !map_get(ip->v.only, fi->fn, NULL))
      continue; /* splitclones: not voted on, its old !gasp.as stands */
    md.n = 0;
    for (unsigned k = 0; k < fi->np; k++) {
      LLVMValueRef p = LLVMGetParam(fi->fn, k);
      int as = ir_ptr_as(LLVMTypeOf(p));
      if (as < 0)
        continue;
      int v = as;
      if (as == ip->v.t->generic) {
        int fixed = tgt_param_space(ip->v.t, fi->fn, k);
        v = fixed != LAT_GENERIC           ? fixed
            : fi->vote[k] != VOTE_NONE     ? fi->vote[k]
                                           : VOTE_POISON;
      }
      vec_push(&md, v);
    }
    FactOutcome why = fi->capped        ? OUTCOME_VISIT_CAP
                      : fi->over_budget ? OUTCOME_CLONE_BUDGET
                      : fi->too_costly  ? OUTCOME_CLONE_COST
                                        : OUTCOME_NONE;
    schema_publish(fi->fn, md.v, (unsigned)md.n, fi->family, why);
  }
  vec_free(&md);
}

/* ---- entry --------------------------------------------------------------- */

/* The drain, on every candidate or (only) on some. */
static bool drain(PassRun *run, const PtrMap *only) {
  GaspCtx *cx = run->cx;
  LLVMModuleRef m = run->m;
  Ipmsp ip;
  memset(&ip, 0, sizeof ip);
  ip.ctx = LLVMGetModuleContext(m);
  ip.b = LLVMCreateBuilderInContext(ip.ctx);
  ip.inf = infer_new(cx, m, run->facts);
  ip.specs = specs_new(cx, m, run->facts);
  /* no param_lat/ret_lat in the votes' analysis: an observation is what
     the caller's own types prove (see "Soundness by construction" above) */
  votes_init(&ip.v, cx, m, run->facts);
  ip.v.only = only;
  GaspGenericCounts gen_before, gen_after;
  unsigned long instrs_before = 0;
  if (cx->opt.stats) { /* two module walks: only when asked */
    world_count(ip.v.t, m, &gen_before);
    instrs_before = ir_count_module_instructions(m);
  }
  /* One drain: the first wave votes on every candidate; each later wave
     only on the functions whose call sites the previous one changed (new
     clones' bodies, redirected calls), until a wave rewrites nothing.  Every
     rewrite moves a call site to a function with more named parameters, so
     the waves end; each costs what it touches. */
  bool changed = false;
  votes_build(&ip.v);
  ip.nbuilt = ip.v.fns.n;
  for (bool first = true;; first = false) {
    votes_solve(&ip.v, first);
    cx_stat(cx, &st_rounds, 1);
    if (!rewrite(&ip))
      break;
    changed = true;
    votes_refresh(&ip.v, reinfer, &ip);
    if (!ip.v.affected.n)
      break;
  }
  if (changed)
    sweep_unreached(ip.v.t, m, sweep_may_delete, sweep_deleting, &ip);
  publish(&ip);
  if (changed && cx->opt.stats) { /* what cloning cost and what it bought */
    world_count(ip.v.t, m, &gen_after);
    unsigned long instrs_after = ir_count_module_instructions(m);
    if (instrs_after > instrs_before)
      cx_stat(cx, &st_added, instrs_after - instrs_before);
    if (gen_before.reachable > gen_after.reachable)
      cx_stat(cx, &st_bought, gen_before.reachable - gen_after.reachable);
  }
  votes_free(&ip.v);
  vec_free(&ip.cost);
  map_free(&ip.cast_back);
  specs_free(ip.specs);
  infer_free(ip.inf);
  LLVMDisposeBuilder(ip.b);
  return changed;
}

bool ipmsp_run(PassRun *run) {
  facts_pass_entry(run->cx, run->m);
  facts_take_split(run->facts, NULL); /* every callee is a candidate, split ones too */
  return drain(run, NULL);
}

bool splitclones_run(PassRun *run) {
  facts_pass_entry(run->cx, run->m);
  PtrMap split = {0};
  facts_take_split(run->facts, &split);
  bool changed = split.n && drain(run, &split);
  map_free(&split);
  return changed;
}
