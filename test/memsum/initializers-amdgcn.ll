; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:4 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; The initializer rule on amdgcn: an LDS pointer made flat in the
; initializer of constant (addrspace(4)) tables.  The pointer loaded from
; the external one stays flat (the host may have written a global one; it
; was made global); from the internal one it is local (its initializer).
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [4 x i32] poison, align 4
@ctab = internal addrspace(4) constant ptr addrspacecast (ptr addrspace(3) @lds to ptr), align 8
@etab = addrspace(4) constant ptr addrspacecast (ptr addrspace(3) @lds to ptr), align 8

; The load through the external table's pointer stays flat; through the
; internal one's it is local.
; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK: [[P:%.*]] = load ptr, ptr addrspace(4) @ctab
; CHECK-NEXT: [[L:%.*]] = addrspacecast ptr [[P]] to ptr addrspace(3)
; CHECK-NEXT: load i32, ptr addrspace(3) [[L]]
; CHECK: [[E:%.*]] = load ptr, ptr addrspace(4) @etab
; CHECK-NEXT: load i32, ptr [[E]]
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  store i32 7, ptr addrspace(3) @lds, align 4
  %p = load ptr, ptr addrspace(4) @ctab, align 8
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  %e = load ptr, ptr addrspace(4) @etab, align 8
  %w = load i32, ptr %e, align 4
  %o1 = getelementptr i8, ptr addrspace(1) %out, i64 4
  store i32 %w, ptr addrspace(1) %o1, align 4
  ret void
}
