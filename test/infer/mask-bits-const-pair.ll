; Two forms upstream infer-address-spaces reads and gasp now does too:
; llvm.ptrmask into the 32-bit LDS window with a mask that is not a
; constant but whose high 32 bits are known ones (`!range` metadata, an
; `or` with such a constant: the twin takes the mask's low bits), and the
; constant-expression form of a no-op inttoptr(ptrtoint p) pair (AMDGPU
; global pointers keep their bits in the generic space).  A `!range` that
; admits a mask clearing high bits leaves the access generic.  Runs
; identically under gasp-run --check-as --compare; compiles with llc-22.
; RUN: gasp-opt -S --passes=infer %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: opt-22 -S -passes=infer-address-spaces %s | FileCheck %s --check-prefix=UPSTREAM
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:8 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: llc-22 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 %t.ll -o /dev/null
; EXEC: identical
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [8 x i32] undef, align 16
@gv = internal addrspace(1) global i32 5, align 4
@masks = internal addrspace(1) global [2 x i64] [i64 -16, i64 4294967280], align 8

declare ptr @llvm.ptrmask.p0.i64(ptr, i64)
declare i32 @llvm.amdgcn.workitem.id.x()

; The mask read from memory is in [-64, -1): its high 32 bits are ones.
; CHECK-LABEL: define i32 @range_mask(
; CHECK: trunc i64 %m to i32
; CHECK: load i32, ptr addrspace(3)
; UPSTREAM-LABEL: define i32 @range_mask(
; UPSTREAM: load i32, ptr addrspace(3)
define i32 @range_mask(ptr addrspace(3) %p) {
  %g = addrspacecast ptr addrspace(3) %p to ptr
  %m = load i64, ptr addrspace(1) @masks, align 8, !range !0
  %q = call ptr @llvm.ptrmask.p0.i64(ptr %g, i64 %m)
  %v = load i32, ptr %q, align 4
  ret i32 %v
}

; An `or` sets the high 32 bits.
; CHECK-LABEL: define i32 @or_mask(
; CHECK: load i32, ptr addrspace(3)
define i32 @or_mask(ptr addrspace(3) %p, i64 %x) {
  %g = addrspacecast ptr addrspace(3) %p to ptr
  %m = or i64 %x, -4294967296
  %q = call ptr @llvm.ptrmask.p0.i64(ptr %g, i64 %m)
  %v = load i32, ptr %q, align 4
  ret i32 %v
}

; [0, 2^32) clears them: generic (not run: such a mask moves an LDS
; pointer out of its window).
; CHECK-LABEL: define i32 @low_range_mask(
; CHECK: load i32, ptr %q
define i32 @low_range_mask(ptr addrspace(3) %p) {
  %g = addrspacecast ptr addrspace(3) %p to ptr
  %a = getelementptr inbounds [2 x i64], ptr addrspace(1) @masks, i64 0, i64 1
  %m = load i64, ptr addrspace(1) %a, align 8, !range !1
  %q = call ptr @llvm.ptrmask.p0.i64(ptr %g, i64 %m)
  %v = load i32, ptr %q, align 4
  ret i32 %v
}

; The constant pair is @gv itself.
; CHECK-LABEL: define i32 @const_pair(
; CHECK: load i32, ptr addrspace(1) @gv
; UPSTREAM-LABEL: define i32 @const_pair(
; UPSTREAM: load i32, ptr addrspace(1) @gv
define i32 @const_pair() {
  %v = load i32, ptr inttoptr (i64 ptrtoint (ptr addrspace(1) @gv to i64) to ptr), align 4
  ret i32 %v
}

define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %e = getelementptr inbounds [8 x i32], ptr addrspace(3) @lds, i32 0, i32 %i
  store i32 %i, ptr addrspace(3) %e, align 4
  %a = call i32 @range_mask(ptr addrspace(3) %e)
  %b = call i32 @or_mask(ptr addrspace(3) %e, i64 -8)
  %d = call i32 @const_pair()
  %r = add i32 %a, %b
  %r3 = add i32 %r, %d
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %i
  store i32 %r3, ptr addrspace(1) %o, align 4
  ret void
}

!0 = !{i64 -64, i64 -1}
!1 = !{i64 0, i64 4294967296}
