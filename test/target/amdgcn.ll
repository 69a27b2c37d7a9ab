; RUN: gasp-opt --passes=infer -verify-each -S %s -o - | FileCheck %s
; RUN: gasp-opt --volatile=keep --passes=infer -S %s -o - | FileCheck %s --check-prefix=KEEP
; AMDGPU: flat is 0, local 3, private 5; local and private null is all-ones.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; A flat load through a cast from LDS becomes an LDS load.
define i32 @lds_load(ptr addrspace(3) %l) {
; CHECK-LABEL: define i32 @lds_load(
; CHECK-SAME: ptr addrspace(3) [[L:%.*]]) {
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(3) [[L]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %f = addrspacecast ptr addrspace(3) %l to ptr
  %v = load i32, ptr %f
  ret i32 %v
}

; A select of an LDS pointer and flat null becomes an LDS select whose null
; is the LDS null, `addrspacecast (ptr null ...)` (all ones: LDS null is
; not 0), and the store through it is local.
define void @lds_select_null(i1 %c, ptr addrspace(3) %l) {
; CHECK-LABEL: define void @lds_select_null(
; CHECK-SAME: i1 [[C:%.*]], ptr addrspace(3) [[L:%.*]]) {
; CHECK-NEXT:   [[S:%.*]] = select i1 [[C]], ptr addrspace(3) [[L]], ptr addrspace(3) addrspacecast (ptr null to ptr addrspace(3))
; CHECK-NEXT:   store i32 0, ptr addrspace(3) [[S]], align 4
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  %f = addrspacecast ptr addrspace(3) %l to ptr
  %s = select i1 %c, ptr %f, ptr null
  store i32 0, ptr %s
  ret void
}

; A select of a global pointer and null becomes global: global null is 0.
define void @global_select_null(i1 %c, ptr addrspace(1) %g) {
; CHECK-LABEL: define void @global_select_null(
; CHECK-SAME: i1 [[C:%.*]], ptr addrspace(1) [[G:%.*]]) {
; CHECK-NEXT:   [[S:%.*]] = select i1 [[C]], ptr addrspace(1) [[G]], ptr addrspace(1) null
; CHECK-NEXT:   store i32 0, ptr addrspace(1) [[S]], align 4
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  %f = addrspacecast ptr addrspace(1) %g to ptr
  %s = select i1 %c, ptr %f, ptr null
  store i32 0, ptr %s
  ret void
}

; A generic pointer argument of an amdgpu_kernel is global.
define amdgpu_kernel void @hip_kernel(ptr %out) {
; CHECK-LABEL: define amdgpu_kernel void @hip_kernel(
; CHECK-SAME: ptr [[OUT:%.*]]) {
; CHECK-NEXT:   [[TMP1:%.*]] = addrspacecast ptr [[OUT]] to ptr addrspace(1)
; CHECK-NEXT:   store i32 7, ptr addrspace(1) [[TMP1]], align 4
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  store i32 7, ptr %out
  ret void
}

; A volatile flat access becomes global: llc-22 keeps volatile's meaning in
; every AMDGPU space (global_/scratch accesses with glc, LDS ds_ accesses are
; uncached); --volatile=keep keeps it flat.
define void @volatile_global(ptr addrspace(1) %g) {
; CHECK-LABEL: define void @volatile_global(
; CHECK-SAME: ptr addrspace(1) [[G:%.*]]) {
; CHECK-NEXT:   store volatile i32 1, ptr addrspace(1) [[G]], align 4
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
; KEEP-LABEL: define void @volatile_global(
; KEEP-NEXT:   %f = addrspacecast ptr addrspace(1) %g to ptr
; KEEP-NEXT:   store volatile i32 1, ptr %f, align 4
  %f = addrspacecast ptr addrspace(1) %g to ptr
  store volatile i32 1, ptr %f
  ret void
}

; A private alloca (addrspace 5) cast to flat is private again.
define i32 @scratch() {
; CHECK-LABEL: define i32 @scratch(
; CHECK-SAME: ) {
; CHECK-NEXT:   [[A:%.*]] = alloca i32, align 4, addrspace(5)
; CHECK-NEXT:   store i32 4, ptr addrspace(5) [[A]], align 4
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(5) [[A]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %a = alloca i32, addrspace(5)
  %f = addrspacecast ptr addrspace(5) %a to ptr
  store i32 4, ptr %f
  %v = load i32, ptr %f
  ret i32 %v
}
