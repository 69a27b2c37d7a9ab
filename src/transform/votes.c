/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* votes.c — ipmsp's records: every function, the call sites of the
 * candidates, what each call passes, and the votes (phases 1 and 2 of
 * ipmsp's waves; pass/ipmsp.c rewrites by them, and says the algorithm).
 *
 * Lattice, one vote per generic pointer parameter and one for a
 * generic pointer return:
 *     VOTE_UNDET (1000, bottom)  <  one concrete space  <  VOTE_POISON (2000)
 * meet(old, observed): invalid observation -> POISON; UNDET ^ S -> S;
 * S ^ S -> S; S ^ T -> POISON; POISON absorbs.  VOTE_UNSET (256) is scratch
 * inside one classification and is never stored.  An observation is the
 * space of the actual argument after intra-procedural inference in the
 * caller (space_analyse) *with the caller's own types*: a named space is
 * valid, a generic value is invalid, null and undef are neutral (no
 * observation).
 *
 * Records.  Every function gets one (numbered, never moved; a deleted
 * function's record keeps fn NULL).  A candidate (world_may_rewrite, with a
 * vote) has its call sites; each site holds the observations of its
 * arguments, computed once per body of the caller (ensure_record): read
 * from the types when every observed value is typed (a named pointer, a
 * cast of one, null, undef: a clone infer has rewritten), else from an
 * analysis of the caller.  A function voted on is analysed once per body
 * whatever its types say: the analysis is capped, and a block re-visited
 * more than --visit-cap times poisons the function, with a VisitCap
 * remark.  A rewrite marks what it
 * changed dirty (votes_mark_dirty); votes_refresh rescans those: their old
 * sites die, their calls are new sites, and the callees whose sites changed
 * are affected — the next wave votes on them (votes_solve), from UNDET.
 *
 * Candidates (world_may_rewrite): defined, named, not a kernel, not
 * varargs, not interposable (weak, linkonce, common, extern_weak), every
 * use a direct non-musttail call of the function's own type, no
 * blockaddress of its blocks, no musttail call inside, not naked (its body
 * is the user's assembly), not optnone.  A parameter votes unless it is
 * byval, byref, sret, inalloca or preallocated.  An available_externally
 * function (OpenCL C's `inline`) is a candidate for clones, never for an
 * in-place retype: LangRef promises the definition outside has the same
 * body, so an internal clone is as sound as inlining (shoc's fft.cl kept
 * 28 Generic SPIR-V accesses without it: test/ipmsp/available-externally.cl).
 *
 * Records are heap cells that never move (a pointer to one stays valid
 * while others are made); a wave votes on the affected records in record
 * order (module order, then creation order), so the output does not depend
 * on hash order.
 *
 * Tests: test/ipmsp/ (through the pass), unit test test_vote_meet.
 */
#include "transform/transform.h"

#include <string.h>

static const GaspStatDesc st_capped = {
    "ipmsp.functions-capped", "functions left unchanged by the visit cap"};

int votes_meet(int old_vote, bool valid, int as) {
  if (!valid)
    return VOTE_POISON;
  int new_vote = as; /* address_space_to_vote: the space number itself */
  if (old_vote == VOTE_UNDET)
    return new_vote;
  if (old_vote == new_vote)
    return old_vote;
  return VOTE_POISON;
}

bool votes_concrete(int vote) {
  return vote >= 0 && vote != VOTE_UNDET && vote != VOTE_POISON;
}

static FILE *out(const Votes *vs) { return cx_out(vs->cx); }

/* The record of live function f, or MAP_NONE.  A deleted function's
   address may be reused by LLVM for a new one (an intrinsic declared with
   new overload types): the record must still hold f. */
uint32_t votes_id(const Votes *vs, LLVMValueRef f) {
  uint32_t k = map_find(&vs->fn_id, f);
  return k != MAP_NONE && vs->fns.v[k]->fn == f ? k : MAP_NONE;
}

/* ---- phase 1: candidates and call sites -------------------------------- */

static bool is_generic_scalar(const Votes *vs, LLVMTypeRef t) { return ir_is_ptr_in(t, vs->t->generic); }

static bool param_votes(const Votes *vs, LLVMValueRef f, unsigned k) {
  return is_generic_scalar(vs, LLVMTypeOf(LLVMGetParam(f, k))) && !ir_param_abi(f, k);
}

/* Whether f may be rewritten, and its votes (all UNDET). */
static void classify_fn(Votes *vs, VoteFn *fi) {
  LLVMValueRef f = fi->fn;
  fi->internal = world_internal(f);
  fi->cand = world_may_rewrite(vs->t, f) && (!vs->only || map_get(vs->only, f, NULL));
  bool any = false;
  for (unsigned k = 0; k < fi->np; k++) {
    fi->vote[k] = fi->cand && param_votes(vs, f, k) ? VOTE_UNDET : VOTE_NONE;
    any |= fi->vote[k] != VOTE_NONE;
  }
  LLVMTypeRef rt = LLVMGetReturnType(LLVMGlobalGetValueType(f));
  fi->vote[fi->np] = fi->cand && is_generic_scalar(vs, rt) ? VOTE_UNDET : VOTE_NONE;
  any |= fi->vote[fi->np] != VOTE_NONE;
  fi->cand &= any;
  fi->ret_obs = VOTE_UNDET;
  fi->rec_valid = false;
  fi->fresh = false;
  benefit_forget(vs->benefit, fi->id);
}

/* A record for a function gasp has not seen (the module's at the start, a
   clone or a retyped function later); classified when its body is scanned. */
VoteFn *votes_register(Votes *vs, LLVMValueRef f) {
  VoteFn *fi = pool_record(&vs->pool, sizeof *fi);
  fi->fn = f;
  fi->id = (uint32_t)vs->fns.n;
  fi->np = LLVMCountParams(f);
  fi->vote = pool_record(&vs->pool, (fi->np + 1) * sizeof *fi->vote);
  pool_bind(&fi->sites, &vs->pool);
  pool_bind(&fi->out, &vs->pool);
  pool_bind(&fi->callers, &vs->pool);
  for (unsigned k = 0; k <= fi->np; k++)
    fi->vote[k] = VOTE_NONE;
  fi->ret_obs = VOTE_UNDET;
  fi->fresh = true;
  fi->reached = true; /* until a wave's world_live says otherwise */
  map_put(&vs->fn_id, f, fi->id);
  vec_push(&vs->fns, fi);
  return fi;
}

static void mark_affected(Votes *vs, uint32_t c) {
  VoteFn *ci = vs->fns.v[c];
  if (!ci->affected) {
    ci->affected = true;
    vec_push(&vs->affected, c);
  }
}

/* The calls g makes to candidates become sites (their callees are
   affected). */
static void scan_out(Votes *vs, uint32_t g) {
  LLVMValueRef gf = vs->fns.v[g]->fn;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(gf); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      LLVMValueRef callee = ir_callee(i);
      uint32_t c = callee ? votes_id(vs, callee) : MAP_NONE;
      if (c == MAP_NONE || !vs->fns.v[c]->cand)
        continue;
      VoteFn *cf = vs->fns.v[c];
      VoteSite s = {i, g, c, vs->obs.n};
      for (unsigned k = 0; k < cf->np; k++)
        vec_push(&vs->obs, OBS_NEUTRAL);
      uint32_t si = (uint32_t)vs->sites.n;
      vec_push(&vs->sites, s);
      vec_push(&cf->sites, si);
      vec_push(&vs->fns.v[g]->out, si);
      if (!cf->callers.n || cf->callers.v[cf->callers.n - 1] != g)
        vec_push(&cf->callers, g);
      mark_affected(vs, c);
    }
}

/* g's calls stop being sites (its body changed or goes away); their
   callees are affected. */
void votes_kill_out(Votes *vs, uint32_t g) {
  VoteFn *gi = vs->fns.v[g];
  for (size_t k = 0; k < gi->out.n; k++) {
    VoteSite *s = &vs->sites.v[gi->out.v[k]];
    if (s->call) {
      s->call = NULL;
      mark_affected(vs, s->callee);
    }
  }
  gi->out.n = 0;
}

/* Drops the dead entries of a callee's site list. */
void votes_compact_sites(Votes *vs, VoteFn *ci) {
  size_t keep = 0;
  for (size_t k = 0; k < ci->sites.n; k++)
    if (vs->sites.v[ci->sites.v[k]].call)
      ci->sites.v[keep++] = ci->sites.v[k];
  ci->sites.n = keep;
}

void votes_mark_dirty(Votes *vs, VoteFn *fi, bool stale) {
  fi->stale |= stale;
  if (!fi->dirty) {
    fi->dirty = true;
    vec_push(&vs->dirty, fi->id);
  }
}

/* The whole module, once: a record per function, then every site. */
void votes_build(Votes *vs) {
  for (LLVMValueRef f = LLVMGetFirstFunction(vs->m); f; f = LLVMGetNextFunction(f)) {
    VoteFn *fi = votes_register(vs, f);
    classify_fn(vs, fi);
    char *family = schema_fn_family(f);
    if (family)
      fi->family = pool_strdup(&vs->pool, family); /* made by an earlier run */
    free(family);
  }
  for (uint32_t g = 0; g < vs->fns.n; g++)
    scan_out(vs, g);
}

/* After a wave's rewrites: the records of new functions are classified,
   then every changed body is handed to first (ipmsp infers it again) and
   its calls are sites again. */
void votes_refresh(Votes *vs, void (*first)(void *, VoteFn *), void *arg) {
  /* a record made in this wave: its signature, attributes and callers are
     what they will be (first changes bodies only) */
  for (size_t k = 0; k < vs->dirty.n; k++) {
    VoteFn *fi = vs->fns.v[vs->dirty.v[k]];
    if (fi->fn && fi->fresh)
      classify_fn(vs, fi);
  }
  for (size_t k = 0; k < vs->dirty.n; k++) {
    VoteFn *fi = vs->fns.v[vs->dirty.v[k]];
    if (first)
      first(arg, fi); /* then its body is scanned while it is in the cache */
    fi->dirty = false;
    if (!fi->fn)
      continue;
    votes_kill_out(vs, fi->id);
    scan_out(vs, fi->id);
    fi->rec_valid = false;
    if (vs->dump && fi->out.n) { /* the callees its rewrite re-enqueues */
      unsigned n = 0;
      for (size_t j = 0; j < fi->out.n; j++) {
        uint32_t c = vs->sites.v[fi->out.v[j]].callee;
        bool dup = false;
        for (size_t i = 0; i < j && !dup; i++)
          dup = vs->sites.v[fi->out.v[i]].callee == c;
        n += !dup;
      }
      fprintf(out(vs), "%s : %u callees are affected\n", ir_name(fi->fn), n);
    }
    benefit_forget(vs->benefit, fi->id);
  }
  vs->dirty.n = 0;
}

/* ---- phase 2: votes ------------------------------------------------------ */

/* The classifier of the vote lattice, after space_analyse of fn. */
int votes_observe(const TgtTable *t, const Space *sp, LLVMValueRef fn, LLVMValueRef v) {
  if (LLVMIsAUndefValue(v) || (LLVMIsAConstantPointerNull(v) && !ir_null_is_valid(fn)))
    return OBS_NEUTRAL;
  bool isnull;
  int l = space_lat(sp, v, &isnull);
  return isnull || l == LAT_UNINIT ? OBS_NEUTRAL : tgt_is_space(t, l) ? l : OBS_INVALID;
}

static int votes_classify(const Votes *vs, LLVMValueRef v) {
  return votes_observe(vs->t, vs->sp, vs->analysed, v);
}

static void enqueue(Votes *vs, uint32_t f) {
  VoteFn *fi = vs->fns.v[f];
  if (fi->fn && fi->cand && !fi->queued) {
    fi->queued = true;
    vec_push(&vs->work, f);
  }
}

static void enqueue_callees(Votes *vs, uint32_t f) {
  for (size_t k = 0; k < vs->fns.v[f]->out.n; k++)
    enqueue(vs, vs->sites.v[vs->fns.v[f]->out.v[k]].callee);
}

static void poison_all(VoteFn *fi) {
  for (unsigned k = 0; k <= fi->np; k++)
    if (fi->vote[k] != VOTE_NONE)
      fi->vote[k] = VOTE_POISON;
}

/* The observation of v when types alone decide it, as votes_classify
   would after an analysis of f: undef, a null that is no address, a value
   (not a constant expression) typed in one of the table's named spaces —
   the analysis numbers generic values only — or an addrspacecast to
   generic of one (the analysis' SP_CAST, in a block it reaches; a constant
   cast anywhere).  OBS_UNTYPED otherwise. */
enum { OBS_UNTYPED = -4 };
static int named_as(const Votes *vs, LLVMValueRef v) {
  int as = ir_ptr_as(LLVMTypeOf(v));
  return as >= 0 && as != vs->t->generic && tgt_is_space(vs->t, as) &&
                 space_table_bit(vs->t, as)
             ? as
             : OBS_UNTYPED;
}

static int classify_typed(Votes *vs, LLVMValueRef f, LLVMValueRef v) {
  if (LLVMIsAUndefValue(v) || (LLVMIsAConstantPointerNull(v) && !ir_null_is_valid(f)))
    return OBS_NEUTRAL;
  bool cast = ir_opcode(v) == LLVMAddrSpaceCast &&
              ir_ptr_as(LLVMTypeOf(v)) == vs->t->generic;
  if (cast && LLVMIsAInstruction(v)) {
    if (!vs->reach_of) { /* the blocks f's analysis would visit */
      map_clear(&vs->reach);
      ir_rpo(f, &vs->reach, &vs->rpo);
      vs->reach_of = f;
    }
    if (!map_get(&vs->reach, LLVMGetInstructionParent(v), NULL))
      return OBS_UNTYPED;
  }
  if (cast)
    return named_as(vs, LLVMGetOperand(v, 0));
  if (LLVMIsAConstant(v) && !LLVMIsAGlobalValue(v))
    return OBS_UNTYPED;
  return named_as(vs, v);
}

/* Writes fi's observations — of the arguments its sites vote on, and of
   its returned pointers — classified after an analysis of fi (typed
   false), or from types alone (typed): then false as soon as one needs
   the analysis, whose observations the caller writes over these. */
static bool observe(Votes *vs, VoteFn *fi, bool typed) {
  vs->reach_of = NULL;
  for (size_t k = 0; k < fi->out.n; k++) {
    const VoteSite *s = &vs->sites.v[fi->out.v[k]];
    const VoteFn *ci = vs->fns.v[s->callee];
    for (unsigned a = 0; a < ci->np; a++) {
      LLVMValueRef v = LLVMGetOperand(s->call, a);
      int o = ci->vote[a] == VOTE_NONE ? OBS_NEUTRAL
              : typed                  ? classify_typed(vs, fi->fn, v)
                                       : votes_classify(vs, v);
      if (o == OBS_UNTYPED)
        return false;
      vs->obs.v[s->obs + a] = o;
    }
  }
  int r = VOTE_UNDET;
  if (fi->vote[fi->np] != VOTE_NONE)
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fi->fn); bb;
         bb = LLVMGetNextBasicBlock(bb)) {
      LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
      if (!t || !LLVMIsAReturnInst(t) || !LLVMGetNumOperands(t))
        continue;
      LLVMValueRef v = LLVMGetOperand(t, 0);
      int o = typed ? classify_typed(vs, fi->fn, v) : votes_classify(vs, v);
      if (o == OBS_UNTYPED)
        return false;
      if (o != OBS_NEUTRAL)
        r = votes_meet(r, o != OBS_INVALID, o);
    }
  fi->ret_obs = r;
  return true;
}

/* Analyses f and records the observations of its calls and its rets.  A
   caller whose types say everything (observe, typed) is not analysed: a
   clone that infer has rewritten passes typed pointers only, and was
   otherwise analysed once to be rewritten and once more to be read.  A
   function voted on (self) always is, once per body: the visit cap
   decides whether it may be rewritten at all. */
static void ensure_record(Votes *vs, uint32_t g, bool self) {
  VoteFn *fi = vs->fns.v[g];
  if (fi->rec_valid && (fi->rec_analysed || !self))
    return;
  fi->rec_valid = true;
  vs->analysed = fi->fn;
  fi->rec_analysed = self || fi->capped || !observe(vs, fi, true);
  if (!fi->rec_analysed)
    return;
  bool ok = space_analyse(vs->sp, fi->fn, &vs->env);
  fi = vs->fns.v[g];
  if (!ok) {
    if (!fi->capped) {
      fi->capped = true;
      cx_stat(vs->cx, &st_capped, 1);
      GaspRemark *r = cx_remark(vs->cx, GASP_REMARK_MISSED, "VisitCap", fi->fn, NULL);
      rm_arg(r, "String", "a block was re-visited more than ");
      rm_arg(r, "VisitCap", "%u", vs->env.visit_cap);
      rm_arg(r, "String", " times; the function is left unchanged");
      rm_done(r);
      poison_all(fi);
      enqueue_callees(vs, g); /* its calls observe nothing valid now */
    }
    for (size_t k = 0; k < fi->out.n; k++) {
      const VoteSite *s = &vs->sites.v[fi->out.v[k]];
      for (unsigned a = 0; a < vs->fns.v[s->callee]->np; a++)
        vs->obs.v[s->obs + a] = OBS_INVALID;
    }
    fi->ret_obs = VOTE_POISON;
    return;
  }
  observe(vs, fi, false);
}

static void pop_one(Votes *vs, uint32_t f) {
  VoteFn *fi = vs->fns.v[f];
  if (!fi->popped) {
    fi->popped = true;
    vec_push(&vs->popped, f);
  }
  for (size_t k = 0; k < fi->sites.n; k++) {
    const VoteSite *s = &vs->sites.v[fi->sites.v[k]];
    if (!s->call)
      continue;
    ensure_record(vs, s->caller, false);
    fi = vs->fns.v[f];
    for (unsigned a = 0; a < fi->np; a++) {
      int o = vs->obs.v[s->obs + a];
      if (fi->vote[a] == VOTE_NONE || o == OBS_NEUTRAL)
        continue;
      fi->vote[a] = votes_meet(fi->vote[a], o != OBS_INVALID, o);
    }
  }
  ensure_record(vs, f, true);
  fi = vs->fns.v[f];
  int *rv = &fi->vote[fi->np];
  if (*rv != VOTE_NONE && fi->ret_obs != VOTE_UNDET) {
    int nv = votes_meet(*rv, fi->ret_obs != VOTE_POISON, fi->ret_obs);
    *rv = nv;
  }
}

/* A parameter every live site passes null or undef to (its vote UNDET
   after the sites are met) is named the target's global space, where
   generic null is the 0 bit pattern (tgt_null: the call passes that
   space's null): the only value it ever holds compares, converts and
   hands on as it did, and an access through it, which no execution
   reaches without undefined behaviour, is a named one instead of a
   generic one the back end must keep (HeCBench secp256k1's
   `secp256k1_gej_add_ge_var(&sum, &sum, &ge[i], 0)`: its `rzr` clone kept
   10 generic accesses and 4 registers more than clang).  Meet-monotone
   votes are settled only after the wave's fixed point: a vote set here
   is never met again in this wave, and a later wave starts it from UNDET. */
static void settle_null_only(Votes *vs) {
  const TgtSpace *home = tgt_space(vs->t, vs->t->global);
  if (!home || !home->null_is_zero)
    return;
  for (size_t i = 0; i < vs->popped.n; i++) {
    VoteFn *fi = vs->fns.v[vs->popped.v[i]];
    if (!fi->fn || !fi->cand || fi->capped)
      continue;
    bool live = false;
    for (size_t k = 0; k < fi->sites.n && !live; k++)
      live = vs->sites.v[fi->sites.v[k]].call != NULL;
    for (unsigned a = 0; live && a < fi->np; a++)
      if (fi->vote[a] == VOTE_UNDET)
        fi->vote[a] = home->as;
  }
}

/* The first wave votes on every candidate; a later one on the records
   whose call sites changed (their parameter votes start again from UNDET:
   the sites they came from are gone) and on what that changes. */
void votes_solve(Votes *vs, bool first) {
  if (first) {
    for (uint32_t f = (uint32_t)vs->fns.n; f-- > 0;)
      enqueue(vs, f);
  } else {
    for (size_t k = vs->affected.n; k-- > 0;) {
      VoteFn *ci = vs->fns.v[vs->affected.v[k]];
      votes_compact_sites(vs, ci);
      if (ci->fn && ci->cand) {
        for (unsigned a = 0; a < ci->np; a++)
          if (ci->vote[a] != VOTE_NONE)
            ci->vote[a] = VOTE_UNDET;
        enqueue(vs, ci->id); /* its record stands: its body is what it was */
      }
    }
  }
  for (size_t k = 0; k < vs->affected.n; k++)
    vs->fns.v[vs->affected.v[k]]->affected = false;
  vs->affected.n = 0;
  if (vs->dump)
    fprintf(out(vs), "Initial work list size : %zu\n", vs->work.n);
  size_t head = 0;
  while (head < vs->work.n) {
    uint32_t f = vs->work.v[head++];
    vs->fns.v[f]->queued = false;
    pop_one(vs, f);
    if (head > 4096 && head * 2 > vs->work.n) { /* compact the queue */
      memmove(vs->work.v, vs->work.v + head, (vs->work.n - head) * sizeof *vs->work.v);
      vs->work.n -= head;
      head = 0;
    }
  }
  vs->work.n = 0;
  settle_null_only(vs);
}

/* What benefit.c asks of the records: a live function's number, the
   function of a number, whether parameter a of c has a vote, and a
   function's copy cost. */
static uint32_t host_id(void *arg, LLVMValueRef f) { return votes_id(arg, f); }
static LLVMValueRef host_fn(void *arg, uint32_t f) { return ((Votes *)arg)->fns.v[f]->fn; }
static bool host_weighed(void *arg, uint32_t c, unsigned a) {
  const VoteFn *ci = ((Votes *)arg)->fns.v[c];
  return ci->cand && a < ci->np && ci->vote[a] != VOTE_NONE;
}
static unsigned host_size(void *arg, uint32_t f) {
  const Votes *vs = arg;
  return vs->fns.v[f]->fn ? facts_copy_cost(vs->cx->facts, vs->fns.v[f]->fn) : 0;
}

void votes_init(Votes *vs, GaspCtx *cx, LLVMModuleRef m, Facts *facts) {
  memset(vs, 0, sizeof *vs);
  pool_bind(&vs->fns, &vs->pool);
  pool_bind(&vs->fn_id, &vs->pool);
  pool_bind(&vs->sites, &vs->pool);
  pool_bind(&vs->obs, &vs->pool);
  pool_bind(&vs->work, &vs->pool);
  pool_bind(&vs->dirty, &vs->pool);
  pool_bind(&vs->affected, &vs->pool);
  pool_bind(&vs->popped, &vs->pool);
  pool_bind(&vs->reach, &vs->pool);
  pool_bind(&vs->rpo, &vs->pool);
  vs->cx = cx;
  vs->t = cx->tgt;
  vs->m = m;
  vs->benefit = benefit_new(vs->t, (BenefitHost){vs, host_id, host_fn, host_weighed, host_size,
                                                  specs_cost_limit(cx)});
  vs->facts = facts;
  vs->sp = facts_space(facts);
  vs->dump = cx->opt.dump_ip_msp;
  vs->env.visit_cap = cx->opt.visit_cap ? cx->opt.visit_cap : IPMSP_VISIT_CAP;
}

void votes_free(Votes *vs) {
  pool_release(&vs->pool);
  benefit_free(vs->benefit);
  space_free(vs->sp);
}

/* Is v (a value fi returns), through GEPs, casts, selects and phis, null, a
   value in as, or a parameter voted as?  Then the return is named as once
   the parameters are (ipmsp's next wave resolves it). */
static bool returned_in(const VoteFn *fi, LLVMValueRef v, int as, unsigned depth) {
  v = ir_strip_offsets(v);
  if ((LLVMIsConstant(v) && LLVMIsNull(v)) || ir_ptr_as(LLVMTypeOf(v)) == as)
    return true;
  int k = ir_param_index(v);
  if (k >= 0)
    return (unsigned)k < fi->np && fi->vote[k] == as;
  if (!depth)
    return false;
  if (LLVMIsASelectInst(v))
    return returned_in(fi, LLVMGetOperand(v, 1), as, depth - 1) &&
           returned_in(fi, LLVMGetOperand(v, 2), as, depth - 1);
  unsigned n = LLVMIsAPHINode(v) ? LLVMCountIncoming(v) : 0;
  for (unsigned i = 0; i < n && n <= 16; i++)
    if (!returned_in(fi, LLVMGetIncomingValue(v, i), as, depth - 1))
      return false;
  return n && n <= 16;
}

bool votes_returns_in(const VoteFn *fi, int as) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fi->fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    if (t && LLVMIsAReturnInst(t) && LLVMGetNumOperands(t) &&
        !returned_in(fi, LLVMGetOperand(t, 0), as, 4))
      return false;
  }
  return true;
}
