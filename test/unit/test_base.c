/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* test_base.c — unit tests: dominators, the forward walk, IR predicates (src/base). */
#include "unit.h"

#include <string.h>

static void test_loop_depth(void) {
  LLVMContextRef ctx = LLVMContextCreate();
  const char ir[] = "define void @f(i1 %c) {\n"
                    "entry:\n  br label %outer\n"
                    "outer:\n  br label %inner\n"
                    "inner:\n  br i1 %c, label %inner, label %latch\n"
                    "latch:\n  br i1 %c, label %outer, label %exit\n"
                    "exit:\n  ret void\n"
                    "dead:\n  br label %inner\n}\n";
  LLVMModuleRef m = unit_parse(ctx, ir, sizeof ir - 1);
  if (m) {
    LLVMValueRef f = LLVMGetNamedFunction(m, "f");
    unsigned want[] = {0, 1, 2, 1, 0, 0}, weight[] = {1, 16, 256, 16, 1, 1}, k = 0;
    Dom *d = dom_new(f);
    Dom *lazy = NULL;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb), k++) {
      CHECK(dom_loop_depth(d, bb) == want[k]);
      CHECK(dom_use_weight(&lazy, LLVMGetBasicBlockTerminator(bb)) == weight[k]);
    }
    CHECK(k == 6);
    dom_free(d);
    dom_free(lazy);
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(ctx);
}

/* A use's weight follows the trips a counted loop's exit test allows:
   `for (i = 0; i < (v & 3) + 1; i++)` at most 4 (5 header runs: pre-test
   form), its rotated form 4, `i = 1; i <= 8; i += 2` 4, `i + 1 < v % 6`
   5, a nest of two bounded loops their product (4 x 3), a bound of 40 or
   of v itself 16; an exit that not every iteration tests (behind a branch
   in the body) bounds nothing, nor do constants past 64 bits. */
static void test_loop_trips(void) {
  LLVMContextRef ctx = LLVMContextCreate();
  const char ir[] =
      "define void @f(i32 %v, i1 %c) {\n"
      "entry:\n  %m = and i32 %v, 3\n  %b = add i32 %m, 1\n  br label %pre\n"
      /* pre-test: i < b (b <= 4): tests i = 0..4, 5 header runs */
      "pre:\n  %i = phi i32 [ 0, %entry ], [ %i1, %pbody ]\n"
      "  %t = icmp ult i32 %i, %b\n  br i1 %t, label %pbody, label %rot\n"
      "pbody:\n  %i1 = add i32 %i, 1\n  br label %pre\n"
      /* rotated: i + 1 < b: runs 4 */
      "rot:\n  %j = phi i32 [ 0, %pre ], [ %j1, %rot ]\n  %j1 = add nuw i32 %j, 1\n"
      "  %u = icmp ult i32 %j1, %b\n  br i1 %u, label %rot, label %odd\n"
      /* i = 1, 3, 5, 7 pass i <= 8 (written 8 >= i, the exit on false) */
      "odd:\n  %k = phi i32 [ 1, %rot ], [ %k1, %odd ]\n  %k1 = add i32 %k, 2\n"
      "  %w = icmp uge i32 8, %k1\n  br i1 %w, label %odd, label %rem\n"
      "rem:\n  %r = urem i32 %v, 6\n  br label %rl\n"
      "rl:\n  %q = phi i32 [ 0, %rem ], [ %q1, %rl ]\n  %q1 = add i32 %q, 1\n"
      "  %x = icmp slt i32 %q1, %r\n  br i1 %x, label %rl, label %outer\n"
      /* a nest: outer (4 trips) around inner (n + 1 <= 2: 3 trips) */
      "outer:\n  %o = phi i32 [ 0, %rl ], [ %o1, %olatch ]\n  br label %inner\n"
      "inner:\n  %n = phi i32 [ 0, %outer ], [ %n1, %inner ]\n  %n1 = add i32 %n, 1\n"
      "  %y = icmp ule i32 %n1, 2\n  br i1 %y, label %inner, label %olatch\n"
      "olatch:\n  %o1 = add i32 %o, 1\n  %z = icmp ne i32 %o1, 4\n"
      "  br i1 %z, label %outer, label %big\n"
      "big:\n  %g = phi i32 [ 0, %olatch ], [ %g1, %big ]\n  %g1 = add i32 %g, 1\n"
      "  %bg = icmp ult i32 %g1, 40\n  br i1 %bg, label %big, label %free\n"
      "free:\n  %h = phi i32 [ 0, %big ], [ %h1, %free ]\n  %h1 = add i32 %h, 1\n"
      "  %fr = icmp ult i32 %h1, %v\n  br i1 %fr, label %free, label %side\n"
      /* the bounded exit sits behind a branch: not every iteration tests it */
      "side:\n  %s = phi i32 [ 0, %free ], [ %s1, %sl ], [ %s1, %st ]\n  %s1 = add i32 %s, 1\n"
      "  br i1 %c, label %st, label %sl\n"
      "st:\n  %sx = icmp ult i32 %s1, 2\n  br i1 %sx, label %side, label %wide\n"
      "sl:\n  br label %side\n"
      /* 128-bit: a step and a bound past 64 bits are no count */
      "wide:\n  %q0 = phi i128 [ 0, %st ], [ %q2, %wide ]\n"
      "  %q2 = add i128 %q0, 36893488147419103232\n"
      "  %qx = icmp ult i128 %q2, 73786976294838206464\n  br i1 %qx, label %wide, label %exit\n"
      "exit:\n  ret void\n}\n";
  LLVMModuleRef m = unit_parse(ctx, ir, sizeof ir - 1);
  if (m) {
    LLVMValueRef f = LLVMGetNamedFunction(m, "f");
    const char *name[] = {"entry", "pre", "pbody", "rot", "odd", "rem", "rl", "outer", "inner",
                          "olatch", "big", "free", "side", "st", "sl", "wide", "exit"};
    unsigned weight[] = {1, 5, 5, 4, 4, 1, 5, 4, 12, 4, 16, 16, 16, 16, 16, 16, 1}, k = 0;
    Dom *lazy = NULL;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb), k++) {
      CHECK(k < 17 && !strcmp(LLVMGetBasicBlockName(bb), name[k]));
      CHECK(k < 17 && dom_use_weight(&lazy, LLVMGetBasicBlockTerminator(bb)) == weight[k]);
    }
    CHECK(k == 17);
    dom_free(lazy);
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(ctx);
}

/* The forward walk: every use of a pointer and of what it moves to, in
   order (first-in first-out), classified; places follow the asker's
   moves; with dedup a phi cycle is walked once; last-in first-out takes
   the latest pointer first; depth counts moves. */
static void test_fwd(void) {
  const char ir[] =
      "target datalayout = \"e-p:64:64\"\n"
      "declare void @g(ptr)\n"
      "define void @f(ptr %p, i1 %c) {\n"
      "entry:\n"
      "  %a = getelementptr inbounds i8, ptr %p, i64 8\n"
      "  %x = load i32, ptr %p, align 4\n"
      "  br label %loop\n"
      "loop:\n"
      "  %q = phi ptr [ %a, %entry ], [ %r, %loop ]\n"
      "  %r = getelementptr inbounds i8, ptr %q, i64 4\n"
      "  store ptr %q, ptr %r, align 8\n"
      "  call void @g(ptr %r)\n"
      "  %i = ptrtoint ptr %r to i64\n"
      "  %e = icmp eq ptr %r, null\n"
      "  br i1 %c, label %loop, label %out\n"
      "out:\n  ret void\n}\n";
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = unit_parse(ctx, ir, sizeof ir - 1);
  if (m) {
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
    LLVMValueRef f = LLVMGetNamedFunction(m, "f");
    Fwd w;
    fwd_init(&w, FWD_FIFO | FWD_DEDUP);
    fwd_start(&w, LLVMGetParam(f, 0), place_at(0, 0));
    FwdKind kinds[16];
    int64_t offs[16];
    unsigned depths[16], n = 0;
    for (FwdUse u; n < 16 && fwd_next(&w, &u); n++) {
      kinds[n] = u.kind;
      offs[n] = u.at.off;
      depths[n] = u.depth;
      if (u.kind == FWD_GEP) {
        int64_t g, gs;
        CHECK(ir_gep_offset(td, u.user, &g, &gs) && gs == 0);
        fwd_follow(&w, u.user, place_add(u.at, g, gs));
      } else if (u.kind == FWD_MERGE) {
        fwd_follow(&w, u.user, place_at(0, 1)); /* a phi: anywhere */
      }
    }
    /* in LLVM's use order (the latest use first): %p: load, gep %a; %a:
       phi; %q: store (of it), gep %r; %r: icmp, ptrtoint, call, store
       (into it), phi (again: not re-walked) */
    FwdKind want[] = {FWD_LOAD, FWD_GEP, FWD_MERGE, FWD_STORE, FWD_GEP,
                      FWD_CMP, FWD_TOINT, FWD_CALL, FWD_STORE, FWD_MERGE};
    CHECK(n == sizeof want / sizeof want[0]);
    for (unsigned k = 0; k < n && k < sizeof want / sizeof want[0]; k++)
      CHECK(kinds[k] == want[k]);
    CHECK(n >= 3 && offs[1] == 0 && offs[2] == 8 && depths[2] == 1);
    CHECK(n >= 6 && depths[5] == 3 && offs[5] == 0); /* %r: anywhere + 4 */
    LLVMValueRef q = LLVMGetFirstInstruction(LLVMGetNextBasicBlock(LLVMGetEntryBasicBlock(f)));
    CHECK(fwd_reached(&w, q) && !fwd_reached(&w, LLVMGetParam(f, 1)));
    /* last in, first out: %p's uses, then %a's (the last followed);
       without a follow nothing past the root is walked */
    fwd_free(&w);
    fwd_init(&w, FWD_LIFO);
    fwd_start(&w, LLVMGetParam(f, 0), place_at(0, 0));
    n = 0;
    LLVMValueRef users[4];
    for (FwdUse u; n < 4 && fwd_next(&w, &u); n++) {
      users[n] = u.user;
      if (u.kind == FWD_GEP && u.depth == 0)
        fwd_follow(&w, u.user, u.at);
    }
    CHECK(n == 3 && LLVMIsALoadInst(users[0]) && LLVMIsAGetElementPtrInst(users[1]) &&
          LLVMIsAPHINode(users[2]));
    CHECK(fwd_kind(users[1], LLVMGetParam(f, 0)) == FWD_GEP);
    fwd_free(&w);
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(ctx);
}

/* LLVM's own lists, by name or by section, and nothing else. */
static void test_metadata_global(void) {
  LLVMContextRef ctx = LLVMContextCreate();
  const char ir[] = "@t = addrspace(4) constant i32 1\n"
                    "@u = global i32 2, section \"data.mine\"\n"
                    "@a = global i32 3, section \"llvm.metadata\"\n"
                    "@llvm.compiler.used = appending global [1 x ptr] "
                    "[ptr addrspacecast (ptr addrspace(4) @t to ptr)], section \"llvm.metadata\"\n"
                    "@llvm.global_ctors = appending global [0 x { i32, ptr, ptr }] zeroinitializer\n";
  LLVMModuleRef m = unit_parse(ctx, ir, sizeof ir - 1);
  if (m) {
    CHECK(!ir_metadata_global(LLVMGetNamedGlobal(m, "t")));
    CHECK(!ir_metadata_global(LLVMGetNamedGlobal(m, "u")));
    CHECK(ir_metadata_global(LLVMGetNamedGlobal(m, "a")));
    CHECK(ir_metadata_global(LLVMGetNamedGlobal(m, "llvm.compiler.used")));
    CHECK(ir_metadata_global(LLVMGetNamedGlobal(m, "llvm.global_ctors")));
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(ctx);
}

/* A function's address is taken by any use but the callee of a call: a
   store, a table, and an argument of its own call (@self(@self): a callee
   parameter may call it with anything). */
static void test_address_taken(void) {
  LLVMContextRef ctx = LLVMContextCreate();
  const char ir[] = "@tab = global ptr @stored\n"
                    "define void @called() {\n  ret void\n}\n"
                    "define void @stored() {\n  ret void\n}\n"
                    "define void @self(ptr %f) {\n  ret void\n}\n"
                    "define void @k() {\n  call void @called()\n  call void @self(ptr @self)\n"
                    "  ret void\n}\n";
  LLVMModuleRef m = unit_parse(ctx, ir, sizeof ir - 1);
  if (m) {
    CHECK(!ir_address_taken(LLVMGetNamedFunction(m, "called")));
    CHECK(ir_address_taken(LLVMGetNamedFunction(m, "stored")));
    CHECK(ir_address_taken(LLVMGetNamedFunction(m, "self")));
    CHECK(!ir_address_taken(LLVMGetNamedFunction(m, "k")));
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(ctx);
}

/* ir_comes_before: a block's order, strict, and right after an insertion
   (LLVM renumbers the block when next asked). */
static void test_comes_before(void) {
  LLVMContextRef ctx = LLVMContextCreate();
  const char ir[] = "define i32 @f(i32 %x) {\n"
                    "  %a = add i32 %x, 1\n  %b = add i32 %a, 2\n  ret i32 %b\n}\n";
  LLVMModuleRef m = unit_parse(ctx, ir, sizeof ir - 1);
  if (m) {
    LLVMValueRef f = LLVMGetNamedFunction(m, "f");
    LLVMValueRef a = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(f));
    LLVMValueRef b = LLVMGetNextInstruction(a), r = LLVMGetNextInstruction(b);
    CHECK(ir_comes_before(a, b) && ir_comes_before(a, r) && ir_comes_before(b, r));
    CHECK(!ir_comes_before(b, a) && !ir_comes_before(r, a) && !ir_comes_before(a, a));
    LLVMBuilderRef bld = LLVMCreateBuilderInContext(ctx);
    LLVMPositionBuilderBefore(bld, b);
    LLVMValueRef n = LLVMBuildAdd(bld, a, a, "n");
    CHECK(ir_comes_before(a, n) && ir_comes_before(n, b) && !ir_comes_before(b, n));
    LLVMDisposeBuilder(bld);
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(ctx);
}

/* ir_cast_after: the cast of a value to a space among the casts right
   after its definition, past other values' (two parameters' casts at the
   entry, either order); none of another type or further on; *at: the
   first instruction after the definition. */
static void test_cast_after(void) {
  LLVMContextRef ctx = LLVMContextCreate();
  const char ir[] = "define void @f(ptr %p, ptr %q) {\n"
                    "  %cq = addrspacecast ptr %q to ptr addrspace(5)\n"
                    "  %cp = addrspacecast ptr %p to ptr addrspace(5)\n"
                    "  %x = load i32, ptr addrspace(5) %cq\n"
                    "  %late = addrspacecast ptr %p to ptr addrspace(3)\n  ret void\n}\n";
  LLVMModuleRef m = unit_parse(ctx, ir, sizeof ir - 1);
  if (m) {
    LLVMValueRef f = LLVMGetNamedFunction(m, "f"), at = NULL;
    LLVMValueRef p = LLVMGetParam(f, 0), q = LLVMGetParam(f, 1);
    LLVMValueRef cq = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(f));
    LLVMValueRef cp = LLVMGetNextInstruction(cq), x = LLVMGetNextInstruction(cp);
    LLVMTypeRef p5 = LLVMTypeOf(cp), p3 = LLVMTypeOf(LLVMGetNextInstruction(x));
    CHECK(ir_cast_after(p, p5, &at) == cp && at == cq);
    CHECK(ir_cast_after(q, p5, &at) == cq);
    CHECK(!ir_cast_after(p, p3, &at)); /* after the load: not right after */
    CHECK(!ir_cast_after(x, p5, &at) && at == LLVMGetNextInstruction(x));
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(ctx);
}

void unit_base(void) {
  test_comes_before();
  test_cast_after();
  test_metadata_global();
  test_address_taken();
  test_loop_depth();
  test_loop_trips();
  test_fwd();
}
