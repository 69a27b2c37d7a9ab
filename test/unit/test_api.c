/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* test_api.c — unit tests: the public API's contract: parsing, refusals,
 * context reuse, options (src/api.c). */
#include "unit.h"

static void test_parse(void) {
  LLVMContextRef ctx = LLVMContextCreate();
  char *err = NULL;
  const char ok[] = "target triple = \"spir64\"\ndefine void @f() {\n  ret void\n}\n";
  /* no terminating NUL is needed: the bytes are copied */
  LLVMModuleRef m = gasp_parse_module(ctx, "mem", ok, sizeof ok - 1, &err);
  CHECK(m && !err && LLVMGetNamedFunction(m, "f"));
  if (m)
    LLVMDisposeModule(m);
  m = gasp_parse_module(ctx, "mem", "define", 6, &err);
  CHECK(!m && err && !strncmp(err, "mem:1:", 6));
  free(err);
  m = gasp_parse_module(ctx, "mem", NULL, 0, &err);
  CHECK(!m && err && !strcmp(err, "mem: error: empty input"));
  free(err);
  m = gasp_parse_module(ctx, "mem", "BC\xc0\xde\x35\x14", 6, &err);
  CHECK(!m && err && !strncmp(err, "mem: error:", 11));
  free(err);
  const char bad[] = "define void @f() {\n  %x = add i32 %y, 1\n  %y = add i32 %x, 1\n  ret void\n}\n";
  m = gasp_parse_module(ctx, "mem", bad, sizeof bad - 1, &err);
  CHECK(!m && err && strstr(err, "mem: error: input module is invalid"));
  free(err);
  LLVMContextDispose(ctx);
}

/* A pass that refuses decides before it rewrites.  lower refuses
   the second kernel (a vp.load through a generic pointer); the first,
   which it could lower, is left as it came: the module text is unchanged. */
static void test_refusal_unchanged(void) {
  const char src[] =
      "target triple = \"spir64-unknown-unknown\"\n"
      "declare <4 x i32> @llvm.vp.load.v4i32.p4(ptr addrspace(4), <4 x i1>, i32)\n"
      "define spir_kernel void @first(ptr addrspace(3) %l) {\n"
      "  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)\n"
      "  store i32 1, ptr addrspace(4) %g, align 4\n  ret void\n}\n"
      "define spir_kernel void @second(ptr addrspace(3) %l, ptr addrspace(1) %o) {\n"
      "  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)\n"
      "  %v = call <4 x i32> @llvm.vp.load.v4i32.p4(ptr addrspace(4) %g, <4 x i1> splat (i1 "
      "true), i32 4)\n"
      "  store <4 x i32> %v, ptr addrspace(1) %o, align 16\n  ret void\n}\n";
  LLVMContextRef ctx = LLVMContextCreate();
  char *err = NULL;
  LLVMModuleRef m = gasp_parse_module(ctx, "two", src, sizeof src - 1, &err);
  CHECK(m != NULL);
  if (!m) {
    free(err);
    LLVMContextDispose(ctx);
    return;
  }
  char *before = LLVMPrintModuleToString(m);
  GaspOptions o;
  gasp_options_init(&o);
  o.passes = "lower";
  o.lower_generic = GASP_LOWER_TAGS;
  GaspCtx *cx = gasp_ctx_new(&o);
  CHECK(gasp_run(cx, m) == GASP_ERR_INPUT);
  CHECK(gasp_diag_count(cx) >= 1 && strstr(gasp_diag_message(cx, 0), "@llvm.vp.load"));
  char *after = LLVMPrintModuleToString(m);
  CHECK(!strcmp(before, after));
  LLVMDisposeMessage(before);
  LLVMDisposeMessage(after);
  gasp_ctx_free(cx);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
}

/* Runs src through cx and returns the module text and the remark messages. */
static char *run_text(GaspCtx *cx, LLVMContextRef ctx, const char *src, size_t n) {
  char *err = NULL;
  LLVMModuleRef m = gasp_parse_module(ctx, "m", src, n, &err);
  if (!m) {
    free(err);
    return xstrdup("(parse error)");
  }
  size_t r0 = 0; /* the remarks are the last run's own */
  gasp_run(cx, m);
  char *ir = LLVMPrintModuleToString(m);
  char *out = xstrdup(ir);
  LLVMDisposeMessage(ir);
  for (size_t i = r0; i < gasp_remark_count(cx); i++) {
    char *t = xasprintf("%s\n%s", out, gasp_remark(cx, i)->message);
    free(out);
    out = t;
  }
  LLVMDisposeModule(m);
  return out;
}

/* A context reused on a second module gives what a fresh one gives (the
   first module exhausts the clone budget; the second must not be told so). */
static void test_context_reuse(void) {
  const char a[] =
      "target triple = \"spir64\"\n"
      "define spir_func void @h(ptr addrspace(4) %p) {\n  store i32 1, ptr addrspace(4) %p, "
      "align 4\n  ret void\n}\n"
      "define spir_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %l) {\n"
      "  %x = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)\n"
      "  %y = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)\n"
      "  call spir_func void @h(ptr addrspace(4) %x)\n"
      "  call spir_func void @h(ptr addrspace(4) %y)\n  ret void\n}\n";
  const char b[] =
      "target triple = \"spir64\"\n"
      "define spir_func void @h(ptr addrspace(4) %p) {\n  store i32 2, ptr addrspace(4) %p, "
      "align 4\n  ret void\n}\n"
      "define spir_kernel void @k2(ptr addrspace(4) %q) {\n"
      "  call spir_func void @h(ptr addrspace(4) %q)\n  ret void\n}\n";
  GaspOptions o;
  gasp_options_init(&o);
  o.clone_budget = 0;
  o.clone_cost = 0; /* no cost limit: the budget is what refuses */
  o.remarks = GASP_REMARKS_ALL;
  LLVMContextRef ctx = LLVMContextCreate();
  GaspCtx *shared = gasp_ctx_new(&o), *fresh = gasp_ctx_new(&o);
  char *first = run_text(shared, ctx, a, sizeof a - 1);
  char *again = run_text(shared, ctx, b, sizeof b - 1);
  char *alone = run_text(fresh, ctx, b, sizeof b - 1);
  CHECK(strstr(first, "clone budget exhausted") != NULL);
  CHECK(!strcmp(again, alone));
  free(first);
  free(again);
  free(alone);
  gasp_ctx_free(shared);
  gasp_ctx_free(fresh);
  LLVMContextDispose(ctx);
}

/* gasp_ctx_new copies every string option: the caller may free its own
   right away (print_before was not copied; the run read freed memory). */
static void test_options_copied(void) {
  const char a[] = "target triple = \"spir64\"\n"
                   "define spir_kernel void @k(ptr addrspace(1) %g) {\n"
                   "  %x = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)\n"
                   "  store i32 1, ptr addrspace(4) %x, align 4\n  ret void\n}\n";
  GaspOptions o;
  gasp_options_init(&o);
  char *passes = strdup("infer,alias"), *before = strdup("alias"), *after = strdup("infer");
  char *target = strdup("spir"), *debug = strdup("none");
  o.passes = passes;
  o.print_before = before;
  o.print_after = after;
  o.target_as = target;
  o.debug_only = debug;
  FILE *dbg = tmpfile();
  o.debug_stream = dbg;
  GaspCtx *cx = gasp_ctx_new(&o);
  memset(before, 'x', strlen(before)); /* what a caller's reuse would leave */
  memset(after, 'x', strlen(after));
  free(passes);
  free(before);
  free(after);
  free(target);
  free(debug);
  LLVMContextRef ctx = LLVMContextCreate();
  char *out = run_text(cx, ctx, a, sizeof a - 1);
  CHECK(out && strstr(out, "addrspace(1)") != NULL);
  free(out);
  char buf[1 << 14];
  rewind(dbg);
  size_t n = fread(buf, 1, sizeof buf - 1, dbg);
  buf[n] = 0;
  CHECK(strstr(buf, "; *** IR Dump Before alias ***") != NULL);
  CHECK(strstr(buf, "; *** IR Dump After infer ***") != NULL);
  fclose(dbg);
  gasp_ctx_free(cx);
  LLVMContextDispose(ctx);
}

/* The library's contract: GaspOptions grows by appending (struct_size
   says which fields a caller has; a size the library does not know is
   refused, not read past); each run's diagnostics, statistics and remarks
   are its own (valid until the next run or reset); each diagnostic is
   recorded once; library messages name GaspOptions fields. */
static void test_library_contract(void) {
  const char a[] = "target triple = \"spir64\"\n"
                   "define spir_kernel void @k(ptr addrspace(1) %g) {\n"
                   "  %x = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)\n"
                   "  store i32 1, ptr addrspace(4) %x, align 4\n  ret void\n}\n";
  LLVMContextRef ctx = LLVMContextCreate();
  GaspOptions o;
  gasp_options_init(&o);
  CHECK(o.struct_size == sizeof o);
  /* an older caller: its struct ends before `summary`, which defaults */
  o.struct_size = offsetof(GaspOptions, summary);
  o.summary = 1; /* past the caller's struct: never read */
  o.remarks = GASP_REMARKS_ALL;
  o.stats = 1;
  GaspCtx *cx = gasp_ctx_new(&o);
  char *out = run_text(cx, ctx, a, sizeof a - 1);
  CHECK(strstr(out, "addrspace(1)") != NULL);
  free(out);
  size_t remarks1 = gasp_remark_count(cx);
  uint64_t rewritten1 = gasp_stat_get(cx, "infer.accesses-rewritten");
  CHECK(remarks1 > 0 && rewritten1 == 1);
  char buf[4096] = {0};
  FILE *f = fmemopen(buf, sizeof buf - 1, "w");
  gasp_write_summary(cx, "", f);
  fclose(f);
  CHECK(strstr(buf, "no summary") != NULL);
  /* a second run on the same context: its own records, not a sum */
  out = run_text(cx, ctx, a, sizeof a - 1);
  free(out);
  CHECK(gasp_remark_count(cx) == remarks1);
  CHECK(gasp_stat_get(cx, "infer.accesses-rewritten") == rewritten1);
  gasp_ctx_reset(cx);
  CHECK(gasp_remark_count(cx) == 0 && gasp_stat_count(cx) == 0 && gasp_diag_count(cx) == 0);
  gasp_ctx_free(cx);
  /* a newer caller's options (a size this library does not know): refused */
  gasp_options_init(&o);
  o.struct_size = sizeof o + 16;
  cx = gasp_ctx_new(&o);
  CHECK(gasp_check_options(cx) == GASP_ERR_USAGE);
  CHECK(gasp_diag_count(cx) == 1 && strstr(gasp_diag_message(cx, 0), "GaspOptions of") != NULL);
  gasp_ctx_free(cx);
  /* a bad option: one diagnostic (checked twice: by the caller, by the
     run), naming the GaspOptions field */
  gasp_options_init(&o);
  o.target_as = "bogus";
  cx = gasp_ctx_new(&o);
  CHECK(gasp_check_options(cx) == GASP_ERR_USAGE);
  char *err = NULL;
  LLVMModuleRef m = gasp_parse_module(ctx, "m", a, sizeof a - 1, &err);
  CHECK(m && gasp_run(cx, m) == GASP_ERR_USAGE);
  CHECK(gasp_diag_count(cx) == 1);
  CHECK(strstr(gasp_diag_message(cx, 0), "unknown target_as 'bogus'") != NULL);
  LLVMDisposeModule(m);
  gasp_ctx_free(cx);
  /* the summary, asked for */
  gasp_options_init(&o);
  o.summary = 1;
  cx = gasp_ctx_new(&o);
  out = run_text(cx, ctx, a, sizeof a - 1);
  free(out);
  memset(buf, 0, sizeof buf);
  f = fmemopen(buf, sizeof buf - 1, "w");
  gasp_write_summary(cx, "> ", f);
  fclose(f);
  CHECK(strstr(buf, "> generic memory ops reachable from kernels: 0 (before: 1)") != NULL);
  CHECK(strstr(buf, "> left generic in kernel-reachable code, by reason: none") != NULL);
  CHECK(strstr(buf, ">   global: 0 -> 1") != NULL);
  gasp_ctx_free(cx);
  LLVMContextDispose(ctx);
}

void unit_api(void) {
  test_parse();
  test_refusal_unchanged();
  test_context_reuse();
  test_options_copied();
  test_library_contract();
}
