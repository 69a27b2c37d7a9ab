/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* test_unit.c — unit tests for the target tables and the lattice join.
 * Prints one line per failure and ends with "unit: N passed, M failed". */
#include "gasp_int.h"

#include <stdio.h>
#include <stddef.h>
#include <string.h>

static int passed, failed;

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (cond)                                                                  \
      passed++;                                                                \
    else {                                                                     \
      failed++;                                                                \
      printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                   \
    }                                                                          \
  } while (0)

static void test_triples(void) {
  CHECK(tgt_for_triple("spir64-unknown-unknown") == tgt_by_name("spir"));
  CHECK(tgt_for_triple("spir") == tgt_by_name("spir"));
  CHECK(tgt_for_triple("spirv64-unknown-unknown") == tgt_by_name("spir"));
  CHECK(tgt_for_triple("spirv32") == tgt_by_name("spir"));
  CHECK(tgt_for_triple("nvptx64-nvidia-cuda") == tgt_by_name("nvptx"));
  CHECK(tgt_for_triple("nvptx") == tgt_by_name("nvptx"));
  CHECK(tgt_for_triple("amdgcn-amd-amdhsa") == tgt_by_name("amdgcn"));
  CHECK(tgt_for_triple("genx64-unknown-unknown") == tgt_by_name("genx"));
  CHECK(tgt_for_triple("x86_64-pc-linux-gnu") == NULL);
  CHECK(tgt_for_triple("spirv1.5-unknown-vulkan") == tgt_by_name("spir"));
  CHECK(tgt_for_triple("spirv64v1.6-unknown-unknown") == tgt_by_name("spir"));
  CHECK(tgt_for_triple("genx") == tgt_by_name("genx"));
  /* the architecture must be spelled exactly (found by scripts/malformed.py) */
  CHECK(tgt_for_triple("spir}64-unknown-unknown") == NULL);
  CHECK(tgt_for_triple("nvptxx-nvidia-cuda") == NULL);
  CHECK(tgt_for_triple("amdgcnfoo") == NULL);
  CHECK(tgt_for_triple("") == NULL);
  CHECK(tgt_for_triple("") == NULL);
  CHECK(tgt_for_triple(NULL) == NULL);
  CHECK(tgt_by_name("x86") == NULL);
}

static void test_tables(void) {
  const TgtTable *sp = tgt_by_name("spir"), *nv = tgt_by_name("nvptx"),
                 *am = tgt_by_name("amdgcn"), *gx = tgt_by_name("genx");
  /* the unified space numbering */
  CHECK(sp->generic == 4 && sp->global == 1 && sp->local == 3 &&
        sp->priv == 0 && sp->constant == 2);
  CHECK(gx->generic == 4 && gx->global == 1 && gx->local == 3 &&
        gx->priv == 0 && gx->constant == 2);
  CHECK(nv->generic == 0 && nv->global == 1 && nv->local == 3 &&
        nv->priv == 5 && nv->constant == 4);
  CHECK(am->generic == 0 && am->global == 1 && am->local == 3 &&
        am->priv == 5 && am->constant == 4);
  /* target-specific spaces */
  CHECK(!strcmp(tgt_space_name(nv, 6), "tensor"));
  CHECK(!strcmp(tgt_space_name(nv, 7), "distributed-shared"));
  CHECK(!strcmp(tgt_space_name(nv, 101), "param"));
  CHECK(!strcmp(tgt_space_name(am, 2), "region"));
  CHECK(!strcmp(tgt_space_name(am, 6), "constant32"));
  for (int as = 7; as <= 9; as++)
    CHECK(tgt_is_named(am, as));
  CHECK(!tgt_is_named(sp, 4) && !tgt_is_named(nv, 0) && !tgt_is_named(am, 0));
  CHECK(!strcmp(tgt_space_name(sp, 4), "generic"));
  CHECK(!tgt_is_named(sp, 5) && !tgt_is_named(nv, 2));
  /* disjointness */
  CHECK(tgt_disjoint(sp, 1, 3) && tgt_disjoint(sp, 1, 0) && tgt_disjoint(sp, 3, 0));
  CHECK(tgt_disjoint(sp, 1, 2));
  CHECK(!tgt_disjoint(sp, 1, 1) && !tgt_disjoint(sp, 1, 4) && !tgt_disjoint(sp, 4, 4));
  CHECK(tgt_disjoint(nv, 1, 3) && tgt_disjoint(nv, 3, 5) && tgt_disjoint(nv, 1, 6));
  CHECK(!tgt_disjoint(nv, 3, 7)); /* cluster shared contains own shared */
  CHECK(!tgt_disjoint(nv, 0, 1));
  CHECK(!tgt_disjoint(am, 1, 4)); /* constant is part of global memory */
  CHECK(!tgt_disjoint(am, 1, 6) && !tgt_disjoint(am, 4, 7));
  CHECK(tgt_disjoint(am, 1, 3) && tgt_disjoint(am, 3, 5) && tgt_disjoint(am, 2, 3));
  /* null and volatile policy */
  CHECK(!tgt_space(am, 3)->null_is_zero && !tgt_space(am, 5)->null_is_zero);
  CHECK(tgt_space(am, 1)->null_is_zero && tgt_space(nv, 3)->null_is_zero);
  CHECK(tgt_space(nv, 1)->volatile_ok && tgt_space(nv, 3)->volatile_ok);
  CHECK(tgt_space(nv, 5)->volatile_ok && tgt_space(am, 1)->volatile_ok);
  CHECK(!tgt_space(nv, 101)->volatile_ok && !tgt_space(am, 7)->volatile_ok);
  CHECK(!tgt_volatile_ok(nv, 1, true) && tgt_volatile_ok(nv, 1, false));
  CHECK(tgt_space(sp, 0)->volatile_ok);
  /* kernels and allocas */
  CHECK(sp->kernel_cc == 76 && nv->kernel_cc == 71 && am->kernel_cc == 91);
  CHECK(gx->kernel_dllexport && !strcmp(gx->kernel_md, "genx.kernels"));
  CHECK(nv->generic_alloca_is_private && !sp->generic_alloca_is_private &&
        !am->generic_alloca_is_private);
  CHECK(nv->kernel_ptr_args_global && !sp->kernel_ptr_args_global);
}

static void test_join(void) {
  int vals[] = {LAT_UNINIT, LAT_GENERIC, 0, 1, 3, 5, 101};
  int n = (int)(sizeof vals / sizeof vals[0]);
  for (int i = 0; i < n; i++) {
    int a = vals[i];
    CHECK(lat_join(LAT_UNINIT, a) == a);
    CHECK(lat_join(a, LAT_UNINIT) == a);
    CHECK(lat_join(a, a) == a);
    CHECK(lat_join(LAT_GENERIC, a) == LAT_GENERIC);
    for (int j = 0; j < n; j++) {
      int b = vals[j];
      CHECK(lat_join(a, b) == lat_join(b, a)); /* commutative */
      for (int k = 0; k < n; k++) {            /* associative */
        int c = vals[k];
        CHECK(lat_join(lat_join(a, b), c) == lat_join(a, lat_join(b, c)));
      }
      if (a >= 0 && b >= 0 && a != b)
        CHECK(lat_join(a, b) == LAT_GENERIC);
    }
  }
  const TgtTable *sp = tgt_by_name("spir");
  CHECK(!strcmp(lat_name(sp, LAT_UNINIT), "uninit"));
  CHECK(!strcmp(lat_name(sp, LAT_GENERIC), "generic"));
  CHECK(!strcmp(lat_name(sp, 3), "local"));
}

/* Seed 001's meet_address_vote, every pair: old vote in {UNDET, each
   concrete space of every table, POISON} x observation in {invalid, each
   concrete space}.  The expected value is written out case by case. */
static void test_vote_meet(void) {
  CHECK(VOTE_UNDET == 1000 && VOTE_POISON == 2000 && VOTE_UNSET == 256);
  const char *tables[] = {"spir", "nvptx", "amdgcn", "genx"};
  for (unsigned ti = 0; ti < 4; ti++) {
    const TgtTable *t = tgt_by_name(tables[ti]);
    int olds[64], no = 0;
    olds[no++] = VOTE_UNDET;
    for (unsigned i = 0; i < t->nspaces; i++)
      olds[no++] = t->spaces[i].as;
    olds[no++] = VOTE_POISON;
    for (int a = 0; a < no; a++) {
      int old = olds[a];
      /* an invalid observation poisons whatever the old vote */
      CHECK(ipmsp_meet(old, false, 0) == VOTE_POISON);
      for (unsigned j = 0; j < t->nspaces; j++) {
        int obs = t->spaces[j].as, want;
        if (old == VOTE_UNDET)
          want = obs;         /* bottom adopts */
        else if (old == VOTE_POISON)
          want = VOTE_POISON; /* top absorbs */
        else if (old == obs)
          want = old;         /* agreement keeps */
        else
          want = VOTE_POISON; /* the concrete spaces are an antichain */
        CHECK(ipmsp_meet(old, true, obs) == want);
        /* UNSET is scratch: no meet ever produces it */
        CHECK(ipmsp_meet(old, true, obs) != VOTE_UNSET);
      }
    }
  }
  /* NVPTX's spaces by number */
  CHECK(ipmsp_meet(VOTE_UNDET, true, 1) == 1);
  CHECK(ipmsp_meet(1, true, 1) == 1);
  CHECK(ipmsp_meet(1, true, 3) == VOTE_POISON);
  CHECK(ipmsp_meet(3, true, 7) == VOTE_POISON);
  CHECK(ipmsp_meet(VOTE_POISON, true, 6) == VOTE_POISON);
  CHECK(ipmsp_meet(5, false, 5) == VOTE_POISON);
}

static void test_strmap(void) {
  StrMap m = {0};
  CHECK(smap_find(&m, "a") == MAP_NONE);
  char key[32];
  for (unsigned i = 0; i < 1000; i++) {
    snprintf(key, sizeof key, "f%u.as1_3", i);
    smap_put(&m, key, i);
  }
  smap_put(&m, "f7.as1_3", 77);
  CHECK(m.n == 1000);
  CHECK(smap_find(&m, "f7.as1_3") == 77);
  CHECK(smap_find(&m, "f999.as1_3") == 999);
  CHECK(smap_find(&m, "f1000.as1_3") == MAP_NONE);
  smap_free(&m);
  CHECK(smap_find(&m, "f1.as1_3") == MAP_NONE);
}

/* gasp_alias_as / gasp_alias: the disjoint-spaces rule with the tables' classes. */
static void test_alias(void) {
  /* generic on either side, same space, unknown space/target: may alias */
  CHECK(gasp_alias_as("spir", 4, 1, 0) == GASP_MAY_ALIAS);
  CHECK(gasp_alias_as("spir", 3, 4, 0) == GASP_MAY_ALIAS);
  CHECK(gasp_alias_as("spir", 1, 1, 0) == GASP_MAY_ALIAS);
  CHECK(gasp_alias_as("spir", 1, 9, 0) == GASP_MAY_ALIAS);
  CHECK(gasp_alias_as("x86_64-linux-gnu", 1, 3, 0) == GASP_MAY_ALIAS);
  CHECK(gasp_alias_as(NULL, 1, 3, 0) == GASP_MAY_ALIAS);
  CHECK(gasp_alias_as("nvptx", 0, 3, 0) == GASP_MAY_ALIAS);
  /* different classes: no alias (names and triples alike) */
  CHECK(gasp_alias_as("spir", 1, 3, 0) == GASP_NO_ALIAS);
  CHECK(gasp_alias_as("spir64-unknown-unknown", 3, 0, 0) == GASP_NO_ALIAS);
  CHECK(gasp_alias_as("spir", 1, 2, 0) == GASP_NO_ALIAS);
  CHECK(gasp_alias_as("nvptx64-nvidia-cuda", 1, 3, 0) == GASP_NO_ALIAS);
  CHECK(gasp_alias_as("nvptx", 5, 101, 0) == GASP_NO_ALIAS);
  CHECK(gasp_alias_as("amdgcn", 3, 5, 0) == GASP_NO_ALIAS);
  /* the table decides: same class */
  CHECK(gasp_alias_as("amdgcn", 1, 4, 0) == GASP_MAY_ALIAS);
  CHECK(gasp_alias_as("amdgcn-amd-amdhsa", 6, 7, 0) == GASP_MAY_ALIAS);
  CHECK(gasp_alias_as("nvptx", 3, 7, 0) == GASP_MAY_ALIAS);
  /* private in global memory: private and global may alias, local not */
  CHECK(gasp_alias_as("spir", 0, 1, 1) == GASP_MAY_ALIAS);
  CHECK(gasp_alias_as("spir", 0, 3, 1) == GASP_NO_ALIAS);
  CHECK(gasp_alias_as("nvptx", 5, 1, 1) == GASP_MAY_ALIAS);

  /* pointer values: the spaces of their types, the module's triple */
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = LLVMModuleCreateWithNameInContext("m", ctx);
  LLVMSetTarget(m, "spir64-unknown-unknown");
  LLVMTypeRef ps[] = {LLVMPointerTypeInContext(ctx, 1), LLVMPointerTypeInContext(ctx, 3),
                      LLVMPointerTypeInContext(ctx, 4), LLVMInt32TypeInContext(ctx)};
  LLVMValueRef f =
      LLVMAddFunction(m, "f", LLVMFunctionType(LLVMVoidTypeInContext(ctx), ps, 4, 0));
  LLVMValueRef g = LLVMGetParam(f, 0), l = LLVMGetParam(f, 1), gen = LLVMGetParam(f, 2);
  GaspOptions o;
  gasp_options_init(&o);
  GaspCtx *cx = gasp_ctx_new(&o);
  CHECK(gasp_alias(cx, g, l) == GASP_NO_ALIAS);
  CHECK(gasp_alias(cx, g, gen) == GASP_MAY_ALIAS);
  CHECK(gasp_alias(cx, g, g) == GASP_MAY_ALIAS);
  CHECK(gasp_alias(cx, g, LLVMGetParam(f, 3)) == GASP_MAY_ALIAS); /* not a pointer */
  CHECK(gasp_alias(cx, LLVMConstNull(ps[0]), l) == GASP_NO_ALIAS); /* b's module */
  gasp_ctx_free(cx);
  o.target_as = "amdgcn"; /* the option overrides the triple */
  cx = gasp_ctx_new(&o);
  CHECK(gasp_alias(cx, g, l) == GASP_NO_ALIAS);
  CHECK(gasp_alias(cx, g, LLVMConstNull(LLVMPointerTypeInContext(ctx, 4))) ==
        GASP_MAY_ALIAS); /* amdgcn constant is global memory */
  gasp_ctx_free(cx);
  LLVMSetTarget(m, "x86_64-unknown-linux-gnu"); /* no table: may alias */
  o.target_as = NULL;
  cx = gasp_ctx_new(&o);
  CHECK(gasp_alias(cx, g, l) == GASP_MAY_ALIAS);
  gasp_ctx_free(cx);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
}

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

/* Loop depth (dom.c): a nest of two loops, a block after them, an
   unreachable block; and the cost model's weights for them. */
/* Parses ir (a complete module text) in ctx; checks that it parsed. */
static LLVMModuleRef parse_ok(LLVMContextRef ctx, const char *ir, size_t n) {
  char *err = NULL;
  LLVMModuleRef m = gasp_parse_module(ctx, "mem", ir, n, &err);
  CHECK(m && !err);
  free(err);
  return m;
}

static void test_loop_depth(void) {
  LLVMContextRef ctx = LLVMContextCreate();
  const char ir[] = "define void @f(i1 %c) {\n"
                    "entry:\n  br label %outer\n"
                    "outer:\n  br label %inner\n"
                    "inner:\n  br i1 %c, label %inner, label %latch\n"
                    "latch:\n  br i1 %c, label %outer, label %exit\n"
                    "exit:\n  ret void\n"
                    "dead:\n  br label %inner\n}\n";
  LLVMModuleRef m = parse_ok(ctx, ir, sizeof ir - 1);
  if (m) {
    LLVMValueRef f = LLVMGetNamedFunction(m, "f");
    unsigned want[] = {0, 1, 2, 1, 0, 0}, weight[] = {1, 8, 64, 8, 1, 1}, k = 0;
    Dom *d = dom_new(f);
    Dom *lazy = NULL;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb), k++) {
      CHECK(dom_loop_depth(d, bb) == want[k]);
      CHECK(dom_use_weight(&lazy, LLVMGetBasicBlockTerminator(bb)) == weight[k]);
    }
    CHECK(k == 6);
    dom_free(d);
    dom_free(lazy);
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(ctx);
}

/* The fact store's one numbering: an unnamed space gets the same bit in
   every analysis of the run, whatever order each meets the spaces in, and
   the store's summary reads sets with that numbering (per-instance
   numbering once made addrspace(9) of one analysis addrspace(8) of another). */
static void test_facts_numbering(void) {
  const char ir[] =
      "target triple = \"spir64\"\n"
      "define spir_func void @f1(ptr addrspace(9) %a) {\n"
      "  %g = addrspacecast ptr addrspace(9) %a to ptr addrspace(4)\n"
      "  store i32 1, ptr addrspace(4) %g, align 4\n  ret void\n}\n"
      "define spir_func void @f2(ptr addrspace(8) %b, ptr addrspace(9) %a) {\n"
      "  %h = addrspacecast ptr addrspace(8) %b to ptr addrspace(4)\n"
      "  %g = addrspacecast ptr addrspace(9) %a to ptr addrspace(4)\n"
      "  store i32 1, ptr addrspace(4) %h, align 4\n"
      "  store i32 2, ptr addrspace(4) %g, align 4\n  ret void\n}\n";
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ok(ctx, ir, sizeof ir - 1);
  if (m) {
    const TgtTable *t = tgt_by_name("spir");
    Facts *f = facts_new(t, m);
    Space *a = facts_space(f), *b = facts_space(f);
    LLVMValueRef f1 = LLVMGetNamedFunction(m, "f1"), f2 = LLVMGetNamedFunction(m, "f2");
    LLVMValueRef g1 = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(f1));
    LLVMValueRef h2 = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(f2));
    LLVMValueRef g2 = LLVMGetNextInstruction(h2);
    CHECK(space_analyse(a, f1, NULL));
    uint32_t in_a = space_mask(a, g1, NULL);
    CHECK(space_analyse(b, f2, NULL));
    uint32_t nine = space_mask(b, g2, NULL), eight = space_mask(b, h2, NULL);
    CHECK(in_a == nine);          /* addrspace(9): one bit in both */
    CHECK(nine && eight && nine != eight);
    CHECK(in_a == 1u << t->nspaces); /* numbered first, by the first analysis */
    CHECK(space_bit_as(b, t->nspaces) == 9 && space_bit_as(a, t->nspaces + 1) == 8);
    CHECK(facts_nums(f)->n == 2);
    const MemSummary *ms = facts_summary(f, NULL);
    CHECK(mem_summary_nums(ms) == facts_nums(f)); /* the summary numbers the same way */
    space_free(a);
    space_free(b);
    facts_free(f);
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(ctx);
}

/* Counts, at the end of each pass, how often the run's store computed its
   summary. */
typedef struct Seen {
  GaspCtx *cx;
  char log[256];
} Seen;
static void seen_hook(void *user, const char *pass, int after) {
  Seen *s = user;
  if (!after || !s->cx->facts)
    return;
  size_t n = strlen(s->log);
  snprintf(s->log + n, sizeof s->log - n, "%s:%u ", pass,
           facts_counts(s->cx->facts).summaries);
}

/* The store keeps the memory summary and reachability until a change of
   code: asked twice, computed once; after facts_code_changed, computed
   again.  In the pipeline (on a helper memsum leaves alone: an outside
   caller may hand it anything): a pass that changed code (lower dispatches
   the generic store on its tag) makes memsum compute it again; one that
   added only metadata (alias: the scopes of the global store) does not;
   one that changed nothing does not. */
static void test_facts_invalidation(void) {
  const char ir[] =
      "target triple = \"spir64\"\n"
      "define spir_func void @h(ptr addrspace(4) %pp, ptr addrspace(1) %g) {\n"
      "  %p = load ptr addrspace(4), ptr addrspace(4) %pp, align 8\n"
      "  store i32 1, ptr addrspace(4) %p, align 4\n"
      "  store i32 3, ptr addrspace(1) %g, align 4\n  ret void\n}\n";
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ok(ctx, ir, sizeof ir - 1);
  if (m) {
    Facts *f = facts_new(tgt_by_name("spir"), m);
    unsigned rounds = 0;
    const MemSummary *s1 = facts_summary(f, &rounds);
    CHECK(rounds > 0);
    const MemSummary *s2 = facts_summary(f, &rounds);
    CHECK(s1 == s2 && rounds == 0 && facts_counts(f).summaries == 1);
    const Reach *r1 = facts_reach(f), *r2 = facts_reach(f);
    CHECK(r1 == r2 && facts_counts(f).reaches == 1);
    facts_code_changed(f);
    (void)facts_summary(f, &rounds);
    (void)facts_reach(f);
    CHECK(rounds > 0 && facts_counts(f).summaries == 2 && facts_counts(f).reaches == 2);
    facts_free(f);
    LLVMDisposeModule(m);
  }
  /* the pipeline reports the changes */
  const char *lists[] = {"memsum,alias,memsum", "memsum,lower,memsum", "memsum,memsum"};
  const char *want[] = {"memsum:1 alias:1 memsum:1 ", "memsum:1 lower:1 memsum:2 ",
                        "memsum:1 memsum:1 "};
  for (int i = 0; i < 3; i++) {
    GaspOptions o;
    gasp_options_init(&o);
    o.passes = lists[i];
    o.lower_generic = GASP_LOWER_TAGS;
    Seen seen = {0};
    o.pass_hook = seen_hook;
    o.pass_hook_user = &seen;
    GaspCtx *cx = gasp_ctx_new(&o);
    seen.cx = cx;
    LLVMModuleRef mm = parse_ok(ctx, ir, sizeof ir - 1);
    if (mm) {
      CHECK(gasp_run(cx, mm) == GASP_OK);
      CHECK(!strcmp(seen.log, want[i]));
      if (strcmp(seen.log, want[i]))
        printf("  %s: got '%s'\n", lists[i], seen.log);
      CHECK(cx->facts == NULL); /* freed with the run */
      LLVMDisposeModule(mm);
    }
    gasp_ctx_free(cx);
  }
  LLVMContextDispose(ctx);
}

/* What ipmsp gave up on is kept as data (schema.c's outcome) and read back
   by both the explanations and the call graph: with no clone budget, the
   helper called with global and local memory says "clone budget
   exhausted" in the Missed remark and in its call-graph node. */
static void test_facts_outcomes(void) {
  const char ir[] =
      "target triple = \"spir64\"\n"
      "define internal spir_func void @h(ptr addrspace(4) %p) {\n  store i32 1, ptr "
      "addrspace(4) %p, align 4\n  ret void\n}\n"
      "define spir_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %l) {\n"
      "  %x = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)\n"
      "  %y = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)\n"
      "  call spir_func void @h(ptr addrspace(4) %x)\n"
      "  call spir_func void @h(ptr addrspace(4) %y)\n  ret void\n}\n";
  GaspOptions o;
  gasp_options_init(&o);
  o.clone_budget = 0;
  o.remarks = GASP_REMARKS_ALL;
  LLVMContextRef ctx = LLVMContextCreate();
  GaspCtx *cx = gasp_ctx_new(&o);
  LLVMModuleRef m = parse_ok(ctx, ir, sizeof ir - 1);
  if (m) {
    CHECK(gasp_run(cx, m) == GASP_OK);
    LLVMValueRef h = LLVMGetNamedFunction(m, "h");
    CHECK(schema_fn_outcome(h) == OUTCOME_CLONE_BUDGET);
    bool said = false;
    for (size_t i = 0; i < gasp_remark_count(cx); i++)
      said |= strstr(gasp_remark(cx, i)->message, "stays generic: clone budget exhausted") != NULL;
    CHECK(said);
    char *dot = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&dot, &len);
    gasp_write_callgraph(cx, m, GASP_CALLGRAPH_ALL, f);
    fclose(f);
    CHECK(dot && strstr(dot, "not cloned: clone budget exhausted (--clone-budget)") != NULL);
    free(dot);
    /* written and read back through the schema alone */
    int spaces[] = {3};
    schema_publish(h, spaces, 1, "orig", OUTCOME_CLONE_COST);
    char fam[32];
    int back[4];
    CHECK(schema_fn_outcome(h) == OUTCOME_CLONE_COST);
    CHECK(schema_fn_family(h, fam, sizeof fam) && !strcmp(fam, "orig"));
    CHECK(schema_fn_spaces(h, back, 4) == 1 && back[0] == 3);
    schema_publish(h, NULL, 0, NULL, OUTCOME_NONE);
    CHECK(schema_fn_outcome(h) == OUTCOME_NONE && !schema_fn_family(h, fam, sizeof fam));
    LLVMDisposeModule(m);
  }
  gasp_ctx_free(cx);
  LLVMContextDispose(ctx);
}

/* The store's re-inference set: a function said twice waits once, in the
   order first said; taking it empties the set (the `reinfer` step takes
   it after each pass that filled it). */
static void test_facts_reinfer_set(void) {
  const char ir[] = "define void @a() {\n  ret void\n}\ndefine void @b() {\n  ret void\n}\n";
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ok(ctx, ir, sizeof ir - 1);
  if (m) {
    Facts *f = facts_new(tgt_by_name("nvptx"), m);
    LLVMValueRef a = LLVMGetNamedFunction(m, "a"), b = LLVMGetNamedFunction(m, "b");
    CHECK(facts_reinfer_pending(f) == 0);
    facts_reinfer_later(f, b);
    facts_reinfer_later(f, a);
    facts_reinfer_later(f, b);
    CHECK(facts_reinfer_pending(f) == 2);
    ValVec got = {0};
    facts_take_reinfer(f, &got);
    CHECK(got.n == 2 && got.v[0] == b && got.v[1] == a);
    CHECK(facts_reinfer_pending(f) == 0);
    facts_reinfer_later(f, a); /* waits again once taken */
    CHECK(facts_reinfer_pending(f) == 1);
    vec_free(&got);
    facts_free(f);
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(ctx);
}

/* specialize.c's services: a clone's name per tuple of spaces and per
   field shape; the registry finds a clone by its key and its family by its
   name; one --clone-budget for every pass's clones (two registries, as
   ipmsp's and fields' invocations have, share the run's count), each
   refusal met once per registry and remarked once a run; the cost rule and its words. */
static void test_spec_registry(void) {
  const char ir[] = "target triple = \"nvptx64-nvidia-cuda\"\n"
                    "define void @h(ptr %p, i32 %n, ptr %q) {\n"
                    "  store i32 %n, ptr %p, align 4\n  store i32 %n, ptr %q, align 4\n"
                    "  ret void\n}\n";
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ok(ctx, ir, sizeof ir - 1);
  GaspOptions o;
  gasp_options_init(&o);
  o.clone_budget = 1;
  o.clone_cost = 8;
  GaspCtx *cx = gasp_ctx_new(&o);
  if (m && cx_select_target(cx, m)) {
    LLVMValueRef h = LLVMGetNamedFunction(m, "h");
    int as[] = {1, 0};
    char *key = specs_key_spaces(cx->tgt, "h", as, 2);
    CHECK(!strcmp(key, "h.as1_g"));
    MemFieldFact ff[] = {{0, 8, 3, 0}, {2, 0, 1, 0}, {1, 8, 1, 16}};
    char *fkey = specs_key_fields("h", ff, 3);
    CHECK(!strcmp(fkey, "h.f0o8as3_2o0as1_1o8s16as1"));
    Specs *ip = specs_new(cx, m), *fs = specs_new(cx, m);
    bool first = true;
    CHECK(specs_find(ip, key) == NULL);
    LLVMValueRef c = specs_make(ip, h, LLVMGlobalGetValueType(h), key, "h", false, &first);
    CHECK(c && !first && specs_find(ip, key) == c && specs_find(fs, key) == NULL);
    size_t len;
    CHECK(specs_made(ip, LLVMGetValueName2(c, &len)) && !specs_made(ip, "h"));
    CHECK(!strcmp(specs_family(ip, LLVMGetValueName2(c, &len)), "h"));
    CHECK(!strcmp(specs_family(ip, "other"), "other"));
    /* the budget (1) is the run's: the other registry is refused, once */
    CHECK(specs_make(fs, h, LLVMGlobalGetValueType(h), fkey, "h", false, &first) == NULL);
    CHECK(first);
    CHECK(specs_make(fs, h, LLVMGlobalGetValueType(h), fkey, "h", false, &first) == NULL);
    CHECK(!first);
    CHECK(facts_clone_count(facts_of(cx, m)) == 1);
    /* the cost rule: copies x size <= limit x named */
    CHECK(specs_copies_pay(cx, 1, 16, 2) && !specs_copies_pay(cx, 2, 16, 2));
    char buf[256];
    specs_reason(buf, sizeof buf, cx, SPEC_COST, &(SpecCost){2, 16, 16, 2, NULL});
    CHECK(!strcmp(buf, "2 more copies of its 16 instructions would name 2 uses, 16 counting "
                       "loops (more than 8 instructions a use; --clone-cost)"));
    CHECK(!strcmp(specs_outcome_text(OUTCOME_CLONE_BUDGET),
                  specs_reason(buf, sizeof buf, cx, SPEC_BUDGET, NULL)));
    /* a refusal is met once per registry; its remark is said once a run,
       whichever registry (a pass that runs twice) meets it */
    CHECK(specs_first_report(fs, SPEC_COST, "g"));
    CHECK(!specs_first_report(fs, SPEC_COST, "g"));
    Specs *again = specs_new(cx, m);
    CHECK(specs_first_report(again, SPEC_COST, "g"));
    specs_free(again);
    Facts *f = facts_of(cx, m);
    CHECK(facts_first_report(f, "CloneTooCostly|g") && !facts_first_report(f, "CloneTooCostly|g"));
    specs_free(ip);
    specs_free(fs);
    free(key);
    free(fkey);
  } else {
    CHECK(!"the module parses and has a target");
  }
  gasp_ctx_free(cx);
  if (m)
    LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
}

/* The forward walk: every use of a pointer and of what it moves to, in
   order (first-in first-out), classified; places follow the asker's
   moves; with dedup a phi cycle is walked once; last-in first-out takes
   the latest pointer first; depth counts moves. */
static void test_fwd(void) {
  const char ir[] =
      "target datalayout = \"e-p:64:64\"\n"
      "declare void @g(ptr)\n"
      "define void @f(ptr %p, i1 %c) {\n"
      "entry:\n"
      "  %a = getelementptr inbounds i8, ptr %p, i64 8\n"
      "  %x = load i32, ptr %p, align 4\n"
      "  br label %loop\n"
      "loop:\n"
      "  %q = phi ptr [ %a, %entry ], [ %r, %loop ]\n"
      "  %r = getelementptr inbounds i8, ptr %q, i64 4\n"
      "  store ptr %q, ptr %r, align 8\n"
      "  call void @g(ptr %r)\n"
      "  %i = ptrtoint ptr %r to i64\n"
      "  %e = icmp eq ptr %r, null\n"
      "  br i1 %c, label %loop, label %out\n"
      "out:\n  ret void\n}\n";
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ok(ctx, ir, sizeof ir - 1);
  if (m) {
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
    LLVMValueRef f = LLVMGetNamedFunction(m, "f");
    Fwd w;
    fwd_init(&w, FWD_FIFO | FWD_DEDUP);
    fwd_start(&w, LLVMGetParam(f, 0), place_at(0, 0));
    FwdKind kinds[16];
    int64_t offs[16];
    unsigned depths[16], n = 0;
    for (FwdUse u; n < 16 && fwd_next(&w, &u); n++) {
      kinds[n] = u.kind;
      offs[n] = u.at.off;
      depths[n] = u.depth;
      if (u.kind == FWD_GEP) {
        int64_t g, gs;
        CHECK(ir_gep_offset(td, u.user, &g, &gs) && gs == 0);
        fwd_follow(&w, u.user, place_add(u.at, g, gs));
      } else if (u.kind == FWD_MERGE) {
        fwd_follow(&w, u.user, place_at(0, 1)); /* a phi: anywhere */
      }
    }
    /* in LLVM's use order (the latest use first): %p: load, gep %a; %a:
       phi; %q: store (of it), gep %r; %r: icmp, ptrtoint, call, store
       (into it), phi (again: not re-walked) */
    FwdKind want[] = {FWD_LOAD, FWD_GEP, FWD_MERGE, FWD_STORE, FWD_GEP,
                      FWD_CMP, FWD_TOINT, FWD_CALL, FWD_STORE, FWD_MERGE};
    CHECK(n == sizeof want / sizeof want[0]);
    for (unsigned k = 0; k < n && k < sizeof want / sizeof want[0]; k++)
      CHECK(kinds[k] == want[k]);
    CHECK(n >= 3 && offs[1] == 0 && offs[2] == 8 && depths[2] == 1);
    CHECK(n >= 6 && depths[5] == 3 && offs[5] == 0); /* %r: anywhere + 4 */
    LLVMValueRef q = LLVMGetFirstInstruction(LLVMGetNextBasicBlock(LLVMGetEntryBasicBlock(f)));
    CHECK(fwd_reached(&w, q) && !fwd_reached(&w, LLVMGetParam(f, 1)));
    /* last in, first out: %p's uses, then %a's (the last followed);
       without a follow nothing past the root is walked */
    fwd_free(&w);
    fwd_init(&w, FWD_LIFO);
    fwd_start(&w, LLVMGetParam(f, 0), place_at(0, 0));
    n = 0;
    LLVMValueRef users[4];
    for (FwdUse u; n < 4 && fwd_next(&w, &u); n++) {
      users[n] = u.user;
      if (u.kind == FWD_GEP && u.depth == 0)
        fwd_follow(&w, u.user, u.at);
    }
    CHECK(n == 3 && LLVMIsALoadInst(users[0]) && LLVMIsAGetElementPtrInst(users[1]) &&
          LLVMIsAPHINode(users[2]));
    CHECK(fwd_kind(users[1], LLVMGetParam(f, 0)) == FWD_GEP);
    fwd_free(&w);
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(ctx);
}

/* A pool owns what is allocated in it and what its bound containers grow:
   contents survive growth, early drops unlink one block, and one release
   frees the rest (LeakSanitizer, under make check-asan, sees a leak). */
static void test_pool(void) {
  Pool pool = {0};
  unsigned char *z = pool_alloc(&pool, 64);
  bool zero = true;
  for (int i = 0; i < 64; i++)
    zero = zero && z[i] == 0;
  CHECK(zero);
  VEC(uint32_t) v = {.pool = &pool};
  for (uint32_t i = 0; i < 5000; i++)
    vec_push(&v, i * 3);
  bool kept = v.n == 5000;
  for (uint32_t i = 0; i < v.n; i++)
    kept = kept && v.v[i] == i * 3;
  CHECK(kept);
  PtrMap m = {.pool = &pool};
  static char keys[3000];
  for (uint32_t i = 0; i < 3000; i++)
    map_put(&m, &keys[i], i);
  bool found = m.n == 3000;
  for (uint32_t i = 0; i < 3000; i++)
    found = found && map_find(&m, &keys[i]) == i;
  CHECK(found);
  char *s = pool_strdup(&pool, "clone.as1");
  CHECK(!strcmp(s, "clone.as1"));
  /* dropping a block in the middle of the list leaves the others */
  pool_drop(&pool, z);
  CHECK(!strcmp(s, "clone.as1") && v.v[4999] == 4999 * 3);
  /* emptied containers stay bound: growing again allocates in the pool */
  vec_free(&v);
  map_free(&m);
  CHECK(v.pool == &pool && m.pool == &pool && !v.n && !m.n);
  vec_push(&v, 7u);
  map_put(&m, &keys[0], 9);
  CHECK(v.v[0] == 7 && map_find(&m, &keys[0]) == 9);
  pool_release(&pool);
  CHECK(pool.head == NULL);
  /* a released pool is usable again; the heap (an unbound VEC) is apart */
  ValVec heap = {0};
  vec_push(&heap, NULL);
  uint32_t *again = pool_alloc(&pool, sizeof *again);
  CHECK(heap.pool == NULL && *again == 0 && pool.head != NULL);
  pool_release(&pool);
  vec_free(&heap);
  /* with no pool: calloc, realloc and free */
  unsigned char *h = pool_alloc(NULL, 32);
  CHECK(h[0] == 0 && h[31] == 0);
  pool_drop(NULL, h);
  void *p = pool_resize(NULL, NULL, 16);
  p = pool_resize(NULL, p, 4096);
  pool_drop(NULL, p);
  CHECK(p != NULL);
}


/* A deliberately broken clone choice is caught by --verify-spaces
   (spacecheck.c): after resolve (the check runs before lower), a hook
   sends the kernel's call to
   the helper's global clone to its private clone instead, the global
   pointer cast generic -> private on the way — the shape of the wrong code
   of three rounds.  The run must end in an internal error naming the
   kernel; the same module without the injection passes the check. */
typedef struct Inject {
  LLVMModuleRef m;
  bool done;
} Inject;

/* The call in fn to a clone of @h whose parameter is in space as. */
static LLVMValueRef call_to_clone(LLVMValueRef fn, int as) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      LLVMValueRef f = LLVMIsACallInst(i) ? LLVMGetCalledValue(i) : NULL;
      size_t n;
      const char *name = f && LLVMIsAFunction(f) ? LLVMGetValueName2(f, &n) : "";
      if (!strncmp(name, "h.", 2) && LLVMCountParams(f) == 1 &&
          ir_ptr_as(LLVMTypeOf(LLVMGetParam(f, 0))) == as)
        return i;
    }
  return NULL;
}

static void inject_bad_clone_call(void *user, const char *pass, int after) {
  Inject *in = user;
  if (!after || !pass || strcmp(pass, "resolve") || in->done)
    return;
  LLVMValueRef k = LLVMGetNamedFunction(in->m, "k");
  LLVMValueRef to_global = call_to_clone(k, 1), to_private = call_to_clone(k, 0);
  CHECK(to_global && to_private);
  if (!to_global || !to_private)
    return;
  LLVMValueRef priv = LLVMGetCalledValue(to_private);
  LLVMContextRef c = LLVMGetModuleContext(in->m);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c);
  LLVMPositionBuilderBefore(b, to_global);
  LLVMValueRef g = LLVMBuildAddrSpaceCast(b, LLVMGetOperand(to_global, 0),
                                          LLVMPointerTypeInContext(c, 4), "g");
  LLVMValueRef p = LLVMBuildAddrSpaceCast(b, g, LLVMPointerTypeInContext(c, 0), "wrong");
  LLVMValueRef call = LLVMBuildCall2(b, LLVMGlobalGetValueType(priv), priv, &p, 1, "");
  LLVMSetInstructionCallConv(call, LLVMGetInstructionCallConv(to_global));
  LLVMInstructionEraseFromParent(to_global);
  LLVMDisposeBuilder(b);
  in->done = true;
}

static void test_spacecheck_injected(void) {
  const char ir[] =
      "target triple = \"spir64-unknown-unknown\"\n"
      "define internal spir_func void @h(ptr addrspace(4) %p) {\n  store i32 1, ptr "
      "addrspace(4) %p, align 4\n  ret void\n}\n"
      "define spir_kernel void @k(ptr addrspace(1) %o) {\n"
      "  %a = alloca i32, align 4\n"
      "  %x = addrspacecast ptr addrspace(1) %o to ptr addrspace(4)\n"
      "  %y = addrspacecast ptr %a to ptr addrspace(4)\n"
      "  call spir_func void @h(ptr addrspace(4) %x)\n"
      "  call spir_func void @h(ptr addrspace(4) %y)\n"
      "  %v = load i32, ptr %a, align 4\n  store i32 %v, ptr addrspace(1) %o, align 4\n"
      "  ret void\n}\n";
  for (int inject = 0; inject < 2; inject++) {
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef m = parse_ok(ctx, ir, sizeof ir - 1);
    Inject in = {m, false};
    GaspOptions o;
    gasp_options_init(&o);
    o.verify_spaces = 1;
    if (inject) {
      o.pass_hook = inject_bad_clone_call;
      o.pass_hook_user = &in;
    }
    GaspCtx *cx = gasp_ctx_new(&o);
    if (m) {
      GaspStatus st = gasp_run(cx, m);
      if (!inject) {
        CHECK(st == GASP_OK);
      } else {
        CHECK(in.done);
        CHECK(st == GASP_ERR_INTERNAL);
        bool named = false;
        for (size_t i = 0; i < gasp_diag_count(cx); i++)
          named |= strstr(gasp_diag_message(cx, i), "in @k") &&
                   strstr(gasp_diag_message(cx, i), "claims private") &&
                   strstr(gasp_diag_message(cx, i), "@h.as0");
        if (!named)
          for (size_t i = 0; i < gasp_diag_count(cx); i++)
            fprintf(stderr, "  diag: %s\n", gasp_diag_message(cx, i));
        CHECK(named);
      }
    }
    gasp_ctx_free(cx);
    LLVMContextDispose(ctx);
  }
}

int main(void) {
  test_spacecheck_injected();
  test_pool();
  test_fwd();
  test_facts_numbering();
  test_facts_invalidation();
  test_facts_outcomes();
  test_facts_reinfer_set();
  test_spec_registry();
  test_parse();
  test_loop_depth();
  test_library_contract();
  test_options_copied();
  test_context_reuse();
  test_refusal_unchanged();
  test_triples();
  test_tables();
  test_join();
  test_vote_meet();
  test_strmap();
  test_alias();
  printf("unit: %d passed, %d failed\n", passed, failed);
  return failed != 0;
}
