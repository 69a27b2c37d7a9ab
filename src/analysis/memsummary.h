/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* memsummary.h — the memory summary: its functions, and its record, shared
 * by the two files that fill and read it: memsummary.c (the summary: what
 * each memory may hold, module-private variables) and membits.c (pointer
 * bits: what each instruction puts there).  A header of the analysis
 * folder only (scripts/layers.py): the files there that build or read a
 * summary include it; the other layers ask the fact store. */
#ifndef GASP_MEMSUMMARY_H
#define GASP_MEMSUMMARY_H

#include "analysis/analysis.h"

/* ===== memory.c, summaries — what global, local, ... memory may hold ===== */
/* A summary whose sets number unnamed spaces through nums (the run's:
   facts_nums). */
MemSummary *mem_summary_new(const TgtTable *t, SpaceNums *nums);
void mem_summary_free(MemSummary *ms);
/* Pointers of set val written into memory of set dest (SP_UNKNOWN in
   dest: any memory). */
void mem_summary_store(MemSummary *ms, uint32_t dest, uint32_t val);
/* The set of a pointer loaded from memory of set src. */
uint32_t mem_summary_load(const MemSummary *ms, uint32_t src);
/* mem_summary_store of a write at address addr; a module-private variable
   there (mem_module_object) also holds val. */
void mem_summary_write(MemSummary *ms, uint32_t dest, LLVMValueRef addr, uint32_t val);
/* The set of a pointer loaded from address addr (in memory of set src):
   what its module-private variable holds, else mem_summary_load. */
uint32_t mem_summary_read(const MemSummary *ms, uint32_t src, LLVMValueRef addr);
/* Records what fn may write into memory, set_of giving the space
   analysis' set of a value of fn. */
void mem_summary_function(MemSummary *ms, const TgtTable *t, LLVMValueRef fn,
                          uint32_t (*set_of)(void *arg, LLVMValueRef v), void *arg);
/* The first instruction that put a pointer with set bit `bit` into memory
   of set src (*host, and NULL, when the host wrote it). */
LLVMValueRef mem_summary_writer(const MemSummary *ms, uint32_t src, unsigned bit, bool *host);
/* The numbering of unnamed spaces the summary's sets use. */
SpaceNums *mem_summary_nums(const MemSummary *ms);
/* The fixed point's bookkeeping (memfix.c): a visit begins (the log of
   parts read is cleared; the change count now is returned), the parts the
   visit read, and whether one of `reads` grew after the count `began`. */
uint64_t mem_summary_begin_visit(MemSummary *ms);
uint64_t mem_summary_visit_reads(const MemSummary *ms);
/* The carried entries the visit read (valid until the next visit). */
const uint32_t *mem_summary_visit_carried(const MemSummary *ms, size_t *n);
bool mem_summary_grew_since(const MemSummary *ms, uint64_t reads, const uint32_t *carried,
                            size_t ncarried, uint64_t began);

/* ===== memfix.c — the memory summary's fixed point (an analysis) ======= */
/* The module's memory summary, at its fixed point (rounds: how many),
   numbering unnamed spaces through nums.  Only the fact store calls it
   (facts_summary): everyone else asks the store. */
MemSummary *memfix_compute(const TgtTable *t, LLVMModuleRef m, SpaceNums *nums,
                           unsigned *rounds);


#define SP_KINDS (SP_NBITS + 2) /* a space bit, null, unknown */
#define MS_ASM_ACCESSES 8       /* the most memory accesses of an asm read */

/* The parts of the summary whose growth memfix.c tracks: a space's held
   set (its bit), then these. */
enum {
  MS_PART_ANY = SP_NBITS, MS_PART_EXPOSED,
  MS_PART_CARRIED_ANY, /* carried_union (what unknown code gets back) */
  MS_PART_IND_ARGS,    /* ind_args */
  MS_PART_OBJECTS, MS_PARTS
};

struct MemSummary {
  Pool pool;               /* the maps and lists below */
  const TgtTable *t;       /* the target (which variables are module-private) */
  SpaceNums *nums;         /* what the bits of unnamed spaces stand for: the run's */
  uint32_t held[SP_NBITS]; /* per memory space bit */
  uint32_t anywhere;       /* written through an address of unknown space */
  uint32_t exposed;        /* pointers whose bits escaped */
  /* pointer bits carried by non-pointer values across calls: per function
     (fn_at: its first entry) one entry per parameter, then its return */
  PtrMap fn_at;
  VEC(uint32_t) carried;
  VEC(uint64_t) carried_ep;    /* per entry: the count at its last growth */
  VEC(uint32_t) carried_seen;  /* per entry: the visit that last read it */
  VEC(uint32_t) carried_reads; /* the entries read in this visit */
  uint32_t visit;              /* visits begun */
  uint32_t carried_union;  /* every entry of carried or'ed (what unknown code
                              may get back of any of them) */
  uint32_t ind_args;       /* carried by an argument of an indirect call */
  /* module-private variables (mem_module_object: only loads, stores and
     memory intrinsics of the module touch them, at addresses derived from
     the variable itself): what each holds, apart from its space's memory */
  PtrMap objects;          /* variable -> 1 module-private, 0 not */
  PtrMap obj_at;           /* module-private variable -> index in obj_held */
  VEC(uint32_t) obj_held;
  /* inline asm (its value) -> index in asm_fx (membits.c, asm_fx_of) */
  PtrMap asm_at;
  VEC(struct MsAsm {
    bool known;
    unsigned n;
    uint64_t addr_only;
    AsmAccess acc[MS_ASM_ACCESSES];
  }) asm_fx;
  /* what memfix.c's fixed point visits again: a count of changes, the count
     at each part's last change (a space's held set, anywhere, exposed, the
     carried union, ind_args, the module-private objects; each carried
     entry's in carried_ep), and the parts read since `reads` was last
     cleared (the carried entries read: carried_reads) */
  uint64_t epoch;
  uint64_t part_ep[MS_PARTS];
  uint64_t reads;
  /* provenance, for the explanations: the first instruction that put a
     pointer of each kind there (NULL: the host) */
  LLVMValueRef at;         /* the instruction being recorded */
  LLVMValueRef first_held[SP_NBITS][SP_KINDS];
  LLVMValueRef first_any[SP_KINDS], first_exposed[SP_KINDS];
};

/* Part `part` of the summary grew / was read (memfix.c revisits a function
   only when a part it read grew since its last visit began). */
static inline void mem_summary_changed(MemSummary *ms, unsigned part) {
  ms->part_ep[part] = ++ms->epoch;
}
static inline void mem_summary_reads(const MemSummary *ms, unsigned part) {
  ((MemSummary *)ms)->reads |= 1ull << part; /* a log, not the summary */
}
/* Carried entry `at` was read (a function's revisits follow the entries it
   read, not every growth of every function's). */
static inline void mem_summary_reads_carried(MemSummary *ms, size_t at) {
  if (ms->carried_seen.v[at] != ms->visit) {
    ms->carried_seen.v[at] = ms->visit;
    vec_push(&ms->carried_reads, (uint32_t)at);
  }
}

/* *at |= val, noting the instruction being recorded (ms->at) as the first
   to put each new kind there (memsummary.c). */
void mem_summary_grow(MemSummary *ms, uint32_t *at, uint32_t val);

#endif
