/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* facts.c — the fact store: what one run of the pipeline knows.  (A
 * service, not a pass; its persistent half, gasp's own metadata, is
 * schema.c.)
 *
 * Problem.  Several passes ask the same module-wide questions — which bit
 * stands for addrspace(8), what may global memory hold, which spaces does
 * a function make generic, may one more clone be made.  Kept in each
 * asking pass, the answers disagree or are computed twice: a numbering of
 * unnamed spaces per analysis instance (a set made by one and read by
 * another means another space), a memory summary by memsum and again by
 * the explanations, reachability by resolve and again by lower.  The store
 * owns them for one run (pipeline.c makes it before the first pass and
 * frees it after the report):
 *
 *   numbering    one SpaceNums per run: every Space and every summary of
 *                the run number the spaces the table does not name through
 *                it, so a set means the same spaces wherever it goes;
 *   summary      memfix.c's fixed point (what each memory may hold),
 *                computed when first asked and kept until a pass that does
 *                not keep it changes the module (facts_keep_only: the
 *                pipeline calls it with the pass table's `keeps` column
 *                after every pass that changed something);
 *   reach        reach.c's spaces each function may make generic, kept
 *                the same way;
 *   inventory    whether the module loads a generic pointer, passes a
 *                byval argument, accesses memory volatile or through a
 *                generic pointer (one walk; the preconditions of fields,
 *                memsum, frames and resolve), kept the same way — by every
 *                pass that only copies, retypes or deletes code, since a
 *                stale "yes" costs a walk and a "no" stays true;
 *   clone count  the clones every pass made in the run, which specialize.c
 *                weighs against the one --clone-budget;
 *   split        the callees of the calls callsplit split, for
 *                `splitclones` (ipmsp.c) to clone before LLVM's optimizer
 *                can merge the two calls again;
 *   reinfer      the functions a pass changed and left to be inferred
 *                again (resolve, version): the pipeline's `reinfer` step
 *                takes them (infer.c, reinfer_run).
 * What outlives the run (per-function spaces, clone notes, what ipmsp gave
 * up on, field facts) travels in the module as !gasp.* metadata, which
 * schema.c alone reads and writes.
 *
 * The pass table says, per pass, what it needs (`needs`: the kinds it may
 * ask for; facts_allow, asserted in facts_summary and facts_reach) and what
 * it keeps when it changes the module (`keeps`: alias adds only metadata,
 * which changes neither what memory holds nor what a function makes
 * generic) — LLVM's PreservedAnalyses, libfirm's assure/confirm.  Each is
 * made when first asked, not before: a pass that needs reachability only
 * for some modules (lower, under --lower-generic=tags) pays nothing
 * otherwise.  A kept summary is the summary a new computation would give,
 * because the computation reads nothing else than the module's code.
 *
 * Layering: above space.c, memory.c, memfix.c and reach.c (it computes
 * with them), below the passes (they ask it); no import cycle
 * (test/reliability/import-cycles.test).
 *
 * Tests: test/unit/test_analysis.c (numbering across instances, invalidation).
 */
#include "analysis/memsummary.h"

#include <assert.h>
#include <string.h>

struct Facts {
  const TgtTable *t;
  LLVMModuleRef m;
  SpaceNums nums;
  MemSummary *sum; /* NULL: not computed, or dropped at a change */
  Reach *reach;
  Inventory inv;
  bool inv_taken; /* inv is the module's (false: walk again when asked) */
  FactsCounts counts;
  unsigned long clones_made; /* every pass's clones: specialize.c's budget */
  Pool pool;       /* pending and waiting */
  ValVec pending;  /* functions waiting to be inferred again, in order */
  PtrMap waiting;  /* the same, as a set */
  PtrMap split;    /* callees of split calls (facts_note_split) */
  StrMap sizes;    /* the early run's sizes by function name (facts_note_size) */
  StrMap reported; /* refusals already said this run (specs_first_report) */
  unsigned allowed; /* FACTS_*: what the running pass declared it needs */
};

Facts *facts_new(const TgtTable *t, LLVMModuleRef m) {
  Facts *f = xcalloc(1, sizeof *f);
  f->t = t;
  f->m = m;
  pool_bind(&f->pending, &f->pool);
  pool_bind(&f->waiting, &f->pool);
  pool_bind(&f->split, &f->pool);
  f->allowed = FACTS_ALL;
  return f;
}

void facts_free(Facts *f) {
  if (!f)
    return;
  mem_summary_free(f->sum);
  reach_free(f->reach);
  pool_release(&f->pool);
  smap_free(&f->reported);
  smap_free(&f->sizes);
  free(f);
}

bool facts_for(const Facts *f, const TgtTable *t, LLVMModuleRef m) {
  return f && f->t == t && f->m == m;
}

/* The run may have other options: summaries, reachability and the
   inventory are computed again; the split callees, sizes and refusals said
   stay; the clone count starts again (a budget is per run). */
void facts_next_run(Facts *f) {
  mem_summary_free(f->sum);
  f->sum = NULL;
  reach_free(f->reach);
  f->reach = NULL;
  f->inv_taken = false;
  f->clones_made = 0;
  f->allowed = FACTS_ALL;
  assert(!f->pending.n && "a run that succeeded left nothing waiting for reinfer");
}

void facts_pass_entry(const GaspCtx *cx, LLVMModuleRef m) {
  assert(cx && m && "a pass runs with a context on a module");
  assert(cx->tgt && "a target table is selected before any pass (cx_select_target)");
  assert((!cx->cur_module || cx->cur_module == m) && "the pass runs on the run's module");
  assert((!cx->facts || (cx->facts->m == m && cx->facts->t == cx->tgt) || !cx->cur_module) &&
         "the run's fact store is this module's");
  assert((!cx->facts || !cx->facts->pending.n || !cx->cur_pass ||
          !strcmp(cx->cur_pass, "reinfer")) &&
         "what a pass left for reinfer is inferred before the next pass starts");
  (void)cx;
  (void)m;
}

SpaceNums *facts_nums(Facts *f) { return &f->nums; }

Space *facts_space(Facts *f) { return space_new(f->t, f->m, &f->nums); }

void facts_allow(Facts *f, unsigned needs) { f->allowed = needs; }

const MemSummary *facts_summary(Facts *f, unsigned *rounds) {
  assert((f->allowed & FACTS_SUMMARY) && "the running pass declares it needs the summary");
  unsigned r = 0;
  if (!f->sum) {
    f->sum = memfix_compute(f->t, f->m, &f->nums, &r);
    f->counts.summaries++;
  }
  if (rounds)
    *rounds = r;
  return f->sum;
}

const Reach *facts_reach(Facts *f) {
  assert((f->allowed & FACTS_REACH) && "the running pass declares it needs reachability");
  if (!f->reach) {
    f->reach = reach_new(f->t, f->m);
    f->counts.reaches++;
  }
  return f->reach;
}

void facts_inventory_add(const Facts *f, LLVMValueRef fn, Inventory *inv) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      inv->generic_accesses |= ir_is_mem_op_in(i, f->t->generic);
      switch (LLVMGetInstructionOpcode(i)) {
      case LLVMLoad:
        inv->generic_ptr_loads |= ir_ptr_as(LLVMTypeOf(i)) == f->t->generic;
        /* fall through */
      case LLVMStore:
        inv->volatile_accesses |= LLVMGetVolatile(i);
        break;
      case LLVMExtractElement: /* a lane an instruction or argument picks (frames.c) */
        inv->runtime_lanes |= !LLVMIsAConstant(LLVMGetOperand(i, 1));
        break;
      case LLVMInsertElement:
        inv->runtime_lanes |= !LLVMIsAConstant(LLVMGetOperand(i, 2));
        break;
      case LLVMCall: {
        const IrMemIntrin *mi = ir_mem_intrin(i);
        inv->volatile_accesses |= mi && ir_mem_intrin_volatile(mi, i);
        for (unsigned k = 0, n = LLVMGetNumArgOperands(i); k < n && !inv->byval_calls; k++)
          inv->byval_calls = LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(i, k))) ==
                                 LLVMPointerTypeKind && ir_arg_byval(i, k);
        break;
      }
      default:
        break;
      }
    }
}

const Inventory *facts_inventory(Facts *f) {
  assert((f->allowed & FACTS_INVENTORY) && "the running pass declares it needs the inventory");
  if (f->inv_taken)
    return &f->inv;
  f->inv = (Inventory){0};
  for (LLVMValueRef fn = LLVMGetFirstFunction(f->m); fn; fn = LLVMGetNextFunction(fn))
    facts_inventory_add(f, fn, &f->inv);
  f->inv_taken = true;
  f->counts.inventories++;
  return &f->inv;
}

/* Every function's part, each added after its last change in the pass
   (infer_run): what facts_inventory would find now. */
void facts_inventory_give(Facts *f, const Inventory *inv) {
  f->inv = *inv;
  f->inv_taken = true;
}

void facts_keep_only(Facts *f, unsigned keeps) {
  f->inv_taken &= (keeps & FACTS_INVENTORY) != 0;
  if (!(keeps & FACTS_SUMMARY)) {
    mem_summary_free(f->sum);
    f->sum = NULL;
  }
  if (!(keeps & FACTS_REACH)) {
    reach_free(f->reach);
    f->reach = NULL;
  }
}

FactsCounts facts_counts(const Facts *f) { return f->counts; }

void facts_reinfer_later(Facts *f, LLVMValueRef fn) {
  if (map_get(&f->waiting, fn, NULL))
    return;
  map_put(&f->waiting, fn, 1);
  vec_push(&f->pending, fn);
}

size_t facts_reinfer_pending(const Facts *f) { return f->pending.n; }

void facts_take_reinfer(Facts *f, ValVec *out) {
  out->n = 0;
  for (size_t i = 0; i < f->pending.n; i++)
    vec_push(out, f->pending.v[i]);
  f->pending.n = 0;
  map_clear(&f->waiting);
}

unsigned long facts_clone_count(const Facts *f) { return f->clones_made; }

void facts_note_clone(Facts *f) { f->clones_made++; }

void facts_note_split(Facts *f, LLVMValueRef callee) { map_put(&f->split, callee, 1); }

void facts_take_split(Facts *f, PtrMap *out) {
  if (out) {
    map_clear(out);
    for (size_t i = 0; i < f->split.cap; i++)
      if (f->split.keys[i])
        map_put(out, f->split.keys[i], 1);
  }
  map_clear(&f->split);
}

void facts_note_size(Facts *f, LLVMValueRef fn, unsigned size) {
  size_t len;
  smap_put(&f->sizes, LLVMGetValueName2(fn, &len), size);
}

unsigned facts_copy_cost(const Facts *f, LLVMValueRef fn) {
  unsigned now = ir_copy_cost(fn);
  size_t len;
  uint32_t early = f->sizes.n ? smap_find(&f->sizes, LLVMGetValueName2(fn, &len)) : MAP_NONE;
  return early != MAP_NONE && early < now ? early : now;
}

bool facts_first_report(Facts *f, const char *key) {
  if (smap_find(&f->reported, key) != MAP_NONE)
    return false;
  smap_put(&f->reported, key, 1);
  return true;
}
