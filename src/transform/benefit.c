/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* benefit.c — what a clone would buy: the clone cost model's benefit side,
 * for ipmsp (which decides; the cost side and the limit are specialize.c's).
 *
 * Parameters are (function, index) pairs; the caller numbers the functions
 * (ipmsp: its records) and says, through BenefitHost, which callee
 * parameters it weighs (a candidate's generic pointer parameter).  Answers
 * are kept per parameter until the caller forgets a function (its body or its
 * calls changed: benefit_forget).
 *
 * Pays.  A clone costs a copy of the body; it pays only when a named space for
 * one of its parameters lets some access get a named space.  Parameter k of
 * f "pays" when its value reaches, through address arithmetic (GEP, casts,
 * phi, select, freeze, llvm.ptrmask, a ptrtoint/inttoptr pair), a memory
 * access's pointer operand, an explicit cast or space test (resolve folds
 * it), or a parameter of a candidate callee that pays.  Uses gasp cannot
 * see past — stored as a value, returned, put into an aggregate or vector,
 * passed to an intrinsic that may access memory — count as paying (clone
 * rather than lose an access).  Comparisons, integer arithmetic, external
 * functions (which keep their generic parameters) and intrinsics that do not
 * access memory through it do not pay.  A clone whose tuple keeps a named
 * space only for parameters that do not pay is not made
 * (ipmsp.clones-not-paying); the remaining parameters keep generic in the
 * tuple, so call sites that differ only there share one clone.
 *
 * "Does (f, k) pay?" is reachability in the graph of (function, parameter)
 * pairs: local facts decide some, calls add edges to callee parameters.  A
 * depth-first search from the asked one stops at the first that pays
 * locally; when it drains without one, every one it visited cannot reach
 * one either (their reachable sets are inside the one explored) and all are
 * recorded as not paying.
 *
 * Named uses (benefit_named_uses): every use a named space for (f, k)
 * names, each weighted by its loop depth (dom_use_weight; 0 beside a
 * print call, and a pointer only printed is no use), and for a call
 * passing the named pointer on to a callee parameter that pays, what it
 * names down its calls (REACH_DEPTH levels, then 1 per paying parameter;
 * a cycle counts the one being weighed as 1): a clone of f is what lets its
 * callees' clones be called.  Under a clone cost limit a callee counts net
 * of its own copy (its size / the limit): the caller's copy passes the
 * callee a space its other calls do not, so the callee is copied too, and
 * what does not pay for that copy pays for neither.
 *
 * Tests (through ipmsp): test/ipmsp/clone-pays.ll, clone-cost.ll,
 * clone-cost-loops.ll, clone-cost-reach.ll, clone-cost-print.ll.
 */
#include "transform/transform.h"

#include <limits.h>

enum { PAY_UNKNOWN = 0, PAY_YES = 1, PAY_NO = 2 };
#define USES_UNKNOWN UINT_MAX    /* not weighed yet */
#define USES_BUSY (UINT_MAX - 1) /* being weighed (a cycle) */

/* One function's answers, per parameter. */
typedef struct BenefitFn {
  unsigned np;
  signed char *pay;     /* PAY_UNKNOWN / PAY_YES / PAY_NO */
  signed char *pay_split; /* the same in a space that splits wide accesses
                             (benefit_pays_split: f's own piece size, one answer) */
  signed char *generic[2]; /* benefit_needs_generic's answers, by ret_named */
  unsigned *reach_uses; /* named uses here and down the calls (USES_UNKNOWN) */
  Dom *dom;             /* its loop depths, made when first weighed (the CFG
                           stays until benefit_forget) */
} BenefitFn;

struct Benefit {
  Pool pool;
  const TgtTable *t;
  BenefitHost host;
  VEC(BenefitFn *) fns; /* by the host's function number; NULL: none yet */
  Fwd walk;             /* local_uses' walk, one for all (it is not re-entered) */
};

Benefit *benefit_new(const TgtTable *t, BenefitHost host) {
  Benefit *b = xcalloc(1, sizeof *b);
  b->t = t;
  b->host = host;
  pool_bind(&b->fns, &b->pool);
  fwd_init(&b->walk, FWD_LIFO | FWD_DEDUP);
  return b;
}

void benefit_free(Benefit *b) {
  if (!b)
    return;
  for (size_t f = 0; f < b->fns.n; f++)
    if (b->fns.v[f])
      dom_free(b->fns.v[f]->dom);
  fwd_free(&b->walk);
  pool_release(&b->pool);
  free(b);
}

static void reset(BenefitFn *fi) {
  dom_free(fi->dom);
  fi->dom = NULL;
  for (unsigned k = 0; k < fi->np; k++) {
    fi->pay[k] = PAY_UNKNOWN;
    fi->pay_split[k] = PAY_UNKNOWN;
    fi->generic[0][k] = fi->generic[1][k] = PAY_UNKNOWN;
    fi->reach_uses[k] = USES_UNKNOWN;
  }
}

/* f's answers, made (all unknown) when first asked. */
static BenefitFn *answers(Benefit *b, uint32_t f) {
  while (b->fns.n <= f)
    vec_push(&b->fns, NULL);
  BenefitFn *fi = b->fns.v[f];
  if (!fi) {
    fi = b->fns.v[f] = pool_record(&b->pool, sizeof *fi);
    fi->np = LLVMCountParams(b->host.fn_of(b->host.arg, f));
    fi->pay = pool_record(&b->pool, (fi->np + 1) * sizeof *fi->pay);
    fi->pay_split = pool_record(&b->pool, (fi->np + 1) * sizeof *fi->pay_split);
    for (int r = 0; r < 2; r++)
      fi->generic[r] = pool_record(&b->pool, (fi->np + 1) * sizeof *fi->generic[r]);
    fi->reach_uses = pool_record(&b->pool, (fi->np + 1) * sizeof *fi->reach_uses);
    fi->dom = NULL;
    reset(fi);
  }
  return fi;
}

void benefit_forget(Benefit *b, uint32_t f) {
  if (f < b->fns.n && b->fns.v[f])
    reset(b->fns.v[f]);
}

/* The walk follows the loads of stack alloca a (directly or through
   address-space casts), each once. */
static void reloads(LLVMValueRef a, Fwd *w, Place at) {
  for (LLVMUseRef x = LLVMGetFirstUse(a); x; x = LLVMGetNextUse(x)) {
    LLVMValueRef u = LLVMGetUser(x);
    if (LLVMIsAAddrSpaceCastInst(u))
      reloads(u, w, at);
    else if (LLVMIsALoadInst(u))
      fwd_follow(w, u, at);
  }
}

/* Does bb call a print builtin (casts_is_print)? */
static bool prints_in(LLVMBasicBlockRef bb) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
    if (LLVMIsACallInst(i) && casts_is_print(i))
      return true;
  return false;
}

/* A use's weight in the clone cost model: its loop depth's
   (dom_use_weight), but 0 in a block that prints: it runs once per print
   call, whose cost (a buffer, a trap to the host's runtime) swamps what a
   named access saves (printf-calling helpers cloned per space: +67% PTX
   instructions, twice the .local bytes, for nothing measurable). */
static unsigned use_weight(Dom **dom, LLVMValueRef at) {
  return LLVMIsAInstruction(at) && prints_in(LLVMGetInstructionParent(at))
             ? 0
             : dom_use_weight(dom, at);
}

/* Is v (a stack buffer, or an address of it) read by a print call, a few
   casts and address computations deep? */
static bool read_by_print(LLVMValueRef v, unsigned depth) {
  for (LLVMUseRef x = LLVMGetFirstUse(v); x; x = LLVMGetNextUse(x)) {
    LLVMValueRef u = LLVMGetUser(x);
    if (LLVMIsACallInst(u) && casts_is_print(u))
      return true;
    if (depth && (LLVMIsAAddrSpaceCastInst(u) || LLVMIsABitCastInst(u) ||
                  LLVMIsAGetElementPtrInst(u)) && read_by_print(u, depth - 1))
      return true;
  }
  return false;
}

/* Is p, a store's address, in a stack buffer a print call reads (CUDA's
   vprintf argument buffer)?  A pointer stored there is printed, not
   accessed: naming its space saves nothing. */
static bool print_buffer(LLVMValueRef p) {
  for (unsigned depth = 0; depth < 8 && (LLVMIsAGetElementPtrInst(p) ||
                                         LLVMIsAAddrSpaceCastInst(p) || LLVMIsABitCastInst(p));
       depth++)
    p = LLVMGetOperand(p, 0);
  return LLVMIsAAllocaInst(p) && read_by_print(p, 2);
}

/* Is i an access through v (its pointer operand) that the back end would
   split into pieces of `piece` bytes in the space asked about
   (tgt_split_bytes; 0: it splits none)?  Named, each piece is an
   instruction where the flat access is one, and the pieces do not merge:
   llc's load-store optimizer makes one flat_store_dwordx4 of two adjacent
   8-byte flat stores, and each split buffer store waits for the load it
   stores (s_waitcnt vmcnt).  Two pieces were taken to break even (the flat
   access waits on two counters, the named one on one) until genprog
   --writers' cursor structs of pointers, on gfx90a: 21 of 40 kernels had
   more waits than clang's build, 14 of 40 were not worse in any column
   (bench/random, random-writers.md); with every split access left flat,
   23 of 40 (random.md 31 -> 34, --vectors 28 -> 34), fewer instructions
   and waits in every random report, public programs unchanged. */
static bool too_wide(LLVMValueRef i, LLVMValueRef v, unsigned piece) {
  if (!piece || !(LLVMIsALoadInst(i) || LLVMIsAStoreInst(i) || LLVMIsAAtomicRMWInst(i) ||
                  LLVMIsAAtomicCmpXchgInst(i)) ||
      LLVMGetOperand(i, ir_ptr_operand(i)) != v)
    return false;
  /* what moves: a load's result, else the value operand (a store's 0, an
     atomic's 1: the new value) */
  LLVMTypeRef ty = LLVMIsALoadInst(i) ? LLVMTypeOf(i)
                                      : LLVMTypeOf(LLVMGetOperand(i, LLVMIsAStoreInst(i) ? 0 : 1));
  LLVMModuleRef m = LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(i)));
  return LLVMStoreSizeOfType(LLVMGetModuleDataLayout(m), ty) > piece;
}

/* Local facts of parameter (f, k): the uses of the parameter's value that pay by
   themselves (accesses, explicit casts, uses gasp cannot see past), counted
   up to `stop` (1: "does it pay?"; UINT_MAX: all of them, the clone cost
   model's benefit, each weighted by its loop depth — dom_use_weight — and
   *raw, when not NULL, gets them unweighted); the callee parameters it flows
   into are pushed to edges. */
static unsigned local_uses(Benefit *b, uint32_t f, unsigned k, BenefitParamVec *edges,
                           unsigned stop, unsigned *raw, unsigned piece) {
  Dom **dom = &answers(b, f)->dom;
  unsigned count = 0;
#define USE(at) (count++, uses += stop == UINT_MAX ? use_weight(dom, (at)) : 1, uses >= stop)
  Fwd *w = &b->walk;
  fwd_start(w, LLVMGetParam(b->host.fn_of(b->host.arg, f), k), place_at(0, 0));
  unsigned uses = 0;
  bool yes = false;
  for (FwdUse fu; !yes && fwd_next(w, &fu);) {
    LLVMValueRef i = fu.user, v = fu.v;
    bool follow = LLVMIsAInstruction(i) && fwd_is_move(fu.kind);
    if (!follow) {
      switch (LLVMIsAInstruction(i) && ir_opcode(i) != LLVMCallBr ? fu.kind : FWD_OTHER) {
      case FWD_TOPTR:
        follow = true;
        break;
      case FWD_TOINT: /* only a no-op pair back to a pointer */
        for (LLVMUseRef x = LLVMGetFirstUse(i); x; x = LLVMGetNextUse(x))
          if (LLVMIsAIntToPtrInst(LLVMGetUser(x)))
            fwd_follow(w, LLVMGetUser(x), fu.at);
        break;
      case FWD_CMP:
        break;
      case FWD_CALL: {
        /* printed (a variadic argument, CUDA's argument buffer), not
           accessed; the format (operand 0) counts: SPIR-V's printf wants it
           constant */
        if (LLVMIsACallInst(i) && casts_is_print(i) && LLVMGetOperand(i, 0) != v)
          break;
        unsigned nargs = LLVMGetNumArgOperands(i);
        LLVMValueRef callee = ir_callee(i);
        uint32_t c = callee ? b->host.id_of(b->host.arg, callee) : MAP_NONE;
        CastFn cf;
        for (unsigned a = 0; a < nargs && !yes; a++) {
          if (LLVMGetOperand(i, a) != v)
            continue;
          if (ir_arg_byval(i, a)) { /* the call reads it: the back end's copy */
            yes = USE(i);
            continue;
          }
          if (c != MAP_NONE && LLVMGetFirstBasicBlock(callee)) {
            if (b->host.is_weighed(b->host.arg, c, a)) {
              BenefitParam e = {c, a};
              vec_push(edges, e);
            }
            continue;
          }
          if (a == 0 && LLVMIsACallInst(i) && casts_match(b->t, i, &cf)) {
            yes = USE(i);
            continue;
          }
          switch (ir_call_arg_use(i, a)) {
          case IR_ARG_ACCESS:
          case IR_ARG_UNKNOWN:
            yes = USE(i);
            break;
          case IR_ARG_ADDRESS:
            follow = true;
            break;
          case IR_ARG_NOACCESS:
          case IR_ARG_CALLEE:
            break;
          }
        }
        break;
      }
      case FWD_STORE: /* counting: a spill into a stack alloca is followed to
                         its reloads (-O0 code keeps every parameter there) */
        if (stop == UINT_MAX && LLVMGetOperand(i, 0) == v) {
          LLVMValueRef a = ir_alloca_of(LLVMGetOperand(i, 1));
          if (a) {
            reloads(a, w, fu.at);
            break;
          }
        }
        if (LLVMGetOperand(i, 0) == v && print_buffer(LLVMGetOperand(i, 1)))
          break;
        if (!too_wide(i, v, piece))
          yes = USE(i);
        break;
      default: /* load/store/atomics (pointer or value), ret, aggregates */
        if (!too_wide(i, v, piece))
          yes = USE(i);
      }
    }
    if (follow)
      fwd_follow(w, i, fu.at);
  }
#undef USE
  if (raw)
    *raw = count;
  return uses;
}

/* Does parameter (f, k)'s value leave f's body as a generic pointer:
   returned (unless ret_named: the return will be named in its space too),
   stored as a value, put into an aggregate, turned into an integer, handed
   to a function gasp cannot see into (a declaration, a print, an intrinsic
   that may keep it)?  Named, each such use needs a cast back
   (benefit_needs_generic). */
bool benefit_needs_generic(Benefit *b, uint32_t f, unsigned k, bool ret_named) {
  signed char *known = &answers(b, f)->generic[ret_named][k];
  if (*known != PAY_UNKNOWN)
    return *known == PAY_YES;
  Fwd *w = &b->walk;
  LLVMValueRef fn = b->host.fn_of(b->host.arg, f);
  fwd_start(w, LLVMGetParam(fn, k), place_at(0, 0));
  bool yes = false;
  for (FwdUse fu; !yes && fwd_next(w, &fu);) {
    LLVMValueRef i = fu.user, v = fu.v;
    if (!LLVMIsAInstruction(i) || ir_opcode(i) == LLVMCallBr) {
      yes = true;
      break;
    }
    switch (fu.kind) {
    case FWD_GEP:
    case FWD_CAST:
    case FWD_MERGE:
    case FWD_TOPTR:
      fwd_follow(w, i, fu.at);
      break;
    case FWD_CMP:
    case FWD_LOAD:
      break;
    case FWD_STORE:
    case FWD_ATOMIC:
      yes = LLVMGetOperand(i, ir_ptr_operand(i)) != v ||
            (LLVMIsAStoreInst(i) && LLVMGetOperand(i, 0) == v);
      break;
    case FWD_CALL: {
      LLVMValueRef callee = ir_callee(i);
      uint32_t c = callee ? b->host.id_of(b->host.arg, callee) : MAP_NONE;
      CastFn cf;
      for (unsigned a = 0, n = LLVMGetNumArgOperands(i); a < n && !yes; a++) {
        if (LLVMGetOperand(i, a) != v || ir_arg_byval(i, a))
          continue;
        if (c != MAP_NONE && LLVMGetFirstBasicBlock(callee)) {
          yes = !b->host.is_weighed(b->host.arg, c, a); /* a parameter that keeps generic */
          continue;
        }
        if (a == 0 && LLVMIsACallInst(i) && casts_match(b->t, i, &cf))
          continue;
        switch (ir_call_arg_use(i, a)) {
        case IR_ARG_UNKNOWN:
          yes = true;
          break;
        case IR_ARG_ADDRESS:
          fwd_follow(w, i, fu.at);
          break;
        default:
          break;
        }
      }
      if (LLVMGetCalledValue(i) == v)
        yes = true;
      break;
    }
    default: /* a ptrtoint, a return, an aggregate, a GEP's index, ... */
      yes = !LLVMIsAReturnInst(i) || !ret_named;
    }
  }
  *known = yes ? PAY_YES : PAY_NO;
  return yes;
}

bool benefit_pays(Benefit *b, uint32_t f, unsigned k) {
  if (answers(b, f)->pay[k] != PAY_UNKNOWN)
    return answers(b, f)->pay[k] == PAY_YES;
  BenefitParamVec stack = {0}, visited = {0}, edges = {0};
  BenefitParam s0 = {f, k};
  vec_push(&stack, s0);
  answers(b, f)->pay[k] = PAY_NO; /* provisional: marks "visited" */
  vec_push(&visited, s0);
  bool yes = false;
  while (stack.n && !yes) {
    BenefitParam s = stack.v[--stack.n];
    edges.n = 0;
    if (local_uses(b, s.f, s.k, &edges, 1, NULL, 0)) {
      yes = true;
      break;
    }
    for (size_t e = 0; e < edges.n && !yes; e++) {
      signed char st = answers(b, edges.v[e].f)->pay[edges.v[e].k];
      if (st == PAY_YES) {
        yes = true;
      } else if (st == PAY_UNKNOWN) {
        answers(b, edges.v[e].f)->pay[edges.v[e].k] = PAY_NO;
        vec_push(&visited, edges.v[e]);
        vec_push(&stack, edges.v[e]);
      }
    }
  }
  /* a "no" is final only when the search drained; otherwise only the
     asked parameter is known (it pays) and the others are forgotten */
  for (size_t i = 0; i < visited.n; i++)
    answers(b, visited.v[i].f)->pay[visited.v[i].k] = yes ? PAY_UNKNOWN : PAY_NO;
  answers(b, f)->pay[k] = yes ? PAY_YES : PAY_NO;
  vec_free(&stack);
  vec_free(&visited);
  vec_free(&edges);
  return yes;
}

bool benefit_pays_split(Benefit *b, uint32_t f, unsigned k, unsigned piece) {
  if (!piece)
    return benefit_pays(b, f, k);
  BenefitFn *fi = answers(b, f);
  if (fi->pay_split[k] != PAY_UNKNOWN)
    return fi->pay_split[k] == PAY_YES;
  /* the space splits wide accesses: f's own uses but those, or a callee
     parameter that pays (weighed in any space: a callee's clone decides
     again for itself) */
  BenefitParamVec edges = {0};
  bool yes = local_uses(b, f, k, &edges, 1, NULL, piece) != 0;
  for (size_t e = 0; e < edges.n && !yes; e++)
    yes = benefit_pays(b, edges.v[e].f, edges.v[e].k);
  vec_free(&edges);
  fi->pay_split[k] = yes ? PAY_YES : PAY_NO; /* the record stays where the pool put it */
  return yes;
}

/* How deep reach_uses follows calls: the callee's own decision weighs the
   rest, and a bound keeps the walk linear in a chain of helpers. */
#define REACH_DEPTH 4

static unsigned reach_uses(Benefit *b, uint32_t f, unsigned k, unsigned depth);

/* The uses a named space for parameter k of f names, depth calls below
   the function weighed (above); raw: f's own unweighted, plus the calls'. */
static unsigned named_uses(Benefit *b, uint32_t f, unsigned k, unsigned depth, unsigned *raw) {
  BenefitParamVec edges = {0};
  unsigned r = 0;
  unsigned n = local_uses(b, f, k, &edges, UINT_MAX, &r, 0);
  for (size_t e = 0; e < edges.n; e++) {
    unsigned p = depth + 1 < REACH_DEPTH ? reach_uses(b, edges.v[e].f, edges.v[e].k, depth + 1)
                                          : benefit_pays(b, edges.v[e].f, edges.v[e].k);
    n += p;
    r += p;
  }
  vec_free(&edges);
  if (raw)
    *raw = r;
  return n;
}

/* named_uses for a callee parameter: 0 when it does not pay, else under a
   clone cost limit what it names beyond its own copy's cost (size / limit),
   without one at least 1; once per parameter (a cycle counts the one being
   weighed as 1). */
static unsigned reach_uses(Benefit *b, uint32_t f, unsigned k, unsigned depth) {
  BenefitFn *fi = answers(b, f);
  if (!benefit_pays(b, f, k))
    return 0;
  if (fi->reach_uses[k] == USES_BUSY)
    return 1;
  if (fi->reach_uses[k] != USES_UNKNOWN)
    return fi->reach_uses[k];
  fi->reach_uses[k] = USES_BUSY;
  unsigned n = named_uses(b, f, k, depth, NULL);
  if (b->host.limit > 0) {
    /* the caller's copy calls f with the space: f needs a copy too, which
       costs its size; only what f names beyond that pays for the caller's
       (random programs' perm_a, cloned per space for perm_b's two
       accesses, perm_b's own copies then refused: three clones that cast
       back to generic) */
    unsigned long own = b->host.size_of(b->host.arg, f) / (unsigned long)b->host.limit;
    n = n > own ? (unsigned)(n - own) : 0;
  } else if (n < 1) {
    n = 1;
  }
  if (n >= USES_BUSY)
    n = USES_BUSY - 1;
  fi->reach_uses[k] = n;
  return n;
}

unsigned benefit_named_uses(Benefit *b, uint32_t f, unsigned k, unsigned *raw) {
  return named_uses(b, f, k, 0, raw);
}

/* ---- casts that must be shared ------------------------------------------
 * Where a cast to a space is an instruction of its own and a generic access
 * there costs no more than a named one (tgt_cast_shared), a new cast of a
 * generic root pays when the accesses it names weigh 2 or more: a load,
 * store, atomic or memory intrinsic through root, or through a value
 * `follow` accepts that is built from it, 1 each (2 where its loops run it
 * more often than root: dom_use_weight); an existing cast of it to the space 2 (reused, no
 * new one); handed to a defined callee or returned 2 (ipmsp weighs the
 * callee).  The walk stops at 2.  Test: test/infer/cast-shared-nvptx.ll. */

void benefit_report_unshared(GaspCtx *cx, LLVMValueRef fn, unsigned n) {
  if (!n || !cx_wants(cx, GASP_REMARK_MISSED))
    return;
  GaspRemark *r = cx_remark(cx, GASP_REMARK_MISSED, "CastNotShared", fn, NULL);
  rm_arg(r, "Accesses", "%u", n);
  rm_arg(r, "String", " generic access%s kept generic: the cast naming %s would serve "
                      "no other access (a cvta.to.global each; the device gains nothing)",
         n == 1 ? "" : "es", n == 1 ? "it" : "each");
  rm_done(r);
}

bool benefit_cast_shared(LLVMValueRef root, int as, Dom **dom, BenefitFollow follow, void *arg) {
  unsigned base = LLVMIsAInstruction(root) ? dom_use_weight(dom, root) : 1, w = 0;
  ValVec walk = {0};
  PtrMap seen = {0};
  vec_push(&walk, root);
  map_put(&seen, root, 1);
  while (walk.n && w < 2) {
    LLVMValueRef x = walk.v[--walk.n];
    for (LLVMUseRef u = LLVMGetFirstUse(x); u && w < 2; u = LLVMGetNextUse(u)) {
      LLVMValueRef i = LLVMGetUser(u);
      if (!LLVMIsAInstruction(i))
        continue;
      unsigned here = dom_use_weight(dom, i) > base ? 2 : 1;
      switch (LLVMGetInstructionOpcode(i)) {
      case LLVMLoad:
      case LLVMStore:
      case LLVMAtomicRMW:
      case LLVMAtomicCmpXchg:
        w += LLVMGetOperand(i, ir_ptr_operand(i)) == x ? here : 0; /* not a stored value */
        break;
      case LLVMAddrSpaceCast:
        w += ir_ptr_as(LLVMTypeOf(i)) == as ? 2 : 0;
        break;
      case LLVMCall:
      case LLVMRet:
        w += ir_mem_intrin(i) ? here : ir_hands_out(i) ? 2 : 0;
        break;
      case LLVMPtrToInt: /* an inttoptr(ptrtoint) pair: its inttoptr */
        for (LLVMUseRef v = LLVMGetFirstUse(i); v; v = LLVMGetNextUse(v))
          if (!map_get(&seen, LLVMGetUser(v), NULL) && follow(LLVMGetUser(v), arg)) {
            map_put(&seen, LLVMGetUser(v), 1);
            vec_push(&walk, LLVMGetUser(v));
          }
        break;
      default:
        if (!map_get(&seen, i, NULL) && follow(i, arg)) {
          map_put(&seen, i, 1);
          vec_push(&walk, i);
        }
        break;
      }
    }
  }
  vec_free(&walk);
  map_free(&seen);
  return w >= 2;
}
