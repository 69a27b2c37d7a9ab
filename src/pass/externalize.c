/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* externalize.c — the linkage internalize took, given back at the end of
 * the pipeline (--whole-program).
 *
 * Problem.  internalize.c makes every non-kernel function internal so that
 * gasp's passes see the closed world the user promised: ipmsp retypes in
 * place, reach.c trusts the module's callers.  That is for gasp's passes.
 * Left internal, the function is also internal for the back end, which
 * decides otherwise for it than for clang's build: NVPTX gives a local
 * function's by-value aggregate parameters 16-byte alignment, stores them
 * with st.param.v4 where clang's build stores four words, and ptxas 13.0
 * then allocates the caller's body otherwise — OpenCL's kernel body
 * `__clang_ocl_kern_imp_k`, called by its kernel stub, took 216 bytes of
 * frame where clang's build takes 192 (bench/random, random-fnptrs.md
 * seed 2; the IR of the body identical).  Over 40 random programs
 * (nvptx64) the whole-program build was worse than clang's in 14-18
 * kernels, all in spill and stack bytes; with clang's linkage given back,
 * 7-13 — the plugin's count without --whole-program.
 *
 * Rule.  A defined function internalize saved the linkage of
 * (!gasp.linkage) gets it back — linkage, visibility, DLL storage class,
 * dso_local (its comdat it kept) — when something still uses it.  Not:
 *   - a function gasp made: a copy (ipmsp's clones, fields' clones) or one
 *     retyped in place (ipmsp, twins): specialize.c drops the note, they
 *     are gasp's and stay internal as clones always are;
 *   - a function nothing uses any more: it stays internal, for LLVM's
 *     GlobalDCE where one runs after gasp.
 * What gasp's passes proved under the promise stays true: no code outside
 * the module calls the function, whatever its linkage says.  The note is
 * erased from every function either way.
 *
 * Example (--whole-program): `define void @__clang_ocl_kern_imp_k(ptr
 * addrspace(1) %out, ptr byval(%struct.P) %p)`, made internal by
 * internalize, comes out `define void @__clang_ocl_kern_imp_k(...)`
 * again; `define internal void @helper(ptr addrspace(1) %p)`, retyped in
 * place from `ptr %p`, stays internal.
 *
 * Requires: nothing.  Breaks: reach facts (a function visible again reads
 * as open world); last in every pipeline that has internalize.  Remark:
 * none.  Debug name: externalize.  Statistics: externalize.functions.
 * Tests: test/internalize/externalize.ll, test/internalize/whole-program.ll.
 */
#include "pass/pass.h"

static const GaspStatDesc st_restored = {
    "externalize.functions", "functions given back the linkage internalize took (--whole-program)"};

bool externalize_run(PassRun *run) {
  unsigned n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(run->m); f; f = LLVMGetNextFunction(f)) {
    SavedLinkage was;
    if (!schema_linkage_take(f, &was) || !LLVMGetFirstBasicBlock(f) || !LLVMGetFirstUse(f) ||
        !world_internal(f))
      continue;
    LLVMSetLinkage(f, was.linkage);
    LLVMSetVisibility(f, was.visibility);
    LLVMSetDLLStorageClass(f, was.dll);
    ir_set_dso_local(f, was.dso_local);
    n++;
  }
  cx_stat(run->cx, &st_restored, n);
  return n != 0;
}
