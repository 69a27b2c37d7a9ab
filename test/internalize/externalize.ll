; --whole-program makes every non-kernel function internal for gasp's passes
; (internalize); the last pass, externalize, gives each one gasp did not
; make its linkage back (linkage, visibility, dso_local; a comdat stays
; throughout), so LLVM and the back end decide for it as for clang's build:
; llc aligns the kernel body's by-value struct to 4 bytes, as clang's build
; does, where an internal body gets 16 (and ptxas allocates its caller
; otherwise: bench/random, random-fnptrs.md).  A function retyped in place
; or copied per space is gasp's and stays internal; a note a malformed
; input carries is dropped, the function left as it is.
; RUN: gasp-opt -S --whole-program -stats -stats-json %s -o %t.ll 2> %t.stats
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=STATS < %t.stats
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:4 --arg i32=3 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o - | FileCheck %s --check-prefix=PTX
; RUN: gasp-opt -S --whole-program --passes='internalize,infer,[ipmsp]' %s -o %t.kept.ll
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.kept.ll -o - | FileCheck %s --check-prefix=INTERNAL
; RUN: gasp-opt -S --whole-program %t.ll -o - | grep -v ModuleID > %t.again.ll
; RUN: grep -v ModuleID %t.ll | diff -u - %t.again.ll
; EXEC: identical
; CHECK-NOT: gasp.linkage
; CHECK-DAG: define dso_local void @body(ptr addrspace(1) %out, ptr byval(%struct.P) align 4 %p)
; CHECK-DAG: define internal void @bump(ptr addrspace(1) %q, i32 %v)
; CHECK-DAG: define internal void @twice.as3(ptr addrspace(3) %q)
; CHECK-DAG: define internal void @twice.as1(ptr addrspace(1) %q)
; CHECK-DAG: define linkonce_odr hidden i32 @get(ptr addrspace(1) %q)
; CHECK-DAG: define hidden i32 @carried(i32 %v)
; CHECK-DAG: define internal i32 @odd(i32 %v)
; CHECK-NOT: define {{.*}}@twice(
; CHECK-NOT: gasp.linkage
; STATS: "externalize.functions": 3
; PTX: .visible .func body(
; PTX-NEXT: .param .b64 body_param_0,
; PTX-NEXT: .param .align 4 .b8 body_param_1[16]
; INTERNAL: .func body(
; INTERNAL-NEXT: .param .b64 body_param_0,
; INTERNAL-NEXT: .param .align 16 .b8 body_param_1[16]
target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.P = type { i32, i32, i32, i32 }

@sh = internal addrspace(3) global [8 x i32] zeroinitializer, align 4

; The kernel's body (OpenCL C's __clang_ocl_kern_imp_ shape): global
; pointers and a struct by value, nothing gasp retypes; clang's linkage
; comes back, so llc aligns its by-value parameter as for clang's build.
define dso_local void @body(ptr addrspace(1) %out, ptr byval(%struct.P) align 4 %p) noinline {
  %a = load i32, ptr %p, align 4
  %bp = getelementptr inbounds i8, ptr %p, i64 12
  %b = load i32, ptr %bp, align 4
  %s = add i32 %a, %b
  %g = addrspacecast ptr addrspace(1) %out to ptr
  call void @bump(ptr %g, i32 %s)
  ret void
}

; Every caller passes global memory: retyped in place, gasp's from then on,
; so it stays internal.
define void @bump(ptr %q, i32 %v) noinline {
  %x = load i32, ptr %q, align 4
  %y = add i32 %x, %v
  store i32 %y, ptr %q, align 4
  ret void
}

; Called with shared and with global memory: a copy per space, internal;
; the original, called by nothing, is gone.
define hidden void @twice(ptr %q) noinline {
  %x = load i32, ptr %q, align 4
  %y = shl i32 %x, 1
  store i32 %y, ptr %q, align 4
  ret void
}

; A C++ inline function (linkonce_odr, hidden), nothing to name: it comes
; back linkonce_odr and hidden.
define linkonce_odr hidden i32 @get(ptr addrspace(1) %q) noinline {
  %x = load i32, ptr addrspace(1) %q, align 4
  %y = add i32 %x, 7
  ret i32 %y
}

; Internal in the input with a linkage note an earlier run left (a pass
; list without externalize): the note is read, and it is external and
; hidden again.
define internal i32 @carried(i32 %v) noinline !gasp.linkage !0 {
  %y = mul i32 %v, 3
  ret i32 %y
}

; A malformed note (no such linkage): read as none, it stays internal.
define internal i32 @odd(i32 %v) noinline !gasp.linkage !1 {
  %y = sub i32 %v, 1
  ret i32 %y
}

; Hands the body a struct, calls each helper, copies shared memory out.
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {
  %p = alloca %struct.P, align 4
  store i32 %n, ptr %p, align 4
  %f3 = getelementptr inbounds i8, ptr %p, i64 12
  store i32 5, ptr %f3, align 4
  call void @body(ptr addrspace(1) %out, ptr byval(%struct.P) align 4 %p)
  %l = getelementptr inbounds [8 x i32], ptr addrspace(3) @sh, i64 0, i64 1
  store i32 %n, ptr addrspace(3) %l, align 4
  %lg = addrspacecast ptr addrspace(3) %l to ptr
  call void @twice(ptr %lg)
  %o1 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 1
  store i32 4, ptr addrspace(1) %o1, align 4
  %og = addrspacecast ptr addrspace(1) %o1 to ptr
  call void @twice(ptr %og)
  %v = load i32, ptr addrspace(3) %l, align 4
  %c = call i32 @carried(i32 %v)
  %d = call i32 @odd(i32 %c)
  %o2 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 2
  store i32 %d, ptr addrspace(1) %o2, align 4
  %r = call i32 @get(ptr addrspace(1) %out)
  %o3 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 3
  store i32 %r, ptr addrspace(1) %o3, align 4
  ret void
}

!0 = !{i32 0, i32 1, i32 0, i1 true}
!1 = !{i32 999, i32 0, i32 0, i1 false}
