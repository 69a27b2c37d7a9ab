/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* ir.c — LLVM-C helpers shared by the passes: pointer types, call
 * rebuilding, and the table of memory intrinsics that take pointers.
 * Written once here because the C API lacks them. */
#include "base/base.h"

#include <llvm-c/DebugInfo.h>
#include <string.h>

const char *ir_name(LLVMValueRef v) {
  size_t len;
  return LLVMGetValueName2(v, &len);
}

int ir_ptr_as(LLVMTypeRef t) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (k == LLVMVectorTypeKind || k == LLVMScalableVectorTypeKind) {
    t = LLVMGetElementType(t);
    k = LLVMGetTypeKind(t);
  }
  return k == LLVMPointerTypeKind ? (int)LLVMGetPointerAddressSpace(t) : -1;
}

LLVMTypeRef ir_retype(LLVMTypeRef t, int as) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  LLVMTypeRef p = LLVMPointerTypeInContext(LLVMGetTypeContext(t), (unsigned)as);
  if (k == LLVMVectorTypeKind)
    return LLVMVectorType(p, LLVMGetVectorSize(t));
  if (k == LLVMScalableVectorTypeKind)
    return LLVMScalableVectorType(p, LLVMGetVectorSize(t));
  return p;
}

LLVMValueRef ir_callee(LLVMValueRef call) {
  if (!LLVMIsACallInst(call))
    return NULL;
  LLVMValueRef f = LLVMGetCalledValue(call);
  return f && LLVMIsAFunction(f) ? f : NULL;
}

bool ir_hands_out(LLVMValueRef user) {
  LLVMValueRef f = ir_callee(user);
  return LLVMIsAReturnInst(user) || (f && LLVMGetFirstBasicBlock(f));
}

LLVMValueRef ir_insert_point_after(LLVMValueRef v) {
  if (LLVMIsAArgument(v)) {
    LLVMValueRef fn = LLVMGetParamParent(v);
    return LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(fn));
  }
  LLVMValueRef i = LLVMGetNextInstruction(v);
  while (i && (LLVMIsAPHINode(i) || ir_is_eh_pad(i)))
    i = LLVMGetNextInstruction(i);
  return i;
}

LLVMValueRef ir_cast_after(LLVMValueRef v, LLVMTypeRef t, LLVMValueRef *at) {
  *at = ir_insert_point_after(v);
  for (LLVMValueRef i = *at; i && LLVMIsAAddrSpaceCastInst(i); i = LLVMGetNextInstruction(i))
    if (LLVMGetOperand(i, 0) == v && LLVMTypeOf(i) == t)
      return i;
  return NULL;
}

static const char FAKE_USE[] = "llvm.fake.use";

LLVMValueRef ir_build_fake_use(LLVMBuilderRef b, LLVMValueRef v) {
  LLVMModuleRef m = LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInsertBlock(b)));
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  unsigned id = LLVMLookupIntrinsicID(FAKE_USE, strlen(FAKE_USE));
  LLVMTypeRef ty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), NULL, 0, true);
  return LLVMBuildCall2(b, ty, LLVMGetIntrinsicDeclaration(m, id, NULL, 0), &v, 1, "");
}

bool ir_is_fake_use(LLVMValueRef v) {
  LLVMValueRef f = ir_callee(v);
  unsigned id = f ? LLVMGetIntrinsicID(f) : 0;
  return id && id == LLVMLookupIntrinsicID(FAKE_USE, strlen(FAKE_USE));
}

LLVMValueRef ir_build_gep_on(LLVMBuilderRef b, LLVMValueRef gep, LLVMValueRef base) {
  unsigned n = (unsigned)LLVMGetNumOperands(gep) - 1;
  LLVMValueRef few[8], *idx = n <= 8 ? few : xmalloc(n * sizeof *idx);
  for (unsigned i = 0; i < n; i++)
    idx[i] = LLVMGetOperand(gep, i + 1);
  LLVMValueRef g = LLVMBuildGEPWithNoWrapFlags(b, LLVMGetGEPSourceElementType(gep), base, idx, n,
                                               "", LLVMGEPGetNoWrapFlags(gep));
  if (idx != few)
    free(idx);
  return g;
}

bool ir_is_eh_pad(LLVMValueRef i) {
  return LLVMIsALandingPadInst(i) || LLVMIsACleanupPadInst(i) || LLVMIsACatchPadInst(i) ||
         LLVMIsACatchSwitchInst(i);
}

bool ir_block_insertable(LLVMBasicBlockRef bb) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
    if (LLVMIsACatchSwitchInst(i))
      return false;
    else if (!LLVMIsAPHINode(i) && !ir_is_eh_pad(i))
      return true;
  return false;
}

LLVMBasicBlockRef ir_split_before(LLVMBuilderRef b, LLVMValueRef at) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(at);
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(LLVMGetBasicBlockParent(bb)));
  LLVMBasicBlockRef head = LLVMInsertBasicBlockInContext(ctx, bb, "");
  /* the branches into bb now enter head (a self loop's too: it comes back
     to the top); the phis of bb's successors keep bb, which still holds
     the terminator */
  VEC(LLVMValueRef) terms = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb)); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsATerminatorInst(user))
      vec_push(&terms, user);
  }
  for (size_t k = 0; k < terms.n; k++) {
    unsigned n = LLVMGetNumSuccessors(terms.v[k]);
    for (unsigned j = 0; j < n; j++)
      if (LLVMGetSuccessor(terms.v[k], j) == bb)
        LLVMSetSuccessor(terms.v[k], j, head);
  }
  vec_free(&terms);
  ir_take_name(LLVMBasicBlockAsValue(bb), LLVMBasicBlockAsValue(head)); /* entry stays entry */
  LLVMValueRef next;
  for (LLVMValueRef x = LLVMGetFirstInstruction(bb); x && x != at; x = next) {
    next = LLVMGetNextInstruction(x);
    LLVMPositionBuilderAtEnd(b, head);
    LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(x));
    if (LLVMIsAPHINode(x)) {
      LLVMValueRef np = LLVMBuildPhi(b, LLVMTypeOf(x), "");
      unsigned n = LLVMCountIncoming(x);
      for (unsigned i = 0; i < n; i++) {
        LLVMValueRef v = LLVMGetIncomingValue(x, i);
        LLVMBasicBlockRef from = LLVMGetIncomingBlock(x, i);
        LLVMAddIncoming(np, &v, &from, 1);
      }
      ir_take_name(x, np);
      LLVMReplaceAllUsesWith(x, np);
      LLVMInstructionEraseFromParent(x);
      continue;
    }
    size_t len;
    const char *nm = LLVMGetValueName2(x, &len);
    char *name = xstrdup(len ? nm : "");
    LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(x);
    LLVMInstructionRemoveFromParent(x);
    LLVMInsertIntoBuilderWithName(b, x, name);
    LLVMInstructionSetDebugLoc(x, loc);
    free(name);
  }
  return head;
}

LLVMMetadataRef ir_loc_of(LLVMValueRef at, LLVMValueRef fn) {
  LLVMMetadataRef loc = at && LLVMIsAInstruction(at) ? LLVMInstructionGetDebugLoc(at) : NULL;
  if (loc)
    return loc;
  LLVMMetadataRef sp = LLVMGetSubprogram(fn);
  return sp ? LLVMDIBuilderCreateDebugLocation(LLVMGetTypeContext(LLVMTypeOf(fn)), 0, 0, sp, NULL)
            : NULL;
}

void ir_erase_salvaging(LLVMValueRef v, LLVMValueRef same) {
  dbg_salvage(v, same);
  LLVMInstructionEraseFromParent(v);
}

static void copy_metadata(LLVMValueRef from, LLVMValueRef to) {
  size_t n = 0;
  LLVMValueMetadataEntry *md =
      LLVMInstructionGetAllMetadataOtherThanDebugLoc(from, &n);
  for (size_t i = 0; i < n; i++) {
    unsigned kind = LLVMValueMetadataEntriesGetKind(md, (unsigned)i);
    LLVMMetadataRef node = LLVMValueMetadataEntriesGetMetadata(md, (unsigned)i);
    LLVMSetMetadata(to, kind,
                    LLVMMetadataAsValue(LLVMGetTypeContext(LLVMTypeOf(to)), node));
  }
  if (md)
    LLVMDisposeValueMetadataEntries(md);
  LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(from);
  if (loc)
    LLVMInstructionSetDebugLoc(to, loc);
}

LLVMValueRef ir_replace_call(LLVMBuilderRef b, LLVMValueRef old,
                             LLVMValueRef callee, LLVMTypeRef fnty,
                             LLVMValueRef *args, unsigned nargs) {
  LLVMPositionBuilderBefore(b, old);
  LLVMSetCurrentDebugLocation2(b, NULL);
  unsigned nb = LLVMGetNumOperandBundles(old);
  LLVMOperandBundleRef *bundles = nb ? xmalloc(nb * sizeof *bundles) : NULL;
  for (unsigned i = 0; i < nb; i++)
    bundles[i] = LLVMGetOperandBundleAtIndex(old, i);
  LLVMValueRef nc = LLVMBuildCallWithOperandBundles(b, fnty, callee, args,
                                                    nargs, bundles, nb, "");
  for (unsigned i = 0; i < nb; i++)
    LLVMDisposeOperandBundle(bundles[i]);
  free(bundles);
  LLVMSetInstructionCallConv(nc, LLVMGetInstructionCallConv(old));
  LLVMSetTailCallKind(nc, LLVMGetTailCallKind(old));
  ir_copy_attrs(old, nc, nargs);
  copy_metadata(old, nc);
  if (LLVMCanValueUseFastMathFlags(old))
    LLVMSetFastMathFlags(nc, LLVMGetFastMathFlags(old));
  if (LLVMGetTypeKind(LLVMTypeOf(old)) != LLVMVoidTypeKind) {
    ir_take_name(old, nc);
    LLVMValueRef repl = nc;
    /* return retyped: cast back for the old uses (none: no dead cast, which
       a second run would remove) */
    if (LLVMTypeOf(nc) != LLVMTypeOf(old) && LLVMGetFirstUse(old))
      repl = LLVMBuildAddrSpaceCast(b, nc, LLVMTypeOf(old), "");
    LLVMReplaceAllUsesWith(old, repl);
  }
  LLVMInstructionEraseFromParent(old);
  return nc;
}

void ir_rpo(LLVMValueRef fn, PtrMap *seen, BlockVec *out) {
  typedef struct {
    LLVMBasicBlockRef bb;
    unsigned next;
  } Frame;
  VEC(Frame) st = {0};
  BlockVec post = {0};
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
  map_put(seen, entry, 1);
  Frame f0 = {entry, 0};
  vec_push(&st, f0);
  while (st.n) {
    Frame *f = &st.v[st.n - 1];
    LLVMValueRef term = LLVMGetBasicBlockTerminator(f->bb);
    unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
    if (f->next < ns) {
      LLVMBasicBlockRef succ = LLVMGetSuccessor(term, f->next++);
      if (!map_get(seen, succ, NULL)) {
        map_put(seen, succ, 1);
        Frame nf = {succ, 0};
        vec_push(&st, nf);
      }
    } else {
      vec_push(&post, f->bb);
      st.n--;
    }
  }
  out->n = 0;
  for (size_t i = post.n; i-- > 0;)
    vec_push(out, post.v[i]);
  vec_free(&st);
  vec_free(&post);
}

bool ir_optnone(LLVMValueRef fn) {
  unsigned kind = LLVMGetEnumAttributeKindForName("optnone", 7);
  return LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind) != NULL;
}

bool ir_is_ptr_in(LLVMTypeRef t, int as) {
  return LLVMGetTypeKind(t) == LLVMPointerTypeKind && (int)LLVMGetPointerAddressSpace(t) == as;
}

LLVMTypeRef *ir_param_types(LLVMTypeRef fty, unsigned *n) {
  *n = LLVMCountParamTypes(fty);
  LLVMTypeRef *ps = xcalloc(*n ? *n : 1, sizeof *ps);
  LLVMGetParamTypes(fty, ps);
  return ps;
}

bool ir_type_has_pointer(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMPointerTypeKind:
    return true;
  case LLVMVectorTypeKind:
  case LLVMScalableVectorTypeKind:
  case LLVMArrayTypeKind:
    return ir_type_has_pointer(LLVMGetElementType(t));
  case LLVMStructTypeKind: {
    unsigned n = LLVMCountStructElementTypes(t);
    for (unsigned k = 0; k < n; k++)
      if (ir_type_has_pointer(LLVMStructGetTypeAtIndex(t, k)))
        return true;
    return false;
  }
  default:
    return false;
  }
}

int ir_param_index(LLVMValueRef v) {
  if (!LLVMIsAArgument(v))
    return -1;
  LLVMValueRef fn = LLVMGetParamParent(v);
  unsigned n = LLVMCountParams(fn);
  for (unsigned k = 0; k < n; k++)
    if (LLVMGetParam(fn, k) == v)
      return (int)k;
  return -1;
}

bool ir_param_attr(LLVMValueRef fn, unsigned k, const char *name) {
  unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
  return LLVMGetEnumAttributeAtIndex(fn, k + 1, kind) != NULL;
}

bool ir_param_abi(LLVMValueRef fn, unsigned k) {
  static const char *const abi[] = {"byval", "byref", "sret", "inalloca", "preallocated"};
  for (size_t i = 0; i < sizeof abi / sizeof *abi; i++)
    if (ir_param_attr(fn, k, abi[i]))
      return true;
  return false;
}

LLVMValueRef ir_alloca_of(LLVMValueRef v) {
  while (LLVMIsAAddrSpaceCastInst(v))
    v = LLVMGetOperand(v, 0);
  return LLVMIsAAllocaInst(v) ? v : NULL;
}

/* What p's alloca or global base and constant byte offset say of its
   alignment; 0: none. */
static unsigned base_align(LLVMValueRef p) {
  uint64_t off = 0;
  for (unsigned depth = 0; depth < 32; depth++) {
    LLVMOpcode op = ir_opcode(p);
    if (op == LLVMAddrSpaceCast || op == LLVMBitCast) {
      p = LLVMGetOperand(p, 0);
      continue;
    }
    if (op == LLVMGetElementPtr) {
      /* byte offsets only (InstCombine's canonical constant GEP), or all
         indices 0 */
      LLVMTypeRef et = LLVMGetGEPSourceElementType(p);
      unsigned n = (unsigned)LLVMGetNumOperands(p);
      bool bytes = LLVMGetTypeKind(et) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(et) == 8;
      for (unsigned k = 1; k < n; k++) {
        LLVMValueRef idx = LLVMGetOperand(p, k);
        if (!LLVMIsAConstantInt(idx))
          return 0;
        int64_t c = LLVMConstIntGetSExtValue(idx);
        if (c && !(bytes && n == 2))
          return 0;
        off += (uint64_t)c;
      }
      p = LLVMGetOperand(p, 0);
      continue;
    }
    break;
  }
  unsigned a = LLVMIsAAllocaInst(p) || LLVMIsAGlobalVariable(p) ? LLVMGetAlignment(p) : 0;
  if (!a || !off)
    return a;
  uint64_t low = off & (~off + 1); /* the offset's lowest set bit */
  return low < a ? (unsigned)low : a;
}

bool ir_raise_align(LLVMValueRef i, LLVMValueRef p) {
  if (!LLVMIsALoadInst(i) && !LLVMIsAStoreInst(i))
    return false;
  unsigned a = base_align(p);
  if (a <= LLVMGetAlignment(i))
    return false;
  LLVMSetAlignment(i, a);
  return true;
}

LLVMOpcode ir_opcode(LLVMValueRef v) {
  return LLVMIsAInstruction(v)    ? LLVMGetInstructionOpcode(v)
         : LLVMIsAConstantExpr(v) ? LLVMGetConstOpcode(v)
                                  : (LLVMOpcode)0;
}

LLVMValueRef ir_strip_offsets(LLVMValueRef v) {
  for (;;) {
    LLVMOpcode op = ir_opcode(v);
    if (op != LLVMGetElementPtr && op != LLVMAddrSpaceCast && op != LLVMBitCast)
      return v;
    v = LLVMGetOperand(v, 0);
  }
}

void ir_int_read_ptrs(LLVMValueRef fn, PtrMap *set) {
  map_clear(set);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (LLVMIsAPtrToIntInst(i))
        map_put(set, LLVMGetOperand(i, 0), 1);
}

/* A set of the function's own (not the uses of p, which for a constant or
   a global are the whole module's: a walk over them per access was
   quadratic, 20,000 loads through one shared array 0.2 s -> 6.5 s). */
bool ir_address_read_as_int(const PtrMap *set, LLVMValueRef p) {
  for (unsigned d = 0; d < 16; d++) {
    if (map_get(set, p, NULL))
      return true;
    LLVMOpcode op = ir_opcode(p);
    if (op != LLVMGetElementPtr && op != LLVMAddrSpaceCast && op != LLVMBitCast)
      return false;
    p = LLVMGetOperand(p, 0);
  }
  return false;
}

bool ir_is_lifetime(LLVMValueRef call) {
  LLVMValueRef f = ir_callee(call);
  if (!f || !LLVMGetIntrinsicID(f))
    return false;
  size_t len;
  const char *n = LLVMGetValueName2(f, &len);
  return len >= 14 && !strncmp(n, "llvm.lifetime.", 14);
}

/* LLVM's own lists (llvm.used, llvm.compiler.used, llvm.global_ctors, the
   annotations of section llvm.metadata): what they hold is for the linker
   and the code generator; no instruction of the program reads them. */
bool ir_metadata_global(LLVMValueRef gv) {
  size_t len;
  const char *n = LLVMGetValueName2(gv, &len);
  const char *sec = LLVMGetSection(gv);
  return (len > 5 && !strncmp(n, "llvm.", 5)) || (sec && !strcmp(sec, "llvm.metadata"));
}

/* ---- tags (lower.c, and gasp-run's builtins) ------------------------------ */

LLVMTypeRef ir_int_for(LLVMTypeRef pt) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(pt));
  if (LLVMGetTypeKind(pt) == LLVMVectorTypeKind)
    return LLVMVectorType(i64, LLVMGetVectorSize(pt));
  return i64;
}

LLVMValueRef ir_splat(LLVMTypeRef it, unsigned long long c) {
  bool vec = LLVMGetTypeKind(it) == LLVMVectorTypeKind;
  LLVMValueRef k = LLVMConstInt(vec ? LLVMGetElementType(it) : it, c, 0);
  if (!vec)
    return k;
  unsigned n = LLVMGetVectorSize(it);
  LLVMValueRef *el = xmalloc(n * sizeof *el);
  for (unsigned i = 0; i < n; i++)
    el[i] = k;
  LLVMValueRef v = LLVMConstVector(el, n);
  free(el);
  return v;
}

LLVMValueRef ir_clear_tag(LLVMBuilderRef b, LLVMValueRef p, LLVMValueRef bits) {
  LLVMTypeRef pt = LLVMTypeOf(p), it = ir_int_for(pt);
  LLVMValueRef i = bits ? bits : LLVMBuildPtrToInt(b, p, it, "");
  LLVMValueRef sh = LLVMBuildShl(b, i, ir_splat(it, 4), "");
  LLVMValueRef a = LLVMBuildAShr(b, sh, ir_splat(it, 4), "");
  return LLVMBuildIntToPtr(b, a, pt, "untag");
}

/* ---- memory intrinsics --------------------------------------------------
 * ptr_args: which arguments are (vectors of) pointers to memory;
 * overload: how the overloaded name is formed (-1 return type, k arg k);
 * writes: the argument written through (-1: the call only reads). */
static const IrMemIntrin mem_intrins[] = {
    {0, "llvm.memcpy", {0, 1}, {0, 1, 2}, true, false, 0},
    {0, "llvm.memcpy.inline", {0, 1}, {0, 1, 2}, true, false, 0},
    {0, "llvm.memmove", {0, 1}, {0, 1, 2}, true, false, 0},
    {0, "llvm.memset", {0, -1}, {0, 2, -2}, true, false, 0},
    {0, "llvm.memset.inline", {0, -1}, {0, 2, -2}, true, false, 0},
    {0, "llvm.masked.load", {0, -1}, {-1, 0, -2}, true, false, -1},
    {0, "llvm.masked.store", {1, -1}, {0, 1, -2}, true, false, 1},
    {0, "llvm.masked.gather", {0, -1}, {-1, 0, -2}, true, false, -1},
    {0, "llvm.masked.scatter", {1, -1}, {0, 1, -2}, true, false, 1},
    {0, "llvm.prefetch", {0, -1}, {0, -2, -2}, false, false, -1},
};
/* NVVM's warp matrix accesses, a family of names
   llvm.nvvm.wmma.<shape>.{load.<a|b|c>|store.d}.<layout>[.stride].<type>,
   each overloaded on its pointer (operand 0) alone; the back end selects
   wmma.load/wmma.store with the pointer's state space (.global, .shared;
   none for generic; no other space: tgt_access_ok's TGT_ACC_MATRIX). */
static const IrMemIntrin wmma_load = {0, "llvm.nvvm.wmma.load", {0, -1}, {0, -2, -2}, true, true, -1};
static const IrMemIntrin wmma_store = {0, "llvm.nvvm.wmma.store", {0, -1}, {0, -2, -2}, true, true, 0};

static const IrMemIntrin *wmma_access(const char *name, size_t len) {
  static const char prefix[] = "llvm.nvvm.wmma.";
  if (len <= sizeof prefix - 1 || memcmp(name, prefix, sizeof prefix - 1))
    return NULL;
  for (size_t i = sizeof prefix - 1; i + 7 <= len; i++) {
    if (!memcmp(name + i, ".load.", 6))
      return &wmma_load;
    if (!memcmp(name + i, ".store.", 7))
      return &wmma_store;
  }
  return NULL;
}

const IrMemIntrin *ir_mem_intrin(LLVMValueRef call) {
  LLVMValueRef f = ir_callee(call);
  if (!f)
    return NULL;
  unsigned id = LLVMGetIntrinsicID(f);
  if (!id)
    return NULL;
  size_t len;
  const char *name = LLVMIntrinsicGetName(id, &len);
  for (unsigned i = 0; i < sizeof mem_intrins / sizeof mem_intrins[0]; i++)
    if (strlen(mem_intrins[i].name) == len &&
        !memcmp(mem_intrins[i].name, name, len))
      return &mem_intrins[i];
  return wmma_access(name, len);
}

/* Intrinsics that return their pointer operand 0 moved or masked. */
static const char *const address_intrins[] = {
    "llvm.ptrmask", "llvm.launder.invariant.group", "llvm.strip.invariant.group"};
/* Intrinsics that take a pointer but never access memory through it. */
static const char *const noaccess_intrins[] = {
    "llvm.prefetch",      "llvm.lifetime.start", "llvm.lifetime.end",
    "llvm.objectsize",    "llvm.invariant.start", "llvm.invariant.end",
    "llvm.var.annotation", "llvm.ptr.annotation", "llvm.assume",
    "llvm.is.constant",   "llvm.experimental.noalias.scope.decl"};

static bool name_in(const char *name, size_t len, const char *const *list, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (strlen(list[i]) == len && !memcmp(list[i], name, len))
      return true;
  return false;
}

/* address_intrins' launder and strip (the same pointer, not captured) */
#define LAUNDERS (address_intrins + 1)

LLVMValueRef ir_build_launder(LLVMBuilderRef b, LLVMValueRef v) {
  LLVMModuleRef m = LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInsertBlock(b)));
  LLVMTypeRef ty = LLVMTypeOf(v);
  unsigned id = LLVMLookupIntrinsicID(LAUNDERS[0], strlen(LAUNDERS[0]));
  LLVMValueRef decl = LLVMGetIntrinsicDeclaration(m, id, &ty, 1);
  return LLVMBuildCall2(b, LLVMGlobalGetValueType(decl), decl, &v, 1, "");
}

bool ir_is_launder(LLVMValueRef v) {
  LLVMValueRef f = ir_callee(v);
  unsigned id = f ? LLVMGetIntrinsicID(f) : 0;
  size_t len;
  const char *name = id ? LLVMIntrinsicGetName(id, &len) : NULL;
  return name && name_in(name, len, LAUNDERS, 2);
}

/* The function attribute memory(...) says nothing is read or written
   through arguments or unknown memory (argmem and other locations are
   NoModRef).  MemoryEffects packs 2 bits per location: argmem bits 0-1,
   inaccessible 2-3, errno 4-5, other 6-7.  No attribute: anything. */
static bool no_arg_memory(LLVMValueRef f) {
  unsigned kind = LLVMGetEnumAttributeKindForName("memory", 6);
  LLVMAttributeRef a = LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, kind);
  if (!a)
    return false;
  uint64_t v = LLVMGetEnumAttributeValue(a);
  return (v & 3) == 0 && ((v >> 6) & 3) == 0;
}

IrArgUse ir_call_arg_use(LLVMValueRef call, unsigned k) {
  LLVMValueRef f = LLVMGetCalledValue(call);
  if (!f || LLVMIsAInlineAsm(f))
    return IR_ARG_UNKNOWN;
  if (!LLVMIsAFunction(f))
    return IR_ARG_CALLEE; /* indirect: a function of the module or outside */
  size_t len;
  const char *name = LLVMGetValueName2(f, &len);
  bool intrinsic = LLVMGetIntrinsicID(f) || (len > 5 && !memcmp(name, "llvm.", 5));
  if (!intrinsic)
    return IR_ARG_CALLEE;
  if (LLVMGetIntrinsicID(f)) {
    name = LLVMIntrinsicGetName(LLVMGetIntrinsicID(f), &len);
    const IrMemIntrin *mi = ir_mem_intrin(call);
    if (mi && mi->is_access)
      for (int j = 0; j < 2; j++)
        if (mi->ptr_args[j] == (int)k)
          return IR_ARG_ACCESS;
    if (name_in(name, len, address_intrins, sizeof address_intrins / sizeof *address_intrins))
      return k == 0 ? IR_ARG_ADDRESS : IR_ARG_NOACCESS;
    if (name_in(name, len, noaccess_intrins, sizeof noaccess_intrins / sizeof *noaccess_intrins))
      return IR_ARG_NOACCESS;
  }
  return no_arg_memory(f) ? IR_ARG_NOACCESS : IR_ARG_UNKNOWN;
}

LLVMTypeRef ir_arg_byval(LLVMValueRef call, unsigned k) {
  unsigned byval = LLVMGetEnumAttributeKindForName("byval", 5);
  LLVMAttributeRef a = LLVMGetCallSiteEnumAttribute(call, k + 1, byval);
  LLVMValueRef f = LLVMGetCalledValue(call);
  if (!a && f && LLVMIsAFunction(f) && k < LLVMCountParams(f))
    a = LLVMGetEnumAttributeAtIndex(f, k + 1, byval);
  return a ? LLVMGetTypeAttributeValue(a) : NULL;
}

/* The declaration of intrinsic id (info's) for the given argument and
   return types. */
static LLVMValueRef mem_intrin_decl(LLVMModuleRef m, unsigned id, const IrMemIntrin *info,
                                    LLVMTypeRef ret, LLVMValueRef *args) {
  LLVMTypeRef tys[3];
  size_t n = 0;
  for (int i = 0; i < 3 && info->overload[i] != -2; i++)
    tys[n++] = info->overload[i] == -1 ? ret : LLVMTypeOf(args[info->overload[i]]);
  return LLVMGetIntrinsicDeclaration(m, id, tys, n);
}

bool ir_mem_intrin_volatile(const IrMemIntrin *mi, LLVMValueRef call) {
  if (strncmp(mi->name, "llvm.mem", 8))
    return false;
  LLVMValueRef last = LLVMGetOperand(call, LLVMGetNumArgOperands(call) - 1);
  return LLVMIsAConstantInt(last) && LLVMConstIntGetZExtValue(last) != 0;
}

LLVMValueRef ir_mem_intrin_rebuild(LLVMBuilderRef b, const IrMemIntrin *mi,
                                   LLVMValueRef call, LLVMValueRef *args) {
  LLVMValueRef f = ir_callee(call);
  LLVMValueRef decl = mem_intrin_decl(LLVMGetGlobalParent(f), LLVMGetIntrinsicID(f), mi,
                                      LLVMTypeOf(call), args);
  return ir_replace_call(b, call, decl, LLVMGlobalGetValueType(decl), args,
                         LLVMGetNumArgOperands(call));
}

unsigned ir_ptr_operand(LLVMValueRef i) { return LLVMIsAStoreInst(i) ? 1 : 0; }

unsigned ir_mem_ptrs(LLVMValueRef i, LLVMValueRef ptrs[2]) {
  switch (LLVMGetInstructionOpcode(i)) {
  case LLVMLoad:
  case LLVMStore:
  case LLVMAtomicRMW:
  case LLVMAtomicCmpXchg:
    ptrs[0] = LLVMGetOperand(i, ir_ptr_operand(i));
    return 1;
  case LLVMCall: {
    const IrMemIntrin *mi = ir_mem_intrin(i);
    if (!mi || !mi->is_access)
      return 0;
    unsigned n = 0;
    for (int k = 0; k < 2; k++)
      if (mi->ptr_args[k] >= 0)
        ptrs[n++] = LLVMGetOperand(i, (unsigned)mi->ptr_args[k]);
    return n;
  }
  default:
    return 0;
  }
}

bool ir_is_mem_op_in(LLVMValueRef i, int as) {
  LLVMValueRef ptrs[2];
  unsigned n = ir_mem_ptrs(i, ptrs);
  for (unsigned k = 0; k < n; k++)
    if (ir_ptr_as(LLVMTypeOf(ptrs[k])) == as)
      return true;
  return false;
}

unsigned long ir_count_mem_ops_in(LLVMValueRef fn, int as) {
  unsigned long n = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      n += ir_is_mem_op_in(i, as);
  return n;
}

bool ir_address_taken(LLVMValueRef fn) {
  for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!(LLVMIsACallInst(user) || LLVMIsAInvokeInst(user)) ||
        LLVMGetCalledValue(user) != fn)
      return true;
    unsigned n = LLVMGetNumArgOperands(user); /* a call of fn handing fn on: f(f) */
    for (unsigned k = 0; k < n; k++)
      if (LLVMGetOperand(user, k) == fn)
        return true;
  }
  return false;
}

unsigned ir_upgrade_legacy_calls(LLVMModuleRef m) {
  ValVec old = {0};
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    if (LLVMIsDeclaration(f) && !LLVMGetIntrinsicID(f) && len > 5 && !memcmp(name, "llvm.", 5))
      vec_push(&old, f);
  }
  unsigned n = 0;
  for (size_t k = 0; k < old.n; k++)
    n += capi_upgrade_calls(old.v[k]);
  vec_free(&old);
  return n;
}

unsigned long ir_count_instructions(LLVMValueRef fn) {
  unsigned long n = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      n++;
  return n;
}

unsigned long ir_count_module_instructions(LLVMModuleRef m) {
  unsigned long n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    n += ir_count_instructions(f);
  return n;
}

/* ---- constant GEP offsets ---------------------------------------------- */

unsigned ir_copy_cost(LLVMValueRef f) {
  unsigned n = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (ir_alloca_of(i) || (LLVMIsALoadInst(i) && ir_alloca_of(LLVMGetOperand(i, 0))) ||
          (LLVMIsAStoreInst(i) && ir_alloca_of(LLVMGetOperand(i, 1))))
        continue;
      n++;
    }
  return n;
}

bool ir_gep_offset(LLVMTargetDataRef td, LLVMValueRef gep, int64_t *off, int64_t *stride) {
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(gep);
  unsigned n = (unsigned)LLVMGetNumOperands(gep);
  int64_t o = 0, s = 0;
  for (unsigned k = 1; k < n; k++) {
    LLVMValueRef idx = LLVMGetOperand(gep, k);
    bool known = LLVMIsAConstantInt(idx) && LLVMGetIntTypeWidth(LLVMTypeOf(idx)) <= 64;
    int64_t c = known ? (int64_t)LLVMConstIntGetSExtValue(idx) : 0;
    if (c < -(1 << 20) || c > (1 << 20))
      return false; /* no overflow below */
    int64_t size;
    if (k == 1) {
      size = (int64_t)LLVMABISizeOfType(td, ty);
    } else if (LLVMGetTypeKind(ty) == LLVMStructTypeKind && known && c >= 0 &&
               (unsigned)c < LLVMCountStructElementTypes(ty)) {
      o += (int64_t)LLVMOffsetOfElement(td, ty, (unsigned)c);
      ty = LLVMStructGetTypeAtIndex(ty, (unsigned)c);
      continue;
    } else if (LLVMGetTypeKind(ty) == LLVMArrayTypeKind) {
      ty = LLVMGetElementType(ty);
      size = (int64_t)LLVMABISizeOfType(td, ty);
    } else {
      return false; /* vector element addresses: not byte-sized always */
    }
    if (size > ((int64_t)1 << 40) || o > ((int64_t)1 << 61) || o < -((int64_t)1 << 61))
      return false;
    if (known)
      o += c * size;
    else
      s = gcd64(s, size);
  }
  *off = o;
  *stride = s;
  return true;
}

LLVMValueRef ir_base_offset(LLVMTargetDataRef td, LLVMValueRef v, int64_t *off,
                            int64_t *stride) {
  *off = *stride = 0;
  for (;;) {
    if (LLVMIsAAddrSpaceCastInst(v) || LLVMIsABitCastInst(v)) {
      v = LLVMGetOperand(v, 0);
    } else if (LLVMIsAGetElementPtrInst(v)) {
      int64_t o, s;
      if (!ir_gep_offset(td, v, &o, &s))
        return NULL;
      *off += o;
      *stride = gcd64(*stride, s);
      v = LLVMGetOperand(v, 0);
    } else {
      return v;
    }
  }
}

int64_t ir_gep_const_offset(LLVMTargetDataRef td, LLVMValueRef gep) {
  int64_t o, s;
  return ir_gep_offset(td, gep, &o, &s) && !s ? o : INT64_MIN;
}

/* ---- names --------------------------------------------------------------- */

/* The C++ ABI's demangler (libstdc++, which gasp links for LLVM): a C
   function, declared here as <cxxabi.h> declares it. */
extern char *__cxa_demangle(const char *mangled, char *out, size_t *len, int *status);

char *ir_demangle(const char *name, size_t len) {
  if (len < 3 || name[0] != '_' || name[1] != 'Z')
    return NULL;
  /* a clone's suffix (".as1_3", ".f0o0as1") follows the mangled name */
  size_t base = 0;
  while (base < len && name[base] != '.')
    base++;
  char *mangled = xasprintf("%.*s", (int)base, name);
  int status = 0;
  char *d = __cxa_demangle(mangled, NULL, NULL, &status);
  free(mangled);
  if (status || !d) {
    free(d);
    return NULL;
  }
  char *r = xasprintf("%s%.*s", d, (int)(len - base), name + base);
  free(d);
  return r;
}

char *ir_loc_text(LLVMValueRef i) {
  unsigned len = 0;
  const char *file = LLVMGetDebugLocFilename(i, &len);
  if (!file || !len)
    return NULL;
  return xasprintf("%.*s:%u:%u", (int)len, file, LLVMGetDebugLocLine(i),
                   LLVMGetDebugLocColumn(i));
}

bool ir_null_is_valid(LLVMValueRef fn) {
  unsigned k = LLVMGetEnumAttributeKindForName("null_pointer_is_valid", 21);
  return LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, k) != NULL;
}

/* Comparisons with null decided by what a pointer is (ir_build_null_test).
   The address of an object (an alloca, a global variable that is not
   extern_weak), in its space or cast to generic, through inbounds or nuw
   GEPs, is not the generic null: C's and OpenCL's rule, which LLVM applies
   where null is no address (address space 0) and cannot in a named space,
   where an object may be at 0 (NullPointerIsDefined).  Once infer has named
   such a pointer, the compare of its cast back with null would stay; the
   test built from the generic one's shape keeps what LLVM would fold. */

/* 1: v is null; 0: an object's address; -1: neither known. */
static int null_leaf(LLVMValueRef v, int generic) {
  if (LLVMIsConstant(v) && LLVMIsNull(v))
    return ir_ptr_as(LLVMTypeOf(v)) == generic ? 1 : -1;
  for (;;) { /* an object cast to generic, not from it: a named null is no generic one */
    LLVMOpcode op = ir_opcode(v);
    if (op == LLVMAddrSpaceCast && ir_ptr_as(LLVMTypeOf(v)) == generic)
      v = LLVMGetOperand(v, 0);
    else if (op == LLVMGetElementPtr &&
             (LLVMIsInBounds(v) || (LLVMGEPGetNoWrapFlags(v) & LLVMGEPFlagNUW)))
      v = LLVMGetOperand(v, 0);
    else
      break;
  }
  if (LLVMIsAAllocaInst(v))
    return 0;
  if (LLVMIsAGlobalVariable(v) && LLVMGetLinkage(v) != LLVMExternalWeakLinkage)
    return 0;
  return -1;
}

/* Is `v == null` decided by v's shape (selects, depth deep; a phi of
   leaves)?  With b, builds it at b's position (a phi's at its block). */
static LLVMValueRef null_test(LLVMBuilderRef b, LLVMValueRef v, int generic, unsigned depth,
                              bool build) {
  LLVMContextRef cx = LLVMGetTypeContext(LLVMTypeOf(v));
  LLVMTypeRef i1 = LLVMInt1TypeInContext(cx);
  int leaf = null_leaf(v, generic);
  if (leaf >= 0)
    return LLVMConstInt(i1, (unsigned)leaf, false);
  if (!depth || !LLVMIsAInstruction(v))
    return NULL;
  if (LLVMIsASelectInst(v)) {
    LLVMValueRef x = null_test(b, LLVMGetOperand(v, 1), generic, depth - 1, build);
    LLVMValueRef y = x ? null_test(b, LLVMGetOperand(v, 2), generic, depth - 1, build) : NULL;
    if (!y || !build)
      return y;
    return x == y ? x : LLVMBuildSelect(b, LLVMGetOperand(v, 0), x, y, "is.null");
  }
  unsigned n = LLVMIsAPHINode(v) ? LLVMCountIncoming(v) : 0;
  if (!n || n > 16)
    return NULL;
  for (unsigned k = 0; k < n; k++)
    if (null_leaf(LLVMGetIncomingValue(v, k), generic) < 0)
      return NULL;
  if (!build)
    return LLVMConstInt(i1, 0, false); /* any non-NULL: decided */
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(v);
  LLVMBuilderRef pb = LLVMCreateBuilderInContext(cx);
  LLVMPositionBuilder(pb, bb, LLVMGetFirstInstruction(bb));
  LLVMValueRef phi = LLVMBuildPhi(pb, i1, "is.null");
  LLVMDisposeBuilder(pb);
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef c = LLVMConstInt(i1, (unsigned)null_leaf(LLVMGetIncomingValue(v, k), generic), false);
    LLVMBasicBlockRef from = LLVMGetIncomingBlock(v, k);
    LLVMAddIncoming(phi, &c, &from, 1);
  }
  return phi;
}

LLVMValueRef ir_build_null_test(LLVMBuilderRef b, LLVMValueRef icmp, int generic) {
  LLVMIntPredicate pr = LLVMGetICmpPredicate(icmp);
  if ((pr != LLVMIntEQ && pr != LLVMIntNE) ||
      ir_null_is_valid(LLVMGetBasicBlockParent(LLVMGetInstructionParent(icmp))))
    return NULL;
  for (unsigned k = 0; k < 2; k++) {
    LLVMValueRef c = LLVMGetOperand(icmp, k), v = LLVMGetOperand(icmp, 1 - k);
    if (!LLVMIsConstant(c) || !LLVMIsNull(c) || LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMPointerTypeKind ||
        ir_ptr_as(LLVMTypeOf(v)) != generic ||
        !null_test(NULL, v, generic, 4, false))
      continue;
    if (!b)
      return v;
    LLVMValueRef t = null_test(b, v, generic, 4, true);
    return pr == LLVMIntNE ? LLVMBuildNot(b, t, "") : t;
  }
  return NULL;
}

/* Whether slot v (a use of an alloca, through GEPs and casts) is only read
   and written by exactly one memcpy/memmove into its start from a constant
   global: *copies counts those copies.  The shape InstCombine replaces by
   the constant itself (a private table a kernel initializes from a literal,
   clang's @__const.*); it does not through a cast of the slot to another
   space, so naming such a slot keeps it in memory (SHOC fft on NVPTX: 28
   more ld.const, 32 more bytes of .local frame). */
static bool only_copied_from_constant(LLVMValueRef v, bool at_start, unsigned *copies,
                                      unsigned depth) {
  if (depth > 16)
    return false;
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    LLVMOpcode op = ir_opcode(user);
    if (op == LLVMLoad)
      continue;
    if (op == LLVMGetElementPtr || op == LLVMAddrSpaceCast || op == LLVMBitCast) {
      if (LLVMGetOperand(user, 0) != v ||
          !only_copied_from_constant(user, at_start && op != LLVMGetElementPtr, copies,
                                     depth + 1))
        return false;
      continue;
    }
    if (op != LLVMCall)
      return false;
    if (ir_is_lifetime(user))
      continue;
    const IrMemIntrin *mi = ir_mem_intrin(user);
    bool copy = mi && (!strcmp(mi->name, "llvm.memcpy") ||
                       !strcmp(mi->name, "llvm.memcpy.inline") ||
                       !strcmp(mi->name, "llvm.memmove"));
    if (!copy || ir_mem_intrin_volatile(mi, user))
      return false; /* a volatile copy, or another call */
    if (LLVMGetOperand(user, 0) == v) { /* written: the one copy, into the start */
      LLVMValueRef src = ir_strip_offsets(LLVMGetOperand(user, 1));
      if (!at_start || LLVMGetOperand(user, 1) == v || !LLVMIsAGlobalVariable(src) ||
          !LLVMIsGlobalConstant(src) || ++*copies > 1)
        return false;
    }
  }
  return true;
}

bool ir_slot_copied_from_constant(LLVMValueRef a) {
  unsigned copies = 0;
  return only_copied_from_constant(a, true, &copies, 0) && copies == 1;
}

bool ir_used_outside_block(LLVMValueRef i) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(i);
  for (LLVMUseRef u = LLVMGetFirstUse(i); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user) || LLVMGetInstructionParent(user) != bb)
      return true;
  }
  return false;
}
