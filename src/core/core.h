/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* core/core.h — the context: diagnostics, statistics, remarks, gasp's own
 * metadata (!gasp.*).  The layer's one header (docs/design.md, "Layers"). */
#ifndef GASP_CORE_H
#define GASP_CORE_H

#include "gasp.h"
#include "target/target.h"

/* ===== ctx.c — the context and the services every pass uses ============ */
typedef struct GaspStatDesc {
  const char *name; /* "pass.counter" */
  const char *desc;
} GaspStatDesc;

typedef struct GaspDiag {
  GaspSeverity sev;
  char *msg;
} GaspDiag;

struct GaspCtx {
  GaspOptions opt; /* strings owned */
  const TgtTable *tgt;
  VEC(GaspDiag) diags;
  VEC(const GaspStatDesc *) stat_desc;
  VEC(uint64_t) stat_val;
  VEC(GaspRemark) remarks;
  const char *cur_pass; /* the pass now running, for tracing */
  LLVMModuleRef cur_module; /* the module being run (remarks about it), or NULL */
  struct Facts *facts; /* the run's fact store (facts.c): pipeline_run makes
                          it before the first pass and frees it after the
                          report, its one birth; passes get it in PassRun */
  struct Summary *summary; /* summary.c's record of the last run, or NULL */
  struct StrMap *was_generic; /* why.c: locations of the input's generic
                                 accesses (Passed remarks wanted), or NULL */
  size_t options_size; /* GaspOptions.struct_size as the caller gave it */
  struct GaspCarry *carry; /* gasp_ctx_set_carry: where runs take and leave
                              their store, or NULL (the caller's) */
  struct LLVMOpaqueTargetMachine *tm; /* cx_run_llvm_passes' target machine */
  char *tm_triple; /* the triple it was made for (NULL: none asked yet) */
};

/* gasp_carry_new: one fact store kept between runs on one module (the
   plugin's module analysis).  pipeline_run takes it (carry_take) and gives
   it back after a run that succeeded. */
struct GaspCarry {
  struct Facts *facts; /* NULL, or the last successful run's store */
};

void cx_diag(GaspCtx *cx, GaspSeverity sev, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* s with its options spelled per GaspOptions.option_prefix (takes s). */
char *cx_respell_options(const GaspCtx *cx, char *s);
void cx_stat(GaspCtx *cx, const GaspStatDesc *d, uint64_t n);
/* True when -debug-only names the current pass. */
bool cx_debug(const GaspCtx *cx);
FILE *cx_out(const GaspCtx *cx);
/* Gives back the target machine cx_run_llvm_passes made (gasp_ctx_free). */
void cx_free_target_machine(GaspCtx *cx);
/* Runs LLVM's pass pipeline text on fn (or, fn NULL, on m) with the
   target machine of m's triple (where LLVM has a back end for it: the
   passes' cost model is the target's, as in clang's pipeline); a failure
   is an error of pass `who`. */
void cx_run_llvm_passes(GaspCtx *cx, LLVMModuleRef m, LLVMValueRef fn, const char *text,
                        const char *who);
/* Selects cx->tgt for m; on failure adds the error and returns false. */
bool cx_select_target(GaspCtx *cx, LLVMModuleRef m);
/* The table --target-as names; NULL, with an error listing the valid
   names, when there is none. */
const TgtTable *cx_target_as(GaspCtx *cx);


/* ===== remark.c — optimisation remarks ================================== */
bool cx_wants(const GaspCtx *cx, GaspRemarkKind k);
/* After the pipeline: remarks about a removed function move to a function
   their text names that is still defined (remark.c). */
void remarks_rehome(GaspCtx *cx, LLVMModuleRef m);
/* Starts a remark by the running pass about fn (NULL: the module), located
   at instruction at (NULL: fn's own line); NULL when cx does not collect
   kind k.  Finish it (rm_arg..., rm_done) before starting another. */
GaspRemark *cx_remark(GaspCtx *cx, GaspRemarkKind k, const char *name, LLVMValueRef fn,
                      LLVMValueRef at);
void rm_arg(GaspRemark *r, const char *key, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void rm_done(GaspRemark *r);
/* Every remark's text with its options spelled per
   GaspOptions.option_prefix (cx_respell_options); gasp_run's last step. */
void remarks_respell_options(GaspCtx *cx);
void remarks_free(GaspCtx *cx);

/* ===== schema.c — gasp's own metadata (!gasp.*): its only reader/writer = */
/* A parameter's vote (ipmsp's lattice, kept in !gasp.as): a space
   number, or one of these. */
#define VOTE_UNDET 1000  /* bottom: no observation yet */
#define VOTE_POISON 2000 /* top, absorbing: conflict or unclassifiable */
/* Field facts (`!gasp.fields`): at entry, the aggregate parameter `param`
   points to holds at byte `off` (stride 0), or at `off` plus any multiple
   of `stride` (0 <= off < stride: a field of the elements of an array the
   callee indexes at run time), only pointers into `as`. */
typedef struct MemFieldFact {
  unsigned param;
  int64_t off;
  int as;
  int64_t stride;
} MemFieldFact;
/* Registers the kinds, so a module printed and read back numbers them
   the same (docs/design.md has the schema). */
void schema_register_kinds(LLVMContextRef ctx);
/* What ipmsp gave up on for a function, as its note says. */
typedef enum FactOutcome {
  OUTCOME_NONE,
  OUTCOME_VISIT_CAP,    /* recursion or a loop too deep: visit cap */
  OUTCOME_CLONE_BUDGET, /* --clone-budget exhausted */
  OUTCOME_CLONE_COST    /* a copy per space costs more than it names */
} FactOutcome;
/* !gasp.as on fn: one space or vote per pointer parameter, then the clone
   note (family: the original's name, or NULL) and the outcome's note; none
   of them erases it.  An earlier clone-cost note stays when the outcome is
   none and a parameter is still a vote (a later run that decided nothing). */
void schema_publish(LLVMValueRef fn, const int *spaces, unsigned n, const char *family,
                   FactOutcome outcome);
/* The spaces or votes of fn's !gasp.as (at most cap); how many. */
unsigned schema_fn_spaces(LLVMValueRef fn, int *out, unsigned cap);
/* The original fn is a clone of (its whole name, malloc'd: the caller
   frees it); NULL for no clone note. */
char *schema_fn_family(LLVMValueRef fn);
/* Adds the clone note "clone of @family" to clone's !gasp.as. */
void schema_note_family(LLVMValueRef clone, const char *family);
FactOutcome schema_fn_outcome(LLVMValueRef fn);
/* !gasp.fields: fn's field facts (a malloc'd array in *facts, or NULL);
   their number.  Set replaces them. */
size_t schema_fields_get(LLVMValueRef fn, MemFieldFact **facts);
void schema_fields_set(LLVMValueRef fn, const MemFieldFact *facts, size_t n);
/* Removes fn's !gasp.fields (forget.c); whether it had one. */
bool schema_fields_clear(LLVMValueRef fn);
/* !gasp.size: fn's size as the plugin's early run saw it (sizes.c); taken
   (read and erased: 0 when none) by the late run's forget.c. */
void schema_size_set(LLVMValueRef fn, unsigned size);
unsigned schema_size_take(LLVMValueRef fn);
/* !gasp.linkage: the linkage, visibility, DLL storage class and
   dso_local internalize.c took from fn, saved (from fn's own) before it makes fn
   internal; taken (read and erased: false when none or malformed) by
   externalize.c; dropped from a function gasp made (specialize.c: a copy,
   or a retype in place, is gasp's and stays internal). */
typedef struct SavedLinkage {
  LLVMLinkage linkage;
  LLVMVisibility visibility;
  LLVMDLLStorageClass dll;
  bool dso_local;
} SavedLinkage;
void schema_linkage_save(LLVMValueRef fn);
bool schema_linkage_take(LLVMValueRef fn, SavedLinkage *out);
bool schema_linkage_peek(LLVMValueRef fn, SavedLinkage *out); /* read, kept */
void schema_linkage_drop(LLVMValueRef fn);
/* !gasp.rootlink: the linkage clang's build gives the root of a function
   gasp made (specialize.c: a copy, or a retype in place; linkage.c: an
   early clone made internal again), set when it is not local (a local
   one drops the note); read by externalize.c, which keeps it on the
   functions it puts in the ABI table and drops it from the others. */
void schema_root_linkage_set(LLVMValueRef fn, LLVMLinkage l);
bool schema_root_linkage_peek(LLVMValueRef fn, LLVMLinkage *out);
void schema_root_linkage_drop(LLVMValueRef fn);
/* @gasp.abi: the module's table of functions whose addresses the back end
   reads as taken (externalize.c): fns[0..n) join it, one rebuild for them
   all; schema_abi_undo removes it before a run's first pass (true if there
   was one). */
void schema_abi_keep(LLVMModuleRef m, const LLVMValueRef *fns, size_t n);
bool schema_abi_undo(LLVMModuleRef m);
/* !gasp.lowered: is m tag-lowered already; mark it so. */
bool schema_module_lowered(LLVMModuleRef m);
void schema_mark_lowered(LLVMModuleRef m);
/* The name of alias.c's scope domain (its scopes are "<domain>.<space>"). */
const char *schema_alias_domain(void);
/* !gasp.cast (only while --verify-spaces runs): who made a generic-to-named
   addrspacecast that no analysis is asked to prove. */
typedef enum CastMark {
  CAST_NONE,    /* made by gasp from a proof: spacecheck.c proves it again */
  CAST_USER,    /* in the pipeline's input */
  CAST_GUARDED  /* under a run-time space test a pass built (spacecheck_guard) */
} CastMark;
void schema_mark_cast(LLVMValueRef cast, CastMark mark);
CastMark schema_cast_mark(LLVMValueRef cast);
void schema_clear_cast_mark(LLVMValueRef cast);
/* A pass built cast v under a run-time test of its space (versioning, a
   fact of the input's own test) or from a module-wide proof (static
   resolution): marked CAST_GUARDED while --verify-spaces runs. */
void schema_guard_cast(const GaspCtx *cx, LLVMValueRef v);

/* !gasp.launder: a llvm.launder.invariant.group call launder.c built (the
   next run undoes it before its first pass: launder_undo). */
void schema_mark_launder(LLVMValueRef call);
bool schema_is_launder(LLVMValueRef call);

/* The words of an outcome (NULL for OUTCOME_NONE). */
const char *schema_outcome_text(FactOutcome o);

#endif
