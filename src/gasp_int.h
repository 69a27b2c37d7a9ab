/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* gasp_int.h — the private header: one section per .c file, in pipeline
 * order.  Nothing here is installed. */
#ifndef GASP_INT_H
#define GASP_INT_H

#include "gasp.h"
#include "util/util.h"

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <stdbool.h>

/* ===== lattice values shared by the passes ============================== *
 * A lattice value is a named address-space number (>= 0) or one of: */
#define LAT_UNINIT (-1)  /* bottom: nothing known yet */
#define LAT_GENERIC (-2) /* top: more than one space, or unknown */

/* ===== target.c — the address-space tables  =================== */
typedef enum TgtFamily {
  TGT_SPIR,
  TGT_GENX,
  TGT_NVPTX,
  TGT_AMDGCN
} TgtFamily;

typedef enum TgtUnified {
  UAS_GLOBAL,
  UAS_LOCAL,
  UAS_PRIVATE,
  UAS_CONSTANT,
  UAS_TARGET /* target-specific */
} TgtUnified;

typedef struct TgtSpace {
  int as;             /* LLVM address-space number */
  const char *name;   /* "global", "local", "tensor", ... */
  TgtUnified unified; /* which unified space it belongs to */
  int alias_class;    /* spaces in different classes never overlap */
  bool null_is_zero;  /* generic null casts to this space's 0 bit pattern */
  bool volatile_ok;   /* a volatile generic access may be rewritten here:
                         the back end's access in this space keeps volatile's
                         meaning (docs/design.md, "volatile policy") */
  int tag;            /* bits 61-63 of a generic pointer into it; -1: none */
  bool in_global;     /* read-only memory inside the global buffer (OpenCL
                         constant on spir/genx, AMDGPU constant): a global
                         access may read it */
  bool noop_generic;  /* a cast to and from generic keeps the bits (AMDGPU
                         global/constant), so an int round trip is a cast */
  bool cas_rejected;  /* a cmpxchg must not be rewritten here: the
                         assembler rejects what the back end emits (NVPTX
                         private: ptxas refuses atom.local.cas) */
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
                                     hands its address on */
  const int *test_windows;        /* the spaces a generic pointer may point
                                     into, as the space tests tell them
                                     apart: when the tests say it is in none
                                     but one, it is in that one (AMDGPU:
                                     global — constant memory is in global's
                                     window —, local, private); NULL: a
                                     false test says nothing */
  unsigned ntest_windows;
  bool generic_hw;                /* hardware has generic addressing */
  unsigned clone_cost;            /* ipmsp: the most instructions a copy of a
                                     function may cost per use it names; 0 no
                                     limit (docs/design.md, "What cloning
                                     costs") */
} TgtTable;

/* Back-end defects of LLVM 22 a module's triple exposes it to (hazards.c,
   alias.c): the back end is the triple's, not the table's (spir64 goes
   through the SPIR-V translator, spirv64 through LLVM's SPIR-V back end). */
enum {
  TGT_HAZARD_LANE = 1u << 0,   /* amdgcn: a run-time lane of a pointer vector */
  TGT_HAZARD_SCOPES = 1u << 1, /* spirv: alias scope declarations do not validate */
};
unsigned tgt_hazards(const char *triple);
/* The triple's back end has an alias analysis of its own that answers
   NoAlias for two named spaces of different classes (LLVM 22: NVPTXAA,
   AMDGPUAA, in the default AA stack of every pipeline with the target
   machine — clang, opt, llc): scoped metadata saying the same is redundant
   (alias.c). */
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
   (LAT_GENERIC when they say nothing): a generic, not byval/byref,
   pointer parameter of a kernel that nothing in the module calls, on a
   target whose kernel pointer arguments are global (nvptx, amdgcn), is
   global; a generic byval parameter of a device function is private where
   the target says so (NVPTX: the callee's copy lives in local memory). */
int tgt_param_space(const TgtTable *t, LLVMValueRef fn, unsigned k);
/* Do the bits of generic byval parameter k of fn point into private memory
   at run time?  A device function's copy where the target says so, and a
   kernel's too: on NVPTX a kernel's aggregate is read from parameter
   space, but a generic pointer to it is its copy in local memory (the back
   end's argument lowering makes one) — which is why tgt_param_space,
   naming what the IR may be rewritten to, leaves the kernel's generic. */
bool tgt_byval_bits_private(const TgtTable *t, LLVMValueRef fn, unsigned k);
/* Parameter k of fn is memory the host filled at the launch: a generic
   byval/byref aggregate of a kernel nothing in the module calls, on a
   target whose kernel pointer arguments are global (CUDA's struct
   arguments on NVPTX).  The host can only write global addresses (or null)
   there. */
bool tgt_host_filled(const TgtTable *t, LLVMValueRef fn, unsigned k);
/* A global access may land in space as: global itself, a space kept in
   global memory (in_global), private under --private-in-global. */
bool tgt_in_global(const TgtTable *t, int as, bool private_in_global);
/* May a volatile generic access be rewritten into space as?  The table's
   volatile_ok (what llc-22 emits for a volatile access there keeps its
   meaning), unless --volatile=keep asks to keep every volatile access
   generic. */
bool tgt_volatile_ok(const TgtTable *t, int as, bool keep_volatile);
/* May an access through a generic pointer be rewritten into space as?
   tgt_volatile_ok for a volatile one, and no cmpxchg where the table says
   cas_rejected. */
bool tgt_access_ok(const TgtTable *t, int as, bool is_volatile, bool is_cas, bool keep_volatile);
/* The generic pointer that v (a pointer, or vector of pointers, in space
   v's) stands for has v's bits: the space's cast to generic keeps them
   (noop_generic).  Debug records may then describe the generic value by v. */
bool tgt_same_bits_as_generic(const TgtTable *t, LLVMValueRef v);
/* Space as is never written (constant memory): no store reaches it. */
bool tgt_read_only(const TgtTable *t, int as);
/* The join of two lattice values (LAT_UNINIT, LAT_GENERIC, or a space). */
int lat_join(int a, int b);
/* "generic", "uninit", or the space name. */
const char *lat_name(const TgtTable *t, int lat);
/* The source-language null of pointer type ty: 0, or for a space whose
   null is not 0 (AMDGPU local/private) the cast of generic null. */
LLVMValueRef tgt_null(const TgtTable *t, LLVMTypeRef ty);
/* Comma separated names of the known tables. */
const char *tgt_names(void);

/* ===== world.c — the world assumption (open, or --whole-program) ======== */
/* Internal or private linkage: no caller outside the module. */
bool world_internal(LLVMValueRef fn);
/* A defined non-kernel function code outside the module may call (open
   world: any caller, any pointer). */
bool world_outside_callers(const TgtTable *t, LLVMValueRef fn);
/* Functions reachable from the kernels (direct calls; address taken). */
void world_live(const TgtTable *t, LLVMModuleRef m, PtrMap *live);
void world_count(const TgtTable *t, LLVMModuleRef m, GaspGenericCounts *c);
/* The same with the live set (world_live) already computed. */
void world_count_live(const TgtTable *t, LLVMModuleRef m, const PtrMap *live,
                      GaspGenericCounts *c);

/* ===== ctx.c — the context and the services every pass uses ============ */
typedef struct GaspStatDesc {
  const char *name; /* "pass.counter" */
  const char *desc;
} GaspStatDesc;

typedef struct GaspDiag {
  GaspSeverity sev;
  char *msg;
} GaspDiag;

struct GaspCtx {
  GaspOptions opt; /* strings owned */
  const TgtTable *tgt;
  VEC(GaspDiag) diags;
  VEC(const GaspStatDesc *) stat_desc;
  VEC(uint64_t) stat_val;
  VEC(GaspRemark) remarks;
  const char *cur_pass; /* the pass now running, for tracing */
  LLVMModuleRef cur_module; /* the module being run (remarks about it), or NULL */
  struct Facts *facts; /* the run's fact store (facts.c): pipeline_run makes
                          it before the first pass and frees it after the
                          report; a pass run alone gets one from facts_of */
  struct Summary *summary; /* summary.c's record of the last run, or NULL */
  struct StrMap *was_generic; /* why.c: locations of the input's generic
                                 accesses (Passed remarks wanted), or NULL */
  size_t options_size; /* GaspOptions.struct_size as the caller gave it */
};

void cx_diag(GaspCtx *cx, GaspSeverity sev, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* s with its options spelled per GaspOptions.option_prefix (takes s). */
char *cx_respell_options(const GaspCtx *cx, char *s);
void cx_stat(GaspCtx *cx, const GaspStatDesc *d, uint64_t n);
/* True when -debug-only names the current pass. */
bool cx_debug(const GaspCtx *cx);
FILE *cx_out(const GaspCtx *cx);
/* Selects cx->tgt for m; on failure adds the error and returns false. */
bool cx_select_target(GaspCtx *cx, LLVMModuleRef m);

typedef VEC(LLVMValueRef) ValVec;
typedef VEC(LLVMBasicBlockRef) BlockVec;

/* ===== remark.c — optimisation remarks ================================== */
bool cx_wants(const GaspCtx *cx, GaspRemarkKind k);
/* After the pipeline: remarks about a removed function move to a function
   their text names that is still defined (remark.c). */
void remarks_rehome(GaspCtx *cx, LLVMModuleRef m);
/* Starts a remark by the running pass about fn (NULL: the module), located
   at instruction at (NULL: fn's own line); NULL when cx does not collect
   kind k.  Finish it (rm_arg..., rm_done) before starting another. */
GaspRemark *cx_remark(GaspCtx *cx, GaspRemarkKind k, const char *name, LLVMValueRef fn,
                      LLVMValueRef at);
void rm_arg(GaspRemark *r, const char *key, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void rm_done(GaspRemark *r);
/* Every remark's text with its options spelled per
   GaspOptions.option_prefix (cx_respell_options); gasp_run's last step. */
void remarks_respell_options(GaspCtx *cx);
void remarks_free(GaspCtx *cx);

/* ===== ir.c — LLVM-C helpers the passes share =========================== */
/* AS of a pointer or vector-of-pointer type, -1 otherwise. */
int ir_ptr_as(LLVMTypeRef t);
/* Same shape as t (ptr or vector of ptr) in space as. */
LLVMTypeRef ir_retype(LLVMTypeRef t, int as);
/* fn has null_pointer_is_valid: its generic address 0 is memory, so a
   null there is no "points nowhere" (space.c, ipmsp). */
bool ir_null_is_valid(LLVMValueRef fn);
/* The called function of a call if it is a direct call, else NULL. */
LLVMValueRef ir_callee(LLVMValueRef call);
/* Does user take its operands out of its function: a return, or a direct
   call to a defined function (whose parameters ipmsp votes on)? */
bool ir_hands_out(LLVMValueRef user);
/* Where to insert code that runs right after v is defined. */
LLVMValueRef ir_insert_point_after(LLVMValueRef v);
/* The debug location for new code standing for `at` in fn: at's own (at an
   instruction with one), else line 0 in fn's DISubprogram (code with no
   source line of its own); NULL when fn has no debug info. */
LLVMMetadataRef ir_loc_of(LLVMValueRef at, LLVMValueRef fn);
/* Erases instruction v, its debug records first following `same` (a value
   with v's bits, or NULL: LLVM's salvage rules, else poison; dbg_salvage). */
void ir_erase_salvaging(LLVMValueRef v, LLVMValueRef same);
/* A landingpad, cleanuppad, catchpad or catchswitch (nothing goes before
   it in its block). */
bool ir_is_eh_pad(LLVMValueRef i);
/* A block where an instruction can be placed after its phis and pad (not
   a catchswitch block). */
bool ir_block_insertable(LLVMBasicBlockRef bb);
/* Builds a call like old (attributes, calling convention, tail kind,
   bundles, metadata, debug location) to callee with args, before old,
   replaces old by it (through an addrspacecast when callee returns a
   pointer in another space) and erases old.  Returns the new call. */
LLVMValueRef ir_replace_call(LLVMBuilderRef b, LLVMValueRef old,
                             LLVMValueRef callee, LLVMTypeRef fnty,
                             LLVMValueRef *args, unsigned nargs);
/* Copies the function, return and argument attributes of a function or
   call `from` to `to` (of the same kind), for nargs arguments. */
void ir_copy_attrs(LLVMValueRef from, LLVMValueRef to, unsigned nargs);
/* The blocks of fn reachable from its entry, in reverse post-order, into
   out (cleared first); each is put in seen (block -> 1). */
void ir_rpo(LLVMValueRef fn, PtrMap *seen, BlockVec *out);
/* Is fn marked optnone (the user wants it compiled as written)? */
bool ir_optnone(LLVMValueRef fn);
/* t is a pointer (not a vector of pointers) in space as. */
bool ir_is_ptr_in(LLVMTypeRef t, int as);
/* The parameter types of function type fty (malloc'd, never NULL), and
   their number in *n. */
LLVMTypeRef *ir_param_types(LLVMTypeRef fty, unsigned *n);
/* Does a value of type t hold a pointer (a pointer, or an aggregate or
   vector with one inside)? */
bool ir_type_has_pointer(LLVMTypeRef t);
/* The index of v among its function's parameters; -1 when v is not one. */
int ir_param_index(LLVMValueRef v);
/* The alloca v is, through address-space casts (a stack slot); NULL when
   it is not one. */
LLVMValueRef ir_stack_slot(LLVMValueRef v);
/* The opcode of an instruction or constant expression; 0 for any other value. */
LLVMOpcode ir_opcode(LLVMValueRef v);
/* Is call a llvm.lifetime.start/end marker? */
bool ir_is_lifetime(LLVMValueRef call);
/* i64, or a vector of i64, for a (vector of) 64-bit pointer type. */
LLVMTypeRef ir_int_for(LLVMTypeRef pt);
/* Integer constant c of type it, splatted when it is a vector. */
LLVMValueRef ir_splat(LLVMTypeRef it, unsigned long long c);
/* The 64-bit generic pointer p with bits 61-63 cleared as the tag scheme does:
   inttoptr(ashr(shl(ptrtoint p, 4), 4)) (bits 56-59, canonical, fill
   60-63), built at b.  Used by lower and by gasp-run's builtins so that
   both clear tags alike. */
LLVMValueRef ir_clear_tag(LLVMBuilderRef b, LLVMValueRef p);
/* Moves the name of from (which is about to go away) to to. */
/* Moves everything before `at` in its block into a new block placed before
   it, which takes over the block's predecessors (phis are rebuilt there);
   returns the new block.  `at` keeps its block, and with it the terminator,
   so the phis of the successors stay right. */
LLVMBasicBlockRef ir_split_before(LLVMBuilderRef b, LLVMValueRef at);
void ir_take_name(LLVMValueRef from, LLVMValueRef to);
/* Operands of an intrinsic memory access: which arguments are pointers
   and how the overloaded declaration is formed. */
typedef struct IrMemIntrin {
  unsigned id;
  const char *name;
  signed char ptr_args[2];  /* argument indices, -1 = none */
  signed char overload[3];  /* -2 = none, -1 = return type, k = arg k type */
  bool is_access;           /* counts as a memory operation */
} IrMemIntrin;
/* The description for the intrinsic called by call, or NULL. */
const IrMemIntrin *ir_mem_intrin(LLVMValueRef call);
/* Declaration of info's intrinsic for the given argument/return types. */
LLVMValueRef ir_mem_intrin_decl(LLVMModuleRef m, const IrMemIntrin *info,
                                LLVMTypeRef ret, LLVMValueRef *args);
/* Is the mem intrinsic call volatile (memcpy/memmove/memset's last arg)? */
bool ir_mem_intrin_volatile(const IrMemIntrin *mi, LLVMValueRef call);
/* Replaces call (to mi) by a call with args (same count), declared for the
   args' pointer types; returns the new call. */
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
  IR_ARG_ACCESS,
  IR_ARG_ADDRESS,
  IR_ARG_NOACCESS,
  IR_ARG_CALLEE,
  IR_ARG_UNKNOWN
} IrArgUse;
IrArgUse ir_call_arg_use(LLVMValueRef call, unsigned k);
/* The pointer operand's index of a load, store, atomicrmw or cmpxchg. */
unsigned ir_ptr_operand(LLVMValueRef i);
/* The pointer operands of memory op inst (load, store, atomicrmw, cmpxchg,
   a memory-access intrinsic) into ptrs; their number, 0 when inst is not
   one. */
unsigned ir_mem_ptrs(LLVMValueRef inst, LLVMValueRef ptrs[2]);
/* Is inst a memory op (load/store/atomic/mem intrinsic) with a pointer
   operand in space as? */
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
/* "file:line:col" of instruction i's debug location (malloc'd), or NULL
   when it has none. */
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
/* Instructions in fn; in every function of m. */
unsigned long ir_count_instructions(LLVMValueRef fn);
unsigned long ir_count_module_instructions(LLVMModuleRef m);
/* Is any use of fn other than as the callee of a call or invoke? */
bool ir_address_taken(LLVMValueRef fn);

/* ===== dom.c — dominators (the C API has none) ========================== */
typedef struct Dom Dom;
Dom *dom_new(LLVMValueRef fn);
/* Block a dominates block b (both reachable from the entry). */
bool dom_blocks(const Dom *d, LLVMBasicBlockRef a, LLVMBasicBlockRef b);
bool dom_reachable(const Dom *d, LLVMBasicBlockRef bb);
/* How many natural loops block bb is in (0: none, or unreachable). */
unsigned dom_loop_depth(const Dom *d, LLVMBasicBlockRef bb);
/* What a use at instruction inst is worth to the clone cost model (ipmsp
   and fields): 1 outside loops, 8 in a loop, 64 in a loop nest (a use that
   runs many times saves as many generic accesses; docs/design.md, "What
   cloning costs").  *d: dominators of inst's function, made on the first
   call (dom_free it) — for a function whose every edge goes forward in
   block order, an empty one that only answers depth 0 (no dom_blocks). */
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

/* ===== memory.c — pointers through memory (private slots) =============== */
typedef struct MemModel MemModel;
typedef struct MemSummary MemSummary; /* below, after the space analysis */
MemModel *mem_new(const TgtTable *t);
void mem_free(MemModel *mm);
/* Finds fn's private slots among the allocas of blocks (NULL: every block
   of fn), forgetting the previous function's. */
void mem_function(MemModel *mm, LLVMValueRef fn, const BlockVec *blocks);
/* The slot a load reads, or MAP_NONE; the slots a store writes (n). */
uint32_t mem_load_slot(const MemModel *mm, LLVMValueRef load);
const uint32_t *mem_store_slots(const MemModel *mm, LLVMValueRef store, size_t *n);
size_t mem_slot_count(const MemModel *mm);
/* addr points into a global variable only the module's code can write (its
   address never leaves loads and stores). */
bool mem_module_object(const MemModel *mm, LLVMValueRef addr);
/* The module-private variable addr points into (through GEPs and casts),
   or NULL (memsummary.c); memo: variable -> 1 module-private, 0 not. */
LLVMValueRef mem_object_of(PtrMap *memo, LLVMValueRef addr);
/* The slot's memory was filled by the host first (tgt_host_filled): it may
   also hold global pointers. */
bool mem_slot_host(const MemModel *mm, uint32_t slot);
/* A pointer into space as was in the slot when the function started (the
   host's global pointers, a caller's field fact); -1: none. */
int mem_slot_entry(const MemModel *mm, uint32_t slot);
/* The slot of the pointers stored at byte off (plus any multiple of
   stride; 0: exactly off) of alloca region in the last function given to
   mem_function, or MAP_NONE when gasp cannot list them (its address
   escapes, a write it cannot place).  Call after the space analysis of
   that function has been read: it reuses the walk's scratch. */
uint32_t mem_field_slot(MemModel *mm, LLVMValueRef region, int64_t off, int64_t stride);
/* The memcpy that fills all of alloca with a copy of a host-filled
   parameter (tgt_host_filled) that nothing else reads or writes (byvalcopy's
   private copy of a kernel's by-value aggregate), or NULL.  Such an alloca
   holds what the host wrote, as the parameter did. */
LLVMValueRef mem_host_copy(const TgtTable *t, LLVMValueRef alloca);
/* Parameter k of fn is only read through (loads, comparisons, copies out
   of it, and callees that only read), and fn's definition is exact. */
bool mem_param_reads_only(LLVMValueRef fn, unsigned k);
/* A spill (clang -O0): store writes v into a stack slot (an alloca, through
   address-space casts) that nothing else writes and whose other uses are
   loads of v's type and lifetime markers; *reloads gets those loads, each
   v itself (a load before the store reads an undefined value, which v may
   stand for). */
bool mem_spill_reloads(LLVMValueRef store, LLVMValueRef v, ValVec *reloads);
/* Field facts (`!gasp.fields`): at entry, the aggregate parameter `param`
   points to holds at byte `off` (stride 0), or at `off` plus any multiple
   of `stride` (0 <= off < stride: a field of the elements of an array the
   callee indexes at run time), only pointers into `as`. */
typedef struct MemFieldFact {
  unsigned param;
  int64_t off;
  int as;
  int64_t stride;
} MemFieldFact;
/* (read and written by schema.c: schema_fields_get / schema_fields_set) */
/* The generic pointers (or the generic null) written into slot (n). */
const LLVMValueRef *mem_slot_stored(const MemModel *mm, uint32_t slot, size_t *n);
/* The instruction that wrote each of them (a store, a memset). */
const LLVMValueRef *mem_slot_writers(const MemModel *mm, uint32_t slot);

/* ===== schema.c — gasp's own metadata (!gasp.*): its only reader/writer = */
/* Registers the kinds, so a module printed and read back numbers them
   the same (docs/design.md has the schema). */
void schema_register_kinds(LLVMContextRef ctx);
/* What ipmsp gave up on for a function, as its note says. */
typedef enum FactOutcome {
  OUTCOME_NONE,
  OUTCOME_VISIT_CAP,    /* recursion or a loop too deep: visit cap */
  OUTCOME_CLONE_BUDGET, /* --clone-budget exhausted */
  OUTCOME_CLONE_COST    /* a copy per space costs more than it names */
} FactOutcome;
/* !gasp.as on fn: one space or vote per pointer parameter, then the clone
   note (family: the original's name, or NULL) and the outcome's note; none
   of them erases it. */
void schema_publish(LLVMValueRef fn, const int *spaces, unsigned n, const char *family,
                   FactOutcome outcome);
/* The spaces or votes of fn's !gasp.as (at most cap); how many. */
unsigned schema_fn_spaces(LLVMValueRef fn, int *out, unsigned cap);
/* The original fn is a clone of, into buf; false for no clone note. */
bool schema_fn_family(LLVMValueRef fn, char *buf, size_t cap);
/* Adds the clone note "clone of @family" to clone's !gasp.as. */
void schema_note_family(LLVMValueRef clone, const char *family);
FactOutcome schema_fn_outcome(LLVMValueRef fn);
/* !gasp.fields: fn's field facts (a malloc'd array in *facts, or NULL);
   their number.  Set replaces them. */
size_t schema_fields_get(LLVMValueRef fn, MemFieldFact **facts);
void schema_fields_set(LLVMValueRef fn, const MemFieldFact *facts, size_t n);
/* Removes fn's !gasp.fields (forget.c); whether it had one. */
bool schema_fields_clear(LLVMValueRef fn);
/* !gasp.lowered: is m tag-lowered already; mark it so. */
bool schema_module_lowered(LLVMModuleRef m);
void schema_mark_lowered(LLVMModuleRef m);
/* The name of alias.c's scope domain (its scopes are "<domain>.<space>"). */
const char *schema_alias_domain(void);
/* !gasp.cast (only while --verify-spaces runs): who made a generic-to-named
   addrspacecast that no analysis is asked to prove. */
typedef enum CastMark {
  CAST_NONE,    /* made by gasp from a proof: spacecheck.c proves it again */
  CAST_USER,    /* in the pipeline's input */
  CAST_GUARDED  /* under a run-time space test a pass built (spacecheck_guard) */
} CastMark;
void schema_mark_cast(LLVMValueRef cast, CastMark mark);
CastMark schema_cast_mark(LLVMValueRef cast);
void schema_clear_cast_mark(LLVMValueRef cast);
/* A pass built cast v under a run-time test of its space (versioning, a
   fact of the input's own test) or from a module-wide proof (static
   resolution): marked CAST_GUARDED while --verify-spaces runs. */
void schema_guard_cast(const GaspCtx *cx, LLVMValueRef v);

/* ===== spacecheck.c — the clone-call invariant, checked on the output ==== */
typedef struct SpaceCheck SpaceCheck;
/* Before the first pass (NULL when --verify-spaces is off): marks the
   input's own generic-to-named casts. */
SpaceCheck *spacecheck_begin(GaspCtx *cx, LLVMModuleRef m);
/* After the last pass: proves every generic-to-named cast gasp made, with a
   space analysis of the output module alone; a violation is an internal
   error naming the cast and the call it feeds; memsum: the pipeline ran
   memsum (loads read the memory summary).  Strips the marks, frees sc.
   False on a violation. */
bool spacecheck_end(SpaceCheck *sc, GaspCtx *cx, LLVMModuleRef m, bool memsum);

/* ===== space.c — the space analysis: spaces of generic pointers, and why  */
/* A set of spaces (see space.c's lattice): bit i per space, then these. */
#define SP_NBITS 24
#define SP_NAMED ((1u << SP_NBITS) - 1)
#define SP_NULL (1u << 29)    /* a null constant flowed in */
#define SP_UNKNOWN (1u << 30) /* something gasp cannot see flowed in */
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
  SP_GEP,
  SP_BITCAST,
  SP_FREEZE,
  SP_PHI,
  SP_SELECT,
  SP_PTRMASK,
  SP_I2P,       /* inttoptr(ptrtoint p) */
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
  int slot;      /* SP_SLOTLOAD: the slot */
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
/* An analysis numbering unnamed spaces through nums (the run's: passes
   make theirs with facts_space). */
Space *space_new(const TgtTable *t, LLVMModuleRef m, SpaceNums *nums);
void space_free(Space *s);
/* Analyses fn (nothing is rewritten); the queries below answer for fn's
   values until the next call.  False when a block went over env's visit
   cap (the sets are then incomplete: do not use them). */
bool space_analyse(Space *s, LLVMValueRef fn, const SpaceEnv *env);
/* Lets the analysis read loads of generic pointers from memory through the
   summary ms (NULL: not), made with the same numbering. */
void space_use_summary(Space *s, const MemSummary *ms);
/* space_mask for mem_summary_function (arg: the Space). */
uint32_t space_set_of(void *arg, LLVMValueRef v);
/* The set of any value of the last analysed function; *is_null (may be
   NULL) for a null constant. */
uint32_t space_mask(const Space *s, LLVMValueRef v, bool *is_null);
/* The lattice value (LAT_*) of a set, of a value. */
int space_mask_lat(const Space *s, uint32_t mask);
int space_lat(const Space *s, LLVMValueRef v, bool *is_null);
/* The bit of a space the target table names (its index in the table), 0
   for any other space: the same bit every Space gives it (target.c: a
   fact of the table, so memory.c needs no space.c for it). */
uint32_t space_table_bit(const TgtTable *t, int as);
/* The address space of bit k of a set. */
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
/* The set of the pointers stored at byte off (plus any multiple of
   stride) of region (an alloca, or a parameter with field facts) of the
   last analysed function (memory.c's mem_field_slot); SP_UNKNOWN when they
   cannot be listed. */
uint32_t space_field(Space *s, LLVMValueRef region, int64_t off, int64_t stride);
/* Why v has its set: */
typedef enum SpaceCause {
  SPW_NONE,   /* nothing flows in (null, undef, a cycle fed by nothing) */
  SPW_ONE,    /* one space */
  SPW_NULL,   /* one space, but a null meets it that it cannot hold */
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

/* ===== memory.c, summaries — what global, local, ... memory may hold ===== */
/* A summary whose sets number unnamed spaces through nums (the run's:
   facts_nums). */
MemSummary *mem_summary_new(SpaceNums *nums);
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
bool mem_summary_grew_since(const MemSummary *ms, uint64_t reads, uint64_t began);

/* ===== memfix.c — the memory summary's fixed point (an analysis) ======= */
/* The module's memory summary, at its fixed point (rounds: how many),
   numbering unnamed spaces through nums.  Only the fact store calls it
   (facts_summary): everyone else asks the store. */
MemSummary *memfix_compute(const TgtTable *t, LLVMModuleRef m, SpaceNums *nums,
                           unsigned *rounds);

/* ===== infer.c — intra-procedural inference ============================= */
bool infer_run(GaspCtx *cx, LLVMModuleRef m);
/* The `reinfer` step: infers again what passes left in the fact store's
   set (facts_reinfer_later); changes nothing when it is empty. */
bool reinfer_run(GaspCtx *cx, LLVMModuleRef m);
typedef struct Infer Infer;
Infer *infer_new(GaspCtx *cx, LLVMModuleRef m);
void infer_free(Infer *s);
/* Analyses and rewrites one function; true when it changed. */
bool infer_function(Infer *s, LLVMValueRef fn);
/* Loads from memory get what the summary says memory holds. */
void infer_use_summary(Infer *s, const MemSummary *ms);

/* ===== memsum.c — pointers through global, local, ... memory =========== */
bool memsum_run(GaspCtx *cx, LLVMModuleRef m);
/* fields.c — clones for the field shape of aggregate arguments */
bool fields_run(GaspCtx *cx, LLVMModuleRef m);
bool callsplit_run(GaspCtx *cx, LLVMModuleRef m);
/* May ipmsp give f a new signature or clone it at all (defined, named, not
   a kernel, not variadic, not interposable, only called directly, a body
   it can copy)?  callsplit asks it before splitting a call to f. */
bool ipmsp_may_rewrite(const TgtTable *t, LLVMValueRef f);

/* ===== internalize.c — --whole-program's closed world ================== */
bool internalize_run(GaspCtx *cx, LLVMModuleRef m);

/* ===== byvalcopy.c — a kernel's escaping by-value aggregate, copied ===== */
bool byvalcopy_run(GaspCtx *cx, LLVMModuleRef m);

/* ===== version.c — loops versioned by one space test (--version-by-space) */
bool version_run(GaspCtx *cx, LLVMModuleRef m);
/* For the residue report: fn's loops (sp: fn's space analysis, kept
   alive by the caller).  version_loops_class: -1 access is in no loop, 1
   it is in a loop --version-by-space could copy (no barrier, not too
   large, a preheader) and its pointer comes from a value set before that
   loop whose space set is two spaces the target tests apart, 0 other
   loops. */
typedef struct VersionLoops VersionLoops;
VersionLoops *version_loops_new(GaspCtx *cx, Space *sp, LLVMValueRef fn);
int version_loops_class(const VersionLoops *v, LLVMValueRef access);
void version_loops_free(VersionLoops *v);

/* ===== clone.c — a function with a new signature from an old one ======= */
/* A function of type fnty named name with fn's attributes, calling
   convention and metadata.  move: fn's body moves over (fn is left empty,
   the caller deletes it); else the body is copied into an internal function
   with its own DISubprogram (dbg_copy).  A parameter whose type changed is cast back to the
   old type at the entry; returned values are the caller's to convert.
   scratch: the value map of a copy, kept by the caller from one copy to the
   next so that its storage is reused (NULL: one of its own). */
typedef struct CloneMap {
  PtrMap idx;           /* old value -> index in from/to */
  ValVec from, to;      /* old and new values, in the order mapped */
  ValVec made, phis;    /* a copy's new non-phi instructions; the old phis */
} CloneMap;
LLVMValueRef clone_function(LLVMValueRef fn, LLVMTypeRef fnty, const char *name,
                            bool move, CloneMap *scratch);
void clone_map_bind(CloneMap *cm, Pool *pool);
void clone_map_free(CloneMap *cm);

/* ===== cxx/capi.cpp — services LLVM-C lacks (C++) ======================= */
/* The calls of decl, a declaration of an intrinsic name LLVM 22 does not
   know, upgraded as LLVM's readers upgrade them (AMDGPU's
   llvm.amdgcn.atomic.inc/dec -> atomicrmw uinc_wrap/udec_wrap, ...); true
   when it did (decl is then gone: do not use it). */
bool capi_upgrade_calls(LLVMValueRef decl);
/* The copy `to` of `from` (clone.c) gets its own DISubprogram, and each
   olds[k]'s location, DIAssignID and debug records go to news[k] (pairs of
   arguments and instructions; a function without a DISubprogram: nothing). */
void dbg_copy(LLVMValueRef from, LLVMValueRef to, const LLVMValueRef *olds,
              const LLVMValueRef *news, size_t n);
/* Before v is erased: its debug records follow `same` (a value with the
   same bits: the named twin where the target says the cast to generic keeps
   them), or with same NULL, LLVM's salvage rules (a GEP's offset over its
   base, ...); what cannot be expressed becomes poison. */
void dbg_salvage(LLVMValueRef v, LLVMValueRef same);

/* ===== ipmsp.c — inter-procedural memory-space propagation  === */
#define VOTE_UNDET 1000  /* bottom: no observation yet */
#define VOTE_POISON 2000 /* top, absorbing: conflict or unclassifiable */
#define VOTE_UNSET 256   /* scratch inside one classification, never stored */
#define IPMSP_VISIT_CAP 1024
/* The vote lattice's meet: old vote met with an observation (valid:
   the space as; invalid: poisons). */
int ipmsp_meet(int old_vote, bool valid, int as);
bool ipmsp_run(GaspCtx *cx, LLVMModuleRef m);

/* ===== casts.c — explicit-cast builtins and space tests, by spelling ==== */
typedef struct CastFn {
  TgtUnified unified; /* the space asked about */
  int as;             /* its number in the target table */
  bool test;          /* an i1 test (isspacep, is.shared), not a cast */
} CastFn;
/* Is call an explicit cast / space test of a generic pointer (operand 0)? */
bool casts_match(const TgtTable *t, LLVMValueRef call, CastFn *out);
/* Can the target test whether a generic pointer is in space as: NVPTX
   llvm.nvvm.isspacep.*, AMDGPU llvm.amdgcn.is.shared/private, SPIR
   OpenCL's __to_global/__to_local/__to_private (null when not)? */
bool casts_can_test(const TgtTable *t, int as);
/* That test of generic pointer p, built at b (the declaration added to m
   when missing): an i1, true when p is in space as. */
LLVMValueRef casts_build_test(const TgtTable *t, LLVMModuleRef m, LLVMBuilderRef b,
                              LLVMValueRef p, int as);
/* A declaration known not to make or hide a local/private generic pointer. */
bool casts_decl_harmless(LLVMValueRef decl);

/* ===== reach.c — spaces that may flow into generic, per function ======== */
typedef struct Reach Reach;
/* Only the fact store calls it (facts_reach). */
Reach *reach_new(const TgtTable *t, LLVMModuleRef m);
void reach_free(Reach *r);
/* The set of spaces (the space analysis' bits: space_table_bit) a generic
   pointer of fn may point into; SP_UNKNOWN in it when anything may, every
   bit for a function it does not know. */
uint32_t reach_mask(const Reach *r, LLVMValueRef fn);
/* "global,local" etc. (the table's names, then "unknown"), "none" for 0. */
void reach_names(const TgtTable *t, uint32_t mask, char *buf, size_t cap);

/* ===== facts.c — the fact store: what one run knows; !gasp.* metadata === */
typedef struct Facts Facts;
Facts *facts_new(const TgtTable *t, LLVMModuleRef m);
void facts_free(Facts *f);
/* A pass's preconditions, asserted at its entry: a context with a target
   table, the run's module, the run's store for it, nothing left waiting
   for `reinfer` (the pipeline runs it first).  Asserts are on in gasp's
   builds (no NDEBUG), so make check and check-asan run them. */
void facts_pass_entry(const GaspCtx *cx, LLVMModuleRef m);
/* The run's store for m (cx->facts; made here for a pass run alone). */
Facts *facts_of(GaspCtx *cx, LLVMModuleRef m);
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
/* A pass changed the module's code (not only metadata): what was kept is
   computed again when next asked.  pipeline.c calls it. */
void facts_code_changed(Facts *f);
/* How often each was computed in this store's life. */
typedef struct FactsCounts {
  unsigned summaries, reaches;
} FactsCounts;
FactsCounts facts_counts(const Facts *f);
/* fn changed and waits for the pipeline's `reinfer` step (once however
   often it is said); how many wait; takes them all, in the order said. */
void facts_reinfer_later(Facts *f, LLVMValueRef fn);
size_t facts_reinfer_pending(const Facts *f);
void facts_take_reinfer(Facts *f, ValVec *out);
/* The clones made in this run (every pass's; specialize.c weighs them
   against --clone-budget); one more made. */
unsigned long facts_clone_count(const Facts *f);
void facts_note_clone(Facts *f);
/* True the first time this run sees key (a refusal and what it is about):
   a pass that runs twice in the pipeline says it once. */
bool facts_first_report(Facts *f, const char *key);

/* ===== specialize.c — clones: names, registry, budget, cost, words ===== */
/* The clones one pass invocation made (key -> clone, clone -> family). */
typedef struct Specs Specs;
Specs *specs_new(GaspCtx *cx, LLVMModuleRef m);
void specs_free(Specs *s);
/* The clone's name for a tuple of spaces, one per pointer parameter (n):
   "family.as1_g_3" (g: generic).  Malloc'd. */
char *specs_key_spaces(const TgtTable *t, const char *family, const int *as, unsigned n);
/* The clone's name for a field shape: "g.f0o8as3_..." (parameter, offset,
   space per fact).  Malloc'd. */
char *specs_key_fields(const char *g, const MemFieldFact *f, size_t n);
/* The family (original's name) of a clone s made; name itself otherwise. */
const char *specs_family(const Specs *s, const char *name);
/* Did s make the function named name? */
bool specs_made(const Specs *s, const char *name);
/* The clone s made for key, when it is still in the module; else NULL. */
LLVMValueRef specs_find(const Specs *s, const char *key);
/* Was a clone made for key in this invocation (whatever it became since:
   retyped in place, merged, deleted)? */
bool specs_key_made(const Specs *s, const char *key);
typedef enum SpecRefusal { SPEC_BUDGET, SPEC_COST, SPEC_NO_GAIN } SpecRefusal;
/* A clone of f of type ty named key, of family `family` (clone.c:
   move: f's body moves into it), counted against --clone-budget; NULL when
   the budget is spent (*first_refusal: the first refusal of key). */
LLVMValueRef specs_make(Specs *s, LLVMValueRef f, LLVMTypeRef ty, const char *key,
                       const char *family, bool move, bool *first_refusal);
/* Internal f rewritten in place: a function of type ty named name takes
   its body (f, nameless and empty, is the caller's to delete).  No budget. */
LLVMValueRef specs_retype(LLVMValueRef f, LLVMTypeRef ty, const char *name);
/* The most instructions a copy may cost per use it names: --clone-cost, or
   the target's; 0: no limit (docs/design.md, "What cloning costs"). */
long specs_cost_limit(const GaspCtx *cx);
/* The clone cost model's rule, for every copy gasp weighs (ipmsp's and
   fields' clones, version's loops and runs): `copies` copies of `size`
   instructions pay when copies x size <= limit x named, named the uses
   they name weighted by loop depth (dom_use_weight); limit 0: always. */
bool specs_copies_pay(const GaspCtx *cx, unsigned long copies, unsigned long size,
                     unsigned long named);
/* True the first time s is told of refusal `why` for `what` (a key, a
   function's name): what a registry does on it (statistics, outcomes) is
   done once per registry; the remark itself once a run (specs_refused). */
bool specs_first_report(Specs *s, SpecRefusal why, const char *what);
/* What a refused copy would have cost (SPEC_COST): copies of size
   instructions ("of <whose>": NULL "its") naming raw uses, named counting
   loops. */
typedef struct SpecCost {
  unsigned long copies, size, named, raw;
  const char *whose;
} SpecCost;
/* The reason's words into buf: "clone budget exhausted (--clone-budget)",
   "N more copies of its S instructions would name U uses[, W counting
   loops] (more than L instructions a use; --clone-cost)", "a named space
   for its pointer parameters would give no access a named space". */
const char *specs_reason(char *buf, size_t cap, const GaspCtx *cx, SpecRefusal why,
                        const SpecCost *c);
/* Where and how a refusal is said: the Missed remark (NULL: the refusal's
   own, CloneBudget/CloneTooCostly/CloneNoGain) at fn (at: an instruction,
   or NULL), "<verb>[ for <what>]: <reason>" (verb NULL: "not cloned"), what
   a remark argument of kind what_kind (NULL: "String"). */
typedef struct SpecSaid {
  const char *remark, *verb;
  LLVMValueRef fn, at;
  const char *what_kind, *what;
} SpecSaid;
/* The Missed remark for a refusal, said once a run (facts_first_report:
   the same words for the same function and place are not said again by a
   second invocation of the pass). */
void specs_refused(GaspCtx *cx, const SpecSaid *said, SpecRefusal why, const SpecCost *c);
/* An outcome kept in !gasp.as in the same words (NULL for none), as the
   explanations and the call graph say it. */
const char *specs_outcome_text(FactOutcome o);

/* ===== resolve.c — fold explicit casts, static resolution  ==== */
bool resolve_run(GaspCtx *cx, LLVMModuleRef m);

/* ===== lower.c — runtime resolution on tags  ================== */
bool lower_run(GaspCtx *cx, LLVMModuleRef m);

/* ===== alias.c — address-space scopes as !alias.scope/!noalias ========= */
bool alias_run(GaspCtx *cx, LLVMModuleRef m);
/* hazards.c: shapes LLVM 22's back ends mishandle, written as they compile. */
bool hazards_run(GaspCtx *cx, LLVMModuleRef m);
/* forget.c: an earlier run's facts (!gasp.fields) dropped (the late run). */
bool forget_run(GaspCtx *cx, LLVMModuleRef m);

/* ===== why.c — Missed remarks for the accesses left generic ============= */
/* What the pipeline that ran contains, as why words its reasons. */
typedef struct WhyRun {
  bool ipmsp;  /* ipmsp ran: a parameter's reason comes from its callers */
  bool memsum; /* memsum ran: loads are explained by its summary */
} WhyRun;
void why_report(GaspCtx *cx, LLVMModuleRef m, WhyRun run);
/* Before the pipeline, with Passed remarks wanted: where the input's
   generic accesses are (why_report then remarks each one resolved). */
void why_begin(GaspCtx *cx, LLVMModuleRef m);
/* Forgets what why_begin recorded (why_report does; a failed run must). */
void why_discard(GaspCtx *cx);

/* ===== summary.c — the residue report (gasp_write_summary) ============== */
typedef struct Summary Summary;
/* Before the pipeline (GaspOptions.summary set): counts as they were. */
void summary_begin(GaspCtx *cx, LLVMModuleRef m);
/* why.c: one generic access of fn left, for this reason; loop: its
   version_loops_class. */
void summary_note(GaspCtx *cx, LLVMValueRef fn, const char *reason, int loop);
/* After the pipeline: counts again, the notes tallied. */
void summary_end(GaspCtx *cx, LLVMModuleRef m);
void summary_free(GaspCtx *cx);

/* ===== pipeline.c — the pass list ======================================= */
typedef bool (*PassFn)(GaspCtx *cx, LLVMModuleRef m);
typedef struct PassInfo {
  const char *name;
  PassFn run;
  const char *what;
  bool metadata_only; /* changes only metadata: the fact store keeps what it
                         computed (summary, reachability) across it */
} PassInfo;
const PassInfo *pipeline_find(const char *name);
/* Runs the pass list cx->opt.passes (or the default); returns a status. */
GaspStatus pipeline_run(GaspCtx *cx, LLVMModuleRef m);
/* Validates the pass list; adds a usage error naming the bad pass. */
bool pipeline_check(GaspCtx *cx);
long pipeline_count_generic(GaspCtx *cx, LLVMModuleRef m);
/* Does the configured pass list (or the default pipeline) name pass? */
bool pipeline_has(GaspCtx *cx, const char *name);

#endif
