/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* pass/pass.h — the passes: one file each, `bool X_run(GaspCtx *,
 * LLVMModuleRef)`; no pass calls another.  The layer's one header
 * (docs/design.md, "Layers"). */
#ifndef GASP_PASS_H
#define GASP_PASS_H

#include "transform/transform.h"

/* What a pass runs on: the context, the module, the run's fact store
   (pipeline.c makes one per run; the pass table says what each pass needs
   from it and keeps of it). */
typedef struct PassRun {
  GaspCtx *cx;
  LLVMModuleRef m;
  Facts *facts;
} PassRun;

/* Each pass: true when it changed the module.  One line per pass here;
   what it does is its file's header, where it runs is pipeline.c's table. */
bool internalize_run(PassRun *run); /* --whole-program's closed world */
bool externalize_run(PassRun *run); /* ... and the linkage it took, given back at the end */
bool byvalcopy_run(PassRun *run);   /* a kernel's by-value aggregate copied */
bool infer_run(PassRun *run);       /* intra-procedural inference */
/* The `reinfer` step: infers again what passes left in the fact store's
   set (facts_reinfer_later); changes nothing when it is empty. */
bool reinfer_run(PassRun *run);
bool fields_run(PassRun *run);    /* clones for aggregates' field spaces */
bool callsplit_run(PassRun *run); /* one call per arm of a select */
bool memsum_run(PassRun *run);    /* pointers through memory */
bool indirect_run(PassRun *run);  /* --whole-program: parameters of functions called through pointers */
bool version_run(PassRun *run);   /* a loop copy per space */
bool constargs_run(PassRun *run); /* a clone's parameter every call passes as one constant */

/* ===== ipmsp.c — inter-procedural memory-space propagation  === */
bool ipmsp_run(PassRun *run);
/* ipmsp on the callees of the calls callsplit split in this run only
   (facts_note_split), before LLVM's optimizer could merge them again: the
   plugin's early run, whose other clones wait for the late one. */
bool splitclones_run(PassRun *run);
/* The early run's clones given their originals' linkage class for LLVM's
   inliner (the early run's last pass), internal again in the late run. */
bool linkage_run(PassRun *run);


bool resolve_run(PassRun *run); /* explicit casts folded, static resolution */
bool overloads_run(PassRun *run); /* SPIR-V: builtins' named-space overloads */
bool lower_run(PassRun *run);   /* run-time resolution on tags */
bool alias_run(PassRun *run);   /* address-space scopes */
bool rehoist_run(PassRun *run); /* sunk argument casts back to the entry, SimplifyCFG again */
bool strides_run(PassRun *run); /* stride loops between spaces: no speculative vectorization */
bool hazards_run(PassRun *run); /* shapes LLVM 22's back ends mishandle */
bool frames_run(PassRun *run);  /* NVPTX stack frames as llc names them local */
bool twins_run(PassRun *run);   /* generic twins callers keep live, passed */
bool launder_run(PassRun *run); /* NVPTX: parameter casts kept whole for the vectorizer */
void launder_undo(LLVMModuleRef m); /* an earlier run's launders, before a run's first pass */
bool forget_run(PassRun *run);  /* an earlier run's field facts and pins dropped */
bool sizes_run(PassRun *run);   /* the early run's function sizes, for the late one */

#endif
