; twins keeps what it read of an argument from one retype to the next: a
; call it rewrites passes its place in that reading on to the call that
; replaces it.  A stack slot passed to four helpers, one call each, whose
; functions come in another order than their calls (@w3, @w2, @w1, @w4):
; the first call (@w1's) is the slot's out-parameter, found when @w2 is
; retyped, passed as the slot's generic address when @w1 is, and still
; the first use, rewritten, when @w4 asks.  A shared pointer and its cast
; %g passed to four calls of three helpers (@r1, @r3, @r2; @r3 twice):
; the last (@r3's second) has no use of %g after it and builds its own
; cast, after @r3's first took %g (a use more of %g, counted in what @r1's
; and @r3's reading kept) and before @r2 asks whether %g is used after its
; call (the last use is now the rewritten call).
; A private pointer that is no slot (%e, an element at a variable index)
; passed to three helpers (@p3, @p1, @p2): @p1's call comes before its
; generic cast %ge and gets a cast built there, that call's alone, which
; the later calls' questions leave out; @p2's and @p3's take %ge, read
; after them.  Every test runs with GASP_VERIFY_EACH, so each kept
; reading is read again and compared (an internal error if it differs).
; RUN: gasp-opt -S --passes=twins -stats %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:2 --arg i32=3 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; STATS: 10 twins - functions retyped so (a cast to the named space at the entry)
; EXEC: identical
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [64 x i32] undef, align 4

; Each writes through its private pointer.
define internal void @w3(ptr addrspace(5) %p, i32 %v) {
  store i32 %v, ptr addrspace(5) %p, align 4
  ret void
}

define internal void @w2(ptr addrspace(5) %p, i32 %v) {
  store i32 %v, ptr addrspace(5) %p, align 4
  ret void
}

define internal void @w1(ptr addrspace(5) %p, i32 %v) {
  store i32 %v, ptr addrspace(5) %p, align 4
  ret void
}

define internal void @w4(ptr addrspace(5) %p, i32 %v) {
  store i32 %v, ptr addrspace(5) %p, align 4
  ret void
}

; Each reads through its shared pointer and writes through the generic one.
define internal i32 @r1(ptr addrspace(3) %p, ptr %q, i32 %v) {
  %x = load i32, ptr addrspace(3) %p, align 4
  %y = add i32 %x, %v
  store i32 %y, ptr %q, align 4
  ret i32 %y
}

define internal i32 @r3(ptr addrspace(3) %p, ptr %q, i32 %v) {
  %x = load i32, ptr addrspace(3) %p, align 4
  %y = add i32 %x, %v
  store i32 %y, ptr %q, align 4
  ret i32 %y
}

define internal i32 @r2(ptr addrspace(3) %p, ptr %q, i32 %v) {
  %x = load i32, ptr addrspace(3) %p, align 4
  %y = add i32 %x, %v
  store i32 %y, ptr %q, align 4
  ret i32 %y
}

; Each writes through its private pointer.
define internal void @p3(ptr addrspace(5) %p, i32 %v) {
  store i32 %v, ptr addrspace(5) %p, align 4
  ret void
}

define internal void @p1(ptr addrspace(5) %p, i32 %v) {
  store i32 %v, ptr addrspace(5) %p, align 4
  ret void
}

define internal void @p2(ptr addrspace(5) %p, i32 %v) {
  store i32 %v, ptr addrspace(5) %p, align 4
  ret void
}

; The slot through @w1..@w4 in call order, the shared pointer, then the
; private element.
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: call void @w1(ptr %s, i32 1)
; CHECK: call void @w2(ptr %{{[0-9]+}}, i32 2)
; CHECK: call void @w3(ptr %{{[0-9]+}}, i32 3)
; CHECK: call void @w4(ptr %{{[0-9]+}}, i32 4)
; CHECK: call i32 @r1(ptr %g, ptr %g, i32 %x4)
; CHECK: call i32 @r3(ptr %g, ptr %g, i32 %r1)
; CHECK: call i32 @r2(ptr %g, ptr %g, i32 %r3a)
; CHECK: call i32 @r3(ptr %{{[0-9]+}}, ptr %g, i32 %r2)
; CHECK: %[[C1:[0-9]+]] = addrspacecast ptr addrspace(5) %e to ptr
; CHECK-NEXT: call void @p1(ptr %[[C1]], i32 5)
; CHECK: call void @p2(ptr %ge, i32 6)
; CHECK-NEXT: call void @p3(ptr %ge, i32 7)
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %i) {
  %s = alloca i32, align 4
  %a = addrspacecast ptr %s to ptr addrspace(5)
  call void @w1(ptr addrspace(5) %a, i32 1)
  %x1 = load i32, ptr addrspace(5) %a, align 4
  call void @w2(ptr addrspace(5) %a, i32 2)
  %x2 = load i32, ptr addrspace(5) %a, align 4
  call void @w3(ptr addrspace(5) %a, i32 3)
  %x3 = load i32, ptr addrspace(5) %a, align 4
  call void @w4(ptr addrspace(5) %a, i32 4)
  %x4 = load i32, ptr addrspace(5) %a, align 4
  %t = getelementptr i32, ptr addrspace(3) @tile, i32 %i
  %g = addrspacecast ptr addrspace(3) %t to ptr
  store i32 %x1, ptr %g, align 4
  %r1 = call i32 @r1(ptr addrspace(3) %t, ptr %g, i32 %x4)
  %r3a = call i32 @r3(ptr addrspace(3) %t, ptr %g, i32 %r1)
  %r2 = call i32 @r2(ptr addrspace(3) %t, ptr %g, i32 %r3a)
  %r3 = call i32 @r3(ptr addrspace(3) %t, ptr %g, i32 %r2)
  %z = add i32 %r3, %x2
  %z2 = add i32 %z, %x3
  store i32 %z2, ptr addrspace(1) %out, align 4
  %arr = alloca [8 x i32], align 4
  %arr5 = addrspacecast ptr %arr to ptr addrspace(5)
  %j = and i32 %i, 7
  %e = getelementptr i32, ptr addrspace(5) %arr5, i32 %j
  call void @p1(ptr addrspace(5) %e, i32 5)
  %ge = addrspacecast ptr addrspace(5) %e to ptr
  call void @p2(ptr addrspace(5) %e, i32 6)
  call void @p3(ptr addrspace(5) %e, i32 7)
  %ye = load i32, ptr %ge, align 4
  %o1 = getelementptr i32, ptr addrspace(1) %out, i64 1
  store i32 %ye, ptr addrspace(1) %o1, align 4
  ret void
}
