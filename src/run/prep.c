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
 *   4. retarget: host triple and data layout, every calling convention C,
 *      target-cpu/target-features dropped; declarations renamed to
 *      "__gasp_rt.<name>" (their runtime symbols);
 *   5. add @__gasp_globals(ptr) (stores each defined global's address) and
 *      @__gasp_entry(ptr) (unpacks the 8-byte argument slots, calls the
 *      kernel), then verify.
 * A checked named space is one whose alias class is that of the target's
 * global, constant, local or private space (NVPTX param space, AMDGPU buffer
 * resources and the like are not checked). */
#include "run/run.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/DebugInfo.h>
#include <ctype.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Target.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

typedef struct Prep {
  LLVMModuleRef m;
  const TgtTable *t;
  const RunOptions *o;
  RunPrep *p;
  LLVMContextRef ctx;
  LLVMBuilderRef b;
  LLVMTargetDataRef td;
  LLVMTypeRef i32, i64, ptr0, voidt;
  LLVMValueRef access_fn, enter_fn, leave_fn, block_fn;
  LLVMTypeRef access_ty, enter_ty, leave_ty, block_ty;
  /* declaration -> its builtin: (memory argument + 1) << 16 | bytes it
     touches; filled once by link_declarations */
  PtrMap builtins;
  char *err;
} Prep;

static bool fail(Prep *s, char *msg) {
  if (!s->err)
    s->err = msg;
  else
    free(msg);
  return false;
}

static char *value_name(LLVMValueRef v) {
  size_t n;
  const char *s = LLVMGetValueName2(v, &n);
  return xasprintf("%.*s", (int)n, s);
}

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
      char *n = value_name(f);
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
  default:
    ok = k == LLVMDoubleTypeKind;
    want = "double";
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
  return fail(s, msg);
}

static LLVMValueRef find_kernel(Prep *s) {
  LLVMValueRef k = LLVMGetNamedFunction(s->m, s->o->kernel);
  if (!k || LLVMIsDeclaration(k) || !tgt_is_kernel(s->t, k)) {
    char *list = kernel_list(s);
    fail(s, xasprintf("no kernel named '%s' in the module (kernels: %s)",
                      s->o->kernel, *list ? list : "none"));
    free(list);
    return NULL;
  }
  unsigned n = LLVMCountParams(k);
  s->p->nparams = n;
  if (n != s->o->nargs) {
    fail(s, xasprintf("kernel '%s' takes %u argument%s, %u --arg given",
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

/* Replaces declaration f (named name) by a declaration "<prefix><name>" of
   the same type: intrinsics cannot simply be renamed. */
static void rebind(Prep *s, LLVMValueRef f, const char *prefix, const char *name) {
  char *sym = xasprintf("%s%s", prefix, name);
  LLVMValueRef nf = LLVMAddFunction(s->m, sym, LLVMGlobalGetValueType(f));
  LLVMReplaceAllUsesWith(f, nf);
  LLVMDeleteFunction(f);
  free(sym);
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
      return fail(s, xasprintf("local variable '@%s' is undefined (extern __shared__): give "
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

/* Inline assembly and named registers are the target's (PTX, GCN), which
   the host can neither assemble nor run (LLVM's JIT stops the process on
   the one, fails on the other).  A function the kernel reaches that holds
   some is refused; one it cannot reach gets the body `unreachable`;
   module-level assembly is dropped. */
static bool drop_inline_asm(Prep *s, const PtrMap *seen) {
  LLVMSetModuleInlineAsm2(s->m, "", 0);
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) || !holds_inline_asm(f))
      continue;
    if (map_find(seen, f) != MAP_NONE) {
      char *name = value_name(f);
      bool ok = fail(s, xasprintf("@%s, which the kernel reaches, holds inline assembly or "
                                  "reads a named register (the target's, not the host's): "
                                  "gasp-run cannot run it",
                                  name));
      free(name);
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
  define_available_externally(s);
  PtrMap seen;
  map_init(&seen);
  mark_reachable(kernel, &seen);
  bool ok = drop_inline_asm(s, &seen);
  ValVec unknown = {0}; /* rebound after the walk: rebind appends a function */
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f && ok; f = LLVMGetNextFunction(f)) {
    if (!LLVMIsDeclaration(f))
      continue;
    char *name = value_name(f);
    int ma;
    unsigned msz;
    bool intr = LLVMGetIntrinsicID(f) != 0;
    if (builtin_lookup(name, &ma, &msz)) {
      map_put(&s->builtins, f, (uint32_t)(ma + 1) << 16 | msz);
    } else if (LLVMGetFirstUse(f) && !(intr && !target_intrinsic(name))) {
      LLVMValueRef caller = NULL;
      for (LLVMUseRef u = LLVMGetFirstUse(f); u && !caller; u = LLVMGetNextUse(u)) {
        LLVMValueRef uf = user_function(LLVMGetUser(u));
        if (uf && map_find(&seen, uf) != MAP_NONE)
          caller = uf;
      }
      if (caller || map_find(&seen, f) != MAP_NONE) {
        char *cn = caller ? value_name(caller) : NULL;
        ok = fail(s, xasprintf("unknown external function '%s'%s%s%s: gasp-run "
                               "provides the OpenCL work-item, barrier, atomic, "
                               "cast, math and printf builtins (scalar overloads) "
                               "and the NVPTX/AMDGPU id and barrier intrinsics",
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
    char *name = value_name(unknown.v[k]);
    rebind(s, unknown.v[k], "__gasp_unknown.", name);
    free(name);
  }
  vec_free(&unknown);
  map_free(&seen);
  if (ok)
    ok = define_dynamic_local(s);
  for (LLVMValueRef g = LLVMGetFirstGlobal(s->m); g && ok; g = LLVMGetNextGlobal(g))
    if (LLVMIsDeclaration(g)) {
      char *name = value_name(g);
      ok = fail(s, xasprintf("undefined external variable '@%s'", name));
      free(name);
    }
  return ok;
}

/* ---- 3. instrumentation ------------------------------------------------- */

static char *inst_text(LLVMValueRef i) {
  char *s = LLVMPrintValueToString(i);
  const char *p = s;
  while (*p == ' ')
    p++;
  char *r = xstrdup(p);
  LLVMDisposeMessage(s);
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

/* --count: a block's start calls __gasp_block(<its instructions>, <of them
   addrspacecasts>), counted before instrumentation (what the module itself
   executes). */
static void count_block(Prep *s, LLVMBasicBlockRef bb) {
  unsigned n = 0, casts = 0;
  LLVMValueRef at = NULL;
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
    n++;
    casts += LLVMGetInstructionOpcode(i) == LLVMAddrSpaceCast;
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

/* Adds a site for the pointer operand ptr of inst touching size bytes. */
static void add_site(Prep *s, LLVMValueRef inst, LLVMValueRef ptr, LLVMValueRef size,
                     const char *which) {
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
  char *text = inst_text(inst);
  if (which) {
    char *t = xasprintf("%s [%s]", text, which);
    free(text);
    text = t;
  }
  LLVMOpcode opc = LLVMGetInstructionOpcode(inst);
  RunSite site = {value_name(fn), text, ir_loc_text(inst), as,
                  generic ? RK_NONE : kind, generic,
                  opc == LLVMLoad ? SITE_LOAD : opc == LLVMStore ? SITE_STORE : SITE_OTHER};
  uint32_t id = (uint32_t)s->p->sites.n;
  vec_push(&s->p->sites, site);
  position_at(s, inst, inst);
  LLVMValueRef args[3] = {LLVMBuildPtrToInt(s->b, ptr, s->i64, ""),
                          LLVMBuildZExtOrBitCast(s->b, size, s->i64, ""),
                          LLVMConstInt(s->i32, id, 0)};
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
    LLVMSetOperand(call, k, ir_clear_tag(s->b, a));
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
        add_site(s, call, LLVMGetOperand(call, (unsigned)mi->ptr_args[k]), len,
                 k ? "source" : "destination");
    return;
  }
  if (LLVMIsDeclaration(callee)) {
    uint32_t bi = map_find(&s->builtins, callee);
    if (bi != MAP_NONE)
      untag_args(s, call);
    if (bi != MAP_NONE && bi >> 16)
      add_site(s, call, LLVMGetOperand(call, (bi >> 16) - 1),
               LLVMConstInt(s->i64, bi & 0xffff, 0), NULL);
    return;
  }
  unsigned index = (*ncalls)++;
  if (!s->o->oracle)
    return;
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
  RunCallSite cs = {value_name(fn), value_name(callee), index};
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
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
         bb = LLVMGetNextBasicBlock(bb)) {
      if (s->block_fn)
        count_block(s, bb);
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
           i = LLVMGetNextInstruction(i)) {
        switch (LLVMGetInstructionOpcode(i)) {
        case LLVMLoad:
          add_site(s, i, LLVMGetOperand(i, 0), const_size(s, LLVMTypeOf(i)), NULL);
          break;
        case LLVMStore:
        case LLVMAtomicRMW:
        case LLVMAtomicCmpXchg:
          add_site(s, i, LLVMGetOperand(i, ir_ptr_operand(i)),
                   const_size(s, LLVMTypeOf(LLVMGetOperand(
                                     i, LLVMIsAStoreInst(i) ? 0 : 1))),
                   NULL);
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
  }
}

/* ---- 4. retarget -------------------------------------------------------- */

static void drop_target_attrs(LLVMValueRef f) {
  static const char *const attrs[] = {"target-cpu", "target-features", "tune-cpu"};
  for (size_t i = 0; i < 3; i++)
    LLVMRemoveStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, attrs[i],
                                     (unsigned)strlen(attrs[i]));
}

/* ---- 3b. 32-bit local and private pointers (AMDGPU) ---------------------
 * The host's pointers are 64-bit; AMDGPU's LDS and scratch pointers are 32
 * bits, and the module's byte offsets and struct layouts say so: a struct
 * { global*, local*, private* } is 16 bytes with the private pointer at 12.
 * x86-64 has 32-bit pointer spaces of its own (271 zero-extended, 270
 * sign-extended): the module is re-spelled with local -> 271 and private ->
 * 270 (types and intrinsic name suffixes), so every layout is the
 * target's, and the runtime puts every local and private byte below 2 GiB:
 * the arenas (MAP_32BIT) and the local variables, which become
 * declarations exec.c defines inside a low block. */
#define NARROW_LOCAL 271
#define NARROW_PRIVATE 270

/* Does type ty hold a local or private pointer (vec: a vector of them)? */
static bool holds_narrow(const TgtTable *t, LLVMTypeRef ty, bool *vec) {
  switch (LLVMGetTypeKind(ty)) {
  case LLVMPointerTypeKind: {
    int as = (int)LLVMGetPointerAddressSpace(ty);
    return as == t->local || as == t->priv;
  }
  case LLVMVectorTypeKind:
  case LLVMScalableVectorTypeKind:
    if (holds_narrow(t, LLVMGetElementType(ty), vec)) {
      *vec = true;
      return true;
    }
    return false;
  case LLVMArrayTypeKind:
    return holds_narrow(t, LLVMGetElementType(ty), vec);
  case LLVMStructTypeKind:
    for (unsigned k = 0, n = LLVMCountStructElementTypes(ty); k < n; k++)
      if (holds_narrow(t, LLVMStructGetTypeAtIndex(ty, k), vec))
        return true;
    return false;
  default:
    return false;
  }
}

/* Does a constant refer to a local or private object (not a null)? */
static bool refers_narrow(const TgtTable *t, LLVMValueRef c, unsigned depth) {
  if (depth > 32 || !c || !LLVMIsAConstant(c))
    return false;
  if (LLVMIsAGlobalValue(c)) {
    int as = (int)LLVMGetPointerAddressSpace(LLVMTypeOf(c));
    return as == t->local || as == t->priv;
  }
  for (int k = 0, n = LLVMGetNumOperands(c); k < n; k++)
    if (refers_narrow(t, LLVMGetOperand(c, (unsigned)k), depth + 1))
      return true;
  return false;
}

/* The 32-bit mode is needed when the target's local and private pointers
   are 32 bits and the module keeps one in memory (a type laid out in
   memory holds one: then offsets and sizes are the target's); otherwise
   64-bit host pointers run it exactly.  Not taken where the host back end
   cannot follow (vectors of 32-bit pointers; a static initializer holding
   a local or private object's address): those run as before. */
static bool narrow_spaces(const TgtTable *t, LLVMModuleRef m, LLVMTargetDataRef orig) {
  if (t->local < 0 || t->priv < 0 || LLVMPointerSizeForAS(orig, (unsigned)t->local) != 4 ||
      LLVMPointerSizeForAS(orig, (unsigned)t->priv) != 4 ||
      LLVMPointerSizeForAS(orig, (unsigned)t->generic) != 8)
    return false;
  bool in_memory = false, vec = false;
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
    in_memory |= holds_narrow(t, LLVMGlobalGetValueType(g), &vec);
    if (!LLVMIsDeclaration(g) && refers_narrow(t, LLVMGetInitializer(g), 0))
      return false;
  }
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        bool v = false;
        holds_narrow(t, LLVMTypeOf(i), &v);
        for (int k = 0, n = LLVMGetNumOperands(i); k < n && !v; k++) {
          LLVMValueRef op = LLVMGetOperand(i, (unsigned)k);
          if (op && !LLVMIsABasicBlock(op))
            holds_narrow(t, LLVMTypeOf(op), &v);
        }
        if (v)
          return false;
        LLVMTypeRef mem = LLVMIsAAllocaInst(i)            ? LLVMGetAllocatedType(i)
                          : LLVMIsAGetElementPtrInst(i)   ? LLVMGetGEPSourceElementType(i)
                          : LLVMIsALoadInst(i)            ? LLVMTypeOf(i)
                          : LLVMIsAStoreInst(i)           ? LLVMTypeOf(LLVMGetOperand(i, 0))
                          : LLVMIsAAtomicRMWInst(i)       ? LLVMTypeOf(i)
                          : LLVMIsAAtomicCmpXchgInst(i)   ? LLVMTypeOf(LLVMGetOperand(i, 1))
                                                          : NULL;
        in_memory |= mem && holds_narrow(t, mem, &vec);
      }
  return in_memory && !vec;
}

/* After the re-spelling, every access goes through a 64-bit pointer (the
   host back end's atomics through 32-bit pointer spaces fail): only the
   pointer values are 32 bits. */
static void wide_accesses(Prep *s) {
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        int k = LLVMIsALoadInst(i) || LLVMIsAAtomicRMWInst(i) || LLVMIsAAtomicCmpXchgInst(i) ? 0
                : LLVMIsAStoreInst(i)                                                       ? 1
                                                                                            : -1;
        if (k < 0)
          continue;
        LLVMValueRef p = LLVMGetOperand(i, (unsigned)k);
        unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(p));
        if (as != NARROW_LOCAL && as != NARROW_PRIVATE)
          continue;
        LLVMPositionBuilderBefore(s->b, i);
        LLVMSetOperand(i, (unsigned)k, LLVMBuildAddrSpaceCast(s->b, p, s->ptr0, ""));
      }
}

/* Local variables become declarations "__gasp_lds.<n>" exec.c places. */
static bool move_lds(Prep *s) {
  unsigned n = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(s->m); g; g = LLVMGetNextGlobal(g)) {
    if (LLVMIsDeclaration(g) || (int)LLVMGetPointerAddressSpace(LLVMTypeOf(g)) != s->t->local)
      continue;
    LLVMValueRef init = LLVMGetInitializer(g);
    if (init && !LLVMIsAUndefValue(init) && !LLVMIsNull(init))
      return fail(s, xasprintf("local variable '@%s' has an initializer: local memory "
                               "cannot be initialized",
                               LLVMGetValueName2(g, &(size_t){0})));
    LLVMTypeRef ty = LLVMGlobalGetValueType(g);
    RunLds l = {xasprintf("__gasp_lds.%u", n++), LLVMABISizeOfType(s->td, ty),
                LLVMGetAlignment(g) ? LLVMGetAlignment(g) : LLVMABIAlignmentOfType(s->td, ty)};
    LLVMSetInitializer(g, NULL);
    LLVMSetLinkage(g, LLVMExternalLinkage);
    LLVMSetVisibility(g, LLVMDefaultVisibility);
    LLVMSetValueName2(g, l.name, strlen(l.name));
    vec_push(&s->p->lds, l);
  }
  return true;
}

typedef VEC(char) CharVec;

static void put_str(CharVec *o, const char *p, size_t n) {
  for (size_t i = 0; i < n; i++)
    vec_push(o, p[i]);
}

/* One segment of an intrinsic's name ("p3", "v4p5", "nxv2p3") in the new
   spaces. */
static void put_segment(CharVec *o, const char *seg, size_t n, const int map[2][2]) {
  size_t i = 0;
  if (n > 2 && seg[0] == 'n' && seg[1] == 'x')
    i = 2;
  if (i < n && seg[i] == 'v') {
    i++;
    while (i < n && seg[i] >= '0' && seg[i] <= '9')
      i++;
  }
  if (i < n && seg[i] == 'p' && i + 1 < n) {
    char num[16];
    size_t k = n - i - 1;
    if (k < sizeof num && strspn(seg + i + 1, "0123456789") >= k) {
      memcpy(num, seg + i + 1, k);
      num[k] = 0;
      for (int m = 0; m < 2; m++)
        if (atoi(num) == map[m][0]) {
          put_str(o, seg, i + 1);
          char buf[16];
          int w = snprintf(buf, sizeof buf, "%d", map[m][1]);
          put_str(o, buf, (size_t)w);
          return;
        }
    }
  }
  put_str(o, seg, n);
}

/* The module text with the local and private spaces re-spelled. */
static char *respell_text(const char *t, const int map[2][2]) {
  CharVec o = {0};
  char from[2][32], to[2][32], null[2][64];
  for (int m = 0; m < 2; m++) {
    snprintf(from[m], sizeof from[m], "addrspace(%d)", map[m][0]);
    snprintf(to[m], sizeof to[m], "addrspace(%d)", map[m][1]);
    /* the space's null: 0 here as everywhere in the executor (a cast
       between pointer sizes cannot stand in a static initializer) */
    snprintf(null[m], sizeof null[m], "addrspacecast (ptr null to ptr addrspace(%d))",
             map[m][0]);
  }
  for (const char *p = t; *p;) {
    bool done = false;
    for (int m = 0; m < 2 && !done; m++)
      if (!strncmp(p, null[m], strlen(null[m]))) {
        put_str(&o, "null", 4);
        p += strlen(null[m]);
        done = true;
      }
    for (int m = 0; m < 2 && !done; m++)
      if (!strncmp(p, from[m], strlen(from[m]))) {
        put_str(&o, to[m], strlen(to[m]));
        p += strlen(from[m]);
        done = true;
      }
    if (done)
      continue;
    if (!strncmp(p, "@llvm.", 6)) { /* an intrinsic: its overload suffixes */
      const char *e = p + 1;
      while (*e && (isalnum((unsigned char)*e) || *e == '.' || *e == '_'))
        e++;
      const char *seg = p;
      for (const char *q = p; q <= e; q++)
        if (q == e || *q == '.') {
          put_segment(&o, seg, (size_t)(q - seg), map);
          if (q < e)
            vec_push(&o, '.');
          seg = q + 1;
        }
      p = e;
      continue;
    }
    vec_push(&o, *p++);
  }
  vec_push(&o, 0);
  /* the placed local variables are far from the code: not dso_local, so
     the code reaches them through the GOT (a 32-bit PC-relative fixup
     cannot span the distance) */
  const char *tag = " dso_local";
  for (char *l = o.v; l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
    if (!strncmp(l, "@__gasp_lds.", 12)) {
      char *eol = strchr(l, '\n'), *d = strstr(l, tag);
      if (d && (!eol || d < eol))
        memmove(d, d + strlen(tag), strlen(d + strlen(tag)) + 1);
    }
  return o.v;
}

/* Replaces s->m by its re-spelled text (parsed in the same context); the
   references prep keeps are looked up again. */
static bool respell(Prep *s, LLVMValueRef *kernel, const char *layout) {
  const int map[2][2] = {{s->t->local, NARROW_LOCAL}, {s->t->priv, NARROW_PRIVATE}};
  char *name = value_name(*kernel);
  char *txt = LLVMPrintModuleToString(s->m);
  char *re = respell_text(txt, map);
  LLVMDisposeMessage(txt);
  LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(re, strlen(re), "m");
  free(re);
  LLVMModuleRef nm = NULL;
  char *msg = NULL;
  if (LLVMParseIRInContext(s->ctx, buf, &nm, &msg)) {
    free(name);
    bool r = fail(s, xasprintf("internal error: the module with 32-bit local and private "
                               "pointers does not parse: %s", msg ? msg : ""));
    LLVMDisposeMessage(msg);
    return r;
  }
  LLVMDisposeModule(s->m);
  s->m = nm;
  LLVMSetDataLayout(nm, layout); /* the JIT's own: 270/271 are its 32-bit spaces */
  s->td = LLVMGetModuleDataLayout(nm);
  *kernel = LLVMGetNamedFunction(nm, name);
  free(name);
  for (unsigned i = 0; i < s->p->nparams; i++)
    s->p->ptypes.v[i] = LLVMTypeOf(LLVMGetParam(*kernel, i));
  s->access_fn = LLVMGetNamedFunction(nm, "__gasp_access");
  s->enter_fn = LLVMGetNamedFunction(nm, "__gasp_enter");
  s->leave_fn = LLVMGetNamedFunction(nm, "__gasp_leave");
  s->block_fn = LLVMGetNamedFunction(nm, "__gasp_block");
  map_clear(&s->builtins);
  for (LLVMValueRef f = LLVMGetFirstFunction(nm); f; f = LLVMGetNextFunction(f)) {
    int ma;
    unsigned msz;
    char *fname = value_name(f);
    if (LLVMIsDeclaration(f) && builtin_lookup(fname, &ma, &msz))
      map_put(&s->builtins, f, (uint32_t)(ma + 1) << 16 | msz);
    free(fname);
  }
  s->p->narrow = true;
  wide_accesses(s);
  return true;
}

static bool narrow_ptr(LLVMTypeRef t) {
  if (LLVMGetTypeKind(t) != LLVMPointerTypeKind)
    return false;
  unsigned as = LLVMGetPointerAddressSpace(t);
  return as == NARROW_LOCAL || as == NARROW_PRIVATE;
}

/* A runtime builtin is C code taking 64-bit pointers: a 32-bit pointer
   argument is widened at each call (its upper half would be garbage). */
static void widen_builtin_args(Prep *s, LLVMValueRef decl) {
  LLVMTypeRef fty = LLVMGlobalGetValueType(decl);
  unsigned n;
  LLVMTypeRef *ps = ir_param_types(fty, &n);
  bool any = false;
  for (unsigned i = 0; i < n; i++)
    if (narrow_ptr(ps[i])) {
      ps[i] = s->ptr0;
      any = true;
    }
  if (!any) {
    free(ps);
    return;
  }
  LLVMTypeRef nty = LLVMFunctionType(LLVMGetReturnType(fty), ps, n, LLVMIsFunctionVarArg(fty));
  char *name = value_name(decl);
  LLVMSetValueName2(decl, "", 0);
  LLVMValueRef nd = LLVMAddFunction(s->m, name, nty);
  free(name);
  ValVec calls = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(decl); u; u = LLVMGetNextUse(u))
    vec_push(&calls, LLVMGetUser(u));
  for (size_t k = 0; k < calls.n; k++) {
    LLVMValueRef c = calls.v[k];
    unsigned na = LLVMGetNumArgOperands(c);
    LLVMValueRef *args = xmalloc((na ? na : 1) * sizeof *args);
    LLVMPositionBuilderBefore(s->b, c);
    for (unsigned i = 0; i < na; i++) {
      args[i] = LLVMGetOperand(c, i);
      if (i < n && narrow_ptr(LLVMTypeOf(args[i])))
        args[i] = LLVMBuildAddrSpaceCast(s->b, args[i], s->ptr0, "");
    }
    ir_replace_call(s->b, c, nd, nty, args, na);
    free(args);
  }
  vec_free(&calls);
  uint32_t b = map_find(&s->builtins, decl);
  map_put(&s->builtins, nd, b);
  map_put(&s->builtins, decl, MAP_NONE);
  LLVMDeleteFunction(decl);
  free(ps);
}

static void retarget(Prep *s, const char *triple, const char *layout) {
  LLVMSetTarget(s->m, triple);
  LLVMSetDataLayout(s->m, layout);
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f; f = LLVMGetNextFunction(f)) {
    LLVMSetFunctionCallConv(f, LLVMCCallConv);
    drop_target_attrs(f);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
         bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
           i = LLVMGetNextInstruction(i))
        if (LLVMGetInstructionOpcode(i) == LLVMCall)
          LLVMSetInstructionCallConv(i, LLVMCCallConv);
  }
  /* declarations -> runtime symbols; collected first: a rebound
     declaration is freed and its address may come back as a new function */
  ValVec decls = {0};
  if (s->p->narrow) {
    for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f; f = LLVMGetNextFunction(f))
      if (map_find(&s->builtins, f) != MAP_NONE)
        vec_push(&decls, f);
    for (size_t k = 0; k < decls.n; k++)
      widen_builtin_args(s, decls.v[k]);
    decls.n = 0;
  }
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f; f = LLVMGetNextFunction(f))
    if (map_find(&s->builtins, f) != MAP_NONE)
      vec_push(&decls, f);
  for (size_t k = 0; k < decls.n; k++) {
    char *name = value_name(decls.v[k]);
    rebind(s, decls.v[k], "__gasp_rt.", name);
    free(name);
  }
  vec_free(&decls);
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
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    /* llvm.used and friends are not memory the kernel reaches (and may not
       be referenced from code) */
    if (LLVMIsDeclaration(g) || (len > 5 && !strncmp(name, "llvm.", 5)))
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
  bool narrow = narrow_spaces(t, m, orig);
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
  bool ok = kernel && link_declarations(&s, kernel);
  if (ok) {
    instrument(&s);
    if (narrow)
      ok = move_lds(&s) && respell(&s, &kernel, layout);
  }
  if (ok) {
    retarget(&s, triple, layout);
    add_globals_fn(&s);
    add_entry_fn(&s, kernel);
    char *msg = NULL;
    if (LLVMVerifyModule(s.m, LLVMReturnStatusAction, &msg)) {
      ok = fail(&s, xasprintf("internal error: the prepared module does not "
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
