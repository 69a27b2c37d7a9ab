/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* test_base.c — unit tests: dominators, the forward walk (src/base). */
#include "unit.h"

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

void unit_base(void) {
  test_loop_depth();
  test_fwd();
}
