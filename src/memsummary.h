/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* memsummary.h — the memory summary's record, shared by the two files that
 * fill and read it: memsummary.c (the summary: what each memory may hold,
 * module-private variables) and membits.c (pointer bits: what each
 * instruction puts there).  Nothing else includes it; the rest of gasp
 * uses the mem_summary_* functions of gasp_int.h. */
#ifndef GASP_MEMSUMMARY_H
#define GASP_MEMSUMMARY_H

#include "gasp_int.h"

#define SP_KINDS (SP_NBITS + 2) /* a space bit, null, unknown */

/* The parts of the summary whose growth memfix.c tracks: a space's held
   set (its bit), then these. */
enum { MS_PART_ANY = SP_NBITS, MS_PART_EXPOSED, MS_PART_CARRIED, MS_PART_OBJECTS, MS_PARTS };

struct MemSummary {
  Pool pool;               /* the maps and lists below */
  SpaceNums *nums;         /* what the bits of unnamed spaces stand for: the run's */
  uint32_t held[SP_NBITS]; /* per memory space bit */
  uint32_t anywhere;       /* written through an address of unknown space */
  uint32_t exposed;        /* pointers whose bits escaped */
  /* pointer bits carried by non-pointer values across calls: per function
     (fn_at: its first entry) one entry per parameter, then its return */
  PtrMap fn_at;
  VEC(uint32_t) carried;
  uint32_t carried_union;  /* every entry of carried or'ed (what unknown code
                              may get back of any of them) */
  uint32_t ind_args;       /* carried by an argument of an indirect call */
  /* module-private variables (mem_module_object: only loads, stores and
     memory intrinsics of the module touch them, at addresses derived from
     the variable itself): what each holds, apart from its space's memory */
  PtrMap objects;          /* variable -> 1 module-private, 0 not */
  PtrMap obj_at;           /* module-private variable -> index in obj_held */
  VEC(uint32_t) obj_held;
  /* what memfix.c's fixed point visits again: a count of changes, the count
     at each part's last change (a space's held set, anywhere, exposed, the
     carried entries with their union and ind_args, the module-private
     objects), and the parts read since `reads` was last cleared */
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

/* *at |= val, noting the instruction being recorded (ms->at) as the first
   to put each new kind there (memsummary.c). */
void mem_summary_grow(MemSummary *ms, uint32_t *at, uint32_t val);

#endif
