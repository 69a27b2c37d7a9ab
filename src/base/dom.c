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
     predecessor h dominates) is h and what reaches them without passing h */
  d->depth = pool_record(&d->pool, (n + 1) * sizeof *d->depth);
  uint32_t *mark = pool_record(&tmp, (n + 1) * sizeof *mark); /* h + 1: counted for h */
  for (uint32_t h = 0; h < n; h++)
    for (uint32_t k = pstart[h]; k < pstart[h + 1]; k++) {
      uint32_t t = preds[k];
      if (!(d->pre[h] <= d->pre[t] && d->post[t] <= d->post[h]))
        continue; /* not a back edge */
      if (mark[h] != h + 1) {
        mark[h] = h + 1;
        d->depth[h]++;
      }
      if (mark[t] == h + 1)
        continue;
      mark[t] = h + 1;
      d->depth[t]++;
      vec_push(&st, t);
      while (st.n) {
        uint32_t b = st.v[--st.n];
        for (uint32_t q = pstart[b]; q < pstart[b + 1]; q++)
          if (mark[preds[q]] != h + 1) {
            mark[preds[q]] = h + 1;
            d->depth[preds[q]]++;
            vec_push(&st, preds[q]);
          }
      }
    }
  pool_release(&tmp);
  return d;
}

bool dom_blocks(const Dom *d, LLVMBasicBlockRef a, LLVMBasicBlockRef b) {
  uint32_t i = map_find(&d->id, a), j = map_find(&d->id, b);
  if (i == MAP_NONE || j == MAP_NONE)
    return false;
  return d->pre[i] <= d->pre[j] && d->post[j] <= d->post[i];
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
  unsigned depth = dom_loop_depth(*d, bb);
  return depth >= 2 ? 256 : depth == 1 ? 16 : 1;
}

void dom_free(Dom *d) {
  if (!d)
    return;
  pool_release(&d->pool);
  free(d);
}
