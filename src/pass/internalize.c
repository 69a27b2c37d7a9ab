/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* internalize.c — the closed world of --whole-program (world.c).
 *
 * Problem.  ipmsp must keep every externally visible original for callers
 * outside the module, and reach.c must assume such callers pass anything.
 * When the module is the whole device program (OpenCL built with
 * clBuildProgram, CUDA/HIP without -fgpu-rdc) there are none: GPU compilers
 * internalize everything but the kernels before this kind of work.  This
 * pass does the same, only under --whole-program (otherwise it does
 * nothing, so it can stay first in the default pipeline).
 *
 * Algorithm.
 *   1. Roots: kernels, functions listed in llvm.used / llvm.compiler.used,
 *      and functions whose address is stored in an externally visible
 *      global variable (outside code can read it and call them).
 *   2. Every other defined function with non-local linkage (external, weak,
 *      linkonce, common; not available_externally, whose real definition is
 *      elsewhere) becomes internal, with default visibility and no DLL
 *      storage class (its comdat stays: an internal member is valid IR);
 *      what it had is saved (!gasp.linkage), and the `externalize` pass
 *      gives it back to the functions still there at the pipeline's end —
 *      internal linkage is for gasp's passes, not for the back end
 *      (externalize.c says why).
 *   3. Internal functions that no function staying (kernels, roots,
 *      functions still visible outside) reaches through calls or taken
 *      addresses are removed: those without a use, the callees only they
 *      used, and cycles of them (a recursive helper nothing else calls).
 *
 * Example: `define spir_func void @h(ptr addrspace(4) %p)` called by one
 * kernel becomes `define internal spir_func void @h(...)`, so ipmsp
 * rewrites its signature in place instead of cloning it.
 *
 * Requires: nothing.  Preserves: kernels and their signatures, everything
 * in llvm.used.  Debug name: internalize.  Statistics: internalize.*.
 * Tests: test/internalize/whole-program.ll, test/internalize/externalize.ll.
 */
#include "pass/pass.h"

#include <string.h>

static const GaspStatDesc st_internalized = {
    "internalize.functions", "functions made internal (--whole-program)"};
static const GaspStatDesc st_removed = {
    "internalize.removed", "functions removed: nothing calls them (--whole-program)"};

/* ---- 1. roots ------------------------------------------------------------ */

static void mark_used_list(LLVMModuleRef m, const char *name, PtrMap *roots) {
  LLVMValueRef gv = LLVMGetNamedGlobal(m, name);
  LLVMValueRef init = gv ? LLVMGetInitializer(gv) : NULL;
  if (!init)
    return;
  int n = LLVMGetNumOperands(init);
  for (int i = 0; i < n; i++) {
    LLVMValueRef v = LLVMGetOperand(init, (unsigned)i);
    while (v && LLVMIsAConstantExpr(v)) /* a cast around it */
      v = LLVMGetOperand(v, 0);
    if (v && LLVMIsAFunction(v))
      map_put(roots, v, 1);
  }
}

/* A global variable outside code can read (not the llvm.used lists). */
static bool visible_global(LLVMValueRef gv) {
  size_t len;
  const char *n = LLVMGetValueName2(gv, &len);
  return !world_internal(gv) && strcmp(n, "llvm.used") && strcmp(n, "llvm.compiler.used");
}

/* Is constant c (a user of a function) part of the initializer of a global
   variable that code outside the module can read? */
static bool in_visible_initializer(LLVMValueRef c, unsigned depth) {
  if (depth > 64)
    return true; /* cannot tell: keep the function */
  for (LLVMUseRef u = LLVMGetFirstUse(c); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsAGlobalVariable(user) ? visible_global(user)
        : LLVMIsAConstant(user) && !LLVMIsAGlobalValue(user)
            ? in_visible_initializer(user, depth + 1)
            : false)
      return true;
  }
  return false;
}

/* fn's address is stored where code outside the module can read it. */
static bool escapes(LLVMValueRef fn) {
  for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsAGlobalVariable(user) ? visible_global(user)
        : LLVMIsAConstant(user) && !LLVMIsAGlobalValue(user) ? in_visible_initializer(user, 0)
                                                             : false)
      return true;
  }
  return false;
}

/* ---- 3. dead functions ---------------------------------------------------- */

/* Must f stay whatever calls it: defined and visible outside, a kernel, in
   llvm.used / llvm.compiler.used (roots), or used by anything but an
   instruction (a global's initializer, an alias: gasp does not follow
   those)? */
static bool stays(const TgtTable *t, LLVMValueRef f, const PtrMap *roots) {
  if (!world_internal(f) || tgt_is_kernel(t, f) || map_get(roots, f, NULL))
    return true;
  for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u))
    if (!LLVMIsAInstruction(LLVMGetUser(u)))
      return true;
  return false;
}

/* Removes the internal functions no function that stays can reach through
   the functions its instructions use (calls, addresses taken): a function
   without a use, the callees only it used, and cycles of them — a
   recursive helper nothing else calls.  One walk from the functions that
   stay, then the rest go: their uses (all in functions that go too) are
   replaced by poison first, so none is deleted while another still names
   it. */
static unsigned remove_dead(const TgtTable *t, LLVMModuleRef m, const PtrMap *roots) {
  PtrMap live;
  map_init(&live);
  ValVec work = {0}, dead = {0};
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (LLVMIsDeclaration(f) || stays(t, f, roots)) {
      map_put(&live, f, 1);
      vec_push(&work, f);
    }
  while (work.n) {
    LLVMValueRef f = work.v[--work.n];
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        int n = LLVMGetNumOperands(i); /* callees, and functions used otherwise */
        for (int k = 0; k < n; k++) {
          LLVMValueRef c = LLVMGetOperand(i, (unsigned)k);
          if (c && LLVMIsAFunction(c) && !map_get(&live, c, NULL)) {
            map_put(&live, c, 1);
            vec_push(&work, c);
          }
        }
      }
  }
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (!map_get(&live, f, NULL))
      vec_push(&dead, f);
  for (size_t k = 0; k < dead.n; k++)
    if (LLVMGetFirstUse(dead.v[k]))
      LLVMReplaceAllUsesWith(dead.v[k], LLVMGetPoison(LLVMTypeOf(dead.v[k])));
  for (size_t k = 0; k < dead.n; k++)
    LLVMDeleteFunction(dead.v[k]);
  unsigned removed = (unsigned)dead.n;
  vec_free(&work);
  vec_free(&dead);
  map_free(&live);
  return removed;
}

/* ---- entry --------------------------------------------------------------- */

bool internalize_run(PassRun *run) {
  GaspCtx *cx = run->cx;
  LLVMModuleRef m = run->m;
  facts_pass_entry(cx, m);
  if (!cx->opt.whole_program)
    return false;
  const TgtTable *t = cx->tgt;
  PtrMap roots;
  map_init(&roots);
  mark_used_list(m, "llvm.used", &roots);
  mark_used_list(m, "llvm.compiler.used", &roots);
  unsigned made = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) || world_internal(f) || tgt_is_kernel(t, f) ||
        map_get(&roots, f, NULL) || escapes(f) ||
        LLVMGetLinkage(f) == LLVMAvailableExternallyLinkage)
      continue;
    schema_linkage_save(f); /* externalize.c gives it back at the pipeline's end */
    LLVMSetLinkage(f, LLVMInternalLinkage);
    LLVMSetVisibility(f, LLVMDefaultVisibility);
    LLVMSetDLLStorageClass(f, LLVMDefaultStorageClass);
    made++;
  }
  unsigned removed = remove_dead(t, m, &roots);
  map_free(&roots);
  cx_stat(cx, &st_internalized, made);
  cx_stat(cx, &st_removed, removed);
  GaspRemark *r = cx_remark(cx, GASP_REMARK_PASSED, "Internalized", NULL, NULL);
  rm_arg(r, "Functions", "%u", made);
  rm_arg(r, "String", " function%s made internal, ", made == 1 ? "" : "s");
  rm_arg(r, "Removed", "%u", removed);
  rm_arg(r, "String", " without callers removed (--whole-program: the kernels are the only "
                      "entry points)");
  rm_done(r);
  return made || removed;
}
