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

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define EXIT_INPUT 1
#define EXIT_USAGE 2
#define EXIT_INTERNAL 3

static const char usage_text[] =
    "usage: gasp-opt [options] <in.ll|in.bc|-> [-o <out>]\n"
    "\n"
    "Proves which named address space each generic memory access touches and\n"
    "rewrites the module to use it.\n"
    "\n"
    "options:\n"
    "  -o <file>             output file ('-' = stdout, the default)\n"
    "  -S                    write textual IR instead of bitcode\n"
    "  --passes=<a,b,...>    passes to run (default: %s); 'none' runs nothing\n"
    "                        passes: %s\n"
    "  --target-as=<name>    address-space table: spir, nvptx, amdgcn, genx\n"
    "                        (default: from the module's target triple)\n"
    "  --clone-budget=<N>    ipmsp: at most N clone attempts (-1 unlimited,\n"
    "                        the default; 0 none, candidates still reported)\n"
    "  --dump-ip-msp         ipmsp: print its work list transcript (stderr)\n"
    "  --ipmsp-visit-cap=<N> ipmsp: re-visits per block before a function is\n"
    "                        left unchanged (default 1024)\n"
    "  --lower-generic=<m>   lower: tags (tag generic pointers in bits 61-63\n"
    "                        and dispatch every remaining generic access on\n"
    "                        the tag) or none (the default)\n"
    "  --private-in-global   private memory lives in the global buffer: no\n"
    "                        private arm; resolve may treat private as global\n"
    "  -stats                print statistics to stderr, including\n"
    "                        'gasp: generic memory ops before: N' and '... after: N'\n"
    "  -verify-each          run the LLVM verifier after every pass\n"
    "  -print-after-all      print the module after every pass (stderr)\n"
    "  -print-after=<pass>   print the module after that pass (stderr)\n"
    "  -debug-only=<passes>  trace these passes (stderr)\n"
    "  --version             print the version\n"
    "  -h, --help            this text\n"
    "\n"
    "exit status: 0 ok, 1 bad input, 2 bad usage, 3 internal error\n";

typedef struct Args {
  const char *in, *out;
  bool text, stats;
  GaspOptions o;
} Args;

static void usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "gasp-opt: error: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\nrun 'gasp-opt --help' for usage\n");
  exit(EXIT_USAGE);
}

/* Matches -name or --name; with a value: -name=V, --name=V. */
static const char *opt_value(const char *a, const char *name) {
  if (*a != '-')
    return NULL;
  a += a[1] == '-' ? 2 : 1;
  size_t n = strlen(name);
  if (strncmp(a, name, n) || a[n] != '=')
    return NULL;
  return a + n + 1;
}

static bool opt_flag(const char *a, const char *name) {
  if (*a != '-')
    return false;
  a += a[1] == '-' ? 2 : 1;
  return !strcmp(a, name);
}

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
  for (int i = 1; i < argc; i++) {
    const char *s = argv[i], *v;
    if (!strcmp(s, "-o")) {
      if (++i >= argc)
        usage_error("%s needs a file name", "-o");
      a->out = argv[i];
    } else if (opt_flag(s, "S")) {
      a->text = true;
    } else if ((v = opt_value(s, "passes"))) {
      a->o.passes = v;
    } else if ((v = opt_value(s, "target-as"))) {
      a->o.target_as = v;
    } else if (opt_flag(s, "stats")) {
      a->stats = true;
    } else if (opt_flag(s, "verify-each")) {
      a->o.verify_each = 1;
    } else if (opt_flag(s, "print-after-all")) {
      a->o.print_after_all = 1;
    } else if ((v = opt_value(s, "print-after"))) {
      a->o.print_after = v;
    } else if ((v = opt_value(s, "clone-budget"))) {
      if (!parse_long(v, -1, LONG_MAX, &a->o.clone_budget))
        usage_error("--clone-budget wants -1 (unlimited), 0 or a positive "
                    "number, not '%s'", v);
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
    } else if (opt_flag(s, "private-in-global")) {
      a->o.private_in_global = 1;
    } else if ((v = opt_value(s, "debug-only"))) {
      a->o.debug_only = v;
    } else if (opt_flag(s, "version")) {
      printf("gasp-opt %s (LLVM 22 C API)\n", GASP_VERSION);
      exit(0);
    } else if (opt_flag(s, "help") || opt_flag(s, "h")) {
      printf(usage_text, gasp_default_pipeline(), gasp_pass_list());
      exit(0);
    } else if (s[0] == '-' && s[1] != 0) {
      usage_error("unknown option '%s'", s);
    } else if (a->in) {
      usage_error("more than one input file ('%s')", s);
    } else {
      a->in = s;
    }
  }
  if (!a->in)
    usage_error("%s", "no input file");
}

/* ---- reading ----------------------------------------------------------- */

static LLVMModuleRef read_module(LLVMContextRef ctx, const char *path) {
  char *err = NULL;
  LLVMModuleRef m = gasp_read_module(ctx, path, &err);
  if (!m) {
    fprintf(stderr, "gasp-opt: %s\n", err);
    free(err);
    exit(EXIT_INPUT);
  }
  return m;
}

/* ---- writing ----------------------------------------------------------- */

static bool same_file(const char *a, const char *b) {
  struct stat sa, sb;
  return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
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

static bool emit(LLVMModuleRef m, int fd, bool text) {
  if (!text)
    return LLVMWriteBitcodeToFD(m, fd, 0, 1) == 0;
  char *s = LLVMPrintModuleToString(m);
  bool ok = write_all(fd, s, strlen(s));
  LLVMDisposeMessage(s);
  return ok;
}

static void write_output(LLVMModuleRef m, const char *out, bool text) {
  if (!out || !strcmp(out, "-")) {
    fflush(stdout);
    if (!emit(m, STDOUT_FILENO, text)) {
      fprintf(stderr, "gasp-opt: -: error: cannot write output: %s\n",
              strerror(errno));
      exit(EXIT_INPUT);
    }
    return;
  }
  struct stat sb;
  if (stat(out, &sb) == 0 && !S_ISREG(sb.st_mode)) {
    /* a device or a pipe (/dev/null, /dev/stdout): never rename over it */
    int fd = open(out, O_WRONLY | O_TRUNC);
    if (fd < 0 || !emit(m, fd, text)) {
      fprintf(stderr, "gasp-opt: %s: error: cannot write output: %s\n", out,
              strerror(errno));
      exit(EXIT_INPUT);
    }
    close(fd);
    return;
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
    exit(EXIT_INPUT);
  }
  mode_t um = umask(0);
  umask(um);
  fchmod(fd, 0666 & ~um);
  bool ok = emit(m, fd, text);
  int err = errno;
  if (close(fd) != 0 && ok) {
    ok = false;
    err = errno;
  }
  if (ok && rename(tmp, out) != 0) {
    ok = false;
    err = errno;
  }
  if (!ok) {
    unlink(tmp);
    fprintf(stderr, "gasp-opt: %s: error: cannot write output: %s\n", out,
            strerror(err));
    free(tmp);
    exit(EXIT_INPUT);
  }
  free(tmp);
}

/* ---- main -------------------------------------------------------------- */

static void print_diags(const GaspCtx *cx, const char *file) {
  static const char *sev[] = {"error", "warning", "remark"};
  for (size_t i = 0; i < gasp_diag_count(cx); i++)
    fprintf(stderr, "gasp-opt: %s: %s: %s\n", file,
            sev[gasp_diag_severity(cx, i)], gasp_diag_message(cx, i));
}

int main(int argc, char **argv) {
  Args a;
  parse_args(argc, argv, &a);
  if (a.out && strcmp(a.in, "-") && strcmp(a.out, "-") &&
      (!strcmp(a.in, a.out) || same_file(a.in, a.out)))
    usage_error("output file '%s' is the input file; refusing to overwrite it",
                a.out);

  GaspCtx *cx = gasp_ctx_new(&a.o);
  GaspStatus st = gasp_check_options(cx);
  if (st != GASP_OK) {
    for (size_t i = 0; i < gasp_diag_count(cx); i++)
      fprintf(stderr, "gasp-opt: error: %s\n", gasp_diag_message(cx, i));
    gasp_ctx_free(cx);
    return EXIT_USAGE;
  }

  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = read_module(ctx, a.in);

  int rc = 0;
  long before = gasp_count_generic_mem_ops(cx, m);
  if (before < 0) {
    print_diags(cx, a.in);
    rc = EXIT_INPUT;
    goto done;
  }
  st = gasp_run(cx, m);
  print_diags(cx, a.in);
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
  if (a.stats) {
    long after = gasp_count_generic_mem_ops(cx, m);
    fprintf(stderr, "gasp: generic memory ops before: %ld\n", before);
    fprintf(stderr, "gasp: generic memory ops after: %ld\n", after);
    for (size_t i = 0; i < gasp_stat_count(cx); i++)
      fprintf(stderr, "gasp: %8llu %s - %s\n",
              (unsigned long long)gasp_stat_value(cx, i), gasp_stat_name(cx, i),
              gasp_stat_desc(cx, i));
  }
  write_output(m, a.out, a.text);
done:
  gasp_ctx_free(cx);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return rc;
}
