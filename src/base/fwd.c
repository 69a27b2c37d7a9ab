/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* fwd.c — the forward walk: every use a pointer reaches, and how.
 *
 * Problem: "where does this pointer go?" is asked by the memory model (does
 * an alloca's address escape, which of its fields does a callee only read
 * or write), by fields (which fields does a callee load pointers from, what
 * do those pointers reach), by the memory summary (does a variable's
 * address stay in loads and stores) and by ipmsp (does a parameter's space
 * pay).  Each asked it with its own work list, its own bookkeeping of
 * offsets and its own spelling of "a GEP with the pointer as its base".
 * Here is the one walk; the askers keep only their policy — which uses they
 * accept, which moves they follow and where to.
 *
 * The walk is an iterator.  It starts at one or more roots (fwd_start,
 * fwd_add), and fwd_next yields every use of every pointer reached, in
 * order: the pointers first-in first-out (or last-in first-out, for askers
 * that count and stop early), each pointer's uses in LLVM's use order.  A
 * use comes classified (FwdKind) with the pointer it uses, that pointer's
 * place from its root (an offset and a stride, Place) and how many moves
 * from the root it is.  The asker follows a move — a GEP, a cast, a phi, a
 * reload of a spilled pointer — with fwd_follow, giving the new pointer's
 * place; nothing is followed unless asked.  With dedup a pointer is taken
 * once however often it is reached (phis, selects), and fwd_reached says
 * whether a value was.
 *
 *   Fwd w;
 *   fwd_init(&w, FWD_FIFO);
 *   fwd_start(&w, param, place_at(0, 0));
 *   for (FwdUse u; fwd_next(&w, &u);)
 *     switch (u.kind) {
 *     case FWD_CAST: fwd_follow(&w, u.user, u.at); break;
 *     case FWD_LOAD: ... u.at is where it reads ...
 *     default: ...
 *     }
 *   fwd_free(&w);
 *
 * The classification is by opcode and operand position only (instructions
 * and constant expressions alike); what a call does with its argument,
 * whether a store writes the pointer or writes through it, is the asker's
 * to read from u.user and u.v. */
#include "base/base.h"

#include <string.h>

Place place_at(int64_t off, int64_t stride) {
  Place p = {off, stride};
  if (stride > 0)
    p.off = ((off % stride) + stride) % stride;
  return p;
}

Place place_add(Place p, int64_t off, int64_t stride) {
  return place_at(p.off + off, gcd64(p.stride, stride));
}

void fwd_init(Fwd *w, unsigned flags) {
  memset(w, 0, sizeof *w);
  w->flags = flags;
  map_init(&w->reached);
}

void fwd_free(Fwd *w) {
  vec_free(&w->items);
  map_free(&w->reached);
}

void fwd_start(Fwd *w, LLVMValueRef root, Place at) {
  w->items.n = 0;
  w->next = 0;
  w->use = NULL;
  if (w->flags & FWD_DEDUP) /* at the cost of the last walk (map_clear) */
    map_clear(&w->reached);
  if (root)
    fwd_add(w, root, at);
}

static bool push(Fwd *w, LLVMValueRef v, Place at, unsigned depth) {
  if (w->flags & FWD_DEDUP) {
    if (map_get(&w->reached, v, NULL))
      return false;
    map_put(&w->reached, v, 1);
  }
  FwdItem it = {v, at, depth};
  vec_push(&w->items, it);
  return true;
}

bool fwd_add(Fwd *w, LLVMValueRef v, Place at) { return push(w, v, at, 0); }

bool fwd_follow(Fwd *w, LLVMValueRef v, Place at) { return push(w, v, at, w->cur.depth + 1); }

bool fwd_reached(const Fwd *w, LLVMValueRef v) { return map_get(&w->reached, v, NULL); }

FwdKind fwd_kind(LLVMValueRef user, LLVMValueRef v) {
  switch (ir_opcode(user)) {
  case LLVMGetElementPtr:
    return LLVMGetOperand(user, 0) == v ? FWD_GEP : FWD_OTHER;
  case LLVMAddrSpaceCast:
  case LLVMBitCast:
    return FWD_CAST;
  case LLVMPHI:
  case LLVMFreeze:
    return FWD_MERGE;
  case LLVMSelect:
    return LLVMGetOperand(user, 0) != v ? FWD_MERGE : FWD_OTHER;
  case LLVMLoad:
    return FWD_LOAD;
  case LLVMStore:
    return FWD_STORE;
  case LLVMAtomicRMW:
  case LLVMAtomicCmpXchg:
    return FWD_ATOMIC;
  case LLVMCall: /* a launder is its operand's pointer (launder.c) */
    return ir_is_launder(user) ? FWD_MERGE : FWD_CALL;
  case LLVMInvoke:
  case LLVMCallBr:
    return FWD_CALL;
  case LLVMICmp:
    return FWD_CMP;
  case LLVMPtrToInt:
    return FWD_TOINT;
  case LLVMIntToPtr:
    return FWD_TOPTR;
  default:
    return FWD_OTHER;
  }
}

bool fwd_next(Fwd *w, FwdUse *u) {
  while (!w->use) {
    if (w->flags & FWD_LIFO) {
      if (!w->items.n)
        return false;
      w->cur = w->items.v[--w->items.n];
    } else {
      if (w->next >= w->items.n)
        return false;
      w->cur = w->items.v[w->next++];
    }
    w->use = LLVMGetFirstUse(w->cur.v);
  }
  LLVMUseRef use = w->use;
  w->use = LLVMGetNextUse(use);
  u->user = LLVMGetUser(use);
  u->v = w->cur.v;
  u->at = w->cur.at;
  u->depth = w->cur.depth;
  u->kind = fwd_kind(u->user, u->v);
  return true;
}
