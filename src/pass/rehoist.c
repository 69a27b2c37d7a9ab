/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* rehoist.c — the casts of arguments LLVM's InstCombine sank into a branch
 * moved back to the entry block, and LLVM's SimplifyCFG hoisting redone in
 * the functions where one was (the plugin's late run).
 *
 * Problem.  The early run names an access through a parameter with a cast
 * of the parameter in the entry block (`%g = addrspacecast ptr %p to ptr
 * addrspace(1)`).  Where the cast's only users are in one arm of a branch,
 * InstCombine sinks it there, to the arm's first instruction.  SimplifyCFG
 * hoists what both arms of a branch begin with (`hoist-common-insts`:
 * clang's `if (threadIdx.x == 0) uni = in[blockIdx.x]; ... blockIdx.x`
 * reads %ctaid.x at the top of both arms after GVN's PRE), comparing the
 * arms' instructions in lockstep from the top: the sunk cast, which the
 * other arm lacks, stops it.  clang's own build (no cast before llc) gets
 * one block less and one branch less: SHOC sort's vectorAddUniform4 was
 * 40 -> 41 PTX instructions with the plugin (bench/public).  A use that
 * pins the cast in the entry (the former `pin` pass's llvm.fake.use)
 * costs more: attribute inference counts it, the kernel's parameter loses
 * readonly/captures(none), and NVPTX its ld.global.nc (issue 71).
 *
 * Algorithm.  In every function with a body (optnone ones as written),
 * each addrspacecast instruction whose operand is one of the function's
 * arguments and whose block is not the entry moves to the entry, after
 * its leading allocas and casts (an equal cast already there takes its
 * uses instead: one cast per argument and space).  Where one moved,
 * LLVM's SimplifyCFG runs on that function with the options of the
 * function simplification pipeline's last run (switch ranges to compares,
 * common instructions hoisted and sunk; cx_run_llvm_passes): what the
 * early run's cast kept it from doing.  A cast of an argument is computable at the entry
 * on every path: moving one there changes no value; the cast itself costs
 * the paths that did not need it one instruction (on NVPTX a kernel
 * parameter's cvta.to.global, which llc puts in the entry anyway).
 *
 * Remark: none (no access changes space).  Debug name: rehoist.
 * Statistics: rehoist.casts, rehoist.functions.
 * Tests: test/rehoist/.
 */
#include "pass/pass.h"

static const GaspStatDesc st_casts = {
    "rehoist.casts", "casts of arguments moved back to the entry block"};
static const GaspStatDesc st_functions = {
    "rehoist.functions", "functions SimplifyCFG ran on again after a cast moved"};

/* The options of the function simplification pipeline's last SimplifyCFG
   (llvm/lib/Passes/PassBuilderPipelines.cpp). */
static const char simplifycfg[] =
    "simplifycfg<switch-range-to-icmp;hoist-common-insts;sink-common-insts>";

/* Is i an addrspacecast of one of f's arguments? */
static bool arg_cast(LLVMValueRef i) {
  return LLVMIsAAddrSpaceCastInst(i) && LLVMIsAArgument(LLVMGetOperand(i, 0));
}

/* The entry's instruction before which moved casts go: after its leading
   allocas and argument casts. */
static LLVMValueRef entry_point(LLVMBasicBlockRef entry) {
  LLVMValueRef i = LLVMGetFirstInstruction(entry);
  while (i && (LLVMIsAAllocaInst(i) || arg_cast(i)))
    i = LLVMGetNextInstruction(i);
  return i;
}

/* An argument cast in the entry equal to c (same operand, same type). */
static LLVMValueRef entry_twin(LLVMBasicBlockRef entry, LLVMValueRef c) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(entry); i; i = LLVMGetNextInstruction(i))
    if (i != c && arg_cast(i) && LLVMGetOperand(i, 0) == LLVMGetOperand(c, 0) &&
        LLVMTypeOf(i) == LLVMTypeOf(c))
      return i;
  return NULL;
}

/* Moves f's argument casts outside its entry into the entry; returns how
   many moved or merged. */
static unsigned move_casts(LLVMValueRef f) {
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(f);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(LLVMGetGlobalParent(f)));
  unsigned n = 0;
  for (LLVMBasicBlockRef bb = LLVMGetNextBasicBlock(entry); bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef i = LLVMGetFirstInstruction(bb);
    while (i) {
      LLVMValueRef next = LLVMGetNextInstruction(i);
      if (arg_cast(i)) {
        LLVMValueRef twin = entry_twin(entry, i);
        if (twin) {
          LLVMReplaceAllUsesWith(i, twin);
          LLVMInstructionEraseFromParent(i);
        } else {
          LLVMValueRef at = entry_point(entry);
          size_t len;
          char *name = xstrdup(LLVMGetValueName2(i, &len)); /* inserting names it again */
          LLVMInstructionRemoveFromParent(i);
          if (at)
            LLVMPositionBuilderBefore(b, at);
          else
            LLVMPositionBuilderAtEnd(b, entry);
          LLVMInsertIntoBuilderWithName(b, i, name);
          free(name);
        }
        n++;
      }
      i = next;
    }
  }
  LLVMDisposeBuilder(b);
  return n;
}

bool rehoist_run(PassRun *run) {
  GaspCtx *cx = run->cx;
  unsigned casts = 0, functions = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(run->m); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) || ir_optnone(f)) /* optnone: as written */
      continue;
    unsigned n = move_casts(f);
    if (!n)
      continue;
    casts += n;
    functions++;
    cx_run_llvm_passes(cx, run->m, f, simplifycfg, "rehoist");
  }
  cx_stat(cx, &st_casts, casts);
  cx_stat(cx, &st_functions, functions);
  return casts != 0;
}
