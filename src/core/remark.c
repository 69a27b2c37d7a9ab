/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* remark.c — optimisation remarks, collected in the context and
 * written as LLVM's YAML remarks.
 *
 * A pass starts a remark with cx_remark (NULL when the context does not
 * collect that kind: GaspOptions.remarks), adds arguments with rm_arg (key
 * "String" for text, else a named value such as "Reason" or "Callee"), and
 * ends it with rm_done, which builds the one-line message
 * "<pass>: @<function>: <values...>" that gasp-opt prints for
 * -pass-remarks*.  The pass is the one running (cx->cur_pass), or "gasp"
 * for the report after the pipeline (why.c).
 *
 * YAML (LLVM's remark format, one document per remark):
 *   --- !Missed
 *   Pass:            'gasp'
 *   Name:            'GenericAccess'
 *   DebugLoc:        { File: 'k.cl', Line: 3, Column: 5 }
 *   Function:        'f'
 *   Args:
 *     - String:          'load stays generic: '
 *     - Reason:          'pointer loaded from memory'
 *   ...
 * A remark about the whole module hangs on its first kernel (else its
 * first defined function; GaspRemark.module_level says so).  A remark
 * without a debug location (no -g) is placed at line 0 of the module's
 * source file (relative to the working directory), LLVM's "no line":
 * opt-viewer drops remarks without a DebugLoc (test/remarks/opt-viewer.test).
 * Scalars are quoted as LLVM's YAML writer quotes them (see yaml_str), so
 * llvm-remarkutil reads back any name, control bytes included.  Tests:
 * test/remarks/ (yaml-escape.ll).
 */
#include "core/core.h"

#include <stdarg.h>
#include <string.h>
#include <unistd.h>

bool cx_wants(const GaspCtx *cx, GaspRemarkKind k) {
  return (cx->opt.remarks >> k) & 1u;
}

/* r's location: instruction or function loc's debug location (a function's
   is its subprogram's line, column 0, as LLVM places a remark about a
   function); none when it has no debug information. */
static void place(GaspRemark *r, LLVMValueRef loc) {
  unsigned len = 0;
  const char *file = loc ? LLVMGetDebugLocFilename(loc, &len) : NULL;
  if (file && len) {
    r->file = xasprintf("%.*s", (int)len, file);
    r->line = LLVMGetDebugLocLine(loc);
    r->column = LLVMIsAInstruction(loc) ? LLVMGetDebugLocColumn(loc) : 0;
  }
}

/* Where a remark about the whole module hangs: the module's first kernel,
   else its first defined function (NULL: none). */
static LLVMValueRef module_anchor(const GaspCtx *cx, LLVMModuleRef m) {
  LLVMValueRef first = NULL;
  for (LLVMValueRef f = m ? LLVMGetFirstFunction(m) : NULL; f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f))
      continue;
    if (cx->tgt && tgt_is_kernel(cx->tgt, f))
      return f;
    if (!first)
      first = f;
  }
  return first;
}

/* The module's source file name as the remark files give it: relative to
   the working directory when it lies below it (clang was handed an
   absolute path), so that opt-viewer puts it on the same page as the
   debug locations, which are relative. */
static char *source_name(const char *src, size_t n) {
  char cwd[4096];
  if (n && src[0] == '/' && getcwd(cwd, sizeof cwd)) {
    size_t c = strlen(cwd);
    if (c < n && !strncmp(src, cwd, c) && src[c] == '/')
      return xasprintf("%.*s", (int)(n - c - 1), src + c + 1);
  }
  return xasprintf("%.*s", (int)n, src);
}

GaspRemark *cx_remark(GaspCtx *cx, GaspRemarkKind k, const char *name, LLVMValueRef fn,
                      LLVMValueRef at) {
  if (!cx_wants(cx, k))
    return NULL;
  GaspRemark r = {0};
  r.kind = k;
  r.pass = xstrdup(cx->cur_pass ? cx->cur_pass : "gasp");
  r.name = xstrdup(name);
  LLVMModuleRef m = fn ? LLVMGetGlobalParent(fn) : cx->cur_module;
  if (!fn) {
    r.module_level = 1;
    fn = module_anchor(cx, m);
  }
  size_t nlen = 0;
  const char *fname = fn ? LLVMGetValueName2(fn, &nlen) : NULL;
  r.function = fn ? xasprintf("%.*s", (int)nlen, fname) : xstrdup("(module)");
  place(&r, at ? at : fn);
  size_t slen = 0;
  const char *src = m ? LLVMGetSourceFileName(m, &slen) : NULL;
  if (src && slen)
    r.source_file = source_name(src, slen);
  vec_push(&cx->remarks, r);
  return &cx->remarks.v[cx->remarks.n - 1];
}

void rm_arg(GaspRemark *r, const char *key, const char *fmt, ...) {
  if (!r)
    return;
  va_list ap;
  va_start(ap, fmt);
  char *v = xvasprintf(fmt, ap);
  va_end(ap);
  if (!*v && !strcmp(key, "String")) {
    free(v);
    return;
  }
  GaspRemarkArg *args = realloc((void *)r->args, (r->nargs + 1) * sizeof *args);
  if (!args)
    abort();
  args[r->nargs].key = xstrdup(key);
  args[r->nargs].value = v;
  r->args = args;
  r->nargs++;
}

void rm_done(GaspRemark *r) {
  if (!r)
    return;
  size_t cap = strlen(r->pass) + strlen(r->function) + 8;
  for (size_t i = 0; i < r->nargs; i++)
    cap += strlen(r->args[i].value);
  char *m = xmalloc(cap), *p = m;
  if (!r->module_level)
    p += sprintf(p, "%s: @%s: ", r->pass, r->function);
  else
    p += sprintf(p, "%s: ", r->pass);
  for (size_t i = 0; i < r->nargs; i++)
    p += sprintf(p, "%s", r->args[i].value);
  r->message = m;
}

/* A remark made without a location (its function had no subprogram then:
   a body being moved) gets its function's. */
static void locate(GaspRemark *r, LLVMValueRef fn) {
  if (!r->file)
    place(r, fn);
}

/* A remark about a function the run removed (an original whose callers
   all went to its clones, one merged into a twin) moves to the first
   function its text names that is still defined ("cloned as @f.as1 ...":
   the clone), so that LLVM, which hangs a remark on a function, can show
   it, and opt-viewer finds it; with none, it stays where it was (the
   YAML file keeps it; printers drop it as opt does).  Every remark left
   on a function is located (locate). */
void remarks_rehome(GaspCtx *cx, LLVMModuleRef m) {
  for (size_t i = 0; i < cx->remarks.n; i++) {
    GaspRemark *r = &cx->remarks.v[i];
    if (r->module_level) /* on its anchor, or "(module)": nothing to move */
      continue;
    LLVMValueRef fn = LLVMGetNamedFunction(m, r->function);
    if (fn && !LLVMIsDeclaration(fn)) {
      locate(r, fn);
      continue;
    }
    bool moved = false;
    for (size_t a = 0; a < r->nargs && !moved; a++) {
      for (const char *p = strchr(r->args[a].value, '@'); p && !moved; p = strchr(p + 1, '@')) {
        size_t n = strspn(p + 1, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                 "0123456789_.$-");
        while (n && (p[n] == '.' || p[n] == '-')) /* a sentence's full stop */
          n--;
        char *name = xasprintf("%.*s", (int)n, p + 1);
        LLVMValueRef g = n ? LLVMGetNamedFunction(m, name) : NULL;
        if (g && !LLVMIsDeclaration(g)) {
          free((char *)r->function);
          r->function = name;
          moved = true;
          locate(r, g);
        } else {
          free(name);
        }
      }
    }
  }
}

void remarks_respell_options(GaspCtx *cx) {
  if (cx->opt.option_prefix && !strcmp(cx->opt.option_prefix, "--"))
    return;
  for (size_t i = 0; i < cx->remarks.n; i++) {
    GaspRemark *r = &cx->remarks.v[i];
    for (size_t a = 0; a < r->nargs; a++)
      ((GaspRemarkArg *)r->args)[a].value = cx_respell_options(cx, (char *)r->args[a].value);
    if (r->message)
      r->message = cx_respell_options(cx, (char *)r->message);
  }
}

void remarks_free(GaspCtx *cx) {
  for (size_t i = 0; i < cx->remarks.n; i++) {
    GaspRemark *r = &cx->remarks.v[i];
    free((char *)r->pass);
    free((char *)r->name);
    free((char *)r->function);
    free((char *)r->file);
    free((char *)r->source_file);
    free((char *)r->message);
    for (size_t k = 0; k < r->nargs; k++) {
      free((char *)r->args[k].key);
      free((char *)r->args[k].value);
    }
    free((void *)r->args);
  }
  vec_free(&cx->remarks);
}

size_t gasp_remark_count(const GaspCtx *cx) { return cx->remarks.n; }

const GaspRemark *gasp_remark(const GaspCtx *cx, size_t i) {
  return i < cx->remarks.n ? &cx->remarks.v[i] : NULL;
}

/* Length of the well-formed UTF-8 sequence at s (its code point in *cp), or
   0 when the bytes there are not one. */
static size_t utf8_seq(const unsigned char *s, unsigned *cp) {
  unsigned c = s[0], n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 0;
  if (!n || c >= 0xF8)
    return 0;
  unsigned v = c & (0x7F >> n);
  for (unsigned k = 1; k < n; k++) {
    if ((s[k] & 0xC0) != 0x80)
      return 0;
    v = v << 6 | (s[k] & 0x3F);
  }
  static const unsigned min[5] = {0, 0, 0x80, 0x800, 0x10000};
  if (v < min[n] || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
    return 0; /* overlong, out of range, or a surrogate */
  *cp = v;
  return n;
}

/* Does s need double quotes: a control byte, DEL, or UTF-8 that is not
   well formed or is one of YAML's line breaks / no-break space? */
static bool needs_double(const unsigned char *s) {
  for (; *s; s++) {
    unsigned cp;
    size_t n;
    if (*s < 0x20 || *s == 0x7F)
      return true;
    if (*s & 0x80) {
      if (!(n = utf8_seq(s, &cp)) || cp == 0x85 || cp == 0xA0 || cp == 0x2028 || cp == 0x2029)
        return true;
      s += n - 1;
    }
  }
  return false;
}

/* A YAML scalar as LLVM's writer quotes it: single quotes ('' for a quote)
   unless something needs escaping; then double quotes with LLVM's escapes
   (\\ \" \0 \a \b \t \n \v \f \r \e, \xHH for other control bytes,
   \N \_ \L \P).  A byte that does not start well-formed UTF-8 is written
   \xHH (LLVM writes U+FFFD and drops the rest of the string; this keeps the
   name readable), so llvm-remarkutil reads every remark back. */
static void yaml_str(FILE *f, const char *str) {
  const unsigned char *s = (const unsigned char *)str;
  if (!needs_double(s)) {
    fputc('\'', f);
    for (; *s; s++) {
      if (*s == '\'')
        fputc('\'', f);
      fputc(*s, f);
    }
    fputc('\'', f);
    return;
  }
  static const char esc_from[] = "\\\"\a\b\t\n\v\f\r\x1b";
  static const char esc_to[] = "\\\"abtnvfre";
  fputc('"', f);
  for (; *s; s++) {
    const char *e = *s ? strchr(esc_from, *s) : NULL;
    unsigned cp;
    size_t n;
    if (e) {
      fputc('\\', f);
      fputc(esc_to[e - esc_from], f);
    } else if (*s < 0x20 || *s == 0x7F) {
      fprintf(f, "\\x%02X", *s);
    } else if (*s & 0x80) {
      if (!(n = utf8_seq(s, &cp))) {
        fprintf(f, "\\x%02X", *s);
        continue;
      }
      if (cp == 0x85 || cp == 0xA0 || cp == 0x2028 || cp == 0x2029)
        fputs(cp == 0x85 ? "\\N" : cp == 0xA0 ? "\\_" : cp == 0x2028 ? "\\L" : "\\P", f);
      else
        fwrite(s, 1, n, f);
      s += n - 1;
    } else {
      fputc(*s, f);
    }
  }
  fputc('"', f);
}

void gasp_remark_write_yaml(const GaspCtx *cx, size_t i, FILE *f) {
  static const char *const kinds[] = {"Passed", "Missed", "Analysis"};
  const GaspRemark *r = gasp_remark(cx, i);
  if (!r)
    return;
  fprintf(f, "--- !%s\nPass:            ", kinds[r->kind]);
  yaml_str(f, r->pass);
  fprintf(f, "\nName:            ");
  yaml_str(f, r->name);
  if (r->file || r->source_file) { /* else line 0 of the source file: see GaspRemark */
    fprintf(f, "\nDebugLoc:        { File: ");
    yaml_str(f, r->file ? r->file : r->source_file);
    fprintf(f, ", Line: %u, Column: %u }", r->file ? r->line : 0, r->file ? r->column : 0);
  }
  fprintf(f, "\nFunction:        ");
  yaml_str(f, r->function);
  fprintf(f, "\nArgs:\n");
  for (size_t k = 0; k < r->nargs; k++) {
    fprintf(f, "  - %s: ", r->args[k].key);
    yaml_str(f, r->args[k].value);
    fputc('\n', f);
  }
  fprintf(f, "...\n");
}
