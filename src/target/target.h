/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* target/target.h — the target tables: address spaces and their facts, cast
 * builtins by spelling.  The layer's one header (docs/design.md, "Layers"). */
#ifndef GASP_TARGET_H
#define GASP_TARGET_H

#include "base/base.h"

/* ===== lattice values shared by the passes ============================== *
 * A lattice value is a named address-space number (>= 0) or one of: */
#define LAT_UNINIT (-1)  /* bottom: nothing known yet */
#define LAT_GENERIC (-2) /* top: more than one space, or unknown */

/* ===== target.c — the address-space tables  =================== */
typedef enum TgtFamily { TGT_SPIR, TGT_GENX, TGT_NVPTX, TGT_AMDGCN } TgtFamily;

typedef enum TgtUnified {
  UAS_GLOBAL, UAS_LOCAL, UAS_PRIVATE, UAS_CONSTANT, UAS_TARGET /* target-specific */
} TgtUnified;

typedef struct TgtSpace {
  int as;             /* LLVM address-space number */
  const char *name;   /* "global", "local", "tensor", ... */
  TgtUnified unified; /* which unified space it belongs to */
  int alias_class;    /* spaces in different classes never overlap */
  bool null_is_zero;  /* generic null casts to this space's 0 bit pattern */
  bool volatile_ok;   /* a volatile generic access may be rewritten here:
                         the back end's access in this space keeps volatile's
                         meaning (target.c's header, "NVPTX volatile") */
  int tag;            /* bits 61-63 of a generic pointer into it; -1: none */
  bool in_global;     /* read-only memory inside the global buffer (OpenCL
                         constant on spir/genx, AMDGPU constant): a global
                         access may read it */
  bool noop_generic;  /* a cast to and from generic keeps the bits (AMDGPU
                         global/constant), so an int round trip is a cast */
  bool cas_rejected;  /* a cmpxchg must not be rewritten here: the
                         assembler rejects what the back end emits (NVPTX
                         private: ptxas refuses atom.local.cas) */
  bool cast_shared;   /* a cast of a generic value to this space is an
                         instruction of its own, and a generic access that
                         lands here is no dearer than a named one (NVPTX
                         global: cvta.to.global; target.c, "Casts that must
                         be shared"): naming a pointer that needs a new
                         cast pays only when two accesses share the cast */
  bool matrix_ok;     /* a warp matrix access (NVVM wmma) may name it: PTX's
                         wmma.load/store have .global and .shared only */
  bool args_generic;  /* a function's one parameter of it takes generic
                         pointers, named at the entry, twin or not (twins.c:
                         NVPTX private, ptxas's registers at a call) */
} TgtSpace;

typedef struct TgtTable {
  const char *name; /* "spir", "nvptx", "amdgcn", "genx" */
  TgtFamily family;
  int generic;                    /* the generic (flat) space */
  int global, local, priv, constant;
  const TgtSpace *spaces;         /* named spaces */
  unsigned nspaces;
  unsigned kernel_cc;             /* calling convention of kernels, 0: none */
  bool kernel_dllexport;          /* genx: dllexport marks a kernel */
  const char *kernel_md;          /* named metadata listing kernels */
  bool kernel_ptr_args_global;    /* generic kernel pointer args are global */
  bool kernel_byval_host_filled;  /* a kernel's private byval: host-filled */
  bool backend_infers;            /* llc names them itself, and module
                                     variables' casts, and what they make
                                     (NVPTXLowerArgs, InferAddressSpaces);
                                     LLVM's optimizer does not (NVPTX;
                                     analysis/backendnamed.c) */
  bool generic_alloca_is_private; /* an alloca in the generic space is private */
  bool generic_vars_global;       /* a global variable in the generic space
                                     lives in global memory (NVPTX: the back
                                     end moves it to .global) */
  bool const_loads_global;        /* a pointer loaded from constant memory
                                     points to global memory: only the host
                                     writes it (AMDGPU kernel arguments and
                                     constant buffers, NVPTX __constant__) */
  bool byval_is_private;          /* a device function's generic byval
                                     parameter is its private copy (NVPTX) */
  int kernel_byval_space;         /* a kernel's generic byval parameter only
                                     read (loads through GEPs) lives in this
                                     space (NVPTX param, 101); 0: no rule */
  unsigned kernel_byval_copy;     /* the largest kernel byval parameter
                                     (bytes) byvalcopy copies into private
                                     memory when the kernel writes it or
                                     hands its address to a call that
                                     may write it */
  const int *test_windows;        /* the spaces a generic pointer may point
                                     into, as the space tests tell them
                                     apart: when the tests say it is in none
                                     but one, it is in that one (AMDGPU:
                                     global — constant memory is in global's
                                     window —, local, private); NULL: a
                                     false test says nothing */
  unsigned ntest_windows;
  bool generic_hw;                /* hardware has generic addressing */
  bool null_tests_global;         /* the global space's test answers true
                                     for generic null (NVPTX: an address
                                     outside the const, local and shared
                                     windows is global, 0 included) */
  unsigned clone_cost;            /* ipmsp: the most instructions a copy of a
                                     function may cost per use it names (1 on
                                     nvptx, amdgcn, spir); 0 no limit (specialize.c,
                                     "What cloning costs") */
  bool generic_args_twin;         /* a named pointer parameter whose callers
                                     keep its generic twin live after each
                                     call takes the twin and is cast at the
                                     entry (twins.c: NVPTX, where a second
                                     64-bit value live across a call is a
                                     callee-saved register or a spill) */
  bool split_merges;              /* an access through a select of two
                                     named spaces is split on the select's
                                     condition, a load through a phi of them
                                     made on each edge (version.c: NVPTX, not
                                     AMDGPU, and why) */
  bool null_test_cast;            /* a null test rewritten into a named
                                     space compares with the cast of the
                                     generic null, as the back end's own
                                     InferAddressSpaces writes it in
                                     clang's build (NVPTX: llc places it at
                                     its use, where LICM had hoisted it;
                                     where not: rewrite.c, icmp_operand
                                     and null_test_stays) */
  unsigned lane_reg_bits;         /* a vector this wide read at a run-time lane stays in
                                     registers (NVPTX 32); any other: frames.c, LANES */
  bool local_args_realigned;      /* by-value aggregates and vectors of a local
                                     function aligned to 16, unless its address
                                     is taken (NVPTX; target.c) */
  bool named_overloads;           /* OpenCL builtins are read by mangled name,
                                     a named-space overload as well (SPIR-V:
                                     OpAtomic*, vloadn; pass/overloads.c) */
  bool int_windows;               /* a local or private pointer's integer is its offset
                                     in the space's window, not its generic address
                                     (NVPTX cvta.to.shared, AMDGPU LDS; gasp-run: window.c) */
} TgtTable;

/* Back-end defects of LLVM 22 a module's triple exposes it to (hazards.c, alias.c,
   frames.c, launder.c): the back end is the triple's, not the table's (spir64
   goes through the SPIR-V translator, spirv64 through LLVM's SPIR-V back end). */
enum {
  TGT_HAZARD_LANE = 1u << 0,   /* amdgcn: a run-time lane of a pointer vector */
  TGT_HAZARD_SCOPES = 1u << 1, /* spirv: alias scope declarations do not validate */
  TGT_HAZARD_FRAME = 1u << 2,  /* nvptx: stack frame written generic after its
                                  alloca lowering (frames.c) */
  TGT_HAZARD_CASTBASE = 1u << 3, /* nvptx: a cast base the vectorizer strips (launder.c) */
};
unsigned tgt_hazards(const char *triple);
/* The triple's back end answers NoAlias for two named spaces of different
   classes itself (LLVM 22: NVPTXAA, AMDGPUAA in every pipeline with the
   target machine): scoped metadata saying the same is redundant (alias.c). */
bool tgt_backend_aa(const char *triple);
/* Table by name ("spir", "nvptx", "amdgcn", "genx"); NULL if unknown. */
const TgtTable *tgt_by_name(const char *name);
/* Table for a triple ("spir64-unknown-unknown", "nvptx64-nvidia-cuda", ...);
   NULL when the triple says nothing about address spaces. */
const TgtTable *tgt_for_triple(const char *triple);
/* The named space with number as, or NULL (the generic space is not named). */
const TgtSpace *tgt_space(const TgtTable *t, int as);
const char *tgt_space_name(const TgtTable *t, int as);
bool tgt_is_named(const TgtTable *t, int as);
/* Any address space but the generic one, in the table or not (addrspace(99)
   is a space of its own to the inference lattice, as upstream holds; only
   the table's facts — tags, null, volatile, alias classes — need a row). */
bool tgt_is_space(const TgtTable *t, int as);
/* The alias class of space as (spaces of different classes never hold the
   same byte); -1 for the generic space or a space the table does not name.
   private_in_global: private memory lives in the global buffer, and a
   global access may land in it, so private joins global's class. */
int tgt_alias_class(const TgtTable *t, int as, bool private_in_global);
/* Two named spaces never hold the same byte. */
bool tgt_disjoint(const TgtTable *t, int a, int b);
bool tgt_is_kernel(const TgtTable *t, LLVMValueRef fn);
/* The space parameter k of fn points into by the target's rules alone
   (LAT_GENERIC when they say nothing): global for a generic pointer (not
   byval/byref) of an uncalled kernel where kernel_ptr_args_global; private
   for a device function's generic byval where byval_is_private. */
int tgt_param_space(const TgtTable *t, LLVMValueRef fn, unsigned k);
/* Do the bits of generic byval parameter k of fn point into private memory
   at run time?  A device function's copy where the target says so, and an
   NVPTX kernel's (read from parameter space, but a generic pointer to it is
   the back end's local copy; tgt_param_space leaves it generic). */
bool tgt_byval_bits_private(const TgtTable *t, LLVMValueRef fn, unsigned k);
/* Does the back end name space as itself, from the generic pointers
   clang's build reaches it with?  NVPTX's llc makes a stack slot's
   accesses .local and a kernel's by-value parameter's reads ld.param. */
bool tgt_backend_names(const TgtTable *t, int as);
/* Parameter k of fn holds what the host wrote at the launch, only global
   addresses (or null): a generic byval/byref of a kernel nothing in the
   module calls, where kernel pointer arguments are global (CUDA's structs),
   or its private byval where kernel_byval_host_filled (SPIR: SYCL's object). */
bool tgt_host_filled(const TgtTable *t, LLVMValueRef fn, unsigned k);
/* A global access may land in space as: global itself, a space kept in
   global memory (in_global), private under --private-in-global. */
bool tgt_in_global(const TgtTable *t, int as, bool private_in_global);
/* May a volatile generic access be rewritten into space as?  The table's
   volatile_ok, unless --volatile=keep (keep_volatile). */
bool tgt_volatile_ok(const TgtTable *t, int as, bool keep_volatile);
/* May an access through a generic pointer be rewritten into space as?
   tgt_volatile_ok for a volatile one; no cmpxchg where the table says
   cas_rejected; a warp matrix access only where it says matrix_ok. */
typedef enum TgtAccess { TGT_ACC_PLAIN, TGT_ACC_CAS, TGT_ACC_MATRIX } TgtAccess;
bool tgt_access_ok(const TgtTable *t, int as, bool is_volatile, TgtAccess kind, bool keep_volatile);
/* The generic pointer that v (a pointer, or vector of pointers, in space
   v's) stands for has v's bits: the space's cast to generic keeps them
   (noop_generic).  Debug records may then describe the generic value by v. */
bool tgt_same_bits_as_generic(const TgtTable *t, LLVMValueRef v);
/* Does a new cast of a generic pointer to space as pay only when two
   accesses or more share it (cast_shared)?  Never under --lower-generic=tags
   (`tags`), where an access left generic becomes a dearer dispatch. */
bool tgt_cast_shared(const TgtTable *t, int as, bool tags);
/* Does the back end itself cast pointer v to global where it is defined
   (NVPTX: NVPTXLowerArgs, for a kernel's pointer parameter and a pointer
   loaded from its byval parameter)?  Naming v then costs no cast of
   gasp's own (cast_shared does not ask). */
bool tgt_backend_casts(const TgtTable *t, LLVMValueRef v);
/* Space as is never written (constant memory): no store reaches it. */
bool tgt_read_only(const TgtTable *t, int as);
/* The table's "pointers in constant memory are global" (const_loads_global)
   for module m: unless m itself put another kind of pointer there. */
bool tgt_const_memory_global(const TgtTable *t, LLVMModuleRef m);
/* The size (bytes) of the pieces the back end splits a wider access into
   in space as in function fn's code; 0: it splits none.  AMDGPU private
   memory through MUBUF scratch (gfx6-gfx90a, gfx10) is split into the
   private element size (4 bytes unless fn's target-features raise it),
   where a flat access of 8 or 16 bytes is one instruction. */
unsigned tgt_split_bytes(const TgtTable *t, int as, LLVMValueRef fn);
/* Does `nonnull` on a generic pointer still hold once it is cast to as?
   (false for the spaces that are windows of the generic space, where
   offset 0 is an address) */
bool tgt_nonnull_kept(const TgtTable *t, int as);
/* "generic", "uninit", or the space name. */
const char *lat_name(const TgtTable *t, int lat);
/* The source-language null of pointer type ty: 0, or for a space whose
   null is not 0 (AMDGPU local/private; NVPTX shared, local, constant and
   cluster shared: target.c, "Null") the cast of generic null. */
LLVMValueRef tgt_null(const TgtTable *t, LLVMTypeRef ty);
/* Constant generic pointer c in space as, proven there: a null is tgt_null's,
   a cast from as its operand, a GEP or bitcast of one rebuilt on it, any
   other a constant cast. */
LLVMValueRef tgt_const_in(const TgtTable *t, LLVMValueRef c, int as);
char *tgt_names(char *buf, size_t cap); /* the tables' names, comma separated */

/* A set of spaces (the space analysis' sets, space.c's lattice): bit i for
   the table's space i, the spaces the table does not name after them
   (numbered per run), then these. */
#define SP_NBITS 24
#define SP_NAMED ((1u << SP_NBITS) - 1)
#define SP_NULL (1u << 29)    /* a null constant flowed in */
#define SP_UNKNOWN (1u << 30) /* something gasp cannot see flowed in */
/* The bit of a space the table names (its index in the table), 0 for any
   other space: the same bit every Space gives it. */
uint32_t space_table_bit(const TgtTable *t, int as);

/* ===== asmfx.c — an NVPTX inline asm's memory accesses ================= */
typedef struct AsmAccess {
  int as, arg; /* the space its mnemonic names (-1: generic); the call
                  argument holding the address, or -1 */
  bool write;
} AsmAccess;
/* Does asmfx read every statement of inline asm call (register work, loads,
   stores)?  Then *n (at most cap) gets its accesses, *addr_only a bit per
   argument that only an address names (no data flows out of it). */
bool asm_effects(const TgtTable *t, LLVMValueRef call, AsmAccess *acc, unsigned cap, unsigned *n,
                 uint64_t *addr_only);

/* ===== casts.c — explicit-cast builtins and space tests, by spelling ==== */
typedef struct CastFn {
  TgtUnified unified; /* the space asked about */
  int as;             /* its number in the target table */
  bool test;          /* an i1 test (isspacep, is.shared), not a cast */
} CastFn;
/* Is call an explicit cast / space test of a generic pointer (operand 0)? */
bool casts_match(const TgtTable *t, LLVMValueRef call, CastFn *out);
/* Can the target test a generic pointer for space as (isspacep, is.*, __to_*)? */
bool casts_can_test(const TgtTable *t, int as);
/* That test of generic pointer p, built at b (the declaration added to m
   when missing): an i1, true when p is in space as. */
LLVMValueRef casts_build_test(const TgtTable *t, LLVMModuleRef m, LLVMBuilderRef b,
                              LLVMValueRef p, int as);
/* The named space whose generic address an inline asm call returns (a
   ptr_bits integer or a generic pointer: NVPTX `cvta.shared.u64 $0, x`),
   or -1; *of_input (if given): the asm is only that conversion of $1. */
int casts_asm_made(const TgtTable *t, LLVMValueRef call, unsigned ptr_bits, bool *of_input);
/* decl's overload (malloc'd name) whose n generic pointers, in order, point
   into spaces as (OpenCL C 3.0's named-space builtins: atomics, vload/vstore,
   fract...), where t->named_overloads; else NULL (casts.c). */
char *casts_named_overload(const TgtTable *t, LLVMValueRef decl, const int *as, unsigned n);
/* A declaration known not to make or hide a local/private generic pointer. */
bool casts_decl_harmless(LLVMValueRef decl);
/* The operand of shuffle call whose value in some lane it returns; -1. */
int casts_lane_copy(LLVMValueRef call);
/* Is call a print builtin (printf, vprintf, the AMDGPU printf buffer's)?
   Its cost dwarfs an access's: the clone cost model leaves it out. */
bool casts_is_print(LLVMValueRef call);
/* Does call read a launch dimension: a block or grid size (NVPTX ntid,
   nctaid; OpenCL get_local_size, get_global_size, get_num_groups; the
   AMDGPU device library's), directly or through a one-block getter that
   returns one (CUDA's blockDim.x before inlining)? */
bool casts_launch_dim(LLVMValueRef call);

#endif
