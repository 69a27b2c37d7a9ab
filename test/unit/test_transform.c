/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* test_transform.c — unit tests: the vote lattice, the clone registry, what a
 * clone buys, the sweep of unreached functions, the tag scheme (src/transform). */
#include "unit.h"

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
      CHECK(votes_meet(old, false, 0) == VOTE_POISON);
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
        CHECK(votes_meet(old, true, obs) == want);
        /* UNSET is scratch: no meet ever produces it */
        CHECK(votes_meet(old, true, obs) != VOTE_UNSET);
      }
    }
  }
  /* NVPTX's spaces by number */
  CHECK(votes_meet(VOTE_UNDET, true, 1) == 1);
  CHECK(votes_meet(1, true, 1) == 1);
  CHECK(votes_meet(1, true, 3) == VOTE_POISON);
  CHECK(votes_meet(3, true, 7) == VOTE_POISON);
  CHECK(votes_meet(VOTE_POISON, true, 6) == VOTE_POISON);
  CHECK(votes_meet(5, false, 5) == VOTE_POISON);
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
  LLVMModuleRef m = unit_parse(ctx, ir, sizeof ir - 1);
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
    Facts *store = facts_new(cx->tgt, m); /* the run's, as pipeline_run makes it */
    Specs *ip = specs_new(cx, m, store), *fs = specs_new(cx, m, store);
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
    CHECK(facts_clone_count(store) == 1);
    /* the cost rule: copies x size <= limit x named */
    CHECK(specs_copies_pay(cx, 1, 16, 2) && !specs_copies_pay(cx, 2, 16, 2));
    char buf[256];
    specs_reason(buf, sizeof buf, cx, SPEC_COST, &(SpecCost){2, 16, 16, 2, NULL, false});
    CHECK(!strcmp(buf, "2 more copies of its 16 instructions would name 2 uses, 16 weighed by "
                       "loops and print calls (more than 8 instructions a use; --clone-cost)"));
    specs_reason(buf, sizeof buf, cx, SPEC_COST, &(SpecCost){1, 16, 4, 2, NULL, true});
    CHECK(!strcmp(buf, "1 more copy of its 16 instructions beside the original kept for outside "
                       "callers would name 2 uses, 4 weighed by loops, calls and print calls "
                       "(more than 128 instructions a use; --clone-cost)"));
    CHECK(!strcmp(schema_outcome_text(OUTCOME_CLONE_BUDGET),
                  specs_reason(buf, sizeof buf, cx, SPEC_BUDGET, NULL)));
    /* a refusal is met once per registry; its remark is said once a run,
       whichever registry (a pass that runs twice) meets it */
    CHECK(specs_first_report(fs, SPEC_COST, "g"));
    CHECK(!specs_first_report(fs, SPEC_COST, "g"));
    Specs *again = specs_new(cx, m, store);
    CHECK(specs_first_report(again, SPEC_COST, "g"));
    specs_free(again);
    CHECK(facts_first_report(store, "CloneTooCostly|g") &&
          !facts_first_report(store, "CloneTooCostly|g"));
    specs_free(ip);
    specs_free(fs);
    facts_free(store);
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

/* Functions numbered by their place in the module: BenefitHost for a test. */
static uint32_t order_id(void *arg, LLVMValueRef f) {
  uint32_t k = 0;
  for (LLVMValueRef g = LLVMGetFirstFunction(arg); g; g = LLVMGetNextFunction(g), k++)
    if (g == f)
      return k;
  return MAP_NONE;
}
static LLVMValueRef order_fn(void *arg, uint32_t f) {
  LLVMValueRef g = LLVMGetFirstFunction(arg);
  while (f-- && g)
    g = LLVMGetNextFunction(g);
  return g;
}
static bool every_param(void *arg, uint32_t c, unsigned a) { return true; }
static unsigned fn_size(void *arg, uint32_t f) { return ir_copy_cost(order_fn(arg, f)); }

/* What a clone would buy (benefit.c): a parameter a load goes through
   pays; one only compared does not; one handed to a callee parameter that
   loads pays through it; a use in a loop weighs 16.  Under a limit a
   callee counts net of its own copy: @ld's one load does not pay for its
   copy (nothing left for @pass), @loop's 16 do (@passloop keeps the rest). */
static void test_benefit(void) {
  const char ir[] =
      "target triple = \"spir64\"\n"
      "define internal spir_func i32 @ld(ptr addrspace(4) %p) {\n"
      "  %v = load i32, ptr addrspace(4) %p, align 4\n  ret i32 %v\n}\n"
      "define internal spir_func i1 @cmp(ptr addrspace(4) %p, ptr addrspace(4) %q) {\n"
      "  %c = icmp eq ptr addrspace(4) %p, %q\n  ret i1 %c\n}\n"
      "define internal spir_func i32 @pass(ptr addrspace(4) %p) {\n"
      "  %v = call spir_func i32 @ld(ptr addrspace(4) %p)\n  ret i32 %v\n}\n"
      "define internal spir_func void @loop(ptr addrspace(4) %p, i32 %n) {\n"
      "entry:\n  br label %l\n"
      "l:\n  %i = phi i32 [ 0, %entry ], [ %j, %l ]\n"
      "  store i32 %i, ptr addrspace(4) %p, align 4\n"
      "  %j = add i32 %i, 1\n  %d = icmp eq i32 %j, %n\n  br i1 %d, label %x, label %l\n"
      "x:\n  ret void\n}\n"
      "define internal spir_func void @passloop(ptr addrspace(4) %p, i32 %n) {\n"
      "  call spir_func void @loop(ptr addrspace(4) %p, i32 %n)\n  ret void\n}\n";
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = unit_parse(ctx, ir, sizeof ir - 1);
  if (m) {
    BenefitHost host = {m, order_id, order_fn, every_param, fn_size, 0};
    Benefit *b = benefit_new(tgt_by_name("spir"), host);
    CHECK(benefit_pays(b, 0, 0));                       /* @ld: a load */
    CHECK(!benefit_pays(b, 1, 0) && !benefit_pays(b, 1, 1)); /* @cmp: compared only */
    CHECK(benefit_pays(b, 2, 0));                       /* @pass: through @ld */
    unsigned raw = 0;
    CHECK(benefit_named_uses(b, 0, 0, &raw) == 1 && raw == 1);
    CHECK(benefit_named_uses(b, 3, 0, &raw) == 16 && raw == 1); /* in a loop */
    CHECK(benefit_named_uses(b, 2, 0, NULL) == 1);   /* no limit: @ld's load */
    benefit_forget(b, 0);
    CHECK(benefit_pays(b, 0, 0));
    benefit_free(b);
    host.limit = 1;
    b = benefit_new(tgt_by_name("spir"), host);
    unsigned loop_size = ir_copy_cost(order_fn(m, 3));
    CHECK(ir_copy_cost(order_fn(m, 0)) > 1 && benefit_named_uses(b, 2, 0, NULL) == 0);
    CHECK(loop_size < 16 && benefit_named_uses(b, 4, 0, NULL) == 16 - loop_size);
    benefit_free(b);
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(ctx);
}

static bool any_internal(void *arg, LLVMValueRef f) { return world_internal(f); }
static void count_deleted(void *arg, LLVMValueRef f) { (*(unsigned *)arg)++; }

/* The sweep (sweep.c): what no entry point reaches goes, a cycle too;
   what the kernel calls, what is visible outside and what a global's
   initializer names stay. */
static void test_sweep(void) {
  const char ir[] =
      "target triple = \"spir64\"\n"
      "@keep = global ptr @named\n"
      "define spir_kernel void @k() {\n  call spir_func void @a()\n  ret void\n}\n"
      "define internal spir_func void @a() {\n  ret void\n}\n"
      "define internal spir_func void @b() {\n  call spir_func void @c()\n  ret void\n}\n"
      "define internal spir_func void @c() {\n  call spir_func void @b()\n  ret void\n}\n"
      "define internal spir_func void @d() {\n  ret void\n}\n"
      "define internal spir_func void @named() {\n  ret void\n}\n"
      "define spir_func void @outside() {\n  ret void\n}\n";
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = unit_parse(ctx, ir, sizeof ir - 1);
  if (m) {
    unsigned told = 0;
    CHECK(sweep_unreached(tgt_by_name("spir"), m, any_internal, count_deleted, &told) == 3);
    CHECK(told == 3);
    CHECK(!LLVMGetNamedFunction(m, "b") && !LLVMGetNamedFunction(m, "c") &&
          !LLVMGetNamedFunction(m, "d"));
    CHECK(LLVMGetNamedFunction(m, "a") && LLVMGetNamedFunction(m, "named") &&
          LLVMGetNamedFunction(m, "outside") && LLVMGetNamedFunction(m, "k"));
    CHECK(!LLVMVerifyModule(m, LLVMReturnStatusAction, NULL));
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(ctx);
}

/* The tag scheme (tags.c) reads the tables: private 001, local 010, global
   000; NVPTX constant 011; spaces without a tag say so. */
static void test_tags(void) {
  const TgtTable *sp = tgt_by_name("spir"), *nv = tgt_by_name("nvptx"),
                 *am = tgt_by_name("amdgcn");
  Tags ts = {NULL, sp, NULL, NULL, false, false}, tn = ts, ta = ts;
  tn.t = nv;
  ta.t = am;
  CHECK(tags_space_tag(&ts, 0) == 1 && tags_space_tag(&ts, 3) == 2 && tags_space_tag(&ts, 1) == 0);
  CHECK(tags_space_tag(&tn, 5) == 1 && tags_space_tag(&tn, 3) == 2 && tags_space_tag(&tn, 4) == 3);
  CHECK(tags_space_tag(&tn, 101) < 0 && tags_untagged(&tn, 101) && !tags_untagged(&tn, 0));
  CHECK(tags_space_tag(&ta, 5) == 1 && tags_space_tag(&ta, 3) == 2 && tags_space_tag(&ta, 4) == 0);
  CHECK(tags_untagged(&ta, 2)); /* region */
}

/* The tag a pointer carries whatever its address (tags_known_tag): the
   tag lower sets with no null test, through GEPs, on an alloca (the
   ptrtoint an instruction) or a variable (a constant's); not a tag behind
   a null test (a select), not another mask or bits outside 61-63, not a
   tag of 0 (global's: no tag was set). */
static void test_known_tag(void) {
  const char ir[] =
      "target triple = \"nvptx64-nvidia-cuda\"\n"
      "@lv = internal addrspace(3) global [4 x i32] undef\n"
      "define void @f(i32 %i, ptr addrspace(3) %l) {\n"
      "  %a = alloca i32\n"
      "  %pa = ptrtoint ptr %a to i64\n  %ca = and i64 %pa, 2305843009213693951\n"
      "  %oa = or i64 %ca, 2305843009213693952\n  %ta = inttoptr i64 %oa to ptr\n"
      "  %g1 = getelementptr i8, ptr %ta, i32 %i\n  %g2 = getelementptr i32, ptr %g1, i32 1\n"
      "  %cv = and i64 ptrtoint (ptr addrspacecast (ptr addrspace(3) @lv to ptr) to i64), "
      "2305843009213693951\n"
      "  %ov = or i64 %cv, 4611686018427387904\n  %tv = inttoptr i64 %ov to ptr\n"
      "  %gl = addrspacecast ptr addrspace(3) %l to ptr\n"
      "  %pl = ptrtoint ptr %gl to i64\n  %cl = and i64 %pl, 2305843009213693951\n"
      "  %ol = or i64 %cl, 4611686018427387904\n  %t0 = inttoptr i64 %ol to ptr\n"
      "  %nn = icmp ne ptr addrspace(3) %l, null\n  %tl = select i1 %nn, ptr %t0, ptr %gl\n"
      "  %cm = and i64 %pa, 1152921504606846975\n  %om = or i64 %cm, 2305843009213693952\n"
      "  %tm = inttoptr i64 %om to ptr\n"
      "  %ob = or i64 %ca, 2305843009213693953\n  %tb = inttoptr i64 %ob to ptr\n"
      "  %tz = inttoptr i64 %ca to ptr\n"
      "  ret void\n}\n";
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = unit_parse(ctx, ir, sizeof ir - 1);
  if (m) {
    LLVMValueRef f = LLVMGetNamedFunction(m, "f"), by[32] = {0}, g = NULL;
    const char *names[] = {"a", "ta", "g2", "tv", "t0", "tl", "tm", "tb", "tz"};
    unsigned n = 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(f)); i;
         i = LLVMGetNextInstruction(i))
      for (unsigned k = 0; k < sizeof names / sizeof *names; k++)
        if (!strcmp(ir_name(i), names[k]))
          by[k] = i, n++;
    CHECK(n == sizeof names / sizeof *names);
    CHECK(tags_known_tag(by[1], &g) == 1 && g == by[0]);   /* the alloca's */
    g = NULL;
    CHECK(tags_known_tag(by[2], &g) == 1 && g == by[0]);   /* through two GEPs */
    CHECK(tags_known_tag(by[3], &g) == 2 && LLVMIsAConstantExpr(g)); /* @lv's */
    CHECK(tags_known_tag(by[4], &g) == 2);                 /* the tag itself */
    CHECK(tags_known_tag(by[5], &g) == -1);                /* behind a null test */
    CHECK(tags_known_tag(by[6], &g) == -1);                /* another mask */
    CHECK(tags_known_tag(by[7], &g) == -1);                /* a bit below 61 set */
    CHECK(tags_known_tag(by[8], &g) == -1);                /* no or: no tag set */
    CHECK(tags_known_tag(by[0], &g) == -1);                /* the alloca itself */
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(ctx);
}

void unit_transform(void) {
  test_vote_meet();
  test_spec_registry();
  test_benefit();
  test_sweep();
  test_tags();
  test_known_tag();
}
