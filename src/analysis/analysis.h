/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* analysis/analysis.h — what the module's code says: the world, the space
 * analysis, memory, reachability, loops, the fact store.  The layer's one
 * header (docs/design.md, "Layers"). */
#ifndef GASP_ANALYSIS_H
#define GASP_ANALYSIS_H

#include "core/core.h"

/* ===== world.c — the world assumption (open, or --whole-program) ======== */
/* Internal or private linkage: no caller outside the module. */
bool world_internal(LLVMValueRef fn);
/* A defined non-kernel function outside code may call (open world). */
bool world_outside_callers(const TgtTable *t, LLVMValueRef fn);
/* Functions reachable from the kernels (direct calls; address taken). */
void world_live(const TgtTable *t, LLVMModuleRef m, PtrMap *live);
void world_count(const TgtTable *t, LLVMModuleRef m, GaspGenericCounts *c);
/* The same with the live set (world_live) computed. */
void world_count_live(const TgtTable *t, LLVMModuleRef m, const PtrMap *live, GaspGenericCounts *c);

/* May a pass retype or clone f (defined, named, no kernel, not variadic or
   interposable, only called directly, a body it can copy)? */
bool world_may_rewrite(const TgtTable *t, LLVMValueRef f);
/* ===== memory.c — pointers through memory (private slots) =============== */
typedef struct MemModel MemModel;
typedef struct MemSummary MemSummary; /* below, after the space analysis */
MemModel *mem_new(const TgtTable *t);
void mem_free(MemModel *mm);
/* Finds fn's private slots among blocks' allocas (NULL: all of fn's). */
void mem_function(MemModel *mm, LLVMValueRef fn, const BlockVec *blocks);
/* A pointer-wide integer load inttoptr uses (alone; any: the host's). */
bool mem_int_pointer_load(LLVMValueRef load, int generic, unsigned ptr_bits, bool any);
/* The slot a load reads, or MAP_NONE; the slots a store writes (n). */
uint32_t mem_load_slot(const MemModel *mm, LLVMValueRef load);
const uint32_t *mem_store_slots(const MemModel *mm, LLVMValueRef store, size_t *n);
size_t mem_slot_count(const MemModel *mm);
/* addr points into a global only the module's code writes (address kept). */
bool mem_module_object(const MemModel *mm, LLVMValueRef addr);
/* The module-private variable addr points into, or NULL (memsummary.c). */
LLVMValueRef mem_object_of(const TgtTable *t, PtrMap *memo, LLVMValueRef addr);
/* The slot was filled by the host first: it may hold global pointers. */
bool mem_slot_host(const MemModel *mm, uint32_t slot);
/* The space of a pointer in the slot at the function's start; -1: none. */
int mem_slot_entry(const MemModel *mm, uint32_t slot);
/* The slot of the pointers stored at byte off (plus any multiple of stride; 0:
   exactly off) of region (space_field's) in the last function mem_function saw, or
   MAP_NONE when gasp cannot list them (its address escapes, a write it cannot place).
   Call after reading that function's space analysis (shared scratch). */
uint32_t mem_field_slot(MemModel *mm, LLVMValueRef region, int64_t off, int64_t stride);
/* The memcpy filling all of alloca from a host-filled parameter nothing else touches
   (byvalcopy's copy of a kernel's by-value aggregate), or NULL.  Backend casts: tgt_backend_casts,
   or v loaded from such a copy (the back end's too; copies: the caller's memo per slot, or NULL). */
LLVMValueRef mem_host_copy(const TgtTable *t, LLVMValueRef alloca);
bool mem_backend_casts(const TgtTable *t, LLVMValueRef v, PtrMap *copies);
/* Parameter k of fn is only read through (loads, comparisons, copies out
   of it, and callees that only read), and fn's definition is exact. */
bool mem_param_reads_only(LLVMValueRef fn, unsigned k);
/* The same with a memo while no function changes (readers.c). */
bool mem_param_reads_only_memo(LLVMValueRef fn, unsigned k, PtrMap *memo);
/* Parameter k of fn is a writer whose stores a caller's slots list (memory.c). */
bool mem_param_writes_fields(MemModel *mm, LLVMValueRef fn, unsigned k);
/* A definition the linker cannot swap for another that behaves otherwise;
   does call pass v only to parameters that only read (readers.c)? */
bool mem_exact_definition(LLVMValueRef fn);
bool mem_passes_to_readers(LLVMValueRef call, LLVMValueRef v);
/* A spill (clang -O0): store writes v into an alloca (through
   address-space casts) that nothing else writes and whose other uses are
   loads of v's type and lifetime markers; *reloads gets those loads, each
   v itself (a load before the store reads an undefined value, which v may
   stand for). */
bool mem_spill_reloads(LLVMValueRef store, LLVMValueRef v, ValVec *reloads);
/* The generic pointers (or the generic null) written into slot (n). */
const LLVMValueRef *mem_slot_stored(const MemModel *mm, uint32_t slot, size_t *n);
/* The instruction that wrote each of them (a store, a memset). */
const LLVMValueRef *mem_slot_writers(const MemModel *mm, uint32_t slot);
/* ===== space.c — the space analysis: spaces of generic pointers, and why  */
/* What the caller of space_analyse knows beyond the function itself. */
typedef struct SpaceEnv {
  /* Lattice value of generic pointer parameter idx of fn (not a kernel):
     a space, LAT_UNINIT (optimistic: no observation yet) or LAT_GENERIC. */
  int (*param_lat)(void *arg, LLVMValueRef fn, unsigned idx);
  /* Lattice value of the generic pointer a direct call of callee returns. */
  int (*ret_lat)(void *arg, LLVMValueRef callee);
  void *arg;
  unsigned visit_cap; /* re-visits allowed per block; 0 = no cap */
} SpaceEnv;
/* How a candidate value gets its set (space.c's sources and transfers). */
typedef enum SpKind {
  SP_CAST,      /* addrspacecast named -> generic */
  SP_GEP, SP_BITCAST, SP_FREEZE, SP_PHI, SP_SELECT, SP_PTRMASK, /* transfers */
  SP_I2P, SP_ASM, SP_LANES, /* inttoptr(ptrtoint p); asm's cvta; p from a lane */
  SP_SLOTLOAD,  /* load from a private slot (memory.c) */
  SP_CONSTLOAD, /* a pointer loaded from constant memory (AMDGPU: global) */
  SP_ALLOCA,    /* generic alloca that is private */
  SP_ARG,       /* parameter: the target's rule or the SpaceEnv */
  SP_CALLRET,   /* result of a direct call given a value by the SpaceEnv */
  SP_INSERT,    /* insertelement into a vector of generic pointers */
  SP_EXTRACT,   /* extractelement of a generic pointer */
  SP_MEMLOAD    /* a load from memory a summary covers (memory.c) */
} SpKind;
typedef struct SpVal {
  LLVMValueRef v;
  uint32_t mask; /* the set */
  int slot;      /* SP_SLOTLOAD: the slot; SP_I2P, SP_LANES: space.c's SpBits */
  unsigned char kind;
  bool queued, visited, fixed; /* fixed: a source, known from the start */
} SpVal;
/* The numbering of the spaces a target table does not name (addrspace(8)
   on spir64, ...): bit nspaces + k stands for extra[k].  One per run, in
   the fact store (facts_nums): every analysis and summary of the run
   numbers through it, so a set means the same spaces wherever it goes. */
typedef struct SpaceNums {
  int extra[SP_NBITS];
  unsigned n;
} SpaceNums;
typedef struct Space Space;
/* An analysis numbering unnamed spaces through nums (facts_space's). */
Space *space_new(const TgtTable *t, LLVMModuleRef m, SpaceNums *nums);
void space_free(Space *s);
/* Analyses fn (nothing is rewritten); the queries below answer for fn's
   values until the next call.  False when a block went over env's visit
   cap (the sets are then incomplete: do not use them).  names_nothing:
   fn has no source of a named space (an analysis without env would find
   every generic pointer unknown); false when in doubt. */
bool space_analyse(Space *s, LLVMValueRef fn, const SpaceEnv *env);
bool space_names_nothing(const Space *s, LLVMValueRef fn);
/* Loads of generic pointers read through summary ms (NULL: not). */
void space_use_summary(Space *s, const MemSummary *ms);
/* space_mask for mem_summary_function (arg: the Space). */
uint32_t space_set_of(void *arg, LLVMValueRef v);
/* The set of any value of the last analysed function; *is_null (may be
   NULL) for a null constant. */
uint32_t space_mask(const Space *s, LLVMValueRef v, bool *is_null);
/* The lattice value (LAT_*) of a set, of a value; the space of bit k. */
int space_mask_lat(const Space *s, uint32_t mask);
int space_lat(const Space *s, LLVMValueRef v, bool *is_null);
int space_bit_as(const Space *s, unsigned bit);
/* Is v's set (last analysed function) exactly two named spaces the target
   can test apart (casts_can_test)?  Then sp[0] is a tested one, sp[1] the
   other.  Null or anything unknown in the set: false.  (Versioning by
   space: callsplit's calls, version's loops and runs.) */
bool space_two_testable(const Space *s, LLVMValueRef v, int sp[2]);
/* "global, local" for the named bits of mask. */
void space_mask_names(const Space *s, uint32_t mask, char *buf, size_t cap);
/* The space a generic pointer that v makes points into, by the rules alone
   (the sources both the analysis and reach.c use): an addrspacecast,
   instruction or constant, from a space -> that space; a generic alloca ->
   private where the target says so; a no-op inttoptr(ptrtoint p) pair
   (space.c) -> p's space.  LAT_UNINIT when v makes no new generic pointer
   (p or the cast's operand is generic already: made elsewhere; not a
   generic pointer); LAT_GENERIC for any other maker (inttoptr of an
   integer, a generic alloca the target says nothing of).  ptr_bits: the
   width of a generic pointer. */
int space_made(const TgtTable *t, unsigned ptr_bits, LLVMValueRef v);
/* Bits of a pointer in space as. */
unsigned space_ptr_bits(const Space *s, int as);
/* The candidates (values whose set the rules compute), densely numbered in
   reverse post-order; space_id is MAP_NONE for any other value. */
size_t space_count(const Space *s);
const SpVal *space_val(const Space *s, uint32_t k);
uint32_t space_id(const Space *s, LLVMValueRef v);
/* Calls fn on each value candidate k's set is computed from (none for a
   source); stops when fn returns false. */
typedef bool (*SpaceInputFn)(LLVMValueRef in, void *arg);
void space_each_input(const Space *s, uint32_t k, SpaceInputFn fn, void *arg);
bool space_reachable(const Space *s, LLVMBasicBlockRef bb);
/* The operations through generic pointers in reachable blocks: memory ops,
   pointer icmps, generic-to-named casts. */
const ValVec *space_ops(const Space *s);
size_t space_slots(const Space *s);
/* The set of the pointers stored at byte off (plus any multiple of stride) of
   region (an alloca, a parameter with field facts, a kernel's host-filled by-value
   block) of the last analysed function (memory.c's mem_field_slot); SP_UNKNOWN when they
   cannot be listed. */
uint32_t space_field(Space *s, LLVMValueRef region, int64_t off, int64_t stride);
/* Why v has its set: */
typedef enum SpaceCause {
  SPW_NONE,   /* nothing flows in (null, undef, a cycle fed by nothing) */
  SPW_ONE,    /* one space */
  SPW_MERGE,  /* two spaces or more first meet at `at` (mask: the spaces) */
  SPW_SOURCE  /* `at` brought in what gasp cannot see */
} SpaceCause;
typedef struct SpaceWhy {
  SpaceCause cause;
  uint32_t mask;   /* the set at `at` */
  LLVMValueRef at;
  bool via_slot;   /* the walk went through a private slot */
} SpaceWhy;
SpaceWhy space_explain(Space *s, LLVMValueRef v);
/* For a load from a private slot or from summarised memory: the first
   instruction that wrote a pointer with set bit `bit` where it reads
   (*host, and NULL, when the host did). */
LLVMValueRef space_writer(const Space *s, LLVMValueRef load, unsigned bit, bool *host);
/* ===== backendnamed.c — what the back end names itself (NVPTX's llc) ==== */
/* Per candidate of s's analysis of fn (named[space_count + 1]): llc names it (1); false:
   this run names all (s and named may be NULL: the question alone). */
bool space_backend_named(const Space *s, const GaspCtx *cx, LLVMValueRef fn, unsigned char *named);
/* p, a candidate or a constant, is llc's by what space_backend_named filled (NULL: none). */
bool space_backend_names(const Space *s, const unsigned char *named, LLVMValueRef p);
/* ===== reach.c — spaces that may flow into generic, per function ======== */
typedef struct Reach Reach;
Reach *reach_new(const TgtTable *t, LLVMModuleRef m); /* facts_reach's only */
void reach_free(Reach *r);
/* The spaces (space_table_bit bits) a generic pointer of fn may point into;
   SP_UNKNOWN in it when anything may, every bit for an unknown function. */
uint32_t reach_mask(const Reach *r, LLVMValueRef fn);
/* "global,local" etc. (the table's names, then "unknown"), "none" for 0. */
void reach_names(const TgtTable *t, uint32_t mask, char *buf, size_t cap);
/* ===== facts.c — the fact store: what one run knows; !gasp.* metadata === */
typedef struct Facts Facts;
Facts *facts_new(const TgtTable *t, LLVMModuleRef m);
void facts_free(Facts *f);
/* gasp_carry: is f the store of m with t; f carried into the next run. */
bool facts_for(const Facts *f, const TgtTable *t, LLVMModuleRef m);
void facts_next_run(Facts *f);
/* A pass's preconditions, asserted at its entry (gasp builds without NDEBUG):
   a target table, the run's module and store, nothing waiting for reinfer. */
void facts_pass_entry(const GaspCtx *cx, LLVMModuleRef m);
/* The run's one numbering of the spaces the table does not name. */
SpaceNums *facts_nums(Facts *f);
/* A space analysis numbering through the store (space_free frees it). */
Space *facts_space(Facts *f);
/* What each memory may hold (memsum.c's fixed point), computed when first
   asked after a change of the module's code and kept until the next; owned
   by the store.  *rounds (may be NULL): rounds computed now, 0 when kept. */
const MemSummary *facts_summary(Facts *f, unsigned *rounds);
/* Reachability (reach.c), computed and kept the same way. */
const Reach *facts_reach(Facts *f);
/* Does the module load generic pointers (or vectors of them), pass byval
   arguments, access memory volatile or through a generic pointer?  One
   walk, kept the same way (a stale "yes" only costs a walk); or made by a
   pass that visits every function anyway (infer): fn's part added to *inv
   after its last change, then the whole given to the store. */
typedef struct Inventory {
  bool generic_ptr_loads, byval_calls, volatile_accesses, generic_accesses, runtime_lanes;
} Inventory;
const Inventory *facts_inventory(Facts *f);
void facts_inventory_add(const Facts *f, LLVMValueRef fn, Inventory *inv);
void facts_inventory_give(Facts *f, const Inventory *inv);
/* The kinds of kept facts (the pass table's needs and keeps columns). */
enum { FACTS_SUMMARY = 1, FACTS_REACH = 2, FACTS_INVENTORY = 4, FACTS_ALL = 7 };
/* A pass changed the module: what it does not keep is computed again;
   the pass about to run may ask for needs only.  pipeline.c calls both. */
void facts_keep_only(Facts *f, unsigned keeps);
void facts_allow(Facts *f, unsigned needs);
/* How often each was computed in this store's life. */
typedef struct FactsCounts { unsigned summaries, reaches, inventories; } FactsCounts;
FactsCounts facts_counts(const Facts *f);
/* fn changed and waits for `reinfer` (once however often it is said);
   how many wait; takes them all, in the order said. */
void facts_reinfer_later(Facts *f, LLVMValueRef fn);
size_t facts_reinfer_pending(const Facts *f);
void facts_take_reinfer(Facts *f, ValVec *out);
/* The clones made in this run (every pass's; specialize.c weighs them
   against --clone-budget); one more made.  The callees of the calls
   callsplit split, each once; taken (emptied; out NULL: dropped) by
   `splitclones`, which clones them, and by ipmsp. */
unsigned long facts_clone_count(const Facts *f);
void facts_note_clone(Facts *f);
void facts_note_split(Facts *f, LLVMValueRef callee);
void facts_take_split(Facts *f, PtrMap *out);
/* fn's size to the clone cost model: ir_copy_cost, or the plugin's early
   run's (sizes.c; forget.c notes it) when less. */
void facts_note_size(Facts *f, LLVMValueRef fn, unsigned size);
unsigned facts_copy_cost(const Facts *f, LLVMValueRef fn);
/* True the first time this run sees key (a refusal and what it is about):
   a pass that runs twice in the pipeline says it once. */
bool facts_first_report(Facts *f, const char *key);
/* ===== loops.c — natural loops; those --version-by-space could copy === */
/* bb's predecessors (the terminators that branch to it), each once. */
void loop_preds(LLVMBasicBlockRef bb, BlockVec *out);
/* The natural loop of header h into body and in (block -> 1); false when
   h heads no loop. */
bool loop_of(const Dom *d, LLVMBasicBlockRef h, BlockVec *body, PtrMap *in);
/* v is an instruction of the loop. */
bool loop_has(const PtrMap *in, LLVMValueRef v);
/* The value before the loop that pointer v comes from (GEPs, bitcasts, the
   header's phis); NULL when there is none. */
LLVMValueRef loop_root(const PtrMap *in, LLVMBasicBlockRef h, LLVMValueRef v);
/* The loop's one dedicated exit block, else NULL. */
LLVMBasicBlockRef loop_sole_exit(const BlockVec *body, const PtrMap *in);
/* A use of loop value i by user outside the loop that is an exit phi. */
bool loop_closed_use(const PtrMap *in, LLVMValueRef user, LLVMValueRef i);
/* May the loop be copied (convergent: the attribute's kind)?  *pre gets
   its preheader. */
bool loop_copyable(unsigned convergent, const BlockVec *body, const PtrMap *in,
                   LLVMBasicBlockRef h, LLVMBasicBlockRef *pre);
/* The value before the loop one space test could version access i on (its
   set two spaces the target tests apart: sp), else NULL. */
LLVMValueRef loop_test_root(const TgtTable *t, Space *an, const PtrMap *in, LLVMBasicBlockRef h,
                            LLVMValueRef i, int sp[2]);
/* fn's loops for the residue report (sp: fn's space analysis, kept alive
   by the caller).  loops_class: -1 the access is in no loop, 1 in a loop
   --version-by-space could copy with its pointer from a value set before
   the loop whose set is two spaces the target tests apart, 0 others. */
typedef struct Loops Loops;
Loops *loops_new(const TgtTable *t, Space *sp, LLVMValueRef fn);
int loops_class(const Loops *v, LLVMValueRef access);
void loops_free(Loops *v);
#endif
