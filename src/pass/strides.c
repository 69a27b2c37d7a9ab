/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* strides.c — a block- or grid-stride loop that moves data between two
 * named spaces kept from LLVM's stride-speculating vectorizer (the
 * plugin's early run, before LLVM's optimizer).
 *
 * Problem.  `for (i = threadIdx.x; i < n; i += blockDim.x) s[i] = g[i];`
 * steps by a launch dimension.  LLVM's LoopVectorizer vectorizes a loop of
 * run-time stride by versioning it on stride == 1 (LoopAccessAnalysis's
 * symbolic strides): a vector copy of the loop that only a block of one
 * thread runs.  In clang's own build the loop's pointers are generic, the
 * load and the store may alias, and the run-time checks that would need
 * make the vectorizer decline; once gasp named them (a global load, a
 * shared store: spaces that cannot alias) nothing stops it.  HeCBench's ss
 * (its pattern copy into shared memory, i8 elements, step blockDim.x)
 * got a <4 x i8> copy under `blockDim.x == 1`: its kernel 93 -> 160 PTX
 * instructions, the unit +18.4%, for a path no launch of more than one
 * thread per block takes.
 *
 * Algorithm.  In every function with a body (optnone ones as written): an
 * induction phi whose value along a back edge is `add phi, S`, S a launch
 * dimension (casts_launch_dim: NVPTX ntid/nctaid, OpenCL get_local_size
 * and the like, CUDA's blockDim getter before inlining; or a product of
 * two, a grid stride), through integer casts.  Its loop (the blocks that
 * reach the back edge's block without passing the phi's block) qualifies
 * when it writes memory and its accesses name two different spaces, the
 * ones gasp's naming told apart (a loop within one space aliases as it did
 * in clang's build, and is left to LLVM).  The back edge's `!llvm.loop`
 * gets `llvm.loop.vectorize.enable false` (other loop properties kept); a
 * loop that already says something of vectorization (a user's pragma) is
 * left alone.  Only the vectorizer's decision changes: no instruction,
 * value or access does.
 *
 * Remark: none.  Debug name: strides.
 * Statistics: strides.loops.  Tests: test/strides/.
 */
#include "pass/pass.h"

#include <llvm-c/DebugInfo.h> /* LLVMTemporaryMDNode, LLVMMetadataReplaceAllUsesWith */
#include <string.h>

static const GaspStatDesc st_loops = {
    "strides.loops",
    "block- and grid-stride loops between two spaces kept from stride-speculative vectorization"};

static LLVMValueRef strip_int_casts(LLVMValueRef v) {
  while (LLVMIsAZExtInst(v) || LLVMIsASExtInst(v) || LLVMIsATruncInst(v))
    v = LLVMGetOperand(v, 0);
  return v;
}

/* Is v a launch dimension, or a product of two (a grid stride)? */
static bool launch_dim(LLVMValueRef v, unsigned depth) {
  v = strip_int_casts(v);
  if (LLVMIsACallInst(v))
    return casts_launch_dim(v);
  return depth && LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == LLVMMul &&
         launch_dim(LLVMGetOperand(v, 0), depth - 1) &&
         launch_dim(LLVMGetOperand(v, 1), depth - 1);
}

/* Is x `add phi, S` (either order), S a launch dimension? */
static bool stride_add(LLVMValueRef x, LLVMValueRef phi) {
  if (!LLVMIsAInstruction(x) || LLVMGetInstructionOpcode(x) != LLVMAdd)
    return false;
  LLVMValueRef a = LLVMGetOperand(x, 0), b = LLVMGetOperand(x, 1);
  return (a == phi && launch_dim(b, 2)) || (b == phi && launch_dim(a, 2));
}

/* A function's blocks by number, and each one's predecessors (made when
   the function has a stride loop). */
typedef struct Cfg {
  PtrMap num;        /* block -> its number */
  ValVec blocks;     /* by number */
  uint32_t *first;   /* preds of block b: pred[first[b] .. first[b+1]) */
  uint32_t *pred;
} Cfg;

static void cfg_make(Cfg *g, LLVMValueRef f) {
  map_init(&g->num);
  g->blocks = (ValVec){0};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
    map_put(&g->num, bb, (uint32_t)g->blocks.n);
    vec_push(&g->blocks, LLVMBasicBlockAsValue(bb));
  }
  size_t n = g->blocks.n, edges = 0;
  g->first = xcalloc(n + 2, sizeof *g->first);
  for (int pass = 0; pass < 2; pass++) {
    if (pass) { /* counts -> starts */
      uint32_t sum = 0;
      for (size_t b = 0; b <= n; b++) {
        uint32_t c = g->first[b];
        g->first[b] = sum;
        sum += c;
      }
      g->pred = xcalloc(edges + 1, sizeof *g->pred);
    }
    uint32_t *fill = pass ? xcalloc(n + 1, sizeof *fill) : NULL;
    for (size_t b = 0; b < n; b++) {
      LLVMValueRef t = LLVMGetBasicBlockTerminator(LLVMValueAsBasicBlock(g->blocks.v[b]));
      unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
      for (unsigned s = 0; s < ns; s++) {
        uint32_t to = map_find(&g->num, LLVMGetSuccessor(t, s));
        if (!pass) {
          g->first[to]++;
          edges++;
        } else {
          g->pred[g->first[to] + fill[to]++] = (uint32_t)b;
        }
      }
    }
    free(fill);
  }
}

static void cfg_free(Cfg *g) {
  map_free(&g->num);
  vec_free(&g->blocks);
  free(g->first);
  free(g->pred);
}

/* Does the loop of header h and back-edge block latch write memory while
   its accesses name two different spaces? */
static bool moves_between_spaces(const Cfg *g, uint32_t h, uint32_t latch, int generic) {
  size_t n = g->blocks.n;
  bool *in = xcalloc(n, sizeof *in);
  uint32_t *work = xmalloc(n * sizeof *work);
  size_t top = 0;
  in[h] = true;
  if (!in[latch]) {
    in[latch] = true;
    work[top++] = latch;
  }
  while (top) {
    uint32_t b = work[--top];
    for (uint32_t k = g->first[b]; k < g->first[b + 1]; k++)
      if (!in[g->pred[k]]) {
        in[g->pred[k]] = true;
        work[top++] = g->pred[k];
      }
  }
  bool writes = false;
  int space = -1, other = -1;
  for (size_t b = 0; b < n; b++) {
    if (!in[b])
      continue;
    LLVMBasicBlockRef bb = LLVMValueAsBasicBlock(g->blocks.v[b]);
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      LLVMValueRef ptrs[2];
      unsigned np = ir_mem_ptrs(i, ptrs);
      writes |= np && !LLVMIsALoadInst(i);
      for (unsigned k = 0; k < np; k++) {
        int as = ir_ptr_as(LLVMTypeOf(ptrs[k]));
        if (as == generic)
          continue;
        if (space < 0)
          space = as;
        else if (as != space)
          other = as;
      }
    }
  }
  free(in);
  free(work);
  return writes && other >= 0;
}

/* Does loop metadata md already say something of vectorization (an
   operand !{!"llvm.loop.vectorize...", ...})? */
static bool says_vectorize(LLVMValueRef md) {
  unsigned n = LLVMGetMDNodeNumOperands(md);
  LLVMValueRef *ops = xcalloc(n + 1, sizeof *ops);
  LLVMGetMDNodeOperands(md, ops);
  bool says = false;
  for (unsigned k = 1; k < n && !says; k++) {
    unsigned m = ops[k] && LLVMIsAMDNode(ops[k]) ? LLVMGetMDNodeNumOperands(ops[k]) : 0;
    if (!m)
      continue;
    LLVMValueRef *sub = xcalloc(m, sizeof *sub);
    LLVMGetMDNodeOperands(ops[k], sub);
    unsigned len = 0;
    const char *s = sub[0] ? LLVMGetMDString(sub[0], &len) : NULL;
    says = s && len >= 19 && !strncmp(s, "llvm.loop.vectorize", 19);
    free(sub);
  }
  free(ops);
  return says;
}

/* The back edge term's !llvm.loop with vectorize.enable false added (a
   new distinct node: its first operand is itself).  False when the loop
   already says something of vectorization. */
static bool no_vectorize(LLVMContextRef c, LLVMValueRef term) {
  unsigned kind = LLVMGetMDKindIDInContext(c, "llvm.loop", 9);
  LLVMValueRef old = LLVMGetMetadata(term, kind);
  if (old && says_vectorize(old))
    return false;
  unsigned n = old ? LLVMGetMDNodeNumOperands(old) : 0;
  LLVMValueRef *ops = xcalloc(n + 1, sizeof *ops);
  if (old)
    LLVMGetMDNodeOperands(old, ops);
  LLVMMetadataRef *md = xcalloc(n + 2, sizeof *md);
  LLVMMetadataRef self = LLVMTemporaryMDNode(c, NULL, 0);
  size_t k = 0;
  md[k++] = self;
  for (unsigned i = 1; i < n; i++)
    if (ops[i])
      md[k++] = LLVMValueAsMetadata(ops[i]);
  static const char key[] = "llvm.loop.vectorize.enable";
  LLVMMetadataRef prop[2] = {
      LLVMMDStringInContext2(c, key, sizeof key - 1),
      LLVMValueAsMetadata(LLVMConstInt(LLVMInt1TypeInContext(c), 0, false))};
  md[k++] = LLVMMDNodeInContext2(c, prop, 2);
  LLVMMetadataRef node = LLVMMDNodeInContext2(c, md, k);
  LLVMMetadataReplaceAllUsesWith(self, node); /* a self-reference: distinct */
  LLVMSetMetadata(term, kind, LLVMMetadataAsValue(c, node));
  free(md);
  free(ops);
  return true;
}

/* f's stride loops marked; returns how many. */
static unsigned mark_function(const TgtTable *t, LLVMValueRef f) {
  LLVMContextRef c = LLVMGetModuleContext(LLVMGetGlobalParent(f));
  Cfg g;
  bool made = false;
  unsigned n = 0;
  for (LLVMBasicBlockRef h = LLVMGetFirstBasicBlock(f); h; h = LLVMGetNextBasicBlock(h))
    for (LLVMValueRef phi = LLVMGetFirstInstruction(h); phi && LLVMIsAPHINode(phi);
         phi = LLVMGetNextInstruction(phi))
      for (unsigned k = 0; k < LLVMCountIncoming(phi); k++) {
        if (!stride_add(LLVMGetIncomingValue(phi, k), phi))
          continue;
        if (!made) {
          cfg_make(&g, f);
          made = true;
        }
        LLVMBasicBlockRef latch = LLVMGetIncomingBlock(phi, k);
        uint32_t hn = map_find(&g.num, h), ln = map_find(&g.num, latch);
        if (moves_between_spaces(&g, hn, ln, t->generic) &&
            no_vectorize(c, LLVMGetBasicBlockTerminator(latch)))
          n++;
      }
  if (made)
    cfg_free(&g);
  return n;
}

bool strides_run(PassRun *run) {
  const TgtTable *t = run->cx->tgt;
  unsigned loops = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(run->m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && !ir_optnone(f))
      loops += mark_function(t, f);
  cx_stat(run->cx, &st_loops, loops);
  return loops != 0;
}
