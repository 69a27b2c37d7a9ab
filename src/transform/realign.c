/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* realign.c — named loads and stores get the alignment their object gives
 * them, for the rewriter (rewrite.c's infer_function runs it first).
 *
 * rewrite_access aligns what it names itself; this is for the accesses
 * LLVM's optimizer made or changed between two runs of the rewriter.
 * Debug name: infer.  Statistic: infer.realigned.  Tests:
 * test/infer/realign.ll.
 */
#include "transform/transform.h"

static const GaspStatDesc st_realigned = {
    "infer.realigned", "named loads and stores given the alignment their object gives them"};

/* Loads and stores through a named pointer into an alloca or a global (a
   cast, constant offsets) get the alignment the object gives them.
   rewrite_access does it for what it names; this is for what LLVM's
   optimizer made or changed after an earlier run: InferAlignment raises
   clang's generic accesses when InstCombine aligns their slot (a slot's
   two i32 stores merged into one i64 store: align 8), but cannot see
   through gasp's cast, and NVPTX's load/store vectorizer then lost a
   ld.local.v2 (HeCBench bn: v2 2 -> 0 with the plugin). */
bool realign_function(GaspCtx *cx, LLVMValueRef fn) {
  bool changed = false;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsALoadInst(i) && !LLVMIsAStoreInst(i))
        continue;
      LLVMValueRef p = LLVMGetOperand(i, ir_ptr_operand(i));
      if (ir_ptr_as(LLVMTypeOf(p)) == cx->tgt->generic || !LLVMIsAInstruction(p) ||
          LLVMIsAAllocaInst(p))
        continue; /* generic: rewrite_access's; an object itself: LLVM sees it */
      if (ir_raise_align(i, p)) {
        cx_stat(cx, &st_realigned, 1);
        changed = true;
      }
    }
  return changed;
}
