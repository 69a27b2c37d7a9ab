/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* forget.c — drops what an earlier gasp run left in the module for the
 * passes after it (field facts), for a module other passes changed
 * since (the pass plugin's late run), and takes the early run's sizes.
 *
 * Problem.  `!gasp.fields` on a fields clone says "at entry, the aggregate
 * in parameter k holds at offset o only pointers into space S"; infer
 * trusts it (memory.c's field slots).  It is true when gasp writes it.
 * Between the plugin's early run and its late one LLVM's optimizer runs:
 * dead-argument elimination and argument promotion rebuild a function
 * without some parameters and copy its metadata to the new one, so a
 * fact's k can name another parameter.  The late run must infer from the
 * IR alone.
 *
 * The early run's sizes (sizes.c: `!gasp.size`) are for this run's clone
 * cost model only.
 *
 * Algorithm.  Every function loses its `!gasp.fields`
 * (schema_fields_clear); a function's
 * `!gasp.size` goes into the fact store (facts_note_size).  `!gasp.as`
 * stays: only the call graph and the explanations read it.
 *
 * Remark: none.  Debug name: forget.  Statistics: forget.dropped (the
 * functions that had facts), forget.sizes.  Tests:
 * test/plugin/late-facts.ll, test/plugin/sizes.test.
 */
#include "pass/pass.h"

static const GaspStatDesc st_dropped = {"forget.dropped",
                                        "functions whose field facts (!gasp.fields) were dropped"};
static const GaspStatDesc st_sizes = {"forget.sizes",
                                      "functions whose early-run size (!gasp.size) was taken"};

bool forget_run(PassRun *run) {
  GaspCtx *cx = run->cx;
  LLVMModuleRef m = run->m;
  unsigned n = 0, sizes = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    n += schema_fields_clear(f);
    unsigned size = schema_size_take(f);
    if (size) {
      facts_note_size(run->facts, f, size);
      sizes++;
    }
  }
  cx_stat(cx, &st_dropped, n);
  cx_stat(cx, &st_sizes, sizes);
  return n != 0 || sizes != 0;
}
