/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* memory.c — pointers that go through memory: the one model of what a load
 * of a pointer can return.  Its only asker is the space analysis (space.c),
 * through which infer, ipmsp, resolve and the explanations see it.  (An
 * analysis.)
 *
 * Private slots, field-sensitive.  An alloca whose address
 * never escapes — its uses, through GEPs and casts (as the base), are
 * loads, stores *into* it (never of its own address), comparisons, lifetime
 * markers, memset/memcpy/memmove into it, memcpy/memmove out of it, calls
 * to functions that only read it (readers) and calls to functions that only
 * store their own parameters or constants into it at constant offsets
 * (writers: an initializer, a constructor; their stores count as stores of
 * the caller's arguments, the call being the writer) — is a private
 * aggregate.  Every access to it is placed (a Place): at a byte offset
 * plus some multiple of a stride — the gcd of the element sizes the
 * variable indices of the GEPs on the way scale (0: a constant offset;
 * &arr[i].out in an array of 24-byte structs: 16 plus a multiple of 24;
 * a variable byte index: stride 1, anywhere).  An access aligned to A in a
 * region aligned to R, placed anywhere modulo a divisor of min(A, R), lies
 * at a multiple of min(A, R) (an array of pointers indexed at run time).
 * A load of a generic pointer reads one field, and returns what was stored
 * there; a write counts when some placement of the two overlaps:
 *
 *   - a store of a generic pointer that, wherever it overlaps the field,
 *     is exactly that field: that pointer;
 *   - a memset of 0 that, wherever it overlaps the field, covers it all:
 *     the generic null;
 *   - anything else that may write the field's bytes — an integer or float
 *     store overlapping it, a pointer stored across it or at a stride that
 *     can straddle it, memcpy into it, a memset of something else — and
 *     the load is not modelled ("loaded from memory": unknown).
 *
 * Loads at one place share a slot, and the slot lists the values written
 * there; a load whose stride is smaller than a pointer could read half of
 * two and is not modelled.  Reading memory no store wrote gives undef,
 * which fits any space.  Test: test/infer/fields-arrays.ll (arrays of
 * structs), test/fields/tasks.cl (handed to a helper by &ts[k]).
 *
 * Example (spir64, Job = { ptr addrspace(4) in, i32 n, ptr addrspace(4) out }):
 *   %j = alloca %Job                         ; fields at 0, 8, 16
 *   store ptr addrspace(4) %l, ptr %j        ; offset 0: a local pointer
 *   %f = getelementptr i8, ptr %j, i64 16
 *   store ptr addrspace(4) %g, ptr %f        ; offset 16: a global pointer
 *   store i32 7, ptr %n                      ; offset 8: no pointer field
 *   %in = load ptr addrspace(4), ptr %j      ; slot 0: {%l} -> local
 *   %out = load ptr addrspace(4), ptr %f     ; slot 1: {%g} -> global
 *
 * Writers (writes_fields): a parameter whose uses, through constant GEPs
 * and casts, are loads, lifetime markers, stores into it of one of the
 * function's generic-pointer parameters (or that parameter moved by GEPs:
 * `c->end = p + n`), a constant or a non-pointer value, a pointer the
 * function loaded from one of the struct's own fields (`c->p++`, a swap:
 * A_FIELDCOPY — a fixed point over the fields), and calls passing it to
 * another writer (4 calls deep: a C++ complete-object constructor calling
 * the base one).  A null moved by GEPs is no null: a moved constant, or a
 * moved copy of a field that may hold null, keeps the field unknown.  The
 * struct passed twice, its own address stored, or any other use in the
 * callee is an escape.  A call may hand two pointers into the aggregate
 * to two writer parameters (BitonicSortStep::sort(&s.k, &s.v)): each is
 * its writes, none of them a must (the two may write the same bytes).
 * fields.c asks the same question of a callee's
 * parameter (mem_param_writes_fields) before giving it its callers' field
 * facts.  Tests: fields/writers.ll, init.cl, ctor.test, cursor.cl,
 * writer-helpers.cl.
 *
 * Writes ordered within a block: a load whose slot holds more than one
 * pointer may see only the last write before it in its block
 * (memorder.c, mem_ordered_write).
 *
 * Host-filled arguments.  A CUDA kernel's struct argument (a generic byval
 * parameter on NVPTX, of a kernel nothing in the module calls:
 * tgt_host_filled) is modelled the same way, with one more writer before
 * the kernel starts: the host, which can only write global addresses (or
 * null).  Its slots say so (mem_slot_host); the space analysis adds global.
 * A pointer-wide integer load that inttoptr uses is such a read too
 * (mem_int_pointer_load: clang's copy of a struct holding a pointer, Thrust's
 * device_ptr in a functor; test/infer/host-filled-int.ll): of what the host
 * wrote, also where integer arithmetic uses it beside (a null test, the
 * distance of two iterators), since the inttoptr still makes what the host
 * wrote; of a private slot only where inttoptr alone uses it.
 *
 * Memory outside private aggregates (global, local, what the host fills)
 * has module-wide summaries: mem_summary_* in memsummary.c (what each
 * memory may hold) and membits.c (what each instruction puts there),
 * driven by memfix.c for the fact store.
 *
 * Tests: test/infer/slots.ll, fields.ll, fields-amdgcn.ll, fields.cl,
 * host-filled.ll and the reasons in
 * test/remarks/reasons-real.ll.
 */
#include "analysis/memmodel.h"
#include "analysis/memsummary.h"

#include <string.h>

MemModel *mem_new(const TgtTable *t) {
  MemModel *mm = xcalloc(1, sizeof *mm);
  mm->t = t;
  mm->generic = t->generic;
  fwd_init(&mm->region, FWD_FIFO | FWD_DEDUP);
  Pool *pool = &mm->pool;
  pool_bind(&mm->load_slot, pool);
  pool_bind(&mm->store_slots, pool);
  pool_bind(&mm->feeds, pool);
  pool_bind(&mm->slots, pool);
  pool_bind(&mm->acc, pool);
  pool_bind(&mm->acc_set, pool);
  pool_bind(&mm->acc_prev, pool);
  pool_bind(&mm->off_slot, pool);
  pool_bind(&mm->strided, pool);
  pool_bind(&mm->strided_slot, pool);
  pool_bind(&mm->near, pool);
  pool_bind(&mm->far, pool);
  pool_bind(&mm->objects, pool);
  pool_bind(&mm->position, pool);
  pool_bind(&mm->readers, pool);
  return mm;
}

static void forget(MemModel *mm) {
  for (size_t k = 0; k < mm->slots.n; k++) {
    vec_free(&mm->slots.v[k].stored);
    vec_free(&mm->slots.v[k].writer);
  }
  mm->slots.n = 0;
  for (size_t k = 0; k < mm->nfeeds; k++)
    mm->feeds.v[k].n = 0;
  mm->nfeeds = 0;
  map_clear(&mm->load_slot);
  map_clear(&mm->store_slots);
  map_clear(&mm->position);
  map_clear(&mm->readers);
}

void mem_free(MemModel *mm) {
  if (!mm)
    return;
  fwd_free(&mm->region);
  pool_release(&mm->pool);
  free(mm);
}

static bool generic_scalar(const MemModel *mm, LLVMTypeRef t) { return ir_is_ptr_in(t, mm->generic); }

/* Is load a pointer read as an integer: an integer as wide as a generic
   pointer that inttoptr to the generic space uses — only it, or with any
   also beside integer arithmetic (a null test, the distance of two
   iterators) — (clang's copy of a struct holding a pointer: Thrust's
   device_ptr in a functor passed by value)?  The region walk models it as
   a pointer load (any: in what the host filled only), and the space
   analysis reads its inttoptr as it reads such a load. */
bool mem_int_pointer_load(LLVMValueRef load, int generic, unsigned ptr_bits, bool any) {
  LLVMTypeRef t = LLVMTypeOf(load);
  if (!LLVMIsALoadInst(load) || LLVMGetTypeKind(t) != LLVMIntegerTypeKind ||
      LLVMGetIntTypeWidth(t) != ptr_bits)
    return false;
  bool made = false;
  for (LLVMUseRef u = LLVMGetFirstUse(load); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    bool i2p = LLVMIsAIntToPtrInst(user) && ir_is_ptr_in(LLVMTypeOf(user), generic);
    if (!i2p && !any)
      return false;
    made |= i2p;
  }
  return made;
}

/* ---- offsets ------------------------------------------------------------ */

/* The byte offset a GEP adds, when every index is a constant. */
static int64_t const_len(LLVMValueRef v) {
  if (!LLVMIsAConstantInt(v) || LLVMGetIntTypeWidth(LLVMTypeOf(v)) > 64)
    return -1;
  unsigned long long n = LLVMConstIntGetZExtValue(v);
  return n > (1ull << 40) ? -1 : (int64_t)n;
}

/* ---- one alloca --------------------------------------------------------- */

/* An access aligned to align bytes in a region aligned to region_align
   lies at a multiple of the smaller: a place known only modulo a divisor
   of that (anywhere, or an array of pointers indexed at run time) is
   known modulo it. */
static void push_access(MemModel *mm, Access a) {
  int64_t al = a.align < mm->region_align ? a.align : mm->region_align;
  if (a.at.stride > 0 && al > a.at.stride && al % a.at.stride == 0 && a.at.off == 0)
    a.at.stride = al;
  vec_push(&mm->acc_prev, map_find(&mm->acc_set, a.inst));
  map_put(&mm->acc_set, a.inst, (uint32_t)mm->acc.n);
  vec_push(&mm->acc, a);
}

static void add_access(MemModel *mm, LLVMValueRef inst, Place at, int64_t size, AccKind k) {
  Access a = {inst, k == A_PTRSTORE ? LLVMGetOperand(inst, 0) : NULL, at, {0, 0}, false, size,
              LLVMIsACallInst(inst) ? 1 : LLVMGetAlignment(inst), k, true, false};
  push_access(mm, a);
}

/* A store a writer callee makes into its aggregate parameter. */
typedef struct Write {
  int64_t off, size;
  unsigned align;
  int param;         /* the callee's parameter it stores (a generic pointer), or -1 */
  LLVMValueRef cval; /* param -1: a constant pointer stored, or NULL: a non-pointer */
  int64_t from;      /* param -1, cval NULL: a pointer loaded at this offset of
                        the aggregate (GEPs on it allowed), or -1 */
  bool moved;        /* the parameter or loaded pointer went through GEPs */
  bool must;         /* made on every path through the callee, and the only
                        write of these bytes there (walk_writer) */
  bool entry_from;   /* from >= 0: read before the callee writes anything,
                        so it is what the field held at the call */
} Write;
typedef VEC(Write) WriteVec;
static bool nested_writes(const MemModel *mm, LLVMValueRef fn, LLVMValueRef call, LLVMValueRef v,
                          int64_t off, WriteVec *w, unsigned depth);

/* The one argument position of call (to a defined callee with as many
   parameters as arguments) that holds v, or -1 (none, twice, varargs). */
static int sole_arg(LLVMValueRef call, LLVMValueRef v) {
  LLVMValueRef callee = ir_callee(call);
  unsigned n = LLVMGetNumArgOperands(call);
  if (!callee || LLVMIsDeclaration(callee) || n != LLVMCountParams(callee))
    return -1;
  int k = -1;
  for (unsigned a = 0; a < n; a++)
    if (LLVMGetOperand(call, a) == v) {
      if (k >= 0)
        return -1;
      k = (int)a;
    }
  return k;
}

/* v with GEPs (any indices: a pointer stays in its space) and bitcasts
   taken off; *moved (when given): some GEP was. */
static LLVMValueRef moved_base(LLVMValueRef v, bool *moved) {
  while (LLVMIsAGetElementPtrInst(v) || LLVMIsABitCastInst(v)) {
    if (moved && LLVMIsAGetElementPtrInst(v))
      *moved = true;
    v = LLVMGetOperand(v, 0);
  }
  return v;
}

/* The offset in parameter k's aggregate of the field base (a pointer with
   its GEPs taken off: moved_base) was loaded from: a load of a generic
   pointer through constant GEPs and casts of the parameter; -1 otherwise. */
static int64_t loaded_from(const MemModel *mm, LLVMValueRef fn, unsigned k, LLVMValueRef base) {
  if (!LLVMIsALoadInst(base) || LLVMGetVolatile(base) || !generic_scalar(mm, LLVMTypeOf(base)))
    return -1;
  int64_t off, stride;
  LLVMValueRef a = ir_base_offset(mm->td, LLVMGetOperand(base, 0), &off, &stride);
  return a == LLVMGetParam(fn, k) && !stride && off >= 0 ? off : -1;
}

/* i lies in fn's entry block: it runs whenever fn does. */
static bool in_entry(LLVMValueRef fn, LLVMValueRef i) {
  return LLVMGetInstructionParent(i) == LLVMGetEntryBasicBlock(fn);
}

/* Load l runs before fn writes any memory or calls anything (it lies in
   the entry block after nothing but other instructions): it reads what
   was there when fn was called. */
static bool reads_at_entry(LLVMValueRef fn, LLVMValueRef l) {
  if (!in_entry(fn, l))
    return false;
  for (LLVMValueRef i = LLVMGetPreviousInstruction(l); i; i = LLVMGetPreviousInstruction(i))
    if (LLVMIsAStoreInst(i) || (LLVMIsACallInst(i) && !ir_is_lifetime(i)) ||
        LLVMIsAAtomicRMWInst(i) || LLVMIsAAtomicCmpXchgInst(i))
      return false;
  return true;
}

/* Parameter k of fn is written and read through only, at constant offsets
   (an initializer, a C++ constructor's `this`): its uses, through constant
   GEPs and casts, are loads, lifetime markers and plain stores into it of a
   generic-pointer parameter of fn, a constant, a value that is not a
   pointer, or a pointer loaded from one of its own fields and moved by
   GEPs (j->p++, j->a = j->b: loaded_from), or calls passing it to another such writer (a C++ complete-object
   constructor calling the base one; at most 4 deep) with fn's parameters or
   constants as the values that one stores.  *w gets the stores.  Nothing
   else sees the address, so what the caller's aggregate holds after the
   call is what it held, or what these stores wrote, with the caller's
   arguments for fn's parameters. */
static bool writes_fields(const MemModel *mm, LLVMValueRef fn, unsigned k, WriteVec *w,
                          unsigned depth) {
  if (depth > 4 || !mem_exact_definition(fn) || LLVMGetIntrinsicID(fn) || k >= LLVMCountParams(fn))
    return false;
  Fwd fw;
  fwd_init(&fw, FWD_FIFO);
  fwd_start(&fw, LLVMGetParam(fn, k), place_at(0, 0));
  bool ok = true;
  for (FwdUse u; ok && fwd_next(&fw, &u);) {
    LLVMValueRef user = u.user, v = u.v;
    int64_t off = u.at.off;
    switch (u.kind) {
    case FWD_GEP: {
      int64_t g = ir_gep_const_offset(mm->td, user);
      ok = g != INT64_MIN && LLVMGetTypeKind(LLVMTypeOf(user)) == LLVMPointerTypeKind;
      if (ok)
        fwd_follow(&fw, user, place_at(off + g, 0));
      break;
    }
    case FWD_CAST:
      fwd_follow(&fw, user, u.at);
      break;
    case FWD_LOAD:
      break;
    case FWD_STORE: {
      LLVMValueRef val = LLVMGetOperand(user, 0);
      LLVMTypeRef t = LLVMTypeOf(val);
      Write wr = {off, (int64_t)LLVMStoreSizeOfType(mm->td, t), LLVMGetAlignment(user), -1,
                  NULL, -1, false, in_entry(fn, user), false};
      ok = LLVMGetOperand(user, 1) == v; /* into it, not of it */
      if (ok && LLVMGetTypeKind(t) == LLVMPointerTypeKind) {
        bool gen = generic_scalar(mm, t);
        LLVMValueRef base = gen ? moved_base(val, &wr.moved) : NULL;
        /* a named parameter made generic (a clone's): the caller passes
           that named pointer */
        LLVMValueRef arg = base && LLVMIsAAddrSpaceCastInst(base) &&
                                   LLVMIsAArgument(LLVMGetOperand(base, 0))
                               ? LLVMGetOperand(base, 0)
                               : base;
        if (arg && LLVMIsAArgument(arg) && (arg != base || generic_scalar(mm, LLVMTypeOf(arg)))) {
          wr.param = ir_param_index(arg); /* p, or p + n */
          ok = wr.param != (int)k;
        } else if (base && (wr.from = loaded_from(mm, fn, k, base)) >= 0) {
          /* j->p++: a field's pointer moved, or copied to another field */
          wr.entry_from = reads_at_entry(fn, base);
        } else {
          ok = gen && LLVMIsAConstant(val);
          wr.cval = val;
          wr.moved = false;
        }
      } else if (ok) {
        ok = LLVMGetTypeKind(t) != LLVMVectorTypeKind; /* no vectors of pointers */
      }
      if (ok)
        vec_push(w, wr);
      break;
    }
    case FWD_CALL:
      if (!LLVMIsACallInst(user))
        ok = false; /* invoke, callbr */
      else if (!ir_is_lifetime(user))
        ok = nested_writes(mm, fn, user, v, off, w, depth);
      break;
    default:
      ok = false;
    }
  }
  fwd_free(&fw);
  return ok;
}

/* In writer fn, call passes v (fn's aggregate at off) on: to one parameter
   of a writer whose stored values are fn's parameters or constants; its
   stores join *w in fn's terms. */
static bool nested_writes(const MemModel *mm, LLVMValueRef fn, LLVMValueRef call, LLVMValueRef v,
                          int64_t off, WriteVec *w, unsigned depth) {
  LLVMValueRef callee = ir_callee(call);
  int k = callee == fn ? -1 : sole_arg(call, v);
  WriteVec inner = {0};
  bool ok = k >= 0 && writes_fields(mm, callee, (unsigned)k, &inner, depth + 1);
  for (size_t i = 0; ok && i < inner.n; i++) {
    Write wr = inner.v[i];
    wr.must = wr.entry_from = false; /* where in fn the inner call runs is not kept */
    wr.off += off;
    if (wr.from >= 0)
      wr.from += off;
    if (wr.param >= 0) {
      LLVMValueRef arg = LLVMGetOperand(call, (unsigned)wr.param);
      wr.param = -1;
      wr.cval = NULL;
      if (LLVMIsAConstant(arg)) {
        wr.cval = arg;
        ok = !wr.moved; /* null + n: no null, nor any space's pointer */
      } else {
        wr.param = ir_param_index(arg); /* an argument used in fn: fn's */
        ok = wr.param >= 0 && arg != v;
      }
    }
    if (ok)
      vec_push(w, wr);
  }
  vec_free(&inner);
  return ok;
}

bool mem_param_writes_fields(MemModel *mm, LLVMValueRef fn, unsigned k) {
  mm->td = LLVMGetModuleDataLayout(LLVMGetGlobalParent(fn));
  WriteVec w = {0};
  bool ok = writes_fields(mm, fn, k, &w, 0);
  vec_free(&w);
  return ok;
}

/* Is call one that passes derived pointer d, once, to a writer
   (writes_fields)?  Then its stores become accesses of the region, with
   the caller's arguments as the pointers written.  Another argument into
   the region is walked as its own (BitonicSortStep::sort(&s.k, &s.v));
   walk_region then keeps none of the call's writes a must. */
static bool walk_writer(MemModel *mm, LLVMValueRef call, const FwdUse *d) {
  int k = sole_arg(call, d->v);
  if (k < 0)
    return false;
  WriteVec w = {0};
  if (!writes_fields(mm, ir_callee(call), (unsigned)k, &w, 0)) {
    vec_free(&w);
    return false;
  }
  for (size_t i = 0; i < w.n; i++) {
    const Write *wr = &w.v[i];
    bool alone = true; /* no other write of the callee's touches these bytes */
    for (size_t j = 0; j < w.n && alone; j++)
      alone = j == i || w.v[j].off >= wr->off + wr->size || wr->off >= w.v[j].off + w.v[j].size;
    LLVMValueRef val = wr->param >= 0 ? LLVMGetOperand(call, (unsigned)wr->param) : wr->cval;
    if (val && wr->moved && LLVMIsAConstant(val))
      val = NULL; /* null + n: no null, nor any space's pointer */
    Access a = {call, val, place_add(d->at, wr->off, 0), place_add(d->at, wr->from, 0),
                wr->moved, wr->size, wr->align,
                val ? A_PTRSTORE : wr->from >= 0 ? A_FIELDCOPY : A_CLOBBER,
                wr->must && alone, wr->entry_from};
    push_access(mm, a);
  }
  vec_free(&w);
  return true;
}

/* Is call, a memcpy or memmove of a constant length, one that copies into
   the region bytes the host wrote: from a host-filled parameter of the
   function (tgt_host_filled; through casts and GEPs), which the function
   only reads (readers.c, mem_param_reads_only)?  (A kernel's copy of part of its by-value functor into a
   private one it then changes: CUTLASS's TensorForEach, whose functor
   holds the TensorView the host filled and a random state it advances.) */
static bool host_bytes(MemModel *mm, LLVMValueRef call, const IrMemIntrin *mi) {
  if (strncmp(mi->name, "llvm.memcpy", 11) && strncmp(mi->name, "llvm.memmove", 12))
    return false;
  if (ir_mem_intrin_volatile(mi, call) || const_len(LLVMGetOperand(call, 2)) < 0)
    return false;
  LLVMValueRef p = ir_strip_offsets(LLVMGetOperand(call, 1));
  int k = p ? ir_param_index(p) : -1;
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
  return k >= 0 && LLVMGetParamParent(p) == fn && tgt_host_filled(mm->t, fn, (unsigned)k) &&
         mem_param_reads_only_memo(fn, (unsigned)k, &mm->readers);
}

/* A call using derived pointer d (argument k): lifetime markers; memset
   into it; memcpy/memmove into (a write: of what the host wrote when from
   a host-filled parameter, host_bytes) or out of it (a read). */
static bool walk_call(MemModel *mm, LLVMValueRef call, const FwdUse *d) {
  if (ir_is_lifetime(call) || call == mm->host_copy)
    return true; /* the host's fill: the slots say so (host) */
  if (mem_passes_to_readers(call, d->v))
    return true; /* a callee that only reads it: no write, no escape */
  if (walk_writer(mm, call, d))
    return true; /* a callee that writes fields of it: its stores */
  const IrMemIntrin *mi = ir_mem_intrin(call);
  if (!mi || (strncmp(mi->name, "llvm.memset", 11) && strncmp(mi->name, "llvm.memcpy", 11) &&
              strncmp(mi->name, "llvm.memmove", 12)))
    return false;
  bool is_set = !strncmp(mi->name, "llvm.memset", 11);
  unsigned n = LLVMGetNumArgOperands(call);
  for (unsigned k = 0; k < n; k++) {
    if (LLVMGetOperand(call, k) != d->v)
      continue;
    if (k == 1 && !is_set)
      continue; /* the source of a copy: read */
    if (k != 0)
      return false; /* a length or a value: the address escapes */
    int64_t len = const_len(LLVMGetOperand(call, 2));
    LLVMValueRef val = LLVMGetOperand(call, 1);
    bool zero = is_set && LLVMIsAConstantInt(val) && !LLVMConstIntGetZExtValue(val);
    add_access(mm, call, d->at, len,
               zero && len >= 0            ? A_NULLSTORE
               : host_bytes(mm, call, mi) ? A_HOSTFILL
                                           : A_CLOBBER);
  }
  return true;
}

/* How many of call's arguments point into the region walk w walked. */
static unsigned args_into(const Fwd *w, LLVMValueRef call) {
  unsigned n = 0;
  for (unsigned a = 0; a < LLVMGetNumArgOperands(call); a++)
    n += fwd_reached(w, LLVMGetOperand(call, a));
  return n;
}

/* Walks every use of region a (an alloca, a host-filled parameter) through
   GEPs and casts.  True when its address never escapes; collects the
   accesses with their offsets. */
static bool walk_region(MemModel *mm, LLVMValueRef a, unsigned align, bool host) {
  mm->acc.n = mm->acc_prev.n = 0;
  mm->region_align = align ? align : 1;
  map_clear(&mm->acc_set);
  map_clear(&mm->off_slot);
  mm->strided.n = mm->strided_slot.n = 0;
  mm->indexed = false;
  Fwd *w = &mm->region;
  fwd_start(w, a, place_at(0, 0));
  for (FwdUse d; fwd_next(w, &d);) {
    LLVMValueRef user = d.user;
    switch (LLVMIsAInstruction(user) ? d.kind : FWD_OTHER) {
    case FWD_GEP: {
      if (LLVMGetTypeKind(LLVMTypeOf(user)) != LLVMPointerTypeKind)
        return false; /* a vector of addresses */
      int64_t g, gs;
      fwd_follow(w, user, ir_gep_offset(mm->td, user, &g, &gs) ? place_add(d.at, g, gs)
                                                              : place_at(0, 1));
      break;
    }
    case FWD_CAST:
      fwd_follow(w, user, d.at);
      break;
    case FWD_LOAD: {
      LLVMTypeRef t = LLVMTypeOf(user);
      if (generic_scalar(mm, t) ||
          mem_int_pointer_load(user, mm->generic, 8 * (unsigned)mm->psize, host))
        add_access(mm, user, d.at, (int64_t)LLVMStoreSizeOfType(mm->td, t), A_PTRLOAD);
      break;
    }
    case FWD_STORE: {
      LLVMValueRef v = LLVMGetOperand(user, 0);
      if (v == d.v && LLVMGetOperand(user, 1) != d.v) { /* -O0: spilled, reloaded */
        ValVec re = {0};
        bool spill = mem_spill_reloads(user, v, &re);
        for (size_t r = 0; r < re.n; r++)
          fwd_follow(w, re.v[r], d.at);
        vec_free(&re);
        if (spill)
          break;
      }
      if (v == d.v || fwd_reached(w, v))
        return false; /* its own address stored: escapes */
      LLVMTypeRef t = LLVMTypeOf(v);
      add_access(mm, user, d.at, (int64_t)LLVMStoreSizeOfType(mm->td, t),
                 generic_scalar(mm, t) ? A_PTRSTORE : A_CLOBBER);
      break;
    }
    case FWD_CMP:
      break;
    case FWD_CALL:
      if (!LLVMIsACallInst(user) || !walk_call(mm, user, &d))
        return false; /* invoke, callbr; or a call that keeps it */
      break;
    default:
      return false; /* a GEP index, a phi, an atomic, a return, ... */
    }
  }
  /* a stored value derived from the alloca later in the walk: escapes */
  for (size_t k = 0; k < mm->acc.n; k++)
    if (mm->acc.v[k].kind == A_PTRSTORE && fwd_reached(w, mm->acc.v[k].val))
      return false;
  /* a writer handed two pointers into it (each argument walked as its own
     writer) may write the same bytes through both: none of its writes is
     certainly the last one there */
  for (size_t k = 0; k < mm->acc.n; k++) {
    Access *ac = &mm->acc.v[k];
    if (ac->must && LLVMIsACallInst(ac->inst) && !ir_mem_intrin(ac->inst) &&
        args_into(w, ac->inst) > 1)
      ac->must = false;
  }
  return true;
}

/* Store (or writer call) inst writes into slot si: a change of what it
   stores revisits the slot's loads (mem_store_slots). */
static void feed(MemModel *mm, LLVMValueRef inst, uint32_t si) {
  uint32_t fi = map_find(&mm->store_slots, inst);
  if (fi == MAP_NONE) {
    fi = (uint32_t)mm->nfeeds++;
    if (mm->feeds.n < mm->nfeeds) {
      SlotList none = {.pool = &mm->pool};
      vec_push(&mm->feeds, none);
    }
    mm->feeds.v[fi].n = 0;
    map_put(&mm->store_slots, inst, fi);
  }
  vec_push(&mm->feeds.v[fi], si);
}

/* The slot for loads at place at in the region being walked (new slots
   list the writes), or MAP_NONE when the field is not modelled. */
static uint32_t slot_for(MemModel *mm, Place at, bool host, int entry) {
  const void *key = mem_off_key(at.off);
  uint32_t si = MAP_NONE;
  size_t sk = 0;
  if (!at.stride)
    si = map_find(&mm->off_slot, key);
  else
    for (; sk < mm->strided.n && si == MAP_NONE; sk++)
      if (mm->strided.v[sk].off == at.off && mm->strided.v[sk].stride == at.stride)
        si = mm->strided_slot.v[sk];
  if (si != MAP_NONE)
    return si == UINT32_MAX - 1 ? MAP_NONE : si;
  MemSlot slot = {.stored = {.pool = &mm->pool}, .writer = {.pool = &mm->pool},
                  .host = host, .entry = host ? mm->t->global : entry};
  /* the places whose pointers the slot holds: at, and the fields a
     writer's field copies (A_FIELDCOPY) move into it, to a fixed point */
  VEC(Place) places = {0};
  VEC(uint32_t) fed = {0}; /* the accesses that put values there */
  vec_push(&places, at);
  bool ok = true, moved = false, null = false;
  AccList near = {0}; /* the writes that may reach a place */
  for (size_t pi = 0; pi < places.n && ok; pi++) {
    mem_writes_at(mm, places.v[pi], &near);
    for (size_t j = 0; j < near.n && ok; j++) {
      uint32_t k = near.v[j];
      const Access *w = &mm->acc.v[k];
      int c = mem_contributes(mm, w, places.v[pi]);
      if (c < 0) {
        ok = false;
      } else if (c > 0 && w->kind == A_FIELDCOPY) {
        bool seen = false;
        for (size_t q = 0; q < places.n && !seen; q++)
          seen = places.v[q].off == w->from.off && places.v[q].stride == w->from.stride;
        /* a caller's facts name one field's entry space: not another's */
        ok = seen || (places.n < 16 && (host || entry < 0));
        moved |= w->moved;
        if (!seen)
          vec_push(&places, w->from);
      } else if (c > 0 && w->kind == A_HOSTFILL) {
        slot.host = true; /* the host's bytes: a global pointer, or null */
        slot.entry = mm->t->global;
        null = true;
      } else if (c > 0) {
        bool dup = false; /* the first place sees each access once */
        for (size_t q = 0; pi > 0 && q < fed.n && !dup; q++)
          dup = fed.v[q] == (uint32_t)k;
        if (!dup) {
          null |= w->kind == A_NULLSTORE || LLVMIsAConstant(w->val);
          vec_push(&fed, (uint32_t)k);
          vec_push(&slot.stored, w->kind == A_PTRSTORE ? w->val : mm->null);
          vec_push(&slot.writer, w->inst);
        }
      }
    }
  }
  vec_free(&near);
  vec_free(&places);
  ok &= !(moved && (null || host)); /* a null moved by a writer is no null */
  si = ok ? (uint32_t)mm->slots.n : UINT32_MAX - 1;
  if (!at.stride) {
    map_put(&mm->off_slot, key, si);
  } else {
    vec_push(&mm->strided, at);
    vec_push(&mm->strided_slot, si);
  }
  if (!ok) {
    vec_free(&slot.stored);
    vec_free(&slot.writer);
    vec_free(&fed);
    return MAP_NONE;
  }
  vec_push(&mm->slots, slot);
  /* the stores feed it */
  for (size_t q = 0; q < fed.n; q++)
    if (mm->acc.v[fed.v[q]].kind == A_PTRSTORE)
      feed(mm, mm->acc.v[fed.v[q]].inst, si);
  vec_free(&fed);
  return si;
}

/* How many pointers slot si may hand a load: what was stored there, and
   what was there when the function started. */
static size_t slot_values(const MemModel *mm, uint32_t si) {
  const MemSlot *s = &mm->slots.v[si];
  return s->stored.n + (s->host || s->entry >= 0);
}

/* The space of the pointer facts say parameter k's aggregate holds at
   place at (the same offset and stride) when the function starts, or -2
   when they say nothing there. */
static int fact_at(const MemFieldFact *facts, size_t n, unsigned k, Place at) {
  for (size_t i = 0; i < n; i++)
    if (facts[i].param == k && facts[i].off == at.off && facts[i].stride == at.stride)
      return facts[i].as;
  return -2;
}

/* A slot holding the one pointer write w stored (a generic null for a
   memset of zeroes). */
static uint32_t one_value_slot(MemModel *mm, const Access *w) {
  MemSlot slot = {.stored = {.pool = &mm->pool}, .writer = {.pool = &mm->pool}, .entry = -1};
  vec_push(&slot.stored, w->kind == A_PTRSTORE ? w->val : mm->null);
  vec_push(&slot.writer, w->inst);
  uint32_t si = (uint32_t)mm->slots.n;
  vec_push(&mm->slots, slot);
  if (w->kind == A_PTRSTORE)
    feed(mm, w->inst, si);
  return si;
}

/* The slot of load, a pointer-sized read at exact place r, by the writes
   before it in its block (mem_ordered_write), or MAP_NONE. */
static uint32_t ordered_slot(MemModel *mm, OrderMemo *memo, LLVMValueRef load, Place r,
                             bool host, const MemFieldFact *facts, size_t nf, unsigned param) {
  uint32_t w;
  Place field;
  switch (mem_ordered_write(mm, memo, load, r, &w, &field)) {
  case SEEN_WRITE:
    return one_value_slot(mm, &mm->acc.v[w]);
  case SEEN_FIELD: {
    int entry = facts ? fact_at(facts, nf, param, field) : -1;
    return entry != -2 ? slot_for(mm, field, host, entry) : MAP_NONE;
  }
  default:
    return MAP_NONE;
  }
}

/* Models region a, aligned to align bytes; host: filled by the host;
   facts (n, for parameter `param`): what its caller stored there — only the
   offsets they name are modelled. */
static void model_region(MemModel *mm, LLVMValueRef a, unsigned align, bool host,
                         const MemFieldFact *facts, size_t n, unsigned param) {
  if (!walk_region(mm, a, align, host))
    return;
  OrderMemo memo = {.places = {.pool = &mm->pool}, .stops = {.pool = &mm->pool}};
  for (size_t k = 0; k < mm->acc.n; k++) {
    const Access *l = &mm->acc.v[k];
    if (l->kind != A_PTRLOAD)
      continue;
    if (l->at.stride > 0 && l->at.stride < mm->psize)
      continue; /* it could read half of two pointers */
    int entry = -1;
    if (facts && (entry = fact_at(facts, n, param, l->at)) == -2)
      continue; /* the caller stored something gasp was not told of */
    uint32_t si = slot_for(mm, l->at, host, entry);
    if (!l->at.stride && (si == MAP_NONE || slot_values(mm, si) > 1)) {
      uint32_t o = ordered_slot(mm, &memo, l->inst, l->at, host, facts, n, param);
      si = o != MAP_NONE ? o : si;
    }
    if (si != MAP_NONE)
      map_put(&mm->load_slot, l->inst, si);
  }
  mem_order_free(&memo);
}

/* The host-filled parameter p of fn (tgt_host_filled) seen through
   address-space casts, when v is one and p is only read through v; NULL
   otherwise. */
static LLVMValueRef host_param_of(const TgtTable *t, LLVMValueRef fn, LLVMValueRef v) {
  LLVMValueRef p = v;
  while (LLVMIsAAddrSpaceCastInst(p)) {
    if (LLVMGetFirstUse(p) && LLVMGetNextUse(LLVMGetFirstUse(p)))
      return NULL; /* the cast is used elsewhere too */
    p = LLVMGetOperand(p, 0);
  }
  int k = ir_param_index(p);
  if (k < 0 || LLVMGetParamParent(p) != fn || !tgt_host_filled(t, fn, (unsigned)k))
    return NULL;
  LLVMUseRef u = LLVMGetFirstUse(p);
  return u && !LLVMGetNextUse(u) ? p : NULL; /* nothing else reads or writes it */
}

bool mem_backend_casts(const TgtTable *t, LLVMValueRef v, PtrMap *copies) {
  if (tgt_backend_casts(t, v))
    return true;
  if (!t->kernel_byval_space || !LLVMIsALoadInst(v))
    return false;
  LLVMValueRef a = ir_strip_offsets(LLVMGetOperand(v, 0));
  if (!copies || !LLVMIsAAllocaInst(a))
    return mem_host_copy(t, a) != NULL;
  /* one walk of the slot's uses for all its loads (one per load was
     quadratic in them: 20,000 loads of one slot took infer 8 s) */
  uint32_t k = map_find(copies, a);
  if (k == MAP_NONE) {
    k = mem_host_copy(t, a) != NULL;
    map_put(copies, a, k);
  }
  return k;
}

LLVMValueRef mem_host_copy(const TgtTable *t, LLVMValueRef alloca) {
  if (!LLVMIsAAllocaInst(alloca))
    return NULL;
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(alloca));
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(LLVMGetGlobalParent(fn));
  unsigned long long size = LLVMABISizeOfType(td, LLVMGetAllocatedType(alloca));
  Fwd w; /* the alloca and its address-space casts */
  fwd_init(&w, FWD_FIFO);
  fwd_start(&w, alloca, place_at(0, 0));
  LLVMValueRef found = NULL;
  for (FwdUse u; !found && fwd_next(&w, &u);) {
    LLVMValueRef call = u.user;
    if (LLVMIsAAddrSpaceCastInst(call) && w.items.n < 8)
      fwd_follow(&w, call, u.at);
    const IrMemIntrin *mi = LLVMIsACallInst(call) ? ir_mem_intrin(call) : NULL;
    if (!mi || strncmp(mi->name, "llvm.memcpy", 11) || LLVMGetOperand(call, 0) != u.v ||
        ir_mem_intrin_volatile(mi, call))
      continue;
    LLVMValueRef len = LLVMGetOperand(call, 2);
    if (LLVMIsAConstantInt(len) && LLVMConstIntGetZExtValue(len) == size &&
        host_param_of(t, fn, LLVMGetOperand(call, 1)))
      found = call;
  }
  fwd_free(&w);
  return found;
}


static unsigned param_align(LLVMValueRef fn, unsigned k) {
  LLVMAttributeRef a =
      LLVMGetEnumAttributeAtIndex(fn, k + 1, LLVMGetEnumAttributeKindForName("align", 5));
  return a ? (unsigned)LLVMGetEnumAttributeValue(a) : 1;
}

void mem_function(MemModel *mm, LLVMValueRef fn, const BlockVec *blocks) {
  forget(mm);
  LLVMModuleRef m = LLVMGetGlobalParent(fn);
  mm->td = LLVMGetModuleDataLayout(m);
  mm->psize = (int64_t)LLVMPointerSizeForAS(mm->td, (unsigned)mm->generic);
  mm->null = LLVMConstPointerNull(
      LLVMPointerTypeInContext(LLVMGetModuleContext(m), (unsigned)mm->generic));
  unsigned np = LLVMCountParams(fn);
  MemFieldFact *facts = NULL;
  size_t nf = schema_fields_get(fn, &facts);
  for (unsigned k = 0; k < np; k++)
    if (tgt_host_filled(mm->t, fn, k))
      model_region(mm, LLVMGetParam(fn, k), param_align(fn, k), true, NULL, 0, k);
    else if (nf) {
      bool named = false;
      for (size_t i = 0; i < nf; i++)
        named |= facts[i].param == k;
      if (named)
        model_region(mm, LLVMGetParam(fn, k), param_align(fn, k), false, facts, nf, k);
    }
  free(facts);
  size_t nb = blocks ? blocks->n : 0;
  LLVMBasicBlockRef bb = blocks ? (nb ? blocks->v[0] : NULL) : LLVMGetFirstBasicBlock(fn);
  for (size_t bi = 0; bb; bb = blocks ? (++bi < nb ? blocks->v[bi] : NULL)
                                      : LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (LLVMIsAAllocaInst(i)) {
        mm->host_copy = mem_host_copy(mm->t, i);
        model_region(mm, i, LLVMGetAlignment(i), mm->host_copy != NULL, NULL, 0, 0);
        mm->host_copy = NULL;
      }
}

uint32_t mem_load_slot(const MemModel *mm, LLVMValueRef load) {
  return map_find(&mm->load_slot, load);
}

const uint32_t *mem_store_slots(const MemModel *mm, LLVMValueRef store, size_t *n) {
  uint32_t fi = map_find(&mm->store_slots, store);
  *n = fi == MAP_NONE ? 0 : mm->feeds.v[fi].n;
  return fi == MAP_NONE ? NULL : mm->feeds.v[fi].v;
}

size_t mem_slot_count(const MemModel *mm) { return mm->slots.n; }

bool mem_slot_host(const MemModel *mm, uint32_t slot) { return mm->slots.v[slot].host; }

int mem_slot_entry(const MemModel *mm, uint32_t slot) { return mm->slots.v[slot].entry; }

uint32_t mem_field_slot(MemModel *mm, LLVMValueRef region, int64_t off, int64_t stride) {
  unsigned align;
  int entry = -1;
  bool host = false;
  if (LLVMIsAAllocaInst(region)) {
    align = LLVMGetAlignment(region);
  } else if (LLVMIsAArgument(region)) {
    LLVMValueRef fn = LLVMGetParamParent(region);
    unsigned k = (unsigned)ir_param_index(region);
    /* a kernel's by-value block (what the host wrote, and what the kernel
       stores there), as mem_function models it; else a parameter with
       field facts */
    host = tgt_host_filled(mm->t, fn, k);
    if (!host) {
      MemFieldFact *facts = NULL;
      size_t nf = schema_fields_get(fn, &facts);
      entry = fact_at(facts, nf, k, place_at(off, stride));
      free(facts);
      if (entry == -2)
        return MAP_NONE;
    }
    align = param_align(fn, k);
  } else {
    return MAP_NONE;
  }
  if (!walk_region(mm, region, align, host))
    return MAP_NONE;
  Place at = place_at(off, stride);
  if (at.stride > 0 && at.stride < mm->psize)
    return MAP_NONE;
  return slot_for(mm, at, host, entry);
}

const LLVMValueRef *mem_slot_stored(const MemModel *mm, uint32_t slot, size_t *n) {
  *n = mm->slots.v[slot].stored.n;
  return mm->slots.v[slot].stored.v;
}

const LLVMValueRef *mem_slot_writers(const MemModel *mm, uint32_t slot) {
  return mm->slots.v[slot].writer.v;
}

bool mem_module_object(const MemModel *cmm, LLVMValueRef addr) {
  MemModel *mm = (MemModel *)cmm; /* the answers are memoised */
  return mem_object_of(mm->t, &mm->objects, addr) != NULL;
}
