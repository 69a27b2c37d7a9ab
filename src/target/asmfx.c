/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* asmfx.c — what an NVPTX inline asm does with memory: the statements of
 * its text read as register arithmetic, or as loads and stores through an
 * address in a named space.  (Target facts: PTX's spellings.)
 *
 * The memory summary (memsummary.c, membits.c) takes any call of code gasp
 * cannot see as a thief: every pointer handed to it is exposed, the memory
 * it points into may then hold anything, and what it returns may be any
 * memory's pointer.  CUDA libraries write much of their device code as
 * inline asm — cuda_fp16.hpp's conversions, CUTLASS's predicated global
 * loads and stores, `ld.shared` of a fragment, `ldmatrix` — and one such
 * call handed a shared address exposed it to the whole module: every
 * pointer loaded from memory anywhere could then be shared, and stayed
 * generic.  An asm is not a thief when every statement of its text is one
 * of:
 *
 *   - a `.reg` declaration; braces;
 *   - register arithmetic, logic, conversion or a move (ptx_pure, with
 *     cvta.to.<space>, shuffles, votes and mma): its results carry the
 *     bits of its inputs, nothing else;
 *   - a barrier, a fence, a prefetch, a nanosleep, cp.async's group
 *     waits: no data;
 *   - a load (ld, ldu, ldmatrix, wmma.load) or a store (st, stmatrix,
 *     wmma.store) through `[address]`, or cp.async (a load of global
 *     memory and a store into shared): what it reads is what that memory
 *     holds; what it writes is some of its inputs' bits, or what it read.
 *
 * and its operands are its `$N` (`$N+k` in an address), registers it
 * declares, numbers and the special registers that hold no address
 * (%tid, %laneid, %clock, ...); a statement may be guarded by a predicate
 * (`@p`, `@!p`).  No atomics, calls, branches, labels or symbols; no
 * memory constraint (`=*m`).  The space of an access is the one its
 * mnemonic names (`.global`, `.shared`, `.shared::cta`, `.local`,
 * `.const`, `.param`); a generic one is an access through the address
 * operand, when that is one of the call's arguments, and else anywhere.
 * `cvta.<space>` (a generic address made out of a number) stays unread
 * here: casts.c's casts_asm_made reads it for the space analysis.
 *
 * Test: test/memsum/asm-effects.ll. */
#include "target/target.h"

#include <stdlib.h>
#include <string.h>

/* The mnemonics (the part before the first '.') of register-only
   instructions, and of those with no data at all. */
static const char *const ptx_pure[] = {
    "abs",   "activemask", "add",  "addc",     "and",   "bar",     "barrier", "bfe",
    "bfi",   "bfind",      "brev", "clz",      "cnot",  "copysign", "cos",    "cvt",
    "div",   "dp2a",       "dp4a", "ex2",      "fence", "fma",     "fns",     "lg2",
    "lop3",  "mad",        "mad24", "madc",    "match", "max",     "membar",  "min",
    "mma",   "mov",        "mul",  "mul24",    "nanosleep", "neg", "not",     "or",      "popc",
    "prefetch", "prefetchu", "prmt", "rcp",    "redux", "rem",     "rsqrt",   "sad",
    "selp",  "set",        "setp", "shf",      "shfl",  "shl",     "shr",     "sin",
    "slct",  "sqrt",       "sub",  "subc",     "tanh",  "testp",   "vote",    "xor",
};
/* Special registers that hold no address. */
static const char *const ptx_plain_sreg[] = {
    "%tid",   "%ntid",   "%laneid", "%warpid",  "%nwarpid", "%ctaid",  "%nctaid",
    "%smid",  "%nsmid",  "%gridid", "%clock",   "%clock64", "%lanemask_eq",
    "%lanemask_le", "%lanemask_lt", "%lanemask_ge", "%lanemask_gt", "%globaltimer",
    "%globaltimer_lo", "%globaltimer_hi",
};

static bool in_list(const char *const *l, size_t n, const char *w, size_t len) {
  for (size_t i = 0; i < n; i++)
    if (strlen(l[i]) == len && !strncmp(l[i], w, len))
      return true;
  return false;
}

#define ASM_TOKENS 40
#define ASM_REGS 32

typedef struct Tok {
  const char *s;
  size_t len;
  bool addr; /* inside [ ] */
  int group; /* the operand it belongs to (0: the first, the destination;
                a vector `{a, b}` is one), -1 for the mnemonic and guard */
} Tok;

typedef struct AsmRead {
  const TgtTable *t;
  const char *name[ASM_REGS]; /* the registers its `.reg` statements declare */
  size_t len[ASM_REGS];
  unsigned nregs;
  unsigned nout; /* output operands: $0 .. $nout-1 */
  /* which inputs' bits (a bit per operand number) each operand and each
     declared register may hold, and those a store writes */
  uint64_t taint_op[64], taint_reg[ASM_REGS], stored;
  AsmAccess *acc;
  unsigned cap, n;
} AsmRead;

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

static bool tok_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || c == '$' || c == '%' || c == '.' || c == '-' || c == '+' || c == '@' ||
         c == '!' || c == ':';
}

/* The operand number of `$N` (with `+k` or `-k` after it in an address),
   or -1. */
static int dollar(const char *w, size_t len, bool addr) {
  if (len < 2 || w[0] != '$' || w[1] < '0' || w[1] > '9')
    return -1;
  size_t i = 1;
  int k = 0;
  while (i < len && w[i] >= '0' && w[i] <= '9' && k < 1000)
    k = k * 10 + (w[i++] - '0');
  if (i == len)
    return k;
  if (!addr || (w[i] != '+' && w[i] != '-') || i + 1 == len)
    return -1;
  for (i++; i < len; i++)
    if (w[i] < '0' || w[i] > '9')
      return -1;
  return k;
}

/* The index of the register the asm declared that token tk names (a
   register + k in an address: the register), or -1. */
static int declared_reg(const AsmRead *r, const Tok *tk) {
  size_t base = tk->len;
  for (size_t i = 1; i < tk->len && tk->addr; i++)
    if (tk->s[i] == '+' || tk->s[i] == '-') {
      base = i;
      break;
    }
  for (unsigned i = 0; i < r->nregs; i++)
    if (r->len[i] == base && !strncmp(r->name[i], tk->s, base))
      return (int)i;
  return -1;
}

/* Is token (w, len) one a statement may name: `$N`, a declared register
   (+k in an address), a number, `_`, a plain special register (with a .x,
   .y, .z)? */
static bool operand_ok(const AsmRead *r, const Tok *tk) {
  const char *w = tk->s;
  size_t len = tk->len;
  if (dollar(w, len, tk->addr) >= 0)
    return true;
  if ((w[0] >= '0' && w[0] <= '9') || ((w[0] == '-' || w[0] == '+') && len > 1))
    return !tk->addr; /* 12, 0x1f, 0f3f800000, -1 (an absolute address: no) */
  if ((len == 1 && w[0] == '_') || declared_reg(r, tk) >= 0)
    return true;
  size_t base = len;
  for (size_t i = 1; i < len; i++)
    if (w[i] == '.') {
      base = i;
      break;
    }
  return w[0] == '%' && !tk->addr &&
         in_list(ptx_plain_sreg, sizeof ptx_plain_sreg / sizeof *ptx_plain_sreg, w, base);
}

/* The taint of operand or register token tk (a register + k in an
   address: the register's), or NULL (a number, a special register). */
static uint64_t *taint_of(AsmRead *r, const Tok *tk) {
  int d = dollar(tk->s, tk->len, tk->addr);
  if (d >= 0)
    return d < 64 ? &r->taint_op[d] : NULL;
  int i = declared_reg(r, tk);
  return i >= 0 ? &r->taint_reg[i] : NULL;
}

/* What the statement's data operands (groups from `from` on, addresses
   left out) may hold. */
static uint64_t taint_from(AsmRead *r, const Tok *tok, unsigned nt, int from) {
  uint64_t m = 0;
  for (unsigned k = 0; k < nt; k++)
    if (tok[k].group >= from && !tok[k].addr) {
      const uint64_t *t = taint_of(r, &tok[k]);
      m |= t ? *t : 0;
    }
  return m;
}

/* Its destinations (group 0, not an address) may now hold m too. */
static void taint_dests(AsmRead *r, const Tok *tok, unsigned nt, uint64_t m) {
  for (unsigned k = 0; k < nt; k++)
    if (!tok[k].group && !tok[k].addr) {
      uint64_t *t = taint_of(r, &tok[k]);
      if (t)
        *t |= m;
    }
}

/* Does mnemonic m (len) have the dot-separated part `part`? */
static bool has_part(const char *m, size_t len, const char *part) {
  size_t pl = strlen(part);
  for (size_t i = 0; i + pl <= len; i++)
    if (m[i] == '.' && !strncmp(m + i + 1, part, pl) &&
        (i + 1 + pl == len || m[i + 1 + pl] == '.'))
      return true;
  return false;
}

/* The space an access's mnemonic names, or -1 (generic). */
static int named_space(const TgtTable *t, const char *m, size_t len) {
  if (has_part(m, len, "global"))
    return t->global;
  if (has_part(m, len, "shared") || has_part(m, len, "shared::cta") ||
      has_part(m, len, "shared::cluster"))
    return t->local;
  if (has_part(m, len, "local"))
    return t->priv;
  if (has_part(m, len, "const"))
    return t->constant;
  if (has_part(m, len, "param"))
    return t->kernel_byval_space ? t->kernel_byval_space : -1;
  return -1;
}

static bool add_access(AsmRead *r, int as, const Tok *addr, bool write) {
  if (r->n == r->cap)
    return false;
  int k = addr ? dollar(addr->s, addr->len, true) : -1;
  if (k >= 0 && (unsigned)k < r->nout)
    return false; /* an output used as an address */
  r->acc[r->n++] = (AsmAccess){as, k >= 0 ? k - (int)r->nout : -1, write};
  return true;
}

/* One statement, text[a, b). */
static bool statement(AsmRead *r, const char *text, size_t a, size_t b) {
  Tok tok[ASM_TOKENS];
  unsigned nt = 0;
  bool in_addr = false, mnemonic = false; /* operands follow the mnemonic */
  int group = -1, depth = 0; /* braces of a vector operand */
  for (size_t i = a; i < b;) {
    char c = text[i];
    if (c == '[' || c == ']') {
      if (in_addr == (c == '['))
        return false;
      in_addr = c == '[';
      i++;
      continue;
    }
    if (!tok_char(c)) {
      if (!blank(c) && c != '\n' && c != '{' && c != '}' && c != ',')
        return false; /* a string, a '|', ... */
      if (mnemonic) { /* a scope's braces come before it */
        depth += (c == '{') - (c == '}');
        group += c == ',' && !depth;
      }
      i++;
      continue;
    }
    size_t j = i;
    while (j < b && tok_char(text[j]))
      j++;
    if (nt == ASM_TOKENS)
      return false;
    tok[nt++] = (Tok){text + i, j - i, in_addr, mnemonic ? (group < 0 ? 0 : group) : -1};
    if (!mnemonic && text[i] != '@') {
      mnemonic = true;
      group = 0;
    }
    i = j;
  }
  if (in_addr)
    return false;
  if (!nt)
    return true;
  unsigned first = 0;
  if (tok[0].s[0] == '@') { /* a guard: @p, @!p */
    size_t skip = tok[0].len > 1 && tok[0].s[1] == '!' ? 2 : 1;
    tok[0] = (Tok){tok[0].s + skip, tok[0].len - skip, false, -1};
    if (!tok[0].len || !operand_ok(r, &tok[0]))
      return false;
    first = 1;
  }
  if (first >= nt || tok[first].addr)
    return false;
  const char *m = tok[first].s;
  size_t ml = tok[first].len;
  if (!first && ml >= 4 && !strncmp(m, ".reg", 4) && (ml == 4 || m[4] == '.')) {
    for (unsigned k = 1; k < nt; k++) { /* .reg .b32 a, b; (no `<n>` arrays) */
      if (tok[k].s[0] == '.')
        continue;
      if (r->nregs == ASM_REGS || tok[k].addr || memchr(tok[k].s, '<', tok[k].len))
        return false;
      r->name[r->nregs] = tok[k].s;
      r->len[r->nregs++] = tok[k].len;
    }
    return true;
  }
  const Tok *addr = NULL;
  unsigned naddr = 0;
  for (unsigned k = first + 1; k < nt; k++) {
    if (!operand_ok(r, &tok[k]))
      return false;
    if (tok[k].addr) {
      addr = &tok[k];
      naddr++;
    }
  }
  size_t stem = 0;
  while (stem < ml && m[stem] != '.')
    stem++;
  bool cvta_to = stem == 4 && !strncmp(m, "cvta", 4) && has_part(m, ml, "to");
  bool pure = cvta_to || in_list(ptx_pure, sizeof ptx_pure / sizeof *ptx_pure, m, stem);
  if (pure) { /* the destinations hold what the sources held */
    if (naddr && !(naddr == 1 && stem >= 8 && !strncmp(m, "prefetch", 8)))
      return false;
    taint_dests(r, tok, nt, taint_from(r, tok, nt, 1) | (first ? taint_from(r, tok, 1, -1) : 0));
    return true;
  }
  int as = named_space(r->t, m, ml);
  bool load = (stem == 2 && !strncmp(m, "ld", 2)) || (stem == 3 && !strncmp(m, "ldu", 3)) ||
              (stem == 8 && !strncmp(m, "ldmatrix", 8)) ||
              (stem == 4 && !strncmp(m, "wmma", 4) && has_part(m, ml, "load"));
  bool store = (stem == 2 && !strncmp(m, "st", 2)) || (stem == 8 && !strncmp(m, "stmatrix", 8)) ||
               (stem == 4 && !strncmp(m, "wmma", 4) && has_part(m, ml, "store"));
  if (stem == 4 && !strncmp(m, "wmma", 4) && has_part(m, ml, "mma")) {
    if (naddr)
      return false;
    taint_dests(r, tok, nt, taint_from(r, tok, nt, 1));
    return true;
  }
  if ((load || store) && naddr == 1) {
    if (store) /* st [a], v: what v holds (and a guard's) is written */
      r->stored |= taint_from(r, tok, nt, 1) | (first ? taint_from(r, tok, 1, -1) : 0);
    return add_access(r, as, addr, store); /* a load's data: the memory's */
  }
  if (stem == 2 && !strncmp(m, "cp", 2) && has_part(m, ml, "async")) {
    if (!naddr) /* cp.async.commit_group, wait_group, wait_all */
      return true;
    return naddr == 2 && has_part(m, ml, "shared") && has_part(m, ml, "global") &&
           add_access(r, r->t->global, NULL, false) && add_access(r, r->t->local, NULL, true);
  }
  return false;
}

bool asm_effects(const TgtTable *t, LLVMValueRef call, AsmAccess *acc, unsigned cap,
                 unsigned *n, uint64_t *addr_only) {
  *n = 0;
  *addr_only = 0;
  LLVMValueRef a = LLVMIsACallInst(call) ? LLVMGetCalledValue(call) : NULL;
  if (t->family != TGT_NVPTX || !a || !LLVMIsAInlineAsm(a))
    return false;
  size_t cn, tn;
  const char *con = LLVMGetInlineAsmConstraintString(a, &cn);
  AsmRead r = {.t = t, .acc = acc, .cap = cap};
  unsigned nops = 0;
  for (size_t i = 0; i < cn;) { /* "=r,l,0,~{memory}": outputs first */
    size_t j = i;
    while (j < cn && con[j] != ',')
      j++;
    if (con[i] != '~') { /* a clobber adds nothing the text does not say */
      if (memchr(con + i, '*', j - i) || memchr(con + i, 'm', j - i) || nops == 64)
        return false; /* a memory operand */
      r.nout += con[i] == '=';
      r.taint_op[nops] = con[i] == '=' ? 0 : 1ull << nops;
      if (con[i] >= '0' && con[i] <= '9') { /* an input tied to an output */
        unsigned tied = (unsigned)atoi(con + i);
        if (tied >= nops)
          return false;
        r.taint_op[tied] |= 1ull << nops;
      }
      nops++;
    }
    i = j + 1;
  }
  const char *text = LLVMGetInlineAsmAsmString(a, &tn);
  size_t from = 0;
  for (size_t i = 0; i <= tn; i++)
    if (i == tn || text[i] == ';' || text[i] == '\n') {
      if (!statement(&r, text, from, i))
        return false;
      from = i + 1;
    }
  *n = r.n;
  /* the inputs whose bits reach no output and no store: addresses only
     (bits numbered by argument, past the outputs) */
  uint64_t data = r.stored;
  for (unsigned k = 0; k < r.nout; k++)
    data |= r.taint_op[k];
  uint64_t inputs = nops < 64 ? (1ull << nops) - 1 : ~0ull;
  *addr_only = (inputs & ~data) >> r.nout;
  return true;
}
