/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* window.c — shared (LDS) and local (scratch) pointers as integers, on
 * the host.
 *
 * On the device a pointer into shared memory (address space 3) is an
 * offset in the shared window, and one into local memory (5) an offset in
 * the thread's own frame: NVPTX's cvta.to.shared takes a generic address
 * there and cvta.shared takes it back, and AMDGPU's LDS and scratch
 * pointers are offsets below the apertures' bases, so the integer of a
 * named pointer is not the integer of the same object's generic pointer.  CUDA's
 * __cvta_generic_to_shared is such an integer (32 bits, handed to cp.async,
 * ldmatrix and mma asm, and back through __cvta_shared_to_generic), and a
 * rewrite that names a pointer whose integer the program reads must cast it
 * back to generic first: the program computes something else otherwise.
 * The host has one address for every space (an addrspacecast is nothing),
 * so gasp-run saw neither: a 32-bit shared address lost the host address's
 * high bits (clang's own build faulted), and a named pointer's integer was
 * the generic one's (a rewrite that forgot the cast back ran the same).
 *
 * On a target whose table says so (int_windows: NVPTX, AMDGPU; not in the
 * 32-bit mode of an AMDGPU module that keeps such pointers in memory,
 * prep.c's "narrow", whose pointers are low host addresses) every ptrtoint of
 * a shared or local pointer becomes its offset in its window, and every
 * inttoptr to one reads an offset (rt.c's rt_window_offset /
 * rt_window_address, ptx.h): the shared window is the 4 GiB-aligned block
 * that holds the local arena and the module's local variables (exec.c
 * places them there), the local one the work-item's stack; null is 0 both
 * ways, and a value outside the window (a host address) stays as it is.
 * Memory holds the device's bits too: a shared or local pointer stored
 * is its offset, and one loaded is read as an offset (a pointer's bits
 * read as an integer, or a rewrite that stores the named pointer where the
 * program stored the generic one, differ as they do on the device).  A
 * constant expression holding such a conversion (the ptrtoint of a local
 * variable, folded) is rebuilt as instructions at its use.  The executor's
 * own conversions stay: instrumentation's (the host address __gasp_access
 * checks) and ptxasm.c's functions, which read an address operand of a
 * space through its window themselves.
 *
 * Test: test/exec/nvptx-windows.ll.
 */
#include "exec/ptx.h"

#include "base/base.h"

#include <stdlib.h>
#include <string.h>

int window_kind(const TgtTable *t, unsigned as) {
  if (!t->int_windows)
    return RK_NONE;
  return (int)as == t->local ? RK_LOCAL : (int)as == t->priv ? RK_PRIVATE : RK_NONE;
}

static int ptr_kind(const Prep *s, LLVMTypeRef ty) {
  return LLVMGetTypeKind(ty) == LLVMPointerTypeKind
             ? window_kind(s->t, LLVMGetPointerAddressSpace(ty))
             : RK_NONE;
}

/* The kind of the windowed pointer v (an instruction or a constant
   expression) converts to or from an integer, or RK_NONE. */
static int converts(const Prep *s, LLVMValueRef v) {
  LLVMOpcode op = LLVMIsAInstruction(v)    ? LLVMGetInstructionOpcode(v)
                  : LLVMIsAConstantExpr(v) ? LLVMGetConstOpcode(v)
                                           : LLVMRet;
  if (op == LLVMPtrToInt)
    return ptr_kind(s, LLVMTypeOf(LLVMGetOperand(v, 0)));
  if (op == LLVMIntToPtr)
    return ptr_kind(s, LLVMTypeOf(v));
  return RK_NONE;
}

/* Does constant expression c hold such a conversion (memo: c -> answer)? */
static bool holds(const Prep *s, LLVMValueRef c, PtrMap *memo) {
  if (!c || !LLVMIsAConstantExpr(c))
    return false;
  uint32_t known = map_find(memo, c);
  if (known != MAP_NONE)
    return known;
  bool r = converts(s, c) != RK_NONE;
  for (int k = 0, n = LLVMGetNumOperands(c); k < n && !r; k++)
    r = holds(s, LLVMGetOperand(c, (unsigned)k), memo);
  map_put(memo, c, r);
  return r;
}

static LLVMValueRef call_rt(Prep *s, const char *name, LLVMValueRef v, int kind) {
  LLVMTypeRef pt[2] = {s->i64, s->i32};
  LLVMTypeRef ft = LLVMFunctionType(s->i64, pt, 2, 0);
  LLVMValueRef f = LLVMGetNamedFunction(s->m, name);
  if (!f) {
    f = LLVMAddFunction(s->m, name, ft);
    prep_note_builtin(s, f, name);
  }
  LLVMValueRef args[2] = {v, LLVMConstInt(s->i32, (unsigned long long)kind, 0)};
  return LLVMBuildCall2(s->b, ft, f, args, 2, "");
}

/* At the builder: ptrtoint p to ty as the device has it, or inttoptr. */
static LLVMValueRef offset_of(Prep *s, LLVMValueRef p, LLVMTypeRef ty, int kind) {
  LLVMValueRef o = call_rt(s, "gasp.window.offset", LLVMBuildPtrToInt(s->b, p, s->i64, ""), kind);
  return LLVMBuildIntCast2(s->b, o, ty, 0, "");
}

static LLVMValueRef pointer_at(Prep *s, LLVMValueRef v, LLVMTypeRef ty, int kind) {
  LLVMValueRef a = call_rt(s, "gasp.window.address", LLVMBuildIntCast2(s->b, v, s->i64, 0, ""), kind);
  return LLVMBuildIntToPtr(s->b, a, ty, "");
}

/* Constant expression c as instructions at the builder, its conversions
   the device's; NULL (the error recorded) on one it cannot rebuild. */
static LLVMValueRef rebuild(Prep *s, LLVMValueRef c, PtrMap *memo) {
  if (!holds(s, c, memo))
    return c;
  LLVMOpcode op = LLVMGetConstOpcode(c);
  unsigned n = (unsigned)LLVMGetNumOperands(c);
  LLVMValueRef *ops = xcalloc(n ? n : 1, sizeof *ops), r = NULL;
  bool ok = true;
  for (unsigned k = 0; k < n && ok; k++)
    ok = (ops[k] = rebuild(s, LLVMGetOperand(c, k), memo)) != NULL;
  int kind = converts(s, c);
  LLVMTypeRef ty = LLVMTypeOf(c);
  if (!ok) {
  } else if (kind != RK_NONE) {
    r = op == LLVMPtrToInt ? offset_of(s, ops[0], ty, kind) : pointer_at(s, ops[0], ty, kind);
  } else if (op == LLVMTrunc || op == LLVMZExt || op == LLVMSExt || op == LLVMPtrToInt ||
             op == LLVMIntToPtr || op == LLVMBitCast || op == LLVMAddrSpaceCast) {
    r = LLVMBuildCast(s->b, op, ops[0], ty, "");
  } else if ((op == LLVMAdd || op == LLVMSub || op == LLVMMul || op == LLVMXor) && n == 2) {
    r = LLVMBuildBinOp(s->b, op, ops[0], ops[1], "");
  } else if (op == LLVMGetElementPtr) {
    r = LLVMBuildGEPWithNoWrapFlags(s->b, LLVMGetGEPSourceElementType(c), ops[0], ops + 1,
                                    n - 1, "", LLVMGEPGetNoWrapFlags(c));
  } else {
    char *text = LLVMPrintValueToString(c);
    prep_fail(s, xasprintf("a constant expression that converts a shared or local pointer "
                           "to an integer or back, inside one gasp-run does not rebuild: %s",
                           text));
    LLVMDisposeMessage(text);
  }
  free(ops);
  return r;
}

/* Instrumentation's own conversion: used by __gasp_access calls only. */
static bool instruments(const Prep *s, LLVMValueRef v) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsACallInst(user) || LLVMGetCalledValue(user) != s->access_fn)
      return false;
  }
  return LLVMGetFirstUse(v) != NULL;
}

typedef struct OpUse {
  LLVMValueRef inst;
  unsigned op;
} OpUse;

/* Memory holds the device's bits: a shared or local pointer stored is its
   offset, and one loaded reads an offset (the instruction itself stays, so
   instrumentation's record of it does). */
static void store_offset(Prep *s, LLVMValueRef st) {
  LLVMValueRef v = LLVMGetOperand(st, 0);
  LLVMPositionBuilderBefore(s->b, st);
  LLVMValueRef o = offset_of(s, v, s->i64, ptr_kind(s, LLVMTypeOf(v)));
  LLVMSetOperand(st, 0, LLVMBuildIntToPtr(s->b, o, LLVMTypeOf(v), ""));
}

static void load_offset(Prep *s, LLVMValueRef ld) {
  LLVMPositionBuilderBefore(s->b, LLVMGetNextInstruction(ld));
  LLVMValueRef i = LLVMBuildPtrToInt(s->b, ld, s->i64, "");
  LLVMValueRef p = pointer_at(s, i, LLVMTypeOf(ld), ptr_kind(s, LLVMTypeOf(ld)));
  LLVMReplaceAllUsesWith(ld, p);
  LLVMSetOperand(i, 0, ld);
}

bool window_rewrite(Prep *s) {
  if (!s->t->int_windows)
    return true;
  PtrMap memo;
  map_init(&memo);
  VEC(OpUse) uses = {0};
  ValVec insts = {0}, loads = {0}, stores = {0};
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f; f = LLVMGetNextFunction(f)) {
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    if (LLVMIsDeclaration(f) || (len > 7 && !strncmp(name, "__gasp_", 7)))
      continue; /* ptxasm.c's functions read their addresses themselves */
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        if (converts(s, i) != RK_NONE && !instruments(s, i))
          vec_push(&insts, i);
        if (LLVMIsALoadInst(i) && ptr_kind(s, LLVMTypeOf(i)) != RK_NONE)
          vec_push(&loads, i);
        if (LLVMIsAStoreInst(i) && ptr_kind(s, LLVMTypeOf(LLVMGetOperand(i, 0))) != RK_NONE)
          vec_push(&stores, i);
        if (LLVMIsACallInst(i) && LLVMGetCalledValue(i) == s->access_fn)
          continue;
        for (int k = 0, n = LLVMGetNumOperands(i); k < n; k++)
          if (holds(s, LLVMGetOperand(i, (unsigned)k), &memo))
            vec_push(&uses, ((OpUse){i, (unsigned)k}));
      }
  }
  bool ok = true;
  for (size_t k = 0; k < uses.n && ok; k++) {
    LLVMValueRef i = uses.v[k].inst;
    unsigned op = uses.v[k].op;
    if (LLVMIsAPHINode(i))
      LLVMPositionBuilderBefore(s->b, LLVMGetBasicBlockTerminator(LLVMGetIncomingBlock(i, op)));
    else
      LLVMPositionBuilderBefore(s->b, i);
    LLVMValueRef v = rebuild(s, LLVMGetOperand(i, op), &memo);
    ok = v != NULL;
    if (ok)
      LLVMSetOperand(i, op, v);
  }
  for (size_t k = 0; k < insts.n && ok; k++) {
    LLVMValueRef i = insts.v[k];
    LLVMPositionBuilderBefore(s->b, i);
    int kind = converts(s, i);
    LLVMValueRef v = LLVMGetInstructionOpcode(i) == LLVMPtrToInt
                         ? offset_of(s, LLVMGetOperand(i, 0), LLVMTypeOf(i), kind)
                         : pointer_at(s, LLVMGetOperand(i, 0), LLVMTypeOf(i), kind);
    LLVMReplaceAllUsesWith(i, v);
    LLVMInstructionEraseFromParent(i);
  }
  for (size_t k = 0; k < stores.n && ok; k++)
    store_offset(s, stores.v[k]);
  for (size_t k = 0; k < loads.n && ok; k++)
    load_offset(s, loads.v[k]);
  vec_free(&uses);
  vec_free(&insts);
  vec_free(&loads);
  vec_free(&stores);
  map_free(&memo);
  return ok;
}
