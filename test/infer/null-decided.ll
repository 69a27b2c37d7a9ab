; Null tests that a pointer's shape decides (nvptx64).  A generic pointer
; that is an object's address or null, through selects and phis
; (`q = c ? l + i : 0; if (q) ...`), is compared with null: LLVM folds that
; compare in the generic space, where null is no address, to the select's
; condition.  Named, the compare is in a space where an object may be at 0
; (NullPointerIsDefined): the compare and the null arm stayed to the PTX
; (setp.eq.b64, or.pred, a branch more; held-out random program genprog 30:
; 12 bytes more of spills in the kernel).  infer builds the test from the
; generic value's shape instead.
; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-opt --passes=infer -S %t.ll -o - | FileCheck %s
; RUN: gasp-run %s --kernel sel --global 4 --arg buf:i32:8 --arg i32=5 --dynamic-local 16 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel ne --global 4 --arg buf:i32:8 --arg i32=6 --dynamic-local 16 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel phi --global 4 --arg buf:i32:8 --arg i32=3 --dynamic-local 16 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel param --global 4 --arg buf:i32:8 --arg i32=3 --dynamic-local 16 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: llc-22 -O2 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.s
; RUN: FileCheck %s --check-prefix=PTX < %t.s
; EXEC: identical
target datalayout = "e-p3:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@l = internal addrspace(3) global [4 x i32] undef, align 4
@weak = extern_weak addrspace(3) global [4 x i32]

; A select of a shared element and null, tested and then read: the test is
; the select's condition negated, the accesses shared.
; CHECK-LABEL: define ptx_kernel void @sel(
; CHECK:       %isnull = select i1 %c, i1 false, i1 true
; CHECK-NOT:   icmp eq ptr
; CHECK:       load i32, ptr addrspace(3)
; PTX-LABEL:   .entry sel(
; PTX-NOT:     setp.{{eq|ne}}.b64
; PTX:         st.shared.b32
define ptx_kernel void @sel(ptr addrspace(1) %out, i32 %n) {
entry:
  %gl = addrspacecast ptr addrspace(3) @l to ptr
  %i = and i32 %n, 1
  %e = getelementptr inbounds nuw i32, ptr %gl, i32 %i
  %c = icmp ugt i32 %n, 2
  %q = select i1 %c, ptr %e, ptr null
  %isnull = icmp eq ptr %q, null
  br i1 %isnull, label %none, label %use
use:
  store i32 %n, ptr %q, align 4
  %v = load i32, ptr %q, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
none:
  store i32 7, ptr addrspace(1) %out, align 4
  ret void
}

; The same asked with `ne`.
; CHECK-LABEL: define ptx_kernel void @ne(
; CHECK:       [[T:%.*]] = select i1 %c, i1 true, i1 false
; CHECK-NEXT:  %some = xor i1 [[T]], true
define ptx_kernel void @ne(ptr addrspace(1) %out, i32 %n) {
entry:
  %gl = addrspacecast ptr addrspace(3) @l to ptr
  %c = icmp ugt i32 %n, 5
  %q = select i1 %c, ptr null, ptr %gl
  %some = icmp ne ptr %q, null
  br i1 %some, label %use, label %none
use:
  store i32 %n, ptr %q, align 4
  %v = load i32, ptr %q, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
none:
  store i32 9, ptr addrspace(1) %out, align 4
  ret void
}

; A phi of a private buffer's element and null: an i1 phi of constants.
; CHECK-LABEL: define ptx_kernel void @phi(
; CHECK:       %isnull = phi i1 [ true, %entry ], [ false, %set ]
define ptx_kernel void @phi(ptr addrspace(1) %out, i32 %n) {
entry:
  %buf = alloca [4 x i32], align 4
  store i32 5, ptr %buf, align 4
  %c = icmp ugt i32 %n, 2
  br i1 %c, label %set, label %join
set:
  %e = getelementptr inbounds [4 x i32], ptr %buf, i32 0, i32 1
  br label %join
join:
  %q = phi ptr [ null, %entry ], [ %e, %set ]
  %isnull = icmp eq ptr %q, null
  br i1 %isnull, label %none, label %use
use:
  store i32 %n, ptr %q, align 4
  %v = load i32, ptr %q, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
none:
  store i32 3, ptr addrspace(1) %out, align 4
  ret void
}

; What the shape does not decide keeps the compare in the named space: a
; pointer parameter's element (which may be null), and an extern_weak
; variable (whose address may be null).
define internal i32 @helper(ptr %p, i32 %n) noinline {
entry:
  %c = icmp ugt i32 %n, 2
  %q = select i1 %c, ptr %p, ptr null
  %isnull = icmp eq ptr %q, null
  br i1 %isnull, label %none, label %use
use:
  %v = load i32, ptr %q, align 4
  ret i32 %v
none:
  ret i32 1
}

define ptx_kernel void @param(ptr addrspace(1) %out, i32 %n) {
entry:
  %gl = addrspacecast ptr addrspace(3) @l to ptr
  store i32 %n, ptr %gl, align 4
  %r = call i32 @helper(ptr %gl, i32 %n)
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @weak_sel(
; CHECK:       icmp eq ptr addrspace(3) %q, addrspacecast (ptr null to ptr addrspace(3))
define ptx_kernel void @weak_sel(ptr addrspace(1) %out, i32 %n) {
entry:
  %gw = addrspacecast ptr addrspace(3) @weak to ptr
  %c = icmp ugt i32 %n, 100
  %q = select i1 %c, ptr %gw, ptr null
  %isnull = icmp eq ptr %q, null
  br i1 %isnull, label %none, label %use
use:
  %v = load i32, ptr %q, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
none:
  store i32 1, ptr addrspace(1) %out, align 4
  ret void
}

; The helper, moved to the module's end by its rewrite.
; CHECK-LABEL: define internal i32 @helper(
; CHECK:       icmp eq ptr addrspace(3) %q, addrspacecast (ptr null to ptr addrspace(3))
