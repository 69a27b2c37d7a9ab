/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* gasp-opt — an opt-like driver: reads .ll or .bc, runs gasp's pipeline,
 * writes .bc (or .ll with -S).  argv, printing and exit codes only; the
 * work is in libgasp.
 *
 * Exit codes: 0 ok, 1 bad input (unreadable, malformed, invalid IR,
 * unknown triple, unwritable output), 2 bad usage, 3 internal error (a gasp
 * bug: the output would not verify; nothing is written).
 * The output is written to a temporary file beside it and renamed: on any
 * error no output file is created and an existing one is left as it was.
 */
#include "gasp.h"
#include "args.h"
#include "fault.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <pthread.h>
#include <regex.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define EXIT_INPUT 1
#define EXIT_USAGE 2
#define EXIT_INTERNAL 3

static const char usage_text[] =
    "usage: gasp-opt [options] [<in.ll|in.bc|->] [-o <out>]\n"
    "\n"
    "Proves which named address space each generic memory access touches and\n"
    "rewrites the module to use it.  No input file (or '-') reads standard\n"
    "input.  Every option taking a value accepts -x=v, --x=v, -x v and --x v.\n"
    "\n"
    "options:\n"
    "  -o <file>             output file ('-' = stdout, the default)\n"
    "  -S                    write textual IR instead of bitcode\n"
    "  -f                    write bitcode even to a terminal\n"
    "  -disable-output       run the passes, write no module (remarks, dot,\n"
    "                        statistics still)\n"
    "  --passes=<a,b,...>    passes to run (default: %s); 'none' runs nothing;\n"
    "                        -p is the same (the pass plugin runs %s\n"
    "                        early in clang's pipeline and %s at its end)\n"
    "                        passes: %s\n"
    "  --target-as=<name>    address-space table: spir, nvptx, amdgcn, genx\n"
    "                        (default: from the module's target triple; one\n"
    "                        that contradicts the triple is an error unless\n"
    "                        --force-target-as)\n"
    "  --clone-budget=<N>    ipmsp: at most N clone attempts (-1 unlimited,\n"
    "                        the default; 0 none, candidates still reported)\n"
    "  --clone-cost=<N>      ipmsp: copies of a function called with several\n"
    "                        spaces are made only when they cost at most N\n"
    "                        instructions per use they name (0 no limit;\n"
    "                        default: the target's, 1 on nvptx, amdgcn\n"
    "                        and spir; 0 for a device without Generic)\n"
    "  --dump-ip-msp         ipmsp: print its work list transcript (stderr)\n"
    "  --ipmsp-visit-cap=<N> ipmsp: re-visits per block before a function is\n"
    "                        left unchanged (default 1024)\n"
    "  --lower-generic=<m>   lower: tags (tag generic pointers in bits 61-63\n"
    "                        and dispatch every remaining generic access on\n"
    "                        the tag) or none (the default)\n"
    "  --volatile=<p>        volatile generic accesses: target (default: into\n"
    "                        a named space where the back end keeps volatile's\n"
    "                        meaning, see docs/design.md) or keep (all generic)\n"
    "  --version-by-space=<m> on: a call handed a pointer proven to be in one\n"
    "                        of two spaces the target tests apart becomes one\n"
    "                        space test and one call per space (callsplit); a\n"
    "                        loop through such a pointer, or a run of two or\n"
    "                        more accesses through it in one block, one test\n"
    "                        and one copy per space when the copy pays\n"
    "                        (--clone-cost; version); off (the default)\n"
    "  --whole-program       the module is the whole device program (OpenCL\n"
    "                        built with clBuildProgram, CUDA/HIP without\n"
    "                        -fgpu-rdc): non-kernel functions are internal\n"
    "                        while the passes run (not llvm.used ones),\n"
    "                        uncalled ones are removed, agreeing callers\n"
    "                        specialize in place; the rest get their linkage\n"
    "                        back at the end.  Not for libraries or\n"
    "                        separately compiled device code\n"
    "  --private-in-global   private memory lives in the global buffer: no\n"
    "                        private arm; resolve may treat private as global\n"
    ;
static const char usage_text2[] =
    "  -pass-remarks=<re>    print Passed remarks of passes matching re (stderr)\n"
    "  -pass-remarks-missed=<re>    ... Missed remarks: every access left\n"
    "                        generic, with its reason ('gasp' pass)\n"
    "  -pass-remarks-analysis=<re>  ... Analysis remarks\n"
    "  -pass-remarks-output=<f.yaml> write every remark in LLVM's YAML (or bitstream) format\n"
    "                        (llvm-remarkutil, opt-viewer)\n"
    "  -pass-remarks-filter=<re>    only remarks of matching passes go there\n"
    "  -pass-remarks-format=yaml|bitstream  the format of that file (LLVM's)\n"
    "  --dot-callgraph=<f.dot> write the call graph after gasp (Graphviz):\n"
    "                        demangled names, a legend\n"
    "  --dot-callgraph-show=<s> reachable (default: what the kernels reach),\n"
    "                        residue (functions with generic accesses left\n"
    "                        and their callers) or all\n"
    "  -stats                print statistics as opt does (its table)\n"
    "  -stats-json           ... as opt's JSON object instead\n"
    "  -info-output-file=<f> where -stats and -time-passes write (appended;\n"
    "                        '-' stdout; default stderr)\n"
    "  --summary             the residue report: generic memory ops before\n"
    "                        and after, those left in kernel-reachable code\n"
    "                        by reason and by function, named ones by space\n"
    "  -verify-each          run the LLVM verifier after every pass, and with\n"
    "                        --verify-spaces the clone-call check up to lower;\n"
    "                        twins reads again what it kept of each argument\n"
    "                        (a difference is an internal error, exit 3);\n"
    "                        GASP_VERIFY_EACH=1 in the environment does the same\n"
    "  --verify-spaces       prove again, on the output alone, every cast from\n"
    "                        generic to a named space gasp made (clone calls,\n"
    "                        returns); a violation is an internal error (exit 3).\n"
    "                        GASP_VERIFY_SPACES=1 in the environment does the same\n"
    "  -print-after-all      print the module after every pass (stderr)\n"
    "  -print-after=<pass>   print the module after that pass (stderr)\n"
    "  -print-before-all     print the module before every pass (stderr)\n"
    "  -print-before=<pass>  print the module before that pass (stderr)\n"
    "  -print-changed        print the module after each pass that changed it\n"
    "                        (=quiet: no line for the others; =diff: a line diff)\n"
    "  -filter-print-funcs=<f,g>  module dumps print only these functions\n"
    "  -print-pipeline-passes  print the pass list as --passes takes it\n"
    "  -debug-pass-manager   name each pass as it starts (stderr)\n"
    "  -time-passes          time each gasp pass (opt's report; with\n"
    "                        -stats-json, in the JSON)\n"
    "  -mtriple=<triple>     replace the module's target triple first\n"
    "  -debug-only=<passes>  trace these passes (stderr)\n"
    "  --version             print the version\n"
    "  -h, --help            this text\n"
    "\n"
    "exit status: 0 ok, 1 bad input, 2 bad usage, 3 internal error\n";

typedef struct Args {
  const char *in, *out;
  bool text, stats, stats_json, time_passes, summary;
  bool debug_pm, print_pipeline; /* -debug-pass-manager, -print-pipeline-passes */
  const char *info_out; /* -info-output-file */
  bool force_tty;  /* -f: bitcode to a terminal anyway */
  const char *mtriple; /* -mtriple: replaces the module's triple */
  bool no_output;  /* -disable-output: run, write no module */
  GaspOptions o;
  /* -pass-remarks, -pass-remarks-missed, -pass-remarks-analysis (by
     GaspRemarkKind), and -pass-remarks-filter for the YAML file */
  const char *remark_re[3], *remarks_filter;
  const char *remarks_out, *dot_out;
  bool remarks_bitstream; /* -pass-remarks-format=bitstream */
  GaspCallgraphShow dot_show; /* --dot-callgraph-show */
} Args;

/* Every option name, for "did you mean" (one list, beside the parser). */
static const char *const option_names[] = {
    "o", "S", "f", "disable-output", "passes", "p", "target-as", "force-target-as", "stats",
    "stats-json", "info-output-file", "summary", "verify-each", "verify-spaces", "print-after-all",
    "print-after", "print-before-all", "print-before", "print-changed", "time-passes",
    "mtriple", "clone-budget", "clone-cost", "dump-ip-msp", "ipmsp-visit-cap",
    "lower-generic", "pass-remarks", "pass-remarks-missed", "pass-remarks-analysis",
    "pass-remarks-output", "pass-remarks-filter", "pass-remarks-format", "dot-callgraph",
    "dot-callgraph-show",
    "volatile", "version-by-space", "whole-program", "private-in-global", "early-run",
    "backend-follows", "debug-only",
    "version",
    "help", "help-hidden", "filter-print-funcs", "print-pipeline-passes", "debug-pass-manager"};

/* Edit distance of a and b (both short). */
static size_t distance(const char *a, const char *b) {
  size_t la = strlen(a), lb = strlen(b), row[64];
  if (la >= 64 || lb >= 64)
    return 64;
  for (size_t j = 0; j <= lb; j++)
    row[j] = j;
  for (size_t i = 1; i <= la; i++) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= lb; j++) {
      size_t up = row[j];
      size_t best = diag + (a[i - 1] != b[j - 1]);
      if (row[j - 1] + 1 < best)
        best = row[j - 1] + 1;
      if (up + 1 < best)
        best = up + 1;
      row[j] = best;
      diag = up;
    }
  }
  return row[lb];
}

/* The known option closest to arg (its name, without dashes or value), as
   LLVM's "Did you mean"; NULL when none is close. */
static const char *closest_option(const char *arg) {
  char name[64];
  const char *n = arg + strspn(arg, "-");
  size_t len = strcspn(n, "=");
  if (len >= sizeof name)
    return NULL;
  memcpy(name, n, len);
  name[len] = 0;
  const char *best = NULL;
  size_t bd = len / 3 + 1; /* LLVM's cutoff is looser; this keeps it useful */
  for (size_t i = 0; i < sizeof option_names / sizeof *option_names; i++) {
    size_t d = distance(name, option_names[i]);
    if (d < bd || (d == bd && !best && d <= 2)) {
      bd = d;
      best = option_names[i];
    }
  }
  return best;
}

static void usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "gasp-opt: error: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\nrun 'gasp-opt --help' for usage\n");
  exit(EXIT_USAGE);
}

/* A value option, in opt's forms: -name=V, --name=V, -name V, --name V
   (then *i moves past V). */
/* Option forms and response files: tools/args.c (shared with gasp-run). */
static const char *opt_value_at(int argc, char **argv, int *i, const char *name) {
  bool missing;
  const char *v = args_value(argc, argv, i, name, &missing);
  if (missing)
    usage_error("%s needs a value", argv[*i]);
  return v;
}
#define opt_value(s, name) opt_value_at(argc, argv, &i, name)
#define opt_flag(s, name) args_flag(s, name)

/* A whole decimal number in [lo, hi]. */
static bool parse_long(const char *v, long lo, long hi, long *out) {
  char *end;
  errno = 0;
  long n = strtol(v, &end, 10);
  if (!*v || *end || errno || n < lo || n > hi)
    return false;
  *out = n;
  return true;
}

static void parse_args(int argc, char **argv, Args *a) {
  memset(a, 0, sizeof *a);
  gasp_options_init(&a->o);
  const char *vs = getenv("GASP_VERIFY_SPACES"); /* the test suite sets it */
  a->o.verify_spaces = vs && *vs && strcmp(vs, "0");
  const char *ve = getenv("GASP_VERIFY_EACH"); /* so does it this */
  a->o.verify_each = ve && *ve && strcmp(ve, "0");
  a->dot_show = GASP_CALLGRAPH_REACHABLE;
  for (int i = 1; i < argc; i++) {
    const char *s = argv[i], *v;
    if ((v = opt_value(s, "o"))) { /* -o f, -o=f, --o f, --o=f */
      if (!*v)
        usage_error("%s needs a file name", "-o");
      a->out = v;
    } else if (opt_flag(s, "S")) {
      a->text = true;
    } else if (opt_flag(s, "f")) {
      a->force_tty = true;
    } else if (opt_flag(s, "disable-output")) {
      a->no_output = true;
    } else if ((v = opt_value(s, "passes")) || (v = opt_value(s, "p"))) {
      a->o.passes = v;
    } else if ((v = opt_value(s, "target-as"))) {
      a->o.target_as = v;
    } else if (opt_flag(s, "force-target-as")) {
      a->o.force_target_as = 1;
    } else if (opt_flag(s, "stats")) {
      a->stats = true;
      a->o.stats = 1;
    } else if (opt_flag(s, "stats-json")) {
      a->stats_json = true;
    } else if ((v = opt_value(s, "info-output-file"))) {
      a->info_out = v;
    } else if (opt_flag(s, "summary")) {
      a->summary = true;
      a->o.summary = 1;
    } else if (opt_flag(s, "verify-each")) {
      a->o.verify_each = 1;
    } else if (opt_flag(s, "verify-spaces")) {
      a->o.verify_spaces = 1;
    } else if (opt_flag(s, "print-after-all")) {
      a->o.print_after_all = 1;
    } else if ((v = opt_value(s, "print-after"))) {
      a->o.print_after = v;
    } else if (opt_flag(s, "print-before-all")) {
      a->o.print_before_all = 1;
    } else if ((v = opt_value(s, "print-before"))) {
      a->o.print_before = v;
    } else if (opt_flag(s, "print-changed")) {
      a->o.print_changed = 1;
    } else if ((v = opt_value(s, "print-changed"))) {
      if (strcmp(v, "quiet") && strcmp(v, "diff"))
        usage_error("-print-changed takes quiet or diff (or no value), not '%s'", v);
      a->o.print_changed = strcmp(v, "quiet") ? 3 : 2;
    } else if ((v = opt_value(s, "filter-print-funcs"))) {
      a->o.filter_print_funcs = v;
    } else if (opt_flag(s, "print-pipeline-passes")) {
      a->print_pipeline = true;
    } else if (opt_flag(s, "debug-pass-manager")) {
      a->debug_pm = true;
    } else if (opt_flag(s, "time-passes")) {
      a->time_passes = true;
    } else if ((v = opt_value(s, "mtriple"))) {
      a->mtriple = v;
    } else if ((v = opt_value(s, "clone-budget"))) {
      if (!parse_long(v, -1, LONG_MAX, &a->o.clone_budget))
        usage_error("--clone-budget wants -1 (unlimited), 0 or a positive "
                    "number, not '%s'", v);
    } else if ((v = opt_value(s, "clone-cost"))) {
      if (!parse_long(v, 0, LONG_MAX, &a->o.clone_cost))
        usage_error("--clone-cost wants 0 (no limit) or a positive number of "
                    "instructions, not '%s'", v);
    } else if (opt_flag(s, "dump-ip-msp")) {
      a->o.dump_ip_msp = 1;
    } else if ((v = opt_value(s, "ipmsp-visit-cap"))) {
      long n;
      if (!parse_long(v, 1, 1000000, &n))
        usage_error("--ipmsp-visit-cap wants a positive number, not '%s'", v);
      a->o.visit_cap = (unsigned)n;
    } else if ((v = opt_value(s, "lower-generic"))) {
      if (!strcmp(v, "tags"))
        a->o.lower_generic = GASP_LOWER_TAGS;
      else if (!strcmp(v, "none"))
        a->o.lower_generic = GASP_LOWER_NONE;
      else
        usage_error("--lower-generic wants 'tags' or 'none', not '%s'", v);
    } else if ((v = opt_value(s, "pass-remarks"))) {
      a->remark_re[GASP_REMARK_PASSED] = v;
    } else if ((v = opt_value(s, "pass-remarks-missed"))) {
      a->remark_re[GASP_REMARK_MISSED] = v;
    } else if ((v = opt_value(s, "pass-remarks-analysis"))) {
      a->remark_re[GASP_REMARK_ANALYSIS] = v;
    } else if ((v = opt_value(s, "pass-remarks-output"))) {
      a->remarks_out = v;
    } else if ((v = opt_value(s, "pass-remarks-filter"))) {
      a->remarks_filter = v;
    } else if ((v = opt_value(s, "pass-remarks-format"))) {
      if (strcmp(v, "yaml") && strcmp(v, "bitstream"))
        usage_error("-pass-remarks-format wants 'yaml' or 'bitstream', not '%s'", v);
      a->remarks_bitstream = !strcmp(v, "bitstream");
    } else if ((v = opt_value(s, "load-pass-plugin")) || (v = opt_value(s, "load"))) {
      usage_error("gasp-opt runs gasp's own passes and loads no plugin ('%s'); to mix gasp with "
                  "other passes or plugins, run opt-22 with "
                  "-load-pass-plugin=<libdir>/gasp-plugin.so, yours, and -passes='gasp,...'", v);
    } else if ((v = opt_value(s, "dot-callgraph-show"))) {
      if (!strcmp(v, "reachable"))
        a->dot_show = GASP_CALLGRAPH_REACHABLE;
      else if (!strcmp(v, "residue"))
        a->dot_show = GASP_CALLGRAPH_RESIDUE;
      else if (!strcmp(v, "all"))
        a->dot_show = GASP_CALLGRAPH_ALL;
      else
        usage_error("--dot-callgraph-show wants 'reachable', 'residue' or 'all', not '%s'", v);
    } else if ((v = opt_value(s, "dot-callgraph"))) {
      a->dot_out = v;
    } else if ((v = opt_value(s, "volatile"))) {
      if (!strcmp(v, "target"))
        a->o.keep_volatile = 0;
      else if (!strcmp(v, "keep"))
        a->o.keep_volatile = 1;
      else
        usage_error("--volatile wants 'target' or 'keep', not '%s'", v);
    } else if ((v = opt_value(s, "version-by-space"))) {
      if (!strcmp(v, "on"))
        a->o.version_by_space = 1;
      else if (!strcmp(v, "off"))
        a->o.version_by_space = 0;
      else
        usage_error("--version-by-space wants 'on' or 'off', not '%s'", v);
    } else if (opt_flag(s, "whole-program")) {
      a->o.whole_program = 1;
    } else if (opt_flag(s, "private-in-global")) {
      a->o.private_in_global = 1;
    } else if (opt_flag(s, "early-run")) {
      a->o.early_run = 1;
    } else if (opt_flag(s, "backend-follows")) {
      a->o.backend_follows = 1;
    } else if ((v = opt_value(s, "debug-only"))) {
      a->o.debug_only = v;
    } else if (opt_flag(s, "version")) {
      printf("gasp-opt: %s\n", gasp_version());
      exit(0);
    } else if (opt_flag(s, "help") || opt_flag(s, "h") || opt_flag(s, "help-hidden")) {
      bool hidden = opt_flag(s, "help-hidden");
      printf(usage_text, gasp_default_pipeline(), gasp_early_pipeline(), gasp_late_pipeline(),
             gasp_user_pass_list());
      fputs(usage_text2, stdout);
      if (hidden)
        printf("\nDeveloper passes (state between the plugin's two runs; --passes takes "
               "them too):\n  %s\n"
               "Developer options:\n"
               "  --early-run           run as the plugin's early run does (LLVM's optimizer\n"
               "                        and a late run follow): an access through a pointer\n"
               "                        a null may reach is left for the late run\n"
               "  --backend-follows     run as the plugin's runs do (llc follows): what llc\n"
               "                        names itself (NVPTX: a kernel's pointer parameters;\n"
               "                        with --early-run also module variables) is left\n"
               "                        generic for it\n",
               gasp_glue_pass_list());
      exit(0);
    } else if (s[0] == '-' && s[1] != 0) {
      const char *near = closest_option(s);
      if (near) {
        fprintf(stderr, "gasp-opt: error: unknown option '%s'; did you mean '%s%s'?\n", s,
                strlen(near) == 1 ? "-" : "--", near);
        fprintf(stderr, "run 'gasp-opt --help' for usage\n");
        exit(EXIT_USAGE);
      }
      usage_error("unknown option '%s'", s);
    } else if (a->in) {
      usage_error("more than one input file ('%s')", s);
    } else {
      a->in = s;
    }
  }
  if (!a->in)
    a->in = "-"; /* like opt: no input file reads standard input */
  bool to_stdout = !a->out || !strcmp(a->out, "-");
  if (!a->text && !a->no_output && !a->force_tty && to_stdout && isatty(STDOUT_FILENO)) {
    fprintf(stderr, "gasp-opt: error: refusing to write bitcode to a terminal; use -S "
                    "for text, -o FILE, or -f to force it\n");
    exit(EXIT_USAGE);
  }
  for (int k = 0; k < 3; k++)
    if (a->remark_re[k])
      a->o.remarks |= 1u << k;
  if (a->remarks_out)
    a->o.remarks = GASP_REMARKS_ALL;
}

/* ---- remarks ----------------------------------------------------------- */

typedef struct Filters {
  regex_t re[4]; /* by GaspRemarkKind, then the YAML filter */
  bool on[4];
} Filters;

static void compile_filters(const Args *a, Filters *f) {
  const char *src[4] = {a->remark_re[0], a->remark_re[1], a->remark_re[2],
                        a->remarks_filter};
  for (int k = 0; k < 4; k++) {
    f->on[k] = src[k] != NULL;
    if (f->on[k] && regcomp(&f->re[k], src[k], REG_EXTENDED | REG_NOSUB))
      usage_error("invalid regular expression '%s'", src[k]);
  }
}

static void free_filters(Filters *f) {
  for (int k = 0; k < 4; k++)
    if (f->on[k])
      regfree(&f->re[k]);
}

/* -pass-remarks*: the remarks of matching passes, in opt's words:
   "remark: <file>:<line>:<col>: <message>" ("<unknown>:0:0" without debug
   information; a remark about a function is at its subprogram's line,
   column 0), exactly as opt-22 prints gasp's remarks through the plugin.
   A remark about the whole module hangs on its first kernel (LLVM's
   remarks belong to a function: GaspRemark.module_level), so opt prints
   it too, at that kernel's line; one about a function the run removed (an
   original replaced by its clones) is left out as opt leaves it out —
   -pass-remarks-output keeps it. */
static void print_remarks(const GaspCtx *cx, const Filters *f, LLVMModuleRef m) {
  for (size_t i = 0; i < gasp_remark_count(cx); i++) {
    const GaspRemark *r = gasp_remark(cx, i);
    if (!f->on[r->kind] || regexec(&f->re[r->kind], r->pass, 0, NULL, 0))
      continue;
    LLVMValueRef fn = LLVMGetNamedFunction(m, r->function);
    if (!r->module_level && (!fn || LLVMIsDeclaration(fn)))
      continue; /* about a function gasp removed: opt has nothing to hang it
                   on either (the YAML file keeps it) */
    if (r->file && r->line)
      fprintf(stderr, "remark: %s:%u:%u: ", r->file, r->line, r->column);
    else
      fprintf(stderr, "remark: <unknown>:0:0: ");
    for (size_t k = 0; k < r->nargs; k++)
      fputs(r->args[k].value, stderr);
    fputc('\n', stderr);
  }
}

/* ---- -time-passes --------------------------------------------------------- */

/* One gasp pass's time, summed over its runs (a group runs a pass again). */
typedef struct PassTime {
  const char *name;
  double user, sys, wall;       /* seconds */
  double user0, sys0, wall0;    /* at the start of the current run */
} PassTime;
typedef struct Timing {
  PassTime p[32];
  size_t n;
} Timing;

static void now(double *user, double *sys, double *wall) {
  struct rusage ru;
  getrusage(RUSAGE_THREAD, &ru);
  *user = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6;
  *sys = ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  *wall = ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The pass hook gasp-opt installs: -debug-pass-manager's line before each
   pass (stderr, as opt's), then -time-passes' clock. */
typedef struct Hooks {
  bool debug_pm;
  const char *module;
  Timing *timing;
} Hooks;

static void time_pass(void *user, const char *pass, int after);

static void pass_hook(void *user, const char *pass, int after) {
  Hooks *h = user;
  if (h->debug_pm && !after)
    fprintf(stderr, "Running pass: %s on [module] %s\n", pass, h->module);
  if (h->timing)
    time_pass(h->timing, pass, after);
}

static void time_pass(void *user, const char *pass, int after) {
  Timing *t = user;
  size_t i = 0;
  while (i < t->n && strcmp(t->p[i].name, pass))
    i++;
  if (i == t->n) {
    if (t->n == sizeof t->p / sizeof *t->p)
      return;
    t->p[t->n++] = (PassTime){.name = pass};
  }
  PassTime *p = &t->p[i];
  double u, s, w;
  now(&u, &s, &w);
  if (!after) {
    p->user0 = u, p->sys0 = s, p->wall0 = w;
    return;
  }
  p->user += u - p->user0;
  p->sys += s - p->sys0;
  p->wall += w - p->wall0;
}

static int by_wall(const void *a, const void *b) {
  const PassTime *x = a, *y = b;
  return x->wall < y->wall ? 1 : x->wall > y->wall ? -1 : strcmp(x->name, y->name);
}

/* LLVM's timer report (TimerGroup::PrintQueuedTimers), most time first. */
static void print_val(FILE *f, double v, double total) {
  if (total < 1e-7)
    fprintf(f, "        -----     ");
  else
    fprintf(f, "  %7.4f (%5.1f%%)", v, v * 100 / total);
}

static void print_time(FILE *f, const PassTime *p, const PassTime *tot) {
  if (tot->user)
    print_val(f, p->user, tot->user);
  if (tot->sys)
    print_val(f, p->sys, tot->sys);
  if (tot->user + tot->sys)
    print_val(f, p->user + p->sys, tot->user + tot->sys);
  print_val(f, p->wall, tot->wall);
  fprintf(f, "  ");
}

#define TIMER_DESC "gasp pass execution timing report"
static void print_timing(FILE *f, Timing *t) {
  qsort(t->p, t->n, sizeof *t->p, by_wall);
  PassTime tot = {.name = "Total"};
  for (size_t i = 0; i < t->n; i++) {
    tot.user += t->p[i].user;
    tot.sys += t->p[i].sys;
    tot.wall += t->p[i].wall;
  }
  const char *rule = "-------------------------------------------------------------------------";
  fprintf(f, "===%s===\n%*s%s\n===%s===\n", rule, (int)(80 - strlen(TIMER_DESC)) / 2, "",
          TIMER_DESC, rule);
  fprintf(f, "  Total Execution Time: %5.4f seconds (%5.4f wall clock)\n\n",
          tot.user + tot.sys, tot.wall);
  if (tot.user)
    fprintf(f, "   ---User Time---");
  if (tot.sys)
    fprintf(f, "   --System Time--");
  if (tot.user + tot.sys)
    fprintf(f, "   --User+System--");
  fprintf(f, "   ---Wall Time---  --- Name ---\n");
  for (size_t i = 0; i < t->n; i++) {
    print_time(f, &t->p[i], &tot);
    fprintf(f, "%s\n", t->p[i].name);
  }
  print_time(f, &tot, &tot);
  fprintf(f, "Total\n\n");
}

/* The timers inside -stats-json, as TimerGroup::printJSONValues writes
   them ("time.<group>.<timer>.wall|user|sys"). */
static void print_timing_json(FILE *f, const Timing *t, const char *delim) {
  for (size_t i = 0; i < t->n; i++, delim = ",\n")
    fprintf(f, "%s\t\"time.gasp.%s.wall\": %.16e,\n\t\"time.gasp.%s.user\": %.16e,\n"
               "\t\"time.gasp.%s.sys\": %.16e",
            delim, t->p[i].name, t->p[i].wall, t->p[i].name, t->p[i].user, t->p[i].name,
            t->p[i].sys);
}

/* -stats, -stats-json and -time-passes, to -info-output-file as LLVM's
   CreateInfoOutputFile opens it (appended; "-" stdout; none: stderr). */
static bool print_info(const Args *a, const GaspCtx *cx, Timing *t) {
  if (!a->stats && !a->time_passes)
    return true;
  FILE *f = stderr;
  if (a->info_out && !strcmp(a->info_out, "-"))
    f = stdout;
  else if (a->info_out && !(f = fopen(a->info_out, "a"))) {
    fprintf(stderr, "gasp-opt: error: cannot open -info-output-file '%s': %s\n", a->info_out,
            strerror(errno));
    return false;
  }
  if (a->stats && a->stats_json) {
    /* the object's closing line comes after the timers */
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    gasp_write_stats(cx, 1, mem);
    fclose(mem);
    bool empty = len <= 5; /* "{\n\n}\n": no statistic */
    fwrite(buf, 1, empty ? 2 : len - 3, f); /* all but "\n}\n" */
    if (a->time_passes) /* as LLVM's delimiter: the first entry has none */
      print_timing_json(f, t, empty ? "" : ",\n");
    fputs("\n}\n", f);
    free(buf);
  } else {
    if (a->time_passes)
      print_timing(f, t);
    if (a->stats)
      gasp_write_stats(cx, 0, f);
  }
  if (f != stderr && f != stdout)
    fclose(f);
  else
    fflush(f);
  return true;
}

/* ---- reading ----------------------------------------------------------- */

/* Faults, by phase (tools/fault.h): the work runs on a thread with a
   large stack (BIG_STACK: 8000 nested GEPs parse, 30000 print), and a
   fault while reading, running or writing ends as one line naming the file
   and the phase, with the phase's exit code and every temporary output
   removed. */
#define BIG_STACK ((size_t)1 << 30)
#define MAX_OUTPUTS FAULT_TEMPS

/* What a fault from now on means. */
static void set_phase(const char *path, const char *what, int code) {
  fault_phase("gasp-opt", path, what, code);
}

static LLVMModuleRef read_module(LLVMContextRef ctx, const char *path) {
  char *err = NULL;
  fault_reading("gasp-opt", path, EXIT_INPUT);
  LLVMModuleRef m = gasp_read_module(ctx, path, &err);
  set_phase(path, "internal error: gasp crashed (nothing written)", EXIT_INTERNAL);
  if (!m) {
    fprintf(stderr, "gasp-opt: %s\n", err);
    free(err);
    exit(EXIT_INPUT);
  }
  return m;
}

/* ---- writing ----------------------------------------------------------- */

/* The file path p names, symbolic links followed, as an absolute path
   (malloc'd): realpath when it exists; else its directory's realpath and
   its last component (an output not written yet, or a dangling link's
   target); else p itself. */
static char *file_of(const char *p) {
  char *r = realpath(p, NULL);
  if (r)
    return r;
  char link[PATH_MAX];
  ssize_t n = readlink(p, link, sizeof link - 1); /* a dangling link */
  char *target = NULL;
  if (n > 0) {
    link[n] = 0;
    const char *slash = strrchr(p, '/');
    if (link[0] == '/' || !slash)
      target = strdup(link);
    else if ((target = malloc((size_t)(slash - p) + 2 + (size_t)n)))
      sprintf(target, "%.*s/%s", (int)(slash - p), p, link);
  }
  const char *q = target ? target : p;
  const char *slash = strrchr(q, '/');
  char *dir = slash ? strndup(q, slash == q ? 1 : (size_t)(slash - q)) : strdup(".");
  char *rd = dir ? realpath(dir, NULL) : NULL;
  char *out = NULL;
  if (rd && (out = malloc(strlen(rd) + strlen(q) + 2)))
    sprintf(out, "%s/%s", strcmp(rd, "/") ? rd : "", slash ? slash + 1 : q);
  free(rd);
  free(dir);
  if (!out)
    out = strdup(q);
  free(target);
  if (!out)
    abort();
  return out;
}

/* Do a and b name one file (spelled differently, through links, or not
   written yet)? */
static bool same_file(const char *a, const char *b) {
  struct stat sa, sb;
  if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  char *fa = file_of(a), *fb = file_of(b);
  bool same = !strcmp(fa, fb);
  free(fa);
  free(fb);
  return same;
}

static bool write_all(int fd, const char *p, size_t n) {
  while (n) {
    ssize_t k = write(fd, p, n);
    if (k < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    p += k;
    n -= (size_t)k;
  }
  return true;
}

/* What goes into an output file: the module, the remarks or the graph. */
typedef struct Emit {
  LLVMModuleRef m;
  bool text;
  const GaspCtx *cx;
  const Filters *filters;
  int what; /* 0 module, 1 remarks (YAML, or bitstream), 2 dot */
  bool bitstream;
  GaspCallgraphShow dot_show;
} Emit;

static bool emit_stream(const Emit *e, int fd) {
  int dupfd = dup(fd);
  FILE *f = dupfd >= 0 ? fdopen(dupfd, "w") : NULL;
  if (!f)
    return false;
  bool wrote = true;
  if (e->what == 1) {
    size_t n = gasp_remark_count(e->cx);
    unsigned char *keep = calloc(n ? n : 1, 1);
    if (!keep) {
      fclose(f);
      return false;
    }
    for (size_t i = 0; i < n; i++) {
      const GaspRemark *r = gasp_remark(e->cx, i);
      keep[i] = !e->filters->on[3] || !regexec(&e->filters->re[3], r->pass, 0, NULL, 0);
      if (keep[i] && !e->bitstream)
        gasp_remark_write_yaml(e->cx, i, f);
    }
    if (e->bitstream)
      wrote = gasp_remarks_write_bitstream(e->cx, keep, f);
    free(keep);
  } else {
    gasp_write_callgraph(e->cx, e->m, e->dot_show, f);
  }
  bool ok = wrote && !ferror(f);
  return fclose(f) == 0 && ok;
}

static bool emit(const Emit *e, int fd) {
  if (e->what)
    return emit_stream(e, fd);
  if (!e->text)
    return LLVMWriteBitcodeToFD(e->m, fd, 0, 1) == 0;
  char *s = LLVMPrintModuleToString(e->m);
  bool ok = write_all(fd, s, strlen(s));
  LLVMDisposeMessage(s);
  return ok;
}

/* An output being written: its temporary (NULL when written in place:
   stdout, a device, a pipe). */
typedef struct Pending {
  char *out; /* the file written: a symbolic link's target, not the link */
  char *tmp;
} Pending;

/* Writes e for out ('-': stdout): a regular file goes to a temporary
   beside it (renamed by commit_outputs once every output is written, so a
   failure leaves no file or the old one); false (after a message) on
   error. */
static bool write_output(const Emit *e, const char *out, Pending *pd, int slot) {
  pd->out = NULL;
  pd->tmp = NULL;
  struct stat lsb;
  if (out && strcmp(out, "-") && lstat(out, &lsb) == 0 && S_ISLNK(lsb.st_mode))
    out = pd->out = file_of(out); /* write through the link, keep it */
  if (!out || !strcmp(out, "-")) {
    fflush(stdout);
    if (!emit(e, STDOUT_FILENO)) {
      fprintf(stderr, "gasp-opt: -: error: cannot write output: %s\n",
              strerror(errno));
      return false;
    }
    return true;
  }
  struct stat sb;
  if (stat(out, &sb) == 0 && !S_ISREG(sb.st_mode)) {
    /* a device or a pipe (/dev/null, /dev/stdout): never rename over it */
    int fd = open(out, O_WRONLY | O_TRUNC);
    bool ok = fd >= 0 && emit(e, fd);
    if (!ok)
      fprintf(stderr, "gasp-opt: %s: error: cannot write output: %s\n", out,
              strerror(errno));
    if (fd >= 0)
      close(fd);
    return ok;
  }
  size_t n = strlen(out);
  char *tmp = malloc(n + 16);
  if (!tmp)
    abort();
  snprintf(tmp, n + 16, "%s.tmp.XXXXXX", out);
  int fd = mkstemp(tmp);
  if (fd < 0) {
    fprintf(stderr, "gasp-opt: %s: error: cannot write output: %s\n", out,
            strerror(errno));
    free(tmp);
    return false;
  }
  fault_temp(slot, tmp);
  pd->tmp = tmp;
  if (!pd->out)
    pd->out = strdup(out);
  mode_t um = umask(0);
  umask(um);
  fchmod(fd, 0666 & ~um);
  bool ok = emit(e, fd);
  int err = errno;
  if (close(fd) != 0 && ok) {
    ok = false;
    err = errno;
  }
  if (!ok)
    fprintf(stderr, "gasp-opt: %s: error: cannot write output: %s\n", out,
            strerror(err));
  return ok;
}

/* Renames every written temporary over its output (ok), or removes them
   all; false (after a message) if a rename failed. */
static bool commit_outputs(Pending *pd, int n, bool ok) {
  for (int k = 0; k < n; k++) {
    if (!pd[k].tmp) {
      free(pd[k].out);
      pd[k].out = NULL;
      continue;
    }
    if (ok && rename(pd[k].tmp, pd[k].out) != 0) {
      fprintf(stderr, "gasp-opt: %s: error: cannot write output: %s\n", pd[k].out,
              strerror(errno));
      ok = false;
    }
    if (!ok)
      unlink(pd[k].tmp);
    free(pd[k].tmp);
    pd[k].tmp = NULL;
    free(pd[k].out);
    pd[k].out = NULL;
    fault_temp(k, NULL);
  }
  return ok;
}

/* ---- main -------------------------------------------------------------- */

static void print_diags(const GaspCtx *cx, const char *file) {
  static const char *sev[] = {"error", "warning", "remark"};
  for (size_t i = 0; i < gasp_diag_count(cx); i++)
    fprintf(stderr, "gasp-opt: %s: %s: %s\n", file,
            sev[gasp_diag_severity(cx, i)], gasp_diag_message(cx, i));
}

/* An AddressSanitizer build: LeakSanitizer wants the module freed at exit,
   and its allocator is not glibc's. */
#if defined(__SANITIZE_ADDRESS__)
#define ASAN_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ASAN_BUILD 1
#endif
#endif
#ifndef ASAN_BUILD
#define ASAN_BUILD 0
#endif
#define FREE_AT_EXIT ASAN_BUILD

static int run(const Args *ap);

static void *run_thread(void *arg) {
  fault_install(); /* the alternate stack is per thread */
  static int rc;
  rc = run(arg);
  return &rc;
}

/* An output that is the input (it would be clobbered), or the same file
   named by two outputs (one would be lost): usage errors. */
static void check_outputs(const Args *a) {
  const char *o[3] = {a->out, a->remarks_out, a->dot_out};
  const char *flag[3] = {"-o", "-pass-remarks-output", "--dot-callgraph"};
  for (int i = 0; i < 3; i++)
    if (o[i] && strcmp(a->in, "-") && strcmp(o[i], "-") &&
        (!strcmp(a->in, o[i]) || same_file(a->in, o[i])))
      usage_error("output file '%s' is the input file; refusing to overwrite it", o[i]);
  for (int i = 0; i < 3; i++)
    for (int j = i + 1; j < 3; j++)
      if (o[i] && o[j] && strcmp(o[i], "-") && strcmp(o[j], "-") &&
          (!strcmp(o[i], o[j]) || same_file(o[i], o[j]))) {
        fprintf(stderr, "gasp-opt: error: %s and %s both name '%s'; one output would be "
                "lost\n", flag[i], flag[j], o[j]);
        exit(EXIT_USAGE);
      }
}

/* glibc's defaults suit a long-lived program: the top of the heap goes
   back to the system as soon as it is free, and large blocks are mapped
   afresh each time.  gasp-opt builds and drops an analysis per function
   and LLVM copies whole functions: with the defaults it pays the page
   faults again and again (bench/chain.sh, 8000 helpers: about 6% of the
   run's CPU time).  One process, one run: keep freed memory for reuse.  Outputs do
   not depend on it. */
static void tune_malloc(void) {
#if defined(__GLIBC__)
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
  mallopt(M_TOP_PAD, 64 << 20);
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  /* the worker thread allocates from the main arena, one contiguous heap,
     not an arena of its own in 64 MiB pieces */
  mallopt(M_ARENA_MAX, 1);
#endif
}

int main(int argc, char **argv) {
  static Args a;
  char *err = NULL;
  tune_malloc();
  if (!args_expand(&argc, &argv, &err))
    usage_error("%s", err ? err : "out of memory");
  parse_args(argc, argv, &a);
  check_outputs(&a);
  pthread_attr_t attr;
  pthread_t th;
  void *res = NULL;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, BIG_STACK);
  if (pthread_create(&th, &attr, run_thread, &a) != 0) {
    /* no thread: run here with the default stack */
    fault_install();
    return run(&a);
  }
  pthread_join(th, &res);
  pthread_attr_destroy(&attr);
  return res ? *(int *)res : EXIT_INTERNAL;
}

static int run(const Args *ap) {
  Args a = *ap;
  Filters filters;
  compile_filters(&a, &filters);
  static Timing timing; /* this run's: one run per process */
  a.o.option_prefix = "--";
  Hooks hooks = {a.debug_pm, a.in ? a.in : "<stdin>", a.time_passes ? &timing : NULL};
  if (a.time_passes || a.debug_pm) {
    a.o.pass_hook = pass_hook;
    a.o.pass_hook_user = &hooks;
  }
  if (a.print_pipeline) /* opt's: the pass list as --passes takes it, then the run */
    printf("%s\n", a.o.passes ? a.o.passes : gasp_default_pipeline());
  GaspCtx *cx = gasp_ctx_new(&a.o);
  GaspStatus st = gasp_check_options(cx);
  if (st != GASP_OK) {
    for (size_t i = 0; i < gasp_diag_count(cx); i++)
      fprintf(stderr, "gasp-opt: error: %s\n", gasp_diag_message(cx, i));
    gasp_ctx_free(cx);
    free_filters(&filters);
    return EXIT_USAGE;
  }

  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = read_module(ctx, a.in);
  int rc = 0;
  if (a.mtriple) { /* like opt -mtriple: the module's triple is replaced */
    LLVMSetTarget(m, a.mtriple);
    /* a module valid for its own triple may not be for this one (an
       alloca outside AMDGPU's private space): bad input, said as such */
    char *why = NULL;
    if (LLVMVerifyModule(m, LLVMReturnStatusAction, &why)) {
      fprintf(stderr, "gasp-opt: %s: error: the module is invalid with -mtriple=%s (nothing "
              "written): %s", a.in, a.mtriple, why);
      LLVMDisposeMessage(why);
      rc = EXIT_INPUT;
      goto done;
    }
    LLVMDisposeMessage(why);
  }

  st = gasp_run(cx, m);
  print_diags(cx, a.in);
  print_remarks(cx, &filters, m);
  if (st != GASP_OK) {
    rc = st == GASP_ERR_USAGE      ? EXIT_USAGE
         : st == GASP_ERR_INTERNAL ? EXIT_INTERNAL
                                   : EXIT_INPUT;
    goto done;
  }
  char *msg = NULL;
  if (LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
    fprintf(stderr,
            "gasp-opt: %s: internal error: the rewritten module does not "
            "verify (nothing written): %s\n",
            a.in, msg);
    LLVMDisposeMessage(msg);
    rc = EXIT_INTERNAL;
    goto done;
  }
  LLVMDisposeMessage(msg);
  if (a.summary) /* before the statistics, as the plugin prints both */
    gasp_write_summary(cx, "gasp: ", stderr);
  if (!print_info(&a, cx, &timing)) {
    rc = EXIT_USAGE;
    goto done;
  }
  /* every output written before any is renamed into place: a failure
     leaves none of them (the module last: a fault while printing it) */
  set_phase(a.in, "error: LLVM crashed writing the output (a constant expression nested "
            "too deeply to print?); nothing written", EXIT_INPUT);
  Emit em = {m, a.text, cx, &filters, 0, a.remarks_bitstream, a.dot_show};
  Pending pd[MAX_OUTPUTS] = {{0}};
  const char *outs[MAX_OUTPUTS] = {a.remarks_out, a.dot_out, a.out};
  bool ok = true;
  for (int k = 0; k < MAX_OUTPUTS && ok; k++) {
    if ((k < 2 && !outs[k]) || (k == 2 && a.no_output))
      continue;
    em.what = k == 2 ? 0 : k + 1;
    ok = write_output(&em, outs[k], &pd[k], k);
  }
  if (!commit_outputs(pd, MAX_OUTPUTS, ok))
    rc = EXIT_INPUT;
done:
  free_filters(&filters);
  gasp_ctx_free(cx);
  /* Tearing a large module down costs as much as a pass over it and the
     process is about to exit: like clang's -disable-free, a successful run
     leaves that to the operating system — except under AddressSanitizer,
     whose leak checker must see everything freed. */
  if (rc != 0 || FREE_AT_EXIT) {
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
  }
  return rc;
}
