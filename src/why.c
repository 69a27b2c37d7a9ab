/* why.c — why did this access stay generic?  (issue 7)
 *
 * After the pipeline, when Missed remarks are collected, every memory
 * access still using a generic pointer gets one Missed remark "gasp /
 * GenericAccess" naming the reason, found by walking the pointer back to
 * where it came from (through GEPs, bitcasts, generic-to-generic casts and
 * freeze):
 *
 *   select/phi of different spaces  operands come from two named spaces
 *                                   (the spaces are listed)
 *   pointer loaded from memory      a load: the pointer was stored in memory
 *                                   gasp does not follow
 *   loaded from a private slot that holds different spaces
 *                                   a load from an alloca whose stores
 *                                   write pointers of two spaces (listed)
 *   pointer from an opaque call     returned by a declaration (external)
 *   returned by @g                  a defined function whose return is not
 *                                   one space
 *   indirect call                   returned by an indirect call
 *   parameter of a kernel           generic kernel argument (spir: the front
 *                                   end says nothing about it)
 *   parameter N of @f: ...          callers disagree or are unknown; more
 *                                   precisely "clone budget exhausted" when
 *                                   ipmsp refused a clone of @f for its
 *                                   budget, "externally visible" /
 *                                   "address taken" when not every caller is
 *                                   known, "visit cap" when ipmsp gave up
 *                                   on the function (a note in ipmsp's `!gasp.as`)
 *   made from an integer            inttoptr (llvm.ptrmask and a ptrtoint/
 *                                   inttoptr pair of one generic pointer are
 *                                   walked through, as infer does)
 *   ipmsp did not run               a parameter, when --passes lacks ipmsp
 *   global variable in the generic space, null or undef, unknown origin
 *
 * A phi or select whose operands have no two spaces reports the first
 * non-space reason among them.  Remark:
 *   "gasp: @f: load stays generic: pointer loaded from memory"
 * with Args Access (the opcode), Reason and, where there is one, Detail.
 * Requires: the pipeline has run (gasp_run calls it last).
 * Tests: test/remarks/.
 */
#include "gasp_int.h"

#include <string.h>

typedef struct Why {
  GaspCtx *cx;
  const TgtTable *t;
  unsigned ptrmask_id;
  PtrMap seen; /* phis/selects being walked (cycles) */
  MemModel *mem; /* the private slots of the function being reported */
} Why;

typedef struct Reason {
  int space;        /* >= 0: the pointer comes from this named space */
  const char *what; /* else the reason */
  char detail[160];
} Reason;

static const char *name_of(LLVMValueRef v) {
  size_t len;
  const char *n = LLVMGetValueName2(v, &len);
  return len ? n : "?";
}

static unsigned param_index(LLVMValueRef arg) {
  LLVMValueRef fn = LLVMGetParamParent(arg);
  unsigned n = LLVMCountParams(fn);
  for (unsigned k = 0; k < n; k++)
    if (LLVMGetParam(fn, k) == arg)
      return k;
  return 0;
}

static void param_reason(Why *w, LLVMValueRef arg, Reason *r) {
  LLVMValueRef fn = LLVMGetParamParent(arg);
  const char *f = name_of(fn);
  unsigned k = param_index(arg);
  char tag[16] = "";
  snprintf(r->detail, sizeof r->detail, "parameter %u of @%s", k, f);
  if (tgt_is_kernel(w->t, fn)) {
    r->what = "generic kernel parameter (the front end says nothing of its space)";
    return;
  }
  if (!pipeline_has(w->cx, "ipmsp"))
    r->what = "ipmsp did not run (not in --passes), so no caller was looked at";
  else if (ir_fn_note(fn, "gasp.as", "ipmsp:", tag, sizeof tag) && !strcmp(tag, "clone-budget"))
    r->what = "clone budget exhausted";
  else if (!strcmp(tag, "visit-cap"))
    r->what = "recursion or loop too deep: ipmsp visit cap reached";
  else if (ir_address_taken(fn))
    r->what = "indirect call: the function's address is taken";
  else if (LLVMGetLinkage(fn) != LLVMInternalLinkage &&
           LLVMGetLinkage(fn) != LLVMPrivateLinkage && !LLVMGetFirstUse(fn))
    r->what = "externally visible function with no caller left in the module";
  else
    r->what = "callers pass different spaces";
}

static void reason_of(Why *w, LLVMValueRef v, Reason *r, unsigned depth);

/* The values v merges (phi incomings, select arms, the pointers stored into
   the private slot a load reads — memory.c's model, as infer's) into ops;
   returns how many. */
static unsigned merged_values(const Why *w, LLVMValueRef v, ValVec *ops) {
  ops->n = 0;
  if (LLVMIsAPHINode(v)) {
    unsigned n = LLVMCountIncoming(v);
    for (unsigned i = 0; i < n; i++)
      vec_push(ops, LLVMGetIncomingValue(v, i));
  } else if (LLVMIsASelectInst(v)) {
    vec_push(ops, LLVMGetOperand(v, 1));
    vec_push(ops, LLVMGetOperand(v, 2));
  } else {
    size_t n = 0;
    const LLVMValueRef *stored = mem_slot_stored(w->mem, mem_load_slot(w->mem, v), &n);
    for (size_t i = 0; i < n; i++)
      vec_push(ops, stored[i]);
  }
  return (unsigned)ops->n;
}

/* phi / select / private slot: the spaces of the values it merges, or
   their first other reason. */
static void merge_reason(Why *w, LLVMValueRef v, Reason *r, unsigned depth) {
  if (map_find(&w->seen, v) != MAP_NONE) {
    r->space = -2; /* a cycle: says nothing */
    return;
  }
  map_put(&w->seen, v, 1);
  ValVec ops = {0};
  unsigned n = merged_values(w, v, &ops);
  unsigned spaces = 0; /* bit per table index */
  Reason other = {.space = -2};
  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef op = ops.v[i];
    if (LLVMIsAConstantPointerNull(op) || LLVMIsAUndefValue(op))
      continue; /* neutral: null and undef fit any space */
    Reason o = {.space = -2};
    reason_of(w, op, &o, depth + 1);
    if (o.space >= 0) {
      for (unsigned s = 0; s < w->t->nspaces; s++)
        if (w->t->spaces[s].as == o.space)
          spaces |= 1u << s;
    } else if (o.space == -1 && other.space == -2) {
      other = o;
    }
  }
  vec_free(&ops);
  if (__builtin_popcount(spaces) >= 2) {
    r->space = -1;
    r->what = LLVMIsAPHINode(v)     ? "phi of different spaces"
              : LLVMIsASelectInst(v) ? "select of different spaces"
                                     : "loaded from a private slot that holds different spaces";
    size_t o = 0;
    for (unsigned s = 0; s < w->t->nspaces; s++)
      if (spaces & (1u << s))
        o += (size_t)snprintf(r->detail + o, sizeof r->detail - o, "%s%s", o ? ", " : "",
                              w->t->spaces[s].name);
    return;
  }
  if (other.space == -1) {
    *r = other;
    return;
  }
  r->space = -2; /* nothing known (only cycles and nulls) */
  for (unsigned s = 0; s < w->t->nspaces; s++)
    if (spaces & (1u << s))
      r->space = w->t->spaces[s].as;
}

static void reason_of(Why *w, LLVMValueRef v, Reason *r, unsigned depth) {
  r->space = -1;
  r->what = "unknown origin";
  r->detail[0] = 0;
  while (depth < 256) {
    LLVMOpcode op = LLVMIsAInstruction(v)    ? LLVMGetInstructionOpcode(v)
                    : LLVMIsAConstantExpr(v) ? LLVMGetConstOpcode(v)
                                             : (LLVMOpcode)0;
    if (op == LLVMGetElementPtr || op == LLVMBitCast || op == LLVMFreeze) {
      v = LLVMGetOperand(v, 0);
      depth++;
      continue;
    }
    /* llvm.ptrmask keeps its operand's space; so does inttoptr(ptrtoint p) */
    LLVMValueRef f = op == LLVMCall ? ir_callee(v) : NULL;
    if (f && LLVMGetIntrinsicID(f) == w->ptrmask_id) {
      v = LLVMGetOperand(v, 0);
      depth++;
      continue;
    }
    if (op == LLVMIntToPtr) {
      LLVMValueRef x = LLVMGetOperand(v, 0);
      bool p2i = (LLVMIsAInstruction(x) && LLVMGetInstructionOpcode(x) == LLVMPtrToInt) ||
                 (LLVMIsAConstantExpr(x) && LLVMGetConstOpcode(x) == LLVMPtrToInt);
      /* the same generic pointer back (a pointer from another space through
         an integer is what infer could not see: "made from an integer") */
      if (p2i && LLVMTypeOf(LLVMGetOperand(x, 0)) == LLVMTypeOf(v)) {
        v = LLVMGetOperand(x, 0);
        depth++;
        continue;
      }
    }
    if (op == LLVMAddrSpaceCast) {
      int from = ir_ptr_as(LLVMTypeOf(LLVMGetOperand(v, 0)));
      if (from == w->t->generic) {
        v = LLVMGetOperand(v, 0);
        depth++;
        continue;
      }
      r->space = from;
      return;
    }
    break;
  }
  if (depth >= 256) {
    r->what = "unknown origin";
    return;
  }
  if (LLVMIsAPHINode(v) || LLVMIsASelectInst(v)) {
    merge_reason(w, v, r, depth); /* space -2: nothing known here */
    return;
  }
  if (LLVMIsAArgument(v)) {
    param_reason(w, v, r);
    return;
  }
  if (LLVMIsALoadInst(v) && mem_load_slot(w->mem, v) != MAP_NONE) {
    merge_reason(w, v, r, depth); /* a private slot: what was stored */
    if (r->space != -1 || strncmp(r->what, "loaded from a private slot", 26)) {
      r->space = -1;
      r->what = "pointer loaded from memory";
      r->detail[0] = 0;
    }
    return;
  }
  if (LLVMIsALoadInst(v)) {
    r->what = "pointer loaded from memory";
    return;
  }
  if (LLVMIsACallInst(v) || LLVMIsAInvokeInst(v) || LLVMIsACallBrInst(v)) {
    LLVMValueRef callee = LLVMGetCalledValue(v);
    if (callee && LLVMIsAInlineAsm(callee)) {
      r->what = "returned by inline assembly";
    } else if (!callee || !LLVMIsAFunction(callee)) {
      callee = NULL;
      r->what = "returned by an indirect call";
    } else if (LLVMIsDeclaration(callee)) {
      r->what = "pointer from an opaque call";
      snprintf(r->detail, sizeof r->detail, "@%s", name_of(callee));
    } else {
      r->what = "returned by a function whose return is not one space";
      snprintf(r->detail, sizeof r->detail, "@%s", name_of(callee));
    }
    return;
  }
  if (LLVMIsAIntToPtrInst(v) ||
      (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMIntToPtr)) {
    r->what = "made from an integer (inttoptr)";
    return;
  }
  if (LLVMIsAGlobalVariable(v)) {
    r->what = "global variable in the generic space";
    snprintf(r->detail, sizeof r->detail, "@%s", name_of(v));
    return;
  }
  if (LLVMIsAConstantPointerNull(v) || LLVMIsAUndefValue(v) || LLVMIsAPoisonValue(v)) {
    r->what = "null or undef pointer";
    return;
  }
  r->what = "unknown origin";
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

void why_report(GaspCtx *cx, LLVMModuleRef m) {
  if (!cx_wants(cx, GASP_REMARK_MISSED))
    return;
  Why w = {cx, cx->tgt, LLVMLookupIntrinsicID("llvm.ptrmask", 12), {0}, mem_new(cx->tgt)};
  map_init(&w.seen);
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
    bool slots_known = false; /* the slots, found at fn's first generic access */
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        if (!ir_is_mem_op_in(i, w.t->generic))
          continue;
        if (!slots_known) {
          mem_function(w.mem, fn, NULL);
          slots_known = true;
        }
        LLVMValueRef p = generic_ptr(&w, i);
        Reason r = {.space = -1, .what = "unknown origin"};
        if (p) {
          map_clear(&w.seen);
          reason_of(&w, p, &r, 0);
        }
        if (r.space == -2) {
          r.space = -1;
          r.what = "unknown origin";
        }
        if (r.space >= 0 && !tgt_space(w.t, r.space)) {
          r.what = "cast from an address space the target table does not name";
          snprintf(r.detail, sizeof r.detail, "addrspace(%d) on '%s'", r.space, w.t->name);
        } else if (r.space >= 0) { /* one space, yet still generic (e.g. volatile) */
          r.what = "one space, not rewritten (a volatile access the target keeps "
                   "generic, or infer did not run)";
          snprintf(r.detail, sizeof r.detail, "comes from %s", tgt_space_name(w.t, r.space));
        }
        GaspRemark *rm = cx_remark(cx, GASP_REMARK_MISSED, "GenericAccess", fn, i);
        rm_arg(rm, "Access", "%s", access_name(i));
        rm_arg(rm, "String", " stays generic: ");
        rm_arg(rm, "Reason", "%s", r.what);
        if (r.detail[0]) {
          rm_arg(rm, "String", " (");
          rm_arg(rm, "Detail", "%s", r.detail);
          rm_arg(rm, "String", ")");
        }
        rm_done(rm);
      }
  }
  map_free(&w.seen);
  mem_free(w.mem);
}
