/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* report/report.h — reports after the pipeline: read facts and metadata
 * only.  The layer's one header (docs/design.md, "Layers"). */
#ifndef GASP_REPORT_H
#define GASP_REPORT_H

#include "analysis/analysis.h"

/* ===== spacecheck.c — the clone-call invariant, checked on the output ==== */
typedef struct SpaceCheck SpaceCheck;
/* Before the first pass (NULL when --verify-spaces is off): marks the
   input's own generic-to-named casts. */
SpaceCheck *spacecheck_begin(GaspCtx *cx, LLVMModuleRef m);
/* After the last pass: proves every generic-to-named cast gasp made, with a
   space analysis of the output module alone; a violation is an internal
   error naming the cast and the call it feeds; memsum: the pipeline ran
   memsum (loads read the memory summary).  Strips the marks, frees sc.
   False on a violation. */
bool spacecheck_end(SpaceCheck *sc, GaspCtx *cx, LLVMModuleRef m, bool memsum);
/* The same check after pass `pass` (-verify-each), the marks kept. */
bool spacecheck_step(SpaceCheck *sc, GaspCtx *cx, LLVMModuleRef m, bool memsum,
                     const char *pass);

/* ===== why.c — Missed remarks for the accesses left generic ============= */
/* What the pipeline that ran contains, as why words its reasons. */
typedef struct WhyRun {
  bool ipmsp;  /* ipmsp ran: a parameter's reason comes from its callers */
  bool memsum; /* memsum ran: loads are explained by its summary */
} WhyRun;
void why_report(GaspCtx *cx, LLVMModuleRef m, WhyRun run);
/* Before the pipeline, with Passed remarks wanted: where the input's
   generic accesses are (why_report then remarks each one resolved). */
void why_begin(GaspCtx *cx, LLVMModuleRef m);
/* Forgets what why_begin recorded (why_report does; a failed run must). */
void why_discard(GaspCtx *cx);

/* ===== summary.c — the residue report (gasp_write_summary) ============== */
typedef struct Summary Summary;
/* Before the pipeline (GaspOptions.summary set): counts as they were. */
void summary_begin(GaspCtx *cx, LLVMModuleRef m);
/* why.c: one generic access of fn left, for this reason; loop: its
   loops_class. */
void summary_note(GaspCtx *cx, LLVMValueRef fn, const char *reason, int loop);
/* After the pipeline: counts again, the notes tallied. */
void summary_end(GaspCtx *cx, LLVMModuleRef m);
void summary_free(GaspCtx *cx);

#endif
