/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* gasp.h — Generic Address-Space Propagation, the public C API.
 *
 * gasp proves which named address space (global, local, private, constant,
 * target-specific) each generic memory access of a GPU LLVM module touches,
 * and rewrites the module to use it.  Typical use inside a compiler:
 *
 *   GaspOptions o;
 *   gasp_options_init(&o);
 *   GaspCtx *cx = gasp_ctx_new(&o);
 *   if (gasp_run(cx, module) != GASP_OK)
 *     for (size_t i = 0; i < gasp_diag_count(cx); i++)
 *       fprintf(stderr, "%s\n", gasp_diag_message(cx, i));
 *   gasp_ctx_free(cx);
 *
 * The library keeps all state in the context: it is reentrant, and two
 * contexts may run on two threads (each on its own LLVMContextRef).
 * The library never prints, except the debug output you ask for through
 * GaspOptions.debug_stream.
 */
#ifndef GASP_H
#define GASP_H

#include <llvm-c/Types.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GASP_VERSION_MAJOR 0
#define GASP_VERSION_MINOR 4
#define GASP_VERSION_PATCH 0
#define GASP_VERSION "0.4.0"

/* The library's ABI number, the soname's suffix (libgasp.so.1).  It
   changes only when an exported function's signature, an enum value or the
   layout of a field callers already know changes.  GaspOptions grows by
   appending fields: struct_size (set by gasp_options_init to the size the
   caller was compiled with) tells the library which ones the caller has,
   so an older caller keeps working with a newer library, and a newer
   caller's options are refused by an older library instead of being read
   past their end.  docs/guide.md, "ABI, contract and output formats". */
#define GASP_ABI 1

/* What the library exports: only gasp_* functions (the shared library is
   built with hidden visibility and libgasp.a has its other symbols made
   local, so a host program's own xmalloc or map_put cannot clash). */
#if defined(__GNUC__)
#define GASP_API __attribute__((visibility("default")))
#else
#define GASP_API
#endif

typedef enum GaspStatus {
  GASP_OK = 0,
  GASP_ERR_INPUT = 1,   /* the module cannot be handled (bad triple, ...) */
  GASP_ERR_USAGE = 2,   /* bad options: unknown pass, unknown target */
  GASP_ERR_INTERNAL = 3 /* a pass produced IR the verifier rejects */
} GaspStatus;

typedef enum GaspSeverity {
  GASP_SEV_ERROR = 0,
  GASP_SEV_WARNING = 1,
  GASP_SEV_REMARK = 2
} GaspSeverity;

typedef enum GaspLowerMode {
  GASP_LOWER_NONE = 0, /* leave them generic (targets with generic hardware) */
  GASP_LOWER_TAGS = 1  /* tag bits 61-63 and a switch per access */
} GaspLowerMode;

typedef struct GaspOptions {
  /* sizeof(GaspOptions) as the caller was compiled: set by
     gasp_options_init, never by hand.  Fields past it take their defaults;
     a size this library does not know (0, or larger than its own) makes
     gasp_check_options and gasp_run fail with GASP_ERR_USAGE. */
  size_t struct_size;
  /* Comma-separated pass list; NULL = the default pipeline.  "none" runs
     nothing (useful with statistics).  gasp_pass_list() names them all. */
  const char *passes;
  /* Address-space table: NULL = from the module triple, else one of
     "spir", "nvptx", "amdgcn", "genx". */
  const char *target_as;
  /* Use target_as even when the module's triple names another family
     (otherwise an error: the spaces would be read wrongly). */
  int force_target_as;
  int verify_each;          /* run the LLVM verifier after every pass */
  int print_after_all;      /* print the module after every pass */
  const char *print_after;  /* print after this pass only (NULL: none) */
  const char *print_before; /* print before this pass (NULL: none) */
  /* print after every pass that changed the module: 1 the module, with a
     line for each pass that did not (opt's -print-changed); 2 the same
     without those lines (=quiet); 3 a line diff against the module before
     the pass (=diff) */
  int print_changed;
  const char *debug_only;   /* comma list of pass names to trace */
  FILE *debug_stream;       /* where printing/tracing goes; NULL = stderr */
  /* ipmsp: at most this many clone attempts; -1 (the default set by
     gasp_options_init) = unlimited, 0 = none (candidates are still
     reported). */
  long clone_budget;
  int dump_ip_msp;          /* ipmsp prints the work-list transcript */
  unsigned visit_cap;       /* ipmsp re-visits per block; 0 = 1024 */
  /* lower: what happens to generic accesses left after inference. */
  GaspLowerMode lower_generic;
  /* Volatile generic accesses: 0 (the default) rewrites them into a named
     space where the target table says the back end keeps volatile's meaning
     there (every space of spir/genx, nvptx and amdgcn but the
     target-specific ones); 1 keeps every volatile access generic. */
  int keep_volatile;
  /* Private memory lives in the global buffer (as on some OpenCL CPU
     runtimes): generic accesses
     need no private arm, and static resolution may treat private as global. */
  int private_in_global;
  /* The module is the whole device program (OpenCL built with
     clBuildProgram; CUDA/HIP without -fgpu-rdc): the `internalize` pass makes
     every non-kernel function internal (except those in llvm.used /
     llvm.compiler.used or whose address outside code can read) and removes
     the ones nothing calls, so agreeing callers specialize in place.  Off
     (open world): a function visible outside may be called from outside
     with any pointer, and gasp's facts about it hold for every caller.  Do
     not set it for libraries or separately compiled device code. */
  int whole_program;
  /* Optimisation remarks to collect: a mask of (1 << GaspRemarkKind); 0
     (the default) collects none.  With GASP_REMARK_MISSED every memory
     access still generic after the pipeline gets a remark with its reason. */
  unsigned remarks;
  /* Also compute the statistics that cost a walk of the whole module
     (ipmsp.instructions-added, ipmsp.accesses-resolved); 0 (the default)
     leaves them out.  gasp-opt -stats sets it. */
  int stats;
  /* ipmsp's clone cost model: a function that callers with different
     spaces would copy is copied only when the copies cost at most this many
     instructions per use of a pointer parameter they name; -1 (the default
     set by gasp_options_init) = the target's (nvptx 8, others no limit), 0 =
     no limit. */
  long clone_cost;
  int print_before_all;     /* print the module before every pass */
  /* How diagnostics and remarks spell an option: NULL = gasp-opt's
     ("--target-as"); else this prefix replaces the "--" ("-gasp-" gives
     "-gasp-target-as", the pass plugin's LLVM option). */
  const char *option_prefix;
  /* Called before (after = 0) and after (after = 1) every pass the
     pipeline runs, with the pass's name (NULL: none).  gasp-opt and the
     pass plugin time each pass with it for -time-passes. */
  void (*pass_hook)(void *user, const char *pass, int after);
  void *pass_hook_user;
  /* Keep what gasp_write_summary reports: the generic accesses before the
     run, and the reason of each one left (whether or not Missed remarks
     are collected).  Costs one walk of the module before and after. */
  int summary;
  /* Versioning by space (callsplit): a call handed a generic pointer that
     the analysis proves is in one of two named spaces the target can test
     apart (NVPTX isspacep.*, AMDGPU is.shared/is.private, SPIR's OpenCL
     __to_local/... against null) becomes a test
     and one call per space, each passing the pointer cast to its space, so
     ipmsp sends each to its clone.  0 (the default) off. */
  int version_by_space;
  /* Check the output (--verify-spaces): every addrspacecast from generic to
     a named space that gasp made — in a call to a clone, a retyped return,
     a rewritten access — is proven again by a space analysis of the output
     module alone, sharing nothing with the passes that made it; casts under
     a run-time space test gasp built (tags, versioning) are exempt.  A
     violation is GASP_ERR_INTERNAL with a diagnostic naming the cast.
     0 (the default) off. */
  int verify_spaces;
  /* The module dumps (print-before/after/changed) print only these
     functions (a comma list; opt's -filter-print-funcs); NULL: the module. */
  const char *filter_print_funcs;
  /* Asked before every pass the pipeline would run, with pass_hook_user
     and the pass's name: 0 skips the pass (it changes nothing; pass_hook
     is not called for it), anything else runs it.  NULL: every pass runs.
     required is 1 for the passes a later one relies on (the glue passes,
     gasp_glue_pass_list, and reinfer): they run whatever the answer.
     The pass plugin answers with LLVM's pass instrumentation, so that
     -opt-bisect-limit counts gasp's passes one by one. */
  int (*pass_gate)(void *user, const char *pass, int required);
  /* 1: LLVM's optimizer (inliner, EarlyCSE, GVN, LICM, the vectorizers)
     runs on the output and a later gasp run follows it — the pass
     plugin's early run, which sets it.  `infer` then leaves generic an
     access through a pointer a null constant may reach (a select or phi
     of null and a buffer): LLVM's alias analysis takes the null of a
     non-zero address space for an address like any other, so a named
     one may alias every object and the optimizer keeps loads it would
     have reused; the later run names it.  0 (the default): the run's
     output is final. */
  int early_run;
  /* 1: the back end follows the output (the pass plugin's runs, which set
     it; llc after the late one).  Where it names something itself (NVPTX:
     a kernel's pointer parameters, and what InferAddressSpaces follows
     from them; with early_run also the casts of module variables), `infer`
     and `resolve` leave it generic as clang's build has it: gasp naming it
     changes no space in the final code but how LLVM writes the code
     around it.  Not with lower_generic = tags.  0 (the default): gasp
     names all it can. */
  int backend_follows;
  /* New fields go here, at the end (see struct_size). */
} GaspOptions;

/* Optimisation remarks, as LLVM's: Passed (something was done), Missed
   (could not be done, and why), Analysis (a fact found on the way). */
typedef enum GaspRemarkKind {
  GASP_REMARK_PASSED = 0,
  GASP_REMARK_MISSED = 1,
  GASP_REMARK_ANALYSIS = 2
} GaspRemarkKind;
#define GASP_REMARKS_ALL 7u

typedef struct GaspRemarkArg {
  const char *key;   /* "String" for plain text, else a name ("Reason") */
  const char *value;
} GaspRemarkArg;

typedef struct GaspRemark {
  GaspRemarkKind kind;
  const char *pass;     /* the pass that made it (gasp_pass_list), or "gasp" */
  const char *name;     /* what happened: "Specialized", "GenericAccess", ... */
  const char *function; /* the function it is about */
  const char *file;     /* debug location, NULL when there is none */
  unsigned line, column;
  const GaspRemarkArg *args;
  size_t nargs;
  const char *message;  /* "<pass>: @<function>: " + the args' values */
  /* The module's source file name (its source_filename), or NULL: where the
     YAML writer places a remark that has no debug location (line 0, LLVM's
     "no line"), since opt-viewer drops a remark without a DebugLoc. */
  const char *source_file;
  /* 1: the remark is about the module as a whole (its message names no
     function); it hangs on the module's first kernel (else its first
     defined function), `function`, because LLVM's remarks, opt-viewer's
     pages and the plugin's diagnostics need one. */
  int module_level;
} GaspRemark;

typedef struct GaspCtx GaspCtx;

/* Fills *o with the defaults and sets o->struct_size. */
GASP_API void gasp_options_init(GaspOptions *o);
/* Copies the options (strings included); NULL gives the defaults. */
GASP_API GaspCtx *gasp_ctx_new(const GaspOptions *o);
GASP_API void gasp_ctx_free(GaspCtx *cx);
/* Forgets what the last run recorded (diagnostics, statistics, remarks,
   the summary); the options stay.  gasp_run starts with it.

   Lifetimes: every string, GaspRemark and count the accessors below hand
   out belongs to the context and stays valid until the next gasp_run,
   gasp_check_options, gasp_ctx_reset or gasp_ctx_free on that context.
   Each diagnostic is recorded once per run. */
GASP_API void gasp_ctx_reset(GaspCtx *cx);

/* A fact store carried from one run to the next on the same module (the
   pass plugin's module analysis: each gasp-<pass> LLVM pass one run, what
   one step leaves for a later one kept while no other pass changes the
   module).  A run on a context given a carry starts from the store the
   carry holds when it is for the same module and target table (else from
   a new one), and leaves its store there when it succeeds.  What a run
   computed from the IR (summaries, reachability) is computed again; what
   its steps left for later ones stays: the callees of the calls
   `callsplit` split (for `splitclones`), the early run's function sizes,
   refusals already said.  The clone budget is per run.  A carry is the
   caller's: free it when the module changed under it, or with the module;
   it outlives the contexts it is given to. */
typedef struct GaspCarry GaspCarry;
GASP_API GaspCarry *gasp_carry_new(void);
GASP_API void gasp_carry_free(GaspCarry *c);
/* The carry the next runs on cx take their store from and leave it in
   (NULL: each run's own store, freed after it; the default). */
GASP_API void gasp_ctx_set_carry(GaspCtx *cx, GaspCarry *c);

/* Checks the options alone (pass names, target name) without a module. */
GASP_API GaspStatus gasp_check_options(GaspCtx *cx);

/* Runs the configured pipeline on m.  A pass that refuses the module
   (GASP_ERR_INPUT: e.g. lower meeting a construct tags cannot express)
   decides before it rewrites, so it leaves m as the passes before it made
   it (each of their rewrites valid and behaviour-preserving; with
   --passes=lower alone, m is unchanged).  Only a pass that broke the
   module (GASP_ERR_INTERNAL) may leave it partly rewritten. */
GASP_API GaspStatus gasp_run(GaspCtx *cx, LLVMModuleRef m);

/* Diagnostics of the last run (or check).  They speak of the options by
   their GaspOptions names ("target_as"), or with option_prefix set as a
   tool's flags ("--target-as", "-gasp-target-as"). */
GASP_API size_t gasp_diag_count(const GaspCtx *cx);
GASP_API const char *gasp_diag_message(const GaspCtx *cx, size_t i);
GASP_API GaspSeverity gasp_diag_severity(const GaspCtx *cx, size_t i);

/* Statistics of the last run: "pass.name" counters bumped by the passes. */
GASP_API size_t gasp_stat_count(const GaspCtx *cx);
GASP_API const char *gasp_stat_name(const GaspCtx *cx, size_t i);
GASP_API const char *gasp_stat_desc(const GaspCtx *cx, size_t i);
GASP_API uint64_t gasp_stat_value(const GaspCtx *cx, size_t i);
/* Value of the counter called name ("pass.name"), 0 if never bumped. */
GASP_API uint64_t gasp_stat_get(const GaspCtx *cx, const char *name);
/* Writes the statistics as LLVM's -stats prints its own: the
   "... Statistics Collected ..." table (value, the pass as DEBUG_TYPE,
   description; sorted by pass and name), or with json set LLVM's
   -stats-json object ({"pass.name": value, ...}).  gasp-opt and the pass
   plugin both print with it. */
GASP_API void gasp_write_stats(const GaspCtx *cx, int json, FILE *f);

/* Remarks of the last run (see GaspOptions.remarks). */
GASP_API size_t gasp_remark_count(const GaspCtx *cx);
GASP_API const GaspRemark *gasp_remark(const GaspCtx *cx, size_t i);
/* Writes remark i in LLVM's YAML remark format (one "--- !Passed" ...
   "..." document), readable by llvm-remarkutil and opt-viewer. */
GASP_API void gasp_remark_write_yaml(const GaspCtx *cx, size_t i, FILE *f);
/* Writes the remarks (those whose keep[i] is nonzero; keep NULL: all) as
   one file in LLVM's bitstream remark format, by LLVM's own serializer
   (what opt's -pass-remarks-format=bitstream writes; llvm-remarkutil reads
   it).  Returns 1 when written, 0 on an error. */
GASP_API int gasp_remarks_write_bitstream(const GaspCtx *cx, const unsigned char *keep, FILE *f);

/* Writes the call graph of m after gasp as a Graphviz digraph: kernels,
   helpers, clones (with the tuple of spaces that made them), each pointer
   parameter's vote (a space, UNDET, POISON) and the generic accesses left
   per function.  Call after gasp_run. */
GASP_API void gasp_write_callgraph_dot(const GaspCtx *cx, LLVMModuleRef m, FILE *f);

/* Which functions gasp_write_callgraph draws. */
typedef enum GaspCallgraphShow {
  GASP_CALLGRAPH_ALL = 0,       /* every defined function */
  GASP_CALLGRAPH_REACHABLE = 1, /* what the kernels reach (calls, taken addresses) */
  GASP_CALLGRAPH_RESIDUE = 2    /* reachable functions with generic accesses
                                   left, and their callers up to the kernels */
} GaspCallgraphShow;
/* The call graph for a reader: the functions `show` selects, labelled with
   demangled names (C++/CUDA; a clone keeps its suffix: "dot(float const*,
   int).as1_3"), and a legend.  The node names stay the IR names. */
GASP_API void gasp_write_callgraph(const GaspCtx *cx, LLVMModuleRef m, GaspCallgraphShow show,
                                   FILE *f);

/* Memory operations (load, store, atomicrmw, cmpxchg, memcpy/memmove/memset
   and their .inline forms, masked load/store/gather/scatter) that have a
   pointer operand in the generic space of the module's target.  Returns -1
   when the target cannot be told (see gasp_diag_*). */
GASP_API long gasp_count_generic_mem_ops(GaspCtx *cx, LLVMModuleRef m);

/* The same, split by what can run: in functions reachable from the
   kernels (a direct call chain, or an address taken), in externally visible
   functions no kernel reaches (kept for callers outside the module), and in
   internal functions nothing reaches. */
typedef struct GaspGenericCounts {
  unsigned long total;
  unsigned long reachable;
  unsigned long outside;           /* in functions kept for outside callers */
  unsigned long outside_functions; /* how many of them have any */
  unsigned long unreachable;
} GaspGenericCounts;
/* Fills *c; false when the target cannot be told (see gasp_diag_*). */
GASP_API int gasp_count_generic(GaspCtx *cx, LLVMModuleRef m, GaspGenericCounts *c);

/* Reads a module (.ll or .bc; path "-" is stdin) into ctx and verifies it.
   On failure returns NULL and sets *err (free with free()) to
   "<path>: <what>[: <detail>]", or to LLVM's own "<path>:line:col: ..."
   message for a syntax error.  Installs a diagnostic handler on ctx (a bare
   LLVMContext exits the process on bad bitcode).  Some corrupted bitcode
   makes LLVM's reader itself abort or fault (llvm-dis-22 does too); libgasp
   owns no signal, so a caller reading untrusted files catches that as
   gasp-opt and gasp-run do (tools/fault.h), or reads in a child process. */
GASP_API LLVMModuleRef gasp_read_module(LLVMContextRef ctx, const char *path, char **err);
/* The same for size bytes at data (IR text or bitcode, copied); name stands
   for the file in messages. */
GASP_API LLVMModuleRef gasp_parse_module(LLVMContextRef ctx, const char *name,
                                const char *data, size_t size, char **err);

/* Address-space alias analysis (the disjoint-spaces rule, the target table deciding
   disjointness): generic on either side -> may alias; two spaces the table
   puts in different alias classes (they never hold the same byte) -> no
   alias; the same space or class -> may alias.  AMDGPU constant memory is
   part of global memory, NVPTX distributed shared contains shared: may
   alias.  A space the table does not name, or an unknown target, answers
   may alias.  The alias pass publishes the same answers as
   !alias.scope/!noalias metadata. */
typedef enum GaspAliasResult {
  GASP_NO_ALIAS = 0,
  GASP_MAY_ALIAS = 1
} GaspAliasResult;

/* For address spaces a and b of target: a table name ("spir", "nvptx",
   "amdgcn", "genx") or a triple ("nvptx64-nvidia-cuda").
   private_in_global: private memory lives in the global buffer, so private
   and global may alias. */
GASP_API GaspAliasResult gasp_alias_as(const char *target, unsigned a, unsigned b,
                              int private_in_global);
/* For two pointer values (or vectors of pointers), by the spaces of their
   types.  The target is cx's --target-as, else the triple of the module a
   (or b) belongs to; private_in_global comes from cx's options.  Values
   that are not pointers, or whose target cannot be told, may alias. */
GASP_API GaspAliasResult gasp_alias(const GaspCtx *cx, LLVMValueRef a, LLVMValueRef b);

/* The residue report of the last run (GaspOptions.summary set; else one
   line saying so): generic memory operations before and after, in code
   reachable from the kernels and in functions kept for outside callers;
   those left in kernel-reachable code by reason and by function; named
   accesses in kernel-reachable code by space, before and after.  prefix
   starts every line ("gasp: " for gasp-opt; "" for none). */
GASP_API void gasp_write_summary(const GaspCtx *cx, const char *prefix, FILE *f);

/* The pass names, comma separated, and the default pipeline. */
GASP_API const char *gasp_pass_list(void);
/* Of those, the ones that only carry state between the pass plugin's two
   runs ("splitclones, forget, sizes"): for developers. */
GASP_API const char *gasp_glue_pass_list(void);
/* The others: the passes a user names (gasp-opt --help lists these). */
GASP_API const char *gasp_user_pass_list(void);
GASP_API const char *gasp_default_pipeline(void);
/* The pass plugin's pipelines, pass lists.  Early in clang's pipeline,
   when the late run follows: gasp within each function, clones only for
   the calls callsplit divides (`splitclones`), what LLVM's optimizer can
   use (explicit casts folded, alias scopes), then `forget` and `sizes`
   (for the late run's clone cost model).  Nothing it leaves is a use of
   a kernel's parameter that LLVM's attribute inference would count (a
   kernel pointer parameter keeps readonly and captures(none), which
   NVPTX's ld.global.nc needs). */
GASP_API const char *gasp_early_pipeline(void);
/* At the optimizer's last extension point: the default pipeline's
   interprocedural group (the clones) and what follows it, on the code
   inlining, SROA and instcombine left. */
GASP_API const char *gasp_late_pipeline(void);
/* The early run with no late one after it (-gasp-late=0): the default
   pipeline without `frames`, clones included, then `forget`. */
GASP_API const char *gasp_early_alone_pipeline(void);
/* The library's version and the LLVM it was built against, e.g.
   "gasp 0.2.0 (LLVM 22.1.8)": compare with GASP_VERSION to catch a header
   and a library that do not belong together. */
GASP_API const char *gasp_version(void);
/* The address-space table gasp uses for a module with this target triple
   ("spir", "nvptx", "amdgcn", "genx"), or NULL when it has none (a host
   triple): the pass plugin skips such modules. */
GASP_API const char *gasp_target_for_triple(const char *triple);

#ifdef __cplusplus
}
#endif
#endif
