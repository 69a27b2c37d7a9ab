/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* unit.h — the unit tests' shared pieces: CHECK (counts into the runner's
 * tally; a failure prints its line), a module parsed from text, and each
 * file's entry point.  One file per layer of src/ (docs/design.md,
 * "Layers"); main.c runs them all and prints "unit: N passed, M failed". */
#ifndef GASP_UNIT_H
#define GASP_UNIT_H

#include "pipeline.h"
#include "analysis/memsummary.h" /* the summary's own functions (a test may look inside) */

#include <llvm-c/Analysis.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

typedef struct UnitTally {
  int passed, failed;
} UnitTally;
/* The runner's tally (main.c). */
UnitTally *unit_tally(void);

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (cond)                                                                  \
      unit_tally()->passed++;                                                  \
    else {                                                                     \
      unit_tally()->failed++;                                                  \
      printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                   \
    }                                                                          \
  } while (0)

/* ir (n bytes) parsed in ctx; NULL (a failed CHECK) when it does not parse. */
LLVMModuleRef unit_parse(LLVMContextRef ctx, const char *ir, size_t n);

/* test_util.c: pools, vectors, maps (src/util) */
void unit_util(void);
/* test_base.c: dominators, the forward walk (src/base) */
void unit_base(void);
/* test_target.c: the target tables, triples, alias classes (src/target) */
void unit_target(void);
/* test_analysis.c: the fact store, loops, readers (src/analysis) */
void unit_analysis(void);
/* test_transform.c: votes, clones, benefit, sweep, tags (src/transform) */
void unit_transform(void);
/* test_report.c: the clone-call checker (src/report) */
void unit_report(void);
/* test_api.c: the public API's contract (src/api.c) */
void unit_api(void);

#endif
