/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* casts.c — the explicit-cast builtins and space predicates, by spelling.
 *
 * Problem: a front end asks "does this generic pointer point to space X?"
 * in many spellings.  resolve folds them, lower implements them on tags,
 * reach must know they create no generic pointer.  The spellings live here
 * once.
 *
 *   spelling                                         kind   space asked
 *   __to_global / __to_local / __to_private          cast   by name
 *   _Z9to_globalPU3AS4v, _Z8to_local..., _Z10to_private...
 *                                                    cast   by name
 *   __spirv_GenericCastToPtrExplicit_To{Global,Local,Private} (any mangling)
 *                                                    cast   by name
 *   llvm.spv.generic.cast.to.ptr.explicit.p<N>       cast   result space N
 *   llvm.nvvm.isspacep.{global,shared,local,const}   test   global, local,
 *                                                           private, constant
 *   llvm.amdgcn.is.shared / llvm.amdgcn.is.private   test   local, private
 *   inline asm whose one write of its output is      to     global, local,
 *     cvta.{global,shared,local,const}.u64 $0, ...   generic private, constant
 *     (NVPTX: CUDA's cooperative groups reach their reserved shared memory so)
 *
 * A cast returns its argument in the asked space, or null; a test returns
 * i1.  The result type of a cast may be the generic space (clang maps
 * OpenCL private to the generic space 0 on nvptx): then the argument itself
 * is the answer.
 *
 * casts_decl_harmless: declarations that cannot hand back or hide a local
 * or private pointer made generic — intrinsics, the spellings above,
 * functions with no pointer in their signature, and the OpenCL builtin
 * families that only use the pointers they get (atomics, vload/vstore,
 * printf, async copies, prefetch, fences) and CUDA's printf and assert
 * (vprintf, __assertfail).  Every other declaration is an
 * unknown function to reach.c.
 *
 * casts_asm_made: PTX's cvta.<space> makes the generic address of an
 * address of <space>, so an inline asm whose only mention of its result is
 * that instruction's destination hands back a pointer into <space> (an
 * address outside the space's window is no address of it, and an access
 * through one undefined).  The result is a pointer-wide integer (clang's
 * `"=l"(unsigned long long)`, then inttoptr) or a generic pointer (`"=l"(void
 * *)`).  Matched conservatively: one output operand
 * ("=l", or "=r" for 32-bit pointers, nothing else written), `$0` exactly
 * once in the text and no `${...}` form, the statement unpredicated.
 *
 * casts_lane_copy: the shuffles that hand a thread another lane's value
 * (NVPTX shfl.sync.{idx,up,down,bfly}.i32 and the old unsynchronised
 * forms, AMDGPU ds.bpermute, readfirstlane, readlane), through which
 * space.c follows a pointer broadcast in two 32-bit halves.
 *
 * Tests: test/resolve/spellings.ll; the asm form: test/infer/asm-cvta.ll;
 * lane copies: test/infer/lane-broadcast.ll.
 */
#include "target/target.h"

#include <stdio.h>
#include <string.h>

typedef struct Spelling {
  const char *name;
  TgtUnified space;
  bool test;
} Spelling;

static const Spelling exact[] = {
    {"__to_global", UAS_GLOBAL, false},
    {"__to_local", UAS_LOCAL, false},
    {"__to_private", UAS_PRIVATE, false},
    {"llvm.nvvm.isspacep.global", UAS_GLOBAL, true},
    {"llvm.nvvm.isspacep.shared", UAS_LOCAL, true},
    {"llvm.nvvm.isspacep.local", UAS_PRIVATE, true},
    {"llvm.nvvm.isspacep.const", UAS_CONSTANT, true},
    {"llvm.amdgcn.is.shared", UAS_LOCAL, true},
    {"llvm.amdgcn.is.private", UAS_PRIVATE, true},
};

/* Base names of mangled spellings (_Z<len><base>...). */
static const Spelling mangled[] = {
    {"to_global", UAS_GLOBAL, false},
    {"to_local", UAS_LOCAL, false},
    {"to_private", UAS_PRIVATE, false},
    {"__spirv_GenericCastToPtrExplicit_ToGlobal", UAS_GLOBAL, false},
    {"__spirv_GenericCastToPtrExplicit_ToLocal", UAS_LOCAL, false},
    {"__spirv_GenericCastToPtrExplicit_ToPrivate", UAS_PRIVATE, false},
};

static const char spv_prefix[] = "llvm.spv.generic.cast.to.ptr.explicit.";

/* OpenCL builtin families (base-name prefixes) that only use the pointers
   they are given; CUDA's device runtime calls vprintf(fmt, args) and
   __assertfail(msg, file, line, function, size) read theirs. */
static const char *const harmless_prefix[] = {
    "atomic_", "atom_", "vload", "vstore", "printf", "async_work_group",
    "wait_group_events", "prefetch", "mem_fence", "read_mem_fence",
    "write_mem_fence", "__spirv_Atomic", "__spirv_ControlBarrier",
    "__spirv_MemoryBarrier", "fract", "modf", "sincos", "frexp", "lgamma_r",
    "remquo", "vprintf", "__assertfail"};

/* "_Z<len><name>...": copies name into buf; false if not of that form. */
static bool demangled_base(const char *s, size_t slen, char *buf, size_t cap) {
  if (slen < 3 || strncmp(s, "_Z", 2))
    return false;
  size_t i = 2, len = 0;
  while (i < slen && s[i] >= '0' && s[i] <= '9')
    len = len * 10 + (size_t)(s[i++] - '0');
  if (!len || len >= cap || slen - i < len)
    return false;
  memcpy(buf, s + i, len);
  buf[len] = 0;
  return true;
}

static int space_for(const TgtTable *t, TgtUnified u) {
  switch (u) {
  case UAS_GLOBAL:
    return t->global;
  case UAS_LOCAL:
    return t->local;
  case UAS_PRIVATE:
    return t->priv;
  case UAS_CONSTANT:
    return t->constant;
  default:
    return -1;
  }
}

static bool found(const TgtTable *t, const Spelling *sp, CastFn *out) {
  out->unified = sp->space;
  out->as = space_for(t, sp->space);
  out->test = sp->test;
  return true;
}

bool casts_match(const TgtTable *t, LLVMValueRef call, CastFn *out) {
  LLVMValueRef f = ir_callee(call);
  if (!f || !LLVMIsDeclaration(f) || LLVMGetNumArgOperands(call) < 1 ||
      ir_ptr_as(LLVMTypeOf(LLVMGetOperand(call, 0))) != t->generic ||
      LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(call, 0))) != LLVMPointerTypeKind)
    return false;
  size_t n;
  const char *name = LLVMGetValueName2(f, &n);
  LLVMTypeRef rt = LLVMGetReturnType(LLVMGlobalGetValueType(f));
  bool ret_ptr = LLVMGetTypeKind(rt) == LLVMPointerTypeKind;
  bool ret_i1 = LLVMGetTypeKind(rt) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(rt) == 1;
  for (size_t i = 0; i < sizeof exact / sizeof exact[0]; i++)
    if (!strcmp(name, exact[i].name) && (exact[i].test ? ret_i1 : ret_ptr))
      return found(t, &exact[i], out);
  if (ret_ptr && !strncmp(name, spv_prefix, sizeof spv_prefix - 1)) {
    const TgtSpace *sp = tgt_space(t, (int)LLVMGetPointerAddressSpace(rt));
    if (!sp || sp->unified == UAS_TARGET || (int)LLVMGetPointerAddressSpace(rt) == t->generic)
      return false;
    Spelling s = {NULL, sp->unified, false};
    return found(t, &s, out);
  }
  char base[64];
  if (ret_ptr && demangled_base(name, n, base, sizeof base))
    for (size_t i = 0; i < sizeof mangled / sizeof mangled[0]; i++)
      if (!strcmp(base, mangled[i].name))
        return found(t, &mangled[i], out);
  return false;
}

static bool has_pointer(LLVMTypeRef fty) {
  if (ir_ptr_as(LLVMGetReturnType(fty)) >= 0)
    return true;
  unsigned n;
  LLVMTypeRef *ps = ir_param_types(fty, &n);
  bool any = false;
  for (unsigned i = 0; i < n && !any; i++)
    any = ir_ptr_as(ps[i]) >= 0;
  free(ps);
  return any;
}

/* The target's test intrinsic for space as (NVPTX, AMDGPU), or NULL. */
static const Spelling *test_spelling(const TgtTable *t, int as) {
  const char *prefix = t->family == TGT_NVPTX    ? "llvm.nvvm."
                       : t->family == TGT_AMDGCN ? "llvm.amdgcn."
                                                 : NULL;
  for (size_t i = 0; prefix && i < sizeof exact / sizeof exact[0]; i++) {
    const Spelling *sp = &exact[i];
    if (sp->test && !strncmp(sp->name, prefix, strlen(prefix)) && space_for(t, sp->space) == as)
      return sp;
  }
  return NULL;
}

/* SPIR's OpenCL cast for space as (__to_global/__to_local/__to_private:
   the pointer in that space, or null), or NULL. */
static const Spelling *spir_cast(const TgtTable *t, int as) {
  if (t->family != TGT_SPIR)
    return NULL;
  for (size_t i = 0; i < sizeof exact / sizeof exact[0]; i++)
    if (!exact[i].test && !strncmp(exact[i].name, "__to_", 5) &&
        space_for(t, exact[i].space) == as)
      return &exact[i];
  return NULL;
}

bool casts_can_test(const TgtTable *t, int as) {
  return test_spelling(t, as) || spir_cast(t, as);
}

LLVMValueRef casts_build_test(const TgtTable *t, LLVMModuleRef m, LLVMBuilderRef b,
                              LLVMValueRef p, int as) {
  const Spelling *sp = test_spelling(t, as);
  if (sp) {
    unsigned id = LLVMLookupIntrinsicID(sp->name, strlen(sp->name));
    LLVMValueRef f = LLVMGetIntrinsicDeclaration(m, id, NULL, 0);
    return LLVMBuildCall2(b, LLVMGlobalGetValueType(f), f, &p, 1, "");
  }
  sp = spir_cast(t, as); /* as clang spells OpenCL's to_local(p) != NULL */
  LLVMTypeRef rt = ir_retype(LLVMTypeOf(p), as), pt = LLVMTypeOf(p);
  LLVMValueRef f = LLVMGetNamedFunction(m, sp->name);
  if (!f) {
    f = LLVMAddFunction(m, sp->name, LLVMFunctionType(rt, &pt, 1, false));
    LLVMSetFunctionCallConv(f, 75 /* spir_func */);
  }
  LLVMValueRef c = LLVMBuildCall2(b, LLVMGlobalGetValueType(f), f, &p, 1, "");
  LLVMSetInstructionCallConv(c, LLVMGetFunctionCallConv(f));
  return LLVMBuildICmp(b, LLVMIntNE, c, LLVMConstPointerNull(LLVMTypeOf(c)), "");
}

/* PTX's spellings of a conversion of a space's address to generic. */
static const Spelling ptx_cvta[] = {
    {"cvta.global", UAS_GLOBAL, false},      {"cvta.shared", UAS_LOCAL, false},
    {"cvta.shared::cta", UAS_LOCAL, false},  {"cvta.local", UAS_PRIVATE, false},
    {"cvta.const", UAS_CONSTANT, false},
};

/* Is `$0` at text[at] (and not `$01`...)? */
static bool out0_at(const char *text, size_t n, size_t at) {
  return at + 1 < n && text[at] == '$' && text[at + 1] == '0' &&
         (at + 2 >= n || text[at + 2] < '0' || text[at + 2] > '9') &&
         (at == 0 || text[at - 1] != '$');
}

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* Is text[k..n) ` $1;` and blanks, and text[0..start) blanks? */
static bool only_input(const char *text, size_t n, size_t start, size_t k) {
  for (size_t i = 0; i < start; i++)
    if (!blank(text[i]))
      return false;
  while (k < n && blank(text[k]))
    k++;
  if (k + 1 >= n || text[k] != '$' || text[k + 1] != '1')
    return false;
  for (k += 2; k < n && blank(text[k]); k++)
    ;
  if (k < n && text[k] == ';')
    k++;
  while (k < n && (blank(text[k]) || text[k] == '\n'))
    k++;
  return k == n;
}

int casts_asm_made(const TgtTable *t, LLVMValueRef call, unsigned ptr_bits, bool *of_input) {
  if (of_input)
    *of_input = false;
  LLVMValueRef a = LLVMIsACallInst(call) ? LLVMGetCalledValue(call) : NULL;
  LLVMTypeRef rt = a ? LLVMTypeOf(call) : NULL;
  if (t->family != TGT_NVPTX || !a || !LLVMIsAInlineAsm(a))
    return -1;
  unsigned w = ptr_bits; /* the result: a pointer-wide integer or a generic pointer */
  if (LLVMGetTypeKind(rt) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(rt) != w
                                                  : ir_ptr_as(rt) != t->generic ||
                                                        LLVMGetTypeKind(rt) != LLVMPointerTypeKind)
    return -1;
  size_t cn, n;
  const char *con = LLVMGetInlineAsmConstraintString(a, &cn);
  const char *want = w == 64 ? "=l" : w == 32 ? "=r" : NULL;
  if (!want || cn < 2 || strncmp(con, want, 2) || (cn > 2 && con[2] != ',') ||
      memchr(con + 1, '=', cn - 1))
    return -1;
  const char *text = LLVMGetInlineAsmAsmString(a, &n);
  size_t at = n;
  for (size_t i = 0; i < n; i++) {
    if (text[i] == '$' && i + 1 < n && text[i + 1] == '{')
      return -1;
    if (out0_at(text, n, i)) {
      if (at != n)
        return -1; /* $0 twice: read or written elsewhere */
      at = i;
    }
  }
  if (at == n)
    return -1;
  size_t end = at, k = at + 2;
  while (end > 0 && blank(text[end - 1]))
    end--;
  size_t start = end;
  while (start > 0 && !blank(text[start - 1]) && !memchr(";{}\n", text[start - 1], 4))
    start--;
  size_t before = start; /* only a statement's start may precede the mnemonic */
  while (before > 0 && blank(text[before - 1]))
    before--;
  while (k < n && blank(text[k]))
    k++;
  if ((before > 0 && !memchr(";{}\n", text[before - 1], 4)) || k >= n || text[k] != ',')
    return -1;
  char suffix[8];
  snprintf(suffix, sizeof suffix, ".u%u", w);
  size_t sl = strlen(suffix);
  if (end - start <= sl || strncmp(text + end - sl, suffix, sl))
    return -1;
  for (size_t i = 0; i < sizeof ptx_cvta / sizeof ptx_cvta[0]; i++) {
    size_t ml = strlen(ptx_cvta[i].name);
    if (end - start - sl == ml && !strncmp(text + start, ptx_cvta[i].name, ml)) {
      if (of_input) /* `cvta.<space>.u64 $0, $1` and nothing else */
        *of_input = LLVMGetNumArgOperands(call) == 1 && cn == 4 && con[2] == ',' &&
                    con[3] == want[1] && only_input(text, n, start, k + 1);
      return space_for(t, ptx_cvta[i].space);
    }
  }
  return -1;
}

bool casts_decl_harmless(LLVMValueRef decl) {
  if (LLVMGetIntrinsicID(decl))
    return true;
  if (!has_pointer(LLVMGlobalGetValueType(decl)))
    return true;
  size_t n;
  const char *name = LLVMGetValueName2(decl, &n);
  if (!strncmp(name, spv_prefix, sizeof spv_prefix - 1))
    return true;
  for (size_t i = 0; i < sizeof exact / sizeof exact[0]; i++)
    if (!strcmp(name, exact[i].name))
      return true;
  char base[64];
  const char *b = demangled_base(name, n, base, sizeof base) ? base : name;
  for (size_t i = 0; i < sizeof mangled / sizeof mangled[0]; i++)
    if (!strcmp(b, mangled[i].name))
      return true;
  for (size_t i = 0; i < sizeof harmless_prefix / sizeof harmless_prefix[0]; i++)
    if (!strncmp(b, harmless_prefix[i], strlen(harmless_prefix[i])))
      return true;
  return false;
}

/* The print builtins: OpenCL's and HIP's printf (the variadic call, or its
   mangled spelling), CUDA's device runtime vprintf(fmt, args), and the
   AMDGPU device library's buffer calls HIP lowers printf to. */
static const char *const print_names[] = {"printf", "vprintf", "__ockl_printf_begin",
                                          "__ockl_printf_append_args",
                                          "__ockl_printf_append_string_n", "__printf_alloc"};

/* Is f's name, or the base of its mangled name, one of the count names? */
static bool named_one_of(LLVMValueRef f, const char *const *names, size_t count) {
  size_t n;
  const char *name = LLVMGetValueName2(f, &n);
  char base[64];
  const char *b = demangled_base(name, n, base, sizeof base) ? base : name;
  for (size_t i = 0; i < count; i++)
    if (!strcmp(b, names[i]))
      return true;
  return false;
}

/* printf, CUDA's vprintf, the AMDGPU device library's printf buffer
   calls: the clone cost model counts neither what feeds them nor loop
   weights beside them. */
bool casts_is_print(LLVMValueRef call) {
  LLVMValueRef f = ir_callee(call);
  return f && LLVMIsDeclaration(f) &&
         named_one_of(f, print_names, sizeof print_names / sizeof print_names[0]);
}

/* Launch dimensions: NVPTX's block and grid sizes, OpenCL's (and the
   AMDGPU device library's) work-group, global and group counts. */
static const char *const launch_dim_prefix[] = {"llvm.nvvm.read.ptx.sreg.ntid.",
                                                "llvm.nvvm.read.ptx.sreg.nctaid."};
static const char *const launch_dim_names[] = {
    "get_local_size", "get_global_size", "get_num_groups", "get_enqueued_local_size",
    "__ockl_get_local_size", "__ockl_get_global_size", "__ockl_get_num_groups"};

/* Is f's body `ret` of a launch-dimension read (CUDA's blockDim.x getter
   before inlining: __cuda_builtin_blockDim_t::__fetch_builtin_x)? */
static bool returns_launch_dim(LLVMValueRef f) {
  LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f);
  if (!bb || LLVMGetNextBasicBlock(bb))
    return false;
  LLVMValueRef ret = LLVMGetBasicBlockTerminator(bb);
  if (!ret || !LLVMIsAReturnInst(ret) || LLVMGetNumOperands(ret) != 1)
    return false;
  LLVMValueRef v = LLVMGetOperand(ret, 0);
  while (LLVMIsAZExtInst(v) || LLVMIsASExtInst(v) || LLVMIsATruncInst(v))
    v = LLVMGetOperand(v, 0);
  LLVMValueRef g = LLVMIsACallInst(v) ? ir_callee(v) : NULL;
  return g && g != f && LLVMIsDeclaration(g) && casts_launch_dim(v);
}

bool casts_launch_dim(LLVMValueRef call) {
  LLVMValueRef f = LLVMIsACallInst(call) ? ir_callee(call) : NULL;
  if (!f)
    return false;
  if (!LLVMIsDeclaration(f))
    return returns_launch_dim(f);
  size_t n;
  const char *name = LLVMGetValueName2(f, &n);
  for (size_t i = 0; i < sizeof launch_dim_prefix / sizeof launch_dim_prefix[0]; i++)
    if (!strncmp(name, launch_dim_prefix[i], strlen(launch_dim_prefix[i])))
      return true;
  return named_one_of(f, launch_dim_names, sizeof launch_dim_names / sizeof launch_dim_names[0]);
}

/* ---- lane copies ------------------------------------------------------------ */

/* Intrinsics that return their data operand as some lane of the same
   wave or warp holds it (or the caller's own where the lane asked for is
   out of range); an inactive source lane gives an undefined value, which
   no program may use as an address.  The data operand's index. */
typedef struct LaneCopy {
  const char *prefix; /* the name, or the name and '.' before an overload */
  unsigned data;
} LaneCopy;
static const LaneCopy lane_copies[] = {
    {"llvm.nvvm.shfl.sync.idx.i32", 1},  {"llvm.nvvm.shfl.sync.up.i32", 1},
    {"llvm.nvvm.shfl.sync.down.i32", 1}, {"llvm.nvvm.shfl.sync.bfly.i32", 1},
    {"llvm.nvvm.shfl.idx.i32", 0},       {"llvm.nvvm.shfl.up.i32", 0},
    {"llvm.nvvm.shfl.down.i32", 0},      {"llvm.nvvm.shfl.bfly.i32", 0},
    {"llvm.amdgcn.ds.bpermute", 1},      {"llvm.amdgcn.readfirstlane", 0},
    {"llvm.amdgcn.readlane", 0}};

int casts_lane_copy(LLVMValueRef call) {
  LLVMValueRef f = LLVMIsACallInst(call) ? ir_callee(call) : NULL;
  if (!f || !LLVMIsDeclaration(f))
    return -1;
  size_t n;
  const char *name = LLVMGetValueName2(f, &n);
  for (size_t i = 0; i < sizeof lane_copies / sizeof lane_copies[0]; i++) {
    size_t k = strlen(lane_copies[i].prefix);
    if (n >= k && !strncmp(name, lane_copies[i].prefix, k) && (n == k || name[k] == '.') &&
        lane_copies[i].data < (unsigned)LLVMGetNumArgOperands(call))
      return (int)lane_copies[i].data;
  }
  return -1;
}

/* ---- named-space overloads ------------------------------------------------ */

/* The OpenCL builtins that take generic pointers and have an overload for
   each named space (OpenCL C 3.0, __opencl_c_named_address_space_builtins):
   C11 atomics (atomic_fetch_add, atomic_compare_exchange_strong_explicit,
   atomic_flag_clear, ...; OpenCL 1.x's atomic_add has no generic form, so
   never a generic pointer), vloadn/vstoren and their half forms, and the
   math builtins that write through a pointer. */
static const char *const overload_prefix[] = {"atomic_", "vload", "vstore"};
static const char *const overload_names[] = {"fract", "modf", "sincos", "frexp", "lgamma_r",
                                             "remquo"};

/* May pointer k (in order among the generic ones) of the builtin with base
   name b point into space u in an overload?  An atomic object is global or
   local (OpenCL C 3.0 declares no private or constant one), what else an
   atomic takes (compare_exchange's expected value) also private; a vload
   reads constant memory too; nothing else is written to constant. */
static bool overload_space_ok(const char *b, unsigned k, TgtUnified u) {
  if (u == UAS_TARGET)
    return false;
  if (!strncmp(b, "atomic_", 7))
    return u == UAS_GLOBAL || u == UAS_LOCAL || (k > 0 && u == UAS_PRIVATE);
  return u != UAS_CONSTANT || !strncmp(b, "vload", 5);
}

/* Clang's mangling of a pointer into space as (target numbers, as the
   address-space map mangling of SPIR writes them): "PU3AS<as>", and "P"
   for space 0. */
static void mangled_pointer(char *buf, size_t cap, int as) {
  if (as)
    snprintf(buf, cap, "PU3AS%d", as);
  else
    snprintf(buf, cap, "P");
}

char *casts_named_overload(const TgtTable *t, LLVMValueRef decl, const int *as, unsigned n) {
  size_t len;
  const char *name = LLVMGetValueName2(decl, &len);
  char base[64];
  if (!t->named_overloads || !n || !demangled_base(name, len, base, sizeof base))
    return NULL;
  bool family = false;
  for (size_t i = 0; i < sizeof overload_prefix / sizeof overload_prefix[0]; i++)
    family |= !strncmp(base, overload_prefix[i], strlen(overload_prefix[i]));
  for (size_t i = 0; i < sizeof overload_names / sizeof overload_names[0]; i++)
    family |= !strcmp(base, overload_names[i]);
  if (!family)
    return NULL;
  char gen[32];
  mangled_pointer(gen, sizeof gen, t->generic);
  size_t glen = strlen(gen);
  /* the parameters follow the base name; each generic pointer among them
     is spelled gen once, in order (a repeated pointer type would be a
     substitution, S_: not handled, nor counted) */
  const char *params = strstr(name, base) + strlen(base);
  unsigned count = 0;
  for (const char *p = strstr(params, gen); p; p = strstr(p + glen, gen))
    count++;
  if (count != n)
    return NULL;
  for (unsigned k = 0; k < n; k++) {
    const TgtSpace *sp = tgt_space(t, as[k]);
    if (!sp || !overload_space_ok(base, k, sp->unified))
      return NULL;
  }
  size_t cap = len + 8 * n + 1, at = (size_t)(params - name);
  char *out = xmalloc(cap);
  memcpy(out, name, at);
  const char *p = params;
  for (unsigned k = 0; k < n; k++) {
    const char *q = strstr(p, gen);
    memcpy(out + at, p, (size_t)(q - p));
    at += (size_t)(q - p);
    char named[32];
    mangled_pointer(named, sizeof named, as[k]);
    memcpy(out + at, named, strlen(named));
    at += strlen(named);
    p = q + glen;
  }
  size_t rest = len - (size_t)(p - name);
  memcpy(out + at, p, rest);
  out[at + rest] = 0;
  return out;
}
