/* memory.c — pointers that go through memory: the one model of what a load
 * of a pointer can return.  Its only asker is the space analysis (space.c),
 * through which infer, ipmsp, resolve and the explanations see it.  (An
 * analysis.)
 *
 * Today it knows private slots: an alloca whose address never escapes —
 * its uses are GEPs and casts of it (as the base), loads, stores *into* it
 * of generic pointers (never of its own address), comparisons and
 * lifetime markers — and that some load reads a generic pointer from.  A
 * load from such a slot returns one of the values stored into it, so its
 * space is the join of theirs (SROA cannot remove the slot when it is
 * indexed dynamically).  Every other load of a pointer is unknown here.
 *
 * This is where field-sensitive private aggregates and memory-space
 * summaries will live (issue 21): the callers ask "which slot does this load
 * read / this store write, and what is stored there", not how slots are
 * found.
 *
 * Example (spir64): `%s = alloca ptr addrspace(4)`, one path stores a
 * local pointer, the other a global one, `%p = load ptr addrspace(4), %s`:
 * %s is slot 0, %p reads slot 0, the stored values are the two pointers.
 *
 * Tests: test/infer/slots.ll and the reasons in
 * test/remarks/reasons-real.ll.
 */
#include "gasp_int.h"

typedef struct MemSlot {
  ValVec stored; /* generic pointers stored into it */
} MemSlot;

struct MemModel {
  int generic;          /* the target's generic space */
  PtrMap load_slot;     /* load -> slot */
  PtrMap store_slot;    /* store -> slot */
  VEC(MemSlot) slots;
  /* scratch for the walk of one alloca */
  ValVec derived, touched;
  PtrMap derived_set;
};

MemModel *mem_new(const TgtTable *t) {
  MemModel *mm = xcalloc(1, sizeof *mm);
  mm->generic = t->generic;
  return mm;
}

static void forget(MemModel *mm) {
  for (size_t k = 0; k < mm->slots.n; k++)
    vec_free(&mm->slots.v[k].stored);
  mm->slots.n = 0;
  map_clear(&mm->load_slot);
  map_clear(&mm->store_slot);
}

void mem_free(MemModel *mm) {
  if (!mm)
    return;
  forget(mm);
  vec_free(&mm->slots);
  vec_free(&mm->derived);
  vec_free(&mm->touched);
  map_free(&mm->load_slot);
  map_free(&mm->store_slot);
  map_free(&mm->derived_set);
  free(mm);
}

static bool generic_scalar(const MemModel *mm, LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMPointerTypeKind &&
         (int)LLVMGetPointerAddressSpace(t) == mm->generic;
}

/* Walks every use of alloca a through GEPs and casts.  True when its
   address never escapes and every store into it stores a generic pointer;
   collects the loads and stores that touch it and the stored values. */
static bool walk_alloca(MemModel *mm, LLVMValueRef a, MemSlot *slot) {
  mm->derived.n = 0;
  map_clear(&mm->derived_set);
  vec_push(&mm->derived, a);
  map_put(&mm->derived_set, a, 1);
  for (size_t k = 0; k < mm->derived.n; k++) {
    LLVMValueRef d = mm->derived.v[k];
    for (LLVMUseRef u = LLVMGetFirstUse(d); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      switch (LLVMGetInstructionOpcode(user)) {
      case LLVMGetElementPtr:
        if (LLVMGetOperand(user, 0) != d)
          return false; /* used as an index: cannot be */
        /* fallthrough */
      case LLVMAddrSpaceCast:
      case LLVMBitCast:
        if (!map_get(&mm->derived_set, user, NULL)) {
          map_put(&mm->derived_set, user, 1);
          vec_push(&mm->derived, user);
        }
        break;
      case LLVMLoad:
        if (generic_scalar(mm, LLVMTypeOf(user)))
          vec_push(&mm->touched, user);
        break;
      case LLVMStore:
        if (LLVMGetOperand(user, 0) == d ||
            !generic_scalar(mm, LLVMTypeOf(LLVMGetOperand(user, 0))))
          return false;
        vec_push(&slot->stored, LLVMGetOperand(user, 0));
        vec_push(&mm->touched, user);
        break;
      case LLVMICmp:
        break;
      case LLVMCall:
        if (!ir_is_lifetime(user))
          return false;
        break;
      default:
        return false;
      }
    }
  }
  /* storing the slot's own address into it is an escape */
  for (size_t i = 0; i < slot->stored.n; i++)
    if (map_get(&mm->derived_set, slot->stored.v[i], NULL))
      return false;
  return true;
}

void mem_function(MemModel *mm, LLVMValueRef fn, const BlockVec *blocks) {
  forget(mm);
  size_t nb = blocks ? blocks->n : 0;
  LLVMBasicBlockRef bb = blocks ? (nb ? blocks->v[0] : NULL) : LLVMGetFirstBasicBlock(fn);
  for (size_t bi = 0; bb; bb = blocks ? (++bi < nb ? blocks->v[bi] : NULL)
                                      : LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsAAllocaInst(i))
        continue;
      MemSlot slot = {0};
      mm->touched.n = 0;
      bool ok = walk_alloca(mm, i, &slot);
      bool has_load = false;
      for (size_t k = 0; ok && k < mm->touched.n; k++)
        has_load |= LLVMIsALoadInst(mm->touched.v[k]) != NULL;
      if (!ok || !has_load) {
        vec_free(&slot.stored);
        continue;
      }
      uint32_t si = (uint32_t)mm->slots.n;
      for (size_t k = 0; k < mm->touched.n; k++)
        map_put(LLVMIsALoadInst(mm->touched.v[k]) ? &mm->load_slot : &mm->store_slot,
                mm->touched.v[k], si);
      vec_push(&mm->slots, slot);
    }
}

uint32_t mem_load_slot(const MemModel *mm, LLVMValueRef load) {
  return map_find(&mm->load_slot, load);
}

uint32_t mem_store_slot(const MemModel *mm, LLVMValueRef store) {
  return map_find(&mm->store_slot, store);
}

size_t mem_slot_count(const MemModel *mm) { return mm->slots.n; }

const LLVMValueRef *mem_slot_stored(const MemModel *mm, uint32_t slot, size_t *n) {
  *n = mm->slots.v[slot].stored.n;
  return mm->slots.v[slot].stored.v;
}
