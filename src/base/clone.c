/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* clone.c — a function with a new signature made from an old one.
 *
 * The LLVM C API has no CloneFunction and no way to change a function's
 * type.  Both are needed by ipmsp: specializing an internal function in
 * place (a new function takes over the body, the old one goes away) and
 * cloning a function for one tuple of argument spaces (the old one stays).
 *
 * The new function gets the old one's calling convention, attributes
 * (function, return, each parameter), GC, section, alignment, personality,
 * unnamed_addr and metadata.  A parameter whose type changed (generic ->
 * named space) is cast back to the old type at the top of the entry block,
 * so the body is unchanged and `infer` can propagate the new space.  Return
 * values are left to the caller (ipmsp converts them).
 *
 * Move (in place): the blocks are moved over with
 * LLVMAppendExistingBasicBlock — lossless, debug records included; the
 * DISubprogram moves too.  The caller redirects the uses and deletes the old
 * function.
 *
 * Copy (clone): every instruction is copied with LLVMInstructionClone, then
 * its operands are remapped through a value map (arguments, blocks,
 * instructions); phis are rebuilt, since the C API cannot change a phi's
 * incoming block.  Every instruction metadata but the debug ones is kept
 * by the copy.  A DISubprogram may belong to one function only, and the C
 * API cannot make a second one for an existing compile unit, so the debug
 * information goes through dbg_copy (cxx/capi.cpp): the copy gets its
 * own DISubprogram, and every !dbg, !DIAssignID and debug record of the
 * original is mapped onto it.  The casts made at the entry for retyped
 * parameters carry a line-0 location in the function's subprogram (code
 * with no source line of its own), so no instruction is left without one.
 * Functions whose blocks have their address taken are not copied by
 * ipmsp (blockaddress cannot be remapped through the C API).
 */
#include "base/base.h"

#include <llvm-c/Comdat.h>
#include <llvm-c/DebugInfo.h>
#include <string.h>

static void copy_fn_metadata(LLVMValueRef from, LLVMValueRef to, bool with_dbg) {
  unsigned dbg = LLVMGetMDKindIDInContext(LLVMGetTypeContext(LLVMTypeOf(from)),
                                          "dbg", 3);
  size_t n = 0;
  LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(from, &n);
  for (size_t i = 0; i < n; i++) {
    unsigned kind = LLVMValueMetadataEntriesGetKind(md, (unsigned)i);
    if (kind != dbg || with_dbg)
      LLVMGlobalSetMetadata(to, kind,
                            LLVMValueMetadataEntriesGetMetadata(md, (unsigned)i));
  }
  if (md)
    LLVMDisposeValueMetadataEntries(md);
}

/* The value map of a copy (old value -> new value), kept across copies. */
void clone_map_bind(CloneMap *cm, Pool *pool) {
  pool_bind(&cm->idx, pool);
  pool_bind(&cm->from, pool);
  pool_bind(&cm->to, pool);
  pool_bind(&cm->made, pool);
  pool_bind(&cm->phis, pool);
}

void clone_map_free(CloneMap *cm) {
  map_free(&cm->idx);
  vec_free(&cm->from);
  vec_free(&cm->to);
  vec_free(&cm->made);
  vec_free(&cm->phis);
}

/* Empties vm for a copy of nv values. */
static void vmap_reset(CloneMap *vm, size_t nv) {
  map_reset(&vm->idx, nv);
  vm->from.n = vm->to.n = vm->made.n = vm->phis.n = 0;
  map_reserve(&vm->idx, nv);
  vec_grow(&vm->from, nv);
  vec_grow(&vm->to, nv);
}

static void vmap_put(CloneMap *vm, LLVMValueRef from, LLVMValueRef to) {
  map_put(&vm->idx, from, (uint32_t)vm->to.n);
  vec_push(&vm->from, from);
  vec_push(&vm->to, to);
}

static LLVMValueRef vmap_get(const CloneMap *vm, LLVMValueRef v) {
  uint32_t k = map_find(&vm->idx, v);
  return k == MAP_NONE ? v : vm->to.v[k];
}

/* Copies fn's blocks into nf (whose parameters are already mapped). */
static void copy_body(LLVMBuilderRef b, LLVMValueRef fn, LLVMValueRef nf,
                      CloneMap *vm, LLVMBasicBlockRef entry) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
  unsigned assign_id = LLVMGetMDKindIDInContext(ctx, "DIAssignID", 10);
  ValVec *made = &vm->made, *phis = &vm->phis;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    LLVMBasicBlockRef nb = entry;
    if (!nb)
      nb = LLVMAppendBasicBlockInContext(ctx, nf, LLVMGetBasicBlockName(bb));
    else
      LLVMSetValueName2(LLVMBasicBlockAsValue(nb), LLVMGetBasicBlockName(bb),
                        strlen(LLVMGetBasicBlockName(bb)));
    entry = NULL;
    vmap_put(vm, LLVMBasicBlockAsValue(bb), LLVMBasicBlockAsValue(nb));
  }
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    LLVMBasicBlockRef nb = LLVMValueAsBasicBlock(vmap_get(vm, LLVMBasicBlockAsValue(bb)));
    LLVMPositionBuilderAtEnd(b, nb);
    LLVMSetCurrentDebugLocation2(b, NULL);
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      size_t len;
      const char *name = LLVMGetValueName2(i, &len);
      LLVMValueRef c;
      if (LLVMIsAPHINode(i)) {
        c = LLVMBuildPhi(b, LLVMTypeOf(i), name);
        vec_push(phis, i);
      } else {
        c = LLVMInstructionClone(i);
        LLVMInsertIntoBuilderWithName(b, c, name);
        vec_push(made, c);
      }
      LLVMInstructionSetDebugLoc(c, NULL);
      if (LLVMGetMetadata(c, assign_id))
        LLVMSetMetadata(c, assign_id, NULL);
      vmap_put(vm, i, c);
    }
  }
  for (size_t k = 0; k < made->n; k++) {
    LLVMValueRef c = made->v[k];
    int n = LLVMGetNumOperands(c);
    for (int o = 0; o < n; o++) {
      LLVMValueRef op = LLVMGetOperand(c, (unsigned)o);
      LLVMValueRef nop = op ? vmap_get(vm, op) : op;
      if (nop != op)
        LLVMSetOperand(c, (unsigned)o, nop);
    }
  }
  for (size_t k = 0; k < phis->n; k++) {
    LLVMValueRef p = phis->v[k], np = vmap_get(vm, p);
    unsigned n = LLVMCountIncoming(p);
    for (unsigned i = 0; i < n; i++) {
      LLVMValueRef v = vmap_get(vm, LLVMGetIncomingValue(p, i));
      LLVMBasicBlockRef bb = LLVMValueAsBasicBlock(
          vmap_get(vm, LLVMBasicBlockAsValue(LLVMGetIncomingBlock(p, i))));
      LLVMAddIncoming(np, &v, &bb, 1);
    }
  }
}

LLVMValueRef clone_function(LLVMValueRef fn, LLVMTypeRef fnty, const char *name,
                            bool move, CloneMap *scratch) {
  LLVMModuleRef m = LLVMGetGlobalParent(fn);
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  unsigned np = LLVMCountParams(fn);
  LLVMValueRef nf = LLVMAddFunction(m, name, fnty);
  ir_copy_attrs(fn, nf, np);
  LLVMSetFunctionCallConv(nf, LLVMGetFunctionCallConv(fn));
  if (LLVMGetGC(fn))
    LLVMSetGC(nf, LLVMGetGC(fn));
  if (LLVMGetSection(fn))
    LLVMSetSection(nf, LLVMGetSection(fn));
  LLVMSetAlignment(nf, LLVMGetAlignment(fn));
  if (LLVMHasPersonalityFn(fn))
    LLVMSetPersonalityFn(nf, LLVMGetPersonalityFn(fn));
  LLVMSetUnnamedAddress(nf, LLVMGetUnnamedAddress(fn));
  copy_fn_metadata(fn, nf, move);
  if (move) {
    LLVMSetLinkage(nf, LLVMGetLinkage(fn));
    LLVMSetVisibility(nf, LLVMGetVisibility(fn));
    LLVMSetDLLStorageClass(nf, LLVMGetDLLStorageClass(fn));
    if (LLVMGetComdat(fn))
      LLVMSetComdat(nf, LLVMGetComdat(fn));
    LLVMGlobalClearMetadata(fn);
  } else {
    LLVMSetLinkage(nf, LLVMInternalLinkage);
  }

  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMBasicBlockRef entry = NULL;
  CloneMap own = {0}, *vm = scratch ? scratch : &own;
  if (move) {
    LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn);
    while (bb) {
      LLVMBasicBlockRef next = LLVMGetNextBasicBlock(bb);
      LLVMRemoveBasicBlockFromParent(bb);
      LLVMAppendExistingBasicBlock(nf, bb);
      bb = next;
    }
    entry = LLVMGetEntryBasicBlock(nf);
    LLVMValueRef first = LLVMGetFirstInstruction(entry);
    if (first)
      LLVMPositionBuilderBefore(b, first);
    else
      LLVMPositionBuilderAtEnd(b, entry);
  } else {
    entry = LLVMAppendBasicBlockInContext(ctx, nf, "");
    LLVMPositionBuilderAtEnd(b, entry);
  }
  /* the entry casts: line 0 in the subprogram (the moved body keeps it; a
     copy's is set by dbg_copy below, so its casts get theirs after) */
  LLVMMetadataRef sp = move ? LLVMGetSubprogram(nf) : NULL;
  LLVMSetCurrentDebugLocation2(
      b, sp ? LLVMDIBuilderCreateDebugLocation(ctx, 0, 0, sp, NULL) : NULL);
  if (!move) {
    /* room for every parameter, block and instruction at once */
    size_t nv = np + LLVMCountBasicBlocks(fn);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        nv++;
    vmap_reset(vm, nv);
  }
  ValVec casts = {0};
  for (unsigned k = 0; k < np; k++) {
    LLVMValueRef p = LLVMGetParam(fn, k), q = LLVMGetParam(nf, k);
    size_t len;
    const char *pn = LLVMGetValueName2(p, &len);
    /* q gets p's name (taken from p when p goes away) */
    if (move)
      ir_take_name(p, q);
    else if (len)
      LLVMSetValueName2(q, pn, len);
    LLVMValueRef as = q;
    if (LLVMTypeOf(p) != LLVMTypeOf(q)) {
      char *cn = len ? xconcat(LLVMGetValueName2(q, &len), ".generic") : NULL;
      as = LLVMBuildAddrSpaceCast(b, q, LLVMTypeOf(p), cn ? cn : "");
      vec_push(&casts, as);
      free(cn);
    }
    if (move)
      LLVMReplaceAllUsesWith(p, as);
    else
      vmap_put(vm, p, as);
  }
  if (!move) {
    copy_body(b, fn, nf, vm, entry);
    dbg_copy(fn, nf, vm->from.v, vm->to.v, vm->from.n);
    if ((sp = LLVMGetSubprogram(nf)))
      for (size_t k = 0; k < casts.n; k++)
        LLVMInstructionSetDebugLoc(casts.v[k],
                                   LLVMDIBuilderCreateDebugLocation(ctx, 0, 0, sp, NULL));
  }
  vec_free(&casts);
  clone_map_free(&own);
  LLVMDisposeBuilder(b);
  return nf;
}
