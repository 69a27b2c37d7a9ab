/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* space.c — the space analysis: which named spaces can this generic pointer
 * point into, and why.  (An analysis; the one definition of the transfer
 * rules.)
 *
 * Problem.  Every stage of gasp asks the same question about a generic
 * pointer value: infer (to rewrite the accesses through it), ipmsp (to
 * classify call arguments and returned values), resolve (to fold explicit
 * casts), reach (what a function makes generic) and why (to explain an
 * access left generic).  Answered by a walk of each asker's own, the
 * answers drift.  This file answers it once, per function, with the rules
 * below; the others only read the answer.
 *
 * Lattice (per generic pointer value): a set of spaces, a bit mask.
 *   bit i < SP_NBITS   the value may point into space i (the target table's
 *                      spaces in table order, then spaces the table does not
 *                      name — addrspace(99) is a space of its own, as
 *                      upstream holds — numbered as they are met);
 *   SP_NULL            a null constant flowed in (it fits every space the
 *                      table names: a rewrite writes it as that space's
 *                      null, tgt_null — on AMDGPU local and private
 *                      `addrspacecast (ptr null to ...)`, all-ones, which
 *                      casts back to the generic null — as upstream's
 *                      InferAddressSpaces does; not a space it does not
 *                      name, whose null gasp does not know);
 *   SP_UNKNOWN         something gasp cannot see flowed in.
 * Join is union; the empty set is bottom (nothing known yet: undef, or a
 * cycle fed by nothing).  The lattice value the rewriters use (target.c's
 * LAT_*) is: one space and nothing unknown -> that space (a null with it
 * or not, if the table names the space); nothing -> uninit; else generic.
 *
 * Sources (fixed from the start): addrspacecast from a space (instruction or
 * constant expression); an inline asm that converts an address of a space
 * to generic (casts_asm_made: NVPTX cvta.shared), or inttoptr of its
 * integer result; the target's assumptions — a generic alloca is
 * private (NVPTX), a kernel's generic pointer argument is global and a
 * device function's generic byval copy private (tgt_param_space), a pointer
 * loaded from constant memory is global (AMDGPU, unless the module itself
 * stores another kind there); what the caller knows beyond the function
 * (SpaceEnv: ipmsp's votes on parameters and call results).  Everything
 * else that is not a transfer is SP_UNKNOWN: a parameter, a load from
 * memory gasp does not model, an opaque call, inttoptr of an integer, a
 * global variable in the generic space.
 *
 * Transfer: GEP (scalar and vector), bitcast, freeze, llvm.ptrmask (unless
 * its mask clears bits of a narrower space's pointer), a no-op
 * ptrtoint/inttoptr pair and a pointer a lane broadcast to its warp in two
 * shuffled halves (ptrbits.c) keep their pointer operand's set; phi (its
 * reachable predecessors only) and select join; so do the lanes of a
 * vector of pointers (insertelement joins vector and element, a constant
 * vector its lanes; extractelement takes the vector's); a load from a
 * private slot (memory.c: the through-memory model) joins every pointer
 * stored into the slot; with a memory summary (memsum.c), any other load
 * of a generic pointer gets what the memory it reads may hold
 * (memsummary.c's summaries) — in functions no outside code calls, or from
 * a variable only the module can write.
 *
 * Algorithm, per function (space_analyse):
 *   1. Blocks reachable from the entry, in reverse post-order.
 *   2. Private slots (memory.c); candidate values numbered densely; the
 *      operations through generic pointers collected (memory ops, pointer
 *      icmps, generic-to-named casts) for the rewriter and the explainer.
 *   3. Fixed point: a worklist that never holds a value twice evaluates a
 *      candidate from its inputs and requeues its users (and the loads of a
 *      slot when a pointer stored into it changes).  Each value only grows,
 *      at most SP_NBITS + 2 times.  With a visit cap, a block re-visited
 *      more often stops the analysis (the result is then incomplete; the
 *      caller leaves the function alone).
 *
 * Why (space_explain), read off the solved lattice, not a second walk of
 * the rules: a value with two spaces or more walks back along inputs that
 * also have two to the merge where they first meet (a phi, select, slot or
 * vector); a value with SP_UNKNOWN walks back along inputs that carry it to
 * the value that brought it in (the explainer words it: why.c).
 *
 * Example (spir64, global = 1, local = 3, generic = 4):
 *   %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)   {local}
 *   %b = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)   {global}
 *   %s = select i1 %c, ptr addrspace(4) %a, ptr addrspace(4) %b  {global, local}
 *   %m = call ptr addrspace(4) @llvm.ptrmask.p4.i64(%s, i64 -4)  {global, local}
 *   explain(%m): two spaces meet at %s.
 *
 * Details.  llvm.ptrmask into a narrower space (AMDGPU LDS/scratch and
 * NVPTX short pointers are 32-bit, generic 64-bit) keeps its operand's
 * space only when the mask keeps every bit above the space's width (a
 * constant mask, or one whose high bits are known ones: an `or` with such
 * a constant, !range metadata whose every value has them).  A no-op
 * inttoptr(ptrtoint p) pair is read through as an instruction and as a
 * constant expression alike; inttoptr(ptrtoint p) with p in a space whose
 * cast to generic keeps the bits (noop_generic: AMDGPU global, constant)
 * is a cast of p.  A generic pointer loaded from constant memory is global
 * where the table says the host fills it (const_loads_global: AMDGPU kernel
 * arguments and constant buffers, NVPTX __constant__ variables; nvcc
 * assumes the same: ld.const, then cvta.to.global), unless a constant
 * initializer of the module holds a pointer cast from another space.  On
 * NVPTX a global variable in the generic space (clang's CUDA string
 * literals) is global memory (generic_vars_global).
 * Deliberately not done: an inttoptr constant in a phi or select is not
 * taken as castable to the other operand's space (upstream does; a
 * sentinel such as inttoptr (i64 -1) compared after the rewrite could
 * change meaning on AMDGPU, where the LDS null is all ones).  Known limits:
 * values in unreachable blocks stay generic; pointers passed to or
 * returned from calls are ipmsp's (SpaceEnv).
 *
 * Requires: a module that verifies.  Changes nothing.
 * Tests: through its askers — test/infer/, test/ipmsp/, test/resolve/ and
 * the reason texts in test/remarks/.
 */
#include "analysis/memsummary.h"
#include "analysis/ptrbits.h"

#include <llvm-c/Target.h>
#include <assert.h>
#include <string.h>

typedef VEC(uint32_t) SpU32Vec;
/* A candidate reading a pointer's bits (SP_I2P, SP_LANES): the pointer, and
   the pointer's previous such reader (chained from s->bits_of). */
typedef struct SpBits {
  LLVMValueRef src;
  uint32_t cand, next;
} SpBits;

struct Space {
  Pool pool; /* the containers below, the slots' lists included */
  const TgtTable *t;
  LLVMModuleRef m;
  LLVMValueRef fn;
  const SpaceEnv *env;
  bool null_valid;   /* fn has null_pointer_is_valid: address 0 is memory */
  unsigned ptr_bits; /* bits of a generic pointer */
  unsigned byval_kind, byref_kind, ptrmask_id;
  bool const_loads_global; /* the target's rule holds for this module */
  SpaceNums *nums;        /* the run's numbering of unnamed spaces (facts) */
  VEC(SpVal) c;
  PtrMap id;    /* candidate value -> index */
  PtrMap reach; /* reachable block -> 1 */
  BlockVec rpo;
  MemModel *mem;
  VEC(SpU32Vec) slot_loads; /* per slot: the candidates that load it */
  ValVec ops;
  VEC(uint32_t) work;
  PtrMap visits; /* block -> re-visits, when env->visit_cap */
  bool capped;
  PtrMap seen; /* space_explain's walk */
  VEC(SpBits) bits; /* per SP_I2P/SP_LANES candidate (its SpVal.slot) */
  PtrMap bits_of;    /* a pointer -> its last reader in bits */
  const MemSummary *sum; /* what memory holds (memsum.c), or NULL */
  bool use_sum;          /* the summary covers fn's loads (no outside caller) */
};

/* ---- spaces as bits ---------------------------------------------------- */

/* The bit of space as (any space but generic); SP_UNKNOWN when the bits are
   exhausted. */
static uint32_t bit_of(const Space *s, int as) {
  uint32_t b = space_table_bit(s->t, as);
  if (b)
    return b;
  SpaceNums *nm = s->nums; /* the numbering of unnamed spaces grows lazily */
  for (unsigned k = 0; k < nm->n; k++)
    if (nm->extra[k] == as)
      return 1u << (s->t->nspaces + k);
  if (s->t->nspaces + nm->n >= SP_NBITS)
    return SP_UNKNOWN;
  nm->extra[nm->n++] = as;
  return 1u << (s->t->nspaces + nm->n - 1);
}

int space_bit_as(const Space *s, unsigned bit) {
  if (bit < s->t->nspaces)
    return s->t->spaces[bit].as;
  assert(bit - s->t->nspaces < s->nums->n && "a bit this numbering never gave");
  return s->nums->extra[bit - s->t->nspaces];
}

bool space_two_testable(const Space *s, LLVMValueRef v, int sp[2]) {
  uint32_t mask = space_mask(s, v, NULL);
  uint32_t low = mask & (0u - mask), rest = mask & ~low;
  if (!low || !rest || (rest & (rest - 1)) || (mask & ~SP_NAMED))
    return false;
  unsigned b0 = 0, b1 = 0;
  while (!(low >> b0 & 1))
    b0++;
  while (!(rest >> b1 & 1))
    b1++;
  int a = space_bit_as(s, b0), b = space_bit_as(s, b1);
  if (!tgt_is_named(s->t, a) || !tgt_is_named(s->t, b))
    return false;
  if (casts_can_test(s->t, a)) {
    sp[0] = a, sp[1] = b;
    return true;
  }
  if (casts_can_test(s->t, b)) {
    sp[0] = b, sp[1] = a;
    return true;
  }
  return false;
}

int space_mask_lat(const Space *s, uint32_t mask) {
  uint32_t named = mask & SP_NAMED;
  if (mask & SP_UNKNOWN)
    return LAT_GENERIC;
  if (!named)
    return LAT_UNINIT;
  if (named & (named - 1))
    return LAT_GENERIC;
  int as = space_bit_as(s, (unsigned)__builtin_ctz(named));
  if ((mask & SP_NULL) && !tgt_space(s->t, as))
    return LAT_GENERIC; /* a space the table does not name: its null unknown */
  return as;
}

void space_mask_names(const Space *s, uint32_t mask, char *buf, size_t cap) {
  size_t o = 0;
  buf[0] = 0;
  for (unsigned k = 0; k < SP_NBITS && o < cap; k++)
    if (mask & (1u << k)) {
      int as = space_bit_as(s, k);
      const char *n = tgt_space_name(s->t, as);
      int w = tgt_space(s->t, as) ? snprintf(buf + o, cap - o, "%s%s", o ? ", " : "", n)
                                  : snprintf(buf + o, cap - o, "%saddrspace(%d)", o ? ", " : "", as);
      if (w < 0)
        break;
      o += (size_t)w;
    }
}

/* ---- sources: what the rules say without looking at operands ---------- */

static bool generic_ptr(const Space *s, LLVMTypeRef t) { return ir_ptr_as(t) == s->t->generic; }

static bool generic_scalar(const Space *s, LLVMTypeRef t) { return ir_is_ptr_in(t, s->t->generic); }

static uint32_t lat_mask(const Space *s, int lat) {
  return lat == LAT_UNINIT ? 0 : lat == LAT_GENERIC ? SP_UNKNOWN : bit_of(s, lat);
}

int space_made(const TgtTable *t, unsigned ptr_bits, LLVMValueRef v) {
  if (ir_ptr_as(LLVMTypeOf(v)) != t->generic)
    return LAT_UNINIT;
  if (ir_opcode(v) == LLVMAddrSpaceCast) {
    int src = ir_ptr_as(LLVMTypeOf(LLVMGetOperand(v, 0)));
    return tgt_is_space(t, src) ? src : LAT_UNINIT; /* generic: made elsewhere */
  }
  if (LLVMIsAAllocaInst(v))
    return t->generic_alloca_is_private ? t->priv : LAT_GENERIC;
  if (LLVMIsACallInst(v)) { /* an inline asm's cvta.<space> */
    int asm_as = casts_asm_made(t, v, ptr_bits, NULL);
    return asm_as >= 0 ? asm_as : LAT_UNINIT;
  }
  if (ir_opcode(v) == LLVMIntToPtr) {
    int asm_as = casts_asm_made(t, LLVMGetOperand(v, 0), ptr_bits, NULL);
    if (asm_as >= 0)
      return asm_as;
    if (!ptrbits_noop_i2p(t, ptr_bits, v))
      return LAT_GENERIC;
    int src = ir_ptr_as(LLVMTypeOf(LLVMGetOperand(LLVMGetOperand(v, 0), 0)));
    return src == t->generic ? LAT_UNINIT : src;
  }
  return LAT_UNINIT;
}

/* ---- phase 2: candidates and operations -------------------------------- */

/* The set of a pointer cast to generic (an invalid generic-to-generic cast
   is unknown). */
static uint32_t made_mask(const Space *s, LLVMValueRef cast) {
  int as = space_made(s->t, s->ptr_bits, cast);
  return as >= 0 ? bit_of(s, as) : SP_UNKNOWN;
}

static void add_cand(Space *s, LLVMValueRef v, SpKind k, uint32_t mask, bool fixed) {
  SpVal c = {.v = v, .mask = mask, .slot = -1, .kind = (unsigned char)k, .fixed = fixed};
  map_put(&s->id, v, (uint32_t)s->c.n);
  vec_push(&s->c, c);
}

/* v, a candidate of kind k whose pointer is src's bits: its users are not
   src's, so src lists it (enqueue_users). */
static void add_bits_cand(Space *s, LLVMValueRef v, SpKind k, LLVMValueRef src) {
  add_cand(s, v, k, 0, false);
  SpBits b = {.src = src, .cand = (uint32_t)(s->c.n - 1), .next = map_find(&s->bits_of, src)};
  s->c.v[s->c.n - 1].slot = (int)s->bits.n;
  map_put(&s->bits_of, src, (uint32_t)s->bits.n);
  vec_push(&s->bits, b);
}

static bool has_attr(LLVMValueRef fn, unsigned idx, unsigned kind) {
  return LLVMGetEnumAttributeAtIndex(fn, idx, kind) != NULL;
}

/* A pointer loaded from constant memory the host filled (AMDGPU's
   constant buffers and kernel arguments, NVPTX's __constant__ variables:
   device code cannot write there, and the host holds global addresses
   only).  Read-only memory of the target, whether or not it lies in
   global memory's window (NVPTX's .const does not). */
static bool const_load(const Space *s, LLVMValueRef load) {
  int from = ir_ptr_as(LLVMTypeOf(LLVMGetOperand(load, 0)));
  return s->const_loads_global && tgt_read_only(s->t, from);
}

/* v, the pointer load ld reads (ld itself, or the inttoptr of a pointer
   read as an integer), from read-only host memory (global) or from a slot
   of the memory model: its candidate, and true; false where neither. */
static bool host_or_slot_load(Space *s, LLVMValueRef v, LLVMValueRef ld) {
  if (const_load(s, ld)) {
    add_cand(s, v, SP_CONSTLOAD, bit_of(s, s->t->global), true);
    return true;
  }
  uint32_t si = mem_load_slot(s->mem, ld);
  if (si == MAP_NONE)
    return false;
  add_cand(s, v, SP_SLOTLOAD, 0, false);
  s->c.v[s->c.n - 1].slot = (int)si;
  vec_push(&s->slot_loads.v[si], (uint32_t)(s->c.n - 1));
  return true;
}

static void collect_value(Space *s, LLVMValueRef i, LLVMOpcode op) {
  switch (op) {
  case LLVMAddrSpaceCast:
    add_cand(s, i, SP_CAST, made_mask(s, i), true);
    break;
  case LLVMGetElementPtr:
    add_cand(s, i, SP_GEP, 0, false);
    break;
  case LLVMBitCast:
    add_cand(s, i, SP_BITCAST, 0, false);
    break;
  case LLVMFreeze:
    add_cand(s, i, SP_FREEZE, 0, false);
    break;
  case LLVMPHI:
    /* a catchswitch block has no place for a rewriter's casts */
    if (ir_block_insertable(LLVMGetInstructionParent(i)))
      add_cand(s, i, SP_PHI, 0, false);
    break;
  case LLVMSelect:
    add_cand(s, i, SP_SELECT, 0, false);
    break;
  case LLVMCall: {
    LLVMValueRef f = ir_callee(i);
    if (f && LLVMGetIntrinsicID(f) == s->ptrmask_id)
      add_cand(s, i, SP_PTRMASK, 0, false);
    else if (space_made(s->t, s->ptr_bits, i) >= 0) /* an inline asm's cvta */
      add_cand(s, i, SP_ASM, made_mask(s, i), true);
    else if (f && s->env && s->env->ret_lat && generic_scalar(s, LLVMTypeOf(i))) {
      int l = s->env->ret_lat(s->env->arg, f);
      if (l != LAT_GENERIC)
        add_cand(s, i, SP_CALLRET, lat_mask(s, l), true);
    }
    break;
  }
  case LLVMIntToPtr: {
    if (ptrbits_noop_i2p(s->t, s->ptr_bits, i)) { /* a transfer: p may be generic */
      add_bits_cand(s, i, SP_I2P, LLVMGetOperand(LLVMGetOperand(i, 0), 0));
      break;
    }
    if (space_made(s->t, s->ptr_bits, i) >= 0) { /* an inline asm's cvta */
      add_cand(s, i, SP_ASM, made_mask(s, i), true);
      break;
    }
    LLVMValueRef lane_src = ptrbits_lanes_source(s->t, s->ptr_bits, i);
    if (lane_src) { /* another lane's pointer */
      add_bits_cand(s, i, SP_LANES, lane_src);
      break;
    }
    /* a pointer the host wrote, read as an integer (mem_int_pointer_load):
       read-only host memory, or a host-filled or private slot, holds it as
       it would hold the pointer (other integer uses beside: only where the
       host wrote it, as const_load and the slots the model lists say) */
    LLVMValueRef ld = LLVMGetOperand(i, 0);
    if (mem_int_pointer_load(ld, s->t->generic, s->ptr_bits, true))
      host_or_slot_load(s, i, ld); /* (not the summary: other memory's integers) */
    break;
  }
  case LLVMInsertElement:
    add_cand(s, i, SP_INSERT, 0, false);
    break;
  case LLVMExtractElement:
    add_cand(s, i, SP_EXTRACT, 0, false);
    break;
  case LLVMLoad:
    if (!generic_scalar(s, LLVMTypeOf(i)) || host_or_slot_load(s, i, i))
      break;
    if (s->sum && (s->use_sum || mem_module_object(s->mem, LLVMGetOperand(i, 0))))
      add_cand(s, i, SP_MEMLOAD, 0, false);
    break;
  case LLVMAlloca:
    if (space_made(s->t, s->ptr_bits, i) >= 0)
      add_cand(s, i, SP_ALLOCA, bit_of(s, s->t->priv), true);
    break;
  default:
    break;
  }
}

static void collect_op(Space *s, LLVMValueRef i, LLVMOpcode op) {
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
    if (!mi) { /* a by-value argument: the call copies what it points to */
      for (unsigned k = 0, n = LLVMGetNumArgOperands(i); k < n; k++)
        if (generic_ptr(s, LLVMTypeOf(LLVMGetOperand(i, k))) && ir_arg_byval(i, k)) {
          vec_push(&s->ops, i);
          break;
        }
      break;
    }
    for (int k = 0; k < 2; k++)
      if (mi->ptr_args[k] >= 0 &&
          generic_ptr(s, LLVMTypeOf(LLVMGetOperand(i, (unsigned)mi->ptr_args[k])))) {
        vec_push(&s->ops, i);
        break;
      }
    break;
  }
  case LLVMICmp:
    if (generic_ptr(s, LLVMTypeOf(LLVMGetOperand(i, 0))))
      vec_push(&s->ops, i);
    break;
  case LLVMAddrSpaceCast:
    if (generic_ptr(s, LLVMTypeOf(LLVMGetOperand(i, 0))) &&
        tgt_is_space(s->t, ir_ptr_as(LLVMTypeOf(i))))
      vec_push(&s->ops, i);
    break;
  default:
    break;
  }
}

/* Could an analysis without env or summary give some value of fn a named
   space or the null?  Not when fn has none of collect's sources: no
   parameter the target names or whose memory the model reads (byval,
   byref, field facts), no cast, alloca, inttoptr or pointer loaded, and no
   pointer constant among the operands (a callee aside).  Then every
   generic pointer of fn is unknown and nothing is rewritten: infer skips
   the analysis.  A cheap, one-walk test; false whenever in doubt. */
static bool ptr_or_vector(LLVMTypeRef t) {
  LLVMTypeKind kind = LLVMGetTypeKind(t);
  return kind == LLVMPointerTypeKind || kind == LLVMVectorTypeKind;
}

bool space_names_nothing(const Space *s, LLVMValueRef fn) {
  if (s->sum)
    return false;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      LLVMOpcode op = LLVMGetInstructionOpcode(i);
      switch (op) {
      case LLVMAlloca:
      case LLVMAddrSpaceCast:
      case LLVMIntToPtr:
        return false;
      case LLVMLoad:
        if (ptr_or_vector(LLVMTypeOf(i)))
          return false;
        break;
      default:
        break;
      }
      int n = LLVMGetNumOperands(i) - (op == LLVMCall || op == LLVMInvoke || op == LLVMCallBr);
      for (int o = 0; o < n; o++) {
        LLVMValueRef v = LLVMGetOperand(i, (unsigned)o);
        if (v && LLVMIsAConstant(v) && ptr_or_vector(LLVMTypeOf(v)))
          return false;
      }
    }
  unsigned np = LLVMCountParams(fn);
  for (unsigned k = 0; k < np; k++) {
    if (has_attr(fn, k + 1, s->byval_kind) || has_attr(fn, k + 1, s->byref_kind))
      return false;
    if (generic_scalar(s, LLVMTypeOf(LLVMGetParam(fn, k))) &&
        tgt_param_space(s->t, fn, k) != LAT_GENERIC)
      return false;
  }
  MemFieldFact *facts = NULL;
  size_t nf = schema_fields_get(fn, &facts);
  free(facts);
  return nf == 0;
}

static void collect(Space *s) {
  unsigned n = LLVMCountParams(s->fn);
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef p = LLVMGetParam(s->fn, k);
    if (!generic_scalar(s, LLVMTypeOf(p)))
      continue;
    int l = tgt_param_space(s->t, s->fn, k);
    if (l != LAT_GENERIC)
      ;
    else if (has_attr(s->fn, k + 1, s->byval_kind) || has_attr(s->fn, k + 1, s->byref_kind))
      continue;
    else if (s->env && s->env->param_lat)
      l = s->env->param_lat(s->env->arg, s->fn, k);
    if (l != LAT_GENERIC)
      add_cand(s, p, SP_ARG, lat_mask(s, l), true);
  }
  mem_function(s->mem, s->fn, &s->rpo);
  size_t ns = mem_slot_count(s->mem);
  while (s->slot_loads.n < ns) {
    s->slot_loads.n++;
    vec_grow(&s->slot_loads, s->slot_loads.n);
    s->slot_loads.v[s->slot_loads.n - 1] = (SpU32Vec){.pool = &s->pool};
  }
  for (size_t k = 0; k < ns; k++)
    s->slot_loads.v[k].n = 0;
  for (size_t bi = 0; bi < s->rpo.n; bi++)
    for (LLVMValueRef i = LLVMGetFirstInstruction(s->rpo.v[bi]); i;
         i = LLVMGetNextInstruction(i)) {
      LLVMOpcode op = LLVMGetInstructionOpcode(i);
      if (generic_ptr(s, LLVMTypeOf(i)))
        collect_value(s, i, op);
      collect_op(s, i, op);
    }
}

/* ---- phase 3: the fixed point ------------------------------------------ */

/* The set of a global variable's address in the generic space: global
   where the target keeps such variables in global memory (NVPTX's string
   literals, clang's generic-space variables), else unknown. */
static uint32_t generic_var_mask(const Space *s, LLVMValueRef v) {
  return LLVMIsAGlobalVariable(v) && s->t->generic_vars_global &&
                 ir_ptr_as(LLVMTypeOf(v)) == s->t->generic
             ? bit_of(s, s->t->global)
             : SP_UNKNOWN;
}

/* The set of a constant; *is_null for a null pointer. */
static uint32_t const_mask(const Space *s, LLVMValueRef c, bool *is_null) {
  if (LLVMIsAConstantPointerNull(c) || LLVMIsAConstantAggregateZero(c)) {
    if (s->null_valid)
      return SP_UNKNOWN; /* generic address 0 is memory of some space */
    *is_null = true;
    return SP_NULL;
  }
  if (LLVMIsAUndefValue(c)) /* poison is an undef value too */
    return 0;
  int as = ir_ptr_as(LLVMTypeOf(c));
  if (as != s->t->generic && tgt_is_space(s->t, as))
    return bit_of(s, as); /* a named pointer: a constant GEP of a variable */
  if (LLVMIsAConstantVector(c)) { /* a vector of pointers: its lanes' join */
    uint32_t m = 0;
    for (unsigned k = 0, n = (unsigned)LLVMGetNumOperands(c); k < n; k++)
      m |= const_mask(s, LLVMGetOperand(c, k), &(bool){false});
    *is_null = m == SP_NULL; /* null (or undefined) in every lane */
    return m;
  }
  if (LLVMIsAConstantExpr(c)) {
    switch (LLVMGetConstOpcode(c)) {
    case LLVMAddrSpaceCast:
      return made_mask(s, c);
    case LLVMGetElementPtr:
    case LLVMBitCast:
      return const_mask(s, LLVMGetOperand(c, 0), is_null);
    case LLVMIntToPtr: { /* the constant form of a no-op pair */
      if (!ptrbits_noop_i2p(s->t, s->ptr_bits, c))
        return SP_UNKNOWN;
      LLVMValueRef p = LLVMGetOperand(LLVMGetOperand(c, 0), 0);
      return ir_ptr_as(LLVMTypeOf(p)) == s->t->generic ? space_mask(s, p, is_null)
                                                       : made_mask(s, c);
    }
    default:
      break;
    }
  }
  return generic_var_mask(s, c);
}

uint32_t space_mask(const Space *s, LLVMValueRef v, bool *is_null) {
  bool dummy;
  if (!is_null)
    is_null = &dummy;
  *is_null = false;
  uint32_t k = map_find(&s->id, v);
  if (k != MAP_NONE)
    return s->c.v[k].mask;
  if (LLVMIsAConstant(v) && !LLVMIsAGlobalValue(v))
    return const_mask(s, v, is_null);
  int as = ir_ptr_as(LLVMTypeOf(v));
  if (tgt_is_space(s->t, as))
    return bit_of(s, as); /* already a named pointer */
  return generic_var_mask(s, v);
}

int space_lat(const Space *s, LLVMValueRef v, bool *is_null) {
  return space_mask_lat(s, space_mask(s, v, is_null));
}

void space_each_input(const Space *s, uint32_t k, SpaceInputFn fn, void *arg) {
  const SpVal *c = &s->c.v[k];
  LLVMValueRef v = c->v;
  switch ((SpKind)c->kind) {
  case SP_GEP:
  case SP_BITCAST:
  case SP_FREEZE:
  case SP_PTRMASK:
  case SP_EXTRACT:
    fn(LLVMGetOperand(v, 0), arg);
    break;
  case SP_INSERT:
    if (fn(LLVMGetOperand(v, 0), arg))
      fn(LLVMGetOperand(v, 1), arg);
    break;
  case SP_I2P:
  case SP_LANES:
    fn(s->bits.v[c->slot].src, arg);
    break;
  case SP_PHI: {
    /* a value from an unreachable predecessor never arrives */
    unsigned n = LLVMCountIncoming(v);
    for (unsigned i = 0; i < n; i++)
      if (map_get(&s->reach, LLVMGetIncomingBlock(v, i), NULL) &&
          !fn(LLVMGetIncomingValue(v, i), arg))
        break;
    break;
  }
  case SP_SELECT:
    if (fn(LLVMGetOperand(v, 1), arg))
      fn(LLVMGetOperand(v, 2), arg);
    break;
  case SP_SLOTLOAD: {
    size_t n;
    const LLVMValueRef *stored = mem_slot_stored(s->mem, (uint32_t)c->slot, &n);
    for (size_t i = 0; i < n; i++)
      if (!fn(stored[i], arg))
        break;
    break;
  }
  default:
    break;
  }
}

typedef struct Join {
  const Space *s;
  uint32_t mask;
} Join;

static bool join_input(LLVMValueRef in, void *arg) {
  Join *j = arg;
  j->mask |= space_mask(j->s, in, NULL);
  return true;
}

/* Bits of a pointer in space as (its index width). */
unsigned space_ptr_bits(const Space *s, int as) {
  return 8 * LLVMPointerSizeForAS(LLVMGetModuleDataLayout(s->m), (unsigned)as);
}

/* llvm.ptrmask(p, mask) in space as is the same pointer only if the mask
   keeps every bit above as's width (known_ones: a constant, `or`s,
   `!range`): a narrower pointer (AMDGPU LDS and scratch, NVPTX short
   pointers) is the low bits of the generic one, and a mask clearing the
   high bits moves the generic pointer out of the space's window.  The
   rewriter's twin then takes the mask's low bits. */
/* Bits of integer v (at most 64 wide) known to be 1: a constant, an `or`
   or `and` of such, a value with `!range` metadata (the leading bits every
   value of each range shares).  0 when nothing is known. */
static unsigned long long known_ones(LLVMValueRef v, unsigned depth) {
  if (LLVMIsAConstantInt(v))
    return LLVMConstIntGetZExtValue(v);
  if (depth > 4 || !LLVMIsAInstruction(v))
    return 0;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMOr:
    return known_ones(LLVMGetOperand(v, 0), depth + 1) | known_ones(LLVMGetOperand(v, 1), depth + 1);
  case LLVMAnd:
    return known_ones(LLVMGetOperand(v, 0), depth + 1) & known_ones(LLVMGetOperand(v, 1), depth + 1);
  case LLVMLoad:
  case LLVMCall:
    break;
  default:
    return 0;
  }
  LLVMValueRef md =
      LLVMGetMetadata(v, LLVMGetMDKindIDInContext(LLVMGetTypeContext(LLVMTypeOf(v)), "range", 5));
  unsigned n = md ? LLVMGetMDNodeNumOperands(md) : 0;
  if (!n || n % 2)
    return 0;
  LLVMValueRef *ops = xmalloc(n * sizeof *ops);
  LLVMGetMDNodeOperands(md, ops);
  unsigned long long ones = ~0ull;
  for (unsigned k = 0; k < n; k += 2) {
    if (!ops[k] || !ops[k + 1] || !LLVMIsAConstantInt(ops[k]) || !LLVMIsAConstantInt(ops[k + 1])) {
      ones = 0;
      break;
    }
    /* [lo, hi): lo..hi-1 unsigned; a range that wraps holds 0 */
    unsigned long long lo = LLVMConstIntGetZExtValue(ops[k]);
    unsigned long long last = LLVMConstIntGetZExtValue(ops[k + 1]) - 1;
    unsigned width = LLVMGetIntTypeWidth(LLVMTypeOf(ops[k]));
    if (width < 64)
      last &= (1ull << width) - 1;
    if (last < lo) {
      ones = 0;
      break;
    }
    unsigned long long diff = lo ^ last, same = ~0ull;
    while (diff) { /* clear every bit at or below diff's highest */
      same <<= 1;
      diff >>= 1;
    }
    ones &= lo & same;
  }
  free(ops);
  return ones;
}

static bool ptrmask_fits(const Space *s, LLVMValueRef call, int as) {
  LLVMValueRef mask = LLVMGetOperand(call, 1);
  LLVMTypeRef mt = LLVMTypeOf(mask);
  bool vec = LLVMGetTypeKind(mt) == LLVMVectorTypeKind;
  unsigned w = space_ptr_bits(s, as), mw = LLVMGetIntTypeWidth(vec ? LLVMGetElementType(mt) : mt);
  if (w >= mw)
    return true;
  if (vec || mw > 64)
    return false;
  unsigned long long v = known_ones(mask, 0);
  unsigned long long high = (mw == 64 ? ~0ull : (1ull << mw) - 1) & ~((1ull << w) - 1);
  return (v & high) == high;
}

/* What slot held when the function started (the host's global pointers, a
   caller's field fact): its bit, or 0. */
static uint32_t entry_bit(const Space *s, uint32_t slot) {
  int as = mem_slot_entry(s->mem, slot);
  return as >= 0 ? bit_of(s, as) : 0;
}

static uint32_t eval(const Space *s, uint32_t k) {
  const SpVal *c = &s->c.v[k];
  if (c->fixed)
    return c->mask;
  Join j = {s, 0};
  space_each_input(s, k, join_input, &j);
  if (c->kind == SP_SLOTLOAD)
    j.mask |= entry_bit(s, (uint32_t)c->slot);
  if (c->kind == SP_MEMLOAD) /* what the memory it reads may hold */
    j.mask = mem_summary_read(s->sum, space_mask(s, LLVMGetOperand(c->v, 0), NULL),
                              LLVMGetOperand(c->v, 0));
  if (c->kind == SP_PTRMASK) {
    int l = space_mask_lat(s, j.mask);
    if (l >= 0 && !ptrmask_fits(s, c->v, l))
      j.mask |= SP_UNKNOWN;
  }
  return j.mask;
}

static void enqueue(Space *s, uint32_t k) {
  if (!s->c.v[k].queued && !s->c.v[k].fixed) {
    s->c.v[k].queued = true;
    vec_push(&s->work, k);
  }
}

static void enqueue_users(Space *s, LLVMValueRef v) {
  for (uint32_t b = map_find(&s->bits_of, v); b != MAP_NONE; b = s->bits.v[b].next)
    enqueue(s, s->bits.v[b].cand); /* the pointers made of v's bits */
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    uint32_t k = map_find(&s->id, user);
    if (k != MAP_NONE)
      enqueue(s, k);
    /* a store of v, or a call passing v to a callee that stores it into
       a modelled aggregate (memory.c, writes_fields) */
    if ((LLVMIsAStoreInst(user) && LLVMGetOperand(user, 0) == v) || LLVMIsACallInst(user)) {
      size_t ns;
      const uint32_t *slots = mem_store_slots(s->mem, user, &ns);
      for (size_t k = 0; k < ns; k++)
        for (size_t l = 0; l < s->slot_loads.v[slots[k]].n; l++)
          enqueue(s, s->slot_loads.v[slots[k]].v[l]);
    }
  }
}

/* Counts a re-visit of candidate k against its block; true when the block
   went over the cap (the function is then left unchanged). */
static bool over_cap(Space *s, uint32_t k) {
  SpVal *c = &s->c.v[k];
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

static void solve(Space *s) {
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
    uint32_t old = s->c.v[k].mask, nw = old | eval(s, k);
    if (nw != old) {
      s->c.v[k].mask = nw;
      enqueue_users(s, s->c.v[k].v);
    }
  }
}

/* ---- why ---------------------------------------------------------------- */

static unsigned named_count(uint32_t m) { return (unsigned)__builtin_popcount(m & SP_NAMED); }

typedef struct Step {
  Space *s;
  uint32_t want; /* SP_UNKNOWN, or SP_NAMED for "two spaces or more" */
  LLVMValueRef next;
} Step;

static bool carries(const Step *st, uint32_t m) {
  return st->want == SP_UNKNOWN ? (m & SP_UNKNOWN) != 0 : named_count(m) >= 2;
}

static bool find_step(LLVMValueRef in, void *arg) {
  Step *st = arg;
  if (map_get(&st->s->seen, in, NULL) || !carries(st, space_mask(st->s, in, NULL)))
    return true;
  st->next = in;
  return false;
}

SpaceWhy space_explain(Space *s, LLVMValueRef v) {
  SpaceWhy w = {.mask = space_mask(s, v, NULL), .at = v};
  if (named_count(w.mask) < 2 && !(w.mask & SP_UNKNOWN)) {
    w.cause = !(w.mask & SP_NAMED) ? SPW_NONE : SPW_ONE;
    return w;
  }
  Step st = {s, named_count(w.mask) >= 2 ? SP_NAMED : SP_UNKNOWN, NULL};
  w.cause = st.want == SP_UNKNOWN ? SPW_SOURCE : SPW_MERGE;
  map_clear(&s->seen);
  LLVMValueRef cur = v;
  for (;;) {
    map_put(&s->seen, cur, 1);
    uint32_t k = map_find(&s->id, cur);
    if (k == MAP_NONE || s->c.v[k].fixed)
      break; /* a source */
    if (s->c.v[k].kind == SP_SLOTLOAD)
      w.via_slot = true;
    st.next = NULL;
    space_each_input(s, k, find_step, &st);
    if (!st.next)
      break; /* the merge, or the value that brought SP_UNKNOWN in */
    cur = st.next;
  }
  w.at = cur;
  w.mask = space_mask(s, cur, NULL);
  return w;
}

/* ---- entry -------------------------------------------------------------- */

Space *space_new(const TgtTable *t, LLVMModuleRef m, SpaceNums *nums) {
  Space *s = xcalloc(1, sizeof *s);
  s->t = t;
  s->m = m;
  s->mem = mem_new(t);
  s->ptr_bits = 8 * LLVMPointerSizeForAS(LLVMGetModuleDataLayout(m), (unsigned)t->generic);
  s->byval_kind = LLVMGetEnumAttributeKindForName("byval", 5);
  s->byref_kind = LLVMGetEnumAttributeKindForName("byref", 5);
  s->ptrmask_id = LLVMLookupIntrinsicID("llvm.ptrmask", 12);
  s->const_loads_global = tgt_const_memory_global(t, m);
  s->nums = nums;
  pool_bind(&s->c, &s->pool);
  pool_bind(&s->id, &s->pool);
  pool_bind(&s->reach, &s->pool);
  pool_bind(&s->rpo, &s->pool);
  pool_bind(&s->slot_loads, &s->pool);
  pool_bind(&s->ops, &s->pool);
  pool_bind(&s->work, &s->pool);
  pool_bind(&s->visits, &s->pool);
  pool_bind(&s->seen, &s->pool);
  pool_bind(&s->bits, &s->pool);
  pool_bind(&s->bits_of, &s->pool);
  return s;
}

static void reset(Space *s) {
  s->c.n = s->ops.n = s->work.n = s->bits.n = 0;
  s->capped = false;
  map_clear(&s->id);
  map_clear(&s->bits_of);
  map_clear(&s->reach);
  map_clear(&s->visits);
}

void space_free(Space *s) {
  if (!s)
    return;
  mem_free(s->mem);
  pool_release(&s->pool);
  free(s);
}

void space_use_summary(Space *s, const MemSummary *ms) {
  assert((!ms || mem_summary_nums(ms) == s->nums) && "one numbering per run");
  s->sum = ms;
}

uint32_t space_set_of(void *arg, LLVMValueRef v) { return space_mask(arg, v, NULL); }

bool space_analyse(Space *s, LLVMValueRef fn, const SpaceEnv *env) {
  s->fn = fn;
  s->null_valid = ir_null_is_valid(fn);
  reset(s);
  s->use_sum = s->sum && !world_outside_callers(s->t, fn);
  s->env = env;
  ir_rpo(fn, &s->reach, &s->rpo);
  collect(s);
  solve(s);
  s->env = NULL;
  return !s->capped;
}

size_t space_count(const Space *s) { return s->c.n; }

const SpVal *space_val(const Space *s, uint32_t k) { return &s->c.v[k]; }

uint32_t space_id(const Space *s, LLVMValueRef v) { return map_find(&s->id, v); }

bool space_reachable(const Space *s, LLVMBasicBlockRef bb) {
  return map_get(&s->reach, bb, NULL) != 0;
}

const ValVec *space_ops(const Space *s) { return &s->ops; }

size_t space_slots(const Space *s) { return mem_slot_count(s->mem); }

uint32_t space_field(Space *s, LLVMValueRef region, int64_t off, int64_t stride) {
  uint32_t si = mem_field_slot(s->mem, region, off, stride);
  if (si == MAP_NONE)
    return SP_UNKNOWN;
  size_t n;
  const LLVMValueRef *stored = mem_slot_stored(s->mem, si, &n);
  uint32_t mask = 0;
  for (size_t i = 0; i < n; i++) {
    bool is_null = false;
    uint32_t m = space_mask(s, stored[i], &is_null);
    mask |= is_null ? SP_NULL : m;
  }
  return mask | entry_bit(s, si);
}

LLVMValueRef space_writer(const Space *s, LLVMValueRef load, unsigned bit, bool *host) {
  *host = false;
  uint32_t k = map_find(&s->id, load);
  if (k == MAP_NONE)
    return NULL;
  const SpVal *c = &s->c.v[k];
  if (c->kind == SP_MEMLOAD)
    return mem_summary_writer(s->sum, space_mask(s, LLVMGetOperand(load, 0), NULL), bit, host);
  if (c->kind != SP_SLOTLOAD)
    return NULL;
  size_t n;
  const LLVMValueRef *stored = mem_slot_stored(s->mem, (uint32_t)c->slot, &n);
  const LLVMValueRef *writers = mem_slot_writers(s->mem, (uint32_t)c->slot);
  for (size_t i = 0; i < n; i++)
    if (space_mask(s, stored[i], NULL) & (1u << bit))
      return writers[i];
  *host = mem_slot_host(s->mem, (uint32_t)c->slot);
  return NULL;
}
