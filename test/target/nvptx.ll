; RUN: gasp-opt --passes=infer -verify-each -S %s -o - | FileCheck %s
; RUN: gasp-opt --volatile=keep --passes=infer -S %s -o - | FileCheck %s --check-prefix=KEEP
; NVPTX seeds: kernel pointer arguments are global, allocas are private (5).
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare void @sink(ptr)

; A generic pointer argument of a ptx_kernel points to global memory.
define ptx_kernel void @cuda_kernel(ptr %out, ptr %in, i64 %i) {
; CHECK-LABEL: define ptx_kernel void @cuda_kernel(
; CHECK-SAME: ptr [[OUT:%.*]], ptr [[IN:%.*]], i64 [[I:%.*]]) {
; CHECK-NEXT:   [[TMP1:%.*]] = addrspacecast ptr [[IN]] to ptr addrspace(1)
; CHECK-NEXT:   [[TMP2:%.*]] = addrspacecast ptr [[OUT]] to ptr addrspace(1)
; CHECK-NEXT:   [[A:%.*]] = getelementptr inbounds float, ptr addrspace(1) [[TMP1]], i64 [[I]]
; CHECK-NEXT:   [[V:%.*]] = load float, ptr addrspace(1) [[A]], align 4
; CHECK-NEXT:   [[B:%.*]] = getelementptr inbounds float, ptr addrspace(1) [[TMP2]], i64 [[I]]
; CHECK-NEXT:   store float [[V]], ptr addrspace(1) [[B]], align 4
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  %a = getelementptr inbounds float, ptr %in, i64 %i
  %v = load float, ptr %a, align 4
  %b = getelementptr inbounds float, ptr %out, i64 %i
  store float %v, ptr %b, align 4
  ret void
}

; A kernel named only by nvvm.annotations is recognised too.
define void @annotated_kernel(ptr %out) {
; CHECK-LABEL: define ptx_kernel void @annotated_kernel(
; CHECK-SAME: ptr [[OUT:%.*]]) {
; CHECK-NEXT:   [[TMP1:%.*]] = addrspacecast ptr [[OUT]] to ptr addrspace(1)
; CHECK-NEXT:   store i32 1, ptr addrspace(1) [[TMP1]], align 4
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  store i32 1, ptr %out
  ret void
}

; Pointer arguments of a device function stay generic.
define void @device_fn(ptr %p) {
; CHECK-LABEL: define void @device_fn(
; CHECK-SAME: ptr [[P:%.*]]) {
; CHECK-NEXT:   store i32 1, ptr [[P]], align 4
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  store i32 1, ptr %p
  ret void
}

; An alloca in the generic space is private memory (addrspace 5).
define i32 @alloca_private(i64 %i) {
; CHECK-LABEL: define i32 @alloca_private(
; CHECK-SAME: i64 [[I:%.*]]) {
; CHECK-NEXT:   [[BUF:%.*]] = alloca [8 x i32], align 4
; CHECK-NEXT:   [[TMP1:%.*]] = addrspacecast ptr [[BUF]] to ptr addrspace(5)
; CHECK-NEXT:   [[E:%.*]] = getelementptr [8 x i32], ptr addrspace(5) [[TMP1]], i64 0, i64 [[I]]
; CHECK-NEXT:   store i32 3, ptr addrspace(5) [[E]], align 4
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(5) [[TMP1]], align 4
; CHECK-NEXT:   call void @sink(ptr [[BUF]])
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %buf = alloca [8 x i32], align 4
  %e = getelementptr [8 x i32], ptr %buf, i64 0, i64 %i
  store i32 3, ptr %e
  %v = load i32, ptr %buf
  call void @sink(ptr %buf)
  ret i32 %v
}

; A byval kernel argument lives in param space: it is not assumed global;
; only read, it is read from there (addrspace(101), as NVPTX's lowering of
; kernel arguments reads it).
define ptx_kernel void @byval_arg(ptr byval(i32) %s, ptr %out) {
; CHECK-LABEL: define ptx_kernel void @byval_arg(
; CHECK-SAME: ptr byval(i32) [[S:%.*]], ptr [[OUT:%.*]]) {
; CHECK-NEXT:   [[TMP1:%.*]] = addrspacecast ptr [[OUT]] to ptr addrspace(1)
; CHECK-NEXT:   [[SP:%.*]] = addrspacecast ptr [[S]] to ptr addrspace(101)
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(101) [[SP]], align 4
; CHECK-NEXT:   store i32 [[V]], ptr addrspace(1) [[TMP1]], align 4
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  %v = load i32, ptr %s
  store i32 %v, ptr %out
  ret void
}

; Volatile policy on nvptx: every named space keeps volatile's meaning in
; PTX (ld/st.volatile.global and .shared; local is per-thread and constant
; read-only, llc-22 emits plain ld/st.local and ld.const), so global and
; private are both rewritten; --volatile=keep keeps both generic.
define ptx_kernel void @volatile_policy(ptr %g) {
; CHECK-LABEL: define ptx_kernel void @volatile_policy(
; CHECK-SAME: ptr [[G:%.*]]) {
; CHECK-NEXT:   [[TMP1:%.*]] = addrspacecast ptr [[G]] to ptr addrspace(1)
; CHECK-NEXT:   [[A:%.*]] = alloca i32, align 4
; CHECK-NEXT:   [[P:%.*]] = addrspacecast ptr [[A]] to ptr addrspace(5)
; CHECK-NEXT:   store volatile i32 1, ptr addrspace(5) [[P]], align 4
; CHECK-NEXT:   store volatile i32 2, ptr addrspace(1) [[TMP1]], align 4
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
; KEEP-LABEL: define ptx_kernel void @volatile_policy(
; KEEP-NEXT:   %a = alloca i32, align 4
; KEEP-NEXT:   store volatile i32 1, ptr %a, align 4
; KEEP-NEXT:   store volatile i32 2, ptr %g, align 4
  %a = alloca i32
  store volatile i32 1, ptr %a
  store volatile i32 2, ptr %g
  ret void
}

; Shared memory reached through a constant cast.
@smem = internal addrspace(3) global [32 x float] poison
define float @shared_const() {
; CHECK-LABEL: define float @shared_const(
; CHECK-SAME: ) {
; CHECK-NEXT:   [[V:%.*]] = load float, ptr addrspace(3) getelementptr ([32 x float], ptr addrspace(3) @smem, i64 0, i64 5), align 4
; CHECK-NEXT:   ret float [[V]]
; CHECK-NEXT: }
  %v = load float, ptr getelementptr ([32 x float], ptr addrspacecast (ptr addrspace(3) @smem to ptr), i64 0, i64 5)
  ret float %v
}

!nvvm.annotations = !{!0}
!0 = !{ptr @annotated_kernel, !"kernel", i32 1}
