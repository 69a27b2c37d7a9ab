/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* why.c — why did this access stay generic?
 *
 * After the pipeline, when Missed remarks are collected (or the residue
 * summary is kept: summary.c gets each reason), every memory
 * access still using a generic pointer gets one Missed remark "gasp /
 * GenericAccess" naming the reason.  The reason is not found by a walk of
 * its own: the space analysis (space.c) solves the function, and
 * space_explain says where two spaces meet or which value brought in what
 * gasp cannot see.  This file only words it:
 *
 *   phi / select of different spaces, vector of pointers into different
 *   spaces, loaded from a private slot that holds different spaces
 *                                   the merge, with the spaces (Detail)
 *   a null meets a space whose null is not the generic null
 *                                   (AMDGPU local/private: Detail the space)
 *   pointer loaded from memory      a load gasp's memory model does not follow;
 *                                   with memsum in the pipeline, Detail says
 *                                   which memory may hold what gasp cannot see
 *   loaded from memory that holds different spaces (memsum's summary)
 *   pointer from an opaque call     returned by a declaration (Detail @g)
 *   returned by a function whose return is not one space (Detail @g)
 *   returned by an indirect call / by inline assembly
 *   generic kernel parameter        (spir: the front end says nothing of it)
 *   a kernel's by-value argument whose address is handed on
 *                                   (NVPTX byval: only-read ones are named
 *                                   param space, target.c)
 *   parameter N of @f: ...          callers disagree ("callers pass different
 *                                   spaces"), "clone budget exhausted" or
 *                                   "visit cap" (notes in ipmsp's `!gasp.as`),
 *                                   "address is taken", "externally visible
 *                                   function with no caller left", or
 *                                   "ipmsp did not run" when --passes lacks it
 *                                   and no earlier run left fn its !gasp.as
 *   made from an integer            inttoptr (a no-op ptrtoint/inttoptr pair
 *                                   is a transfer in space.c, not a source;
 *                                   an inline asm's result is a source when
 *                                   casts_asm_made reads it, and said so)
 *   llvm.ptrmask clears bits of the narrower pointer of its space
 *   global variable in the generic space, taken out of an aggregate value,
 *   phi in a catchswitch block, in a block not reachable from the entry,
 *   null or undef pointer, unknown origin
 *   one space, not rewritten        (a volatile access the target keeps
 *                                   generic, or infer did not run)
 *   one space and null, left for the late run   (the plugin's early run:
 *                                   GaspOptions.early_run)
 *   a kernel's pointer parameter, a pointer its by-value parameter holds
 *   or a module variable, left for llc   (the plugin's runs, NVPTX:
 *                                   analysis/backendnamed.c)
 *   one space, its address also read as an integer (an alignment test),
 *                                   left for the late run   (the same)
 *   one space, whose cast would serve this access alone   (tgt_cast_shared:
 *                                   NVPTX global; target.c, "Casts that
 *                                   must be shared")
 *
 * A cause reached through a private slot says so in the Detail ("through a
 * private slot").  Where a slot or memory holds two spaces, the Detail
 * says where each was written: "(global, local; global written by the
 * host; local stored at table.cl:12)" ("in @f" without debug info).
 * Remark:
 *   "gasp: @f: load stays generic: pointer loaded from memory"
 * with Args Access (the opcode), Reason and, where there is one, Detail.
 * An access llc names itself (the "left for llc" reason) is not generic in
 * the final code: it gets an Analysis remark LeftForLlc instead,
 *   "gasp: @f: load named by llc, not gasp: a kernel's pointer parameter, ..."
 * so that the Missed remarks are the final code's generic accesses.
 * Requires: the pipeline has run (gasp_run calls it last).
 * Tests: test/remarks/ (reasons-all.ll, reasons-amdgpu.ll, reasons-real.ll
 * assert the text of every reason).
 */
#include "report/report.h"

#include <string.h>

typedef struct Why {
  GaspCtx *cx;
  WhyRun run;
  const TgtTable *t;
  Space *sp; /* the space analysis of the function being reported */
  PtrMap int_reads; /* the early run: what that function reads as integers */
  unsigned char *backend; /* per candidate: llc names it (space_backend_named) */
  bool backend_on;         /* this run leaves what llc names */
} Why;

typedef struct Reason {
  bool llc; /* llc names it: not generic in the final code (an Analysis remark) */
  const char *what;
  char detail[320];
  char said[160]; /* room for a what put together from parts */
} Reason;

static const char *name_of(LLVMValueRef v) {
  size_t len;
  const char *n = LLVMGetValueName2(v, &len);
  return len ? n : "?";
}

/* What the direct calls of fn pass as parameter k: a pointer whose space
   the call site itself does not show (a parameter, a load, a call's result)
   is of unknown space to ipmsp's vote; otherwise they pass different
   spaces.  The first such caller is named in r->detail. */
static const char *caller_reason(Why *w, LLVMValueRef fn, unsigned k, Reason *r) {
  for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef call = LLVMGetUser(u);
    if (!LLVMIsACallInst(call) || LLVMGetCalledValue(call) != fn ||
        k >= LLVMGetNumArgOperands(call))
      continue;
    LLVMValueRef a = LLVMGetOperand(call, k);
    for (unsigned d = 0; d < 32 && (ir_opcode(a) == LLVMGetElementPtr ||
                                    ir_opcode(a) == LLVMBitCast);
         d++)
      a = LLVMGetOperand(a, 0);
    unsigned bits = 8 * LLVMPointerSizeForAS(LLVMGetModuleDataLayout(LLVMGetGlobalParent(fn)),
                                             (unsigned)w->t->generic);
    if (LLVMIsAConstant(a) || space_made(w->t, bits, a) >= 0)
      continue; /* null, a constant, or a pointer made from a named space */
    LLVMValueRef caller = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
    size_t o = strlen(r->detail);
    snprintf(r->detail + o, sizeof r->detail - o, "; @%s passes one", name_of(caller));
    return "a caller passes a pointer of unknown space";
  }
  return "callers pass different spaces";
}

/* Every direct call of fn passes null or undef as argument k (ipmsp then
   names the parameter global: votes.c, settle_null_only). */
static bool only_null_passed(LLVMValueRef fn, unsigned k) {
  bool any = false;
  for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef call = LLVMGetUser(u);
    if (!LLVMIsACallInst(call) || k >= LLVMGetNumArgOperands(call))
      return false;
    LLVMValueRef a = LLVMGetOperand(call, k);
    if (!LLVMIsAConstantPointerNull(a) && !LLVMIsAUndefValue(a))
      return false;
    any = true;
  }
  return any;
}

/* The space ipmsp published for parameter k of fn (!gasp.as holds one
   entry per pointer parameter), or -1. */
static int published_space(LLVMValueRef fn, unsigned k) {
  int as[64];
  unsigned n = schema_fn_spaces(fn, as, 64), ord = 0;
  for (unsigned i = 0; i < k; i++)
    ord += LLVMGetTypeKind(LLVMTypeOf(LLVMGetParam(fn, i))) == LLVMPointerTypeKind;
  return ord < n ? as[ord] : -1;
}

static void param_reason(Why *w, LLVMValueRef arg, Reason *r) {
  LLVMValueRef fn = LLVMGetParamParent(arg);
  const char *f = name_of(fn);
  unsigned k = (unsigned)ir_param_index(arg);
  snprintf(r->detail, sizeof r->detail, "parameter %u of @%s", k, f);
  if (tgt_is_kernel(w->t, fn)) {
    if (w->t->kernel_byval_space && ir_param_attr(fn, k, "byval"))
      r->what = "a kernel's by-value argument whose address is handed on or that is written "
                "(the back end reads the kernel's own loads in the parameter space and hands "
                "callees its generic address; byvalcopy copies it into private memory only "
                "where it is written or a callee may write it, up to its limit)";
    else
      r->what = "generic kernel parameter (the front end says nothing of its space)";
    return;
  }
  /* ipmsp looked at fn's callers in this run, or in an earlier one whose
     !gasp.as fn carries (the pass plugin's late run: its early run did) */
  int as, voted = published_space(fn, k);
  bool looked = w->run.ipmsp || schema_fn_spaces(fn, &as, 1) > 0;
  /* what ipmsp gave up on, as the fact store reads it back */
  FactOutcome gave_up = looked ? schema_fn_outcome(fn) : OUTCOME_NONE;
  if (!looked)
    r->what = "ipmsp did not run (not in --passes), so no caller was looked at";
  else if (gave_up != OUTCOME_NONE) { /* specialize.c's words */
    snprintf(r->said, sizeof r->said, "%s%s",
             gave_up == OUTCOME_CLONE_COST ? "callers pass different spaces, and " : "",
             schema_outcome_text(gave_up));
    r->what = r->said;
  }
  else if (tgt_space(w->t, voted) &&
           tgt_cast_shared(w->t, voted, w->cx->opt.lower_generic == GASP_LOWER_TAGS))
#define CAST_BACK ", but the parameter's value also leaves the function as a generic pointer " \
                  "(returned, stored, handed on): named, it would be cast back, for accesses a " \
                  "generic pointer makes as fast (ipmsp's cast-back rule)"
    r->what = only_null_passed(fn, k) ? "callers pass only null" CAST_BACK
                                      : "callers pass one space" CAST_BACK;
#undef CAST_BACK
  else if (ir_address_taken(fn))
    r->what = w->cx->opt.whole_program
                  ? "indirect call: the function's address is taken; the calls that may reach "
                    "it give no one space that pays (indirect.c)"
                  : "indirect call: the function's address is taken";
  else if (LLVMGetLinkage(fn) != LLVMInternalLinkage &&
           LLVMGetLinkage(fn) != LLVMPrivateLinkage && !LLVMGetFirstUse(fn))
    r->what = "externally visible function with no caller left in the module";
  else
    r->what = caller_reason(w, fn, k, r);
}

/* "at file:line" of instruction i, or "in @f" without debug info. */
static void where_text(LLVMValueRef i, char *buf, size_t cap) {
  unsigned len = 0;
  const char *file = LLVMGetDebugLocFilename(i, &len);
  if (file && len) {
    const char *base = file + len;
    while (base > file && base[-1] != '/')
      base--;
    snprintf(buf, cap, "at %.*s:%u", (int)(file + len - base), base, LLVMGetDebugLocLine(i));
  } else {
    snprintf(buf, cap, "in @%s", name_of(LLVMGetBasicBlockParent(LLVMGetInstructionParent(i))));
  }
}

/* Appends, per space of mask, where a pointer of it was written where load
   reads: "; local stored at job.cl:7", "; global written by the host". */
static void add_writers(const Why *w, LLVMValueRef load, uint32_t mask, Reason *r) {
  for (unsigned b = 0; b < SP_NBITS; b++) {
    if (!(mask & (1u << b)))
      continue;
    bool host;
    LLVMValueRef at = space_writer(w->sp, load, b, &host);
    size_t o = strlen(r->detail);
    const char *sp = tgt_space_name(w->t, space_bit_as(w->sp, b));
    if (host) {
      snprintf(r->detail + o, sizeof r->detail - o, "; %s written by the host", sp);
    } else if (at) {
      char where[96];
      where_text(at, where, sizeof where);
      snprintf(r->detail + o, sizeof r->detail - o, "; %s stored %s", sp, where);
    }
  }
}

/* Where two spaces or more first meet (space.c found it). */
static bool is_memload(const Why *w, LLVMValueRef v) {
  uint32_t k = space_id(w->sp, v);
  return k != MAP_NONE && space_val(w->sp, k)->kind == SP_MEMLOAD;
}

static void merge_reason(const Why *w, const SpaceWhy *sw, Reason *r) {
  LLVMValueRef v = sw->at;
  r->what = LLVMIsAPHINode(v)              ? "phi of different spaces"
            : LLVMIsASelectInst(v)         ? "select of different spaces"
            : LLVMIsAInsertElementInst(v)  ? "vector of pointers into different spaces"
            : is_memload(w, v)             ? "loaded from memory that holds different spaces"
                                           : "loaded from a private slot that holds different spaces";
  space_mask_names(w->sp, sw->mask, r->detail, sizeof r->detail);
  if (LLVMIsALoadInst(v))
    add_writers(w, v, sw->mask, r);
}

/* The value that brought in what gasp cannot see (space.c found it). */
static void source_reason(Why *w, const SpaceWhy *sw, Reason *r) {
  LLVMValueRef v = sw->at;
  if (LLVMIsAArgument(v)) {
    param_reason(w, v, r);
  } else if (LLVMIsALoadInst(v)) {
    r->what = "pointer loaded from memory";
    if (is_memload(w, v)) { /* the summary says what may be there */
      uint32_t a = space_mask(w->sp, LLVMGetOperand(v, 0), NULL);
      char names[96];
      space_mask_names(w->sp, a, names, sizeof names);
      if (a & SP_UNKNOWN)
        snprintf(r->detail, sizeof r->detail, "from an address of unknown space");
      else
        snprintf(r->detail, sizeof r->detail, "%s memory may hold a pointer gasp cannot see",
                 names);
    }
  } else if (LLVMIsACallInst(v) || LLVMIsAInvokeInst(v) || LLVMIsACallBrInst(v)) {
    LLVMValueRef callee = LLVMGetCalledValue(v);
    if (callee && LLVMIsAInlineAsm(callee)) {
      r->what = "returned by inline assembly";
    } else if (!callee || !LLVMIsAFunction(callee)) {
      r->what = "returned by an indirect call";
    } else if (LLVMGetIntrinsicID(callee) == LLVMLookupIntrinsicID("llvm.ptrmask", 12)) {
      r->what = "llvm.ptrmask clears bits of the narrower pointer of its space";
    } else if (LLVMIsDeclaration(callee)) {
      r->what = "pointer from an opaque call";
      snprintf(r->detail, sizeof r->detail, "@%s", name_of(callee));
    } else {
      r->what = "returned by a function whose return is not one space";
      snprintf(r->detail, sizeof r->detail, "@%s", name_of(callee));
    }
  } else if (ir_opcode(v) == LLVMIntToPtr) {
    LLVMValueRef c = LLVMGetOperand(v, 0);
    bool by_asm = LLVMIsACallInst(c) && LLVMIsAInlineAsm(LLVMGetCalledValue(c));
    r->what = by_asm ? "made from an integer inline assembly returns (inttoptr; only a "
                       "result whose one write is a conversion to generic, PTX "
                       "cvta.<space>, is read)"
                     : "made from an integer (inttoptr)";
  } else if (LLVMIsAGlobalVariable(v)) {
    r->what = "global variable in the generic space";
    snprintf(r->detail, sizeof r->detail, "@%s", name_of(v));
  } else if (LLVMIsAPHINode(v)) {
    r->what = "phi in a catchswitch block (no room there for a cast)";
  } else if (LLVMIsAExtractValueInst(v)) {
    r->what = LLVMIsAAtomicCmpXchgInst(LLVMGetOperand(v, 0))
                  ? "the old value a cmpxchg read from memory"
                  : "taken out of an aggregate value (extractvalue)";
  } else if (LLVMIsAAtomicRMWInst(v)) {
    r->what = "the old value an atomic exchange read from memory";
  } else if (LLVMIsAVAArgInst(v)) {
    r->what = "a variadic argument (va_arg)";
  } else if (LLVMIsAExtractElementInst(v) || LLVMIsAShuffleVectorInst(v)) {
    r->what = "taken out of a vector of pointers gasp cannot see";
  } else {
    r->what = "unknown origin";
  }
  if (sw->via_slot) {
    size_t o = strlen(r->detail);
    snprintf(r->detail + o, sizeof r->detail - o, "%sthrough a private slot", o ? "; " : "");
  }
}

static bool backend_names(const Why *w, LLVMValueRef p) { /* rewrite.c's */
  return space_backend_names(w->sp, w->backend_on ? w->backend : NULL, p);
}

static void reason_of(Why *w, LLVMValueRef p, Reason *r) {
  SpaceWhy sw = space_explain(w->sp, p);
  r->detail[0] = 0;
  int as = space_mask_lat(w->sp, sw.mask & SP_NAMED);
  switch (sw.cause) {
  case SPW_MERGE:
    merge_reason(w, &sw, r);
    break;
  case SPW_SOURCE:
    source_reason(w, &sw, r);
    break;
  case SPW_ONE:
    if (!tgt_space(w->t, as)) {
      r->what = "cast from an address space the target table does not name";
      snprintf(r->detail, sizeof r->detail, "addrspace(%d) on '%s'", as, w->t->name);
    } else if (w->cx->opt.early_run && (sw.mask & SP_NULL)) { /* rewrite.c's lat_in */
      r->what = "one space and null, left for the late run (named now, LLVM's alias "
                "analysis would take the null for an address)";
      snprintf(r->detail, sizeof r->detail, "comes from %s", tgt_space_name(w->t, as));
    } else if (backend_names(w, p)) { /* rewrite.c's find_backend_named */
      r->llc = true;
      r->what = "a kernel's pointer parameter, a pointer its by-value parameter holds or a "
                "module variable, left for llc (as in clang's build, where llc names it: "
                "named by gasp, LLVM's optimizer and llc would write the code around it "
                "otherwise)";
      snprintf(r->detail, sizeof r->detail, "comes from %s", tgt_space_name(w->t, as));
    } else if (w->cx->opt.early_run && tgt_backend_names(w->t, as)) {
      /* rewrite.c's backend_waits */
      r->what = as == w->t->priv
                    ? "a stack slot, left for the late run (as in clang's build, where llc "
                      "names it: named now, LLVM's optimizer would see a cast of every slot)"
                    : "a kernel's by-value parameter, left for the late run (as in clang's "
                      "build, where llc reads it with ld.param: named now, LLVM's optimizer "
                      "would take it for constant memory and move its loads)";
      snprintf(r->detail, sizeof r->detail, "comes from %s", tgt_space_name(w->t, as));
    } else if (w->cx->opt.early_run && ir_address_read_as_int(&w->int_reads, p)) {
      /* rewrite.c's address_test_waits */
      r->what = "one space, its address also read as an integer (an alignment test), left "
                "for the late run (named now, the test would read a cast back)";
      snprintf(r->detail, sizeof r->detail, "comes from %s", tgt_space_name(w->t, as));
    } else if (tgt_cast_shared(w->t, as, w->cx->opt.lower_generic == GASP_LOWER_TAGS)) {
      /* rewrite.c's phase 2a, resolve.c */
      r->what = "one space, whose cast would serve this access alone (a cvta each, "
                "which a generic access does not need: left as clang leaves it)";
      snprintf(r->detail, sizeof r->detail, "comes from %s", tgt_space_name(w->t, as));
    } else { /* one space, yet still generic (e.g. volatile) */
      r->what = "one space, not rewritten (a volatile access the target keeps "
                "generic, or infer did not run)";
      snprintf(r->detail, sizeof r->detail, "comes from %s", tgt_space_name(w->t, as));
    }
    break;
  case SPW_NONE:
    r->what = "null or undef pointer";
    break;
  }
}

static const char *access_name(LLVMValueRef i) {
  switch (LLVMGetInstructionOpcode(i)) {
  case LLVMLoad:
    return "load";
  case LLVMStore:
    return "store";
  case LLVMAtomicRMW:
    return "atomicrmw";
  case LLVMAtomicCmpXchg:
    return "cmpxchg";
  default: {
    const IrMemIntrin *mi = ir_mem_intrin(i);
    return mi ? mi->name : "call";
  }
  }
}

/* The generic pointer operand of memory op i (the first one). */
static LLVMValueRef generic_ptr(const Why *w, LLVMValueRef i) {
  LLVMValueRef ptrs[2];
  unsigned n = ir_mem_ptrs(i, ptrs);
  for (unsigned k = 0; k < n; k++)
    if (ir_ptr_as(LLVMTypeOf(ptrs[k])) == w->t->generic)
      return ptrs[k];
  return NULL;
}

void why_begin(GaspCtx *cx, LLVMModuleRef m) {
  if (!cx_wants(cx, GASP_REMARK_PASSED) || !cx->tgt)
    return;
  StrMap *was = xcalloc(1, sizeof *was);
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        if (!ir_is_mem_op_in(i, cx->tgt->generic))
          continue;
        char *k = ir_loc_text(i);
        if (k)
          smap_put(was, k, 1);
        free(k);
      }
  cx->was_generic = was;
}

void why_discard(GaspCtx *cx) {
  if (!cx->was_generic)
    return;
  smap_free(cx->was_generic);
  free(cx->was_generic);
  cx->was_generic = NULL;
}

/* A Passed remark at each access that was generic in the input (by its
   source location: clones share their original's) and uses a named space
   now, so opt-viewer shows resolved accesses beside the ones left. */
static void report_resolved(GaspCtx *cx, LLVMModuleRef m) {
  StrMap *was = cx->was_generic;
  if (!was)
    return;
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        LLVMValueRef ptrs[2];
        unsigned n = ir_mem_ptrs(i, ptrs);
        if (!n || ir_is_mem_op_in(i, cx->tgt->generic))
          continue;
        char *k = ir_loc_text(i);
        if (k && smap_find(was, k) != MAP_NONE) {
          GaspRemark *rm = cx_remark(cx, GASP_REMARK_PASSED, "ResolvedAccess", fn, i);
          rm_arg(rm, "Access", "%s", access_name(i));
          rm_arg(rm, "String", " uses ");
          rm_arg(rm, "Space", "%s", tgt_space_name(cx->tgt, ir_ptr_as(LLVMTypeOf(ptrs[0]))));
          rm_arg(rm, "String", " memory (generic in the input)");
          rm_done(rm);
        }
        free(k);
      }
  why_discard(cx);
}

void why_report(GaspCtx *cx, LLVMModuleRef m, WhyRun run) {
  report_resolved(cx, m);
  /* Analysis remarks here are LeftForLlc only: wanted alone, they need the
     walk only where this run leaves anything to llc */
  bool llc_said = cx_wants(cx, GASP_REMARK_ANALYSIS) && space_backend_named(NULL, cx, NULL, NULL);
  if (!cx_wants(cx, GASP_REMARK_MISSED) && !llc_said && !cx->summary)
    return;
  Facts *facts = cx->facts; /* the run's: the report runs inside pipeline_run */
  Why w = {cx, run, cx->tgt, facts_space(facts), {0}, NULL, false};
  map_init(&w.int_reads);
  /* what memory holds, as memsum saw it: the store's summary, kept when no
     pass changed code since memsum asked for it */
  space_use_summary(w.sp, run.memsum ? facts_summary(facts, NULL) : NULL);
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
    bool analysed = false; /* at fn's first generic access */
    Loops *loops = NULL; /* the summary's: which loops could be versioned */
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        if (!ir_is_mem_op_in(i, w.t->generic))
          continue;
        if (!analysed) {
          space_analyse(w.sp, fn, NULL);
          analysed = true;
          loops = cx->summary ? loops_new(cx->tgt, w.sp, fn) : NULL;
          if (cx->opt.early_run)
            ir_int_read_ptrs(fn, &w.int_reads);
          w.backend = xrealloc(w.backend, space_count(w.sp) + 1);
          w.backend_on = space_backend_named(w.sp, cx, fn, w.backend);
        }
        LLVMValueRef p = generic_ptr(&w, i);
        Reason r = {.what = "unknown origin"};
        if (!space_reachable(w.sp, bb))
          r.what = "in a block not reachable from the entry";
        else if (p)
          reason_of(&w, p, &r);
        summary_note(cx, fn, r.what, loops ? loops_class(loops, i) : -1);
        GaspRemark *rm = r.llc ? cx_remark(cx, GASP_REMARK_ANALYSIS, "LeftForLlc", fn, i)
                               : cx_remark(cx, GASP_REMARK_MISSED, "GenericAccess", fn, i);
        rm_arg(rm, "Access", "%s", access_name(i));
        rm_arg(rm, "String", r.llc ? " named by llc, not gasp: " : " stays generic: ");
        rm_arg(rm, "Reason", "%s", r.what);
        if (r.detail[0]) {
          rm_arg(rm, "String", " (");
          rm_arg(rm, "Detail", "%s", r.detail);
          rm_arg(rm, "String", ")");
        }
        rm_done(rm);
      }
    loops_free(loops);
  }
  map_free(&w.int_reads);
  free(w.backend);
  space_free(w.sp);
}
