/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* test_report.c — unit tests: the clone-call checker (src/report). */
#include "unit.h"

/* A deliberately broken clone choice is caught by --verify-spaces
   (spacecheck.c): after resolve (the check runs before lower), a hook
   sends the kernel's call to
   the helper's global clone to its private clone instead, the global
   pointer cast generic -> private on the way — the shape of the wrong code
   of three rounds.  The run must end in an internal error naming the
   kernel; the same module without the injection passes the check. */
typedef struct Inject {
  LLVMModuleRef m;
  bool done;
} Inject;

/* The call in fn to a clone of @h whose parameter is in space as. */
static LLVMValueRef call_to_clone(LLVMValueRef fn, int as) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      LLVMValueRef f = LLVMIsACallInst(i) ? LLVMGetCalledValue(i) : NULL;
      size_t n;
      const char *name = f && LLVMIsAFunction(f) ? LLVMGetValueName2(f, &n) : "";
      if (!strncmp(name, "h.", 2) && LLVMCountParams(f) == 1 &&
          ir_ptr_as(LLVMTypeOf(LLVMGetParam(f, 0))) == as)
        return i;
    }
  return NULL;
}

static void inject_bad_clone_call(void *user, const char *pass, int after) {
  Inject *in = user;
  if (!after || !pass || strcmp(pass, "resolve") || in->done)
    return;
  LLVMValueRef k = LLVMGetNamedFunction(in->m, "k");
  LLVMValueRef to_global = call_to_clone(k, 1), to_private = call_to_clone(k, 0);
  CHECK(to_global && to_private);
  if (!to_global || !to_private)
    return;
  LLVMValueRef priv = LLVMGetCalledValue(to_private);
  LLVMContextRef c = LLVMGetModuleContext(in->m);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c);
  LLVMPositionBuilderBefore(b, to_global);
  LLVMValueRef g = LLVMBuildAddrSpaceCast(b, LLVMGetOperand(to_global, 0),
                                          LLVMPointerTypeInContext(c, 4), "g");
  LLVMValueRef p = LLVMBuildAddrSpaceCast(b, g, LLVMPointerTypeInContext(c, 0), "wrong");
  LLVMValueRef call = LLVMBuildCall2(b, LLVMGlobalGetValueType(priv), priv, &p, 1, "");
  LLVMSetInstructionCallConv(call, LLVMGetInstructionCallConv(to_global));
  LLVMInstructionEraseFromParent(to_global);
  LLVMDisposeBuilder(b);
  in->done = true;
}

static void test_spacecheck_injected(void) {
  const char ir[] =
      "target triple = \"spir64-unknown-unknown\"\n"
      "define internal spir_func void @h(ptr addrspace(4) %p) {\n  store i32 1, ptr "
      "addrspace(4) %p, align 4\n  ret void\n}\n"
      "define spir_kernel void @k(ptr addrspace(1) %o) {\n"
      "  %a = alloca i32, align 4\n"
      "  %x = addrspacecast ptr addrspace(1) %o to ptr addrspace(4)\n"
      "  %y = addrspacecast ptr %a to ptr addrspace(4)\n"
      "  call spir_func void @h(ptr addrspace(4) %x)\n"
      "  call spir_func void @h(ptr addrspace(4) %y)\n"
      "  %v = load i32, ptr %a, align 4\n  store i32 %v, ptr addrspace(1) %o, align 4\n"
      "  ret void\n}\n";
  for (int inject = 0; inject < 2; inject++) {
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef m = unit_parse(ctx, ir, sizeof ir - 1);
    Inject in = {m, false};
    GaspOptions o;
    gasp_options_init(&o);
    o.verify_spaces = 1;
    if (inject) {
      o.pass_hook = inject_bad_clone_call;
      o.pass_hook_user = &in;
    }
    GaspCtx *cx = gasp_ctx_new(&o);
    if (m) {
      GaspStatus st = gasp_run(cx, m);
      if (!inject) {
        CHECK(st == GASP_OK);
      } else {
        CHECK(in.done);
        CHECK(st == GASP_ERR_INTERNAL);
        bool named = false;
        for (size_t i = 0; i < gasp_diag_count(cx); i++)
          named |= strstr(gasp_diag_message(cx, i), "in @k") &&
                   strstr(gasp_diag_message(cx, i), "claims private") &&
                   strstr(gasp_diag_message(cx, i), "@h.as0");
        if (!named)
          for (size_t i = 0; i < gasp_diag_count(cx); i++)
            fprintf(stderr, "  diag: %s\n", gasp_diag_message(cx, i));
        CHECK(named);
      }
    }
    gasp_ctx_free(cx);
    LLVMContextDispose(ctx);
  }
}

/* A cast of a parameter to a named space at a function's entry (twins.c's
   shape) is proven at the calls: a hook after `twins` puts one in @h,
   whose callers pass the generic value of a shared pointer and, when
   `wrong`, of a global one.  Only the wrong module fails, naming @h. */
typedef struct EntryCast {
  LLVMModuleRef m;
  bool done;
} EntryCast;

static void inject_entry_cast(void *user, const char *pass, int after) {
  EntryCast *in = user;
  if (!after || !pass || strcmp(pass, "twins") || in->done)
    return;
  LLVMValueRef h = LLVMGetNamedFunction(in->m, "h");
  LLVMContextRef c = LLVMGetModuleContext(in->m);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c);
  LLVMPositionBuilderBefore(b, LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(h)));
  LLVMValueRef n = LLVMBuildAddrSpaceCast(b, LLVMGetParam(h, 0), LLVMPointerTypeInContext(c, 3),
                                          "p.local");
  LLVMBuildStore(b, LLVMConstInt(LLVMInt32TypeInContext(c), 2, 0), n);
  LLVMDisposeBuilder(b);
  in->done = true;
}

/* Runs passes (with wp: --whole-program) on ir with inject_entry_cast after
   `twins`: the run fails (an error naming @h's local cast and have, the
   set the output proves) exactly when bad. */
static void check_entry_cast(const char *ir, const char *passes, bool wp, bool bad,
                             const char *have) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = unit_parse(ctx, ir, strlen(ir));
  EntryCast in = {m, false};
  GaspOptions o;
  gasp_options_init(&o);
  o.verify_spaces = 1;
  o.whole_program = wp;
  o.passes = passes;
  o.pass_hook = inject_entry_cast;
  o.pass_hook_user = &in;
  GaspCtx *cx = gasp_ctx_new(&o);
  if (m) {
    GaspStatus st = gasp_run(cx, m);
    CHECK(in.done);
    CHECK(st == (bad ? GASP_ERR_INTERNAL : GASP_OK));
    bool named = false;
    for (size_t i = 0; i < gasp_diag_count(cx); i++)
      named |= strstr(gasp_diag_message(cx, i), "in @h") &&
               strstr(gasp_diag_message(cx, i), "claims local") &&
               strstr(gasp_diag_message(cx, i), have);
    if (named != bad)
      for (size_t i = 0; i < gasp_diag_count(cx); i++)
        fprintf(stderr, "  diag: %s\n", gasp_diag_message(cx, i));
    CHECK(named == bad);
  }
  gasp_ctx_free(cx);
  LLVMContextDispose(ctx);
}

static void test_spacecheck_entry_cast(void) {
  for (int wrong = 0; wrong < 2; wrong++) {
    char *ir = xasprintf(
        "target triple = \"nvptx64-nvidia-cuda\"\n"
        "@s = internal addrspace(3) global [4 x i32] undef\n"
        "define internal void @h(ptr %%p) {\n  store i32 1, ptr %%p, align 4\n  ret void\n}\n"
        "define ptx_kernel void @k(ptr addrspace(1) %%o, i32 %%i) {\n"
        "  %%n = getelementptr [4 x i32], ptr addrspace(3) @s, i32 0, i32 %%i\n"
        "  %%g = addrspacecast ptr addrspace(3) %%n to ptr\n"
        "  %%go = addrspacecast ptr addrspace(1) %%o to ptr\n"
        "  call void @h(ptr %%g)\n  call void @h(ptr %%%s)\n  ret void\n}\n",
        wrong ? "go" : "g");
    check_entry_cast(ir, "twins", false, wrong, "{global}");
    free(ir);
  }
}

/* The same cast in a function whose address is taken (indirect.c's shape):
   under --whole-program proven at its direct calls and at every indirect
   call with as many arguments; @k calls through a table, passing a shared
   pointer and, when `wrong`, a global one; in the open world (`open`)
   outside code could call @h, so the cast is never proven. */
static void test_spacecheck_indirect_cast(void) {
  for (int v = 0; v < 3; v++) {
    bool wrong = v == 1, open = v == 2;
    char *ir = xasprintf(
        "target triple = \"nvptx64-nvidia-cuda\"\n"
        "@s = internal addrspace(3) global [4 x i32] undef\n"
        "@tab = internal constant [2 x ptr] [ptr @h, ptr @h2]\n"
        "define internal void @h(ptr %%p) {\n  store i32 1, ptr %%p, align 4\n  ret void\n}\n"
        "define internal void @h2(ptr %%p) {\n  store i32 3, ptr %%p, align 4\n  ret void\n}\n"
        "define ptx_kernel void @k(ptr addrspace(1) %%o, i32 %%i) {\n"
        "  %%n = getelementptr [4 x i32], ptr addrspace(3) @s, i32 0, i32 %%i\n"
        "  %%g = addrspacecast ptr addrspace(3) %%n to ptr\n"
        "  %%go = addrspacecast ptr addrspace(1) %%o to ptr\n"
        "  %%j = and i32 %%i, 1\n"
        "  %%e = getelementptr [2 x ptr], ptr @tab, i32 0, i32 %%j\n"
        "  %%f = load ptr, ptr %%e, align 8\n"
        "  call void %%f(ptr %%g)\n  call void %%f(ptr %%%s)\n  ret void\n}\n",
        wrong ? "go" : "g");
    check_entry_cast(ir, open ? "twins" : "indirect,twins", !open, v != 0,
                     wrong ? "{global}" : "unknown");
    free(ir);
  }
}

/* The same under --whole-program, where @h is reached by a direct invoke
   (a call site like any other: indirect.c votes on it) passing a global
   pointer: the cast is checked there too, and fails. */
static void test_spacecheck_invoke_cast(void) {
  const char ir[] =
      "target triple = \"nvptx64-nvidia-cuda\"\n"
      "@tab = internal constant [1 x ptr] [ptr @h]\n"
      "declare i32 @pers(...)\n"
      "define internal void @h(ptr %p) {\n  store i32 1, ptr %p, align 4\n  ret void\n}\n"
      "define ptx_kernel void @k(ptr addrspace(1) %o) personality ptr @pers {\n"
      "  %go = addrspacecast ptr addrspace(1) %o to ptr\n"
      "  invoke void @h(ptr %go) to label %ok unwind label %bad\n"
      "ok:\n  ret void\n"
      "bad:\n  %lp = landingpad { ptr, i32 } cleanup\n  ret void\n}\n";
  check_entry_cast(ir, "indirect,twins", true, true, "{global}");
}

void unit_report(void) {
  test_spacecheck_injected();
  test_spacecheck_indirect_cast();
  test_spacecheck_invoke_cast();
  test_spacecheck_entry_cast();
}
