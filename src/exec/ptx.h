/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* ptx.h — NVPTX inline assembly on the host, private to the executor:
 * ptxread.c reads the asm (its statements, operands, slots); ptxasm.c
 * gives each PTX instruction its IR and makes the function that runs it.
 * The algorithm is ptxasm.c's header comment. */
#ifndef GASP_EXEC_PTX_H
#define GASP_EXEC_PTX_H

#include "exec/exec.h"

/* NVPTX inline asm in the functions of reach (its new ones added) as
   functions of IR; why the first asm call left in f stays (malloc'd; NULL:
   none left there). */
void ptxasm_expand(Prep *s, PtrMap *reach);
char *ptxasm_why(Prep *s, LLVMValueRef f);

/* rt.c's state of a work-item that PTX has and the host does not: NVPTX's
   reserved shared block (its 32-bit window offset; an offset as an
   address), and the carry flag CC.CF, which add.cc and addc chains pass
   from one statement, and one asm, to the next (gasp.cc.get / .set). */
uint32_t rt_smem_reserved(void);
uint64_t rt_smem_window(uint64_t off);

/* The windows (RunPrep.window; window.c's header; NVPTX's and AMDGPU's,
   though the rest of this header is NVPTX's asm): a shared pointer's
   integer is its offset in the window that holds the local arena (rt.c
   maps arena k at ARENA_AT(k) wherever that is free, and exec.c places the
   module's local variables WINDOW_LDS bytes into the local one), a local
   (private) pointer's its offset in the work-item's own stack.  window_kind:
   the arena kind (RunKind) of space as that holds offsets, RK_NONE if none.
   window_rewrite: every ptrtoint of such a pointer and inttoptr to one that
   the module has (not the executor's own) goes through rt_window_offset /
   rt_window_address (null is 0 both ways; a value outside the window, a
   host address, stays as it is); false, with the error, on a constant
   expression it cannot rebuild. */
#define ARENA_AT(k) ((uintptr_t)0x200000000000ull + (uintptr_t)(k) * 0x1000000000ull)
#define WINDOW_LDS 0x80000000ull
int window_kind(const TgtTable *t, unsigned as);
bool window_rewrite(Prep *s);
uint64_t rt_window_offset(uint64_t addr, uint32_t kind);
uint64_t rt_window_address(uint64_t off, uint32_t kind);
uint32_t rt_carry(void);
void rt_set_carry(uint32_t cf);

enum { MAX_OPS = 64, MAX_REGS = 64, MAX_TOKS = 16 };

typedef struct Slot {
  char *name; /* a .reg's name; NULL for $N */
  LLVMValueRef at;
  unsigned bits;
} Slot;

typedef struct Asm {
  Prep *s;
  LLVMBuilderRef b;
  LLVMValueRef fn;
  Slot ops[MAX_OPS], regs[MAX_REGS];
  unsigned nops, nout, nregs;
  char *why; /* the first statement not run (malloc'd) */
} Asm;

typedef enum Kind { K_INT, K_UINT, K_BITS, K_F16, K_BF16, K_F32, K_F64, K_PRED, K_NONE } Kind;

typedef struct Ty {
  Kind k;
  unsigned bits, lanes; /* lanes: 2 for f16x2 and bf16x2 */
} Ty;

typedef struct Stmt {
  char *text;          /* for messages */
  char *mods[12];      /* the opcode split at '.': mods[0] is the name */
  unsigned nmods;
  char *ops[MAX_TOKS]; /* operands */
  unsigned nops;
} Stmt;

/* ptxint.c: integer bit manipulation and wide multiplies (their mods and
   operands as ptxasm.c's handlers take them) */
bool ptx_do_mulx(Asm *a, const Stmt *x);
bool ptx_do_bits(Asm *a, const Stmt *x);
bool ptx_do_bfi(Asm *a, const Stmt *x);
bool ptx_do_prmt(Asm *a, const Stmt *x);
bool ptx_do_lop3(Asm *a, const Stmt *x);
bool ptx_do_shf(Asm *a, const Stmt *x);
bool ptx_do_carry(Asm *a, const Stmt *x);

/* ptxread.c: text, types and operands */
/* The template with `$$` as `$`, comments and braces of scope gone, split
   at ';' into statements (*count of them, NULL-terminated; free with
   ptx_free_statements); NULL on `${` (an operand modifier). */
char **ptx_statements(const char *text, size_t n, unsigned *count);
void ptx_free_statements(char **st);
/* `.reg .T a, b<2>`: slots a, b0 and b1; false (why recorded) if not. */
bool ptx_declare(Asm *a, char *st);
/* The bits an operand of IR type t takes; a new slot of bits. */
unsigned ptx_bits_of(Asm *a, LLVMTypeRef t);
LLVMValueRef ptx_new_slot(Asm *a, unsigned bits);
char *ptx_dupn(const char *s, size_t n);
char *ptx_trim(char *p);
/* Splits operands at top-level commas (not inside {} or []) into out
   (at most MAX_TOKS); their number. */
unsigned ptx_split(char *p, char **out);
Ty ptx_type_of(const char *s);
bool ptx_is_float(Ty t);
LLVMTypeRef ptx_int_ty(Asm *a, unsigned bits);
LLVMTypeRef ptx_fp_ty(Asm *a, Ty t);
/* Records why statement st is not run (the first reason kept); false. */
bool ptx_fail(Asm *a, const char *st, const char *why);
/* The slot an operand names ($N or a register), or NULL. */
Slot *ptx_slot_of(Asm *a, const char *op);
/* v truncated or extended (sign: sign-extended) to bits. */
LLVMValueRef ptx_fit(Asm *a, LLVMValueRef v, unsigned bits, bool sign);
/* A call of the function name (declared as args' types to ret where the
   module lacks it): an intrinsic or a builtin. */
LLVMValueRef ptx_call(Asm *a, const char *name, LLVMTypeRef ret, LLVMValueRef *args, unsigned n);
/* An immediate's bits at width bits (a float literal in t's format), or NULL. */
LLVMValueRef ptx_immediate(Asm *a, const char *op, unsigned bits, Ty t);
/* Operand op of statement st read as bits (zero-extended unless sign);
   NULL with the reason recorded. */
LLVMValueRef ptx_rd(Asm *a, const char *st, const char *op, unsigned bits, Ty t, bool sign);
/* Writes bits v to operand op (a slot, `_`, or a {lo, hi} list). */
bool ptx_wr(Asm *a, const char *st, const char *op, LLVMValueRef v, bool sign);
LLVMValueRef ptx_to_fp(Asm *a, LLVMValueRef bits, Ty t);
LLVMValueRef ptx_from_fp(Asm *a, LLVMValueRef v, Ty t);
LLVMValueRef ptx_intrinsic(Asm *a, const char *name, LLVMTypeRef *tys, unsigned ntys,
                           LLVMValueRef *args, unsigned nargs);
/* Does the statement's opcode carry modifier m; its type suffix from_end
   places from the end (cvt.D.S: S at 0, D at 1), K_NONE if none. */
bool ptx_has_mod(const Stmt *x, const char *m);
Ty ptx_last_type(const Stmt *x, unsigned from_end);

#endif
