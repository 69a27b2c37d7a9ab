/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* linkage.c — the early run's clones, as LLVM's inliner would see their
 * originals (the early run's last pass), and internal again for the late
 * run (its second).
 *
 * Problem.  The plugin's early run makes clones before LLVM's inliner
 * (`splitclones`: the callees of the calls callsplit divided by space).
 * A clone is internal, and it has one caller or two; the inliner gives a
 * function of local linkage whose last call it is considering a large
 * bonus (LLVM's last-call-to-static bonus), so such a clone is inlined
 * whatever its size — where clang's own build calls the original, which
 * is external or linkonce_odr (a C++ template, an inline function) and
 * gets no bonus.  test/plugin/Inputs/split-big.cl (a 90-statement helper
 * called once with `c ? local : global`): clang's build calls it; the
 * plugin's inlined both clones, 4,255 machine instructions and a 64-byte
 * stack where the two calls take 4,172 and 56 (clang's).  What to inline
 * is LLVM's decision, and it should be the one it makes for clang's
 * build.
 *
 * Rule.  Early run (GaspOptions.early_run): a defined internal function
 * whose `!gasp.as` names a family (schema_fn_family: "clone of @f") whose
 * root @f is defined with
 *   - external linkage: the clone becomes external with hidden visibility
 *     (no bonus; an exact definition, so FunctionAttrs infers its
 *     readonly/captures for the kernels' parameters, as it does for @f);
 *   - linkonce_odr or weak_odr linkage: the clone becomes linkonce_odr
 *     (what clang gives @f: no bonus, dropped when nothing calls it, no
 *     attributes inferred from the body — as for @f).
 * Its name is fresh (the family and the spaces), so no other definition
 * can take its place at link time.
 * Late run: a defined function of non-local linkage with a family note
 * that is not its own name is one the early run gave its original's
 * class; it becomes internal again (only gasp's calls reach it: ipmsp
 * may retype it in place, reach.c trusts its callers), noting the class
 * for externalize.c (where the back end lowers a local function's
 * parameters otherwise, the ABI table keeps them as for that class), and
 * is deleted
 * when nothing uses it (the inliner inlined every call; an external clone
 * is not dropped by LLVM).
 * Under --whole-program the same: the early run leaves the originals'
 * linkage as clang's build has it (internalize acts in the late run, after
 * this pass, and externalize gives it back at that run's end).  gasp-opt's
 * pipelines make no early run: nothing to do.
 *
 * Remark: none.  Debug name: linkage.  Statistics: linkage.relinked,
 * linkage.internal, linkage.removed.  Tests: test/plugin/linkage.test.
 */
#include "pass/pass.h"

#include <string.h>

static const GaspStatDesc st_relinked = {
    "linkage.relinked", "early clones given their original's linkage class for LLVM's inliner"};
static const GaspStatDesc st_internal = {
    "linkage.internal", "early clones made internal again in the late run"};
static const GaspStatDesc st_removed = {
    "linkage.removed", "early clones nothing calls any more, removed in the late run"};

/* The root of fn's family when fn is a clone (not the root itself),
   malloc'd; NULL otherwise. */
static char *family_of(LLVMValueRef fn) {
  char *fam = schema_fn_family(fn);
  if (fam && !strcmp(fam, LLVMGetValueName2(fn, &(size_t){0}))) {
    free(fam);
    fam = NULL;
  }
  return fam;
}

static unsigned relink(LLVMModuleRef m) {
  unsigned n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (!LLVMGetFirstBasicBlock(f) || !world_internal(f))
      continue;
    char *fam = family_of(f);
    LLVMValueRef root = fam ? LLVMGetNamedFunction(m, fam) : NULL;
    free(fam);
    if (!root || root == f || LLVMIsDeclaration(root))
      continue;
    switch (LLVMGetLinkage(root)) {
    case LLVMExternalLinkage:
      LLVMSetLinkage(f, LLVMExternalLinkage);
      LLVMSetVisibility(f, LLVMHiddenVisibility);
      n++;
      break;
    case LLVMLinkOnceODRLinkage:
    case LLVMWeakODRLinkage:
      LLVMSetLinkage(f, LLVMLinkOnceODRLinkage);
      n++;
      break;
    default: /* local, interposable: as made */
      break;
    }
  }
  return n;
}

static unsigned internal_again(GaspCtx *cx, LLVMModuleRef m) {
  unsigned n = 0, removed = 0;
  LLVMValueRef next;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = next) {
    next = LLVMGetNextFunction(f);
    if (!LLVMGetFirstBasicBlock(f) || world_internal(f))
      continue;
    char *fam = family_of(f);
    bool clone = fam != NULL;
    free(fam);
    if (!clone)
      continue;
    schema_root_linkage_set(f, LLVMGetLinkage(f)); /* its root's class (externalize.c) */
    LLVMSetLinkage(f, LLVMInternalLinkage);
    LLVMSetVisibility(f, LLVMDefaultVisibility);
    n++;
    if (!LLVMGetFirstUse(f)) {
      LLVMDeleteFunction(f);
      removed++;
    }
  }
  cx_stat(cx, &st_internal, n);
  cx_stat(cx, &st_removed, removed);
  return n;
}

bool linkage_run(PassRun *run) {
  unsigned n;
  if (run->cx->opt.early_run) {
    n = relink(run->m);
    cx_stat(run->cx, &st_relinked, n);
  } else {
    n = internal_again(run->cx, run->m);
  }
  return n != 0;
}
