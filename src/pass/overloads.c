/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* overloads.c — an OpenCL builtin handed pointers of proven spaces calls
 * its named-space overload (SPIR-V).
 *
 * Problem.  OpenCL C 2.0 declares its C11 atomics (atomic_fetch_add,
 * atomic_load, atomic_compare_exchange_strong_explicit, ...) for generic
 * pointers only, and clang passes the generic pointer to every builtin
 * that has a generic overload (vloadn, vstoren, vload_half, fract, modf,
 * sincos, frexp, lgamma_r, remquo) whatever the argument's space:
 *
 *   %g = addrspacecast ptr addrspace(1) %head to ptr addrspace(4)
 *   %r = call spir_func i32 @_Z16atomic_fetch_addPU3AS4VU7_Atomicii(ptr addrspace(4) %g, i32 %v)
 *
 * On SPIR-V the builtin is no function: its consumer (LLVM's SPIR-V back
 * end, the SPIR-V translator) reads it by its mangled name and writes the
 * instruction, OpAtomicIAdd, OpExtInst vloadn, on the pointer it was
 * given — a Generic one, where the atomic's object is global memory.  No
 * access gasp names in the module covers it: the call is the access.
 *
 * What this pass does.  On a target whose builtins are read by name
 * (TgtTable.named_overloads: spir, spirv), a call to such a builtin whose
 * every generic pointer argument has one named space, proven by the space
 * analysis of its function, calls the overload for those spaces (OpenCL C
 * 3.0's __opencl_c_named_address_space_builtins, the same operation):
 *
 *   %r = call spir_func i32 @_Z16atomic_fetch_addPU3AS1VU7_Atomicii(ptr addrspace(1) %head, i32 %v)
 *
 * The name is clang's mangling of those spaces (casts_named_overload:
 * checked against clang-22's own names of every overload, test
 * test/overloads/).  A space with no overload (an atomic object in private
 * memory), a pointer of two spaces, or a name that does not spell each
 * generic pointer once (a substitution) leaves the call as it is.
 *
 * Remarks: "N builtin calls take their named-space overloads" (Passed, per
 * function); "<builtin> keeps its generic pointers: <why>" (Missed, per
 * call left).
 * Requires: a module that verifies.  Debug name: overloads.
 * Statistics: overloads.calls.  Tests: test/overloads/.
 */
#include "pass/pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const GaspStatDesc st_calls = {
    "overloads.calls", "OpenCL builtin calls given their named-space overload (SPIR-V)"};

#define MAX_PTRS 4

/* The spaces of call's generic pointer arguments (at most MAX_PTRS), each
   one named space; the count, or 0 when any is not (why, for the remark,
   into why[cap]). */
static unsigned arg_spaces(const TgtTable *t, const Space *sp, LLVMValueRef call, int *as,
                           char *why, size_t cap) {
  unsigned n = 0, nargs = LLVMGetNumArgOperands(call);
  for (unsigned k = 0; k < nargs; k++) {
    LLVMValueRef a = LLVMGetOperand(call, k);
    if (!ir_is_ptr_in(LLVMTypeOf(a), t->generic))
      continue;
    bool is_null;
    uint32_t mask = space_mask(sp, a, &is_null);
    int lat = space_mask_lat(sp, mask);
    if (n < MAX_PTRS && !is_null && tgt_is_named(t, lat)) {
      as[n++] = lat;
      continue;
    }
    char names[96] = "";
    space_mask_names(sp, mask, names, sizeof names);
    snprintf(why, cap, "its pointer argument %u %s", k,
             is_null ? "is null" : mask & SP_UNKNOWN ? "comes from what gasp cannot see"
                                   : *names       ? "may point to more than one space:"
                                                  : "has no known space");
    if (!is_null && !(mask & SP_UNKNOWN) && *names)
      snprintf(why + strlen(why), cap - strlen(why), " %s", names);
    return 0;
  }
  return n;
}

/* A Missed remark: call (to callee) keeps its generic builtin, and why. */
static void remark_left(GaspCtx *cx, LLVMValueRef fn, LLVMValueRef call, LLVMValueRef callee,
                        const char *why) {
  GaspRemark *r = cx_remark(cx, GASP_REMARK_MISSED, "OverloadLeft", fn, call);
  size_t len;
  const char *name = LLVMGetValueName2(callee, &len);
  char *shown = ir_demangle(name, len);
  rm_arg(r, "Callee", "%s", shown ? shown : name);
  free(shown);
  rm_arg(r, "String", " keeps its generic pointers: %s", why);
  rm_done(r);
}

/* The declaration named name of callee's type with its generic pointer
   parameters in spaces as: the module's, or a new one with callee's
   attributes; NULL when the module has name with another type. */
static LLVMValueRef overload_decl(const TgtTable *t, LLVMValueRef callee, const char *name,
                                  const int *as) {
  LLVMTypeRef fty = LLVMGlobalGetValueType(callee);
  unsigned np, k = 0;
  LLVMTypeRef *params = ir_param_types(fty, &np);
  for (unsigned i = 0; i < np; i++)
    if (ir_is_ptr_in(params[i], t->generic))
      params[i] = ir_retype(params[i], as[k++]);
  LLVMTypeRef nty = LLVMFunctionType(LLVMGetReturnType(fty), params, np, LLVMIsFunctionVarArg(fty));
  free(params);
  LLVMModuleRef m = LLVMGetGlobalParent(callee);
  LLVMValueRef nf = LLVMGetNamedFunction(m, name);
  if (nf)
    return LLVMGlobalGetValueType(nf) == nty ? nf : NULL;
  nf = LLVMAddFunction(m, name, nty);
  ir_copy_attrs(callee, nf, np);
  LLVMSetFunctionCallConv(nf, LLVMGetFunctionCallConv(callee));
  LLVMSetUnnamedAddress(nf, LLVMGetUnnamedAddress(callee));
  return nf;
}

/* The number of call's generic pointer arguments. */
static unsigned generic_args(const TgtTable *t, LLVMValueRef call) {
  unsigned n = 0, nargs = LLVMGetNumArgOperands(call);
  for (unsigned k = 0; k < nargs; k++)
    n += ir_is_ptr_in(LLVMTypeOf(LLVMGetOperand(call, k)), t->generic);
  return n;
}

/* Is i a call of a builtin with named-space overloads, handed generic
   pointers (global memory has an overload in every family and role)? */
static bool candidate(const TgtTable *t, LLVMValueRef i) {
  LLVMValueRef callee = LLVMIsACallInst(i) ? ir_callee(i) : NULL;
  if (!callee || !LLVMIsDeclaration(callee) || LLVMGetIntrinsicID(callee) ||
      LLVMGetCalledFunctionType(i) != LLVMGlobalGetValueType(callee))
    return false; /* (a call through another prototype: its types are not the callee's) */
  unsigned n = generic_args(t, i);
  int as[MAX_PTRS];
  for (unsigned k = 0; k < MAX_PTRS; k++)
    as[k] = t->global;
  char *name = n && n <= MAX_PTRS ? casts_named_overload(t, callee, as, n) : NULL;
  free(name);
  return name != NULL;
}

static unsigned run_function(GaspCtx *cx, Space *sp, LLVMBuilderRef b, LLVMValueRef fn) {
  const TgtTable *t = cx->tgt;
  ValVec calls = {0};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (candidate(t, i))
        vec_push(&calls, i);
  if (!calls.n) {
    vec_free(&calls);
    return 0;
  }
  space_analyse(sp, fn, NULL);
  unsigned done = 0;
  for (size_t c = 0; c < calls.n; c++) {
    LLVMValueRef call = calls.v[c], callee = ir_callee(call);
    int as[MAX_PTRS];
    char why[160] = "";
    unsigned n = arg_spaces(t, sp, call, as, why, sizeof why);
    char *name = n ? casts_named_overload(t, callee, as, n) : NULL;
    LLVMValueRef nf = name ? overload_decl(t, callee, name, as) : NULL;
    if (!nf) {
      remark_left(cx, fn, call, callee,
                  !n      ? why
                  : !name ? "OpenCL C declares no overload for those spaces (an atomic object in "
                            "private or constant memory)"
                          : "the module declares the overload with another type");
      free(name);
      continue;
    }
    free(name);
    specs_redirect(b, t, call, nf);
    done++;
    if (!LLVMGetFirstUse(callee)) /* no call of the generic one left */
      LLVMDeleteFunction(callee);
  }
  vec_free(&calls);
  if (done) {
    GaspRemark *r = cx_remark(cx, GASP_REMARK_PASSED, "Overloads", fn, NULL);
    rm_arg(r, "Calls", "%u", done);
    rm_arg(r, "String", " builtin call%s take%s %s named-space overload%s", done == 1 ? "" : "s",
           done == 1 ? "s" : "", done == 1 ? "its" : "their", done == 1 ? "" : "s");
    rm_done(r);
  }
  return done;
}

bool overloads_run(PassRun *run) {
  GaspCtx *cx = run->cx;
  if (!cx->tgt->named_overloads)
    return false;
  LLVMModuleRef m = run->m;
  facts_pass_entry(cx, m);
  Space *sp = facts_space(run->facts);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
  unsigned done = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && !ir_optnone(f))
      done += run_function(cx, sp, b, f);
  cx_stat(cx, &st_calls, done);
  LLVMDisposeBuilder(b);
  space_free(sp);
  return done > 0;
}
