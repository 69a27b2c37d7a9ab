/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* twins.c — a named pointer parameter whose callers keep the pointer's
 * generic twin live across the call (or pass null) takes generic pointers
 * and names them at its entry (NVPTX; the last pass).
 *
 * Problem.  ipmsp retypes a device function whose callers all pass one
 * named space (`perm_a(ptr addrspace(3) %p)`), and each call hands it the
 * named value.  Where the caller also keeps the generic value of the same
 * pointer (`%g = addrspacecast ptr addrspace(3) %n to ptr`, for a call
 * the retype did not reach, a select, a store of the pointer) and uses it
 * after the call, both the named and the generic value are live across
 * the call, where clang's build keeps the generic one only.  ptxas keeps a
 * value live across a call in a callee-saved register or a spill slot: the
 * random programs' kernels (bench/random), which call small helpers many
 * times, had more spill bytes than clang's build in 13 of 40 kernels;
 * seed 15's kernel body 72 -> 92, back to 72 when its two helpers that
 * take the shared pointer get the generic one instead.
 *
 * Rule.  A pointer parameter of a named space, of an internal function
 * only called directly (world_may_rewrite; not byval, byref, sret,
 * inalloca or preallocated), becomes generic, cast back to its space at
 * the function's entry (clone_function), when
 *   - the target says so (TgtTable.generic_args_twin: NVPTX), the space's
 *     pointers are as wide as generic ones, and a cast to it is not one a
 *     named access must share (TgtSpace.cast_shared, NVPTX global: the
 *     callee would need a cvta.to.global of its own where a generic access
 *     is as fast; measured, the random programs' spills are the same
 *     without global and their instructions fewer), and
 *   - at some call the argument has a twin: it is the space's null
 *     (NVPTX's shared, local and constant null: the cast of generic null,
 *     tgt_null), whose twin is generic null, or poison, or it has a
 *     generic twin in the caller: an addrspacecast instruction of the
 *     argument to generic (so the caller's own analysis proves the twin in
 *     the space: spacecheck.c checks the entry's cast at the calls),
 *     available at the call (it dominates it) and used after it — in the
 *     call's block after the call, or in a block (a phi's use: its
 *     incoming block) reachable from the call's block without passing the
 *     twin's definition; a lifetime marker is no use; or it is a select of
 *     such a value and another (whose cast is built at the call unless it
 *     has a twin too) in the call's block that only the call uses (its
 *     twin is the select of their twins, built at the call; the named
 *     select dies).  An argument that is a stack slot or a global at a
 *     constant offset has no twin: the back end recomputes such an
 *     address from the frame or the symbol where it is used, and counting
 *     a slot's generic address as a twin measured worse (random seeds 32
 *     and 33, 8 more spill bytes each: the kernel then needs both frame
 *     bases).  The other calls pass the argument's cast to generic, built
 *     at the call (one `cvta`, the value clang's build passes);
 *   - or the argument is an out-parameter: a stack slot whose uses other
 *     than the call (and lifetime markers) all come after it (in the
 *     call's block, or in blocks the call's block dominates) and some use
 *     does (out_param): the caller reads what the callee wrote.  Its uses
 *     are those of every value with its address (reading_address_uses:
 *     the slot or constant GEP and its casts to any space), so an argument that is
 *     a cast placed at the entry for this call alone, read after the call
 *     through the slot's generic address, is one.  The call
 *     passes the slot's generic address (the generic alloca the named
 *     slot was cast from, or its cast built at the call: clang's `%SP+k`),
 *     so the kernel's code is clang's.
 *   - or the space's parameters take generic pointers twin or not
 *     (TgtSpace.args_generic: NVPTX private, below); the calls without a
 *     twin pass the argument's cast built at the call.
 * A function that calls itself, or is invoked, keeps the parameter named.
 * Sound: the parameter holds the same pointer, and every call passes a
 * pointer of the space (ipmsp proved it; the cast at the entry undoes the
 * one the caller's twin came from) or the space's null (the entry's cast
 * of generic null is that null).  The cost is one cast at the callee's
 * entry (`cvta.to.shared`) and one at each call without a twin; a
 * parameter no call has a twin for stays named (the casts would be all
 * cost), but for a private one on NVPTX (ptxas's registers at the call:
 * "Private parameters", below).  The return value is left as it is.
 *   Nulls.  The random programs pass null to helpers that test for it
 * (`both_null(0, pa, i)`); a named parameter then takes the space's null,
 * `cvta.to.local` of 0, which ptxas rebuilds at each call from the
 * window's base (SR_SWINLO/HI: four or five machine instructions) where
 * clang's build passes the immediate 0.  Counted as twins (2026-11-30,
 * bench/random seeds 1-120, nvptx64 -O2): kernels not worse in any column
 * 80 -> 86 of 120, machine instructions 66,041 -> 65,925, PTX 57,482 ->
 * 57,474, spill bytes 10,392 -> 10,344 (clang's 10,400); -O3 (seeds 1-40)
 * 29 -> 30, `--vectors` 28 -> 29, no column's total worse.  Their
 * `or_null(c ? l : 0, i)` passes a select of the tile and the null, which
 * kept the cast null and the named select where clang's build has one
 * `selp` of 0 and the generic pointer; with the select's twin built at
 * the call: 86 -> 93 of 120, spill bytes 10,344 -> 10,224, machine
 * instructions 65,925 -> 65,862, PTX 57,474 -> 57,463; -O3 30 -> 33,
 * `--vectors` 29 -> 32.  The retyped helper's own null test compared its
 * entry cast with the space's null (a `cvta.to.shared` of 0 in the
 * helper); it tests the parameter against generic null instead
 * (null_tests): 93 -> 94, PTX 57,463 -> 57,391, machine instructions
 * 65,862 -> 65,733.  (Passing a slot's generic address too, built at
 * the call, measured beside it: 93 -> 99 of 120 and 148 fewer machine
 * instructions, but 116 more PTX instructions, and with `--vectors` 20
 * more spill bytes and machine instructions; it would also retype the
 * public programs' local-pointer helpers, secp256k1's among them, whose
 * device time decides: not taken.)
 *   Out-parameters.  John the Ripper's bitlocker kernel hands twenty
 * uninitialized words to eight calls of `encrypt(..., &l0, &l1, &l2, &l3)`
 * and reads them after each.  With the clone's local parameters, llc-22
 * gives each word one register, both the call's argument and the later
 * `ld.local` address, and ptxas keeps such an argument in a saved
 * register: spill bytes 164 (clang's build) -> 284, stack 280 -> 400.
 * IR spellings of the caller (a cast per call, per use, a generic round
 * trip) all fold back to that register; the generic argument is what
 * makes the call's value a different one (`%SP+k`, dead after the call)
 * from the read's (`%SPL+k`).  Measured (2026-12-02, nvptx64 -O2):
 * bitlocker's spill bytes 284 -> 164 and stack 400 -> 280, clang's own;
 * John's bitlocker, keepass and tezos units' spill bytes 3,044 -> 2,932
 * (clang's 2,944).  Every slot read after the call, in-out ones
 * included (a slot written before the call too), measured worse on the
 * random programs, where no slot is a pure out-parameter: seeds 1-120
 * `--vectors` kernels not worse 99 -> 96, spill bytes 10,564 -> 10,636,
 * machine instructions 72,183 -> 72,261; -O2 97 -> 96, +16 spill bytes.
 * With out_param those programs' final code is unchanged (identical
 * columns, -O2 and `--vectors`, seeds 1-120).  Read through the address's
 * casts too (reading_address_uses, 2026-12-03): convert_compare.cl's `int4 a;
 * conv_f2i(&a, &t[l]); conv_i2f(&b, &a)` passed the entry's cast of the
 * slot to the local clone and read it back through the generic slot, so
 * the kernel held both frame bases (`%SP+0` and `%SPL+0`); it now passes
 * `%SP+0` as clang's build does (the helper's cvta.to.local moves into the
 * clone: 78 PTX instructions either way); John's units (nvptx64 -O2)
 * PTX 321,685 -> 321,683, cvta 343 -> 341, spill bytes 27,812 -> 27,808,
 * machine instructions 410,273 -> 410,269 (tezos); the random programs
 * (seeds 1-40, nvptx64: default, --vectors, --writers, --external,
 * --outparams, --fnptrs, --libclc, -O3), public.md's nvptx64 tables and
 * bench/pipeline's other kernels unchanged.
 *   Calls without a twin.  A parameter some call passes the space's null
 * and another a value with no live twin (a stack slot, a global, a
 * pointer whose generic value died before the call) kept its name, and
 * with it the cast null at the call and the helper's test against it.
 * Such calls pass the argument's cast built at the call when any call has
 * a twin (2026-11-30, seeds 1-120, nvptx64 -O2): kernels not worse 94 ->
 * 99 of 120, PTX 57,391 -> 57,340, machine instructions 65,733 -> 65,423,
 * spill bytes 10,224 -> 10,172, cvta 783 -> 769; `--vectors` (120) spill
 * bytes 10,716 -> 10,708, machine instructions 72,643 -> 72,314; -O3
 * (40) 33 -> 35.  Counting only live casts and selects as twins (not
 * nulls) measured 95 of 120, PTX 57,400, machine instructions 65,762;
 * taking every parameter, twin or not (at 50410b1), 103 of 120 but PTX
 * 57,272 -> 57,445, cvta 744 -> 860, machine instructions 65,290 ->
 * 65,442: a parameter no call has a twin for stays named.
 * A select of the null and a stack slot (`or_null(c ? &v : 0, i)`) is
 * the select of generic null and the slot's generic address, built at the
 * call: PTX 57,340 -> 57,287, machine instructions 65,423 -> 65,345, cvta
 * 769 -> 751, spill bytes the same; `--vectors` 72,314 -> 72,254, spill
 * bytes 10,708 -> 10,700.  Of the null and any pointer (a tile element
 * whose generic value died), its cast built at the call: PTX 57,287 ->
 * 57,272, machine instructions 65,345 -> 65,290, spill bytes 10,172 ->
 * 10,164, kernels not worse 99 -> 100; `--vectors` 98 -> 100, spill
 * bytes 10,700 -> 10,684, machine instructions 72,254 -> 72,200.
 *
 *   Private parameters.  A call passed a raw local address (`%SPL+k`,
 * the private clone's argument) is one ptxas 13.0 allocates more registers
 * around than the same call passed the generic address, whatever the
 * callee does with it.  faiss's ivfInterleavedScan2<64,2048,8> hands its
 * on-stack BlockSelect to mergeWarpQ: 168 registers in clang's build, 235
 * with the clone's private parameter (6 blocks of 64 threads per SM -> 4);
 * PTX surgery changing only the call's argument to the generic address
 * and a `cvta.to.local` at the clone's entry gives 168, every access of
 * the clone still named.  HeCBench's secp256k1 (the program measured
 * slower on the H200) 140 -> 136 registers, clang's.  So on NVPTX a
 * private parameter is always taken generic: the twin rules above made
 * the slot and in-out cases wait for a device (measured then on PTX
 * instructions); the final code's columns decide them now (2026-12-05,
 * bench/README.md, "The NVPTX stack frame"): random programs seeds 1-40
 * nvptx64 -O2, kernels not worse 33 -> 37 of 40, spill bytes 3,308 ->
 * 3,264 (clang's 3,404), stack rows 5 -> 0, PTX 19,347 -> 19,409 (clang's
 * 19,522), machine instructions 21,365 -> 21,374.  But one parameter at
 * a time: a function with several private parameters no call has a twin
 * for keeps them named.  Each taken costs a `cvta.to.local` at the entry
 * on every call, and the register effect was one pointer's: hashcat's
 * helpers take eight and nine local arrays (switch_buffer_by_offset_8x4,
 * sha512_transform), and with them taken its nvptx64 report went from 0
 * kernels worse to 7 at -O2 (`.v2` lost in m01770, m10820, m14533; `cvta`
 * 875 -> 3,219, machine instructions 553,014 -> 572,433).
 *
 *   Cost.  Whether one instruction comes before another in its block
 * (a call and a use of its argument) is asked per use of each argument
 * of each call: read off positions numbered a block at a time
 * (reading_before),
 * with gaps, so that what a retype builds before a call takes a position
 * of its own (reading_placed) and the block is not read again; the callers'
 * dominator trees are kept too (a retype adds no block or edge).  An
 * argument asked about again in one retype (a value many calls pass) has
 * its uses read once for all its calls (reading_generic_casts,
 * reading_first_use), and so has a twin (reading.c's use_sums: per
 * block, its last use), whose uses were walked
 * per call until one came after the call: quadratic where its use list
 * runs earliest first, an order clang's in-memory modules may hold.
 * Walking the block from the call each time made the pass quadratic in a
 * block's calls: on a random program at realistic sizes (genprog --sizes
 * --writers --outparams 23641, one kernel block of thousands of calls
 * with stack slots) twins took 19.3 s of gasp-opt's 19.6; with the block
 * numbered once per retype, 0.36 s (0.21 s on twins' own input); now
 * 0.06 s there, and a slot or a shared pointer passed to 5,000 calls of
 * one helper 0.79 s and 0.14 s -> 0.004 s (10,000, the use lists earliest
 * first: 1.43 s -> 0.012 s); the output byte for byte the same
 * (bench/compile/sizes.md, blocks.md).  What a reading learned was
 * dropped whenever a retype rewrote calls, so a slot or pointer passed to
 * calls of many helpers, one each, had its uses read whole once per
 * helper (genprog's helpers at realistic sizes: a kernel passes its
 * private array to each): it is kept from one retype to the next, keyed
 * by the address's base, the rewritten call's entries moved to the call
 * that replaces it and what a rewrite changes otherwise forgotten
 * (reading.c, the pass's reading of the IR); 8,000 helpers 7.4 s ->
 * 0.37 s (a slot) and 1.6 s -> 0.34 s (a shared pointer), seed 23641's
 * 4,288 functions 0.13 s -> 0.02 s (2026-12-07; blocks.md's slot-helpers
 * and shared-helpers).  A private pointer that is no slot, passed to many
 * helpers, got a cast built at each call, and each later call's question
 * walked every one of them: such a cast is that call's alone (used by it,
 * right before it, it is used after no other call it dominates), so it is
 * never another call's twin and a value's casts leave it out
 * (reading_made): private-helpers 57.5 s -> 0.98 s at 20,000.
 *
 * Remark: none (no access changes space).  Debug name: twins.
 * Statistics: twins.params, twins.private-params, twins.slots,
 * twins.functions.  Tests: test/twins/.
 */
#include "pass/pass.h"
#include "reading.h"

#include <llvm-c/Target.h>
#include <string.h>

static const GaspStatDesc st_params = {
    "twins.params",
    "named pointer parameters given the generic twin their callers have (a live cast, a null, a "
    "select)"};
static const GaspStatDesc st_slots = {
    "twins.slots", "calls' stack-slot arguments the caller reads after the call, passed generic"};
static const GaspStatDesc st_bare = {
    "twins.private-params",
    "private pointer parameters taken generic with no twin (ptxas's registers at a call)"};
static const GaspStatDesc st_functions = {
    "twins.functions", "functions retyped so (a cast to the named space at the entry)"};

/* If v is a stack slot or a global at a constant offset, the slot (an
   alloca) or the global, else NULL.  The back end computes such an
   address where it is used (the frame or symbol plus the offset) rather
   than keeping it live. */
static LLVMValueRef remat_base(LLVMValueRef v) {
  for (;;) {
    if (LLVMIsAAllocaInst(v) || LLVMIsAGlobalValue(v))
      return v;
    if (LLVMIsAAddrSpaceCastInst(v) || LLVMIsABitCastInst(v)) {
      v = LLVMGetOperand(v, 0);
      continue;
    }
    if (!LLVMIsAGetElementPtrInst(v))
      return NULL;
    for (unsigned k = 1; k < (unsigned)LLVMGetNumOperands(v); k++)
      if (!LLVMIsAConstantInt(LLVMGetOperand(v, k)))
        return NULL;
    v = LLVMGetOperand(v, 0);
  }
}

/* Is a, a stack slot at a constant offset, call c's out-parameter:
   written by the callee, read by the caller?  Some use of its address
   (reading_address_uses) other than c, and c dominates every one (not a
   phi). */
static bool out_param(Twins *tw, LLVMValueRef a, LLVMValueRef c) {
  LLVMValueRef slot = LLVMIsAInstruction(a) ? remat_base(a) : NULL;
  if (!slot || !LLVMIsAAllocaInst(slot))
    return false;
  LLVMValueRef first;
  if (reading_first_use(tw, a, &first))
    return first == c;
  bool read = false;
  const ValVec *uses = reading_address_uses(tw, a);
  for (size_t k = 0; k < uses->n; k++) {
    LLVMValueRef user = uses->v[k];
    if (user == c)
      continue;
    if (LLVMIsAPHINode(user) || !reading_available(tw, c, user))
      return false;
    read = true;
  }
  return read;
}

/* Of a generic cast g of an argument of call c (in fn) and best, the
   twin live_twin chooses. */
static LLVMValueRef better_twin(Twins *tw, LLVMValueRef g, LLVMValueRef c, LLVMValueRef fn,
                                LLVMValueRef best) {
  return LLVMGetBasicBlockParent(LLVMGetInstructionParent(g)) == fn &&
                 reading_available(tw, g, c) && (!best || reading_available(tw, g, best)) &&
                 reading_used_after(tw, g, c)
             ? g
             : best;
}

/* The generic twin of argument a of call c that c's function keeps live
   after c, or NULL.  The space's null (tgt_null) has generic null for its
   twin and poison has poison: constants, nothing to keep live.  Of
   several, the first: they all dominate c, so one dominates the others —
   the choice is the IR's, not its use lists' (a second run over the
   output chooses the same: gasp-opt is idempotent). */
static LLVMValueRef live_twin(Twins *tw, LLVMValueRef a, LLVMValueRef c) {
  LLVMTypeRef gty = ir_retype(LLVMTypeOf(a), tw->t->generic);
  if (a == tgt_null(tw->t, LLVMTypeOf(a)))
    return LLVMConstNull(gty); /* the space's null: generic null's cast */
  if (LLVMIsAPoisonValue(a) || LLVMIsAUndefValue(a))
    return LLVMGetPoison(gty);
  if ((!LLVMIsAInstruction(a) && !LLVMIsAArgument(a)) || remat_base(a))
    return NULL;
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(c)), best = NULL;
  uint32_t k = reading_generic_casts(tw, a);
  if (k == MAP_NONE) { /* asked the first time: its uses as they are */
    for (LLVMUseRef u = LLVMGetFirstUse(a); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef g = LLVMGetUser(u);
      if (reading_twin_cast(tw, g))
        best = better_twin(tw, g, c, fn, best);
    }
    return best;
  }
  for (; tw->casts.v[k]; k++)
    best = better_twin(tw, tw->casts.v[k], c, fn, best);
  return best;
}

/* v's cast to generic, built by b (a constant's folds). */
static LLVMValueRef cast_at(Twins *tw, LLVMBuilderRef b, LLVMValueRef v) {
  LLVMValueRef g = LLVMBuildAddrSpaceCast(b, v, ir_retype(LLVMTypeOf(v), tw->t->generic), "");
  reading_placed(tw, g);
  reading_made(tw, g); /* this call's alone */
  return g;
}

/* A select that only call c uses, of a value that has a twin and
   another: the select of the twin and the other's twin or cast, built at
   c, is its twin (the named select dies; clang's build passes the select
   of generic values, one `selp`). */
static bool select_twin(Twins *tw, LLVMValueRef a, LLVMValueRef c) {
  if (!LLVMIsASelectInst(a) || LLVMGetInstructionParent(a) != LLVMGetInstructionParent(c))
    return false;
  for (LLVMUseRef u = LLVMGetFirstUse(a); u; u = LLVMGetNextUse(u))
    if (LLVMGetUser(u) != c)
      return false;
  return live_twin(tw, LLVMGetOperand(a, 1), c) || live_twin(tw, LLVMGetOperand(a, 2), c);
}

/* How a call passes a parameter once it is generic: its live twin
   (live_twin: a cast or a constant), the select of its operands' twins
   (v: the named select), an out-parameter's slot (v; out_param: the
   generic alloca it was cast from, or its cast built at the call), or the
   cast of v built at the call. */
typedef enum { TWIN_LIVE, TWIN_SELECT, TWIN_SLOT, TWIN_CAST } TwinHow;
typedef struct ArgTwin {
  LLVMValueRef v;
  TwinHow how;
} ArgTwin;

static ArgTwin arg_twin(Twins *tw, LLVMValueRef a, LLVMValueRef c) {
  LLVMValueRef t = live_twin(tw, a, c);
  if (t)
    return (ArgTwin){t, TWIN_LIVE};
  if (out_param(tw, a, c))
    return (ArgTwin){a, TWIN_SLOT};
  return (ArgTwin){a, select_twin(tw, a, c) ? TWIN_SELECT : TWIN_CAST};
}

/* The generic value call c passes for t, built before c unless live. */
static LLVMValueRef twin_at(Twins *tw, LLVMBuilderRef b, ArgTwin t, LLVMValueRef c) {
  if (t.how == TWIN_LIVE)
    return t.v;
  if (t.how == TWIN_SLOT && LLVMIsAAddrSpaceCastInst(t.v) &&
      ir_ptr_as(LLVMTypeOf(LLVMGetOperand(t.v, 0))) == tw->t->generic)
    return LLVMGetOperand(t.v, 0); /* the slot's generic address it was cast from */
  LLVMPositionBuilderBefore(b, c);
  if (t.how == TWIN_CAST || t.how == TWIN_SLOT)
    return cast_at(tw, b, t.v);
  LLVMValueRef xy[2];
  for (unsigned k = 0; k < 2; k++) { /* each operand's live twin, or its cast */
    LLVMValueRef o = LLVMGetOperand(t.v, k + 1), lt = live_twin(tw, o, c);
    xy[k] = lt ? lt : cast_at(tw, b, o);
  }
  LLVMValueRef sel = LLVMBuildSelect(b, LLVMGetOperand(t.v, 0), xy[0], xy[1], "");
  reading_placed(tw, sel);
  return sel;
}

/* Attribute index idx of v (a function or a call) now takes generic null
   from some call: `nonnull` of a named space's pointer (not its 0, which
   the space's null is not) cannot stay on the generic one, and in the
   generic space `dereferenceable` says nonnull too (it becomes
   dereferenceable_or_null). */
static void allow_null(LLVMValueRef v, unsigned idx) {
  static const char nn[] = "nonnull", dr[] = "dereferenceable", dn[] = "dereferenceable_or_null";
  bool call = !LLVMIsAFunction(v);
  unsigned knn = LLVMGetEnumAttributeKindForName(nn, sizeof nn - 1);
  unsigned kdr = LLVMGetEnumAttributeKindForName(dr, sizeof dr - 1);
  LLVMAttributeRef d = call ? LLVMGetCallSiteEnumAttribute(v, idx, kdr)
                            : LLVMGetEnumAttributeAtIndex(v, idx, kdr);
  uint64_t bytes = d ? LLVMGetEnumAttributeValue(d) : 0;
  if (call) {
    LLVMRemoveCallSiteEnumAttribute(v, idx, knn);
    LLVMRemoveCallSiteEnumAttribute(v, idx, kdr);
  } else {
    LLVMRemoveEnumAttributeAtIndex(v, idx, knn);
    LLVMRemoveEnumAttributeAtIndex(v, idx, kdr);
  }
  if (!d)
    return;
  LLVMAttributeRef o = LLVMCreateEnumAttribute(
      LLVMGetTypeContext(LLVMTypeOf(v)), LLVMGetEnumAttributeKindForName(dn, sizeof dn - 1), bytes);
  if (call)
    LLVMAddCallSiteAttribute(v, idx, o);
  else
    LLVMAddAttributeAtIndex(v, idx, o);
}

/* The retyped function's null tests of its entry cast: `cast == the
   space's null` is `p == generic null`.  p holds a pointer of the space
   (a twin), generic null or poison; the cast maps generic null to the
   space's null and no pointer of the space to it.  On NVPTX the space's
   null is `cvta.to.shared` of 0, which the test no longer needs. */
static void null_tests(Twins *tw, LLVMValueRef cast, LLVMValueRef p) {
  LLVMValueRef sn = tgt_null(tw->t, LLVMTypeOf(cast)), gn = LLVMConstNull(LLVMTypeOf(p));
  ValVec tests = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(cast); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef i = LLVMGetUser(u);
    if (LLVMIsAICmpInst(i) && (LLVMGetICmpPredicate(i) == LLVMIntEQ ||
                               LLVMGetICmpPredicate(i) == LLVMIntNE) &&
        LLVMGetOperand(i, LLVMGetOperand(i, 0) == cast ? 1 : 0) == sn)
      vec_push(&tests, i);
  }
  for (size_t k = 0; k < tests.n; k++) { /* (a use list is not changed while walked) */
    bool first = LLVMGetOperand(tests.v[k], 0) == cast;
    LLVMSetOperand(tests.v[k], first ? 0 : 1, p);
    LLVMSetOperand(tests.v[k], first ? 1 : 0, gn);
  }
  vec_free(&tests);
}

/* May parameter k of f (a pointer of a named space) take a generic value? */
static bool param_kind_ok(Twins *tw, LLVMValueRef f, unsigned k) {
  LLVMTypeRef ty = LLVMTypeOf(LLVMGetParam(f, k));
  if (LLVMGetTypeKind(ty) != LLVMPointerTypeKind)
    return false;
  int as = ir_ptr_as(ty);
  const TgtSpace *sp = tgt_space(tw->t, as);
  if (as == tw->t->generic || (sp && sp->cast_shared) ||
      LLVMPointerSizeForAS(tw->td, (unsigned)as) !=
          LLVMPointerSizeForAS(tw->td, (unsigned)tw->t->generic))
    return false;
  return !ir_param_abi(f, k);
}

/* f retyped when its calls keep twins live: how many parameters. */
static unsigned retype(Twins *tw, LLVMBuilderRef b, LLVMValueRef f, unsigned *slots,
                       unsigned *bare) {
  unsigned np = LLVMCountParams(f), ncalls = 0;
  if (!np)
    return 0;
  ValVec calls = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u))
    vec_push(&calls, LLVMGetUser(u));
  ncalls = (unsigned)calls.n;
  tw->reading = true;
  bool *take = xcalloc(np, sizeof *take), *lone = xcalloc(np, sizeof *lone);
  unsigned bares = 0;
  ArgTwin *twin = xcalloc((size_t)np * (ncalls ? ncalls : 1), sizeof *twin);
  unsigned taken = 0;
  for (unsigned k = 0; k < np && ncalls; k++) {
    if (!param_kind_ok(tw, f, k))
      continue;
    unsigned kept = 0; /* calls with a twin of their own */
    bool all = true;
    for (unsigned j = 0; j < ncalls && all; j++) {
      LLVMValueRef c = calls.v[j];
      all = LLVMIsACallInst(c) && ir_callee(c) == f &&
            LLVMGetBasicBlockParent(LLVMGetInstructionParent(c)) != f;
      if (all) {
        twin[(size_t)j * np + k] = arg_twin(tw, LLVMGetOperand(c, k), c);
        kept += twin[(size_t)j * np + k].how != TWIN_CAST;
      }
    }
    const TgtSpace *sp = tgt_space(tw->t, ir_ptr_as(LLVMTypeOf(LLVMGetParam(f, k))));
    take[k] = all && (kept || (sp && sp->args_generic));
    lone[k] = take[k] && !kept; /* taken for its space alone */
    bares += lone[k];
  }
  /* one such parameter at a time ("Private parameters", above) */
  for (unsigned k = 0; k < np; k++) {
    if (lone[k] && bares > 1)
      take[k] = false;
    taken += take[k];
    *bare += take[k] && lone[k];
  }
  if (taken) {
    tw->reading = false; /* (what is built now is read as it is) */
    LLVMTypeRef fty = LLVMGlobalGetValueType(f);
    LLVMTypeRef *ps = ir_param_types(fty, &np);
    for (unsigned k = 0; k < np; k++)
      if (take[k])
        ps[k] = ir_retype(ps[k], tw->t->generic);
    LLVMTypeRef nty = LLVMFunctionType(LLVMGetReturnType(fty), ps, np, LLVMIsFunctionVarArg(fty));
    free(ps);
    char *name = xstrdup(ir_name(f));
    LLVMValueRef nf = specs_retype(tw->t, f, nty, name);
    free(name);
    /* the body moved over with f's blocks (their dominators the same);
       the entry's start is new: its casts.  f's address may come back as
       a later retype's function. */
    reading_retyped(tw, f, nf);
    for (unsigned k = 0; k < np; k++) /* the entry's cast is named for its space */
      for (LLVMUseRef u = take[k] ? LLVMGetFirstUse(LLVMGetParam(nf, k)) : NULL; u;
           u = LLVMGetNextUse(u))
        if (LLVMIsAAddrSpaceCastInst(LLVMGetUser(u))) {
          LLVMValueRef p = LLVMGetParam(nf, k), cast = LLVMGetUser(u);
          char *nm = xasprintf("%s.%s", ir_name(p),
                               tgt_space_name(tw->t, ir_ptr_as(LLVMTypeOf(cast))));
          LLVMSetValueName2(cast, nm, strlen(nm));
          free(nm);
          null_tests(tw, cast, p);
        }
    /* Some call may pass generic null: a constant, a select, or the cast
       of a named value that may be the space's null (`nonnull` of the
       named parameter does not exclude it). */
    bool *null = xcalloc(np, sizeof *null);
    for (unsigned j = 0; j < ncalls; j++)
      for (unsigned k = 0; k < np; k++)
        null[k] |= take[k] && twin[(size_t)j * np + k].how != TWIN_SLOT &&
                   (twin[(size_t)j * np + k].how != TWIN_LIVE ||
                    !LLVMIsAAddrSpaceCastInst(twin[(size_t)j * np + k].v));
    for (unsigned k = 0; k < np; k++)
      if (null[k])
        allow_null(nf, k + 1);
    LLVMValueRef *args = xmalloc(np * sizeof *args), *ops = xmalloc(np * sizeof *ops);
    for (unsigned j = 0; j < ncalls; j++) {
      LLVMValueRef c = calls.v[j];
      ArgTwin *tj = &twin[(size_t)j * np];
      for (unsigned k = 0; k < np; k++) {
        ops[k] = LLVMGetOperand(c, k);
        args[k] = take[k] ? twin_at(tw, b, tj[k], c) : ops[k];
        *slots += take[k] && tj[k].how == TWIN_SLOT;
        if (take[k] && tj[k].how == TWIN_SELECT) {
          /* the generic select's twins have a use more; the named one's
             operands, a use fewer if it goes, and a slot's address a
             new one (the select of its cast) */
          for (unsigned e = 1; e < 3; e++) {
            reading_forget(tw, reading_addr_base(LLVMGetOperand(tj[k].v, e)));
            if (LLVMIsASelectInst(args[k]))
              reading_forget(tw, LLVMGetOperand(args[k], e));
          }
        }
      }
      /* an erased value's address may come back as one built later:
         what was read of it goes (a select's or a call's twins) */
      reading_forget(tw, c);
      LLVMValueRef nc = ir_replace_call(b, c, nf, nty, args, np);
      reading_placed(tw, nc);
      reading_call_moved(tw, ops, np, c, nc);
      for (unsigned k = 0; k < np; k++)
        if (take[k] && tj[k].how == TWIN_LIVE)
          reading_sums_gain(tw, args[k], nc);
      for (unsigned k = 0; k < np; k++)
        if (null[k])
          allow_null(nc, k + 1);
      for (unsigned k = 0; k < np; k++) { /* the named selects the call used */
        bool first = take[k] && tj[k].how == TWIN_SELECT;
        for (unsigned e = 0; e < k && first; e++) /* passed twice: erased once */
          first = !take[e] || tj[e].how != TWIN_SELECT || tj[e].v != tj[k].v;
        if (first && !LLVMGetFirstUse(tj[k].v)) {
          reading_forget(tw, tj[k].v);
          LLVMInstructionEraseFromParent(tj[k].v);
        }
      }
    }
    free(args);
    free(ops);
    free(null);
    reading_settle(tw, f);
    LLVMDeleteFunction(f);
  }
  free(twin);
  free(take);
  free(lone);
  vec_free(&calls);
  return taken;
}

bool twins_run(PassRun *run) {
  GaspCtx *cx = run->cx;
  LLVMModuleRef m = run->m;
  facts_pass_entry(cx, m);
  if (!cx->tgt->generic_args_twin)
    return false;
  Twins tw = {.t = cx->tgt, .td = LLVMGetModuleDataLayout(m), .check = cx->opt.verify_each};
  reading_init(&tw);
  ValVec fns = {0};
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (LLVMGetFirstBasicBlock(f) && world_internal(f) && world_may_rewrite(cx->tgt, f))
      vec_push(&fns, f);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
  unsigned params = 0, functions = 0, slots = 0, bare = 0;
  for (size_t i = 0; i < fns.n; i++) {
    unsigned n = retype(&tw, b, fns.v[i], &slots, &bare);
    params += n;
    functions += n > 0;
  }
  LLVMDisposeBuilder(b);
  reading_free(&tw);
  vec_free(&fns);
  cx_stat(cx, &st_params, params - bare);
  cx_stat(cx, &st_bare, bare);
  cx_stat(cx, &st_functions, functions);
  cx_stat(cx, &st_slots, slots);
  return params > 0;
}
