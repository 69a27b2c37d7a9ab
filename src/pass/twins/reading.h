/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* reading.h — twins' reading of the IR and what it keeps of it
   (reading.c); the pass's own header, src/pass/twins/. */
#ifndef GASP_PASS_TWINS_READING_H
#define GASP_PASS_TWINS_READING_H

#include "pass/pass.h"

/* A generic twin's uses in one block: how many (not a phi's), the last,
   and whether a phi takes it from the block's end. */
typedef struct UseSum {
  LLVMBasicBlockRef bb;
  LLVMValueRef last;
  uint32_t n;
  bool phi_in;
} UseSum;

typedef struct Twins {
  const TgtTable *t;
  LLVMTargetDataRef td;
  PtrMap dom_at;   /* caller -> index in doms (one function's calls) */
  VEC(Dom *) doms;
  PtrMap seen;     /* blocks of one search */
  BlockVec work;
  PtrMap use_at;   /* blocks holding a use of one twin (a phi's: its incoming block) */
  /* instructions' positions in their blocks, numbered a block at a time
     with gaps (POS_GAP) when first asked: a block of thousands of calls
     is read once, not once per question or per retype.  What a retype
     builds takes a position between its neighbours' (reading_placed); a
     block whose gap is spent, or whose start a retype rebuilt, is
     numbered again when next asked (numbered: 0).  An erased
     instruction's entry stays: its address, if LLVM gives it to one built
     later, is placed or numbered again before it is read. */
  PtrMap pos, numbered;
  /* what the reading asks again of an argument, read once (its uses,
     read per call, made the reading quadratic in the calls passing one
     value): its generic casts (casts_at: index of the first in casts, the
     others following, NULL-ended) and its out-parameter call (first_at:
     index in first, the use that dominates every other, or NULL; keyed by
     the address's base, reading_addr_base).  ASKED_ONCE marks an argument
     asked about once, its uses read as they are.  Kept from one retype to
     the next, what a rewrite changes brought up to date
     (reading_call_moved, reading_sums_gain) or forgotten (reading_forget:
     what an erased value had), all dropped (reading_end) only when most
     of what they hold is forgotten (reading_settle). */
  PtrMap casts_at, first_at;
  PtrMap made; /* casts built at a call for that call alone (reading_made) */
  ValVec casts, first;
  size_t stale; /* entries of casts, first and sums no map points at */
  /* scratch of address_uses: the values of an out-parameter's address (a
     vector and a set) and their uses that read or write the slot */
  ValVec addr, uses;
  PtrMap addr_set;
  /* and a generic twin's uses (sums_at: index of its first block in sums,
     the others following, ended by a NULL block; sum_of: scratch), read
     per block only while the calls are read (reading) */
  PtrMap sums_at, sum_of;
  VEC(UseSum) sums;
  bool reading;
  bool check; /* GASP_VERIFY_EACH: each kept answer read again (kept_differs) */
} Twins;

void reading_init(Twins *tw);
void reading_free(Twins *tw);
/* Does instruction a come before b (same block, a != b)? */
bool reading_before(Twins *tw, LLVMValueRef a, LLVMValueRef b);
/* v, just built (or a constant a builder folded), takes a position
   between its neighbours' (a block with no room is numbered again). */
void reading_placed(Twins *tw, LLVMValueRef v);
/* Does instruction g dominate instruction c (same function)? */
bool reading_available(Twins *tw, LLVMValueRef g, LLVMValueRef c);
/* Does the cast g reach, on a path that does not pass its definition, a
   use after call c? */
bool reading_used_after(Twins *tw, LLVMValueRef g, LLVMValueRef c);
/* The first value of v's casts that is not one. */
LLVMValueRef reading_addr_base(LLVMValueRef v);
/* The users of a's address (a stack slot at a constant offset) in any
   space, lifetime markers and the casts themselves aside (tw's scratch). */
const ValVec *reading_address_uses(Twins *tw, LLVMValueRef a);
/* true with *first, the use of a's address that dominates every other
   (NULL: none), where this reading keeps it; false the first time. */
bool reading_first_use(Twins *tw, LLVMValueRef a, LLVMValueRef *first);
/* Is g, a user of an argument, a cast to generic that may be its twin:
   not one built at a call for it alone (reading_made)? */
bool reading_twin_cast(const Twins *tw, LLVMValueRef g);
/* g, a cast to generic just built at a call, is that call's alone: used
   by nothing else (or by a select only that call uses), right before it,
   it is never used after another call it dominates, so never another's
   twin, and a value's casts (reading_generic_casts) leave it out. */
void reading_made(Twins *tw, LLVMValueRef g);
/* Where a's casts to generic that may be twins start in tw->casts
   (NULL-ended), or MAP_NONE when a is asked about the first time in this
   reading. */
uint32_t reading_generic_casts(Twins *tw, LLVMValueRef a);
/* The upkeep of a rewrite: what was read of v forgotten; call c
   (operands ops) replaced by nc in its place; twin g used by user too; f
   retyped as nf; f about to be deleted. */
void reading_forget(Twins *tw, LLVMValueRef v);
void reading_call_moved(Twins *tw, const LLVMValueRef *ops, unsigned n, LLVMValueRef c,
                        LLVMValueRef nc);
void reading_sums_gain(Twins *tw, LLVMValueRef g, LLVMValueRef user);
void reading_retyped(Twins *tw, LLVMValueRef f, LLVMValueRef nf);
void reading_settle(Twins *tw, LLVMValueRef f);
/* Every list dropped. */
void reading_end(Twins *tw);

#endif
