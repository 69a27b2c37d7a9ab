/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* memsummary.c — the memory summary: what global, local, ... memory may
 * hold, and what each module-private variable holds.  (Analysis; memfix.c
 * drives its fixed point, membits.c records each function into it,
 * memory.c is the finer model of private aggregates.)
 *
 * For memory outside private aggregates: per memory space (a bit of the
 * space analysis' sets), the spaces of every pointer the program may store
 * there.  A pointer loaded from memory of set D gets the union over D.
 * Recorded per function (mem_summary_function) from the space analysis'
 * sets of the values involved, until nothing grows (memsum.c):
 *
 *   store / atomicrmw xchg / cmpxchg of a generic pointer v at address p:
 *       held[set(p)] |= set(v); of a pointer in a space S: |= S; of an
 *       aggregate or vector holding generic pointers: |= unknown; of any
 *       other value: |= the pointer bits it may carry (below)
 *   memcpy/memmove(d, s):  held[set(d)] |= what memory set(s) holds
 *   memset(d):             held[set(d)] |= null
 *   a byval argument a:    held[private] |= what memory set(a) holds (the
 *                          callee's copy)
 *   an address of unknown space (set has "unknown"): every memory
 *   ptrtoint of p whose integer may reach memory or a call (through
 *       integer arithmetic), or a ptrtoint constant expression any
 *       instruction uses: p's bits may come back as a pointer from any
 *       memory ("exposed")
 *   an intrinsic with a vector of pointers among its operands (masked or
 *       vector-predicated stores and scatters): those pointers are exposed
 *       and any memory may then hold anything; its scalar pointers are
 *       addresses, and other intrinsics write no pointers
 *   a call to code gasp cannot see (a declaration that may keep or write
 *       pointers, an indirect call, inline assembly): every pointer
 *       argument is exposed, and the memory it points into may then hold
 *       anything; a known-harmless declaration (casts.c: builtins that only
 *       use the pointers they get) may copy pointers between the memories
 *       of its pointer arguments
 *
 * The host writes global pointers into global and constant memory (kernel
 * arguments, buffers): the caller seeds that (mem_summary_store).
 *
 * Pointer bits, not pointer types.  A pointer's bits copied as data (an
 * i64, a double, a <2 x i64>, bytes in a loop, an integer atomic
 * exchange) and stored elsewhere are that pointer when loaded back as one.
 * So every value a store writes carries a set of spaces: the union, over
 * what it is computed from (any instruction but a comparison: casts,
 * arithmetic, vectors, aggregates, phis, selects), of its leaves —
 *   a load, atomicrmw, cmpxchg or memory-reading intrinsic from p:
 *       what memory set(p) holds (the load reads those bits)
 *   ptrtoint q (instruction or constant): set(q)
 *   parameter k of f: carried[f][k], what f's direct calls pass there
 *       (and what any indirect call passes anywhere; and, for a function
 *       outside code may call, the exposed set)
 *   the result of a direct call of f: carried[f][ret], what f returns
 *   the result of a declaration: what its arguments carry and what the
 *       memory they point into holds (a declaration that may keep
 *       pointers: what any memory holds) and the exposed set (what outside
 *       code was shown; a module-private variable's own set needs it).
 * The sinks: a store's value (held[set(p)]), a return (carried[f][ret]),
 * an argument of a direct call (carried[callee][k]), of an indirect call
 * or unknown code (exposed, and every parameter), of a memory-writing
 * intrinsic (the memory of its pointer operands).  What each value
 * carries is one table per function and round (membits.c), computed
 * forward until it settles; one that does not settle in 64 passes answers
 * unknown.  What unknown code gets back of every parameter is one running
 * union (carried_union), not a loop over all of them per call.
 */
#include "analysis/memsummary.h"

#include <string.h>

static unsigned kind_index(unsigned bit) {
  return bit < SP_NBITS ? bit : bit == 29 ? SP_NBITS : SP_NBITS + 1;
}

MemSummary *mem_summary_new(const TgtTable *t, SpaceNums *nums) {
  MemSummary *ms = xcalloc(1, sizeof(MemSummary));
  ms->t = t;
  ms->nums = nums;
  pool_bind(&ms->fn_at, &ms->pool);
  pool_bind(&ms->carried, &ms->pool);
  pool_bind(&ms->carried_ep, &ms->pool);
  pool_bind(&ms->carried_seen, &ms->pool);
  pool_bind(&ms->carried_reads, &ms->pool);
  pool_bind(&ms->objects, &ms->pool);
  pool_bind(&ms->obj_at, &ms->pool);
  pool_bind(&ms->obj_held, &ms->pool);
  pool_bind(&ms->asm_at, &ms->pool);
  pool_bind(&ms->asm_fx, &ms->pool);
  return ms;
}

void mem_summary_free(MemSummary *ms) {
  if (!ms)
    return;
  pool_release(&ms->pool);
  free(ms);
}

SpaceNums *mem_summary_nums(const MemSummary *ms) { return ms->nums; }

void mem_summary_grow(MemSummary *ms, uint32_t *at, uint32_t val) {
  uint32_t add = val & ~*at;
  if (!add)
    return;
  LLVMValueRef *first = at == &ms->anywhere ? ms->first_any
                        : at == &ms->exposed ? ms->first_exposed
                                             : ms->first_held[at - ms->held];
  for (unsigned b = 0; b < 32; b++)
    if (add & (1u << b) && (b < SP_NBITS || b == 29 || b == 30))
      first[kind_index(b)] = ms->at;
  *at |= val;
  mem_summary_changed(ms, at == &ms->anywhere  ? MS_PART_ANY
                          : at == &ms->exposed ? MS_PART_EXPOSED
                                               : (unsigned)(at - ms->held));
}

LLVMValueRef mem_summary_writer(const MemSummary *ms, uint32_t src, unsigned bit, bool *host) {
  unsigned k = kind_index(bit);
  *host = false;
  for (unsigned b = 0; b < SP_NBITS; b++)
    if (((src & SP_UNKNOWN) || (src & (1u << b))) && (ms->held[b] & (1u << bit))) {
      *host = !ms->first_held[b][k];
      return ms->first_held[b][k];
    }
  if (ms->anywhere & (1u << bit))
    return ms->first_any[k];
  return ms->first_exposed[k];
}

void mem_summary_store(MemSummary *ms, uint32_t dest, uint32_t val) {
  if (!val)
    return;
  if (dest & SP_UNKNOWN)
    mem_summary_grow(ms, &ms->anywhere, val);
  for (unsigned b = 0; b < SP_NBITS; b++)
    if (dest & (1u << b))
      mem_summary_grow(ms, &ms->held[b], val);
}

void mem_summary_write(MemSummary *ms, uint32_t dest, LLVMValueRef addr, uint32_t val) {
  mem_summary_store(ms, dest, val);
  LLVMValueRef obj = val ? mem_object_of(ms->t, &ms->objects, addr) : NULL;
  if (!obj)
    return;
  uint32_t k = map_find(&ms->obj_at, obj);
  if (k == MAP_NONE) {
    k = (uint32_t)ms->obj_held.n;
    map_put(&ms->obj_at, obj, k);
    vec_push(&ms->obj_held, 0u);
  }
  if (val & ~ms->obj_held.v[k]) {
    ms->obj_held.v[k] |= val;
    mem_summary_changed(ms, MS_PART_OBJECTS);
  }
}

uint32_t mem_summary_read(const MemSummary *cms, uint32_t src, LLVMValueRef addr) {
  MemSummary *ms = (MemSummary *)cms; /* the objects' answers are memoised */
  LLVMValueRef obj = mem_object_of(ms->t, &ms->objects, addr);
  if (!obj)
    return mem_summary_load(ms, src);
  mem_summary_reads(ms, MS_PART_OBJECTS);
  uint32_t k = map_find(&ms->obj_at, obj);
  return k == MAP_NONE ? 0 : ms->obj_held.v[k]; /* nothing written: undef */
}

/* Memory of an unknown space is one of the spaces: every write the module
   makes is in the summary (private memory too: a store into an alloca adds
   to held[private]; the slots of private aggregates are a finer view of
   the same stores), the host's and the initializers' are seeded, and what
   outside code may write is the exposed set.  (The fuzz-diff campaign's
   --check-as runs compare it against execution.) */
uint32_t mem_summary_load(const MemSummary *ms, uint32_t src) {
  uint32_t r = ms->anywhere | ms->exposed;
  mem_summary_reads(ms, MS_PART_ANY);
  mem_summary_reads(ms, MS_PART_EXPOSED);
  for (unsigned b = 0; b < SP_NBITS; b++)
    if ((src & SP_UNKNOWN) || (src & (1u << b))) {
      r |= ms->held[b];
      mem_summary_reads(ms, b);
    }
  return r;
}

uint64_t mem_summary_begin_visit(MemSummary *ms) {
  ms->reads = 0;
  ms->visit++;
  ms->carried_reads.n = 0;
  return ms->epoch;
}

uint64_t mem_summary_visit_reads(const MemSummary *ms) { return ms->reads; }

const uint32_t *mem_summary_visit_carried(const MemSummary *ms, size_t *n) {
  *n = ms->carried_reads.n;
  return ms->carried_reads.v;
}

bool mem_summary_grew_since(const MemSummary *ms, uint64_t reads, const uint32_t *carried,
                            size_t ncarried, uint64_t began) {
  for (unsigned p = 0; p < MS_PARTS; p++)
    if ((reads >> p & 1) && ms->part_ep[p] > began)
      return true;
  for (size_t k = 0; k < ncarried; k++)
    if (ms->carried_ep.v[carried[k]] > began)
      return true;
  return false;
}

/* ---- module-private objects ----------------------------------------------
 * A global variable with internal or private linkage whose address never
 * leaves the module's loads and stores (OpenCL's local and program-scope
 * variables, CUDA's __shared__ arrays) can only be written by the module's
 * own code: a load from it is covered by the summary even in a function
 * that outside code may call.
 *
 * So can a kernel's static local in the workgroup space: `__shared__ T *s`
 * in a C++ template or inline kernel (HeCBench quicksort's lqsort_kernel<T>)
 * is linkonce_odr (or weak_odr), named _ZZ<the kernel's encoding>E<name>.
 * Only that kernel's body may name it, and every other translation unit's
 * copy of the kernel is the same code (the one-definition rule, which is
 * what linkonce_odr says); no outside code calls a kernel; and the
 * variable lives per block, written only by the block's own kernel.  The
 * kernel must be defined in the module (its static's writes are then all
 * here).  A variable at namespace scope, or a static of a device function
 * (which outside kernels may call), stays outside this rule.
 *
 * So is an alloca whose address never leaves loads and stores (the same
 * test): only its own function's code writes it, and a load from it reads
 * what those writes carry, not what all private memory holds.  The finer
 * model of such slots (memory.c) answers a pointer load where it can; this
 * one answers the rest, and what pointer bits an integer or a float read
 * back from the slot may carry (a random generator's state kept in a
 * functor beside a pointer, its numbers converted by an asm and stored:
 * test/memsum/slot-object.ll). */

/* Is g a static local of a kernel the module defines, in the workgroup
   space, defined here with one-definition linkage? */
static bool kernel_static(const TgtTable *t, LLVMValueRef g) {
  LLVMLinkage l = LLVMGetLinkage(g);
  if ((l != LLVMLinkOnceODRLinkage && l != LLVMWeakODRLinkage) || !LLVMGetInitializer(g) ||
      LLVMIsExternallyInitialized(g) || LLVMIsThreadLocal(g) ||
      LLVMGetPointerAddressSpace(LLVMTypeOf(g)) != (unsigned)t->local)
    return false;
  size_t n;
  const char *name = LLVMGetValueName2(g, &n);
  if (n < 4 || strncmp(name, "_ZZ", 3))
    return false;
  LLVMModuleRef m = LLVMGetGlobalParent(g);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    size_t fn;
    const char *fname = LLVMGetValueName2(f, &fn);
    /* _Z<encoding> and _ZZ<encoding>E<name>: the encoding is
       self-delimiting, so a prefix followed by E is this kernel's */
    if (fn > 2 && !strncmp(fname, "_Z", 2) && n > fn + 1 && !memcmp(name + 3, fname + 2, fn - 2) &&
        name[fn + 1] == 'E' && !LLVMIsDeclaration(f) && tgt_is_kernel(t, f))
      return true;
  }
  return false;
}

/* Every use of v (through GEPs and casts, instructions or constants) is the
   address of a load, store, atomic or memory intrinsic, or a comparison. */
static bool address_stays(LLVMValueRef v) {
  Fwd w;
  fwd_init(&w, FWD_FIFO);
  fwd_start(&w, v, place_at(0, 0));
  bool ok = true;
  for (FwdUse u; ok && fwd_next(&w, &u);) {
    LLVMValueRef user = u.user;
    v = u.v;
    switch (u.kind) {
    case FWD_GEP:
    case FWD_CAST:
      ok = u.depth < 16; /* at most 16 moves from the variable */
      if (ok)
        fwd_follow(&w, user, u.at);
      break;
    case FWD_LOAD:
    case FWD_CMP:
      break;
    case FWD_STORE:
      ok = LLVMGetOperand(user, 0) != v;
      break;
    case FWD_ATOMIC:
      ok = LLVMGetOperand(user, 0) == v && LLVMGetOperand(user, 1) != v &&
           !(ir_opcode(user) == LLVMAtomicCmpXchg && LLVMGetOperand(user, 2) == v);
      break;
    case FWD_CALL: {
      if (ir_opcode(user) != LLVMCall) {
        ok = false; /* invoke, callbr */
        break;
      }
      const IrMemIntrin *mi = ir_mem_intrin(user);
      if (!mi && !ir_is_lifetime(user))
        ok = false;
      if (mi) {
        unsigned n = LLVMGetNumArgOperands(user);
        for (unsigned k = 0; k < n && ok; k++)
          ok = !(LLVMGetOperand(user, k) == v && k != (unsigned)mi->ptr_args[0] &&
                 k != (unsigned)mi->ptr_args[1]);
      }
      break;
    }
    default:
      ok = false;
    }
  }
  fwd_free(&w);
  return ok;
}

/* The module-private variable or private slot addr points into (through
   GEPs and casts), or NULL; memo: variable or slot -> 1 an object, 0 not. */
LLVMValueRef mem_object_of(const TgtTable *t, PtrMap *memo, LLVMValueRef addr) {
  for (unsigned d = 0; d < 32; d++) {
    LLVMOpcode op = ir_opcode(addr);
    if (op != LLVMGetElementPtr && op != LLVMAddrSpaceCast && op != LLVMBitCast)
      break;
    addr = LLVMGetOperand(addr, 0);
  }
  bool slot = LLVMIsAAllocaInst(addr);
  if (!slot && !LLVMIsAGlobalVariable(addr))
    return NULL;
  uint32_t k = map_find(memo, addr);
  if (k == MAP_NONE) {
    bool own = slot; /* only the module's code names it */
    if (!own) {
      LLVMLinkage l = LLVMGetLinkage(addr);
      own = l == LLVMInternalLinkage || l == LLVMPrivateLinkage || kernel_static(t, addr);
    }
    k = own && address_stays(addr) ? 1 : 0;
    map_put(memo, addr, k);
  }
  return k == 1 ? addr : NULL;
}
