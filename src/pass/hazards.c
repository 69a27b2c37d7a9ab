/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* hazards.c — shapes LLVM 22's back ends are known to mishandle, written
 * the way they compile (the last pass of the pipeline).
 *
 * Problem.  gasp's output is handed to a back end (llc, or clang's own
 * code generation after the plugin).  A few shapes, legal IR that clang
 * itself may emit, crash a back end or make it fail; gasp's rewrites (new
 * clones at the module's end, new lanes of pointer vectors) step on them
 * where the input did not, and users see a build that fails only with
 * gasp.  The defects are LLVM's; what gasp can do is not hand them over.
 * Which back end compiles the module is a fact of its triple
 * (tgt_hazards, target.c); each rule names the defect it avoids:
 *
 *   LANE (amdgcn): an extractelement at a run-time lane from a vector of
 *     pointers — lanes cast from LDS beside flat ones, the picked pointer
 *     offset and loaded — crashes llc-22 (SIGSEGV in "Rename Disconnected
 *     Subregister Components", gfx90a, gfx906, gfx1100; repro
 *     llc_amdgpu_crash_1414).  It becomes a select chain over the lanes
 *     read at constant indices: the same value for every lane in range (an
 *     index out of range gave poison, which lane 0 refines).  Vectors of up
 *     to 16 lanes; wider ones are left as they are.
 *
 * Not avoided (docs/design.md, "Back-end hazards"): LLVM 22's SPIR-V back
 * end checks a printf format's storage class with a type lookup in the
 * wrong machine function, so whether a module with printf builds depends
 * on function order and even on use-list order (the same module fails as
 * bitcode and builds as text, with or without gasp); no rewrite of gasp's
 * was found that decides it (repro spirv_printf_order).
 *
 * (A third, SPIR-V alias-scope declarations, is the alias pass's to avoid:
 * it writes no scopes on those triples.)
 *
 * Remark: "hazards: N run-time lane picks from pointer vectors made
 * selects (llc-22 AMDGPU crash)".
 * Requires: a module that verifies.  Debug name: hazards.
 * Statistics: hazards.* (below).  Tests: test/hazards/.
 */
#include "pass/pass.h"

static const GaspStatDesc st_lanes = {
    "hazards.lane-picks", "run-time lane picks from pointer vectors made select chains (amdgcn)"};

#define MAX_LANES 16

/* ---- LANE ----------------------------------------------------------------- */

/* Is i an extractelement at a run-time lane of a fixed vector of at most
   MAX_LANES pointers? */
static bool lane_pick(LLVMValueRef i) {
  if (!LLVMIsAExtractElementInst(i) || LLVMIsAConstant(LLVMGetOperand(i, 1)))
    return false;
  LLVMTypeRef vt = LLVMTypeOf(LLVMGetOperand(i, 0));
  return LLVMGetTypeKind(vt) == LLVMVectorTypeKind &&
         LLVMGetTypeKind(LLVMGetElementType(vt)) == LLVMPointerTypeKind &&
         LLVMGetVectorSize(vt) <= MAX_LANES;
}

/* %p = extractelement %v, %i  ->  lanes at constant indices, selected by
   %i == k from the last lane down to lane 0. */
static void select_lanes(LLVMBuilderRef b, LLVMValueRef i) {
  LLVMValueRef v = LLVMGetOperand(i, 0), idx = LLVMGetOperand(i, 1);
  LLVMTypeRef it = LLVMTypeOf(idx);
  unsigned n = LLVMGetVectorSize(LLVMTypeOf(v));
  LLVMPositionBuilderBefore(b, i);
  LLVMValueRef r = LLVMBuildExtractElement(b, v, LLVMConstInt(it, 0, false), "lane0");
  for (unsigned k = 1; k < n; k++) {
    LLVMValueRef lane = LLVMBuildExtractElement(b, v, LLVMConstInt(it, k, false), "lane");
    LLVMValueRef is = LLVMBuildICmp(b, LLVMIntEQ, idx, LLVMConstInt(it, k, false), "is.lane");
    r = LLVMBuildSelect(b, is, lane, r, "pick");
  }
  LLVMReplaceAllUsesWith(i, r);
  LLVMInstructionEraseFromParent(i);
}

static unsigned avoid_lane_picks(LLVMModuleRef m, LLVMBuilderRef b) {
  ValVec picks = {0};
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        if (lane_pick(i))
          vec_push(&picks, i);
  for (size_t k = 0; k < picks.n; k++)
    select_lanes(b, picks.v[k]);
  unsigned n = (unsigned)picks.n;
  vec_free(&picks);
  return n;
}

/* ---- the pass ------------------------------------------------------------- */

bool hazards_run(PassRun *run) {
  GaspCtx *cx = run->cx;
  LLVMModuleRef m = run->m;
  unsigned hz = tgt_hazards(LLVMGetTarget(m));
  if (!hz)
    return false;
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
  bool changed = false;
  if (hz & TGT_HAZARD_LANE) {
    unsigned n = avoid_lane_picks(m, b);
    cx_stat(cx, &st_lanes, n);
    if (n) {
      changed = true;
      GaspRemark *r = cx_remark(cx, GASP_REMARK_PASSED, "Hazard", NULL, NULL);
      rm_arg(r, "LanePicks", "%u", n);
      rm_arg(r, "String", " run-time lane pick%s from pointer vectors made selects "
             "(llc-22 AMDGPU crash)", n == 1 ? "" : "s");
      rm_done(r);
    }
  }
  LLVMDisposeBuilder(b);
  return changed;
}
