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
 * Gasp's own functions (a copy, a retype in place, an early clone) stay
 * internal, and where the back end lowers a local function's parameters
 * otherwise (TgtTable.local_args_realigned: NVPTX aligns the by-value
 * aggregates, aggregates and vectors a local function passes to 16
 * bytes, unless its address is taken) one that passes such a value and
 * whose root clang's build has non-local (!gasp.rootlink: specialize.c
 * notes it when it makes the function, linkage.c when an early clone is
 * made internal again) joins the module's ABI table (schema_abi_keep: an
 * internal array in section "llvm.metadata", which LLVM's printers leave
 * out of the output), so the back end reads its address as taken and
 * keeps the ABI's alignment, as for clang's non-local original; the next
 * gasp run removes the table before its first pass.  saxpy_tmpl.cu
 * (bench/pipeline): clang's build calls the linkonce_odr `apply_range(T
 * *, const T *, int, Axpy<T>, int)` with the functor aligned to 4; the
 * plugin's global copy, internal, took it at 16, and ptxas gave each
 * kernel 32 bytes of stack where clang's build takes 8 or 16; with the
 * table, 8 and 16.  Not the root's linkage itself: a copy's body depends
 * on this module's callers (constargs, fields, twins), and a
 * linkonce_odr copy of one name in two units linked together would be
 * merged into one.
 *
 * Requires: nothing.  Breaks: reach facts (a function visible again reads
 * as open world); last in every pipeline that has internalize.  Remark:
 * none.  Debug name: externalize.  Statistics: externalize.functions,
 * externalize.abi.  Tests: test/internalize/externalize.ll,
 * test/internalize/whole-program.ll, test/internalize/root-class.ll.
 */
#include "pass/pass.h"

static const GaspStatDesc st_restored = {
    "externalize.functions", "functions given back the linkage internalize took (--whole-program)"};

static const GaspStatDesc st_abi = {
    "externalize.abi",
    "functions gasp made kept at their parameters' ABI alignment (the back end's table)"};

/* Does the back end pass a value of type ty as bytes (NVPTX: a .param .b8
   array, aligned by whether the function is local)? */
static bool type_as_bytes(LLVMTypeRef ty) {
  LLVMTypeKind k = LLVMGetTypeKind(ty);
  return k == LLVMStructTypeKind || k == LLVMArrayTypeKind || k == LLVMVectorTypeKind ||
         (k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(ty) > 64);
}

/* Does fn pass a parameter or its return as bytes (a by-value aggregate,
   an aggregate, a vector)? */
static bool passes_bytes(LLVMValueRef fn) {
  if (type_as_bytes(LLVMGetReturnType(LLVMGlobalGetValueType(fn))))
    return true;
  unsigned byval = LLVMGetEnumAttributeKindForName("byval", 5);
  for (unsigned k = 0; k < LLVMCountParams(fn); k++)
    if (type_as_bytes(LLVMTypeOf(LLVMGetParam(fn, k))) ||
        LLVMGetEnumAttributeAtIndex(fn, k + 1, byval))
      return true;
  return false;
}

/* Does fn, a function gasp made whose root clang's build has non-local,
   belong in the ABI table: would the back end realign its parameters
   local (the target says so; it passes bytes), and is it still called? */
static bool keeps_abi(const TgtTable *t, LLVMValueRef fn) {
  return t->local_args_realigned && LLVMGetFirstBasicBlock(fn) && LLVMGetFirstUse(fn) &&
         world_internal(fn) && !tgt_is_kernel(t, fn) && passes_bytes(fn);
}

bool externalize_run(PassRun *run) {
  unsigned n = 0;
  ValVec abi = {0}; /* gasp's functions for the ABI table, one rebuild */
  for (LLVMValueRef f = LLVMGetFirstFunction(run->m); f; f = LLVMGetNextFunction(f)) {
    SavedLinkage was;
    LLVMLinkage root; /* clang's build has it non-local */
    if (schema_root_linkage_peek(f, &root)) { /* gasp's: the note stays for the next run */
      schema_linkage_drop(f);
      if (keeps_abi(run->cx->tgt, f))
        vec_push(&abi, f);
      else
        schema_root_linkage_drop(f);
      continue;
    }
    if (!schema_linkage_take(f, &was) || !LLVMGetFirstBasicBlock(f) || !LLVMGetFirstUse(f) ||
        !world_internal(f))
      continue;
    LLVMSetLinkage(f, was.linkage);
    LLVMSetVisibility(f, was.visibility);
    LLVMSetDLLStorageClass(f, was.dll);
    ir_set_dso_local(f, was.dso_local);
    n++;
  }
  schema_abi_keep(run->m, abi.v, abi.n);
  cx_stat(run->cx, &st_restored, n);
  cx_stat(run->cx, &st_abi, abi.n);
  bool changed = n + abi.n != 0;
  vec_free(&abi);
  return changed;
}
