; RUN: gasp-opt --passes=infer -verify-each -S %s -o - | FileCheck %s
; Fields on AMDGPU: a zeroed field holds the generic null, which is not
; the local null (-1 in a 32-bit LDS pointer): a field that holds null or a
; local pointer is loaded as a generic pointer and cast to local (the cast
; maps the generic null to the local one), while null or a global pointer
; is global.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

declare void @llvm.memset.p5.i64(ptr addrspace(5), i8, i64, i1)

; Zeroed, then a local pointer in field 0: null and local meet.
define i32 @zeroed_local(ptr addrspace(3) %l) {
; CHECK-LABEL: define i32 @zeroed_local(
; CHECK:         [[IN:%.*]] = load ptr, ptr addrspace(5) %j, align 8
; CHECK-NEXT:    [[INL:%.*]] = addrspacecast ptr [[IN]] to ptr addrspace(3)
; CHECK-NEXT:    [[V:%.*]] = load i32, ptr addrspace(3) [[INL]], align 4
  %j = alloca { ptr, ptr }, align 8, addrspace(5)
  call void @llvm.memset.p5.i64(ptr addrspace(5) align 8 %j, i8 0, i64 16, i1 false)
  %a = addrspacecast ptr addrspace(3) %l to ptr
  store ptr %a, ptr addrspace(5) %j, align 8
  %in = load ptr, ptr addrspace(5) %j, align 8
  %v = load i32, ptr %in, align 4
  ret i32 %v
}

; Zeroed, then a global pointer in field 1: null is global's null too.
define i32 @zeroed_global(ptr addrspace(1) %g) {
; CHECK-LABEL: define i32 @zeroed_global(
; CHECK:         [[V:%.*]] = load i32, ptr addrspace(1) {{%.*}}, align 4
  %j = alloca { ptr, ptr }, align 8, addrspace(5)
  call void @llvm.memset.p5.i64(ptr addrspace(5) align 8 %j, i8 0, i64 16, i1 false)
  %b = addrspacecast ptr addrspace(1) %g to ptr
  %f = getelementptr inbounds i8, ptr addrspace(5) %j, i32 8
  store ptr %b, ptr addrspace(5) %f, align 8
  %in = load ptr, ptr addrspace(5) %f, align 8
  %v = load i32, ptr %in, align 4
  ret i32 %v
}
