/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* gpu-run.c — times one kernel of a PTX module on an NVIDIA GPU, with the
 * arguments gasp-run takes, and prints its buffers as gasp-run does.
 *
 * Problem: every figure gasp has is static or CPU-side; whether a kernel
 * runs faster with its generic accesses named is settled only on a device.
 * This runner needs no CUDA toolkit to build: it opens the driver
 * (libcuda.so.1) at run time and declares the dozen entry points it calls.
 *
 *   gpu-run MODULE.ptx --kernel NAME --global X[,Y,Z] [--local X[,Y,Z]]
 *           --arg SPEC... [--dynamic-local BYTES] [--warmup N] [--runs N]
 *           [--dump DIR] [--against DIR] [--dry-run]
 * (options and @file as gasp-run takes them: tools/args.c)
 *
 * SPEC is gasp-run's (src/exec/spec.c, shared): buf:<type>:<count>[:init],
 * scalars, struct:... (`local:` arguments are OpenCL's and have no CUDA
 * launch form: refused).  The launch is grid = global / local, block =
 * local.  Every launch starts from the same initial buffers (uploaded
 * again before it, outside the timed region), so the buffers after the
 * last launch are one launch's result, comparable with gasp-run's: lines
 * "arg<i>: <count> x <type> fnv1a=<hash>" and, with --dump DIR,
 * arg<i>.in.bin / arg<i>.bin.  Timing: device events around each launch,
 * --warmup launches first (default 3), then --runs (default 20); prints
 * "time: median=<ms> min=<ms> max=<ms> runs=<n>".
 *
 * --against DIR compares the buffers after the last launch with another
 * run's --dump files in DIR (integers exactly, floats to 1e-5 relative or
 * to 1e-6 of the buffer's largest magnitude, NaN equal to NaN): "against:
 * agree" or "against: DIFFER <label>[<j>] <this> vs <that>" (exit 3), so two builds' large outputs are compared on
 * the device without carrying them back.  With --dry-run the initial
 * buffers are compared (what a kernel that writes nothing leaves).
 *
 * --dry-run parses everything, fills the buffers, writes the .in.bin
 * dumps and prints the launch it would make, without opening the driver.
 * Always, before anything is filled: the module must have an .entry of
 * that name with one parameter per --arg (else exit 1, by name).
 *
 * Exit: 0 ok, 1 bad input (module, kernel), 2 usage, 3 --against differs, 5 a CUDA error,
 * 77 no CUDA driver or device (skipped: nothing pretends to have run).
 * Tests: test/exec/gpu-run.test.  The benchmark: bench/gpu/gpu.py.
 */
#include "../../tools/args.h"
#include "exec/exec.h"
#include "util/util.h"

#include <dlfcn.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- the driver API, declared here (cuda.h is not needed) ---------------- */
typedef int CUresult;
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUevent_st *CUevent;
typedef unsigned long long CUdeviceptr;

typedef struct Cuda {
  void *lib;
  CUresult (*Init)(unsigned);
  CUresult (*DeviceGetCount)(int *);
  CUresult (*DeviceGet)(CUdevice *, int);
  CUresult (*DeviceGetName)(char *, int, CUdevice);
  CUresult (*CtxCreate)(CUcontext *, unsigned, CUdevice);
  CUresult (*CtxDestroy)(CUcontext);
  CUresult (*ModuleLoadData)(CUmodule *, const void *);
  CUresult (*ModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*MemAlloc)(CUdeviceptr *, size_t);
  CUresult (*MemFree)(CUdeviceptr);
  CUresult (*MemcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*MemcpyDtoH)(void *, CUdeviceptr, size_t);
  CUresult (*LaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned,
                           unsigned, unsigned, void *, void **, void **);
  CUresult (*CtxSynchronize)(void);
  CUresult (*EventCreate)(CUevent *, unsigned);
  CUresult (*EventRecord)(CUevent, void *);
  CUresult (*EventSynchronize)(CUevent);
  CUresult (*EventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*GetErrorString)(CUresult, const char **);
} Cuda;

enum { EXIT_INPUT = 1, EXIT_USAGE = 2, EXIT_DIFFER = 3, EXIT_CUDA = 5, EXIT_SKIP = 77 };

typedef struct Args {
  const char *module, *kernel, *dump, *against;
  size_t global[3], local[3];
  VEC(RunArg) args;
  size_t dynamic_local;
  unsigned warmup, runs;
  bool dry_run;
} Args;

static const char usage_text[] =
    "usage: gpu-run MODULE.ptx --kernel NAME --global X[,Y,Z] [--local X[,Y,Z]]\n"
    "               --arg SPEC... [--dynamic-local BYTES] [--warmup N] [--runs N]\n"
    "               [--dump DIR] [--against DIR] [--dry-run]\n"
    "Times kernel NAME of a PTX module on an NVIDIA GPU (the driver,\n"
    "libcuda.so.1, is opened at run time) with gasp-run's argument specs, and\n"
    "prints its buffers as gasp-run does.  Exit 77 when there is no CUDA device.\n";

static void usage_error(const char *fmt, const char *what) {
  fprintf(stderr, "gpu-run: error: ");
  fprintf(stderr, fmt, what);
  fprintf(stderr, "\n%s", usage_text);
  exit(EXIT_USAGE);
}

static unsigned parse_count(const char *v, const char *flag, unsigned lo) {
  char *end;
  long n = strtol(v, &end, 10);
  if (*end || end == v || n < (long)lo || n > 100000)
    usage_error("bad %s", flag);
  return (unsigned)n;
}

/* Option forms and response files: tools/args.c, as gasp-opt and gasp-run
   take them (-name and --name, =value or a separate value, @file). */
static const char *value(int argc, char **argv, int *i, const char *name) {
  bool missing;
  const char *v = args_value(argc, argv, i, name, &missing);
  if (missing)
    usage_error("--%s needs a value", name);
  return v;
}

static void parse_args(Args *a, int argc, char **argv) {
  memset(a, 0, sizeof *a);
  a->warmup = 3;
  a->runs = 20;
  char *err = NULL;
  if (!args_expand(&argc, &argv, &err))
    usage_error("%s", err ? err : "out of memory");
  bool have_global = false, have_local = false;
  for (int i = 1; i < argc; i++) {
    const char *s = argv[i], *v;
    if (args_flag(s, "help") || !strcmp(s, "-h")) {
      fputs(usage_text, stdout);
      exit(0);
    } else if (args_flag(s, "dry-run")) {
      a->dry_run = true;
    } else if ((v = value(argc, argv, &i, "kernel"))) {
      a->kernel = v;
    } else if ((v = value(argc, argv, &i, "global"))) {
      if (!spec_sizes(v, a->global))
        usage_error("bad --global '%s': expected 1 to 3 positive integers", v);
      have_global = true;
    } else if ((v = value(argc, argv, &i, "local"))) {
      if (!spec_sizes(v, a->local))
        usage_error("bad --local '%s': expected 1 to 3 positive integers", v);
      have_local = true;
    } else if ((v = value(argc, argv, &i, "arg"))) {
      RunArg arg;
      if (!spec_parse(v, &arg, &err))
        usage_error("%s", err);
      if (arg.kind == ARG_LOCAL)
        usage_error("'%s': a local-memory argument is OpenCL's; a CUDA launch has none "
                    "(use --dynamic-local)", v);
      vec_push(&a->args, arg);
    } else if ((v = value(argc, argv, &i, "dynamic-local"))) {
      a->dynamic_local = parse_count(v, "--dynamic-local", 0);
    } else if ((v = value(argc, argv, &i, "warmup"))) {
      a->warmup = parse_count(v, "--warmup", 0);
    } else if ((v = value(argc, argv, &i, "runs"))) {
      a->runs = parse_count(v, "--runs", 1);
    } else if ((v = value(argc, argv, &i, "dump"))) {
      a->dump = v;
    } else if ((v = value(argc, argv, &i, "against"))) {
      a->against = v;
    } else if (s[0] == '-' && s[1]) {
      usage_error("unknown option '%s'", s);
    } else if (a->module) {
      usage_error("one module only ('%s')", s);
    } else {
      a->module = s;
    }
  }
  if (!a->module || !a->kernel || !have_global)
    usage_error("%s", "MODULE, --kernel and --global are required");
  for (int d = 0; d < 3; d++) {
    if (!have_local)
      a->local[d] = a->global[d];
    if (a->global[d] % a->local[d])
      usage_error("%s", "--global must be a multiple of --local in every dimension");
  }
}

/* ---- buffers ---------------------------------------------------------------- */

typedef struct Buf {
  const RunArg *spec; /* NULL: spec_buffer's index of an argument that is
                         not a buffer */
  char label[32];
  size_t bytes;
  void *initial, *data;
  CUdeviceptr dev;
} Buf;

static Buf *make_buffers(const Args *a, unsigned *n) {
  unsigned nb = spec_buffer_count(a->args.v, (unsigned)a->args.n);
  Buf *b = xcalloc(nb ? nb : 1, sizeof *b);
  for (unsigned i = 0; i < nb; i++) {
    b[i].spec = spec_buffer(a->args.v, (unsigned)a->args.n, i, b[i].label, sizeof b[i].label);
    if (!b[i].spec || b[i].spec->kind != ARG_BUF) {
      b[i].spec = NULL;
      continue;
    }
    b[i].bytes = b[i].spec->count * spec_elem_size(b[i].spec->elem);
    b[i].initial = xcalloc(b[i].bytes ? b[i].bytes : 1, 1);
    b[i].data = xcalloc(b[i].bytes ? b[i].bytes : 1, 1);
    spec_fill(b[i].spec, b[i].initial);
  }
  *n = nb;
  return b;
}

static bool dump(const Args *a, const Buf *b, unsigned n, bool after) {
  if (!a->dump)
    return true;
  if (mkdir(a->dump, 0777) && errno != EEXIST) {
    fprintf(stderr, "gpu-run: error: cannot create '%s': %s\n", a->dump, strerror(errno));
    return false;
  }
  for (unsigned i = 0; i < n; i++) {
    if (!b[i].spec)
      continue;
    char *bad = spec_dump(a->dump, b[i].label, after, after ? b[i].data : b[i].initial,
                          b[i].bytes);
    if (bad) {
      fprintf(stderr, "gpu-run: error: cannot write '%s'\n", bad);
      free(bad);
      return false;
    }
  }
  return true;
}

/* ---- the driver ---------------------------------------------------------------- */

static bool load_cuda(Cuda *c, char **why) {
  memset(c, 0, sizeof *c);
  c->lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!c->lib) {
    *why = xasprintf("no CUDA driver (%s)", dlerror());
    return false;
  }
  struct {
    void **slot;
    const char *name;
  } syms[] = {
      {(void **)&c->Init, "cuInit"},
      {(void **)&c->DeviceGetCount, "cuDeviceGetCount"},
      {(void **)&c->DeviceGet, "cuDeviceGet"},
      {(void **)&c->DeviceGetName, "cuDeviceGetName"},
      {(void **)&c->CtxCreate, "cuCtxCreate_v2"},
      {(void **)&c->CtxDestroy, "cuCtxDestroy_v2"},
      {(void **)&c->ModuleLoadData, "cuModuleLoadData"},
      {(void **)&c->ModuleGetFunction, "cuModuleGetFunction"},
      {(void **)&c->MemAlloc, "cuMemAlloc_v2"},
      {(void **)&c->MemFree, "cuMemFree_v2"},
      {(void **)&c->MemcpyHtoD, "cuMemcpyHtoD_v2"},
      {(void **)&c->MemcpyDtoH, "cuMemcpyDtoH_v2"},
      {(void **)&c->LaunchKernel, "cuLaunchKernel"},
      {(void **)&c->CtxSynchronize, "cuCtxSynchronize"},
      {(void **)&c->EventCreate, "cuEventCreate"},
      {(void **)&c->EventRecord, "cuEventRecord"},
      {(void **)&c->EventSynchronize, "cuEventSynchronize"},
      {(void **)&c->EventElapsedTime, "cuEventElapsedTime"},
      {(void **)&c->GetErrorString, "cuGetErrorString"},
  };
  for (size_t i = 0; i < sizeof syms / sizeof syms[0]; i++)
    if (!(*syms[i].slot = dlsym(c->lib, syms[i].name))) {
      *why = xasprintf("no CUDA driver (libcuda.so.1 lacks %s)", syms[i].name);
      return false;
    }
  int n = 0;
  if (c->Init(0) || c->DeviceGetCount(&n) || n == 0) {
    *why = xasprintf("no CUDA device");
    return false;
  }
  return true;
}

static const char *cu_err(const Cuda *c, CUresult r) {
  const char *s = NULL;
  return c->GetErrorString && !c->GetErrorString(r, &s) && s ? s : "unknown CUDA error";
}

#define CU(call)                                                                            \
  do {                                                                                      \
    CUresult r_ = (call);                                                                   \
    if (r_) {                                                                               \
      fprintf(stderr, "gpu-run: error: %s: %s\n", #call, cu_err(c, r_));                    \
      return EXIT_CUDA;                                                                     \
    }                                                                                       \
  } while (0)

static int cmp_float(const void *x, const void *y) {
  float a = *(const float *)x, b = *(const float *)y;
  return (a > b) - (a < b);
}

/* The kernel's parameter values, in order: a buffer by its device address
   (buffer i is argument i; a struct's buffer fields follow the arguments,
   spec_buffer's numbering), a struct by its bytes (kept in storage[i]). */
static void **param_values(const Args *a, Buf *b, void **storage) {
  size_t na = a->args.n;
  unsigned field_buf = (unsigned)na;
  void **p = xcalloc(na ? na : 1, sizeof *p);
  for (size_t i = 0; i < na; i++) {
    const RunArg *r = &a->args.v[i];
    if (r->kind == ARG_BUF) {
      p[i] = &b[i].dev;
    } else if (r->kind == ARG_STRUCT) {
      size_t offs[SPEC_MAX_FIELDS];
      size_t size = spec_struct_layout(r, offs);
      unsigned char *bytes = xcalloc(size ? size : 1, 1);
      for (unsigned k = 0; k < r->nfields; k++) {
        const RunArg *f = &r->fields[k];
        if (f->kind == ARG_BUF)
          memcpy(bytes + offs[k], &b[field_buf++].dev, sizeof(CUdeviceptr));
        else
          spec_field_write(f, bytes + offs[k]);
      }
      storage[i] = bytes;
      p[i] = bytes;
    } else {
      p[i] = (void *)&r->val;
    }
  }
  return p;
}

static int against(const Args *a, const Buf *b, unsigned nb, bool after);

static int run_device(const Args *a, Buf *b, unsigned nb, const char *ptx) {
  Cuda cuda, *c = &cuda;
  char *why = NULL;
  if (!load_cuda(c, &why)) {
    fprintf(stderr, "gpu-run: %s: nothing run (skipped)\n", why);
    free(why);
    return EXIT_SKIP;
  }
  CUdevice dev;
  CUcontext ctx;
  CUmodule mod;
  CUfunction fn;
  char name[256] = "";
  CU(c->DeviceGet(&dev, 0));
  CU(c->DeviceGetName(name, sizeof name, dev));
  CU(c->CtxCreate(&ctx, 0, dev));
  CUresult r = c->ModuleLoadData(&mod, ptx);
  if (r) {
    fprintf(stderr, "gpu-run: %s: error: cannot load the module: %s\n", a->module, cu_err(c, r));
    return EXIT_INPUT;
  }
  if ((r = c->ModuleGetFunction(&fn, mod, a->kernel))) {
    fprintf(stderr, "gpu-run: %s: error: no kernel '%s': %s\n", a->module, a->kernel,
            cu_err(c, r));
    return EXIT_INPUT;
  }
  for (unsigned i = 0; i < nb; i++)
    if (b[i].spec)
      CU(c->MemAlloc(&b[i].dev, b[i].bytes ? b[i].bytes : 1));
  void **storage = xcalloc(a->args.n ? a->args.n : 1, sizeof *storage);
  void **params = param_values(a, b, storage);
  CUevent e0, e1;
  CU(c->EventCreate(&e0, 0));
  CU(c->EventCreate(&e1, 0));
  float *ms = xcalloc(a->runs, sizeof *ms);
  for (unsigned it = 0; it < a->warmup + a->runs; it++) {
    for (unsigned i = 0; i < nb; i++) /* every launch from the same inputs */
      if (b[i].spec)
        CU(c->MemcpyHtoD(b[i].dev, b[i].initial, b[i].bytes));
    CU(c->CtxSynchronize());
    CU(c->EventRecord(e0, NULL));
    CU(c->LaunchKernel(fn, (unsigned)(a->global[0] / a->local[0]),
                       (unsigned)(a->global[1] / a->local[1]),
                       (unsigned)(a->global[2] / a->local[2]), (unsigned)a->local[0],
                       (unsigned)a->local[1], (unsigned)a->local[2], (unsigned)a->dynamic_local,
                       NULL, params, NULL));
    CU(c->EventRecord(e1, NULL));
    CU(c->EventSynchronize(e1));
    if (it >= a->warmup)
      CU(c->EventElapsedTime(&ms[it - a->warmup], e0, e1));
  }
  for (unsigned i = 0; i < nb; i++)
    if (b[i].spec)
      CU(c->MemcpyDtoH(b[i].data, b[i].dev, b[i].bytes));
  qsort(ms, a->runs, sizeof *ms, cmp_float);
  for (unsigned i = 0; i < nb; i++)
    if (b[i].spec)
      printf("%s: %zu x %s fnv1a=%016llx\n", b[i].label, b[i].spec->count,
           spec_elem_name(b[i].spec->elem),
           (unsigned long long)spec_fnv1a(b[i].data, b[i].bytes));
  printf("time: median=%.4f min=%.4f max=%.4f runs=%u ms device=%s\n", ms[a->runs / 2], ms[0],
         ms[a->runs - 1], a->runs, name);
  for (unsigned i = 0; i < nb; i++)
    if (b[i].spec)
      c->MemFree(b[i].dev);
  c->CtxDestroy(ctx);
  for (size_t i = 0; i < a->args.n; i++)
    free(storage[i]);
  free(storage);
  free(params);
  free(ms);
  if (!dump(a, b, nb, true))
    return EXIT_INPUT;
  return a->against ? against(a, b, nb, true) : 0;
}

/* Element j of two buffers of type t the same: integers bit for bit,
   floats to 1e-5 relative or, near 0, to 1e-6 of floor (the largest
   finite magnitude in the reference buffer), NaN equal to NaN.  Two builds
   may contract a multiply-add differently: where terms of the buffer's
   magnitude cancel, the difference is an ulp of those terms, not of the
   result (Rodinia rdwt97 built --whole-program: 2.4e-7 apart on outputs
   up to 2.03, which 1e-5 relative called a difference). */
static double elem_value(ElemType t, const void *x, size_t j) {
  return t == EL_F32 ? ((const float *)x)[j] : ((const double *)x)[j];
}

static bool elem_close(ElemType t, const void *x, const void *y, size_t j, double floor) {
  if (t != EL_F32 && t != EL_F64) {
    size_t w = spec_elem_size(t);
    return memcmp((const char *)x + j * w, (const char *)y + j * w, w) == 0;
  }
  double u = elem_value(t, x, j), v = elem_value(t, y, j);
  if (u == v || (u != u && v != v))
    return true;
  double m = fabs(u) > fabs(v) ? fabs(u) : fabs(v), d = fabs(u - v);
  return d <= 1e-5 * m || d <= 1e-6 * floor || d <= 1e-35;
}

/* The largest finite magnitude of a float buffer of n elements (0 for
   other types). */
static double magnitude(ElemType t, const void *x, size_t n) {
  double m = 0;
  for (size_t j = 0; (t == EL_F32 || t == EL_F64) && j < n; j++) {
    double u = fabs(elem_value(t, x, j));
    if (u == u && u <= DBL_MAX && u > m)
      m = u;
  }
  return m;
}

/* --against DIR: each buffer after the run (its initial contents with
   --dry-run) against DIR/<label>.bin. */
static int against(const Args *a, const Buf *b, unsigned nb, bool after) {
  for (unsigned i = 0; i < nb; i++) {
    if (!b[i].spec)
      continue;
    char *path = xasprintf("%s/%s.bin", a->against, b[i].label);
    FILE *f = fopen(path, "rb");
    void *other = xcalloc(b[i].bytes ? b[i].bytes : 1, 1);
    bool read = f && fread(other, 1, b[i].bytes, f) == b[i].bytes && fgetc(f) == EOF;
    if (f)
      fclose(f);
    if (!read) {
      fprintf(stderr, "gpu-run: error: cannot read %zu bytes from '%s'\n", b[i].bytes, path);
      free(other);
      free(path);
      return EXIT_INPUT;
    }
    free(path);
    ElemType t = b[i].spec->elem;
    size_t n = b[i].bytes / spec_elem_size(t);
    double floor = magnitude(t, other, n);
    for (size_t j = 0; j < n; j++) {
      const void *mine = after ? b[i].data : b[i].initial;
      if (elem_close(t, mine, other, j, floor))
        continue;
      char x[64], y[64];
      spec_format(t, mine, j, x, sizeof x);
      spec_format(t, other, j, y, sizeof y);
      printf("against: DIFFER %s[%zu] %s vs %s\n", b[i].label, j, x, y);
      free(other);
      return EXIT_DIFFER;
    }
    free(other);
  }
  printf("against: agree\n");
  return 0;
}

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  VEC(char) t = {0};
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0)
    for (size_t i = 0; i < n; i++)
      vec_push(&t, buf[i]);
  fclose(f);
  vec_push(&t, 0);
  return t.v;
}

/* The number of parameters of kernel's .entry in the PTX text, -1 when the
   module has no such entry (the names as llc-22 writes them). */
static int entry_params(const char *ptx, const char *kernel) {
  size_t len = strlen(kernel);
  for (const char *p = strstr(ptx, ".entry "); p; p = strstr(p + 1, ".entry ")) {
    const char *q = p + strlen(".entry ");
    if (strncmp(q, kernel, len) || (q[len] != '(' && q[len] != ' ' && q[len] != '\n'))
      continue;
    const char *open = strchr(q + len, '(');
    const char *close = open ? strchr(open, ')') : NULL;
    if (!close)
      return -1;
    int n = 0;
    for (const char *r = strstr(open, ".param"); r && r < close; r = strstr(r + 1, ".param"))
      n++;
    return n;
  }
  return -1;
}

int main(int argc, char **argv) {
  Args a;
  parse_args(&a, argc, argv);
  char *ptx = read_file(a.module);
  if (!ptx) {
    fprintf(stderr, "gpu-run: %s: error: cannot read: %s\n", a.module, strerror(errno));
    return EXIT_INPUT;
  }
  int params = entry_params(ptx, a.kernel);
  bool entry_ok = params == (int)a.args.n;
  if (params < 0)
    fprintf(stderr, "gpu-run: %s: error: no kernel (.entry) named '%s'\n", a.module, a.kernel);
  else if (!entry_ok)
    fprintf(stderr, "gpu-run: %s: error: kernel '%s' has %d parameters, %zu --arg given\n",
            a.module, a.kernel, params, a.args.n);
  unsigned nb = 0;
  Buf *b = entry_ok ? make_buffers(&a, &nb) : NULL; /* nothing filled for a wrong module */
  int rc;
  if (!entry_ok || !dump(&a, b, nb, false)) {
    rc = EXIT_INPUT;
  } else if (a.dry_run) {
    printf("launch %s of %s: grid %zu,%zu,%zu block %zu,%zu,%zu dynamic-local %zu; "
           "%u warm-up + %u timed launches\n",
           a.kernel, a.module, a.global[0] / a.local[0], a.global[1] / a.local[1],
           a.global[2] / a.local[2], a.local[0], a.local[1], a.local[2], a.dynamic_local,
           a.warmup, a.runs);
    for (unsigned i = 0; i < nb; i++)
      if (b[i].spec)
        printf("%s: %zu x %s fnv1a=%016llx (initial)\n", b[i].label, b[i].spec->count,
             spec_elem_name(b[i].spec->elem),
             (unsigned long long)spec_fnv1a(b[i].initial, b[i].bytes));
    rc = a.against ? against(&a, b, nb, false) : 0;
  } else {
    rc = run_device(&a, b, nb, ptx);
  }
  for (unsigned i = 0; i < nb; i++) {
    free(b[i].initial);
    free(b[i].data);
  }
  free(b);
  for (size_t i = 0; i < a.args.n; i++)
    spec_free(&a.args.v[i]);
  vec_free(&a.args);
  free(ptx);
  return rc;
}
