/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* exec.c — one run of one module: read, pick the target table, prepare
 * (prep.c), JIT with ORC LLJIT, and launch (rt.c).
 *
 * The runtime functions are given to the JIT as absolute symbols: the hooks
 * (__gasp_access, __gasp_enter, __gasp_leave) and, for every declaration
 * prep.c renamed to "__gasp_rt.<name>", the builtin builtins.c returns for
 * <name>.  Everything else the generated code calls (memcpy, memset, libm
 * for host lowering of intrinsics) comes from the process.
 *
 * The run:
 *   read + verify -> target table -> prep: kernel/args check, link
 *   builtins, instrument, retarget, __gasp_globals + __gasp_entry, verify
 *   -> LLJIT (runtime as absolute symbols) -> rt_launch: arenas, groups of
 *   fibers -> buffers.
 *
 *   Retargeting. Host triple and data layout, every calling convention C,
 *   target-cpu/target-features dropped. Address-space numbers stay: the x86
 *   back end treats spaces 1–255 as ordinary memory and addrspacecast
 *   between them as a no-op, so the checks see exactly the spaces the module
 *   claims.
 *
 *   A large stack. The work runs on a thread with a 1 GiB stack (LLVM's
 *   parser and the walks over constants recurse per level: 8000 nested
 *   constant GEPs); the main thread blocks SIGALRM, so --timeout's alarm is
 *   taken by the worker whose stack its handler jumps into.
 *
 *   Builtins. A declaration is renamed __gasp_rt.<name> and bound to the
 *   runtime function builtin_lookup(name) returns. Mangled OpenCL names are
 *   split into base name and parameter types (_Z10atomic_incPU3AS3Vi →
 *   atomic_inc, pointee i); an unknown function the kernel can reach is an
 *   error, one only other kernels reach is bound to a stub that stops the
 *   run.
 *
 *   Instrumentation. __gasp_access(i64 addr, i64 bytes, i32 site) before
 *   each access; __gasp_enter(i32 call) / __gasp_leave() around calls of
 *   defined functions with --oracle. A site records function, instruction
 *   text (before instrumentation), debug location and claimed space.
 *
 *   Arenas. One mmap per kind: global, constant (+ the AMDGPU dispatch
 *   packet), local (zeroed per group), private (one 256 KiB stack per
 *   work-item, guard page below). Module-scope variables stay in JIT memory
 *   and are registered as ranges of their space (__gasp_globals reports
 *   addresses). A named-space access violates when the arena holding it is
 *   in a different alias class (tgt_disjoint); a generic one when no arena
 *   holds it.
 *
 *   Work-items. ucontext fibers on one thread, resumed round-robin in local
 *   id order; barrier switches to the scheduler. All waiting → next round;
 *   some returned while others wait → barrier divergence. Deterministic:
 *   atomics and races resolve the same way every run, which --compare relies
 *   on.
 *
 *   Errors inside kernel code (violation, SIGSEGV/SIGBUS/SIGFPE on an
 *   alternate stack, SIGALRM for --timeout, divergence) siglongjmp back to
 *   rt_launch with a message; the tool prints it and exits 3/4/5.  A
 *   --compare difference exits 6 (1 is bad input only).
 *
 *   Narrow pointers. Host pointers are 64-bit in every space, so a
 *   llvm.ptrmask on a 32-bit target pointer gets its mask widened with the
 *   high bits set (the target pointer is the low bits) before the JIT.
 *
 *   32-bit local and private pointers in memory (AMDGPU). A module that
 *   keeps an LDS or scratch pointer in memory (a type laid out in memory
 *   holds one) is laid out by the target with 4-byte pointers: a struct {
 *   global*, local*, private* } is 16 bytes with the private pointer at 12.
 *   Run with 64-bit pointers its stores overlapped and its loads read
 *   garbage (a conformance kernel computed 0, or faulted).  Such a module
 *   runs in a 32-bit mode: prep measures with the host layout plus 32-bit
 *   local and private pointers, then re-spells the module (text round trip:
 *   the C API cannot retype values) into x86-64's own 32-bit pointer spaces
 *   — local 271 (zero-extended), private 270 — intrinsic name suffixes
 *   included, so every layout is the target's.  The bytes those pointers
 *   reach lie below 2 GiB: the local and private arenas are mapped with
 *   MAP_32BIT, and the module's local variables become declarations
 *   __gasp_lds.<n> that exec.c places in a low block (absolute symbols;
 *   reached through the GOT, not dso_local). Loads, stores and atomics go
 *   through 64-bit pointers (the host back end's atomics through 32-bit
 *   spaces fail), builtins get widened pointer arguments, and a cast of null
 *   in an initializer is null.  Not taken (the 64-bit mode, exact for them)
 *   when the module has vectors of local or private pointers or an
 *   initializer holding a local or private object's address — the host back
 *   end cannot follow there.  Test: test/exec/amdgcn-narrow.test.
 *
 *   Windows (NVPTX, AMDGPU). A shared or local pointer's integer is its
 *   offset in its window on the device, not the generic address: window.c
 *   makes every ptrtoint and inttoptr of one the device's, and the module's
 *   local variables are placed inside the local arena's 4 GiB window
 *   (place_lds) so that 32-bit shared offsets name them.  Test:
 *   test/exec/nvptx-windows.ll, test/exec/amdgcn-windows.ll.
 *
 *   The one mutable global. JIT'd builtins take no context argument, so rt.c
 *   keeps a pointer to the running launch (rt_cur). This is a deliberate
 *   exception confined to the executor; libgasp itself has no mutable
 *   globals.
 *
 *   Not done. Vector builtin overloads, images/samplers, pipes, device-side
 *   enqueue, sub-groups, SPIR-V builtin *variables*
 *   (__spirv_BuiltInGlobalInvocationId as a global), masked / gather /
 *   scatter accesses are not checked, work-groups above 1024 items.
 */
#include "exec/ptx.h"

#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <math.h>
#include <string.h>
#include <sys/mman.h>

static char *take_error(LLVMErrorRef e, const char *what) {
  char *m = LLVMGetErrorMessage(e);
  char *r = xasprintf("%s: %s", what, m);
  LLVMDisposeErrorMessage(m);
  return r;
}

/* The host back end's bfloat16 libcalls, defined for the JIT. */
/* x86-64's code for `fptrunc float/double to bfloat` calls these
   (compiler-rt's; libgcc has them only from GCC 13): round to nearest
   even, a NaN kept quiet.  A 16-bit float is returned in xmm0 as a
   _Float16 is. */
__extension__ typedef _Float16 Bits16;
static Bits16 bf16_of(uint32_t u) {
  uint16_t r = (u & 0x7fffffffu) > 0x7f800000u
                   ? (uint16_t)((u >> 16) | 0x40)
                   : (uint16_t)((u + 0x7fffu + ((u >> 16) & 1)) >> 16);
  Bits16 h;
  memcpy(&h, &r, 2);
  return h;
}
static Bits16 truncsfbf2(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return bf16_of(u);
}
static Bits16 truncdfbf2(double d) { /* exact: float keeps every bfloat */
  float f = (float)d;
  uint32_t u;
  memcpy(&u, &f, 4);
  if (!isnan(d) && (double)f != d && ((u & 0xffffu) == 0x8000u)) /* a tie made by the first rounding */
    u += (double)f < d ? (f < 0 ? -1 : 1) : (f < 0 ? 1 : -1);
  return bf16_of(u);
}

typedef VEC(LLVMOrcCSymbolMapPair) SymVec;

static void add_addr(LLVMOrcLLJITRef j, SymVec *v, const char *name,
                     LLVMOrcExecutorAddress addr) {
  LLVMOrcCSymbolMapPair p;
  p.Name = LLVMOrcLLJITMangleAndIntern(j, name);
  p.Sym.Address = addr;
  p.Sym.Flags.GenericFlags = LLVMJITSymbolGenericFlagsExported |
                             LLVMJITSymbolGenericFlagsCallable;
  p.Sym.Flags.TargetFlags = 0;
  vec_push(v, p);
}

static void add_sym(LLVMOrcLLJITRef j, SymVec *v, const char *name, BuiltinFn addr) {
  add_addr(j, v, name, (LLVMOrcExecutorAddress)(uintptr_t)addr);
}

/* Absolute symbols for the hooks and the renamed builtins of m. */
static LLVMErrorRef define_runtime(LLVMOrcLLJITRef j, LLVMModuleRef m) {
  SymVec v = {0};
  add_sym(j, &v, "__gasp_access", (BuiltinFn)rt_access);
  add_sym(j, &v, "__gasp_enter", (BuiltinFn)rt_enter);
  add_sym(j, &v, "__gasp_leave", (BuiltinFn)rt_leave);
  add_sym(j, &v, "__gasp_block", (BuiltinFn)rt_block);
  add_sym(j, &v, "__truncsfbf2", (BuiltinFn)truncsfbf2);
  add_sym(j, &v, "__truncdfbf2", (BuiltinFn)truncdfbf2);
  const char *pfx = "__gasp_rt.", *unk = "__gasp_unknown.";
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    size_t n;
    const char *name = LLVMGetValueName2(f, &n);
    if (!LLVMIsDeclaration(f))
      continue;
    if (!strncmp(name, unk, strlen(unk))) {
      add_sym(j, &v, name, (BuiltinFn)rt_unknown_called);
      continue;
    }
    if (strncmp(name, pfx, strlen(pfx)))
      continue;
    BuiltinMem mem;
    BuiltinFn impl = builtin_lookup(name + strlen(pfx), &mem);
    if (impl)
      add_sym(j, &v, name, impl);
  }
  LLVMOrcMaterializationUnitRef mu = LLVMOrcAbsoluteSymbols(v.v, v.n);
  vec_free(&v);
  return LLVMOrcJITDylibDefine(LLVMOrcLLJITGetMainJITDylib(j), mu);
}

/* The module's local variables when its local pointers are 32 bits
   (prep.c, "32-bit local and private pointers"): one block below 2 GiB,
   each variable an absolute symbol inside it; otherwise, where shared
   pointers as integers are offsets in a window (window.c), the block lies
   in the local arena's window, each variable followed by a gap of its own
   size (4 KiB at least) that rt.c does not register: an index past the
   end of a shared array (a kernel written for smaller groups, on
   synthetic data) is outside every arena, as it was in the JIT's memory,
   and never reads another variable, which two modules may lay out apart. */
#define LDS_GAP 4096u
static LLVMErrorRef place_lds(LLVMOrcLLJITRef j, RunPrep *p) {
  if (!p->lds.n)
    return NULL;
  size_t size = 0;
  for (size_t i = 0; i < p->lds.n; i++) {
    RunLds *l = &p->lds.v[i];
    size_t bytes = l->size ? l->size : 1;
    l->at = (size + l->align - 1) / l->align * l->align;
    size = l->at + bytes + (p->window ? (bytes > LDS_GAP ? bytes : LDS_GAP) : 0);
  }
  size = (size + 4095) / 4096 * 4096;
  /* inside the local arena's window, at one address in every run (ptx.h) */
  void *want = p->window ? (void *)(ARENA_AT(RK_LOCAL) + WINDOW_LDS) : NULL;
  int where = p->window ? MAP_FIXED_NOREPLACE : MAP_32BIT;
  void *b = mmap(want, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | where, -1, 0);
  if (b != MAP_FAILED && want && b != want) { /* a kernel without MAP_FIXED_NOREPLACE */
    munmap(b, size);
    b = MAP_FAILED;
  }
  if (b == MAP_FAILED)
    return LLVMCreateStringError(p->window ? "cannot map the local variables inside the "
                                             "local arena's window"
                                           : "cannot map the local variables below 2 GiB");
  p->lds_block = b;
  p->lds_size = size;
  SymVec v = {0};
  for (size_t i = 0; i < p->lds.n; i++)
    add_addr(j, &v, p->lds.v[i].name,
             (LLVMOrcExecutorAddress)(uintptr_t)(p->lds_block + p->lds.v[i].at));
  LLVMOrcMaterializationUnitRef mu = LLVMOrcAbsoluteSymbols(v.v, v.n);
  vec_free(&v);
  return LLVMOrcJITDylibDefine(LLVMOrcLLJITGetMainJITDylib(j), mu);
}

static const TgtTable *pick_target(LLVMModuleRef m, const char *path, char **err) {
  const char *triple = LLVMGetTarget(m);
  const TgtTable *t = tgt_for_triple(triple);
  if (!t)
    *err = xasprintf("%s: error: cannot run a module for triple '%s': gasp-run "
                     "runs spir/spirv, nvptx and amdgcn modules",
                     path, triple && *triple ? triple : "(none)");
  return t;
}

/* The JIT compiles without optimization (FastISel, no scheduling): the
   module runs once on small inputs, so compile time is most of a run (a
   4 MB module lowered to tags: 2.9 s at the default level, 1.05 s here)
   and what is compared is the buffers, which a defined program computes
   the same at every level.  For the baseline x86-64 CPU, not the host's:
   where the host has FMA, llvm.fmuladd would be fused by SelectionDAG but
   not by FastISel, and which of the two compiles a block differs between
   the two modules compared (a spurious difference in the last bit of a
   float); without FMA both multiply, then add.  PIC and the small code
   model, as LLJIT's own default target machine. */
static LLVMOrcLLJITBuilderRef jit_builder(void) {
  LLVMOrcLLJITBuilderRef b = LLVMOrcCreateLLJITBuilder();
  char *triple = LLVMGetDefaultTargetTriple(), *msg = NULL;
  LLVMTargetRef target;
  if (!LLVMGetTargetFromTriple(triple, &target, &msg)) {
    const char *cpu = strncmp(triple, "x86_64", 6) ? "generic" : "x86-64";
    LLVMTargetMachineRef tm = LLVMCreateTargetMachine(target, triple, cpu, "",
                                                      LLVMCodeGenLevelNone, LLVMRelocPIC,
                                                      LLVMCodeModelSmall);
    if (tm) /* the builder owns tm from here */
      LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(
          b, LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(tm));
  }
  LLVMDisposeMessage(msg);
  LLVMDisposeMessage(triple);
  return b;
}

int exec_module(const char *path, const RunOptions *o, RunBuffers *bufs,
                char **err) {
  memset(bufs, 0, sizeof *bufs);
  *err = NULL;
  LLVMInitializeNativeTarget();
  LLVMInitializeNativeAsmPrinter();

  LLVMOrcLLJITRef j = NULL;
  LLVMErrorRef e = LLVMOrcCreateLLJIT(&j, jit_builder());
  if (e) {
    *err = take_error(e, "cannot create the JIT");
    return RUN_EKERNEL;
  }
  LLVMContextRef ctx = LLVMContextCreate();
  if (o->phase)
    o->phase(RUN_PHASE_READ, path);
  LLVMModuleRef m = gasp_read_module(ctx, path, err);
  if (o->phase)
    o->phase(RUN_PHASE_PREPARE, path);
  int status = RUN_OK;
  RunPrep prep = {0};
  const TgtTable *t = NULL;
  if (!m || !(t = pick_target(m, path, err))) {
    status = RUN_EINPUT;
  } else if (!prep_module(&m, t, o, LLVMOrcLLJITGetTripleString(j),
                          LLVMOrcLLJITGetDataLayoutStr(j), &prep, err)) {
    char *msg = xasprintf("%s: error: %s", path, *err);
    free(*err);
    *err = msg;
    status = strstr(msg, "internal error") ? RUN_EKERNEL : RUN_EINPUT;
  }
  if (status != RUN_OK) {
    if (m)
      LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    prep_free(&prep);
    LLVMOrcDisposeLLJIT(j);
    return status;
  }
  if ((e = define_runtime(j, m)) || (e = place_lds(j, &prep))) {
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    goto jit_error;
  }
  LLVMOrcThreadSafeContextRef tsc = LLVMOrcCreateNewThreadSafeContextFromLLVMContext(ctx);
  LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(m, tsc);
  LLVMOrcDisposeThreadSafeContext(tsc);
  if ((e = LLVMOrcLLJITAddLLVMIRModule(j, LLVMOrcLLJITGetMainJITDylib(j), tsm))) {
    LLVMOrcDisposeThreadSafeModule(tsm);
    goto jit_error;
  }
  LLVMOrcExecutorAddress entry = 0, globals = 0;
  if ((e = LLVMOrcLLJITLookup(j, &entry, "__gasp_entry")) ||
      (e = LLVMOrcLLJITLookup(j, &globals, "__gasp_globals")))
    goto jit_error;
  status = rt_launch(o, &prep, t, (RunEntryFn)(uintptr_t)entry,
                     (RunGlobalsFn)(uintptr_t)globals, bufs, err);
  prep_free(&prep);
  if ((e = LLVMOrcDisposeLLJIT(j)))
    LLVMConsumeError(e);
  return status;

jit_error:
  *err = take_error(e, "cannot compile the module for the host");
  prep_free(&prep);
  if ((e = LLVMOrcDisposeLLJIT(j)))
    LLVMConsumeError(e);
  return RUN_EKERNEL;
}
