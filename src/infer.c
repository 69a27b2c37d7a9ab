/* infer.c — intra-procedural address-space inference.
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
 * Lattice (per generic pointer value, see lat_join in target.c):
 *     uninit (bottom)  <  one named space  <  generic (top)
 * join(uninit, x) = x; join(S, S) = S; join(S, T) = generic.
 * undef/poison are uninit; a null constant joins as uninit but forces
 * generic when the result's space has a non-zero null (AMDGPU local and
 * private).  A value still uninit at the end (a cycle fed only by undef)
 * stays generic: soundness first.
 *
 * Sources: addrspacecast from a named space (instruction or constant
 * expression); allocas in the generic space when the target says they are
 * private (NVPTX); generic pointer arguments of kernels when the target
 * says they point to global memory (CUDA-style ptx_kernel, HIP
 * amdgpu_kernel) and NVPTX device functions' byval copies (private);
 * pointers loaded from constant memory where the host fills it with global
 * addresses (AMDGPU: kernel arguments, constant buffers); loads from a
 * private slot (below).  A phi ignores its unreachable predecessors.
 * Functions marked optnone are left as they are.  Transfer: GEP (scalar
 * and vector), bitcast, llvm.ptrmask and a no-op ptrtoint/inttoptr pair
 * keep the space of their pointer operand; phi and select join; so do the
 * lanes of a vector of pointers (insertelement joins the vector and the
 * element, extractelement takes the vector's: a private array of pointers
 * that AMDGPU's promote-alloca-to-vector made a <N x ptr> value).
 *
 * Private slots (through memory; the model is memory.c's, shared with
 * why.c).  An alloca whose address never escapes — every use, through GEPs
 * and casts, is a load from it, a store *to* it of a generic pointer, a
 * lifetime marker or an icmp — holds only the pointers stored into it.  A
 * generic pointer loaded from it has the join of the spaces of every stored
 * pointer.  This covers a dynamically indexed array of pointers, which SROA
 * leaves in memory.
 *
 * Algorithm, per function:
 *   0. Space facts: an assumed space test, or one a branch depends on,
 *      rewrites the uses it dominates to a cast pair (see below).
 *   1. Blocks reachable from the entry, in reverse post-order (values in
 *      unreachable blocks stay generic: they may even use themselves).
 *   2. Private slots are analysed; candidate values (the kinds above) are
 *      numbered densely; memory operations, pointer icmps and generic-to-
 *      named casts are collected.
 *   3. Fixed point: a worklist that never holds a value twice evaluates
 *      each candidate from its operands and requeues its users (and the
 *      loads of a slot when a pointer stored into it changes).
 *   4. Every candidate with a named space S gets a twin in S: new phis
 *      first (empty), then the other twins in reverse post-order, then the
 *      phis' incoming values.
 *   5. Uses are rewritten: pointer operands of load/store/atomicrmw/
 *      cmpxchg, each pointer argument of memcpy/memmove/memset (and
 *      .inline), masked load/store/gather/scatter and prefetch (rebuilt
 *      with the declaration for the new pointer types), icmp of two pointers
 *      in one space (or one and null), and a generic-to-S cast of an S
 *      value folds away.  Volatile accesses only where the target's
 *      volatile policy allows.  The stored value of a store is never touched.
 *   6. Every other use of a rewritten value gets `addrspacecast S -> generic`
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
 * cast back to generic).  Breaks: debug records that referred to an erased
 * generic value become poison (the C API cannot move them).
 * Debug name: infer.  Statistics: infer.* (see the GaspStatDesc below).
 * Tests: test/infer/.
 */
#include "gasp_int.h"

#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>
#include <string.h>

static const GaspStatDesc st_resolved = {
    "infer.values-resolved", "generic pointer values given a named space"};
static const GaspStatDesc st_access = {
    "infer.accesses-rewritten", "load/store/atomic pointer operands rewritten"};
static const GaspStatDesc st_intrin = {
    "infer.intrinsics-rewritten", "memory intrinsic calls rebuilt"};
static const GaspStatDesc st_icmp = {"infer.icmps-rewritten",
                                     "pointer comparisons rewritten"};
static const GaspStatDesc st_cast = {"infer.casts-folded",
                                     "generic-to-named casts folded"};
static const GaspStatDesc st_slot = {
    "infer.slots", "private pointer slots seen through"};
static const GaspStatDesc st_facts = {
    "infer.space-facts", "assumed or branched-on space tests applied to dominated uses"};
static const GaspStatDesc st_volatile = {
    "infer.volatile-kept", "volatile accesses kept generic by target policy"};

typedef enum CandKind {
  K_CAST,     /* addrspacecast named -> generic */
  K_GEP,
  K_BITCAST,
  K_PHI,
  K_SELECT,
  K_PTRMASK,
  K_I2P,      /* inttoptr(ptrtoint p) */
  K_SLOTLOAD, /* load from a private slot */
  K_CONSTLOAD, /* a pointer loaded from constant memory (AMDGPU: global) */
  K_ALLOCA,   /* generic alloca that is private */
  K_ARG,      /* kernel argument that is global, or a parameter given a
                 value by the caller of infer_analyse (ipmsp) */
  K_CALLRET,  /* result of a direct call given a value by ipmsp */
  K_INSERT,   /* insertelement into a vector of generic pointers */
  K_EXTRACT   /* extractelement of a generic pointer */
} CandKind;

typedef struct Cand {
  LLVMValueRef v;
  LLVMValueRef nv; /* twin in the inferred space (or a cast, when uninit) */
  int lat;
  int slot;
  unsigned char kind;
  bool queued;
  bool visited; /* evaluated once already (re-visits count to the cap) */
  bool fixed;  /* a source: lattice value known from the start */
  bool needed; /* a rewritable operation depends on its twin */
} Cand;

typedef VEC(uint32_t) U32Vec;

struct Infer {
  GaspCtx *cx;
  const InferEnv *env;   /* ipmsp's view of parameters and call results */
  PtrMap visits;         /* block -> re-visits, when env->visit_cap */
  bool capped;           /* a block exceeded env->visit_cap */
  const TgtTable *t;
  LLVMModuleRef m;
  LLVMBuilderRef b;
  LLVMValueRef fn;
  unsigned ptr_bits;     /* bits of a generic pointer */
  unsigned byval_kind, byref_kind, ptrmask_id;
  bool const_loads_global; /* the target's rule holds for this module */
  bool space_tests;        /* the module calls a space test (phase 0) */
  VEC(Cand) c;
  PtrMap id;             /* candidate value -> index */
  PtrMap reach;          /* reachable block -> 1 */
  MemModel *mem;         /* which loads read which private slot */
  VEC(U32Vec) slot_loads; /* per slot: the candidates that load from it */
  BlockVec rpo;
  VEC(LLVMValueRef) ops; /* memory ops, icmps, generic->named casts */
  VEC(uint32_t) work;
  ValVec trash;          /* maybe-dead instructions to sweep, each once */
  PtrMap trash_set;
  unsigned named[16];    /* accesses rewritten in this function, per table space */
};

static bool is_generic_ptr(const Infer *s, LLVMTypeRef t) {
  return ir_ptr_as(t) == s->t->generic;
}

static bool is_generic_scalar_ptr(const Infer *s, LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMPointerTypeKind &&
         (int)LLVMGetPointerAddressSpace(t) == s->t->generic;
}

/* ---- phase 1: reachable blocks in reverse post-order ------------------- */

static void compute_rpo(Infer *s) { ir_rpo(s->fn, &s->reach, &s->rpo); }

/* ---- phase 2: private slots, candidates, operations -------------------- */

/* The private slots (memory.c), each with an empty list of loading
   candidates. */
static void collect_slots(Infer *s) {
  mem_function(s->mem, s->fn, &s->rpo);
  size_t n = mem_slot_count(s->mem);
  while (s->slot_loads.n < n) {
    U32Vec none = {0};
    vec_push(&s->slot_loads, none);
  }
  for (size_t k = 0; k < n; k++)
    s->slot_loads.v[k].n = 0;
}

static void add_cand(Infer *s, LLVMValueRef v, CandKind k, int lat,
                     bool fixed) {
  Cand c = {.v = v, .lat = lat, .slot = -1, .kind = (unsigned char)k,
            .fixed = fixed};
  map_put(&s->id, v, (uint32_t)s->c.n);
  vec_push(&s->c, c);
}

static bool has_attr(LLVMValueRef fn, unsigned idx, unsigned kind) {
  return LLVMGetEnumAttributeAtIndex(fn, idx, kind) != NULL;
}

/* inttoptr(ptrtoint p) to generic that is p itself: p generic, or p in a
   space whose cast to generic keeps the bits (the table's noop_generic:
   AMDGPU global and constant), through an integer as wide as a pointer. */
static bool is_noop_i2p(const Infer *s, LLVMValueRef i2p) {
  LLVMValueRef p2i = LLVMGetOperand(i2p, 0);
  if (!LLVMIsAPtrToIntInst(p2i))
    return false;
  LLVMTypeRef it = LLVMTypeOf(p2i), pt = LLVMTypeOf(LLVMGetOperand(p2i, 0));
  if (LLVMGetTypeKind(it) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(it) != s->ptr_bits)
    return false;
  if (pt == LLVMTypeOf(i2p))
    return true;
  const TgtSpace *sp = tgt_space(s->t, ir_ptr_as(pt));
  return sp && sp->noop_generic && ir_retype(pt, s->t->generic) == LLVMTypeOf(i2p);
}

/* Classifies instruction i as a candidate and/or an operation to rewrite. */
static void collect_inst(Infer *s, LLVMValueRef i) {
  LLVMTypeRef ty = LLVMTypeOf(i);
  LLVMOpcode op = LLVMGetInstructionOpcode(i);
  if (is_generic_ptr(s, ty)) {
    switch (op) {
    case LLVMAddrSpaceCast: {
      int src = ir_ptr_as(LLVMTypeOf(LLVMGetOperand(i, 0)));
      add_cand(s, i, K_CAST, tgt_is_space(s->t, src) ? src : LAT_GENERIC, true);
      break;
    }
    case LLVMGetElementPtr:
      add_cand(s, i, K_GEP, LAT_UNINIT, false);
      break;
    case LLVMBitCast:
      add_cand(s, i, K_BITCAST, LAT_UNINIT, false);
      break;
    case LLVMPHI:
      /* a catchswitch block has no place for the twin's casts */
      if (ir_block_insertable(LLVMGetInstructionParent(i)))
        add_cand(s, i, K_PHI, LAT_UNINIT, false);
      break;
    case LLVMSelect:
      add_cand(s, i, K_SELECT, LAT_UNINIT, false);
      break;
    case LLVMCall: {
      LLVMValueRef f = ir_callee(i);
      if (f && LLVMGetIntrinsicID(f) == s->ptrmask_id)
        add_cand(s, i, K_PTRMASK, LAT_UNINIT, false);
      else if (f && s->env && s->env->ret_lat && is_generic_scalar_ptr(s, ty)) {
        int l = s->env->ret_lat(s->env->arg, f);
        if (l != LAT_GENERIC)
          add_cand(s, i, K_CALLRET, l, true);
      }
      break;
    }
    case LLVMIntToPtr:
      if (is_noop_i2p(s, i))
        add_cand(s, i, K_I2P, LAT_UNINIT, false);
      break;
    case LLVMInsertElement:
      /* a private array of pointers promoted to a vector (AMDGPU's
         promote-alloca-to-vector): the vector's lanes join */
      add_cand(s, i, K_INSERT, LAT_UNINIT, false);
      break;
    case LLVMExtractElement:
      add_cand(s, i, K_EXTRACT, LAT_UNINIT, false);
      break;
    case LLVMLoad: {
      /* what the host put in constant memory (kernel arguments, constant
         buffers) points to global memory, on targets that say so */
      int from = ir_ptr_as(LLVMTypeOf(LLVMGetOperand(i, 0)));
      if (s->const_loads_global && tgt_read_only(s->t, from) &&
          tgt_in_global(s->t, from, false) && is_generic_scalar_ptr(s, ty)) {
        add_cand(s, i, K_CONSTLOAD, s->t->global, true);
        break;
      }
      uint32_t si = mem_load_slot(s->mem, i);
      if (si != MAP_NONE) {
        add_cand(s, i, K_SLOTLOAD, LAT_UNINIT, false);
        s->c.v[s->c.n - 1].slot = (int)si;
        vec_push(&s->slot_loads.v[si], (uint32_t)(s->c.n - 1));
      }
      break;
    }
    case LLVMAlloca:
      if (s->t->generic_alloca_is_private)
        add_cand(s, i, K_ALLOCA, s->t->priv, true);
      break;
    default:
      break;
    }
  }
  switch (op) {
  case LLVMLoad:
  case LLVMStore:
  case LLVMAtomicRMW:
  case LLVMAtomicCmpXchg:
    if (ir_is_mem_op_in(i, s->t->generic))
      vec_push(&s->ops, i);
    break;
  case LLVMCall: {
    const IrMemIntrin *mi = ir_mem_intrin(i);
    if (!mi)
      break;
    for (int k = 0; k < 2; k++)
      if (mi->ptr_args[k] >= 0 &&
          is_generic_ptr(s, LLVMTypeOf(LLVMGetOperand(i, (unsigned)mi->ptr_args[k])))) {
        vec_push(&s->ops, i);
        break;
      }
    break;
  }
  case LLVMICmp:
    if (is_generic_ptr(s, LLVMTypeOf(LLVMGetOperand(i, 0))))
      vec_push(&s->ops, i);
    break;
  case LLVMAddrSpaceCast:
    if (is_generic_ptr(s, LLVMTypeOf(LLVMGetOperand(i, 0))) &&
        tgt_is_space(s->t, ir_ptr_as(ty)))
      vec_push(&s->ops, i);
    break;
  default:
    break;
  }
}

static void collect(Infer *s) {
  unsigned n = LLVMCountParams(s->fn);
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef p = LLVMGetParam(s->fn, k);
    if (!is_generic_scalar_ptr(s, LLVMTypeOf(p)))
      continue;
    int l = tgt_param_space(s->t, s->fn, k);
    if (l != LAT_GENERIC)
      ;
    else if (has_attr(s->fn, k + 1, s->byval_kind) || has_attr(s->fn, k + 1, s->byref_kind))
      continue;
    else if (s->env && s->env->param_lat)
      l = s->env->param_lat(s->env->arg, s->fn, k);
    if (l != LAT_GENERIC)
      add_cand(s, p, K_ARG, l, true);
  }
  collect_slots(s);
  for (size_t bi = 0; bi < s->rpo.n; bi++)
    for (LLVMValueRef i = LLVMGetFirstInstruction(s->rpo.v[bi]); i;
         i = LLVMGetNextInstruction(i))
      collect_inst(s, i);
}

/* ---- phase 3: the fixed point ------------------------------------------ */

/* Lattice value of a constant; *is_null set for a null pointer. */
static int const_space(const Infer *s, LLVMValueRef c, bool *is_null) {
  if (LLVMIsAConstantPointerNull(c) || LLVMIsAConstantAggregateZero(c)) {
    *is_null = true;
    return LAT_UNINIT;
  }
  if (LLVMIsAUndefValue(c)) /* poison is an undef value too */
    return LAT_UNINIT;
  if (LLVMIsAConstantExpr(c)) {
    switch (LLVMGetConstOpcode(c)) {
    case LLVMAddrSpaceCast: {
      int src = ir_ptr_as(LLVMTypeOf(LLVMGetOperand(c, 0)));
      return tgt_is_space(s->t, src) ? src : LAT_GENERIC;
    }
    case LLVMGetElementPtr:
    case LLVMBitCast:
      return const_space(s, LLVMGetOperand(c, 0), is_null);
    default:
      break;
    }
  }
  return LAT_GENERIC;
}

/* Lattice value of any operand.  *is_null is set for a null constant. */
static int space_of(const Infer *s, LLVMValueRef v, bool *is_null) {
  *is_null = false;
  uint32_t k = map_find(&s->id, v);
  if (k != MAP_NONE)
    return s->c.v[k].lat;
  if (LLVMIsAConstant(v) && !LLVMIsAGlobalValue(v))
    return const_space(s, v, is_null);
  int as = ir_ptr_as(LLVMTypeOf(v));
  if (tgt_is_space(s->t, as))
    return as; /* already a named pointer */
  return LAT_GENERIC;
}

/* Joins operand values; a null operand is neutral unless the result's space
   has a null that a generic null cannot stand for. */
typedef struct Join {
  int lat;
  bool has_null;
} Join;

static void join_in(const Infer *s, Join *j, LLVMValueRef v) {
  bool isnull;
  int l = space_of(s, v, &isnull);
  j->has_null |= isnull;
  j->lat = lat_join(j->lat, l);
}

static int join_done(const Infer *s, Join j) {
  if (j.lat >= 0 && j.has_null) {
    const TgtSpace *sp = tgt_space(s->t, j.lat);
    if (!sp || !sp->null_is_zero)
      return LAT_GENERIC;
  }
  return j.lat;
}

/* Calls fn on each value the candidate's lattice value is computed from:
   the pointer operand of a GEP/bitcast/ptrmask, the pointer under a
   ptrtoint/inttoptr pair, phi incomings, select arms, the pointers stored
   into a slot.  Stops early when fn returns false.  Sources have none. */
typedef bool (*InputFn)(const Infer *s, LLVMValueRef in, void *arg);

static void each_input(const Infer *s, const Cand *c, InputFn fn, void *arg) {
  LLVMValueRef v = c->v;
  switch ((CandKind)c->kind) {
  case K_GEP:
  case K_BITCAST:
  case K_PTRMASK:
  case K_EXTRACT:
    fn(s, LLVMGetOperand(v, 0), arg);
    break;
  case K_INSERT:
    if (fn(s, LLVMGetOperand(v, 0), arg))
      fn(s, LLVMGetOperand(v, 1), arg);
    break;
  case K_I2P:
    fn(s, LLVMGetOperand(LLVMGetOperand(v, 0), 0), arg);
    break;
  case K_PHI: {
    /* a value from an unreachable predecessor never arrives */
    unsigned n = LLVMCountIncoming(v);
    for (unsigned k = 0; k < n; k++)
      if (map_get(&s->reach, LLVMGetIncomingBlock(v, k), NULL) &&
          !fn(s, LLVMGetIncomingValue(v, k), arg))
        break;
    break;
  }
  case K_SELECT:
    if (fn(s, LLVMGetOperand(v, 1), arg))
      fn(s, LLVMGetOperand(v, 2), arg);
    break;
  case K_SLOTLOAD: {
    size_t n;
    const LLVMValueRef *stored = mem_slot_stored(s->mem, (uint32_t)c->slot, &n);
    for (size_t k = 0; k < n; k++)
      if (!fn(s, stored[k], arg))
        break;
    break;
  }
  default:
    break;
  }
}

static bool join_input(const Infer *s, LLVMValueRef in, void *arg) {
  Join *j = arg;
  join_in(s, j, in);
  return j->lat != LAT_GENERIC;
}

/* Bits of a pointer in space as (its index width). */
static unsigned space_bits(const Infer *s, int as) {
  return 8 * LLVMPointerSizeForAS(LLVMGetModuleDataLayout(s->m), (unsigned)as);
}

/* llvm.ptrmask(p, mask) in space as is the same pointer only if the mask
   keeps every bit above as's width: a narrower pointer (AMDGPU LDS and
   scratch, NVPTX short pointers) is the low bits of the generic one, and a
   mask clearing the high bits moves the generic pointer out of the space's
   window.  The twin then takes the mask's low bits. */
static bool ptrmask_fits(const Infer *s, LLVMValueRef call, int as) {
  LLVMValueRef mask = LLVMGetOperand(call, 1);
  LLVMTypeRef mt = LLVMTypeOf(mask);
  bool vec = LLVMGetTypeKind(mt) == LLVMVectorTypeKind;
  unsigned w = space_bits(s, as), mw = LLVMGetIntTypeWidth(vec ? LLVMGetElementType(mt) : mt);
  if (w >= mw)
    return true;
  if (vec || !LLVMIsAConstantInt(mask) || mw > 64)
    return false;
  unsigned long long v = LLVMConstIntGetZExtValue(mask);
  unsigned long long high = (mw == 64 ? ~0ull : (1ull << mw) - 1) & ~((1ull << w) - 1);
  return (v & high) == high;
}

static int eval(const Infer *s, const Cand *c) {
  if (c->fixed)
    return c->lat;
  Join j = {LAT_UNINIT, false};
  each_input(s, c, join_input, &j);
  int l = join_done(s, j);
  if (c->kind == K_PTRMASK && l >= 0 && !ptrmask_fits(s, c->v, l))
    return LAT_GENERIC;
  return l;
}

static void enqueue(Infer *s, uint32_t k) {
  if (!s->c.v[k].queued && !s->c.v[k].fixed) {
    s->c.v[k].queued = true;
    vec_push(&s->work, k);
  }
}

static void enqueue_users(Infer *s, LLVMValueRef v) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    uint32_t k = map_find(&s->id, user);
    if (k != MAP_NONE)
      enqueue(s, k);
    if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 0) == v) {
      uint32_t si = mem_store_slot(s->mem, user);
      if (si != MAP_NONE)
        for (size_t l = 0; l < s->slot_loads.v[si].n; l++)
          enqueue(s, s->slot_loads.v[si].v[l]);
    }
  }
}

/* Counts a re-visit of candidate k against its block; true when the block
   went over the cap (seed 001: the function is then left unchanged). */
static bool over_cap(Infer *s, uint32_t k) {
  Cand *c = &s->c.v[k];
  if (!c->visited) {
    c->visited = true;
    return false;
  }
  LLVMBasicBlockRef bb = LLVMIsAInstruction(c->v) ? LLVMGetInstructionParent(c->v)
                                                  : LLVMGetEntryBasicBlock(s->fn);
  uint32_t n = map_find(&s->visits, bb);
  n = n == MAP_NONE ? 1 : n + 1;
  map_put(&s->visits, bb, n);
  return n > s->env->visit_cap;
}

static void solve(Infer *s) {
  bool capped = s->env && s->env->visit_cap;
  for (size_t k = s->c.n; k-- > 0;)
    enqueue(s, (uint32_t)k);
  while (s->work.n) {
    uint32_t k = s->work.v[--s->work.n];
    s->c.v[k].queued = false;
    if (capped && over_cap(s, k)) {
      s->capped = true;
      s->work.n = 0;
      return;
    }
    int old = s->c.v[k].lat;
    int nw = lat_join(old, eval(s, &s->c.v[k]));
    if (nw != old) {
      s->c.v[k].lat = nw;
      enqueue_users(s, s->c.v[k].v);
    }
  }
}

/* ---- phase 4: twins in the inferred space ------------------------------ */

static LLVMValueRef const_to_space(Infer *s, LLVMValueRef c, int as) {
  LLVMTypeRef nt = ir_retype(LLVMTypeOf(c), as);
  if (LLVMIsAConstantPointerNull(c) || LLVMIsAConstantAggregateZero(c))
    return LLVMConstNull(nt);
  if (LLVMIsAPoisonValue(c))
    return LLVMGetPoison(nt);
  if (LLVMIsAUndefValue(c))
    return LLVMGetUndef(nt);
  switch (LLVMGetConstOpcode(c)) {
  case LLVMAddrSpaceCast:
    return LLVMGetOperand(c, 0); /* from `as` itself: the space was proven */
  case LLVMBitCast:
    return const_to_space(s, LLVMGetOperand(c, 0), as);
  case LLVMGetElementPtr: {
    unsigned n = (unsigned)LLVMGetNumOperands(c);
    LLVMValueRef *idx = xmalloc(n * sizeof *idx);
    for (unsigned k = 1; k < n; k++)
      idx[k - 1] = LLVMGetOperand(c, k);
    LLVMValueRef r = LLVMConstGEPWithNoWrapFlags(
        LLVMGetGEPSourceElementType(c), const_to_space(s, LLVMGetOperand(c, 0), as),
        idx, n - 1, LLVMGEPGetNoWrapFlags(c));
    free(idx);
    return r;
  }
  default:
    return LLVMConstAddrSpaceCast(c, nt); /* not reached: space was proven */
  }
}

static void add_trash(Infer *s, LLVMValueRef v) {
  if (LLVMIsAInstruction(v) && !map_get(&s->trash_set, v, NULL)) {
    map_put(&s->trash_set, v, 1);
    vec_push(&s->trash, v);
  }
}

/* `addrspacecast v to as`, placed right after v's definition. */
static LLVMValueRef cast_after(Infer *s, LLVMValueRef v, int as) {
  LLVMValueRef at = ir_insert_point_after(v);
  LLVMPositionBuilderBefore(s->b, at);
  LLVMSetCurrentDebugLocation2(s->b, NULL);
  LLVMValueRef r = LLVMBuildAddrSpaceCast(s->b, v, ir_retype(LLVMTypeOf(v), as), "");
  add_trash(s, r);
  return r;
}

static LLVMValueRef build_twin(Infer *s, uint32_t k);

/* Kinds whose twin is a new instruction (the others reuse a value). */
static bool twin_is_new(CandKind k) {
  return k == K_GEP || k == K_SELECT || k == K_PTRMASK || k == K_PHI || k == K_INSERT ||
         k == K_EXTRACT;
}

/* The value of v in space as (v's lattice value is `as` or uninit/null). */
static LLVMValueRef value_in(Infer *s, LLVMValueRef v, int as) {
  uint32_t k = map_find(&s->id, v);
  if (k != MAP_NONE) {
    if (s->c.v[k].lat == as)
      return build_twin(s, k);
    if (!s->c.v[k].nv) /* uninit: a cast of the (undefined) value */
      s->c.v[k].nv = cast_after(s, v, as);
    return s->c.v[k].nv;
  }
  if (LLVMIsAConstant(v))
    return const_to_space(s, v, as);
  if (ir_ptr_as(LLVMTypeOf(v)) == as)
    return v;
  return cast_after(s, v, as);
}

static void position_at(Infer *s, LLVMValueRef before, LLVMValueRef dbg_from) {
  LLVMPositionBuilderBefore(s->b, before);
  LLVMSetCurrentDebugLocation2(s->b, LLVMInstructionGetDebugLoc(dbg_from));
}

static LLVMValueRef build_twin(Infer *s, uint32_t k) {
  Cand *c = &s->c.v[k];
  /* a cast's twin is its operand, read each time: a generic-to-named cast
     folded meanwhile (fold_cast) is replaced in the operand, and a cached
     copy would point at the erased instruction */
  if (c->kind == K_CAST)
    return LLVMGetOperand(c->v, 0);
  if (c->nv)
    return c->nv;
  LLVMValueRef v = c->v, nv = NULL;
  int as = c->lat;
  LLVMTypeRef nt = ir_retype(LLVMTypeOf(v), as);
  switch ((CandKind)c->kind) {
  case K_CAST:
    nv = LLVMGetOperand(v, 0);
    break;
  case K_BITCAST:
    nv = value_in(s, LLVMGetOperand(v, 0), as);
    break;
  case K_I2P:
    nv = value_in(s, LLVMGetOperand(LLVMGetOperand(v, 0), 0), as);
    add_trash(s, LLVMGetOperand(v, 0));
    break;
  case K_GEP: {
    LLVMValueRef base = value_in(s, LLVMGetOperand(v, 0), as);
    unsigned n = (unsigned)LLVMGetNumOperands(v);
    LLVMValueRef *idx = xmalloc(n * sizeof *idx);
    for (unsigned i = 1; i < n; i++)
      idx[i - 1] = LLVMGetOperand(v, i);
    position_at(s, v, v);
    nv = LLVMBuildGEPWithNoWrapFlags(s->b, LLVMGetGEPSourceElementType(v), base,
                                     idx, n - 1, "", LLVMGEPGetNoWrapFlags(v));
    free(idx);
    break;
  }
  case K_SELECT: {
    LLVMValueRef a = value_in(s, LLVMGetOperand(v, 1), as);
    LLVMValueRef bb = value_in(s, LLVMGetOperand(v, 2), as);
    position_at(s, v, v);
    nv = LLVMBuildSelect(s->b, LLVMGetOperand(v, 0), a, bb, "");
    break;
  }
  case K_PTRMASK: {
    LLVMValueRef args[2] = {value_in(s, LLVMGetOperand(v, 0), as),
                            LLVMGetOperand(v, 1)};
    position_at(s, v, v);
    unsigned w = space_bits(s, as);
    if (LLVMGetTypeKind(LLVMTypeOf(args[1])) == LLVMIntegerTypeKind &&
        w < LLVMGetIntTypeWidth(LLVMTypeOf(args[1]))) /* ptrmask_fits said so */
      args[1] = LLVMBuildTrunc(s->b, args[1], LLVMIntTypeInContext(LLVMGetModuleContext(s->m), w), "");
    LLVMTypeRef tys[2] = {nt, LLVMTypeOf(args[1])};
    LLVMValueRef decl = LLVMGetIntrinsicDeclaration(s->m, s->ptrmask_id, tys, 2);
    nv = LLVMBuildCall2(s->b, LLVMGlobalGetValueType(decl), decl, args, 2, "");
    break;
  }
  case K_PHI:
    position_at(s, v, v);
    nv = LLVMBuildPhi(s->b, nt, "");
    break;
  case K_INSERT: {
    LLVMValueRef vec = value_in(s, LLVMGetOperand(v, 0), as);
    LLVMValueRef el = value_in(s, LLVMGetOperand(v, 1), as);
    position_at(s, v, v);
    nv = LLVMBuildInsertElement(s->b, vec, el, LLVMGetOperand(v, 2), "");
    break;
  }
  case K_EXTRACT: {
    LLVMValueRef vec = value_in(s, LLVMGetOperand(v, 0), as);
    position_at(s, v, v);
    nv = LLVMBuildExtractElement(s->b, vec, LLVMGetOperand(v, 1), "");
    break;
  }
  case K_SLOTLOAD:
  case K_CONSTLOAD:
  case K_ALLOCA:
  case K_ARG:
  case K_CALLRET:
    nv = cast_after(s, v, as);
    break;
  }
  if (twin_is_new((CandKind)c->kind))
    add_trash(s, nv);
  s->c.v[k].nv = nv;
  return nv;
}

static bool resolved(const Cand *c) { return c->lat >= 0; }

static bool push_needed(const Infer *cs, LLVMValueRef in, void *arg) {
  Infer *s = arg; /* the same state, writable */
  (void)cs;
  uint32_t k = map_find(&s->id, in);
  if (k != MAP_NONE && resolved(&s->c.v[k]) && !s->c.v[k].needed) {
    s->c.v[k].needed = true;
    vec_push(&s->work, k);
  }
  return true;
}

/* Marks v and, transitively, the candidates its twin is built from.  A slot
   load's twin is a cast of the load itself: its stored values are not
   needed. */
static void mark_needed(Infer *s, LLVMValueRef v) {
  s->work.n = 0;
  push_needed(s, v, s);
  while (s->work.n) {
    const Cand *c = &s->c.v[s->work.v[--s->work.n]];
    if (c->kind != K_SLOTLOAD)
      each_input(s, c, push_needed, s);
  }
}

/* Marks what the operations that will be rewritten need. */
static void mark_ops(Infer *s) {
  for (size_t k = 0; k < s->ops.n; k++) {
    LLVMValueRef i = s->ops.v[k];
    switch (LLVMGetInstructionOpcode(i)) {
    case LLVMICmp:
      mark_needed(s, LLVMGetOperand(i, 0));
      mark_needed(s, LLVMGetOperand(i, 1));
      break;
    case LLVMCall: {
      const IrMemIntrin *mi = ir_mem_intrin(i);
      for (int a = 0; a < 2; a++)
        if (mi->ptr_args[a] >= 0)
          mark_needed(s, LLVMGetOperand(i, (unsigned)mi->ptr_args[a]));
      break;
    }
    default: /* load, store, atomics, generic-to-named cast */
      mark_needed(s, LLVMGetOperand(i, ir_ptr_operand(i)));
      break;
    }
  }
}

static size_t build_twins(Infer *s) {
  size_t n = 0;
  for (size_t k = 0; k < s->c.n; k++)
    if (s->c.v[k].needed && s->c.v[k].kind == K_PHI)
      build_twin(s, (uint32_t)k);
  for (size_t k = 0; k < s->c.n; k++)
    if (s->c.v[k].needed) {
      build_twin(s, (uint32_t)k);
      n += !s->c.v[k].fixed;
      if (cx_debug(s->cx)) {
        char *txt = LLVMPrintValueToString(s->c.v[k].v);
        fprintf(cx_out(s->cx), "infer: @%s: %s -> %s\n",
                LLVMGetValueName2(s->fn, &(size_t){0}), txt,
                lat_name(s->t, s->c.v[k].lat));
        LLVMDisposeMessage(txt);
      }
    }
  for (size_t k = 0; k < s->c.n; k++) {
    Cand *c = &s->c.v[k];
    if (!c->needed || c->kind != K_PHI)
      continue;
    unsigned ni = LLVMCountIncoming(c->v);
    for (unsigned i = 0; i < ni; i++) {
      LLVMBasicBlockRef bb = LLVMGetIncomingBlock(c->v, i);
      LLVMValueRef in = map_get(&s->reach, bb, NULL)
                            ? value_in(s, LLVMGetIncomingValue(c->v, i), c->lat)
                            : LLVMGetPoison(LLVMTypeOf(c->nv));
      LLVMAddIncoming(s->c.v[k].nv, &in, &bb, 1);
    }
  }
  return n;
}

/* ---- phase 5: rewrite the operations ----------------------------------- */

/* Named space of pointer operand p, or -1 (generic, unknown, or policy). */
static int target_space(Infer *s, LLVMValueRef p, bool is_volatile) {
  bool isnull;
  int as = space_of(s, p, &isnull);
  if (as < 0 || as == s->t->generic)
    return -1;
  if (is_volatile && !tgt_volatile_ok(s->t, as, s->cx->opt.keep_volatile)) {
    cx_stat(s->cx, &st_volatile, 1);
    return -1;
  }
  return as;
}

static bool rewrite_access(Infer *s, LLVMValueRef i) {
  unsigned pi = ir_ptr_operand(i);
  LLVMValueRef p = LLVMGetOperand(i, pi);
  int as = target_space(s, p, LLVMGetVolatile(i));
  if (as < 0)
    return false;
  LLVMSetOperand(i, pi, value_in(s, p, as));
  cx_stat(s->cx, &st_access, 1);
  for (unsigned k = 0; k < s->t->nspaces && k < 16; k++)
    if (s->t->spaces[k].as == as)
      s->named[k]++;
  return true;
}

/* A Passed remark per function: how many accesses got which space. */
static void report_rewritten(Infer *s) {
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
  unsigned n = LLVMGetNumArgOperands(call);
  bool vol = ir_mem_intrin_volatile(mi, call);
  LLVMValueRef *args = xmalloc(n * sizeof *args);
  for (unsigned k = 0; k < n; k++)
    args[k] = LLVMGetOperand(call, k);
  bool any = false;
  for (int k = 0; k < 2; k++) {
    int ai = mi->ptr_args[k];
    if (ai < 0 || !is_generic_ptr(s, LLVMTypeOf(args[ai])))
      continue;
    int as = target_space(s, args[ai], vol);
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

static bool rewrite_icmp(Infer *s, LLVMValueRef i) {
  LLVMValueRef a = LLVMGetOperand(i, 0), b = LLVMGetOperand(i, 1);
  Join j = {LAT_UNINIT, false};
  join_in(s, &j, a);
  join_in(s, &j, b);
  int as = join_done(s, j);
  if (as < 0)
    return false;
  LLVMValueRef na = value_in(s, a, as), nb = value_in(s, b, as);
  position_at(s, i, i);
  LLVMValueRef ni = LLVMBuildICmp(s->b, LLVMGetICmpPredicate(i), na, nb, "");
  ir_take_name(i, ni);
  LLVMReplaceAllUsesWith(i, ni);
  LLVMInstructionEraseFromParent(i);
  cx_stat(s->cx, &st_icmp, 1);
  return true;
}

static bool fold_cast(Infer *s, LLVMValueRef i) {
  LLVMValueRef p = LLVMGetOperand(i, 0);
  bool isnull;
  int as = space_of(s, p, &isnull);
  if (as != ir_ptr_as(LLVMTypeOf(i)))
    return false;
  LLVMReplaceAllUsesWith(i, value_in(s, p, as));
  LLVMInstructionEraseFromParent(i);
  cx_stat(s->cx, &st_cast, 1);
  return true;
}

static bool rewrite_ops(Infer *s) {
  bool changed = false;
  for (size_t k = 0; k < s->ops.n; k++) {
    LLVMValueRef i = s->ops.v[k];
    switch (LLVMGetInstructionOpcode(i)) {
    case LLVMCall:
      changed |= rewrite_intrinsic(s, i);
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

/* ---- phase 6: cast back the other uses, erase the old values ----------- */

static bool replaced_kind(CandKind k) {
  return k == K_GEP || k == K_BITCAST || k == K_PHI || k == K_SELECT ||
         k == K_PTRMASK || k == K_I2P || k == K_INSERT || k == K_EXTRACT;
}

static void sweep(Infer *s) {
  /* Old values whose twin now stands for them. */
  for (size_t k = 0; k < s->c.n; k++) {
    Cand *c = &s->c.v[k];
    if (!resolved(c) || !replaced_kind((CandKind)c->kind) || !c->nv)
      continue;
    /* the twin takes over the name */
    if (twin_is_new((CandKind)c->kind))
      ir_take_name(c->v, c->nv);
    if (LLVMGetFirstUse(c->v)) {
      LLVMValueRef back;
      if (LLVMIsAConstant(c->nv)) {
        back = LLVMConstAddrSpaceCast(c->nv, LLVMTypeOf(c->v));
      } else {
        LLVMPositionBuilderBefore(s->b, ir_insert_point_after(c->nv));
        LLVMSetCurrentDebugLocation2(s->b, NULL);
        back = LLVMBuildAddrSpaceCast(s->b, c->nv, LLVMTypeOf(c->v), "");
        add_trash(s, back);
      }
      LLVMReplaceAllUsesWith(c->v, back);
    }
  }
  for (size_t k = 0; k < s->c.n; k++) {
    Cand *c = &s->c.v[k];
    if (resolved(c) && replaced_kind((CandKind)c->kind) && c->nv)
      LLVMInstructionEraseFromParent(c->v);
    else if (c->kind == K_CAST)
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
        LLVMInstructionEraseFromParent(v);
        s->trash.v[k] = NULL;
        again = true;
      }
    }
  }
}

/* ---- phase 0: space facts ----------------------------------------------
 * A space test on a generic pointer p (llvm.nvvm.isspacep.*,
 * llvm.amdgcn.is.shared/is.private, OpenCL's tests: casts.c) that is
 * assumed (llvm.assume), or that guards a branch whose true successor has
 * no other predecessor, says p is in that space wherever the assume or the
 * successor dominates.  Those uses of p get `addrspacecast (addrspacecast p
 * to S) to generic` instead, made at the fact's point; the phases below then
 * see an ordinary cast.  Path-sensitive: the same p stays generic elsewhere.
 * Uses in phis are left alone (their use point is a predecessor's end). */

typedef struct Fact {
  LLVMValueRef p;
  int as;
  LLVMValueRef assume;     /* the llvm.assume, or NULL */
  LLVMBasicBlockRef block; /* the assume's block, or the guarded successor */
} Fact;

static bool is_assume(LLVMValueRef i) {
  LLVMValueRef f = ir_callee(i);
  size_t n;
  const char *name = f ? LLVMGetValueName2(f, &n) : NULL;
  return name && n == 11 && !memcmp(name, "llvm.assume", 11);
}

/* The space test behind condition c, or false. */
static bool space_test(const Infer *s, LLVMValueRef c, LLVMValueRef *p, int *as) {
  CastFn cf;
  if (!c || !LLVMIsACallInst(c) || !casts_match(s->t, c, &cf) || !cf.test)
    return false;
  *p = LLVMGetOperand(c, 0);
  *as = cf.as;
  return ir_ptr_as(LLVMTypeOf(*p)) == s->t->generic && tgt_is_named(s->t, cf.as);
}

static unsigned predecessors(LLVMBasicBlockRef bb) {
  unsigned n = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb)); u; u = LLVMGetNextUse(u))
    n += LLVMIsATerminatorInst(LLVMGetUser(u)) != NULL;
  return n;
}

/* Instruction user (not a phi) runs where fact f holds. */
static bool fact_covers(const Dom *d, const Fact *f, LLVMValueRef user) {
  LLVMBasicBlockRef ub = LLVMGetInstructionParent(user);
  if (!f->assume)
    return dom_blocks(d, f->block, ub);
  if (ub != f->block)
    return dom_blocks(d, f->block, ub);
  for (LLVMValueRef i = LLVMGetNextInstruction(f->assume); i; i = LLVMGetNextInstruction(i))
    if (i == user)
      return true;
  return false;
}

static bool apply_fact(Infer *s, const Dom *d, const Fact *f, LLVMValueRef test) {
  ValVec users = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(f->p); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (user == test || LLVMIsAPHINode(user) || !LLVMIsAInstruction(user) ||
        (LLVMIsAAddrSpaceCastInst(user) && ir_ptr_as(LLVMTypeOf(user)) == f->as) ||
        !fact_covers(d, f, user))
      continue;
    if (!users.n || users.v[users.n - 1] != user)
      vec_push(&users, user);
  }
  if (!users.n) {
    vec_free(&users);
    return false;
  }
  LLVMValueRef at = f->assume ? LLVMGetNextInstruction(f->assume)
                              : LLVMGetFirstInstruction(f->block);
  while (!f->assume && (LLVMIsAPHINode(at) || ir_is_eh_pad(at)))
    at = LLVMGetNextInstruction(at); /* ir_block_insertable said there is room */
  LLVMPositionBuilderBefore(s->b, at);
  LLVMSetCurrentDebugLocation2(s->b, NULL);
  LLVMValueRef named = LLVMBuildAddrSpaceCast(s->b, f->p, ir_retype(LLVMTypeOf(f->p), f->as), "");
  LLVMValueRef back = LLVMBuildAddrSpaceCast(s->b, named, LLVMTypeOf(f->p), "");
  for (size_t k = 0; k < users.n; k++) {
    int n = LLVMGetNumOperands(users.v[k]);
    for (int o = 0; o < n; o++)
      if (LLVMGetOperand(users.v[k], (unsigned)o) == f->p)
        LLVMSetOperand(users.v[k], (unsigned)o, back);
  }
  add_trash(s, back);
  add_trash(s, named);
  cx_stat(s->cx, &st_facts, 1);
  vec_free(&users);
  return true;
}

static bool apply_space_facts(Infer *s, LLVMValueRef fn) {
  VEC(Fact) facts = {0};
  ValVec tests = {0};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      Fact f = {0};
      LLVMValueRef c = NULL;
      if (LLVMIsACallInst(i) && is_assume(i)) {
        c = LLVMGetOperand(i, 0);
        f.assume = i;
        f.block = bb;
      } else if (LLVMIsABranchInst(i) && LLVMIsConditional(i)) {
        c = LLVMGetCondition(i);
        f.block = LLVMGetSuccessor(i, 0);
        if (f.block == LLVMGetSuccessor(i, 1) || predecessors(f.block) != 1 ||
            !ir_block_insertable(f.block))
          c = NULL;
      }
      if (c && space_test(s, c, &f.p, &f.as)) {
        vec_push(&facts, f);
        vec_push(&tests, c);
      }
    }
  bool changed = false;
  if (facts.n) {
    Dom *d = dom_new(fn);
    for (size_t k = 0; k < facts.n; k++)
      if (dom_reachable(d, facts.v[k].block))
        changed |= apply_fact(s, d, &facts.v[k], tests.v[k]);
    dom_free(d);
  }
  vec_free(&facts);
  vec_free(&tests);
  return changed;
}

/* ---- entry ------------------------------------------------------------- */

static void reset(Infer *s) {
  for (size_t k = 0; k < s->slot_loads.n; k++)
    s->slot_loads.v[k].n = 0;
  s->c.n = s->ops.n = s->work.n = s->trash.n = 0;
  s->capped = false;
  map_clear(&s->id);
  map_clear(&s->reach);
  map_clear(&s->trash_set);
  map_clear(&s->visits);
}

/* Does constant c hold a pointer into a space other than global memory,
   cast to generic (an LDS address in a constant table)?  Unknown depth
   counts as yes. */
static bool holds_non_global(const TgtTable *t, LLVMValueRef c, unsigned depth) {
  if (depth > 32)
    return true;
  if (!LLVMIsAConstant(c) || LLVMIsAGlobalValue(c) || LLVMIsAConstantDataSequential(c))
    return false;
  if (LLVMIsAConstantExpr(c) && LLVMGetConstOpcode(c) == LLVMAddrSpaceCast &&
      !tgt_in_global(t, ir_ptr_as(LLVMTypeOf(LLVMGetOperand(c, 0))), false))
    return true;
  if (LLVMIsAConstantExpr(c) && LLVMGetConstOpcode(c) == LLVMIntToPtr)
    return true;
  int n = LLVMGetNumOperands(c);
  for (int i = 0; i < n; i++)
    if (holds_non_global(t, LLVMGetOperand(c, (unsigned)i), depth + 1))
      return true;
  return false;
}

/* Does any call in the module test a pointer's space?  Phase 0 walks a
   function only then (infer runs on every function, round after round). */
static bool calls_space_test(const TgtTable *t, LLVMModuleRef m) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (!LLVMIsDeclaration(f))
      continue;
    /* one call says it for all: the test is the declaration's, its
       operand type the declaration's parameter type */
    for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
      CastFn cf;
      LLVMValueRef c = LLVMGetUser(u);
      if (LLVMIsACallInst(c) && LLVMGetCalledValue(c) == f) {
        if (casts_match(t, c, &cf) && cf.test)
          return true;
        break;
      }
    }
  }
  return false;
}

/* The target's "pointers in constant memory are global" holds unless the
   module itself put another kind of pointer there. */
static bool const_memory_global(const TgtTable *t, LLVMModuleRef m) {
  if (!t->const_loads_global)
    return false;
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
    int as = (int)LLVMGetPointerAddressSpace(LLVMTypeOf(g));
    LLVMValueRef init = LLVMGetInitializer(g);
    if (tgt_read_only(t, as) && init && holds_non_global(t, init, 0))
      return false;
  }
  return true;
}

Infer *infer_new(GaspCtx *cx, LLVMModuleRef m) {
  Infer *s = xcalloc(1, sizeof *s);
  s->cx = cx;
  s->t = cx->tgt;
  s->m = m;
  s->b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
  s->mem = mem_new(s->t);
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
  s->ptr_bits = 8 * LLVMPointerSizeForAS(td, (unsigned)s->t->generic);
  s->byval_kind = LLVMGetEnumAttributeKindForName("byval", 5);
  s->byref_kind = LLVMGetEnumAttributeKindForName("byref", 5);
  s->ptrmask_id = LLVMLookupIntrinsicID("llvm.ptrmask", 12);
  s->const_loads_global = const_memory_global(s->t, m);
  s->space_tests = calls_space_test(s->t, m);
  return s;
}

void infer_free(Infer *s) {
  if (!s)
    return;
  reset(s);
  vec_free(&s->c);
  for (size_t k = 0; k < s->slot_loads.n; k++)
    vec_free(&s->slot_loads.v[k]);
  vec_free(&s->slot_loads);
  mem_free(s->mem);
  vec_free(&s->rpo);
  vec_free(&s->ops);
  vec_free(&s->work);
  vec_free(&s->trash);
  map_free(&s->id);
  map_free(&s->reach);
  map_free(&s->trash_set);
  map_free(&s->visits);
  LLVMDisposeBuilder(s->b);
  free(s);
}

bool infer_analyse(Infer *s, LLVMValueRef fn, const InferEnv *env) {
  s->fn = fn;
  reset(s);
  s->env = env;
  compute_rpo(s);
  collect(s);
  solve(s);
  s->env = NULL;
  return !s->capped;
}

int infer_space(const Infer *s, LLVMValueRef v, bool *is_null) {
  return space_of(s, v, is_null);
}

bool infer_function(Infer *s, LLVMValueRef fn) {
  if (ir_optnone(fn))
    return false; /* the user asked for this function as written */
  s->fn = fn;
  reset(s);
  bool facts = s->space_tests && apply_space_facts(s, fn);
  compute_rpo(s);
  collect(s);
  if (!s->ops.n)
    return facts;
  solve(s);
  cx_stat(s->cx, &st_slot, mem_slot_count(s->mem));
  mark_ops(s);
  cx_stat(s->cx, &st_resolved, build_twins(s));
  memset(s->named, 0, sizeof s->named);
  bool changed = rewrite_ops(s);
  report_rewritten(s);
  sweep(s);
  return changed || facts;
}

bool infer_run(GaspCtx *cx, LLVMModuleRef m) {
  Infer *s = infer_new(cx, m);
  bool changed = false;
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn;
       fn = LLVMGetNextFunction(fn))
    if (LLVMCountBasicBlocks(fn))
      changed |= infer_function(s, fn);
  infer_free(s);
  return changed;
}
