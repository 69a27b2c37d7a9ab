/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* infer.c — the `infer` and `reinfer` passes: intra-procedural address-space
 * inference on every function (infer), or on those the passes before it
 * changed and left in the fact store's set (reinfer).  The work is the
 * rewriter's (transform/rewrite.c: problem, algorithm, example, statistics
 * infer.*).  Debug name: infer.  Tests: test/infer/, test/reinfer/.
 */
#include "pass/pass.h"

bool infer_run(PassRun *run) {
  GaspCtx *cx = run->cx;
  LLVMModuleRef m = run->m;
  facts_pass_entry(cx, m);
  Infer *s = infer_new(cx, m, run->facts);
  bool changed = false;
  /* the fact store's inventory, made on the way: each function's part
     right after it is inferred (it changes no other), while in the cache */
  Inventory inv = {0};
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
    if (LLVMGetFirstBasicBlock(fn))
      changed |= infer_function(s, fn);
    facts_inventory_add(run->facts, fn, &inv);
  }
  facts_inventory_give(run->facts, &inv);
  infer_free(s);
  return changed;
}

/* The `reinfer` step: every function a pass changed and left in the fact
   store's set (resolve, version) inferred again, in the order they were
   left.  (ipmsp, fields and memsum infer what they change themselves: the
   next wave's votes, the clone's own calls and the summary's loads need
   it within the pass.) */
bool reinfer_run(PassRun *run) {
  GaspCtx *cx = run->cx;
  LLVMModuleRef m = run->m;
  facts_pass_entry(cx, m);
  Facts *f = run->facts;
  if (!facts_reinfer_pending(f))
    return false;
  ValVec fns = {0};
  facts_take_reinfer(f, &fns);
  Infer *s = infer_new(cx, m, run->facts);
  bool changed = false;
  for (size_t i = 0; i < fns.n; i++)
    changed |= infer_function(s, fns.v[i]);
  infer_free(s);
  vec_free(&fns);
  return changed;
}
