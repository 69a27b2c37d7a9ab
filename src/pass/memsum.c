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
 * (memsummary.c's summary; the space analysis' sets); "anywhere" for writes
 * through addresses of unknown space, "exposed" for pointers whose bits
 * escaped.  Join is union.  Seeded with what the host writes: global
 * pointers in global and constant memory and in kernels' by-value
 * arguments (the host cannot make a local or private address); and with what initializers hold: the pointers inside a
 * variable's initializer, in the variable's space.
 *
 * Algorithm:
 *   0. Nothing to do when no function loads a generic pointer.
 *   1. The summary, from the run's fact store (facts_summary): memfix.c's
 *      fixed point over every defined function (stores, atomics, copies,
 *      exposed integers, calls to unknown code), computed when no kept one
 *      is valid.
 *   2. Every function with a generic access, or that hands a pointer it
 *      loaded to a defined function or returns one, is inferred again with
 *      the summary: a load whose memory holds pointers of one space is that
 *      space's pointer, the accesses through it are rewritten, and where it
 *      leaves the function it is cast to that space and back (infer's
 *      phase 4b), so that ipmsp votes with it.
 * Soundness: the summary is read only in functions no outside code calls
 * (kernels; internal functions; everything under --whole-program), or for
 * a variable only the module's code can write (memsummary.c,
 * mem_module_object: internal, or a kernel's static local in the
 * workgroup space, and its address never leaves loads and stores): an
 * externally visible helper may be handed memory written by code gasp
 * never sees.  Writes by every function of the module count,
 * called or not.  The explanations (why.c) read the same summary from the
 * store when memsum ran (kept when no pass changed code since; computed
 * again otherwise), so they say what the memory holds.
 *
 * Example (spir64): a kernel stores local pointers into a local table and
 * loads one back: local memory holds {local}, the load is local.
 *   store ptr addrspace(4) %lp, ptr addrspace(3) %slot
 *   %p = load ptr addrspace(4), ptr addrspace(3) %slot2
 *   store i32 1, ptr addrspace(4) %p   ->   store i32 1, ptr addrspace(3) ...
 *
 * Requires: a module that verifies.  Debug name: memsum.
 * Statistics: memsum.* (below).  Tests: test/memsum/ (kernel-static.ll:
 * a template kernel's `__shared__ T *s`).
 */
#include "pass/pass.h"

static const GaspStatDesc st_rounds = {"memsum.rounds",
                                       "module-wide rounds until the summary was stable"};
static const GaspStatDesc st_fns = {"memsum.functions-reinferred",
                                    "functions inferred again with the summary"};

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

bool memsum_run(PassRun *run) {
  GaspCtx *cx = run->cx;
  LLVMModuleRef m = run->m;
  facts_pass_entry(cx, m);
  const TgtTable *t = cx->tgt;
  if (!facts_inventory(run->facts)->generic_ptr_loads)
    return false;
  unsigned rounds; /* 0: the store kept the summary (no code changed since) */
  const MemSummary *ms = facts_summary(run->facts, &rounds);
  cx_stat(cx, &st_rounds, rounds);
  Infer *inf = infer_new(cx, m, run->facts);
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
  return changed;
}
