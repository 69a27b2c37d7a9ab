/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* dot.c — the call graph after gasp, as Graphviz.
 *
 * One node per defined function: kernels bold, clones filled (labelled with
 * the function they were cloned from and the tuple of spaces that made
 * them), helpers plain; a function with generic accesses left is drawn red
 * with their count.  Each pointer parameter shows its vote from ipmsp's
 * published `!gasp.as` (a space, UNDET, POISON) or, without one, the space
 * of its type.  One edge per caller/callee pair of direct calls, labelled
 * with the number of call sites; a function called indirectly or from
 * outside gets a dashed "indirect / external" note.  Declarations (builtins)
 * are left out.
 *
 *   digraph gasp {
 *     "k" [label="@k\nkernel\narg 0: global\narg 1: local", style=bold];
 *     "fill.as3_1" [label="@fill.as3_1\nclone of @fill for (local, global)\n...",
 *                   style=filled, fillcolor="#dde8f7"];
 *     "k" -> "fill.as3_1" [label="1"];
 *   }
 *
 * gasp_write_callgraph, for a reader of a real program: only the functions
 * the kernels reach (or only those with generic accesses left and their
 * callers up to the kernels), labels with demangled names (a long one
 * shortened to its name and "(...)", so a C++ program's graph stays
 * readable), and a legend.
 *
 * Requires: the target selected (gasp_run or gasp_count_generic_mem_ops
 * ran).  Tests: test/remarks/dot.test, test/remarks/dot-show.test.
 */
#include "report/report.h"

#include <string.h>

static void dot_str(FILE *f, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '"' || s[i] == '\\')
      fputc('\\', f);
    fputc(s[i], f);
  }
}

static void node_id(FILE *f, LLVMValueRef fn) {
  size_t len;
  const char *n = LLVMGetValueName2(fn, &len);
  fputc('"', f);
  dot_str(f, n, len);
  fputc('"', f);
}


static const char *vote_name(const TgtTable *t, int v) {
  if (v == VOTE_UNDET)
    return "UNDET";
  if (v == VOTE_POISON)
    return "POISON";
  return v == t->generic ? "generic" : tgt_space_name(t, v);
}

static bool called_from_outside(LLVMValueRef fn) {
  LLVMLinkage l = LLVMGetLinkage(fn);
  return ir_address_taken(fn) || (l != LLVMInternalLinkage && l != LLVMPrivateLinkage);
}

/* The label's name: the IR name, or demangled (shortened past 48
   characters to "name(...)" and the clone suffix). */
static char *shown_name(const char *name, size_t len, bool demangle) {
  char *d = demangle ? ir_demangle(name, len) : NULL;
  if (!d)
    return xasprintf("@%.*s", (int)len, name);
  size_t n = strlen(d);
  char *open = strchr(d, '(');
  if (n > 48 && open) {
    char *close = strrchr(d, ')');
    char *r = xasprintf("%.*s(...)%s", (int)(open - d), d, close ? close + 1 : "");
    free(d);
    return r;
  }
  return d;
}

static char *label_name(LLVMValueRef fn, bool demangle) {
  size_t len;
  const char *name = LLVMGetValueName2(fn, &len);
  return shown_name(name, len, demangle);
}

static void write_node(const TgtTable *t, LLVMValueRef fn, bool demangle, FILE *f) {
  char *shown = label_name(fn, demangle);
  bool kernel = tgt_is_kernel(t, fn);
  char *family = kernel ? NULL : schema_fn_family(fn);
  bool clone = family != NULL;
  node_id(f, fn);
  fputs(" [label=\"", f);
  dot_str(f, shown, strlen(shown));
  free(shown);
  if (kernel)
    fputs("\\nkernel", f);
  unsigned np = LLVMCountParams(fn);
  int votes[64];
  unsigned nv = schema_fn_spaces(fn, votes, 64);
  if (clone) {
    fputs("\\nclone of ", f);
    char *fam = shown_name(family, strlen(family), demangle);
    dot_str(f, fam, strlen(fam));
    free(fam);
    free(family);
    fputs(" for (", f);
    bool first = true;
    for (unsigned k = 0; k < np; k++) {
      int as = ir_ptr_as(LLVMTypeOf(LLVMGetParam(fn, k)));
      if (as < 0)
        continue;
      fprintf(f, "%s%s", first ? "" : ", ", vote_name(t, as));
      first = false;
    }
    fputc(')', f);
    MemFieldFact *facts = NULL; /* a fields clone: the fields it was made for */
    size_t nf = schema_fields_get(fn, &facts);
    for (size_t i = 0; i < nf; i++) {
      fprintf(f, "%sarg %u +%lld", i ? ", " : "\\nfields: ", facts[i].param,
              (long long)facts[i].off);
      if (facts[i].stride) /* every stride bytes */
        fprintf(f, "/%lld", (long long)facts[i].stride);
      fprintf(f, " %s", vote_name(t, facts[i].as));
    }
    free(facts);
  }
  unsigned pi = 0;
  for (unsigned k = 0; k < np; k++) {
    int as = ir_ptr_as(LLVMTypeOf(LLVMGetParam(fn, k)));
    if (as < 0)
      continue;
    int v = pi < nv ? votes[pi] : as;
    fprintf(f, "\\narg %u: %s", k, vote_name(t, v));
    pi++;
  }
  /* what ipmsp gave up on here, as the explanations read it (schema.c) */
  FactOutcome o = schema_fn_outcome(fn);
  const char *why = schema_outcome_text(o); /* the note's words (schema.c) */
  if (why)
    fprintf(f, "\\n%s: %s", o == OUTCOME_VISIT_CAP ? "not specialized" : "not cloned", why);
  unsigned long left = ir_count_mem_ops_in(fn, t->generic);
  if (left)
    fprintf(f, "\\n%lu generic access%s left", left, left == 1 ? "" : "es");
  fputc('"', f);
  if (kernel)
    fputs(", style=bold", f);
  else if (clone)
    fputs(", style=filled, fillcolor=\"#dde8f7\"", f);
  if (left)
    fputs(", color=red, fontcolor=red", f);
  fputs("];\n", f);
}

/* The functions drawn (value 1), by `show`. */
static void select_functions(const TgtTable *t, LLVMModuleRef m, GaspCallgraphShow show,
                             PtrMap *sel) {
  if (show == GASP_CALLGRAPH_ALL) {
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
      if (LLVMGetFirstBasicBlock(fn))
        map_put(sel, fn, 1);
    return;
  }
  world_live(t, m, sel);
  if (show != GASP_CALLGRAPH_RESIDUE)
    return;
  /* the live functions with a residue, then their live callers until
     nothing changes (a few rounds: call chains are short) */
  PtrMap keep;
  map_init(&keep);
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
    if (map_get(sel, fn, NULL) && ir_count_mem_ops_in(fn, t->generic))
      map_put(&keep, fn, 1);
  for (bool changed = true; changed;) {
    changed = false;
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
      if (!map_get(sel, fn, NULL) || map_get(&keep, fn, NULL))
        continue;
      for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && !map_get(&keep, fn, NULL);
           bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
          LLVMValueRef c = LLVMIsACallInst(i) ? ir_callee(i) : NULL;
          if (c && map_get(&keep, c, NULL)) {
            map_put(&keep, fn, 1);
            changed = true;
            break;
          }
        }
    }
  }
  map_free(sel);
  *sel = keep;
}

static const char legend[] =
    "  subgraph cluster_legend {\n"
    "    label=\"legend\"; fontname=\"monospace\"; style=dashed;\n"
    "    \"legend: kernel\" [label=\"kernel\", style=bold];\n"
    "    \"legend: clone\" [label=\"clone for a tuple of spaces\", style=filled, "
    "fillcolor=\"#dde8f7\"];\n"
    "    \"legend: helper\" [label=\"helper (arg N: its vote)\"];\n"
    "    \"legend: residue\" [label=\"generic accesses left\", color=red, fontcolor=red];\n"
    "    \"legend: outside\" [label=\"indirect / external callers\", shape=plaintext];\n"
    "    \"legend: kernel\" -> \"legend: clone\" [label=\"call sites\"];\n"
    "    \"legend: outside\" -> \"legend: helper\" [style=dashed];\n"
    "  }\n";

static void write_graph(const GaspCtx *cx, LLVMModuleRef m, GaspCallgraphShow show,
                        bool reader, FILE *f) {
  const TgtTable *t = cx->tgt;
  fputs("digraph gasp {\n  rankdir=LR;\n  node [shape=box, fontname=\"monospace\"];\n", f);
  if (!t) {
    fputs("}\n", f);
    return;
  }
  PtrMap sel;
  map_init(&sel);
  select_functions(t, m, show, &sel);
  if (reader)
    fputs(legend, f);
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
    if (!LLVMGetFirstBasicBlock(fn) || !map_get(&sel, fn, NULL))
      continue;
    fputs("  ", f);
    write_node(t, fn, reader, f);
    if (!tgt_is_kernel(t, fn) && called_from_outside(fn)) {
      fputs("  ", f);
      fputc('"', f);
      size_t len;
      const char *n = LLVMGetValueName2(fn, &len);
      dot_str(f, n, len);
      fputs(" (outside)\" [label=\"indirect / external callers\", shape=plaintext];\n  \"", f);
      dot_str(f, n, len);
      fputs(" (outside)\" -> ", f);
      node_id(f, fn);
      fputs(" [style=dashed];\n", f);
    }
  }
  /* edges: callees of each function in first-call order, with counts */
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
    if (!map_get(&sel, fn, NULL))
      continue;
    ValVec callees = {0};
    VEC(unsigned) counts = {0};
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        LLVMValueRef c = LLVMIsACallInst(i) ? ir_callee(i) : NULL;
        if (!c || !LLVMGetFirstBasicBlock(c) || !map_get(&sel, c, NULL))
          continue;
        size_t k = 0;
        while (k < callees.n && callees.v[k] != c)
          k++;
        if (k == callees.n) {
          vec_push(&callees, c);
          vec_push(&counts, 0u);
        }
        counts.v[k]++;
      }
    for (size_t k = 0; k < callees.n; k++) {
      fputs("  ", f);
      node_id(f, fn);
      fputs(" -> ", f);
      node_id(f, callees.v[k]);
      fprintf(f, " [label=\"%u\"];\n", counts.v[k]);
    }
    vec_free(&callees);
    vec_free(&counts);
  }
  map_free(&sel);
  fputs("}\n", f);
}

void gasp_write_callgraph_dot(const GaspCtx *cx, LLVMModuleRef m, FILE *f) {
  write_graph(cx, m, GASP_CALLGRAPH_ALL, false, f);
}

void gasp_write_callgraph(const GaspCtx *cx, LLVMModuleRef m, GaspCallgraphShow show,
                          FILE *f) {
  write_graph(cx, m, show, true, f);
}
