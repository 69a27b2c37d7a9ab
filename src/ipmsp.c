/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* ipmsp.c — inter-procedural memory-space propagation .
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
 * Lattice , one vote slot per generic pointer parameter and one
 * for a generic pointer return:
 *     VOTE_UNDET (1000, bottom)  <  one concrete space  <  VOTE_POISON (2000)
 * meet(old, observed): invalid observation -> POISON; UNDET ^ S -> S;
 * S ^ S -> S; S ^ T -> POISON; POISON absorbs.  VOTE_UNSET (256) is scratch
 * inside one classification and is never stored.  An observation is the
 * space of the actual argument after intra-procedural inference in the
 * caller (space_analyse) *with the caller's own types*: a named space is
 * valid, a generic value is invalid, null and undef are neutral (no
 * observation).
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
 * clone (family_member), and the original, left without callers, goes.
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
 *      (phase 2b).  Each new clone is one attempt of --clone-budget (-1
 *      unlimited, 0 none, N at most N): " is cloned", or "avoid cloning of"
 *      when over budget.
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
 * Requires: a module that verifies.  Preserves: kernel signatures,
 * declarations, functions whose address is taken or that are called
 * indirectly, varargs; call-site attributes, calling conventions, metadata,
 * and debug info of functions rewritten in place and of the clone that
 * takes an internal original's body (its last tuple); copied clones get a
 * DISubprogram of their own (clone.c, dbg_copy).  Never rewrites byval/byref/sret/inalloca/preallocated
 * parameters.
 * Debug name: ipmsp (and --dump-ip-msp for the work-list transcript).
 * Statistics: ipmsp.* below.  Tests: test/ipmsp/.
 */
#include "gasp_int.h"

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
static const GaspStatDesc st_capped = {
    "ipmsp.functions-capped", "functions left unchanged by the visit cap"};
static const GaspStatDesc st_merged = {
    "ipmsp.merged", "internal functions replaced by a clone already taking their callers' spaces"};
static const GaspStatDesc st_rounds = {"ipmsp.rounds", "infer <-> ipmsp waves (one drain of the work list)"};
static const GaspStatDesc st_nogain = {
    "ipmsp.clones-not-paying", "clones not made because no access would get a named space"};
static const GaspStatDesc st_costly = {
    "ipmsp.clones-too-costly",
    "functions not cloned because the copies cost more than --clone-cost a use named"};
static const GaspStatDesc st_reach_walks = {
    "ipmsp.reach-walks",
    "module walks for the cost model's reachability (at most one a wave, only when it decides)"};
static const GaspStatDesc st_clone_instrs = {
    "ipmsp.clone-instructions", "instructions in the clones made (what cloning cost)"};
static const GaspStatDesc st_added = {
    "ipmsp.instructions-added", "net instructions ipmsp added to the module"};
static const GaspStatDesc st_bought = {
    "ipmsp.accesses-resolved",
    "generic memory ops in code reachable from kernels that ipmsp (and infer after it) named"};

enum { PAY_UNKNOWN = 0, PAY_YES = 1, PAY_NO = 2 }; /* Fn.pay, phase 2b */
#define USES_UNKNOWN UINT_MAX /* Fn.reach_uses: not weighed yet */
#define USES_BUSY (UINT_MAX - 1) /* being weighed (a cycle) */
#define VOTE_NONE (-1)  /* not a slot: not a generic pointer */
#define OBS_NEUTRAL (-3)
#define OBS_INVALID (-2)

int ipmsp_meet(int old_vote, bool valid, int as) {
  if (!valid)
    return VOTE_POISON;
  int new_vote = as; /* address_space_to_vote: the space number itself */
  if (old_vote == VOTE_UNDET)
    return new_vote;
  if (old_vote == new_vote)
    return old_vote;
  return VOTE_POISON;
}

static bool concrete(int vote) {
  return vote >= 0 && vote != VOTE_UNDET && vote != VOTE_POISON;
}

typedef struct Fn {
  LLVMValueRef fn;    /* NULL once deleted or replaced */
  uint32_t id;        /* index in Ip.fns */
  unsigned np;
  int *vote;          /* np + 1 slots, [np] = return */
  int ret_obs;        /* meet of the function's own rets (in its record) */
  signed char *pay;   /* np slots: PAY_UNKNOWN / PAY_YES / PAY_NO */
  unsigned *reach_uses; /* np slots: uses a named space for the parameter
                           names here and down the calls (USES_UNKNOWN) */
  bool cand, internal, capped, queued, rec_valid, redirected;
  bool over_budget;   /* a clone of it was refused (--clone-budget) */
  bool too_costly;    /* its copies were refused by the clone cost model */
  bool reached;       /* kernels reach it (world_live when the cost model
                         first needed it in this wave, see reached_now;
                         records made since count as reached) */
  char *family;       /* a clone: the function it was cloned from */
  bool fresh;         /* registered, not classified yet */
  bool dirty;         /* calls changed: rescan them, analyse the body again */
  bool stale;         /* body new or retyped, or a call made a value infer
                         can name (a returned space, a cast built): infer
                         again.  A call only sent to a clone of the spaces
                         it already passes changes nothing infer reads. */
  bool affected;      /* its call sites changed: vote again */
  bool popped;        /* voted on in this wave */
  bool lost_calls;    /* some of its calls were redirected to clones */
  VEC(uint32_t) sites; /* calls of this function (dead ones: Site.call NULL) */
  VEC(uint32_t) out;   /* calls made by this function (to candidates) */
  VEC(uint32_t) callers;
} Fn;

typedef struct Site {
  LLVMValueRef call;
  uint32_t caller, callee;
  size_t obs; /* index of callee->np observations in Ip.obs */
} Site;

typedef struct Ip {
  Pool pool; /* the records, their lists and the containers below */
  GaspCtx *cx;
  const TgtTable *t;
  LLVMModuleRef m;
  LLVMContextRef ctx;
  LLVMBuilderRef b;
  Infer *inf;    /* the rewriter, for new and changed bodies */
  Space *sp;     /* the space analysis, for the records */
  SpaceEnv env;
  VEC(Fn *) fns;        /* every function ever seen; records never move */
  PtrMap fn_id;         /* live function -> its record */
  VEC(Site) sites;
  VEC(int) obs;
  VEC(uint32_t) work;
  VEC(uint32_t) dirty;    /* records to infer again and rescan */
  VEC(uint32_t) affected; /* records whose call sites changed */
  VEC(uint32_t) popped;   /* records voted on in this wave */
  Specs *specs;          /* the clones this invocation made (specialize.c) */
  LLVMValueRef analysed; /* the function ip->sp last analysed (classify) */
  bool dump;
  bool reached_ok; /* Fn.reached is this wave's (reached_now) */
  unsigned no_slot_kinds[5];
} Ip;

static const char *fn_name(LLVMValueRef f) {
  size_t len;
  return LLVMGetValueName2(f, &len);
}

static FILE *out(const Ip *ip) { return cx_out(ip->cx); }

/* The record of live function f, or MAP_NONE.  A deleted function's
   address may be reused by LLVM for a new one (an intrinsic declared with
   new overload types): the record must still hold f. */
static uint32_t rec_id(const Ip *ip, LLVMValueRef f) {
  uint32_t k = map_find(&ip->fn_id, f);
  return k != MAP_NONE && ip->fns.v[k]->fn == f ? k : MAP_NONE;
}

/* ---- phase 1: candidates and call sites -------------------------------- */

static bool is_generic_scalar(const Ip *ip, LLVMTypeRef t) { return ir_is_ptr_in(t, ip->t->generic); }

static bool param_is_slot(const Ip *ip, LLVMValueRef f, unsigned k) {
  if (!is_generic_scalar(ip, LLVMTypeOf(LLVMGetParam(f, k))))
    return false;
  for (unsigned i = 0; i < sizeof ip->no_slot_kinds / sizeof ip->no_slot_kinds[0]; i++)
    if (LLVMGetEnumAttributeAtIndex(f, k + 1, ip->no_slot_kinds[i]))
      return false;
  return true;
}

/* A body the linker may replace by a different one.  Not
   available_externally (OpenCL C's `inline`): its body is the one the
   definition outside has (LangRef), so an internal clone of it is as
   sound as inlining it; it is never rewritten in place (not internal). */
static bool interposable(LLVMValueRef f) {
  switch (LLVMGetLinkage(f)) {
  case LLVMWeakAnyLinkage:
  case LLVMLinkOnceAnyLinkage:
  case LLVMExternalWeakLinkage:
  case LLVMCommonLinkage:
    return true;
  default:
    return false;
  }
}


/* Every use is a direct, non-musttail call of f's own type, from a
   function that is not optnone (its calls cannot be redirected). */
static bool only_called(LLVMValueRef f) {
  LLVMTypeRef fty = LLVMGlobalGetValueType(f);
  for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef c = LLVMGetUser(u);
    if (!LLVMIsACallInst(c) || LLVMGetCalledValue(c) != f ||
        LLVMGetCalledFunctionType(c) != fty ||
        LLVMGetTailCallKind(c) == LLVMTailCallKindMustTail ||
        ir_optnone(LLVMGetBasicBlockParent(LLVMGetInstructionParent(c))))
      return false;
    unsigned n = LLVMGetNumArgOperands(c);
    for (unsigned k = 0; k < n; k++)
      if (LLVMGetOperand(c, k) == f)
        return false;
  }
  return true;
}

/* No blockaddress of its blocks, no musttail call inside, not naked (its
   body is the assembly the user wrote; a copy or a new signature changes
   what the assembly sees), not optnone (compiled as written). */
static bool body_copyable(LLVMValueRef f) {
  unsigned naked = LLVMGetEnumAttributeKindForName("naked", 5);
  if (LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, naked) || ir_optnone(f))
    return false;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb)); u;
         u = LLVMGetNextUse(u))
      if (!LLVMIsAInstruction(LLVMGetUser(u)))
        return false;
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i))
      if (LLVMIsACallInst(i) && LLVMGetTailCallKind(i) == LLVMTailCallKindMustTail)
        return false;
  }
  return true;
}

bool ipmsp_may_rewrite(const TgtTable *t, LLVMValueRef f) {
  /* null_pointer_is_valid: a caller's null is an address, not "nowhere" */
  return LLVMCountBasicBlocks(f) && *fn_name(f) && !tgt_is_kernel(t, f) && !ir_null_is_valid(f) &&
         !LLVMIsFunctionVarArg(LLVMGlobalGetValueType(f)) && !interposable(f) &&
         only_called(f) && body_copyable(f);
}

/* Whether f may be rewritten, and its vote slots (all UNDET). */
static void classify_fn(Ip *ip, Fn *fi) {
  LLVMValueRef f = fi->fn;
  fi->internal = world_internal(f);
  fi->cand = ipmsp_may_rewrite(ip->t, f);
  bool any = false;
  for (unsigned k = 0; k < fi->np; k++) {
    fi->vote[k] = fi->cand && param_is_slot(ip, f, k) ? VOTE_UNDET : VOTE_NONE;
    fi->pay[k] = PAY_UNKNOWN;
    fi->reach_uses[k] = USES_UNKNOWN;
    any |= fi->vote[k] != VOTE_NONE;
  }
  LLVMTypeRef rt = LLVMGetReturnType(LLVMGlobalGetValueType(f));
  fi->vote[fi->np] = fi->cand && is_generic_scalar(ip, rt) ? VOTE_UNDET : VOTE_NONE;
  any |= fi->vote[fi->np] != VOTE_NONE;
  fi->cand &= any;
  fi->ret_obs = VOTE_UNDET;
  fi->rec_valid = false;
  fi->fresh = false;
}

/* A record for a function gasp has not seen (the module's at the start, a
   clone or a retyped function later); classified when its body is scanned. */
static Fn *register_fn(Ip *ip, LLVMValueRef f) {
  Fn *fi = pool_alloc(&ip->pool, sizeof *fi);
  fi->fn = f;
  fi->id = (uint32_t)ip->fns.n;
  fi->np = LLVMCountParams(f);
  fi->vote = pool_alloc(&ip->pool, (fi->np + 1) * sizeof *fi->vote);
  fi->pay = pool_alloc(&ip->pool, (fi->np + 1) * sizeof *fi->pay);
  fi->reach_uses = pool_alloc(&ip->pool, (fi->np + 1) * sizeof *fi->reach_uses);
  for (unsigned k = 0; k <= fi->np; k++)
    fi->reach_uses[k] = USES_UNKNOWN;
  pool_bind(&fi->sites, &ip->pool);
  pool_bind(&fi->out, &ip->pool);
  pool_bind(&fi->callers, &ip->pool);
  for (unsigned k = 0; k <= fi->np; k++)
    fi->vote[k] = VOTE_NONE;
  fi->ret_obs = VOTE_UNDET;
  fi->fresh = true;
  fi->reached = true; /* until a wave's world_live says otherwise */
  map_put(&ip->fn_id, f, fi->id);
  vec_push(&ip->fns, fi);
  return fi;
}

static void mark_affected(Ip *ip, uint32_t c) {
  Fn *ci = ip->fns.v[c];
  if (!ci->affected) {
    ci->affected = true;
    vec_push(&ip->affected, c);
  }
}

/* The calls g makes to candidates become sites (their callees are
   affected). */
static void scan_out(Ip *ip, uint32_t g) {
  LLVMValueRef gf = ip->fns.v[g]->fn;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(gf); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      LLVMValueRef callee = ir_callee(i);
      uint32_t c = callee ? rec_id(ip, callee) : MAP_NONE;
      if (c == MAP_NONE || !ip->fns.v[c]->cand)
        continue;
      Fn *cf = ip->fns.v[c];
      Site s = {i, g, c, ip->obs.n};
      for (unsigned k = 0; k < cf->np; k++)
        vec_push(&ip->obs, OBS_NEUTRAL);
      uint32_t si = (uint32_t)ip->sites.n;
      vec_push(&ip->sites, s);
      vec_push(&cf->sites, si);
      vec_push(&ip->fns.v[g]->out, si);
      if (!cf->callers.n || cf->callers.v[cf->callers.n - 1] != g)
        vec_push(&cf->callers, g);
      mark_affected(ip, c);
    }
}

/* g's calls stop being sites (its body changed or goes away); their
   callees are affected. */
static void kill_out(Ip *ip, uint32_t g) {
  Fn *gi = ip->fns.v[g];
  for (size_t k = 0; k < gi->out.n; k++) {
    Site *s = &ip->sites.v[gi->out.v[k]];
    if (s->call) {
      s->call = NULL;
      mark_affected(ip, s->callee);
    }
  }
  gi->out.n = 0;
}

/* Drops the dead entries of a callee's site list. */
static void compact_sites(Ip *ip, Fn *ci) {
  size_t keep = 0;
  for (size_t k = 0; k < ci->sites.n; k++)
    if (ip->sites.v[ci->sites.v[k]].call)
      ci->sites.v[keep++] = ci->sites.v[k];
  ci->sites.n = keep;
}

static void mark_dirty_rec(Ip *ip, Fn *fi, bool stale) {
  fi->stale |= stale;
  if (!fi->dirty) {
    fi->dirty = true;
    vec_push(&ip->dirty, fi->id);
  }
}

/* The whole module, once: a record per function, then every site. */
static void build(Ip *ip) {
  char family[256];
  for (LLVMValueRef f = LLVMGetFirstFunction(ip->m); f; f = LLVMGetNextFunction(f)) {
    Fn *fi = register_fn(ip, f);
    classify_fn(ip, fi);
    if (schema_fn_family(f, family, sizeof family))
      fi->family = pool_strdup(&ip->pool, family); /* made by an earlier run */
  }
  for (uint32_t g = 0; g < ip->fns.n; g++)
    scan_out(ip, g);
}

/* After a wave's rewrites and infer: the records of new functions are
   classified, and every changed body's calls are sites again. */
static void refresh(Ip *ip) {
  for (size_t k = 0; k < ip->dirty.n; k++) {
    Fn *fi = ip->fns.v[ip->dirty.v[k]];
    if (fi->fn && fi->fresh)
      classify_fn(ip, fi); /* a record made in this wave */
  }
  for (size_t k = 0; k < ip->dirty.n; k++) {
    Fn *fi = ip->fns.v[ip->dirty.v[k]];
    fi->dirty = false;
    if (!fi->fn)
      continue;
    kill_out(ip, fi->id);
    scan_out(ip, fi->id);
    fi->rec_valid = false;
    if (ip->dump && fi->out.n) { /* the callees its rewrite re-enqueues */
      unsigned n = 0;
      for (size_t j = 0; j < fi->out.n; j++) {
        uint32_t c = ip->sites.v[fi->out.v[j]].callee;
        bool dup = false;
        for (size_t i = 0; i < j && !dup; i++)
          dup = ip->sites.v[fi->out.v[i]].callee == c;
        n += !dup;
      }
      fprintf(out(ip), "%s : %u callees are affected\n", fn_name(fi->fn), n);
    }
    for (unsigned a = 0; a < fi->np; a++) {
      fi->pay[a] = PAY_UNKNOWN;
      fi->reach_uses[a] = USES_UNKNOWN;
    }
  }
  ip->dirty.n = 0;
}

/* ---- phase 2: votes ------------------------------------------------------ */

/* Classifies one value after space_analyse (the classifier of the vote lattice; the
   scratch value UNSET stands for "not decided yet"). */
static int classify(const Ip *ip, LLVMValueRef v) {
  int r = VOTE_UNSET;
  if (LLVMIsAUndefValue(v) ||
      (LLVMIsAConstantPointerNull(v) && !ir_null_is_valid(ip->analysed)))
    r = OBS_NEUTRAL;
  if (r == VOTE_UNSET) {
    bool isnull;
    int l = space_lat(ip->sp, v, &isnull);
    r = isnull || l == LAT_UNINIT ? OBS_NEUTRAL
        : tgt_is_space(ip->t, l) ? l
                                            : OBS_INVALID;
  }
  return r;
}

static void enqueue(Ip *ip, uint32_t f) {
  Fn *fi = ip->fns.v[f];
  if (fi->fn && fi->cand && !fi->queued) {
    fi->queued = true;
    vec_push(&ip->work, f);
  }
}

static void enqueue_callees(Ip *ip, uint32_t f) {
  for (size_t k = 0; k < ip->fns.v[f]->out.n; k++)
    enqueue(ip, ip->sites.v[ip->fns.v[f]->out.v[k]].callee);
}

static void poison_all(Fn *fi) {
  for (unsigned k = 0; k <= fi->np; k++)
    if (fi->vote[k] != VOTE_NONE)
      fi->vote[k] = VOTE_POISON;
}

/* Analyses f and records the observations of its calls and its rets. */
static void ensure_record(Ip *ip, uint32_t g) {
  Fn *fi = ip->fns.v[g];
  if (fi->rec_valid)
    return;
  fi->rec_valid = true;
  ip->analysed = fi->fn;
  bool ok = space_analyse(ip->sp, fi->fn, &ip->env);
  fi = ip->fns.v[g];
  if (!ok) {
    if (!fi->capped) {
      fi->capped = true;
      cx_stat(ip->cx, &st_capped, 1);
      GaspRemark *r = cx_remark(ip->cx, GASP_REMARK_MISSED, "VisitCap", fi->fn, NULL);
      rm_arg(r, "String", "a block was re-visited more than ");
      rm_arg(r, "VisitCap", "%u", ip->env.visit_cap);
      rm_arg(r, "String", " times; the function is left unchanged");
      rm_done(r);
      poison_all(fi);
      enqueue_callees(ip, g); /* its calls observe nothing valid now */
    }
    for (size_t k = 0; k < fi->out.n; k++) {
      const Site *s = &ip->sites.v[fi->out.v[k]];
      for (unsigned a = 0; a < ip->fns.v[s->callee]->np; a++)
        ip->obs.v[s->obs + a] = OBS_INVALID;
    }
    fi->ret_obs = VOTE_POISON;
    return;
  }
  for (size_t k = 0; k < fi->out.n; k++) {
    const Site *s = &ip->sites.v[fi->out.v[k]];
    const Fn *ci = ip->fns.v[s->callee];
    for (unsigned a = 0; a < ci->np; a++)
      ip->obs.v[s->obs + a] =
          ci->vote[a] == VOTE_NONE ? OBS_NEUTRAL
                                   : classify(ip, LLVMGetOperand(s->call, a));
  }
  int r = VOTE_UNDET;
  if (fi->vote[fi->np] != VOTE_NONE)
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fi->fn); bb;
         bb = LLVMGetNextBasicBlock(bb)) {
      LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
      if (!t || !LLVMIsAReturnInst(t) || !LLVMGetNumOperands(t))
        continue;
      int o = classify(ip, LLVMGetOperand(t, 0));
      if (o != OBS_NEUTRAL)
        r = ipmsp_meet(r, o != OBS_INVALID, o);
    }
  fi->ret_obs = r;
}

static void pop_one(Ip *ip, uint32_t f) {
  Fn *fi = ip->fns.v[f];
  if (!fi->popped) {
    fi->popped = true;
    vec_push(&ip->popped, f);
  }
  for (size_t k = 0; k < fi->sites.n; k++) {
    const Site *s = &ip->sites.v[fi->sites.v[k]];
    if (!s->call)
      continue;
    ensure_record(ip, s->caller);
    fi = ip->fns.v[f];
    for (unsigned a = 0; a < fi->np; a++) {
      int o = ip->obs.v[s->obs + a];
      if (fi->vote[a] == VOTE_NONE || o == OBS_NEUTRAL)
        continue;
      fi->vote[a] = ipmsp_meet(fi->vote[a], o != OBS_INVALID, o);
    }
  }
  ensure_record(ip, f);
  fi = ip->fns.v[f];
  int *rv = &fi->vote[fi->np];
  if (*rv != VOTE_NONE && fi->ret_obs != VOTE_UNDET) {
    int nv = ipmsp_meet(*rv, fi->ret_obs != VOTE_POISON, fi->ret_obs);
    *rv = nv;
  }
}

/* The first wave votes on every candidate; a later one on the records
   whose call sites changed (their parameter votes start again from UNDET:
   the sites they came from are gone) and on what that changes. */
static void solve_votes(Ip *ip, bool first) {
  if (first) {
    for (uint32_t f = (uint32_t)ip->fns.n; f-- > 0;)
      enqueue(ip, f);
  } else {
    for (size_t k = ip->affected.n; k-- > 0;) {
      Fn *ci = ip->fns.v[ip->affected.v[k]];
      compact_sites(ip, ci);
      if (ci->fn && ci->cand) {
        for (unsigned a = 0; a < ci->np; a++)
          if (ci->vote[a] != VOTE_NONE)
            ci->vote[a] = VOTE_UNDET;
        ci->rec_valid = false;
        enqueue(ip, ci->id);
      }
    }
  }
  for (size_t k = 0; k < ip->affected.n; k++)
    ip->fns.v[ip->affected.v[k]]->affected = false;
  ip->affected.n = 0;
  if (ip->dump)
    fprintf(out(ip), "Initial work list size : %zu\n", ip->work.n);
  size_t head = 0;
  while (head < ip->work.n) {
    uint32_t f = ip->work.v[head++];
    ip->fns.v[f]->queued = false;
    pop_one(ip, f);
    if (head > 4096 && head * 2 > ip->work.n) { /* compact the queue */
      memmove(ip->work.v, ip->work.v + head, (ip->work.n - head) * sizeof *ip->work.v);
      ip->work.n -= head;
      head = 0;
    }
  }
  ip->work.n = 0;
}

/* ---- phase 2b: what a clone would buy ------------------------------------ */

/* A clone costs a copy of the body; it pays only when a named space for
 * one of its parameters lets some access get a named space.  Parameter k of
 * f "pays" when its value reaches, through address arithmetic (GEP, casts,
 * phi, select, freeze, llvm.ptrmask, a ptrtoint/inttoptr pair), a memory
 * access's pointer operand, an explicit cast or space test (resolve folds
 * it), or a parameter of a candidate callee that pays.  Uses gasp cannot
 * see past — stored as a value, returned, put into an aggregate or vector,
 * passed to an intrinsic that may access memory — count as paying (clone
 * rather than lose an access).  Comparisons, integer arithmetic, external
 * functions (which keep their generic parameters) and intrinsics that do not
 * access memory through it do not pay.  A clone whose tuple keeps a named
 * space only for parameters that do not pay is not made
 * (ipmsp.clones-not-paying); the remaining parameters keep generic in the
 * tuple, so call sites that differ only there share one clone.
 *
 * "Does (f, k) pay?" is reachability in the graph of (function, parameter)
 * slots: local facts decide some slots, calls add edges to callee slots.  A
 * depth-first search from the asked slot stops at the first slot that pays
 * locally; when it drains without one, every slot it visited cannot reach
 * one either (their reachable sets are inside the one explored) and all are
 * recorded as not paying. */
typedef struct PaySlot {
  uint32_t f;
  unsigned k;
} PaySlot;
typedef VEC(PaySlot) PaySlotVec;

/* The walk follows the loads of stack slot a (directly or through
   address-space casts), each once. */
static void reloads(LLVMValueRef a, Fwd *w, Place at) {
  for (LLVMUseRef x = LLVMGetFirstUse(a); x; x = LLVMGetNextUse(x)) {
    LLVMValueRef u = LLVMGetUser(x);
    if (LLVMIsAAddrSpaceCastInst(u))
      reloads(u, w, at);
    else if (LLVMIsALoadInst(u))
      fwd_follow(w, u, at);
  }
}

/* Local facts of slot (f, k): the uses of the parameter's value that pay by
   themselves (accesses, explicit casts, uses gasp cannot see past), counted
   up to `stop` (1: "does it pay?"; UINT_MAX: all of them, the clone cost
   model's benefit, each weighted by its loop depth — dom_use_weight — and
   *raw, when not NULL, gets them unweighted); the callee slots it flows
   into are pushed to edges. */
static unsigned local_uses(const Ip *ip, uint32_t f, unsigned k, PaySlotVec *edges,
                           unsigned stop, unsigned *raw) {
  Dom *dom = NULL;
  unsigned count = 0;
#define USE(at) (count++, uses += stop == UINT_MAX ? dom_use_weight(&dom, (at)) : 1, uses >= stop)
  Fwd w;
  fwd_init(&w, FWD_LIFO | FWD_DEDUP);
  fwd_start(&w, LLVMGetParam(ip->fns.v[f]->fn, k), place_at(0, 0));
  unsigned uses = 0;
  bool yes = false;
  for (FwdUse fu; !yes && fwd_next(&w, &fu);) {
    LLVMValueRef i = fu.user, v = fu.v;
    bool follow = LLVMIsAInstruction(i) && fwd_is_move(fu.kind);
    if (!follow) {
      switch (LLVMIsAInstruction(i) && ir_opcode(i) != LLVMCallBr ? fu.kind : FWD_OTHER) {
      case FWD_TOPTR:
        follow = true;
        break;
      case FWD_TOINT: /* only a no-op pair back to a pointer */
        for (LLVMUseRef x = LLVMGetFirstUse(i); x; x = LLVMGetNextUse(x))
          if (LLVMIsAIntToPtrInst(LLVMGetUser(x)))
            fwd_follow(&w, LLVMGetUser(x), fu.at);
        break;
      case FWD_CMP:
        break;
      case FWD_CALL: {
        unsigned nargs = LLVMGetNumArgOperands(i);
        LLVMValueRef callee = ir_callee(i);
        uint32_t c = callee ? rec_id(ip, callee) : MAP_NONE;
        CastFn cf;
        for (unsigned a = 0; a < nargs && !yes; a++) {
          if (LLVMGetOperand(i, a) != v)
            continue;
          if (c != MAP_NONE && LLVMCountBasicBlocks(callee)) {
            const Fn *ci = ip->fns.v[c];
            if (ci->cand && a < ci->np && ci->vote[a] != VOTE_NONE) {
              PaySlot e = {c, a};
              vec_push(edges, e);
            }
            continue;
          }
          if (a == 0 && LLVMIsACallInst(i) && casts_match(ip->t, i, &cf)) {
            yes = USE(i);
            continue;
          }
          switch (ir_call_arg_use(i, a)) {
          case IR_ARG_ACCESS:
          case IR_ARG_UNKNOWN:
            yes = USE(i);
            break;
          case IR_ARG_ADDRESS:
            follow = true;
            break;
          case IR_ARG_NOACCESS:
          case IR_ARG_CALLEE:
            break;
          }
        }
        break;
      }
      case FWD_STORE: /* counting: a spill into a stack slot is followed to
                         its reloads (-O0 code keeps every parameter there) */
        if (stop == UINT_MAX && LLVMGetOperand(i, 0) == v) {
          LLVMValueRef slot = ir_stack_slot(LLVMGetOperand(i, 1));
          if (slot) {
            reloads(slot, &w, fu.at);
            break;
          }
        }
        yes = USE(i);
        break;
      default: /* load/store/atomics (pointer or value), ret, aggregates */
        yes = USE(i);
      }
    }
    if (follow)
      fwd_follow(&w, i, fu.at);
  }
#undef USE
  fwd_free(&w);
  dom_free(dom);
  if (raw)
    *raw = count;
  return uses;
}

static bool pays(Ip *ip, uint32_t f, unsigned k) {
  if (ip->fns.v[f]->pay[k] != PAY_UNKNOWN)
    return ip->fns.v[f]->pay[k] == PAY_YES;
  PaySlotVec stack = {0}, visited = {0}, edges = {0};
  PaySlot s0 = {f, k};
  vec_push(&stack, s0);
  ip->fns.v[f]->pay[k] = PAY_NO; /* provisional: marks "visited" */
  vec_push(&visited, s0);
  bool yes = false;
  while (stack.n && !yes) {
    PaySlot s = stack.v[--stack.n];
    edges.n = 0;
    if (local_uses(ip, s.f, s.k, &edges, 1, NULL)) {
      yes = true;
      break;
    }
    for (size_t e = 0; e < edges.n && !yes; e++) {
      signed char st = ip->fns.v[edges.v[e].f]->pay[edges.v[e].k];
      if (st == PAY_YES) {
        yes = true;
      } else if (st == PAY_UNKNOWN) {
        ip->fns.v[edges.v[e].f]->pay[edges.v[e].k] = PAY_NO;
        vec_push(&visited, edges.v[e]);
        vec_push(&stack, edges.v[e]);
      }
    }
  }
  /* a "no" is final only when the search drained; otherwise only the
     asked slot is known (it pays) and the others are forgotten */
  for (size_t i = 0; i < visited.n; i++)
    ip->fns.v[visited.v[i].f]->pay[visited.v[i].k] = yes ? PAY_UNKNOWN : PAY_NO;
  ip->fns.v[f]->pay[k] = yes ? PAY_YES : PAY_NO;
  vec_free(&stack);
  vec_free(&visited);
  vec_free(&edges);
  return yes;
}

/* as, the space asked for parameter a of f, if that parameter pays; else
   -1 (it keeps generic). */
static int paying_space(Ip *ip, uint32_t f, unsigned a, int as) {
  return as >= 0 && pays(ip, f, a) ? as : -1;
}

/* Keeps in sp (np + 1 entries) only the named spaces of parameters that
   pay; true when some named space is left (a return counts: callers use
   it). */
static bool keep_paying(Ip *ip, uint32_t f, int *sp) {
  const Fn *fi = ip->fns.v[f];
  bool any = sp[fi->np] >= 0;
  for (unsigned a = 0; a < fi->np; a++) {
    sp[a] = paying_space(ip, f, a, sp[a]);
    any |= sp[a] >= 0;
  }
  return any;
}

/* ---- phase 3: rewrites --------------------------------------------------- */

/* f's calls changed: rescan them (and, stale, infer f again). */
static void mark_dirty(Ip *ip, LLVMValueRef f, bool stale) {
  uint32_t k = rec_id(ip, f);
  if (k != MAP_NONE)
    mark_dirty_rec(ip, ip->fns.v[k], stale);
}

/* v (generic) as a pointer in space as, built before `before`. */
static LLVMValueRef to_space(Ip *ip, LLVMValueRef v, int as, LLVMValueRef before) {
  LLVMTypeRef t = ir_retype(LLVMTypeOf(v), as);
  if (LLVMIsAConstantPointerNull(v))
    return tgt_null(ip->t, t);
  if (LLVMIsAPoisonValue(v))
    return LLVMGetPoison(t);
  if (LLVMIsAUndefValue(v))
    return LLVMGetUndef(t);
  if (LLVMIsAConstant(v))
    return LLVMConstAddrSpaceCast(v, t);
  if (LLVMIsAAddrSpaceCastInst(v) && LLVMTypeOf(LLVMGetOperand(v, 0)) == t)
    return LLVMGetOperand(v, 0);
  LLVMPositionBuilderBefore(ip->b, before);
  LLVMSetCurrentDebugLocation2(ip->b, ir_loc_of(before, LLVMGetBasicBlockParent(
                                                            LLVMGetInstructionParent(before))));
  return LLVMBuildAddrSpaceCast(ip->b, v, t, "");
}

/* The space f's parameter k takes in the tuple sp: sp[k], or (-1) its
   current one; -1 for a non-pointer. */
static int tuple_space(LLVMValueRef f, const int *sp, unsigned k) {
  return sp[k] >= 0 ? sp[k] : ir_ptr_as(LLVMTypeOf(LLVMGetParam(f, k)));
}

/* The concrete votes as a tuple (np + 1 entries, -1 where not concrete). */
static int *votes_tuple(const Fn *fi) {
  int *sp = xmalloc((fi->np + 1) * sizeof *sp);
  for (unsigned k = 0; k <= fi->np; k++)
    sp[k] = concrete(fi->vote[k]) ? fi->vote[k] : -1;
  return sp;
}

/* The space a site asks for in parameter slot a: what it passes, else the
   agreed vote when it passes null/undef, else -1 (stays generic). */
static int site_space(const Ip *ip, const Fn *fi, const Site *s, unsigned a) {
  int o = ip->obs.v[s->obs + a];
  if (fi->vote[a] == VOTE_NONE)
    return -1;
  if (o >= 0)
    return o;
  return o == OBS_NEUTRAL && concrete(fi->vote[a]) ? fi->vote[a] : -1;
}

/* Rebuilds call to call nf, converting arguments that changed type. */
static void redirect(Ip *ip, LLVMValueRef call, LLVMValueRef nf) {
  unsigned n = LLVMGetNumArgOperands(call);
  LLVMValueRef *args = xmalloc((n ? n : 1) * sizeof *args);
  /* infer has more to name in the caller when the call returns a named
     space now, or when an argument needed a cast built here */
  bool stale = LLVMTypeOf(call) != LLVMGetReturnType(LLVMGlobalGetValueType(nf)) &&
               LLVMGetFirstUse(call);
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef a = LLVMGetOperand(call, k);
    LLVMTypeRef want = LLVMTypeOf(LLVMGetParam(nf, k));
    args[k] = LLVMTypeOf(a) == want ? a : to_space(ip, a, ir_ptr_as(want), call);
    stale |= args[k] != a && LLVMIsAAddrSpaceCastInst(args[k]) &&
             LLVMGetOperand(args[k], 0) == a;
  }
  mark_dirty(ip, LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)), stale);
  /* casts to generic bypassed by to_space, each once */
  ValVec old = {0};
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef a = LLVMGetOperand(call, k);
    bool seen = false;
    for (size_t j = 0; j < old.n && !seen; j++)
      seen = old.v[j] == a;
    if (args[k] != a && LLVMIsAAddrSpaceCastInst(a) && !seen)
      vec_push(&old, a);
  }
  ir_replace_call(ip->b, call, nf, LLVMGlobalGetValueType(nf), args, n);
  for (size_t k = 0; k < old.n; k++) /* those that only fed this call */
    if (!LLVMGetFirstUse(old.v[k])) {
      LLVMValueRef from = LLVMGetOperand(old.v[k], 0);
      ir_erase_salvaging(old.v[k], tgt_same_bits_as_generic(ip->t, from) ? from : NULL);
    }
  vec_free(&old);
  free(args);
  cx_stat(ip->cx, &st_calls, 1);
}

/* Converts the returned values of nf to its (named) return type. */
static void convert_rets(Ip *ip, LLVMValueRef nf) {
  LLVMTypeRef rt = LLVMGetReturnType(LLVMGlobalGetValueType(nf));
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(nf); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    if (t && LLVMIsAReturnInst(t) && LLVMGetNumOperands(t) &&
        LLVMTypeOf(LLVMGetOperand(t, 0)) != rt)
      LLVMSetOperand(t, 0, to_space(ip, LLVMGetOperand(t, 0), ir_ptr_as(rt), t));
  }
}

/* f's type with parameter k in space sp[k] (-1: unchanged) and the return
   in sp[np]. */
static LLVMTypeRef retyped(LLVMValueRef f, const int *sp) {
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

static void print_tuple(const Ip *ip, FILE *o, LLVMValueRef f, const int *sp) {
  unsigned np = LLVMCountParams(f);
  fputc('(', o);
  bool first = true;
  for (unsigned k = 0; k < np; k++) {
    int as = tuple_space(f, sp, k);
    if (as < 0)
      continue; /* not a pointer */
    fprintf(o, "%s%s", first ? "" : ", ",
            as == ip->t->generic ? "generic" : tgt_space_name(ip->t, as));
    first = false;
  }
  fputc(')', o);
}

/* print_tuple into a malloc'd string. */
static char *tuple_text(const Ip *ip, LLVMValueRef f, const int *sp) {
  char *buf = NULL;
  size_t len = 0;
  FILE *o = open_memstream(&buf, &len);
  if (!o)
    return xstrdup("(?)");
  print_tuple(ip, o, f, sp);
  fclose(o);
  return buf;
}

/* A Passed/Missed remark about f: text, the tuple, more text. */
static void tuple_remark(Ip *ip, GaspRemarkKind k, const char *name, LLVMValueRef f,
                         const int *sp, const char *before, const char *after) {
  if (!cx_wants(ip->cx, k))
    return;
  char *t = tuple_text(ip, f, sp);
  GaspRemark *r = cx_remark(ip->cx, k, name, f, NULL);
  rm_arg(r, "String", "%s", before);
  rm_arg(r, "Spaces", "%s", t);
  rm_arg(r, "String", "%s", after);
  rm_done(r);
  free(t);
}

static LLVMValueRef family_member(Ip *ip, LLVMValueRef f, const int *sp);

/* Rewrites internal f for its callers' spaces; when its family already
   has a function for those spaces (a clone made earlier for another
   site), the calls go there and f is deleted instead: two copies of one
   tuple would only grow the code. */
static void specialize_in_place(Ip *ip, Fn *fi) {
  LLVMValueRef f = fi->fn;
  int *sp = votes_tuple(fi);
  unsigned nargs = 0;
  for (unsigned k = 0; k < fi->np; k++)
    nargs += sp[k] >= 0;
  LLVMValueRef twin = family_member(ip, f, sp);
  if (twin == f)
    twin = NULL;
  char *name = xstrdup(fn_name(f));
  LLVMValueRef nf = twin;
  if (!twin) {
    nf = specs_retype(f, retyped(f, sp), name);
    Fn *ni = register_fn(ip, nf);
    mark_dirty_rec(ip, ni, true);
    ni->family = fi->family ? pool_strdup(&ip->pool, fi->family) : NULL;
  }
  kill_out(ip, fi->id); /* the calls moved to nf: its record's sites */
  if (!twin && sp[fi->np] >= 0)
    convert_rets(ip, nf);
  ValVec calls = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u))
    vec_push(&calls, LLVMGetUser(u));
  for (size_t k = 0; k < calls.n; k++)
    redirect(ip, calls.v[k], nf);
  vec_free(&calls);
  LLVMDeleteFunction(f);
  fi->fn = NULL;
  if (twin) {
    cx_stat(ip->cx, &st_merged, 1);
    char *before = xasprintf("@%s's calls sent to @%s, which takes the same spaces ", name,
                             fn_name(twin));
    tuple_remark(ip, GASP_REMARK_PASSED, "Merged", twin, sp, before, "");
    free(before);
    free(name);
    free(sp);
    return;
  }
  cx_stat(ip->cx, &st_inplace, 1);
  cx_stat(ip->cx, &st_args, nargs);
  if (nargs || sp[fi->np] >= 0) {
    char *after = sp[fi->np] >= 0
                      ? xasprintf(", returns %s", tgt_space_name(ip->t, sp[fi->np]))
                      : xstrdup("");
    tuple_remark(ip, GASP_REMARK_PASSED, "Specialized", nf, sp,
                 "rewritten in place for its callers' spaces ", after);
    free(after);
  }
  if (ip->dump && nargs) {
    fprintf(out(ip), "%s : changed in argument memory space (%u arguments) ", name, nargs);
    print_tuple(ip, out(ip), nf, sp);
    fputc('\n', out(ip));
  }
  if (sp[fi->np] >= 0) {
    cx_stat(ip->cx, &st_rets, 1);
    if (ip->dump)
      fprintf(out(ip), "%s : return memory space is resolved : %d (%s)\n", name,
              sp[fi->np], tgt_space_name(ip->t, sp[fi->np]));
  }
  free(name);
  free(sp);
}

static const char *family_of(const Ip *ip, const char *name) {
  return specs_family(ip->specs, name);
}

/* Does g (a member of f's family) take exactly the spaces sp? */
static bool has_spaces(const Ip *ip, LLVMValueRef g, LLVMValueRef f, const int *sp) {
  unsigned np = LLVMCountParams(f);
  if (LLVMCountParams(g) != np)
    return false;
  for (unsigned k = 0; k < np; k++)
    if (ir_ptr_as(LLVMTypeOf(LLVMGetParam(g, k))) != tuple_space(f, sp, k))
      return false;
  return true;
}

/* The clone's name (specialize.c, specs_key_spaces) for f's family and the
   tuple sp, over f's pointer parameters. */
static char *tuple_key(const Ip *ip, const char *family, LLVMValueRef f, const int *sp) {
  unsigned np = LLVMCountParams(f), n = 0;
  int *as = xmalloc((np + 1) * sizeof *as);
  for (unsigned k = 0; k < np; k++)
    if (tuple_space(f, sp, k) >= 0)
      as[n++] = tuple_space(f, sp, k);
  char *key = specs_key_spaces(ip->t, family, as, n);
  free(as);
  return key;
}

/* The function of f's family already taking spaces sp (f itself when it
   does), or NULL. */
static LLVMValueRef family_member(Ip *ip, LLVMValueRef f, const int *sp) {
  const char *family = family_of(ip, fn_name(f));
  LLVMValueRef root = LLVMGetNamedFunction(ip->m, family);
  if (root && has_spaces(ip, root, f, sp))
    return root;
  char *name = tuple_key(ip, family, f, sp);
  LLVMValueRef g = specs_find(ip->specs, name);
  free(name);
  return g && has_spaces(ip, g, f, sp) ? g : NULL;
}

/* The function of f's family taking spaces sp: an existing one, or a new
   clone within the budget; NULL when over budget.  With *move set (f is
   internal and this tuple's calls are the last ones it has), a new clone
   takes f's body instead of a copy of it (f is left empty for the caller
   to delete: nothing is copied, and the body keeps its debug info); *move
   is cleared when an existing function was returned. */
static LLVMValueRef get_clone(Ip *ip, LLVMValueRef f, const int *sp, bool *move) {
  bool may_move = *move;
  *move = false;
  const char *family = family_of(ip, fn_name(f));
  LLVMValueRef g = family_member(ip, f, sp);
  if (g)
    return g;
  char *name = tuple_key(ip, family, f, sp);
  if (specs_key_made(ip->specs, name)) {
    /* made once already and narrowed since (its own callers agreed on
       more): a second copy for the same tuple would be narrowed the same
       way, wave after wave.  The calls keep the function they call. */
    free(name);
    return NULL;
  }
  bool first_refusal;
  LLVMValueRef nf = specs_make(ip->specs, f, retyped(f, sp), name, family, may_move,
                              &first_refusal);
  if (!nf) {
    if (first_refusal) {
      uint32_t id = rec_id(ip, f);
      if (id != MAP_NONE)
        ip->fns.v[id]->over_budget = true;
      cx_stat(ip->cx, &st_avoided, 1);
      char *t = tuple_text(ip, f, sp);
      specs_refused(ip->cx, &(SpecSaid){.fn = f, .what_kind = "Spaces", .what = t},
                   SPEC_BUDGET, NULL);
      free(t);
      if (ip->dump) {
        fprintf(out(ip), "avoid cloning of %s ", fn_name(f));
        print_tuple(ip, out(ip), f, sp);
        fputc('\n', out(ip));
      }
    }
    free(name);
    return NULL;
  }
  Fn *ni = register_fn(ip, nf);
  mark_dirty_rec(ip, ni, true);
  ni->family = pool_strdup(&ip->pool, family);
  if (may_move) {
    *move = true;
    kill_out(ip, rec_id(ip, f)); /* its calls moved to nf */
  } else {
    cx_stat(ip->cx, &st_clone_instrs, ir_count_instructions(nf));
  }
  if (sp[LLVMCountParams(f)] >= 0)
    convert_rets(ip, nf);
  cx_stat(ip->cx, &st_clones, 1);
  if (cx_wants(ip->cx, GASP_REMARK_PASSED)) {
    char *before = xasprintf("cloned as @%s for ", fn_name(nf));
    tuple_remark(ip, GASP_REMARK_PASSED, "Cloned", f, sp, before, "");
    free(before);
  }
  if (ip->dump) {
    fprintf(out(ip), "%s is cloned as %s ", fn_name(f), fn_name(nf));
    print_tuple(ip, out(ip), f, sp);
    fputc('\n', out(ip));
  }
  free(name);
  return nf;
}

/* A clone of f not made: no parameter it would name pays (reported once per
   function). */
static void not_paying(Ip *ip, LLVMValueRef f) {
  if (!specs_first_report(ip->specs, SPEC_NO_GAIN, fn_name(f)))
    return;
  cx_stat(ip->cx, &st_nogain, 1);
  specs_refused(ip->cx, &(SpecSaid){.fn = f}, SPEC_NO_GAIN, NULL);
  if (ip->dump)
    fprintf(out(ip), "no gain in cloning %s\n", fn_name(f));
}

/* External function, every caller agrees: one clone for the votes. */
static bool clone_for_votes(Ip *ip, Fn *fi) {
  int *sp = votes_tuple(fi);
  if (!keep_paying(ip, fi->id, sp)) {
    not_paying(ip, fi->fn);
    free(sp);
    return false;
  }
  bool move = false; /* visible outside: the original stays */
  LLVMValueRef nf = get_clone(ip, fi->fn, sp, &move);
  bool changed = false;
  if (nf && nf != fi->fn) {
    for (size_t k = 0; k < fi->sites.n; k++)
      if (ip->sites.v[fi->sites.v[k]].call) {
        redirect(ip, ip->sites.v[fi->sites.v[k]].call, nf);
        changed = true;
      }
  }
  free(sp);
  return changed;
}

static size_t use_count(LLVMValueRef f) {
  size_t n = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u))
    n++;
  return n;
}

/* ---- the clone cost model ------------------------------------------------
 * Callers that disagree make copies of f: one per distinct tuple, less one
 * when no call in code the kernels reach keeps the original (an internal
 * original's body moves into its last clone; an external one is kept for
 * outside callers, reached by no kernel; a call from such a kept original
 * does not count).  Each copy costs f's instructions once more in what kernels
 * reach.  The copies are made only when they cost at most `limit`
 * instructions per use they name: an access, an explicit cast or space test,
 * a use gasp cannot see past, and for a call passing the named pointer on
 * to a callee parameter that pays, what that parameter names down its calls
 * (reach_uses: a clone of f is what lets its callees' clones be called, and
 * front ends' small wrappers and methods — a CUDA class method called with
 * a __shared__ `this` — name little themselves and much below them);
 * counted in every clone, weighted by loop depth.  Otherwise every call
 * keeps the original, which stays generic: on targets where generic accesses
 * are native and cheap (NVPTX) a second copy of a large function that names
 * few accesses grows the code more than it saves (docs/design.md, "What
 * cloning costs").  The limit is --clone-cost, or the target's. */

/* How deep reach_uses follows calls: the callee's own decision weighs the
   rest, and a bound keeps the walk linear in a chain of helpers. */
#define REACH_DEPTH 4

static unsigned reach_uses(Ip *ip, uint32_t f, unsigned k, unsigned depth);

/* The uses a named space for parameter k of f names, depth calls below
   the function weighed (above); raw: f's own unweighted, plus the calls'. */
static unsigned named_uses(Ip *ip, uint32_t f, unsigned k, unsigned depth, unsigned *raw) {
  PaySlotVec edges = {0};
  unsigned r = 0;
  unsigned n = local_uses(ip, f, k, &edges, UINT_MAX, &r);
  for (size_t e = 0; e < edges.n; e++) {
    unsigned p = depth + 1 < REACH_DEPTH ? reach_uses(ip, edges.v[e].f, edges.v[e].k, depth + 1)
                                          : pays(ip, edges.v[e].f, edges.v[e].k);
    n += p;
    r += p;
  }
  vec_free(&edges);
  if (raw)
    *raw = r;
  return n;
}

/* named_uses for a callee parameter: 0 when it does not pay; once per
   parameter (a cycle counts the slot being weighed as 1). */
static unsigned reach_uses(Ip *ip, uint32_t f, unsigned k, unsigned depth) {
  Fn *fi = ip->fns.v[f];
  if (!pays(ip, f, k))
    return 0;
  if (fi->reach_uses[k] == USES_BUSY)
    return 1;
  if (fi->reach_uses[k] != USES_UNKNOWN)
    return fi->reach_uses[k];
  fi->reach_uses[k] = USES_BUSY;
  unsigned n = named_uses(ip, f, k, depth, NULL);
  if (n < 1)
    n = 1;
  if (n >= USES_BUSY)
    n = USES_BUSY - 1;
  fi->reach_uses[k] = n;
  return n;
}

/* A tuple of f's call sites: the spaces kept (np + 1), its calls, and
   whether a clone is made for it. */
typedef struct Group {
  int *sp;
  ValVec calls;
  bool any, dropped;
} Group;

/* Fn.reached from world_live, once per wave (ip->reached_ok), and only
   when the cost model's answer depends on it: world_live walks the whole
   module, and a wave per call-graph level would make that quadratic in the
   depth (bench/chain.sh). */
static void reached_now(Ip *ip) {
  if (ip->reached_ok)
    return;
  ip->reached_ok = true;
  cx_stat(ip->cx, &st_reach_walks, 1);
  PtrMap live;
  map_init(&live);
  world_live(ip->t, ip->m, &live);
  for (size_t i = 0; i < ip->fns.n; i++)
    ip->fns.v[i]->reached = ip->fns.v[i]->fn && map_get(&live, ip->fns.v[i]->fn, NULL);
  map_free(&live);
}

/* Do the copies the groups ask for pay (above)?  Reports once per function
   when they do not. */
static bool copies_pay(Ip *ip, Fn *fi, const Group *g, size_t ng, size_t ncalls) {
  long limit = specs_cost_limit(ip->cx);
  if (limit <= 0 || fi->too_costly)
    return limit <= 0;
  size_t clones = 0;
  bool orig_live = use_count(fi->fn) != ncalls; /* other uses keep it */
  bool kept_calls = false; /* some calls keep the original */
  unsigned long named = 0, raw = 0; /* weighted by loop depth, and not */
  unsigned *uses = xmalloc(2 * (fi->np + 1) * sizeof *uses); /* per parameter, once */
  unsigned *raws = uses + fi->np + 1;
  for (unsigned a = 0; a < fi->np; a++)
    uses[a] = UINT_MAX;
  for (size_t i = 0; i < ng; i++) {
    if (!g[i].any) {
      kept_calls = true;
      continue;
    }
    clones++;
    for (unsigned a = 0; a < fi->np; a++)
      if (g[i].sp[a] >= 0) {
        if (uses[a] == UINT_MAX)
          uses[a] = named_uses(ip, fi->id, a, 0, &raws[a]);
        named += uses[a];
        raw += raws[a];
      }
    named += g[i].sp[fi->np] >= 0; /* a named return */
    raw += g[i].sp[fi->np] >= 0;
  }
  free(uses);
  if (!clones)
    return true;
  unsigned size = ir_copy_cost(fi->fn);
  /* are the calls that keep the original reached?  Asked only when the
     answer decides (it walks the module: reached_now) */
  if (!orig_live && kept_calls && !specs_copies_pay(ip->cx, clones, size, named) &&
      specs_copies_pay(ip->cx, clones - 1, size, named)) {
    reached_now(ip);
    for (size_t i = 0; i < ng && !orig_live; i++)
      for (size_t k = 0; !g[i].any && k < g[i].calls.n && !orig_live; k++) {
        LLVMValueRef caller = LLVMGetBasicBlockParent(LLVMGetInstructionParent(g[i].calls.v[k]));
        uint32_t c = rec_id(ip, caller);
        /* f's own recursive calls keep it only as long as others do */
        orig_live = caller != fi->fn && (c == MAP_NONE || ip->fns.v[c]->reached);
      }
  }
  size_t copies = clones - (clones && !orig_live);
  if (!copies)
    return true;
  if (specs_copies_pay(ip->cx, copies, size, named))
    return true;
  fi->too_costly = true;
  cx_stat(ip->cx, &st_costly, 1);
  specs_refused(ip->cx, &(SpecSaid){.fn = fi->fn}, SPEC_COST,
               &(SpecCost){copies, size, named, raw, NULL});
  if (ip->dump)
    fprintf(out(ip), "cloning %s costs too much\n", fn_name(fi->fn));
  return false;
}

/* Callers disagree: one clone per distinct tuple of observed spaces, when
   the copies pay. */
static bool clone_per_tuple(Ip *ip, Fn *fi) {
  unsigned np = fi->np;
  uint32_t f = fi->id;
  bool changed = false, stays = false;
  VEC(uint32_t) todo = {0};
  VEC(Group) groups = {0};
  for (size_t k = 0; k < fi->sites.n; k++)
    if (ip->sites.v[fi->sites.v[k]].call)
      vec_push(&todo, fi->sites.v[k]);
  size_t ncalls = todo.n;
  /* groups in the order of their first site */
  while (todo.n) {
    const Site *s0 = &ip->sites.v[todo.v[0]];
    Group g = {xmalloc((np + 1) * sizeof *g.sp), {0}, false, false};
    for (unsigned a = 0; a < np; a++)
      g.sp[a] = site_space(ip, fi, s0, a);
    g.sp[np] = -1;
    g.any = keep_paying(ip, f, g.sp);
    size_t keep = 0;
    for (size_t k = 0; k < todo.n; k++) {
      const Site *s = &ip->sites.v[todo.v[k]];
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
  if (!copies_pay(ip, fi, groups.v, groups.n, ncalls))
    for (size_t i = 0; i < groups.n; i++)
      groups.v[i].any = groups.v[i].dropped = false;
  for (size_t i = 0; i < groups.n; i++) {
    Group *g = &groups.v[i];
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
static void delete_fn(Ip *ip, Fn *fi) {
  ValVec work = {0};
  vec_push(&work, fi->fn);
  while (work.n) {
    LLVMValueRef f = work.v[--work.n];
    uint32_t id = rec_id(ip, f);
    Fn *di = ip->fns.v[id];
    ValVec callees = {0};
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        LLVMValueRef c = ir_callee(i);
        if (c && c != f && specs_made(ip->specs, fn_name(c)))
          vec_push(&callees, c);
      }
    kill_out(ip, id);
    LLVMDeleteFunction(f);
    di->fn = NULL;
    cx_stat(ip->cx, &st_deleted, 1);
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
static bool votes_cover_calls(const Ip *ip, const Fn *fi) {
  size_t live = 0;
  for (size_t k = 0; k < fi->sites.n; k++)
    live += ip->sites.v[fi->sites.v[k]].call != NULL;
  return live == use_count(fi->fn);
}

/* A self-recursive internal function whose outside calls agree on a space
   for a parameter, while its own recursive calls poisoned it only because
   they pass values derived from that generic parameter.  The hypothesis
   "parameter a is in space S" is checked on f alone: analysed with its own
   parameters in the spaces the outside calls agree on, every recursive call
   must pass S (or null/undef) in position a.  It then holds by induction
   once f is retyped in place, in this same step, so nothing assumed
   escapes (the recursive calls' arguments are proven by f's new types;
   spacecheck.c checks them).  Parameters whose hypothesis fails keep their
   vote; the check repeats without them until it holds.  True when some
   vote was made concrete.  Mutual recursion goes through clones. */
typedef struct Hypo {
  const Fn *fi;
  const int *lat;
} Hypo;

static int hypo_param(void *arg, LLVMValueRef f, unsigned idx) {
  const Hypo *h = arg;
  return f == h->fi->fn && idx < h->fi->np ? h->lat[idx] : LAT_GENERIC;
}

static bool self_recursion_agrees(Ip *ip, Fn *fi) {
  unsigned np = fi->np;
  bool self = false;
  int *hyp = xmalloc((np + 1) * sizeof *hyp);
  for (unsigned a = 0; a < np; a++)
    hyp[a] = fi->vote[a] == VOTE_NONE ? VOTE_NONE : VOTE_UNDET;
  for (size_t k = 0; k < fi->sites.n; k++) {
    const Site *s = &ip->sites.v[fi->sites.v[k]];
    if (!s->call)
      continue;
    if (s->caller == fi->id) {
      self = true;
      continue;
    }
    for (unsigned a = 0; a < np; a++) {
      int o = ip->obs.v[s->obs + a];
      if (hyp[a] != VOTE_NONE && o != OBS_NEUTRAL)
        hyp[a] = ipmsp_meet(hyp[a], o != OBS_INVALID, o);
    }
  }
  bool any = false, ok = false;
  for (unsigned a = 0; a < np; a++)
    any |= concrete(hyp[a]) && fi->vote[a] == VOTE_POISON;
  int *lat = xmalloc((np + 1) * sizeof *lat);
  SpaceEnv env = ip->env;
  Hypo h = {fi, lat};
  env.param_lat = hypo_param;
  env.arg = &h;
  while (self && any && !ok) {
    for (unsigned a = 0; a < np; a++)
      lat[a] = concrete(hyp[a]) ? hyp[a] : LAT_GENERIC;
    fi->rec_valid = false; /* ip->sp now holds the hypothesis */
    ip->analysed = fi->fn;
    if (!space_analyse(ip->sp, fi->fn, &env))
      break;
    ok = true;
    for (size_t k = 0; k < fi->sites.n; k++) {
      const Site *s = &ip->sites.v[fi->sites.v[k]];
      if (!s->call || s->caller != fi->id)
        continue;
      for (unsigned a = 0; a < np; a++) {
        if (!concrete(hyp[a]))
          continue;
        int o = classify(ip, LLVMGetOperand(s->call, a));
        if (o != OBS_NEUTRAL && o != hyp[a]) {
          hyp[a] = VOTE_POISON; /* drop it and check again */
          ok = false;
        }
      }
    }
    any = false;
    for (unsigned a = 0; a < np; a++)
      any |= concrete(hyp[a]) && fi->vote[a] == VOTE_POISON;
  }
  if (ok && any)
    for (unsigned a = 0; a < np; a++)
      if (concrete(hyp[a]))
        fi->vote[a] = hyp[a];
  free(lat);
  free(hyp);
  return ok && any;
}

/* Rewrites the records voted on in this wave, in module order. */
static bool rewrite(Ip *ip) {
  bool changed = false;
  if (ip->popped.n > 1) /* qsort wants a non-null base even for nothing */
    qsort(ip->popped.v, ip->popped.n, sizeof *ip->popped.v, cmp_u32);
  size_t n = ip->popped.n;
  ip->reached_ok = false; /* Fn.reached: computed when first needed (reached_now) */
  /* what clones would buy, decided on the module before it changes */
  for (size_t i = 0; i < n; i++) {
    const Fn *fi = ip->fns.v[ip->popped.v[i]];
    if (fi->fn && fi->cand && !fi->capped && fi->sites.n)
      for (unsigned k = 0; k < fi->np; k++)
        if (fi->vote[k] != VOTE_NONE)
          pays(ip, fi->id, k);
  }
  for (size_t i = 0; i < n; i++) {
    Fn *fi = ip->fns.v[ip->popped.v[i]];
    if (!fi->fn || !fi->cand || fi->capped)
      continue;
    compact_sites(ip, fi);
    if (!fi->sites.n)
      continue;
    bool any_concrete = false, any_poison = false;
    for (unsigned k = 0; k <= fi->np; k++) {
      any_concrete |= concrete(fi->vote[k]);
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
      specialize_in_place(ip, fi);
      changed = true;
    } else if (!fi->internal && any_concrete && !any_poison) {
      changed |= clone_for_votes(ip, fi);
    } else if (any_poison) {
      changed |= clone_per_tuple(ip, fi);
    }
  }
  /* internal originals whose calls all went to clones */
  for (size_t i = 0; i < n; i++) {
    Fn *fi = ip->fns.v[ip->popped.v[i]];
    if (fi->fn && fi->redirected && fi->internal && !used_outside(fi->fn))
      delete_fn(ip, fi);
  }
  for (size_t i = 0; i < n; i++) {
    Fn *fi = ip->fns.v[ip->popped.v[i]];
    fi->popped = false;
    fi->redirected = false;
  }
  ip->popped.n = 0;
  return changed;
}

/* ---- phase 4: infer on what changed -------------------------------------- */

static void reinfer(Ip *ip) {
  for (size_t k = 0; k < ip->dirty.n; k++) {
    Fn *fi = ip->fns.v[ip->dirty.v[k]];
    if (fi->fn && fi->stale)
      infer_function(ip->inf, fi->fn);
    fi->stale = false;
  }
}

/* ---- phase 4b: what no entry point reaches ------------------------------ */

/* After the waves: internal originals whose calls went to clones, and
   clones, that no entry point reaches any more are deleted — a cycle of
   them too (mutual recursion whose every outside call was redirected keeps
   calling itself).  Entry points: kernels, functions outside code may call
   (not internal), and functions used other than by an instruction
   (initializers, llvm.used).  A dead function's uses are all in dead
   functions: they are replaced by poison first, then all are deleted. */
static void sweep_dead(Ip *ip) {
  Pool scratch = {0};
  /* the module's functions, numbered */
  PtrMap idx = {.pool = &scratch};
  ValVec fns = {.pool = &scratch};
  for (LLVMValueRef f = LLVMGetFirstFunction(ip->m); f; f = LLVMGetNextFunction(f)) {
    map_put(&idx, f, (uint32_t)fns.n);
    vec_push(&fns, f);
  }
  /* who names whom: read from each function's use list (its calls and
     other uses, a few each) rather than from every operand of every
     instruction; then by namer, counting sort */
  VEC(uint32_t) from = {.pool = &scratch}, to = {.pool = &scratch};
  uint8_t *live = pool_alloc(&scratch, fns.n + 1);
  VEC(uint32_t) work = {.pool = &scratch};
  for (size_t g = 0; g < fns.n; g++) {
    LLVMValueRef f = fns.v[g];
    bool entry = !world_internal(f) || tgt_is_kernel(ip->t, f);
    for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (!LLVMIsAInstruction(user)) {
        entry = true;
        continue;
      }
      LLVMBasicBlockRef bb = LLVMGetInstructionParent(user);
      uint32_t k = bb ? map_find(&idx, LLVMGetBasicBlockParent(bb)) : MAP_NONE;
      if (k != MAP_NONE) {
        vec_push(&from, k);
        vec_push(&to, (uint32_t)g);
      }
    }
    if (entry) {
      live[g] = 1;
      vec_push(&work, (uint32_t)g);
    }
  }
  uint32_t *start = pool_alloc(&scratch, (fns.n + 1) * sizeof *start);
  uint32_t *named = pool_alloc(&scratch, (to.n + 1) * sizeof *named);
  for (size_t e = 0; e < from.n; e++)
    start[from.v[e] + 1]++;
  for (size_t k = 0; k < fns.n; k++)
    start[k + 1] += start[k];
  for (size_t e = 0; e < from.n; e++)
    named[start[from.v[e]]++] = to.v[e];
  for (size_t k = fns.n; k > 0; k--) /* back to each namer's first */
    start[k] = start[k - 1];
  start[0] = 0;
  while (work.n) {
    uint32_t f = work.v[--work.n];
    for (uint32_t e = start[f]; e < start[f + 1]; e++)
      if (!live[named[e]]) {
        live[named[e]] = 1;
        vec_push(&work, named[e]);
      }
  }
  ValVec dead = {0};
  for (size_t i = 0; i < ip->fns.n; i++) {
    Fn *fi = ip->fns.v[i];
    uint32_t k = fi->fn ? map_find(&idx, fi->fn) : MAP_NONE;
    if (k != MAP_NONE && LLVMCountBasicBlocks(fi->fn) && (fi->family || fi->lost_calls) &&
        !live[k])
      vec_push(&dead, fi->fn);
  }
  for (size_t k = 0; k < dead.n; k++)
    LLVMReplaceAllUsesWith(dead.v[k], LLVMGetPoison(LLVMTypeOf(dead.v[k])));
  for (size_t k = 0; k < dead.n; k++) {
    uint32_t id = rec_id(ip, dead.v[k]);
    kill_out(ip, id);
    LLVMDeleteFunction(dead.v[k]);
    ip->fns.v[id]->fn = NULL;
    cx_stat(ip->cx, &st_deleted, 1);
  }
  vec_free(&dead);
  pool_release(&scratch);
}

/* ---- phase 5: publish ---------------------------------------------------- */

static void publish(Ip *ip) {
  VEC(int) md = {0};
  for (size_t i = 0; i < ip->fns.n; i++) {
    const Fn *fi = ip->fns.v[i];
    if (!fi->fn || fi->fresh || !LLVMCountBasicBlocks(fi->fn))
      continue;
    md.n = 0;
    for (unsigned k = 0; k < fi->np; k++) {
      LLVMValueRef p = LLVMGetParam(fi->fn, k);
      int as = ir_ptr_as(LLVMTypeOf(p));
      if (as < 0)
        continue;
      int v = as;
      if (as == ip->t->generic) {
        int fixed = tgt_param_space(ip->t, fi->fn, k);
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

bool ipmsp_run(GaspCtx *cx, LLVMModuleRef m) {
  facts_pass_entry(cx, m);
  Ip ip;
  memset(&ip, 0, sizeof ip);
  pool_bind(&ip.fns, &ip.pool);
  pool_bind(&ip.fn_id, &ip.pool);
  pool_bind(&ip.sites, &ip.pool);
  pool_bind(&ip.obs, &ip.pool);
  pool_bind(&ip.work, &ip.pool);
  pool_bind(&ip.dirty, &ip.pool);
  pool_bind(&ip.affected, &ip.pool);
  pool_bind(&ip.popped, &ip.pool);
  ip.cx = cx;
  ip.t = cx->tgt;
  ip.m = m;
  ip.ctx = LLVMGetModuleContext(m);
  ip.b = LLVMCreateBuilderInContext(ip.ctx);
  ip.inf = infer_new(cx, m);
  ip.specs = specs_new(cx, m);
  ip.sp = facts_space(facts_of(cx, m));
  ip.dump = cx->opt.dump_ip_msp;
  /* no param_lat/ret_lat: an observation is what the caller's own types
     prove (see "Soundness by construction" above) */
  ip.env.visit_cap = cx->opt.visit_cap ? cx->opt.visit_cap : IPMSP_VISIT_CAP;
  static const char *const no_slot[] = {"byval", "byref", "sret", "inalloca",
                                        "preallocated"};
  for (unsigned i = 0; i < 5; i++)
    ip.no_slot_kinds[i] = LLVMGetEnumAttributeKindForName(no_slot[i], strlen(no_slot[i]));
  GaspGenericCounts gen_before, gen_after;
  unsigned long instrs_before = 0;
  if (cx->opt.stats) { /* two module walks: only when asked */
    world_count(ip.t, m, &gen_before);
    instrs_before = ir_count_module_instructions(m);
  }
  /* One drain: the first wave votes on every candidate; each later wave
     only on the functions whose call sites the previous one changed (new
     clones' bodies, redirected calls), until a wave rewrites nothing.  Every
     rewrite moves a call site to a function with more named parameters, so
     the waves end; each costs what it touches. */
  bool changed = false;
  build(&ip);
  for (bool first = true;; first = false) {
    solve_votes(&ip, first);
    cx_stat(cx, &st_rounds, 1);
    if (!rewrite(&ip))
      break;
    changed = true;
    reinfer(&ip);
    refresh(&ip);
    if (!ip.affected.n)
      break;
  }
  if (changed)
    sweep_dead(&ip);
  publish(&ip);
  if (changed && cx->opt.stats) { /* what cloning cost and what it bought */
    world_count(ip.t, m, &gen_after);
    unsigned long instrs_after = ir_count_module_instructions(m);
    if (instrs_after > instrs_before)
      cx_stat(cx, &st_added, instrs_after - instrs_before);
    if (gen_before.reachable > gen_after.reachable)
      cx_stat(cx, &st_bought, gen_before.reachable - gen_after.reachable);
  }
  pool_release(&ip.pool);
  specs_free(ip.specs);
  infer_free(ip.inf);
  space_free(ip.sp);
  LLVMDisposeBuilder(ip.b);
  return changed;
}
