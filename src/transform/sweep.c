/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* sweep.c — functions no entry point reaches, deleted (for ipmsp, after its
 * waves: internal originals whose every call went to a clone, and clones
 * whose callers were redirected again).
 *
 * Entry points: kernels, functions outside code may call (not internal:
 * world.c) and functions used other than by an instruction (initializers,
 * llvm.used).  A function is reached when an entry point names it, directly
 * or through reached functions — a call, or any other use in an
 * instruction (an address taken).  What is not reached and the caller may
 * delete goes, a cycle of such functions too (mutual recursion whose every
 * outside call was redirected keeps calling itself): a dead function's
 * uses are all in dead functions, so they are replaced by poison first,
 * then all are deleted.  Linear in the module: who names whom is read from
 * each function's use list, then sorted by namer (counting sort).
 *
 * Tests: test/ipmsp/ (clones and originals deleted: dead-cycle.cl and the
 * clone tests' CHECK-NOTs).
 */
#include "transform/transform.h"

size_t sweep_unreached(const TgtTable *t, LLVMModuleRef m,
                       bool (*may_delete)(void *arg, LLVMValueRef f),
                       void (*deleting)(void *arg, LLVMValueRef f), void *arg) {
  Pool scratch = {0};
  /* the module's functions, numbered */
  PtrMap idx = {.pool = &scratch};
  ValVec fns = {.pool = &scratch};
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    map_put(&idx, f, (uint32_t)fns.n);
    vec_push(&fns, f);
  }
  /* who names whom: read from each function's use list (its calls and
     other uses, a few each) rather than from every operand of every
     instruction; then by namer, counting sort */
  VEC(uint32_t) from = {.pool = &scratch}, to = {.pool = &scratch};
  uint8_t *live = pool_alloc(&scratch, fns.n + 1);
  VEC(uint32_t) work = {.pool = &scratch};
  for (size_t g = 0; g < fns.n; g++) {
    LLVMValueRef f = fns.v[g];
    bool entry = !world_internal(f) || tgt_is_kernel(t, f);
    for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (!LLVMIsAInstruction(user)) {
        entry = true;
        continue;
      }
      LLVMBasicBlockRef bb = LLVMGetInstructionParent(user);
      uint32_t k = bb ? map_find(&idx, LLVMGetBasicBlockParent(bb)) : MAP_NONE;
      if (k != MAP_NONE) {
        vec_push(&from, k);
        vec_push(&to, (uint32_t)g);
      }
    }
    if (entry) {
      live[g] = 1;
      vec_push(&work, (uint32_t)g);
    }
  }
  uint32_t *start = pool_alloc(&scratch, (fns.n + 1) * sizeof *start);
  uint32_t *named = pool_alloc(&scratch, (to.n + 1) * sizeof *named);
  for (size_t e = 0; e < from.n; e++)
    start[from.v[e] + 1]++;
  for (size_t k = 0; k < fns.n; k++)
    start[k + 1] += start[k];
  for (size_t e = 0; e < from.n; e++)
    named[start[from.v[e]]++] = to.v[e];
  for (size_t k = fns.n; k > 0; k--) /* back to each namer's first */
    start[k] = start[k - 1];
  start[0] = 0;
  while (work.n) {
    uint32_t f = work.v[--work.n];
    for (uint32_t e = start[f]; e < start[f + 1]; e++)
      if (!live[named[e]]) {
        live[named[e]] = 1;
        vec_push(&work, named[e]);
      }
  }
  ValVec dead = {.pool = &scratch};
  for (size_t k = 0; k < fns.n; k++)
    if (!live[k] && LLVMGetFirstBasicBlock(fns.v[k]) && may_delete(arg, fns.v[k]))
      vec_push(&dead, fns.v[k]);
  for (size_t k = 0; k < dead.n; k++)
    LLVMReplaceAllUsesWith(dead.v[k], LLVMGetPoison(LLVMTypeOf(dead.v[k])));
  for (size_t k = 0; k < dead.n; k++) {
    deleting(arg, dead.v[k]);
    LLVMDeleteFunction(dead.v[k]);
  }
  size_t n = dead.n;
  pool_release(&scratch);
  return n;
}
