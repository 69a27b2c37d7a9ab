/* test_unit.c — unit tests for the target tables and the lattice join.
 * Prints one line per failure and ends with "unit: N passed, M failed". */
#include "gasp_int.h"

#include <stdio.h>
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
  CHECK(tgt_for_triple("") == NULL);
  CHECK(tgt_for_triple(NULL) == NULL);
  CHECK(tgt_by_name("x86") == NULL);
}

static void test_tables(void) {
  const TgtTable *sp = tgt_by_name("spir"), *nv = tgt_by_name("nvptx"),
                 *am = tgt_by_name("amdgcn"), *gx = tgt_by_name("genx");
  /* seed 003 numbering */
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
  CHECK(!tgt_space(nv, 5)->volatile_ok && !tgt_space(am, 1)->volatile_ok);
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

int main(void) {
  test_triples();
  test_tables();
  test_join();
  printf("unit: %d passed, %d failed\n", passed, failed);
  return failed != 0;
}
