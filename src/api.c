/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* api.c — the public API (gasp.h), a façade over pipeline.c (the passes),
 * world.c (counts), target.c (alias queries) and ctx.c (the services every
 * pass uses).  Nothing in src/ imports it. */
#include "pipeline.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/IRReader.h>
#include <llvm/Config/llvm-config.h> /* LLVM_VERSION_STRING (a C header) */

#include <stdarg.h>
#include <stddef.h>
#include <string.h>

void gasp_options_init(GaspOptions *o) {
  memset(o, 0, sizeof *o);
  o->struct_size = sizeof *o;
  o->clone_budget = -1;
  o->clone_cost = -1;
}

/* The string options, which the context owns a copy of: one list for the
   copy and the release (print_before was copied by neither). */
#define N_STRING_OPTIONS 6
static void string_options(GaspOptions *o, const char **f[N_STRING_OPTIONS]) {
  f[0] = &o->passes;
  f[1] = &o->target_as;
  f[2] = &o->print_after;
  f[3] = &o->print_before;
  f[4] = &o->debug_only;
  f[5] = &o->option_prefix;
}

GaspCtx *gasp_ctx_new(const GaspOptions *o) {
  GaspCtx *cx = xcalloc(1, sizeof *cx);
  gasp_options_init(&cx->opt);
  cx->options_size = sizeof cx->opt;
  if (o) {
    /* the fields the caller's gasp.h has (a prefix of ours: fields are
       only appended); a size we do not know is refused by the checks */
    cx->options_size = o->struct_size;
    if (o->struct_size >= offsetof(GaspOptions, passes) && o->struct_size <= sizeof cx->opt)
      memcpy(&cx->opt, o, o->struct_size);
    cx->opt.struct_size = sizeof cx->opt;
  }
  const char **f[N_STRING_OPTIONS];
  string_options(&cx->opt, f);
  for (int i = 0; i < N_STRING_OPTIONS; i++)
    *f[i] = *f[i] ? xstrdup(*f[i]) : NULL;
  return cx;
}

GaspCarry *gasp_carry_new(void) { return xcalloc(1, sizeof(GaspCarry)); }

void gasp_carry_free(GaspCarry *c) {
  if (!c)
    return;
  facts_free(c->facts);
  free(c);
}

void gasp_ctx_set_carry(GaspCtx *cx, GaspCarry *c) { cx->carry = c; }

void gasp_ctx_reset(GaspCtx *cx) {
  for (size_t i = 0; i < cx->diags.n; i++)
    free(cx->diags.v[i].msg);
  vec_free(&cx->diags);
  vec_free(&cx->stat_desc);
  vec_free(&cx->stat_val);
  remarks_free(cx);
  summary_free(cx);
  facts_free(cx->facts);
  cx->facts = NULL;
}

void gasp_ctx_free(GaspCtx *cx) {
  if (!cx)
    return;
  gasp_ctx_reset(cx);
  cx_free_target_machine(cx);
  const char **f[N_STRING_OPTIONS];
  string_options(&cx->opt, f);
  for (int i = 0; i < N_STRING_OPTIONS; i++)
    free((char *)*f[i]);
  free(cx);
}

/* The checks of the options alone, recording their diagnostics. */
static GaspStatus check_options(GaspCtx *cx) {
  if (cx->options_size < offsetof(GaspOptions, passes) ||
      cx->options_size > sizeof cx->opt) {
    cx_diag(cx, GASP_SEV_ERROR,
            "GaspOptions of %zu bytes: this library (gasp " GASP_VERSION
            ") knows sizes up to %zu; fill the options with gasp_options_init from the "
            "gasp.h the library was built with",
            cx->options_size, sizeof cx->opt);
    return GASP_ERR_USAGE;
  }
  if (cx->opt.target_as && !cx_target_as(cx))
    return GASP_ERR_USAGE;
  if (cx->opt.clone_budget < -1 || cx->opt.clone_cost < -1) {
    cx_diag(cx, GASP_SEV_ERROR, "%s %ld: -1 (unlimited%s), 0 or a positive number",
            cx->opt.clone_budget < -1 ? "--clone-budget" : "--clone-cost",
            cx->opt.clone_budget < -1 ? cx->opt.clone_budget : cx->opt.clone_cost,
            cx->opt.clone_budget < -1 ? "" : ": the target's limit");
    return GASP_ERR_USAGE;
  }
  return pipeline_check(cx) ? GASP_OK : GASP_ERR_USAGE;
}

GaspStatus gasp_check_options(GaspCtx *cx) {
  gasp_ctx_reset(cx);
  return check_options(cx);
}

GaspStatus gasp_run(GaspCtx *cx, LLVMModuleRef m) {
  gasp_ctx_reset(cx);
  GaspStatus st = check_options(cx);
  if (st != GASP_OK)
    return st;
  if (!cx_select_target(cx, m))
    return GASP_ERR_INPUT;
  summary_begin(cx, m);
  st = pipeline_run(cx, m);
  if (st == GASP_OK)
    summary_end(cx, m);
  else
    summary_free(cx);
  remarks_respell_options(cx);
  return st;
}

long gasp_count_generic_mem_ops(GaspCtx *cx, LLVMModuleRef m) {
  if (!cx_select_target(cx, m))
    return -1;
  return pipeline_count_generic(cx, m);
}

int gasp_count_generic(GaspCtx *cx, LLVMModuleRef m, GaspGenericCounts *c) {
  if (!cx_select_target(cx, m))
    return 0;
  world_count(cx->tgt, m, c);
  return 1;
}

/* ---- alias queries ------------------------------------------------------ */

static GaspAliasResult alias_in(const TgtTable *t, int a, int b, bool pig) {
  if (!t)
    return GASP_MAY_ALIAS;
  int ca = tgt_alias_class(t, a, pig), cb = tgt_alias_class(t, b, pig);
  return ca >= 0 && cb >= 0 && ca != cb ? GASP_NO_ALIAS : GASP_MAY_ALIAS;
}

static const TgtTable *table_named(const char *target) {
  if (!target)
    return NULL;
  const TgtTable *t = tgt_by_name(target);
  return t ? t : tgt_for_triple(target);
}

GaspAliasResult gasp_alias_as(const char *target, unsigned a, unsigned b,
                              int private_in_global) {
  return alias_in(table_named(target), (int)a, (int)b, private_in_global != 0);
}

/* The module v belongs to (instruction, argument, global), or NULL. */
static LLVMModuleRef module_of(LLVMValueRef v) {
  if (LLVMIsAInstruction(v)) {
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(v);
    v = bb ? LLVMGetBasicBlockParent(bb) : NULL;
  } else if (LLVMIsAArgument(v)) {
    v = LLVMGetParamParent(v);
  }
  return v && LLVMIsAGlobalValue(v) ? LLVMGetGlobalParent(v) : NULL;
}

GaspAliasResult gasp_alias(const GaspCtx *cx, LLVMValueRef a, LLVMValueRef b) {
  if (!a || !b)
    return GASP_MAY_ALIAS;
  const TgtTable *t = NULL;
  if (cx->opt.target_as) {
    t = tgt_by_name(cx->opt.target_as);
  } else {
    LLVMModuleRef m = module_of(a);
    if (!m)
      m = module_of(b);
    t = m ? tgt_for_triple(LLVMGetTarget(m)) : NULL;
  }
  return alias_in(t, ir_ptr_as(LLVMTypeOf(a)), ir_ptr_as(LLVMTypeOf(b)),
                  cx->opt.private_in_global != 0);
}

size_t gasp_diag_count(const GaspCtx *cx) { return cx->diags.n; }
const char *gasp_diag_message(const GaspCtx *cx, size_t i) {
  return i < cx->diags.n ? cx->diags.v[i].msg : NULL;
}
GaspSeverity gasp_diag_severity(const GaspCtx *cx, size_t i) {
  return i < cx->diags.n ? cx->diags.v[i].sev : GASP_SEV_ERROR;
}

size_t gasp_stat_count(const GaspCtx *cx) { return cx->stat_desc.n; }
const char *gasp_stat_name(const GaspCtx *cx, size_t i) {
  return i < cx->stat_desc.n ? cx->stat_desc.v[i]->name : NULL;
}
const char *gasp_stat_desc(const GaspCtx *cx, size_t i) {
  return i < cx->stat_desc.n ? cx->stat_desc.v[i]->desc : NULL;
}
uint64_t gasp_stat_value(const GaspCtx *cx, size_t i) {
  return i < cx->stat_val.n ? cx->stat_val.v[i] : 0;
}
uint64_t gasp_stat_get(const GaspCtx *cx, const char *name) {
  for (size_t i = 0; i < cx->stat_desc.n; i++)
    if (!strcmp(cx->stat_desc.v[i]->name, name))
      return cx->stat_val.v[i];
  return 0;
}

/* The length of a statistic's pass ("ipmsp" of "ipmsp.clones"): LLVM's
   DEBUG_TYPE, which its table prints and sorts on. */
static size_t pass_len(const char *name) {
  const char *dot = strchr(name, '.');
  return dot ? (size_t)(dot - name) : strlen(name);
}

/* LLVM's order for statistics (StatisticInfo::sort): by DEBUG_TYPE (the
   pass, before the dot), then name, then description. */
static int stat_order(const void *a, const void *b) {
  const GaspStatDesc *x = *(const GaspStatDesc *const *)a, *y = *(const GaspStatDesc *const *)b;
  size_t lx = pass_len(x->name), ly = pass_len(y->name);
  int c = strncmp(x->name, y->name, lx < ly ? lx : ly);
  if (c || lx != ly)
    return c ? c : lx < ly ? -1 : 1;
  if ((c = strcmp(x->name + lx, y->name + ly)))
    return c;
  return strcmp(x->desc, y->desc);
}

void gasp_write_stats(const GaspCtx *cx, int json, FILE *f) {
  size_t n = cx->stat_desc.n;
  const GaspStatDesc **order = xmalloc((n ? n : 1) * sizeof *order);
  if (n) {
    memcpy(order, cx->stat_desc.v, n * sizeof *order);
    qsort(order, n, sizeof *order, stat_order);
  }
  if (json) { /* llvm::PrintStatisticsJSON */
    fprintf(f, "{\n");
    for (size_t i = 0; i < n; i++)
      fprintf(f, "%s\t\"%s\": %llu", i ? ",\n" : "", order[i]->name,
              (unsigned long long)gasp_stat_get(cx, order[i]->name));
    fprintf(f, "\n}\n");
  } else { /* llvm::PrintStatistics */
    int vlen = 0, dlen = 0;
    for (size_t i = 0; i < n; i++) {
      char buf[24];
      int l = snprintf(buf, sizeof buf, "%llu",
                       (unsigned long long)gasp_stat_get(cx, order[i]->name));
      int d = (int)pass_len(order[i]->name);
      vlen = l > vlen ? l : vlen;
      dlen = d > dlen ? d : dlen;
    }
    fprintf(f, "===%s===\n                          ... Statistics Collected ...\n===%s===\n\n",
            "-------------------------------------------------------------------------",
            "-------------------------------------------------------------------------");
    for (size_t i = 0; i < n; i++) {
      int d = (int)pass_len(order[i]->name);
      fprintf(f, "%*llu %.*s%*s - %s\n", vlen,
              (unsigned long long)gasp_stat_get(cx, order[i]->name), d, order[i]->name,
              dlen - d, "", order[i]->desc);
    }
    fprintf(f, "\n");
  }
  free(order);
}

/* ---- reading modules --------------------------------------------------- */

static void on_llvm_diag(LLVMDiagnosticInfoRef di, void *p) {
  char **first = p;
  if (LLVMGetDiagInfoSeverity(di) != LLVMDSError || *first)
    return;
  char *d = LLVMGetDiagInfoDescription(di);
  *first = xstrdup(d);
  LLVMDisposeMessage(d);
}

/* s (freed) with every byte that is not printable ASCII (LLVM quotes the
   offending source line, which for a binary file is raw bytes) written as
   \xNN; newlines and tabs kept. */
static char *printable(char *s) {
  size_t n = 0;
  for (const unsigned char *p = (const unsigned char *)s; *p; p++)
    n += (*p >= 0x20 && *p < 0x7f) || *p == '\n' || *p == '\t' ? 1 : 4;
  char *r = xmalloc(n + 1), *o = r;
  for (const unsigned char *p = (const unsigned char *)s; *p; p++)
    if ((*p >= 0x20 && *p < 0x7f) || *p == '\n' || *p == '\t')
      *o++ = (char)*p;
    else
      o += snprintf(o, 5, "\\x%02x", *p);
  *o = 0;
  free(s);
  return r;
}

static char *input_error(const char *path, const char *what, const char *detail) {
  int n = detail ? (int)strlen(detail) : 0;
  while (n > 0 && detail[n - 1] == '\n')
    n--;
  return xasprintf("%s: error: %s%s%.*s", path, what, n ? ": " : "", n,
                   detail ? detail : "");
}

/* Parses and verifies buf (which it disposes of); name is used in messages. */
static LLVMModuleRef parse_buffer(LLVMContextRef ctx, const char *path,
                                  LLVMMemoryBufferRef buf, char **err) {
  char *first = NULL, *msg = NULL;
  LLVMModuleRef m = NULL;
  LLVMContextSetDiagnosticHandler(ctx, on_llvm_diag, &first);
  if (LLVMGetBufferSize(buf) == 0) {
    *err = input_error(path, "empty input", NULL);
  } else if (LLVMParseIRInContext2(ctx, buf, &m, &msg)) {
    const char *why = msg && *msg ? msg : first ? first : "unknown error";
    /* LLVM prefixes messages with the buffer name: keep one file name */
    size_t n = strlen(path);
    if (!strncmp(why, path, n) && why[n] == ':') {
      n = strlen(why);
      while (n > 0 && why[n - 1] == '\n')
        n--;
      *err = xasprintf("%.*s", (int)n, why);
    } else {
      *err = input_error(path, "cannot parse input", why);
    }
    m = NULL;
  } else if (LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
    *err = input_error(path, "input module is invalid", msg);
    LLVMDisposeModule(m);
    m = NULL;
  }
  LLVMDisposeMemoryBuffer(buf);
  if (msg)
    LLVMDisposeMessage(msg);
  free(first);
  LLVMContextSetDiagnosticHandler(ctx, NULL, NULL);
  if (*err)
    *err = printable(*err);
  return m;
}

LLVMModuleRef gasp_read_module(LLVMContextRef ctx, const char *path, char **err) {
  LLVMMemoryBufferRef buf = NULL;
  char *msg = NULL;
  *err = NULL;
  bool fail = !strcmp(path, "-")
                  ? LLVMCreateMemoryBufferWithSTDIN(&buf, &msg)
                  : LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg);
  if (fail) {
    *err = input_error(path, "cannot read input", msg);
    if (msg)
      LLVMDisposeMessage(msg);
    return NULL;
  }
  return parse_buffer(ctx, path, buf, err);
}

LLVMModuleRef gasp_parse_module(LLVMContextRef ctx, const char *name,
                                const char *data, size_t size, char **err) {
  *err = NULL;
  /* a copy: the text parser needs a terminating NUL after the bytes */
  return parse_buffer(ctx, name,
                      LLVMCreateMemoryBufferWithMemoryRangeCopy(data ? data : "", size, name),
                      err);
}

const char *gasp_target_for_triple(const char *triple) {
  const TgtTable *t = triple ? tgt_for_triple(triple) : NULL;
  return t ? t->name : NULL;
}

const char *gasp_version(void) { return "gasp " GASP_VERSION " (LLVM " LLVM_VERSION_STRING ")"; }
