/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* target.c — the address-space tables, one per target family.
 *
 * Problem: every pass needs target facts — which space is generic, which
 * named spaces exist and which of them can overlap, how a kernel is
 * recognised, where allocas live, what null looks like.  They live here and
 * nowhere else: no pass tests "if (nvptx)".
 *
 * Table (LLVM numbers):
 *   unified     spir/spirv/genx   nvptx            amdgcn
 *   generic     4                 0                0 (flat)
 *   global      1                 1                1
 *   local       3                 3 (shared)       3 (LDS)
 *   private     0                 5 (local)        5 (scratch)
 *   constant    2                 4                4
 *   specific    -                 6 tensor,        2 region (GDS),
 *                                 7 dist. shared,  6 const32,
 *                                 101 param        7-9 buffers
 *
 * Disjointness: each named space has an alias class; spaces of different
 * classes never hold the same byte.  NVPTX distributed shared (7) contains
 * the CTA's own shared memory (3), so they share a class; AMDGPU constant,
 * const32 and buffers are views of global memory and share its class.
 *
 * Null: AMDGPU local, region and private use all-ones as null, so a generic
 * null cannot stand for their null as a bit pattern: null_is_zero is false
 * there.  So is it for NVPTX's windows (shared, distributed shared, local,
 * constant): a shared or constant variable sits at address 0 of its
 * window (ptxas 11.8/13.0 for sm_70..sm_86 place the first shared variable
 * at 0: `STS [RZ]`; sm_90 from 0x400), and cvta of a window's 0 is the
 * window's base, not generic null (llc-22: `mov 0; cvta.shared`): a named
 * 0 standing for generic null made `p == NULL` true for that variable and
 * a null cast back to generic non-null.  Only global, whose window is the
 * generic space itself, keeps 0.  A null arm merged into those spaces is
 * written as the cast `addrspacecast (ptr null to ...)` (tgt_null; llc
 * emits cvta.to of 0, and a cast back folds to generic null), their
 * pointers are compared for equality only (rewrite.c), memory holding
 * such a null is not retyped (fields.c).
 *
 * Volatile and atomic policy (what infer may rewrite): nvptx: every
 * named space for volatile loads, stores and atomics, but no cmpxchg into
 * private (llc-22 emits atom.local.cas, which ptxas rejects for every SM
 * and width; llc turns a private atomicrmw into ld/st, which assembles) —
 * measured with llc-22 -mcpu=sm_80/sm_90 and ptxas 13.0 -arch=sm_80/sm_90
 * over {volatile, atomic} x {load, store, atomicrmw, cmpxchg} x {global,
 * shared, local, constant}; amdgcn:
 * global, local, private, constant and constant32 (region and buffer
 * views keep volatile accesses generic); spir/genx: every named space (no
 * backend interprets the space of a volatile access differently).
 *
 * Local functions' parameters (NVPTX): llc-22 aligns the parameters and
 * return a local function passes as bytes (by-value aggregates,
 * aggregates, vectors) to 16 and a non-local or address-taken one's to the
 * ABI's (getFunctionParamOptimizedAlign), and ptxas then allocates the
 * callers otherwise (local_args_realigned: externalize.c keeps a function
 * gasp made at the ABI's alignment where clang's build has its root
 * non-local).
 *
 * NVPTX volatile: llc-22 emits ld/st.volatile.global/.shared, and plain
 * ld/st.local and ld.const for per-thread and read-only memory that
 * nothing else can observe, so volatile keeps its meaning (the IR access
 * stays volatile for LLVM's optimizers).  --volatile=keep keeps every
 * volatile access generic (tgt_volatile_ok is the one query).  Upstream
 * leaves a volatile cmpxchg in local memory generic, so IR whose private
 * origin only gasp can see (across a call) must stay so: infer keeps it
 * (infer.cmpxchg-kept), the tag dispatch's private arm uses the cleared
 * pointer made generic (tgt_access_ok).  Test: test/infer/nvptx-cmpxchg.ll.
 *
 * In global (in_global): read-only memory kept inside the global buffer,
 * which a global access may read — spir/genx constant (OpenCL devices
 * without generic hardware allocate __constant in global memory), AMDGPU
 * constant and constant32; NVPTX constant is a window of its own.  Static
 * resolution and the tag dispatch's global arm read it through global
 * pointers, and gasp-run --check-as accepts that (tgt_in_global, which
 * also covers private under --private-in-global).  Read-only spaces
 * (tgt_read_only) never get a write.
 *
 * Kernels: calling convention 76 (spir_kernel), 71 (ptx_kernel, or listed
 * !"kernel" in nvvm.annotations), 91 (amdgpu_kernel), genx dllexport or
 * genx.kernels metadata.  Parameters by the target's rules alone
 * (tgt_param_space, asked by infer, ipmsp, reach and lower): a generic,
 * not byval/byref pointer parameter of a kernel is global on nvptx/amdgcn
 * only when nothing in the module calls the kernel (the host launches it
 * with global buffers; a kernel device code also calls gets whatever its
 * callers pass); a generic byval parameter of a device function is the
 * callee's own copy, private on NVPTX (byval_is_private); a kernel's byval
 * that the kernel only reads is in the parameter space (kernel_byval_space
 * 101 on NVPTX, as NVPTXLowerArgs reads it with ld.param) — one written or
 * handed on is copied into private memory first (pass/byvalcopy.c, up to
 * kernel_byval_copy bytes).  An NVPTX alloca in the generic space is
 * private.  A kernel's by-value aggregate holds what the host wrote, which
 * can only be global addresses or null (tgt_host_filled; memory.c models
 * the host as one more writer before the kernel starts): CUDA's and HIP's
 * struct arguments (generic byval/byref), and on SPIR a private byval
 * (kernel_byval_host_filled), the kernel object clang's SYCL device mode
 * (-fsycl-is-device, sycl_kernel_entry_point) passes, whose captured USM
 * pointers are global (OpenCL C's struct arguments hold only pointers to
 * named spaces: clang rejects a generic one, so only integers made
 * pointers meet the rule there).
 *
 * Tags: a generic pointer made from a
 * named space carries that space's tag in bits 61-63: private 001, local
 * 010, global 000/111 (its own canonical bits, never rewritten).  Constant
 * memory is part of global memory on OpenCL devices and AMDGPU (tag 0,
 * reached through the global arm); NVPTX's constant bank is a separate
 * window, so it gets the spare tag 011 and an arm of its own.  Spaces with
 * tag -1 (tensor, distributed shared, param, region, buffers) cannot be
 * tagged: lowering refuses a cast of them to generic.
 *
 * Casts that must be shared (cast_shared): on NVPTX a generic pointer
 * gasp proves global needs `cvta.to.global` before `ld.global` — an
 * instruction per cast, since PTX does not promise that a global address
 * is its generic one — while a generic `ld` of global memory is served by
 * the same load path (the generic window maps global memory one to one;
 * clang's and nvcc's own builds leave a pointer loaded from memory
 * generic).  Naming such a pointer buys nothing the device shows when one
 * access uses the cast, and costs an instruction: held-out HeCBench
 * pointerchase, one cvta per hop, 46 -> 55 PTX instructions; egs, a
 * `__device__` pointer reloaded for each atomic, +3%.  So where a value's
 * twin would be a new cast (a loaded pointer, a call's result, a device
 * function's parameter), infer names it in such a space only when the
 * accesses it names weigh two or more (each by its loop depth against the
 * cast's); a kernel's pointer parameter, which the back end casts at entry
 * itself, is not asked.  Shared, local and constant memory on NVPTX are
 * windows a generic access must be sorted into (the H200's -3.9% on grrt
 * was private accesses named), and AMDGPU's global cast is no instruction
 * (noop_generic): neither is cast_shared.
 *
 * Warp matrix accesses (matrix_ok).  PTX's wmma.load and wmma.store take
 * .global or .shared, or none (generic); llc-22 cannot select NVVM's wmma
 * intrinsics on a local or constant pointer at all.  So a fragment
 * proven private or constant stays generic (tgt_access_ok,
 * TGT_ACC_MATRIX; test/infer/wmma.ll).
 *
 * Tests: test/unit/test_target.c and the lit tests under test/target/,
 * test/infer/ (policies), test/byvalcopy/.
 */
#include "target/target.h"

#include <string.h>

/* ---- the tables -------------------------------------------------------- */

/*                        as  name        unified       class null0 vol  tag in-global noop cas-rejected
                          cast-shared matrix args-generic */
static const TgtSpace spir_spaces[] = {
    {1, "global", UAS_GLOBAL, 1, true, true, 0, false, false, false, false, false, false},
    {3, "local", UAS_LOCAL, 3, true, true, 2, false, false, false, false, false, false},
    {0, "private", UAS_PRIVATE, 0, true, true, 1, false, false, false, false, false, false},
    {2, "constant", UAS_CONSTANT, 2, true, true, 0, true, false, false, false, false, false},
};

static const TgtSpace nvptx_spaces[] = {
    {1, "global", UAS_GLOBAL, 1, true, true, 0, false, false, false, true, true, false},
    {3, "local", UAS_LOCAL, 3, false, true, 2, false, false, false, false, true, false},
    {5, "private", UAS_PRIVATE, 5, false, true, 1, false, false, true, false, false, true},
    {4, "constant", UAS_CONSTANT, 4, false, true, 3, false, false, false, false, false, false},
    {6, "tensor", UAS_TARGET, 6, true, false, -1, false, false, false, false, false, false},
    {7, "distributed-shared", UAS_TARGET, 3, false, false, -1, false, false, false, false, false, false},
    {101, "param", UAS_TARGET, 101, true, false, -1, false, false, false, false, false, false},
};

static const TgtSpace amdgcn_spaces[] = {
    {1, "global", UAS_GLOBAL, 1, true, true, 0, false, true, false, false, false, false},
    {3, "local", UAS_LOCAL, 3, false, true, 2, false, false, false, false, false, false},
    {5, "private", UAS_PRIVATE, 5, false, true, 1, false, false, false, false, false, false},
    {4, "constant", UAS_CONSTANT, 1, true, true, 0, true, true, false, false, false, false},
    {2, "region", UAS_TARGET, 2, false, false, -1, false, false, false, false, false, false},
    {6, "constant32", UAS_TARGET, 1, true, true, 0, true, false, false, false, false, false},
    {7, "buffer-fat", UAS_TARGET, 1, true, false, -1, false, false, false, false, false, false},
    {8, "buffer-resource", UAS_TARGET, 1, true, false, -1, false, false, false, false, false, false},
    {9, "buffer-strided", UAS_TARGET, 1, true, false, -1, false, false, false, false, false, false},
};

#define N(a) (unsigned)(sizeof(a) / sizeof((a)[0]))

/* What the space tests tell apart (llvm.amdgcn.is.shared/is.private: not
   shared and not private is global, as upstream's AMDGPU rule holds).
   NVPTX's generic window also holds the distributed-shared, param and
   tensor windows, which no isspacep test names: a false test there says
   nothing. */
static const int amdgcn_test_windows[] = {1, 3, 5};

static const TgtTable tables[] = {
    {.name = "spir",
     .family = TGT_SPIR,
     .generic = 4,
     .global = 1,
     .local = 3,
     .priv = 0,
     .constant = 2,
     .spaces = spir_spaces,
     .nspaces = N(spir_spaces),
     .kernel_cc = 76 /* spir_kernel */,
     .kernel_byval_host_filled = true,
     .named_overloads = true,
     .clone_cost = 1},
    {.name = "nvptx",
     .family = TGT_NVPTX,
     .generic = 0,
     .global = 1,
     .local = 3,
     .priv = 5,
     .constant = 4,
     .spaces = nvptx_spaces,
     .nspaces = N(nvptx_spaces),
     .kernel_cc = 71 /* ptx_kernel */,
     .kernel_md = "nvvm.annotations",
     .kernel_ptr_args_global = true,
     .backend_infers = true,
     .generic_alloca_is_private = true,
     .generic_vars_global = true,
     .byval_is_private = true,
     .kernel_byval_space = 101,
     .kernel_byval_copy = 256,
     .const_loads_global = true, /* __constant__: only the host writes it */
     .generic_hw = true,
     .null_tests_global = true,
     .clone_cost = 1,
     .generic_args_twin = true,
     .split_merges = true,
     .null_test_cast = true,
     .local_args_realigned = true,
     .lane_reg_bits = 32 /* v2f16, v2bf16, v2i16, v4i8: selects, bfe */,
     .int_windows = true},
    {.name = "amdgcn",
     .family = TGT_AMDGCN,
     .generic = 0,
     .global = 1,
     .local = 3,
     .priv = 5,
     .constant = 4,
     .spaces = amdgcn_spaces,
     .nspaces = N(amdgcn_spaces),
     .kernel_cc = 91 /* amdgpu_kernel */,
     .kernel_ptr_args_global = true,
     .test_windows = amdgcn_test_windows,
     .ntest_windows = N(amdgcn_test_windows),
     .const_loads_global = true,
     .generic_hw = true,
     .clone_cost = 1,
     .int_windows = true},
    {.name = "genx",
     .family = TGT_GENX,
     .generic = 4,
     .global = 1,
     .local = 3,
     .priv = 0,
     .constant = 2,
     .spaces = spir_spaces,
     .nspaces = N(spir_spaces),
     .kernel_cc = 76,
     .kernel_dllexport = true,
     .kernel_md = "genx.kernels"},
};

/* ---- lookup ------------------------------------------------------------ */

char *tgt_names(char *buf, size_t cap) {
  size_t n = 0;
  buf[0] = 0;
  for (unsigned i = 0; i < N(tables) && n < cap; i++)
    n += (size_t)snprintf(buf + n, cap - n, "%s%s", i ? ", " : "", tables[i].name);
  return buf;
}

const TgtTable *tgt_by_name(const char *name) {
  for (unsigned i = 0; i < N(tables); i++)
    if (!strcmp(tables[i].name, name))
      return &tables[i];
  return NULL;
}

/* Is s (n bytes) made only of characters in set? */
static bool only(const char *s, size_t n, const char *set) {
  for (size_t i = 0; i < n; i++)
    if (!strchr(set, s[i]))
      return false;
  return true;
}

/* The architecture: the triple up to its first '-' (*n bytes). */
static const char *arch_of(const char *triple, size_t *n) {
  const char *dash = strchr(triple, '-');
  *n = dash ? (size_t)(dash - triple) : strlen(triple);
  return triple;
}

/* Is the architecture a (n bytes) spelled exactly lit? */
static bool arch_is(const char *a, size_t n, const char *lit) {
  return n == strlen(lit) && !strncmp(a, lit, n);
}

/* nvptx or nvptx64. */
static bool arch_is_nvptx(const char *a, size_t n) {
  return arch_is(a, n, "nvptx") || arch_is(a, n, "nvptx64");
}

/* spirv[32|64][v]1.x: LLVM's own SPIR-V back end compiles it. */
static bool arch_is_spirv(const char *a, size_t n) {
  return n >= 5 && !strncmp(a, "spirv", 5) && only(a + 5, n - 5, "0123456789v.");
}

/* The architecture decides, spelled as LLVM spells it: spir, spir64,
   spirv[32|64][v]1.x, nvptx, nvptx64, amdgcn, genx[32|64].  Anything else
   ("spir}64", "nvptxfoo") is not ours. */
const TgtTable *tgt_for_triple(const char *triple) {
  if (!triple)
    return NULL;
  size_t n;
  const char *a = arch_of(triple, &n);
  if (arch_is(a, n, "spir") || arch_is(a, n, "spir64") || arch_is_spirv(a, n))
    return tgt_by_name("spir");
  if (arch_is_nvptx(a, n))
    return tgt_by_name("nvptx");
  if (arch_is(a, n, "amdgcn"))
    return tgt_by_name("amdgcn");
  if (n >= 4 && !strncmp(a, "genx", 4) && only(a + 4, n - 4, "0123456789"))
    return tgt_by_name("genx");
  return NULL;
}

unsigned tgt_hazards(const char *triple) {
  if (!triple)
    return 0;
  size_t n;
  const char *a = arch_of(triple, &n);
  if (arch_is_spirv(a, n))
    return TGT_HAZARD_SCOPES;
  if (arch_is(a, n, "amdgcn"))
    return TGT_HAZARD_LANE;
  if (arch_is_nvptx(a, n))
    return TGT_HAZARD_FRAME | TGT_HAZARD_CASTBASE;
  return 0;
}

bool tgt_backend_aa(const char *triple) {
  if (!triple)
    return false;
  size_t n;
  const char *a = arch_of(triple, &n);
  return arch_is_nvptx(a, n) || arch_is(a, n, "amdgcn");
}

const TgtSpace *tgt_space(const TgtTable *t, int as) {
  for (unsigned i = 0; i < t->nspaces; i++)
    if (t->spaces[i].as == as)
      return &t->spaces[i];
  return NULL;
}

bool tgt_is_named(const TgtTable *t, int as) {
  return as != t->generic && tgt_space(t, as) != NULL;
}

bool tgt_is_space(const TgtTable *t, int as) { return as >= 0 && as != t->generic; }

const char *tgt_space_name(const TgtTable *t, int as) {
  if (as == t->generic)
    return "generic";
  const TgtSpace *s = tgt_space(t, as);
  return s ? s->name : "unknown";
}

int tgt_alias_class(const TgtTable *t, int as, bool private_in_global) {
  const TgtSpace *s = tgt_space(t, as);
  if (!s || as == t->generic)
    return -1;
  if (private_in_global && s->unified == UAS_PRIVATE)
    s = tgt_space(t, t->global);
  return s->alias_class;
}

bool tgt_disjoint(const TgtTable *t, int a, int b) {
  int ca = tgt_alias_class(t, a, false), cb = tgt_alias_class(t, b, false);
  return ca >= 0 && cb >= 0 && ca != cb;
}

/* ---- kernels ----------------------------------------------------------- */

static bool listed_in_md(const TgtTable *t, LLVMValueRef fn) {
  LLVMModuleRef m = LLVMGetGlobalParent(fn);
  unsigned n = LLVMGetNamedMetadataNumOperands(m, t->kernel_md);
  if (!n)
    return false;
  LLVMValueRef *ops = xmalloc(n * sizeof *ops);
  LLVMGetNamedMetadataOperands(m, t->kernel_md, ops);
  bool found = false;
  for (unsigned i = 0; i < n && !found; i++) {
    unsigned k = LLVMGetMDNodeNumOperands(ops[i]);
    if (k == 0)
      continue;
    LLVMValueRef *el = xmalloc(k * sizeof *el);
    LLVMGetMDNodeOperands(ops[i], el);
    if (el[0] == fn) {
      if (t->family != TGT_NVPTX)
        found = true;
      else if (k >= 2 && el[1] && LLVMIsAMDString(el[1])) {
        unsigned len;
        const char *s = LLVMGetMDString(el[1], &len);
        found = len == 6 && !memcmp(s, "kernel", 6);
      }
    }
    free(el);
  }
  free(ops);
  return found;
}

bool tgt_is_kernel(const TgtTable *t, LLVMValueRef fn) {
  if (t->kernel_cc && LLVMGetFunctionCallConv(fn) == t->kernel_cc)
    return true;
  if (t->kernel_dllexport &&
      LLVMGetDLLStorageClass(fn) == LLVMDLLExportStorageClass)
    return true;
  return t->kernel_md && listed_in_md(t, fn);
}

/* Is fn used by anything in the module (a call from device code, an
   address taken)?  Metadata (nvvm.annotations) does not count. */
static bool used_in_module(LLVMValueRef fn) { return LLVMGetFirstUse(fn) != NULL; }

/* Is every use of v (a kernel's byval parameter, or a GEP of it) a load
   from it, the source of a copy, or a GEP to such uses?  Then the back end reads it from the
   parameter space and its address never leaves. */
static bool only_read(const TgtTable *t, LLVMValueRef root) {
  Fwd w;
  fwd_init(&w, FWD_FIFO | FWD_DEDUP);
  fwd_start(&w, root, place_at(0, 0));
  ValVec merges = {0};
  bool ok = true;
  for (FwdUse u; ok && fwd_next(&w, &u);) {
    LLVMValueRef user = u.user, v = u.v;
    if (LLVMIsALoadInst(user) && !LLVMGetVolatile(user) && LLVMGetOperand(user, 0) == v)
      continue;
    /* a GEP; a phi or select among pointers into it (a cursor walking the
       aggregate: NVPTXLowerArgs reads those with ld.param too, when every
       incoming pointer is the parameter's; checked below); gasp's own cast
       of an earlier run (the output read again) — at most 8 moves from the
       parameter */
    bool merge = u.kind == FWD_MERGE && (LLVMIsAPHINode(user) || LLVMIsASelectInst(user));
    if ((LLVMIsAGetElementPtrInst(user) && u.kind == FWD_GEP) || merge ||
        (LLVMIsAAddrSpaceCastInst(user) && ir_ptr_as(LLVMTypeOf(user)) == t->kernel_byval_space)) {
      ok = u.depth < 8;
      if (ok && merge)
        vec_push(&merges, user);
      if (ok)
        fwd_follow(&w, user, u.at);
      continue;
    }
    /* the source of a copy (byvalcopy's, clang's) */
    const IrMemIntrin *mi = LLVMIsACallInst(user) ? ir_mem_intrin(user) : NULL;
    ok = mi && (!strncmp(mi->name, "llvm.memcpy", 11) || !strncmp(mi->name, "llvm.memmove", 12)) &&
         LLVMGetOperand(user, 1) == v && LLVMGetOperand(user, 0) != v &&
         !ir_mem_intrin_volatile(mi, user);
  }
  /* a phi or select is in the parameter's space only when every pointer
     it chooses from is */
  for (size_t i = 0; ok && i < merges.n; i++) {
    LLVMValueRef m = merges.v[i];
    if (LLVMIsASelectInst(m)) {
      ok = fwd_reached(&w, LLVMGetOperand(m, 1)) && fwd_reached(&w, LLVMGetOperand(m, 2));
    } else {
      for (unsigned k = 0; ok && k < LLVMCountIncoming(m); k++)
        ok = fwd_reached(&w, LLVMGetIncomingValue(m, k));
    }
  }
  vec_free(&merges);
  fwd_free(&w);
  return ok;
}

int tgt_param_space(const TgtTable *t, LLVMValueRef fn, unsigned k) {
  LLVMTypeRef ty = LLVMTypeOf(LLVMGetParam(fn, k));
  if (LLVMGetTypeKind(ty) != LLVMPointerTypeKind ||
      (int)LLVMGetPointerAddressSpace(ty) != t->generic)
    return LAT_GENERIC;
  bool kernel = tgt_is_kernel(t, fn);
  if (ir_param_attr(fn, k, "byval")) {
    /* the callee's own copy of the aggregate; a kernel's lives in the
       launch's parameter memory: only read, it is named there (NVPTX:
       NVPTXLowerArgs reads it with ld.param, as gasp's IR now says).  One
       whose address escapes stays generic: LLVM 22 hands its callees the
       parameter window's generic address (cvta.param), neither a local
       copy nor a space a device function may read by name.  An optnone
       kernel keeps its generic reads (no pass rewrites it), and those go
       to NVPTX's local copy: private, as a device function's. */
    if (kernel && t->kernel_byval_space && !used_in_module(fn) && !ir_optnone(fn) &&
        only_read(t, LLVMGetParam(fn, k)))
      return t->kernel_byval_space;
    return t->byval_is_private && !kernel ? t->priv : LAT_GENERIC;
  }
  if (ir_param_attr(fn, k, "byref"))
    return LAT_GENERIC;
  /* the host launch passes global addresses; a kernel that device code
     also calls gets whatever its callers pass */
  if (kernel && t->kernel_ptr_args_global && !used_in_module(fn))
    return t->global;
  return LAT_GENERIC;
}

bool tgt_backend_names(const TgtTable *t, int as) {
  return as >= 0 && ((as == t->priv && t->generic_alloca_is_private) ||
                     (t->kernel_byval_space && as == t->kernel_byval_space));
}

bool tgt_byval_bits_private(const TgtTable *t, LLVMValueRef fn, unsigned k) {
  return t->byval_is_private && ir_ptr_as(LLVMTypeOf(LLVMGetParam(fn, k))) == t->generic &&
         ir_param_attr(fn, k, "byval");
}

bool tgt_host_filled(const TgtTable *t, LLVMValueRef fn, unsigned k) {
  LLVMTypeRef ty = LLVMTypeOf(LLVMGetParam(fn, k));
  if (LLVMGetTypeKind(ty) != LLVMPointerTypeKind || !tgt_is_kernel(t, fn) || used_in_module(fn))
    return false;
  int as = (int)LLVMGetPointerAddressSpace(ty);
  if (as == t->generic && t->kernel_ptr_args_global)
    return ir_param_attr(fn, k, "byval") || ir_param_attr(fn, k, "byref");
  return as == t->priv && t->kernel_byval_host_filled && ir_param_attr(fn, k, "byval");
}

bool tgt_in_global(const TgtTable *t, int as, bool private_in_global) {
  if (as == t->global)
    return true;
  const TgtSpace *sp = tgt_space(t, as);
  if (!sp)
    return false;
  return sp->in_global || (private_in_global && as == t->priv);
}

bool tgt_volatile_ok(const TgtTable *t, int as, bool keep_volatile) {
  const TgtSpace *sp = tgt_space(t, as);
  return !keep_volatile && sp && sp->volatile_ok;
}

bool tgt_access_ok(const TgtTable *t, int as, bool is_volatile, TgtAccess kind, bool keep_volatile) {
  const TgtSpace *sp = tgt_space(t, as);
  if (kind == TGT_ACC_CAS && sp && sp->cas_rejected)
    return false;
  if (kind == TGT_ACC_MATRIX && !(sp && sp->matrix_ok))
    return false;
  return !is_volatile || tgt_volatile_ok(t, as, keep_volatile);
}

bool tgt_cast_shared(const TgtTable *t, int as, bool tags) {
  const TgtSpace *sp = tgt_space(t, as);
  return sp && sp->cast_shared && !tags;
}

static unsigned arg_index(LLVMValueRef a) {
  LLVMValueRef fn = LLVMGetParamParent(a);
  for (unsigned k = 0, n = LLVMCountParams(fn); k < n; k++)
    if (LLVMGetParam(fn, k) == a)
      return k;
  return 0;
}

/* NVPTXLowerArgs (LLVM 22, CUDA driver interface) casts each pointer
   parameter of a kernel to global at the entry, and each pointer loaded
   from a kernel's byval parameter (the launch's parameter memory, written
   by the host) where it is loaded: a cvta.to.global clang's build has too.
   kernel_byval_space says the table is NVPTX's (the parameter space). */
bool tgt_backend_casts(const TgtTable *t, LLVMValueRef v) {
  if (!t->kernel_byval_space)
    return false;
  if (LLVMIsAArgument(v))
    return tgt_is_kernel(t, LLVMGetParamParent(v)) &&
           !ir_param_attr(LLVMGetParamParent(v), arg_index(v), "byval");
  if (!LLVMIsALoadInst(v))
    return false;
  LLVMValueRef p = ir_strip_offsets(LLVMGetOperand(v, 0)); /* the loaded address's object */
  return LLVMIsAArgument(p) && tgt_is_kernel(t, LLVMGetParamParent(p)) &&
         ir_param_attr(LLVMGetParamParent(p), arg_index(p), "byval");
}

bool tgt_same_bits_as_generic(const TgtTable *t, LLVMValueRef v) {
  const TgtSpace *sp = tgt_space(t, ir_ptr_as(LLVMTypeOf(v)));
  return sp && sp->noop_generic;
}

/* nonnull: a non-null generic pointer keeps a non-zero address in the
   generic space, in global memory (its generic address, on every target
   the table names) and in the spaces whose cast keeps the bits; in a
   window of the generic space (NVPTX shared, local and constant, AMDGPU
   LDS, region and scratch) its offset may be 0, the first variable's
   address, and `nonnull` there would make that argument poison. */
bool tgt_nonnull_kept(const TgtTable *t, int as) {
  const TgtSpace *sp = tgt_space(t, as);
  return as == t->generic || as == t->global || (sp && sp->noop_generic);
}

/* AMDGPU scratch.  gfx6 to gfx90a and gfx10 reach private memory with
   MUBUF buffer instructions, whose per-lane swizzle has the private element
   size (max-private-element-size: 4 bytes by default): llc-22 splits a
   private load or store of 8 or 16 bytes into dwords (gfx90a: a <4 x i32>
   is 4 buffer_load_dword), where the flat access through a generic pointer
   is one flat_load_dwordx4.  gfx942, gfx950 and gfx11/gfx12 have flat
   (architected) scratch: scratch_load_dwordx4 / scratch_load_b128, one
   instruction.  Told by the function's target-cpu and target-features; a
   function without them is compiled for llc's default, a MUBUF target. */
static const char *const flat_scratch_cpus[] = {"gfx94", "gfx95", "gfx11", "gfx12"};

static const char *fn_string_attr(LLVMValueRef fn, const char *kind, unsigned *len) {
  LLVMAttributeRef a =
      LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind, (unsigned)strlen(kind));
  *len = 0;
  return a ? LLVMGetStringAttributeValue(a, len) : NULL;
}

/* Does the comma-separated feature list (length n) hold feature? */
static bool has_feature(const char *list, unsigned n, const char *feature) {
  size_t fl = strlen(feature);
  for (unsigned i = 0; list && i + fl <= n; i++)
    if ((i == 0 || list[i - 1] == ',') && !memcmp(list + i, feature, fl) &&
        (i + fl == n || list[i + fl] == ','))
      return true;
  return false;
}

unsigned tgt_split_bytes(const TgtTable *t, int as, LLVMValueRef fn) {
  if (t->family != TGT_AMDGCN || as != t->priv || !fn)
    return 0;
  unsigned n;
  const char *feat = fn_string_attr(fn, "target-features", &n);
  if (has_feature(feat, n, "+enable-flat-scratch") ||
      has_feature(feat, n, "+max-private-element-size-16"))
    return 0;
  unsigned piece = has_feature(feat, n, "+max-private-element-size-8") ? 8 : 4;
  const char *cpu = fn_string_attr(fn, "target-cpu", &n);
  for (size_t i = 0; cpu && i < sizeof flat_scratch_cpus / sizeof *flat_scratch_cpus; i++)
    if (n >= 5 && !memcmp(cpu, flat_scratch_cpus[i], 5))
      return 0;
  return piece;
}

bool tgt_read_only(const TgtTable *t, int as) {
  const TgtSpace *sp = tgt_space(t, as);
  /* constant memory, and what the table keeps in the global buffer as
     read-only memory (in_global: AMDGPU constant32 too) */
  return sp && (sp->unified == UAS_CONSTANT || sp->in_global);
}

/* Does constant c hold a pointer into a space other than global memory,
   cast to generic (an LDS address in a constant table)?  Unknown depth
   counts as yes. */
static bool holds_non_global(const TgtTable *t, LLVMValueRef c, unsigned depth) {
  if (depth > 32)
    return true;
  if (!LLVMIsAConstant(c) || LLVMIsAGlobalValue(c) || LLVMIsAConstantDataSequential(c))
    return false;
  if (LLVMIsAConstantExpr(c) && LLVMGetConstOpcode(c) == LLVMAddrSpaceCast &&
      !tgt_in_global(t, ir_ptr_as(LLVMTypeOf(LLVMGetOperand(c, 0))), false))
    return true;
  if (LLVMIsAConstantExpr(c) && LLVMGetConstOpcode(c) == LLVMIntToPtr)
    return true;
  int n = LLVMGetNumOperands(c);
  for (int i = 0; i < n; i++)
    if (holds_non_global(t, LLVMGetOperand(c, (unsigned)i), depth + 1))
      return true;
  return false;
}

bool tgt_const_memory_global(const TgtTable *t, LLVMModuleRef m) {
  if (!t->const_loads_global)
    return false;
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
    int as = (int)LLVMGetPointerAddressSpace(LLVMTypeOf(g));
    LLVMValueRef init = LLVMGetInitializer(g);
    if (tgt_read_only(t, as) && init && holds_non_global(t, init, 0))
      return false;
  }
  return true;
}

/* ---- lattice values' names ------------------------------------------------ */

const char *lat_name(const TgtTable *t, int lat) {
  if (lat == LAT_UNINIT)
    return "uninit";
  if (lat == LAT_GENERIC)
    return "generic";
  return tgt_space_name(t, lat);
}

/* ---- null ---------------------------------------------------------------- */

LLVMValueRef tgt_const_in(const TgtTable *t, LLVMValueRef c, int as) {
  LLVMTypeRef nt = ir_retype(LLVMTypeOf(c), as);
  if (LLVMIsAConstantPointerNull(c) || LLVMIsAConstantAggregateZero(c))
    return tgt_null(t, nt); /* the cast of the generic null where S's is not 0 */
  if (LLVMIsAPoisonValue(c))
    return LLVMGetPoison(nt);
  if (LLVMIsAUndefValue(c))
    return LLVMGetUndef(nt);
  if (LLVMIsAConstantVector(c)) { /* a vector of pointers: lane by lane */
    unsigned n = (unsigned)LLVMGetNumOperands(c);
    LLVMTypeRef et = LLVMGetElementType(nt);
    LLVMValueRef *es = xmalloc((n ? n : 1) * sizeof *es);
    for (unsigned k = 0; k < n; k++) {
      es[k] = tgt_const_in(t, LLVMGetOperand(c, k), as);
      if (LLVMTypeOf(es[k]) != et) /* a lane of a space inside as: one vector type */
        es[k] = LLVMConstAddrSpaceCast(es[k], et);
    }
    LLVMValueRef v = LLVMConstVector(es, n);
    free(es);
    return v;
  }
  if (!LLVMIsAConstantExpr(c)) /* a variable: its opcode is not an expression's */
    return LLVMConstAddrSpaceCast(c, nt);
  switch (LLVMGetConstOpcode(c)) {
  case LLVMAddrSpaceCast:
    return LLVMGetOperand(c, 0); /* from `as` itself: the space was proven */
  case LLVMBitCast:
    return tgt_const_in(t, LLVMGetOperand(c, 0), as);
  case LLVMIntToPtr: { /* a no-op pair: the pointer it was made from */
    LLVMValueRef p = LLVMGetOperand(LLVMGetOperand(c, 0), 0);
    if (ir_ptr_as(LLVMTypeOf(p)) == as)
      return p;
    return ir_ptr_as(LLVMTypeOf(p)) == t->generic ? tgt_const_in(t, p, as)
                                                  : LLVMConstAddrSpaceCast(p, nt);
  }
  case LLVMGetElementPtr: {
    unsigned n = (unsigned)LLVMGetNumOperands(c);
    LLVMValueRef *idx = xmalloc(n * sizeof *idx);
    for (unsigned k = 1; k < n; k++)
      idx[k - 1] = LLVMGetOperand(c, k);
    LLVMValueRef r = LLVMConstGEPWithNoWrapFlags(
        LLVMGetGEPSourceElementType(c), tgt_const_in(t, LLVMGetOperand(c, 0), as),
        idx, n - 1, LLVMGEPGetNoWrapFlags(c));
    free(idx);
    return r;
  }
  default:
    return LLVMConstAddrSpaceCast(c, nt); /* any other constant: a cast is valid IR */
  }
}

LLVMValueRef tgt_null(const TgtTable *t, LLVMTypeRef ty) {
  if (LLVMGetTypeKind(ty) == LLVMVectorTypeKind) { /* each element's null */
    unsigned n = LLVMGetVectorSize(ty);
    LLVMValueRef e = tgt_null(t, LLVMGetElementType(ty));
    LLVMValueRef *es = xmalloc((n ? n : 1) * sizeof *es);
    for (unsigned k = 0; k < n; k++)
      es[k] = e;
    LLVMValueRef v = LLVMConstVector(es, n);
    free(es);
    return v;
  }
  int as = ir_ptr_as(ty);
  const TgtSpace *sp = tgt_space(t, as);
  if (as == t->generic || !sp || sp->null_is_zero)
    return LLVMConstNull(ty);
  LLVMTypeRef gt = LLVMPointerTypeInContext(LLVMGetTypeContext(ty), (unsigned)t->generic);
  return LLVMConstAddrSpaceCast(LLVMConstNull(gt), ty);
}

/* The bit of a named space in a set of spaces: its index in the table
   (space.c numbers the spaces the table does not name after these). */
uint32_t space_table_bit(const TgtTable *t, int as) {
  for (unsigned k = 0; k < t->nspaces && k < SP_NBITS; k++)
    if (t->spaces[k].as == as)
      return 1u << k;
  return 0;
}
