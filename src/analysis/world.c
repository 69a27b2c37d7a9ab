/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* world.c — the world assumption: who may call a function, and which code
 * runs.  (An analysis; the one place every pass asks.)
 *
 * Open world (the default).  The module may be linked with other device
 * code (a library, separate compilation: CUDA/HIP -fgpu-rdc, SYCL device
 * libraries), so a function visible outside the module may be called by
 * code gasp never sees, with pointers into any space.  What gasp proves
 * about such a function must hold for every caller: reach.c gives it
 * "unknown" spaces, so resolve does not fold its explicit casts from the
 * kernels' contexts, static resolution leaves it alone and lower gives it
 * every arm.  ipmsp keeps the original for outside callers and gives the
 * module's own callers clones, which are internal and get the strong facts.
 *
 * Closed world (--whole-program).  The module is the whole device program
 * (OpenCL built with clBuildProgram, CUDA/HIP without -fgpu-rdc): only its
 * kernels are entry points.  The `internalize` pass (internalize.c, first in
 * the default pipeline) then makes every other defined function internal —
 * unless it is listed in llvm.used / llvm.compiler.used or its address is
 * stored where outside code can read it — and removes the functions nothing
 * calls.  From there on the passes need no second rule: "internal" is the
 * linkage — until `externalize`, the pipeline's last pass, gives back the
 * linkage of what internalize changed (the back end's to see, not the
 * passes': none runs after it in gasp's pipelines; spacecheck.c reads
 * --whole-program itself).
 *
 * Live code.  A function is reachable from the kernels when a kernel calls
 * it, directly or through reachable functions; a function whose address is
 * taken counts as reachable (an indirect call may reach it).  Generic
 * accesses are counted apart in reachable code and in externally visible
 * functions no kernel reaches (kept for outside callers): a module-wide total
 * mixes what runs with what only an outside caller could run.
 *
 * Tests: test/resolve/open-world.ll, test/internalize/whole-program.ll,
 * test/gasp-opt/stats-debug.test.
 */
#include "analysis/analysis.h"

#include <string.h>

bool world_internal(LLVMValueRef fn) {
  LLVMLinkage l = LLVMGetLinkage(fn);
  return l == LLVMInternalLinkage || l == LLVMPrivateLinkage;
}

bool world_outside_callers(const TgtTable *t, LLVMValueRef fn) {
  return !LLVMIsDeclaration(fn) && !world_internal(fn) && !tgt_is_kernel(t, fn);
}

/* ---- live code ---------------------------------------------------------- */

void world_live(const TgtTable *t, LLVMModuleRef m, PtrMap *live) {
  ValVec work = {0};
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && (tgt_is_kernel(t, f) || ir_address_taken(f))) {
      map_put(live, f, 1);
      vec_push(&work, f);
    }
  while (work.n) {
    LLVMValueRef f = work.v[--work.n];
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        if (!LLVMIsACallInst(i) && !LLVMIsAInvokeInst(i))
          continue;
        LLVMValueRef c = LLVMGetCalledValue(i);
        if (c && LLVMIsAFunction(c) && !LLVMIsDeclaration(c) && !map_get(live, c, NULL)) {
          map_put(live, c, 1);
          vec_push(&work, c);
        }
      }
  }
  vec_free(&work);
}

void world_count_live(const TgtTable *t, LLVMModuleRef m, const PtrMap *live,
                      GaspGenericCounts *c) {
  memset(c, 0, sizeof *c);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f))
      continue;
    unsigned long n = ir_count_mem_ops_in(f, t->generic);
    c->total += n;
    if (map_get(live, f, NULL))
      c->reachable += n;
    else if (world_outside_callers(t, f)) {
      c->outside += n;
      c->outside_functions += n != 0;
    } else {
      c->unreachable += n;
    }
  }
}

void world_count(const TgtTable *t, LLVMModuleRef m, GaspGenericCounts *c) {
  PtrMap live;
  map_init(&live);
  world_live(t, m, &live);
  world_count_live(t, m, &live, c);
  map_free(&live);
}

/* ---- functions a pass may copy or give a new signature ---------------- */

/* A body the linker may replace by a different one.  Not
   available_externally (OpenCL C's `inline`): its body is the one the
   definition outside has (LangRef), so an internal clone of it is as
   sound as inlining it; it is never rewritten in place (not internal). */
static bool interposable(LLVMValueRef f) {
  switch (LLVMGetLinkage(f)) {
  case LLVMWeakAnyLinkage:
  case LLVMLinkOnceAnyLinkage:
  case LLVMExternalWeakLinkage:
  case LLVMCommonLinkage:
    return true;
  default:
    return false;
  }
}

/* Every use is a direct, non-musttail call of f's own type, from a
   function that is not optnone (its calls cannot be redirected). */
static bool only_called(LLVMValueRef f) {
  LLVMTypeRef fty = LLVMGlobalGetValueType(f);
  for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef c = LLVMGetUser(u);
    if (!LLVMIsACallInst(c) || LLVMGetCalledValue(c) != f ||
        LLVMGetCalledFunctionType(c) != fty ||
        LLVMGetTailCallKind(c) == LLVMTailCallKindMustTail ||
        ir_optnone(LLVMGetBasicBlockParent(LLVMGetInstructionParent(c))))
      return false;
    unsigned n = LLVMGetNumArgOperands(c);
    for (unsigned k = 0; k < n; k++)
      if (LLVMGetOperand(c, k) == f)
        return false;
  }
  return true;
}

/* No blockaddress of its blocks, no musttail call inside, not naked (its
   body is the assembly the user wrote; a copy or a new signature changes
   what the assembly sees), not optnone (compiled as written). */
static bool body_copyable(LLVMValueRef f) {
  unsigned naked = LLVMGetEnumAttributeKindForName("naked", 5);
  if (LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, naked) || ir_optnone(f))
    return false;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb)); u;
         u = LLVMGetNextUse(u))
      if (!LLVMIsAInstruction(LLVMGetUser(u)))
        return false;
    /* a musttail call is followed by a ret, or by a bitcast and a ret
       (the verifier's rule): only those places are looked at */
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    LLVMValueRef i = t && LLVMIsAReturnInst(t) ? LLVMGetPreviousInstruction(t) : NULL;
    if (i && LLVMIsABitCastInst(i))
      i = LLVMGetPreviousInstruction(i);
    if (i && LLVMIsACallInst(i) && LLVMGetTailCallKind(i) == LLVMTailCallKindMustTail)
      return false;
  }
  return true;
}

bool world_may_rewrite(const TgtTable *t, LLVMValueRef f) {
  /* null_pointer_is_valid: a caller's null is an address, not "nowhere" */
  return LLVMGetFirstBasicBlock(f) && *ir_name(f) && !tgt_is_kernel(t, f) && !ir_null_is_valid(f) &&
         !LLVMIsFunctionVarArg(LLVMGlobalGetValueType(f)) && !interposable(f) &&
         only_called(f) && body_copyable(f);
}
