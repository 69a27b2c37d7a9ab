/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* clonecost.c — the clone cost model on ipmsp's tuples: do the copies a
 * function's disagreeing callers ask for pay?  (specialize.c says the rule
 * and its limit, "What cloning costs"; benefit.c what each copy names;
 * pass/ipmsp.c asks, once per wave a function's calls change.)
 *
 * Callers that disagree make copies of f: one per distinct tuple, less one
 * when no call in code the kernels reach keeps the original (an internal
 * original's body moves into its last clone; an external one is kept for
 * outside callers, reached by no kernel; a call from such a kept original
 * does not count).  Each copy costs f's instructions once more in what kernels
 * reach.  The copies are made only when they cost at most `limit`
 * instructions per use they name: an access, an explicit cast or space test,
 * a use gasp cannot see past, and for a call passing the named pointer on
 * to a callee parameter that pays, what that parameter names down its calls
 * beyond the cost of the callee's own copy (benefit.c: a clone of f is what
 * lets its callees' clones be called, and front ends' small wrappers and
 * methods — a CUDA class method called with a __shared__ `this` — name
 * little themselves and much below them);
 * counted in every clone, weighted by loop depth.  Otherwise every call
 * keeps the original, which stays generic: on targets where generic accesses
 * are native and cheap (NVPTX) a second copy of a large function that names
 * few accesses grows the code more than it saves (specialize.c, "What
 * cloning costs").  The limit is --clone-cost, or the target's.
 *
 * Counted again in reached code alone when that refuses: a group none of
 * whose calls the kernels reach costs them nothing and names nothing they
 * run, and counting it made an external helper's kernel copy look like a
 * second body.  A CUDA or OpenCL unit is a library of visible functions:
 * hashcat's md5_update_64 is called by the kernel (its stack arrays) and
 * by md5_update, md5_update_global and a dozen other visible wrappers no
 * kernel calls (their own stack arrays, a context of unknown space); over
 * every group 2 copies, less the original, were 1 more body of 335
 * instructions for 210 uses, refused, and 1,457 generic accesses stayed in
 * each kernel of m00000_a0-pure through the kernel's call, where the kernel
 * reaches one body either way (clang's build: 1,648; with the copy 0, 39
 * registers against clang's 56).  The rule is the same — copies in reached
 * code times the size against the uses they name there — so the second
 * count only ever allows what the first over-counted: a kernel-less module
 * (nothing reached) or two reached copies are judged as before.
 *
 * Asked again each wave f's calls change (a caller retyped names more, a
 * refusal made while a caller's parameter was still generic would stand for
 * the whole drain and a second run would clone: scripts/stress.py's
 * idempotence check): only the last answer stands.
 */
#include "transform/transform.h"

#include <limits.h>
#include <stdio.h>

static const GaspStatDesc st_reach_walks = {
    "ipmsp.reach-walks",
    "module walks for the cost model's reachability (at most one a wave, only when it decides)"};

/* VoteFn.reached from world_live, once per wave (vs->reached_ok), and only
   when the cost model's answer depends on it: world_live walks the whole
   module, and a wave per call-graph level would make that quadratic in the
   depth (bench/chain.sh). */
static void reached_now(Votes *vs) {
  if (vs->reached_ok)
    return;
  vs->reached_ok = true;
  cx_stat(vs->cx, &st_reach_walks, 1);
  PtrMap live;
  map_init(&live);
  world_live(vs->t, vs->m, &live);
  for (size_t i = 0; i < vs->fns.n; i++)
    vs->fns.v[i]->reached = vs->fns.v[i]->fn && map_get(&live, vs->fns.v[i]->fn, NULL);
  map_free(&live);
}

/* Does one of group g's calls sit in code the kernels reach?  A caller
   without a record counts as reached; f's own recursive calls count when
   self says so (they are in every copy of f). */
static bool group_reached(Votes *vs, const VoteFn *fi, const VoteGroup *g, bool self) {
  reached_now(vs);
  for (size_t k = 0; k < g->calls.n; k++) {
    LLVMValueRef caller = LLVMGetBasicBlockParent(LLVMGetInstructionParent(g->calls.v[k]));
    uint32_t c = votes_id(vs, caller);
    if (caller == fi->fn ? self : (c == MAP_NONE || vs->fns.v[c]->reached))
      return true;
  }
  return false;
}

/* Does any call of the groups that keep the original sit in code the
   kernels reach?  (self: f's own recursive calls count; otherwise they
   keep it only as long as others do.) */
static bool kept_calls_reached(Votes *vs, const VoteFn *fi, const VoteGroup *g, size_t ng,
                               bool self) {
  for (size_t i = 0; i < ng; i++)
    if (!g[i].any && group_reached(vs, fi, &g[i], self))
      return true;
  return false;
}

/* Uses group g's copy names (weighted; *raw unweighted), uses[a] each
   parameter's, asked once. */
static unsigned long group_named(Votes *vs, const VoteFn *fi, const VoteGroup *g,
                                 unsigned *uses, unsigned *raws, unsigned long *raw) {
  unsigned long named = 0;
  for (unsigned a = 0; a < fi->np; a++)
    if (g->sp[a] >= 0) {
      if (uses[a] == UINT_MAX)
        uses[a] = benefit_named_uses(vs->benefit, fi->id, a, &raws[a]);
      named += uses[a];
      *raw += raws[a];
    }
  named += g->sp[fi->np] >= 0; /* a named return */
  *raw += g->sp[fi->np] >= 0;
  return named;
}

/* The copies counted in what the kernels reach only: a group none of whose
   calls is reached costs the kernels nothing and names nothing they run
   (an external helper's other callers: entry points of a library compiled
   into the module, hashcat's md5_update beside the kernel's md5_update_64).
   The reached groups' copies, less one when no reached call keeps the
   original (its body is then no longer reached; an external original
   stays for outside callers).  f's own recursive calls are reached: each
   copy of f makes them (cuda-samples' interval, `newton_interval_rec`
   calling itself with its own stack and a private interval: not counting
   them made 2 more bodies, PTX 1,178 -> 1,739, spill bytes 132 -> 412).
   Asked when the count over every group refused; no group reached: still
   refused. */
static bool reached_copies_pay(Votes *vs, const VoteFn *fi, const VoteGroup *g, size_t ng,
                               bool orig_live, unsigned *uses, unsigned *raws,
                               unsigned size) {
  size_t clones = 0;
  unsigned long named = 0, raw = 0;
  for (size_t i = 0; i < ng; i++)
    if (g[i].any && group_reached(vs, fi, &g[i], true)) {
      clones++;
      named += group_named(vs, fi, &g[i], uses, raws, &raw);
    }
  return clones && specs_copies_pay(vs->cx, clones - !(orig_live ||
                                                       kept_calls_reached(vs, fi, g, ng, true)),
                                    size, named);
}

/* Does the file keep fi's original whatever its calls do?  An externally
   visible function stays for outside callers (open world), unless its
   linkage lets the back end drop it once nothing calls it (linkonce, a C++
   inline function or template; available_externally), and so does one
   whose address is taken (orig_live). */
static bool file_keeps(const VoteFn *fi, bool orig_live) {
  if (fi->internal)
    return false;
  LLVMLinkage l = LLVMGetLinkage(fi->fn);
  return orig_live || !(l == LLVMLinkOnceAnyLinkage || l == LLVMLinkOnceODRLinkage ||
                        l == LLVMAvailableExternallyLinkage);
}

/* How often group g's calls run, as dom_use_weight weighs a use: the
   heaviest call's loop depth in its caller (one level: the caller's own
   callers are not weighed). */
static unsigned long calls_weight(const VoteGroup *g) {
  unsigned long w = 1;
  Dom *d = NULL; /* the dominators of `in`, kept while calls stay in it */
  LLVMValueRef in = NULL;
  for (size_t k = 0; k < g->calls.n; k++) {
    LLVMValueRef caller = LLVMGetBasicBlockParent(LLVMGetInstructionParent(g->calls.v[k]));
    if (caller != in) {
      dom_free(d);
      d = NULL;
      in = caller;
    }
    unsigned x = dom_use_weight(&d, g->calls.v[k]);
    if (x > w)
      w = x;
  }
  dom_free(d);
  return w;
}

/* The copies beside an original the file keeps for outside callers: each
   copy is one more body in the file, though the kernels reach one body
   either way (ptxas and a driver's JIT compile both, and the file grows).
   They pay when clones x size <= SPECS_BESIDE x limit x named, each
   group's uses weighted once more by how often its calls run (a copy is
   written once and saves at every call).  SPECS_BESIDE (16, the weight of
   a loop) is measured on the public OpenCL programs' copies beside kept
   originals: where the kernels gained, hashcat's (m00000: 1,416 generic
   accesses named, 56 -> 39 registers), a copy named a use every 1.1-11
   instructions; where the kernels gained 2-58 named accesses that run once
   and the file grew 1.7-1.9x (sgminer's SHA256 helpers, 1,239-1,943
   instructions for 2-4 uses; xmrig's BLAKE2b helpers, 1,405-3,166 for
   8-58), every 51-955.  Without this count such a copy was free.  *named
   and *raw: the uses so counted. */
static bool beside_copies_pay(Votes *vs, const VoteFn *fi, const VoteGroup *g, size_t ng,
                              unsigned *uses, unsigned *raws, unsigned size,
                              unsigned long *named, unsigned long *raw) {
  unsigned long clones = 0, once = 0, heavy = 0;
  *raw = 0;
  for (size_t i = 0; i < ng; i++)
    if (g[i].any) {
      clones++;
      once += group_named(vs, fi, &g[i], uses, raws, raw);
    }
  *named = once;
  if (specs_copies_pay(vs->cx, clones, size, SPECS_BESIDE * once))
    return true;
  for (size_t i = 0; i < ng; i++)
    if (g[i].any) {
      unsigned long r = 0;
      heavy += group_named(vs, fi, &g[i], uses, raws, &r) * calls_weight(&g[i]);
    }
  *named = heavy;
  return specs_copies_pay(vs->cx, clones, size, SPECS_BESIDE * heavy);
}

bool votes_copies_pay(Votes *vs, VoteFn *fi, const VoteGroup *g, size_t ng, bool orig_live,
                      SpecCost *refused) {
  long limit = specs_cost_limit(vs->cx);
  fi->too_costly = false;
  if (limit <= 0)
    return true;
  size_t clones = 0;
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
    named += group_named(vs, fi, &g[i], uses, raws, &raw);
  }
  if (!clones) {
    free(uses);
    return true;
  }
  unsigned size = facts_copy_cost(vs->cx->facts, fi->fn);
  /* are the calls that keep the original reached?  Asked only when the
     answer decides (it walks the module: reached_now) */
  if (!orig_live && kept_calls && !specs_copies_pay(vs->cx, clones, size, named) &&
      specs_copies_pay(vs->cx, clones - 1, size, named))
    orig_live = kept_calls_reached(vs, fi, g, ng, false);
  size_t copies = clones - (clones && !orig_live);
  bool pays = !copies || specs_copies_pay(vs->cx, copies, size, named) ||
              reached_copies_pay(vs, fi, g, ng, orig_live, uses, raws, size);
  bool beside = false; /* refused for the copies the file keeps beside the original */
  if (pays && file_keeps(fi, orig_live)) {
    beside = !beside_copies_pay(vs, fi, g, ng, uses, raws, size, &named, &raw);
    pays = !beside;
    if (beside)
      copies = clones;
  }
  free(uses);
  if (pays)
    return true;
  fi->too_costly = true;
  *refused = (SpecCost){copies, size, named, raw, NULL, beside};
  if (vs->dump)
    fprintf(cx_out(vs->cx), "cloning %s costs too much\n", ir_name(fi->fn));
  return false;
}
