/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* exec.h — gasp-run's executor: the private interface between the tool
 * (tools/gasp-run.c: argv, printing, exit codes), module preparation (prep.c),
 * the builtin tables (builtins.c; warp.c, nvmath.c, intfns.c, convert.c), the
 * runtime (rt.c) and the driver that ties them to ORC LLJIT (exec.c).
 *
 * How a kernel runs on the host:
 *   1. prep.c retargets the module to the host (triple, data layout, calling
 *      conventions, target attributes), renames every declared builtin to the
 *      runtime function that implements it (an unknown one is an error that
 *      names it), instruments each memory access with a call to
 *      __gasp_access(addr, size, site) (--check-as / --oracle) and each call
 *      of a defined function with __gasp_enter/__gasp_leave (--oracle), and
 *      adds two functions: __gasp_entry(args) unpacks the argument slots and
 *      calls the kernel; __gasp_globals(out) stores every global's address.
 *   2. exec.c JITs it with LLJIT, defining the runtime symbols as absolute
 *      symbols, and hands the entry to rt.c.
 *   3. rt.c runs the NDRange one work-group at a time.  The work-items of a
 *      group are fibers (ucontext) scheduled round-robin in a fixed order:
 *      barrier() switches to the next item, so runs are deterministic.
 *      Global and constant buffers, dynamic local memory, and the private
 *      stacks each live in their own mmap'ed arena; module-scope variables
 *      are registered as extra ranges of their space.
 *
 * Exit statuses the tool uses (RunStatus). */
#ifndef GASP_RUN_H
#define GASP_RUN_H

#include "gasp.h"
#include "target/target.h"

#include <stddef.h>
#include <stdint.h>

typedef enum RunStatus {
  RUN_OK = 0,
  RUN_DIFFER = 6,    /* --compare found a difference (not 1: bad input) */
  RUN_EINPUT = 1,    /* unreadable/invalid module, kernel or args mismatch */
  RUN_EUSAGE = 2,    /* bad flags or specs */
  RUN_EVIOLATION = 3, /* --check-as violation or a memory fault */
  RUN_ETIMEOUT = 4, RUN_EKERNEL = 5 /* barrier divergence, JIT failure, ... */
} RunStatus;

/* ---- the memory kinds (one arena each) --------------------------------- */
typedef enum RunKind { RK_GLOBAL, RK_CONSTANT, RK_LOCAL, RK_PRIVATE, RK_COUNT, RK_NONE = -1 } RunKind;
const char *run_kind_name(int k);

/* ---- arguments (spec.c) ------------------------------------------------ */
/* ARG_I8, ARG_I16, ARG_PAD: struct fields only (a parameter: ARG_I32). */
typedef enum ArgKind {
  ARG_BUF, ARG_LOCAL, ARG_I32, ARG_I64, ARG_F32, ARG_F64, ARG_STRUCT, ARG_I8, ARG_I16, ARG_PAD
} ArgKind;
typedef enum ElemType { EL_I8, EL_I16, EL_I32, EL_I64, EL_F32, EL_F64 } ElemType;
typedef enum InitKind { INIT_ZERO, INIT_IOTA, INIT_RAND } InitKind;

typedef struct RunArg {
  ArgKind kind;
  ElemType elem; /* ARG_BUF */
  size_t count;  /* ARG_BUF: elements; ARG_LOCAL, ARG_PAD: bytes */
  InitKind init;
  uint64_t seed;
  union { int32_t i32; int64_t i64; float f32; double f64; } val;
  /* ARG_STRUCT: an aggregate passed by value (byval/byref): its fields in
     order — a buf (the field holds its address), a scalar (i8, i16 too) or
     pad (zeros, alignment 1) — naturally aligned in host-filled memory. */
  struct RunArg *fields;
  unsigned nfields;
} RunArg;

/* Parses one SPEC; on error returns false and sets *err (malloc'ed).
   spec_free releases what a parsed spec owns (a struct's fields). */
bool spec_parse(const char *s, RunArg *out, char **err);
void spec_free(RunArg *a);
/* The buffers of a run: every buf argument (index = argument), then the
   buf fields of struct arguments, in order (index nargs, nargs + 1, ...). */
unsigned spec_buffer_count(const RunArg *args, unsigned nargs);
/* Buffer b's spec; *label gets "arg<i>" or "arg<i>.<field>" (cap bytes). */
const RunArg *spec_buffer(const RunArg *args, unsigned nargs, unsigned b, char *label,
                          size_t cap);
#define SPEC_MAX_FIELDS 64 /* the most fields a struct argument has */
/* Field f's bytes: i8 1, i16 2, i32/f32 4, pad its count, else 8. */
size_t spec_field_size(const RunArg *f);
/* Writes field f's bytes (spec_field_size of them) at dst: a scalar's
   value, pad's zeros; not for a buf field (its address is the caller's). */
void spec_field_write(const RunArg *f, void *dst);
/* A struct's layout: field k at offs[k] (at most SPEC_MAX_FIELDS),
   naturally aligned (pad: 1); returns the size. */
size_t spec_struct_layout(const RunArg *a, size_t *offs);
size_t spec_elem_size(ElemType t);
const char *spec_elem_name(ElemType t);
/* Fills a buffer argument's initial contents (deterministic). */
void spec_fill(const RunArg *a, void *data);
uint64_t spec_fnv1a(const void *data, size_t n);
/* A work size "X[,Y,Z]" (1 to 3 positive numbers up to 2^30) into out,
   missing dimensions 1; the number of dimensions, 0 when malformed. */
unsigned spec_sizes(const char *s, size_t out[3]);
/* Writes a buffer's bytes to DIR/<label>.in.bin (before the run) or
   DIR/<label>.bin (after): gasp-run's --dump files, bench/gpu/gpu-run's
   too.  NULL when written, else the path it could not write (malloc'ed). */
char *spec_dump(const char *dir, const char *label, bool after, const void *data, size_t bytes);
/* Element j of a buffer, printed ("12", "0.5", ...) into buf. */
void spec_format(ElemType t, const void *data, size_t j, char *buf, size_t n);

/* ---- sites (prep.c fills, rt.c reads) ---------------------------------- */
typedef struct RunSite {
  char *func;   /* function name */
  char *text;   /* the instruction as printed, before instrumentation */
  char *loc;    /* "file:line:col" or NULL */
  int as;       /* the address space it claims */
  int claim;    /* RunKind it must lie in, RK_NONE = generic (any arena) */
  bool generic; /* made through a generic pointer (oracle) */
  int op;       /* SITE_LOAD, SITE_STORE or SITE_OTHER (--count) */
} RunSite;
enum { SITE_LOAD, SITE_STORE, SITE_OTHER };

typedef struct RunCallSite {
  char *caller, *callee;
  unsigned index; /* n-th call in caller */
} RunCallSite;

/* A module-scope local-memory variable the executor places itself (32-bit
   local pointers: it must lie below 4 GiB): its declaration's name. */
typedef struct RunLds {
  char *name;
  uint64_t size, align, at; /* at: its offset in the block exec.c placed */
} RunLds;

typedef struct RunPrep {
  VEC(RunSite) sites;
  /* narrow: the target's local and private pointers are 32 bits (AMDGPU):
     the module uses x86-64's 32-bit pointer spaces for them (271 local, 270
     private, so structs keep the target's layout), their memory lies below
     2 GiB (MAP_32BIT), and its local variables are placed by exec.c.
     window: their integers are offsets in windows (NVPTX, AMDGPU: window.c). */
  bool narrow, window;
  VEC(RunLds) lds;
  uint8_t *lds_block; /* where exec.c placed them (lds_size bytes) */
  size_t lds_size;
  VEC(RunCallSite) calls;
  unsigned nparams;
  VEC(LLVMTypeRef) ptypes; /* kernel parameter types */
  VEC(int) pspace;         /* RunKind of each pointer parameter, or RK_NONE */
  VEC(int) gkind;          /* RunKind of each global reported by __gasp_globals */
  VEC(uint64_t) gsize;     /* its size in bytes */
} RunPrep;

/* What exec_module is about to do, told to RunOptions.phase: a fault or an
   abort outside kernel code means something different in each (LLVM's
   reader giving up on a corrupted file is bad input; anything later is the
   tool's own failure), and only the tool may own the process's signals. */
typedef enum RunPhase { RUN_PHASE_READ, RUN_PHASE_PREPARE } RunPhase;

typedef struct RunOptions {
  const char *kernel;
  size_t global[3], local[3];
  unsigned dims;
  const RunArg *args;
  unsigned nargs;
  bool check_as, oracle;
  bool count; /* count the loads, stores and other accesses executed */
  bool private_in_global; /* a global access may land in private memory */
  unsigned timeout; /* seconds, 0 = none */
  size_t dynamic_local; /* bytes of dynamic local memory (extern __shared__) or 0 */
  FILE *out;        /* oracle listing, kernel printf goes to stdout */
  /* told before each phase with the module's path; NULL: nobody asks.  The
     launch itself installs its own handlers and restores the caller's. */
  void (*phase)(RunPhase phase, const char *path);
} RunOptions;

/* The memory a builtin reads or writes: size bytes at its pointer argument
   arg (-1: none), the pointer offset by its integer argument index times
   size where index >= 0 (vload_half(offset, p): p + 2 * offset). */
typedef struct BuiltinMem {
  int arg, index;
  unsigned size;
} BuiltinMem;

/* Inside the executor: prep.c's state while it prepares a module (and retarget.c's). */
typedef struct Prep {
  LLVMModuleRef m;
  const TgtTable *t;
  const RunOptions *o;
  RunPrep *p;
  LLVMContextRef ctx;
  LLVMBuilderRef b;
  LLVMTargetDataRef td;
  LLVMTypeRef i32, i64, ptr0, voidt;
  LLVMValueRef access_fn, enter_fn, leave_fn, block_fn;
  LLVMTypeRef access_ty, enter_ty, leave_ty, block_ty;
  /* declaration -> the memory its builtin touches (prep_note_builtin);
     filled by link_declarations, again by retarget_respell */
  PtrMap builtins;
  /* the function being instrumented, printed once: its instructions'
     lines (fn_lines, one per instruction in order; the text is fn_text's)
     and instruction -> line; empty when the print did not line up */
  char *fn_text;
  const char **fn_lines;
  PtrMap fn_line_of;
  char *err;
} Prep;
/* prep_fail records the first error (takes msg), false; v's name, malloc'd. */
bool prep_fail(Prep *s, char *msg);
char *prep_value_name(LLVMValueRef v);
/* If declaration f, named name, is a builtin, records it in s->builtins
   with the memory it touches; true then.  prep_builtin_mem: that memory,
   from the value s->builtins holds. */
bool prep_note_builtin(Prep *s, LLVMValueRef f, const char *name);
BuiltinMem prep_builtin_mem(uint32_t code);
/* Declaration f replaced by a declaration "<prefix><name>" of its type. */
void prep_rebind(Prep *s, LLVMValueRef f, const char *prefix, const char *name);
/* matrix.c: NVVM's wmma loads and stores as each lane's loads and stores,
   wmma.mma as a warp exchange in blocks named EXCHANGE_BLOCK (not counted);
   convert.c: OpenCL's convert_* as instructions (directed roundings: calls). */
void matrix_expand(Prep *s);
#define EXCHANGE_BLOCK "gasp.exchange"
void convert_expand(Prep *s);
/* retarget.c: does m hold 32-bit local/private pointers (AMDGPU; orig: its
   own layout)?  Local variables made declarations the runtime places low;
   the module re-spelled with x86-64's 32-bit spaces; the host's triple,
   layout and attributes. */
bool retarget_narrow_spaces(const TgtTable *t, LLVMModuleRef m, LLVMTargetDataRef orig);
bool retarget_move_lds(Prep *s);
bool retarget_respell(Prep *s, LLVMValueRef *kernel, const char *layout);
void retarget_module(Prep *s, const char *triple, const char *layout);

/* Prepares m (already verified) for the host; data layout and triple are the
   JIT's.  On error returns false with *err set. */
bool prep_module(LLVMModuleRef *m, const TgtTable *t, const RunOptions *o,
                 const char *triple, const char *layout, RunPrep *p, char **err);
void prep_free(RunPrep *p);

/* ---- builtins (builtins.c) --------------------------------------------- */
/* The runtime implementation of a declared function, or NULL; *mem: its memory. */
typedef void (*BuiltinFn)(void);
BuiltinFn builtin_lookup(const char *name, BuiltinMem *mem);
/* warp.c: the builtins a warp or wave shares (shuffles, votes, lane reads;
   gasp.shfl.in.<mode>(b, c), whether a PTX shfl's source lane exists), or NULL.
   nvmath.c: NVVM's float intrinsics with a rounding mode, .ftz or .approx.
   intfns.c: OpenCL C's scalar integer built-ins ("rotate", params "mm"). */
BuiltinFn warp_lookup(const char *name);
BuiltinFn nvmath_lookup(const char *name);
BuiltinFn convert_lookup(const char *name);
BuiltinFn intfn_lookup(const char *base, const char *params);

/* ---- the runtime (rt.c) ------------------------------------------------ */
typedef struct RunBuffers {
  void **data; /* per argument: the buffer after the run (NULL if none) */
  size_t *bytes;
  void **initial; /* per argument: the buffer before the run */
  unsigned n;
} RunBuffers;

typedef void (*RunEntryFn)(uint64_t *args);
typedef void (*RunGlobalsFn)(uint64_t *out);

/* Runs the kernel.  Returns a RunStatus; on error *err is set.  The runtime
   functions rt_* below are what builtins.c hands out. */
int rt_launch(const RunOptions *o, const RunPrep *p, const TgtTable *t,
              RunEntryFn entry, RunGlobalsFn globals, RunBuffers *bufs,
              char **err);
void run_buffers_free(RunBuffers *b);

/* Hooks the instrumentation calls. */
void rt_access(uint64_t addr, uint64_t size, uint32_t site);
void rt_enter(uint32_t call);
void rt_leave(void);
void rt_block(uint32_t instrs, uint32_t casts);

/* Work-item state the builtins read. */
uint64_t rt_global_id(uint32_t d);
uint64_t rt_local_id(uint32_t d);
uint64_t rt_linear_local_id(void); /* the item's index in its group */
uint64_t rt_clock(void); /* the item's cycle counter: one more at each read */
uint64_t rt_group_id(uint32_t d);
uint64_t rt_global_size(uint32_t d);
uint64_t rt_local_size(uint32_t d);
uint64_t rt_num_groups(uint32_t d);
uint64_t rt_global_offset(uint32_t d);
uint32_t rt_work_dim(void);
void rt_barrier(void);
/* v as lane of the caller's warp holds it; rt_ballot: lane k's bit at k. */
uint32_t rt_lane_value(uint32_t v, uint32_t lane, uint32_t width);
uint32_t rt_ballot(bool bit);
/* Stop the run: an unknown external only other kernels call; CUDA's __assertfail
   (message, file, line, function, char size), with its text; llvm.trap and kin. */
void rt_unknown_called(void);
void rt_assert_failed(const char *msg, const char *file, unsigned line, const char *fn);
void rt_trap(void);
/* The arena kind holding [addr, addr+size), or RK_NONE. */
int rt_kind_of(uint64_t addr);
/* Pointers into the constant arena: an HSA-like dispatch packet, AMDGPU code
   object v5's implicit kernel arguments (llvm.amdgcn.implicitarg.ptr). */
void *rt_dispatch_packet(void);
void *rt_implicit_args(void);

/* ---- exec.c: runs module path, fills bufs; on error sets *err --------- */
int exec_module(const char *path, const RunOptions *o, RunBuffers *bufs,
                char **err);

#endif
