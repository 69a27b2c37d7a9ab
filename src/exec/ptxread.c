/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* ptxread.c — reading NVPTX inline assembly for ptxasm.c (whose header
 * comment is the algorithm): the template's statements, their operands,
 * PTX's types, the slots of `$N` and `.reg` registers, and operands read
 * as bits and written from bits. */
#include "exec/ptx.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- text -------------------------------------------------------------- */

char *ptx_dupn(const char *s, size_t n) {
  char *d = xmalloc(n + 1);
  memcpy(d, s, n);
  d[n] = 0;
  return d;
}

char *ptx_trim(char *p) {
  while (isspace((unsigned char)*p))
    p++;
  char *e = p + strlen(p);
  while (e > p && isspace((unsigned char)e[-1]))
    *--e = 0;
  return p;
}

/* The template with `$$` as `$`, comments and braces of scope gone, split
   at ';' into statements; NULL on `${` (an operand modifier). */
char **ptx_statements(const char *text, size_t n, unsigned *count) {
  char *t = xmalloc(n + 1), *w = t;
  for (size_t i = 0; i < n; i++) {
    if (text[i] == '$' && i + 1 < n && text[i + 1] == '$') {
      *w++ = '$';
      i++;
    } else if (text[i] == '$' && i + 1 < n && text[i + 1] == '{') {
      free(t);
      return NULL;
    } else if (text[i] == '/' && i + 1 < n && text[i + 1] == '/') {
      while (i < n && text[i] != '\n')
        i++;
    } else {
      *w++ = text[i] == '\n' || text[i] == '\t' ? ' ' : text[i];
    }
  }
  *w = 0;
  /* A brace opens an operand list where an operand may stand (after an
     opcode or a comma); else it opens or closes a scope and ends a
     statement. */
  bool list[64];
  int depth = 0;
  char prev = 0;
  for (char *p = t; *p; p++) {
    if (*p == '{') {
      if (depth == 64) {
        free(t);
        return NULL;
      }
      list[depth] = prev && prev != ';';
      if (!list[depth++])
        *p = ';';
    } else if (*p == '}') {
      if (!depth || !list[--depth])
        *p = ';';
    }
    if (!isspace((unsigned char)*p))
      prev = *p;
  }
  unsigned cap = 8, k = 0;
  char **out = xcalloc(cap, sizeof *out);
  char *save = NULL;
  for (char *st = strtok_r(t, ";", &save); st; st = strtok_r(NULL, ";", &save)) {
    st = ptx_trim(st);
    if (!*st)
      continue;
    if (k + 1 == cap)
      out = xrealloc(out, (cap *= 2) * sizeof *out);
    out[k++] = xstrdup(st);
  }
  out[k] = NULL;
  free(t);
  *count = k;
  return out;
}

void ptx_free_statements(char **st) {
  for (char **p = st; p && *p; p++)
    free(*p);
  free(st);
}

/* Splits operands at top-level commas (not inside {} or []). */
unsigned ptx_split(char *p, char **out) {
  unsigned n = 0;
  int depth = 0;
  char *start = p;
  for (;; p++) {
    if (*p == '{' || *p == '[')
      depth++;
    else if (*p == '}' || *p == ']')
      depth--;
    if ((*p == ',' && !depth) || !*p) {
      bool end = !*p;
      *p = 0;
      if (n < MAX_TOKS)
        out[n++] = ptx_trim(start);
      if (end)
        break;
      start = p + 1;
    }
  }
  return n == 1 && !*out[0] ? 0 : n;
}

/* ---- types ------------------------------------------------------------- */

Ty ptx_type_of(const char *s) {
  static const struct {
    const char *name;
    Ty t;
  } tab[] = {{"pred", {K_PRED, 1, 1}},  {"b8", {K_BITS, 8, 1}},    {"u8", {K_UINT, 8, 1}},
             {"s8", {K_INT, 8, 1}},     {"b16", {K_BITS, 16, 1}},  {"u16", {K_UINT, 16, 1}},
             {"s16", {K_INT, 16, 1}},   {"f16", {K_F16, 16, 1}},   {"bf16", {K_BF16, 16, 1}},
             {"b32", {K_BITS, 32, 1}},  {"u32", {K_UINT, 32, 1}},  {"s32", {K_INT, 32, 1}},
             {"f32", {K_F32, 32, 1}},   {"f16x2", {K_F16, 32, 2}}, {"bf16x2", {K_BF16, 32, 2}},
             {"tf32", {K_BITS, 32, 1}}, {"b64", {K_BITS, 64, 1}},  {"u64", {K_UINT, 64, 1}},
             {"s64", {K_INT, 64, 1}},   {"f64", {K_F64, 64, 1}}};
  for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
    if (!strcmp(s, tab[i].name))
      return tab[i].t;
  return (Ty){K_NONE, 0, 0};
}

bool ptx_is_float(Ty t) { return t.k == K_F16 || t.k == K_BF16 || t.k == K_F32 || t.k == K_F64; }

LLVMTypeRef ptx_int_ty(Asm *a, unsigned bits) { return LLVMIntTypeInContext(a->s->ctx, bits); }

LLVMTypeRef ptx_fp_ty(Asm *a, Ty t) {
  LLVMContextRef c = a->s->ctx;
  LLVMTypeRef e = t.k == K_F16 ? LLVMHalfTypeInContext(c)
                  : t.k == K_BF16 ? LLVMBFloatTypeInContext(c)
                  : t.k == K_F32 ? LLVMFloatTypeInContext(c)
                                 : LLVMDoubleTypeInContext(c);
  return t.lanes > 1 ? LLVMVectorType(e, t.lanes) : e;
}

/* ---- slots and operands ------------------------------------------------ */

unsigned ptx_bits_of(Asm *a, LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind:
    return LLVMGetIntTypeWidth(t);
  case LLVMPointerTypeKind:
    return 64;
  default:
    return (unsigned)LLVMSizeOfTypeInBits(a->s->td, t);
  }
}

LLVMValueRef ptx_new_slot(Asm *a, unsigned bits) {
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(a->fn);
  LLVMBuilderRef e = LLVMCreateBuilderInContext(a->s->ctx);
  LLVMValueRef first = LLVMGetFirstInstruction(entry);
  if (first)
    LLVMPositionBuilderBefore(e, first);
  else
    LLVMPositionBuilderAtEnd(e, entry);
  LLVMValueRef at = LLVMBuildAlloca(e, ptx_int_ty(a, bits), "");
  LLVMDisposeBuilder(e);
  return at;
}

bool ptx_fail(Asm *a, const char *st, const char *why) {
  if (!a->why)
    a->why = xasprintf("'%s' (%s)", st, why);
  return false;
}

static Slot *find_reg(Asm *a, const char *name) {
  for (unsigned i = 0; i < a->nregs; i++)
    if (!strcmp(a->regs[i].name, name))
      return &a->regs[i];
  return NULL;
}

/* `.reg .T a, b<2>`: a, b0 and b1. */
bool ptx_declare(Asm *a, char *st) {
  char *p = st + 4;
  while (isspace((unsigned char)*p))
    p++;
  if (*p != '.')
    return ptx_fail(a, st, "a register declaration without a type");
  char *ty = ++p;
  while (*p && !isspace((unsigned char)*p))
    p++;
  if (*p)
    *p++ = 0;
  Ty t = ptx_type_of(ty);
  if (t.k == K_NONE)
    return ptx_fail(a, st, "an unknown register type");
  char *names[MAX_TOKS];
  unsigned n = ptx_split(p, names);
  for (unsigned i = 0; i < n; i++) {
    char *lt = strchr(names[i], '<');
    unsigned count = lt ? (unsigned)atoi(lt + 1) : 1;
    if (lt)
      *lt = 0;
    for (unsigned j = 0; j < count; j++) {
      if (a->nregs == MAX_REGS)
        return ptx_fail(a, st, "too many registers");
      Slot *r = &a->regs[a->nregs++];
      r->name = lt ? xasprintf("%s%u", names[i], j) : xstrdup(names[i]);
      r->bits = t.bits;
      r->at = ptx_new_slot(a, t.bits);
    }
  }
  return true;
}

/* The slot an operand names ($N or a register), or NULL. */
Slot *ptx_slot_of(Asm *a, const char *op) {
  if (op[0] == '$' && isdigit((unsigned char)op[1])) {
    char *end;
    unsigned long k = strtoul(op + 1, &end, 10);
    return !*end && k < a->nops ? &a->ops[k] : NULL;
  }
  return find_reg(a, op);
}

LLVMValueRef ptx_fit(Asm *a, LLVMValueRef v, unsigned bits, bool sign) {
  unsigned have = LLVMGetIntTypeWidth(LLVMTypeOf(v));
  if (have == bits)
    return v;
  if (have > bits)
    return LLVMBuildTrunc(a->b, v, ptx_int_ty(a, bits), "");
  return sign ? LLVMBuildSExt(a->b, v, ptx_int_ty(a, bits), "")
              : LLVMBuildZExt(a->b, v, ptx_int_ty(a, bits), "");
}

LLVMValueRef ptx_call(Asm *a, const char *name, LLVMTypeRef ret, LLVMValueRef *args, unsigned n) {
  LLVMTypeRef *pt = xcalloc(n ? n : 1, sizeof *pt);
  for (unsigned i = 0; i < n; i++)
    pt[i] = LLVMTypeOf(args[i]);
  LLVMTypeRef ft = LLVMFunctionType(ret, pt, n, 0);
  free(pt);
  LLVMValueRef f = LLVMGetNamedFunction(a->s->m, name);
  if (!f)
    f = LLVMAddFunction(a->s->m, name, ft);
  return LLVMBuildCall2(a->b, ft, f, args, n, "");
}

/* A special register's value (i32), or NULL. */
static LLVMValueRef special(Asm *a, const char *r) {
  static const char *const sregs[] = {"tid.x",  "tid.y",  "tid.z",   "ntid.x",  "ntid.y",
                                      "ntid.z", "ctaid.x", "ctaid.y", "ctaid.z", "nctaid.x",
                                      "nctaid.y", "nctaid.z", "laneid", "warpsize"};
  for (size_t i = 0; i < sizeof sregs / sizeof sregs[0]; i++)
    if (!strcmp(r, sregs[i])) {
      char *n = xasprintf("llvm.nvvm.read.ptx.sreg.%s", sregs[i]);
      LLVMValueRef v = ptx_call(a, n, a->s->i32, NULL, 0);
      free(n);
      return v;
    }
  if (!strcmp(r, "reserved_smem_offset_1")) /* a 32-bit shared-window offset */
    return ptx_call(a, "gasp.smem.reserved", a->s->i32, NULL, 0);
  if (strncmp(r, "lanemask_", 9))
    return NULL;
  LLVMValueRef lane = ptx_call(a, "llvm.nvvm.read.ptx.sreg.laneid", a->s->i32, NULL, 0);
  LLVMValueRef one = LLVMConstInt(a->s->i32, 1, 0), all = LLVMConstInt(a->s->i32, ~0u, 0);
  LLVMValueRef eq = LLVMBuildShl(a->b, one, lane, "");
  LLVMValueRef lt = LLVMBuildSub(a->b, eq, one, "");
  const char *w = r + 9;
  return !strcmp(w, "eq")   ? eq
         : !strcmp(w, "lt") ? lt
         : !strcmp(w, "le") ? LLVMBuildOr(a->b, lt, eq, "")
         : !strcmp(w, "gt") ? LLVMBuildXor(a->b, LLVMBuildOr(a->b, lt, eq, ""), all, "")
         : !strcmp(w, "ge") ? LLVMBuildXor(a->b, lt, all, "")
                            : NULL;
}

/* An immediate's bits at width bits (a float literal in the type's own
   format), or NULL. */
LLVMValueRef ptx_immediate(Asm *a, const char *op, unsigned bits, Ty t) {
  LLVMTypeRef it = ptx_int_ty(a, bits);
  if ((op[0] == '0' && (op[1] == 'f' || op[1] == 'F' || op[1] == 'd' || op[1] == 'D')) &&
      isxdigit((unsigned char)op[2])) {
    char *end;
    unsigned long long v = strtoull(op + 2, &end, 16);
    return *end ? NULL : LLVMConstInt(it, v, 0);
  }
  if (!isdigit((unsigned char)op[0]) && !((op[0] == '-' || op[0] == '+') && isdigit((unsigned char)op[1])))
    return NULL;
  char *end;
  if (ptx_is_float(t) && t.lanes == 1 && (strchr(op, '.') || strchr(op, 'e'))) {
    double d = strtod(op, &end);
    if (*end)
      return NULL;
    LLVMValueRef c = LLVMConstReal(ptx_fp_ty(a, t), d);
    return LLVMConstBitCast(c, it);
  }
  long long v = strtoll(op, &end, 0);
  if (*end == 'U' || *end == 'u')
    end++;
  if (*end)
    return NULL;
  if (ptx_is_float(t) && t.lanes == 1) /* `0` or `1` as a float operand */
    return LLVMConstBitCast(LLVMConstReal(ptx_fp_ty(a, t), (double)v), it);
  return LLVMConstInt(it, (unsigned long long)v, 1);
}

/* Operand op read as bits (its slot's width fitted to bits, zero-extended
   unless sign); NULL with the reason recorded. */
LLVMValueRef ptx_rd(Asm *a, const char *st, const char *op, unsigned bits, Ty t, bool sign) {
  Slot *sl = ptx_slot_of(a, op);
  if (sl)
    return ptx_fit(a, LLVMBuildLoad2(a->b, ptx_int_ty(a, sl->bits), sl->at, ""), bits, sign);
  if (op[0] == '%') {
    LLVMValueRef v = special(a, op + 1);
    if (v)
      return ptx_fit(a, v, bits, false);
    ptx_fail(a, st, "an unknown special register");
    return NULL;
  }
  if (op[0] == '{') { /* {lo, hi}: a packed value */
    char *copy = xstrdup(op + 1), *parts[MAX_TOKS];
    char *close = strrchr(copy, '}');
    if (close)
      *close = 0;
    unsigned n = ptx_split(copy, parts);
    LLVMValueRef v = NULL;
    if (n && bits % n == 0) {
      v = LLVMConstInt(ptx_int_ty(a, bits), 0, 0);
      for (unsigned i = 0; i < n && v; i++) {
        LLVMValueRef x = ptx_rd(a, st, parts[i], bits / n, (Ty){K_BITS, bits / n, 1}, false);
        v = x ? LLVMBuildOr(a->b, v,
                            LLVMBuildShl(a->b, ptx_fit(a, x, bits, false),
                                         LLVMConstInt(ptx_int_ty(a, bits), (unsigned long long)i * (bits / n), 0),
                                         ""),
                            "")
              : NULL;
      }
    } else {
      ptx_fail(a, st, "an operand list that does not fill its register");
    }
    free(copy);
    return v;
  }
  LLVMValueRef v = ptx_immediate(a, op, bits, t);
  if (!v)
    ptx_fail(a, st, "an operand gasp-run does not read");
  return v;
}

/* Writes bits v to operand op (a slot, `_`, or a {lo, hi} list). */
bool ptx_wr(Asm *a, const char *st, const char *op, LLVMValueRef v, bool sign) {
  if (!strcmp(op, "_"))
    return true;
  Slot *sl = ptx_slot_of(a, op);
  if (sl) {
    LLVMBuildStore(a->b, ptx_fit(a, v, sl->bits, sign), sl->at);
    return true;
  }
  if (op[0] == '{') {
    char *copy = xstrdup(op + 1), *parts[MAX_TOKS];
    char *close = strrchr(copy, '}');
    if (close)
      *close = 0;
    unsigned n = ptx_split(copy, parts), bits = LLVMGetIntTypeWidth(LLVMTypeOf(v));
    bool ok = n && bits % n == 0;
    for (unsigned i = 0; i < n && ok; i++) {
      LLVMValueRef sh = LLVMConstInt(LLVMTypeOf(v), (unsigned long long)i * (bits / n), 0);
      ok = ptx_wr(a, st, parts[i], LLVMBuildTrunc(a->b, LLVMBuildLShr(a->b, v, sh, ""), ptx_int_ty(a, bits / n), ""),
              false);
    }
    free(copy);
    return ok || ptx_fail(a, st, "an operand list that does not fill its register");
  }
  return ptx_fail(a, st, "a destination gasp-run does not write");
}

LLVMValueRef ptx_to_fp(Asm *a, LLVMValueRef bits, Ty t) {
  return LLVMBuildBitCast(a->b, ptx_fit(a, bits, t.bits, false), ptx_fp_ty(a, t), "");
}

LLVMValueRef ptx_from_fp(Asm *a, LLVMValueRef v, Ty t) {
  return LLVMBuildBitCast(a->b, v, ptx_int_ty(a, t.bits), "");
}

LLVMValueRef ptx_intrinsic(Asm *a, const char *name, LLVMTypeRef *tys, unsigned ntys,
                              LLVMValueRef *args, unsigned nargs) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  LLVMValueRef f = LLVMGetIntrinsicDeclaration(a->s->m, id, tys, ntys);
  return LLVMBuildCall2(a->b, LLVMIntrinsicGetType(a->s->ctx, id, tys, ntys), f, args, nargs, "");
}

/* ---- statements -------------------------------------------------------- */

bool ptx_has_mod(const Stmt *x, const char *m) {
  for (unsigned i = 1; i < x->nmods; i++)
    if (!strcmp(x->mods[i], m))
      return true;
  return false;
}

Ty ptx_last_type(const Stmt *x, unsigned from_end) {
  unsigned seen = 0;
  for (unsigned i = x->nmods; i-- > 1;)
    if (ptx_type_of(x->mods[i]).k != K_NONE && seen++ == from_end)
      return ptx_type_of(x->mods[i]);
  return (Ty){K_NONE, 0, 0};
}
