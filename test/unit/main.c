/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* main.c — the unit-test runner: every layer's tests, lowest layer first,
 * then "unit: N passed, M failed" (exit 1 when any failed). */
#include "unit.h"

UnitTally *unit_tally(void) {
  static UnitTally tally; /* the one counter of this test program */
  return &tally;
}

/* Loop depth (dom.c): a nest of two loops, a block after them, an
   unreachable block; and the cost model's weights for them. */
/* Parses ir (a complete module text) in ctx; checks that it parsed. */
LLVMModuleRef unit_parse(LLVMContextRef ctx, const char *ir, size_t n) {
  char *err = NULL;
  LLVMModuleRef m = gasp_parse_module(ctx, "mem", ir, n, &err);
  CHECK(m && !err);
  free(err);
  return m;
}

int main(void) {
  unit_util();
  unit_base();
  unit_target();
  unit_analysis();
  unit_transform();
  unit_report();
  unit_api();
  printf("unit: %d passed, %d failed\n", unit_tally()->passed, unit_tally()->failed);
  return unit_tally()->failed != 0;
}
