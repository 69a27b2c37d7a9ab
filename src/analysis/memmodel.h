/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* memmodel.h — the private-slot model's record (memory.c's MemModel: one
 * region's accesses, its slots), shared by the two files that build it:
 * memory.c (regions, their accesses and slots, the model's answers) and
 * memorder.c below it (a region's writes by place and by order). A header
 * of the analysis folder only (scripts/layers.py); every other file asks
 * memory.c's functions in analysis.h. */
#ifndef GASP_MEMMODEL_H
#define GASP_MEMMODEL_H

#include "analysis/analysis.h"

#include <llvm-c/Target.h>

typedef struct MemSlot {
  ValVec stored; /* generic pointers (or a generic null) written there */
  ValVec writer; /* the store or memset that wrote each */
  bool host;     /* the host wrote it first: global pointers too */
  int entry;     /* a pointer into this space was there when the function
                    started (the host's global, a caller's field fact);
                    -1: none */
} MemSlot;

typedef enum AccKind {
  A_PTRLOAD,  /* a load of a generic pointer (or of one read as an integer) */
  A_PTRSTORE, /* a store of a generic pointer */
  A_NULLSTORE, /* memset 0: the bytes hold generic nulls */
  A_FIELDCOPY, /* a writer's store of a pointer it loaded from the same
                  aggregate (at Access.from), moved by GEPs: that field's
                  pointers */
  A_HOSTFILL,  /* a memcpy of bytes the host wrote (part of a host-filled
                  parameter the kernel never writes): each field it covers
                  whole holds a global pointer or null */
  A_CLOBBER   /* any other write */
} AccKind;

typedef struct Access {
  LLVMValueRef inst; /* the store, memset, memcpy, load, or a call to a writer */
  LLVMValueRef val;  /* A_PTRSTORE: the pointer written (a writer's call: the
                        caller's argument it stores) */
  Place at;
  Place from;    /* A_FIELDCOPY: the field the pointer was loaded from */
  bool moved;    /* A_PTRSTORE, A_FIELDCOPY by a writer: the pointer went
                    through GEPs first (a null moved is no null) */
  int64_t size;  /* bytes; -1: unknown */
  unsigned align;
  AccKind kind;
  bool must;       /* a write: these bytes hold it afterwards (a plain store,
                      memset; a writer call's Write.must) */
  bool entry_from; /* A_FIELDCOPY: Write.entry_from */
} Access;

typedef VEC(uint32_t) SlotList;
typedef VEC(uint32_t) AccList; /* indices into MemModel.acc */
typedef struct OffAcc {
  int64_t off; /* an exact-offset write's place */
  uint32_t k;  /* its index in acc */
} OffAcc;

struct MemModel {
  Pool pool;           /* the containers below, the slots' lists included */
  const TgtTable *t;
  int generic;         /* the target's generic space */
  LLVMTargetDataRef td;
  int64_t psize;       /* bytes of a generic pointer */
  LLVMValueRef null;   /* the generic null */
  PtrMap load_slot;    /* load -> slot */
  PtrMap store_slots;  /* store -> index into feeds */
  VEC(SlotList) feeds; /* per store: the slots it writes */
  size_t nfeeds;
  VEC(MemSlot) slots;
  /* scratch for the walk of one alloca */
  Fwd region;     /* the forward walk from it (deduplicated: fwd_reached) */
  VEC(Access) acc;
  PtrMap acc_set;  /* instruction -> its last access in acc */
  VEC(uint32_t) acc_prev; /* per access: the same instruction's access
                             before it in acc, or MAP_NONE */
  PtrMap off_slot; /* exact offset (as a key) -> slot, for one alloca */
  VEC(Place) strided;     /* strided places with a slot, for one alloca */
  VEC(uint32_t) strided_slot; /* ... and their slots */
  /* the region's writes by place (mem_writes_at's index, made at its first
     question after the walk): exact-offset writes of at most NEAR_BYTES
     by offset, the others (strided, wider, of unknown size) in order */
  VEC(OffAcc) near;
  AccList far;
  bool indexed;
  unsigned region_align;  /* of the region being walked */
  LLVMValueRef host_copy; /* the memcpy that fills the region being walked
                             with what the host wrote (mem_host_copy), or
                             NULL */
  PtrMap objects;  /* global variable -> 1 module-private, 0 not */
  PtrMap position; /* instruction -> its position in its block, for the
                      blocks memorder.c has asked (the function's) */
  PtrMap readers;  /* mem_param_reads_only_memo's memo (host_bytes), for
                      the function modelled */
};

/* An exact offset as a PtrMap key (never NULL): memory.c's slots by
   offset, memorder.c's walks by place. */
static inline const void *mem_off_key(int64_t off) {
  return (const void *)(uintptr_t)(((uint64_t)off << 1) | 1);
}

/* ===== memorder.c, a region's writes by place and order ===== */
/* What write w contributes to a pointer-sized field read at place r: 0
   nothing (they never overlap), 1 a value (the pointer, or null: wherever
   they overlap, the write is exactly that field, or zeroes all of it), -1
   the field is not modelled. */
int mem_contributes(const MemModel *mm, const Access *w, Place r);
/* The writes of the region being walked that may overlap a pointer-sized
   read at place r, in access order, into *out (mem_contributes answers 0
   for every write left out). */
void mem_writes_at(MemModel *mm, Place r, AccList *out);
enum { ORD_START, ORD_BAD, ORD_WRITE }; /* ORD_WRITE + k: access k */
typedef struct OrdStop {
  LLVMBasicBlockRef bb;
  uint32_t pos; /* in bb */
  uint32_t e;   /* what a walk back for the place answers there: ORD_BAD
                   (an instruction that may write part of the place, or
                   write it twice) or ORD_WRITE + its write of it */
} OrdStop;
typedef VEC(OrdStop) OrdStops;
typedef struct OrderMemo {
  PtrMap places;    /* exact offset (as a key) -> its stops in stops */
  VEC(OrdStops) stops; /* per place: the instructions a walk back for it
                          ends at, by block and position */
} OrderMemo;
/* What load, a pointer-sized read at exact place r of the region being
   walked, sees from the writes before it in its block: SEEN_WRITE, one
   write (*w, its index in acc); SEEN_FIELD, every write of field *field
   (a writer's field copy before it); SEEN_OWN, nothing better than its
   own slot.  memo: the region's places asked so far (empty at first,
   bound to the model's pool). */
enum { SEEN_OWN, SEEN_WRITE, SEEN_FIELD };
int mem_ordered_write(MemModel *mm, OrderMemo *memo, LLVMValueRef load, Place r,
                      uint32_t *w, Place *field);
/* Gives memo's maps back. */
void mem_order_free(OrderMemo *memo);

#endif
