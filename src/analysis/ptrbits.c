/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* ptrbits.c — a pointer's bits carried by integers, which the space
 * analysis reads through (space.c: SP_I2P, SP_LANES).
 *
 * A no-op pair.  inttoptr(ptrtoint p) to generic, through an integer as
 * wide as a pointer, is p itself when p is generic or in a space whose
 * cast to generic keeps the bits (the table's noop_generic: AMDGPU global
 * and constant).
 *
 * A pointer broadcast from another lane.  CUDA code hands a warp one
 * thread's pointer by shuffling its two 32-bit halves (xformers' and
 * CUTLASS's warp_uniform, `__shfl_sync` of a 64-bit integer; HIP's
 * `__shfl(long long)`), which LLVM leaves as
 *   %lo = call i32 @shfl(..., trunc(%P), lane...)
 *   %hi = call i32 @shfl(..., trunc(lshr(%P, 32)), lane...)
 *   %p2 = inttoptr (or (shl (zext %hi), 32), (zext %lo)) to ptr
 * with %P = ptrtoint %p (HIP's signed form sign-extends %hi; the shift
 * drops what that adds).  When both shuffles are one intrinsic (casts.c,
 * casts_lane_copy) with the same operands but the data, in one block,
 * each thread reads both halves from the same lane, which computed %P
 * once: %p2 is some thread's %p, and the space analysis' sets hold for
 * every thread, so %p2 has %p's set.  A pointer into a per-thread window
 * (NVPTX local, AMDGPU private) stays in that window for whichever thread
 * uses it.  A source lane that is inactive gives an undefined value,
 * which no program may use as an address.  Neither LLVM nor llc sees
 * through this: clang's build leaves the accesses through %p2 generic
 * (CUTLASS's fused attention backward: 3 to 5 generic atomics and stores
 * per kernel; test/infer/lane-broadcast.ll, lane-broadcast-amdgcn.ll).
 * Not read: halves of two pointers or of two lanes, a %P moved by integer
 * arithmetic (instcombine's `add (ptrtoint p), k` for a GEP HIP then
 * shuffles).
 *
 * p's users are not the inttoptr's: space.c lists each such inttoptr
 * under p (SpBits) and requeues it when p's set grows.
 */
#include "analysis/ptrbits.h"

/* Does p2i, ptrtoint p to an integer as wide as a pointer, carry the bits
   of p as a pointer of type to (generic): p generic, or p in a space whose
   cast to generic keeps the bits (the table's noop_generic: AMDGPU global
   and constant)? */
static bool same_bits(const TgtTable *t, unsigned ptr_bits, LLVMValueRef p2i, LLVMTypeRef to) {
  if (ir_opcode(p2i) != LLVMPtrToInt)
    return false;
  LLVMTypeRef it = LLVMTypeOf(p2i), pt = LLVMTypeOf(LLVMGetOperand(p2i, 0));
  if (LLVMGetTypeKind(it) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(it) != ptr_bits)
    return false;
  if (pt == to)
    return true;
  const TgtSpace *sp = tgt_space(t, ir_ptr_as(pt));
  return sp && sp->noop_generic && ir_retype(pt, t->generic) == to;
}

/* inttoptr(ptrtoint p) to generic that is p itself (same_bits). */
bool ptrbits_noop_i2p(const TgtTable *t, unsigned ptr_bits, LLVMValueRef i2p) {
  return same_bits(t, ptr_bits, LLVMGetOperand(i2p, 0), LLVMTypeOf(i2p));
}

/* The shuffle that v is (or whose first result v extracts), else NULL. */
static LLVMValueRef lane_call(LLVMValueRef v) {
  if (LLVMIsAExtractValueInst(v)) {
    if (LLVMGetNumIndices(v) != 1 || LLVMGetIndices(v)[0] != 0)
      return NULL;
    v = LLVMGetOperand(v, 0);
  }
  return LLVMIsACallInst(v) && casts_lane_copy(v) >= 0 ? v : NULL;
}

/* Do shuffles a and b read the same lane: one callee, one block, every
   operand but the data the same value? */
static bool same_lane(LLVMValueRef a, LLVMValueRef b) {
  if (ir_callee(a) != ir_callee(b) || LLVMGetInstructionParent(a) != LLVMGetInstructionParent(b))
    return false;
  int data = casts_lane_copy(a);
  for (int k = 0, n = LLVMGetNumArgOperands(a); k < n; k++)
    if (k != data && LLVMGetOperand(a, (unsigned)k) != LLVMGetOperand(b, (unsigned)k))
      return false;
  return true;
}

/* The integer whose low (hi false) or high half v, an integer of half the
   width, is: trunc(P) or trunc(lshr(P, half)); else NULL. */
static LLVMValueRef half_of(LLVMValueRef v, bool hi, unsigned half) {
  if (!LLVMIsATruncInst(v))
    return NULL;
  v = LLVMGetOperand(v, 0);
  if (!hi)
    return v;
  LLVMValueRef sh = ir_opcode(v) == LLVMLShr ? LLVMGetOperand(v, 1) : NULL;
  return sh && LLVMIsAConstantInt(sh) && LLVMConstIntGetZExtValue(sh) == half
             ? LLVMGetOperand(v, 0)
             : NULL;
}

/* The shuffle of half (hi or low) of x's halves: x = zext(h) (low) or
   shl(zext(h), half) (hi; sext too, whose extra bits the shift drops: HIP's
   signed `__shfl(long long)`), h a lane copy of a value half as wide. */
static LLVMValueRef half_call(LLVMValueRef x, bool hi, unsigned half) {
  if (hi) {
    LLVMValueRef sh = ir_opcode(x) == LLVMShl ? LLVMGetOperand(x, 1) : NULL;
    if (!sh || !LLVMIsAConstantInt(sh) || LLVMConstIntGetZExtValue(sh) != half)
      return NULL;
    x = LLVMGetOperand(x, 0);
  }
  if (!LLVMIsAZExtInst(x) && !(hi && LLVMIsASExtInst(x)))
    return NULL;
  LLVMValueRef h = LLVMGetOperand(x, 0);
  if (LLVMGetTypeKind(LLVMTypeOf(h)) != LLVMIntegerTypeKind ||
      LLVMGetIntTypeWidth(LLVMTypeOf(h)) != half)
    return NULL;
  return lane_call(h);
}

/* p where inttoptr i2p is p broadcast from a lane (above), else NULL. */
LLVMValueRef ptrbits_lanes_source(const TgtTable *t, unsigned ptr_bits, LLVMValueRef i2p) {
  LLVMValueRef x = LLVMGetOperand(i2p, 0);
  if (ir_opcode(x) != LLVMOr || !LLVMIsAInstruction(x) ||
      LLVMGetTypeKind(LLVMTypeOf(x)) != LLVMIntegerTypeKind)
    return NULL; /* (a vector's lanes are not read) */
  unsigned half = ptr_bits / 2;
  for (unsigned hi_at = 0; hi_at < 2; hi_at++) {
    LLVMValueRef hc = half_call(LLVMGetOperand(x, hi_at), true, half);
    LLVMValueRef lc = hc ? half_call(LLVMGetOperand(x, 1 - hi_at), false, half) : NULL;
    if (!lc || !same_lane(hc, lc))
      continue;
    LLVMValueRef P = half_of(LLVMGetOperand(hc, (unsigned)casts_lane_copy(hc)), true, half);
    if (P && P == half_of(LLVMGetOperand(lc, (unsigned)casts_lane_copy(lc)), false, half) &&
        same_bits(t, ptr_bits, P, LLVMTypeOf(i2p)))
      return LLVMGetOperand(P, 0);
  }
  return NULL;
}
