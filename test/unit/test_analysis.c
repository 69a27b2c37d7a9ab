/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* test_analysis.c — unit tests: the fact store, loops, readers (src/analysis). */
#include "unit.h"

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
  LLVMModuleRef m = unit_parse(ctx, ir, sizeof ir - 1);
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

/* The inventory: what it says of a module holding each kind and of one
   holding none; kept through facts_keep_only(FACTS_INVENTORY) (a pass that
   copies or retypes code), taken again after facts_keep_only(0); given by
   a pass that made it on the way. */
static void test_facts_inventory(void) {
  const char with[] =
      "target triple = \"nvptx64-nvidia-cuda\"\n"
      "%S = type { i32, i32 }\n"
      "declare void @use(ptr byval(%S))\n"
      "declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)\n"
      "define void @f(ptr %pp, ptr %s) {\n"
      "  %p = load ptr, ptr %pp, align 8\n"
      "  call void @use(ptr byval(%S) %s)\n"
      "  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 4, i1 true)\n  ret void\n}\n";
  const char none[] =
      "target triple = \"nvptx64-nvidia-cuda\"\n"
      "define void @f(ptr addrspace(1) %pp, ptr addrspace(1) %q) {\n"
      "  %p = load ptr addrspace(1), ptr addrspace(1) %pp, align 8\n"
      "  %v = load i32, ptr addrspace(1) %p, align 4\n"
      "  store i32 %v, ptr addrspace(1) %q, align 4\n  ret void\n}\n";
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m1 = unit_parse(ctx, with, sizeof with - 1);
  LLVMModuleRef m2 = unit_parse(ctx, none, sizeof none - 1);
  if (m1 && m2) {
    Facts *f = facts_new(tgt_by_name("nvptx"), m1);
    const Inventory *inv = facts_inventory(f);
    CHECK(inv->generic_ptr_loads && inv->byval_calls && inv->volatile_accesses &&
          inv->generic_accesses);
    facts_keep_only(f, FACTS_INVENTORY);
    (void)facts_inventory(f);
    CHECK(facts_counts(f).inventories == 1);
    facts_keep_only(f, 0);
    (void)facts_inventory(f);
    CHECK(facts_counts(f).inventories == 2);
    facts_free(f);
    f = facts_new(tgt_by_name("nvptx"), m2);
    inv = facts_inventory(f);
    CHECK(!inv->generic_ptr_loads && !inv->byval_calls && !inv->volatile_accesses &&
          !inv->generic_accesses);
    facts_free(f);
    /* made on the way (infer_run): every function's part, then given to
       the store, which answers it without a walk of its own */
    f = facts_new(tgt_by_name("nvptx"), m1);
    Inventory acc = {0};
    for (LLVMValueRef fn = LLVMGetFirstFunction(m1); fn; fn = LLVMGetNextFunction(fn))
      facts_inventory_add(f, fn, &acc);
    facts_inventory_give(f, &acc);
    inv = facts_inventory(f);
    CHECK(inv->generic_ptr_loads && inv->byval_calls && inv->volatile_accesses &&
          inv->generic_accesses && facts_counts(f).inventories == 0);
    facts_free(f);
  }
  if (m1)
    LLVMDisposeModule(m1);
  if (m2)
    LLVMDisposeModule(m2);
  LLVMContextDispose(ctx);
}

/* The store keeps the memory summary and reachability until a change of
   code: asked twice, computed once; after facts_keep_only(0), computed
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
  LLVMModuleRef m = unit_parse(ctx, ir, sizeof ir - 1);
  if (m) {
    Facts *f = facts_new(tgt_by_name("spir"), m);
    unsigned rounds = 0;
    const MemSummary *s1 = facts_summary(f, &rounds);
    CHECK(rounds > 0);
    const MemSummary *s2 = facts_summary(f, &rounds);
    CHECK(s1 == s2 && rounds == 0 && facts_counts(f).summaries == 1);
    const Reach *r1 = facts_reach(f), *r2 = facts_reach(f);
    CHECK(r1 == r2 && facts_counts(f).reaches == 1);
    facts_keep_only(f, 0);
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
    LLVMModuleRef mm = unit_parse(ctx, ir, sizeof ir - 1);
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

typedef struct Gate {
  int limit, asked;   /* passes past the limit are refused */
  char log[256];      /* "name(R)?:run|skip " per question, "+name " per run */
} Gate;

static int gate_pass(void *user, const char *pass, int required) {
  Gate *g = user;
  int go = ++g->asked <= g->limit;
  size_t n = strlen(g->log);
  snprintf(g->log + n, sizeof g->log - n, "%s%s:%s ", pass, required ? "(R)" : "",
           go ? "run" : "skip");
  return go;
}

static void gate_hook(void *user, const char *pass, int after) {
  Gate *g = user;
  size_t n = strlen(g->log);
  if (after)
    snprintf(g->log + n, sizeof g->log - n, "+%s ", pass);
}

/* GaspOptions.pass_gate is asked before each pass: a pass it refuses does
   not run (no pass_hook call, the module unchanged by it), a required one
   (a glue pass, reinfer) runs whatever the answer. */
/* A GaspCarry keeps the run's fact store for the next run on the same
   module: `callsplit` then `splitclones` as two runs clone the split
   callee as one run of both does; without a carry (or for another module)
   the second run starts empty and clones nothing. */
static unsigned count_calls_to(LLVMModuleRef m, const char *prefix) {
  unsigned n = 0;
  LLVMValueRef k = LLVMGetNamedFunction(m, "k");
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(k); b; b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
      size_t len;
      LLVMValueRef f = LLVMIsACallInst(i) ? LLVMGetCalledValue(i) : NULL;
      if (f && !strncmp(LLVMGetValueName2(f, &len), prefix, strlen(prefix)))
        n++;
    }
  return n;
}

/* One run of passes on m with carry (may be NULL); whether it began with
   the store of the run before (pipeline.carried). */
static bool run_carried(LLVMModuleRef m, const char *passes, GaspCarry *carry) {
  GaspOptions o;
  gasp_options_init(&o);
  o.passes = passes;
  o.stats = 1;
  o.clone_cost = 0; /* the carry, not the cost model: @bump's one store pays no copy */
  GaspCtx *cx = gasp_ctx_new(&o);
  gasp_ctx_set_carry(cx, carry);
  CHECK(gasp_run(cx, m) == GASP_OK);
  bool carried = gasp_stat_get(cx, "pipeline.carried") == 1;
  gasp_ctx_free(cx);
  return carried;
}

static void test_carry(void) {
  const char ir[] =
      "target triple = \"nvptx64-nvidia-cuda\"\n"
      "@l = internal addrspace(3) global [4 x i32] poison\n"
      "define internal void @bump(ptr %p, i32 %i) noinline {\n"
      "  %q = getelementptr i32, ptr %p, i32 %i\n"
      "  store i32 1, ptr %q, align 4\n  ret void\n}\n"
      "define ptx_kernel void @k(ptr addrspace(1) %g, i1 %c) {\n"
      "  %gg = addrspacecast ptr addrspace(1) %g to ptr\n"
      "  %p = select i1 %c, ptr addrspacecast (ptr addrspace(3) @l to ptr), ptr %gg\n"
      "  call void @bump(ptr %p, i32 1)\n  ret void\n}\n";
  LLVMContextRef ctx = LLVMContextCreate();
  for (int carried = 0; carried < 2; carried++) {
    LLVMModuleRef m = unit_parse(ctx, ir, sizeof ir - 1);
    if (!m)
      continue;
    GaspCarry *carry = carried ? gasp_carry_new() : NULL;
    CHECK(!run_carried(m, "callsplit", carry));
    CHECK(run_carried(m, "splitclones", carry) == (bool)carried);
    /* the two calls callsplit made go to bump's clones only when carried */
    CHECK(count_calls_to(m, "bump.as") == (carried ? 2u : 0u));
    CHECK(count_calls_to(m, "bump") == 2u);
    /* a carry is a module's: another module's run starts afresh */
    if (carry) {
      LLVMModuleRef other = unit_parse(ctx, ir, sizeof ir - 1);
      CHECK(other && !run_carried(other, "splitclones", carry));
      LLVMDisposeModule(other);
    }
    gasp_carry_free(carry);
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(ctx);
}

static void test_pass_gate(void) {
  const char ir[] =
      "target triple = \"spir64\"\n"
      "define spir_kernel void @k(ptr addrspace(1) %g) {\n"
      "  %p = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)\n"
      "  store i32 1, ptr addrspace(4) %p, align 4\n  ret void\n}\n";
  LLVMContextRef ctx = LLVMContextCreate();
  for (int limit = 0; limit < 3; limit++) {
    GaspOptions o;
    gasp_options_init(&o);
    o.passes = "forget,infer,alias";
    Gate g = {limit, 0, ""};
    o.pass_gate = gate_pass;
    o.pass_hook = gate_hook;
    o.pass_hook_user = &g;
    GaspCtx *cx = gasp_ctx_new(&o);
    LLVMModuleRef m = unit_parse(ctx, ir, sizeof ir - 1);
    if (m) {
      CHECK(gasp_run(cx, m) == GASP_OK);
      const char *want[] = {
          "forget(R):skip +forget infer:skip alias:skip ",
          "forget(R):run +forget infer:skip alias:skip ",
          "forget(R):run +forget infer:run +infer alias:skip "};
      CHECK(!strcmp(g.log, want[limit]));
      if (strcmp(g.log, want[limit]))
        printf("  limit %d: got '%s'\n", limit, g.log);
      /* the store stays generic unless infer ran */
      LLVMValueRef k = LLVMGetNamedFunction(m, "k");
      LLVMValueRef st = LLVMGetPreviousInstruction(
          LLVMGetLastInstruction(LLVMGetEntryBasicBlock(k)));
      unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(st, 1)));
      CHECK(as == (limit >= 2 ? 1u : 4u));
      LLVMDisposeModule(m);
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
  LLVMModuleRef m = unit_parse(ctx, ir, sizeof ir - 1);
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
    int back[4];
    CHECK(schema_fn_outcome(h) == OUTCOME_CLONE_COST);
    char *fam = schema_fn_family(h);
    CHECK(fam && !strcmp(fam, "orig"));
    free(fam);
    CHECK(schema_fn_spaces(h, back, 4) == 1 && back[0] == 3);
    /* a family of thousands of characters (C++ names) reads back whole, so
       that a run over gasp's own output republishes it unchanged */
    char *lng = xmalloc(5001);
    memset(lng, 'x', 5000);
    lng[5000] = 0;
    schema_publish(h, spaces, 1, lng, OUTCOME_NONE);
    fam = schema_fn_family(h);
    CHECK(fam && strlen(fam) == 5000 && !strcmp(fam, lng));
    schema_publish(h, spaces, 1, fam, OUTCOME_NONE);
    free(fam);
    fam = schema_fn_family(h);
    CHECK(fam && !strcmp(fam, lng));
    free(fam);
    free(lng);
    schema_publish(h, NULL, 0, NULL, OUTCOME_NONE);
    CHECK(schema_fn_outcome(h) == OUTCOME_NONE && !schema_fn_family(h));
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
  LLVMModuleRef m = unit_parse(ctx, ir, sizeof ir - 1);
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

/* Loops (loops.c): an access in a copyable loop whose pointer is a select
   of a local and a global pointer made before the loop is class 1; one
   outside any loop -1; a loop with a barrier (a convergent call) is not
   copyable: class 0. */
static void test_loops(void) {
  const char ir[] =
      "target triple = \"nvptx64-nvidia-cuda\"\n"
      "@t = internal addrspace(3) global [64 x float] zeroinitializer\n"
      "declare void @llvm.nvvm.barrier0() #0\n"
      "define void @f(ptr addrspace(1) %g, i1 %c, i32 %n) {\n"
      "entry:\n"
      "  %gg = addrspacecast ptr addrspace(1) %g to ptr\n"
      "  %p = select i1 %c, ptr addrspacecast (ptr addrspace(3) @t to ptr), ptr %gg\n"
      "  store float 0.0, ptr %p, align 4\n"
      "  br label %l\n"
      "l:\n  %i = phi i32 [ 0, %entry ], [ %j, %l ]\n"
      "  %e = getelementptr float, ptr %p, i32 %i\n"
      "  store float 1.0, ptr %e, align 4\n"
      "  %j = add i32 %i, 1\n  %d = icmp eq i32 %j, %n\n  br i1 %d, label %m, label %l\n"
      "m:\n  br label %b\n"
      "b:\n  %k = phi i32 [ 0, %m ], [ %k1, %b ]\n"
      "  call void @llvm.nvvm.barrier0()\n"
      "  %e2 = getelementptr float, ptr %p, i32 %k\n"
      "  store float 2.0, ptr %e2, align 4\n"
      "  %k1 = add i32 %k, 1\n  %d2 = icmp eq i32 %k1, %n\n  br i1 %d2, label %x, label %b\n"
      "x:\n  ret void\n}\n"
      "attributes #0 = { convergent }\n";
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = unit_parse(ctx, ir, sizeof ir - 1);
  if (m) {
    const TgtTable *t = tgt_by_name("nvptx");
    SpaceNums nums = {0};
    Space *sp = space_new(t, m, &nums);
    LLVMValueRef f = LLVMGetNamedFunction(m, "f");
    CHECK(space_analyse(sp, f, NULL));
    Loops *lp = loops_new(t, sp, f);
    LLVMValueRef stores[3];
    unsigned n = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        if (LLVMIsAStoreInst(i) && n < 3)
          stores[n++] = i;
    CHECK(n == 3);
    if (n == 3) {
      CHECK(loops_class(lp, stores[0]) == -1); /* before any loop */
      CHECK(loops_class(lp, stores[1]) == 1);  /* a copyable loop, two spaces */
      CHECK(loops_class(lp, stores[2]) == 0);  /* a barrier in the loop */
    }
    loops_free(lp);
    space_free(sp);
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(ctx);
}

/* space_names_nothing: true only for a function without a source of a
   named space (a helper taking generic pointers, calling another), false
   for each kind of source; and where it says true, the analysis itself
   finds no candidate with a named space or the null. */
static void test_space_names_nothing(void) {
  const char ir[] =
      "target triple = \"nvptx64-nvidia-cuda\"\n"
      "%S = type { ptr, i32 }\n"
      "@g = internal addrspace(1) global i32 0\n"
      "define void @plain(ptr %a, ptr %b, i32 %n) {\n"
      "  %p = getelementptr i32, ptr %a, i32 %n\n  %v = load i32, ptr %p, align 4\n"
      "  %q = getelementptr i32, ptr %b, i32 1\n  store i32 %v, ptr %q, align 4\n"
      "  call void @calls(ptr %q)\n  ret void\n}\n"
      "define void @calls(ptr %a) {\n  call void @plain(ptr %a, ptr %a, i32 0)\n  ret void\n}\n"
      "define void @alloca(ptr %a) {\n  %s = alloca i32, align 4\n"
      "  store i32 1, ptr %s, align 4\n  ret void\n}\n"
      "define void @cast(ptr addrspace(3) %l) {\n"
      "  %c = addrspacecast ptr addrspace(3) %l to ptr\n  store i32 1, ptr %c, align 4\n"
      "  ret void\n}\n"
      "define i1 @null(ptr %a) {\n  %c = icmp eq ptr %a, null\n  ret i1 %c\n}\n"
      "define void @ptrload(ptr %a) {\n  %p = load ptr, ptr %a, align 8\n"
      "  store i32 1, ptr %p, align 4\n  ret void\n}\n"
      "define void @global(ptr %a) {\n"
      "  %v = load i32, ptr addrspacecast (ptr addrspace(1) @g to ptr), align 4\n"
      "  store i32 %v, ptr %a, align 4\n  ret void\n}\n"
      "define void @i2p(i64 %x) {\n  %p = inttoptr i64 %x to ptr\n"
      "  store i32 1, ptr %p, align 4\n  ret void\n}\n"
      "define void @byval(ptr byval(%S) %s) {\n  %p = getelementptr %S, ptr %s, i32 0, i32 1\n"
      "  store i32 1, ptr %p, align 4\n  ret void\n}\n"
      "define ptx_kernel void @kernel(ptr %a) {\n  store i32 1, ptr %a, align 4\n  ret void\n}\n";
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = unit_parse(ctx, ir, sizeof ir - 1);
  if (m) {
    const TgtTable *t = tgt_by_name("nvptx");
    SpaceNums nums = {0};
    Space *sp = space_new(t, m, &nums);
    static const char *const yes[] = {"plain", "calls"};
    static const char *const no[] = {"alloca", "cast",  "null",  "ptrload",
                                     "global", "i2p",   "byval", "kernel"};
    for (size_t k = 0; k < sizeof yes / sizeof *yes; k++)
      CHECK(space_names_nothing(sp, LLVMGetNamedFunction(m, yes[k])));
    for (size_t k = 0; k < sizeof no / sizeof *no; k++)
      CHECK(!space_names_nothing(sp, LLVMGetNamedFunction(m, no[k])));
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
      if (!space_names_nothing(sp, f))
        continue;
      CHECK(space_analyse(sp, f, NULL));
      for (uint32_t k = 0; k < space_count(sp); k++)
        CHECK(space_mask(sp, space_val(sp, k)->v, NULL) == SP_UNKNOWN);
    }
    space_free(sp);
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(ctx);
}

/* Readers (readers.c): the memo's heights give mem_param_reads_only's
   answer for every parameter, whatever order they are asked in — a chain
   of readers longer than 8 calls (no reader at its head, readers in its
   last 9), a cycle of readers (none), a writer (none) and a reader of a
   writer (none). */
static void test_readers_memo(void) {
  char ir[8192];
  size_t n = (size_t)snprintf(ir, sizeof ir, "target triple = \"spir64\"\n");
  for (int i = 0; i < 12; i++) {
    n += (size_t)snprintf(ir + n, sizeof ir - n,
                          "define internal spir_func i32 @h%d(ptr addrspace(4) %%p) {\n"
                          "  %%v = load i32, ptr addrspace(4) %%p, align 4\n", i);
    if (i < 11)
      n += (size_t)snprintf(ir + n, sizeof ir - n,
                            "  %%w = call spir_func i32 @h%d(ptr addrspace(4) %%p)\n"
                            "  %%s = add i32 %%v, %%w\n  ret i32 %%s\n}\n", i + 1);
    else
      n += (size_t)snprintf(ir + n, sizeof ir - n, "  ret i32 %%v\n}\n");
  }
  n += (size_t)snprintf(ir + n, sizeof ir - n,
      "define internal spir_func i32 @a(ptr addrspace(4) %%p) {\n"
      "  %%v = call spir_func i32 @b(ptr addrspace(4) %%p)\n  ret i32 %%v\n}\n"
      "define internal spir_func i32 @b(ptr addrspace(4) %%p) {\n"
      "  %%v = call spir_func i32 @a(ptr addrspace(4) %%p)\n  ret i32 %%v\n}\n"
      "define internal spir_func void @w(ptr addrspace(4) %%p) {\n"
      "  store i32 1, ptr addrspace(4) %%p, align 4\n  ret void\n}\n"
      "define internal spir_func void @rw(ptr addrspace(4) %%p) {\n"
      "  %%v = load i32, ptr addrspace(4) %%p, align 4\n"
      "  call spir_func void @w(ptr addrspace(4) %%p)\n  ret void\n}\n");
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = unit_parse(ctx, ir, n);
  if (m) {
    LLVMValueRef fns[32];
    unsigned nf = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f && nf < 32; f = LLVMGetNextFunction(f))
      fns[nf++] = f;
    for (int order = 0; order < 2; order++) { /* first to last, then last to first */
      PtrMap memo;
      map_init(&memo);
      unsigned readers = 0;
      for (unsigned j = 0; j < nf; j++) {
        LLVMValueRef f = fns[order ? nf - 1 - j : j];
        bool want = mem_param_reads_only(f, 0);
        CHECK(mem_param_reads_only_memo(f, 0, &memo) == want);
        readers += want;
      }
      CHECK(readers == 9); /* h3 .. h11: at most 8 calls below */
      map_free(&memo);
    }
    CHECK(!mem_param_reads_only(LLVMGetNamedFunction(m, "h2"), 0) &&
          mem_param_reads_only(LLVMGetNamedFunction(m, "h3"), 0));
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(ctx);
}

/* memfix's fixed point follows the carried entries a visit read: @a
   (first in module order) reads only its own parameter's entry; @b, after
   it, passes @c the bits of a pointer it loaded as an integer from @gp
   (which holds a local pointer).  That growth of @c's entry is no reason
   to visit @a again (before: one part for every function's carried bits,
   so a second round); @c, visited after @b, read the grown entry. */
static void test_memfix_carried_entries(void) {
  const char ir[] =
      "target triple = \"spir64\"\n"
      "@lds = internal addrspace(3) global i32 0\n"
      "@gp = internal addrspace(1) global ptr addrspace(3) @lds\n"
      "@gv = addrspace(1) global i64 0\n"
      "define spir_func void @a(i64 %x) {\n"
      "  store i64 %x, ptr addrspace(1) @gv, align 8\n  ret void\n}\n"
      "define spir_func void @b() {\n"
      "  %v = load i64, ptr addrspace(1) @gp, align 8\n"
      "  call spir_func void @c(i64 %v)\n  ret void\n}\n"
      "define internal spir_func void @c(i64 %y) {\n"
      "  store i64 %y, ptr addrspace(1) @gv, align 8\n  ret void\n}\n";
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = unit_parse(ctx, ir, sizeof ir - 1);
  if (m) {
    const TgtTable *t = tgt_by_name("spir");
    Facts *f = facts_new(t, m);
    unsigned rounds = 0;
    const MemSummary *s = facts_summary(f, &rounds);
    CHECK(rounds == 1);
    /* global memory holds a local pointer (the initializer's, and @c's) */
    CHECK(s->held[__builtin_ctz(space_table_bit(t, t->global))] & space_table_bit(t, t->local));
    facts_free(f);
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(ctx);
}

void unit_analysis(void) {
  test_memfix_carried_entries();
  test_loops();
  test_readers_memo();
  test_facts_numbering();
  test_facts_invalidation();
  test_facts_inventory();
  test_space_names_nothing();
  test_facts_outcomes();
  test_pass_gate();
  test_carry();
  test_facts_reinfer_set();
}
