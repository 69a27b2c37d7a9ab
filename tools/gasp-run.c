/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* gasp-run — runs a kernel module on the CPU (see src/exec/exec.h).
 * This file is argv, printing and exit codes only. */
#include "args.h"
#include "exec/exec.h"
#include "fault.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static const char usage_text[] =
    "usage: gasp-run MODULE --kernel NAME --global X[,Y,Z] [--local X[,Y,Z]]\n"
    "                --arg SPEC... [--check-as] [--private-in-global] [--oracle]\n"
    "                [--count] [--compare MODULE2]\n"
    "                [--dynamic-local BYTES] [--timeout S] [--dump DIR]\n"
    "(every option also as -option; values as --option=V or --option V)\n"
    "\n"
    "Runs kernel NAME of MODULE (.ll or .bc; spir/spirv, nvptx, amdgcn) on the\n"
    "host, one work-group at a time, and prints one line per buffer argument:\n"
    "  arg<i>: <count> x <type> fnv1a=<hash>   (arg<i>.<k>: field k of a struct)\n"
    "\n"
    "SPEC, one per kernel parameter, in order:\n"
    "  buf:<i8|i16|i32|i64|f32|f64>:<count>[:zero|iota|rand=<seed>]\n"
    "                     a global (or constant) buffer; contents default zero\n"
    "  local:<bytes>      a dynamic local-memory argument (fresh per group)\n"
    "  i32=<v> i64=<v> f32=<v> f64=<v>   a scalar\n"
    "  struct:<field>;<field>;...  a struct passed by value (CUDA/HIP: a byval\n"
    "                     or byref parameter), filled by the host: each field\n"
    "                     a buf (its global buffer's address, printed as\n"
    "                     arg<i>.<field>), a scalar (also i8=<v>, i16=<v>)\n"
    "                     or pad:<bytes> (zeros), naturally aligned (pad: 1)\n"
    "\n"
    "Options:\n"
    "  --local X[,Y,Z]    work-group size (default: the global size, one group)\n"
    "  --check-as         check every access through a named space lies in\n"
    "                     that space's arena, and every generic one in some\n"
    "                     arena; a violation or fault exits 3\n"
    "  --private-in-global  with --check-as: a global-space access may land in\n"
    "                     private memory (for modules made with gasp-opt\n"
    "                     --private-in-global)\n"
    "  --oracle           record the spaces each generic access touched, per\n"
    "                     instruction and calling context, and list them\n"
    "  --count            count the loads, stores and other accesses (atomics,\n"
    "                     memory intrinsics, builtins) executed and print\n"
    "                     'accesses: loads=N stores=N other=N generic=N instrs=N\n"
    "                     casts=N' after the run (generic: those through a\n"
    "                     generic pointer; instrs: the module's instructions\n"
    "                     executed; casts: of them, those code generation\n"
    "                     emits nothing for: addrspacecasts, invariant-group\n"
    "                     launders, fake uses)\n"
    "                     (with --compare: once per module)\n"
    "  --compare MODULE2  run MODULE2 on the same inputs; print 'identical'\n"
    "                     (exit 0) or the first difference (exit 6)\n"
    "  --dynamic-local BYTES  the size of the dynamic local memory every\n"
    "                     undefined local variable names (CUDA's extern\n"
    "                     __shared__ arrays, the launch's shared-memory size;\n"
    "                     all of them start at the same address), per group\n"
    "  --timeout S        stop a kernel running longer than S seconds (exit 4)\n"
    "  --dump DIR         write arg<i>.in.bin / arg<i>.bin (before / after)\n"
    "  --help, --version\n"
    "\n"
    "Exit: 0 ok, 1 bad input, 2 usage, 3 address-space violation or memory\n"
    "fault, 4 timeout, 5 other runtime error, 6 the modules differ.\n";

typedef struct Args {
  const char *module, *compare, *dump;
  RunOptions o;
  VEC(RunArg) args;
} Args;

static void free_args(Args *a) {
  for (size_t i = 0; i < a->args.n; i++)
    spec_free(&a->args.v[i]);
  vec_free(&a->args);
}

static void usage_error(Args *a, const char *fmt, const char *x) {
  fprintf(stderr, "gasp-run: error: ");
  fprintf(stderr, fmt, x);
  fprintf(stderr, "\n(see gasp-run --help)\n");
  free_args(a);
  exit(RUN_EUSAGE);
}

static unsigned parse_sizes(Args *a, const char *s, size_t out[3]) {
  unsigned n = spec_sizes(s, out);
  if (!n)
    usage_error(a, "bad size list '%s': expected 1 to 3 positive integers", s);
  return n;
}

/* Option forms and response files: tools/args.c (shared with gasp-opt).
   Flags are spelled "--name" here. */
static bool is_flag(const char *s, const char *flag) { return args_flag(s, flag + 2); }

static const char *flag_value(Args *a, int argc, char **argv, int *i,
                              const char *flag) {
  bool missing;
  const char *v = args_value(argc, argv, i, flag + 2, &missing);
  if (missing)
    usage_error(a, "%s needs a value", flag);
  return v;
}

static void parse_args(Args *a, int argc, char **argv) {
  bool have_local = false, have_global = false;
  unsigned gdims = 0, ldims = 0;
  for (int i = 1; i < argc; i++) {
    const char *v;
    if (is_flag(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      fputs(usage_text, stdout);
      exit(0);
    } else if (is_flag(argv[i], "--version")) {
      printf("gasp-run: %s, ORC LLJIT\n", gasp_version());
      exit(0);
    } else if (is_flag(argv[i], "--check-as")) {
      a->o.check_as = true;
    } else if (is_flag(argv[i], "--private-in-global")) {
      a->o.private_in_global = true;
    } else if (is_flag(argv[i], "--count")) {
      a->o.count = true;
    } else if (is_flag(argv[i], "--oracle")) {
      a->o.oracle = true;
    } else if ((v = flag_value(a, argc, argv, &i, "--kernel"))) {
      a->o.kernel = v;
    } else if ((v = flag_value(a, argc, argv, &i, "--global"))) {
      gdims = parse_sizes(a, v, a->o.global);
      have_global = true;
    } else if ((v = flag_value(a, argc, argv, &i, "--local"))) {
      ldims = parse_sizes(a, v, a->o.local);
      have_local = true;
    } else if ((v = flag_value(a, argc, argv, &i, "--arg"))) {
      RunArg arg;
      char *err;
      if (!spec_parse(v, &arg, &err)) {
        fprintf(stderr, "gasp-run: error: %s\n", err);
        free(err);
        free_args(a);
        exit(RUN_EUSAGE);
      }
      vec_push(&a->args, arg);
    } else if ((v = flag_value(a, argc, argv, &i, "--compare"))) {
      a->compare = v;
    } else if ((v = flag_value(a, argc, argv, &i, "--dump"))) {
      a->dump = v;
    } else if ((v = flag_value(a, argc, argv, &i, "--dynamic-local"))) {
      char *end;
      long long n = strtoll(v, &end, 10);
      if (*end || end == v || n <= 0 || n > (1LL << 30))
        usage_error(a, "bad --dynamic-local '%s': expected bytes in [1, 1073741824]", v);
      a->o.dynamic_local = (size_t)n;
    } else if ((v = flag_value(a, argc, argv, &i, "--timeout"))) {
      char *end;
      long t = strtol(v, &end, 10);
      if (*end || end == v || t <= 0 || t > 86400)
        usage_error(a, "bad --timeout '%s': expected seconds in [1, 86400]", v);
      a->o.timeout = (unsigned)t;
    } else if (argv[i][0] == '-' && argv[i][1]) {
      usage_error(a, "unknown option '%s'", argv[i]);
    } else if (a->module) {
      usage_error(a, "more than one module given ('%s')", argv[i]);
    } else {
      a->module = argv[i];
    }
  }
  if (!a->module)
    usage_error(a, "%s", "no module given");
  if (!a->o.kernel)
    usage_error(a, "%s", "no --kernel given");
  if (!have_global)
    usage_error(a, "%s", "no --global size given");
  if (!have_local)
    memcpy(a->o.local, a->o.global, sizeof a->o.local);
  else if (ldims != gdims)
    usage_error(a, "%s", "--local must have as many dimensions as --global");
  a->o.dims = gdims;
  size_t items = a->o.local[0] * a->o.local[1] * a->o.local[2];
  for (int d = 0; d < 3; d++)
    if (a->o.global[d] % a->o.local[d])
      usage_error(a, "%s", "each --global size must be a multiple of --local");
  if (items > 1024)
    usage_error(a, "%s", "a work-group has at most 1024 work-items (pass --local)");
  a->o.args = a->args.v;
  a->o.nargs = (unsigned)a->args.n;
  a->o.out = stdout;
}

static bool dump_buffers(const Args *a, const RunBuffers *b) {
  if (mkdir(a->dump, 0777) && errno != EEXIST) {
    fprintf(stderr, "gasp-run: error: cannot create '%s': %s\n", a->dump,
            strerror(errno));
    return false;
  }
  for (unsigned i = 0; i < b->n; i++)
    for (int when = 0; when < 2 && b->data[i]; when++) {
      char label[32];
      spec_buffer(a->args.v, (unsigned)a->args.n, i, label, sizeof label);
      char *bad = spec_dump(a->dump, label, when, when ? b->data[i] : b->initial[i], b->bytes[i]);
      if (bad) {
        fprintf(stderr, "gasp-run: error: cannot write '%s'\n", bad);
        free(bad);
        return false;
      }
    }
  return true;
}

static void print_buffers(const Args *a, const RunBuffers *b) {
  for (unsigned i = 0; i < b->n; i++)
    if (b->data[i]) {
      char label[32];
      const RunArg *s = spec_buffer(a->args.v, (unsigned)a->args.n, i, label, sizeof label);
      printf("%s: %zu x %s fnv1a=%016llx\n", label, s->count, spec_elem_name(s->elem),
             (unsigned long long)spec_fnv1a(b->data[i], b->bytes[i]));
    }
}

/* Prints the first difference; returns true when identical. */
static bool compare_buffers(const Args *a, const RunBuffers *x, const RunBuffers *y) {
  for (unsigned i = 0; i < x->n; i++) {
    if (!x->data[i])
      continue;
    char label[32];
    const RunArg *s = spec_buffer(a->args.v, (unsigned)a->args.n, i, label, sizeof label);
    ElemType t = s->elem;
    size_t es = spec_elem_size(t);
    for (size_t j = 0; j < s->count; j++)
      if (memcmp((char *)x->data[i] + j * es, (char *)y->data[i] + j * es, es)) {
        char va[64], vb[64];
        spec_format(t, x->data[i], j, va, sizeof va);
        spec_format(t, y->data[i], j, vb, sizeof vb);
        printf("differ: %s element %zu: %s vs %s\n", label, j, va, vb);
        return false;
      }
  }
  printf("identical\n");
  return true;
}

static int run_one(const char *path, const RunOptions *o, RunBuffers *b) {
  char *err = NULL;
  int st = exec_module(path, o, b, &err);
  fflush(stdout);
  if (st != RUN_OK) {
    if (st == RUN_EINPUT)
      fprintf(stderr, "gasp-run: %s\n", err);
    else
      fprintf(stderr, "gasp-run: error: %s: %s\n", path, err);
  }
  free(err);
  return st;
}

/* LLVM's text parser and printer (and gasp-run's walks over constants)
   recurse once per level of a nested constant expression: the work runs on
   a thread with a large stack, as in gasp-opt (8000 nested GEPs). */
#define BIG_STACK ((size_t)1 << 30)

static int run_all(Args *ap);

/* Faults outside kernel code (tools/fault.h; rt_launch has its own for the
   kernel's): LLVM's reader giving up on a corrupted file is bad input, as
   in gasp-opt; anything else is gasp-run's own failure. */
static void on_phase(RunPhase phase, const char *path) {
  fflush(stdout); /* what is printed stays printed: the handler cannot flush */
  if (phase == RUN_PHASE_READ)
    fault_reading("gasp-run", path, RUN_EINPUT);
  else
    fault_phase("gasp-run", path, "internal error: gasp-run crashed", RUN_EKERNEL);
}

static void *run_thread(void *arg) {
  fault_install(); /* the alternate stack is per thread */
  sigset_t alrm;
  sigemptyset(&alrm);
  sigaddset(&alrm, SIGALRM);
  pthread_sigmask(SIG_UNBLOCK, &alrm, NULL); /* the --timeout alarm is ours */
  static int rc;
  rc = run_all(arg);
  return &rc;
}

int main(int argc, char **argv) {
  static Args a;
  memset(&a, 0, sizeof a);
  char *err = NULL;
  if (!args_expand(&argc, &argv, &err))
    usage_error(&a, "%s", err ? err : "out of memory");
  parse_args(&a, argc, argv);
  pthread_attr_t attr;
  pthread_t th;
  void *res = NULL;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, BIG_STACK);
  /* the runtime's --timeout is a process-wide SIGALRM: only the worker,
     whose stack its handler jumps into, may take it */
  sigset_t alrm, old;
  sigemptyset(&alrm);
  sigaddset(&alrm, SIGALRM);
  pthread_sigmask(SIG_BLOCK, &alrm, &old);
  if (pthread_create(&th, &attr, run_thread, &a) != 0) {
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    fault_install();
    return run_all(&a); /* no thread: the default stack */
  }
  pthread_join(th, &res);
  pthread_attr_destroy(&attr);
  return res ? *(int *)res : RUN_EKERNEL;
}

static int run_all(Args *ap) {
  Args a = *ap;
  a.o.phase = on_phase;
  on_phase(RUN_PHASE_PREPARE, a.module);
  RunBuffers b1, b2;
  memset(&b2, 0, sizeof b2);
  int st = run_one(a.module, &a.o, &b1);
  if (st == RUN_OK && a.dump && !dump_buffers(&a, &b1))
    st = RUN_EINPUT;
  if (st == RUN_OK) {
    print_buffers(&a, &b1);
    if (a.compare) {
      RunOptions o2 = a.o;
      o2.oracle = false;
      st = run_one(a.compare, &o2, &b2);
      if (st == RUN_OK && !compare_buffers(&a, &b1, &b2))
        st = RUN_DIFFER;
    }
  }
  run_buffers_free(&b1);
  run_buffers_free(&b2);
  free_args(&a);
  return st;
}
