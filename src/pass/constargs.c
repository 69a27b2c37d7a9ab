/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* constargs.c — a clone's argument that every call passes as the same
 * constant becomes that constant in its body, and LLVM's SCCP and
 * SimplifyCFG fold what it decides (the plugin's late run).
 *
 * Problem.  The plugin clones in its late run, after the default
 * pipeline's IPSCCP, which propagates an internal function's constant
 * arguments into its body: clang's build of a helper called with a
 * constant count has had that done where it applies, but a copy gasp makes
 * afterwards keeps the parameter.  bench/pipeline's volatile_private.cl
 * calls `vsum(red, 1)` once per group: its local copy kept the runtime
 * unrolled loop over `n` (39 PTX instructions, 122 machine instructions)
 * to read one value.
 *
 * Algorithm.  For each function with a body that gasp made (a clone: its
 * `!gasp.as` names a family, schema_fn_family), of local linkage, not
 * optnone, and whose every use is the callee of a direct call that does
 * not also pass it: each integer or floating-point parameter for which
 * every call passes one and the same constant (not undef or poison) has
 * its uses replaced by that constant.  Where one was, LLVM's SCCP then
 * SimplifyCFG (the options rehoist.c uses) run on that function
 * (cx_run_llvm_passes).  The parameter stays (its calls are not
 * rewritten); it is dead.  Sound: every execution of the body is one of
 * those calls, each passing that value.  A function gasp did not make is
 * left as the optimizer left it (IPSCCP saw it).
 *
 * Remark: none (no access changes space).  Debug name: constargs.
 * Statistics: constargs.arguments, constargs.functions.
 * Tests: test/constargs/.
 */
#include "pass/pass.h"

#include <llvm-c/Core.h>

static const GaspStatDesc st_args = {
    "constargs.arguments", "clone parameters every call passes as one constant, replaced by it"};
static const GaspStatDesc st_functions = {
    "constargs.functions", "clones SCCP and SimplifyCFG ran on after a parameter became constant"};

static const char fold[] =
    "sccp,simplifycfg<switch-range-to-icmp;hoist-common-insts;sink-common-insts>";

/* Is f a clone gasp made (its family noted)? */
static bool made_by_gasp(LLVMValueRef f) {
  char *family = schema_fn_family(f);
  bool made = family != NULL;
  free(family);
  return made;
}

/* The calls of f, into *calls, when every use of f is the callee of a
   direct call (not an invoke) of f's own type that does not also pass f
   (ir_address_taken); else false.  Each such call uses f once. */
static bool only_called(LLVMValueRef f, ValVec *calls) {
  if (ir_address_taken(f))
    return false;
  LLVMTypeRef fty = LLVMGlobalGetValueType(f);
  for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef call = LLVMGetUser(u);
    if (!LLVMIsACallInst(call) || LLVMGetCalledFunctionType(call) != fty)
      return false;
    vec_push(calls, call);
  }
  return calls->n > 0;
}

/* The constant every call passes as argument k, or NULL. */
static LLVMValueRef same_constant(const ValVec *calls, unsigned k) {
  LLVMValueRef c = NULL;
  for (size_t i = 0; i < calls->n; i++) {
    LLVMValueRef a = LLVMGetOperand(calls->v[i], k);
    if (!(LLVMIsAConstantInt(a) || LLVMIsAConstantFP(a)) || (c && a != c))
      return NULL;
    c = a;
  }
  return c;
}

/* Replaces f's parameters every call passes as one constant; how many. */
static unsigned propagate(LLVMValueRef f) {
  ValVec calls = {0};
  unsigned n = 0;
  if (only_called(f, &calls)) {
    unsigned np = LLVMCountParams(f);
    for (unsigned k = 0; k < np; k++) {
      LLVMValueRef p = LLVMGetParam(f, k);
      LLVMTypeKind kind = LLVMGetTypeKind(LLVMTypeOf(p));
      bool scalar = kind == LLVMIntegerTypeKind || kind == LLVMFloatTypeKind ||
                    kind == LLVMDoubleTypeKind || kind == LLVMHalfTypeKind;
      if (!scalar || !LLVMGetFirstUse(p))
        continue;
      LLVMValueRef c = same_constant(&calls, k);
      if (!c)
        continue;
      LLVMReplaceAllUsesWith(p, c);
      n++;
    }
  }
  vec_free(&calls);
  return n;
}

bool constargs_run(PassRun *run) {
  GaspCtx *cx = run->cx;
  unsigned args = 0, functions = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(run->m); f; f = LLVMGetNextFunction(f)) {
    LLVMLinkage l = LLVMGetLinkage(f);
    if (LLVMIsDeclaration(f) || ir_optnone(f) ||
        (l != LLVMInternalLinkage && l != LLVMPrivateLinkage) || !made_by_gasp(f))
      continue;
    unsigned n = propagate(f);
    if (!n)
      continue;
    args += n;
    functions++;
    cx_run_llvm_passes(cx, run->m, f, fold, "constargs");
  }
  cx_stat(cx, &st_args, args);
  cx_stat(cx, &st_functions, functions);
  return args != 0;
}
