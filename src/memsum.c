/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* memsum.c — pointers loaded from global, local and other shared memory
 * .
 *
 * Problem: after ipmsp, what stays generic in live code is mostly a pointer
 * that was stored somewhere and loaded back — a table of pointers in local
 * memory, a pointer kept in a global buffer, a struct of pointers the host
 * filled.  No upstream pass follows pointers through memory.  A load is
 * only as good as the proof of everything that may have been written
 * where it reads, so the proof is module-wide.
 *
 * Lattice: per memory space, the set of spaces of the pointers it may hold
 * (memory.c's summary; the space analysis' sets); "anywhere" for writes
 * through addresses of unknown space, "exposed" for pointers whose bits
 * escaped.  Join is union.  Seeded with what the host writes: global
 * pointers in global and constant memory and in kernels' by-value
 * arguments (the host cannot make a local or private address); and with what initializers hold: the pointers inside a
 * variable's initializer, in the variable's space.
 *
 * Algorithm:
 *   0. Nothing to do when no function loads a generic pointer.
 *   1. Fixed point: analyse every defined function (space.c, reading loads
 *      through the summary so far) and record what it may write
 *      (mem_summary_function: stores, atomics, copies, exposed integers,
 *      calls to unknown code); again until the summary stops growing (each
 *      round only adds bits: at most (SP_NBITS + 2)^2 rounds, in practice
 *      two or three).
 *   2. Every function with a generic access, or that hands a pointer it
 *      loaded to a defined function or returns one, is inferred again with
 *      the summary: a load whose memory holds pointers of one space is that
 *      space's pointer, the accesses through it are rewritten, and where it
 *      leaves the function it is cast to that space and back (infer's
 *      phase 4b), so that ipmsp votes with it.
 * Soundness: the summary is read only in functions no outside code calls
 * (kernels; internal functions; everything under --whole-program), or for
 * a variable only the module's code can write (memory.c,
 * mem_module_object: internal, its address never leaves loads and
 * stores): an externally visible helper may be handed memory written by
 * code gasp never sees.  Writes by every function of the module count,
 * called or not.  The explanations (why.c) compute the same summary
 * (memsum_compute) when memsum ran, so they say what the memory holds.
 *
 * Example (spir64): a kernel stores local pointers into a local table and
 * loads one back: local memory holds {local}, the load is local.
 *   store ptr addrspace(4) %lp, ptr addrspace(3) %slot
 *   %p = load ptr addrspace(4), ptr addrspace(3) %slot2
 *   store i32 1, ptr addrspace(4) %p   ->   store i32 1, ptr addrspace(3) ...
 *
 * Requires: a module that verifies.  Debug name: memsum.
 * Statistics: memsum.* (below).  Tests: test/memsum/.
 */
#include "gasp_int.h"

#include <string.h>

static const GaspStatDesc st_rounds = {"memsum.rounds",
                                       "module-wide rounds until the summary was stable"};
static const GaspStatDesc st_fns = {"memsum.functions-reinferred",
                                    "functions inferred again with the summary"};

/* Does any function load a generic pointer? */
static bool loads_generic_pointers(const TgtTable *t, LLVMModuleRef m) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        if (LLVMIsALoadInst(i) && ir_ptr_as(LLVMTypeOf(i)) == t->generic)
          return true;
  return false;
}

/* The host's writes: global pointers in global and constant memory, and
   in the kernels' by-value arguments (NVPTX param space: a copy out of one
   holds them). */
static void seed_host(const TgtTable *t, MemSummary *ms) {
  uint32_t dest = space_table_bit(t, t->global) | space_table_bit(t, t->constant);
  if (t->kernel_byval_space)
    dest |= space_table_bit(t, t->kernel_byval_space);
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
    const char *sec = LLVMGetSection(g);
    if (!init || (sec && !strcmp(sec, "llvm.metadata")))
      continue; /* llvm.used and the like are not memory the program reads */
    uint32_t held = const_pointers(sp, init, 0);
    if (held)
      mem_summary_write(ms, space_mask(sp, g, NULL), g, held);
  }
}

MemSummary *memsum_compute(const TgtTable *t, LLVMModuleRef m, unsigned *rounds) {
  MemSummary *ms = mem_summary_new();
  Space *sp = space_new(t, m);
  space_use_summary(sp, ms);
  seed_host(t, ms);
  seed_initializers(sp, ms, m);
  mem_summary_take_changed(ms);
  unsigned r = 0;
  do {
    r++;
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
      if (!LLVMIsDeclaration(f)) {
        space_analyse(sp, f, NULL);
        mem_summary_function(ms, t, f, space_set_of, sp);
      }
  } while (mem_summary_take_changed(ms) && r < (SP_NBITS + 2) * (SP_NBITS + 2));
  space_free(sp);
  if (rounds)
    *rounds = r;
  return ms;
}

/* Does f hand a pointer it loaded to a defined function, or return one?
   (infer publishes what the summary says of it: phase 4b.) */
static bool hands_on_loaded(const TgtTable *t, LLVMValueRef f) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsALoadInst(i) || ir_ptr_as(LLVMTypeOf(i)) != t->generic)
        continue;
      for (LLVMUseRef u = LLVMGetFirstUse(i); u; u = LLVMGetNextUse(u))
        if (ir_hands_out(LLVMGetUser(u)))
          return true;
    }
  return false;
}

bool memsum_run(GaspCtx *cx, LLVMModuleRef m) {
  const TgtTable *t = cx->tgt;
  if (!loads_generic_pointers(t, m))
    return false;
  unsigned rounds;
  MemSummary *ms = memsum_compute(t, m, &rounds);
  cx_stat(cx, &st_rounds, rounds);
  Infer *inf = infer_new(cx, m);
  infer_use_summary(inf, ms);
  bool changed = false;
  unsigned n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && (ir_count_mem_ops_in(f, t->generic) || hands_on_loaded(t, f))) {
      changed |= infer_function(inf, f);
      n++;
    }
  cx_stat(cx, &st_fns, n);
  infer_free(inf);
  mem_summary_free(ms);
  return changed;
}
