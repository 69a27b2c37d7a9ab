/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* prep.c — turns a GPU kernel module into one the host JIT can run.
 *
 * Phases, in order:
 *   1. find the kernel and match its parameters against the argument specs;
 *   2. link the declared functions: each one must be a builtin the runtime
 *      provides (builtins.c) or an intrinsic the host back end lowers; every
 *      other declaration is an error naming it and a function that calls it;
 *   3. instrument (before anything else changes, so the recorded instruction
 *      text is the user's): every load, store, atomicrmw, cmpxchg, memcpy /
 *      memmove / memset and memory builtin through a checked named space
 *      (--check-as) or through the generic space (--check-as, --oracle) gets
 *        %a = ptrtoint ptr addrspace(N) %p to i64
 *        call void @__gasp_access(i64 %a, i64 <bytes>, i32 <site>)
 *      and, with --oracle, each call of a defined function is bracketed by
 *      @__gasp_enter(i32 <call>) / @__gasp_leave();
 *      then, on NVPTX and AMDGPU, its local variables become declarations
 *      exec.c places in the shared window and its shared and local
 *      pointers' integers offsets in their windows (window.c);
 *   4. retarget: host triple and data layout, every calling convention C,
 *      target-cpu/target-features dropped; declarations renamed to
 *      "__gasp_rt.<name>" (their runtime symbols);
 *   5. add @__gasp_globals(ptr) (stores each defined global's address) and
 *      @__gasp_entry(ptr) (unpacks the 8-byte argument slots, calls the
 *      kernel), then verify.
 * A checked named space is one whose alias class is that of the target's
 * global, constant, local or private space (NVPTX param space, AMDGPU buffer
 * resources and the like are not checked). */
#include "exec/ptx.h"

#include "base/base.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/DebugInfo.h>
#include <ctype.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Target.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>




static char *type_str(LLVMTypeRef t) {
  char *s = LLVMPrintTypeToString(t);
  char *r = xstrdup(s);
  LLVMDisposeMessage(s);
  return r;
}

/* ---- 1. the kernel and its arguments ----------------------------------- */

static int space_kind(const TgtTable *t, int as) {
  if (as == t->generic)
    return RK_NONE;
  const TgtSpace *sp = tgt_space(t, as);
  if (!sp)
    return RK_NONE;
  const int named[RK_COUNT] = {t->global, t->constant, t->local, t->priv};
  for (int k = 0; k < RK_COUNT; k++) {
    const TgtSpace *o = tgt_space(t, named[k]);
    if (o && o->alias_class == sp->alias_class)
      return k;
  }
  return RK_NONE;
}

static char *kernel_list(Prep *s) {
  char *list = xstrdup("");
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && tgt_is_kernel(s->t, f)) {
      char *n = prep_value_name(f);
      char *l = xasprintf("%s%s%s", list, *list ? ", " : "", n);
      free(list);
      free(n);
      list = l;
    }
  return list;
}

/* The aggregate type of a byval or byref parameter i of fn, or NULL. */
static LLVMTypeRef by_value_type(LLVMValueRef fn, unsigned i) {
  static const char *const kinds[] = {"byval", "byref"};
  for (int j = 0; j < 2; j++) {
    LLVMAttributeRef a = LLVMGetEnumAttributeAtIndex(
        fn, i + 1, LLVMGetEnumAttributeKindForName(kinds[j], strlen(kinds[j])));
    if (a)
      return LLVMGetTypeAttributeValue(a);
  }
  return NULL;
}

static bool check_param(Prep *s, LLVMValueRef fn, unsigned i, LLVMTypeRef ty, const RunArg *a) {
  LLVMTypeKind k = LLVMGetTypeKind(ty);
  int as = k == LLVMPointerTypeKind ? (int)LLVMGetPointerAddressSpace(ty) : -1;
  bool ok;
  const char *want;
  switch (a->kind) {
  case ARG_BUF:
    ok = as >= 0 && as != s->t->local && as != s->t->priv;
    want = "a global, constant or generic pointer";
    break;
  case ARG_LOCAL:
    ok = as == s->t->local;
    want = "a local pointer";
    break;
  case ARG_STRUCT: {
    LLVMTypeRef agg = by_value_type(fn, i);
    size_t offs[SPEC_MAX_FIELDS];
    ok = as >= 0 && agg &&
         LLVMABISizeOfType(LLVMGetModuleDataLayout(s->m), agg) >= spec_struct_layout(a, offs);
    want = "a struct passed by value (a byval or byref parameter) with room for the fields given";
    break;
  }
  case ARG_I32:
    ok = k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(ty) <= 32;
    want = "an integer of at most 32 bits";
    break;
  case ARG_I64:
    ok = k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(ty) == 64;
    want = "i64";
    break;
  case ARG_F32:
    ok = k == LLVMFloatTypeKind;
    want = "float";
    break;
  case ARG_F64:
    ok = k == LLVMDoubleTypeKind;
    want = "double";
    break;
  default: /* i8=, i16=, pad: are struct fields only (spec.c) */
    ok = false;
    want = "a whole parameter, not a struct field";
    break;
  }
  int pk = as >= 0 ? space_kind(s->t, as) : RK_NONE;
  vec_push(&s->p->pspace, pk);
  if (ok)
    return true;
  char *ts = type_str(ty);
  char *msg = xasprintf("argument %u: kernel parameter has type '%s'%s%s%s, the "
                        "spec needs %s",
                        i, ts, as >= 0 ? " (" : "",
                        as >= 0 ? tgt_space_name(s->t, as) : "",
                        as >= 0 ? " space)" : "", want);
  free(ts);
  return prep_fail(s, msg);
}

static LLVMValueRef find_kernel(Prep *s) {
  LLVMValueRef k = LLVMGetNamedFunction(s->m, s->o->kernel);
  if (!k || LLVMIsDeclaration(k) || !tgt_is_kernel(s->t, k)) {
    char *list = kernel_list(s);
    prep_fail(s, xasprintf("no kernel named '%s' in the module (kernels: %s)",
                      s->o->kernel, *list ? list : "none"));
    free(list);
    return NULL;
  }
  unsigned n = LLVMCountParams(k);
  s->p->nparams = n;
  if (n != s->o->nargs) {
    prep_fail(s, xasprintf("kernel '%s' takes %u argument%s, %u --arg given",
                      s->o->kernel, n, n == 1 ? "" : "s", s->o->nargs));
    return NULL;
  }
  LLVMTypeRef *ps = ir_param_types(LLVMGlobalGetValueType(k), &n);
  bool ok = true;
  for (unsigned i = 0; i < n && ok; i++) {
    vec_push(&s->p->ptypes, ps[i]);
    ok = check_param(s, k, i, ps[i], &s->o->args[i]);
  }
  free(ps);
  return ok ? k : NULL;
}

/* ---- 2. declarations ---------------------------------------------------- */

static bool target_intrinsic(const char *name) {
  static const char *const pfx[] = {"llvm.nvvm.", "llvm.amdgcn.", "llvm.spv.",
                                     "llvm.r600.", "llvm.genx.", "llvm.x86."};
  for (size_t i = 0; i < sizeof pfx / sizeof pfx[0]; i++)
    if (!strncmp(name, pfx[i], strlen(pfx[i])))
      return true;
  return false;
}

static LLVMValueRef user_function(LLVMValueRef user) {
  return LLVMIsAInstruction(user)
             ? LLVMGetBasicBlockParent(LLVMGetInstructionParent(user))
             : NULL;
}


/* Marks every function the kernel can reach: through calls and through any
   other use of a function inside a reachable one. */
static void mark_reachable(LLVMValueRef kernel, PtrMap *seen) {
  ValVec work = {0};
  map_put(seen, kernel, 1);
  vec_push(&work, kernel);
  while (work.n) {
    LLVMValueRef f = work.v[--work.n];
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
         bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
           i = LLVMGetNextInstruction(i))
        for (int k = 0, n = LLVMGetNumOperands(i); k < n; k++) {
          LLVMValueRef op = LLVMGetOperand(i, (unsigned)k);
          if (op && LLVMIsAFunction(op) && map_find(seen, op) == MAP_NONE) {
            map_put(seen, op, 1);
            vec_push(&work, op);
          }
        }
  }
  vec_free(&work);
}

/* Undefined local variables (CUDA's `extern __shared__ T a[]`) are the
   launch's dynamic local memory: one block of --dynamic-local bytes, at
   whose start every one of them lies (CUDA gives them all the same
   address), a local variable like the others from here on. */
static bool define_dynamic_local(Prep *s) {
  LLVMValueRef block = NULL;
  LLVMValueRef next;
  for (LLVMValueRef g = LLVMGetFirstGlobal(s->m); g; g = next) {
    next = LLVMGetNextGlobal(g);
    if (!LLVMIsDeclaration(g) || (int)LLVMGetPointerAddressSpace(LLVMTypeOf(g)) != s->t->local)
      continue;
    if (!s->o->dynamic_local)
      return prep_fail(s, xasprintf("local variable '@%s' is undefined (extern __shared__): give "
                               "the dynamic local memory's size with --dynamic-local BYTES",
                               LLVMGetValueName2(g, &(size_t){0})));
    if (!block) {
      LLVMTypeRef ty = LLVMArrayType2(LLVMInt8TypeInContext(s->ctx), s->o->dynamic_local);
      block = LLVMAddGlobalInAddressSpace(s->m, ty, "__gasp_dynamic_local", (unsigned)s->t->local);
      LLVMSetInitializer(block, LLVMGetUndef(ty));
      LLVMSetLinkage(block, LLVMInternalLinkage);
      LLVMSetAlignment(block, 16);
    }
    if (LLVMGetAlignment(g) > LLVMGetAlignment(block))
      LLVMSetAlignment(block, LLVMGetAlignment(g));
    LLVMReplaceAllUsesWith(g, block);
    LLVMDeleteGlobal(g);
  }
  return true;
}

/* An available_externally body (OpenCL C's `inline`) is the definition
   outside the module has, and no other is coming: it is the one to run
   (the JIT emits none of them otherwise, and the call finds no symbol). */
static void define_available_externally(Prep *s) {
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f; f = LLVMGetNextFunction(f))
    if (LLVMGetLinkage(f) == LLVMAvailableExternallyLinkage)
      LLVMSetLinkage(f, LLVMInternalLinkage);
  for (LLVMValueRef g = LLVMGetFirstGlobal(s->m); g; g = LLVMGetNextGlobal(g))
    if (LLVMGetLinkage(g) == LLVMAvailableExternallyLinkage)
      LLVMSetLinkage(g, LLVMInternalLinkage);
}

/* The value of module flag key (an integer, as clang's CUDA front end
   writes "nvvm-reflect-ftz"), 0 where m has none. */
static int module_flag_int(LLVMModuleRef m, const char *key) {
  unsigned n = LLVMGetNamedMetadataNumOperands(m, "llvm.module.flags");
  LLVMValueRef *flags = xcalloc(n ? n : 1, sizeof *flags);
  LLVMGetNamedMetadataOperands(m, "llvm.module.flags", flags);
  int v = 0;
  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef op[3];
    if (LLVMGetMDNodeNumOperands(flags[i]) != 3)
      continue;
    LLVMGetMDNodeOperands(flags[i], op);
    unsigned len = 0;
    const char *k = op[1] ? LLVMGetMDString(op[1], &len) : NULL;
    if (k && len == strlen(key) && !memcmp(k, key, len) && op[2] && LLVMIsAConstantInt(op[2]))
      v = (int)LLVMConstIntGetSExtValue(op[2]);
  }
  free(flags);
  return v;
}

/* The string a call passes __nvvm_reflect: a constant global's contents
   through casts and zero-offset GEPs (NUL-terminated in the module), or
   NULL. */
static const char *reflect_name(LLVMValueRef arg, size_t *len) {
  for (int hops = 0; arg && hops < 8 && !LLVMIsAGlobalVariable(arg); hops++) {
    LLVMOpcode op = LLVMIsAConstantExpr(arg)   ? LLVMGetConstOpcode(arg)
                    : LLVMIsAInstruction(arg) ? LLVMGetInstructionOpcode(arg)
                                               : LLVMRet;
    if (op != LLVMAddrSpaceCast && op != LLVMBitCast && op != LLVMGetElementPtr)
      return NULL;
    arg = LLVMGetOperand(arg, 0);
  }
  LLVMValueRef init = arg && LLVMIsAGlobalVariable(arg) ? LLVMGetInitializer(arg) : NULL;
  if (!init || !LLVMIsConstantString(init))
    return NULL;
  const char *str = LLVMGetAsString(init, len);
  while (*len && !str[*len - 1])
    (*len)--;
  return str;
}

/* __nvvm_reflect(name) folded as llc-22's NVVMReflect folds it, before
   anything asks for a runtime symbol: libdevice asks it which code to run
   (__CUDA_FTZ, __CUDA_PREC_SQRT: the module's "nvvm-reflect-ftz" and
   "nvvm-reflect-prec-sqrt" flags, 0 without; __CUDA_ARCH: the calling
   function's target-cpu sm_NN as NN * 10, else llc-22's default sm_30;
   any other name 0).  A CUDA build's optimizer has folded them already;
   an OpenCL build for nvptx64 that links libclc-22 and libdevice keeps
   them until llc, so its bitcode called a function gasp-run lacks. */
static void fold_nvvm_reflect(Prep *s) {
  static const char *const names[] = {"__nvvm_reflect", "llvm.nvvm.reflect"};
  ValVec calls = {0};
  for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
    LLVMValueRef f = LLVMGetNamedFunction(s->m, names[k]);
    for (LLVMUseRef u = f ? LLVMGetFirstUse(f) : NULL; u; u = LLVMGetNextUse(u)) {
      LLVMValueRef c = LLVMGetUser(u);
      if (LLVMIsACallInst(c) && LLVMGetCalledValue(c) == f && LLVMGetNumArgOperands(c) == 1)
        vec_push(&calls, c);
    }
  }
  /* the module's flags, read once for all its calls */
  int ftz = calls.n ? module_flag_int(s->m, "nvvm-reflect-ftz") : 0;
  int prec_sqrt = calls.n ? module_flag_int(s->m, "nvvm-reflect-prec-sqrt") : 0;
  for (size_t i = 0; i < calls.n; i++) {
    LLVMValueRef c = calls.v[i];
    size_t len = 0;
    const char *name = reflect_name(LLVMGetOperand(c, 0), &len);
    int v = 0;
    if (name && len == 10 && !memcmp(name, "__CUDA_FTZ", len))
      v = ftz;
    else if (name && len == 16 && !memcmp(name, "__CUDA_PREC_SQRT", len))
      v = prec_sqrt;
    else if (name && len == 11 && !memcmp(name, "__CUDA_ARCH", len)) {
      LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(c));
      unsigned n = 0;
      LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                                                         "target-cpu", 10);
      const char *cpu = a ? LLVMGetStringAttributeValue(a, &n) : NULL;
      int sm = 0;
      for (unsigned j = 3; cpu && n > 3 && !memcmp(cpu, "sm_", 3) && j < n && sm < 10000 &&
                           isdigit((unsigned char)cpu[j]);
           j++)
        sm = sm * 10 + (cpu[j] - '0');
      v = sm ? sm * 10 : 300;
    }
    LLVMReplaceAllUsesWith(c, LLVMConstInt(LLVMTypeOf(c), (unsigned long long)(long long)v, true));
    LLVMInstructionEraseFromParent(c);
  }
  vec_free(&calls);
}

/* A printf call whose arguments were expanded into a buffer (NVPTX's
   ExpandVariadics, run by gasp's `frames` pass before llc: printf(fmt,
   buf) with a call type that is not variadic) is CUDA's vprintf. */
static void route_expanded_printf(Prep *s) {
  LLVMValueRef pf = LLVMGetNamedFunction(s->m, "printf");
  ValVec calls = {0};
  for (LLVMUseRef u = pf ? LLVMGetFirstUse(pf) : NULL; u; u = LLVMGetNextUse(u)) {
    LLVMValueRef call = LLVMGetUser(u);
    if (LLVMIsACallInst(call) && LLVMGetCalledValue(call) == pf &&
        !LLVMIsFunctionVarArg(LLVMGetCalledFunctionType(call)) &&
        LLVMCountParamTypes(LLVMGetCalledFunctionType(call)) == 2)
      vec_push(&calls, call);
  }
  LLVMValueRef vp = LLVMGetNamedFunction(s->m, "vprintf");
  for (size_t k = 0; k < calls.n; k++) {
    if (!vp)
      vp = LLVMAddFunction(s->m, "vprintf", LLVMGetCalledFunctionType(calls.v[k]));
    LLVMSetOperand(calls.v[k], LLVMGetNumOperands(calls.v[k]) - 1, vp);
  }
  vec_free(&calls);
}

/* Inline assembly, or a named register (llvm.read_register of "exec"). */
static bool holds_inline_asm(LLVMValueRef f) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsACallInst(i) && !LLVMIsACallBrInst(i))
        continue;
      LLVMValueRef callee = LLVMGetCalledValue(i);
      if (LLVMIsAInlineAsm(callee))
        return true;
      size_t n;
      const char *name = LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &n) : "";
      if (!strncmp(name, "llvm.read_register.", 19) || !strncmp(name, "llvm.write_register.", 20))
        return true;
    }
  return false;
}

/* An inline asm that is only the target's conversion of its input, an
   address of a space, to generic (NVPTX `cvta.shared.u64 $0, $1`:
   casts_asm_made) is its input on the host, where every space's address
   is the host's own: the call goes, its input stays (an offset in a
   window taken through it, as ptxasm.c's cvta does: window.c). */
static LLVMValueRef asm_cast_input(Prep *s, LLVMValueRef in, int as) {
  int kind = as < 0 ? RK_NONE : window_kind(s->t, (unsigned)as);
  if (kind == RK_NONE)
    return in;
  bool shared = kind == RK_LOCAL;
  LLVMTypeRef pt[2] = {s->i64, s->i32};
  LLVMTypeRef ft = LLVMFunctionType(s->i64, pt, shared ? 1 : 2, 0);
  const char *name = shared ? "gasp.smem.window" : "gasp.window.address";
  LLVMValueRef f = LLVMGetNamedFunction(s->m, name);
  if (!f)
    f = LLVMAddFunction(s->m, name, ft);
  LLVMValueRef args[2] = {LLVMBuildIntCast2(s->b, in, s->i64, 0, ""),
                          LLVMConstInt(s->i32, (unsigned long long)kind, 0)};
  LLVMValueRef v = LLVMBuildCall2(s->b, ft, f, args, shared ? 1 : 2, "");
  return LLVMBuildIntCast2(s->b, v, LLVMTypeOf(in), 0, "");
}

static void fold_asm_casts(Prep *s) {
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb), next; i; i = next) {
        next = LLVMGetNextInstruction(i);
        bool only = false;
        LLVMValueRef in = LLVMIsACallInst(i) && LLVMGetNumArgOperands(i) == 1
                              ? LLVMGetOperand(i, 0)
                              : NULL;
        int as = -1;
        if (!in || LLVMGetTypeKind(LLVMTypeOf(in)) != LLVMIntegerTypeKind ||
            (as = casts_asm_made(s->t, i, LLVMGetIntTypeWidth(LLVMTypeOf(in)), &only)) < 0 ||
            !only)
          continue;
        LLVMPositionBuilderBefore(s->b, i);
        in = asm_cast_input(s, in, as);
        if (LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMPointerTypeKind) /* "=l"(void *) */
          in = LLVMBuildIntToPtr(s->b, in, LLVMTypeOf(i), "");
        LLVMReplaceAllUsesWith(i, in);
        LLVMInstructionEraseFromParent(i);
      }
}

/* Inline assembly and named registers are the target's (PTX, GCN), which
   the host can neither assemble nor run (LLVM's JIT stops the process on
   the one, fails on the other); a conversion to generic is folded first.
   A function the kernel reaches that holds
   some is refused; one it cannot reach gets the body `unreachable`;
   module-level assembly is dropped. */
static bool drop_inline_asm(Prep *s, const PtrMap *seen) {
  LLVMSetModuleInlineAsm2(s->m, "", 0);
  fold_asm_casts(s);
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) || !holds_inline_asm(f))
      continue;
    if (map_find(seen, f) != MAP_NONE) {
      char *name = prep_value_name(f), *why = ptxasm_why(s, f);
      bool ok = prep_fail(s, xasprintf("@%s, which the kernel reaches, holds inline assembly or "
                                  "reads a named register (the target's, not the host's): "
                                  "gasp-run cannot run it%s%s",
                                  name, why ? ": " : "", why ? why : ""));
      free(name);
      free(why);
      return ok;
    }
    ValVec insts = {0};
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        if (LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMVoidTypeKind)
          LLVMReplaceAllUsesWith(i, LLVMGetPoison(LLVMTypeOf(i)));
        vec_push(&insts, i);
      }
    for (size_t k = 0; k < insts.n; k++)
      LLVMInstructionEraseFromParent(insts.v[k]);
    vec_free(&insts);
    while (LLVMGetFirstBasicBlock(f))
      LLVMDeleteBasicBlock(LLVMGetFirstBasicBlock(f));
    LLVMPositionBuilderAtEnd(s->b, LLVMAppendBasicBlockInContext(s->ctx, f, "asm"));
    LLVMBuildUnreachable(s->b);
  }
  return true;
}

/* An unknown declaration the kernel can reach is an error naming it and a
   caller; one only other kernels reach is bound to a stub that stops the run
   if it is ever called ("__gasp_unknown.<name>"). */
static bool link_declarations(Prep *s, LLVMValueRef kernel) {
  fold_nvvm_reflect(s);
  define_available_externally(s);
  route_expanded_printf(s);
  PtrMap seen;
  map_init(&seen);
  mark_reachable(kernel, &seen);
  ptxasm_expand(s, &seen);
  bool ok = drop_inline_asm(s, &seen);
  ValVec unknown = {0}; /* rebound after the walk: rebind appends a function */
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f && ok; f = LLVMGetNextFunction(f)) {
    if (!LLVMIsDeclaration(f))
      continue;
    char *name = prep_value_name(f);
    bool intr = LLVMGetIntrinsicID(f) != 0;
    if (!prep_note_builtin(s, f, name) && LLVMGetFirstUse(f) &&
        !(intr && !target_intrinsic(name))) {
      LLVMValueRef caller = NULL;
      for (LLVMUseRef u = LLVMGetFirstUse(f); u && !caller; u = LLVMGetNextUse(u)) {
        LLVMValueRef uf = user_function(LLVMGetUser(u));
        if (uf && map_find(&seen, uf) != MAP_NONE)
          caller = uf;
      }
      if (caller || map_find(&seen, f) != MAP_NONE) {
        char *cn = caller ? prep_value_name(caller) : NULL;
        ok = prep_fail(s, xasprintf("unknown external function '%s'%s%s%s: gasp-run "
                               "provides the OpenCL work-item, barrier, atomic, "
                               "cast, math, integer, convert_* and printf builtins "
                               "(scalar overloads; "
                               "geometric, common math, select and relational ones "
                               "of 2-4 lanes; vloadn/vstoren of 2-4 32-bit lanes; "
                               "vload_half/vstore_half) and the NVPTX/AMDGPU id and "
                               "barrier intrinsics",
                               name, cn ? " (called from @" : "", cn ? cn : "",
                               cn ? ")" : ""));
        free(cn);
      } else {
        vec_push(&unknown, f);
      }
    }
    free(name);
  }
  for (size_t k = 0; k < unknown.n && ok; k++) {
    char *name = prep_value_name(unknown.v[k]);
    prep_rebind(s, unknown.v[k], "__gasp_unknown.", name);
    free(name);
  }
  vec_free(&unknown);
  map_free(&seen);
  if (ok)
    ok = define_dynamic_local(s);
  for (LLVMValueRef g = LLVMGetFirstGlobal(s->m); g && ok; g = LLVMGetNextGlobal(g))
    if (LLVMIsDeclaration(g)) {
      char *name = prep_value_name(g);
      ok = prep_fail(s, xasprintf("undefined external variable '@%s'", name));
      free(name);
    }
  return ok;
}

/* ---- 3. instrumentation ------------------------------------------------- */

/* Printing one instruction numbers its whole function's values first:
   every site of a function of n instructions printed alone costs O(n^2)
   (a 4 MB module lowered to tags: 60% of gasp-run's time).  The function
   is printed once instead (ir_print_function: LLVM-C's print of a
   function numbers the metadata of the whole module first) and its instruction lines taken in order: two
   spaces and a character that starts an instruction (a switch's case lines
   are indented further, its closing bracket and debug records are not
   instructions); when the count does not match the instructions, each
   site is printed alone as before. */
static void fn_text_begin(Prep *s, LLVMValueRef f) {
  unsigned n = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      n++;
  if (!n)
    return;
  char *text = ir_print_function(f);
  const char **lines = xmalloc(n * sizeof *lines);
  unsigned k = 0;
  bool ok = true;
  for (char *p = text; p && *p; ) {
    char *nl = strchr(p, '\n');
    if (nl)
      *nl = 0;
    if (p[0] == ' ' && p[1] == ' ' && p[2] && p[2] != ' ' && p[2] != ']' && p[2] != '#') {
      if (k == n) {
        ok = false;
        break;
      }
      lines[k++] = p + 2;
    }
    p = nl ? nl + 1 : NULL;
  }
  if (!ok || k != n) {
    free(lines);
    LLVMDisposeMessage(text);
    return;
  }
  map_init(&s->fn_line_of);
  k = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      map_put(&s->fn_line_of, i, k++);
  s->fn_text = text;
  s->fn_lines = lines;
}

static void fn_text_end(Prep *s) {
  if (!s->fn_text)
    return;
  LLVMDisposeMessage(s->fn_text);
  free(s->fn_lines);
  map_free(&s->fn_line_of);
  s->fn_text = NULL;
  s->fn_lines = NULL;
}

static char *inst_text(Prep *s, LLVMValueRef i) {
  uint32_t k = s->fn_text ? map_find(&s->fn_line_of, i) : MAP_NONE;
  char *printed = k == MAP_NONE ? LLVMPrintValueToString(i) : NULL;
  const char *p = printed ? printed : s->fn_lines[k];
  while (*p == ' ')
    p++;
  char *r = xstrdup(p);
  if (printed)
    LLVMDisposeMessage(printed);
  /* drop metadata attachments: they say nothing to the reader here */
  char *md = strstr(r, ", !");
  if (md)
    *md = 0;
  return r;
}


static void declare_hooks(Prep *s) {
  LLVMTypeRef a[3] = {s->i64, s->i64, s->i32};
  s->access_ty = LLVMFunctionType(s->voidt, a, 3, 0);
  s->access_fn = LLVMAddFunction(s->m, "__gasp_access", s->access_ty);
  s->enter_ty = LLVMFunctionType(s->voidt, &s->i32, 1, 0);
  s->enter_fn = LLVMAddFunction(s->m, "__gasp_enter", s->enter_ty);
  s->leave_ty = LLVMFunctionType(s->voidt, NULL, 0, 0);
  s->leave_fn = LLVMAddFunction(s->m, "__gasp_leave", s->leave_ty);
  LLVMTypeRef two[2] = {s->i32, s->i32};
  s->block_ty = LLVMFunctionType(s->voidt, two, 2, 0);
  s->block_fn = s->o->count ? LLVMAddFunction(s->m, "__gasp_block", s->block_ty) : NULL;
}

/* Whether i only speaks to the optimizer: an addrspacecast (a back end may
   fold it), a call of llvm.launder.invariant.group /
   llvm.strip.invariant.group (CodeGenPrepare drops them; gasp's launder
   pass hands NVPTX's llc parameter casts behind one) or of llvm.fake.use
   (a use code generation emits nothing for; gasp's frames pass keeps a
   stack slot from llc's SROA with one). */
static bool optimizer_only(LLVMValueRef i) {
  return LLVMGetInstructionOpcode(i) == LLVMAddrSpaceCast || ir_is_launder(i) ||
         ir_is_fake_use(i);
}

/* --count: a block's start calls __gasp_block(<its instructions>, <of them
   those only the optimizer reads: addrspacecasts, invariant-group launders,
   fake uses>), counted before instrumentation (what the module itself
   executes). */
/* A block of matrix.c's warp exchange (one device instruction, not
   counted). */
static bool exchange_block(LLVMBasicBlockRef bb) {
  size_t n = strlen(EXCHANGE_BLOCK);
  const char *name = LLVMGetBasicBlockName(bb);
  return name && !strncmp(name, EXCHANGE_BLOCK, n);
}

static void count_block(Prep *s, LLVMBasicBlockRef bb) {
  unsigned n = 0, casts = 0;
  LLVMValueRef at = NULL;
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
    n++;
    casts += optimizer_only(i);
    if (!at && !LLVMIsAPHINode(i) && !LLVMIsALandingPadInst(i))
      at = i;
  }
  if (!at)
    return;
  LLVMPositionBuilderBefore(s->b, at);
  LLVMValueRef args[2] = {LLVMConstInt(s->i32, n, 0), LLVMConstInt(s->i32, casts, 0)};
  LLVMBuildCall2(s->b, s->block_ty, s->block_fn, args, 2, "");
}

static void position_at(Prep *s, LLVMValueRef before, LLVMValueRef dbg_of) {
  LLVMPositionBuilderBefore(s->b, before);
  LLVMSetCurrentDebugLocation2(s->b, LLVMInstructionGetDebugLoc(dbg_of));
}

/* Adds a site for the pointer operand ptr of inst touching size bytes; with
   an integer index, at ptr + index * size (a builtin's element offset). */
static void add_site(Prep *s, LLVMValueRef inst, LLVMValueRef ptr, LLVMValueRef size,
                     LLVMValueRef index, const char *which) {
  LLVMTypeRef pt = LLVMTypeOf(ptr);
  if (LLVMGetTypeKind(pt) != LLVMPointerTypeKind)
    return; /* vector of pointers: not checked */
  int as = (int)LLVMGetPointerAddressSpace(pt);
  bool generic = as == s->t->generic;
  int kind = space_kind(s->t, as);
  if (!s->o->count &&
      (generic ? !(s->o->check_as || s->o->oracle) : (!s->o->check_as || kind == RK_NONE)))
    return;
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst));
  char *text = inst_text(s, inst);
  if (which) {
    char *t = xasprintf("%s [%s]", text, which);
    free(text);
    text = t;
  }
  LLVMOpcode opc = LLVMGetInstructionOpcode(inst);
  RunSite site = {prep_value_name(fn), text, ir_loc_text(inst), as,
                  generic ? RK_NONE : kind, generic,
                  opc == LLVMLoad ? SITE_LOAD : opc == LLVMStore ? SITE_STORE : SITE_OTHER};
  uint32_t id = (uint32_t)s->p->sites.n;
  vec_push(&s->p->sites, site);
  position_at(s, inst, inst);
  LLVMValueRef addr = LLVMBuildPtrToInt(s->b, ptr, s->i64, "");
  LLVMValueRef bytes = LLVMBuildZExtOrBitCast(s->b, size, s->i64, "");
  if (index)
    addr = LLVMBuildAdd(s->b, addr,
                        LLVMBuildMul(s->b, LLVMBuildZExtOrBitCast(s->b, index, s->i64, ""),
                                     bytes, ""), "");
  LLVMValueRef args[3] = {addr, bytes, LLVMConstInt(s->i32, id, 0)};
  LLVMBuildCall2(s->b, s->access_ty, s->access_fn, args, 3, "");
}

static LLVMValueRef const_size(Prep *s, LLVMTypeRef t) {
  return LLVMConstInt(s->i64, LLVMStoreSizeOfType(s->td, t), 0);
}

/* The builtins stand for a device library that understands gasp's tags
   (lower.c): a generic pointer argument gets bits 61-63 cleared the way
   lower clears them (shl 4, ashr 4; host addresses are canonical, so an
   untagged pointer is unchanged). */
static void untag_args(Prep *s, LLVMValueRef call) {
  unsigned n = LLVMGetNumArgOperands(call);
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef a = LLVMGetOperand(call, k);
    LLVMTypeRef t = LLVMTypeOf(a);
    if (LLVMGetTypeKind(t) != LLVMPointerTypeKind ||
        (int)LLVMGetPointerAddressSpace(t) != s->t->generic || LLVMIsAConstant(a))
      continue;
    position_at(s, call, call);
    LLVMSetOperand(call, k, ir_clear_tag(s->b, a, NULL));
  }
}

static void instrument_call(Prep *s, LLVMValueRef call, unsigned *ncalls) {
  LLVMValueRef callee = ir_callee(call);
  if (!callee)
    return;
  const IrMemIntrin *mi = ir_mem_intrin(call);
  if (mi && mi->is_access) {
    if (strncmp(mi->name, "llvm.mem", 8))
      return; /* masked / gather / scatter: not checked */
    LLVMValueRef len = LLVMGetOperand(call, 2);
    for (int k = 0; k < 2; k++)
      if (mi->ptr_args[k] >= 0)
        add_site(s, call, LLVMGetOperand(call, (unsigned)mi->ptr_args[k]), len, NULL,
                 k ? "source" : "destination");
    return;
  }
  if (LLVMIsDeclaration(callee)) {
    uint32_t bi = map_find(&s->builtins, callee);
    if (bi == MAP_NONE)
      return;
    untag_args(s, call);
    BuiltinMem mem = prep_builtin_mem(bi);
    if (mem.arg >= 0)
      add_site(s, call, LLVMGetOperand(call, (unsigned)mem.arg),
               LLVMConstInt(s->i64, mem.size, 0),
               mem.index >= 0 ? LLVMGetOperand(call, (unsigned)mem.index) : NULL, NULL);
    return;
  }
  unsigned index = (*ncalls)++;
  if (!s->o->oracle)
    return;
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
  RunCallSite cs = {prep_value_name(fn), prep_value_name(callee), index};
  uint32_t id = (uint32_t)s->p->calls.n;
  vec_push(&s->p->calls, cs);
  position_at(s, call, call);
  LLVMValueRef arg = LLVMConstInt(s->i32, id, 0);
  LLVMBuildCall2(s->b, s->enter_ty, s->enter_fn, &arg, 1, "");
  position_at(s, LLVMGetNextInstruction(call), call);
  LLVMBuildCall2(s->b, s->leave_ty, s->leave_fn, NULL, 0, "");
}

static void instrument(Prep *s) {
  declare_hooks(s);
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f; f = LLVMGetNextFunction(f)) {
    unsigned ncalls = 0;
    fn_text_begin(s, f);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
         bb = LLVMGetNextBasicBlock(bb)) {
      if (s->block_fn && !exchange_block(bb))
        count_block(s, bb);
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
           i = LLVMGetNextInstruction(i)) {
        switch (LLVMGetInstructionOpcode(i)) {
        case LLVMLoad:
          add_site(s, i, LLVMGetOperand(i, 0), const_size(s, LLVMTypeOf(i)), NULL, NULL);
          break;
        case LLVMStore:
        case LLVMAtomicRMW:
        case LLVMAtomicCmpXchg:
          add_site(s, i, LLVMGetOperand(i, ir_ptr_operand(i)),
                   const_size(s, LLVMTypeOf(LLVMGetOperand(
                                     i, LLVMIsAStoreInst(i) ? 0 : 1))),
                   NULL, NULL);
          break;
        case LLVMCall: {
          LLVMValueRef callee = ir_callee(i);
          if (callee == s->access_fn || callee == s->enter_fn || callee == s->leave_fn ||
              (callee && callee == s->block_fn))
            break;
          instrument_call(s, i, &ncalls);
          /* skip the __gasp_leave just inserted after it */
          LLVMValueRef nx = LLVMGetNextInstruction(i);
          if (nx && LLVMGetInstructionOpcode(nx) == LLVMCall &&
              ir_callee(nx) == s->leave_fn)
            i = nx;
          break;
        }
        default:
          break;
        }
      }
    }
    fn_text_end(s);
  }
}

/* ---- 5. entry points ---------------------------------------------------- */

static void add_globals_fn(Prep *s) {
  LLVMTypeRef fty = LLVMFunctionType(s->voidt, &s->ptr0, 1, 0);
  LLVMValueRef fn = LLVMAddFunction(s->m, "__gasp_globals", fty);
  LLVMPositionBuilderAtEnd(s->b, LLVMAppendBasicBlockInContext(s->ctx, fn, "entry"));
  LLVMSetCurrentDebugLocation2(s->b, NULL);
  LLVMValueRef out = LLVMGetParam(fn, 0);
  unsigned n = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(s->m); g; g = LLVMGetNextGlobal(g)) {
    /* llvm.used and friends are not memory the kernel reaches (and may not
       be referenced from code) */
    if (LLVMIsDeclaration(g) || ir_metadata_global(g))
      continue;
    int as = (int)LLVMGetPointerAddressSpace(LLVMTypeOf(g));
    int k = as == s->t->generic ? RK_GLOBAL : space_kind(s->t, as);
    vec_push(&s->p->gkind, k == RK_NONE ? RK_GLOBAL : k);
    vec_push(&s->p->gsize, LLVMABISizeOfType(s->td, LLVMGlobalGetValueType(g)));
    LLVMValueRef idx = LLVMConstInt(s->i64, n++, 0);
    LLVMValueRef slot = LLVMBuildGEP2(s->b, s->i64, out, &idx, 1, "");
    LLVMBuildStore(s->b, LLVMBuildPtrToInt(s->b, g, s->i64, ""), slot);
  }
  LLVMBuildRetVoid(s->b);
}

static void add_entry_fn(Prep *s, LLVMValueRef kernel) {
  LLVMTypeRef fty = LLVMFunctionType(s->voidt, &s->ptr0, 1, 0);
  LLVMValueRef fn = LLVMAddFunction(s->m, "__gasp_entry", fty);
  LLVMPositionBuilderAtEnd(s->b, LLVMAppendBasicBlockInContext(s->ctx, fn, "entry"));
  LLVMSetCurrentDebugLocation2(s->b, NULL);
  unsigned n = s->p->nparams;
  LLVMValueRef *args = xcalloc(n ? n : 1, sizeof *args);
  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef idx = LLVMConstInt(s->i64, i, 0);
    LLVMValueRef slot = LLVMBuildGEP2(s->b, s->i64, LLVMGetParam(fn, 0), &idx, 1, "");
    args[i] = LLVMBuildLoad2(s->b, s->p->ptypes.v[i], slot, "");
  }
  LLVMValueRef call =
      LLVMBuildCall2(s->b, LLVMGlobalGetValueType(kernel), kernel, args, n, "");
  LLVMSetInstructionCallConv(call, LLVMCCallConv);
  LLVMBuildRetVoid(s->b);
  free(args);
}

/* The host's pointers are 64-bit in every space; a llvm.ptrmask on a
   narrower target pointer (AMDGPU LDS/scratch, NVPTX short pointers) has a
   narrower mask, which the host layout rejects.  The target pointer is the
   low bits of the host one: the mask widens with its high bits set. */
static void widen_ptrmasks(Prep *s) {
  unsigned id = LLVMLookupIntrinsicID("llvm.ptrmask", 12);
  ValVec calls = {0};
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f; f = LLVMGetNextFunction(f))
    if (LLVMGetIntrinsicID(f) == id)
      for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u))
        vec_push(&calls, LLVMGetUser(u));
  for (size_t k = 0; k < calls.n; k++) {
    LLVMValueRef c = calls.v[k], mask = LLVMGetOperand(c, 1);
    LLVMTypeRef mt = LLVMTypeOf(mask);
    if (!LLVMIsACallInst(c) || LLVMGetTypeKind(mt) != LLVMIntegerTypeKind ||
        LLVMGetIntTypeWidth(mt) >= 64)
      continue;
    unsigned w = LLVMGetIntTypeWidth(mt);
    LLVMTypeRef pt = LLVMTypeOf(LLVMGetOperand(c, 0));
    if (LLVMGetTypeKind(pt) == LLVMPointerTypeKind &&
        w >= 8 * LLVMPointerSizeForAS(s->td, LLVMGetPointerAddressSpace(pt)))
      continue; /* as wide as the pointer in this layout (32-bit mode) */
    LLVMPositionBuilderBefore(s->b, c);
    LLVMValueRef wide = LLVMBuildOr(s->b, LLVMBuildZExt(s->b, mask, s->i64, ""),
                                    LLVMConstInt(s->i64, ~((1ull << w) - 1), 0), "");
    LLVMValueRef args[2] = {LLVMGetOperand(c, 0), wide};
    LLVMTypeRef tys[2] = {LLVMTypeOf(args[0]), s->i64};
    LLVMValueRef decl = LLVMGetIntrinsicDeclaration(s->m, id, tys, 2);
    LLVMValueRef nc = LLVMBuildCall2(s->b, LLVMGlobalGetValueType(decl), decl, args, 2, "");
    LLVMReplaceAllUsesWith(c, nc);
    LLVMInstructionEraseFromParent(c);
  }
  vec_free(&calls);
}

bool prep_module(LLVMModuleRef *mp, const TgtTable *t, const RunOptions *o,
                 const char *triple, const char *layout, RunPrep *p, char **err) {
  LLVMModuleRef m = *mp;
  Prep s = {.m = m, .t = t, .o = o, .p = p, .ctx = LLVMGetModuleContext(m)};
  LLVMTargetDataRef orig = LLVMCreateTargetData(LLVMGetDataLayoutStr(m));
  bool narrow = retarget_narrow_spaces(t, m, orig);
  LLVMDisposeTargetData(orig);
  s.b = LLVMCreateBuilderInContext(s.ctx);
  s.i32 = LLVMInt32TypeInContext(s.ctx);
  s.i64 = LLVMInt64TypeInContext(s.ctx);
  s.ptr0 = LLVMPointerTypeInContext(s.ctx, 0);
  s.voidt = LLVMVoidTypeInContext(s.ctx);
  map_init(&s.builtins);
  /* sizes are the host's: set the layout first (with 32-bit local and
     private pointers, their final size, when the target has them) */
  char *dl = narrow ? xasprintf("%s-p%d:32:32-p%d:32:32", layout, t->local, t->priv)
                    : xstrdup(layout);
  LLVMSetDataLayout(m, dl);
  free(dl);
  s.td = LLVMGetModuleDataLayout(m);
  widen_ptrmasks(&s);
  LLVMValueRef kernel = find_kernel(&s);
  if (kernel) {
    matrix_expand(&s);
    convert_expand(&s);
  }
  bool ok = kernel && link_declarations(&s, kernel);
  if (ok) {
    instrument(&s);
    if (narrow)
      ok = retarget_move_lds(&s) && retarget_respell(&s, &kernel, layout);
    else if ((p->window = t->int_windows))
      ok = retarget_move_lds(&s) && window_rewrite(&s);
  }
  if (ok) {
    retarget_module(&s, triple, layout);
    add_globals_fn(&s);
    add_entry_fn(&s, kernel);
    char *msg = NULL;
    if (LLVMVerifyModule(s.m, LLVMReturnStatusAction, &msg)) {
      ok = prep_fail(&s, xasprintf("internal error: the prepared module does not "
                              "verify: %s",
                              msg));
    }
    LLVMDisposeMessage(msg);
  }
  LLVMDisposeBuilder(s.b);
  map_free(&s.builtins);
  *mp = s.m;
  *err = s.err;
  return ok;
}

void prep_free(RunPrep *p) {
  for (size_t i = 0; i < p->sites.n; i++) {
    free(p->sites.v[i].func);
    free(p->sites.v[i].text);
    free(p->sites.v[i].loc);
  }
  for (size_t i = 0; i < p->calls.n; i++) {
    free(p->calls.v[i].caller);
    free(p->calls.v[i].callee);
  }
  for (size_t i = 0; i < p->lds.n; i++)
    free(p->lds.v[i].name);
  vec_free(&p->lds);
  if (p->lds_block)
    munmap(p->lds_block, p->lds_size);
  p->lds_block = NULL;
  vec_free(&p->sites);
  vec_free(&p->calls);
  vec_free(&p->ptypes);
  vec_free(&p->pspace);
  vec_free(&p->gkind);
  vec_free(&p->gsize);
}
