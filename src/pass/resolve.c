/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* resolve.c — explicit casts folded, and static resolution.
 *
 * Problem: to_global/to_local/to_private (every spelling in casts.c) and
 * the space tests (llvm.nvvm.isspacep.*, llvm.amdgcn.is.shared/private)
 * cost a runtime check, and generic accesses cost a dispatch, even where
 * the answer is known at compile time.  Two facts decide it:
 *
 *  1. The source space of the operand, from infer (intra-procedural, after
 *     ipmsp has specialised the function): known S -> a cast to S is the
 *     pointer itself, a cast to any other space disjoint from S is null; a
 *     test is "p != null" (true where p cannot be S's null) or false
 *     ("Space tests" below; NVPTX's global test by the PTX ISA).
 *  2. Which spaces can reach the function's generic pointers at all
 *     (reach.c: the casts to generic in the kernels that call it).  A space
 *     that cannot reach: its cast is null, its test false.  If only global
 *     memory reaches, to_global(p) is p.
 *
 * Static resolution: when every space that reaches is global memory —
 * global, constant where the target keeps it in global memory (the table's
 * in_global column), and
 * private with --private-in-global — every generic load, store, atomic and
 * memory intrinsic of the function becomes a global one, with no branch.
 * Volatile
 * accesses follow the target's volatile policy.  Under --private-in-global
 * with private casts reaching, to_private/to_global stay for run time (the
 * private-in-global model: the lower pass tags private pointers and clears
 * the tag on generic-to-global).
 *
 * Example (spir64; no local or private pointer is cast to generic in any
 * kernel reaching @f):
 *   before:  %l = call ptr addrspace(3) @__to_local(ptr addrspace(4) %p)
 *            %v = load i32, ptr addrspace(4) %p
 *   after:   (%l is null)
 *            %0 = addrspacecast ptr addrspace(4) %p to ptr addrspace(1)
 *            %v = load i32, ptr addrspace(1) %0
 *
 * Changed functions are re-inferred (a folded cast usually makes more
 * values known).  Remark per changed function:
 *   "resolve: @f: generic pointers may point to <spaces>; N explicit casts
 *    folded, M accesses made global"
 * Requires: a module that verifies.  Debug name: resolve.
 * Statistics: resolve.* (below).  Tests: test/resolve/.
 */
#include "pass/pass.h"

#include <llvm-c/DebugInfo.h>
#include <string.h>

static const GaspStatDesc st_nulltests = {
    "resolve.null-tests-folded", "null tests of folded casts answered (null == null)"};
static const GaspStatDesc st_cast = {"resolve.casts-folded",
                                     "explicit casts folded to the pointer or null"};
static const GaspStatDesc st_test = {"resolve.tests-folded",
                                     "space tests folded to a constant or a null check"};
static const GaspStatDesc st_static = {
    "resolve.accesses-global", "generic accesses made global by static resolution"};
static const GaspStatDesc st_unshared = {
    "resolve.cast-not-shared",
    "generic accesses left generic: the cast to global would serve one access (cvta)"};
static const GaspStatDesc st_volatile = {
    "resolve.volatile-kept", "volatile generic accesses the target keeps generic"};
static const GaspStatDesc st_test_late = {"resolve.address-test-left-for-late",
    "generic accesses whose address is also read as an integer left for the late run"};
static const GaspStatDesc st_backend = {"resolve.left-to-backend",
    "generic accesses left for the late run or llc, which names them itself (NVPTX)"};

typedef struct Resolve {
  GaspCtx *cx;
  const TgtTable *t;
  LLVMModuleRef m;
  LLVMBuilderRef b;
  Space *sp;  /* the space analysis */
  const Reach *reach; /* the store's, asked for when first needed (reach_of) */
  uint32_t global_bits; /* spaces that are global memory (a set of spaces) */
  bool changed;
  Facts *facts; /* the run's store */
  /* per function, where the global cast must be shared (tgt_cast_shared):
     root -> 1 + shared?, and each value's global twin (index + 1 in twins) */
  PtrMap roots, twin_of;
  PtrMap copies; /* mem_backend_casts: a slot's host copy, read once a function */
  ValVec twins;
  PtrMap unused; /* the casts and GEPs under tests answered by a constant */
  PtrMap int_reads; /* the early run: what the function reads as integers */
  unsigned char *backend; /* per candidate: llc names it (space_backend_named) */
  bool backend_on;        /* ... filled for this function */
  Dom *dom;
  unsigned unshared; /* accesses kept generic for it, this function */
} Resolve;

/* TRUE_REACH: TRUE_SAME from what reaches the kernels (reach.c), a proof
   of the whole module rather than of the function.  TRUE_ALWAYS and
   IS_NULL: a space test's answer, true or "p == null" ("Space tests"). */
typedef enum Fold { KEEP, FALSE_NULL, TRUE_SAME, TRUE_REACH, TRUE_ALWAYS, IS_NULL } Fold;

/* ---- Space tests.  A test of a pointer known to be in space S answers
   for the addresses S's pointers make generic: a window's (or aperture's)
   address, or generic null where S's null casts to it — hence "p != null"
   for S's own test, and false for another window's.  Two things make the
   answer a constant or a different test:
   - p is not null: `nonnull` on the test's argument, or p is an object
     of S, or an address computed from one (GEPs and casts of a variable
     of S, or of an alloca where S is private, or a parameter every call
     passes such an object, and phis and selects of such addresses: a
     loop's pointer): never S's null, so S's test is true.  A GEP
     need not be inbounds: the space analysis takes arithmetic on a
     pointer of S to stay in S, as LLVM's InferAddressSpaces does — it
     rewrites the GEP itself into S — and no window or aperture holds
     generic null; S's null is reached from a real object only by leaving
     S, where every rewrite of the GEP would already differ.  LLVM's loop
     passes drop inbounds when they hoist or merge GEPs (cuda-samples'
     dmma GEMM: 16 tests of `getelementptr double, ptr addrspace(3)
     @shmem, i64 %i`).  CUDA's memcpy_async asks __isShared of each
     destination in a __shared__ array and copies with cp.async only when
     it holds; "p != null" there, compared in shared memory with the cast
     of generic null, is a test LLVM cannot fold, and kept the byte-copy
     fallback of every copy (NVIDIA cuda-samples' tensor-core GEMMs: PTX
     2.4 times clang's).
   - NVPTX's global test (the table's null_tests_global): generic null is
     outside the const, local and shared windows, so a global address in
     the PTX ISA's terms: the test of a global pointer is true, null
     included, and of any other pointer "p == null" (false for an object
     of another space).  LLVM's own fold (NVPTX's instcombine) answers the
     same but for null. */
/* One question of object_in: the phis and selects on its walk, taken to be
   objects while their other operands are asked (a loop's pointer is a phi
   of an object and of a GEP of the phi itself) — sound because the answer
   is the conjunction of every leaf the walk reaches — and its budget. */
typedef struct ObjWalk {
  LLVMValueRef joins[32];
  unsigned n, steps;
} ObjWalk;

static bool object_in_at(const Resolve *s, LLVMValueRef p, int as, unsigned depth, ObjWalk *w);

/* Parameter a of an internal function that every use calls directly with an
   object of space as (object_in, `depth` levels of callers up): a helper
   such as CUDA's __isShared, copied for shared memory by ipmsp before the
   inliner puts it into its callers. */
static bool param_object(const Resolve *s, LLVMValueRef a, int as, unsigned depth, ObjWalk *w) {
  LLVMValueRef fn = LLVMGetParamParent(a);
  int k = ir_param_index(a);
  unsigned uses = 0;
  LLVMLinkage l = LLVMGetLinkage(fn);
  if (!depth || k < 0 || (l != LLVMInternalLinkage && l != LLVMPrivateLinkage))
    return false;
  for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef c = LLVMGetUser(u);
    if (++uses > 64 || !LLVMIsACallInst(c) || ir_callee(c) != fn ||
        !object_in_at(s, LLVMGetOperand(c, (unsigned)k), as, depth - 1, w))
      return false;
  }
  return uses > 0;
}

static bool object_in(const Resolve *s, LLVMValueRef p, int as) {
  ObjWalk w = {.n = 0};
  return object_in_at(s, p, as, 4, &w);
}

static bool object_in_at(const Resolve *s, LLVMValueRef p, int as, unsigned depth, ObjWalk *w) {
  p = ir_strip_offsets(p);
  if (++w->steps > 256)
    return false;
  bool phi = LLVMIsAPHINode(p) != NULL;
  if (phi || LLVMIsASelectInst(p)) {
    for (unsigned k = 0; k < w->n; k++)
      if (w->joins[k] == p)
        return true;
    if (w->n == sizeof w->joins / sizeof w->joins[0])
      return false;
    w->joins[w->n++] = p;
    unsigned n = phi ? LLVMCountIncoming(p) : 2;
    for (unsigned k = 0; k < n; k++)
      if (!object_in_at(s, phi ? LLVMGetIncomingValue(p, k) : LLVMGetOperand(p, k + 1), as, depth, w))
        return false;
    return true;
  }
  int pas = ir_ptr_as(LLVMTypeOf(p));
  if (LLVMIsAGlobalVariable(p))
    return LLVMGetLinkage(p) != LLVMExternalWeakLinkage &&
           (pas == as || (pas == s->t->generic && s->t->generic_vars_global && as == s->t->global));
  if (LLVMIsAAllocaInst(p))
    return as == s->t->priv &&
           (pas == as || (pas == s->t->generic && s->t->generic_alloca_is_private));
  if (LLVMIsAArgument(p))
    return param_object(s, p, as, depth, w);
  return false;
}

/* An explicit cast or space test of the function, and what it folds to. */
typedef struct Site {
  LLVMValueRef call;
  CastFn cf;
  Fold fold;
} Site;

/* Is the test's pointer not null: `nonnull` on the call's argument (LLVM's
   inference puts it there: a null would be poison), or an object of space
   as (object_in)? */
static bool test_nonnull(const Resolve *s, LLVMValueRef call, int as) {
  unsigned kind = LLVMGetEnumAttributeKindForName("nonnull", 7);
  return LLVMGetCallSiteEnumAttribute(call, 1, kind) || object_in(s, LLVMGetOperand(call, 0), as);
}

static Fold decide(Resolve *s, const CastFn *cf, LLVMValueRef call, uint32_t mask) {
  LLVMValueRef p = LLVMGetOperand(call, 0);
  bool global_test = cf->test && cf->as == s->t->global && s->t->null_tests_global;
  if (LLVMIsAConstantPointerNull(p))
    return global_test ? TRUE_ALWAYS : FALSE_NULL; /* to_X(NULL) is NULL */
  bool isnull;
  int src = space_lat(s->sp, p, &isnull);
  if (src >= 0 && src != s->t->generic) {
    const TgtSpace *sp = tgt_space(s->t, src);
    if (src == cf->as)
      return cf->test && (global_test || test_nonnull(s, call, src)) ? TRUE_ALWAYS : TRUE_SAME;
    if (sp && sp->unified != UAS_TARGET && tgt_disjoint(s->t, src, cf->as))
      return global_test && !test_nonnull(s, call, src) ? IS_NULL : FALSE_NULL;
    return KEEP;
  }
  if (mask & SP_UNKNOWN)
    return KEEP;
  if (!(mask & space_table_bit(s->t, cf->as)))
    return global_test && !test_nonnull(s, call, s->t->generic) ? IS_NULL : FALSE_NULL;
  if (cf->unified == UAS_GLOBAL && mask == space_table_bit(s->t, s->t->global))
    return global_test ? TRUE_ALWAYS : TRUE_REACH;
  return KEEP;
}

/* What integer instruction i is once an operand became a constant, or NULL
   (not decided, or not an integer instruction). */
static LLVMValueRef decided(LLVMValueRef i) {
  LLVMTypeRef t = LLVMTypeOf(i);
  if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind || !LLVMIsAInstruction(i))
    return NULL;
  unsigned n = (unsigned)LLVMGetNumOperands(i);
  LLVMValueRef a = n > 0 ? LLVMGetOperand(i, 0) : NULL, b = n > 1 ? LLVMGetOperand(i, 1) : NULL;
  bool ka = a && LLVMIsAConstantInt(a), kb = b && LLVMIsAConstantInt(b);
  unsigned long long x = ka ? LLVMConstIntGetZExtValue(a) : 0, y = kb ? LLVMConstIntGetZExtValue(b) : 0;
  unsigned bits = LLVMGetIntTypeWidth(t);
  unsigned long long ones = bits >= 64 ? ~0ULL : (1ULL << bits) - 1;
  switch (LLVMGetInstructionOpcode(i)) {
  case LLVMSelect:
    return ka ? LLVMGetOperand(i, x ? 1 : 2) : NULL;
  case LLVMAnd:
    if (ka && kb)
      return LLVMConstInt(t, x & y, 0);
    if ((ka && !x) || (kb && !y))
      return LLVMConstInt(t, 0, 0);
    return ka && x == ones ? b : kb && y == ones ? a : NULL;
  case LLVMOr:
    if (ka && kb)
      return LLVMConstInt(t, x | y, 0);
    if ((ka && x == ones) || (kb && y == ones))
      return LLVMConstInt(t, ones, 0);
    return ka && !x ? b : kb && !y ? a : NULL;
  case LLVMXor:
    return ka && kb ? LLVMConstInt(t, x ^ y, 0) : NULL;
  case LLVMZExt:
    return ka ? LLVMConstInt(t, x, 0) : NULL;
  case LLVMICmp: {
    LLVMIntPredicate pr = LLVMGetICmpPredicate(i);
    if (!ka || !kb || (pr != LLVMIntEQ && pr != LLVMIntNE))
      return NULL;
    return LLVMConstInt(t, (x == y) == (pr == LLVMIntEQ), 0);
  }
  default:
    return NULL;
  }
}

/* The distinct instructions that use v, onto *out. */
static void users_onto(LLVMValueRef v, ValVec *out) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef i = LLVMGetUser(u);
    bool seen = false;
    for (size_t k = 0; k < out->n && !seen; k++)
      seen = out->v[k] == i;
    if (!seen && LLVMIsAInstruction(i))
      vec_push(out, i);
  }
}

/* A test answered by a constant decides the integer instructions it feeds
   (a select's condition, and/or, xor, zext, icmp of constants: what CUDA's
   `__isShared(d) && __isGlobal(s)` is), folded in turn, so that the branch
   on them is on a constant, which llc's CodeGenPrepare folds with the path
   no longer taken.  After the plugin's late run (the optimizer's last step)
   nothing else would: memcpy_async's byte-copy fallback stayed beside
   every cp.async (cuda-samples' tensor-core GEMMs).  work: the users of
   the test (never the constant's own uses, which are the whole module's). */
static void fold_users(ValVec *work) {
  while (work->n) {
    LLVMValueRef i = work->v[--work->n], r = decided(i);
    if (!r || r == i)
      continue;
    if (LLVMIsAConstantInt(r))
      users_onto(i, work);
    size_t kept = 0; /* i is about to go: no later turn may see it */
    for (size_t k = 0; k < work->n; k++)
      if (work->v[k] != i)
        work->v[kept++] = work->v[k];
    work->n = kept;
    LLVMReplaceAllUsesWith(i, r);
    ir_erase_salvaging(i, LLVMIsAConstant(r) ? NULL : r);
  }
}

static void fold(Resolve *s, LLVMValueRef call, const CastFn *cf, Fold f) {
  LLVMValueRef p = LLVMGetOperand(call, 0), r;
  LLVMTypeRef rt = LLVMTypeOf(call);
  LLVMPositionBuilderBefore(s->b, call);
  LLVMSetCurrentDebugLocation2(s->b, LLVMInstructionGetDebugLoc(call));
  if (cf->test)
    r = f == FALSE_NULL || f == TRUE_ALWAYS
            ? LLVMConstInt(rt, f == TRUE_ALWAYS, 0)
            : LLVMBuildICmp(s->b, f == IS_NULL ? LLVMIntEQ : LLVMIntNE, p,
                            LLVMConstNull(LLVMTypeOf(p)), "");
  else if (f == FALSE_NULL)
    r = tgt_null(s->t, rt);
  else if (ir_ptr_as(rt) == s->t->generic)
    r = p;
  else {
    r = LLVMBuildAddrSpaceCast(s->b, p, rt, "");
    if (f == TRUE_REACH)
      schema_guard_cast(s->cx, r);
  }
  if (r != p && !LLVMIsAConstant(r))
    ir_take_name(call, r);
  ValVec users = {0};
  if (cf->test && LLVMIsAConstantInt(r))
    users_onto(call, &users);
  LLVMReplaceAllUsesWith(call, r);
  LLVMInstructionEraseFromParent(call);
  fold_users(&users);
  vec_free(&users);
  for (; LLVMIsAConstant(r) && (LLVMIsAAddrSpaceCastInst(p) || LLVMIsAGetElementPtrInst(p));
       p = LLVMGetOperand(p, 0))
    map_put(&s->unused, p, 1); /* erase_unused, once the function is done */
  cx_stat(s->cx, cf->test ? &st_test : &st_cast, 1);
}

/* Pointer operand p of an access made global: a cast before `at`. */
static LLVMValueRef to_global(Resolve *s, LLVMValueRef p, LLVMValueRef at) {
  LLVMPositionBuilderBefore(s->b, at);
  LLVMSetCurrentDebugLocation2(s->b, LLVMInstructionGetDebugLoc(at));
  LLVMValueRef r = LLVMBuildAddrSpaceCast(s->b, p, ir_retype(LLVMTypeOf(p), s->t->global), "");
  schema_guard_cast(s->cx, r); /* static resolution: a module-wide proof (reach.c) */
  return r;
}

/* ---- where the cast must be shared (target.c, "Casts that must be
   shared"): NVPTX's cvta.to.global is an instruction of its own, and a
   generic access to global memory costs no more than a named one.  A
   pointer operand is a chain of GEPs on a root; the root is cast once,
   right after it is defined, and the chain rebuilt on the cast, but only
   when two accesses or more share that cast (benefit_cast_shared): one
   access keeps its generic pointer, as clang leaves it. */

static LLVMValueRef chain_root(LLVMValueRef p) {
  while (LLVMIsAInstruction(p) && LLVMGetInstructionOpcode(p) == LLVMGetElementPtr)
    p = LLVMGetOperand(p, 0);
  return p;
}

static bool generic_step(LLVMValueRef user, void *arg) {
  const Resolve *s = arg;
  LLVMOpcode op = LLVMIsAInstruction(user) ? LLVMGetInstructionOpcode(user) : LLVMRet;
  return (op == LLVMGetElementPtr || op == LLVMPHI || op == LLVMSelect || op == LLVMFreeze ||
          op == LLVMIntToPtr) &&
         ir_ptr_as(LLVMTypeOf(user)) == s->t->generic;
}

/* May the access through p be made global here?  (Always, but where the
   cast must be shared and p's root's is not.) */
static bool cast_shared_for(Resolve *s, LLVMValueRef p) {
  if (!tgt_cast_shared(s->t, s->t->global, s->cx->opt.lower_generic == GASP_LOWER_TAGS) ||
      LLVMIsAConstant(p))
    return true;
  LLVMValueRef r = chain_root(p);
  if (LLVMIsAConstant(r) || mem_backend_casts(s->t, r, &s->copies))
    return true; /* a kernel's parameter: the back end casts it itself */
  uint32_t known = map_find(&s->roots, r);
  if (known == MAP_NONE) {
    known = 1u + benefit_cast_shared(r, s->t->global, &s->dom, generic_step, s);
    map_put(&s->roots, r, known);
  }
  return known == 2;
}

/* p in global memory: where the cast must be shared, its root's one cast
   with p's GEPs rebuilt on it; else a cast of p before `at`. */
static LLVMValueRef global_twin(Resolve *s, LLVMValueRef p, LLVMValueRef at) {
  if (!tgt_cast_shared(s->t, s->t->global, false) || LLVMIsAConstant(p))
    return to_global(s, p, at); /* (under tags too: one shared cast is no dearer) */
  uint32_t k = map_find(&s->twin_of, p);
  if (k != MAP_NONE)
    return s->twins.v[k];
  LLVMValueRef g;
  if (LLVMIsAInstruction(p) && LLVMGetInstructionOpcode(p) == LLVMGetElementPtr) {
    LLVMValueRef base = global_twin(s, LLVMGetOperand(p, 0), p);
    LLVMPositionBuilderBefore(s->b, p);
    LLVMSetCurrentDebugLocation2(s->b, LLVMInstructionGetDebugLoc(p));
    g = ir_build_gep_on(s->b, p, base);
  } else {
    LLVMValueRef after = ir_insert_point_after(p);
    g = to_global(s, p, after ? after : at); /* none after an invoke: at the access */
    if (!after)
      return g;
  }
  map_put(&s->twin_of, p, (uint32_t)s->twins.n);
  vec_push(&s->twins, g);
  return g;
}

/* The early run leaves an access whose address is also read as an integer
   to the late run, as infer does (rewrite.c's test_waits; docs/design.md,
   "What the early run leaves to the late run"): made global here, the
   access took a global twin of its GEP chain while the ptrtoint kept the
   generic one, both bases live to the end (HeCBench memtest: `p[i] ==
   (uintptr_t)&p[i]`, 2 more registers than clang's cvta of one chain).
   The late run's infer names the access with one chain, casting it back
   for the integer read. */
static bool test_waits(Resolve *s, LLVMValueRef p) {
  if (!s->cx->opt.early_run || !ir_address_read_as_int(&s->int_reads, p))
    return false;
  cx_stat(s->cx, &st_test_late, 1);
  return true;
}

/* What llc names itself (analysis/backendnamed.c: NVPTX, the plugin's
   runs) stays as clang's build has it, as in infer. */
static bool backend_waits(Resolve *s, LLVMValueRef p) {
  if (!space_backend_names(s->sp, s->backend_on ? s->backend : NULL, p))
    return false;
  cx_stat(s->cx, &st_backend, 1);
  return true;
}

static bool make_global(Resolve *s, LLVMValueRef i) {
  int g = s->t->generic;
  bool vol_ok = tgt_volatile_ok(s->t, s->t->global, s->cx->opt.keep_volatile);
  const IrMemIntrin *mi = LLVMIsACallInst(i) ? ir_mem_intrin(i) : NULL;
  if (!mi) {
    if (LLVMGetVolatile(i) && !vol_ok) {
      cx_stat(s->cx, &st_volatile, 1);
      return false;
    }
    unsigned k = ir_ptr_operand(i);
    if (test_waits(s, LLVMGetOperand(i, k)) || backend_waits(s, LLVMGetOperand(i, k)))
      return false;
    if (!cast_shared_for(s, LLVMGetOperand(i, k))) {
      s->unshared++;
      return false;
    }
    LLVMSetOperand(i, k, global_twin(s, LLVMGetOperand(i, k), i));
    return true;
  }
  if (ir_mem_intrin_volatile(mi, i) && !vol_ok) {
    cx_stat(s->cx, &st_volatile, 1);
    return false;
  }
  unsigned n = LLVMGetNumArgOperands(i);
  LLVMValueRef *args = xmalloc(n * sizeof *args);
  for (unsigned k = 0; k < n; k++)
    args[k] = LLVMGetOperand(i, k);
  bool any = false;
  for (int k = 0; k < 2; k++) {
    LLVMValueRef *a = mi->ptr_args[k] >= 0 ? &args[mi->ptr_args[k]] : NULL;
    if (!a || ir_ptr_as(LLVMTypeOf(*a)) != g || test_waits(s, *a) || backend_waits(s, *a))
      continue;
    if (!cast_shared_for(s, *a)) {
      s->unshared++;
      continue;
    }
    *a = global_twin(s, *a, i);
    any = true;
  }
  if (any)
    ir_mem_intrin_rebuild(s->b, mi, i, args);
  free(args);
  return any;
}

/* c is a null written as a cast, `addrspacecast (ptr null ...) to S`
   (what front ends emit for NULL in a named space, and tgt_null where S's
   null is not 0). */
static bool null_cast(LLVMValueRef c) {
  return LLVMIsAConstantExpr(c) && LLVMGetConstOpcode(c) == LLVMAddrSpaceCast &&
         LLVMIsAConstantPointerNull(LLVMGetOperand(c, 0));
}

/* A null cast from the generic space to S, where S's null is the zero bit
   pattern: the plain null. */
static bool zero_null_cast(const Resolve *s, LLVMValueRef c) {
  if (!null_cast(c))
    return false;
  const TgtSpace *sp = tgt_space(s->t, ir_ptr_as(LLVMTypeOf(c)));
  return ir_ptr_as(LLVMTypeOf(LLVMGetOperand(c, 0))) == s->t->generic && sp && sp->null_is_zero;
}

/* After folding an explicit cast to null, its null tests compare two nulls
   that neither opt -O2 nor llc fold (the cast form hides the zero): write
   the nulls plainly where the space's null is 0, and fold `icmp eq/ne` of
   two identical nulls — plain, or the same cast (constants are uniqued)
   where it is not (NVPTX shared, AMDGPU local). */
static unsigned fold_null_tests(Resolve *s, LLVMValueRef fn) {
  unsigned n = 0;
  ValVec dead = {0};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsAICmpInst(i))
        continue;
      for (unsigned k = 0; k < 2; k++) {
        LLVMValueRef op = LLVMGetOperand(i, k);
        if (zero_null_cast(s, op))
          LLVMSetOperand(i, k, LLVMConstNull(LLVMTypeOf(op)));
      }
      LLVMIntPredicate pr = LLVMGetICmpPredicate(i);
      LLVMValueRef a = LLVMGetOperand(i, 0), b = LLVMGetOperand(i, 1);
      if ((pr == LLVMIntEQ || pr == LLVMIntNE) && a == b &&
          (LLVMIsAConstantPointerNull(a) || null_cast(a))) {
        LLVMReplaceAllUsesWith(i, LLVMConstInt(LLVMTypeOf(i), pr == LLVMIntEQ, 0));
        vec_push(&dead, i);
        n++;
      }
    }
  for (size_t k = 0; k < dead.n; k++)
    LLVMInstructionEraseFromParent(dead.v[k]);
  vec_free(&dead);
  return n;
}

/* What fn may make generic (reach.c).  The module's reach is built on
   the first function that asks: one with an explicit cast or a generic
   access (after ipmsp, often none). */
static uint32_t reach_of(Resolve *s, LLVMValueRef fn) {
  if (!s->reach)
    s->reach = facts_reach(s->facts);
  return reach_mask(s->reach, fn);
}

/* A test answered by a constant leaves the casts and GEPs that made its
   pointer unused: erased, as a second run would find them dead
   (scripts/stress.py's idempotence), after the function's other rewrites,
   which still look values up by identity.  Users come after what they use:
   a backward walk, again while it erases. */
static void erase_unused(Resolve *s, LLVMValueRef fn) {
  for (bool again = s->unused.n > 0; again;) {
    again = false;
    for (LLVMBasicBlockRef bb = LLVMGetLastBasicBlock(fn); bb; bb = LLVMGetPreviousBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetLastInstruction(bb), prev; i; i = prev) {
        prev = LLVMGetPreviousInstruction(i);
        if (!LLVMGetFirstUse(i) && map_get(&s->unused, i, NULL)) {
          ir_erase_salvaging(i, NULL);
          again = true;
        }
      }
  }
  map_clear(&s->unused);
}

static void resolve_function(Resolve *s, LLVMValueRef fn, const PtrMap *casting) {
  bool casts = map_get(casting, fn, NULL);
  if (!casts && s->reach && (reach_mask(s->reach, fn) & ~s->global_bits))
    return; /* known without a walk: no explicit cast to fold, no access to make global */
  VEC(Site) calls = {0};
  ValVec ops = {0};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      Site site = {i, {0}, KEEP};
      if (casts && LLVMIsACallInst(i) && casts_match(s->t, i, &site.cf))
        vec_push(&calls, site);
      else if (ir_is_mem_op_in(i, s->t->generic))
        vec_push(&ops, i);
    }
  uint32_t mask = calls.n || ops.n ? reach_of(s, fn) : 0;
  if (mask & ~s->global_bits) /* not static: no access to make global */
    ops.n = 0;
  if (!calls.n && !ops.n) {
    vec_free(&calls);
    vec_free(&ops);
    return;
  }
  /* decide everything on the unchanged function, then rewrite */
  if (calls.n)
    space_analyse(s->sp, fn, NULL);
  for (size_t k = 0; k < calls.n; k++) {
    Site *c = &calls.v[k];
    c->fold = decide(s, &c->cf, c->call, mask);
  }
  unsigned folded = 0, made = 0;
  for (size_t k = 0; k < calls.n; k++)
    if (calls.v[k].fold != KEEP) {
      fold(s, calls.v[k].call, &calls.v[k].cf, calls.v[k].fold);
      folded++;
    }
  if (folded)
    cx_stat(s->cx, &st_nulltests, fold_null_tests(s, fn));
  s->unshared = 0;
  if (ops.n && s->cx->opt.early_run)
    ir_int_read_ptrs(fn, &s->int_reads); /* for test_waits */
  s->backend_on = ops.n && space_backend_named(NULL, s->cx, fn, NULL);
  if (s->backend_on) {
    if (!calls.n || folded) /* the function as the folds left it */
      space_analyse(s->sp, fn, NULL);
    s->backend = xrealloc(s->backend, space_count(s->sp) + 1);
    space_backend_named(s->sp, s->cx, fn, s->backend);
  }
  for (size_t k = 0; k < ops.n; k++)
    made += make_global(s, ops.v[k]);
  s->backend_on = false;
  map_clear(&s->roots);
  map_clear(&s->copies);
  map_clear(&s->twin_of);
  s->twins.n = 0;
  erase_unused(s, fn);
  dom_free(s->dom);
  s->dom = NULL;
  cx_stat(s->cx, &st_static, made);
  cx_stat(s->cx, &st_unshared, s->unshared);
  benefit_report_unshared(s->cx, fn, s->unshared);
  if (folded || made) {
    s->changed = true;
    facts_reinfer_later(s->facts, fn); /* `reinfer` */
    char names[96];
    reach_names(s->t, mask, names, sizeof names);
    GaspRemark *r = cx_remark(s->cx, GASP_REMARK_PASSED, "Resolved", fn, NULL);
    rm_arg(r, "String", "generic pointers may point to ");
    rm_arg(r, "Spaces", "%s", names);
    rm_arg(r, "String", "; ");
    rm_arg(r, "CastsFolded", "%u", folded);
    rm_arg(r, "String", " explicit cast%s folded, ", folded == 1 ? "" : "s");
    rm_arg(r, "AccessesMadeGlobal", "%u", made);
    rm_arg(r, "String", " access%s made global", made == 1 ? "" : "es");
    rm_done(r);
  }
  vec_free(&calls);
  vec_free(&ops);
}

bool resolve_run(PassRun *run) {
  GaspCtx *cx = run->cx;
  LLVMModuleRef m = run->m;
  facts_pass_entry(cx, m);
  Resolve s = {.cx = cx, .t = cx->tgt, .m = m,
               .b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m)),
               .sp = facts_space(run->facts),
               .global_bits = space_table_bit(cx->tgt, cx->tgt->global),
               .facts = run->facts};
  if (tgt_in_global(s.t, s.t->constant, false))
    s.global_bits |= space_table_bit(s.t, s.t->constant);
  if (cx->opt.private_in_global)
    s.global_bits |= space_table_bit(s.t, s.t->priv);
  /* the functions that call an explicit cast or a space test, from the
     declarations' call sites (not by walking every instruction) */
  PtrMap casting;
  map_init(&casting);
  for (LLVMValueRef d = LLVMGetFirstFunction(m); d; d = LLVMGetNextFunction(d)) {
    for (LLVMUseRef u = LLVMGetFirstUse(d); u; u = LLVMGetNextUse(u)) {
      CastFn cf;
      LLVMValueRef c = LLVMGetUser(u);
      if (LLVMIsACallInst(c) && LLVMGetCalledValue(c) == d && casts_match(s.t, c, &cf))
        map_put(&casting, LLVMGetBasicBlockParent(LLVMGetInstructionParent(c)), 1);
    }
  }
  /* nothing to fold and no generic access: no function to look at */
  bool any = casting.n || facts_inventory(run->facts)->generic_accesses;
  for (LLVMValueRef fn = any ? LLVMGetFirstFunction(m) : NULL; fn; fn = LLVMGetNextFunction(fn))
    if (LLVMGetFirstBasicBlock(fn) && !ir_optnone(fn)) /* optnone: as written */
      resolve_function(&s, fn, &casting);
  map_free(&casting);
  map_free(&s.roots);
  map_free(&s.copies);
  map_free(&s.twin_of);
  map_free(&s.unused);
  map_free(&s.int_reads);
  free(s.backend);
  vec_free(&s.twins);
  space_free(s.sp);
  LLVMDisposeBuilder(s.b);
  return s.changed;
}
