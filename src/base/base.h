/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* base/base.h — what LLVM-C lacks, without policy: IR helpers, dominators,
 * the forward walk, function copies, the C++ services.  The layer's one
 * header (docs/design.md, "Layers"). */
#ifndef GASP_BASE_H
#define GASP_BASE_H

#include "util/util.h"

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <stdbool.h>
#include <stdio.h>
typedef VEC(LLVMValueRef) ValVec;
typedef VEC(LLVMBasicBlockRef) BlockVec;

/* ===== ir.c — LLVM-C helpers the passes share =========================== */
const char *ir_name(LLVMValueRef v); /* v's name ("" when it has none) */
int ir_ptr_as(LLVMTypeRef t); /* AS of a pointer or vector-of-pointer type, -1 otherwise */
LLVMTypeRef ir_retype(LLVMTypeRef t, int as); /* t's shape (ptr or vector of ptr) in as */
/* fn has null_pointer_is_valid: generic 0 is memory, not "nowhere". */
bool ir_null_is_valid(LLVMValueRef fn);
/* icmp eq/ne of a generic pointer (space `generic`) with null, the pointer
   through selects and phis null or an object's address: the i1 its shape
   decides, built at b (ir.c); else NULL.  b NULL: only whether (non-NULL). */
LLVMValueRef ir_build_null_test(LLVMBuilderRef b, LLVMValueRef icmp, int generic);
LLVMValueRef ir_callee(LLVMValueRef call); /* a direct call's function, else NULL */
bool ir_hands_out(LLVMValueRef user);      /* a ret, or a direct call of a defined fn */
LLVMValueRef ir_insert_point_after(LLVMValueRef v); /* code right after v's definition */
/* The addrspacecast of v to t among the casts right after v's definition, where infer and
   lower keep the one cast a value gets (a second run finds it), else NULL; *at: where it goes. */
LLVMValueRef ir_cast_after(LLVMValueRef v, LLVMTypeRef t, LLVMValueRef *at);
/* Debug location for new code for `at` in fn: at's, else line 0 of fn's DISubprogram, or NULL. */
LLVMMetadataRef ir_loc_of(LLVMValueRef at, LLVMValueRef fn);
/* At b, llvm.fake.use(v): a use code generation emits nothing for (frames.c); and
   llvm.launder.invariant.group(v) (launder.c).  Is v a call of the first, of the second
   or of llvm.strip.invariant.group (its operand's pointer, not captured)? */
LLVMValueRef ir_build_fake_use(LLVMBuilderRef b, LLVMValueRef v);
LLVMValueRef ir_build_launder(LLVMBuilderRef b, LLVMValueRef v);
bool ir_is_fake_use(LLVMValueRef v);
bool ir_is_launder(LLVMValueRef v);
/* GEP gep (instruction or constant) again over base at b: its type, indices, no-wrap flags. */
LLVMValueRef ir_build_gep_on(LLVMBuilderRef b, LLVMValueRef gep, LLVMValueRef base);
/* Erases instruction v, its debug records first following `same` (a value
   with v's bits, or NULL: LLVM's salvage rules, else poison; dbg_salvage). */
void ir_erase_salvaging(LLVMValueRef v, LLVMValueRef same);
/* A landingpad, cleanuppad, catchpad or catchswitch (first in its block). */
bool ir_is_eh_pad(LLVMValueRef i);
/* Can an instruction go after bb's phis and pad (not a catchswitch)? */
bool ir_block_insertable(LLVMBasicBlockRef bb);
/* Builds a call like old (attributes, calling convention, tail kind,
   bundles, metadata, debug location) to callee with args, before old,
   replaces old by it (through an addrspacecast when callee returns a
   pointer in another space) and erases old.  Returns the new call. */
LLVMValueRef ir_replace_call(LLVMBuilderRef b, LLVMValueRef old,
                             LLVMValueRef callee, LLVMTypeRef fnty,
                             LLVMValueRef *args, unsigned nargs);
/* Gives a new function or call `to` the function, return and nargs argument attributes
   of `from` (same kind; `returned` only where types still match); capi.cpp. */
void ir_copy_attrs(LLVMValueRef from, LLVMValueRef to, unsigned nargs);
/* fn's blocks reachable from its entry, in reverse post-order, into out (cleared); seen: -> 1. */
void ir_rpo(LLVMValueRef fn, PtrMap *seen, BlockVec *out);
bool ir_optnone(LLVMValueRef fn); /* marked optnone: the user wants it compiled as written */
bool ir_is_ptr_in(LLVMTypeRef t, int as); /* a pointer (not a vector of them) in space as */
/* The parameter types of function type fty (malloc'd, never NULL), *n. */
LLVMTypeRef *ir_param_types(LLVMTypeRef fty, unsigned *n);
bool ir_type_has_pointer(LLVMTypeRef t); /* a pointer itself, or in an aggregate or vector */
int ir_param_index(LLVMValueRef v); /* v's index among its function's parameters; else -1 */
bool ir_param_attr(LLVMValueRef fn, unsigned k, const char *name); /* an enum attribute */
bool ir_param_abi(LLVMValueRef fn, unsigned k); /* byval, byref, sret, inalloca, preallocated */
LLVMValueRef ir_alloca_of(LLVMValueRef v); /* v's alloca, through casts; NULL: none */
/* Raise load/store i's align to what p's base object and offset give; true: raised. */
bool ir_raise_align(LLVMValueRef i, LLVMValueRef p);
LLVMOpcode ir_opcode(LLVMValueRef v); /* an instruction's or constant expression's; else 0 */
LLVMValueRef ir_strip_offsets(LLVMValueRef v); /* without its GEPs and casts (insts, consts) */
/* Is alloca a's slot only read, and written by one memcpy/memmove into its start from a
   constant global (the shape InstCombine replaces by the constant itself)? */
bool ir_slot_copied_from_constant(LLVMValueRef a);
bool ir_used_outside_block(LLVMValueRef i); /* has a use outside i's block (or not in an inst) */
/* The pointers fn reads as integers (its ptrtoints' operands) into set, cleared first; then
   whether p, or a GEP or cast it is made from (16 steps), is one of them: an address test. */
void ir_int_read_ptrs(LLVMValueRef fn, PtrMap *set);
bool ir_address_read_as_int(const PtrMap *set, LLVMValueRef p);
bool ir_is_lifetime(LLVMValueRef call); /* a llvm.lifetime.start/end marker? */
bool ir_metadata_global(LLVMValueRef gv); /* llvm.used and the like: no code reads it */
LLVMTypeRef ir_int_for(LLVMTypeRef pt); /* i64 (or a vector of) for a (vector of) 64-bit ptr */
LLVMValueRef ir_splat(LLVMTypeRef it, unsigned long long c); /* c of type it, splatted */
/* 64-bit generic p with bits 61-63 cleared as the tag scheme does, inttoptr(ashr(shl(bits,
   4), 4)) at b (lower, gasp-run's builtins); bits: ptrtoint p dominating b, or NULL. */
LLVMValueRef ir_clear_tag(LLVMBuilderRef b, LLVMValueRef p, LLVMValueRef bits);
/* Moves everything before `at` in its block into a new block placed before
   it, which takes over the block's predecessors (phis are rebuilt there);
   returns the new block.  `at` keeps its block, and with it the terminator,
   so the phis of the successors stay right. */
LLVMBasicBlockRef ir_split_before(LLVMBuilderRef b, LLVMValueRef at);
/* Operands of an intrinsic memory access: which arguments are pointers
   and how the overloaded declaration is formed. */
typedef struct IrMemIntrin {
  unsigned id;
  const char *name;
  signed char ptr_args[2];  /* argument indices, -1 = none */
  signed char overload[3];  /* -2 = none, -1 = return type, k = arg k type */
  bool is_access;           /* counts as a memory operation */
  bool is_matrix;           /* a warp's matrix fragment (NVVM wmma load/store) */
  signed char writes;       /* the argument written through; -1 = none (reads) */
} IrMemIntrin;
/* The description for the intrinsic called by call, or NULL. */
const IrMemIntrin *ir_mem_intrin(LLVMValueRef call);
/* Is the mem intrinsic call volatile (memcpy/memmove/memset's last arg)? */
bool ir_mem_intrin_volatile(const IrMemIntrin *mi, LLVMValueRef call);
/* Replaces call (to mi) by one with args (same count), declared for their pointer types. */
LLVMValueRef ir_mem_intrin_rebuild(LLVMBuilderRef b, const IrMemIntrin *mi,
                                   LLVMValueRef call, LLVMValueRef *args);
/* How a call uses its pointer argument k — the memory-access table that
   lower consults before a tagged pointer reaches the call:
     IR_ARG_ACCESS   a memory intrinsic accesses memory through it (the
                     table above: dispatched like a load or store);
     IR_ARG_ADDRESS  pointer arithmetic that returns it (llvm.ptrmask,
                     launder/strip.invariant.group): the tag travels on;
     IR_ARG_NOACCESS an intrinsic that does not read or write through it
                     (prefetch, lifetime markers, objectsize, memory(none)
                     or memory only in inaccessible/errno locations);
     IR_ARG_CALLEE   a function: defined in the module (lowered too) or an
                     external non-intrinsic declaration (the device library,
                     which understands tags);
     IR_ARG_UNKNOWN  an intrinsic gasp does not model that may access memory
                     through it (llvm.vp.load, target intrinsics), or inline
                     assembly: a tagged pointer cannot go there. */
typedef enum IrArgUse {
  IR_ARG_ACCESS, IR_ARG_ADDRESS, IR_ARG_NOACCESS, IR_ARG_CALLEE, IR_ARG_UNKNOWN
} IrArgUse;
IrArgUse ir_call_arg_use(LLVMValueRef call, unsigned k);
/* The type argument k is `byval` with (call or callee; NULL: not byval). */
LLVMTypeRef ir_arg_byval(LLVMValueRef call, unsigned k);
/* The pointer operand's index of a load, store, atomicrmw or cmpxchg. */
unsigned ir_ptr_operand(LLVMValueRef i);
/* inst's pointer operands (load, store, atomics, memory intrinsics) into ptrs; how many. */
unsigned ir_mem_ptrs(LLVMValueRef inst, LLVMValueRef ptrs[2]);
/* Is inst a memory op (ir_mem_ptrs) with a pointer operand in space as? */
bool ir_is_mem_op_in(LLVMValueRef inst, int as);
/* How many memory ops of fn have a pointer operand in space as. */
unsigned long ir_count_mem_ops_in(LLVMValueRef fn, int as);
/* The byte offset a GEP with constant indices adds (struct fields, array
   elements), or INT64_MIN when an index is not a constant (or too large). */
int64_t ir_gep_const_offset(LLVMTargetDataRef td, LLVMValueRef gep);
/* What a copy of f costs (ipmsp's and fields' clone cost model): its
   instructions, less the stack-slot traffic that promotion to registers
   removes (allocas, their casts, loads and stores straight through them —
   clang -O0 keeps every local there), so -O0 and -O1 code of one function
   cost about the same. */
unsigned ir_copy_cost(LLVMValueRef f);
/* name[0, len) demangled (Itanium C++ ABI, a clone's ".suffix" kept), or
   NULL when it is not a mangled name; free() the result. */
char *ir_demangle(const char *name, size_t len);
/* "file:line:col" of i's debug location (malloc'd), or NULL: none. */
char *ir_loc_text(LLVMValueRef i);
/* The bytes a GEP adds: *off plus some multiple of *stride, the gcd of the
   element sizes its variable indices scale (0: exactly *off; an element of
   an array of structs indexed at run time: its field's offset plus a
   multiple of the element size).  False for vector elements or indices
   too large to add up. */
bool ir_gep_offset(LLVMTargetDataRef td, LLVMValueRef gep, int64_t *off, int64_t *stride);
/* v with casts and GEPs taken off: the base, *off v's byte offset in it
   plus any multiple of *stride (0: exactly; an element of an array of
   structs indexed at run time: the element size); NULL when a GEP cannot
   be placed (ir_gep_offset). */
LLVMValueRef ir_base_offset(LLVMTargetDataRef td, LLVMValueRef v, int64_t *off,
                            int64_t *stride);
/* Upgrades the calls of every declaration named llvm.* that LLVM 22 does
   not know as an intrinsic, as its bitcode and text readers would
   (capi_upgrade_calls: AMDGPU's llvm.amdgcn.atomic.inc/dec become
   atomicrmw uinc_wrap/udec_wrap, which infer can name); returns how many
   declarations were upgraded.  A module clang built in memory (the plugin)
   is never read back before gasp sees it; llc would upgrade it after. */
unsigned ir_upgrade_legacy_calls(LLVMModuleRef m);
/* Instructions in fn; in every function of m; is any use of fn other than
   as the callee of a call or invoke (an argument of its own call counts)? */
unsigned long ir_count_instructions(LLVMValueRef fn);
unsigned long ir_count_module_instructions(LLVMModuleRef m);
bool ir_address_taken(LLVMValueRef fn);
/* ===== dom.c — dominators (the C API has none) ========================== */
typedef struct Dom Dom;
Dom *dom_new(LLVMValueRef fn);
/* Block a dominates block b (both reachable from the entry). */
bool dom_blocks(const Dom *d, LLVMBasicBlockRef a, LLVMBasicBlockRef b);
bool dom_reachable(const Dom *d, LLVMBasicBlockRef bb);
/* Natural loops bb is in (0: none, or unreachable). */
unsigned dom_loop_depth(const Dom *d, LLVMBasicBlockRef bb);
/* What a use at instruction inst is worth to the clone cost model: 1
   outside loops, x16 a loop (its trips where a counted loop's bound says
   fewer), at most 256 (a use that runs many times saves as many generic
   accesses; specialize.c, "What cloning costs").  *d: dominators of inst's
   function, made on the first call (dom_free it); where every edge goes
   forward in block order, an empty one: depth 0, weight 1, no dom_blocks. */
unsigned dom_use_weight(Dom **d, LLVMValueRef inst);
void dom_free(Dom *d);

/* ===== fwd.c — the forward walk: every use a pointer reaches, and how === */
/* Where an access lies in its region: at byte off plus any multiple of
   stride (0: exactly off; else 0 <= off < stride — a field of an array
   element indexed at run time; stride 1: anywhere).  The walk's places;
   memory.c's slots and fields' shapes are keyed by them. */
typedef struct Place {
  int64_t off, stride;
} Place;
/* The place off + any multiple of stride, off reduced below stride. */
Place place_at(int64_t off, int64_t stride);
/* p moved by a GEP's off + any multiple of stride. */
Place place_add(Place p, int64_t off, int64_t stride);
/* How a use treats the pointer it uses (by opcode and operand position). */
typedef enum FwdKind {
  FWD_GEP,    /* a getelementptr with the pointer as its base: a move */
  FWD_CAST,   /* an addrspacecast or bitcast of it: a move */
  FWD_MERGE,  /* a phi, a freeze, a select choosing it: a move */
  FWD_LOAD,   /* a load (the pointer is its address) */
  FWD_STORE,  /* a store: through the pointer, or of it (asker reads which) */
  FWD_ATOMIC, /* an atomicrmw or cmpxchg */
  FWD_CALL,   /* a call, invoke or callbr (memory intrinsics included) */
  FWD_CMP,    /* an icmp */
  FWD_TOINT,  /* a ptrtoint */
  FWD_TOPTR,  /* an inttoptr (reached through an integer the asker followed) */
  FWD_OTHER   /* anything else: a GEP index, a return, an aggregate, ... */
} FwdKind;
enum { FWD_FIFO = 0, FWD_LIFO = 1, FWD_DEDUP = 2 };
typedef struct FwdItem {
  LLVMValueRef v;
  Place at;
  unsigned depth; /* moves from its root */
} FwdItem;
typedef struct Fwd {
  VEC(FwdItem) items; /* FIFO: every pointer reached, in order (root first) */
  PtrMap reached;     /* with FWD_DEDUP: the pointers reached */
  size_t next;
  unsigned flags;
  FwdItem cur;
  LLVMUseRef use;
} Fwd;
typedef struct FwdUse {
  LLVMValueRef user, v; /* the user, and the pointer reached that it uses */
  Place at;             /* v's place from its root */
  unsigned depth;       /* v's moves from its root */
  FwdKind kind;
} FwdUse;
/* flags: FWD_FIFO or FWD_LIFO, | FWD_DEDUP (a pointer taken once). */
void fwd_init(Fwd *w, unsigned flags);
void fwd_free(Fwd *w);
/* Starts a new walk at root (NULL: none yet; fwd_add the roots). */
void fwd_start(Fwd *w, LLVMValueRef root, Place at);
/* Another root; false when dedup had it. */
bool fwd_add(Fwd *w, LLVMValueRef v, Place at);
/* The next use of a pointer reached; false when the walk is over. */
bool fwd_next(Fwd *w, FwdUse *u);
/* Follows v, made from (or standing for) the pointer of the last use
   yielded, at place at; false when dedup had it. */
bool fwd_follow(Fwd *w, LLVMValueRef v, Place at);
/* With FWD_DEDUP: was v reached (a root or followed)? */
bool fwd_reached(const Fwd *w, LLVMValueRef v);
/* How user treats pointer v (fwd_next's classification). */
FwdKind fwd_kind(LLVMValueRef user, LLVMValueRef v);
/* A move (GEP on it, cast, phi, freeze, select's operand): the walk's
   FWD_GEP, FWD_CAST, FWD_MERGE for an instruction user. */
static inline bool fwd_is_move(FwdKind k) { return k == FWD_GEP || k == FWD_CAST || k == FWD_MERGE; }

/* ===== clone.c — a function with a new signature from an old one ======= */
/* A function of type fnty named name with fn's attributes, calling
   convention and metadata.  move: fn's body moves over (fn is left empty,
   the caller deletes it); else it is copied into an internal function with
   its own DISubprogram (dbg_copy).  A parameter whose type changed is cast
   back to the old type at the entry; returned values are the caller's to
   convert.  scratch: a copy's value map, kept by the caller from one copy
   to the next so that its storage is reused (NULL: one of its own). */
typedef struct CloneMap {
  PtrMap idx;           /* old value -> index in from/to */
  ValVec from, to;      /* old and new values, in the order mapped */
  ValVec made, phis;    /* a copy's new non-phi instructions; the old phis */
} CloneMap;
LLVMValueRef clone_function(LLVMValueRef fn, LLVMTypeRef fnty, const char *name,
                            bool move, CloneMap *scratch);
void clone_map_bind(CloneMap *cm, Pool *pool);
void clone_map_free(CloneMap *cm);

/* ===== capi.cpp — services LLVM-C lacks (C++ with a C interface) ======== */
bool capi_upgrade_calls(LLVMValueRef decl); /* an intrinsic LLVM 22 lacks: upgraded as read */
/* Variadics lowered to an argument buffer as llc does (ExpandVariadics); true if m changed. */
bool capi_expand_variadics(LLVMModuleRef m);
void ir_take_name(LLVMValueRef from, LLVMValueRef to); /* Value::takeName */
bool ir_comes_before(LLVMValueRef a, LLVMValueRef b); /* one block's: Instruction::comesBefore */
void ir_keep_used(LLVMModuleRef m, LLVMValueRef gv), ir_drop_used(LLVMValueRef gv); /* compiler.used */
bool ir_dso_local(LLVMValueRef gv); /* GlobalValue's dso_local (local linkage sets it) */
void ir_set_dso_local(LLVMValueRef gv, bool on);
char *ir_print_function(LLVMValueRef f); /* f's text, in time linear in f */
/* The copy `to` of `from` (clone.c) gets its own DISubprogram, and each
   olds[k]'s location, DIAssignID and debug records go to news[k] (pairs of
   arguments and instructions; a function without a DISubprogram: nothing). */
void dbg_copy(LLVMValueRef from, LLVMValueRef to, const LLVMValueRef *olds,
              const LLVMValueRef *news, size_t n);
/* Before v is erased: its debug records follow `same` (same bits), or are salvaged, or poison. */
void dbg_salvage(LLVMValueRef v, LLVMValueRef same);

#endif
