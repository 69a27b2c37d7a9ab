/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* version.c — a loop, or a straight-line run of accesses, that goes
 * through a pointer in one of two spaces, versioned by one space test
 * before it (--version-by-space=on).
 *
 * Problem.  `p = c ? tile : in; for (...) s += p[i];` — p is a shared or a
 * global pointer, so every access of the loop stays generic: no static
 * proof can name it, and no call is there for callsplit to version.  One
 * test of p's space before the loop says which for every iteration.
 *
 * Rule (only with --version-by-space=on).  A natural loop — the outermost
 * first; an inner one when no loop around it was chosen (its pointer is
 * defined in the outer loop, or that one has a barrier) — with a
 * preheader (its header's one predecessor outside the loop, ending in an
 * unconditional branch to it), closed (a value the loop defines is used
 * outside only by a phi of an exit block), without calls but to intrinsics
 * that are not convergent (a test that differs between threads must not
 * put a barrier under divergent control flow), of at most LOOP_COPY_MAX
 * instructions, with a generic access whose pointer comes — through GEPs,
 * bitcasts and the header's phis — from a value r defined before the loop
 * whose set (the space analysis) is exactly two named spaces A and B the
 * target tests apart (casts_build_test: NVPTX isspacep.*, AMDGPU
 * is.shared/is.private, SPIR's __to_local/... compared with null).  The
 * preheader then tests r: the original loop
 * runs where r is in A and gets `addrspacecast (addrspacecast r to A) to
 * generic` for r, a copy of it where r is in B, with B's cast; the exit
 * blocks' phis take the copy's values too; infer then names the accesses
 * of both.  Sound because the set is: r is in one of the two, and the test
 * tells which.  One pointer per loop, one versioning per loop.
 *
 * Runs (after the loops, on what is left).  In one block, from a generic
 * access through such an r (through GEPs and bitcasts) to the last access
 * through r before a call (but to an intrinsic that is not convergent) or
 * the block's end, at least two accesses through r (the test pays for
 * them), at most VERSION_RUN_MAX instructions: `if (c) p = tile; else p =
 * in; p[i] += 7; s = p[j];` (a phi), `p = c ? l : g` (a select), a pointer
 * a helper returned or loaded from memory that holds two spaces.  The
 * block is cut before the run and after it; the test goes at the end of the
 * first part, the run stays as the version for r's first space and a copy
 * of it is made for the second (each reading r through its cast pair; a
 * GEP chain on r made before the run is made again in each arm); a value of
 * the run used after it is merged by a phi where the arms meet.  Several
 * runs of one block are versioned from the last to the first.
 *
 * A select's own condition (where the target table says it pays,
 * split_merges: NVPTX, where ptxas predicates the two short arms and llc
 * names neither; not AMDGPU, where a flat access costs about what a global
 * one does and a divergent branch saves and restores exec and waits:
 * bench/random gfx90a, 37 -> 35 kernels not worse with it;
 * --version-by-space or not).  A run
 * whose pointer comes (through GEPs and bitcasts) from a select of the
 * run's own block whose two operands are each in one named space, the two
 * different, is split on the select's condition: no space test, so one
 * access pays for it; the arms read the select's operands (the select goes
 * when nothing else uses it).  That is what LLVM's SimplifyCFG makes of an
 * if/else whose arms read through two spaces (`tx == 0 ? x_in[i] :
 * s_out[tx - 1]`, HeCBench sosfil): one load of a select, which neither
 * gasp nor NVPTX's llc can name; clang's build keeps it generic.  A select
 * made outside the run's block (before a loop) is left to the loop
 * versioning: split, it would cost a branch in every iteration.
 *
 * Cost: the clone cost model's rule (specialize.c, "What cloning
 * costs"): a loop or run is copied only when its instructions are at most
 * --clone-cost (the target's: 1 on NVPTX, AMDGPU and SPIR) times the
 * accesses through r it names, each weighted by its loop depth; else a
 * Missed remark (VersionTooCostly) says so.  The size caps bound the work.
 *
 * Example (nvptx64):
 *   %p = select i1 %c, ptr %tile.g, ptr %in.g
 *   br label %loop            ; loop: ... load float, ptr %e ...
 * becomes
 *   %t = call i1 @llvm.nvvm.isspacep.global(ptr %p)
 *   br i1 %t, label %version.global, label %version.local
 *   ; two loops: load float, ptr addrspace(1) ... / ptr addrspace(3) ...
 *
 * The loops are analysis/loops.c's, which the residue report reads too
 * (--summary: "left generic ... inside loops: N (M through a pointer of two
 * spaces set before a loop --version-by-space could copy)").
 *
 * Remark per loop (Passed, "VersionedLoop"), per run ("VersionedRun") and
 * per load made on a phi's edges ("SplitPhiLoad", below).
 * Requires: a module that verifies.  Debug name: version.  Statistics:
 * version.* (loops, runs, select-runs, phi-loads, too-costly).  Tests:
 * test/version/version-loop.ll, version-loop.cl (spir64, nvptx64,
 * amdgcn), version-run.ll (nvptx64, amdgcn), merge-split.ll.
 */
#include "pass/pass.h"

#include <assert.h>
#include <llvm-c/DebugInfo.h>
#include <string.h>

static const GaspStatDesc st_loops = {"version.loops",
                                      "loops versioned by the space of a pointer"};
static const GaspStatDesc st_runs = {
    "version.runs", "straight-line runs of accesses versioned by the space of a pointer"};
static const GaspStatDesc st_selects = {
    "version.select-runs", "straight-line runs of accesses through a select split on its condition"};
static const GaspStatDesc st_phis = {
    "version.phi-loads", "loads through a phi of spaces made on each incoming edge"};
static const GaspStatDesc st_costly = {
    "version.too-costly", "loops and runs not versioned: the copy costs more than it names"};


typedef struct Version {
  GaspCtx *cx;
  const TgtTable *t;
  LLVMModuleRef m;
  LLVMBuilderRef b;
  Space *sp;
  unsigned convergent;
  Facts *facts; /* the run's store */
} Version;

/* The value v stands for in the copy. */
static LLVMValueRef mapped(const PtrMap *vmap, const ValVec *news, LLVMValueRef v) {
  uint32_t k = map_find(vmap, v);
  return k == MAP_NONE ? v : news->v[k];
}

static LLVMBasicBlockRef mapped_block(const PtrMap *bmap, const BlockVec *nbs,
                                      LLVMBasicBlockRef b) {
  uint32_t k = map_find(bmap, b);
  return k == MAP_NONE ? b : nbs->v[k];
}

/* r in space as, as a generic pointer (a cast to as and back), made at the
   builder's place. */
static LLVMValueRef cast_pair_here(Version *s, LLVMValueRef r, int as) {
  LLVMValueRef named = LLVMBuildAddrSpaceCast(s->b, r, ir_retype(LLVMTypeOf(r), as), "");
  schema_guard_cast(s->cx, named); /* the copy for this space runs under its test */
  return LLVMBuildAddrSpaceCast(s->b, named, LLVMTypeOf(r), "");
}

/* The same, at the end of block bb. */
static LLVMValueRef cast_pair(Version *s, LLVMBasicBlockRef bb, LLVMValueRef r, int as) {
  LLVMPositionBuilderAtEnd(s->b, bb);
  return cast_pair_here(s, r, as);
}

/* Replaces r by with in the instructions of blocks. */
static void replace_in(const BlockVec *blocks, LLVMValueRef r, LLVMValueRef with) {
  for (size_t k = 0; k < blocks->n; k++)
    for (LLVMValueRef i = LLVMGetFirstInstruction(blocks->v[k]); i; i = LLVMGetNextInstruction(i)) {
      int n = LLVMGetNumOperands(i);
      for (int o = 0; o < n; o++)
        if (LLVMGetOperand(i, (unsigned)o) == r)
          LLVMSetOperand(i, (unsigned)o, with);
    }
}

/* A phi like old, in its place, with incoming block from renamed to. */
static LLVMValueRef rebuild_phi(Version *s, LLVMValueRef old, LLVMBasicBlockRef from,
                                LLVMBasicBlockRef to) {
  LLVMPositionBuilderBefore(s->b, old);
  LLVMValueRef phi = LLVMBuildPhi(s->b, LLVMTypeOf(old), "");
  unsigned n = LLVMCountIncoming(old);
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef v = LLVMGetIncomingValue(old, k);
    LLVMBasicBlockRef b = LLVMGetIncomingBlock(old, k);
    if (b == from)
      b = to;
    LLVMAddIncoming(phi, &v, &b, 1);
  }
  return phi;
}

/* Makes the loop closed: a value it defines that is used after it other
   than by an exit phi gets a phi in the one dedicated exit (copyable
   checked there is one), which those uses take instead — every path from
   the loop to them passes there. */
static void close_loop(Version *s, const BlockVec *body, const PtrMap *in) {
  LLVMBasicBlockRef e = NULL;
  BlockVec ps = {0};
  ValVec uses = {0};
  for (size_t k = 0; k < body->n; k++)
    for (LLVMValueRef i = LLVMGetFirstInstruction(body->v[k]); i; i = LLVMGetNextInstruction(i)) {
      uses.n = 0;
      for (LLVMUseRef u = LLVMGetFirstUse(i); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!loop_has(in, user) && !loop_closed_use(in, user, i) &&
            (!uses.n || uses.v[uses.n - 1] != user))
          vec_push(&uses, user);
      }
      if (!uses.n)
        continue;
      if (!e) {
        e = loop_sole_exit(body, in);
        loop_preds(e, &ps);
      }
      LLVMPositionBuilderBefore(s->b, LLVMGetFirstInstruction(e));
      LLVMValueRef phi = LLVMBuildPhi(s->b, LLVMTypeOf(i), "");
      for (size_t q = 0; q < ps.n; q++)
        LLVMAddIncoming(phi, &i, &ps.v[q], 1);
      for (size_t q = 0; q < uses.n; q++) {
        int n = LLVMGetNumOperands(uses.v[q]);
        for (int o = 0; o < n; o++)
          if (LLVMGetOperand(uses.v[q], (unsigned)o) == i)
            LLVMSetOperand(uses.v[q], (unsigned)o, phi);
      }
    }
  vec_free(&ps);
  vec_free(&uses);
}

/* Versions the loop (body, header h, preheader pre) on r's space. */
static void version(Version *s, LLVMValueRef fn, const BlockVec *body, const PtrMap *in,
                    LLVMBasicBlockRef h, LLVMBasicBlockRef pre, LLVMValueRef r,
                    const int sp[2]) {
  LLVMContextRef ctx = LLVMGetModuleContext(s->m);
  close_loop(s, body, in);
  LLVMValueRef pt = LLVMGetBasicBlockTerminator(pre);
  LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(pt);
  /* the test, and a block per version that makes r's cast */
  LLVMBasicBlockRef arm[2];
  char name[64];
  for (int k = 0; k < 2; k++) {
    snprintf(name, sizeof name, "version.%s", tgt_space_name(s->t, sp[k]));
    arm[k] = LLVMAppendBasicBlockInContext(ctx, fn, name);
  }
  LLVMInstructionEraseFromParent(pt);
  LLVMPositionBuilderAtEnd(s->b, pre);
  LLVMSetCurrentDebugLocation2(s->b, loc);
  LLVMValueRef t = casts_build_test(s->t, s->m, s->b, r, sp[0]);
  /* a poison pointer (a loop that never runs) would make the branch
     undefined: the test is frozen */
  LLVMBuildCondBr(s->b, LLVMBuildFreeze(s->b, t, "version.cond"), arm[0], arm[1]);
  /* the copy's blocks and instructions (phis empty for now) */
  Pool tmp = {0}; /* the maps and lists below */
  PtrMap vmap = {.pool = &tmp}, bmap = {.pool = &tmp};
  ValVec news = {.pool = &tmp};
  BlockVec nbs = {.pool = &tmp};
  for (size_t k = 0; k < body->n; k++) {
    size_t len;
    const char *bn = LLVMGetBasicBlockName(body->v[k]);
    len = strlen(bn);
    snprintf(name, sizeof name, "%.*s%s", (int)(len < 40 ? len : 40), bn, len ? ".v" : "");
    map_put(&bmap, body->v[k], (uint32_t)nbs.n);
    vec_push(&nbs, LLVMAppendBasicBlockInContext(ctx, fn, name));
  }
  for (size_t k = 0; k < body->n; k++) {
    LLVMPositionBuilderAtEnd(s->b, nbs.v[k]);
    for (LLVMValueRef i = LLVMGetFirstInstruction(body->v[k]); i; i = LLVMGetNextInstruction(i)) {
      LLVMValueRef c;
      if (LLVMIsAPHINode(i)) {
        c = LLVMBuildPhi(s->b, LLVMTypeOf(i), "");
      } else {
        c = LLVMInstructionClone(i);
        LLVMInsertIntoBuilder(s->b, c);
      }
      map_put(&vmap, i, (uint32_t)news.n);
      vec_push(&news, c);
    }
  }
  /* operands and successors of the copy */
  for (size_t k = 0; k < body->n; k++)
    for (LLVMValueRef i = LLVMGetFirstInstruction(body->v[k]); i; i = LLVMGetNextInstruction(i)) {
      LLVMValueRef c = mapped(&vmap, &news, i);
      if (LLVMIsAPHINode(i)) {
        for (unsigned j = 0; j < LLVMCountIncoming(i); j++) {
          LLVMValueRef v = mapped(&vmap, &news, LLVMGetIncomingValue(i, j));
          LLVMBasicBlockRef b = LLVMGetIncomingBlock(i, j);
          b = b == pre ? arm[1] : mapped_block(&bmap, &nbs, b);
          LLVMAddIncoming(c, &v, &b, 1);
        }
        continue;
      }
      if (LLVMIsATerminatorInst(c)) {
        unsigned ns = LLVMGetNumSuccessors(c);
        for (unsigned j = 0; j < ns; j++)
          LLVMSetSuccessor(c, j, mapped_block(&bmap, &nbs, LLVMGetSuccessor(c, j)));
      }
      int n = LLVMGetNumOperands(c);
      for (int o = 0; o < n; o++) {
        LLVMValueRef v = LLVMGetOperand(c, (unsigned)o);
        if (v && !LLVMValueIsBasicBlock(v))
          LLVMSetOperand(c, (unsigned)o, mapped(&vmap, &news, v));
      }
    }
  /* the exits' phis take the copy's values from the copy's blocks: an
     entry per entry of the original block (a branch with both edges to one
     exit has two) */
  for (size_t k = 0; k < body->n; k++) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(body->v[k]);
    LLVMBasicBlockRef nb = nbs.v[k];
    for (unsigned j = 0; j < LLVMGetNumSuccessors(term); j++) {
      LLVMBasicBlockRef e = LLVMGetSuccessor(term, j);
      bool seen = map_get(in, e, NULL) != 0;
      for (unsigned z = 0; z < j && !seen; z++)
        seen = LLVMGetSuccessor(term, z) == e; /* each exit block once */
      if (seen)
        continue;
      for (LLVMValueRef i = LLVMGetFirstInstruction(e); i && LLVMIsAPHINode(i);
           i = LLVMGetNextInstruction(i)) {
        unsigned n = LLVMCountIncoming(i);
        for (unsigned q = 0; q < n; q++)
          if (LLVMGetIncomingBlock(i, q) == body->v[k]) {
            LLVMValueRef v = mapped(&vmap, &news, LLVMGetIncomingValue(i, q));
            LLVMAddIncoming(i, &v, &nb, 1);
          }
      }
    }
  }
  /* the original header's phis come from the first arm now (last: a rebuilt
     phi may reuse an erased one's memory, so vmap must not be asked after) */
  for (LLVMValueRef i = LLVMGetFirstInstruction(h); i && LLVMIsAPHINode(i);) {
    LLVMValueRef next = LLVMGetNextInstruction(i);
    LLVMValueRef phi = rebuild_phi(s, i, pre, arm[0]);
    ir_take_name(i, phi);
    LLVMReplaceAllUsesWith(i, phi);
    LLVMInstructionEraseFromParent(i);
    i = next;
  }
  /* each version reads r in its space */
  LLVMValueRef ra = cast_pair(s, arm[0], r, sp[0]);
  LLVMBuildBr(s->b, h);
  LLVMValueRef rb = cast_pair(s, arm[1], r, sp[1]);
  LLVMBuildBr(s->b, mapped_block(&bmap, &nbs, h));
  replace_in(body, r, ra);
  replace_in(&nbs, r, rb);
  pool_release(&tmp);
  cx_stat(s->cx, &st_loops, 1);
}

/* Does a copy of `size` instructions pay for the accesses it names (each
   weighted by its loop depth: `named`; `raw` unweighted)?  The clone cost
   model's rule (specialize.c, "What cloning costs"): size <= limit x
   named, limit --clone-cost or the target's (0: none).  When it does not,
   a Missed remark at `at` says so. */
static bool copy_pays(Version *s, LLVMValueRef fn, LLVMValueRef at, const char *what, unsigned size,
                      unsigned long named, unsigned long raw) {
  if (specs_copies_pay(s->cx, 1, size, named))
    return true;
  cx_stat(s->cx, &st_costly, 1);
  char whose[32];
  snprintf(whose, sizeof whose, "the %s's", what);
  specs_refused(s->cx, s->facts,
               &(SpecSaid){.remark = "VersionTooCostly", .verb = "not versioned", .fn = fn,
                           .at = at},
               SPEC_COST, &(SpecCost){1, size, named, raw, whose, false});
  return false;
}

static void remark(Version *s, LLVMValueRef fn, LLVMValueRef at, const int sp[2]) {
  GaspRemark *r = cx_remark(s->cx, GASP_REMARK_PASSED, "VersionedLoop", fn, at);
  if (!r)
    return;
  rm_arg(r, "String", "loop versioned by the space of a pointer it accesses (");
  rm_arg(r, "TrueSpace", "%s", tgt_space_name(s->t, sp[0]));
  rm_arg(r, "String", " or ");
  rm_arg(r, "FalseSpace", "%s", tgt_space_name(s->t, sp[1]));
  rm_arg(r, "String", "): one space test before it, one copy of the loop per space");
  rm_done(r);
}

/* ---- straight-line runs ---------------------------------------------------
 * A run: in one block, from a generic access through a value r of exactly
 * two testable spaces to the last such access through r before a call
 * (but to an intrinsic that is not convergent) or the block's end, with at
 * least two accesses through r (one test pays for them) and at most
 * VERSION_RUN_MAX instructions.  The block is cut around the run; the run
 * stays as the version for r's first space and a copy is made for the
 * second; the test goes before them, and a value of the run used after it
 * is merged by a phi where the two meet again. */
#define VERSION_RUN_MAX 64
#define VERSION_RUN_ROUNDS 16

typedef struct Run {
  LLVMValueRef first, last, r;
  unsigned accesses, size; /* accesses through r; instructions first..last */
  int sp[2];
  bool sel; /* r is a select split on its own condition (below) */
} Run;
typedef VEC(Run) RunVec;

/* The value a GEP/bitcast chain from v starts at (v itself when none). */
static LLVMValueRef chain_root(LLVMValueRef v) {
  for (unsigned d = 0; d < 32 && (LLVMIsAGetElementPtrInst(v) || LLVMIsABitCastInst(v)); d++)
    v = LLVMGetOperand(v, 0);
  return v;
}

/* The one named space v (a merge's operand) points into; -1: null, or no
   one named space. */
static int one_named_space(const Version *s, LLVMValueRef v) {
  bool null = false;
  int as = space_lat(s->sp, v, &null);
  return null || as < 0 || !tgt_is_named(s->t, as) ? -1 : as;
}

/* Is r a select of bb whose two operands are each in one named space, the
   two different (out: the true operand's, the false one's)?  Its own
   condition then tells them apart: no space test, so one access pays for
   it.  In bb only: the shape LLVM's SimplifyCFG makes when it sinks the
   two arms' accesses of an if/else into one (HeCBench sosfil: `tx == 0 ?
   x_in[i] : s_out[tx - 1]`, a load of a select of a global and a shared
   pointer); a select made before a loop is the loop versioning's
   (--version-by-space), not a branch in every iteration. */
static bool select_two(const Version *s, LLVMBasicBlockRef bb, LLVMValueRef r, int out[2]) {
  if (!s->t->split_merges || !LLVMIsASelectInst(r) || LLVMGetInstructionParent(r) != bb ||
      LLVMGetTypeKind(LLVMTypeOf(LLVMGetCondition(r))) != LLVMIntegerTypeKind)
    return false;
  for (unsigned k = 0; k < 2; k++)
    if ((out[k] = one_named_space(s, LLVMGetOperand(r, k + 1))) < 0)
      return false;
  return out[0] != out[1];
}

/* May a run go on past i (no call but to a non-convergent intrinsic)? */
static bool run_may_cross(const Version *s, LLVMValueRef i) {
  if (ir_is_eh_pad(i) || LLVMIsATerminatorInst(i) || LLVMIsAPHINode(i))
    return false;
  if (!LLVMIsACallInst(i))
    return true;
  LLVMValueRef f = LLVMGetCalledValue(i);
  return f && LLVMIsAFunction(f) && LLVMGetIntrinsicID(f) &&
         !LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, s->convergent) &&
         !LLVMGetCallSiteEnumAttribute(i, LLVMAttributeFunctionIndex, s->convergent);
}

/* The runs of bb worth a test, in block order. */
static void find_runs(Version *s, LLVMBasicBlockRef bb, RunVec *out) {
  Run cur = {NULL, NULL, NULL, 0, 0, {0, 0}, false};
  unsigned len = 0;
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb);; i = LLVMGetNextInstruction(i)) {
    bool end = !i || !run_may_cross(s, i) || (cur.r && ++len > VERSION_RUN_MAX);
    LLVMValueRef r = NULL;
    int sp[2];
    bool sel = false;
    if (!end) {
      LLVMValueRef ptrs[2];
      unsigned n = ir_mem_ptrs(i, ptrs);
      for (unsigned q = 0; q < n && !r; q++)
        if (ir_ptr_as(LLVMTypeOf(ptrs[q])) == s->t->generic) {
          LLVMValueRef root = chain_root(ptrs[q]);
          if (root == cur.r)
            r = root;
          else if ((sel = select_two(s, bb, root, sp)) ||
                   (s->cx->opt.version_by_space && !LLVMIsAConstant(root) &&
                    space_two_testable(s->sp, root, sp)))
            r = root;
        }
    }
    if (r && r == cur.r) {
      cur.last = i;
      cur.accesses++;
      cur.size = len;
      continue;
    }
    if (end || r) {
      if (cur.r && cur.accesses >= (cur.sel ? 1u : 2u))
        vec_push(out, cur);
      cur.r = NULL;
    }
    if (!i || LLVMIsATerminatorInst(i))
      return;
    if (r) {
      Run nr = {i, i, r, 1, 1, {sp[0], sp[1]}, sel};
      cur = nr;
      len = 1;
    }
  }
}

/* Is i one of the run's instructions (first..last of its block)? */
static bool in_run(const PtrMap *run, LLVMValueRef v) {
  return LLVMIsAInstruction(v) && map_get(run, v, NULL);
}

/* Operand v of an instruction of an arm whose r is `with`: r becomes with,
   and a GEP/bitcast chain on r made before the run is made again in the
   arm (at the builder), once (memo: chain instruction -> its arm copy). */
static LLVMValueRef rebase(Version *s, const PtrMap *run, LLVMValueRef v, LLVMValueRef r,
                           LLVMValueRef with, PtrMap *memo, ValVec *made) {
  if (v == r)
    return with;
  if (!(LLVMIsAGetElementPtrInst(v) || LLVMIsABitCastInst(v)) || in_run(run, v) ||
      chain_root(v) != r)
    return v;
  uint32_t k = map_find(memo, v);
  if (k != MAP_NONE)
    return made->v[k];
  LLVMValueRef base = rebase(s, run, LLVMGetOperand(v, 0), r, with, memo, made);
  LLVMValueRef c = LLVMInstructionClone(v);
  LLVMInsertIntoBuilder(s->b, c);
  LLVMSetOperand(c, 0, base);
  map_put(memo, v, (uint32_t)made->n);
  vec_push(made, c);
  return c;
}

/* A non-phi user of r and the operand where it uses r: r again after a
   cut, which rebuilds the phis of the block it cuts (r may be one). */
static LLVMValueRef user_of(LLVMValueRef r, unsigned *op) {
  for (LLVMUseRef u = LLVMGetFirstUse(r); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user) || LLVMIsAPHINode(user))
      continue;
    int n = LLVMGetNumOperands(user);
    for (int o = 0; o < n; o++)
      if (LLVMGetOperand(user, (unsigned)o) == r) {
        *op = (unsigned)o;
        return user;
      }
  }
  return NULL;
}

/* The operands of an arm's instructions (arm: in run order): one of the
   run's values becomes its copy (copies; NULL for the run itself), and r,
   or a GEP/bitcast chain on r made before the run, becomes with or a
   chain made again on it before its user. */
static void remap_arm(Version *s, const ValVec *arm, const PtrMap *inrun, const ValVec *copies,
                      LLVMValueRef r, LLVMValueRef with) {
  PtrMap memo;
  map_init(&memo);
  ValVec made = {0};
  for (size_t k = 0; k < arm->n; k++) {
    LLVMValueRef i = arm->v[k];
    LLVMPositionBuilderBefore(s->b, i); /* chains made again go before their user */
    int n = LLVMGetNumOperands(i);
    for (int o = 0; o < n; o++) {
      LLVMValueRef v = LLVMGetOperand(i, (unsigned)o);
      if (!v || LLVMValueIsBasicBlock(v))
        continue;
      LLVMValueRef w = !in_run(inrun, v) ? rebase(s, inrun, v, r, with, &memo, &made)
                       : copies           ? copies->v[map_find(inrun, v)]
                                          : v;
      if (w != v)
        LLVMSetOperand(i, (unsigned)o, w);
    }
  }
  vec_free(&made);
  map_free(&memo);
}

/* Versions one run (see above). */
static void version_run_of(Version *s, const Run *in) {
  Run copy = *in, *run = &copy;
  LLVMContextRef ctx = LLVMGetModuleContext(s->m);
  LLVMValueRef after = LLVMGetNextInstruction(run->last);
  LLVMBasicBlockRef join = LLVMGetInstructionParent(after);
  LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(run->first);
  /* the run's instructions, in order */
  Pool tmp = {0}; /* the maps and lists below */
  ValVec ins = {.pool = &tmp};
  PtrMap inrun = {.pool = &tmp};
  for (LLVMValueRef i = run->first;; i = LLVMGetNextInstruction(i)) {
    map_put(&inrun, i, (uint32_t)ins.n);
    vec_push(&ins, i);
    if (i == run->last)
      break;
  }
  /* cut: head (before the run, gets the test), arm A (the run), join */
  unsigned rop = 0;
  LLVMValueRef ruser = user_of(run->r, &rop);
  assert(ruser && "an access of the run goes through r");
  LLVMBasicBlockRef armA = ir_split_before(s->b, after);
  LLVMBasicBlockRef head = ir_split_before(s->b, run->first);
  run->r = LLVMGetOperand(ruser, rop);
  char name[64];
  snprintf(name, sizeof name, "version.%s", tgt_space_name(s->t, run->sp[1]));
  LLVMBasicBlockRef armB = LLVMInsertBasicBlockInContext(ctx, join, name);
  snprintf(name, sizeof name, "version.%s", tgt_space_name(s->t, run->sp[0]));
  LLVMSetValueName2(LLVMBasicBlockAsValue(armA), name, strlen(name));
  LLVMPositionBuilderAtEnd(s->b, head);
  LLVMSetCurrentDebugLocation2(s->b, loc);
  LLVMValueRef t = run->sel ? LLVMGetCondition(run->r)
                            : casts_build_test(s->t, s->m, s->b, run->r, run->sp[0]);
  LLVMBuildCondBr(s->b, LLVMBuildFreeze(s->b, t, "version.cond"), armA, armB);
  /* arm B: r's cast (a select's false operand), then a copy of the run */
  LLVMValueRef rb = run->sel ? LLVMGetOperand(run->r, 2) : cast_pair(s, armB, run->r, run->sp[1]);
  LLVMPositionBuilderAtEnd(s->b, armB);
  ValVec copies = {.pool = &tmp};
  for (size_t k = 0; k < ins.n; k++) {
    LLVMValueRef c = LLVMInstructionClone(ins.v[k]);
    LLVMInsertIntoBuilder(s->b, c);
    LLVMInstructionSetDebugLoc(c, LLVMInstructionGetDebugLoc(ins.v[k]));
    vec_push(&copies, c);
  }
  remap_arm(s, &copies, &inrun, &copies, run->r, rb);
  LLVMPositionBuilderAtEnd(s->b, armB);
  LLVMBuildBr(s->b, join);
  /* arm A: the run itself, reading r through A's cast */
  LLVMPositionBuilderBefore(s->b, run->first);
  LLVMValueRef ra = run->sel ? LLVMGetOperand(run->r, 1) : cast_pair_here(s, run->r, run->sp[0]);
  remap_arm(s, &ins, &inrun, NULL, run->r, ra);
  LLVMPositionBuilderAtEnd(s->b, armA);
  LLVMBuildBr(s->b, join);
  /* a value of the run used after it: one phi where the arms meet */
  ValVec users = {.pool = &tmp};
  for (size_t k = 0; k < ins.n; k++) {
    LLVMValueRef i = ins.v[k], phi = NULL;
    users.n = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(i); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      LLVMBasicBlockRef ub = LLVMIsAInstruction(user) ? LLVMGetInstructionParent(user) : NULL;
      if (ub != armA && ub != armB)
        vec_push(&users, user);
    }
    for (size_t q = 0; q < users.n; q++) {
      if (!phi) {
        LLVMValueRef top = LLVMGetFirstInstruction(join);
        LLVMPositionBuilderBefore(s->b, top);
        phi = LLVMBuildPhi(s->b, LLVMTypeOf(i), "");
        LLVMValueRef vals[2] = {i, copies.v[k]};
        LLVMBasicBlockRef from[2] = {armA, armB};
        LLVMAddIncoming(phi, vals, from, 2);
      }
      int n = LLVMGetNumOperands(users.v[q]);
      for (int o = 0; o < n; o++)
        if (LLVMGetOperand(users.v[q], (unsigned)o) == i)
          LLVMSetOperand(users.v[q], (unsigned)o, phi);
    }
  }
  if (run->sel && !LLVMGetFirstUse(run->r)) /* each arm reads its operand */
    LLVMInstructionEraseFromParent(run->r);
  cx_stat(s->cx, run->sel ? &st_selects : &st_runs, 1);
  pool_release(&tmp);
}

static void run_remark(Version *s, LLVMValueRef fn, const Run *run) {
  GaspRemark *r = cx_remark(s->cx, GASP_REMARK_PASSED, "VersionedRun", fn, run->first);
  if (!r)
    return;
  rm_arg(r, "Accesses", "%u", run->accesses);
  rm_arg(r, "String", run->sel ? " accesses through a select of two spaces split on its condition ("
                               : " accesses versioned by the space of the pointer they go through (");
  rm_arg(r, "TrueSpace", "%s", tgt_space_name(s->t, run->sp[0]));
  rm_arg(r, "String", " or ");
  rm_arg(r, "FalseSpace", "%s", tgt_space_name(s->t, run->sp[1]));
  rm_arg(r, "String", run->sel ? "): one copy per operand" : "): one space test before them, one copy per space");
  rm_done(r);
}

/* Versions the runs of fn (after its loops); true when one was. */
static bool runs_of_function(Version *s, LLVMValueRef fn) {
  space_analyse(s->sp, fn, NULL);
  RunVec runs = {0};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    if (space_reachable(s->sp, bb))
      find_runs(s, bb, &runs);
  /* the cost model: the run's instructions against its accesses, weighted
     by the loop depth of its block (a run in a loop no versioning took) */
  Dom *lazy = NULL;
  size_t kept = 0;
  for (size_t k = 0; k < runs.n; k++) {
    unsigned w = dom_use_weight(&lazy, runs.v[k].first);
    if (copy_pays(s, fn, runs.v[k].first, "run", runs.v[k].size,
                  (unsigned long)w * runs.v[k].accesses, runs.v[k].accesses))
      runs.v[kept++] = runs.v[k];
  }
  runs.n = kept;
  dom_free(lazy);
  /* one run per block and invocation (the last that pays): versioning a
     run splits its block and rewrites the values it hands on, which an
     earlier run of the same block may read (its pointer, a value it uses:
     repro version_two_runs.ll); the earlier ones wait for the next run of
     the pass over the changed function */
  kept = 0;
  for (size_t k = 0; k < runs.n; k++) {
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(runs.v[k].first);
    bool later = false;
    for (size_t j = k + 1; j < runs.n && !later; j++)
      later = LLVMGetInstructionParent(runs.v[j].first) == bb;
    if (!later)
      runs.v[kept++] = runs.v[k];
  }
  runs.n = kept;
  /* decided on the unchanged function; the last run first, so the earlier
     runs keep their instructions where they were */
  for (size_t k = runs.n; k-- > 0;) {
    run_remark(s, fn, &runs.v[k]);
    version_run_of(s, &runs.v[k]);
  }
  bool changed = runs.n != 0;
  vec_free(&runs);
  return changed;
}

/* Versions the loops of fn that qualify, outermost first: an inner loop
   only where no loop around it was chosen (its pointer defined in the
   outer loop, or the outer loop not copyable: a barrier in it, too
   large); true when one was. */
static bool loops_of_function(Version *s, LLVMValueRef fn) {
  Dom *d = dom_new(fn);
  Pool tmp = {0}; /* the lists and maps below */
  BlockVec heads = {.pool = &tmp};
  for (unsigned depth = 1, more = 1; more; depth++) {
    more = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
      unsigned dd = dom_loop_depth(d, bb);
      more |= dd > depth;
      if (dd != depth)
        continue;
      BlockVec ps = {0};
      loop_preds(bb, &ps);
      bool header = false;
      for (size_t k = 0; k < ps.n && !header; k++)
        header = dom_reachable(d, ps.v[k]) && dom_blocks(d, bb, ps.v[k]);
      vec_free(&ps);
      if (header)
        vec_push(&heads, bb);
    }
  }
  if (!heads.n) {
    dom_free(d);
    pool_release(&tmp);
    return false;
  }
  space_analyse(s->sp, fn, NULL);
  typedef struct Job {
    LLVMBasicBlockRef h, pre;
    LLVMValueRef r, at;
    int sp[2];
  } Job;
  VEC(Job) jobs = {.pool = &tmp};
  BlockVec body = {.pool = &tmp};
  PtrMap in = {.pool = &tmp}, taken = {.pool = &tmp}; /* taken: chosen loops' blocks */
  /* decide on the unchanged function, then rewrite */
  for (size_t k = 0; k < heads.n; k++) {
    Job j = {heads.v[k], NULL, NULL, NULL, {0, 0}};
    if (map_get(&taken, j.h, NULL) || !loop_of(d, j.h, &body, &in) ||
        !loop_copyable(s->convergent, &body, &in, j.h, &j.pre))
      continue;
    for (size_t b = 0; b < body.n && !j.r; b++)
      for (LLVMValueRef i = LLVMGetFirstInstruction(body.v[b]); i && !j.r;
           i = LLVMGetNextInstruction(i))
        if ((j.r = loop_test_root(s->t, s->sp, &in, j.h, i, j.sp)))
          j.at = i;
    if (j.r) { /* the accesses through r it names, by loop depth, against its size */
      unsigned long named = 0, raw = 0;
      unsigned size = 0;
      Dom *lazy = NULL;
      for (size_t b = 0; b < body.n; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(body.v[b]); i; i = LLVMGetNextInstruction(i)) {
          size++;
          LLVMValueRef ptrs[2];
          unsigned n = ir_mem_ptrs(i, ptrs);
          for (unsigned q = 0; q < n; q++)
            if (ir_ptr_as(LLVMTypeOf(ptrs[q])) == s->t->generic &&
                loop_root(&in, j.h, ptrs[q]) == j.r) {
              named += dom_use_weight(&lazy, i);
              raw++;
              break;
            }
        }
      dom_free(lazy);
      if (copy_pays(s, fn, j.at, "loop", size, named, raw)) {
        vec_push(&jobs, j);
        for (size_t b = 0; b < body.n; b++)
          map_put(&taken, body.v[b], 1);
      }
    }
  }
  for (size_t k = 0; k < jobs.n; k++) {
    Job *j = &jobs.v[k];
    loop_of(d, j->h, &body, &in); /* other loops' versioning leaves this one as it was */
    remark(s, fn, j->at, j->sp);
    version(s, fn, &body, &in, j->h, j->pre, j->r, j->sp);
  }
  bool changed = jobs.n != 0;
  pool_release(&tmp);
  dom_free(d);
  return changed;
}

/* ---- loads through a phi of spaces, read on each edge --------------------
 * The other shape of an if/else whose arms read through two spaces: LLVM
 * keeps the arms (they compute the addresses) and merges the pointers in a
 * phi, then one load through it (`p = t < m ? &in[i] : &tile[j]; s += *p`).
 * Where every incoming value of the phi is in one named space, two of them
 * different, each predecessor ends in a branch to the load's block only,
 * and nothing before the load in its block but phis, address arithmetic
 * and other plain loads (no store, call or division), the load is made at
 * the end of each predecessor through that edge's pointer, and a phi of
 * the loaded values takes its place: the same load on every path, named
 * on each.  No branch is added (the arms are the program's). */
#define PHI_PREDS_MAX 4
#define PHI_CHAIN_MAX 16

/* May an instruction of the load's block stand before it (a load moved to
   the predecessors passes over it)? */
static bool phi_quiet(LLVMValueRef i) {
  LLVMOpcode op = LLVMGetInstructionOpcode(i);
  switch (op) {
  case LLVMPHI: case LLVMGetElementPtr: case LLVMBitCast: case LLVMAddrSpaceCast:
  case LLVMPtrToInt: case LLVMIntToPtr: case LLVMTrunc: case LLVMZExt: case LLVMSExt:
  case LLVMICmp: case LLVMFCmp: case LLVMSelect: case LLVMAdd: case LLVMSub: case LLVMMul:
  case LLVMShl: case LLVMLShr: case LLVMAShr: case LLVMAnd: case LLVMOr: case LLVMXor:
  case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFNeg: case LLVMFPExt: case LLVMFPTrunc:
  case LLVMSIToFP: case LLVMUIToFP: case LLVMFreeze:
    return true;
  case LLVMLoad:
    return !LLVMGetVolatile(i) && LLVMGetOrdering(i) == LLVMAtomicOrderingNotAtomic;
  default:
    return false;
  }
}

/* v as it is on the edge from pred into bb: a phi of bb gives its value for
   pred; an instruction of bb (quiet, not a load) is made again at pred's
   end on the operands it has there (memo: bb's instruction -> its copy);
   anything else dominates pred already.  NULL: v cannot be made there. */
static LLVMValueRef phi_edge_value(Version *s, LLVMValueRef v, LLVMBasicBlockRef bb,
                                   LLVMBasicBlockRef pred, PtrMap *memo, ValVec *made,
                                   unsigned depth) {
  if (!LLVMIsAInstruction(v) || LLVMGetInstructionParent(v) != bb)
    return v;
  if (LLVMIsAPHINode(v)) {
    unsigned n = LLVMCountIncoming(v);
    for (unsigned k = 0; k < n; k++)
      if (LLVMGetIncomingBlock(v, k) == pred)
        return LLVMGetIncomingValue(v, k);
    return NULL;
  }
  uint32_t at = map_find(memo, v);
  if (at != MAP_NONE)
    return made->v[at];
  if (depth >= PHI_CHAIN_MAX || !phi_quiet(v) || LLVMIsALoadInst(v))
    return NULL;
  int n = LLVMGetNumOperands(v);
  LLVMValueRef ops[8];
  if (n > 8)
    return NULL;
  for (int o = 0; o < n; o++)
    if (!(ops[o] = phi_edge_value(s, LLVMGetOperand(v, (unsigned)o), bb, pred, memo, made,
                                  depth + 1)))
      return NULL;
  LLVMValueRef c = LLVMInstructionClone(v);
  LLVMInsertIntoBuilder(s->b, c);
  for (int o = 0; o < n; o++)
    LLVMSetOperand(c, (unsigned)o, ops[o]);
  map_put(memo, v, (uint32_t)made->n);
  vec_push(made, c);
  return c;
}

/* Is load a load of bb through a phi of bb of named spaces (at least two),
   whose predecessors each branch to bb only, with only quiet instructions
   before it? */
static bool phi_load_splits(Version *s, LLVMBasicBlockRef bb, LLVMValueRef load) {
  if (!LLVMIsALoadInst(load) || !phi_quiet(load))
    return false;
  LLVMValueRef ptr = LLVMGetOperand(load, 0);
  if (ir_ptr_as(LLVMTypeOf(ptr)) != s->t->generic)
    return false;
  LLVMValueRef r = chain_root(ptr);
  if (!LLVMIsAPHINode(r) || LLVMGetInstructionParent(r) != bb)
    return false;
  unsigned n = LLVMCountIncoming(r);
  if (n < 2 || n > PHI_PREDS_MAX)
    return false;
  int first = -1;
  bool two = false;
  for (unsigned k = 0; k < n; k++) {
    LLVMBasicBlockRef pred = LLVMGetIncomingBlock(r, k);
    LLVMValueRef term = LLVMGetBasicBlockTerminator(pred);
    if (pred == bb || !term || LLVMGetNumSuccessors(term) != 1 || !LLVMIsABranchInst(term))
      return false;
    int as = one_named_space(s, LLVMGetIncomingValue(r, k));
    if (as < 0)
      return false;
    two |= first >= 0 && as != first;
    first = first < 0 ? as : first;
  }
  if (!two)
    return false;
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i != load; i = LLVMGetNextInstruction(i))
    if (!phi_quiet(i))
      return false;
  return true;
}

static void phi_remark(Version *s, LLVMValueRef fn, LLVMValueRef at, unsigned preds) {
  GaspRemark *r = cx_remark(s->cx, GASP_REMARK_PASSED, "SplitPhiLoad", fn, at);
  if (!r)
    return;
  rm_arg(r, "String", "load through a phi of pointers in different spaces made on each of its ");
  rm_arg(r, "Edges", "%u", preds);
  rm_arg(r, "String", " incoming edges");
  rm_done(r);
}

/* Moves load (phi_load_splits) of fn's block bb into bb's predecessors;
   false when an edge cannot make its address (nothing is changed then: the
   copies made so far are removed). */
static bool phi_load_split(Version *s, LLVMValueRef fn, LLVMBasicBlockRef bb, LLVMValueRef load) {
  LLVMValueRef r = chain_root(LLVMGetOperand(load, 0));
  unsigned n = LLVMCountIncoming(r);
  LLVMValueRef vals[PHI_PREDS_MAX];
  LLVMBasicBlockRef preds[PHI_PREDS_MAX];
  ValVec made = {0};
  for (unsigned k = 0; k < n; k++) {
    preds[k] = LLVMGetIncomingBlock(r, k);
    PtrMap memo;
    map_init(&memo);
    LLVMPositionBuilderBefore(s->b, LLVMGetBasicBlockTerminator(preds[k]));
    LLVMValueRef p = phi_edge_value(s, LLVMGetOperand(load, 0), bb, preds[k], &memo, &made, 0);
    map_free(&memo);
    if (!p) {
      for (size_t j = made.n; j-- > 0;)
        LLVMInstructionEraseFromParent(made.v[j]);
      vec_free(&made);
      return false;
    }
    vals[k] = LLVMInstructionClone(load);
    LLVMInsertIntoBuilder(s->b, vals[k]);
    LLVMInstructionSetDebugLoc(vals[k], LLVMInstructionGetDebugLoc(load));
    LLVMSetOperand(vals[k], 0, p);
    vec_push(&made, vals[k]);
  }
  vec_free(&made);
  LLVMPositionBuilderBefore(s->b, LLVMGetFirstInstruction(bb));
  LLVMValueRef phi = LLVMBuildPhi(s->b, LLVMTypeOf(load), "");
  LLVMAddIncoming(phi, vals, preds, n);
  LLVMReplaceAllUsesWith(load, phi);
  LLVMInstructionEraseFromParent(load);
  phi_remark(s, fn, vals[0], n);
  return true;
}

/* The loads of fn through a phi of spaces, each moved to the edges; true
   when one was. */
static bool phi_loads_of_function(Version *s, LLVMValueRef fn) {
  if (!s->t->split_merges)
    return false;
  space_analyse(s->sp, fn, NULL);
  ValVec loads = {0};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    if (space_reachable(s->sp, bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        if (phi_load_splits(s, bb, i))
          vec_push(&loads, i);
  size_t done = 0;
  for (size_t k = 0; k < loads.n; k++)
    done += phi_load_split(s, fn, LLVMGetInstructionParent(loads.v[k]), loads.v[k]);
  vec_free(&loads);
  cx_stat(s->cx, &st_phis, done);
  return done != 0;
}

/* fn's loops, then its straight-line runs. */
static bool run_function(Version *s, LLVMValueRef fn) {
  bool changed = s->cx->opt.version_by_space && loops_of_function(s, fn);
  /* the runs one invocation leaves waiting (an earlier one of a block
     another was taken in) on the changed function, a bounded number of
     times: an unrolled loop's block may hold several selects' runs */
  for (unsigned round = 0; round < VERSION_RUN_ROUNDS && runs_of_function(s, fn); round++)
    changed = true;
  changed |= phi_loads_of_function(s, fn);
  if (changed) /* both copies named by the pipeline's `reinfer` step */
    facts_reinfer_later(s->facts, fn);
  return changed;
}

bool version_run(PassRun *run) {
  GaspCtx *cx = run->cx;
  LLVMModuleRef m = run->m;
  facts_pass_entry(cx, m);
  Version s = {cx, cx->tgt, m, LLVMCreateBuilderInContext(LLVMGetModuleContext(m)),
               facts_space(run->facts),
               LLVMGetEnumAttributeKindForName("convergent", strlen("convergent")), run->facts};
  bool changed = false;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (LLVMGetFirstBasicBlock(f) && !ir_optnone(f))
      changed |= run_function(&s, f);
  space_free(s.sp);
  LLVMDisposeBuilder(s.b);
  return changed;
}
