/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* fields.c — context sensitivity through aggregates of pointers.
 *
 * Problem.  A kernel builds a struct of pointers in private memory and
 * passes its address to a helper, and each call site stores different
 * spaces:
 *     Job j1 = {global_in, local_tmp}; run(&j1);
 *     Job j2 = {local_tmp, global_out}; run(&j2);
 * Inside `run` a pointer loaded from the struct may be global or local,
 * so memory summaries (memsum) can only say "generic".  Per call site the
 * answer is one space per field.
 *
 * Algorithm.  For each call passing the address of a private aggregate (an
 * alloca memory.c models, at a constant offset d; an aggregate parameter
 * that already has field facts; or a kernel's by-value block, which holds
 * what the host wrote — global pointers — and what the kernel stores
 * there: NVPTX's `ptr byval`, handed to readers uncopied, byvalcopy.c;
 * test/fields/kernel-byval.ll) to parameter k of a defined function g
 * that only reads through it (readers.c, mem_param_reads_only: loads,
 * comparisons, copies out, callees that only read) or writes only what a
 * caller's model lists (memory.c, mem_param_writes_fields: at constant
 * offsets, integers, its own parameters, constants, copies of the
 * aggregate's own fields — a stream's running CRC, a cursor moved on):
 *   1. the offsets o at which g loads a generic pointer through parameter k
 *      (constant GEPs from it);
 *   2. per offset, the spaces of every pointer the caller stores at d + o
 *      (space.c, space_field: flow-insensitive, every store of the
 *      function; a null where that space's null is not zero, or anything
 *      memory.c cannot list, gives no fact);
 *   3. the offsets with one named space are the call's shape.  Calls with
 *      the same shape share a clone of g (internal, `g.f<k>o<off>as<s>_...`)
 *      carrying `!gasp.fields` (schema.c, schema_fields_set); an internal g
 *      whose every use is a call of one shape is annotated in place.  The
 *      clone is inferred at once: its loads of those fields are that space
 *      (memory.c models the parameter's aggregate with the caller's
 *      pointers there at entry), and ipmsp, which runs next, carries the
 *      loaded pointers into g's callees.
 * Functions are visited in module order, then every function given facts
 * (a clone, or one annotated in place) again, so a reader that hands its
 * aggregate on to another reader passes the facts on (the offsets a call
 * asks for are those the callee or the readers it calls load).  An
 * internal original left without a use is deleted.
 *
 * Soundness.  The aggregate's address reaches nothing but loads, stores
 * into it in the caller, readers and writers (memory.c's model of the
 * caller fails otherwise, and space_field gives no fact): nothing else can
 * write it, so what the caller stored anywhere in its body, and what the
 * writers it calls store (in the caller's terms: its arguments, constants,
 * field copies), is all it can hold, at any call.  The clone starts from
 * that; its own stores into the aggregate are memory.c's accesses of the
 * parameter's region, joined to the entry facts in its slots — which is
 * why a call handing g a second pointer into the same aggregate gives no
 * facts (g's writes through that one are not in the model).  The clone
 * is internal and called only with that shape.  A g the linker could
 * replace (weak, linkonce) is neither reader nor writer.
 *
 * Example (spir64):
 *   store ptr addrspace(4) %g, ptr %j1 ; global at 0
 *   store ptr addrspace(4) %l, ptr %j1.8 ; local at 8
 *   call void @run(ptr addrspace(4) %j1.generic)
 *     ->  call void @run.f0o0as1_0o8as3(...)   !gasp.fields !{i32 0, i64 0,
 *         i32 1, i32 0, i64 8, i32 3}
 *
 * Places: the callee's offsets are places too (memory.c): a load through
 * `&items[i].data` (i known at run time) is at "0 every 16 bytes", and the
 * caller's answer is every store at d + o plus a multiple of the two
 * strides' gcd — the field in every element the callee may index; the
 * clone's name then says `g.f<k>o<off>s<stride>as<s>` and its fact holds
 * `<2 x i64> <off, stride>` (test/fields/strided.cl).  A private pointer
 * table `tab[k & 1][i]` handed to a helper is named so
 * (bench/pipeline/opencl/ptr_tables.cl).
 *
 * Cost: clones count against the run's one --clone-budget (shared with
 * ipmsp) and follow the clone cost model (specialize.c, "What cloning
 * costs"): the uses a copy names are the accesses through, and calls
 * passing, the pointers it loads from the fields the facts name; otherwise
 * a Missed remark CloneTooCostly and fields.too-costly, and the calls keep
 * the original.  A refused call to an internal g called only directly
 * waits until every function was looked at (settle): when each use of g
 * is such a call with the same shape, g takes it in place — no copy, so
 * nothing to pay (hashcat's zip kernels: ipmsp's copy of the decompressor,
 * called twice by each kernel, whose CRC table reads were left generic).
 *
 * Limits: the shape is per call, not per path; a reader's own callees get
 * facts only through a clone of the reader; a field read at a run-time
 * offset in the callee (a helper walking an array of Tasks) and pointers
 * stored into a struct through a phi or select in a writer are not named.
 *
 * Requires: a module that verifies.  Debug name: fields.  Statistics:
 * fields.*.  Tests: test/fields/.
 */
#include "pass/pass.h"

#include <string.h>

static const GaspStatDesc st_clones = {"fields.clones",
                                       "clones made for the field shape of their callers"};
static const GaspStatDesc st_inplace = {
    "fields.annotated", "functions given their callers' field shape in place"};
static const GaspStatDesc st_costly = {
    "fields.too-costly",
    "functions not cloned for a field shape: the copy costs more than --clone-cost a use named"};
static const GaspStatDesc st_calls = {"fields.calls-redirected",
                                      "calls sent to a clone for their field shape"};

typedef VEC(Place) OffVec; /* places in an aggregate (memory.c's) */

/* A call whose copy did not pay, waiting to see its callee's other calls. */
typedef struct Waiting {
  LLVMValueRef g, call;
  char *key; /* the shape's name (specs_key_fields) */
  MemFieldFact *facts; /* the shape (n facts, heap) */
  size_t n;
  SpecCost cost; /* copy_pays' figures, for the refusal */
} Waiting;

typedef struct Fields {
  Pool pool; /* the run's containers */
  GaspCtx *cx;
  const TgtTable *t;
  LLVMModuleRef m;
  Facts *store; /* the run's fact store */
  Space *sp;
  Infer *inf;
  Specs *specs;    /* the clones made (specialize.c) */
  MemModel *mm;    /* asks which parameters are writers (memory.c) */
  ValVec left;     /* functions calls were taken from */
  ValVec again;    /* functions given facts: their calls are looked at again */
  VEC(MemFieldFact) facts;
  VEC(Waiting) waiting; /* apply's calls whose copy did not pay */
} Fields;

static LLVMValueRef base_of(LLVMModuleRef m, LLVMValueRef v, int64_t *off, int64_t *stride) {
  return ir_base_offset(LLVMGetModuleDataLayout(m), v, off, stride);
}

/* The places at which fn loads a generic pointer through parameter k
   (GEPs with constant offsets and strides, and casts, on the way), or a
   reader it passes the aggregate to does (8 calls deep), moved by base,
   appended to offs.  A place strided by less than a pointer is left out
   (a load there could read halves of two). */
static void loaded_offsets(const Fields *fs, LLVMValueRef fn, unsigned k, Place base,
                           unsigned depth, OffVec *offs, ValVec *loads, OffVec *load_offs) {
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(fs->m);
  int64_t psize = (int64_t)LLVMPointerSizeForAS(td, (unsigned)fs->t->generic);
  Fwd w;
  fwd_init(&w, FWD_FIFO);
  fwd_start(&w, LLVMGetParam(fn, k), base);
  for (FwdUse u; fwd_next(&w, &u);) {
    LLVMValueRef user = u.user, v = u.v;
    Place o = u.at;
    if (u.kind == FWD_CAST) {
      fwd_follow(&w, user, o);
    } else if (u.kind == FWD_GEP) {
      int64_t g, gs;
      if (ir_gep_offset(td, user, &g, &gs))
        fwd_follow(&w, user, place_add(o, g, gs));
    } else if (LLVMIsACallInst(user) && depth < 8) {
      LLVMValueRef h = ir_callee(user);
      if (h && !LLVMIsDeclaration(h) && !LLVMGetIntrinsicID(h) && h != fn &&
          LLVMGetNumArgOperands(user) == LLVMCountParams(h))
        for (unsigned a = 0; a < LLVMGetNumArgOperands(user); a++)
          if (LLVMGetOperand(user, a) == v)
            loaded_offsets(fs, h, a, o, depth + 1, offs, NULL, NULL);
    } else if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 0) == v) {
      ValVec re = {0}; /* -O0: spilled to an alloca, reloaded */
      if (mem_spill_reloads(user, v, &re))
        for (size_t r = 0; r < re.n; r++)
          fwd_follow(&w, re.v[r], o);
      vec_free(&re);
    } else if (LLVMIsALoadInst(user) && ir_is_ptr_in(LLVMTypeOf(user), fs->t->generic) &&
               (!o.stride || o.stride >= psize)) {
      if (loads) {
        vec_push(loads, user);
        vec_push(load_offs, o);
      }
      bool dup = false;
      for (size_t i = 0; i < offs->n && !dup; i++)
        dup = offs->v[i].off == o.off && offs->v[i].stride == o.stride;
      if (!dup)
        vec_push(offs, o);
    }
  }
  fwd_free(&w);
}

/* Can parameter k of g take facts: g only reads through it, or it is a
   writer whose stores a caller's model lists (memory.c: writes_fields)?
   memo: mem_param_reads_only_memo's, or NULL. */
static bool reads_or_writes_fields(const Fields *fs, LLVMValueRef g, unsigned k, PtrMap *memo) {
  if (memo ? mem_param_reads_only_memo(g, k, memo) : mem_param_reads_only(g, k))
    return true;
  return mem_param_writes_fields(fs->mm, g, k);
}

/* The shape of argument k of call (to g) in the analysed caller: facts for
   the fields g loads pointers from, appended to fs->facts. */
static void shape_of(Fields *fs, LLVMValueRef call, LLVMValueRef g, unsigned k) {
  int64_t d, stride;
  LLVMValueRef base = base_of(fs->m, LLVMGetOperand(call, k), &d, &stride);
  if (!base || !(LLVMIsAAllocaInst(base) || LLVMIsAArgument(base)))
    return;
  for (unsigned a = 0; a < LLVMGetNumArgOperands(call); a++) {
    int64_t ad, as;
    if (a != k && LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(call, a))) == LLVMPointerTypeKind &&
        base_of(fs->m, LLVMGetOperand(call, a), &ad, &as) == base)
      return; /* g may write the fields it loads through another parameter */
  }
  OffVec offs = {0};
  loaded_offsets(fs, g, k, place_at(0, 0), 0, &offs, NULL, NULL);
  if (offs.n && !reads_or_writes_fields(fs, g, k, NULL))
    offs.n = 0;
  for (size_t i = 0; i < offs.n; i++) {
    /* every place of the caller's aggregate the callee's place can be */
    uint32_t mask = space_field(fs->sp, base, d + offs.v[i].off, gcd64(stride, offs.v[i].stride));
    int as = space_mask_lat(fs->sp, mask & ~SP_NULL);
    if (as < 0 || !(mask & SP_NAMED))
      continue;
    const TgtSpace *ts = tgt_space(fs->t, as);
    if ((mask & SP_NULL) && !(ts && ts->null_is_zero))
      continue; /* a null that is not that space's null */
    MemFieldFact f = {k, offs.v[i].off, as, offs.v[i].stride};
    vec_push(&fs->facts, f);
  }
  vec_free(&offs);
}

/* "argument 0 offset 8 local, ..." into buf (cap bytes). */
static void shape_text(const Fields *fs, const MemFieldFact *f, size_t n, char *buf, size_t cap) {
  size_t at = 0;
  buf[0] = 0;
  for (size_t i = 0; i < n && at < cap - 128; i++) {
    at += (size_t)snprintf(buf + at, cap - at, "%sargument %u offset %lld", i ? ", " : "",
                           f[i].param, (long long)f[i].off);
    if (f[i].stride)
      at += (size_t)snprintf(buf + at, cap - at, " every %lld bytes", (long long)f[i].stride);
    at += (size_t)snprintf(buf + at, cap - at, " %s", tgt_space_name(fs->t, f[i].as));
  }
}

/* The uses a clone of g for the facts names (the benefit side of the
   clone cost model, as ipmsp's): memory accesses through, and calls
   passing, a pointer g loads from a field the facts name (through GEPs,
   casts, phis and selects), each weighted by its loop depth
   (dom_use_weight); *raw gets them unweighted. */
static unsigned long named_uses(const Fields *fs, LLVMValueRef g, unsigned long *raw) {
  Dom *dom = NULL;
  unsigned long count = 0;
#define COUNT(at) (count++, n += dom_use_weight(&dom, (at)))
  ValVec loads = {0};
  OffVec loffs = {0}, offs = {0};
  Fwd w; /* from the loads the facts name, once each */
  fwd_init(&w, FWD_LIFO | FWD_DEDUP);
  fwd_start(&w, NULL, place_at(0, 0));
  unsigned long n = 0;
  for (size_t i = 0; i < fs->facts.n; i++) {
    unsigned k = fs->facts.v[i].param;
    bool walked = false; /* an earlier fact names parameter k too */
    for (size_t j = 0; j < i && !walked; j++)
      walked = fs->facts.v[j].param == k;
    if (walked)
      continue;
    loads.n = loffs.n = 0;
    loaded_offsets(fs, g, k, place_at(0, 0), 0, &offs, &loads, &loffs);
    for (size_t l = 0; l < loads.n; l++) {
      bool named = false;
      for (size_t j = 0; j < fs->facts.n && !named; j++)
        named = fs->facts.v[j].param == k && fs->facts.v[j].off == loffs.v[l].off &&
                fs->facts.v[j].stride == loffs.v[l].stride;
      if (named)
        fwd_add(&w, loads.v[l], place_at(0, 0));
    }
  }
  for (FwdUse u; fwd_next(&w, &u);) {
    LLVMValueRef i = u.user, v = u.v;
    if (!LLVMIsAInstruction(i))
      continue;
    switch (u.kind) {
    case FWD_GEP:
    case FWD_CAST:
    case FWD_MERGE:
      fwd_follow(&w, i, u.at);
      break;
    case FWD_LOAD:
    case FWD_ATOMIC:
      if (LLVMGetOperand(i, 0) == v)
        COUNT(i);
      break;
    case FWD_STORE:
      if (LLVMGetOperand(i, 1) == v)
        COUNT(i);
      break;
    case FWD_CALL:
      if (LLVMIsACallInst(i))
        COUNT(i);
      break;
    default:
      break;
    }
  }
#undef COUNT
  dom_free(dom);
  *raw = count;
  fwd_free(&w);
  vec_free(&loads);
  vec_free(&loffs);
  vec_free(&offs);
  return n;
}

/* Says that g gets no clone for the shape in fs->facts: a --dump-ip-msp
   line ("...: <dump>") and a Missed remark ("not cloned for the pointers
   ...: <the reason>", specialize.c). */
static void not_cloned(Fields *fs, LLVMValueRef g, SpecRefusal why, const char *dump,
                       const SpecCost *c) {
  char buf[4096];
  shape_text(fs, fs->facts.v, fs->facts.n, buf, sizeof buf);
  size_t len;
  const char *gname = LLVMGetValueName2(g, &len);
  if (fs->cx->opt.dump_ip_msp)
    fprintf(cx_out(fs->cx), "fields: %.*s not cloned for %s: %s\n", (int)len, gname, buf, dump);
  char *what = xasprintf("the pointers a caller stores in its aggregate arguments (%s)", buf);
  specs_refused(fs->cx, fs->store, &(SpecSaid){.fn = g, .what = what}, why, c);
  free(what);
}

/* Does a copy of g for the shape in fs->facts pay under the clone cost
   model (--clone-cost, the target's limit; specialize.c, "What cloning
   costs")?  Its instructions against the limit times the uses it names;
   *c: the figures. */
static bool copy_pays(Fields *fs, LLVMValueRef g, SpecCost *c) {
  if (specs_cost_limit(fs->cx) <= 0)
    return true;
  unsigned size = facts_copy_cost(fs->cx->facts, g);
  unsigned long raw;
  unsigned long named = named_uses(fs, g, &raw);
  *c = (SpecCost){1, size, named, raw, NULL, false};
  return specs_copies_pay(fs->cx, 1, size, named);
}

/* Says (remark, transcript) once per function that a copy of g for the
   shape in fs->facts costs too much (c: copy_pays' figures). */
static void too_costly(Fields *fs, LLVMValueRef g, const SpecCost *c) {
  size_t len;
  if (!specs_first_report(fs->specs, SPEC_COST, LLVMGetValueName2(g, &len)))
    return;
  cx_stat(fs->cx, &st_costly, 1);
  not_cloned(fs, g, SPEC_COST, "costs too much", c);
}

static void remark(Fields *fs, LLVMValueRef g, LLVMValueRef made, const MemFieldFact *f,
                   size_t n) {
  if (!cx_wants(fs->cx, GASP_REMARK_PASSED))
    return;
  size_t len;
  GaspRemark *r = cx_remark(fs->cx, GASP_REMARK_PASSED, "FieldsCloned", g, NULL);
  char buf[4096];
  shape_text(fs, f, n, buf, sizeof buf);
  if (made == g)
    rm_arg(r, "String", "specialized in place for the pointers its callers store in its "
                        "aggregate arguments: %s", buf);
  else
    rm_arg(r, "String", "cloned as @%s for the pointers its callers store in its aggregate "
                        "arguments: %s", LLVMGetValueName2(made, &len), buf);
  rm_done(r);
}

/* Is call the only use of g (so g may take the call's shape itself)? */
static bool only_use(LLVMValueRef g, LLVMValueRef call) {
  for (LLVMUseRef u = LLVMGetFirstUse(g); u; u = LLVMGetNextUse(u))
    if (LLVMGetUser(u) != call)
      return false;
  return true;
}

/* Gives internal g the shape in fs->facts itself (every call has it). */
static void in_place(Fields *fs, LLVMValueRef g) {
  schema_fields_set(g, fs->facts.v, fs->facts.n);
  cx_stat(fs->cx, &st_inplace, 1);
  remark(fs, g, g, fs->facts.v, fs->facts.n);
  infer_function(fs->inf, g);
  vec_push(&fs->again, g);
}

/* Sends call (to g) to the function for the shape in fs->facts.  A copy
   that does not pay for an internal g called only directly waits
   (fs->waiting): when every call of g turns out to have that shape, g
   takes it in place and no copy is made (settle). */
static bool apply(Fields *fs, LLVMValueRef call, LLVMValueRef g) {
  size_t len;
  const char *gname = LLVMGetValueName2(g, &len);
  char *name = specs_key_fields(gname, fs->facts.v, fs->facts.n);
  LLVMValueRef c = specs_find(fs->specs, name);
  bool known = c != NULL;
  bool internal = LLVMGetLinkage(g) == LLVMInternalLinkage;
  if (!known && internal && only_use(g, call)) {
    free(name);
    in_place(fs, g);
    return true;
  }
  SpecCost cost;
  if (!known && !copy_pays(fs, g, &cost)) {
    bool waits = false; /* the same call seen again (its caller took a shape) */
    for (size_t i = 0; i < fs->waiting.n && !waits; i++)
      waits = fs->waiting.v[i].call == call;
    if (waits) {
      free(name);
      return false;
    }
    if (internal && !ir_address_taken(g)) {
      Waiting wt = {g, call, name, xmalloc(size_mul(fs->facts.n, sizeof *fs->facts.v)),
                    fs->facts.n, cost};
      memcpy(wt.facts, fs->facts.v, fs->facts.n * sizeof *fs->facts.v);
      vec_push(&fs->waiting, wt);
      return false;
    }
    too_costly(fs, g, &cost);
    free(name);
    return false;
  }
  if (!known) {
    bool first_refusal; /* reported once per shape */
    c = specs_make(fs->specs, g, LLVMGlobalGetValueType(g), name, gname, false, &first_refusal);
    if (!c) {
      if (first_refusal)
        not_cloned(fs, g, SPEC_BUDGET, "clone budget exhausted", NULL);
      free(name);
      return false;
    }
    char *family = schema_fn_family(g);
    if (!family)
      /* a copy of an original: the call graph and why call it a clone */
      schema_note_family(c, LLVMGetValueName2(g, &(size_t){0}));
    free(family);
    schema_fields_set(c, fs->facts.v, fs->facts.n);
    cx_stat(fs->cx, &st_clones, 1);
    remark(fs, g, c, fs->facts.v, fs->facts.n);
    infer_function(fs->inf, c);
    vec_push(&fs->again, c);
  }
  LLVMSetOperand(call, (unsigned)LLVMGetNumOperands(call) - 1, c);
  cx_stat(fs->cx, &st_calls, 1);
  vec_push(&fs->left, g);
  free(name);
  return true;
}

/* The waiting calls (apply), once every function was looked at: an
   internal g each of whose uses is a waiting call of one shape takes it in
   place (no copy, no call changes; a use that is no waiting call — g
   passed as an argument, an invoke — leaves fewer calls than uses); the
   others are refused as they would have been.  True when some g took a shape (its calls are then looked at:
   fs->again). */
static bool settle(Fields *fs) {
  bool any = false;
  for (size_t i = 0; i < fs->waiting.n; i++) {
    Waiting *w = &fs->waiting.v[i];
    if (!w->g)
      continue; /* settled with an earlier one */
    bool same = true; /* the first waiting call of g: the others follow */
    size_t uses = 0, calls = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(w->g); u; u = LLVMGetNextUse(u))
      uses++;
    for (size_t j = i; j < fs->waiting.n; j++) {
      const Waiting *o = &fs->waiting.v[j];
      if (o->g != w->g)
        continue;
      calls += ir_callee(o->call) == w->g;
      same &= !strcmp(o->key, w->key);
    }
    fs->facts.n = 0;
    for (size_t f = 0; f < w->n; f++)
      vec_push(&fs->facts, w->facts[f]);
    if (same && calls == uses) {
      in_place(fs, w->g);
      any = true;
    } else {
      too_costly(fs, w->g, &w->cost);
    }
    LLVMValueRef g = w->g;
    for (size_t j = i; j < fs->waiting.n; j++)
      if (fs->waiting.v[j].g == g) {
        Waiting *o = &fs->waiting.v[j];
        free(o->key);
        free(o->facts);
        o->g = NULL;
      }
  }
  fs->waiting.n = 0;
  return any;
}

/* The calls of fn that pass a private aggregate to a defined function. */
/* Could shape_of give parameter k of g a fact: g loads a pointer from it,
   and only reads it or writes its fields (reads_or_writes_fields)?  (Asked
   before the caller's space analysis, which most calls do not need; the
   loads first: most aggregates handed down hold no pointer.  memo:
   mem_param_reads_only_memo's, while nothing changes, or NULL.) */
static bool loads_pointers(const Fields *fs, LLVMValueRef g, unsigned k, PtrMap *memo) {
  if (k >= LLVMCountParams(g))
    return false;
  OffVec offs = {0};
  loaded_offsets(fs, g, k, place_at(0, 0), 0, &offs, NULL, NULL);
  bool any = offs.n != 0;
  vec_free(&offs);
  return any && reads_or_writes_fields(fs, g, k, memo);
}

static void candidate_calls(const Fields *fs, LLVMValueRef fn, ValVec *calls) {
  calls->n = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsACallInst(i))
        continue;
      LLVMValueRef g = ir_callee(i);
      if (!g || LLVMIsDeclaration(g) || LLVMGetIntrinsicID(g) || tgt_is_kernel(fs->t, g))
        continue; /* a kernel keeps its signature and linkage */
      MemFieldFact *old = NULL;
      size_t nold = schema_fields_get(g, &old);
      free(old);
      if (nold)
        continue; /* already made for a shape */
      for (unsigned a = 0; a < LLVMGetNumArgOperands(i); a++) {
        int64_t d, stride;
        LLVMValueRef b = base_of(fs->m, LLVMGetOperand(i, a), &d, &stride);
        if (b && (LLVMIsAAllocaInst(b) || LLVMIsAArgument(b)) &&
            LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(i, a))) == LLVMPointerTypeKind &&
            loads_pointers(fs, g, a, NULL)) {
          vec_push(calls, i);
          break;
        }
      }
    }
}

/* The functions with a call candidate_calls lists: found from the call
   sites of every defined function that is not an intrinsic or a kernel and
   has no shape yet, whose argument is a stack object or a parameter that
   the callee loads pointers from (loads_pointers) — not by walking every
   instruction of the module; none when the module loads no generic
   pointer (the fact store's inventory). */
static void callers_to_scan(const Fields *fs, PtrMap *out) {
  if (!facts_inventory(fs->store)->generic_ptr_loads)
    return; /* loaded_offsets finds loads of generic pointers only: none */
  PtrMap readers; /* nothing changes in this walk: mem_param_reads_only_memo */
  map_init(&readers);
  for (LLVMValueRef g = LLVMGetFirstFunction(fs->m); g; g = LLVMGetNextFunction(g)) {
    if (LLVMIsDeclaration(g) || LLVMGetIntrinsicID(g) || tgt_is_kernel(fs->t, g))
      continue;
    MemFieldFact *old = NULL;
    size_t nold = schema_fields_get(g, &old);
    free(old);
    if (nold)
      continue;
    signed char *reads = NULL; /* per parameter: -1 not asked yet, 0/1 */
    unsigned np = LLVMCountParams(g);
    for (LLVMUseRef u = LLVMGetFirstUse(g); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef c = LLVMGetUser(u);
      if (!LLVMIsACallInst(c) || LLVMGetCalledValue(c) != g)
        continue;
      LLVMValueRef caller = LLVMGetBasicBlockParent(LLVMGetInstructionParent(c));
      for (unsigned a = 0; a < LLVMGetNumArgOperands(c) && a < np; a++) {
        int64_t d, stride;
        LLVMValueRef v = LLVMGetOperand(c, a), b = base_of(fs->m, v, &d, &stride);
        if (!b || !(LLVMIsAAllocaInst(b) || LLVMIsAArgument(b)) ||
            LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMPointerTypeKind)
          continue;
        if (!reads) {
          reads = xmalloc(np);
          memset(reads, -1, np);
        }
        if (reads[a] < 0)
          reads[a] = loads_pointers(fs, g, a, &readers);
        if (reads[a]) {
          map_put(out, caller, 1);
          break;
        }
      }
    }
    free(reads);
  }
  map_free(&readers);
}

bool fields_run(PassRun *run) {
  GaspCtx *cx = run->cx;
  LLVMModuleRef m = run->m;
  facts_pass_entry(cx, m);
  Fields fs = {.cx = cx, .t = cx->tgt, .m = m, .store = run->facts};
  pool_bind(&fs.left, &fs.pool);
  pool_bind(&fs.again, &fs.pool);
  pool_bind(&fs.facts, &fs.pool);
  pool_bind(&fs.waiting, &fs.pool);
  fs.sp = facts_space(run->facts);
  fs.inf = infer_new(cx, m, run->facts);
  fs.specs = specs_new(cx, m, run->facts);
  fs.mm = mem_new(fs.t);
  ValVec calls = {.pool = &fs.pool};
  bool changed = false;
  PtrMap scan = {.pool = &fs.pool};
  callers_to_scan(&fs, &scan);
  /* the module's functions in order, then each function given facts (none
     without a caller to scan: only those calls give facts) */
  for (LLVMValueRef f = scan.n ? LLVMGetFirstFunction(m) : NULL; f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f))
      vec_push(&fs.again, f);
  size_t first = fs.again.n; /* those after it were given facts: always looked at */
  for (size_t w = 0;;) { /* the calls, then the waiting ones settled (settle) */
    for (; w < fs.again.n; w++) {
      LLVMValueRef f = fs.again.v[w];
      if (w < first && !map_get(&scan, f, NULL))
        continue; /* no call a shape could be given to */
      candidate_calls(&fs, f, &calls);
      if (!calls.n)
        continue;
      space_analyse(fs.sp, f, NULL);
      for (size_t i = 0; i < calls.n; i++) {
        LLVMValueRef call = calls.v[i], g = ir_callee(call);
        fs.facts.n = 0;
        for (unsigned a = 0; a < LLVMGetNumArgOperands(call); a++)
          shape_of(&fs, call, g, a);
        if (fs.facts.n && apply(&fs, call, g))
          changed = true;
      }
    }
    if (!settle(&fs))
      break;
    changed = true;
  }
  /* internal originals left without a use */
  for (size_t i = 0; i < fs.left.n; i++) {
    LLVMValueRef g = fs.left.v[i];
    bool twice = false;
    for (size_t j = 0; j < i && !twice; j++)
      twice = fs.left.v[j] == g;
    if (!twice && LLVMGetLinkage(g) == LLVMInternalLinkage && !LLVMGetFirstUse(g))
      LLVMDeleteFunction(g);
  }
  pool_release(&fs.pool);
  infer_free(fs.inf);
  space_free(fs.sp);
  specs_free(fs.specs);
  mem_free(fs.mm);
  return changed;
}
