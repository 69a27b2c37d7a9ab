/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* launder.c — a parameter's cast to a named space handed to the back end
 * behind llvm.launder.invariant.group, so that LLVM 22's load/store
 * vectorizer pairs the accesses through it (NVPTX; the last pass before
 * externalize).
 *
 * Problem.  gasp names the accesses of a function whose parameter stays
 * generic through a cast at the entry (`%p.local = addrspacecast ptr %p to
 * ptr addrspace(5)`: twins' private parameters, rehoist's argument casts).
 * The load/store vectorizer (llc's, before instruction selection) asks how
 * far apart two accesses are by stripping their addresses' constant
 * in-bounds offsets (Vectorizer::getConstantOffset,
 * stripAndAccumulateInBoundsConstantOffsets), which looks through an
 * addrspacecast too; failing a common base it asks ScalarEvolution.
 * Loop strength reduction, earlier in llc's pipeline, expands an address
 * as `getelementptr i8, %p.local, 64` without inbounds, and EarlyCSE then
 * merges the source's in-bounds `getelementptr inbounds nuw i8, %p.local,
 * 64` into it, dropping the flag.  Of two neighbours, the in-bounds one
 * strips to the generic %p, the other stays %p.local + 64: two bases,
 * which ScalarEvolution cannot subtract either (an addrspacecast is an
 * unknown to it), and the pair stays two 32-bit accesses.  clang's build
 * has no cast (its generic %p strips to itself), nor has a parameter of
 * the named space: only the cast does it.  hashcat m10820 (nvptx64 -O2,
 * twins' one private parameter, sha384_update's context): `.v2` 355 ->
 * 351 in each of its two kernels, where clang's build and the named
 * parameter pair all four.
 *
 * Rule.  On a triple with the hazard (tgt_hazards: TGT_HAZARD_CASTBASE,
 * NVPTX), every addrspacecast of a device function's parameter (not an
 * ABI one: byval, byref, sret, whose accesses NVPTXLowerArgs lowers and
 * would copy past a call it does not know) from the
 * generic space to a named one that has a use other than a null test or a
 * cast gets `llvm.launder.invariant.group` of itself right after it, and
 * those uses take that (a cast back to generic stays on the cast, whose
 * round trip llc folds).  Stripping stops at the call (the vectorizer does not
 * look through invariant groups), so both neighbours keep the one base
 * and their offsets subtract; alias analysis still finds the parameter
 * under it (getUnderlyingObject looks through a launder), so nothing the
 * vectorizer, NVPTX's invariant-load tagging or ld.global.nc selection
 * asks of the address changes; and CodeGenPrepare, after the vectorizer,
 * replaces the call with its operand before instruction selection: the
 * PTX holds the cast alone.  The value is the cast's (a launder returns
 * its operand; only !invariant.group loads read it differently, and then
 * as may-differ: sound).  Only parameters' casts: laundering every
 * generic-to-named cast measured worse (random nvptx64 -O2, 37 -> 29
 * kernels not worse in any column, cvta 285 -> 338, spill bytes 3,264 ->
 * 3,292): a cast inside the code held behind a call is one llc's passes
 * no longer fold or move.
 *
 * Its place: last of all (pipeline.c, role LAST), after the run's checks
 * and reports, which read the module as gasp decided it (to the memory
 * model a launder would be a call the pointer is handed to).  Not a
 * kernel's parameters: clang's build has the same cast there, from llc's
 * NVPTXLowerArgs, and so the same pairs.
 *
 * A later run (gasp-opt on gasp's output, the plugin's late run after an
 * explicit one) starts from the module as it was before: launder_undo,
 * before its first pass, gives each launder's uses back to its operand
 * (the calls this pass built carry !gasp.launder; a launder of the input's
 * own is kept), so no pass reads the call as a use of the parameter (a
 * kernel's by-value parameter handed to a call is copied) and a second
 * run gives the same module.
 *
 * Remark: none (no access changes space).  Debug name: launder.
 * Statistics: launder.casts.  Tests: test/launder/.
 */
#include "pass/pass.h"

#include <string.h>

static const GaspStatDesc st_casts = {
    "launder.casts", "parameter casts to a named space laundered for the vectorizer (nvptx)"};

/* Does this use of a cast take the launder: not a null test, not a cast
   (back to generic: llc folds the round trip to the parameter, which it
   could not through the call)? */
static bool takes_launder(LLVMValueRef user) {
  return !LLVMIsAICmpInst(user) && !LLVMIsAAddrSpaceCastInst(user);
}

/* Is argument p an ABI pointer (byval, byref, sret, ...)?  Its accesses
   are the back end's to lower: NVPTXLowerArgs reads a by-value block
   through param-space loads at the alignment it gives the parameter (16
   in FluidX3D's ray_grid_traverse: two `ld.param.v4.b32`) only where every
   use is one it knows (a cast, a GEP, a load); a launder is none, and the
   block was copied to the frame byte by byte (72 `ld.param.b8`,
   graphics_raytrace_phi 2,489 -> 2,659 PTX instructions, 16 spill bytes
   more). */
static bool abi_param(LLVMValueRef p) {
  int k = ir_param_index(p);
  return k >= 0 && ir_param_abi(LLVMGetParamParent(p), (unsigned)k);
}

/* Should cast c (an addrspacecast instruction) be laundered: a parameter
   made named, used as an address (not only in null tests and casts), and
   not laundered already (the input's own launder)? */
static bool wants_launder(const TgtTable *t, LLVMValueRef c) {
  LLVMValueRef p = LLVMGetOperand(c, 0);
  if (!LLVMIsAArgument(p) || ir_ptr_as(LLVMTypeOf(p)) != t->generic ||
      !tgt_is_named(t, ir_ptr_as(LLVMTypeOf(c))) || abi_param(p))
    return false;
  bool address = false;
  for (LLVMUseRef u = LLVMGetFirstUse(c); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (ir_is_launder(user))
      return false;
    address |= takes_launder(user);
  }
  return address;
}

/* c's uses that takes_launder accepts take launder(c), built right after c. */
static void launder(LLVMBuilderRef b, LLVMValueRef c) {
  LLVMPositionBuilderBefore(b, LLVMGetNextInstruction(c));
  LLVMValueRef l = ir_build_launder(b, c);
  schema_mark_launder(l);
  size_t n;
  const char *name = LLVMGetValueName2(c, &n);
  if (n) {
    char *nm = xasprintf("%s.laundered", name);
    LLVMSetValueName2(l, nm, strlen(nm));
    free(nm);
  }
  ValVec uses = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(c); u; u = LLVMGetNextUse(u))
    if (LLVMGetUser(u) != l && takes_launder(LLVMGetUser(u)))
      vec_push(&uses, LLVMGetUser(u));
  for (size_t k = 0; k < uses.n; k++) /* (a use list is not changed while walked) */
    for (unsigned o = 0, no = (unsigned)LLVMGetNumOperands(uses.v[k]); o < no; o++)
      if (LLVMGetOperand(uses.v[k], o) == c)
        LLVMSetOperand(uses.v[k], o, l);
  vec_free(&uses);
}

void launder_undo(LLVMModuleRef m) {
  ValVec calls = {0};
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        if (ir_is_launder(i) && schema_is_launder(i))
          vec_push(&calls, i);
  ValVec decls = {0}; /* the declarations go too, left unused: the next
                          run adds them again where the first did */
  for (size_t k = 0; k < calls.n; k++) {
    LLVMValueRef d = LLVMGetCalledValue(calls.v[k]);
    bool seen = false;
    for (size_t j = 0; j < decls.n && !seen; j++)
      seen = decls.v[j] == d;
    if (!seen)
      vec_push(&decls, d);
    LLVMReplaceAllUsesWith(calls.v[k], LLVMGetOperand(calls.v[k], 0));
    LLVMInstructionEraseFromParent(calls.v[k]);
  }
  for (size_t j = 0; j < decls.n; j++)
    if (!LLVMGetFirstUse(decls.v[j]))
      LLVMDeleteFunction(decls.v[j]);
  vec_free(&decls);
  vec_free(&calls);
}

bool launder_run(PassRun *run) {
  GaspCtx *cx = run->cx;
  LLVMModuleRef m = run->m;
  if (!(tgt_hazards(LLVMGetTarget(m)) & TGT_HAZARD_CASTBASE))
    return false;
  ValVec casts = {0};
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    /* optnone: as written; a kernel's parameters: clang's build has the
       same casts (llc's NVPTXLowerArgs), so the same pairs */
    if (LLVMIsDeclaration(f) || ir_optnone(f) || tgt_is_kernel(cx->tgt, f))
      continue;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        if (LLVMIsAAddrSpaceCastInst(i) && wants_launder(cx->tgt, i))
          vec_push(&casts, i);
  }
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
  for (size_t k = 0; k < casts.n; k++)
    launder(b, casts.v[k]);
  LLVMDisposeBuilder(b);
  cx_stat(cx, &st_casts, (unsigned)casts.n);
  bool changed = casts.n > 0;
  vec_free(&casts);
  return changed;
}
