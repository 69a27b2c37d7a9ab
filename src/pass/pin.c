/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* pin.c — the casts of kernel pointer parameters held in the entry block
 * while LLVM's optimizer runs (the last pass of the plugin's early run).
 *
 * Problem.  infer casts a kernel's generic pointer parameter to the space
 * the target gives it (CUDA on NVPTX: global) once, in the entry block.
 * InstCombine sinks an instruction whose uses all lie in one successor
 * into that block; the cast then opens one arm of a branch, and
 * SimplifyCFG's hoisting of what both arms begin with — it compares their
 * instructions in order — stops at it.  Code clang runs once before the
 * branch (GVN's copies of a special-register read in both arms) then runs
 * in each arm: shoc sort's vectorAddUniform4 +7% executed instructions,
 * HeCBench ace's calculateForce +2% (bench/public/causes.md).
 *
 * Rule.  Each such cast — of a kernel's argument, in its entry block, with
 * no use there — gets an llvm.fake.use right after it, marked !gasp.pin: a
 * use in the entry block, so nothing sinks it.  The late run's first pass,
 * `forget`, removes the pins before code generation; with the late run off
 * they stay, and code generation emits nothing for them.
 *
 * Remark: none.  Requires: a module that verifies.  Debug name: pin.
 * Statistics: pin.casts.  Tests: test/plugin/pin.test.
 */
#include "pass/pass.h"

static const GaspStatDesc st_pins = {
    "pin.casts", "casts of kernel pointer parameters held in the entry block for the optimizer"};

/* A cast of a generic argument of fn into a named space, with no use in
   bb. */
static bool pinnable(LLVMValueRef i, LLVMValueRef fn, LLVMBasicBlockRef bb, int generic) {
  if (!LLVMIsAAddrSpaceCastInst(i))
    return false;
  LLVMValueRef a = LLVMGetOperand(i, 0);
  if (!LLVMIsAArgument(a) || LLVMGetParamParent(a) != fn || !LLVMGetFirstUse(i) ||
      ir_ptr_as(LLVMTypeOf(a)) != generic || ir_ptr_as(LLVMTypeOf(i)) == generic)
    return false;
  for (LLVMUseRef u = LLVMGetFirstUse(i); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user) || LLVMGetInstructionParent(user) == bb)
      return false;
  }
  return true;
}

bool pin_run(PassRun *run) {
  GaspCtx *cx = run->cx;
  LLVMModuleRef m = run->m;
  facts_pass_entry(cx, m);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
  unsigned n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    LLVMBasicBlockRef entry = LLVMGetFirstBasicBlock(f);
    if (!entry || !tgt_is_kernel(cx->tgt, f) || ir_optnone(f))
      continue;
    ValVec casts = {0};
    for (LLVMValueRef i = LLVMGetFirstInstruction(entry); i; i = LLVMGetNextInstruction(i))
      if (pinnable(i, f, entry, cx->tgt->generic))
        vec_push(&casts, i);
    for (size_t k = 0; k < casts.n; k++) {
      LLVMPositionBuilderBefore(b, ir_insert_point_after(casts.v[k]));
      schema_mark_pin(ir_build_fake_use(b, casts.v[k]));
      n++;
    }
    vec_free(&casts);
  }
  LLVMDisposeBuilder(b);
  cx_stat(cx, &st_pins, n);
  return n != 0;
}
