/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* dom.c — dominators of one function (the C API has none): Cooper, Harvey
 * and Kennedy's "A Simple, Fast Dominance Algorithm" over the blocks
 * reachable from the entry in reverse post-order, then a pre/post numbering
 * of the dominator tree so that "a dominates b" is two comparisons.
 *
 * Used by infer's space facts (an llvm.assume or a branch on a space test
 * holds where it dominates), and by the clone cost model for loop depth: a
 * back edge goes to a block that dominates its source (its header); the
 * natural loop of a header is the header and every block that reaches one
 * of its back edges without passing it; a block's depth is the number of
 * such loops it is in (irreducible cycles have no header: depth 0).
 * Blocks no path from the entry reaches are dominated by nothing, dominate
 * nothing and are in no loop.
 *
 * A use's weight for the cost model is how many times it runs per call,
 * as far as the loops say: each loop it is in multiplies it by 16, or by
 * the loop's trip count where that is known and smaller — a counted loop,
 * `for (i = C0; i < B; i += S)`, whose exit test every iteration passes
 * and whose bound's largest value a constant, a mask, a remainder, a
 * constant added, a select or a zero extension gives (loop_trips) — at most
 * 256.  A helper's `for (j = 0; j < (v & 3) + 1; j++)` runs at most 4
 * times: a copy of it that names its accesses saves 4, not 16, generic
 * accesses a call (bench/random's callsplit copies of such helpers were
 * worse in final code).  This is an estimate for a cost, never a fact
 * anything is rewritten by.
 * Tests: test/infer/space-facts.ll, test/unit (dom_loop_depth),
 * test/ipmsp/clone-cost-loops.ll.
 */
#include "base/base.h"

#include <string.h>

struct Dom {
  Pool pool;               /* everything below */
  PtrMap id;               /* reachable block -> index in reverse post-order */
  BlockVec rpo;
  uint32_t *idom;          /* by index; the entry is its own */
  uint32_t *pre, *post;    /* dominator-tree numbering */
  uint32_t *depth;         /* natural loops each block is in */
  uint32_t *weight;        /* runs per call, as the loops say (dom_use_weight) */
};

static void successors(LLVMBasicBlockRef bb, ValVec *out) {
  out->n = 0;
  LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
  unsigned n = t ? LLVMGetNumSuccessors(t) : 0;
  for (unsigned i = 0; i < n; i++)
    vec_push(out, LLVMBasicBlockAsValue(LLVMGetSuccessor(t, i)));
}

/* Reverse post-order of the reachable blocks, numbered. */
static void order(Dom *d, LLVMValueRef fn) {
  PtrMap seen;
  map_init(&seen);
  ir_rpo(fn, &seen, &d->rpo);
  map_free(&seen);
  for (size_t i = 0; i < d->rpo.n; i++)
    map_put(&d->id, d->rpo.v[i], (uint32_t)i);
}

static uint32_t intersect(const uint32_t *idom, uint32_t a, uint32_t b) {
  while (a != b) {
    while (a > b)
      a = idom[a];
    while (b > a)
      b = idom[b];
  }
  return a;
}

#define DOM_NONE UINT32_MAX
#define DOM_LOOP_RUNS 16  /* a loop whose trip count is unknown */
#define DOM_MAX_WEIGHT 256
#define NO_BOUND UINT64_MAX

/* The largest value v may take (unsigned), where its form says: a
   constant, x & M, x urem C, y + C, a select of two, a zero extension;
   else NO_BOUND. */
static uint64_t largest(LLVMValueRef v, unsigned depth) {
  if (LLVMIsAConstantInt(v))
    return LLVMGetIntTypeWidth(LLVMTypeOf(v)) <= 64 ? LLVMConstIntGetZExtValue(v) : NO_BOUND;
  if (!LLVMIsAInstruction(v) || depth > 4)
    return NO_BOUND;
  LLVMValueRef a = LLVMGetNumOperands(v) > 0 ? LLVMGetOperand(v, 0) : NULL;
  LLVMValueRef b = LLVMGetNumOperands(v) > 1 ? LLVMGetOperand(v, 1) : NULL;
  uint64_t x, y;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMAnd:
    x = largest(a, depth + 1), y = largest(b, depth + 1);
    return x < y ? x : y;
  case LLVMURem:
    y = largest(b, depth + 1);
    return y == NO_BOUND || y == 0 ? NO_BOUND : y - 1;
  case LLVMAdd:
    x = largest(a, depth + 1), y = largest(b, depth + 1);
    return x == NO_BOUND || y == NO_BOUND || x > UINT32_MAX || y > UINT32_MAX ? NO_BOUND : x + y;
  case LLVMSelect:
    x = largest(b, depth + 1), y = largest(LLVMGetOperand(v, 2), depth + 1);
    return x > y ? x : y;
  case LLVMZExt: {
    unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(a));
    x = largest(a, depth + 1);
    return x != NO_BOUND || w >= 32 ? x : (1ull << w) - 1;
  }
  default:
    return NO_BOUND;
  }
}

/* The predicate with its operands swapped (a < b: b > a), and its
   negation (a < b: a >= b). */
static LLVMIntPredicate swapped(LLVMIntPredicate p) {
  switch (p) {
  case LLVMIntULT: return LLVMIntUGT;
  case LLVMIntUGT: return LLVMIntULT;
  case LLVMIntULE: return LLVMIntUGE;
  case LLVMIntUGE: return LLVMIntULE;
  case LLVMIntSLT: return LLVMIntSGT;
  case LLVMIntSGT: return LLVMIntSLT;
  case LLVMIntSLE: return LLVMIntSGE;
  case LLVMIntSGE: return LLVMIntSLE;
  default: return p; /* eq, ne */
  }
}
static LLVMIntPredicate inverse(LLVMIntPredicate p) {
  switch (p) {
  case LLVMIntULT: return LLVMIntUGE;
  case LLVMIntUGE: return LLVMIntULT;
  case LLVMIntULE: return LLVMIntUGT;
  case LLVMIntUGT: return LLVMIntULE;
  case LLVMIntSLT: return LLVMIntSGE;
  case LLVMIntSGE: return LLVMIntSLT;
  case LLVMIntSLE: return LLVMIntSGT;
  case LLVMIntSGT: return LLVMIntSLE;
  case LLVMIntEQ: return LLVMIntNE;
  default: return LLVMIntEQ;
  }
}

/* Block index a dominates block index b (the tree numbering: a's subtree
   holds b). */
static bool idx_dominates(const Dom *d, uint32_t a, uint32_t b) {
  return d->pre[a] <= d->pre[b] && d->post[b] <= d->post[a];
}

/* Is block bb in the loop of header h (its index marked h + 1)? */
static bool in_loop(const Dom *d, const uint32_t *mark, uint32_t h, LLVMBasicBlockRef bb) {
  uint32_t i = map_find(&d->id, bb);
  return i != MAP_NONE && mark[i] == h + 1;
}

/* c's value when c is an integer constant of at most 64 bits. */
static bool small_int(LLVMValueRef c, int64_t *out) {
  if (!LLVMIsAConstantInt(c) || LLVMGetIntTypeWidth(LLVMTypeOf(c)) > 64)
    return false;
  *out = LLVMConstIntGetSExtValue(c);
  return true;
}

/* The induction of header h's loop that v is: v is phi P of the header,
   entered with a constant C0 and advanced by a constant S > 0 on every
   back edge (P + S), or P + S itself (*after: S).  False otherwise. */
static bool counted(const Dom *d, const uint32_t *mark, uint32_t h, LLVMValueRef v, uint64_t *c0,
                    uint64_t *step, uint64_t *after) {
  *after = 0;
  int64_t s;
  if (LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == LLVMAdd &&
      LLVMIsAPHINode(LLVMGetOperand(v, 0)) && small_int(LLVMGetOperand(v, 1), &s)) {
    if (s <= 0)
      return false;
    *after = (uint64_t)s;
    v = LLVMGetOperand(v, 0);
  }
  if (!LLVMIsAPHINode(v) || LLVMGetInstructionParent(v) != d->rpo.v[h])
    return false;
  bool entered = false;
  *step = 0;
  for (unsigned k = 0; k < LLVMCountIncoming(v); k++) {
    LLVMValueRef in = LLVMGetIncomingValue(v, k);
    int64_t c;
    if (!in_loop(d, mark, h, LLVMGetIncomingBlock(v, k))) {
      if (!small_int(in, &c) || c < 0 || (entered && (uint64_t)c != *c0))
        return false;
      *c0 = (uint64_t)c;
      entered = true;
      continue;
    }
    if (!LLVMIsAInstruction(in) || LLVMGetInstructionOpcode(in) != LLVMAdd ||
        LLVMGetOperand(in, 0) != v || !small_int(LLVMGetOperand(in, 1), &s))
      return false;
    if (s <= 0 || (*step && (uint64_t)s != *step))
      return false;
    *step = (uint64_t)s;
  }
  return entered && *step && (!*after || *after == *step);
}

/* How many times the loop of header h (its blocks body[0..nb), marked
   h + 1) runs, at most, where an exit test every iteration passes bounds
   a counted induction (largest, counted); else DOM_LOOP_RUNS.  Never less
   than 1 nor more than DOM_LOOP_RUNS. */
static uint32_t loop_trips(const Dom *d, const uint32_t *mark, uint32_t h, const uint32_t *body,
                           size_t nb, const uint32_t *pstart, const uint32_t *preds) {
  uint64_t best = DOM_LOOP_RUNS;
  for (size_t i = 0; i < nb; i++) {
    uint32_t e = body[i];
    LLVMValueRef t = LLVMGetBasicBlockTerminator(d->rpo.v[e]);
    if (!t || !LLVMIsABranchInst(t) || !LLVMIsConditional(t))
      continue;
    bool in0 = in_loop(d, mark, h, LLVMGetSuccessor(t, 0));
    bool in1 = in_loop(d, mark, h, LLVMGetSuccessor(t, 1));
    LLVMValueRef c = LLVMGetCondition(t);
    if (in0 == in1 || !LLVMIsAICmpInst(c))
      continue;
    bool every = true; /* e dominates every latch: every iteration tests it */
    for (uint32_t k = pstart[h]; k < pstart[h + 1] && every; k++)
      if (mark[preds[k]] == h + 1)
        every = idx_dominates(d, e, preds[k]);
    if (!every)
      continue;
    LLVMIntPredicate p = LLVMGetICmpPredicate(c);
    LLVMValueRef iv = LLVMGetOperand(c, 0), bound = LLVMGetOperand(c, 1);
    uint64_t c0 = 0, step = 0, after = 0;
    if (!counted(d, mark, h, iv, &c0, &step, &after)) { /* B > i: i < B */
      LLVMValueRef x = iv;
      iv = bound, bound = x;
      p = swapped(p);
      if (!counted(d, mark, h, iv, &c0, &step, &after))
        continue;
    }
    if (!in0) /* the loop goes on while the test fails */
      p = inverse(p);
    uint64_t end = largest(bound, 0);
    if (end == NO_BOUND)
      continue;
    if (p == LLVMIntULE || p == LLVMIntSLE)
      end++;
    else if (p != LLVMIntULT && p != LLVMIntSLT && p != LLVMIntNE)
      continue;
    /* tests pass while c0 + k * step + after < end: k = 0 .. runs - 1 */
    uint64_t runs = c0 + after >= end ? 0 : (end - c0 - after + step - 1) / step;
    if (runs + 1 < best)
      best = runs + 1;
  }
  return (uint32_t)best;
}

Dom *dom_new(LLVMValueRef fn) {
  Dom *d = xcalloc(1, sizeof *d);
  pool_bind(&d->id, &d->pool);
  pool_bind(&d->rpo, &d->pool);
  order(d, fn);
  size_t n = d->rpo.n;
  Pool tmp = {0}; /* the construction's scratch */
  /* predecessors by index */
  uint32_t *pstart = pool_record(&tmp, (n + 1) * sizeof *pstart);
  VEC(uint32_t) from = {.pool = &tmp}, to = {.pool = &tmp};
  ValVec succ = {.pool = &tmp};
  for (size_t i = 0; i < n; i++) {
    successors(d->rpo.v[i], &succ);
    for (size_t k = 0; k < succ.n; k++) {
      uint32_t j = map_find(&d->id, LLVMValueAsBasicBlock(succ.v[k]));
      vec_push(&from, (uint32_t)i);
      vec_push(&to, j);
      pstart[j + 1]++;
    }
  }
  for (size_t i = 0; i < n; i++)
    pstart[i + 1] += pstart[i];
  uint32_t *preds = pool_record(&tmp, (from.n + 1) * sizeof *preds);
  uint32_t *fill = pool_record(&tmp, (n + 1) * sizeof *fill);
  for (size_t e = 0; e < from.n; e++)
    preds[pstart[to.v[e]] + fill[to.v[e]]++] = from.v[e];
  d->idom = pool_record(&d->pool, (n + 1) * sizeof *d->idom);
  for (size_t i = 0; i < n; i++)
    d->idom[i] = DOM_NONE;
  d->idom[0] = 0;
  bool changed = true;
  while (changed) {
    changed = false;
    for (uint32_t b = 1; b < n; b++) {
      uint32_t nid = DOM_NONE;
      for (uint32_t k = pstart[b]; k < pstart[b + 1]; k++) {
        uint32_t p = preds[k];
        if (d->idom[p] == DOM_NONE)
          continue;
        nid = nid == DOM_NONE ? p : intersect(d->idom, p, nid);
      }
      if (nid != d->idom[b]) {
        d->idom[b] = nid;
        changed = true;
      }
    }
  }
  /* dominator tree numbering: children lists, iterative DFS */
  uint32_t *cstart = pool_record(&tmp, (n + 2) * sizeof *cstart);
  uint32_t *kids = pool_record(&tmp, (n + 1) * sizeof *kids);
  for (uint32_t b = 1; b < n; b++)
    cstart[d->idom[b] + 1]++;
  for (size_t i = 0; i < n; i++)
    cstart[i + 1] += cstart[i];
  memset(fill, 0, (n + 1) * sizeof *fill);
  for (uint32_t b = 1; b < n; b++)
    kids[cstart[d->idom[b]] + fill[d->idom[b]]++] = b;
  d->pre = pool_record(&d->pool, (n + 1) * sizeof *d->pre);
  d->post = pool_record(&d->pool, (n + 1) * sizeof *d->post);
  uint32_t clock = 0, *next = pool_record(&tmp, (n + 1) * sizeof *next);
  VEC(uint32_t) st = {.pool = &tmp};
  if (n) {
    vec_push(&st, 0u);
    d->pre[0] = clock++;
  }
  while (st.n) {
    uint32_t b = st.v[st.n - 1];
    if (cstart[b] + next[b] < cstart[b + 1]) {
      uint32_t c = kids[cstart[b] + next[b]++];
      d->pre[c] = clock++;
      vec_push(&st, c);
    } else {
      d->post[b] = clock++;
      st.n--;
    }
  }
  /* loop depth: per header h, the natural loop of its back edges (a
     predecessor h dominates) is h and what reaches them without passing h;
     its blocks' weights multiplied by its trips (loop_trips) */
  d->depth = pool_record(&d->pool, (n + 1) * sizeof *d->depth);
  d->weight = pool_record(&d->pool, (n + 1) * sizeof *d->weight);
  for (size_t i = 0; i < n; i++)
    d->weight[i] = 1;
  uint32_t *mark = pool_record(&tmp, (n + 1) * sizeof *mark); /* h + 1: counted for h */
  VEC(uint32_t) body = {.pool = &tmp};
  for (uint32_t h = 0; h < n; h++) {
    body.n = 0;
    for (uint32_t k = pstart[h]; k < pstart[h + 1]; k++) {
      uint32_t t = preds[k];
      if (!idx_dominates(d, h, t))
        continue; /* not a back edge */
      if (mark[h] != h + 1) {
        mark[h] = h + 1;
        vec_push(&body, h);
      }
      if (mark[t] == h + 1)
        continue;
      mark[t] = h + 1;
      vec_push(&body, t);
      vec_push(&st, t);
      while (st.n) {
        uint32_t b = st.v[--st.n];
        for (uint32_t q = pstart[b]; q < pstart[b + 1]; q++)
          if (mark[preds[q]] != h + 1) {
            mark[preds[q]] = h + 1;
            vec_push(&body, preds[q]);
            vec_push(&st, preds[q]);
          }
      }
    }
    if (!body.n)
      continue;
    uint32_t trips = loop_trips(d, mark, h, body.v, body.n, pstart, preds);
    for (size_t i = 0; i < body.n; i++) {
      uint32_t b = body.v[i];
      d->depth[b]++;
      d->weight[b] = d->weight[b] * trips > DOM_MAX_WEIGHT ? DOM_MAX_WEIGHT : d->weight[b] * trips;
    }
  }
  pool_release(&tmp);
  return d;
}

bool dom_blocks(const Dom *d, LLVMBasicBlockRef a, LLVMBasicBlockRef b) {
  uint32_t i = map_find(&d->id, a), j = map_find(&d->id, b);
  if (i == MAP_NONE || j == MAP_NONE)
    return false;
  return idx_dominates(d, i, j);
}

bool dom_reachable(const Dom *d, LLVMBasicBlockRef bb) {
  return map_find(&d->id, bb) != MAP_NONE;
}

unsigned dom_loop_depth(const Dom *d, LLVMBasicBlockRef bb) {
  uint32_t i = map_find(&d->id, bb);
  return i == MAP_NONE ? 0 : d->depth[i];
}

/* Block bb's position: among the first blocks, few[0..n), else in at. */
static uint32_t block_pos(LLVMBasicBlockRef *few, uint32_t n, const PtrMap *at,
                          LLVMBasicBlockRef bb) {
  for (uint32_t k = 0; k < n; k++)
    if (few[k] == bb)
      return k;
  return map_find(at, bb);
}

/* Does every edge of fn go to a block laid out after its source?  Then fn
   has no cycle, so no loop (clang and gasp lay most loop-free code out so). */
static bool forward_only(LLVMValueRef fn) {
  enum { FEW = 16 }; /* positions of the first blocks in an array, a map beyond */
  LLVMBasicBlockRef few[FEW];
  PtrMap at;
  map_init(&at);
  uint32_t k = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb), k++)
    if (k < FEW)
      few[k] = bb;
    else
      map_put(&at, bb, k);
  uint32_t nfew = k < FEW ? k : FEW;
  bool ok = true;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && ok; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    unsigned n = t ? LLVMGetNumSuccessors(t) : 0;
    uint32_t from = block_pos(few, nfew, &at, bb);
    for (unsigned i = 0; i < n && ok; i++)
      ok = block_pos(few, nfew, &at, LLVMGetSuccessor(t, i)) > from;
  }
  map_free(&at);
  return ok;
}

unsigned dom_use_weight(Dom **d, LLVMValueRef inst) {
  LLVMBasicBlockRef bb = LLVMIsAInstruction(inst) ? LLVMGetInstructionParent(inst) : NULL;
  if (!bb)
    return 1;
  if (!*d) { /* a function without a cycle: no tree, every depth is 0 */
    LLVMValueRef fn = LLVMGetBasicBlockParent(bb);
    *d = forward_only(fn) ? xcalloc(1, sizeof **d) : dom_new(fn);
  }
  uint32_t i = (*d)->weight ? map_find(&(*d)->id, bb) : MAP_NONE;
  return i == MAP_NONE ? 1 : (*d)->weight[i];
}

void dom_free(Dom *d) {
  if (!d)
    return;
  pool_release(&d->pool);
  free(d);
}
