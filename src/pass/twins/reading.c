/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* reading.c — what twins reads of the IR to choose each call's twin
 * (twins.c), and what of it it keeps from one retype to the next.
 *
 * The questions, asked per argument of each call of each function
 * retyped: does one instruction come before another in its block (read
 * off positions numbered a block at a time, with gaps: reading_before,
 * reading_placed), does one dominate another (the callers' dominator
 * trees: reading_available), is a generic twin used after a call (its
 * uses summed per block: use_sums, reading_used_after), what are a
 * value's casts to generic (reading_generic_casts), and what are the uses
 * of a stack slot's address and which of them comes first
 * (reading_address_uses, reading_first_use).
 *
 * Kept.  A value many calls pass is read once for all of them: the first
 * question reads its uses as they are and marks it (ASKED_ONCE), the
 * second reads them into a list the later ones look up.  The lists stay
 * from one retype to the next: a rewrite moves a replaced call's place in
 * them to the call that replaces it (reading_call_moved), counts a twin's
 * new use (reading_sums_gain), and forgets what it changes otherwise
 * (what an erased value had: reading_forget); a cast built at a call for
 * it alone is never another call's twin and stays out of them
 * (reading_made); the lists are dropped whole (reading_end) only when
 * most of what they hold is forgotten (reading_settle).  Dropped at every
 * rewrite, a slot or pointer passed to calls of many helpers, one each,
 * had its uses read whole once per helper (twins.c's header, "Cost").
 * Under GASP_VERIFY_EACH (every test sets it) each kept list is read again
 * where it is looked up, and a difference is the pass's own error
 * (kept_differs: test/twins/kept.ll).
 */
#include "reading.h"

/* Room between neighbours' first positions: what one call's retype
   builds before it (its arguments' casts and selects) fits without
   numbering the block again. */
#define POS_GAP 1024u

/* The callers' dominator trees, dropped when the pass ends (a retype
   adds instructions, never blocks or edges). */
static void doms_free(Twins *tw) {
  for (size_t i = 0; i < tw->doms.n; i++)
    dom_free(tw->doms.v[i]);
  vec_free(&tw->doms);
  map_clear(&tw->dom_at);
}

static const Dom *dom_of(Twins *tw, LLVMValueRef fn) {
  uint32_t i = map_find(&tw->dom_at, fn);
  if (i == MAP_NONE) {
    i = (uint32_t)tw->doms.n;
    vec_push(&tw->doms, dom_new(fn));
    map_put(&tw->dom_at, fn, i);
  }
  return tw->doms.v[i];
}

static bool numbered(const Twins *tw, LLVMBasicBlockRef bb) {
  uint32_t v = map_find(&tw->numbered, bb);
  return v != MAP_NONE && v;
}

/* Does instruction a come before b (same block, a != b)? */
bool reading_before(Twins *tw, LLVMValueRef a, LLVMValueRef b) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(a);
  if (!numbered(tw, bb)) {
    size_t n = 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      n++;
    /* positions step..(n * step) stay below MAP_NONE */
    uint32_t step = n < (UINT32_MAX - 1) / POS_GAP - 1 ? POS_GAP : 1, k = 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      map_put(&tw->pos, i, k += step);
    map_put(&tw->numbered, bb, 1);
  }
  return map_find(&tw->pos, a) < map_find(&tw->pos, b);
}

/* v, just built (or a constant a builder folded), takes a position between
   its neighbours' in a numbered block; where there is none left, the
   block is numbered again when next asked. */
void reading_placed(Twins *tw, LLVMValueRef v) {
  if (!LLVMIsAInstruction(v))
    return;
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(v);
  if (!numbered(tw, bb))
    return;
  LLVMValueRef p = LLVMGetPreviousInstruction(v), q = LLVMGetNextInstruction(v);
  uint32_t lo = p ? map_find(&tw->pos, p) : 0;
  uint32_t hi = q ? map_find(&tw->pos, q) : lo + 2 * POS_GAP;
  if (hi > lo + 1 && hi != MAP_NONE && lo != MAP_NONE)
    map_put(&tw->pos, v, lo + (hi - lo) / 2);
  else
    map_put(&tw->numbered, bb, 0);
}

/* An argument asked about a second time in one reading is read once for
   all its calls. */
#define ASKED_ONCE (MAP_NONE - 1)

/* Fewer forgotten entries than this are never worth dropping the lists
   for (reading_settle). */
#define STALE_MIN 4096u

/* v's entry in m (casts_at, first_at, sums_at), v marked asked once where
   it had none: MAP_NONE (the first question: read its uses as they are),
   ASKED_ONCE (the second: read them once and store where) or that index. */
static uint32_t asked(PtrMap *m, LLVMValueRef v) {
  uint32_t i = map_find(m, v);
  if (i == MAP_NONE)
    map_put(m, v, ASKED_ONCE);
  return i;
}

/* What the pass keeps of a reading (use_sums, generic_casts, first_use)
   differs from reading the IR again: under GASP_VERIFY_EACH (every test
   sets it) each kept reading is read again, and a difference is the
   pass's own error. */
static void kept_differs(bool same, const char *what) {
  if (!same)
    unreachable(what);
}

/* g's use sums read from its uses, added at the end of tw->sums: where. */
static uint32_t sums_read(Twins *tw, LLVMValueRef g) {
  uint32_t i = (uint32_t)tw->sums.n;
  map_clear(&tw->sum_of);
  for (LLVMUseRef u = LLVMGetFirstUse(g); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user) || ir_is_lifetime(user))
      continue;
    bool phi = LLVMIsAPHINode(user);
    for (unsigned k = 0; k < (phi ? LLVMCountIncoming(user) : 1); k++) {
      if (phi && LLVMGetIncomingValue(user, k) != g)
        continue;
      LLVMBasicBlockRef bb = phi ? LLVMGetIncomingBlock(user, k) : LLVMGetInstructionParent(user);
      uint32_t j = map_find(&tw->sum_of, bb);
      if (j == MAP_NONE) {
        j = (uint32_t)tw->sums.n;
        vec_push(&tw->sums, ((UseSum){bb, NULL, 0, false}));
        map_put(&tw->sum_of, bb, j);
      }
      UseSum *e = &tw->sums.v[j];
      if (phi) {
        e->phi_in = true;
        continue;
      }
      e->n++;
      if (!e->last || (user != e->last && reading_before(tw, e->last, user)))
        e->last = user;
    }
  }
  vec_push(&tw->sums, ((UseSum){NULL, NULL, 0, false}));
  return i;
}

/* Do the sums at i and at j say the same of each block? */
static bool sums_same(const Twins *tw, uint32_t i, uint32_t j) {
  size_t n = 0;
  for (const UseSum *e = &tw->sums.v[i]; e->bb; e++, n++) {
    const UseSum *f = &tw->sums.v[j];
    while (f->bb && f->bb != e->bb)
      f++;
    if (!f->bb || f->n != e->n || f->last != e->last || f->phi_in != e->phi_in)
      return false;
  }
  for (const UseSum *f = &tw->sums.v[j]; f->bb; f++)
    n--;
  return n == 0;
}

/* Where g's use sums start in tw->sums, or MAP_NONE when g is asked about
   the first time in this reading (its uses read as they are). */
static uint32_t use_sums(Twins *tw, LLVMValueRef g) {
  uint32_t i = asked(&tw->sums_at, g);
  if (i == ASKED_ONCE) {
    i = sums_read(tw, g);
    map_put(&tw->sums_at, g, i);
  } else if (i != MAP_NONE && tw->check) {
    size_t n = tw->sums.n;
    kept_differs(sums_same(tw, i, sums_read(tw, g)), "twins: a cast's kept use sums");
    tw->sums.n = n;
  }
  return i;
}

/* Does the cast g reach, on a path that does not pass its definition, a
   use after call c? */
bool reading_used_after(Twins *tw, LLVMValueRef g, LLVMValueRef c) {
  LLVMBasicBlockRef cb = LLVMGetInstructionParent(c), db = LLVMGetInstructionParent(g);
  bool in_cb = false; /* a use in c's block before c: after c around a loop */
  map_clear(&tw->use_at);
  uint32_t si = tw->reading ? use_sums(tw, g) : MAP_NONE;
  unsigned by_c = 0; /* (c's own uses of g are none of these) */
  for (unsigned k = 0; si != MAP_NONE && k < (unsigned)LLVMGetNumOperands(c); k++)
    by_c += LLVMGetOperand(c, k) == g;
  for (const UseSum *e = si != MAP_NONE ? &tw->sums.v[si] : NULL; e && e->bb; e++) {
    if (e->bb != cb) {
      map_put(&tw->use_at, e->bb, 1);
      continue;
    }
    if (e->phi_in || (e->last && e->last != c && reading_before(tw, c, e->last)))
      return true; /* read at cb's end, or after c */
    in_cb = e->n > by_c;
  }
  for (LLVMUseRef u = si == MAP_NONE ? LLVMGetFirstUse(g) : NULL; u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (user == c || !LLVMIsAInstruction(user) || ir_is_lifetime(user))
      continue; /* a lifetime marker is no code */
    if (LLVMIsAPHINode(user)) {
      for (unsigned k = 0; k < LLVMCountIncoming(user); k++)
        if (LLVMGetIncomingValue(user, k) == g) {
          if (LLVMGetIncomingBlock(user, k) == cb)
            return true; /* read at cb's end */
          map_put(&tw->use_at, LLVMGetIncomingBlock(user, k), 1);
        }
      continue;
    }
    LLVMBasicBlockRef ub = LLVMGetInstructionParent(user);
    if (ub != cb) {
      map_put(&tw->use_at, ub, 1);
      continue;
    }
    if (reading_before(tw, c, user))
      return true;
    in_cb = true;
  }
  if (!tw->use_at.n && !in_cb)
    return false;
  map_clear(&tw->seen);
  tw->work.n = 0;
  vec_push(&tw->work, cb);
  while (tw->work.n) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(tw->work.v[--tw->work.n]);
    unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
    for (unsigned k = 0; k < ns; k++) {
      LLVMBasicBlockRef s = LLVMGetSuccessor(term, k);
      if (s == db || map_find(&tw->seen, s) != MAP_NONE)
        continue; /* past the definition, the value is a new one */
      if (s == cb ? in_cb : map_find(&tw->use_at, s) != MAP_NONE)
        return true;
      map_put(&tw->seen, s, 1);
      if (s != cb) /* cb's successors are on the list already */
        vec_push(&tw->work, s);
    }
  }
  return false;
}

/* Does instruction g (a cast; out_param: a call) dominate instruction c
   (same function)? */
bool reading_available(Twins *tw, LLVMValueRef g, LLVMValueRef c) {
  LLVMBasicBlockRef gb = LLVMGetInstructionParent(g), cb = LLVMGetInstructionParent(c);
  if (gb == cb)
    return g != c && reading_before(tw, g, c);
  return dom_blocks(dom_of(tw, LLVMGetBasicBlockParent(cb)), gb, cb);
}

static bool addr_cast(LLVMValueRef v) {
  return LLVMIsAAddrSpaceCastInst(v) || LLVMIsABitCastInst(v);
}

/* The first value of v's casts that is not one (reading_address_uses' start). */
LLVMValueRef reading_addr_base(LLVMValueRef v) {
  while (addr_cast(v))
    v = LLVMGetOperand(v, 0);
  return v;
}

/* What was read of every argument is gone. */
void reading_end(Twins *tw) {
  map_clear(&tw->casts_at);
  map_clear(&tw->first_at);
  map_clear(&tw->sums_at);
  tw->casts.n = tw->first.n = tw->sums.n = tw->stale = 0;
  tw->reading = false;
}

/* What was read of v's casts is forgotten (counted stale). */
static void forget_casts(Twins *tw, LLVMValueRef v) {
  uint32_t i = map_find(&tw->casts_at, v);
  if (i < ASKED_ONCE)
    for (tw->stale++; tw->casts.v[i]; i++)
      tw->stale++;
  map_put(&tw->casts_at, v, MAP_NONE);
}

/* What was read of v (its casts, its use sums, its address's first use)
   is forgotten: v changed, or is erased and its address may come back as
   a value built later. */
void reading_forget(Twins *tw, LLVMValueRef v) {
  forget_casts(tw, v);
  uint32_t i = map_find(&tw->sums_at, v);
  if (i < ASKED_ONCE)
    for (tw->stale++; tw->sums.v[i].bb; i++)
      tw->stale++;
  tw->stale += map_find(&tw->first_at, v) < ASKED_ONCE;
  map_put(&tw->sums_at, v, MAP_NONE);
  map_put(&tw->first_at, v, MAP_NONE);
}

/* Call c, whose operands were ops, is nc now, in its place: the uses of
   what it passed as it was are nc's, and so is the first use of an
   address (first_use) that was c's. */
void reading_call_moved(Twins *tw, const LLVMValueRef *ops, unsigned n, LLVMValueRef c,
                        LLVMValueRef nc) {
  for (unsigned k = 0; k < n; k++) {
    uint32_t i = map_find(&tw->first_at, reading_addr_base(ops[k]));
    if (i < ASKED_ONCE && tw->first.v[i] == c)
      tw->first.v[i] = nc;
    i = map_find(&tw->sums_at, ops[k]);
    for (UseSum *e = i < ASKED_ONCE ? &tw->sums.v[i] : NULL; e && e->bb; e++)
      if (e->last == c)
        e->last = nc;
  }
}

/* Generic twin g has one use more, user (placed): its block's sum counts
   it, or, in a block g was not used in, g is read again when asked. */
void reading_sums_gain(Twins *tw, LLVMValueRef g, LLVMValueRef user) {
  uint32_t i = map_find(&tw->sums_at, g);
  if (i >= ASKED_ONCE)
    return;
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(user);
  for (UseSum *e = &tw->sums.v[i]; e->bb; e++)
    if (e->bb == bb) {
      e->n++;
      if (!e->last || (e->last != user && reading_before(tw, e->last, user)))
        e->last = user;
      return;
    }
  reading_forget(tw, g);
}

/* The reads and writes of a's address (a stack slot at a constant offset),
   into tw->uses: the users, lifetime markers aside, of every value that is
   that address in some space — the casts a was made by, from the first
   value that is not one (the slot, or a constant GEP of it), and every
   cast of those — other than those casts themselves.  An argument's cast
   that rehoist or infer placed at the entry is used by its call alone, and
   the caller reads what the callee wrote through the slot's generic
   address (convert_compare.cl's `int4 a; conv_f2i(&a, ...); conv_i2f(&b,
   &a)`). */
const ValVec *reading_address_uses(Twins *tw, LLVMValueRef a) {
  tw->addr.n = tw->uses.n = 0;
  map_clear(&tw->addr_set);
  a = reading_addr_base(a);
  vec_push(&tw->addr, a);
  map_put(&tw->addr_set, a, 1);
  for (size_t k = 0; k < tw->addr.n; k++)
    for (LLVMUseRef u = LLVMGetFirstUse(tw->addr.v[k]); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (addr_cast(user) && map_find(&tw->addr_set, user) == MAP_NONE) {
        vec_push(&tw->addr, user);
        map_put(&tw->addr_set, user, 1);
      }
    }
  for (size_t k = 0; k < tw->addr.n; k++)
    for (LLVMUseRef u = LLVMGetFirstUse(tw->addr.v[k]); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (LLVMIsAInstruction(user) && !ir_is_lifetime(user) &&
          map_find(&tw->addr_set, user) == MAP_NONE)
        vec_push(&tw->uses, user);
    }
  return &tw->uses;
}

/* The use of a's address (reading_address_uses) that dominates every
   other (none a phi), if there is another, else NULL.  Such a use is unique: of two
   that dominated each other one would be both. */
static LLVMValueRef first_use(Twins *tw, LLVMValueRef a) {
  LLVMValueRef top = NULL;
  reading_address_uses(tw, a);
  for (size_t k = 0; k < tw->uses.n; k++) {
    LLVMValueRef user = tw->uses.v[k];
    if (LLVMIsAPHINode(user))
      return NULL;
    if (!top || (user != top && reading_available(tw, user, top)))
      top = user;
  }
  bool other = false;
  for (size_t k = 0; top && k < tw->uses.n; k++) {
    LLVMValueRef user = tw->uses.v[k];
    if (user == top)
      continue;
    if (!reading_available(tw, top, user))
      return NULL;
    other = true;
  }
  return other ? top : NULL;
}

bool reading_twin_cast(const Twins *tw, LLVMValueRef g) {
  return LLVMIsAAddrSpaceCastInst(g) && ir_ptr_as(LLVMTypeOf(g)) == tw->t->generic &&
         map_find(&tw->made, g) == MAP_NONE;
}

void reading_made(Twins *tw, LLVMValueRef g) {
  if (LLVMIsAInstruction(g))
    map_put(&tw->made, g, 1);
}

/* a's casts that may be twins read from its uses, added at the end of
   tw->casts (NULL-ended): where. */
static uint32_t casts_read(Twins *tw, LLVMValueRef a) {
  uint32_t i = (uint32_t)tw->casts.n;
  for (LLVMUseRef u = LLVMGetFirstUse(a); u; u = LLVMGetNextUse(u))
    if (reading_twin_cast(tw, LLVMGetUser(u)))
      vec_push(&tw->casts, LLVMGetUser(u));
  vec_push(&tw->casts, NULL);
  return i;
}

/* Do the lists at i and at j hold the same casts? */
static bool casts_same(const Twins *tw, uint32_t i, uint32_t j) {
  size_t n = 0;
  for (const LLVMValueRef *e = &tw->casts.v[i]; *e; e++, n++) {
    const LLVMValueRef *f = &tw->casts.v[j];
    while (*f && *f != *e)
      f++;
    if (!*f)
      return false;
  }
  for (const LLVMValueRef *f = &tw->casts.v[j]; *f; f++)
    n--;
  return n == 0;
}

uint32_t reading_generic_casts(Twins *tw, LLVMValueRef a) {
  uint32_t i = asked(&tw->casts_at, a);
  if (i == ASKED_ONCE) {
    i = casts_read(tw, a);
    map_put(&tw->casts_at, a, i);
  } else if (i != MAP_NONE && tw->check) {
    size_t n = tw->casts.n;
    kept_differs(casts_same(tw, i, casts_read(tw, a)), "twins: a value's kept casts");
    tw->casts.n = n;
  }
  return i;
}

/* Where this reading keeps a's address's first use (first_use), *first
   is it (NULL: none) and true; the first time a is asked, false (read its
   uses: reading_address_uses). */
bool reading_first_use(Twins *tw, LLVMValueRef a, LLVMValueRef *first) {
  LLVMValueRef base = reading_addr_base(a);
  uint32_t i = asked(&tw->first_at, base);
  if (i == ASKED_ONCE) {
    i = (uint32_t)tw->first.n;
    vec_push(&tw->first, first_use(tw, a));
    map_put(&tw->first_at, base, i);
  } else if (i != MAP_NONE && tw->check) {
    kept_differs(tw->first.v[i] == first_use(tw, a), "twins: an address's kept first use");
  }
  if (i == MAP_NONE)
    return false;
  *first = tw->first.v[i];
  return true;
}

/* f is nf now (specs_retype: f's blocks moved over, its entry's start
   new): the entry is numbered again when asked, and f's dominator tree is
   gone (f's address may come back as a later retype's function). */
void reading_retyped(Twins *tw, LLVMValueRef f, LLVMValueRef nf) {
  map_put(&tw->numbered, LLVMGetEntryBasicBlock(nf), 0);
  map_put(&tw->dom_at, f, MAP_NONE);
}

/* f and its parameters are about to be deleted; a retype's rewrite is
   done: what was read stays, brought up to date, until most of it is
   forgotten. */
void reading_settle(Twins *tw, LLVMValueRef f) {
  for (unsigned k = 0; k < LLVMCountParams(f); k++)
    reading_forget(tw, LLVMGetParam(f, k));
  reading_forget(tw, f);
  if (tw->stale > STALE_MIN && 2 * tw->stale > tw->casts.n + tw->first.n + tw->sums.n)
    reading_end(tw);
}

void reading_init(Twins *tw) {
  map_init(&tw->dom_at);
  map_init(&tw->seen);
  map_init(&tw->use_at);
  map_init(&tw->pos);
  map_init(&tw->numbered);
  map_init(&tw->casts_at);
  map_init(&tw->first_at);
  map_init(&tw->made);
  map_init(&tw->addr_set);
  map_init(&tw->sums_at);
  map_init(&tw->sum_of);
}

void reading_free(Twins *tw) {
  doms_free(tw);
  vec_free(&tw->work);
  map_free(&tw->dom_at);
  map_free(&tw->seen);
  map_free(&tw->use_at);
  map_free(&tw->pos);
  map_free(&tw->numbered);
  map_free(&tw->casts_at);
  map_free(&tw->first_at);
  map_free(&tw->made);
  map_free(&tw->addr_set);
  map_free(&tw->sums_at);
  map_free(&tw->sum_of);
  vec_free(&tw->sums);
  vec_free(&tw->casts);
  vec_free(&tw->first);
  vec_free(&tw->addr);
  vec_free(&tw->uses);
}
