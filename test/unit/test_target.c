/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* test_target.c — unit tests: the target tables, triples, alias classes (src/target). */
#include "unit.h"

#include <string.h>

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
  CHECK(tgt_space(am, 1)->null_is_zero && tgt_space(nv, 1)->null_is_zero);
  /* NVPTX's windows: a variable sits at shared or constant address 0 (sm_70-86),
     and cvta of a named 0 is the window's base, not generic null */
  CHECK(!tgt_space(nv, 3)->null_is_zero && !tgt_space(nv, 5)->null_is_zero);
  CHECK(!tgt_space(nv, 4)->null_is_zero && !tgt_space(nv, 7)->null_is_zero);
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
  /* whether the back end realigns a local function's parameters */
  CHECK(nv->local_args_realigned && !am->local_args_realigned && !sp->local_args_realigned);
}

static void test_lat_name(void) {
  const TgtTable *sp = tgt_by_name("spir");
  CHECK(!strcmp(lat_name(sp, LAT_UNINIT), "uninit"));
  CHECK(!strcmp(lat_name(sp, LAT_GENERIC), "generic"));
  CHECK(!strcmp(lat_name(sp, 3), "local"));
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

/* The pieces a back end splits a wide access into, by the function's CPU
   and features: AMDGPU private memory through MUBUF scratch only. */
static void test_split_bytes(void) {
  const TgtTable *am = tgt_by_name("amdgcn"), *nv = tgt_by_name("nvptx");
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = LLVMModuleCreateWithNameInContext("m", ctx);
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), NULL, 0, 0);
  static const struct {
    const char *cpu, *features;
    unsigned piece;
  } cases[] = {
      {NULL, NULL, 4},                     /* llc's default CPU: MUBUF */
      {"gfx90a", "+gfx9-insts", 4},        /* CDNA2 */
      {"gfx1030", NULL, 4},                /* RDNA2: MUBUF by default */
      {"gfx942", NULL, 0},                 /* architected flat scratch */
      {"gfx950", NULL, 0},
      {"gfx1100", NULL, 0},
      {"gfx1201", NULL, 0},
      {"gfx11-generic", NULL, 0},
      {"gfx90a", "+gfx9-insts,+enable-flat-scratch", 0},
      {"gfx90a", "+max-private-element-size-16", 0},
      {"gfx90a", "+max-private-element-size-8,+gfx9-insts", 8},
      {"gfx90a", "+gfx9-insts,+max-private-element-size-160", 4}, /* not that feature */
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    LLVMValueRef f = LLVMAddFunction(m, "f", fty);
    if (cases[i].cpu)
      LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                              LLVMCreateStringAttribute(ctx, "target-cpu", 10, cases[i].cpu,
                                                        (unsigned)strlen(cases[i].cpu)));
    if (cases[i].features)
      LLVMAddAttributeAtIndex(
          f, LLVMAttributeFunctionIndex,
          LLVMCreateStringAttribute(ctx, "target-features", 15, cases[i].features,
                                    (unsigned)strlen(cases[i].features)));
    CHECK(tgt_split_bytes(am, am->priv, f) == cases[i].piece);
    CHECK(tgt_split_bytes(am, am->global, f) == 0); /* global is never split */
    CHECK(tgt_split_bytes(nv, nv->priv, f) == 0);   /* nor another target's */
    LLVMDeleteFunction(f);
  }
  CHECK(tgt_split_bytes(am, am->priv, NULL) == 0);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
}

/* Which accesses the table lets infer name where: a cmpxchg never NVPTX
   private (ptxas refuses atom.local.cas), a warp matrix access only NVPTX
   global and shared (PTX's wmma.load/store have no other space). */
static void test_access_kinds(void) {
  const TgtTable *nv = tgt_by_name("nvptx"), *am = tgt_by_name("amdgcn");
  CHECK(tgt_access_ok(nv, nv->priv, false, TGT_ACC_PLAIN, false));
  CHECK(!tgt_access_ok(nv, nv->priv, false, TGT_ACC_CAS, false));
  CHECK(tgt_access_ok(nv, nv->local, false, TGT_ACC_CAS, false));
  CHECK(tgt_access_ok(nv, nv->global, false, TGT_ACC_MATRIX, false));
  CHECK(tgt_access_ok(nv, nv->local, false, TGT_ACC_MATRIX, false));
  CHECK(!tgt_access_ok(nv, nv->priv, false, TGT_ACC_MATRIX, false));
  CHECK(!tgt_access_ok(nv, nv->constant, false, TGT_ACC_MATRIX, false));
  CHECK(!tgt_access_ok(nv, 101, false, TGT_ACC_MATRIX, false)); /* param */
  CHECK(!tgt_access_ok(am, am->global, false, TGT_ACC_MATRIX, false));
}

void unit_target(void) {
  test_triples();
  test_access_kinds();
  test_tables();
  test_lat_name();
  test_alias();
  test_split_bytes();
}
