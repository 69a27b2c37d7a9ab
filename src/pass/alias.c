/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* alias.c — what gasp knows about spaces, published as scoped no-alias
 * metadata.
 *
 * Problem: a load from global memory and a store to local memory never
 * touch the same byte, yet LLVM's target-independent alias analysis says
 * "may alias" on every target without an address-space alias analysis of
 * its own (spir64, spirv64, hosts): disjointness is not a property of LLVM
 * address spaces.  Every LLVM pipeline already reads scoped
 * no-alias metadata (ScopedNoAliasAA is in the default AA stack), so gasp
 * states it there.  Triples whose back end has such an analysis (nvptx,
 * amdgcn: NVPTXAA and AMDGPUAA, tgt_backend_aa) get nothing: the metadata
 * would repeat what their pipelines already answer, and every later pass
 * would read, verify and write it (remark "TargetAA").
 *
 * The rule (NVVM's alias rule, the table deciding disjointness;
 * gasp_alias_as in api.c answers it for two spaces): generic on either
 * side -> may alias; two spaces of different alias classes -> no alias;
 * same class -> may alias.  AMDGPU constant memory is part of global memory
 * (same class); NVPTX distributed shared contains shared.  Under
 * --private-in-global private memory lives in the global buffer and a
 * global access may land in it (static resolution, the lower pass's
 * global arm): private joins global's class.
 *
 * Encoding: one scope domain !{!"gasp.as"}, one scope per alias class of
 * the target table, !{!"gasp.as.<space>", !domain}, named by the class's
 * space.  Every load, store, atomicrmw, cmpxchg and memory intrinsic whose
 * pointer operands are all in named spaces gets
 *   !alias.scope = the classes it touches (two for a memcpy between spaces)
 *   !noalias     = every other class of the table
 * so that for two such accesses of different classes, each one's scopes
 * are in the other's no-alias list: ScopedNoAliasAA answers NoAlias.  An
 * access with a generic (or unknown-space) pointer gets none: it may touch
 * anything.  The nodes are uniqued by their strings, so two modules
 * annotated for the same target link into one domain with one meaning.
 *
 * Existing scoped metadata (from inlining noalias arguments, a front end)
 * is merged, not replaced: gasp's scopes are appended to both lists.  The
 * per-domain semantics keep that sound — the other domains' checks see the
 * same scopes as before — and a second run adds nothing (the nodes are
 * uniqued and already listed).
 *
 * Example (spir64):
 *   %v = load float, ptr addrspace(1) %a, !alias.scope !2, !noalias !4
 *   store float %v, ptr addrspace(3) %b, !alias.scope !7, !noalias !8
 *   !0 = !{!"gasp.as"}              !1 = !{!"gasp.as.global", !0}
 *   !2 = !{!1}  !4 = !{!5, !6, !3}  (local, private, constant) ...
 *
 * SPIR-V triples (spirv32/64, any vendor) get no scopes either (a Missed
 * remark says why): LLVM 22's SPIR-V back end lowers them into
 * SPV_INTEL_memory_access_aliasing declarations that reference ids it
 * never defines (docs/design.md, "Back-end hazards").  spir64 keeps them.
 * NVPTXAA and AMDGPUAA answer exactly the table's classes (test/alias/
 * targets.test checks it pair by pair with opt-22 -passes=aa-eval); on the
 * 2,000-helper chain the metadata was 14% of gasp-opt's instructions.
 *
 * Constant memory reached through a global pointer (spir's tag-0
 * constant, resolve's static resolution) is only ever read, and two reads
 * never conflict, so keeping constant's class apart stays sound.
 *
 * Remark (one per module):
 *   "alias: N of M memory accesses carry address-space scopes (K generic)"
 * Requires: a module that verifies.  Debug name: alias.
 * Statistics: alias.* (below).  Tests: test/alias/.
 */
#include "pass/pass.h"

#include <string.h>

static const GaspStatDesc st_scoped = {"alias.accesses-scoped",
                                       "memory accesses given address-space scopes"};
static const GaspStatDesc st_generic = {
    "alias.accesses-generic", "memory accesses left without scopes (generic pointer)"};
static const GaspStatDesc st_merged = {
    "alias.accesses-merged", "accesses whose existing scoped metadata was merged"};

#define MAX_CLASSES 16

typedef struct Alias {
  GaspCtx *cx;
  LLVMContextRef ctx;
  bool pig;
  unsigned kscope, knoalias; /* metadata kinds */
  int cls[MAX_CLASSES];      /* the table's classes, table order */
  LLVMMetadataRef scope[MAX_CLASSES];
  unsigned ncls;
  PtrMap fresh[2]; /* per kind (scope, noalias): mask + 1 -> index in made
                      of the list an access that had none gets (most) */
  ValVec made;
} Alias;

static int class_index(const Alias *a, int cls) {
  for (unsigned i = 0; i < a->ncls; i++)
    if (a->cls[i] == cls)
      return (int)i;
  return -1;
}

static LLVMMetadataRef md_str(LLVMContextRef ctx, const char *s) {
  return LLVMMDStringInContext2(ctx, s, strlen(s));
}

/* One scope per alias class, in table order, under one domain. */
static void make_scopes(Alias *a, const TgtTable *t) {
  LLVMMetadataRef dom_ops[] = {md_str(a->ctx, schema_alias_domain())};
  LLVMMetadataRef dom = LLVMMDNodeInContext2(a->ctx, dom_ops, 1);
  for (unsigned i = 0; i < t->nspaces && a->ncls < MAX_CLASSES; i++) {
    int c = tgt_alias_class(t, t->spaces[i].as, a->pig);
    if (c < 0 || class_index(a, c) >= 0)
      continue;
    /* named after the class's own space (class numbers are space numbers) */
    const TgtSpace *named = tgt_space(t, c);
    char name[64];
    snprintf(name, sizeof name, "%s.%s", schema_alias_domain(),
             named ? named->name : t->spaces[i].name);
    LLVMMetadataRef ops[] = {md_str(a->ctx, name), dom};
    a->cls[a->ncls] = c;
    a->scope[a->ncls++] = LLVMMDNodeInContext2(a->ctx, ops, 2);
  }
}

/* Bit mask of the class indices memory access i touches; 0 when a
   pointer operand is generic or in an unknown space; -1 when i is not a
   memory access. */
static long access_classes(const Alias *a, const TgtTable *t, LLVMValueRef i) {
  LLVMValueRef ptrs[2];
  unsigned n = ir_mem_ptrs(i, ptrs);
  if (!n)
    return -1;
  long mask = 0;
  for (unsigned k = 0; k < n; k++) {
    int ci = class_index(a, tgt_alias_class(t, ir_ptr_as(LLVMTypeOf(ptrs[k])), a->pig));
    if (ci < 0)
      return 0;
    mask |= 1l << ci;
  }
  return mask;
}

/* Sets kind on i to the existing list (if any) followed by the scopes of
   mask not already in it.  True when there was an existing list.  Nothing
   of the existing list is dropped: a scope missing from an !alias.scope
   list would make no-alias answers wrong. */
static bool merge_list(Alias *a, LLVMValueRef i, unsigned kind, long mask) {
  VEC(LLVMMetadataRef) ops = {0};
  LLVMValueRef old = LLVMGetMetadata(i, kind);
  PtrMap *fresh = &a->fresh[kind == a->knoalias];
  const void *key = (const void *)(uintptr_t)(mask + 1);
  uint32_t made = old ? MAP_NONE : map_find(fresh, key);
  if (made != MAP_NONE) { /* the same list as the last access with none */
    LLVMSetMetadata(i, kind, (LLVMValueRef)a->made.v[made]);
    return false;
  }
  if (old) {
    unsigned k = LLVMGetMDNodeNumOperands(old);
    LLVMValueRef *vals = xmalloc((k ? k : 1) * sizeof *vals);
    LLVMGetMDNodeOperands(old, vals);
    for (unsigned j = 0; j < k; j++)
      if (vals[j])
        vec_push(&ops, LLVMValueAsMetadata(vals[j]));
    free(vals);
  }
  bool added = false;
  for (unsigned c = 0; c < a->ncls; c++) {
    if (!(mask & (1l << c)))
      continue;
    bool present = false;
    for (size_t j = 0; j < ops.n && !present; j++)
      present = ops.v[j] == a->scope[c];
    if (!present) {
      vec_push(&ops, a->scope[c]);
      added = true;
    }
  }
  if (added) {
    LLVMValueRef list = LLVMMetadataAsValue(a->ctx, LLVMMDNodeInContext2(a->ctx, ops.v, ops.n));
    LLVMSetMetadata(i, kind, list);
    if (!old) {
      map_put(fresh, key, (uint32_t)a->made.n);
      vec_push(&a->made, list);
    }
  }
  vec_free(&ops);
  return old != NULL;
}

bool alias_run(PassRun *run) {
  GaspCtx *cx = run->cx;
  LLVMModuleRef m = run->m;
  facts_pass_entry(cx, m);
  if (tgt_hazards(LLVMGetTarget(m)) & TGT_HAZARD_SCOPES) {
    /* LLVM 22's SPIR-V back end turns scope lists into
       SPV_INTEL_memory_access_aliasing declarations that reference ids it
       never defines (spirv-val fails; spirv64-amd-amdhsa turns the
       extension on by default, --spirv-ext=all too): write none there */
    GaspRemark *r = cx_remark(cx, GASP_REMARK_MISSED, "NoScopes", NULL, NULL);
    rm_arg(r, "String", "no address-space scopes on triple '");
    rm_arg(r, "Triple", "%s", LLVMGetTarget(m));
    rm_arg(r, "String", "': LLVM 22's SPIR-V back end declares them invalidly "
           "(SPV_INTEL_memory_access_aliasing)");
    rm_done(r);
    return false;
  }
  if (tgt_backend_aa(LLVMGetTarget(m))) {
    /* NVPTXAA / AMDGPUAA already answer from the pointers' spaces (through
       casts to the underlying object): scopes on every access would repeat
       it, and cost every later pass that reads, verifies or writes them */
    GaspRemark *r = cx_remark(cx, GASP_REMARK_ANALYSIS, "TargetAA", NULL, NULL);
    rm_arg(r, "String", "no address-space scopes on triple '");
    rm_arg(r, "Triple", "%s", LLVMGetTarget(m));
    rm_arg(r, "String", "': its back end's alias analysis tells the spaces apart");
    rm_done(r);
    return false;
  }
  Alias a = {.cx = cx, .ctx = LLVMGetModuleContext(m), .pig = cx->opt.private_in_global != 0};
  a.kscope = LLVMGetMDKindIDInContext(a.ctx, "alias.scope", 11);
  a.knoalias = LLVMGetMDKindIDInContext(a.ctx, "noalias", 7);
  map_init(&a.fresh[0]);
  map_init(&a.fresh[1]);
  make_scopes(&a, cx->tgt);
  long all = (1l << a.ncls) - 1;
  uint64_t scoped = 0, generic = 0, merged = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        long mask = access_classes(&a, cx->tgt, i);
        if (mask < 0)
          continue;
        if (mask == 0) {
          generic++;
          continue;
        }
        bool had = merge_list(&a, i, a.kscope, mask);
        had |= merge_list(&a, i, a.knoalias, all & ~mask);
        scoped++;
        merged += had;
      }
  map_free(&a.fresh[0]);
  map_free(&a.fresh[1]);
  vec_free(&a.made);
  cx_stat(cx, &st_scoped, scoped);
  cx_stat(cx, &st_generic, generic);
  cx_stat(cx, &st_merged, merged);
  if (scoped || generic) {
    GaspRemark *r = cx_remark(cx, GASP_REMARK_PASSED, "Scopes", NULL, NULL);
    rm_arg(r, "Scoped", "%llu", (unsigned long long)scoped);
    rm_arg(r, "String", " of ");
    rm_arg(r, "Accesses", "%llu", (unsigned long long)(scoped + generic));
    rm_arg(r, "String", " memory accesses carry address-space scopes (");
    rm_arg(r, "Generic", "%llu", (unsigned long long)generic);
    rm_arg(r, "String", " generic)");
    rm_done(r);
  }
  return scoped != 0;
}
