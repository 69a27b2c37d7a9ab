/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* summary.c — the residue report (gasp-opt --summary, the plugin's -stats):
 * what a run left generic and why, in one table a reader can act on.
 *
 * With GaspOptions.summary set, gasp_run calls summary_begin before the
 * pipeline (the generic counts of world.c, and the memory operations in
 * each named space in code reachable from the kernels), why.c hands every
 * generic access it words to summary_note (its function and reason, whether
 * or not Missed remarks are collected), and summary_end counts again after
 * the pipeline.  gasp_write_summary prints:
 *
 *   the four count lines gasp-opt always printed under -stats
 *     (before, after, reachable from kernels, kept for outside callers);
 *   generic accesses left in kernel-reachable code, by reason (most first),
 *     how many of them lie inside loops and how many of those go through a
 *     pointer versioning could test before its loop (loops_class),
 *     and by function (most first, with the reasons in that function; C++
 *     and CUDA names demangled);
 *   memory operations in each named space in kernel-reachable code,
 *     before -> after (an operation counts once per distinct named space of
 *     its pointer operands: a memcpy from local to global counts in both).
 *
 * Functions outside kernel-reachable code (kept for outside callers, or
 * dead) are counted in the count lines only.  The record lives in the
 * context until the next run or gasp_ctx_reset.
 * Tests: test/gasp-opt/summary.test, test/plugin/summary.test.
 */
#include "report/report.h"

#include <string.h>

#define SUMMARY_SPACES 16 /* spaces by number below this; others as "other" */

typedef struct Note {
  LLVMValueRef fn;
  const char *reason; /* static or owned by why.c's words: copied */
  int loop;           /* loops_class */
} Note;

typedef struct Tally Tally;
typedef struct TallyVec { /* VEC(Tally), named so a Tally can hold one */
  Tally *v;
  size_t n, cap;
  Pool *pool;
} TallyVec;
struct Tally {
  char *key;
  unsigned long n;
  TallyVec sub; /* by function: its reasons */
};

struct Summary {
  GaspGenericCounts before, after;
  unsigned long named_before[SUMMARY_SPACES + 1], named_after[SUMMARY_SPACES + 1];
  VEC(Note) notes;
  TallyVec by_reason, by_function;
  unsigned long in_loops, versionable; /* notes in loops; of them, loops_class 1 */
  bool done;
};

/* Memory operations in each named space, in live functions. */
static void count_named(const TgtTable *t, LLVMModuleRef m, const PtrMap *live,
                        unsigned long *out) {
  memset(out, 0, (SUMMARY_SPACES + 1) * sizeof *out);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (!map_get(live, f, NULL))
      continue;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        LLVMValueRef ptrs[2];
        unsigned n = ir_mem_ptrs(i, ptrs);
        int seen = -1;
        for (unsigned k = 0; k < n; k++) {
          int as = ir_ptr_as(LLVMTypeOf(ptrs[k]));
          if (as == t->generic || as == seen)
            continue;
          seen = as;
          out[as >= 0 && as < SUMMARY_SPACES ? as : SUMMARY_SPACES]++;
        }
      }
  }
}

/* The generic counts and the named counts of m, from one live set; the
   live set is left in *live. */
static void count_all(const TgtTable *t, LLVMModuleRef m, PtrMap *live, GaspGenericCounts *c,
                      unsigned long *named) {
  world_live(t, m, live);
  world_count_live(t, m, live, c);
  count_named(t, m, live, named);
}

void summary_begin(GaspCtx *cx, LLVMModuleRef m) {
  summary_free(cx);
  if (!cx->opt.summary)
    return;
  Summary *s = xcalloc(1, sizeof *s);
  PtrMap live;
  map_init(&live);
  count_all(cx->tgt, m, &live, &s->before, s->named_before);
  map_free(&live);
  cx->summary = s;
}

void summary_note(GaspCtx *cx, LLVMValueRef fn, const char *reason, int loop) {
  if (!cx->summary)
    return;
  Note n = {fn, cx_respell_options(cx, xstrdup(reason)), loop};
  vec_push(&cx->summary->notes, n);
}

static Tally *tally(TallyVec *v, const char *key) {
  for (size_t i = 0; i < v->n; i++)
    if (!strcmp(v->v[i].key, key))
      return &v->v[i];
  Tally t = {xstrdup(key), 0, {0}};
  vec_push(v, t);
  return &v->v[v->n - 1];
}

/* Most first; equal counts by name, so the report is deterministic. */
static int by_count(const void *a, const void *b) {
  const Tally *x = a, *y = b;
  if (x->n != y->n)
    return x->n < y->n ? 1 : -1;
  return strcmp(x->key, y->key);
}

void summary_end(GaspCtx *cx, LLVMModuleRef m) {
  Summary *s = cx->summary;
  if (!s)
    return;
  PtrMap live;
  map_init(&live);
  count_all(cx->tgt, m, &live, &s->after, s->named_after);
  for (size_t i = 0; i < s->notes.n; i++) {
    const Note *n = &s->notes.v[i];
    if (!map_get(&live, n->fn, NULL))
      continue;
    size_t len = 0;
    const char *name = LLVMGetValueName2(n->fn, &len);
    char *fname = ir_demangle(name, len); /* C++/CUDA names as written */
    if (!fname)
      fname = xasprintf("@%.*s", (int)len, name);
    tally(&s->by_reason, n->reason)->n++;
    s->in_loops += n->loop >= 0;
    s->versionable += n->loop > 0;
    Tally *f = tally(&s->by_function, fname);
    f->n++;
    tally(&f->sub, n->reason)->n++;
    free(fname);
  }
  map_free(&live);
  if (s->by_reason.n) /* (qsort wants a non-null base even for none) */
    qsort(s->by_reason.v, s->by_reason.n, sizeof(Tally), by_count);
  if (s->by_function.n)
    qsort(s->by_function.v, s->by_function.n, sizeof(Tally), by_count);
  for (size_t i = 0; i < s->by_function.n; i++)
    if (s->by_function.v[i].sub.n)
      qsort(s->by_function.v[i].sub.v, s->by_function.v[i].sub.n, sizeof(Tally), by_count);
  s->done = true;
}

static void tallies_free(TallyVec *v) {
  for (size_t i = 0; i < v->n; i++) {
    free(v->v[i].key);
    tallies_free(&v->v[i].sub);
  }
  vec_free(v);
}

void summary_free(GaspCtx *cx) {
  Summary *s = cx->summary;
  if (!s)
    return;
  for (size_t i = 0; i < s->notes.n; i++)
    free((char *)s->notes.v[i].reason);
  vec_free(&s->notes);
  tallies_free(&s->by_reason);
  tallies_free(&s->by_function);
  free(s);
  cx->summary = NULL;
}

void gasp_write_summary(const GaspCtx *cx, const char *prefix, FILE *f) {
  const Summary *s = cx->summary;
  const char *p = prefix ? prefix : "";
  if (!s || !s->done) {
    fprintf(f, "%sno summary: the last run did not keep one (GaspOptions.summary)\n", p);
    return;
  }
  fprintf(f, "%sgeneric memory ops before: %lu\n", p, s->before.total);
  fprintf(f, "%sgeneric memory ops after: %lu\n", p, s->after.total);
  fprintf(f, "%sgeneric memory ops reachable from kernels: %lu (before: %lu)\n", p,
          s->after.reachable, s->before.reachable);
  fprintf(f,
          "%sgeneric memory ops kept for outside callers: %lu in %lu externally visible "
          "function%s no kernel reaches (before: %lu)\n",
          p, s->after.outside, s->after.outside_functions,
          s->after.outside_functions == 1 ? "" : "s", s->before.outside);
  fprintf(f, "%sleft generic in kernel-reachable code, by reason:%s\n", p,
          s->by_reason.n ? "" : " none");
  for (size_t i = 0; i < s->by_reason.n; i++)
    fprintf(f, "%s  %6lu  %s\n", p, s->by_reason.v[i].n, s->by_reason.v[i].key);
  if (s->in_loops)
    fprintf(f,
            "%sleft generic in kernel-reachable code inside loops: %lu (%lu through a pointer of "
            "two spaces set before a loop --version-by-space could copy)\n",
            p, s->in_loops, s->versionable);
  if (s->by_function.n)
    fprintf(f, "%sleft generic in kernel-reachable code, by function:\n", p);
  for (size_t i = 0; i < s->by_function.n; i++) {
    const Tally *t = &s->by_function.v[i];
    fprintf(f, "%s  %6lu  %s:", p, t->n, t->key);
    for (size_t k = 0; k < t->sub.n; k++)
      fprintf(f, "%s %s (%lu)", k ? ";" : "", t->sub.v[k].key, t->sub.v[k].n);
    fprintf(f, "\n");
  }
  fprintf(f, "%smemory ops in named spaces in kernel-reachable code, before -> after:\n", p);
  bool any = false;
  for (int as = 0; as <= SUMMARY_SPACES; as++) {
    if (!s->named_before[as] && !s->named_after[as])
      continue;
    any = true;
    const char *name = as == SUMMARY_SPACES ? "other spaces" : tgt_space_name(cx->tgt, as);
    if (as < SUMMARY_SPACES && !strcmp(name, "unknown"))
      fprintf(f, "%s  addrspace(%d): %lu -> %lu\n", p, as, s->named_before[as],
              s->named_after[as]);
    else
      fprintf(f, "%s  %s: %lu -> %lu\n", p, name, s->named_before[as], s->named_after[as]);
  }
  if (!any)
    fprintf(f, "%s  none\n", p);
}
