/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* reach.c — which named spaces can a generic pointer of this function
 * point into?  (An analysis shared by resolve and lower; the tag scheme's
 * "no addrspacecast from local to generic in the kernel".)
 *
 * Problem: a generic pointer is made only by a cast from a named space
 * (instruction or constant expression), by an NVPTX generic alloca
 * (private), by a kernel's generic pointer argument (global where the
 * target says so), by a device function's generic byval parameter (its
 * private copy, NVPTX), or by something gasp cannot see: inttoptr of an
 * arbitrary integer, an indirect call, an unknown external function.  What
 * each instruction makes is space.c's rule (space_made), the same the space
 * analysis starts from; parameters are target.c's (tgt_param_space).  A
 * generic pointer used in a function can only come from the kernels that
 * reach that function.  So:
 *
 *   own(f)  = the spaces f itself casts to generic (a set of spaces in the
 *             space analysis' bits), SP_UNKNOWN for an opaque source in f
 *   down(f) = own(f) | down(every direct callee)          (fixed point)
 *   ctx(k)  = down(k) | what global initializers cast      (k a kernel;
 *             not LLVM's own lists, @llvm.compiler.used and the like,
 *             which no instruction reads: CUDA lists its __constant__
 *             variables there as generic casts)
 *   ctx(f)  = union of ctx over the kernels that reach f  (fixed point)
 *
 * A function shared by two kernels takes the union.  Functions no kernel
 * reaches, functions whose address is taken, and functions code outside the
 * module may call (world.c: visible outside, in the open world; under
 * --whole-program internalize has made them internal) get UNKNOWN: anything
 * may be passed to them.
 *
 * Both fixed points are work lists over bit masks (each value only grows,
 * at most SP_NBITS + 1 times), linear in the call graph.
 *
 * Tests: test/resolve/reach.ll (through resolve's folds and remarks).
 */
#include "analysis/analysis.h"

#include <llvm-c/Target.h>

struct Reach {
  Pool pool;          /* everything below */
  PtrMap id;          /* function -> index */
  VEC(LLVMValueRef) fns;
  unsigned *own, *down, *ctx; /* per function, by index */
  bool *reached;
  uint32_t *edge_start; /* callees of fn i: edges[edge_start[i]..[i+1]) */
  uint32_t *edges;
  uint32_t *rev_start, *rev; /* callers, the same way */
  const TgtTable *t;
  unsigned ptr_bits; /* of a generic pointer */
  PtrMap seen_const; /* constants already scanned for casts */
};

/* The bit of named space as; SP_UNKNOWN for generic or a space the table
   does not name (it is not followed here). */
static uint32_t reach_bit(const TgtTable *t, int as) {
  uint32_t b = as == t->generic ? 0 : space_table_bit(t, as);
  return b ? b : SP_UNKNOWN;
}

/* The bits of what v makes generic (space.c's rule). */
static unsigned made_bits(const Reach *r, LLVMValueRef v) {
  int as = space_made(r->t, r->ptr_bits, v);
  return as == LAT_UNINIT ? 0 : as == LAT_GENERIC ? SP_UNKNOWN : reach_bit(r->t, as);
}

/* Spaces cast to generic inside constant c (nested expressions,
   aggregates), memoised. */
static unsigned const_bits(Reach *r, LLVMValueRef c) {
  if (LLVMIsAGlobalValue(c) || !LLVMIsAConstant(c) || LLVMIsAConstantDataSequential(c))
    return 0;
  uint32_t memo = map_find(&r->seen_const, c);
  if (memo != MAP_NONE)
    return memo;
  unsigned bits = LLVMIsAConstantExpr(c) ? made_bits(r, c) : 0;
  int n = LLVMGetNumOperands(c);
  for (int i = 0; i < n; i++)
    bits |= const_bits(r, LLVMGetOperand(c, (unsigned)i));
  map_put(&r->seen_const, c, bits);
  return bits;
}

static unsigned call_bits(Reach *r, LLVMValueRef call) {
  LLVMValueRef f = LLVMGetCalledValue(call);
  if (!f || !LLVMIsAFunction(f))
    return SP_UNKNOWN; /* indirect call, inline asm */
  if (!LLVMIsDeclaration(f))
    return 0; /* an edge */
  return casts_decl_harmless(f) ? 0 : SP_UNKNOWN;
}

static unsigned inst_bits(Reach *r, LLVMValueRef i) {
  unsigned bits = made_bits(r, i);
  switch (LLVMGetInstructionOpcode(i)) {
  case LLVMCall:
  case LLVMInvoke:
  case LLVMCallBr:
    bits |= call_bits(r, i);
    break;
  default:
    break;
  }
  int n = LLVMGetNumOperands(i);
  for (int k = 0; k < n; k++) {
    LLVMValueRef op = LLVMGetOperand(i, (unsigned)k);
    if (op && LLVMIsAConstant(op))
      bits |= const_bits(r, op);
  }
  return bits;
}

/* Generic pointer parameters: what the target's rules say (a kernel's
   global arguments, a device function's private byval copy); a kernel's
   others are unknown (its callers, the host, pass them). */
static unsigned param_bits(Reach *r, LLVMValueRef fn) {
  unsigned bits = 0, n = LLVMCountParams(fn);
  bool kernel = tgt_is_kernel(r->t, fn);
  for (unsigned k = 0; k < n; k++) {
    if (ir_ptr_as(LLVMTypeOf(LLVMGetParam(fn, k))) != r->t->generic)
      continue;
    int as = tgt_param_space(r->t, fn, k);
    if (as != LAT_GENERIC)
      bits |= reach_bit(r->t, as);
    else if (kernel)
      bits |= SP_UNKNOWN;
  }
  return bits;
}

static void flood(Reach *r, unsigned *val, bool forward) {
  const uint32_t *start = r->edge_start, *adj = r->edges;
  VEC(uint32_t) work = {0};
  for (uint32_t i = 0; i < r->fns.n; i++)
    vec_push(&work, i);
  while (work.n) {
    uint32_t i = work.v[--work.n];
    /* forward: push val[i] into successors; else pull from them */
    for (uint32_t e = start[i]; e < start[i + 1]; e++) {
      uint32_t j = adj[e];
      if (forward) {
        unsigned nv = val[j] | val[i];
        if (nv != val[j] || (r->reached[i] && !r->reached[j])) {
          val[j] = nv;
          r->reached[j] = r->reached[j] || r->reached[i];
          vec_push(&work, j);
        }
      } else {
        unsigned nv = val[i] | val[j];
        if (nv != val[i]) {
          val[i] = nv;
          for (uint32_t q = r->rev_start[i]; q < r->rev_start[i + 1]; q++)
            vec_push(&work, r->rev[q]);
        }
      }
    }
  }
  vec_free(&work);
}

Reach *reach_new(const TgtTable *t, LLVMModuleRef m) {
  Reach *r = xcalloc(1, sizeof *r);
  r->t = t;
  r->ptr_bits = 8 * LLVMPointerSizeForAS(LLVMGetModuleDataLayout(m), (unsigned)r->t->generic);
  pool_bind(&r->id, &r->pool);
  pool_bind(&r->seen_const, &r->pool);
  pool_bind(&r->fns, &r->pool);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f)) {
      map_put(&r->id, f, (uint32_t)r->fns.n);
      vec_push(&r->fns, f);
    }
  size_t n = r->fns.n;
  unsigned base = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
    LLVMValueRef init = LLVMGetInitializer(g);
    if (init && !ir_metadata_global(g)) /* LLVM's lists: no code reads them */
      base |= const_bits(r, init);
  }
  /* own masks and call edges */
  Pool tmp = {0}; /* the construction's scratch */
  VEC(uint32_t) from = {.pool = &tmp}, to = {.pool = &tmp};
  r->own = pool_alloc(&r->pool, (n + 1) * sizeof *r->own);
  r->down = pool_alloc(&r->pool, (n + 1) * sizeof *r->down);
  r->ctx = pool_alloc(&r->pool, (n + 1) * sizeof *r->ctx);
  r->reached = pool_alloc(&r->pool, (n + 1) * sizeof *r->reached);
  r->edge_start = pool_alloc(&r->pool, (n + 2) * sizeof *r->edge_start);
  r->rev_start = pool_alloc(&r->pool, (n + 2) * sizeof *r->rev_start);
  for (size_t i = 0; i < n; i++) {
    LLVMValueRef fn = r->fns.v[i];
    unsigned own = param_bits(r, fn);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
        own |= inst_bits(r, in);
        if (LLVMIsACallInst(in) || LLVMIsAInvokeInst(in)) {
          LLVMValueRef c = LLVMGetCalledValue(in);
          uint32_t j = c ? map_find(&r->id, c) : MAP_NONE;
          if (j != MAP_NONE) {
            vec_push(&from, (uint32_t)i);
            vec_push(&to, j);
          }
        }
      }
    r->own[i] = own;
  }
  /* adjacency (callees) and reverse (callers), counting sort */
  r->edges = pool_alloc(&r->pool, (from.n + 1) * sizeof *r->edges);
  r->rev = pool_alloc(&r->pool, (from.n + 1) * sizeof *r->rev);
  for (size_t e = 0; e < from.n; e++) {
    r->edge_start[from.v[e] + 1]++;
    r->rev_start[to.v[e] + 1]++;
  }
  for (size_t i = 0; i < n; i++) {
    r->edge_start[i + 1] += r->edge_start[i];
    r->rev_start[i + 1] += r->rev_start[i];
  }
  {
    uint32_t *fill = pool_alloc(&tmp, (n + 1) * sizeof *fill);
    uint32_t *rfill = pool_alloc(&tmp, (n + 1) * sizeof *rfill);
    for (size_t e = 0; e < from.n; e++) {
      uint32_t a = from.v[e], b = to.v[e];
      r->edges[r->edge_start[a] + fill[a]++] = b;
      r->rev[r->rev_start[b] + rfill[b]++] = a;
    }
  }
  pool_release(&tmp);
  /* down: pull from callees */
  for (size_t i = 0; i < n; i++) {
    r->down[i] = r->own[i];
    r->reached[i] = false;
  }
  flood(r, r->down, false);
  /* ctx: push from kernels to callees */
  for (size_t i = 0; i < n; i++) {
    LLVMValueRef fn = r->fns.v[i];
    r->ctx[i] = 0;
    if (tgt_is_kernel(r->t, fn)) {
      r->ctx[i] = r->down[i] | base;
      r->reached[i] = true;
    }
  }
  flood(r, r->ctx, true);
  bool again = false;
  for (size_t i = 0; i < n; i++)
    if (!r->reached[i] || ir_address_taken(r->fns.v[i]) ||
        world_outside_callers(r->t, r->fns.v[i])) {
      r->ctx[i] |= SP_UNKNOWN;
      r->reached[i] = true;
      again = true;
    }
  if (again)
    flood(r, r->ctx, true);
  return r;
}

uint32_t reach_mask(const Reach *r, LLVMValueRef fn) {
  uint32_t i = map_find(&r->id, fn);
  return i == MAP_NONE ? SP_NAMED | SP_UNKNOWN : r->ctx[i];
}

void reach_names(const TgtTable *t, uint32_t mask, char *buf, size_t cap) {
  size_t o = 0;
  buf[0] = 0;
  for (unsigned b = 0; b <= t->nspaces && b < SP_NBITS; b++) {
    uint32_t bit = b < t->nspaces ? 1u << b : SP_UNKNOWN;
    if (!(mask & bit))
      continue;
    int k = snprintf(buf + o, cap - o, "%s%s", o ? "," : "",
                     b < t->nspaces ? t->spaces[b].name : "unknown");
    if (k < 0 || (size_t)k >= cap - o)
      break;
    o += (size_t)k;
  }
  if (!o)
    snprintf(buf, cap, "none");
}

void reach_free(Reach *r) {
  if (!r)
    return;
  pool_release(&r->pool);
  free(r);
}
