/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* backendnamed.c — which generic values of a function the back end names
 * itself, from what it sees: a kernel's pointer parameters, the pointers
 * loaded from its by-value parameters, and the casts of module variables.
 *
 * Problem.  Where the target table says so (TgtTable.backend_infers;
 * NVPTX), llc names them before instruction selection: NVPTXLowerArgs
 * casts each generic pointer parameter of a kernel to global at the entry
 * and (the CUDA driver interface) each pointer loaded from a kernel's
 * by-value parameter where it is loaded (tgt_backend_casts), and
 * InferAddressSpaces follows those casts and every cast of a module
 * variable (`addrspacecast (ptr addrspace(3) @smem to ptr)`, a
 * `__constant__` table) through GEPs, bitcasts, phis, selects and
 * ptrmask.  LLVM's optimizer before it sees those pointers generic in
 * clang's own build.  gasp naming them changes nothing in the final
 * code's spaces, but the optimizer and llc then write the code around
 * them otherwise (ggml's mul_mat_vec_f: 6 more PTX and 36-42 more machine
 * instructions when the early run named them; 2 more registers in its
 * bf16 instances when the late run's casts stood at the entry where llc's
 * would not; dequantize_block_iq*: 1-2 registers, 2-4 machine
 * instructions for a `__constant__` grid named early; the late run's casts
 * of the pointers a Thrust iterator or CUB functor passed by value holds
 * changed only the order llc wrote their address arithmetic in, and
 * ptxas's code by up to 2% more machine instructions: 15 of Thrust's 443
 * example kernels, CUB's DeviceReduce kernels over zip iterators).  Module variables
 * wait in the early run only: the late run names them as before (left to
 * llc there, the random OpenCL programs' `__local` arrays cost 3 kernels
 * more spills than clang's build: bench/random/random.md).  So the plugin's
 * runs leave them (GaspOptions.backend_follows, which -gasp-name-all
 * clears for both runs; with .early_run also module variables; rewrite.c's
 * find_backend_named and resolve.c's static resolution ask, why.c says
 * why; not under --lower-generic=tags, whose `lower` would dispatch
 * them), and
 * only what llc cannot see — a pointer read from memory, a callee's
 * parameter, a space test — is gasp's to name.
 *
 * Lattice: per candidate of the space analysis, named by the back end (1)
 * or not (0).  Sources: a parameter the target's rule names global
 * (tgt_param_space: a kernel's); where llc runs next, a pointer loaded
 * from a kernel's by-value parameter (tgt_backend_casts; before LLVM's
 * optimizer the load is a slot's, which SROA rewrites); where LLVM's
 * optimizer runs next, a cast instruction of a constant (a module
 * variable); every other source is not.  A null or undefined constant is named, and there a module
 * variable's cast as a constant expression, a constant pointer operand
 * too (rewrite.c).  Transfer (GEP, bitcast,
 * ptrmask, phi, select; and where LLVM's optimizer runs first, freeze, a
 * no-op inttoptr pair and a private-slot load, which SROA and InstCombine
 * turn into those): named when every input is.  Meet: and.
 *
 * Algorithm: the greatest fixed point — every transfer starts named, and
 * a sweep in the analysis' reverse post-order clears any with an input
 * not named, until a sweep clears nothing (a phi cycle through a
 * parameter stays named; one sweep settles all but what flows around a
 * loop).  Linear in the candidates per sweep.
 *
 * Test: test/infer/backend-named.ll (--early-run, LLVM's optimizer next;
 * --backend-follows, llc next; gasp-opt alone).
 */
#include "analysis/analysis.h"

typedef struct NamedQuery {
  const Space *s;
  const unsigned char *named;
  bool variables; /* module variables' casts count (LLVM's optimizer next) */
  bool all;       /* every input so far is named by the back end */
} NamedQuery;

/* A constant pointer other than null or undef (a module variable's cast)
   is llc's where LLVM's optimizer runs first (variables: see above);
   null and undef are always. */
static bool constant_named(LLVMValueRef c, bool variables) {
  return LLVMIsAConstantPointerNull(c) || LLVMIsAUndefValue(c) ||
         (variables && LLVMIsAConstant(c));
}

/* A cast instruction of a constant (a module variable's address). */
static bool constant_cast(LLVMValueRef v, bool variables) {
  return variables && LLVMIsAAddrSpaceCastInst(v) && LLVMIsAConstant(LLVMGetOperand(v, 0));
}

static bool input_named(LLVMValueRef in, void *arg) {
  NamedQuery *q = arg;
  uint32_t j = space_id(q->s, in);
  q->all = j == MAP_NONE ? constant_named(in, q->variables) : q->named[j];
  return q->all;
}

static bool transfer(SpKind kind, bool optimizer_follows) {
  switch (kind) {
  case SP_GEP: case SP_BITCAST: case SP_PTRMASK: case SP_PHI: case SP_SELECT:
    return true;
  case SP_FREEZE: case SP_I2P: case SP_SLOTLOAD:
    return optimizer_follows;
  default:
    return false;
  }
}

static bool global_param(const TgtTable *t, LLVMValueRef fn, LLVMValueRef v) {
  for (unsigned a = 0, n = LLVMCountParams(fn); a < n; a++)
    if (LLVMGetParam(fn, a) == v)
      return tgt_param_space(t, fn, a) == t->global;
  return false;
}

/* A pointer loaded from a kernel's by-value parameter (the launch's
   parameter memory, host-written): NVPTXLowerArgs casts it to global where
   it is loaded (tgt_backend_casts), in clang's build too.  The late run
   only: before LLVM's optimizer the load is a slot's, which SROA rewrites. */
static bool backend_load(const TgtTable *t, const SpVal *c, bool optimizer_follows) {
  return !optimizer_follows && (c->kind == SP_SLOTLOAD || c->kind == SP_MEMLOAD) &&
         tgt_backend_casts(t, c->v);
}

/* A source's value is its own (set once below), not its inputs'. */
static bool source(const TgtTable *t, const SpVal *c, bool optimizer_follows) {
  return c->kind == SP_ARG || c->kind == SP_CAST || backend_load(t, c, optimizer_follows);
}

bool space_backend_named(const Space *s, const GaspCtx *cx, LLVMValueRef fn,
                         unsigned char *named) {
  const TgtTable *t = cx->tgt;
  /* the plugin's runs, llc after them; not where `lower` dispatches on
     tags every access it finds generic */
  if (!t->backend_infers || !cx->opt.backend_follows ||
      cx->opt.lower_generic != GASP_LOWER_NONE)
    return false;
  if (!named)
    return true;
  bool optimizer_follows = cx->opt.early_run;
  size_t nc = space_count(s);
  for (uint32_t k = 0; k < nc; k++) {
    const SpVal *c = space_val(s, k);
    named[k] = c->kind == SP_ARG    ? global_param(t, fn, c->v)
               : c->kind == SP_CAST ? constant_cast(c->v, optimizer_follows)
                                    : backend_load(t, c, optimizer_follows) ||
                                          transfer((SpKind)c->kind, optimizer_follows);
  }
  for (bool again = true; again;) {
    again = false;
    for (uint32_t k = 0; k < nc; k++) {
      if (!named[k] || source(t, space_val(s, k), optimizer_follows))
        continue;
      NamedQuery q = {s, named, optimizer_follows, true};
      space_each_input(s, k, input_named, &q);
      if (!q.all)
        named[k] = 0, again = true;
    }
  }
  named[nc] = optimizer_follows; /* the constants' answer (space_backend_names) */
  return true;
}

bool space_backend_names(const Space *s, const unsigned char *named, LLVMValueRef p) {
  if (!named)
    return false;
  uint32_t k = space_id(s, p);
  return k == MAP_NONE ? constant_named(p, named[space_count(s)]) : named[k];
}
