/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* schema.c — gasp's own metadata (`!gasp.*`): the only code that reads or
 * writes it.  (A service, the fact store's persistent half: facts.c keeps
 * what one run computed; this file is what travels in the module to the
 * next run, the call graph and the explanations.)
 *
 *   !gasp.as      on a defined function: one space or vote per pointer
 *                 parameter (i32), then string notes — "clone of @f" (the
 *                 family), "ipmsp:visit-cap" / "ipmsp:clone-budget" /
 *                 "ipmsp:clone-cost" (what ipmsp gave up on: FactOutcome);
 *   !gasp.fields  on a fields clone: (i32 param, i64 offset, i32 space)
 *                 triples — at entry the aggregate parameter holds at that
 *                 offset only pointers into that space;
 *   !gasp.lowered named: the module is tag-lowered already;
 *   !gasp.size    on a defined function, between the plugin's two runs
 *                 only: (i32) its size (ir_copy_cost) in the early run;
 *   !gasp.linkage on a function internalize made internal, until
 *                 externalize gives it back (one run): (i32 linkage,
 *                 i32 visibility, i32 DLL storage class, i1 dso_local)
 *                 as it came;
 *   !gasp.rootlink on a function gasp made (a copy, a retype in place,
 *                 an early clone made internal again): the linkage clang's
 *                 build gives its root, non-local (i32); externalize keeps
 *                 it on the functions it puts in @gasp.abi (the next run
 *                 puts them there again) and drops it from the others;
 *   @gasp.abi     an internal array of gasp's functions in section
 *                 "llvm.metadata" (left out of the output by LLVM's
 *                 printers), which makes the back end treat their
 *                 addresses as taken: it keeps their parameters' ABI
 *                 alignment (externalize.c); the next run removes it
 *                 before its first pass;
 *   !gasp.cast    on an addrspacecast from generic to a named space, only
 *                 while --verify-spaces runs (stripped before output):
 *                 "user" (in the input) or "guarded" (a pass put it under
 *                 a run-time space test: tags, versioning, explicit casts);
 *   !gasp.launder on a llvm.launder.invariant.group call launder.c built
 *                 (empty): the next run undoes it before its first pass;
 *   the alias domain "gasp.as" and its scopes "gasp.as.<space>".
 * Writers and readers per kind: docs/design.md, "Glossary and the
 * !gasp.* schema".  Below space.c and memory.c (memory.c reads field
 * facts here), so it analyses nothing.
 *
 * Tests: test/unit/test_analysis.c (outcomes read back by the explanations
 * and the call graph); test/reliability/metadata-owner.test (no other
 * file spells a !gasp.* name).
 */
#include "core/core.h"

#include <string.h>

/* The names, in one place. */
#define MD_AS "gasp.as"         /* on a function: spaces, then notes */
#define MD_FIELDS "gasp.fields" /* on a fields clone: (param, offset, space) */
#define MD_LOWERED "gasp.lowered" /* named: the module is tag-lowered */
#define MD_CAST "gasp.cast"       /* on a generic-to-named cast: user/guarded */
#define MD_SIZE "gasp.size"       /* on a function: its size in the early run */
#define MD_LINKAGE "gasp.linkage" /* on a function: the linkage internalize took */
#define MD_ROOTLINK "gasp.rootlink" /* on gasp's function: its root's linkage */
#define GV_ABI "gasp.abi" /* a table of functions: the back end keeps their ABI */
#define MD_LAUNDER "gasp.launder" /* on a launder call: launder.c's, undone next run */
#define NOTE_FAMILY "clone of @"
#define NOTE_OUTCOME "ipmsp:"

static const char *const outcome_note[] = {
    [OUTCOME_NONE] = NULL,
    [OUTCOME_VISIT_CAP] = "ipmsp:visit-cap",
    [OUTCOME_CLONE_BUDGET] = "ipmsp:clone-budget",
    [OUTCOME_CLONE_COST] = "ipmsp:clone-cost",
};

static unsigned kind_id(LLVMContextRef ctx, const char *kind) {
  return LLVMGetMDKindIDInContext(ctx, kind, (unsigned)strlen(kind));
}

void schema_register_kinds(LLVMContextRef ctx) {
  /* numbered in the order the printer writes a function's attachments (by
     kind) and a reader meets them: the output read back numbers them the
     same, so a second run prints the same text */
  (void)kind_id(ctx, MD_AS);
  (void)kind_id(ctx, MD_FIELDS);
  (void)kind_id(ctx, MD_LAUNDER);
}

/* The operands of fn's node of kind (none: 0). */
static size_t md_operands(LLVMValueRef fn, const char *kind, ValVec *ops) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
  unsigned k = kind_id(ctx, kind);
  size_t n = 0;
  ops->n = 0;
  LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(fn, &n);
  for (size_t i = 0; i < n; i++) {
    if (LLVMValueMetadataEntriesGetKind(md, (unsigned)i) != k)
      continue;
    LLVMValueRef node =
        LLVMMetadataAsValue(ctx, LLVMValueMetadataEntriesGetMetadata(md, (unsigned)i));
    if (!LLVMIsAMDNode(node))
      continue;
    unsigned m = LLVMGetMDNodeNumOperands(node);
    size_t at = ops->n;
    for (unsigned j = 0; j < m; j++)
      vec_push(ops, NULL);
    LLVMGetMDNodeOperands(node, ops->v + at);
  }
  if (md)
    LLVMDisposeValueMetadataEntries(md);
  return ops->n;
}

/* The text after prefix of fn's first !gasp.as note that starts with it,
   whole (a family is a function's name: thousands of characters in C++),
   malloc'd; NULL when there is none. */
static char *as_note(LLVMValueRef fn, const char *prefix) {
  ValVec ops = {0};
  size_t plen = strlen(prefix);
  char *found = NULL;
  for (size_t j = 0, m = md_operands(fn, MD_AS, &ops); j < m && !found; j++) {
    unsigned len = 0;
    const char *str = ops.v[j] && LLVMIsAMDString(ops.v[j]) ? LLVMGetMDString(ops.v[j], &len)
                                                          : NULL;
    if (str && len >= plen && !memcmp(str, prefix, plen)) {
      found = xmalloc(len - plen + 1);
      memcpy(found, str + plen, len - plen);
      found[len - plen] = 0;
    }
  }
  vec_free(&ops);
  return found;
}

unsigned schema_fn_spaces(LLVMValueRef fn, int *out, unsigned cap) {
  ValVec ops = {0};
  unsigned k = 0;
  for (size_t j = 0, m = md_operands(fn, MD_AS, &ops); j < m && k < cap; j++)
    if (ops.v[j] && LLVMIsAConstantInt(ops.v[j]))
      out[k++] = (int)LLVMConstIntGetSExtValue(ops.v[j]);
  vec_free(&ops);
  return k;
}

void schema_publish(LLVMValueRef fn, const int *spaces, unsigned n, const char *family,
                   FactOutcome outcome) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMMetadataRef *md = xmalloc((n + 2) * sizeof *md);
  unsigned k = 0;
  bool generic = false; /* a parameter kept generic: a vote, not a space */
  for (unsigned i = 0; i < n; i++) {
    md[k++] = LLVMValueAsMetadata(LLVMConstInt(i32, (unsigned long long)spaces[i], 1));
    generic |= spaces[i] >= VOTE_UNDET;
  }
  /* an earlier run's cost refusal stands while the function stays generic
     and this run decided nothing (its calls, lowered to tags, ask for no
     copy): a second run over the output changes nothing */
  if (outcome == OUTCOME_NONE && generic && schema_fn_outcome(fn) == OUTCOME_CLONE_COST)
    outcome = OUTCOME_CLONE_COST;
  /* notes after the spaces: where a clone comes from, what ipmsp gave up */
  if (family) {
    char *note = xconcat(NOTE_FAMILY, family);
    md[k++] = LLVMMDStringInContext2(ctx, note, strlen(note));
    free(note);
  }
  if (outcome_note[outcome])
    md[k++] = LLVMMDStringInContext2(ctx, outcome_note[outcome], strlen(outcome_note[outcome]));
  if (k)
    LLVMGlobalSetMetadata(fn, kind_id(ctx, MD_AS), LLVMMDNodeInContext2(ctx, md, k));
  else
    LLVMGlobalEraseMetadata(fn, kind_id(ctx, MD_AS));
  free(md);
}

char *schema_fn_family(LLVMValueRef fn) {
  return as_note(fn, NOTE_FAMILY);
}

void schema_note_family(LLVMValueRef clone, const char *family) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(clone));
  ValVec ops = {0};
  size_t n = md_operands(clone, MD_AS, &ops);
  LLVMMetadataRef *md = xmalloc((n + 1) * sizeof *md);
  size_t m = 0;
  for (size_t j = 0; j < n; j++)
    if (ops.v[j])
      md[m++] = LLVMValueAsMetadata(ops.v[j]);
  char *note = xconcat(NOTE_FAMILY, family);
  md[m++] = LLVMMDStringInContext2(ctx, note, strlen(note));
  free(note);
  LLVMGlobalSetMetadata(clone, kind_id(ctx, MD_AS), LLVMMDNodeInContext2(ctx, md, m));
  free(md);
  vec_free(&ops);
}

FactOutcome schema_fn_outcome(LLVMValueRef fn) {
  char *tag = as_note(fn, NOTE_OUTCOME);
  FactOutcome found = OUTCOME_NONE;
  for (unsigned o = OUTCOME_NONE + 1; tag && !found && o < sizeof outcome_note / sizeof *outcome_note; o++)
    if (!strcmp(tag, outcome_note[o] + strlen(NOTE_OUTCOME)))
      found = (FactOutcome)o;
  free(tag);
  return found;
}

size_t schema_fields_get(LLVMValueRef fn, MemFieldFact **facts) {
  ValVec ops = {0};
  size_t n = md_operands(fn, MD_FIELDS, &ops), nf = 0;
  *facts = n >= 3 ? xmalloc(n / 3 * sizeof **facts) : NULL;
  for (size_t i = 0; i + 2 < n; i += 3) {
    LLVMValueRef k = ops.v[i], o = ops.v[i + 1], as = ops.v[i + 2];
    int64_t stride = 0;
    if (o && LLVMIsAConstant(o) && LLVMGetTypeKind(LLVMTypeOf(o)) == LLVMVectorTypeKind &&
        LLVMGetVectorSize(LLVMTypeOf(o)) == 2) { /* <off, stride> */
      LLVMValueRef s = LLVMGetAggregateElement(o, 1);
      o = LLVMGetAggregateElement(o, 0);
      if (!s || !LLVMIsAConstantInt(s) || (stride = LLVMConstIntGetSExtValue(s)) <= 0)
        continue;
    }
    if (!k || !o || !as || !LLVMIsAConstantInt(k) || !LLVMIsAConstantInt(o) ||
        !LLVMIsAConstantInt(as))
      continue;
    MemFieldFact f = {(unsigned)LLVMConstIntGetZExtValue(k), LLVMConstIntGetSExtValue(o),
                      (int)LLVMConstIntGetZExtValue(as), stride};
    if (stride && (f.off < 0 || f.off >= stride))
      continue;
    (*facts)[nf++] = f;
  }
  vec_free(&ops);
  return nf;
}

void schema_fields_set(LLVMValueRef fn, const MemFieldFact *facts, size_t n) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), i64 = LLVMInt64TypeInContext(ctx);
  LLVMMetadataRef *ops = xmalloc((3 * n + 1) * sizeof *ops);
  for (size_t i = 0; i < n; i++) {
    ops[3 * i] = LLVMValueAsMetadata(LLVMConstInt(i32, facts[i].param, false));
    LLVMValueRef off = LLVMConstInt(i64, (unsigned long long)facts[i].off, true);
    if (facts[i].stride) { /* <off, stride> */
      LLVMValueRef pair[2] = {off, LLVMConstInt(i64, (unsigned long long)facts[i].stride, true)};
      off = LLVMConstVector(pair, 2);
    }
    ops[3 * i + 1] = LLVMValueAsMetadata(off);
    ops[3 * i + 2] = LLVMValueAsMetadata(LLVMConstInt(i32, (unsigned)facts[i].as, false));
  }
  LLVMGlobalSetMetadata(fn, kind_id(ctx, MD_FIELDS), LLVMMDNodeInContext2(ctx, ops, 3 * n));
  free(ops);
}

bool schema_fields_clear(LLVMValueRef fn) {
  ValVec ops = {0};
  bool had = md_operands(fn, MD_FIELDS, &ops) > 0;
  vec_free(&ops);
  LLVMGlobalEraseMetadata(fn, kind_id(LLVMGetTypeContext(LLVMTypeOf(fn)), MD_FIELDS));
  return had;
}

void schema_size_set(LLVMValueRef fn, unsigned size) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
  LLVMMetadataRef n = LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(ctx), size, false));
  LLVMGlobalSetMetadata(fn, kind_id(ctx, MD_SIZE), LLVMMDNodeInContext2(ctx, &n, 1));
}

unsigned schema_size_take(LLVMValueRef fn) {
  ValVec ops = {0};
  unsigned size = 0;
  if (md_operands(fn, MD_SIZE, &ops) == 1 && LLVMIsAConstantInt(ops.v[0]))
    size = (unsigned)LLVMConstIntGetZExtValue(ops.v[0]);
  vec_free(&ops);
  LLVMGlobalEraseMetadata(fn, kind_id(LLVMGetTypeContext(LLVMTypeOf(fn)), MD_SIZE));
  return size;
}

/* The linkages a root of gasp's functions may have in clang's build that
   are not local (what internalize saves, what the early run's linkage.c
   gives). */
static bool non_local(unsigned long long l) {
  return l == LLVMExternalLinkage || l == LLVMLinkOnceAnyLinkage ||
         l == LLVMLinkOnceODRLinkage || l == LLVMWeakAnyLinkage || l == LLVMWeakODRLinkage;
}

void schema_linkage_save(LLVMValueRef fn) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMMetadataRef md[4] = {
      LLVMValueAsMetadata(LLVMConstInt(i32, (unsigned)LLVMGetLinkage(fn), false)),
      LLVMValueAsMetadata(LLVMConstInt(i32, (unsigned)LLVMGetVisibility(fn), false)),
      LLVMValueAsMetadata(LLVMConstInt(i32, (unsigned)LLVMGetDLLStorageClass(fn), false)),
      LLVMValueAsMetadata(LLVMConstInt(LLVMInt1TypeInContext(ctx), ir_dso_local(fn), false))};
  LLVMGlobalSetMetadata(fn, kind_id(ctx, MD_LINKAGE), LLVMMDNodeInContext2(ctx, md, 4));
}

bool schema_linkage_take(LLVMValueRef fn, SavedLinkage *out) {
  bool ok = schema_linkage_peek(fn, out);
  schema_linkage_drop(fn);
  return ok;
}

bool schema_linkage_peek(LLVMValueRef fn, SavedLinkage *out) {
  ValVec ops = {0};
  bool ok = md_operands(fn, MD_LINKAGE, &ops) == 4;
  for (size_t j = 0; j < ops.n && ok; j++)
    ok = ops.v[j] && LLVMIsAConstantInt(ops.v[j]);
  if (ok) { /* only what internalize saves: a definition's non-local linkages */
    unsigned long long l = LLVMConstIntGetZExtValue(ops.v[0]);
    unsigned long long v = LLVMConstIntGetZExtValue(ops.v[1]);
    unsigned long long d = LLVMConstIntGetZExtValue(ops.v[2]);
    ok = non_local(l) && v <= LLVMProtectedVisibility && d <= LLVMDLLExportStorageClass;
    out->linkage = (LLVMLinkage)l;
    out->visibility = (LLVMVisibility)v;
    out->dll = (LLVMDLLStorageClass)d;
    out->dso_local = LLVMConstIntGetZExtValue(ops.v[3]) != 0;
  }
  vec_free(&ops);
  return ok;
}

void schema_linkage_drop(LLVMValueRef fn) {
  LLVMGlobalEraseMetadata(fn, kind_id(LLVMGetTypeContext(LLVMTypeOf(fn)), MD_LINKAGE));
}

void schema_root_linkage_set(LLVMValueRef fn, LLVMLinkage l) {
  if (!non_local(l)) {
    schema_root_linkage_drop(fn);
    return;
  }
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
  LLVMMetadataRef md =
      LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(ctx), (unsigned)l, false));
  LLVMGlobalSetMetadata(fn, kind_id(ctx, MD_ROOTLINK), LLVMMDNodeInContext2(ctx, &md, 1));
}

bool schema_root_linkage_peek(LLVMValueRef fn, LLVMLinkage *out) {
  ValVec ops = {0};
  bool ok = md_operands(fn, MD_ROOTLINK, &ops) == 1 && ops.v[0] && LLVMIsAConstantInt(ops.v[0]) &&
            non_local(LLVMConstIntGetZExtValue(ops.v[0]));
  if (ok)
    *out = (LLVMLinkage)LLVMConstIntGetZExtValue(ops.v[0]);
  vec_free(&ops);
  return ok;
}

void schema_root_linkage_drop(LLVMValueRef fn) {
  LLVMGlobalEraseMetadata(fn, kind_id(LLVMGetTypeContext(LLVMTypeOf(fn)), MD_ROOTLINK));
}

/* The ABI table: an internal array of the functions it keeps, in the
   section LLVM's printers leave out of the output (NVPTX's too), kept from
   GlobalDCE by llvm.compiler.used (whose own uses the back end does not
   count as an address taken). */
static LLVMValueRef abi_table(LLVMModuleRef m) { return LLVMGetNamedGlobal(m, GV_ABI); }

void schema_abi_keep(LLVMModuleRef m, const LLVMValueRef *fns, size_t n) {
  if (!n)
    return;
  LLVMValueRef old = abi_table(m), init = old ? LLVMGetInitializer(old) : NULL;
  ValVec all = {0}; /* the table's functions, then those of fns it lacks */
  for (unsigned k = 0; init && k < (unsigned)LLVMGetNumOperands(init); k++)
    vec_push(&all, LLVMGetOperand(init, k));
  size_t had = all.n;
  for (size_t i = 0; i < n; i++) {
    bool in = false;
    for (size_t k = 0; k < had && !in; k++)
      in = all.v[k] == fns[i];
    if (!in)
      vec_push(&all, fns[i]);
  }
  if (old && all.n == had) {
    vec_free(&all);
    return;
  }
  if (old)
    ir_drop_used(old);
  LLVMValueRef arr = LLVMConstArray2(LLVMTypeOf(all.v[0]), all.v, all.n);
  LLVMValueRef gv = LLVMAddGlobal(m, LLVMTypeOf(arr), GV_ABI);
  LLVMSetInitializer(gv, arr);
  LLVMSetLinkage(gv, LLVMInternalLinkage);
  LLVMSetSection(gv, "llvm.metadata");
  ir_keep_used(m, gv);
  vec_free(&all);
}

bool schema_abi_undo(LLVMModuleRef m) {
  LLVMValueRef gv = abi_table(m);
  if (!gv)
    return false;
  ir_drop_used(gv);
  return true;
}

bool schema_module_lowered(LLVMModuleRef m) {
  return LLVMGetNamedMetadataNumOperands(m, MD_LOWERED) != 0;
}

void schema_mark_lowered(LLVMModuleRef m) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMValueRef md = LLVMMDStringInContext(ctx, "tags", 4);
  LLVMAddNamedMetadataOperand(m, MD_LOWERED, LLVMMDNodeInContext(ctx, &md, 1));
}

const char *schema_alias_domain(void) { return MD_AS; }

static const char *const cast_mark_text[] = {[CAST_USER] = "user", [CAST_GUARDED] = "guarded"};

void schema_mark_cast(LLVMValueRef cast, CastMark mark) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(cast));
  const char *t = cast_mark_text[mark];
  LLVMValueRef md = LLVMMDStringInContext(ctx, t, (unsigned)strlen(t));
  LLVMSetMetadata(cast, kind_id(ctx, MD_CAST), LLVMMDNodeInContext(ctx, &md, 1));
}

CastMark schema_cast_mark(LLVMValueRef cast) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(cast));
  LLVMValueRef n = LLVMGetMetadata(cast, kind_id(ctx, MD_CAST));
  if (!n || LLVMGetMDNodeNumOperands(n) != 1)
    return CAST_NONE;
  LLVMValueRef op;
  LLVMGetMDNodeOperands(n, &op);
  unsigned len = 0;
  const char *t = op ? LLVMGetMDString(op, &len) : NULL;
  for (int k = CAST_USER; t && k <= CAST_GUARDED; k++)
    if (len == strlen(cast_mark_text[k]) && !memcmp(t, cast_mark_text[k], len))
      return (CastMark)k;
  return CAST_NONE;
}

void schema_guard_cast(const GaspCtx *cx, LLVMValueRef v) {
  if (cx->opt.verify_spaces && v && LLVMIsAAddrSpaceCastInst(v))
    schema_mark_cast(v, CAST_GUARDED);
}

void schema_clear_cast_mark(LLVMValueRef cast) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(cast));
  LLVMSetMetadata(cast, kind_id(ctx, MD_CAST), NULL);
}

void schema_mark_launder(LLVMValueRef call) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(call));
  LLVMSetMetadata(call, kind_id(ctx, MD_LAUNDER), LLVMMDNodeInContext(ctx, NULL, 0));
}

bool schema_is_launder(LLVMValueRef call) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(call));
  return LLVMGetMetadata(call, kind_id(ctx, MD_LAUNDER)) != NULL;
}

const char *schema_outcome_text(FactOutcome o) {
  static const char *const text[] = {
      [OUTCOME_NONE] = NULL,
      [OUTCOME_VISIT_CAP] = "recursion or loop too deep: ipmsp visit cap reached",
      [OUTCOME_CLONE_BUDGET] = "clone budget exhausted (--clone-budget)",
      [OUTCOME_CLONE_COST] = "a copy per space costs more than it names (--clone-cost)",
  };
  return (unsigned)o < sizeof text / sizeof *text ? text[o] : NULL;
}
