/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* frames.c — the thread's own stack frame handed to the back end in the
 * shape it lowers to local accesses (NVPTX; the last pass of a module
 * going to code generation).
 *
 * Problem.  An NVPTX stack slot is an alloca in the generic space.  llc-22
 * names it local in its IR pipeline — nvptx-lower-alloca casts each slot
 * to the local space, infer-address-spaces carries that to the accesses —
 * but two later steps of the same pipeline write generic accesses to the
 * frame again, which PTX shows as `st [%SP+k]` through the generic stack
 * pointer (most of what public programs keep generic with or without gasp):
 *
 *   VARARGS: expand-variadics builds each variadic call's argument buffer
 *     (every printf) after those passes, storing through the generic slot.
 *   SLOT: SROA runs again after them.  On a slot it can split but not
 *     promote — one with volatile accesses (random programs declare most
 *     locals volatile), or one read as two types it cannot reconcile (a
 *     float read as half and as uint: FluidX3D's graphics kernels with
 *     libclc) — it rewrites the accesses of the slot's whole type straight
 *     through the generic alloca; the volatile and narrower ones keep
 *     their space.  PTX: `st [%SP+8]` beside `ld.local` of the same slot.
 *   BYVAL: a struct passed by value (`ptr byval`) is copied by the call's
 *     lowering in the caller, reading through the argument pointer: local
 *     reads when it is a slot or a cast from the local space, generic ones
 *     (`ld [%rd+k]`, `ld [%SP+k]`) when it is a GEP over either.
 *   LANES: a vector read or written at a lane chosen at run time
 *     (`extractelement <4 x float> %v, i64 %i`, which InstCombine makes of
 *     `c ? v[2] : v[1]`; OpenCL's `v[i]`) is split by code generation's
 *     type legalizer into a stack temporary: `st [%SP]` of every lane,
 *     `ld [%SP+4*i]` — a frame, four generic stores and a generic load
 *     (GEGL's color-to-alpha).  Only the vectors NVPTX keeps in one
 *     32-bit register (v2f16, v4i8: TgtTable.lane_reg_bits) are indexed
 *     in registers.
 *
 * The defects are pass order in LLVM's NVPTX pipeline (tgt_hazards:
 * TGT_HAZARD_FRAME); what gasp can do is hand over what those steps leave
 * alone:
 *
 *   VARARGS: variadic calls are expanded here, by LLVM's own
 *     ExpandVariadics in the lowering mode llc runs it in
 *     (capi_expand_variadics): the same buffer and ABI, made before llc's
 *     alloca lowering; llc's expansion finds nothing left.  The callers
 *     wait for the pipeline's `reinfer`, which names the buffer's stores
 *     private.  Only when a variadic declaration (printf) is called and no
 *     variadic function is defined (whose expansion would replace it: llc
 *     keeps such a module's).
 *   BYVAL: such an argument becomes the cast of the same GEPs built in
 *     the local space (the rest of the chain is left to its other users).
 *   SLOT: a slot SROA would rewrite but cannot promote gets a use of its
 *     local-space cast by llvm.fake.use, which SROA treats as an escape (it
 *     leaves the slot alone) and code generation emits nothing for.  Such
 *     a slot: a static alloca of the entry block whose every use is a
 *     load, a store into it, a memory intrinsic of constant length,
 *     lifetime marker, cast or constant-offset GEP (anything else already
 *     stops SROA), with a non-volatile access (what SROA would rewrite),
 *     and no part SROA could promote (the fake use then costs no
 *     register): either a volatile access among the loads and stores each
 *     part overlaps, or, where loads or stores of two types overlap, SROA
 *     itself left it.  Where a function has a slot of the second shape,
 *     LLVM's own SROA runs on that function here (cx_run_llvm_passes: what llc's first SROA would do,
 *     done before its alloca lowering instead of after), and every slot
 *     of that shape it leaves is one no later SROA promotes; the function
 *     waits for `reinfer`, which names the accesses SROA rewrote through
 *     the generic alloca.  An access SROA retyped to the part's type
 *     through a bitcast (`load float` for a `load i32`) takes the type
 *     back (unbitcast_slot: one IR instruction less, the same code).
 *   LANES: each such read becomes a chain of selects on the index
 *     (`i == 1 ? v[1] : v[0]`, ...), each write a select per lane, as
 *     AMDGPU's own lowering expands them (SITargetLowering::
 *     shouldExpandVectorDynExt: "otherwise it will be lowered via
 *     memory"), where the selects cost less than the spill in every
 *     column (LANES_BITS, below).  An index out of range reads lane 0 or
 *     writes nothing, where LLVM's result is poison.
 *
 * Where it runs: last in the default pipeline and the plugin's late one;
 * not in the plugin's early run, where LLVM's optimizer still runs and a
 * slot it sees escaping is one it optimizes less.  BYVAL and SLOT leave
 * optnone functions as written (llc names no slot local at -O0 anyway);
 * VARARGS is the calling convention llc applies to every function.
 *
 * Remark: "N slots SROA cannot promote kept from it, M variadic calls
 * given an argument buffer, K by-value arguments made casts of local GEPs,
 * L run-time lanes of vectors made selects (llc-22 NVPTX: the stack frame
 * in the generic space)".
 * Requires: a module that verifies.  Debug name: frames.
 * Statistics: frames.* (below).  Tests: test/frames/.
 */
#include "pass/pass.h"

#include <llvm-c/DebugInfo.h>

#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 32 /* casts and GEPs followed from a slot or to an argument's root */
/* LANES' cost model, measured with llc-22 and ptxas 13.0 on a kernel
   reading one lane of a vector it computes (bench/README.md, "The NVPTX
   stack frame"): selects beat the spill in every column (PTX and machine
   instructions, registers, frame) for 8- and 32-bit lanes up to 256 bits
   (float4: PTX 28 -> 23, SASS 30 -> 20; float8, uchar16) and 64-bit lanes
   up to 128 (double2); not for 16-bit lanes, which NVPTX keeps two to a
   register and unpacks for each lane read (half4: PTX 24 -> 26), nor
   wider vectors (float16: PTX 55 -> 62; double8: SASS 46 -> 51; long4 with
   a multiply: 20 -> 26 registers). */
#define MAX_LANES 16
#define LANES_BITS 256
#define LANES_BITS_WIDE 128 /* of 64-bit lanes */

static const GaspStatDesc st_varargs = {
    "frames.variadic-calls", "variadic calls given an argument buffer before llc (NVPTX)"};
static const GaspStatDesc st_byvals = {
    "frames.byval-args", "by-value arguments made casts of local GEPs (NVPTX)"};
static const GaspStatDesc st_lanes = {
    "frames.dynamic-lanes", "vector lanes chosen at run time made selects (NVPTX)"};
static const GaspStatDesc st_slots = {
    "frames.slots-kept", "slots SROA cannot promote kept from llc's SROA by a fake use (NVPTX)"};
static const GaspStatDesc st_sroa = {
    "frames.sroa-functions", "functions whose slots LLVM's SROA ran on to tell which it leaves (NVPTX)"};

/* ---- VARARGS -------------------------------------------------------------- */

/* The names of the functions that call a variadic declaration (by name:
   the expansion makes new functions); how many calls.  None when the
   module defines a variadic function: the expansion would replace it
   under the run's fact store, so llc keeps that module's expansion. */
typedef VEC(char *) NameVec;

static unsigned variadic_callers(LLVMModuleRef m, NameVec *out) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (LLVMIsFunctionVarArg(LLVMGlobalGetValueType(f)) && !LLVMIsDeclaration(f))
      return 0;
  unsigned calls = 0;
  PtrMap seen;
  map_init(&seen);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (!LLVMIsFunctionVarArg(LLVMGlobalGetValueType(f)))
      continue;
    for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      LLVMValueRef caller =
          LLVMIsACallInst(user) ? LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)) : NULL;
      calls += caller != NULL;
      if (caller && map_find(&seen, caller) == MAP_NONE) {
        map_put(&seen, caller, 1);
        vec_push(out, xstrdup(ir_name(caller)));
      }
    }
  }
  map_free(&seen);
  return calls;
}

/* Variadic calls expanded; the callers wait for `reinfer`, which names
   their argument buffers' stores.  How many calls (0: the module is
   unchanged). */
static unsigned expand_variadics(PassRun *run) {
  NameVec callers = {0};
  unsigned calls = variadic_callers(run->m, &callers);
  bool changed = calls && capi_expand_variadics(run->m);
  for (size_t k = 0; k < callers.n; k++) {
    LLVMValueRef f = LLVMGetNamedFunction(run->m, callers.v[k]);
    if (changed && f && !LLVMIsDeclaration(f))
      facts_reinfer_later(run->facts, f);
    free(callers.v[k]);
  }
  vec_free(&callers);
  return changed ? calls : 0;
}

/* ---- BYVAL ---------------------------------------------------------------- */

/* What generic pointer p is a chain of GEPs over (they go into *chain, the
   outermost first): a local pointer cast to generic, or a generic slot;
   NULL when neither (or a GEP of vectors). */
static LLVMValueRef local_root(LLVMValueRef p, const TgtTable *t, ValVec *chain) {
  for (unsigned depth = 0; depth < MAX_DEPTH; depth++) {
    if (LLVMGetTypeKind(LLVMTypeOf(p)) != LLVMPointerTypeKind)
      return NULL;
    if (LLVMIsAGetElementPtrInst(p)) {
      vec_push(chain, p);
      p = LLVMGetOperand(p, 0);
    } else if (LLVMIsAAddrSpaceCastInst(p)) {
      LLVMValueRef from = LLVMGetOperand(p, 0);
      return ir_ptr_as(LLVMTypeOf(from)) == t->priv ? from : NULL;
    } else {
      return LLVMIsAAllocaInst(p) && ir_ptr_as(LLVMTypeOf(p)) == t->generic ? p : NULL;
    }
  }
  return NULL;
}

/* Argument k of call, a GEP chain over a local root: the same GEPs over
   the local pointer, cast to generic, in its place. */
static bool localize_byval(LLVMBuilderRef b, LLVMValueRef call, unsigned k, const TgtTable *t) {
  ValVec chain = {0};
  LLVMValueRef p = local_root(LLVMGetOperand(call, k), t, &chain);
  if (p && chain.n) {
    LLVMPositionBuilderBefore(b, call);
    LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(p));
    if (ir_ptr_as(LLVMTypeOf(p)) != t->priv)
      p = LLVMBuildAddrSpaceCast(b, p, LLVMPointerTypeInContext(ctx, (unsigned)t->priv), "");
    for (size_t j = chain.n; j-- > 0;)
      p = ir_build_gep_on(b, chain.v[j], p);
    LLVMSetOperand(call, k, LLVMBuildAddrSpaceCast(b, p, LLVMTypeOf(chain.v[0]), ""));
    /* the generic chain, where nothing else uses it, and its cast */
    LLVMValueRef dead = chain.v[0];
    while ((LLVMIsAGetElementPtrInst(dead) || LLVMIsAAddrSpaceCastInst(dead)) &&
           !LLVMGetFirstUse(dead)) {
      LLVMValueRef under = LLVMGetOperand(dead, 0);
      LLVMInstructionEraseFromParent(dead);
      dead = under;
    }
  }
  bool done = p && chain.n;
  vec_free(&chain);
  return done;
}

static unsigned localize_byvals(LLVMModuleRef m, LLVMBuilderRef b, const TgtTable *t) {
  unsigned n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = ir_optnone(f) ? NULL : LLVMGetFirstBasicBlock(f); bb;
         bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        if (!LLVMIsACallInst(i))
          continue;
        unsigned args = LLVMGetNumArgOperands(i);
        for (unsigned k = 0; k < args; k++)
          if (ir_arg_byval(i, k)) /* the call site's or the callee's: LLVM copies either */
            n += localize_byval(b, i, k, t);
      }
  return n;
}

/* ---- SLOT ----------------------------------------------------------------- */

/* One load, store or memory intrinsic of a slot: bytes [lo, hi). */
typedef struct Piece {
  int64_t lo, hi;
  bool vol;
  LLVMTypeRef ty; /* a load's or store's type; NULL for a memory intrinsic */
} Piece;
typedef VEC(Piece) PieceVec;

typedef struct Slot {
  LLVMTargetDataRef td;
  PieceVec pieces;  /* loads and stores, and volatile memory intrinsics */
  bool plain;       /* a non-volatile access */
} Slot;

static void add_piece(Slot *s, int64_t lo, uint64_t size, bool vol, LLVMTypeRef ty) {
  vec_push(&s->pieces, ((Piece){lo, lo + (int64_t)size, vol, ty}));
  s->plain |= !vol;
}

/* Slot a's accesses, walked through its casts and constant-offset GEPs
   (fwd.c): false at a use SROA leaves the slot alone for — an escape, a
   run-time offset, a merge, a fake use already there. */
static bool walk_slot(Slot *s, Fwd *w, LLVMValueRef a) {
  fwd_start(w, a, place_at(0, 0));
  bool ok = true;
  for (FwdUse u; ok && fwd_next(w, &u);) {
    LLVMValueRef user = u.user;
    const IrMemIntrin *mi;
    switch (u.kind) {
    case FWD_GEP: {
      int64_t g = ir_gep_const_offset(s->td, user);
      ok = g != INT64_MIN && u.depth < MAX_DEPTH;
      if (ok)
        fwd_follow(w, user, place_at(u.at.off + g, 0));
      break;
    }
    case FWD_CAST:
      ok = u.depth < MAX_DEPTH;
      if (ok)
        fwd_follow(w, user, u.at);
      break;
    case FWD_LOAD:
      add_piece(s, u.at.off, LLVMStoreSizeOfType(s->td, LLVMTypeOf(user)), LLVMGetVolatile(user),
                LLVMTypeOf(user));
      break;
    case FWD_STORE:
      ok = LLVMGetOperand(user, 0) != u.v;
      if (ok)
        add_piece(s, u.at.off, LLVMStoreSizeOfType(s->td, LLVMTypeOf(LLVMGetOperand(user, 0))),
                  LLVMGetVolatile(user), LLVMTypeOf(LLVMGetOperand(user, 0)));
      break;
    case FWD_CALL:
      if (ir_is_lifetime(user))
        break;
      mi = ir_mem_intrin(user);
      ok = mi && !strncmp(mi->name, "llvm.mem", 8) && LLVMIsAConstantInt(LLVMGetOperand(user, 2));
      if (ok && ir_mem_intrin_volatile(mi, user))
        add_piece(s, u.at.off, LLVMConstIntGetZExtValue(LLVMGetOperand(user, 2)), true, NULL);
      else
        s->plain |= ok; /* split by SROA over the parts it covers */
      break;
    default:
      ok = false;
    }
  }
  return ok;
}

static int by_lo(const void *a, const void *b) {
  const Piece *x = a, *y = b;
  return (x->lo > y->lo) - (x->lo < y->lo);
}

/* Does every group of overlapping pieces (sorted by lo) hold a volatile
   one? */
static bool every_part_volatile(const PieceVec *pv) {
  for (size_t k = 0; k < pv->n;) {
    int64_t hi = pv->v[k].hi;
    bool vol = false;
    size_t j = k;
    for (; j < pv->n && pv->v[j].lo < hi; j++) {
      hi = pv->v[j].hi > hi ? pv->v[j].hi : hi;
      vol |= pv->v[j].vol;
    }
    if (!vol)
      return false;
    k = j;
  }
  return true;
}

/* Do two loads or stores of different types overlap (sorted by lo)?  The
   shape SROA may fail to reconcile (a float read as half and as i32);
   slots without one are left to llc's SROA, whatever it does. */
static bool types_overlap(const PieceVec *pv) {
  for (size_t k = 0; k < pv->n; k++)
    for (size_t j = k + 1; j < pv->n && pv->v[j].lo < pv->v[k].hi; j++)
      if (pv->v[k].ty && pv->v[j].ty && pv->v[k].ty != pv->v[j].ty)
        return true;
  return false;
}

/* What SROA would do to slot a: SLOT_NONE (nothing to keep it from: it
   stops SROA already, has no access SROA rewrites, or none of the shapes
   below), SLOT_VOLATILE (every part holds a volatile access: SROA
   rewrites and never promotes it), SLOT_ASK (accesses of two types
   overlap: whether SROA promotes some part, only SROA itself says). */
typedef enum { SLOT_NONE, SLOT_VOLATILE, SLOT_ASK } SlotKind;

static SlotKind slot_kind(LLVMTargetDataRef td, Fwd *w, LLVMValueRef a) {
  Slot s = {td, {0}, false};
  SlotKind k = SLOT_NONE;
  if (walk_slot(&s, w, a) && s.plain && s.pieces.n) {
    qsort(s.pieces.v, s.pieces.n, sizeof *s.pieces.v, by_lo);
    k = every_part_volatile(&s.pieces) ? SLOT_VOLATILE
        : types_overlap(&s.pieces)     ? SLOT_ASK
                                       : SLOT_NONE;
  }
  vec_free(&s.pieces);
  return k;
}

/* f's entry slots SROA would rewrite, of either kind, into out; whether
   one is SLOT_ASK. */
static bool entry_slots(LLVMValueRef f, LLVMTargetDataRef td, Fwd *w, const TgtTable *t,
                        ValVec *out) {
  bool ask = false;
  for (LLVMValueRef i = LLVMGetFirstInstruction(LLVMGetFirstBasicBlock(f)); i;
       i = LLVMGetNextInstruction(i))
    if (LLVMIsAAllocaInst(i) && LLVMIsAConstantInt(LLVMGetOperand(i, 0)) &&
        ir_ptr_as(LLVMTypeOf(i)) == t->generic) {
      SlotKind k = slot_kind(td, w, i);
      ask |= k == SLOT_ASK;
      if (k != SLOT_NONE)
        vec_push(out, i);
    }
  return ask;
}

/* SROA reads and writes a slot it leaves in the type of the part
   (`load float` and a bitcast where the input loaded i32): free in the
   code, one instruction more in the IR each.  An access whose value only
   passes through such a bitcast (of the same size) takes the bitcast's
   type back, as InstCombine would fold it. */
static const char *const ACCESS_MD[] = {"tbaa", "alias.scope", "noalias", "nontemporal",
                                        "invariant.load", "noundef"};

static bool same_bits_cast(LLVMValueRef c, LLVMTargetDataRef td) {
  if (!c || !LLVMIsABitCastInst(c))
    return false;
  LLVMTypeRef from = LLVMTypeOf(LLVMGetOperand(c, 0)), to = LLVMTypeOf(c);
  return LLVMGetTypeKind(from) != LLVMPointerTypeKind && LLVMGetTypeKind(to) != LLVMPointerTypeKind &&
         LLVMSizeOfTypeInBits(td, from) == LLVMSizeOfTypeInBits(td, to);
}

static void copy_access(LLVMValueRef to, LLVMValueRef from) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(from));
  LLVMSetAlignment(to, LLVMGetAlignment(from));
  LLVMSetVolatile(to, LLVMGetVolatile(from));
  for (size_t k = 0; k < sizeof ACCESS_MD / sizeof *ACCESS_MD; k++) {
    unsigned id = LLVMGetMDKindIDInContext(ctx, ACCESS_MD[k], (unsigned)strlen(ACCESS_MD[k]));
    LLVMValueRef md = LLVMGetMetadata(from, id);
    if (md)
      LLVMSetMetadata(to, id, md);
  }
  LLVMInstructionSetDebugLoc(to, LLVMInstructionGetDebugLoc(from));
}

static void unbitcast_slot(LLVMBuilderRef b, LLVMTargetDataRef td, Fwd *w, LLVMValueRef a) {
  ValVec loads = {0}, stores = {0};
  fwd_start(w, a, place_at(0, 0));
  for (FwdUse u; fwd_next(w, &u);) {
    if (u.kind == FWD_GEP || u.kind == FWD_CAST) {
      fwd_follow(w, u.user, u.at);
    } else if (u.kind == FWD_LOAD && LLVMGetOrdering(u.user) == LLVMAtomicOrderingNotAtomic) {
      LLVMUseRef only = LLVMGetFirstUse(u.user);
      if (only && !LLVMGetNextUse(only) && same_bits_cast(LLVMGetUser(only), td))
        vec_push(&loads, u.user);
    } else if (u.kind == FWD_STORE && LLVMGetOrdering(u.user) == LLVMAtomicOrderingNotAtomic &&
               LLVMGetOperand(u.user, 1) == u.v &&
               same_bits_cast(LLVMGetOperand(u.user, 0), td)) {
      vec_push(&stores, u.user);
    }
  }
  for (size_t k = 0; k < loads.n; k++) {
    LLVMValueRef l = loads.v[k], c = LLVMGetUser(LLVMGetFirstUse(l));
    LLVMPositionBuilderBefore(b, l);
    LLVMValueRef n = LLVMBuildLoad2(b, LLVMTypeOf(c), LLVMGetOperand(l, 0), "");
    copy_access(n, l);
    LLVMReplaceAllUsesWith(c, n);
    LLVMInstructionEraseFromParent(c);
    LLVMInstructionEraseFromParent(l);
  }
  for (size_t k = 0; k < stores.n; k++) {
    LLVMValueRef st = stores.v[k], c = LLVMGetOperand(st, 0);
    LLVMPositionBuilderBefore(b, st);
    LLVMValueRef n = LLVMBuildStore(b, LLVMGetOperand(c, 0), LLVMGetOperand(st, 1));
    copy_access(n, st);
    LLVMInstructionEraseFromParent(st);
    if (!LLVMGetFirstUse(c))
      LLVMInstructionEraseFromParent(c);
  }
  vec_free(&loads);
  vec_free(&stores);
}

/* A cast of slot a to the local space in block bb (infer's), or NULL. */
static LLVMValueRef local_cast_in(LLVMValueRef a, LLVMBasicBlockRef bb, int local) {
  for (LLVMUseRef u = LLVMGetFirstUse(a); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef c = LLVMGetUser(u);
    if (LLVMIsAAddrSpaceCastInst(c) && LLVMGetInstructionParent(c) == bb &&
        ir_ptr_as(LLVMTypeOf(c)) == local)
      return c;
  }
  return NULL;
}

static unsigned keep_slots(PassRun *run, LLVMBuilderRef b, unsigned *asked) {
  GaspCtx *cx = run->cx;
  LLVMModuleRef m = run->m;
  const TgtTable *t = cx->tgt;
  int local = t->priv;
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
  LLVMTypeRef local_ptr = LLVMPointerTypeInContext(LLVMGetModuleContext(m), (unsigned)local);
  Fwd w;
  fwd_init(&w, FWD_FIFO);
  unsigned kept = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    LLVMBasicBlockRef entry = LLVMGetFirstBasicBlock(f);
    if (!entry || ir_optnone(f))
      continue;
    /* without a slot only SROA can judge, the slots found are the
       volatile ones; with one, SROA decides, and what it leaves (the
       volatile ones with them) no later SROA promotes */
    ValVec slots = {0};
    bool ask = entry_slots(f, td, &w, t, &slots);
    if (ask) {
      cx_run_llvm_passes(cx, m, f, "sroa", "frames");
      facts_reinfer_later(run->facts, f);
      (*asked)++;
      entry = LLVMGetFirstBasicBlock(f);
      slots.n = 0;
      entry_slots(f, td, &w, t, &slots);
    }
    /* the fake use goes right after the slot's local cast (infer's, or
       one made right after the slot) */
    for (size_t k = 0; k < slots.n; k++) {
      if (ask)
        unbitcast_slot(b, td, &w, slots.v[k]);
      LLVMValueRef cast = local_cast_in(slots.v[k], entry, local);
      if (!cast) {
        LLVMPositionBuilderBefore(b, ir_insert_point_after(slots.v[k]));
        cast = LLVMBuildAddrSpaceCast(b, slots.v[k], local_ptr, "");
      }
      LLVMPositionBuilderBefore(b, ir_insert_point_after(cast));
      ir_build_fake_use(b, cast);
      kept++;
    }
    vec_free(&slots);
  }
  fwd_free(&w);
  return kept;
}

/* ---- LANES ---------------------------------------------------------------- */

/* Does i read (extractelement) or write (insertelement) a vector at a lane
   an instruction or argument picks, of a vector code generation would
   spill to index? */
static bool lane_at_run_time(LLVMValueRef i, LLVMTargetDataRef td, const TgtTable *t) {
  unsigned k;
  if (LLVMIsAExtractElementInst(i))
    k = 1;
  else if (LLVMIsAInsertElementInst(i))
    k = 2;
  else
    return false;
  LLVMTypeRef vt = LLVMTypeOf(LLVMGetOperand(i, 0));
  if (LLVMIsAConstant(LLVMGetOperand(i, k)) || LLVMGetTypeKind(vt) != LLVMVectorTypeKind)
    return false;
  unsigned n = LLVMGetVectorSize(vt);
  uint64_t lane = LLVMSizeOfTypeInBits(td, LLVMGetElementType(vt)), bits = lane * n;
  if (n < 2 || n > MAX_LANES || bits == t->lane_reg_bits)
    return false;
  return lane == 64 ? bits <= LANES_BITS_WIDE : (lane == 8 || lane == 32) && bits <= LANES_BITS;
}

/* i (lane_at_run_time) rebuilt as selects on its index before it, which it
   is replaced by and erased. */
static void lane_selects(LLVMBuilderRef b, LLVMValueRef i, LLVMValueRef fn) {
  bool read = LLVMIsAExtractElementInst(i) != NULL;
  LLVMValueRef v = LLVMGetOperand(i, 0);
  LLVMValueRef idx = LLVMGetOperand(i, read ? 1 : 2);
  LLVMTypeRef it = LLVMTypeOf(idx);
  unsigned n = LLVMGetVectorSize(LLVMTypeOf(v));
  LLVMPositionBuilderBefore(b, i);
  LLVMSetCurrentDebugLocation2(b, ir_loc_of(i, fn));
  LLVMValueRef r = read ? LLVMBuildExtractElement(b, v, LLVMConstInt(it, 0, false), "")
                        : LLVMGetPoison(LLVMTypeOf(v));
  for (unsigned k = read ? 1 : 0; k < n; k++) {
    LLVMValueRef lane = LLVMConstInt(it, k, false);
    LLVMValueRef here = LLVMBuildICmp(b, LLVMIntEQ, idx, lane, "");
    LLVMValueRef old = LLVMBuildExtractElement(b, v, lane, "");
    if (read)
      r = LLVMBuildSelect(b, here, old, r, "");
    else
      r = LLVMBuildInsertElement(b, r, LLVMBuildSelect(b, here, LLVMGetOperand(i, 1), old, ""),
                                 lane, "");
  }
  LLVMReplaceAllUsesWith(i, r);
  ir_erase_salvaging(i, r);
}

static unsigned unstack_lanes(LLVMModuleRef m, LLVMBuilderRef b, const TgtTable *t) {
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
  unsigned made = 0;
  ValVec found = {0};
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (ir_optnone(f))
      continue;
    found.n = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        if (lane_at_run_time(i, td, t))
          vec_push(&found, i);
    for (size_t k = 0; k < found.n; k++)
      lane_selects(b, found.v[k], f);
    made += (unsigned)found.n;
  }
  vec_free(&found);
  return made;
}

/* ---- the pass ------------------------------------------------------------- */

bool frames_run(PassRun *run) {
  GaspCtx *cx = run->cx;
  LLVMModuleRef m = run->m;
  facts_pass_entry(cx, m);
  if (!(tgt_hazards(LLVMGetTarget(m)) & TGT_HAZARD_FRAME))
    return false;
  Inventory inv = *facts_inventory(run->facts); /* the expansion adds none of the kinds */
  unsigned varargs = expand_variadics(run);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
  unsigned byvals = inv.byval_calls ? localize_byvals(m, b, cx->tgt) : 0;
  unsigned asked = 0, kept = keep_slots(run, b, &asked);
  unsigned lanes = inv.runtime_lanes ? unstack_lanes(m, b, cx->tgt) : 0;
  LLVMDisposeBuilder(b);
  cx_stat(cx, &st_varargs, varargs);
  cx_stat(cx, &st_byvals, byvals);
  cx_stat(cx, &st_slots, kept);
  cx_stat(cx, &st_sroa, asked);
  cx_stat(cx, &st_lanes, lanes);
  if (varargs || byvals || kept || lanes) {
    GaspRemark *r = cx_remark(cx, GASP_REMARK_PASSED, "Frame", NULL, NULL);
    rm_arg(r, "Slots", "%u", kept);
    rm_arg(r, "String", " slot%s SROA cannot promote kept from it, ", kept == 1 ? "" : "s");
    rm_arg(r, "Calls", "%u", varargs);
    rm_arg(r, "String", " variadic call%s given an argument buffer, ", varargs == 1 ? "" : "s");
    rm_arg(r, "ByVal", "%u", byvals);
    rm_arg(r, "String", " by-value argument%s made casts of local GEPs, ", byvals == 1 ? "" : "s");
    rm_arg(r, "Lanes", "%u", lanes);
    rm_arg(r, "String", " run-time lane%s of vectors made selects (llc-22 NVPTX: the stack frame "
           "in the generic space)", lanes == 1 ? "" : "s");
    rm_done(r);
  }
  return varargs || byvals || kept || lanes;
}
