/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* memorder.c — a private region's writes by place and by order, below
 * memory.c, which makes the slots: the writes that may reach a place
 * (mem_writes_at: the slots' question), what a write contributes to a
 * pointer-sized read at a place (mem_contributes), and what a load sees of
 * the writes before it in its block (mem_ordered_write: the model's answer
 * for a load whose slot holds more than one pointer).  (An analysis.)
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
 * Looking back is not a walk over the block: a place's stops (the
 * instructions with a write that reaches it, and the host's fill) are
 * listed once, by block and position, and a load asks for the last stop
 * before it by binary search.  Walking back instruction by instruction
 * passed every other place's accesses: N fields each written twice and
 * loaded after all the writes cost N walks of the block (5,000 fields
 * 14.8 s, bench/compile/blocks.md's fields-apart), and a block of loads of
 * one place needed a memo at each load to stay linear (ordered-loads).
 * Tests: fields/writers.ll (@mixed, @swapped; @mixed_branch,
 * @maybe_written stay generic), fields/ordered.cl, fields/ordered-block.ll,
 * infer/ordered-host-copy.ll.
 */
#include "analysis/memmodel.h"

#include <stdlib.h>

/* The widest exact-offset write mem_writes_at finds by its offset; a wider one
   is asked by every place. */
enum { NEAR_BYTES = 64 };

static int by_off(const void *a, const void *b) {
  const OffAcc *x = a, *y = b;
  if (x->off != y->off)
    return x->off < y->off ? -1 : 1;
  return (x->k > y->k) - (x->k < y->k);
}

static int by_index(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

/* The writes of the region being walked that may overlap a pointer-sized
   read at place r, in access order, into *out: for a strided r every
   write; for an exact r the writes within NEAR_BYTES before it, found by
   their offsets, and the others (mem_contributes answers 0 for every write
   left out).  slot_for asking every access of the region for every place
   made an alloca of N pointer fields, each written and loaded, cost N
   squared: 8,000 fields 1.4 s, 32,000 21 s (bench/compile/blocks.md,
   slot-fields). */
void mem_writes_at(MemModel *mm, Place r, AccList *out) {
  out->n = 0;
  if (r.stride) {
    for (uint32_t k = 0; k < mm->acc.n; k++)
      if (mm->acc.v[k].kind != A_PTRLOAD)
        vec_push(out, k);
    return;
  }
  if (!mm->indexed) {
    mm->near.n = mm->far.n = 0;
    for (uint32_t k = 0; k < mm->acc.n; k++) {
      const Access *w = &mm->acc.v[k];
      if (w->kind == A_PTRLOAD)
        continue;
      if (!w->at.stride && w->size >= 0 && w->size <= NEAR_BYTES) {
        OffAcc e = {w->at.off, k};
        vec_push(&mm->near, e);
      } else {
        vec_push(&mm->far, k);
      }
    }
    if (mm->near.n > 1)
      qsort(mm->near.v, mm->near.n, sizeof *mm->near.v, by_off);
    mm->indexed = true;
  }
  /* a write at w overlaps [r, r + psize) when r - size < w < r + psize */
  int64_t lo = r.off > INT64_MIN + NEAR_BYTES ? r.off - NEAR_BYTES : INT64_MIN;
  int64_t hi = r.off < INT64_MAX - mm->psize ? r.off + mm->psize : INT64_MAX;
  size_t a = 0, b = mm->near.n; /* the first offset > lo */
  while (a < b) {
    size_t m = a + (b - a) / 2;
    if (mm->near.v[m].off > lo)
      b = m;
    else
      a = m + 1;
  }
  for (size_t j = a; j < mm->near.n && mm->near.v[j].off < hi; j++)
    vec_push(out, mm->near.v[j].k);
  for (size_t j = 0; j < mm->far.n; j++)
    vec_push(out, mm->far.v[j]);
  if (out->n > 1)
    qsort(out->v, out->n, sizeof *out->v, by_index);
}

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
  if ((w->kind == A_NULLSTORE || w->kind == A_HOSTFILL) && w->size >= 0 && lo >= 0 &&
      hi <= w->size - p)
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

/* Instruction i's position in its block (the model numbers a block's
   instructions at its first question there; the IR does not change while
   a function is modelled). */
static uint32_t position(MemModel *mm, LLVMValueRef i) {
  uint32_t p = map_find(&mm->position, i);
  if (p == MAP_NONE) {
    uint32_t n = 0;
    for (LLVMValueRef j = LLVMGetFirstInstruction(LLVMGetInstructionParent(i)); j;
         j = LLVMGetNextInstruction(j))
      map_put(&mm->position, j, n++);
    p = map_find(&mm->position, i);
  }
  return p;
}

static int by_place(const void *a, const void *b) {
  const OrdStop *x = a, *y = b;
  uintptr_t bx = (uintptr_t)x->bb, by = (uintptr_t)y->bb;
  if (bx != by)
    return bx < by ? -1 : 1;
  return (x->pos > y->pos) - (x->pos < y->pos);
}

/* Adds instruction i to r's stops, with its answer, when a walk back for
   r ends there (write_of: i writes r, may write part of it, or is the
   host's fill); a walk passes any other instruction. */
static void add_stop(MemModel *mm, OrdStops *l, LLVMValueRef i, Place r) {
  const Access *w;
  bool sure = write_of(mm, i, r, &w);
  if (sure && !w)
    return;
  OrdStop s = {LLVMGetInstructionParent(i), position(mm, i),
               sure ? ORD_WRITE + (uint32_t)(w - mm->acc.v) : ORD_BAD};
  vec_push(l, s);
}

/* Exact place r's stops: the instructions a walk back for r ends at (one
   with a write that reaches r, the host's fill), by block and position,
   each with what the walk answers there (write_of). */
static const OrdStops *stops_of(MemModel *mm, OrderMemo *om, Place r) {
  const void *key = mem_off_key(r.off);
  uint32_t li = map_find(&om->places, key);
  if (li != MAP_NONE)
    return &om->stops.v[li];
  OrdStops l = {.pool = &mm->pool};
  AccList ws = {0};
  mem_writes_at(mm, r, &ws);
  for (size_t j = 0; j < ws.n; j++)
    add_stop(mm, &l, mm->acc.v[ws.v[j]].inst, r);
  vec_free(&ws);
  if (mm->host_copy)
    add_stop(mm, &l, mm->host_copy, r);
  if (l.n > 1)
    qsort(l.v, l.n, sizeof *l.v, by_place);
  size_t n = 0; /* an instruction with two writes there stops once */
  for (size_t j = 0; j < l.n; j++)
    if (!n || by_place(&l.v[n - 1], &l.v[j]))
      l.v[n++] = l.v[j];
  l.n = n;
  li = (uint32_t)om->stops.n;
  vec_push(&om->stops, l);
  map_put(&om->places, key, li);
  return &om->stops.v[li];
}

/* What a walk back from instruction before meets first for exact place r
   in its block: ORD_START (the block's start), ORD_BAD (an instruction
   that may write part of r, or write it twice) or ORD_WRITE + the write. */
static uint32_t met_before(MemModel *mm, OrderMemo *om, LLVMValueRef before, Place r) {
  const OrdStops *l = stops_of(mm, om, r);
  OrdStop at = {LLVMGetInstructionParent(before), position(mm, before), 0};
  size_t a = 0, b = l->n; /* the first stop at or after before */
  while (a < b) {
    size_t m = a + (b - a) / 2;
    if (by_place(&l->v[m], &at) < 0)
      a = m + 1;
    else
      b = m;
  }
  return a && l->v[a - 1].bb == at.bb ? l->v[a - 1].e : ORD_START;
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
    if (!a->must || a->at.stride || a->kind == A_HOSTFILL)
      return SEEN_OWN; /* a host fill: the slot says so (host) */
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
  for (size_t k = 0; k < memo->stops.n; k++)
    vec_free(&memo->stops.v[k]);
  vec_free(&memo->stops);
  map_free(&memo->places);
}
