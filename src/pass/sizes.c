/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* sizes.c — each function's size as the plugin's early run sees it, for
 * the late run's clone cost model (the early run's last pass).
 *
 * Problem.  The clone cost model (specialize.c, "What cloning costs")
 * weighs a copy's instructions against the uses it names; the targets'
 * limits (instructions a use) were measured on bodies as the front end writes
 * them.  The plugin makes its clones in the late run, after LLVM's
 * inliner has put a function's callees into it: black_scholes.cu's
 * `price` is 32 instructions early (4 uses named: cloned) and 66 late,
 * with libdevice's expf, logf and sqrtf inlined (refused).  Cloned early,
 * each copy would get those callees inlined all the same, so the growth
 * the early decision accepts is no smaller: the late run should weigh the
 * body the early run saw.
 *
 * Rule.  Every defined function gets `!gasp.size` (schema.c) with its
 * ir_copy_cost.  The late run's `forget` takes them into the fact store
 * (facts_note_size, by name: a clone made later has a name of its own),
 * and the cost model weighs the smaller of the two (facts_copy_cost): a
 * body LLVM shrank is weighed as it is now.  Nothing is left in clang's
 * output.
 *
 * Remark: none.  Debug name: sizes.  Statistics: sizes.functions.
 * Tests: test/plugin/sizes.test.
 */
#include "pass/pass.h"

static const GaspStatDesc st_sized = {
    "sizes.functions", "functions whose size the early run recorded for the late run"};

bool sizes_run(PassRun *run) {
  GaspCtx *cx = run->cx;
  unsigned n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(run->m); f; f = LLVMGetNextFunction(f))
    if (LLVMGetFirstBasicBlock(f)) {
      schema_size_set(f, ir_copy_cost(f));
      n++;
    }
  cx_stat(cx, &st_sized, n);
  return n != 0;
}
