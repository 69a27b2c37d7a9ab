/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* rewrite.c — the rewriter: a function's generic values to their spaces (the
 * engine of `infer`, pass/infer.c; ipmsp, fields and memsum run it too).
 *
 * Problem.  Front ends emit generic (flat) pointers whenever the origin of a
 * pointer is not syntactically obvious.  Inside one function the origin is
 * often still visible: the pointer is a GEP of a phi of addrspacecasts from
 * local memory, a select between two global pointers, a value reloaded from
 * a private array of pointers.  This pass proves the space of such values
 * and rewrites the memory operations that use them to the named space.
 * Anchor: LLVM's InferAddressSpaces; unlike it, this pass needs no
 * TargetMachine (it works on spir64), reads its facts from target.c, and
 * sees through private pointer slots that SROA cannot remove.
 *
 * What each value's space is, is the space analysis' answer (space.c: the
 * lattice, the sources, the transfer rules, private slots through
 * memory.c); this file only acts on it.  A value whose set is one space S
 * (and nothing unknown) is rewritten to S; optnone functions are left alone.
 *
 * Algorithm, per function:
 *   0. Space facts (spacefacts.c): an assumed space test, or one a
 *      branch depends on, rewrites the uses it dominates to a cast pair.
 *   1. The space analysis of the function (space_analyse), which also
 *      lists the operations through generic pointers.
 *   2. The candidates a rewritable operation depends on are marked.
 *   3. Every marked candidate with a named space S gets a twin in S: new
 *      phis first (empty), then the other twins in reverse post-order, then
 *      the phis' incoming values (poison from unreachable predecessors).
 *   4. Uses are rewritten: pointer operands of load/store/atomicrmw/
 *      cmpxchg, each pointer argument of memcpy/memmove/memset (and
 *      .inline), masked load/store/gather/scatter and prefetch (rebuilt
 *      with the declaration for the new pointer types), NVVM's warp matrix
 *      loads and stores (wmma: only where the table's matrix_ok says PTX
 *      has them; in shared memory also through what llc names for loads,
 *      which its own InferAddressSpaces leaves generic for wmma), icmp of
 *      two pointers in one space (or one and null), and a generic-to-S cast
 *      of an S value folds away.  A by-value call argument (the parameter
 *      stays generic) becomes its twin cast back right before the call: the
 *      back end's copy then reads the named space.  Volatile accesses only
 *      where the target's volatile policy allows; never a store's value.
 *   5. Every other use of a rewritten value gets `addrspacecast S -> generic`
 *      of the twin; the old values are erased, then any dead cast.
 *
 * Example (spir64, generic = 4, local = 3):
 *   before:  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
 *            %q = getelementptr i32, ptr addrspace(4) %g, i64 %i
 *            %v = load i32, ptr addrspace(4) %q
 *   after:   %q = getelementptr i32, ptr addrspace(3) %l, i64 %i
 *            %v = load i32, ptr addrspace(3) %q
 *
 * Requires: a module that verifies.  Preserves: the CFG, every non-pointer
 * value, the stored values and all non-memory uses of pointers (through a
 * cast back to generic).  Debug info: new instructions carry the location
 * of what they stand for; the debug records of an erased generic value
 * follow its named twin where the table says that space keeps the generic
 * pointer's bits (AMDGPU global/constant), else LLVM's salvage rules, else
 * become poison (dbg_salvage; test infer/dbg-salvage.ll).
 * Debug name: infer.  Statistics: infer.* (the GaspStatDesc below).  Tests: test/infer/.
 */
#include "transform/transform.h"

#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>
#include <string.h>

static const GaspStatDesc st_resolved = {
    "infer.values-resolved", "generic pointer values given a named space"};
static const GaspStatDesc st_access = {
    "infer.accesses-rewritten", "load/store/atomic pointer operands rewritten"};
static const GaspStatDesc st_intrin = {"infer.intrinsics-rewritten", "memory intrinsic calls rebuilt"};
static const GaspStatDesc st_icmp = {"infer.icmps-rewritten", "pointer comparisons rewritten"};
static const GaspStatDesc st_byval = {"infer.byval-args-named",
                                      "by-value call arguments whose pointer got a named space"};
static const GaspStatDesc st_cast = {"infer.casts-folded", "generic-to-named casts folded"};
static const GaspStatDesc st_slot = {"infer.slots", "private pointer slots seen through"};
static const GaspStatDesc st_volatile = {
    "infer.volatile-kept", "volatile accesses kept generic by target policy"};
static const GaspStatDesc st_null_late = {"infer.null-left-for-late",
    "accesses through a pointer a null may reach left for the late run (LLVM's alias analysis)"};
static const GaspStatDesc st_test_late = {"infer.address-test-left-for-late",
    "accesses whose address is also read as an integer left for the late run"};
static const GaspStatDesc st_private_late = {"infer.private-left-for-late",
    "accesses to a stack slot left for the late run (NVPTX: llc names them, as in clang's build)"};
static const GaspStatDesc st_param_late = {"infer.param-left-for-late",
    "accesses to a kernel's by-value parameter left for the late run (NVPTX: llc reads them "
    "with ld.param, as in clang's build)"};
static const GaspStatDesc st_backend = {"infer.left-to-backend",
    "accesses left for the late run or llc, which names them itself (NVPTX: a kernel's "
    "pointer parameters and, late, the pointers its by-value parameters hold; early, "
    "module variables)"};
static const GaspStatDesc st_unshared = {"infer.cast-not-shared",
    "accesses kept generic: the new cast naming them would serve one access (cvta)"};
static const GaspStatDesc st_cas = {
    "infer.cmpxchg-kept", "cmpxchg kept generic: the assembler rejects it in that space"};
static const GaspStatDesc st_matrix = {
    "infer.matrix-kept", "warp matrix accesses kept generic: PTX has none in that space"};

struct Infer {
  Pool pool; /* the containers below */
  GaspCtx *cx;
  const TgtTable *t;
  LLVMModuleRef m;
  LLVMBuilderRef b;
  LLVMValueRef fn;
  Space *sp;             /* the space analysis of fn */
  bool space_tests;      /* the module calls a space test (phase 0) */
  bool summary;          /* loads read a memory summary (phase 4b) */
  ValVec nv;             /* per candidate: its twin (or a cast, when uninit) */
  VEC(unsigned char) needed; /* per candidate: a rewritten op depends on it */
  VEC(uint32_t) work;
  ValVec trash;          /* maybe-dead instructions to sweep, each once */
  PtrMap trash_set;
  PtrMap const_slots;    /* alloca -> 1 + constant_copy_slot's answer, per function */
  PtrMap int_reads;      /* the early run: what fn reads as integers (ir_int_read_ptrs) */
  unsigned named[16];    /* accesses rewritten in this function, per table space */
  VEC(unsigned char) unshared; /* per candidate: its twin needs a cast one access
                                  would use (phase 2a) */
  unsigned kept_unshared; /* accesses kept generic for it, this function */
  VEC(unsigned char) backend; /* per candidate: llc names it (find_backend_named) */
  bool backend_on;             /* this run leaves what llc names */
  bool cast_shared;      /* the table has a cast_shared space */
};

/* What the plugin's early run (GaspOptions.early_run: LLVM's optimizer
   follows) leaves for the late run; docs/guide.md, "The plugin's two runs".
   A set a null constant reached: LLVM's alias analysis takes a named
   space's null for an address (NullPointerIsDefined), where the generic
   null is no object, so `select %c, null, %buf` named global may alias
   every private array and EarlyCSE and GVN keep loads clang's build
   reuses (held-out HeCBench kalman: 69 more ld.local). */
static bool null_waits(const Infer *s, uint32_t mask) {
  return s->cx->opt.early_run && (mask & SP_NULL);
}

/* What llc names itself (tgt_backend_names: NVPTX's slots and kernel
   by-value parameters) waits: named before the optimizer, SROA splits
   slots into integers, EarlyCSE misses reloads (early-slot.ll), a
   parameter load is constant memory it hoists (early-param.ll). */
static bool backend_waits(const Infer *s, int as) {
  return s->cx->opt.early_run && tgt_backend_names(s->t, as);
}

static bool slot_waits(const Infer *s, LLVMValueRef p) {
  return backend_waits(s, space_mask_lat(s->sp, space_mask(s->sp, p, NULL)));
}

static bool slot_copy_waits(const Infer *s, LLVMValueRef call, const IrMemIntrin *mi) {
  for (int k = 0; k < 2 && s->cx->opt.early_run; k++) {
    LLVMValueRef p = mi->ptr_args[k] >= 0 ? LLVMGetOperand(call, (unsigned)mi->ptr_args[k]) : NULL;
    if (p && (LLVMIsAAllocaInst(ir_strip_offsets(p)) || slot_waits(s, p)))
      return true;
  }
  return false;
}

/* What llc names itself waits for it (analysis/backendnamed.c: NVPTX, the
   plugin's runs), as in clang's build. */
static void find_backend_named(Infer *s) {
  vec_grow(&s->backend, space_count(s->sp) + 1);
  s->backend_on = space_backend_named(s->sp, s->cx, s->fn, s->backend.v);
}

static bool backend_names(const Infer *s, LLVMValueRef p) {
  return space_backend_names(s->sp, s->backend_on ? s->backend.v : NULL, p);
}

/* p's address is read as an integer: docs/design.md, "Address tests". */
static bool test_waits(const Infer *s, LLVMValueRef p) {
  return s->cx->opt.early_run && ir_address_read_as_int(&s->int_reads, p);
}

/* The space infer names a set in (LAT_* when none). */
static int lat_in(const Infer *s, uint32_t mask) {
  int as = space_mask_lat(s->sp, mask);
  return as >= 0 && (null_waits(s, mask) || backend_waits(s, as)) ? LAT_GENERIC : as;
}

/* The lattice value of candidate k: generic where phase 2a keeps it so. */
static int lat_of(const Infer *s, uint32_t k) {
  if ((k < s->unshared.n && s->unshared.v[k]) || (s->backend_on && s->backend.v[k]))
    return LAT_GENERIC;
  return lat_in(s, space_val(s->sp, k)->mask);
}

/* ---- phase 3: twins in the inferred space ------------------------------ */

static void add_trash(Infer *s, LLVMValueRef v) {
  if (LLVMIsAInstruction(v) && !map_get(&s->trash_set, v, NULL)) {
    map_put(&s->trash_set, v, 1);
    vec_push(&s->trash, v);
  }
}

/* `addrspacecast v to as`, placed right after v's definition — the one
   already there when an earlier run made it (running infer again must
   change nothing). */
static LLVMValueRef cast_after(Infer *s, LLVMValueRef v, int as) {
  LLVMValueRef at;
  LLVMTypeRef t = ir_retype(LLVMTypeOf(v), as);
  LLVMValueRef r = ir_cast_after(v, t, &at);
  if (!r) {
    LLVMPositionBuilderBefore(s->b, at);
    LLVMSetCurrentDebugLocation2(s->b, ir_loc_of(v, s->fn));
    r = LLVMBuildAddrSpaceCast(s->b, v, t, "");
  }
  add_trash(s, r);
  return r;
}

static LLVMValueRef build_twin(Infer *s, uint32_t k);

/* Kinds whose twin is a new instruction (the others reuse a value). */
static bool twin_is_new(SpKind k) {
  return k == SP_GEP || k == SP_SELECT || k == SP_PTRMASK || k == SP_PHI || k == SP_INSERT ||
         k == SP_EXTRACT || k == SP_FREEZE;
}

/* The value of v in space as (v's lattice value is `as` or uninit/null,
   or v is what llc names, a warp matrix access names: target_space). */
static LLVMValueRef value_in(Infer *s, LLVMValueRef v, int as) {
  uint32_t k = space_id(s->sp, v);
  if (k != MAP_NONE) {
    const SpVal *c = space_val(s->sp, k);
    if (lat_of(s, k) == as ||
        (c->kind == SP_CAST && ir_ptr_as(LLVMTypeOf(LLVMGetOperand(c->v, 0))) == as))
      return build_twin(s, k); /* a cast from `as` (llc names it): its operand */
    if (!s->nv.v[k]) /* uninit: a cast of the (undefined) value */
      s->nv.v[k] = cast_after(s, v, as);
    return s->nv.v[k];
  }
  if (LLVMIsAConstant(v))
    return tgt_const_in(s->t, v, as);
  if (ir_ptr_as(LLVMTypeOf(v)) == as)
    return v;
  return cast_after(s, v, as);
}

static void position_at(Infer *s, LLVMValueRef before, LLVMValueRef dbg_from) {
  LLVMPositionBuilderBefore(s->b, before);
  LLVMSetCurrentDebugLocation2(s->b, LLVMInstructionGetDebugLoc(dbg_from));
}

static LLVMValueRef build_twin(Infer *s, uint32_t k) {
  const SpVal *c = space_val(s->sp, k);
  /* a cast's twin is its operand, read each time: a generic-to-named cast
     folded meanwhile (fold_cast) is replaced in the operand, and a cached
     copy would point at the erased instruction */
  if (c->kind == SP_CAST)
    return LLVMGetOperand(c->v, 0);
  if (s->nv.v[k])
    return s->nv.v[k];
  LLVMValueRef v = c->v, nv = NULL;
  int as = lat_of(s, k);
  LLVMTypeRef nt = ir_retype(LLVMTypeOf(v), as);
  switch ((SpKind)c->kind) {
  case SP_CAST:
    nv = LLVMGetOperand(v, 0);
    break;
  case SP_BITCAST:
    nv = value_in(s, LLVMGetOperand(v, 0), as);
    break;
  case SP_FREEZE: {
    LLVMValueRef x = value_in(s, LLVMGetOperand(v, 0), as);
    position_at(s, v, v);
    nv = LLVMBuildFreeze(s->b, x, "");
    break;
  }
  case SP_I2P:
    nv = value_in(s, LLVMGetOperand(LLVMGetOperand(v, 0), 0), as);
    add_trash(s, LLVMGetOperand(v, 0));
    break;
  case SP_GEP: {
    LLVMValueRef base = value_in(s, LLVMGetOperand(v, 0), as);
    position_at(s, v, v);
    nv = ir_build_gep_on(s->b, v, base);
    break;
  }
  case SP_SELECT: {
    LLVMValueRef a = value_in(s, LLVMGetOperand(v, 1), as);
    LLVMValueRef bb = value_in(s, LLVMGetOperand(v, 2), as);
    position_at(s, v, v);
    nv = LLVMBuildSelect(s->b, LLVMGetOperand(v, 0), a, bb, "");
    break;
  }
  case SP_PTRMASK: {
    LLVMValueRef args[2] = {value_in(s, LLVMGetOperand(v, 0), as),
                            LLVMGetOperand(v, 1)};
    position_at(s, v, v);
    unsigned w = space_ptr_bits(s->sp, as);
    if (LLVMGetTypeKind(LLVMTypeOf(args[1])) == LLVMIntegerTypeKind &&
        w < LLVMGetIntTypeWidth(LLVMTypeOf(args[1]))) /* ptrmask_fits said so */
      args[1] = LLVMBuildTrunc(s->b, args[1], LLVMIntTypeInContext(LLVMGetModuleContext(s->m), w), "");
    LLVMTypeRef tys[2] = {nt, LLVMTypeOf(args[1])};
    LLVMValueRef decl = LLVMGetIntrinsicDeclaration(s->m, LLVMLookupIntrinsicID("llvm.ptrmask", 12), tys, 2);
    nv = LLVMBuildCall2(s->b, LLVMGlobalGetValueType(decl), decl, args, 2, "");
    break;
  }
  case SP_PHI:
    position_at(s, v, v);
    nv = LLVMBuildPhi(s->b, nt, "");
    break;
  case SP_INSERT: {
    LLVMValueRef vec = value_in(s, LLVMGetOperand(v, 0), as);
    LLVMValueRef el = value_in(s, LLVMGetOperand(v, 1), as);
    position_at(s, v, v);
    nv = LLVMBuildInsertElement(s->b, vec, el, LLVMGetOperand(v, 2), "");
    break;
  }
  case SP_EXTRACT: {
    LLVMValueRef vec = value_in(s, LLVMGetOperand(v, 0), as);
    position_at(s, v, v);
    nv = LLVMBuildExtractElement(s->b, vec, LLVMGetOperand(v, 1), "");
    break;
  }
  case SP_SLOTLOAD:
  case SP_CONSTLOAD:
  case SP_ALLOCA:
  case SP_ARG:
  case SP_CALLRET:
  case SP_MEMLOAD: case SP_ASM: case SP_LANES: /* a new cast of the value itself */
    nv = cast_after(s, v, as);
    break;
  }
  if (twin_is_new((SpKind)c->kind))
    add_trash(s, nv);
  s->nv.v[k] = nv;
  return nv;
}

static bool resolved(const Infer *s, uint32_t k) { return lat_of(s, k) >= 0; }

static bool push_needed(LLVMValueRef in, void *arg) {
  Infer *s = arg;
  uint32_t k = space_id(s->sp, in);
  if (k != MAP_NONE && resolved(s, k) && !s->needed.v[k]) {
    s->needed.v[k] = 1;
    vec_push(&s->work, k);
  }
  return true;
}

/* Whether access pointer p is into a slot LLVM's optimizer replaces by the
   constant it is copied from (ir_slot_copied_from_constant), on a target
   whose slots are generic pointers (NVPTX): naming it would keep it in
   memory; llc makes its accesses .local anyway where it stays. */
static bool constant_copy_slot(Infer *s, LLVMValueRef p) {
  if (!s->t->generic_alloca_is_private)
    return false;
  LLVMValueRef a = ir_strip_offsets(p);
  if (!LLVMIsAAllocaInst(a))
    return false;
  uint32_t known = map_find(&s->const_slots, a); /* once per slot: its uses, not per access */
  if (known != MAP_NONE)
    return known == 2;
  bool yes = ir_slot_copied_from_constant(a);
  map_put(&s->const_slots, a, 1u + yes);
  return yes;
}

/* Marks v and, transitively, the candidates its twin is built from.  A slot
   load's twin is a cast of the load itself: its stored values are not
   needed. */
static void mark_needed(Infer *s, LLVMValueRef v) {
  if (constant_copy_slot(s, v) || slot_waits(s, v))
    return; /* left as it is: no twin in the slot's space either */
  s->work.n = 0;
  push_needed(v, s);
  while (s->work.n) {
    uint32_t k = s->work.v[--s->work.n];
    if (space_val(s->sp, k)->kind != SP_SLOTLOAD)
      space_each_input(s->sp, k, push_needed, s);
  }
}

static bool unshared(const Infer *s, LLVMValueRef p);
static bool cast_root(SpKind k);

/* A null test of a pointer read from memory, returned by a call or made by
   inline assembly stays on the generic value where the table writes a named
   null test with the cast of the generic null (null_test_cast: NVPTX).  That
   value lives anyway, its twin being its own cast (cast_root), and its test
   against 0 is clang's build's one instruction, which llc leaves generic as
   well, where the named test compares with `mov 0; cvta.to.global` (kaldi's
   _add_to_rows: a row pointer read from a host-written table, PTX 36 -> 39
   with the named test, 37 without).  A parameter's test is rewritten: a
   kernel's is what llc's own InferAddressSpaces writes (null-test-cast.ll),
   a clone's parameter has no generic value. */
static bool null_test_stays(const Infer *s, LLVMValueRef i) {
  if (!s->t->null_test_cast)
    return false;
  LLVMValueRef a = LLVMGetOperand(i, 0), b = LLVMGetOperand(i, 1);
  LLVMValueRef p = LLVMIsAConstantPointerNull(b) ? a : LLVMIsAConstantPointerNull(a) ? b : NULL;
  uint32_t k = p ? space_id(s->sp, p) : MAP_NONE;
  if (k == MAP_NONE)
    return false;
  SpKind kind = (SpKind)space_val(s->sp, k)->kind;
  return cast_root(kind) && kind != SP_ARG;
}

/* An icmp operand llc names; a null is every space's (random seed 14: spills). */
static bool llc_operand(const Infer *s, LLVMValueRef v) {
  return !LLVMIsAConstantPointerNull(v) && !LLVMIsAUndefValue(v) && backend_names(s, v);
}

/* The space an icmp of two pointers is rewritten in, or -1.  In a space
   whose null is not the generic null's bit pattern (AMDGPU local, private:
   all ones; NVPTX's windows: cvta.to of 0) only equality: the cast keeps
   every pointer distinct and the null the null, but not their order (the
   generic null is below every pointer, theirs above) — and a pointer of the
   space may be its null whether or not a null constant is in sight. */
static int icmp_space(const Infer *s, LLVMValueRef i) {
  if (null_test_stays(s, i))
    return -1;
  uint32_t mask = space_mask(s->sp, LLVMGetOperand(i, 0), NULL) |
                  space_mask(s->sp, LLVMGetOperand(i, 1), NULL);
  int as = lat_in(s, mask);
  if (as < 0 || unshared(s, LLVMGetOperand(i, 0)) || unshared(s, LLVMGetOperand(i, 1)) ||
      llc_operand(s, LLVMGetOperand(i, 0)) || llc_operand(s, LLVMGetOperand(i, 1)))
    return -1;
  const TgtSpace *ts = tgt_space(s->t, as);
  LLVMIntPredicate pr = LLVMGetICmpPredicate(i);
  if (!(ts && ts->null_is_zero) && pr != LLVMIntEQ && pr != LLVMIntNE)
    return -1;
  return as;
}

static int byval_space(Infer *s, LLVMValueRef call, unsigned a);

/* ---- phase 2a: casts that must be shared ----------------------------------
 * In a space whose cast is an instruction of its own and whose generic
 * accesses cost no more than named ones (tgt_cast_shared: NVPTX global,
 * target.c "Casts that must be shared"), a candidate whose twin is a new
 * cast — a loaded pointer, a call's result, a device function's parameter —
 * is named only when the accesses it would name weigh 2 or more: each 1, or
 * 2 where loops run it more often than the cast (dom_use_weight), and an existing cast
 * to the space (reused, so no new one) 2.  The others, and every candidate
 * built from one, keep generic, as clang leaves them: a cvta for one
 * access is an instruction the device does not pay back. */

/* Kinds whose twin is a new cast of the value itself (build_twin). */
static bool cast_root(SpKind k) {
  return k == SP_SLOTLOAD || k == SP_CONSTLOAD || k == SP_ARG || k == SP_CALLRET ||
         k == SP_MEMLOAD || k == SP_ASM || k == SP_LANES;
}

typedef struct {
  Infer *s;
  int as;
} RootWalk;

/* The walk from a root goes through the candidates named in its space
   that are built from it (not another root: its twin is its own cast). */
static bool root_follow(LLVMValueRef user, void *arg) {
  RootWalk *q = arg;
  uint32_t j = space_id(q->s->sp, user);
  return j != MAP_NONE && !cast_root((SpKind)space_val(q->s->sp, j)->kind) &&
         lat_of(q->s, j) == q->as;
}

typedef struct {
  Infer *s;
  bool hit;
} UnsharedIn;

static bool unshared_input(LLVMValueRef in, void *arg) {
  UnsharedIn *q = arg;
  uint32_t j = space_id(q->s->sp, in);
  q->hit |= j != MAP_NONE && q->s->unshared.v[j];
  return !q->hit; /* stop at the first */
}

/* Marks the roots whose cast one access would use, then what is built
   from them (candidates in reverse post-order: one more pass per loop back
   edge that carries a mark, until none changes). */
static void find_unshared(Infer *s) {
  size_t nc = space_count(s->sp);
  vec_grow(&s->unshared, nc + 1);
  s->unshared.n = nc;
  memset(s->unshared.v, 0, nc * sizeof *s->unshared.v);
  /* a root's walk stops at what is marked, and a round may mark more (a
     kernel parameter's one loop access through a phi with a loaded generic
     pointer); after a few, what is left named stays named (a cost only) */
  unsigned rounds = 0;
  PtrMap copies = {0}; /* mem_backend_casts: a slot's host copy, read once */
  for (bool again = s->cast_shared; again && rounds++ < 4;) {
    again = false;
    Dom *dom = NULL;
    for (uint32_t k = 0; k < nc; k++) {
      const SpVal *c = space_val(s->sp, k);
      int as = lat_of(s, k);
      if (as < 0 || !cast_root((SpKind)c->kind) || !tgt_cast_shared(s->t, as, false) ||
          LLVMGetTypeKind(LLVMTypeOf(c->v)) != LLVMPointerTypeKind ||
          mem_backend_casts(s->t, c->v, &copies))
        continue; /* a kernel's parameter: the back end casts it itself */
      RootWalk q = {s, as};
      if (!benefit_cast_shared(c->v, as, &dom, root_follow, &q))
        s->unshared.v[k] = 1, again = true;
    }
    dom_free(dom);
    for (bool more = again; more;) {
      more = false;
      for (uint32_t k = 0; k < nc; k++) {
        const SpVal *c = space_val(s->sp, k);
        if (s->unshared.v[k] || cast_root((SpKind)c->kind))
          continue;
        UnsharedIn q = {s, false};
        space_each_input(s->sp, k, unshared_input, &q);
        if (q.hit)
          s->unshared.v[k] = 1, more = true;
      }
    }
  }
  map_free(&copies);
}

/* Is p (an operation's pointer) built from a root phase 2a keeps generic? */
static bool unshared(const Infer *s, LLVMValueRef p) {
  uint32_t k = space_id(s->sp, p);
  return k != MAP_NONE && k < s->unshared.n && s->unshared.v[k];
}

/* Marks what the operations that will be rewritten need. */
static void mark_ops(Infer *s) {
  const ValVec *ops = space_ops(s->sp);
  for (size_t k = 0; k < ops->n; k++) {
    LLVMValueRef i = ops->v[k];
    switch (LLVMGetInstructionOpcode(i)) {
    case LLVMICmp:
      if (icmp_space(s, i) >= 0 && !ir_build_null_test(NULL, i, s->t->generic)) {
        mark_needed(s, LLVMGetOperand(i, 0));
        mark_needed(s, LLVMGetOperand(i, 1));
      }
      break;
    case LLVMCall: {
      const IrMemIntrin *mi = ir_mem_intrin(i);
      if (!mi) /* by-value arguments (byval_named) */
        for (unsigned a = 0, n = LLVMGetNumArgOperands(i); a < n; a++)
          if (byval_space(s, i, a) >= 0)
            mark_needed(s, LLVMGetOperand(i, a));
      for (int a = 0; mi && a < 2 && !slot_copy_waits(s, i, mi); a++)
        if (mi->ptr_args[a] >= 0)
          mark_needed(s, LLVMGetOperand(i, (unsigned)mi->ptr_args[a]));
      break;
    }
    default: /* load, store, atomics, generic-to-named cast */
      if (!test_waits(s, LLVMGetOperand(i, ir_ptr_operand(i))))
        mark_needed(s, LLVMGetOperand(i, ir_ptr_operand(i)));
      break;
    }
  }
}

static size_t build_twins(Infer *s) {
  size_t n = 0, nc = space_count(s->sp);
  for (uint32_t k = 0; k < nc; k++)
    if (s->needed.v[k] && space_val(s->sp, k)->kind == SP_PHI)
      build_twin(s, k);
  for (uint32_t k = 0; k < nc; k++)
    if (s->needed.v[k]) {
      build_twin(s, k);
      n += !space_val(s->sp, k)->fixed;
      if (cx_debug(s->cx)) {
        char *txt = LLVMPrintValueToString(space_val(s->sp, k)->v);
        fprintf(cx_out(s->cx), "infer: @%s: %s -> %s\n",
                LLVMGetValueName2(s->fn, &(size_t){0}), txt, lat_name(s->t, lat_of(s, k)));
        LLVMDisposeMessage(txt);
      }
    }
  for (uint32_t k = 0; k < nc; k++) {
    const SpVal *c = space_val(s->sp, k);
    if (!s->needed.v[k] || c->kind != SP_PHI)
      continue;
    unsigned ni = LLVMCountIncoming(c->v);
    for (unsigned i = 0; i < ni; i++) {
      LLVMBasicBlockRef bb = LLVMGetIncomingBlock(c->v, i);
      LLVMValueRef in = space_reachable(s->sp, bb)
                            ? value_in(s, LLVMGetIncomingValue(c->v, i), lat_of(s, k))
                            : LLVMGetPoison(LLVMTypeOf(s->nv.v[k]));
      LLVMAddIncoming(s->nv.v[k], &in, &bb, 1);
    }
  }
  return n;
}

/* ---- phase 4: rewrite the operations ----------------------------------- */

/* Named space of access i's pointer operand p, or -1 (generic, unknown,
   or the target's volatile and atomic policy). */
static int target_space(Infer *s, LLVMValueRef p, bool is_volatile, TgtAccess kind) {
  uint32_t mask = space_mask(s->sp, p, NULL);
  int as = space_mask_lat(s->sp, mask);
  bool test = as >= 0 && test_waits(s, p), slot = backend_waits(s, as);
  if (as >= 0 && (null_waits(s, mask) || test || slot)) {
    const GaspStatDesc *why = as == s->t->priv ? &st_private_late : &st_param_late;
    cx_stat(s->cx, test ? &st_test_late : slot ? why : &st_null_late, 1);
    return -1; /* named in the late run */
  }
  if (as < 0 || as == s->t->generic || constant_copy_slot(s, p))
    return -1;
  if (backend_names(s, p) && (kind != TGT_ACC_MATRIX || tgt_cast_shared(s->t, as, false))) {
    cx_stat(s->cx, &st_backend, 1);
    return -1; /* named by the late run, or llc, as in clang's build; llc's
                  InferAddressSpaces leaves a warp matrix access generic,
                  which costs nothing in global memory (cast_shared: the
                  cast would: HeCBench wmma, +14 SASS instructions) but is
                  a window to sort into in shared memory, named here */
  }
  if (unshared(s, p)) {
    s->kept_unshared++;
    cx_stat(s->cx, &st_unshared, 1);
    return -1;
  }
  if (!tgt_access_ok(s->t, as, is_volatile, kind, s->cx->opt.keep_volatile)) {
    cx_stat(s->cx, tgt_access_ok(s->t, as, false, kind, false) ? &st_volatile
                   : kind == TGT_ACC_MATRIX ? &st_matrix : &st_cas, 1);
    return -1;
  }
  return as;
}

static bool rewrite_access(Infer *s, LLVMValueRef i) {
  unsigned pi = ir_ptr_operand(i);
  LLVMValueRef p = LLVMGetOperand(i, pi);
  bool vol = LLVMGetVolatile(i), cas = LLVMIsAAtomicCmpXchgInst(i) != NULL;
  int as = target_space(s, p, vol, cas ? TGT_ACC_CAS : TGT_ACC_PLAIN);
  if (as < 0)
    return false;
  LLVMSetOperand(i, pi, value_in(s, p, as));
  /* what InferAlignment knew of the generic access it can no longer
     derive through the cast (a printf buffer's two i32 stores: one
     st.local.v2 only when the first says align 8) */
  ir_raise_align(i, p);
  cx_stat(s->cx, &st_access, 1);
  for (unsigned k = 0; k < s->t->nspaces && k < 16; k++)
    if (s->t->spaces[k].as == as)
      s->named[k]++;
  return true;
}

/* A Passed remark per function: how many accesses got which space. */
static void report_rewritten(Infer *s) {
  benefit_report_unshared(s->cx, s->fn, s->kept_unshared);
  unsigned total = 0;
  for (unsigned k = 0; k < 16; k++)
    total += s->named[k];
  if (!total || !cx_wants(s->cx, GASP_REMARK_PASSED))
    return;
  char spaces[160] = "";
  size_t o = 0;
  for (unsigned k = 0; k < s->t->nspaces && k < 16; k++)
    if (s->named[k])
      o += (size_t)snprintf(spaces + o, sizeof spaces - o, "%s%s %u", o ? ", " : "",
                            s->t->spaces[k].name, s->named[k]);
  GaspRemark *r = cx_remark(s->cx, GASP_REMARK_PASSED, "Rewritten", s->fn, NULL);
  rm_arg(r, "Accesses", "%u", total);
  rm_arg(r, "String", " generic access%s given a named space (", total == 1 ? "" : "es");
  rm_arg(r, "Spaces", "%s", spaces);
  rm_arg(r, "String", ")");
  rm_done(r);
}

static bool rewrite_intrinsic(Infer *s, LLVMValueRef call) {
  const IrMemIntrin *mi = ir_mem_intrin(call);
  if (slot_copy_waits(s, call, mi))
    return false;
  unsigned n = LLVMGetNumArgOperands(call);
  bool vol = ir_mem_intrin_volatile(mi, call);
  LLVMValueRef *args = xmalloc(n * sizeof *args);
  for (unsigned k = 0; k < n; k++)
    args[k] = LLVMGetOperand(call, k);
  bool any = false;
  for (int k = 0; k < 2; k++) {
    int ai = mi->ptr_args[k];
    if (ai < 0 || ir_ptr_as(LLVMTypeOf(args[ai])) != s->t->generic)
      continue;
    int as = target_space(s, args[ai], vol, mi->is_matrix ? TGT_ACC_MATRIX : TGT_ACC_PLAIN);
    if (as >= 0) {
      args[ai] = value_in(s, args[ai], as);
      any = true;
    }
  }
  if (any) {
    ir_mem_intrin_rebuild(s->b, mi, call, args);
    cx_stat(s->cx, &st_intrin, 1);
  }
  free(args);
  return any;
}

/* An icmp operand in space as.  A null is the generic null's cast where the
   table says so (null_test_cast: as llc's InferAddressSpaces writes it,
   and llc then makes the test where it is used) and test i is used in
   another block, or LLVM's optimizer follows (the early run: LICM may
   hoist it); used in its own block only, there is nothing to move, and the
   space's null (tgt_const_in: global's is 0) is the one `setp` of clang's
   build, where the cast is `mov 0; cvta.to.global` more (random
   --outparams seed 1's retyped helper or_null: 13 -> 11 PTX, clang's 11). */
static LLVMValueRef icmp_operand(Infer *s, LLVMValueRef i, LLVMValueRef v, int as) {
  if (s->t->null_test_cast && LLVMIsAConstantPointerNull(v) &&
      (s->cx->opt.early_run || ir_used_outside_block(i)))
    return LLVMConstAddrSpaceCast(v, ir_retype(LLVMTypeOf(v), as));
  return value_in(s, v, as);
}

static bool rewrite_icmp(Infer *s, LLVMValueRef i) {
  LLVMValueRef a = LLVMGetOperand(i, 0), b = LLVMGetOperand(i, 1);
  int as = icmp_space(s, i);
  if (as < 0)
    return false;
  position_at(s, i, i);
  /* a null test the pointer's shape decides is built from that shape (ir.c:
     LLVM folds it in generic, not in a named space, where 0 may be an object) */
  LLVMValueRef ni = ir_build_null_test(s->b, i, s->t->generic);
  if (!ni)
    ni = LLVMBuildICmp(s->b, LLVMGetICmpPredicate(i), icmp_operand(s, i, a, as),
                       icmp_operand(s, i, b, as), "");
  ir_take_name(i, ni);
  LLVMReplaceAllUsesWith(i, ni);
  LLVMInstructionEraseFromParent(i);
  cx_stat(s->cx, &st_icmp, 1);
  return true;
}

static bool fold_cast(Infer *s, LLVMValueRef i) {
  LLVMValueRef p = LLVMGetOperand(i, 0);
  int as = lat_in(s, space_mask(s->sp, p, NULL));
  if (as != ir_ptr_as(LLVMTypeOf(i)) || unshared(s, p) || backend_names(s, p))
    return false;
  LLVMValueRef twin = value_in(s, p, as);
  if (twin == i) /* the cast is p's twin already */
    return false;
  LLVMReplaceAllUsesWith(i, twin);
  LLVMInstructionEraseFromParent(i);
  cx_stat(s->cx, &st_cast, 1);
  return true;
}

/* The space a by-value argument a of call is passed from (byval_named), or
   -1: not byval, generic, private or refused by the target's policy. */
static int byval_space(Infer *s, LLVMValueRef call, unsigned a) {
  if (!ir_arg_byval(call, a))
    return -1;
  int as = target_space(s, LLVMGetOperand(call, a), false, TGT_ACC_PLAIN);
  return as == s->t->priv ? -1 : as;
}

/* A call passing by value a pointer with a named space other than
   private: the operand becomes the twin cast back to generic right before
   the call, where the back end sees which space its copy reads (llc-22
   NVPTX copies a cast shared pointer's aggregate with ld.shared; a cast in
   another block is a generic register to it).  Private slots are the back
   end's own frame (and `frames`' on NVPTX).  An operand that is such a
   cast already is left (running infer again changes nothing). */
static bool byval_named(Infer *s, LLVMValueRef call) {
  bool changed = false;
  for (unsigned a = 0, n = LLVMGetNumArgOperands(call); a < n; a++) {
    LLVMValueRef p = LLVMGetOperand(call, a);
    int as = byval_space(s, call, a);
    if (as < 0 || (LLVMIsAAddrSpaceCastInst(p) &&
                   ir_ptr_as(LLVMTypeOf(LLVMGetOperand(p, 0))) == as &&
                   LLVMGetInstructionParent(p) == LLVMGetInstructionParent(call)))
      continue;
    LLVMValueRef twin = value_in(s, p, as);
    position_at(s, call, call);
    LLVMSetOperand(call, a, LLVMBuildAddrSpaceCast(s->b, twin, LLVMTypeOf(p), ""));
    cx_stat(s->cx, &st_byval, 1);
    changed = true;
  }
  return changed;
}

static bool rewrite_ops(Infer *s) {
  bool changed = false;
  const ValVec *ops = space_ops(s->sp);
  for (size_t k = 0; k < ops->n; k++) {
    LLVMValueRef i = ops->v[k];
    switch (LLVMGetInstructionOpcode(i)) {
    case LLVMCall:
      changed |= ir_mem_intrin(i) ? rewrite_intrinsic(s, i) : byval_named(s, i);
      break;
    case LLVMICmp:
      changed |= rewrite_icmp(s, i);
      break;
    case LLVMAddrSpaceCast:
      changed |= fold_cast(s, i);
      break;
    default:
      changed |= rewrite_access(s, i);
      break;
    }
  }
  return changed;
}

/* ---- phase 4b: publish what memory told ---------------------------------
 * A pointer loaded from memory whose summary names its space (SP_MEMLOAD)
 * is known only to an analysis that reads the summary.  Where it leaves
 * the function — an argument of a direct call to a defined function, a
 * returned value — it becomes `addrspacecast (addrspacecast p to S) to
 * generic`: ipmsp votes with it, and LLVM's own passes after gasp (the
 * inliner, then infer-address-spaces in the back end) still see S. */
static bool publish_memloads(Infer *s) {
  bool changed = false;
  ValVec out = {0};
  size_t nc = space_count(s->sp);
  for (uint32_t k = 0; k < nc; k++) {
    const SpVal *c = space_val(s->sp, k);
    if (c->kind != SP_MEMLOAD || !resolved(s, k))
      continue;
    /* the users first: rewriting an operand moves its use to another list */
    out.n = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(c->v); u; u = LLVMGetNextUse(u))
      if (ir_hands_out(LLVMGetUser(u)))
        vec_push(&out, LLVMGetUser(u));
    if (!out.n)
      continue;
    LLVMValueRef twin = value_in(s, c->v, lat_of(s, k));
    LLVMPositionBuilderBefore(s->b, ir_insert_point_after(twin));
    LLVMSetCurrentDebugLocation2(s->b, ir_loc_of(c->v, s->fn));
    LLVMValueRef back = LLVMBuildAddrSpaceCast(s->b, twin, LLVMTypeOf(c->v), "");
    add_trash(s, back);
    for (size_t j = 0; j < out.n; j++) /* a user listed twice finds nothing left */
      for (unsigned o = 0, n = (unsigned)LLVMGetNumOperands(out.v[j]); o < n; o++)
        if (LLVMGetOperand(out.v[j], o) == c->v)
          LLVMSetOperand(out.v[j], o, back);
    changed = true;
  }
  vec_free(&out);
  return changed;
}

/* ---- phase 5: cast back the other uses, erase the old values ----------- */

/* What the debug records of an erased generic value may follow: its named
   twin where that has the generic pointer's bits (dbg_salvage). */
static LLVMValueRef same_bits(Infer *s, LLVMValueRef twin) {
  return tgt_same_bits_as_generic(s->t, twin) ? twin : NULL;
}

static bool replaced_kind(SpKind k) {
  return k == SP_GEP || k == SP_BITCAST || k == SP_PHI || k == SP_SELECT || k == SP_PTRMASK ||
         k == SP_I2P || k == SP_INSERT || k == SP_EXTRACT || k == SP_FREEZE;
}

static void sweep(Infer *s) {
  size_t nc = space_count(s->sp);
  /* Old values whose twin now stands for them. */
  for (uint32_t k = 0; k < nc; k++) {
    const SpVal *c = space_val(s->sp, k);
    LLVMValueRef nv = s->nv.v[k];
    if (!nv || !replaced_kind((SpKind)c->kind) || !resolved(s, k))
      continue;
    /* the twin takes over the name */
    if (twin_is_new((SpKind)c->kind))
      ir_take_name(c->v, nv);
    if (LLVMGetFirstUse(c->v)) {
      LLVMValueRef back;
      if (LLVMIsAConstant(nv)) {
        back = LLVMConstAddrSpaceCast(nv, LLVMTypeOf(c->v));
      } else {
        LLVMPositionBuilderBefore(s->b, ir_insert_point_after(nv));
        LLVMSetCurrentDebugLocation2(s->b, ir_loc_of(c->v, s->fn));
        back = LLVMBuildAddrSpaceCast(s->b, nv, LLVMTypeOf(c->v), "");
        add_trash(s, back);
      }
      LLVMReplaceAllUsesWith(c->v, back);
    }
  }
  for (uint32_t k = 0; k < nc; k++) {
    const SpVal *c = space_val(s->sp, k);
    if (s->nv.v[k] && replaced_kind((SpKind)c->kind) && resolved(s, k))
      ir_erase_salvaging(c->v, same_bits(s, s->nv.v[k]));
    else if (c->kind == SP_CAST)
      add_trash(s, c->v);
  }
  /* Dead casts and twins: erase until nothing more dies. */
  bool again = true;
  while (again) {
    again = false;
    for (size_t k = 0; k < s->trash.n; k++) {
      LLVMValueRef v = s->trash.v[k];
      if (v && LLVMIsAInstruction(v) && !LLVMGetFirstUse(v) &&
          LLVMGetInstructionParent(v)) {
        ir_erase_salvaging(v, LLVMIsAAddrSpaceCastInst(v)
                                  ? same_bits(s, LLVMGetOperand(v, 0)) : NULL);
        s->trash.v[k] = NULL;
        again = true;
      }
    }
  }
}

Infer *infer_new(GaspCtx *cx, LLVMModuleRef m, Facts *facts) {
  Infer *s = xcalloc(1, sizeof *s);
  s->cx = cx;
  s->t = cx->tgt;
  s->m = m;
  s->b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
  s->sp = facts_space(facts);
  s->space_tests = spacefacts_present(s->t, m);
  pool_bind(&s->nv, &s->pool);
  pool_bind(&s->needed, &s->pool);
  pool_bind(&s->work, &s->pool);
  pool_bind(&s->trash, &s->pool);
  pool_bind(&s->trash_set, &s->pool);
  pool_bind(&s->const_slots, &s->pool);
  pool_bind(&s->int_reads, &s->pool);
  pool_bind(&s->backend, &s->pool);
  pool_bind(&s->unshared, &s->pool);
  for (unsigned k = 0; k < s->t->nspaces; k++)
    s->cast_shared |= tgt_cast_shared(s->t, s->t->spaces[k].as,
                                      cx->opt.lower_generic == GASP_LOWER_TAGS);
  return s;
}

void infer_use_summary(Infer *s, const MemSummary *ms) {
  space_use_summary(s->sp, ms);
  s->summary = ms != NULL;
}

void infer_free(Infer *s) {
  if (!s)
    return;
  space_free(s->sp);
  pool_release(&s->pool);
  LLVMDisposeBuilder(s->b);
  free(s);
}

bool infer_function(Infer *s, LLVMValueRef fn) {
  if (ir_optnone(fn))
    return false; /* the user asked for this function as written */
  bool aligned = realign_function(s->cx, fn);
  s->fn = fn;
  s->trash.n = s->work.n = 0;
  map_clear(&s->trash_set);
  map_clear(&s->const_slots);
  bool facts = false;
  if (s->space_tests) {
    ValVec made = {0};
    facts = spacefacts_apply(s->cx, s->b, fn, &made);
    for (size_t k = 0; k < made.n; k++)
      add_trash(s, made.v[k]);
    vec_free(&made);
  }
  facts |= aligned;
  if (space_names_nothing(s->sp, fn)) /* false with a summary */
    return facts; /* nothing to name: every access stays generic */
  space_analyse(s->sp, fn, NULL);
  if (!space_ops(s->sp)->n && !s->summary)
    return facts;
  if (s->cx->opt.early_run) ir_int_read_ptrs(fn, &s->int_reads); /* for test_waits */
  size_t nc = space_count(s->sp);
  vec_grow(&s->nv, nc + 1); /* never NULL for memset */
  vec_grow(&s->needed, nc + 1);
  s->nv.n = s->needed.n = nc;
  memset(s->nv.v, 0, nc * sizeof *s->nv.v);
  memset(s->needed.v, 0, nc * sizeof *s->needed.v);
  cx_stat(s->cx, &st_slot, space_slots(s->sp));
  s->kept_unshared = 0;
  find_backend_named(s);
  find_unshared(s);
  mark_ops(s);
  cx_stat(s->cx, &st_resolved, build_twins(s));
  memset(s->named, 0, sizeof s->named);
  bool changed = rewrite_ops(s);
  changed |= publish_memloads(s);
  report_rewritten(s);
  sweep(s);
  return changed || facts;
}
