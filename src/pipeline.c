/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* pipeline.c — the passes gasp knows and the default pipeline, as one
 * literal list each.  `--passes=a,b` runs a list; "none" runs nothing.
 *
 * Around passes: -print-before, -print-after(-all) and -print-changed
 * print the module to the debug stream, -verify-each runs the LLVM
 * verifier; GaspOptions.pass_hook is called around each pass (gasp-opt and
 * the plugin time passes with it) and GaspOptions.pass_gate before it (0:
 * skip it; the plugin's opt-bisect-limit).  Upstream passes (sroa) run
 * through LLVMRunPasses (cx_run_llvm_passes), gasp's own C passes in
 * between.
 */
#include "pipeline.h"

#include <llvm-c/Analysis.h>
#include <string.h>

static bool run_sroa(PassRun *run) {
  cx_run_llvm_passes(run->cx, run->m, NULL, "function(sroa)", "sroa");
  return true;
}

static const GaspStatDesc st_upgraded = {
    "pipeline.legacy-intrinsics-upgraded",
    "declarations of intrinsics LLVM 22 no longer has whose calls were upgraded"};
static const GaspStatDesc st_carried = {
    "pipeline.carried", "runs that began with the fact store of the run before (gasp_carry)"};
static const GaspStatDesc st_group_rounds = {
    "pipeline.group-rounds", "[group]s run again because one of their passes changed the module"};

/* Every pass, in pipeline order: X(name, run, needs, keeps, role, what it
   does).
   needs: the kept facts it may ask the fact store for (FACTS_*, made when
   first asked); keeps: those still true after it changed the module (alias
   adds only metadata), the rest dropped; role: USER, STEP or GLUE (below).
   The table and the lists of names are made from it. */
#define PASSES(X)                                                                                  \
  X(sroa, run_sroa, 0, 0, USER,                                                                    \
    "upstream scalar replacement of aggregates")                                                   \
  X(internalize, internalize_run, 0, FACTS_INVENTORY, USER,                                        \
    "--whole-program: non-kernel functions internal, uncalled ones removed")                       \
  X(byvalcopy, byvalcopy_run, 0, 0, USER,                                                          \
    "a kernel's by-value aggregate it writes or hands on: copied into private memory")             \
  X(infer, infer_run, 0, FACTS_INVENTORY, USER,                                                    \
    "intra-procedural address-space inference")                                                    \
  X(fields, fields_run, FACTS_INVENTORY, FACTS_INVENTORY, USER,                                    \
    "clones for the spaces callers store in the aggregates they pass")                             \
  X(callsplit, callsplit_run, 0, FACTS_INVENTORY, USER,                                            \
    "a call handed a select of pointers in two spaces: one call per arm")                          \
  X(ipmsp, ipmsp_run, 0, FACTS_INVENTORY, USER,                                                    \
    "inter-procedural propagation: votes, specialization, clones, returns")                        \
  X(indirect, indirect_run, 0, FACTS_INVENTORY, USER,                                              \
    "--whole-program: functions called through pointers get their callers' spaces at entry")      \
  X(splitclones, splitclones_run, 0, FACTS_INVENTORY, GLUE,                                        \
    "ipmsp on the callees of the calls callsplit split in this run only")                          \
  X(memsum, memsum_run, FACTS_SUMMARY | FACTS_INVENTORY, FACTS_INVENTORY, USER,                    \
    "pointers through global, local, ... memory: what each memory may hold")                       \
  X(version, version_run, 0, FACTS_INVENTORY, USER,                                                \
    "NVPTX: an access through a select or phi of two spaces split by the merge; "                  \
    "--version-by-space=on: a loop through a pointer of two spaces, one copy per space")           \
  X(constargs, constargs_run, 0, 0, USER,                                                       \
    "a clone's parameter every call passes as one constant: the constant, SCCP folds it")          \
  X(resolve, resolve_run, FACTS_REACH | FACTS_INVENTORY, FACTS_INVENTORY, USER,                    \
    "explicit casts folded; static resolution when only global memory reaches")                    \
  X(reinfer, reinfer_run, 0, FACTS_INVENTORY, STEP,                                                \
    "infer again the functions the passes before it changed (the fact store's set)")               \
  X(overloads, overloads_run, 0, FACTS_INVENTORY, USER,                                            \
    "SPIR-V: an OpenCL builtin handed pointers of proven spaces calls their overload")            \
  X(lower, lower_run, FACTS_REACH, 0, USER,                                                        \
    "--lower-generic=tags: tag generic pointers, dispatch each access on the tag")                 \
  X(alias, alias_run, 0, FACTS_ALL, USER,                                                          \
    "address-space scopes as !alias.scope/!noalias for stock LLVM alias analysis")                 \
  X(rehoist, rehoist_run, 0, 0, USER,                                                              \
    "casts of arguments InstCombine sank moved back to the entry; SimplifyCFG again there")        \
  X(strides, strides_run, 0, FACTS_ALL, USER,                                                      \
    "block- and grid-stride loops between two spaces: no stride-speculative vectorization")        \
  X(hazards, hazards_run, 0, 0, USER,                                                              \
    "shapes LLVM 22's back ends mishandle (amdgcn: run-time lanes of pointer vectors)")            \
  X(frames, frames_run, FACTS_INVENTORY, 0, USER,                                                  \
    "NVPTX: printf buffers, volatile slots, by-value arguments, run-time vector lanes as llc-22 "  \
    "makes them local")                                                                            \
  X(twins, twins_run, 0, 0, USER,                                                                  \
    "NVPTX: a named parameter whose callers keep its generic twin live takes the twin")            \
  X(launder, launder_run, 0, FACTS_ALL, LAST,                                                      \
    "NVPTX: a parameter's cast to a named space laundered, so llc's vectorizer pairs its accesses") \
  X(externalize, externalize_run, 0, 0, USER,                                                      \
    "--whole-program: the linkage internalize took, back on the functions gasp did not make")      \
  X(forget, forget_run, 0, FACTS_INVENTORY, GLUE,                                                  \
    "an earlier run's field facts (!gasp.fields) dropped: for a module other passes changed")      \
  X(sizes, sizes_run, 0, FACTS_ALL, GLUE,                                                          \
    "each function's size as the early run sees it, for the late run's clone cost model")          \
  X(linkage, linkage_run, 0, 0, GLUE,                                                              \
    "early clones: their original's linkage class for LLVM's inliner, internal again late")
#define PASS_ENTRY(name, run, needs, keeps, role, what)                                         \
  {#name, run, what, needs, keeps, ROLE_REQUIRED_##role, ROLE_LAST_##role},
#define PASS_NAME(name, run, needs, keeps, role, what) ", " #name
#define PASS_USER_NAME(name, run, needs, keeps, role, what) ROLE_USER_##role(name)
#define PASS_GLUE_NAME(name, run, needs, keeps, role, what) ROLE_GLUE_##role(name)
/* A pass's role: USER (in the user-facing list), STEP (there too, and
   required: reinfer, the facts a change left stale), GLUE (carries state
   between the plugin's two runs: developers', and required), LAST (a
   user's pass whose change is for the back end alone: it runs after the
   run's checks and reports, which read the module as gasp decided it —
   `launder`'s calls are no uses of a pointer to them).  A required pass is
   never skipped by GaspOptions.pass_gate: a later one relies on what it
   leaves. */
#define ROLE_REQUIRED_USER false
#define ROLE_REQUIRED_STEP true
#define ROLE_REQUIRED_GLUE true
#define ROLE_REQUIRED_LAST false
#define ROLE_LAST_USER false
#define ROLE_LAST_STEP false
#define ROLE_LAST_GLUE false
#define ROLE_LAST_LAST true
#define ROLE_USER_USER(n) ", " #n
#define ROLE_USER_STEP(n) ", " #n
#define ROLE_USER_GLUE(n)
#define ROLE_USER_LAST(n) ", " #n
#define ROLE_GLUE_USER(n)
#define ROLE_GLUE_STEP(n)
#define ROLE_GLUE_GLUE(n) ", " #n
#define ROLE_GLUE_LAST(n)
static const PassInfo passes[] = {PASSES(PASS_ENTRY)};
/* ", sroa, internalize, ..." : the names, after their first two characters */
static const char pass_names[] = PASSES(PASS_NAME) " (and none)";
static const char user_pass_names[] = PASSES(PASS_USER_NAME) " (and none)";
static const char glue_pass_names[] = PASSES(PASS_GLUE_NAME);

/* The default pipeline: one literal list.  A bracketed group runs again
   while any of its passes changed the module (at most GROUP_ROUNDS times):
   ipmsp's clones give fields functions to specialize in place, and memsum
   names pointers that callers pass, which ipmsp votes on — a second gasp
   run would otherwise find them (the output is a fixed point).  `reinfer`
   infers again what the pass before it changed (the fact store's set);
   the passes of the group infer their own changes, which their next steps
   read.  A --passes list that leaves functions waiting gets `reinfer`
   before its next step, or at its end (shown by -time-passes and
   -print-changed like any step), so no pass starts with work waiting.
   MODULE_PIPELINE is the part the plugin's early run shares (below). */
#define MODULE_PIPELINE                                                                    \
  "internalize,byvalcopy,infer,[fields,callsplit,ipmsp,indirect,memsum],version,reinfer,resolve,reinfer," \
  "overloads,lower,alias,hazards"
static const char default_pipeline[] = MODULE_PIPELINE ",frames,twins,launder,externalize";
#define GROUP_ROUNDS 4

/* The pass plugin's two runs.  Early (the early simplification extension
   point, before LLVM's inliner) gasp names what each function shows of
   itself; last (the optimizer-last extension point) it runs again on what
   LLVM's optimizer made, and that late run makes the clones.  Cloned
   early, each copy of a helper went through the whole -O pipeline — a
   fixed cost per function, whatever its size (~0.5-1M instructions in
   clang -O2) — and most were then inlined into their callers, where the
   late run names the accesses anyway; cloned last, only what the inliner
   left is copied, once, already optimised (bench/compile/compile.md,
   "random": the clones were most of the plugin's cost on small programs).

   The early run, when a late run follows: `internalize` (the
   whole-program promise is the early run's to use), `byvalcopy` of the
   by-value structs a kernel writes or hands to a call that stays a call
   (noinline, a declaration; not one the inliner may inline: copied, its
   fields became loads from the parameter space at the entry, where
   clang's build reads each at its use, and held-out HeCBench idivide took
   2 more registers and 7 more machine instructions; a struct such a
   helper still gets after inlining, or writes, is copied by NVPTX's own
   argument lowering, as for clang's build), `infer` within each
   function, `callsplit` with `splitclones` — a call split on
   a select must reach two clones before LLVM's optimizer, or SimplifyCFG
   merges the two calls (or the inliner's two copies) back into one —
   explicit casts folded (`resolve`) and address-space scopes for LLVM's
   alias analysis (`alias`), `strides` (block- and grid-stride loops between
   two spaces kept from the vectorizer's stride-1 versioning, which the
   named spaces would otherwise let it do), `hazards`; no `frames` (a slot
   it keeps from SROA is one the optimizer would see escape).  `forget` drops the field
   facts, whose parameter numbers dead-argument elimination may shift;
   `sizes` records each function's size for the late run's clone cost
   model (the inliner is about to put its callees into it); `linkage`
   gives splitclones' clones their originals' linkage class, so that the
   inliner decides for them as for clang's build (no last-call bonus for
   a clone of an external or linkonce_odr function). */
static const char early_pipeline[] =
    "internalize,byvalcopy,infer,callsplit,splitclones,resolve,reinfer,alias,strides,hazards,forget,"
    "sizes,linkage";

/* The late run: after inlining, SROA, instcombine and the vectorizers,
   which re-create what the early run named (an inlined helper's generic
   parameter becomes a cast of the caller's slot or buffer, SROA splits
   slots behind new casts, instcombine turns a builtin into an atomicrmw
   through a cast pointer).  `forget` first drops what an earlier run left
   (field facts) and takes the early run's sizes, `linkage` makes the
   early run's clones internal again, `internalize` makes the rest
   internal under --whole-program (the early run leaves the linkage as
   clang's build has it, so LLVM's inliner and IPO decide as there); then
   the default pipeline's interprocedural group on the call graph as it
   will be, and what follows it (`rehoist` before all: it undoes what the
   early run's casts, sunk by InstCombine, kept LLVM's SimplifyCFG from
   doing, while they are still the early run's); hazards and frames last,
   because the vectorizers make hazards' shapes and code generation
   follows frames'; `twins` after all (which value a caller keeps live
   across a call is the final code's), and `externalize` ends it: what
   internalize made internal gets clang's linkage back, so the back end
   decides for it as for clang's build. */
static const char late_pipeline[] =
    "forget,linkage,internalize,rehoist,infer,[fields,callsplit,ipmsp,indirect,memsum],constargs,version,reinfer,resolve,reinfer,"
    "overloads,lower,"
    "hazards,frames,twins,launder,externalize";

/* The early run with no late one after it (-gasp-late=0): the default
   pipeline without `frames` (LLVM's optimizer runs after it), clones
   included, then `forget` (field facts would otherwise stay in clang's
   output for a later gasp run to trust) and `externalize` (LLVM's inliner
   then sees clang's linkage: no last-call bonus internalize gave). */
static const char early_alone_pipeline[] = MODULE_PIPELINE ",strides,forget,externalize";

const char *gasp_pass_list(void) { return pass_names + 2; }
/* The passes that only carry state between the plugin's two runs (or
   clone for the early run alone): developers', not users' (gasp-opt
   --help leaves them out, --help-hidden lists them). */
const char *gasp_glue_pass_list(void) { return glue_pass_names + 2; }
const char *gasp_user_pass_list(void) { return user_pass_names + 2; }
const char *gasp_default_pipeline(void) { return default_pipeline; }
const char *gasp_late_pipeline(void) { return late_pipeline; }
const char *gasp_early_pipeline(void) { return early_pipeline; }
const char *gasp_early_alone_pipeline(void) { return early_alone_pipeline; }

const PassInfo *pipeline_find(const char *name) {
  for (size_t i = 0; i < sizeof passes / sizeof passes[0]; i++)
    if (!strcmp(passes[i].name, name))
      return &passes[i];
  return NULL;
}

/* One pass of a list, and the group it belongs to (-1: none). */
typedef struct Step {
  const char *name; /* into the parsed copy */
  int group;
} Step;
typedef VEC(Step) StepVec;
typedef VEC(const char *) NameVec;

/* Splits the comma list (copied into *copy) into steps; "[a,b]" is a
   group.  False, with a diagnostic, for a bracket out of place. */
static bool parse_steps(GaspCtx *cx, const char *list, char **copy, StepVec *out) {
  *copy = xstrdup(list);
  int group = -1, groups = 0;
  if (!list[strspn(list, " ,")]) {
    cx_diag(cx, GASP_SEV_ERROR, "empty pass list; 'none' runs no pass");
    return false;
  }
  /* strsep, not strtok: "a,,b" has an empty entry, which is refused */
  for (char *rest = *copy, *tok; (tok = strsep(&rest, ","));) {
    while (*tok == ' ')
      tok++;
    bool open = *tok == '[';
    tok += open;
    size_t len = strlen(tok);
    bool close = len && tok[len - 1] == ']';
    if (close)
      tok[len - 1] = 0;
    if ((open && group >= 0) || (close && group < 0 && !open) || strchr(tok, '[') ||
        strchr(tok, ']')) {
      cx_diag(cx, GASP_SEV_ERROR, "pass list '%s': a group is '[pass,pass,...]', not nested",
              list);
      return false;
    }
    if (open)
      group = groups++;
    if (!*tok && !open && !close) {
      cx_diag(cx, GASP_SEV_ERROR, "pass list '%s' has an empty entry", list);
      return false;
    }
    if (*tok && strcmp(tok, "none")) {
      Step st = {tok, group};
      vec_push(out, st);
    }
    if (close)
      group = -1;
  }
  if (group >= 0) {
    cx_diag(cx, GASP_SEV_ERROR, "pass list '%s': a group is not closed with ']'", list);
    return false;
  }
  return true;
}

/* Calls fn(cx, name, arg) for each pass of the list (groups flattened);
   stops early and returns false when fn does, or when the list is
   malformed. */
static bool each_pass(GaspCtx *cx, const char *list,
                      bool (*fn)(GaspCtx *, const char *, void *), void *arg) {
  char *copy;
  StepVec steps = {0};
  bool ok = parse_steps(cx, list, &copy, &steps);
  for (size_t i = 0; i < steps.n && ok; i++)
    ok = fn(cx, steps.v[i].name, arg);
  vec_free(&steps);
  free(copy);
  return ok;
}

static bool check_one(GaspCtx *cx, const char *name, void *arg) {
  (void)arg;
  if (pipeline_find(name))
    return true;
  cx_diag(cx, GASP_SEV_ERROR, "unknown pass '%s'; valid passes: %s", name,
          gasp_pass_list());
  return false;
}

static const char *pass_text(const GaspCtx *cx) {
  return cx->opt.passes ? cx->opt.passes : default_pipeline;
}

typedef struct Find {
  const char *name;
  bool found;
} Find;

static bool find_pass(GaspCtx *cx, const char *name, void *arg) {
  (void)cx;
  Find *f = arg;
  f->found = !strcmp(name, f->name);
  return !f->found; /* stop at the first match */
}

bool pipeline_has(GaspCtx *cx, const char *name) {
  Find f = {name, false};
  each_pass(cx, pass_text(cx), find_pass, &f);
  return f.found;
}

bool pipeline_check(GaspCtx *cx) {
  if (!each_pass(cx, pass_text(cx), check_one, NULL))
    return false;
  if (cx->opt.whole_program && !pipeline_has(cx, "internalize") && !pipeline_has(cx, "indirect")) {
    cx_diag(cx, GASP_SEV_ERROR,
            "--whole-program needs a pass that uses it, internalize or indirect, in --passes "
            "(the default pipeline has both)");
    return false;
  }
  return true;
}

typedef struct RunState {
  LLVMModuleRef m;
  GaspStatus st;
  bool changed;     /* the last pass run changed the module */
  SpaceCheck *check; /* --verify-spaces, until `lower` */
  bool memsum_ran;  /* the check reads the memory summary from then on */
} RunState;

/* The module's text, or only the functions filter_print_funcs names
   (malloc'd). */
static char *dump_text(const GaspCtx *cx, LLVMModuleRef m) {
  const char *only = cx->opt.filter_print_funcs;
  if (!only || !*only) {
    char *t = LLVMPrintModuleToString(m);
    char *r = xstrdup(t);
    LLVMDisposeMessage(t);
    return r;
  }
  char *out = xstrdup("");
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    size_t n;
    const char *name = LLVMGetValueName2(f, &n);
    bool want = false;
    for (const char *p = only; *p && !want;) {
      size_t k = strcspn(p, ",");
      want = k == n && !strncmp(p, name, n);
      p += k + (p[k] == ',');
    }
    if (!want)
      continue;
    char *t = LLVMPrintValueToString(f);
    char *joined = xasprintf("%s%s\n", out, t);
    LLVMDisposeMessage(t);
    free(out);
    out = joined;
  }
  return out;
}

/* A line diff of a and b (LCS where the two fit in 2^22 cells, else the
   common head and tail around one changed middle): "-" and "+" lines,
   unchanged lines left out. */
static void print_diff(FILE *o, const char *a, const char *b) {
  VEC(const char *) la = {0}, lb = {0};
  char *ca = xstrdup(a), *cb = xstrdup(b);
  for (char *p = strtok(ca, "\n"); p; p = strtok(NULL, "\n"))
    vec_push(&la, p);
  for (char *p = strtok(cb, "\n"); p; p = strtok(NULL, "\n"))
    vec_push(&lb, p);
  size_t n = la.n, m = lb.n, h = 0, t = 0;
  while (h < n && h < m && !strcmp(la.v[h], lb.v[h]))
    h++;
  while (t < n - h && t < m - h && !strcmp(la.v[n - 1 - t], lb.v[m - 1 - t]))
    t++;
  size_t N = n - h - t, M = m - h - t;
  if (N && M && N <= ((size_t)1 << 22) / (M + 1)) {
    uint32_t *L = xcalloc((N + 1) * (M + 1), sizeof *L); /* L[i][j]: LCS of suffixes */
    for (size_t i = N; i-- > 0;)
      for (size_t j = M; j-- > 0;)
        L[i * (M + 1) + j] = !strcmp(la.v[h + i], lb.v[h + j])
                                 ? L[(i + 1) * (M + 1) + j + 1] + 1
                                 : (L[(i + 1) * (M + 1) + j] > L[i * (M + 1) + j + 1]
                                        ? L[(i + 1) * (M + 1) + j]
                                        : L[i * (M + 1) + j + 1]);
    size_t i = 0, j = 0;
    while (i < N || j < M) {
      if (i < N && j < M && !strcmp(la.v[h + i], lb.v[h + j])) {
        i++, j++;
      } else if (j < M && (i == N || L[i * (M + 1) + j + 1] >= L[(i + 1) * (M + 1) + j])) {
        fprintf(o, "+%s\n", lb.v[h + j++]);
      } else {
        fprintf(o, "-%s\n", la.v[h + i++]);
      }
    }
    free(L);
  } else {
    for (size_t i = 0; i < N; i++)
      fprintf(o, "-%s\n", la.v[h + i]);
    for (size_t j = 0; j < M; j++)
      fprintf(o, "+%s\n", lb.v[h + j]);
  }
  vec_free(&la);
  vec_free(&lb);
  free(ca);
  free(cb);
}

static bool run_one(GaspCtx *cx, const char *name, void *arg) {
  RunState *rs = arg;
  const PassInfo *p = pipeline_find(name);
  size_t ndiag = cx->diags.n;
  bool required = p->required;
  if (cx->opt.pass_gate && !cx->opt.pass_gate(cx->opt.pass_hook_user, p->name, required) &&
      !required) {
    rs->changed = false; /* skipped (opt-bisect-limit in the plugin) */
    return true;
  }
  if (cx->opt.print_before_all || (cx->opt.print_before && !strcmp(cx->opt.print_before, name))) {
    char *txt = dump_text(cx, rs->m);
    fprintf(cx_out(cx), "; *** IR Dump Before %s ***\n%s", name, txt);
    free(txt);
  }
  char *before = cx->opt.print_changed == 3 ? dump_text(cx, rs->m) : NULL;
  if (cx->opt.pass_hook)
    cx->opt.pass_hook(cx->opt.pass_hook_user, p->name, 0);
  cx->cur_pass = p->name;
  PassRun run = {cx, rs->m, cx->facts};
  facts_allow(run.facts, p->needs);
  bool changed = p->run(&run);
  facts_allow(run.facts, FACTS_ALL);
  rs->changed = changed;
  if (changed)
    facts_keep_only(run.facts, p->keeps); /* the rest is made again when asked */
  cx->cur_pass = NULL;
  if (cx->opt.pass_hook)
    cx->opt.pass_hook(cx->opt.pass_hook_user, p->name, 1);
  if (cx->opt.print_changed) {
    char *txt = changed ? dump_text(cx, rs->m) : NULL;
    if (txt && before && strcmp(before, txt)) {
      fprintf(cx_out(cx), "; *** IR Dump After %s (changed) ***\n", name);
      print_diff(cx_out(cx), before, txt);
    } else if (txt && !before) {
      fprintf(cx_out(cx), "; *** IR Dump After %s (changed) ***\n%s", name, txt);
    } else if (cx->opt.print_changed != 2) {
      fprintf(cx_out(cx), "; *** IR Dump After %s omitted because no change ***\n", name);
    }
    free(txt);
  }
  free(before);
  for (size_t i = ndiag; i < cx->diags.n; i++)
    if (cx->diags.v[i].sev == GASP_SEV_ERROR) {
      rs->st = GASP_ERR_INPUT;
      return false;
    }
  if (cx->opt.print_after_all ||
      (cx->opt.print_after && !strcmp(cx->opt.print_after, name))) {
    char *txt = dump_text(cx, rs->m);
    fprintf(cx_out(cx), "; *** IR Dump After %s ***\n%s", name, txt);
    free(txt);
  }
  if (cx->opt.verify_each) {
    char *msg = NULL;
    if (LLVMVerifyModule(rs->m, LLVMReturnStatusAction, &msg)) {
      cx_diag(cx, GASP_SEV_ERROR, "internal error: module broken after pass '%s': %s",
              name, msg ? msg : "");
      LLVMDisposeMessage(msg);
      rs->st = GASP_ERR_INTERNAL;
      return false;
    }
    LLVMDisposeMessage(msg);
    /* and the clone-call invariant, where this pass left it */
    rs->memsum_ran |= !strcmp(name, "memsum");
    if (!spacecheck_step(rs->check, cx, rs->m, rs->memsum_ran, name)) {
      rs->st = GASP_ERR_INTERNAL;
      return false;
    }
  }
  return true;
}

/* `reinfer`, when functions wait for it (a list that did not run it
   after the pass that left them). */
static bool run_waiting(GaspCtx *cx, LLVMModuleRef m, RunState *rs) {
  return !facts_reinfer_pending(cx->facts) || run_one(cx, "reinfer", rs);
}

/* The run's fact store: the carry's when it is m's with this run's table
   (facts_next_run), else a new one (a carried store of another module or
   table is dropped). */
static Facts *carry_take(GaspCtx *cx, LLVMModuleRef m) {
  Facts *f = cx->carry ? cx->carry->facts : NULL;
  if (cx->carry)
    cx->carry->facts = NULL;
  if (facts_for(f, cx->tgt, m)) {
    facts_next_run(f);
    cx_stat(cx, &st_carried, 1);
    return f;
  }
  facts_free(f);
  return facts_new(cx->tgt, m);
}

GaspStatus pipeline_run(GaspCtx *cx, LLVMModuleRef m) {
  if (!pipeline_check(cx))
    return GASP_ERR_USAGE;
  /* what the run knows lives in its fact store, made here and freed after
     the report; what a later run needs travels in the module's !gasp.*
     metadata, which only the store reads and writes */
  RunState rs = {m, GASP_OK, false, NULL, false};
  schema_register_kinds(LLVMGetModuleContext(m));
  facts_free(cx->facts);
  cx->facts = carry_take(cx, m);
  cx->cur_module = m;
  SpaceCheck *check = rs.check = spacecheck_begin(cx, m); /* --verify-spaces */
  why_begin(cx, m);
  char *copy;
  StepVec steps = {0};
  bool ok = parse_steps(cx, pass_text(cx), &copy, &steps);
  if (ok && steps.n) { /* what LLVM's readers would have done to it; the
                          module as the last run had it before `launder` */
    cx_stat(cx, &st_upgraded, ir_upgrade_legacy_calls(m));
    launder_undo(m);
    schema_abi_undo(m); /* externalize's table: the functions' uses are calls again */
  }
  NameVec last = {0}; /* the LAST passes' names (into copy), run after the reports */
  for (size_t i = 0; i < steps.n && ok;) {
    if (steps.v[i].group < 0 && pipeline_find(steps.v[i].name)->last) {
      vec_push(&last, steps.v[i].name);
      i++;
      continue;
    }
    size_t end = i + 1; /* a group: [i, end) */
    while (steps.v[i].group >= 0 && end < steps.n && steps.v[end].group == steps.v[i].group)
      end++;
    /* a group ends when every other pass ran once since the last change
       (each pass alone is idempotent), or after GROUP_ROUNDS rounds */
    size_t size = end - i, quiet = 0, limit = steps.v[i].group >= 0 ? GROUP_ROUNDS * size : 1;
    for (size_t n = 0; ok && n < limit && (n < size || quiet + 1 < size); n++) {
      if (n == size)
        cx_stat(cx, &st_group_rounds, 1); /* a round beyond the first */
      const char *name = steps.v[i + n % size].name;
      if (strcmp(name, "reinfer"))
        ok = run_waiting(cx, m, &rs);
      /* the check reads what inference proved: before tag lowering turns
         every generic pointer into an integer it cannot see through (the
         lowering's dispatch is checked by execution: gasp-run --check-as) */
      if (ok && check && !strcmp(name, "lower")) {
        ok = spacecheck_end(check, cx, m, pipeline_has(cx, "memsum"));
        check = rs.check = NULL;
        if (!ok)
          rs.st = GASP_ERR_INTERNAL;
      }
      if (ok)
        ok = run_one(cx, name, &rs);
      quiet = rs.changed ? 0 : quiet + 1;
    }
    i = end;
  }
  vec_free(&steps);
  if (ok)
    ok = run_waiting(cx, m, &rs);
  /* the clone-call invariant, proven again on the output alone (or
     before `lower`, above) */
  if (!spacecheck_end(check, cx, m, pipeline_has(cx, "memsum")) && rs.st == GASP_OK)
    rs.st = GASP_ERR_INTERNAL;
  rs.check = NULL; /* freed: a LAST pass's --verify-each has no check */
  if (rs.st == GASP_OK) {
    WhyRun run = {pipeline_has(cx, "ipmsp"), pipeline_has(cx, "memsum")};
    why_report(cx, m, run); /* before rehoming: its remarks are about live functions */
    remarks_rehome(cx, m);
  } else {
    why_discard(cx);
  }
  for (size_t k = 0; k < last.n && rs.st == GASP_OK; k++)
    if (!run_one(cx, last.v[k], &rs) && rs.st == GASP_OK)
      rs.st = GASP_ERR_INTERNAL;
  vec_free(&last);
  free(copy);
  if (cx->carry && rs.st == GASP_OK)
    cx->carry->facts = cx->facts; /* for the next run on m (gasp_carry) */
  else
    facts_free(cx->facts);
  cx->facts = NULL;
  cx->cur_module = NULL;
  return rs.st;
}

long pipeline_count_generic(GaspCtx *cx, LLVMModuleRef m) {
  long n = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
    n += (long)ir_count_mem_ops_in(fn, cx->tgt->generic);
  return n;
}
