/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* fuzz_gasp.c — libFuzzer target: bytes -> parse (IR text or bitcode) ->
 * target selection -> the whole pipeline, without and with lowering ->
 * verifier, remarks, call graph, and a second run that must change nothing.
 *
 * Built by `make fuzz` with clang-22 -fsanitize=fuzzer,address,undefined
 * (libgasp instrumented for coverage; libLLVM is not).  A finding is any
 * crash, sanitizer report, or one of the aborts below:
 *   - gasp_run says GASP_ERR_INTERNAL (a pass produced IR the verifier
 *     rejects), or says OK and the verifier disagrees;
 *   - running the pipeline again on its own output changes the module
 *     (idempotence; checked without a clone budget, which is per run),
 *     or the same input gives different output in two contexts
 *     (determinism).
 * Input the library refuses (parse errors, invalid IR, unknown triple,
 * unsupported constructs) is fine: it must only be refused cleanly.
 *
 * The options come from a hash of the input, so a finding replays alone:
 * the target table (the triple's, else one of the four), private in
 * global, a clone budget.
 */
#include "gasp.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const tables[] = {NULL, "spir", "nvptx", "amdgcn", "genx"};

static uint64_t fnv1a(const uint8_t *p, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++)
    h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

/* The options of the run in progress, for the report. */
static const GaspOptions *current;

static void finding(const char *what, const char *detail) {
  fprintf(stderr, "fuzz_gasp: %s\n", what);
  if (current)
    fprintf(stderr, "fuzz_gasp: replay: gasp-opt%s%s%s%s --lower-generic=%s\n",
            current->target_as ? " --target-as=" : "",
            current->target_as ? current->target_as : "",
            current->private_in_global ? " --private-in-global" : "",
            current->clone_budget >= 0 ? " --clone-budget=1" : "",
            current->lower_generic == GASP_LOWER_TAGS ? "tags" : "none");
  fprintf(stderr, "%s\n", detail ? detail : "");
  abort();
}

/* Runs the pipeline on m; returns its status.  Checks the verifier and
   exercises the reports. */
static GaspStatus run_once(const GaspOptions *o, LLVMModuleRef m, int reports) {
  current = o;
  GaspCtx *cx = gasp_ctx_new(o);
  GaspStatus st = gasp_run(cx, m);
  if (st == GASP_ERR_INTERNAL)
    finding("gasp_run: internal error", gasp_diag_count(cx) ? gasp_diag_message(cx, 0) : NULL);
  if (st == GASP_OK) {
    char *msg = NULL;
    if (LLVMVerifyModule(m, LLVMReturnStatusAction, &msg))
      finding("output does not verify", msg);
    LLVMDisposeMessage(msg);
    if (reports) {
      char *buf = NULL;
      size_t len = 0;
      FILE *f = open_memstream(&buf, &len);
      if (f) {
        for (size_t i = 0; i < gasp_remark_count(cx); i++)
          gasp_remark_write_yaml(cx, i, f);
        gasp_write_callgraph_dot(cx, m, f);
        fclose(f);
      }
      free(buf);
    }
  }
  gasp_ctx_free(cx);
  return st;
}

/* Runs the pipeline on m, which must then print as want. */
static void expect_same(const GaspOptions *o, LLVMModuleRef m, const char *want,
                        const char *refused, const char *differs) {
  if (run_once(o, m, 0) != GASP_OK)
    finding(refused, want);
  char *got = LLVMPrintModuleToString(m);
  if (strcmp(want, got))
    finding(differs, want);
  LLVMDisposeMessage(got);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  LLVMContextRef ctx = LLVMContextCreate();
  char *err = NULL;
  LLVMModuleRef m = gasp_parse_module(ctx, "fuzz-input", (const char *)data, size, &err);
  free(err);
  if (!m) {
    LLVMContextDispose(ctx);
    return 0;
  }
  uint64_t h = fnv1a(data, size);
  GaspOptions o;
  gasp_options_init(&o);
  o.remarks = GASP_REMARKS_ALL;
  o.private_in_global = (int)(h >> 8 & 1);
  o.clone_budget = (h >> 9 & 3) == 0 ? 1 : -1;
  o.target_as = tables[(h >> 12) % 5];
  for (int lower = 0; lower < 2; lower++) {
    o.lower_generic = lower ? GASP_LOWER_TAGS : GASP_LOWER_NONE;
    LLVMModuleRef a = LLVMCloneModule(m);
    GaspStatus st = run_once(&o, a, 1);
    if (st == GASP_ERR_INPUT && !o.target_as) {
      /* unknown triple: pick a table, as a user would with --target-as */
      o.target_as = tables[1 + (h >> 16) % 4];
      LLVMDisposeModule(a);
      a = LLVMCloneModule(m);
      st = run_once(&o, a, 1);
    }
    if (st == GASP_OK) {
      char *first = LLVMPrintModuleToString(a);
      LLVMModuleRef b = LLVMCloneModule(m);
      expect_same(&o, b, first, "second context refused what the first accepted",
                  "not deterministic: two runs differ");
      LLVMDisposeModule(b);
      /* a clone budget is per run (a second run may spend its own, as
         running LLVM's inliner twice inlines more): idempotence is
         checked without one */
      if (o.clone_budget < 0)
        expect_same(&o, a, first, "the pipeline refused its own output",
                    "not idempotent: a second run changed the module");
      LLVMDisposeMessage(first);
    }
    LLVMDisposeModule(a);
  }
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return 0;
}
