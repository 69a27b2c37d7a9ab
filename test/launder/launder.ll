; launder: on NVPTX a function's parameter cast from the generic space to a
; named one gets llvm.launder.invariant.group of itself, which its address
; uses take, so that llc's load/store vectorizer, which strips in-bounds
; offsets and casts on one neighbour and stops at a non-in-bounds GEP on the
; other, sees one base for both and pairs them; a cast used only in null
; tests, a cast back to generic (llc folds the round trip), a cast of
; anything but a parameter, a kernel's parameter (clang's build has the same
; cast), a cast already laundered, an optnone function and a target
; without the hazard are left as they are.
; RUN: gasp-opt -S --passes=launder -stats %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: FileCheck %s < %t.ll
; RUN: llc -mcpu=sm_90 %s -o - | FileCheck %s --check-prefix=BEFORE
; RUN: llc -mcpu=sm_90 %t.ll -o - | FileCheck %s --check-prefix=PTX
; RUN: gasp-opt -S --passes=launder %t.ll -o - | FileCheck %s --check-prefix=AGAIN
; RUN: sed 's/nvptx64-nvidia-cuda/spir64-unknown-unknown/' %s | gasp-opt -S --passes=launder -o - | FileCheck %s --check-prefix=SPIR
; RUN: gasp-opt -S %s -o %t.all.ll
; RUN: gasp-run %s --kernel k --global 1 --local 1 --arg buf:i32:8 --arg i32=5 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 1 --local 1 --arg buf:i32:8 --arg i32=9 --check-as --compare %t.all.ll | FileCheck %s --check-prefix=EXEC
; gasp-run --count reads a launder as a pointer rename, with the casts: the
; laundered module executes 3 more instructions, all 3 of them launders.
; RUN: gasp-run %s --kernel k --global 1 --local 1 --arg buf:i32:8 --arg i32=5 --count | FileCheck %s --check-prefix=COUNT0
; RUN: gasp-run %t.ll --kernel k --global 1 --local 1 --arg buf:i32:8 --arg i32=5 --count | FileCheck %s --check-prefix=COUNT1
; COUNT0: accesses: loads=6 stores=5 other=0 generic=3 instrs=53 casts=11
; COUNT1: accesses: loads=6 stores=5 other=0 generic=3 instrs=56 casts=14
; STATS: 3 launder - parameter casts to a named space laundered for the vectorizer (nvptx)
; EXEC: identical
; AGAIN-COUNT-3: call ptr addrspace({{[15]}}) @llvm.launder.invariant.group
; AGAIN-NOT: call ptr addrspace({{[0-9]}}) @llvm.launder.invariant.group
; SPIR-NOT: @llvm.launder.invariant.group
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Two neighbours through the cast of %g, the first at a GEP without
; inbounds (as loop strength reduction expands one and EarlyCSE keeps it):
; one 64-bit store with the launder, two 32-bit ones without.
; CHECK-LABEL: define internal void @pair(
; CHECK-NEXT:    %p = addrspacecast ptr %g to ptr addrspace(5)
; CHECK-NEXT:    %p.laundered = call ptr addrspace(5) @llvm.launder.invariant.group.p5(ptr addrspace(5) %p)
; CHECK-NEXT:    %q = getelementptr i8, ptr addrspace(5) %p.laundered, i64 8
; CHECK-NEXT:    %r = getelementptr inbounds i8, ptr addrspace(5) %p.laundered, i64 12
; BEFORE-LABEL: .func pair(
; BEFORE:         st.local.b32
; BEFORE-NEXT:    st.local.b32
; BEFORE-LABEL: .func {{.*}}nulltest(
; PTX-LABEL: .func pair(
; PTX:         cvta.to.local.u64
; PTX:         st.local.v2.b32
; PTX-NEXT:    ret;
define internal void @pair(ptr %g, i32 %a, i32 %b) noinline {
  %p = addrspacecast ptr %g to ptr addrspace(5)
  %q = getelementptr i8, ptr addrspace(5) %p, i64 8
  %r = getelementptr inbounds i8, ptr addrspace(5) %p, i64 12
  store i32 %a, ptr addrspace(5) %q, align 8
  store i32 %b, ptr addrspace(5) %r, align 4
  ret void
}

; A global parameter's cast too (every named space has the hazard).
; CHECK-LABEL: define internal void @global(
; CHECK-NEXT:    %p = addrspacecast ptr %g to ptr addrspace(1)
; CHECK-NEXT:    %p.laundered = call ptr addrspace(1) @llvm.launder.invariant.group.p1(ptr addrspace(1) %p)
define internal void @global(ptr %g, i32 %v) noinline {
  %p = addrspacecast ptr %g to ptr addrspace(1)
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}

; The load takes the launder, the cast back to generic the cast itself.
; CHECK-LABEL: define internal i32 @roundtrip(
; CHECK:         %back = addrspacecast ptr addrspace(5) %p to ptr
; CHECK:         load i32, ptr addrspace(5) %p.laundered
define internal i32 @roundtrip(ptr %g) noinline {
  %p = addrspacecast ptr %g to ptr addrspace(5)
  %back = addrspacecast ptr addrspace(5) %p to ptr
  %n = call i32 @nulltest(ptr %back)
  %v = load i32, ptr addrspace(5) %p, align 4
  %s = add i32 %v, %n
  ret i32 %s
}

; A kernel's parameter: left (clang's build gets the same cast from llc).
; CHECK-LABEL: define ptx_kernel void @k2(
; CHECK-NOT:     launder
; CHECK:         ret void
define ptx_kernel void @k2(ptr %g) {
  %p = addrspacecast ptr %g to ptr addrspace(1)
  store i32 1, ptr addrspace(1) %p, align 4
  ret void
}

; Only a null test: no address to pair.
; CHECK-LABEL: define internal i32 @nulltest(
; CHECK-NOT:     launder
; CHECK:         ret i32
define internal i32 @nulltest(ptr %g) noinline {
  %p = addrspacecast ptr %g to ptr addrspace(5)
  %z = icmp eq ptr addrspace(5) %p, addrspacecast (ptr null to ptr addrspace(5))
  %r = zext i1 %z to i32
  ret i32 %r
}

; The cast of a loaded pointer, not a parameter: left.
; CHECK-LABEL: define internal i32 @loaded(
; CHECK-NOT:     launder
; CHECK:         ret i32
define internal i32 @loaded(ptr addrspace(5) %pp) noinline {
  %g = load ptr, ptr addrspace(5) %pp, align 8
  %p = addrspacecast ptr %g to ptr addrspace(5)
  %v = load i32, ptr addrspace(5) %p, align 4
  ret i32 %v
}

; optnone: as written.
; CHECK-LABEL: define internal i32 @asis(
; CHECK-NOT:     launder
; CHECK:         ret i32
define internal i32 @asis(ptr %g) noinline optnone {
  %p = addrspacecast ptr %g to ptr addrspace(5)
  %v = load i32, ptr addrspace(5) %p, align 4
  ret i32 %v
}

define ptx_kernel void @k(ptr addrspace(1) %out, i32 %x) {
  %s = alloca [4 x i32], align 8
  %cell = alloca ptr, align 8
  %sl = addrspacecast ptr %s to ptr addrspace(5)
  %cl = addrspacecast ptr %cell to ptr addrspace(5)
  store i32 0, ptr %s, align 8
  call void @pair(ptr %s, i32 %x, i32 7)
  %e2 = getelementptr inbounds i8, ptr %s, i64 8
  %e3 = getelementptr inbounds i8, ptr %s, i64 12
  %a = load i32, ptr %e2, align 8
  %b = load i32, ptr %e3, align 4
  store ptr %e2, ptr addrspace(5) %cl, align 8
  %c = call i32 @loaded(ptr addrspace(5) %cl)
  %n = call i32 @nulltest(ptr %s)
  %d = call i32 @asis(ptr %e3)
  %rt = call i32 @roundtrip(ptr %e3)
  %sum = add i32 %a, %b
  %sum2 = add i32 %sum, %c
  %sum3 = add i32 %sum2, %n
  %sum4a = add i32 %sum3, %d
  %sum4 = add i32 %sum4a, %rt
  %gout = addrspacecast ptr addrspace(1) %out to ptr
  call void @global(ptr %gout, i32 %sum4)
  ret void
}
