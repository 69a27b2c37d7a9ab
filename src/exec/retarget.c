/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* retarget.c — the prepared module moved to the host: the target's own
 * attributes dropped, the host's triple and data layout, and on AMDGPU the
 * 32-bit local and private pointers re-spelled as x86-64's 32-bit pointer
 * spaces (prep.c's step 4; exec.h declares the steps).
 *
 * Tests: test/exec/ (every run goes through it; AMDGPU layouts:
 * test/exec/amdgcn-narrow.test).
 */
#include "exec/exec.h"

#include "base/base.h"

#include <ctype.h>
#include <llvm-c/Comdat.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Target.h>
#include <stdlib.h>
#include <string.h>

/* ---- the preparation's helpers (here, below prep.c, which calls this file) */

bool prep_fail(Prep *s, char *msg) {
  if (!s->err)
    s->err = msg;
  else
    free(msg);
  return false;
}

/* A builtin's memory as s->builtins holds it (never MAP_NONE), and back. */
static uint32_t mem_code(BuiltinMem m) {
  return (uint32_t)(m.index + 1) << 24 | (uint32_t)(m.arg + 1) << 16 | (m.size & 0xffffu);
}

BuiltinMem prep_builtin_mem(uint32_t code) {
  return (BuiltinMem){(int)(code >> 16 & 0xffu) - 1, (int)(code >> 24) - 1, code & 0xffffu};
}

bool prep_note_builtin(Prep *s, LLVMValueRef f, const char *name) {
  BuiltinMem mem;
  if (!builtin_lookup(name, &mem))
    return false;
  map_put(&s->builtins, f, mem_code(mem));
  return true;
}

char *prep_value_name(LLVMValueRef v) {
  size_t n;
  const char *s = LLVMGetValueName2(v, &n);
  return xasprintf("%.*s", (int)n, s);
}

/* Replaces declaration f (named name) by a declaration "<prefix><name>" of
   the same type: intrinsics cannot simply be renamed. */
void prep_rebind(Prep *s, LLVMValueRef f, const char *prefix, const char *name) {
  char *sym = xasprintf("%s%s", prefix, name);
  LLVMValueRef nf = LLVMAddFunction(s->m, sym, LLVMGlobalGetValueType(f));
  LLVMReplaceAllUsesWith(f, nf);
  LLVMDeleteFunction(f);
  free(sym);
}

/* ---- 4. retarget -------------------------------------------------------- */

static void drop_target_attrs(LLVMValueRef f) {
  static const char *const attrs[] = {"target-cpu", "target-features", "tune-cpu"};
  for (size_t i = 0; i < 3; i++)
    LLVMRemoveStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, attrs[i],
                                     (unsigned)strlen(attrs[i]));
}

/* A frame larger than the guard page below a work-item's stack (rt.c)
   would jump over it into another item's stack or outside every arena: the
   JIT's code probes each page of such a frame, so an overflow faults in the
   guard and is reported as one ("the work-item overflowed its private
   stack").  -O0 code of a realistic-size function lowered to tags spills
   every value: frames of hundreds of KiB. */
static void probe_stack(LLVMValueRef f) {
  static const char k[] = "probe-stack", v[] = "inline-asm";
  LLVMContextRef c = LLVMGetModuleContext(LLVMGetGlobalParent(f));
  LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                          LLVMCreateStringAttribute(c, k, sizeof k - 1, v, sizeof v - 1));
}

/* ---- 3b. 32-bit local and private pointers (AMDGPU) ---------------------
 * The host's pointers are 64-bit; AMDGPU's LDS and scratch pointers are 32
 * bits, and the module's byte offsets and struct layouts say so: a struct
 * { global*, local*, private* } is 16 bytes with the private pointer at 12.
 * x86-64 has 32-bit pointer spaces of its own (271 zero-extended, 270
 * sign-extended): the module is re-spelled with local -> 271 and private ->
 * 270 (types and intrinsic name suffixes), so every layout is the
 * target's, and the runtime puts every local and private byte below 2 GiB:
 * the arenas (MAP_32BIT) and the local variables, which become
 * declarations exec.c defines inside a low block. */
#define NARROW_LOCAL 271
#define NARROW_PRIVATE 270

/* Does type ty hold a local or private pointer (vec: a vector of them)? */
static bool holds_narrow(const TgtTable *t, LLVMTypeRef ty, bool *vec) {
  switch (LLVMGetTypeKind(ty)) {
  case LLVMPointerTypeKind: {
    int as = (int)LLVMGetPointerAddressSpace(ty);
    return as == t->local || as == t->priv;
  }
  case LLVMVectorTypeKind:
  case LLVMScalableVectorTypeKind:
    if (holds_narrow(t, LLVMGetElementType(ty), vec)) {
      *vec = true;
      return true;
    }
    return false;
  case LLVMArrayTypeKind:
    return holds_narrow(t, LLVMGetElementType(ty), vec);
  case LLVMStructTypeKind:
    for (unsigned k = 0, n = LLVMCountStructElementTypes(ty); k < n; k++)
      if (holds_narrow(t, LLVMStructGetTypeAtIndex(ty, k), vec))
        return true;
    return false;
  default:
    return false;
  }
}

/* Does a constant refer to a local or private object (not a null)? */
static bool refers_narrow(const TgtTable *t, LLVMValueRef c, unsigned depth) {
  if (depth > 32 || !c || !LLVMIsAConstant(c))
    return false;
  if (LLVMIsAGlobalValue(c)) {
    int as = (int)LLVMGetPointerAddressSpace(LLVMTypeOf(c));
    return as == t->local || as == t->priv;
  }
  for (int k = 0, n = LLVMGetNumOperands(c); k < n; k++)
    if (refers_narrow(t, LLVMGetOperand(c, (unsigned)k), depth + 1))
      return true;
  return false;
}

/* The 32-bit mode is needed when the target's local and private pointers
   are 32 bits and the module keeps one in memory (a type laid out in
   memory holds one: then offsets and sizes are the target's); otherwise
   64-bit host pointers run it exactly.  Not taken where the host back end
   cannot follow (vectors of 32-bit pointers; a static initializer holding
   a local or private object's address): those run as before. */
bool retarget_narrow_spaces(const TgtTable *t, LLVMModuleRef m, LLVMTargetDataRef orig) {
  if (t->local < 0 || t->priv < 0 || LLVMPointerSizeForAS(orig, (unsigned)t->local) != 4 ||
      LLVMPointerSizeForAS(orig, (unsigned)t->priv) != 4 ||
      LLVMPointerSizeForAS(orig, (unsigned)t->generic) != 8)
    return false;
  bool in_memory = false, vec = false;
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
    in_memory |= holds_narrow(t, LLVMGlobalGetValueType(g), &vec);
    if (!LLVMIsDeclaration(g) && refers_narrow(t, LLVMGetInitializer(g), 0))
      return false;
  }
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        bool v = false;
        holds_narrow(t, LLVMTypeOf(i), &v);
        for (int k = 0, n = LLVMGetNumOperands(i); k < n && !v; k++) {
          LLVMValueRef op = LLVMGetOperand(i, (unsigned)k);
          if (op && !LLVMIsABasicBlock(op))
            holds_narrow(t, LLVMTypeOf(op), &v);
        }
        if (v)
          return false;
        LLVMTypeRef mem = LLVMIsAAllocaInst(i)            ? LLVMGetAllocatedType(i)
                          : LLVMIsAGetElementPtrInst(i)   ? LLVMGetGEPSourceElementType(i)
                          : LLVMIsALoadInst(i)            ? LLVMTypeOf(i)
                          : LLVMIsAStoreInst(i)           ? LLVMTypeOf(LLVMGetOperand(i, 0))
                          : LLVMIsAAtomicRMWInst(i)       ? LLVMTypeOf(i)
                          : LLVMIsAAtomicCmpXchgInst(i)   ? LLVMTypeOf(LLVMGetOperand(i, 1))
                                                          : NULL;
        in_memory |= mem && holds_narrow(t, mem, &vec);
      }
  return in_memory && !vec;
}

/* After the re-spelling, every access goes through a 64-bit pointer (the
   host back end's atomics through 32-bit pointer spaces fail): only the
   pointer values are 32 bits. */
static void wide_accesses(Prep *s) {
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        int k = LLVMIsALoadInst(i) || LLVMIsAAtomicRMWInst(i) || LLVMIsAAtomicCmpXchgInst(i) ? 0
                : LLVMIsAStoreInst(i)                                                       ? 1
                                                                                            : -1;
        if (k < 0)
          continue;
        LLVMValueRef p = LLVMGetOperand(i, (unsigned)k);
        unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(p));
        if (as != NARROW_LOCAL && as != NARROW_PRIVATE)
          continue;
        LLVMPositionBuilderBefore(s->b, i);
        LLVMSetOperand(i, (unsigned)k, LLVMBuildAddrSpaceCast(s->b, p, s->ptr0, ""));
      }
}

/* Local variables become declarations "__gasp_lds.<n>" exec.c places. */
bool retarget_move_lds(Prep *s) {
  unsigned n = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(s->m); g; g = LLVMGetNextGlobal(g)) {
    if (LLVMIsDeclaration(g) || (int)LLVMGetPointerAddressSpace(LLVMTypeOf(g)) != s->t->local)
      continue;
    LLVMValueRef init = LLVMGetInitializer(g);
    if (init && !LLVMIsAUndefValue(init) && !LLVMIsNull(init))
      return prep_fail(s, xasprintf("local variable '@%s' has an initializer: local memory "
                               "cannot be initialized",
                               LLVMGetValueName2(g, &(size_t){0})));
    LLVMTypeRef ty = LLVMGlobalGetValueType(g);
    RunLds l = {xasprintf("__gasp_lds.%u", n++), LLVMABISizeOfType(s->td, ty),
                LLVMGetAlignment(g) ? LLVMGetAlignment(g) : LLVMABIAlignmentOfType(s->td, ty), 0};
    LLVMSetInitializer(g, NULL);
    LLVMSetLinkage(g, LLVMExternalLinkage);
    LLVMSetVisibility(g, LLVMDefaultVisibility);
    ir_set_dso_local(g, false); /* placed far from the code: through the GOT */
    LLVMSetComdat(g, NULL);     /* a declaration has none (a template's static) */
    LLVMSetValueName2(g, l.name, strlen(l.name));
    vec_push(&s->p->lds, l);
  }
  return true;
}

typedef VEC(char) CharVec;

static void put_str(CharVec *o, const char *p, size_t n) {
  for (size_t i = 0; i < n; i++)
    vec_push(o, p[i]);
}

/* One segment of an intrinsic's name ("p3", "v4p5", "nxv2p3") in the new
   spaces. */
static void put_segment(CharVec *o, const char *seg, size_t n, const int map[2][2]) {
  size_t i = 0;
  if (n > 2 && seg[0] == 'n' && seg[1] == 'x')
    i = 2;
  if (i < n && seg[i] == 'v') {
    i++;
    while (i < n && seg[i] >= '0' && seg[i] <= '9')
      i++;
  }
  if (i < n && seg[i] == 'p' && i + 1 < n) {
    char num[16];
    size_t k = n - i - 1;
    if (k < sizeof num && strspn(seg + i + 1, "0123456789") >= k) {
      memcpy(num, seg + i + 1, k);
      num[k] = 0;
      for (int m = 0; m < 2; m++)
        if (atoi(num) == map[m][0]) {
          put_str(o, seg, i + 1);
          char buf[16];
          int w = snprintf(buf, sizeof buf, "%d", map[m][1]);
          put_str(o, buf, (size_t)w);
          return;
        }
    }
  }
  put_str(o, seg, n);
}

/* The module text with the local and private spaces re-spelled. */
static char *respell_text(const char *t, const int map[2][2]) {
  CharVec o = {0};
  char from[2][32], to[2][32], null[2][64];
  for (int m = 0; m < 2; m++) {
    snprintf(from[m], sizeof from[m], "addrspace(%d)", map[m][0]);
    snprintf(to[m], sizeof to[m], "addrspace(%d)", map[m][1]);
    /* the space's null: 0 here as everywhere in the executor (a cast
       between pointer sizes cannot stand in a static initializer) */
    snprintf(null[m], sizeof null[m], "addrspacecast (ptr null to ptr addrspace(%d))",
             map[m][0]);
  }
  for (const char *p = t; *p;) {
    bool done = false;
    for (int m = 0; m < 2 && !done; m++)
      if (!strncmp(p, null[m], strlen(null[m]))) {
        put_str(&o, "null", 4);
        p += strlen(null[m]);
        done = true;
      }
    for (int m = 0; m < 2 && !done; m++)
      if (!strncmp(p, from[m], strlen(from[m]))) {
        put_str(&o, to[m], strlen(to[m]));
        p += strlen(from[m]);
        done = true;
      }
    if (done)
      continue;
    if (!strncmp(p, "@llvm.", 6)) { /* an intrinsic: its overload suffixes */
      const char *e = p + 1;
      while (*e && (isalnum((unsigned char)*e) || *e == '.' || *e == '_'))
        e++;
      const char *seg = p;
      for (const char *q = p; q <= e; q++)
        if (q == e || *q == '.') {
          put_segment(&o, seg, (size_t)(q - seg), map);
          if (q < e)
            vec_push(&o, '.');
          seg = q + 1;
        }
      p = e;
      continue;
    }
    vec_push(&o, *p++);
  }
  vec_push(&o, 0);
  /* the placed local variables are far from the code: not dso_local, so
     the code reaches them through the GOT (a 32-bit PC-relative fixup
     cannot span the distance) */
  const char *tag = " dso_local";
  for (char *l = o.v; l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
    if (!strncmp(l, "@__gasp_lds.", 12)) {
      char *eol = strchr(l, '\n'), *d = strstr(l, tag);
      if (d && (!eol || d < eol))
        memmove(d, d + strlen(tag), strlen(d + strlen(tag)) + 1);
    }
  return o.v;
}

/* Replaces s->m by its re-spelled text (parsed in the same context); the
   references prep keeps are looked up again. */
bool retarget_respell(Prep *s, LLVMValueRef *kernel, const char *layout) {
  const int map[2][2] = {{s->t->local, NARROW_LOCAL}, {s->t->priv, NARROW_PRIVATE}};
  char *name = prep_value_name(*kernel);
  char *txt = LLVMPrintModuleToString(s->m);
  char *re = respell_text(txt, map);
  LLVMDisposeMessage(txt);
  LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(re, strlen(re), "m");
  free(re);
  LLVMModuleRef nm = NULL;
  char *msg = NULL;
  if (LLVMParseIRInContext(s->ctx, buf, &nm, &msg)) {
    free(name);
    bool r = prep_fail(s, xasprintf("internal error: the module with 32-bit local and private "
                               "pointers does not parse: %s", msg ? msg : ""));
    LLVMDisposeMessage(msg);
    return r;
  }
  LLVMDisposeModule(s->m);
  s->m = nm;
  LLVMSetDataLayout(nm, layout); /* the JIT's own: 270/271 are its 32-bit spaces */
  s->td = LLVMGetModuleDataLayout(nm);
  *kernel = LLVMGetNamedFunction(nm, name);
  free(name);
  for (unsigned i = 0; i < s->p->nparams; i++)
    s->p->ptypes.v[i] = LLVMTypeOf(LLVMGetParam(*kernel, i));
  s->access_fn = LLVMGetNamedFunction(nm, "__gasp_access");
  s->enter_fn = LLVMGetNamedFunction(nm, "__gasp_enter");
  s->leave_fn = LLVMGetNamedFunction(nm, "__gasp_leave");
  s->block_fn = LLVMGetNamedFunction(nm, "__gasp_block");
  map_clear(&s->builtins);
  for (LLVMValueRef f = LLVMGetFirstFunction(nm); f; f = LLVMGetNextFunction(f)) {
    char *fname = prep_value_name(f);
    if (LLVMIsDeclaration(f))
      prep_note_builtin(s, f, fname);
    free(fname);
  }
  s->p->narrow = true;
  wide_accesses(s);
  return true;
}

static bool narrow_ptr(LLVMTypeRef t) {
  if (LLVMGetTypeKind(t) != LLVMPointerTypeKind)
    return false;
  unsigned as = LLVMGetPointerAddressSpace(t);
  return as == NARROW_LOCAL || as == NARROW_PRIVATE;
}

/* A runtime builtin is C code taking 64-bit pointers: a 32-bit pointer
   argument is widened at each call (its upper half would be garbage). */
static void widen_builtin_args(Prep *s, LLVMValueRef decl) {
  LLVMTypeRef fty = LLVMGlobalGetValueType(decl);
  unsigned n;
  LLVMTypeRef *ps = ir_param_types(fty, &n);
  bool any = false;
  for (unsigned i = 0; i < n; i++)
    if (narrow_ptr(ps[i])) {
      ps[i] = s->ptr0;
      any = true;
    }
  if (!any) {
    free(ps);
    return;
  }
  LLVMTypeRef nty = LLVMFunctionType(LLVMGetReturnType(fty), ps, n, LLVMIsFunctionVarArg(fty));
  char *name = prep_value_name(decl);
  LLVMSetValueName2(decl, "", 0);
  LLVMValueRef nd = LLVMAddFunction(s->m, name, nty);
  free(name);
  ValVec calls = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(decl); u; u = LLVMGetNextUse(u))
    vec_push(&calls, LLVMGetUser(u));
  for (size_t k = 0; k < calls.n; k++) {
    LLVMValueRef c = calls.v[k];
    unsigned na = LLVMGetNumArgOperands(c);
    LLVMValueRef *args = xmalloc((na ? na : 1) * sizeof *args);
    LLVMPositionBuilderBefore(s->b, c);
    for (unsigned i = 0; i < na; i++) {
      args[i] = LLVMGetOperand(c, i);
      if (i < n && narrow_ptr(LLVMTypeOf(args[i])))
        args[i] = LLVMBuildAddrSpaceCast(s->b, args[i], s->ptr0, "");
    }
    ir_replace_call(s->b, c, nd, nty, args, na);
    free(args);
  }
  vec_free(&calls);
  uint32_t b = map_find(&s->builtins, decl);
  map_put(&s->builtins, nd, b);
  map_put(&s->builtins, decl, MAP_NONE);
  LLVMDeleteFunction(decl);
  free(ps);
}

void retarget_module(Prep *s, const char *triple, const char *layout) {
  LLVMSetTarget(s->m, triple);
  LLVMSetDataLayout(s->m, layout);
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f; f = LLVMGetNextFunction(f)) {
    LLVMSetFunctionCallConv(f, LLVMCCallConv);
    drop_target_attrs(f);
    if (LLVMGetFirstBasicBlock(f))
      probe_stack(f);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
         bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
           i = LLVMGetNextInstruction(i))
        if (LLVMGetInstructionOpcode(i) == LLVMCall)
          LLVMSetInstructionCallConv(i, LLVMCCallConv);
  }
  /* declarations -> runtime symbols; collected first: a rebound
     declaration is freed and its address may come back as a new function */
  ValVec decls = {0};
  if (s->p->narrow) {
    for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f; f = LLVMGetNextFunction(f))
      if (map_find(&s->builtins, f) != MAP_NONE)
        vec_push(&decls, f);
    for (size_t k = 0; k < decls.n; k++)
      widen_builtin_args(s, decls.v[k]);
    decls.n = 0;
  }
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f; f = LLVMGetNextFunction(f))
    if (map_find(&s->builtins, f) != MAP_NONE)
      vec_push(&decls, f);
  for (size_t k = 0; k < decls.n; k++) {
    char *name = prep_value_name(decls.v[k]);
    prep_rebind(s, decls.v[k], "__gasp_rt.", name);
    free(name);
  }
  vec_free(&decls);
}
