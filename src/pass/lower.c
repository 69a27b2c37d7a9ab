/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* lower.c — runtime resolution of the generic accesses left .
 *
 * Problem: on hardware without generic addressing every generic access that
 * inference could not prove must become correct code.  The answer:
 * a generic pointer carries the space it came from in bits 61-63 (the
 * virtual address takes 48 bits, sign-extended), and each access switches
 * on that tag.  `--lower-generic=tags` runs it; `none` (the default) leaves
 * the module as it is.
 *
 * Tags come from the target table (target.c): private 001, local 010,
 * global 000/111 (its own canonical bits), NVPTX constant 011.
 *
 *  0. Decide: every refusal (below) is found on the whole module before
 *     anything is rewritten, so a refused module is left as it came.  Then
 *     per function: a device function's generic byval parameter (its
 *     private copy) is tagged private at the entry; a call's byval argument
 *     is copied explicitly into a private slot (a generic memcpy, dispatched
 *     in step 4) and the slot passed untagged, since the call's implicit
 *     copy reads with no dispatch; arguments the memory-access table
 *     (ir_call_arg_use) says are not accessed get the tag cleared, and a
 *     llvm.ptrmask mask keeps bits 61-63.
 *  1. Tag on cast to generic: `addrspacecast S -> generic` of a tagged
 *     space (instruction, or a constant expression in an instruction
 *     operand, first materialised as instructions), an NVPTX generic
 *     alloca (private) and what an NVPTX inline asm's cvta.<space> returns
 *     (casts_asm_made: a pointer, or its bits as an integer, tagged at the
 *     call so that memory and a later inttoptr carry the tag), become
 *         %i = ptrtoint %g;  %c = and %i, 0x1fffffffffffffff  (clear 61-63)
 *         %o = or %c, TAG << 61;  %t = inttoptr %o
 *         %r = select (icmp ne %g, null), %t, %g            (null stays null)
 *     (the test is on the named pointer S when %g is its cast).
 *     The select is left out when the source cannot be null (alloca,
 *     global variable).  Lifetime markers keep the raw alloca.
 *  2. Clear on cast back: `addrspacecast generic -> S` gets
 *     inttoptr(ashr(shl(ptrtoint p, 4), 4)) as its operand (bits 56-59,
 *     canonical, are copied into 60-63).  A cast to global memory (tag 0)
 *     is left alone — global addresses carry no tag — except under the
 *     private-in-global model (below).
 *  3. Explicit casts and space tests still in the module (resolve could
 *     not fold them) test the tag: to_local is "tag == 010", to_private
 *     "tag == 001", to_global "neither local nor private" (never "tag == 0":
 *     a global address may carry 111); the result is the cleared pointer in
 *     the space, or null.
 *  4. Every generic load, store, atomicrmw, cmpxchg and memory intrinsic
 *     (each generic pointer operand in turn) becomes
 *         %tag = lshr (ptrtoint %p), 61
 *         switch %tag, label %gen.global [ 1: %gen.private, 2: %gen.local ]
 *     with one arm per space that can reach the function (reach.c; a write
 *     gets none for read-only constant memory) and
 *     global memory as the default; each arm holds a clone of the access
 *     (alignment, volatility, ordering, syncscope, metadata kept) on the
 *     cleared pointer cast to the arm's space; results join in a phi.
 *     With no tagged space reaching, the access becomes global, no branch.
 *     A pointer whose tag is known whatever the address (through GEPs, the
 *     tag of an alloca or a variable: set with no null test) would always
 *     take one arm: the access is named on the pointer tagged, no branch
 *     (optnone code, which infer leaves alone, accesses its allocas so).
 *
 * --private-in-global: private memory lives in the global buffer, so
 * private pointers are not tagged and there is no private arm — unless an
 * explicit cast that must tell private from global (to_global, to_private,
 * their tests) is left in the module after resolve: then (the seed's
 * special behaviour) private pointers are tagged 001, and every
 * generic-to-global cast and the global arm clear the tag, since a private
 * pointer reaches memory through them.  The choice is module-wide so that
 * the function that tags and the function that clears always agree.
 *
 * Refused with a diagnostic (nothing rewritten): generic pointers that are
 * not 64-bit (no bits 61-63), a cast to generic from a space without a tag
 * (NVPTX tensor/param/distributed shared, AMDGPU region/buffers, spaces the
 * table does not name), a tagged cast inside a global initializer or an
 * unsupported constant expression, a masked gather/scatter on a vector of
 * generic pointers, a generic access in a block whose address is taken, a
 * generic pointer passed to an intrinsic outside the memory-access table
 * that may access memory through it, or to inline assembly (but as an
 * address only of an asm whose statements target/asmfx.c reads: that asm
 * gets the pointer untagged, the address the hardware reads;
 * test/lower/asm-address.ll).
 *
 * Calls keep passing generic pointers as they are: callees defined in the
 * module are lowered too; external functions receive tagged pointers (the
 * device library must understand tags, as gasp-run's builtins do).  The
 * null test of a tagged cast uses the source space's null (AMDGPU LDS and
 * scratch: all ones).
 *
 * byval: a call's implicit copy of a byval argument reads through the
 * pointer with no dispatch, so lower makes the copy explicit — a generic
 * memcpy (dispatched) into a fresh private slot, whose untagged address is
 * passed; a device function's generic byval parameter is its private copy,
 * tagged private at the entry.  Arms: one per tagged space that reaches the
 * function; a write gets none for a read-only space (NVPTX constant: llc-22
 * cannot select an atomic there), and with no arm left it is global.  The
 * dispatch's result phi goes before the access's debug records, which stay
 * with the access.  How a call uses each pointer argument is base.h's
 * memory-access table (ir_call_arg_use).
 *
 * The module is marked `!gasp.lowered = !{!{!"tags"}}`; a marked module is
 * not lowered again (its tag sequences would be tagged twice).
 *
 * Remark per function with generic accesses:
 *   "lower: @f: N of M generic accesses need a runtime dispatch (arms: ...)"
 * Requires: a verified module (run after infer, ipmsp, resolve).
 * Debug name: lower.  Statistics: lower.* (below).  Tests: test/lower/.
 */
#include "pass/pass.h"

#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>
#include <assert.h>
#include <stdarg.h>
#include <string.h>

static const GaspStatDesc st_cleared = {"lower.casts-cleared",
                                        "casts from generic that clear the tag"};
static const GaspStatDesc st_builtin = {"lower.explicit-casts",
                                        "explicit casts and space tests done on tags"};
static const GaspStatDesc st_dispatch = {"lower.dispatches",
                                         "generic accesses turned into a switch on the tag"};
static const GaspStatDesc st_switch = {
    "lower.switches", "switches on the tag (a memcpy of two generic pointers nests two)"};
static const GaspStatDesc st_global = {
    "lower.accesses-global", "generic accesses made global with no branch"};
static const GaspStatDesc st_folded = {
    "lower.accesses-known-tag",
    "generic accesses through an alloca's or a global's tag, named with no branch"};

typedef struct Arm {
  int tag, as;
  const char *name;
} Arm;

typedef struct Lower {
  Tags tg;          /* the tag scheme (tags.c): context, table, builder, i64 */
  LLVMModuleRef m;
  LLVMContextRef ctx;
  const Reach *reach; /* the store's, while lowering */
  bool pig;         /* --private-in-global */
  bool failed;      /* the check phase refused the module */
  /* per function */
  LLVMValueRef fn;
  Arm *arms;        /* up to one per named space */
  unsigned narms;
  unsigned dispatched, made_global, switches, folded;
} Lower;

/* ---- 3. explicit casts on tags ------------------------------------------ */

/* i1: the tag of p says it points into cf's space. */
static LLVMValueRef tag_test(Lower *s, LLVMValueRef p, const CastFn *cf) {
  LLVMValueRef tag = tags_tag_of(&s->tg, p);
  if (cf->unified != UAS_GLOBAL)
    return LLVMBuildICmp(
        s->tg.b, LLVMIntEQ, tag,
        LLVMConstInt(s->tg.i64, (unsigned long long)tags_space_tag(&s->tg, cf->as), 0), "");
  /* neither local nor private (nor another tagged space) */
  LLVMValueRef cond = NULL;
  for (unsigned i = 0; i < s->tg.t->nspaces; i++) {
    const TgtSpace *sp = &s->tg.t->spaces[i];
    if (!tags_is_tagged(&s->tg, sp->as))
      continue;
    LLVMValueRef ne = LLVMBuildICmp(s->tg.b, LLVMIntNE, tag,
                                    LLVMConstInt(s->tg.i64, (unsigned long long)sp->tag, 0), "");
    cond = cond ? LLVMBuildAnd(s->tg.b, cond, ne, "") : ne;
  }
  return cond ? cond : LLVMConstInt(LLVMInt1TypeInContext(s->ctx), 1, 0);
}

static void lower_cast_call(Lower *s, LLVMValueRef call, const CastFn *cf) {
  LLVMValueRef p = LLVMGetOperand(call, 0), r;
  LLVMTypeRef rt = LLVMTypeOf(call);
  assert(cf->unified == UAS_GLOBAL || tags_space_tag(&s->tg, cf->as) > 0); /* checked */
  tags_position(&s->tg, call, call);
  LLVMValueRef cond = tag_test(s, p, cf);
  if (cf->test) {
    r = cond;
    if (cf->unified == UAS_GLOBAL)
      r = LLVMBuildAnd(s->tg.b, cond,
                       LLVMBuildICmp(s->tg.b, LLVMIntNE, p, LLVMConstNull(LLVMTypeOf(p)), ""),
                       "");
  } else {
    int as = ir_ptr_as(rt);
    LLVMValueRef yes = as == s->tg.t->generic ? p : tags_cast_to(&s->tg, p, NULL, as);
    r = LLVMBuildSelect(s->tg.b, cond, yes, tgt_null(s->tg.t, rt), "");
  }
  ir_take_name(call, r);
  LLVMReplaceAllUsesWith(call, r);
  LLVMInstructionEraseFromParent(call);
  cx_stat(s->tg.cx, &st_builtin, 1);
}

/* ---- 4. the dispatch ---------------------------------------------------- */

/* Index of the first generic scalar pointer operand of access i, or -1;
   *vec set when one is a vector of generic pointers. */
static int generic_operand(Lower *s, LLVMValueRef i, const IrMemIntrin *mi, bool *vec) {
  *vec = false;
  int g = s->tg.t->generic;
  if (!mi)
    return ir_ptr_as(LLVMTypeOf(LLVMGetOperand(i, ir_ptr_operand(i)))) == g
               ? (int)ir_ptr_operand(i)
               : -1;
  for (int k = 0; k < 2; k++) {
    int a = mi->ptr_args[k];
    if (a < 0)
      continue;
    LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(i, (unsigned)a));
    if (ir_ptr_as(t) != g)
      continue;
    if (LLVMGetTypeKind(t) != LLVMPointerTypeKind) {
      *vec = true;
      continue;
    }
    return a;
  }
  return -1;
}

/* Sets operand k of access i (at the builder's block) to q; returns the
   access (a new call for an intrinsic). */
static LLVMValueRef set_pointer(Lower *s, LLVMValueRef i, const IrMemIntrin *mi, int k,
                                LLVMValueRef q) {
  if (!mi) {
    /* the alignment of the object the generic pointer is an offset of, as
       infer's realign would give the named access on a second run: given
       now, a second run changes nothing (llvm-stress seed 3670: a private
       slot's align 32 reached a tag dispatch's global arm only then) */
    LLVMValueRef p = LLVMGetOperand(i, (unsigned)k);
    LLVMSetOperand(i, (unsigned)k, q);
    ir_raise_align(i, p);
    return i;
  }
  unsigned n = LLVMGetNumArgOperands(i);
  LLVMValueRef *args = xmalloc(n * sizeof *args);
  for (unsigned a = 0; a < n; a++)
    args[a] = LLVMGetOperand(i, a);
  args[k] = q;
  LLVMValueRef nc = ir_mem_intrin_rebuild(s->tg.b, mi, i, args);
  free(args);
  return nc;
}

/* Does access i write through its operand k (store, atomic, memset, the
   destination of memcpy/memmove, masked store/scatter, wmma store)? */
static bool access_writes(LLVMValueRef i, const IrMemIntrin *mi, int k) {
  return mi ? k == mi->writes : !LLVMIsALoadInst(i);
}

/* Does the target's policy keep access i generic in space as (NVPTX: no
   cmpxchg on private)? */
static bool arm_kept(const Lower *s, LLVMValueRef i, const IrMemIntrin *mi, int as) {
  return s->tg.t->generic_hw &&
         !tgt_access_ok(s->tg.t, as, mi ? ir_mem_intrin_volatile(mi, i) : LLVMGetVolatile(i),
                        LLVMIsAAtomicCmpXchgInst(i) ? TGT_ACC_CAS
                        : mi && mi->is_matrix       ? TGT_ACC_MATRIX
                                                    : TGT_ACC_PLAIN,
                        false);
}

static void dispatch(Lower *s, LLVMValueRef i, bool top) {
  const IrMemIntrin *mi = LLVMIsACallInst(i) ? ir_mem_intrin(i) : NULL;
  bool vec;
  int k = generic_operand(s, i, mi, &vec);
  if (k < 0)
    return; /* done (a vector of generic pointers was refused before) */
  LLVMValueRef p = LLVMGetOperand(i, (unsigned)k);
  /* arms for the spaces this access may touch: a write never goes to
     read-only (constant) memory, whose space cannot even express it */
  Arm *arms = xmalloc((s->narms + 1) * sizeof *arms);
  unsigned narms = 0;
  bool writes = access_writes(i, mi, k);
  for (unsigned a = 0; a < s->narms; a++)
    if (!writes || !tgt_read_only(s->tg.t, s->arms[a].as))
      arms[narms++] = s->arms[a];
  if (!narms) {
    free(arms);
    tags_position(&s->tg, i, i);
    LLVMValueRef ni = set_pointer(s, i, mi, k, tags_cast_to(&s->tg, p, NULL, s->tg.t->global));
    s->made_global += top;
    dispatch(s, ni, false);
    return;
  }
  /* a tag known whatever the address (an alloca's or a global's, through
     GEPs): the switch would always take its arm, which is built alone on
     the pointer tagged (optnone code keeps such accesses generic) */
  LLVMValueRef tagged;
  int known = tags_known_tag(p, &tagged);
  for (unsigned a = 0; a < narms && known > 0; a++) {
    if (arms[a].tag != known)
      continue;
    tags_position(&s->tg, i, i);
    int as = arms[a].as;
    bool kept = arm_kept(s, i, mi, as);
    LLVMValueRef q = tags_known_cast(&s->tg, p, kept ? s->tg.t->generic : as);
    LLVMValueRef ni = set_pointer(s, i, mi, k, q); /* a new call replaces i */
    ir_raise_align(ni, q); /* the object's, as realign gives on a second run */
    tags_known_drop(p); /* its GEPs and tag, unused now */
    free(arms);
    s->folded += top;
    if (!kept)
      dispatch(s, ni, false); /* the next generic operand, if any */
    return;
  }
  LLVMBasicBlockRef merge = LLVMGetInstructionParent(i);
  LLVMBasicBlockRef head = ir_split_before(s->tg.b, i);
  p = LLVMGetOperand(i, (unsigned)k); /* a phi p moved into head */
  LLVMPositionBuilderAtEnd(s->tg.b, head);
  LLVMSetCurrentDebugLocation2(s->tg.b, LLVMInstructionGetDebugLoc(i));
  LLVMValueRef tag = tags_tag_of(&s->tg, p);
  /* ptrtoint p, which each arm clears (a constant p: folded, none) */
  LLVMValueRef bits = LLVMIsAInstruction(tag) ? LLVMGetOperand(tag, 0) : NULL;
  LLVMBasicBlockRef gblk = LLVMInsertBasicBlockInContext(s->ctx, merge, "gen.global");
  LLVMValueRef sw = LLVMBuildSwitch(s->tg.b, tag, gblk, narms);
  LLVMValueRef *clones = xmalloc((narms + 1) * sizeof *clones);
  LLVMBasicBlockRef *blocks = xmalloc((narms + 1) * sizeof *blocks);
  bool *kept = xcalloc(narms + 1, sizeof *kept); /* generic by the policy */
  for (unsigned a = 0; a <= narms; a++) {
    bool def = a == narms;
    LLVMBasicBlockRef blk = def ? gblk : NULL;
    if (!def) {
      char nm[32];
      snprintf(nm, sizeof nm, "gen.%s", arms[a].name);
      blk = LLVMInsertBasicBlockInContext(s->ctx, gblk, nm);
      LLVMAddCase(sw, LLVMConstInt(s->tg.i64, (unsigned long long)arms[a].tag, 0), blk);
    }
    LLVMPositionBuilderAtEnd(s->tg.b, blk);
    LLVMSetCurrentDebugLocation2(s->tg.b, LLVMInstructionGetDebugLoc(i));
    int as = def ? s->tg.t->global : arms[a].as;
    LLVMValueRef q = tags_cast_to(&s->tg, p, bits, as);
    kept[a] = arm_kept(s, i, mi, as);
    if (kept[a]) /* the target's policy keeps this access generic in that
                    space (NVPTX: no cmpxchg on private): the cleared
                    pointer, made generic, and no further dispatch */
      q = LLVMBuildAddrSpaceCast(s->tg.b, q, LLVMTypeOf(p), "");
    LLVMValueRef c = LLVMInstructionClone(i);
    LLVMInsertIntoBuilder(s->tg.b, c);
    LLVMValueRef br = LLVMBuildBr(s->tg.b, merge);
    (void)br;
    c = set_pointer(s, c, mi, k, q);
    clones[a] = c;
    blocks[a] = blk;
  }
  if (LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMVoidTypeKind) {
    /* before the access's debug records: they stay with the access and go
       to the instruction after the phi when it is erased (a phi may not
       carry records) */
    LLVMPositionBuilderBeforeInstrAndDbgRecords(s->tg.b, i);
    LLVMSetCurrentDebugLocation2(s->tg.b, LLVMInstructionGetDebugLoc(i));
    LLVMValueRef phi = LLVMBuildPhi(s->tg.b, LLVMTypeOf(i), "");
    LLVMAddIncoming(phi, clones, blocks, narms + 1);
    ir_take_name(i, phi);
    LLVMReplaceAllUsesWith(i, phi);
  }
  LLVMInstructionEraseFromParent(i);
  s->dispatched += top;
  s->switches++;
  for (unsigned a = 0; a <= narms; a++)
    if (!kept[a])
      dispatch(s, clones[a], false); /* the next generic operand, if any */
  free(kept);
  free(arms);
  free(clones);
  free(blocks);
}

/* ---- per function ------------------------------------------------------- */

static void pick_arms(Lower *s) {
  uint32_t mask = reach_mask(s->reach, s->fn);
  s->narms = 0;
  for (unsigned i = 0; i < s->tg.t->nspaces; i++) {
    const TgtSpace *sp = &s->tg.t->spaces[i];
    if (sp->tag <= 0 || (sp->as == s->tg.t->priv && s->pig))
      continue;
    if (!(mask & (SP_UNKNOWN | space_table_bit(s->tg.t, sp->as))))
      continue;
    Arm a = {sp->tag, sp->as, sp->name};
    s->arms[s->narms++] = a;
  }
  if (cx_debug(s->tg.cx)) {
    char names[96];
    reach_names(s->tg.t, mask, names, sizeof names);
    fprintf(cx_out(s->tg.cx), "lower: @%s: reaching %s; %u arm%s\n", ir_name(s->fn), names,
            s->narms, s->narms == 1 ? "" : "s");
  }
}

/* ---- 0. decide: everything that makes lower refuse, before any rewrite -- */

static void refuse(Lower *s, LLVMValueRef fn, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void refuse(Lower *s, LLVMValueRef fn, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *msg = xvasprintf(fmt, ap);
  va_end(ap);
  cx_diag(s->tg.cx, GASP_SEV_ERROR, "lower: @%s: %s; --lower-generic=tags refuses the module",
          ir_name(fn), msg);
  free(msg);
  s->failed = true;
}

/* A call argument k that is a generic pointer (scalar or vector). */
static bool generic_arg(const Lower *s, LLVMValueRef call, unsigned k) {
  return ir_ptr_as(LLVMTypeOf(LLVMGetOperand(call, k))) == s->tg.t->generic;
}

static const char *callee_text(LLVMValueRef call, char *buf, size_t cap) {
  LLVMValueRef f = LLVMGetCalledValue(call);
  if (f && LLVMIsAInlineAsm(f))
    return "inline assembly";
  size_t n;
  const char *nm = f ? LLVMGetValueName2(f, &n) : "";
  snprintf(buf, cap, "@%s", nm);
  return buf;
}

/* Is argument k of call an address only, in an inline asm whose every
   statement asmfx reads (`ld.u32 $0, [$1]`, `@p st.global.u16 [$0], $1`):
   the asm hands none of its bits on, so it gets the pointer untagged, the
   address the hardware reads. */
static bool asm_address_only(const Lower *s, LLVMValueRef call, unsigned k) {
  AsmAccess acc[8];
  unsigned n;
  uint64_t only;
  return LLVMIsAInlineAsm(LLVMGetCalledValue(call)) &&
         asm_effects(s->tg.t, call, acc, sizeof acc / sizeof *acc, &n, &only) && k < 64 &&
         (only >> k & 1);
}

static void check_call(Lower *s, LLVMValueRef fn, LLVMValueRef call) {
  CastFn cf;
  if (casts_match(s->tg.t, call, &cf)) {
    if (cf.unified != UAS_GLOBAL && tags_space_tag(&s->tg, cf.as) <= 0)
      refuse(s, fn, "a test for %s memory cannot be answered from tags (the space has "
             "no tag of its own on this target)", tgt_space_name(s->tg.t, cf.as));
    return;
  }
  unsigned n = LLVMGetNumArgOperands(call);
  for (unsigned k = 0; k < n; k++) {
    if (!generic_arg(s, call, k))
      continue;
    IrArgUse use = ir_call_arg_use(call, k);
    bool vec = LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(call, k))) == LLVMVectorTypeKind;
    char buf[160];
    if (use == IR_ARG_UNKNOWN && !vec && asm_address_only(s, call, k))
      continue; /* handed untagged (lower_call_args) */
    if (use == IR_ARG_UNKNOWN)
      refuse(s, fn, "a generic pointer is passed to %s, which may access memory through "
             "it and is not in gasp's memory-access table; a tagged pointer cannot go there",
             callee_text(call, buf, sizeof buf));
    else if (use == IR_ARG_ACCESS && vec)
      refuse(s, fn, "%s through a vector of generic pointers cannot be dispatched per lane",
             callee_text(call, buf, sizeof buf));
  }
}

/* Refuses fn for a cast to generic from space src, which has no tag. */
static void refuse_untagged(Lower *s, LLVMValueRef fn, int src) {
  if (tgt_space(s->tg.t, src))
    refuse(s, fn, "a %s pointer is cast to generic, and that space has no tag on "
           "target '%s'", tgt_space_name(s->tg.t, src), s->tg.t->name);
  else
    refuse(s, fn, "a pointer in addrspace(%d), which the '%s' table does not name, is "
           "cast to generic; it has no tag", src, s->tg.t->name);
}

/* Tags what an inline asm's cvta.<space> returns (casts_asm_made), a
   generic pointer or its bits as an integer, at the call itself: wherever
   the value goes (memory, an inttoptr later), it carries its space. */
static void tag_asm_result(Lower *s, LLVMValueRef call) {
  int tag = tags_space_tag(&s->tg, casts_asm_made(s->tg.t, call, 64, NULL));
  if (LLVMGetTypeKind(LLVMTypeOf(call)) == LLVMPointerTypeKind) {
    tags_tag_value(&s->tg, call, tag, true);
    return;
  }
  tags_position(&s->tg, ir_insert_point_after(call), call);
  LLVMTypeRef pt = LLVMPointerTypeInContext(LLVMGetTypeContext(LLVMTypeOf(call)),
                                            (unsigned)s->tg.t->generic);
  LLVMValueRef p = LLVMBuildIntToPtr(s->tg.b, call, pt, "");
  LLVMValueRef bits = LLVMBuildPtrToInt(s->tg.b, p, LLVMTypeOf(call), "");
  LLVMReplaceAllUsesWith(call, bits);
  LLVMSetOperand(p, 0, call);
  tags_tag_value(&s->tg, p, tag, true); /* bits now read the tagged pointer */
}

static void check_function(Lower *s, LLVMValueRef fn) {
  int g = s->tg.t->generic;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    bool addressed = false;
    for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb)); u; u = LLVMGetNextUse(u))
      addressed |= !LLVMIsAInstruction(LLVMGetUser(u));
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (LLVMIsAAddrSpaceCastInst(i) && ir_ptr_as(LLVMTypeOf(i)) == g) {
        int src = ir_ptr_as(LLVMTypeOf(LLVMGetOperand(i, 0)));
        if (tags_untagged(&s->tg, src))
          refuse_untagged(s, fn, src);
      }
      int n = LLVMGetNumOperands(i);
      for (int k = 0; k < n; k++) {
        LLVMValueRef op = LLVMGetOperand(i, (unsigned)k);
        int src = op ? tags_const_untagged_cast(&s->tg, op) : -1;
        if (src >= 0)
          refuse_untagged(s, fn, src);
        if (op && LLVMIsAConstant(op) && !tags_const_supported(&s->tg, op)) {
          char *txt = LLVMPrintValueToString(op);
          refuse(s, fn, "a constant (%s) holds a cast to generic that needs a tag; only "
                 "getelementptr and bitcast around it, and vectors, structs and arrays of "
                 "those, are supported", txt);
          LLVMDisposeMessage(txt);
        }
      }
      if (LLVMIsACallInst(i) || LLVMIsAInvokeInst(i) || LLVMIsACallBrInst(i))
        check_call(s, fn, i);
      if (addressed && ir_is_mem_op_in(i, g))
        /* a blockaddress would point into the middle of the split block */
        refuse(s, fn, "a generic access in a block whose address is taken (%s) cannot be "
               "dispatched", "blockaddress");
    }
  }
}

/* ---- 0'. byval, calls that do not access memory, ptrmask ------------------ */

/* Is u a cast of a kernel's byval parameter into the parameter space
   (infer's rewrite of an argument read only there)? */
static bool is_param_space_cast(const Lower *s, LLVMValueRef u) {
  return s->tg.t->kernel_byval_space && LLVMIsAAddrSpaceCastInst(u) &&
         ir_ptr_as(LLVMTypeOf(u)) == s->tg.t->kernel_byval_space;
}

/* A generic byval parameter whose bits are private (a device function's
   copy, a kernel's local copy: tgt_byval_bits_private): tag it private at
   the entry, like a private pointer cast to generic.  What decides is the
   IR as it stands, not what infer would have made of it: a kernel's
   argument whose every use is the cast to the parameter space has no
   generic bits to tag, but one infer left alone (optnone, -O0) is read
   through its generic address, and that address is private.  The casts to
   the parameter space keep the untagged parameter. */
static void tag_byval_params(Lower *s, LLVMValueRef fn) {
  if (!tags_is_tagged(&s->tg, s->tg.t->priv))
    return;
  unsigned n = LLVMCountParams(fn);
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef p = LLVMGetParam(fn, k);
    if (!tgt_byval_bits_private(s->tg.t, fn, k))
      continue;
    ValVec casts = {0};
    bool generic_use = false;
    for (LLVMUseRef u = LLVMGetFirstUse(p); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (is_param_space_cast(s, user))
        vec_push(&casts, user);
      else if (!ir_is_lifetime(user))
        generic_use = true;
    }
    if (generic_use) {
      tags_tag_value(&s->tg, p, tags_space_tag(&s->tg, s->tg.t->priv), false);
      for (size_t j = 0; j < casts.n; j++)
        LLVMSetOperand(casts.v[j], 0, p);
    }
    vec_free(&casts);
  }
}

/* The call's implicit copy of a byval argument reads through the pointer
   without a dispatch: copy explicitly (a generic memcpy, dispatched like
   any access) into a fresh private slot and pass that, untagged. */
static void copy_byval_arg(Lower *s, LLVMValueRef call, unsigned k, LLVMTypeRef ty,
                           ValVec *ops) {
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(s->m);
  LLVMValueRef p = LLVMGetOperand(call, k);
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(s->fn);
  LLVMPositionBuilderBefore(s->tg.b, LLVMGetFirstInstruction(entry));
  LLVMSetCurrentDebugLocation2(s->tg.b, ir_loc_of(call, s->fn));
  LLVMValueRef slot = LLVMBuildAlloca(s->tg.b, ty, "byval.copy");
  unsigned align = LLVMPreferredAlignmentOfType(td, ty);
  LLVMSetAlignment(slot, align);
  LLVMValueRef arg = slot;
  if (LLVMTypeOf(arg) != LLVMTypeOf(p))
    arg = LLVMBuildAddrSpaceCast(s->tg.b, slot, LLVMTypeOf(p), "");
  /* the slot's private name right after it, where infer would put it (a
     second run then changes nothing) */
  LLVMValueRef dst = slot;
  if (ir_ptr_as(LLVMTypeOf(dst)) == s->tg.t->generic)
    dst = LLVMBuildAddrSpaceCast(s->tg.b, slot, ir_retype(LLVMTypeOf(slot), s->tg.t->priv), "");
  tags_position(&s->tg, call, call);
  LLVMValueRef cp = LLVMBuildMemCpy(s->tg.b, dst, align, p, 1,
                                    LLVMConstInt(s->tg.i64, LLVMABISizeOfType(td, ty), 0));
  vec_push(ops, cp);
  LLVMSetOperand(call, k, arg);
}

/* Pointer arguments of calls that need a change before the dispatch. */
static void lower_call_args(Lower *s, LLVMValueRef call, ValVec *ops) {
  unsigned n = LLVMGetNumArgOperands(call);
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef p = LLVMGetOperand(call, k);
    if (!generic_arg(s, call, k) || LLVMGetTypeKind(LLVMTypeOf(p)) != LLVMPointerTypeKind)
      continue;
    switch (ir_call_arg_use(call, k)) {
    case IR_ARG_UNKNOWN: /* check_call let through an asm's address only */
      if (asm_address_only(s, call, k)) {
        tags_position(&s->tg, call, call);
        LLVMSetOperand(call, k, ir_clear_tag(s->tg.b, p, NULL));
      }
      break;
    case IR_ARG_CALLEE: {
      LLVMTypeRef ty = ir_arg_byval(call, k); /* the call site's or the callee's */
      if (ty)
        copy_byval_arg(s, call, k, ty, ops);
      break;
    }
    case IR_ARG_NOACCESS:
      if (!ir_is_lifetime(call)) { /* lifetime markers keep the raw alloca */
        tags_position(&s->tg, call, call);
        LLVMSetOperand(call, k, ir_clear_tag(s->tg.b, p, NULL));
      }
      break;
    case IR_ARG_ADDRESS: {
      /* llvm.ptrmask: the tag bits survive the mask */
      LLVMValueRef f = LLVMGetCalledValue(call);
      if (k != 0 || n != 2 || LLVMGetIntrinsicID(f) != LLVMLookupIntrinsicID("llvm.ptrmask", 12))
        break;
      LLVMValueRef mask = LLVMGetOperand(call, 1);
      LLVMValueRef keep = ir_splat(LLVMTypeOf(mask), 7ull << TAG_SHIFT);
      tags_position(&s->tg, call, call);
      LLVMSetOperand(call, 1, LLVMBuildOr(s->tg.b, mask, keep, ""));
      break;
    }
    default:
      break;
    }
  }
}

static void lower_function(Lower *s, LLVMValueRef fn) {
  s->fn = fn;
  s->dispatched = s->made_global = s->switches = s->folded = 0;
  tag_byval_params(s, fn);
  int g = s->tg.t->generic;
  Pool tmp = {0}; /* the lists below */
  ValVec to_gen = {.pool = &tmp}, from_gen = {.pool = &tmp}, ops = {.pool = &tmp},
         callv = {.pool = &tmp};
  VEC(struct {
    LLVMValueRef call;
    CastFn cf;
  }) calls = {.pool = &tmp};
  /* constant expressions first, so that their casts are collected below */
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      tags_materialize_operands(&s->tg, i);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      CastFn cf;
      int as = ir_ptr_as(LLVMTypeOf(i));
      if (LLVMIsAAddrSpaceCastInst(i)) {
        int src = ir_ptr_as(LLVMTypeOf(LLVMGetOperand(i, 0)));
        if (as == g && tags_is_tagged(&s->tg, src))
          vec_push(&to_gen, i);
        else if (src == g && as != g)
          vec_push(&from_gen, i);
      } else if (LLVMIsAAllocaInst(i) && as == g && s->tg.t->generic_alloca_is_private &&
                 tags_is_tagged(&s->tg, s->tg.t->priv)) {
        vec_push(&to_gen, i);
      } else if (LLVMIsACallInst(i) && tags_is_tagged(&s->tg, casts_asm_made(s->tg.t, i, 64, NULL))) {
        vec_push(&to_gen, i); /* an inline asm's cvta.<space>: tagged at its result */
      } else if (LLVMIsACallInst(i) && casts_match(s->tg.t, i, &cf)) {
        vec_grow(&calls, calls.n + 1);
        calls.v[calls.n].call = i;
        calls.v[calls.n++].cf = cf;
      } else if (ir_is_mem_op_in(i, g)) {
        vec_push(&ops, i);
      } else if (LLVMIsACallInst(i) || LLVMIsAInvokeInst(i)) {
        vec_push(&callv, i);
      }
    }
  for (size_t k = 0; k < from_gen.n; k++) {
    LLVMValueRef c = from_gen.v[k];
    if (!tags_needs_clear(&s->tg, ir_ptr_as(LLVMTypeOf(c))))
      continue;
    tags_position(&s->tg, c, c);
    LLVMSetOperand(c, 0, ir_clear_tag(s->tg.b, LLVMGetOperand(c, 0), NULL));
    cx_stat(s->tg.cx, &st_cleared, 1);
  }
  for (size_t k = 0; k < to_gen.n; k++) {
    LLVMValueRef c = to_gen.v[k];
    if (LLVMIsACallInst(c)) {
      tag_asm_result(s, c);
      continue;
    }
    int src = LLVMIsAAllocaInst(c) ? s->tg.t->priv : ir_ptr_as(LLVMTypeOf(LLVMGetOperand(c, 0)));
    bool maybe_null = !LLVMIsAAllocaInst(c) && !tags_never_null(LLVMGetOperand(c, 0));
    tags_tag_value(&s->tg, c, tags_space_tag(&s->tg, src), maybe_null);
  }
  for (size_t k = 0; k < calls.n; k++)
    lower_cast_call(s, calls.v[k].call, &calls.v[k].cf);
  for (size_t k = 0; k < callv.n; k++)
    lower_call_args(s, callv.v[k], &ops);
  pick_arms(s);
  for (size_t k = 0; k < ops.n; k++)
    dispatch(s, ops.v[k], true);
  cx_stat(s->tg.cx, &st_dispatch, s->dispatched);
  cx_stat(s->tg.cx, &st_switch, s->switches);
  cx_stat(s->tg.cx, &st_global, s->made_global);
  cx_stat(s->tg.cx, &st_folded, s->folded);
  if (ops.n) {
    char arms[96] = "";
    size_t o = 0;
    for (unsigned a = 0; a < s->narms; a++)
      o += (size_t)snprintf(arms + o, sizeof arms - o, "%s, ", s->arms[a].name);
    snprintf(arms + o, sizeof arms - o, "global");
    GaspRemark *r = cx_remark(s->tg.cx, GASP_REMARK_PASSED, "Dispatch", fn, NULL);
    rm_arg(r, "Dispatched", "%u", s->dispatched);
    rm_arg(r, "String", " of ");
    rm_arg(r, "Accesses", "%zu", ops.n);
    rm_arg(r, "String", " generic access%s need%s a runtime dispatch, ", ops.n == 1 ? "" : "es",
           s->dispatched == 1 ? "s" : "");
    rm_arg(r, "Switches", "%u", s->switches);
    rm_arg(r, "String", " switch%s (arms: ", s->switches == 1 ? "" : "es");
    rm_arg(r, "Arms", "%s", s->narms ? arms : "none, all global");
    rm_arg(r, "String", ")");
    if (s->folded) {
      rm_arg(r, "String", "; ");
      rm_arg(r, "KnownTag", "%u", s->folded);
      rm_arg(r, "String", " through an alloca's or a global's tag, named with no switch");
    }
    rm_done(r);
  }
  pool_release(&tmp);
}

/* ---- module ------------------------------------------------------------- */

static bool private_tagged(Lower *s) {
  if (!s->pig)
    return true;
  for (LLVMValueRef fn = LLVMGetFirstFunction(s->m); fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        CastFn cf;
        if (LLVMIsACallInst(i) && casts_match(s->tg.t, i, &cf) &&
            (cf.unified == UAS_GLOBAL || cf.unified == UAS_PRIVATE))
          return true;
      }
  return false;
}

/* Global initializers cannot hold a tagged pointer.  LLVM's own lists
   (llvm.compiler.used: CUDA's __device__ variables the host names) hold
   generic casts of variables no code reads from there: they need no tag. */
static bool check_initializers(Lower *s) {
  for (LLVMValueRef gv = LLVMGetFirstGlobal(s->m); gv; gv = LLVMGetNextGlobal(gv)) {
    LLVMValueRef init = ir_metadata_global(gv) ? NULL : LLVMGetInitializer(gv);
    int src = init ? tags_const_untagged_cast(&s->tg, init) : -1;
    if (src >= 0) {
      cx_diag(s->tg.cx, GASP_SEV_ERROR,
              "lower: @%s: the initializer holds a pointer in addrspace(%d) cast to generic; "
              "that space has no tag on target '%s'",
              ir_name(gv), src, s->tg.t->name);
      return false;
    }
    if (init && tags_const_needs_tag(&s->tg, init)) {
      cx_diag(s->tg.cx, GASP_SEV_ERROR,
              "lower: @%s: the initializer holds a pointer cast to generic that needs "
              "a tag; a constant cannot carry one",
              ir_name(gv));
      return false;
    }
  }
  return true;
}

/* Intrinsic declarations on generic pointers that no longer have a call
   (the clones were re-declared per space). */
static void drop_dead_decls(Lower *s) {
  LLVMValueRef next;
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f; f = next) {
    next = LLVMGetNextFunction(f);
    if (!LLVMIsDeclaration(f) || !LLVMGetIntrinsicID(f) || LLVMGetFirstUse(f))
      continue;
    LLVMTypeRef fty = LLVMGlobalGetValueType(f);
    unsigned n;
    LLVMTypeRef *ps = ir_param_types(fty, &n);
    bool generic = false;
    for (unsigned i = 0; i < n; i++)
      generic |= ir_ptr_as(ps[i]) == s->tg.t->generic;
    free(ps);
    if (generic)
      LLVMDeleteFunction(f);
  }
}

bool lower_run(PassRun *run) {
  GaspCtx *cx = run->cx;
  LLVMModuleRef m = run->m;
  facts_pass_entry(cx, m);
  if (cx->opt.lower_generic != GASP_LOWER_TAGS)
    return false;
  const TgtTable *t = cx->tgt;
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
  unsigned bits = 8 * LLVMPointerSizeForAS(td, (unsigned)t->generic);
  if (bits != 64) {
    const char *triple = LLVMGetTarget(m);
    cx_diag(cx, GASP_SEV_ERROR,
            "lower: --lower-generic=tags needs 64-bit generic pointers (the tag lives "
            "in bits 61-63); this module's generic pointers are %u-bit (triple '%s')",
            bits, triple && *triple ? triple : "none");
    return false;
  }
  /* already lowered: its casts carry tags, lowering again would tag twice */
  if (schema_module_lowered(m)) {
    GaspRemark *r = cx_remark(cx, GASP_REMARK_ANALYSIS, "AlreadyLowered", NULL, NULL);
    rm_arg(r, "String", "the module is already lowered (!gasp.lowered); left as it is");
    rm_done(r);
    return false;
  }
  Lower s;
  memset(&s, 0, sizeof s);
  s.m = m;
  s.ctx = LLVMGetModuleContext(m);
  s.tg = (Tags){cx, t, LLVMCreateBuilderInContext(s.ctx), LLVMInt64TypeInContext(s.ctx), false,
                false};
  s.pig = cx->opt.private_in_global;
  s.tg.priv_tagged = private_tagged(&s);
  s.tg.clear_global = s.pig && s.tg.priv_tagged;
  s.arms = xmalloc(t->nspaces * sizeof *s.arms);
  /* decide first: a refusal leaves the module as it came */
  s.failed = !check_initializers(&s);
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
    if (LLVMGetFirstBasicBlock(fn))
      check_function(&s, fn);
  if (!s.failed) {
    s.reach = facts_reach(run->facts);
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
      if (LLVMGetFirstBasicBlock(fn))
        lower_function(&s, fn);
    s.reach = NULL; /* the store's; lowering changes the code it describes */
    drop_dead_decls(&s);
    schema_mark_lowered(m);
  }
  LLVMDisposeBuilder(s.tg.b);
  free(s.arms);
  return !s.failed;
}
