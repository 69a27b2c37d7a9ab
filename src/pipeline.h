/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* pipeline.h — the pass table and the pipeline (pipeline.c) over the passes
 * and the reports; api.c, the public API, is above it.  The layer's one
 * header (docs/design.md, "Layers"). */
#ifndef GASP_PIPELINE_H
#define GASP_PIPELINE_H

#include "pass/pass.h"
#include "report/report.h"

/* ===== pipeline.c — the pass list ======================================= */
typedef bool (*PassFn)(PassRun *run);
typedef struct PassInfo {
  const char *name;
  PassFn run;
  const char *what;
  unsigned needs; /* FACTS_*: what it may ask the fact store for */
  unsigned keeps; /* FACTS_*: what stays true when it changed the module */
  bool required;  /* never skipped by GaspOptions.pass_gate (a glue pass, reinfer) */
  bool last;      /* for the back end alone: runs after the run's checks and
                     reports, which read the module before it (launder) */
} PassInfo;
const PassInfo *pipeline_find(const char *name);
/* Runs the pass list cx->opt.passes (or the default); returns a status. */
GaspStatus pipeline_run(GaspCtx *cx, LLVMModuleRef m);
/* Validates the pass list; adds a usage error naming the bad pass. */
bool pipeline_check(GaspCtx *cx);
long pipeline_count_generic(GaspCtx *cx, LLVMModuleRef m);
/* Does the configured pass list (or the default pipeline) name pass? */
bool pipeline_has(GaspCtx *cx, const char *name);

#endif
