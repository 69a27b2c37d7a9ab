; twins' positions: what a retype builds before a call takes a position
; between its neighbours', and a block where twelve casts before one call
; spend the room between two first positions is numbered again when next
; asked.  @many's second call passes twelve shared pointers that have no
; generic twin, so twelve casts are built before it; @after, retyped next,
; is called in the same block just after, and its live twin %h (used after
; its call) must still be found after the new casts and call: the output
; is what walking the block finds (no numbering), and the kernel runs the
; same.
; RUN: gasp-opt -S --passes=twins -stats %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:1 --arg i32=3 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; STATS: 2 twins - functions retyped so (a cast to the named space at the entry)
; STATS-NEXT: 13 twins - named pointer parameters given the generic twin their callers have (a live cast, a null, a select)
; EXEC: identical
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [64 x i32] undef, align 4

; Called first with twelve pointers whose generic values the kernel keeps
; for loads after the call (live twins), then with twelve that have none:
; those are cast to generic just before the second call.
define internal i32 @many(ptr addrspace(3) %p0, ptr addrspace(3) %p1, ptr addrspace(3) %p2, ptr addrspace(3) %p3, ptr addrspace(3) %p4, ptr addrspace(3) %p5, ptr addrspace(3) %p6, ptr addrspace(3) %p7, ptr addrspace(3) %p8, ptr addrspace(3) %p9, ptr addrspace(3) %p10, ptr addrspace(3) %p11) {
  %v0 = load i32, ptr addrspace(3) %p0, align 4
  %s0 = add i32 0, %v0
  %v1 = load i32, ptr addrspace(3) %p1, align 4
  %s1 = add i32 %s0, %v1
  %v2 = load i32, ptr addrspace(3) %p2, align 4
  %s2 = add i32 %s1, %v2
  %v3 = load i32, ptr addrspace(3) %p3, align 4
  %s3 = add i32 %s2, %v3
  %v4 = load i32, ptr addrspace(3) %p4, align 4
  %s4 = add i32 %s3, %v4
  %v5 = load i32, ptr addrspace(3) %p5, align 4
  %s5 = add i32 %s4, %v5
  %v6 = load i32, ptr addrspace(3) %p6, align 4
  %s6 = add i32 %s5, %v6
  %v7 = load i32, ptr addrspace(3) %p7, align 4
  %s7 = add i32 %s6, %v7
  %v8 = load i32, ptr addrspace(3) %p8, align 4
  %s8 = add i32 %s7, %v8
  %v9 = load i32, ptr addrspace(3) %p9, align 4
  %s9 = add i32 %s8, %v9
  %v10 = load i32, ptr addrspace(3) %p10, align 4
  %s10 = add i32 %s9, %v10
  %v11 = load i32, ptr addrspace(3) %p11, align 4
  %s11 = add i32 %s10, %v11
  ret i32 %s11
}

; Called after @many's second call in the same block, with %b3, whose
; generic value %h is read after the call: %h is its twin, not the cast of
; %b3 built for @many's call (no use after this call).
define internal i32 @after(ptr addrspace(3) %q) {
  %v = load i32, ptr addrspace(3) %q, align 4
  ret i32 %v
}

; The kernel: twelve live twins around the first call, twelve casts built
; before the second, then @after's call with its twin.
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %i) {
  %i0 = add i32 %i, 0
  %a0 = getelementptr i32, ptr addrspace(3) @tile, i32 %i0
  %g0 = addrspacecast ptr addrspace(3) %a0 to ptr
  store i32 1, ptr %g0, align 4
  %i1 = add i32 %i, 1
  %a1 = getelementptr i32, ptr addrspace(3) @tile, i32 %i1
  %g1 = addrspacecast ptr addrspace(3) %a1 to ptr
  store i32 2, ptr %g1, align 4
  %i2 = add i32 %i, 2
  %a2 = getelementptr i32, ptr addrspace(3) @tile, i32 %i2
  %g2 = addrspacecast ptr addrspace(3) %a2 to ptr
  store i32 3, ptr %g2, align 4
  %i3 = add i32 %i, 3
  %a3 = getelementptr i32, ptr addrspace(3) @tile, i32 %i3
  %g3 = addrspacecast ptr addrspace(3) %a3 to ptr
  store i32 4, ptr %g3, align 4
  %i4 = add i32 %i, 4
  %a4 = getelementptr i32, ptr addrspace(3) @tile, i32 %i4
  %g4 = addrspacecast ptr addrspace(3) %a4 to ptr
  store i32 5, ptr %g4, align 4
  %i5 = add i32 %i, 5
  %a5 = getelementptr i32, ptr addrspace(3) @tile, i32 %i5
  %g5 = addrspacecast ptr addrspace(3) %a5 to ptr
  store i32 6, ptr %g5, align 4
  %i6 = add i32 %i, 6
  %a6 = getelementptr i32, ptr addrspace(3) @tile, i32 %i6
  %g6 = addrspacecast ptr addrspace(3) %a6 to ptr
  store i32 7, ptr %g6, align 4
  %i7 = add i32 %i, 7
  %a7 = getelementptr i32, ptr addrspace(3) @tile, i32 %i7
  %g7 = addrspacecast ptr addrspace(3) %a7 to ptr
  store i32 8, ptr %g7, align 4
  %i8 = add i32 %i, 8
  %a8 = getelementptr i32, ptr addrspace(3) @tile, i32 %i8
  %g8 = addrspacecast ptr addrspace(3) %a8 to ptr
  store i32 9, ptr %g8, align 4
  %i9 = add i32 %i, 9
  %a9 = getelementptr i32, ptr addrspace(3) @tile, i32 %i9
  %g9 = addrspacecast ptr addrspace(3) %a9 to ptr
  store i32 10, ptr %g9, align 4
  %i10 = add i32 %i, 10
  %a10 = getelementptr i32, ptr addrspace(3) @tile, i32 %i10
  %g10 = addrspacecast ptr addrspace(3) %a10 to ptr
  store i32 11, ptr %g10, align 4
  %i11 = add i32 %i, 11
  %a11 = getelementptr i32, ptr addrspace(3) @tile, i32 %i11
  %g11 = addrspacecast ptr addrspace(3) %a11 to ptr
  store i32 12, ptr %g11, align 4
  %r1 = call i32 @many(ptr addrspace(3) %a0, ptr addrspace(3) %a1, ptr addrspace(3) %a2, ptr addrspace(3) %a3, ptr addrspace(3) %a4, ptr addrspace(3) %a5, ptr addrspace(3) %a6, ptr addrspace(3) %a7, ptr addrspace(3) %a8, ptr addrspace(3) %a9, ptr addrspace(3) %a10, ptr addrspace(3) %a11)
  %u0 = load i32, ptr %g0, align 4
  %u1 = load i32, ptr %g1, align 4
  %w1 = add i32 %u0, %u1
  %u2 = load i32, ptr %g2, align 4
  %w2 = add i32 %w1, %u2
  %u3 = load i32, ptr %g3, align 4
  %w3 = add i32 %w2, %u3
  %u4 = load i32, ptr %g4, align 4
  %w4 = add i32 %w3, %u4
  %u5 = load i32, ptr %g5, align 4
  %w5 = add i32 %w4, %u5
  %u6 = load i32, ptr %g6, align 4
  %w6 = add i32 %w5, %u6
  %u7 = load i32, ptr %g7, align 4
  %w7 = add i32 %w6, %u7
  %u8 = load i32, ptr %g8, align 4
  %w8 = add i32 %w7, %u8
  %u9 = load i32, ptr %g9, align 4
  %w9 = add i32 %w8, %u9
  %u10 = load i32, ptr %g10, align 4
  %w10 = add i32 %w9, %u10
  %u11 = load i32, ptr %g11, align 4
  %w11 = add i32 %w10, %u11
  %j0 = add i32 %i, 32
  %b0 = getelementptr i32, ptr addrspace(3) @tile, i32 %j0
  %j1 = add i32 %i, 33
  %b1 = getelementptr i32, ptr addrspace(3) @tile, i32 %j1
  %j2 = add i32 %i, 34
  %b2 = getelementptr i32, ptr addrspace(3) @tile, i32 %j2
  %j3 = add i32 %i, 35
  %b3 = getelementptr i32, ptr addrspace(3) @tile, i32 %j3
  %j4 = add i32 %i, 36
  %b4 = getelementptr i32, ptr addrspace(3) @tile, i32 %j4
  %j5 = add i32 %i, 37
  %b5 = getelementptr i32, ptr addrspace(3) @tile, i32 %j5
  %j6 = add i32 %i, 38
  %b6 = getelementptr i32, ptr addrspace(3) @tile, i32 %j6
  %j7 = add i32 %i, 39
  %b7 = getelementptr i32, ptr addrspace(3) @tile, i32 %j7
  %j8 = add i32 %i, 40
  %b8 = getelementptr i32, ptr addrspace(3) @tile, i32 %j8
  %j9 = add i32 %i, 41
  %b9 = getelementptr i32, ptr addrspace(3) @tile, i32 %j9
  %j10 = add i32 %i, 42
  %b10 = getelementptr i32, ptr addrspace(3) @tile, i32 %j10
  %j11 = add i32 %i, 43
  %b11 = getelementptr i32, ptr addrspace(3) @tile, i32 %j11
  %r2 = call i32 @many(ptr addrspace(3) %b0, ptr addrspace(3) %b1, ptr addrspace(3) %b2, ptr addrspace(3) %b3, ptr addrspace(3) %b4, ptr addrspace(3) %b5, ptr addrspace(3) %b6, ptr addrspace(3) %b7, ptr addrspace(3) %b8, ptr addrspace(3) %b9, ptr addrspace(3) %b10, ptr addrspace(3) %b11)
  %h = addrspacecast ptr addrspace(3) %b3 to ptr
  %r3 = call i32 @after(ptr addrspace(3) %b3)
  %x = load i32, ptr %h, align 4
  %t1 = add i32 %r1, %r2
  %t2 = add i32 %t1, %r3
  %t3 = add i32 %t2, %x
  %t4 = add i32 %t3, %w11
  store i32 %t4, ptr addrspace(1) %out, align 4
  ret void
}
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: %r1 = call i32 @many(ptr %g0, ptr %g1, ptr %g2, ptr %g3, ptr %g4, ptr %g5, ptr %g6, ptr %g7, ptr %g8, ptr %g9, ptr %g10, ptr %g11)
; CHECK: [[C0:%[0-9]+]] = addrspacecast ptr addrspace(3) %b0 to ptr
; CHECK-COUNT-10: addrspacecast ptr addrspace(3) %b{{[0-9]+}} to ptr
; CHECK-NEXT: [[C11:%[0-9]+]] = addrspacecast ptr addrspace(3) %b11 to ptr
; CHECK-NEXT: %r2 = call i32 @many(ptr [[C0]], {{.*}}, ptr [[C11]])
; CHECK-NEXT: %h = addrspacecast ptr addrspace(3) %b3 to ptr
; CHECK-NEXT: %r3 = call i32 @after(ptr %h)
; CHECK-LABEL: define internal i32 @many(ptr %p0,
; CHECK: %p0.local = addrspacecast ptr %p0 to ptr addrspace(3)
; CHECK-LABEL: define internal i32 @after(ptr %q)
; CHECK: %q.local = addrspacecast ptr %q to ptr addrspace(3)
