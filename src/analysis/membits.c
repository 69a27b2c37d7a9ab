/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* membits.c — pointer bits: what each instruction of a function puts into
 * the memory summary (stores, copies, calls that may keep or write
 * pointers, pointer bits carried as integers across calls and returns).
 * (Analysis; the rules are listed in memsummary.c's header, "Pointer bits,
 * not pointer types"; memfix.c calls mem_summary_function per function
 * until nothing grows.) */
#include "analysis/memsummary.h"

#include <string.h>

/* What asmfx reads of inline asm call (asm_effects), once per asm; NULL
   for any other call or an asm it cannot read. */
static const struct MsAsm *asm_fx_of(MemSummary *ms, LLVMValueRef call) {
  LLVMValueRef a = LLVMIsACallInst(call) ? LLVMGetCalledValue(call) : NULL;
  if (!a || !LLVMIsAInlineAsm(a))
    return NULL;
  uint32_t k = map_find(&ms->asm_at, a);
  if (k == MAP_NONE) {
    struct MsAsm fx = {.known = false};
    fx.known = asm_effects(ms->t, call, fx.acc, MS_ASM_ACCESSES, &fx.n, &fx.addr_only);
    k = (uint32_t)ms->asm_fx.n;
    vec_push(&ms->asm_fx, fx);
    map_put(&ms->asm_at, a, k);
  }
  return ms->asm_fx.v[k].known ? &ms->asm_fx.v[k] : NULL;
}

/* May the integer made by ptrtoint i reach memory, a call or a return
   (through integer arithmetic)?  Comparisons and pointer differences that
   stay in registers do not expose the pointer; nor does an asm asmfx reads
   (its results carry the integer's bits, and what it stores of them is
   recorded: call_bits, call_sinks). */
static bool int_escapes(MemSummary *ms, LLVMValueRef i, PtrMap *seen, unsigned depth) {
  if (depth > 64)
    return true;
  for (LLVMUseRef u = LLVMGetFirstUse(i); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (map_get(seen, user, NULL))
      continue;
    map_put(seen, user, 1);
    switch (LLVMGetInstructionOpcode(user)) {
    case LLVMICmp:
    case LLVMIntToPtr: /* a pointer again: the analysis' rules see it */
      break;
    case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMAnd: case LLVMOr: case LLVMXor:
    case LLVMShl: case LLVMLShr: case LLVMAShr: case LLVMUDiv: case LLVMSDiv:
    case LLVMURem: case LLVMSRem: case LLVMTrunc: case LLVMZExt: case LLVMSExt:
    case LLVMPHI: case LLVMSelect: case LLVMFreeze: case LLVMExtractValue:
      if (int_escapes(ms, user, seen, depth + 1))
        return true;
      break;
    case LLVMCall:
      if (!asm_fx_of(ms, user))
        return true;
      break; /* its results carry the integer's bits (call_bits) */
    default:
      return true; /* store, call, return, insertvalue, bitcast, ... */
    }
  }
  return false;
}

/* Exposes the pointers under a ptrtoint inside constant c (an integer
   constant expression an instruction uses: it may reach memory). */
static void expose_const(MemSummary *ms, LLVMValueRef c, uint32_t (*set_of)(void *, LLVMValueRef),
                         void *arg, unsigned depth) {
  if (depth > 16 || !LLVMIsAConstantExpr(c))
    return;
  if (LLVMGetConstOpcode(c) == LLVMPtrToInt) {
    mem_summary_grow(ms, &ms->exposed, set_of(arg, LLVMGetOperand(c, 0)));
    return;
  }
  int n = LLVMGetNumOperands(c);
  for (int k = 0; k < n; k++)
    expose_const(ms, LLVMGetOperand(c, (unsigned)k), set_of, arg, depth + 1);
}

/* Index of f's first entry in ms->carried (np + 1 entries, made on first
   use). */
static size_t carried_at(MemSummary *ms, LLVMValueRef f) {
  uint32_t k = map_find(&ms->fn_at, f);
  if (k != MAP_NONE)
    return k;
  k = (uint32_t)ms->carried.n;
  map_put(&ms->fn_at, f, k);
  for (unsigned i = 0; i <= LLVMCountParams(f); i++) {
    vec_push(&ms->carried, 0u);
    vec_push(&ms->carried_ep, 0u);
    vec_push(&ms->carried_seen, 0u);
  }
  return k;
}

static void grow_carried(MemSummary *ms, size_t at, uint32_t val) {
  if (val & ~ms->carried.v[at]) {
    ms->carried.v[at] |= val;
    ms->carried_ep.v[at] = ++ms->epoch;
    if (val & ~ms->carried_union) {
      ms->carried_union |= val;
      mem_summary_changed(ms, MS_PART_CARRIED_ANY);
    }
  }
}

/* A call's callee when it is a defined function called directly. */
static LLVMValueRef defined_callee(LLVMValueRef call) {
  LLVMValueRef c = LLVMGetCalledValue(call);
  return c && LLVMIsAFunction(c) && !LLVMIsDeclaration(c) && !LLVMGetIntrinsicID(c) ? c : NULL;
}

/* May an intrinsic declaration touch memory (no memory(none))?  kind: the
   `memory` attribute's (looked up once per function summarised). */
static bool intrinsic_touches_memory(LLVMValueRef decl, unsigned kind) {
  LLVMAttributeRef a = LLVMGetEnumAttributeAtIndex(decl, LLVMAttributeFunctionIndex, kind);
  return !a || LLVMGetEnumAttributeValue(a) != 0;
}

/* What each non-pointer value of one function carries (see "Pointer
   bits"): one table per mem_summary_function call, computed on the first
   question, forward over the function's instructions until no entry grows
   (phis in loops), so that asking for every store, call argument and
   return costs one pass over the function, not one walk of each value's
   whole expression cone (the walks were quadratic in the function's size
   and most of memsum's time on linked modules).  The table reads the
   summary as it stands when it is made; what grows later in the same pass
   is seen by the next round of memfix's fixed point, which ends only with
   a round in which nothing grew — where the table was exact. */
typedef struct BitsWalk {
  MemSummary *ms;
  uint32_t (*set_of)(void *, LLVMValueRef);
  void *arg;
  LLVMValueRef fn;
  PtrMap at;       /* tracked instruction of fn -> its place in the walk */
  VEC(uint32_t) bits; /* by place: the spaces its bits may carry */
  ValVec stack;    /* call_bits' operands whose bits flow through */
  bool outside;    /* outside code may call fn: its arguments hold what
                      was exposed (asked once, not per argument use) */
  bool ready;      /* bits computed for fn */
  bool overflow;   /* the table did not settle: every answer is unknown */
  unsigned memory_kind; /* the `memory` attribute's kind */
} BitsWalk;

/* The memory an asm's access a touches: the space its mnemonic names, or
   through its address argument (a pointer's set; anywhere otherwise). */
static uint32_t asm_memory(BitsWalk *w, LLVMValueRef call, const AsmAccess *a) {
  if (a->as >= 0) {
    uint32_t b = space_table_bit(w->ms->t, a->as);
    return b ? b : SP_UNKNOWN;
  }
  if (a->arg >= 0 && (unsigned)a->arg < LLVMGetNumArgOperands(call)) {
    LLVMValueRef p = LLVMGetOperand(call, (unsigned)a->arg);
    if (LLVMGetTypeKind(LLVMTypeOf(p)) == LLVMPointerTypeKind)
      return w->set_of(w->arg, p);
  }
  return SP_UNKNOWN;
}

/* What an asm asmfx reads gives back: its operands' bits (pushed; the
   pointers' sets in *mem) and what its loads read. */
static uint32_t asm_reads(BitsWalk *w, LLVMValueRef call, const struct MsAsm *fx, uint32_t mem) {
  for (unsigned i = 0; i < fx->n; i++)
    if (!fx->acc[i].write)
      mem |= mem_summary_load(w->ms, asm_memory(w, call, &fx->acc[i]));
  return mem;
}

/* The leaf set of a call result (see "Pointer bits" above); pushes the
   operands whose bits flow through. */
static uint32_t call_bits(BitsWalk *w, LLVMValueRef call) {
  LLVMValueRef callee = LLVMGetCalledValue(call);
  LLVMValueRef def = defined_callee(call);
  if (def) {
    size_t at = carried_at(w->ms, def) + LLVMCountParams(def);
    mem_summary_reads_carried(w->ms, at);
    return w->ms->carried.v[at];
  }
  bool intrin = callee && LLVMIsAFunction(callee) && LLVMGetIntrinsicID(callee);
  const struct MsAsm *fx = asm_fx_of(w->ms, call);
  uint32_t mem = 0;
  unsigned n = LLVMGetNumArgOperands(call);
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef a = LLVMGetOperand(call, k);
    if (fx && k < 64 && fx->addr_only >> k & 1)
      continue; /* an asm's address only: no data of it comes back */
    if (LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMPointerTypeKind)
      mem |= w->set_of(w->arg, a);
    else
      vec_push(&w->stack, a);
  }
  if (fx) /* an asm asmfx reads: its operands' bits, what it loads */
    return asm_reads(w, call, fx, mem);
  if (intrin)
    return intrinsic_touches_memory(callee, w->memory_kind) && mem ? mem_summary_load(w->ms, mem) : 0;
  mem_summary_reads(w->ms, MS_PART_EXPOSED);
  mem_summary_reads(w->ms, MS_PART_CARRIED_ANY);
  if (callee && LLVMIsAFunction(callee) && casts_decl_harmless(callee))
    return (mem ? mem_summary_load(w->ms, mem) : 0) | w->ms->exposed;
  /* unknown code: any memory's pointers (not the unknown bit: what it may
     read of memory gasp does not summarise was exposed to it) */
  return mem_summary_load(w->ms, SP_NAMED | mem) /* exposed included */ |
         w->ms->carried_union;
}

/* The spaces value x carries: a pointer its set, an instruction of fn its
   table entry, an argument or a constant what it holds. */
static uint32_t value_bits(BitsWalk *w, LLVMValueRef x, unsigned depth) {
  LLVMTypeRef xt = LLVMTypeOf(x);
  LLVMTypeKind tk = LLVMGetTypeKind(xt);
  if (tk == LLVMPointerTypeKind)
    return w->set_of(w->arg, x);
  if (tk == LLVMVectorTypeKind && LLVMGetTypeKind(LLVMGetElementType(xt)) == LLVMPointerTypeKind)
    return SP_UNKNOWN;
  if (LLVMIsAInstruction(x)) {
    uint32_t k = map_find(&w->at, x);
    return k == MAP_NONE ? 0 : w->bits.v[k];
  }
  if (LLVMIsAArgument(x)) { /* a parameter of fn: the operands are fn's */
    size_t at = carried_at(w->ms, w->fn) + (unsigned)ir_param_index(x); /* may grow it */
    uint32_t r = w->ms->carried.v[at] | w->ms->ind_args;
    mem_summary_reads_carried(w->ms, at);
    mem_summary_reads(w->ms, MS_PART_IND_ARGS);
    mem_summary_reads(w->ms, MS_PART_EXPOSED);
    if (w->outside)
      r |= w->ms->exposed; /* outside code passes what it was shown */
    return r;
  }
  if (!LLVMIsAConstant(x))
    return 0;
  if (LLVMIsAConstantExpr(x) && LLVMGetConstOpcode(x) == LLVMPtrToInt)
    return w->set_of(w->arg, LLVMGetOperand(x, 0));
  if (LLVMIsAConstantExpr(x) || LLVMIsAConstantVector(x) || LLVMIsAConstantStruct(x) ||
      LLVMIsAConstantArray(x)) {
    if (depth > 32)
      return SP_UNKNOWN;
    uint32_t r = 0;
    int n = LLVMGetNumOperands(x);
    for (int k = 0; k < n; k++)
      r |= value_bits(w, LLVMGetOperand(x, (unsigned)k), depth + 1);
    return r;
  }
  return 0; /* numbers */
}

/* What instruction x (not a pointer) carries, from its operands' entries. */
static uint32_t transfer(BitsWalk *w, LLVMValueRef x) {
  LLVMOpcode op = LLVMGetInstructionOpcode(x);
  switch (op) {
  case LLVMLoad:
  case LLVMAtomicRMW:
  case LLVMAtomicCmpXchg: {
    LLVMValueRef a = LLVMGetOperand(x, 0);
    uint32_t r = mem_summary_read(w->ms, w->set_of(w->arg, a), a);
    if (op != LLVMLoad)
      r |= value_bits(w, LLVMGetOperand(x, op == LLVMAtomicRMW ? 1 : 2), 0);
    return r;
  }
  case LLVMPtrToInt:
    return w->set_of(w->arg, LLVMGetOperand(x, 0));
  case LLVMICmp:
  case LLVMFCmp:
    return 0; /* a truth value */
  case LLVMCall:
  case LLVMInvoke:
  case LLVMCallBr: {
    w->stack.n = 0;
    uint32_t r = call_bits(w, x);
    for (size_t k = 0; k < w->stack.n; k++)
      r |= value_bits(w, w->stack.v[k], 0);
    w->stack.n = 0;
    return r;
  }
  default: { /* casts, arithmetic, vectors, aggregates, phi, select, ... */
    uint32_t r = 0;
    int n = LLVMGetNumOperands(x);
    for (int k = 0; k < n; k++) {
      LLVMValueRef o = LLVMGetOperand(x, (unsigned)k);
      if (o && !LLVMIsABasicBlock(o))
        r |= value_bits(w, o, 0);
    }
    return r;
  }
  }
}

/* Does instruction x make a value whose bits the table follows? */
static bool tracked(LLVMValueRef x) {
  LLVMTypeKind tk = LLVMGetTypeKind(LLVMTypeOf(x));
  return tk != LLVMVoidTypeKind && tk != LLVMPointerTypeKind && tk != LLVMLabelTypeKind &&
         tk != LLVMTokenTypeKind && tk != LLVMMetadataTypeKind;
}

#define BITS_ROUNDS 64

/* Did an instruction already visited in this round (its place at most
   x's) read x?  Then x's growth is news to it: another round. */
static bool read_before(const BitsWalk *w, LLVMValueRef x, uint32_t at) {
  for (LLVMUseRef u = LLVMGetFirstUse(x); u; u = LLVMGetNextUse(u)) {
    uint32_t k = map_find(&w->at, LLVMGetUser(u));
    if (k != MAP_NONE && k <= at)
      return true;
  }
  return false;
}

static void compute_bits(BitsWalk *w) {
  w->ready = true;
  w->outside = !world_internal(w->fn) || ir_address_taken(w->fn);
  map_reserve(&w->at, ir_count_instructions(w->fn));
  bool again = true;
  for (unsigned round = 0; again; round++) {
    if (round == BITS_ROUNDS) {
      w->overflow = true;
      return;
    }
    /* in block order every operand but a phi's back edge (or a block laid
       out after its user) is visited before its user: a round is needed
       again only when an entry grew after a reader was visited */
    again = false;
    uint32_t k = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(w->fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef x = LLVMGetFirstInstruction(bb); x; x = LLVMGetNextInstruction(x)) {
        if (!tracked(x))
          continue;
        if (round == 0) {
          map_put(&w->at, x, k);
          vec_push(&w->bits, 0u);
        }
        uint32_t now = transfer(w, x);
        if (now & ~w->bits.v[k]) {
          w->bits.v[k] |= now;
          again = again || read_before(w, x, k);
        }
        k++;
      }
  }
}

/* The spaces of the pointers whose bits value v (not a pointer) may
   carry. */
static uint32_t carried_bits(BitsWalk *w, LLVMValueRef v) {
  if (!w->ready)
    compute_bits(w);
  return w->overflow ? SP_UNKNOWN : value_bits(w, v, 0);
}

/* The sinks of carried bits other than stores (see "Pointer bits"). */
static void call_sinks(BitsWalk *w, LLVMValueRef call) {
  MemSummary *ms = w->ms;
  LLVMValueRef callee = LLVMGetCalledValue(call);
  LLVMValueRef def = defined_callee(call);
  bool intrin = callee && LLVMIsAFunction(callee) && LLVMGetIntrinsicID(callee);
  const IrMemIntrin *mi = intrin ? ir_mem_intrin(call) : NULL;
  if (intrin && ((mi && !mi->is_matrix) || ir_is_lifetime(call) ||
                 !intrinsic_touches_memory(callee, w->memory_kind)))
    return; /* memcpy & co. are modelled; others only compute (a wmma store's
               fragment is data it writes, a sink as any call's) */
  const struct MsAsm *fx = asm_fx_of(ms, call);
  if (fx) { /* an asm asmfx reads: its stores write its operands' bits or
               what it loaded, into the memory they name; nothing escapes */
    bool writes = false;
    for (unsigned i = 0; i < fx->n; i++)
      writes |= fx->acc[i].write;
    if (!writes)
      return;
    uint32_t bits = 0;
    for (unsigned k = 0, n = LLVMGetNumArgOperands(call); k < n; k++) {
      LLVMValueRef a = LLVMGetOperand(call, k);
      if (k < 64 && fx->addr_only >> k & 1)
        continue; /* an address only */
      bits |= LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMPointerTypeKind ? w->set_of(w->arg, a)
                                                                   : carried_bits(w, a);
    }
    bits = asm_reads(w, call, fx, bits);
    for (unsigned i = 0; i < fx->n; i++)
      if (fx->acc[i].write)
        mem_summary_store(ms, asm_memory(w, call, &fx->acc[i]), bits);
    return;
  }
  unsigned n = LLVMGetNumArgOperands(call);
  uint32_t mem = 0, bits = 0;
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef a = LLVMGetOperand(call, k);
    LLVMTypeKind tk = LLVMGetTypeKind(LLVMTypeOf(a));
    if (tk == LLVMPointerTypeKind) {
      mem |= w->set_of(w->arg, a);
      continue;
    }
    if (tk == LLVMLabelTypeKind || tk == LLVMMetadataTypeKind || tk == LLVMTokenTypeKind)
      continue;
    uint32_t b = carried_bits(w, a);
    if (def && k < LLVMCountParams(def))
      grow_carried(ms, carried_at(ms, def) + k, b);
    else
      bits |= b;
  }
  if (!bits)
    return;
  if (intrin || (callee && LLVMIsAFunction(callee) && casts_decl_harmless(callee))) {
    mem_summary_store(ms, mem ? mem : SP_UNKNOWN, bits); /* it may store them */
    return;
  }
  mem_summary_grow(ms, &ms->exposed, bits);
  mem_summary_store(ms, mem, bits);
  if (bits & ~ms->ind_args) {
    ms->ind_args |= bits;
    mem_summary_changed(ms, MS_PART_IND_ARGS);
  }
}

void mem_summary_function(MemSummary *ms, const TgtTable *t, LLVMValueRef fn,
                          uint32_t (*set_of)(void *arg, LLVMValueRef v), void *arg) {
  PtrMap seen;
  map_init(&seen);
  BitsWalk bw = {.ms = ms, .set_of = set_of, .arg = arg, .fn = fn,
                 .memory_kind = LLVMGetEnumAttributeKindForName("memory", 6)};
  map_init(&bw.at);
  uint32_t priv_bit = space_table_bit(t, t->priv);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      LLVMOpcode op = LLVMGetInstructionOpcode(i);
      ms->at = i;
      int nops = LLVMGetNumOperands(i);
      for (int k = 0; k < nops; k++) {
        LLVMValueRef o = LLVMGetOperand(i, (unsigned)k);
        if (o && LLVMIsAConstantExpr(o) && LLVMGetTypeKind(LLVMTypeOf(o)) != LLVMPointerTypeKind)
          expose_const(ms, o, set_of, arg, 0);
      }
      LLVMValueRef val = NULL, addr = NULL;
      if (op == LLVMStore) {
        val = LLVMGetOperand(i, 0);
        addr = LLVMGetOperand(i, 1);
      } else if (op == LLVMAtomicRMW) {
        val = LLVMGetOperand(i, 1);
        addr = LLVMGetOperand(i, 0);
      } else if (op == LLVMAtomicCmpXchg) {
        val = LLVMGetOperand(i, 2);
        addr = LLVMGetOperand(i, 0);
      }
      if (val) {
        LLVMTypeRef vt = LLVMTypeOf(val);
        int vas = LLVMGetTypeKind(vt) == LLVMPointerTypeKind ? (int)LLVMGetPointerAddressSpace(vt) : -1;
        uint32_t v = 0;
        if (vas >= 0)
          v = set_of(arg, val); /* generic: its set; a named pointer: its space */
        else if (ir_type_has_pointer(vt))
          v = SP_UNKNOWN; /* pointers inside an aggregate value */
        else
          v = carried_bits(&bw, val); /* pointer bits copied as data */
        mem_summary_write(ms, set_of(arg, addr), addr, v);
        continue;
      }
      if (op == LLVMRet && nops == 1 &&
          LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(i, 0))) != LLVMPointerTypeKind) {
        grow_carried(ms, carried_at(ms, fn) + LLVMCountParams(fn),
                     carried_bits(&bw, LLVMGetOperand(i, 0)));
        continue;
      }
      if (op == LLVMPtrToInt) {
        map_clear(&seen);
        if (int_escapes(ms, i, &seen, 0))
          mem_summary_grow(ms, &ms->exposed, set_of(arg, LLVMGetOperand(i, 0)));
        continue;
      }
      if (op != LLVMCall && op != LLVMInvoke && op != LLVMCallBr)
        continue;
      call_sinks(&bw, i);
      LLVMValueRef callee = LLVMGetCalledValue(i);
      const IrMemIntrin *mi = ir_mem_intrin(i);
      if (mi && (!strncmp(mi->name, "llvm.memcpy", 11) || !strncmp(mi->name, "llvm.memmove", 12))) {
        LLVMValueRef d = LLVMGetOperand(i, 0), src = LLVMGetOperand(i, 1);
        mem_summary_write(ms, set_of(arg, d), d, mem_summary_read(ms, set_of(arg, src), src));
        continue;
      }
      if (mi && !strncmp(mi->name, "llvm.memset", 11)) {
        LLVMValueRef d = LLVMGetOperand(i, 0);
        mem_summary_write(ms, set_of(arg, d), d, SP_NULL);
        continue;
      }
      /* a byval argument is copied into the callee's private memory */
      unsigned nargs = LLVMGetNumArgOperands(i);
      for (unsigned k = 0; k < nargs; k++)
        if (ir_arg_byval(i, k))
          mem_summary_store(ms, priv_bit ? priv_bit : SP_UNKNOWN,
                            mem_summary_load(ms, set_of(arg, LLVMGetOperand(i, k))));
      bool defined = callee && LLVMIsAFunction(callee) && !LLVMIsDeclaration(callee);
      if (defined || asm_fx_of(ms, i))
        continue; /* its body is summarised itself; an asm asmfx reads:
                     call_sinks recorded its stores */
      if (callee && LLVMIsAFunction(callee) && LLVMGetIntrinsicID(callee)) {
        /* an intrinsic's scalar pointers are addresses; a vector of
           pointers among its operands may be stored (masked.store,
           masked.scatter, vp.store): where to is not modelled */
        unsigned n = LLVMGetNumArgOperands(i);
        bool vec = false;
        uint32_t mem = 0;
        for (unsigned k = 0; k < n; k++) {
          LLVMTypeRef at = LLVMTypeOf(LLVMGetOperand(i, k));
          if (LLVMGetTypeKind(at) == LLVMVectorTypeKind &&
              LLVMGetTypeKind(LLVMGetElementType(at)) == LLVMPointerTypeKind) {
            vec = true;
            mem_summary_grow(ms, &ms->exposed, set_of(arg, LLVMGetOperand(i, k)));
          } else if (LLVMGetTypeKind(at) == LLVMPointerTypeKind) {
            mem |= set_of(arg, LLVMGetOperand(i, k));
          }
        }
        if (vec)
          mem_summary_store(ms, mem | SP_UNKNOWN, SP_UNKNOWN);
        continue;
      }
      bool harmless = callee && LLVMIsAFunction(callee) && casts_decl_harmless(callee);
      unsigned n = LLVMGetNumArgOperands(i);
      uint32_t mem = 0, ptrs = 0;
      for (unsigned k = 0; k < n; k++) {
        LLVMValueRef a = LLVMGetOperand(i, k);
        if (LLVMGetTypeKind(LLVMTypeOf(a)) != LLVMPointerTypeKind)
          continue;
        uint32_t s = set_of(arg, a);
        mem |= s;
        ptrs |= s;
      }
      if (harmless) {
        mem_summary_store(ms, mem, mem_summary_load(ms, mem));
      } else {
        mem_summary_grow(ms, &ms->exposed, ptrs);
        mem_summary_store(ms, mem, SP_UNKNOWN);
      }
    }
  map_free(&seen);
  map_free(&bw.at);
  vec_free(&bw.bits);
  vec_free(&bw.stack);
  ms->at = NULL;
}
