/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* tags.c — the tag scheme of --lower-generic=tags (pass/lower.c says the
 * scheme and the dispatch): which tag a space's pointers carry in bits
 * 61-63, the tag set on a cast to generic (its null kept null), the tag
 * read back and cleared, and constants that hold a cast to generic, which
 * are rebuilt as instructions so that the cast can set its tag.
 *
 * Tests: test/lower/ (through the pass).
 */
#include "transform/transform.h"

#include <assert.h>
#include <llvm-c/DebugInfo.h>

static const GaspStatDesc st_tagged = {"lower.casts-tagged",
                                       "casts to generic that set a tag"};

/* lshr(ptrtoint p, 61) */
LLVMValueRef tags_tag_of(Tags *s, LLVMValueRef p) {
  LLVMValueRef i = LLVMBuildPtrToInt(s->b, p, s->i64, "");
  return LLVMBuildLShr(s->b, i, LLVMConstInt(s->i64, TAG_SHIFT, 0), "tag");
}

int tags_space_tag(const Tags *s, int as) {
  const TgtSpace *sp = tgt_space(s->t, as);
  return sp ? sp->tag : -1;
}

/* Does a pointer of space as carry a tag in generic form? */
bool tags_is_tagged(const Tags *s, int as) {
  int tag = tags_space_tag(s, as);
  if (tag <= 0)
    return false;
  return as != s->t->priv || s->priv_tagged;
}

/* Must a generic pointer have its tag cleared before it is used in space
   as?  Tagged spaces always; global memory (tag 0) only under the seed's
   special behaviour; a space without a tag (never tagged by us, but its
   pointer may have come through a tagged one) always. */
bool tags_needs_clear(const Tags *s, int as) {
  int tag = tags_space_tag(s, as);
  return tags_is_tagged(s, as) || tag < 0 || (tag == 0 && s->clear_global);
}

/* The operand of an addrspacecast (instruction or constant expression),
   else NULL. */
static LLVMValueRef cast_source(LLVMValueRef v) {
  bool cast = LLVMIsAAddrSpaceCastInst(v) ||
              (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMAddrSpaceCast);
  return cast ? LLVMGetOperand(v, 0) : NULL;
}

static bool code_address(LLVMValueRef v);

/* The tag p carries whatever its address: p is, through GEPs, a tag set
   without a null test (build_tag's inttoptr(or(and(ptrtoint g, ~(7<<61)),
   tag<<61)), on an alloca or a global); *g gets the pointer tagged.  -1:
   not known (a tag set with a null test may be the null left untagged). */
int tags_known_tag(LLVMValueRef p, LLVMValueRef *g) {
  for (unsigned d = 0; d < 64 && LLVMIsAGetElementPtrInst(p); d++)
    p = LLVMGetOperand(p, 0);
  LLVMValueRef o = LLVMIsAIntToPtrInst(p) ? LLVMGetOperand(p, 0) : NULL;
  if (!o || !LLVMIsABinaryOperator(o) || LLVMGetInstructionOpcode(o) != LLVMOr)
    return -1;
  LLVMValueRef a = LLVMGetOperand(o, 0), set = LLVMGetOperand(o, 1);
  if (!LLVMIsABinaryOperator(a) || LLVMGetInstructionOpcode(a) != LLVMAnd ||
      !LLVMIsAConstantInt(set) || !LLVMIsAConstantInt(LLVMGetOperand(a, 1)) ||
      ir_opcode(LLVMGetOperand(a, 0)) != LLVMPtrToInt || /* a constant's: materialized */
      LLVMGetIntTypeWidth(LLVMTypeOf(a)) != 64)
    return -1;
  unsigned long long keep = LLVMConstIntGetZExtValue(LLVMGetOperand(a, 1));
  unsigned long long tag = LLVMConstIntGetZExtValue(set);
  if (keep != ~(7ull << TAG_SHIFT) || (tag & ~(7ull << TAG_SHIFT)) || !tag)
    return -1;
  *g = LLVMGetOperand(LLVMGetOperand(a, 0), 0);
  return (int)(tag >> TAG_SHIFT);
}

/* p (tags_known_tag knows its tag) erased while unused: its GEPs, then the
   tag's instructions, down to the pointer tagged. */
void tags_known_drop(LLVMValueRef p) {
  while (p && LLVMIsAInstruction(p) && !LLVMGetFirstUse(p) &&
         (LLVMIsAGetElementPtrInst(p) || LLVMIsAIntToPtrInst(p) || LLVMIsABinaryOperator(p) ||
          LLVMIsAPtrToIntInst(p))) {
    bool last = LLVMIsAPtrToIntInst(p);
    LLVMValueRef next = last ? NULL : LLVMGetOperand(p, 0);
    LLVMInstructionEraseFromParent(p);
    p = next;
  }
}

/* p (tags_known_tag knows its tag) used in space as, at the builder: the
   pointer tagged, cast to as (the named pointer it came from when a cast
   from as; itself for generic), with p's GEPs rebuilt on it. */
LLVMValueRef tags_known_cast(Tags *s, LLVMValueRef p, int as) {
  if (LLVMIsAGetElementPtrInst(p)) {
    LLVMValueRef q = ir_build_gep_on(s->b, p, tags_known_cast(s, LLVMGetOperand(p, 0), as));
    LLVMUseRef u = LLVMGetFirstUse(p);
    if (u && !LLVMGetNextUse(u))
      ir_take_name(p, q); /* p's one user moves to q */
    return q;
  }
  LLVMValueRef g = NULL;
  int tag = tags_known_tag(p, &g);
  assert(tag > 0);
  (void)tag;
  LLVMValueRef src = cast_source(g);
  if (src && ir_ptr_as(LLVMTypeOf(src)) == as)
    return src;
  if (as == s->t->generic)
    return g;
  /* one cast right after g for every access, where infer puts the cast of
     an alloca on a second run (it merged one cast per access into it) */
  LLVMTypeRef ty = ir_retype(LLVMTypeOf(g), as);
  if (!LLVMIsAInstruction(g) && !LLVMIsAArgument(g))
    return LLVMBuildAddrSpaceCast(s->b, g, ty, ""); /* a constant: folded */
  LLVMValueRef at, c = ir_cast_after(g, ty, &at);
  if (c)
    return c;
  if (!at) /* nowhere after g: at the access */
    return LLVMBuildAddrSpaceCast(s->b, g, ty, "");
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetTypeContext(ty));
  LLVMPositionBuilderBefore(b, at);
  c = LLVMBuildAddrSpaceCast(b, g, ty, "");
  LLVMDisposeBuilder(b);
  return c;
}

/* The generic pointer p used in space as, built at the builder. */
LLVMValueRef tags_cast_to(Tags *s, LLVMValueRef p, LLVMValueRef bits, int as) {
  LLVMValueRef src = cast_source(p);
  /* a round trip S -> generic -> S: the pointer itself (infer would fold
     the pair on a second run) */
  if (src && !tags_needs_clear(s, as) && ir_ptr_as(LLVMTypeOf(src)) == as)
    return src;
  LLVMValueRef q = tags_needs_clear(s, as) ? ir_clear_tag(s->b, p, bits) : p;
  return LLVMBuildAddrSpaceCast(s->b, q, ir_retype(LLVMTypeOf(p), as), "");
}

void tags_position(Tags *s, LLVMValueRef before, LLVMValueRef dbg_of) {
  LLVMPositionBuilderBefore(s->b, before);
  LLVMSetCurrentDebugLocation2(s->b, dbg_of ? LLVMInstructionGetDebugLoc(dbg_of) : NULL);
}

/* Replaces old by new in every user except the listed ones and lifetime
   markers. */
static void replace_uses_except(LLVMValueRef old, LLVMValueRef nv, LLVMValueRef *skip,
                                unsigned nskip) {
  ValVec users = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(old); u; u = LLVMGetNextUse(u))
    vec_push(&users, LLVMGetUser(u));
  for (size_t k = 0; k < users.n; k++) {
    LLVMValueRef u = users.v[k];
    bool skipped = ir_is_lifetime(u);
    for (unsigned j = 0; j < nskip && !skipped; j++)
      skipped = u == skip[j];
    if (skipped || (k && users.v[k - 1] == u))
      continue;
    int n = LLVMGetNumOperands(u);
    for (int i = 0; i < n; i++)
      if (LLVMGetOperand(u, (unsigned)i) == old)
        LLVMSetOperand(u, (unsigned)i, nv);
  }
  vec_free(&users);
}

/* ---- 1. tag on cast to generic ------------------------------------------ */

bool tags_never_null(LLVMValueRef v) {
  return LLVMIsAAllocaInst(v) || LLVMIsAGlobalVariable(v);
}

/* The tagged form of generic pointer g, built at the builder; skip gets
   the (up to 3) new instructions that use g. */
static LLVMValueRef build_tag(Tags *s, LLVMValueRef g, int tag, bool maybe_null,
                              LLVMValueRef skip[3]) {
  LLVMTypeRef pt = LLVMTypeOf(g), it = ir_int_for(pt);
  LLVMValueRef i = LLVMBuildPtrToInt(s->b, g, it, "");
  LLVMValueRef c = LLVMBuildAnd(s->b, i, ir_splat(it, ~(7ull << TAG_SHIFT)), "");
  LLVMValueRef o = LLVMBuildOr(s->b, c, ir_splat(it, (unsigned long long)tag << TAG_SHIFT), "");
  LLVMValueRef r = LLVMBuildIntToPtr(s->b, o, pt, "tagged");
  skip[0] = i;
  skip[1] = skip[2] = NULL;
  if (maybe_null) {
    /* test the named pointer a cast came from, as infer would rewrite the
       test on a second run (the output is a fixed point of the pipeline) */
    LLVMValueRef t = cast_source(g);
    if (!t)
      t = g;
    /* the source space's own null (AMDGPU LDS/scratch: all ones; offset 0
       is a valid address there and gets its tag) */
    LLVMValueRef nn = LLVMBuildICmp(s->b, LLVMIntNE, t, tgt_null(s->t, LLVMTypeOf(t)), "");
    r = LLVMBuildSelect(s->b, nn, r, g, "tagged");
    skip[1] = nn;
    skip[2] = r;
  }
  cx_stat(s->cx, &st_tagged, 1);
  return r;
}

/* Tags g (an instruction, or a parameter: at the entry) for every user. */
void tags_tag_value(Tags *s, LLVMValueRef g, int tag, bool maybe_null) {
  LLVMValueRef src = cast_source(g);
  if (src && code_address(src))
    return; /* a function's address: only called */
  tags_position(s, ir_insert_point_after(g), LLVMIsAInstruction(g) ? g : NULL);
  LLVMValueRef skip[3];
  LLVMValueRef r = build_tag(s, g, tag, maybe_null, skip);
  replace_uses_except(g, r, skip, 3);
}

/* Is v the address of code (a function, or an alias of one, through
   casts)?  Code is only called, never read or written: a generic pointer
   to it carries no tag (spir64's function pointers are addrspace(0),
   private's number, cast to generic: a tag would break the call). */
static bool code_address(LLVMValueRef v) {
  for (unsigned d = 0; v && d < 8; d++) {
    if (LLVMIsAFunction(v))
      return true;
    if (LLVMIsAGlobalAlias(v))
      v = LLVMAliasGetAliasee(v);
    else if (LLVMIsAConstantExpr(v) && (LLVMGetConstOpcode(v) == LLVMBitCast ||
                                        LLVMGetConstOpcode(v) == LLVMAddrSpaceCast))
      v = LLVMGetOperand(v, 0);
    else
      return false;
  }
  return false;
}

/* The source space of the first cast to generic inside constant c whose
   source space satisfies want, or -1 (a cast of code: none, code_address). */
static int const_cast_from(const Tags *s, LLVMValueRef c, bool (*want)(const Tags *, int)) {
  if (!LLVMIsAConstant(c) || LLVMIsAGlobalValue(c) || LLVMIsAConstantDataSequential(c))
    return -1;
  if (LLVMIsAConstantExpr(c) && LLVMGetConstOpcode(c) == LLVMAddrSpaceCast &&
      ir_ptr_as(LLVMTypeOf(c)) == s->t->generic) {
    if (code_address(LLVMGetOperand(c, 0)))
      return -1;
    int src = ir_ptr_as(LLVMTypeOf(LLVMGetOperand(c, 0)));
    if (want(s, src))
      return src;
  }
  int n = LLVMGetNumOperands(c);
  for (int i = 0; i < n; i++) {
    int src = const_cast_from(s, LLVMGetOperand(c, (unsigned)i), want);
    if (src >= 0)
      return src;
  }
  return -1;
}

/* Is there a tagged cast to generic inside constant c? */
bool tags_const_needs_tag(Tags *s, LLVMValueRef c) { return const_cast_from(s, c, tags_is_tagged) >= 0; }

/* A space other than generic that has no tag (the table names it without
   one, or does not name it). */
bool tags_untagged(const Tags *s, int as) { return as != s->t->generic && tags_space_tag(s, as) < 0; }

/* The space of a cast to generic inside constant c from a space that has
   no tag, or -1: such a pointer would reach the dispatch untagged and be
   taken for global memory, as an instruction cast from that space would. */
int tags_const_untagged_cast(const Tags *s, LLVMValueRef c) {
  return const_cast_from(s, c, tags_untagged);
}

/* Constant expression c as instructions at the builder, its cast to
   generic tagged.  NULL (and a diagnostic) if unsupported. */
/* Is c a constant vector, struct or array (built element by element)? */
static bool const_elements(LLVMValueRef c) {
  return LLVMIsAConstantVector(c) || LLVMIsAConstantStruct(c) || LLVMIsAConstantArray(c);
}

static LLVMValueRef materialize_elements(Tags *s, LLVMValueRef c);

static LLVMValueRef materialize(Tags *s, LLVMValueRef c) {
  if (!tags_const_needs_tag(s, c))
    return c;
  if (const_elements(c))
    return materialize_elements(s, c);
  switch (LLVMGetConstOpcode(c)) {
  case LLVMAddrSpaceCast: {
    /* the builder would fold a cast instruction back into the constant:
       tag the constant itself (the and/or become instructions) */
    LLVMValueRef src = LLVMGetOperand(c, 0), skip[3];
    return build_tag(s, c, tags_space_tag(s, ir_ptr_as(LLVMTypeOf(src))), !tags_never_null(src), skip);
  }
  case LLVMGetElementPtr: {
    LLVMValueRef base = materialize(s, LLVMGetOperand(c, 0));
    if (!base)
      return NULL;
    return ir_build_gep_on(s->b, c, base);
  }
  case LLVMBitCast: {
    LLVMValueRef base = materialize(s, LLVMGetOperand(c, 0));
    return !base || LLVMTypeOf(base) == LLVMTypeOf(c)
               ? base
               : LLVMBuildBitCast(s->b, base, LLVMTypeOf(c), "");
  }
  default:
    assert(!"refused by const_supported");
    return NULL;
  }
}

/* Constant c as instructions at the builder (materialize), a vector,
   struct or array built element by element. */
static LLVMValueRef materialize_elements(Tags *s, LLVMValueRef c) {
  LLVMValueRef r = LLVMGetPoison(LLVMTypeOf(c));
  bool vec = LLVMIsAConstantVector(c);
  unsigned n = (unsigned)LLVMGetNumOperands(c);
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef e = materialize(s, LLVMGetOperand(c, k));
    if (!e)
      return NULL;
    r = vec ? LLVMBuildInsertElement(s->b, r, e, LLVMConstInt(s->i64, k, 0), "")
            : LLVMBuildInsertValue(s->b, r, e, k, "");
  }
  return r;
}

/* Can materialize build c?  Casts, getelementptr and bitcast around them,
   and vectors, structs and arrays of those. */
bool tags_const_supported(Tags *s, LLVMValueRef c) {
  if (!tags_const_needs_tag(s, c))
    return true;
  if (const_elements(c)) {
    unsigned n = (unsigned)LLVMGetNumOperands(c);
    for (unsigned k = 0; k < n; k++)
      if (!tags_const_supported(s, LLVMGetOperand(c, k)))
        return false;
    return true;
  }
  if (!LLVMIsAConstantExpr(c))
    return false;
  switch (LLVMGetConstOpcode(c)) {
  case LLVMAddrSpaceCast:
    return true;
  case LLVMGetElementPtr:
  case LLVMBitCast:
    return tags_const_supported(s, LLVMGetOperand(c, 0));
  default:
    return false;
  }
}

void tags_materialize_operands(Tags *s, LLVMValueRef in) {
  bool phi = LLVMIsAPHINode(in);
  int n = LLVMGetNumOperands(in);
  for (int k = 0; k < n; k++) {
    LLVMValueRef op = LLVMGetOperand(in, (unsigned)k);
    if (!op || !tags_const_needs_tag(s, op))
      continue;
    LLVMValueRef v = NULL;
    if (phi) {
      LLVMBasicBlockRef from = LLVMGetIncomingBlock(in, (unsigned)k);
      for (int j = 0; j < k && !v; j++) /* one value per incoming block */
        if (LLVMGetIncomingBlock(in, (unsigned)j) == from &&
            LLVMGetOperand(in, (unsigned)j) != op)
          v = LLVMGetOperand(in, (unsigned)j);
      if (!v) {
        tags_position(s, LLVMGetBasicBlockTerminator(from), in);
        v = materialize(s, op);
      }
    } else {
      tags_position(s, in, in);
      v = materialize(s, op);
    }
    if (v)
      LLVMSetOperand(in, (unsigned)k, v);
  }
}
