/* mutate.c — the stress campaign's mutator (make stress, make check).
 *
 *   stress-mutate IN.ll TARGET SEED OUT.ll      TARGET: spir64 nvptx64 amdgcn
 *
 * Takes a module from llvm-stress (one function, pointers in address space
 * 0, allocas, vector loads and stores) and makes it a GPU module of TARGET
 * whose memory traffic goes through generic pointers the way front ends
 * emit them:
 *   - triple and data layout of TARGET;
 *   - the function's pointer parameters become generic (spir64: cast back
 *     to private at entry, as OpenCL's private parameters would be);
 *   - allocas live in the private space (amdgcn always, nvptx for half of
 *     them) and reach their users through a cast to generic;
 *   - about half the loads and stores go through a cast to generic; some
 *     through a select between that and a generic cast of a global, local
 *     or constant object (constant: loads only); some through an explicit
 *     cast builtin (OpenCL to_global/to_local, nvvm.isspacep.*,
 *     amdgcn.is.shared/is.private); some through a private slot (stored,
 *     loaded back); some beside a memcpy from a named object through
 *     generic pointers; some beside a call of a small internal helper
 *     taking a generic pointer (ipmsp clones it per space);
 *   - a kernel calls the function with generic casts of a global buffer, a
 *     local buffer or a private alloca per pointer parameter.
 * The output is valid IR (checked with the verifier before it is written);
 * it is meant to be compiled, not run.  SEED makes it reproducible.
 */
#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How a target spells an explicit cast or space test. */
typedef enum Casts { CASTS_OPENCL, CASTS_NVVM, CASTS_AMDGCN } Casts;

typedef struct Tgt {
  const char *name, *triple, *layout;
  unsigned generic, priv, local, constant;
  unsigned kernel_cc;
  int priv_alloca_percent; /* allocas moved to the private space */
  Casts casts;
} Tgt;

static const Tgt targets[] = {
    {"spir64", "spir64-unknown-unknown",
     "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1",
     4, 0, 3, 2, 76 /* spir_kernel */, 0, CASTS_OPENCL},
    {"nvptx64", "nvptx64-nvidia-cuda", "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64",
     0, 5, 3, 4, 71 /* ptx_kernel */, 50, CASTS_NVVM},
    {"amdgcn", "amdgcn-amd-amdhsa",
     "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-"
     "p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-"
     "v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9",
     0, 5, 3, 4, 91 /* amdgpu_kernel */, 100, CASTS_AMDGCN},
};

typedef struct Mut {
  const Tgt *t;
  uint64_t rng;
  LLVMContextRef ctx;
  LLVMModuleRef m;
  LLVMBuilderRef b;
  LLVMTypeRef i1, i8, i32, i64;
  LLVMValueRef obj[3];    /* global, local, constant arrays */
  LLVMValueRef flag;      /* i1 loaded at the function's entry */
  LLVMValueRef fn;        /* the function being mutated */
  LLVMValueRef helper;    /* i32 helper(ptr generic, i32) */
} Mut;

static unsigned rnd(Mut *s, unsigned n) {
  s->rng ^= s->rng << 13;
  s->rng ^= s->rng >> 7;
  s->rng ^= s->rng << 17;
  return (unsigned)(s->rng % n);
}

static LLVMTypeRef ptr_in(Mut *s, unsigned as) { return LLVMPointerTypeInContext(s->ctx, as); }

static int is_ptr(LLVMTypeRef t) { return LLVMGetTypeKind(t) == LLVMPointerTypeKind; }

static LLVMValueRef to_generic(Mut *s, LLVMValueRef p) {
  if (LLVMGetPointerAddressSpace(LLVMTypeOf(p)) == s->t->generic)
    return p;
  return LLVMBuildAddrSpaceCast(s->b, p, ptr_in(s, s->t->generic), "gen");
}

static LLVMValueRef declare(Mut *s, const char *name, LLVMTypeRef ret, LLVMTypeRef *params,
                            unsigned n) {
  LLVMValueRef f = LLVMGetNamedFunction(s->m, name);
  if (!f)
    f = LLVMAddFunction(s->m, name, LLVMFunctionType(ret, params, n, 0));
  return f;
}

static LLVMValueRef call(Mut *s, LLVMValueRef f, LLVMValueRef *args, unsigned n, const char *nm) {
  return LLVMBuildCall2(s->b, LLVMGlobalGetValueType(f), f, args, n, nm);
}

/* p (generic) passed through the target's explicit cast / space test for
   the space `which` (0 global, 1 local, 2 private); the result is a
   pointer of space `as` the access can use. */
static LLVMValueRef explicit_cast(Mut *s, LLVMValueRef g, unsigned which, unsigned *as) {
  LLVMTypeRef gt = ptr_in(s, s->t->generic);
  static const char *const ocl[] = {"_Z9to_globalPU3AS4v", "_Z8to_localPU3AS4v",
                                    "_Z10to_privatePU3AS4v"};
  static const char *const nv[] = {"llvm.nvvm.isspacep.global", "llvm.nvvm.isspacep.shared",
                                   "llvm.nvvm.isspacep.local"};
  unsigned spaces[3] = {1, s->t->local, s->t->priv};
  *as = spaces[which];
  if (s->t->casts == CASTS_OPENCL) {
    LLVMValueRef f = declare(s, ocl[which], ptr_in(s, *as), &gt, 1);
    LLVMSetFunctionCallConv(f, 75 /* spir_func */);
    LLVMValueRef c = call(s, f, &g, 1, "cast");
    LLVMSetInstructionCallConv(c, 75);
    return c;
  }
  LLVMValueRef test;
  if (s->t->casts == CASTS_NVVM) {
    test = call(s, declare(s, nv[which], s->i1, &gt, 1), &g, 1, "is");
  } else {
    /* amdgcn: is.shared / is.private; global = neither */
    LLVMValueRef sh = call(s, declare(s, "llvm.amdgcn.is.shared", s->i1, &gt, 1), &g, 1, "is");
    LLVMValueRef pr = call(s, declare(s, "llvm.amdgcn.is.private", s->i1, &gt, 1), &g, 1, "is");
    test = which == 1 ? sh
           : which == 2 ? pr
                        : LLVMBuildNot(s->b, LLVMBuildOr(s->b, sh, pr, ""), "is");
  }
  LLVMValueRef named = LLVMBuildAddrSpaceCast(s->b, g, ptr_in(s, *as), "");
  return LLVMBuildSelect(s->b, test, named, LLVMConstNull(ptr_in(s, *as)), "cast");
}

/* The new pointer operand for memory access i whose pointer is p. */
static LLVMValueRef weave(Mut *s, LLVMValueRef i, LLVMValueRef p, int is_load) {
  unsigned how = rnd(s, 10);
  if (how < 3)
    return p; /* as it is */
  LLVMValueRef g = to_generic(s, p);
  if (how < 5)
    return g;
  if (how == 5) { /* select with a named object */
    unsigned k = rnd(s, is_load ? 3 : 2);
    LLVMValueRef o = to_generic(s, s->obj[k]);
    return rnd(s, 2) ? LLVMBuildSelect(s->b, s->flag, g, o, "mix")
                     : LLVMBuildSelect(s->b, s->flag, o, g, "mix");
  }
  if (how == 6) { /* through an explicit cast */
    unsigned as;
    LLVMValueRef c = explicit_cast(s, g, rnd(s, 3), &as);
    return rnd(s, 2) ? c : to_generic(s, c);
  }
  if (how == 8) { /* through a private slot: stored, loaded back */
    LLVMValueRef slot = LLVMBuildAlloca(s->b, LLVMTypeOf(g), "slot");
    LLVMInstructionRemoveFromParent(slot);
    LLVMValueRef first = LLVMGetFirstInstruction(LLVMGetFirstBasicBlock(s->fn));
    LLVMPositionBuilderBefore(s->b, first);
    LLVMInsertIntoBuilder(s->b, slot);
    LLVMPositionBuilderBefore(s->b, i);
    LLVMValueRef sp = to_generic(s, slot);
    LLVMBuildStore(s->b, g, sp);
    return LLVMBuildLoad2(s->b, LLVMTypeOf(g), sp, "reload");
  }
  if (how == 9) { /* a memcpy from a named object through generic pointers */
    LLVMValueRef o = to_generic(s, s->obj[rnd(s, 3)]);
    LLVMBuildMemCpy(s->b, g, 1, o, 1, LLVMConstInt(s->i64, 1, 0));
    return g;
  }
  /* a call of the helper with the generic pointer (the access stays) */
  LLVMValueRef args[2] = {g, LLVMConstInt(s->i32, rnd(s, 100), 0)};
  call(s, s->helper, args, 2, "");
  return g;
}

static void make_objects(Mut *s) {
  LLVMTypeRef arr = LLVMArrayType2(s->i8, 256);
  unsigned spaces[3] = {1, s->t->local, s->t->constant};
  const char *names[3] = {"stress.global", "stress.local", "stress.constant"};
  for (int k = 0; k < 3; k++) {
    LLVMValueRef g = LLVMAddGlobalInAddressSpace(s->m, arr, names[k], spaces[k]);
    LLVMSetInitializer(g, k == 1 ? LLVMGetPoison(arr) : LLVMConstNull(arr));
    LLVMSetLinkage(g, LLVMInternalLinkage);
    LLVMSetAlignment(g, 16);
    if (k == 2)
      LLVMSetGlobalConstant(g, 1);
    s->obj[k] = g;
  }
  /* i32 helper(ptr generic %p, i32 %v): stores v, loads it back */
  LLVMTypeRef ps[2] = {ptr_in(s, s->t->generic), s->i32};
  s->helper = LLVMAddFunction(s->m, "stress.helper", LLVMFunctionType(s->i32, ps, 2, 0));
  LLVMSetLinkage(s->helper, LLVMInternalLinkage);
  LLVMBasicBlockRef bb = LLVMAppendBasicBlockInContext(s->ctx, s->helper, "entry");
  LLVMPositionBuilderAtEnd(s->b, bb);
  LLVMValueRef p = LLVMGetParam(s->helper, 0);
  LLVMBuildStore(s->b, LLVMGetParam(s->helper, 1), p);
  LLVMValueRef q = LLVMBuildGEP2(s->b, s->i8, p, (LLVMValueRef[]){LLVMConstInt(s->i64, 4, 0)}, 1, "");
  LLVMValueRef v = LLVMBuildLoad2(s->b, s->i32, q, "");
  LLVMBuildRet(s->b, v);
}

/* F with generic pointer parameters; F's body moves into it. */
static LLVMValueRef retype(Mut *s, LLVMValueRef f) {
  LLVMTypeRef ft = LLVMGlobalGetValueType(f);
  unsigned n = LLVMCountParamTypes(ft);
  LLVMTypeRef *ps = calloc(n ? n : 1, sizeof *ps);
  LLVMGetParamTypes(ft, ps);
  for (unsigned k = 0; k < n; k++)
    if (is_ptr(ps[k]))
      ps[k] = ptr_in(s, s->t->generic);
  size_t len;
  char *name = strdup(LLVMGetValueName2(f, &len));
  LLVMSetValueName2(f, "stress.old", 10);
  LLVMValueRef nf = LLVMAddFunction(s->m, name, LLVMFunctionType(LLVMGetReturnType(ft), ps, n, 0));
  free(name);
  LLVMSetLinkage(nf, LLVMInternalLinkage);
  LLVMBasicBlockRef bb;
  while ((bb = LLVMGetFirstBasicBlock(f))) {
    LLVMRemoveBasicBlockFromParent(bb);
    LLVMAppendExistingBasicBlock(nf, bb);
  }
  LLVMBasicBlockRef entry = LLVMGetFirstBasicBlock(nf);
  LLVMValueRef first = LLVMGetFirstInstruction(entry);
  while (first && LLVMIsAAllocaInst(first))
    first = LLVMGetNextInstruction(first);
  LLVMPositionBuilderBefore(s->b, first);
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef old = LLVMGetParam(f, k), nw = LLVMGetParam(nf, k);
    if (is_ptr(ps[k]) && LLVMTypeOf(old) != ps[k])
      nw = LLVMBuildAddrSpaceCast(s->b, nw, LLVMTypeOf(old), "arg");
    LLVMReplaceAllUsesWith(old, nw);
  }
  free(ps);
  LLVMDeleteFunction(f);
  return nf;
}

static void mutate_body(Mut *s, LLVMValueRef f) {
  s->fn = f;
  LLVMBasicBlockRef entry = LLVMGetFirstBasicBlock(f);
  /* the flag, after the allocas */
  LLVMValueRef at = LLVMGetFirstInstruction(entry);
  while (at && LLVMIsAAllocaInst(at))
    at = LLVMGetNextInstruction(at);
  LLVMPositionBuilderBefore(s->b, at);
  s->flag = LLVMBuildLoad2(s->b, s->i1, s->obj[0], "flag");
  /* allocas into the private space */
  for (LLVMValueRef i = LLVMGetFirstInstruction(entry); i && LLVMIsAAllocaInst(i);) {
    LLVMValueRef next = LLVMGetNextInstruction(i);
    if (s->t->priv != 0 && (int)rnd(s, 100) < s->t->priv_alloca_percent) {
      LLVMPositionBuilderBefore(s->b, i);
      LLVMTypeRef at_ty = LLVMGetAllocatedType(i);
      /* the builder puts an alloca in the data layout's alloca space
         (amdgcn: A5); the C API has no other way to choose it, so nvptx's
         layout gets A5 for the moment */
      char *layout = strdup(LLVMGetDataLayoutStr(s->m));
      char *with = malloc(strlen(layout) + 8);
      sprintf(with, "%s-A%u", layout, s->t->priv);
      LLVMSetDataLayout(s->m, with);
      LLVMValueRef na = LLVMBuildAlloca(s->b, at_ty, "priv");
      LLVMSetDataLayout(s->m, layout);
      free(with);
      free(layout);
      if (LLVMGetPointerAddressSpace(LLVMTypeOf(na)) != s->t->priv) {
        LLVMInstructionEraseFromParent(na);
        na = NULL;
      }
      if (na) {
        LLVMSetAlignment(na, LLVMGetAlignment(i));
        LLVMPositionBuilderBefore(s->b, at);
        LLVMValueRef g = LLVMBuildAddrSpaceCast(s->b, na, LLVMTypeOf(i), "privg");
        LLVMReplaceAllUsesWith(i, g);
        LLVMInstructionEraseFromParent(i);
      }
    }
    i = next;
  }
  /* the accesses */
  for (LLVMBasicBlockRef bb = entry; bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      unsigned op;
      int load = 0;
      if (i == s->flag)
        continue;
      if (LLVMIsALoadInst(i)) {
        op = 0;
        load = 1;
      } else if (LLVMIsAStoreInst(i)) {
        op = 1;
      } else if (LLVMIsAAtomicRMWInst(i) || LLVMIsAAtomicCmpXchgInst(i)) {
        op = 0;
      } else {
        continue;
      }
      LLVMValueRef p = LLVMGetOperand(i, op);
      if (!is_ptr(LLVMTypeOf(p)))
        continue;
      LLVMPositionBuilderBefore(s->b, i);
      LLVMSetCurrentDebugLocation2(s->b, NULL);
      LLVMSetOperand(i, op, weave(s, i, p, load));
    }
}

/* kernel(ptr addrspace(1) %g, ptr addrspace(local) %l, scalars of f...) */
static void make_kernel(Mut *s, LLVMValueRef f) {
  LLVMTypeRef ft = LLVMGlobalGetValueType(f);
  unsigned n = LLVMCountParamTypes(ft);
  LLVMTypeRef *ps = calloc(n + 2, sizeof *ps);
  LLVMGetParamTypes(ft, ps + 2);
  ps[0] = ptr_in(s, 1);
  ps[1] = ptr_in(s, s->t->local);
  LLVMValueRef k = LLVMAddFunction(s->m, "stress_kernel", LLVMFunctionType(LLVMVoidTypeInContext(s->ctx), ps, n + 2, 0));
  LLVMSetFunctionCallConv(k, s->t->kernel_cc);
  LLVMPositionBuilderAtEnd(s->b, LLVMAppendBasicBlockInContext(s->ctx, k, "entry"));
  LLVMValueRef priv = LLVMBuildAlloca(s->b, LLVMArrayType2(s->i8, 256), "priv");
  LLVMValueRef *args = calloc(n ? n : 1, sizeof *args);
  for (unsigned a = 0; a < n; a++) {
    LLVMValueRef v = LLVMGetParam(k, a + 2);
    if (is_ptr(ps[a + 2])) {
      unsigned pick = rnd(s, 3);
      v = pick == 0 ? LLVMGetParam(k, 0) : pick == 1 ? LLVMGetParam(k, 1) : priv;
      v = to_generic(s, v);
    }
    args[a] = v;
  }
  LLVMBuildCall2(s->b, ft, f, args, n, "");
  LLVMBuildRetVoid(s->b);
  free(args);
  free(ps);
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: stress-mutate IN.ll spir64|nvptx64|amdgcn SEED OUT.ll\n");
    return 2;
  }
  Mut s = {0};
  for (size_t k = 0; k < sizeof targets / sizeof *targets; k++)
    if (!strcmp(argv[2], targets[k].name))
      s.t = &targets[k];
  if (!s.t) {
    fprintf(stderr, "stress-mutate: unknown target '%s'\n", argv[2]);
    return 2;
  }
  s.rng = strtoull(argv[3], NULL, 10) * 2654435761u + 88172645463325252ull;
  s.ctx = LLVMContextCreate();
  LLVMMemoryBufferRef buf;
  char *msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(argv[1], &buf, &msg) ||
      LLVMParseIRInContext2(s.ctx, buf, &s.m, &msg)) {
    fprintf(stderr, "stress-mutate: %s: %s\n", argv[1], msg ? msg : "cannot read");
    return 1;
  }
  LLVMDisposeMemoryBuffer(buf);
  s.b = LLVMCreateBuilderInContext(s.ctx);
  s.i1 = LLVMInt1TypeInContext(s.ctx);
  s.i8 = LLVMInt8TypeInContext(s.ctx);
  s.i32 = LLVMInt32TypeInContext(s.ctx);
  s.i64 = LLVMInt64TypeInContext(s.ctx);
  LLVMSetTarget(s.m, s.t->triple);
  LLVMSetDataLayout(s.m, s.t->layout);
  LLVMValueRef f = NULL;
  for (LLVMValueRef g = LLVMGetFirstFunction(s.m); g; g = LLVMGetNextFunction(g))
    if (LLVMCountBasicBlocks(g))
      f = g;
  if (!f) {
    fprintf(stderr, "stress-mutate: %s: no function defined\n", argv[1]);
    return 1;
  }
  make_objects(&s);
  f = retype(&s, f);
  mutate_body(&s, f);
  make_kernel(&s, f);
  if (LLVMVerifyModule(s.m, LLVMReturnStatusAction, &msg)) {
    fprintf(stderr, "stress-mutate: %s: the mutated module does not verify: %s\n", argv[1], msg);
    return 3;
  }
  LLVMDisposeMessage(msg);
  if (LLVMPrintModuleToFile(s.m, argv[4], &msg)) {
    fprintf(stderr, "stress-mutate: %s: %s\n", argv[4], msg);
    return 1;
  }
  LLVMDisposeBuilder(s.b);
  LLVMDisposeModule(s.m);
  LLVMContextDispose(s.ctx);
  return 0;
}
