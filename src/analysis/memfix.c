/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* memfix.c — the memory summary's fixed point: what global, local,
 * constant and the other memories may hold, module-wide.  (An analysis:
 * it changes nothing.  The fact store computes it when first asked after a
 * change of code and keeps it — facts_summary; memsum rewrites with it,
 * the explanations word it.)
 *
 * Lattice: per memory space, the set of spaces of the pointers it may hold
 * (memsummary.c's MemSummary, the space analysis' sets); "anywhere" for writes
 * through addresses of unknown space, "exposed" for pointers whose bits
 * escaped.  Join is union.
 *
 * Algorithm:
 *   1. Seeds: what the host writes — global pointers in global and
 *      constant memory and in kernels' by-value arguments, in whatever
 *      space they live (SPIR: private; the host cannot make a local or
 *      private address); what initializers hold — the
 *      pointers inside a variable's initializer, in the variable's space.
 *   2. Fixed point: analyse every defined function (space.c, reading
 *      loads through the summary so far) and record what it may write
 *      (mem_summary_function): every function once, then sweep after
 *      sweep in module order only the functions that read a part of the
 *      summary (a space's memory, anywhere, exposed, each entry of the
 *      carried bits, their union, the module-private objects) that grew
 *      after their last visit began —
 *      their own growth included —, until a sweep visits none: each then
 *      read the final summary, and a visit depends on nothing else (each
 *      visit only adds bits: at most (SP_NBITS + 2)^2 sweeps, in practice
 *      two or three).
 * Writes by every function of the module count, called or not.
 *
 * Tests: through memsum (test/memsum/) and the explanations
 * (test/remarks/); the store's keeping of it in test/unit/test_analysis.c.
 */
#include "analysis/memsummary.h"

#include <string.h>

/* The host's writes: global pointers in global and constant memory, and
   in the kernels' by-value arguments — NVPTX's param space (a copy out of
   one holds them), and the named space of any kernel's byval or byref
   parameter in m: SPIR's private byval, SYCL's kernel object (a kernel
   device code also calls or whose address is taken included: the host may
   still launch it).  A generic one is read through addresses of unknown
   space, which read every memory. */
static void seed_host(const TgtTable *t, MemSummary *ms, LLVMModuleRef m) {
  uint32_t dest = space_table_bit(t, t->global) | space_table_bit(t, t->constant);
  if (t->kernel_byval_space)
    dest |= space_table_bit(t, t->kernel_byval_space);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) || !tgt_is_kernel(t, f))
      continue;
    for (unsigned k = 0, n = LLVMCountParams(f); k < n; k++) {
      int as = ir_ptr_as(LLVMTypeOf(LLVMGetParam(f, k)));
      if (as >= 0 && as != t->generic &&
          (ir_param_attr(f, k, "byval") || ir_param_attr(f, k, "byref")))
        dest |= space_table_bit(t, as);
    }
  }
  mem_summary_store(ms, dest, space_table_bit(t, t->global));
}

/* The pointers (or pointer bits: a ptrtoint constant expression) inside
   constant c, as a set. */
static uint32_t const_pointers(Space *sp, LLVMValueRef c, unsigned depth) {
  if (depth > 64)
    return SP_UNKNOWN;
  LLVMTypeKind tk = LLVMGetTypeKind(LLVMTypeOf(c));
  if (tk == LLVMPointerTypeKind) {
    bool is_null = false;
    uint32_t m = space_mask(sp, c, &is_null);
    return is_null ? SP_NULL : m;
  }
  if (LLVMIsAConstantAggregateZero(c))
    return ir_type_has_pointer(LLVMTypeOf(c)) ? SP_NULL : 0;
  if (LLVMIsAConstantExpr(c) && LLVMGetConstOpcode(c) == LLVMPtrToInt)
    return const_pointers(sp, LLVMGetOperand(c, 0), depth + 1);
  if (!LLVMIsAConstantExpr(c) && !LLVMIsAConstantStruct(c) && !LLVMIsAConstantArray(c) &&
      !LLVMIsAConstantVector(c))
    return 0; /* numbers, zero, undef, data arrays */
  uint32_t r = 0;
  int n = LLVMGetNumOperands(c);
  for (int k = 0; k < n; k++)
    r |= const_pointers(sp, LLVMGetOperand(c, (unsigned)k), depth + 1);
  return r;
}

/* What the module's initializers put in memory before any code runs: a
   variable whose initializer holds a pointer (or its bits) holds it in the
   variable's space.  (Other front ends than clang's OpenCL C can write a
   local pointer there.) */
static void seed_initializers(Space *sp, MemSummary *ms, LLVMModuleRef m) {
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
    LLVMValueRef init = LLVMIsDeclaration(g) ? NULL : LLVMGetInitializer(g);
    if (!init || ir_metadata_global(g))
      continue; /* llvm.used and the like are not memory the program reads */
    uint32_t held = const_pointers(sp, init, 0);
    if (held)
      mem_summary_write(ms, space_mask(sp, g, NULL), g, held);
  }
}

MemSummary *memfix_compute(const TgtTable *t, LLVMModuleRef m, SpaceNums *nums,
                           unsigned *rounds) {
  MemSummary *ms = mem_summary_new(t, nums);
  Space *sp = space_new(t, m, nums);
  space_use_summary(sp, ms);
  seed_host(t, ms, m);
  seed_initializers(sp, ms, m);
  ValVec fns = {0};
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f))
      vec_push(&fns, f);
  /* every function once; then, sweep after sweep, only those that read a
     part of the summary that grew since their last visit began (their own
     growth included), until a sweep visits none: then each last read the
     final summary */
  size_t n = fns.n, visits = 0, cap = n * (SP_NBITS + 2) * (SP_NBITS + 2);
  uint64_t *began = xcalloc(n + 1, sizeof *began), *read = xcalloc(n + 1, sizeof *read);
  /* per function: the carried entries its last visit read */
  VEC(uint32_t) *carried = xcalloc(n + 1, sizeof *carried);
  unsigned r = 0;
  for (bool any = true; any && visits < cap; r++) {
    any = false;
    for (size_t i = 0; i < n && visits < cap; i++) {
      if (r && !mem_summary_grew_since(ms, read[i], carried[i].v, carried[i].n, began[i]))
        continue;
      began[i] = mem_summary_begin_visit(ms);
      space_analyse(sp, fns.v[i], NULL);
      mem_summary_function(ms, t, fns.v[i], space_set_of, sp);
      read[i] = mem_summary_visit_reads(ms);
      size_t nc;
      const uint32_t *c = mem_summary_visit_carried(ms, &nc);
      carried[i].n = 0;
      for (size_t k = 0; k < nc; k++)
        vec_push(&carried[i], c[k]);
      visits++;
      any = true;
    }
  }
  if (r > 1)
    r--; /* the last sweep visited none */
  for (size_t i = 0; i < n; i++)
    vec_free(&carried[i]);
  free(carried);
  free(began);
  free(read);
  vec_free(&fns);
  space_free(sp);
  if (rounds)
    *rounds = r;
  return ms;
}
