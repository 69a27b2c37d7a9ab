; An address space the target table does not name (here 99 on
; amdgcn) is still a space of its own: an access through its cast to
; generic goes back to it, as upstream's infer-address-spaces does; the
; table's facts (tags, null, volatile policy, alias classes) stay with the
; spaces it names.
; RUN: gasp-opt -S --passes=infer %s -o - | FileCheck %s
; RUN: opt-22 -S -passes=infer-address-spaces %s -o - | FileCheck %s
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; Through a GEP of the cast: the load is in addrspace(99).
; CHECK-LABEL: define i32 @f(
; CHECK: [[E:%.*]] = getelementptr i32, ptr addrspace(99) %q, i64 1
; CHECK-NEXT: load i32, ptr addrspace(99) [[E]]
define i32 @f(ptr addrspace(99) %q) {
  %g = addrspacecast ptr addrspace(99) %q to ptr
  %e = getelementptr i32, ptr %g, i64 1
  %v = load i32, ptr %e, align 4
  ret i32 %v
}
