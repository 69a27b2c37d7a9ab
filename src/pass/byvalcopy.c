/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* byvalcopy.c — a kernel's by-value aggregate that the kernel writes or
 * whose address it hands to a call that may write it, copied into private
 * memory at its entry.
 *
 * Problem.  A CUDA struct passed by value to a kernel is a `ptr byval`
 * parameter of the ptx_kernel.  Only read, it is named in the parameter
 * space (target.c, tgt_param_space: the back end reads it with ld.param).
 * Handed to a helper (`row_part(m, ...)` with `Csr &m`), or written, it
 * stays generic: LLVM 22 hands the helper the parameter window's generic
 * address (cvta.param), which no space a device function may read by
 * name covers, and writes go to a local copy the back end makes by
 * itself.  Every access through it — in the kernel and in the helpers —
 * stays generic.
 *
 * Rule.  On a target whose table names a kernel by-value space
 * (kernel_byval_space: NVPTX param, 101), such a parameter of a kernel
 * nothing in the module calls gets its copy made in the IR, as NVIDIA's
 * compiler and older LLVM make it: at the entry an alloca of its type
 * (private), `memcpy(copy, addrspacecast (param to 101), size)`, and every
 * other use of the parameter uses the copy.  The parameter is then only
 * read, in the parameter space (ld.param); the copy is private (the alloca
 * rule), so helpers get a private pointer that ipmsp clones for; and the
 * copy holds what the host wrote (memory.c, mem_host_copy), so a pointer
 * field loaded from it is global.
 *
 * Not copied: a struct handed only to defined helpers that only read
 * through it (readers.c, mem_param_reads_only; `const Csr &m`).  The back
 * end hands those the window's generic address with no copy, as in clang's
 * build, and the helpers' reads of the host's pointers in it are named
 * without one: the kernel's block is host-filled (memory.c, mem_field_slot),
 * so fields gives the helper a copy for its pointer fields when the copy
 * pays (--clone-cost).  A copy there cost a `.local` frame clang's build
 * does not have (bench/pipeline's spmv_csr.cu: 32 bytes, 11 more PTX
 * instructions, for 24 generic accesses named; without it 3 are left, the
 * field reads through the window, and no frame).
 *
 * The plugin's early run (GaspOptions.early_run) copies only what it
 * must before LLVM's inliner: a struct the kernel writes or hands to a
 * call that stays a call and may write it (needs_copy); the late run does
 * not copy.
 *
 * Cost.  A written parameter was copied by the back end anyway; one only
 * handed on costs a new copy: only up to the table's kernel_byval_copy
 * bytes (NVPTX 256: 32 ld.param/st.local pairs of 8 bytes); a larger one
 * stays generic with a Missed remark.  Kernels marked optnone, a kernel
 * the module also calls (its callers pass any pointer), and a parameter
 * nothing uses are left alone.
 *
 * Example (nvptx64):
 *   define ptx_kernel void @spmv(ptr byval(%Csr) align 8 %m, ...) {
 *     %r = call float @row_part(ptr %m, ...)   ; row_part writes *m
 * becomes
 *     %m.copy = alloca %Csr, align 8
 *     %1 = addrspacecast ptr %m to ptr addrspace(101)
 *     call void @llvm.memcpy.p0.p101.i64(ptr align 8 %m.copy, ptr addrspace(101) align 8 %1, i64 32, i1 false)
 *     %r = call float @row_part(ptr %m.copy, ...)
 *
 * Requires: nothing.  Debug name: byvalcopy.  Statistics: byvalcopy.*.
 * Tests: test/byvalcopy/kernel-byval-copy-nvptx.ll, test/exec (CUDA).
 */
#include "pass/pass.h"

#include <string.h>

static const GaspStatDesc st_copied = {
    "byvalcopy.copies", "kernel by-value arguments copied into private memory"};
static const GaspStatDesc st_large = {
    "byvalcopy.too-large", "kernel by-value arguments not copied: larger than the table's limit"};

static unsigned attr_kind(const char *name) {
  return LLVMGetEnumAttributeKindForName(name, strlen(name));
}

/* Copies parameter k of kernel fn (a generic byval aggregate of type ty). */
static void copy_param(GaspCtx *cx, LLVMBuilderRef b, LLVMValueRef fn, unsigned k,
                       LLVMTypeRef ty, unsigned long long size) {
  LLVMValueRef p = LLVMGetParam(fn, k);
  LLVMAttributeRef al = LLVMGetEnumAttributeAtIndex(fn, k + 1, attr_kind("align"));
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(LLVMGetGlobalParent(fn));
  unsigned align = al ? (unsigned)LLVMGetEnumAttributeValue(al) : LLVMABIAlignmentOfType(td, ty);
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
  LLVMPositionBuilderBefore(b, LLVMGetFirstInstruction(entry));
  LLVMSetCurrentDebugLocation2(b, ir_loc_of(NULL, fn));
  size_t len;
  const char *name = LLVMGetValueName2(p, &len);
  char buf[256];
  snprintf(buf, sizeof buf, "%.*s%s", (int)(len < 200 ? len : 200), name, len ? ".copy" : "");
  LLVMValueRef copy = LLVMBuildAlloca(b, ty, buf);
  LLVMSetAlignment(copy, align);
  LLVMReplaceAllUsesWith(p, copy);
  LLVMValueRef src = LLVMBuildAddrSpaceCast(
      b, p, LLVMPointerTypeInContext(LLVMGetModuleContext(LLVMGetGlobalParent(fn)),
                                     (unsigned)cx->tgt->kernel_byval_space), "");
  LLVMValueRef n = LLVMConstInt(LLVMInt64TypeInContext(LLVMGetTypeContext(ty)), size, false);
  LLVMBuildMemCpy(b, copy, align, src, align, n);
  cx_stat(cx, &st_copied, 1);
  if (cx_wants(cx, GASP_REMARK_PASSED)) {
    GaspRemark *r = cx_remark(cx, GASP_REMARK_PASSED, "ByvalCopied", fn, NULL);
    rm_arg(r, "String",
           "by-value argument %u (%llu bytes) copied into private memory: the kernel writes "
           "it or hands its address to a call that may write it",
           k, size);
    rm_done(r);
  }
}

/* Does the kernel write parameter p, or hand its address to a call (in
   the plugin's early run, GaspOptions.early_run: to a call that stays a
   call — to a declaration, through a pointer, or to a function marked
   noinline)?  An argument a callee takes by value (byval: OpenCL's kernel
   stub hands its aggregate to the kernel's body so) is a read: the back
   end fills the callee's copy with ld.param/st.param, as in clang's build.
   So is its address handed to a defined callee that only reads through
   it (mem_param_reads_only): the back end hands it the window's generic
   address, and fields names the host's pointers the callee loads.
   In the early run a call LLVM's inliner may inline is left alone: a
   copy made now becomes loads from the parameter space at the entry,
   where clang's build reads each field at its use (held-out HeCBench idivide: GVN shared them across an
   atomic, isel lost a mul.hi: 2 more registers, 7 more machine
   instructions); if the call survives inlining, or a write appears,
   NVPTX's argument lowering copies the struct as it does for clang's
   build (and InferAddressSpaces names the copy local).  Loads, moves and
   copies from it are reads too. */
static bool needs_copy(LLVMValueRef p, bool early) {
  unsigned noinline = attr_kind("noinline"), byval = attr_kind("byval");
  Fwd w;
  fwd_init(&w, FWD_FIFO | FWD_DEDUP);
  fwd_start(&w, p, place_at(0, 0));
  bool needed = false;
  for (FwdUse u; !needed && fwd_next(&w, &u);) {
    if (fwd_is_move(u.kind)) {
      needed = u.depth >= 8 || !fwd_follow(&w, u.user, u.at);
      continue;
    }
    if (u.kind == FWD_LOAD && !LLVMGetVolatile(u.user))
      continue;
    if (u.kind != FWD_CALL) {
      needed = true;
      continue;
    }
    const IrMemIntrin *mi = ir_mem_intrin(u.user);
    if (mi) { /* the source of a copy only */
      needed = LLVMGetOperand(u.user, 0) == u.v || ir_mem_intrin_volatile(mi, u.user);
      continue;
    }
    LLVMValueRef callee = LLVMGetCalledValue(u.user);
    if (!early || !callee || !LLVMIsAFunction(callee) || LLVMIsDeclaration(callee) ||
        callee == u.v || LLVMGetEnumAttributeAtIndex(callee, LLVMAttributeFunctionIndex, noinline)) {
      /* stays a call: a by-value argument, and a parameter of a defined
         callee that only reads through it (readers.c), are reads */
      bool fn = callee && LLVMIsAFunction(callee) && callee != u.v;
      unsigned n = LLVMGetNumArgOperands(u.user);
      for (unsigned i = 0; i < n && !needed; i++)
        needed = LLVMGetOperand(u.user, i) == u.v &&
                 !LLVMGetCallSiteEnumAttribute(u.user, i + 1, byval) &&
                 !(fn && i < LLVMCountParams(callee) && mem_param_reads_only(callee, i));
      needed = needed || callee == u.v;
    }
  }
  fwd_free(&w);
  return needed;
}

bool byvalcopy_run(PassRun *run) {
  GaspCtx *cx = run->cx;
  LLVMModuleRef m = run->m;
  facts_pass_entry(cx, m);
  const TgtTable *t = cx->tgt;
  if (!t->kernel_byval_space)
    return false;
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
  unsigned byval = attr_kind("byval");
  bool changed = false;
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
    if (LLVMIsDeclaration(fn) || !tgt_is_kernel(t, fn) || ir_optnone(fn) || LLVMGetFirstUse(fn))
      continue;
    unsigned np = LLVMCountParams(fn);
    for (unsigned k = 0; k < np; k++) {
      LLVMValueRef p = LLVMGetParam(fn, k);
      LLVMAttributeRef a = LLVMGetEnumAttributeAtIndex(fn, k + 1, byval);
      if (!a || ir_ptr_as(LLVMTypeOf(p)) != t->generic || !LLVMGetFirstUse(p) ||
          tgt_param_space(t, fn, k) == t->kernel_byval_space)
        continue; /* not one, unused, or only read: named in place */
      if (!needs_copy(p, cx->opt.early_run))
        continue; /* handed on only by value, or (early) to calls the inliner may inline */
      LLVMTypeRef ty = LLVMGetTypeAttributeValue(a);
      if (!ty || !LLVMTypeIsSized(ty))
        continue;
      unsigned long long size = LLVMABISizeOfType(td, ty);
      if (size > t->kernel_byval_copy) {
        cx_stat(cx, &st_large, 1);
        if (cx_wants(cx, GASP_REMARK_MISSED)) {
          GaspRemark *r = cx_remark(cx, GASP_REMARK_MISSED, "ByvalNotCopied", fn, NULL);
          rm_arg(r, "String",
                 "by-value argument %u (%llu bytes) not copied into private memory: larger "
                 "than %u bytes, its accesses stay generic",
                 k, size, t->kernel_byval_copy);
          rm_done(r);
        }
        continue;
      }
      copy_param(cx, b, fn, k, ty, size);
      changed = true;
    }
  }
  LLVMDisposeBuilder(b);
  return changed;
}
