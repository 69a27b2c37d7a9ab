/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* memorder.c — a private region's writes by place and by order, below
 * memory.c, which makes the slots: what a write contributes to a
 * pointer-sized read at a place (mem_contributes: the slots' question too),
 * and what a load sees of the writes before it in its block
 * (mem_ordered_write: the model's answer for a load whose slot holds more
 * than one pointer).  (An analysis.)
 *
 * Writes ordered within a block.  A load whose slot holds more than one pointer looks back in its own block
 * for the last write of its field — a store, a zero memset, or a writer
 * call whose only write of those bytes lies in the callee's entry block
 * (made on every path) — and memory.c gives it a slot of its own with that
 * one pointer;
 * a writer's field copy whose load comes before any store or call of the
 * callee's entry block leads on to the copied field (up to 8 copies); the
 * block's start gives the field's slot of every write. Anything else (a
 * write that may not happen, one covering part of the field or at a stride,
 * two writes of the field in one call, the host's fill of a by-value copy)
 * keeps the load's own slot; loads in other blocks are not followed across
 * edges.
 *
 * What a walk back for one place meets is remembered at every load of that
 * place it passes (met_before), so no walk for that place passes one twice:
 * a block of N loads costs N, not N squared (bench/compile/blocks.md,
 * ordered-loads).  A walk still passes other places' accesses: N fields
 * each written and loaded far apart cost N walks of the block between
 * (time, not memory: blocks.py's fields-apart).
 * Tests: fields/writers.ll (@mixed, @swapped; @mixed_branch,
 * @maybe_written stay generic), fields/ordered.cl, fields/ordered-block.ll,
 * infer/ordered-host-copy.ll.
 */
#include "analysis/memmodel.h"

static int64_t floor_div(int64_t a, int64_t b) { /* b > 0 */
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}

/* The distances d = (start of a read at r) - (start of a write at w) the
   places allow, between lo and hi exclusive: none (false), else the least
   and the greatest in *dmin, *dmax (the others lie between, a stride
   apart). */
static bool distances(Place r, Place w, int64_t lo, int64_t hi, int64_t *dmin, int64_t *dmax) {
  int64_t g = gcd64(r.stride, w.stride), d0 = r.off - w.off;
  if (!g) {
    *dmin = *dmax = d0;
    return lo < d0 && d0 < hi;
  }
  *dmin = d0 - g * floor_div(d0 - lo - 1, g);      /* the least > lo */
  *dmax = d0 + g * floor_div(hi - 1 - d0, g);      /* the greatest < hi */
  return *dmin <= *dmax;
}

/* What write w contributes to a pointer-sized field read at place r: 0
   nothing (they never overlap), 1 a value (the pointer, or null: wherever
   they overlap, the write is exactly that field, or zeroes all of it), -1
   the field is not modelled. */
int mem_contributes(const MemModel *mm, const Access *w, Place r) {
  int64_t p = mm->psize, lo, hi;
  int64_t wsize = w->size < 0 ? INT64_MAX / 4 : w->size;
  if (!distances(r, w->at, -p, wsize, &lo, &hi))
    return 0;
  if ((w->kind == A_PTRSTORE || w->kind == A_FIELDCOPY) && w->size == p && lo == 0 && hi == 0)
    return 1;
  if (w->kind == A_NULLSTORE && w->size >= 0 && lo >= 0 && hi <= w->size - p)
    return 1;
  return -1;
}

/* The write of instruction i that a pointer-sized read at place r sees
   when i runs before it: *w (NULL when i writes nothing there).  False
   when i may write part of r, or writes it twice. */
static bool write_of(const MemModel *mm, LLVMValueRef i, Place r, const Access **w) {
  *w = NULL;
  if (i == mm->host_copy)
    return false; /* the host's fill: every field, not an access */
  /* i's accesses, last first (one lookup: a scan of every access per
     instruction made the walk back cubic in a block's accesses) */
  for (uint32_t k = map_find(&mm->acc_set, i); k != MAP_NONE; k = mm->acc_prev.v[k]) {
    const Access *a = &mm->acc.v[k];
    if (a->kind == A_PTRLOAD)
      continue;
    int c = mem_contributes(mm, a, r);
    if (c < 0 || (c > 0 && *w))
      return false;
    if (c > 0)
      *w = a;
  }
  return true;
}

/* Whether instruction i loads a pointer at exact place r of the region:
   where a later walk for r starts, or stops at its answer. */
static bool loads_at(const MemModel *mm, LLVMValueRef i, Place r) {
  for (uint32_t k = map_find(&mm->acc_set, i); k != MAP_NONE; k = mm->acc_prev.v[k]) {
    const Access *a = &mm->acc.v[k];
    if (a->kind == A_PTRLOAD && !a->at.stride && a->at.off == r.off)
      return true;
  }
  return false;
}

/* What a walk back from an access's instruction meets first, for one exact
   place (mem_ordered_write's question), remembered for every load of that
   place the walk passes (where a later walk for it starts or stops), so
   that no later walk for that place goes past them: each load of a field
   walking alone over its block was quadratic in a block of loads (and
   cubic with a scan of every access per instruction: 1,000 loads of one
   field between stores of another took gasp-opt 8 s).  Remembered for
   every access passed, the maps held N squared entries where N fields
   were each written twice and loaded after all the writes (3,000 fields:
   540 MB, 5 s); an answer is the same wherever it is remembered. */
static uint32_t met_before(MemModel *mm, OrderMemo *om, LLVMValueRef before, Place r) {
  const void *key = mem_off_key(r.off);
  uint32_t mi = map_find(&om->places, key);
  if (mi == MAP_NONE) {
    PtrMap fresh = {.pool = &mm->pool};
    mi = (uint32_t)om->met.n;
    vec_push(&om->met, fresh);
    map_put(&om->places, key, mi);
  }
  PtrMap *m = &om->met.v[mi];
  uint32_t e = map_find(m, before);
  if (e != MAP_NONE)
    return e;
  e = ORD_START;
  LLVMValueRef i = LLVMGetPreviousInstruction(before);
  for (; i; i = LLVMGetPreviousInstruction(i)) {
    const Access *w;
    if (!write_of(mm, i, r, &w)) {
      e = ORD_BAD;
      break;
    }
    if (w) {
      e = ORD_WRITE + (uint32_t)(w - mm->acc.v);
      break;
    }
    uint32_t known = map_find(m, i); /* a walk before this one passed i */
    if (known != MAP_NONE) {
      e = known;
      break;
    }
  }
  map_put(m, before, e);
  for (LLVMValueRef j = LLVMGetPreviousInstruction(before); j != i;
       j = LLVMGetPreviousInstruction(j))
    if (loads_at(mm, j, r))
      map_put(m, j, e);
  return e;
}

/* What load, a pointer-sized read at exact place r of the region being
   walked, sees from the writes before it in its block: the last one that
   writes r, when it surely does (a store, a memset of zeroes, a writer
   call's only write there made on every path: Access.must): SEEN_WRITE,
   *w; a writer's field copy read at the callee's entry (a swap) leads on
   to the field it copied, before the call, and where the block starts
   first after such a copy, SEEN_FIELD: every write of *field.  SEEN_OWN:
   nothing better than the load's own slot (no write before it in the
   block, a write that may not happen or covers part of the field, a
   pointer moved by GEPs). */
int mem_ordered_write(MemModel *mm, OrderMemo *memo, LLVMValueRef load, Place r,
                      uint32_t *w, Place *field) {
  LLVMValueRef before = load;
  for (int hops = 0; hops < 8; hops++) {
    uint32_t e = met_before(mm, memo, before, r);
    if (e == ORD_BAD)
      return SEEN_OWN;
    if (e == ORD_START) {
      *field = r;
      return hops ? SEEN_FIELD : SEEN_OWN;
    }
    const Access *a = &mm->acc.v[e - ORD_WRITE];
    if (!a->must || a->at.stride)
      return SEEN_OWN;
    if (a->kind != A_FIELDCOPY) {
      *w = e - ORD_WRITE;
      return SEEN_WRITE;
    }
    if (a->moved || !a->entry_from || a->from.stride)
      return SEEN_OWN;
    r = a->from;
    before = a->inst;
  }
  return SEEN_OWN;
}

void mem_order_free(OrderMemo *memo) {
  for (size_t k = 0; k < memo->met.n; k++)
    map_free(&memo->met.v[k]);
  vec_free(&memo->met);
  map_free(&memo->places);
}
