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
 * internal, but where the back end lowers a local function's parameters
 * otherwise (TgtTable.local_args_realigned: NVPTX gives the by-value
 * aggregates, aggregates and vectors a local function passes 16-byte
 * alignment).  There, one that passes such a value and whose root
 * clang's build has non-local (!gasp.rootlink: specialize.c notes it when
 * it makes the function, linkage.c when an early clone is made internal
 * again) takes the root's class — external hidden for an external root,
 * linkonce_odr otherwise — under a name of its own the back end writes as
 * it is (tgt_symbol_name: a clone's name as the back end printed it
 * local, `f_$_as1_1_g`; a retype in place, which has its root's name, the
 * same with its spaces: another unit's root of that name has the generic
 * signature).  saxpy_tmpl.cu (bench/pipeline): clang's build calls the
 * linkonce_odr `apply_range(T *, const T *, int, Axpy<T>, int)` with
 * the functor aligned to 4; the plugin's global copy, internal, took it
 * at 16, and ptxas gave each kernel 32 bytes of stack where clang's build
 * takes 8 or 16.  The linkage says nothing else to the back end there
 * (what calls the function, gasp proved and rewrote; a clone nothing
 * calls any more was deleted).
 *
 * Requires: nothing.  Breaks: reach facts (a function visible again reads
 * as open world); last in every pipeline that has internalize.  Remark:
 * none.  Debug name: externalize.  Statistics: externalize.functions.
 * Tests: test/internalize/externalize.ll, test/internalize/whole-program.ll.
 */
#include "pass/pass.h"

#include <stdlib.h>
#include <string.h>

static const GaspStatDesc st_restored = {
    "externalize.functions", "functions given back the linkage internalize took (--whole-program)"};

static const GaspStatDesc st_classed = {
    "externalize.gasps",
    "functions gasp made given their root's linkage class (parameters the back end lowers by it)"};

/* Does the back end pass a value of type ty as bytes (NVPTX: a .param .b8
   array, aligned by the function's linkage)? */
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

/* fn's name of its own for a non-local symbol (malloc'd; NULL when another
   global has it): a clone's as the back end writes it local; a function
   with its root's name (a retype in place) the same with its pointer
   parameters' spaces (specs_key_spaces). */
static char *own_name(const TgtTable *t, LLVMModuleRef m, LLVMValueRef fn) {
  size_t len;
  const char *name = LLVMGetValueName2(fn, &len);
  char *fam = schema_fn_family(fn), *key = NULL;
  if (!fam || !strcmp(fam, name)) {
    unsigned n = LLVMCountParams(fn), np = 0;
    int *as = xmalloc((n + 1) * sizeof *as);
    for (unsigned k = 0; k < n; k++) {
      LLVMTypeRef ty = LLVMTypeOf(LLVMGetParam(fn, k));
      if (LLVMGetTypeKind(ty) == LLVMPointerTypeKind)
        as[np++] = (int)LLVMGetPointerAddressSpace(ty);
    }
    key = specs_key_spaces(t, name, as, np);
    free(as);
  }
  free(fam);
  char *out = tgt_symbol_name(t, key ? key : name);
  free(key);
  if (!strcmp(out, name) || (!LLVMGetNamedFunction(m, out) && !LLVMGetNamedGlobal(m, out) &&
                             !LLVMGetNamedGlobalAlias(m, out, strlen(out))))
    return out;
  free(out);
  return NULL;
}

/* A function gasp made, given the linkage class clang's build gives its
   root (root) where the back end would lower its parameters otherwise
   local; true if so. */
static bool give_root_class(const TgtTable *t, LLVMModuleRef m, LLVMValueRef fn,
                            LLVMLinkage root) {
  if (!t->local_args_realigned || !LLVMGetFirstBasicBlock(fn) || !LLVMGetFirstUse(fn) ||
      !world_internal(fn) || tgt_is_kernel(t, fn) || !passes_bytes(fn))
    return false;
  char *name = own_name(t, m, fn);
  if (!name)
    return false;
  LLVMSetValueName2(fn, name, strlen(name));
  free(name);
  if (root == LLVMExternalLinkage) {
    LLVMSetLinkage(fn, LLVMExternalLinkage);
  } else {
    LLVMSetLinkage(fn, LLVMLinkOnceODRLinkage);
  }
  LLVMSetVisibility(fn, LLVMHiddenVisibility);
  return true;
}

bool externalize_run(PassRun *run) {
  unsigned n = 0, classed = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(run->m); f; f = LLVMGetNextFunction(f)) {
    SavedLinkage was;
    LLVMLinkage root;
    if (schema_root_linkage_take(f, &root)) {
      schema_linkage_drop(f);
      classed += give_root_class(run->cx->tgt, run->m, f, root);
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
  cx_stat(run->cx, &st_restored, n);
  cx_stat(run->cx, &st_classed, classed);
  return n + classed != 0;
}
