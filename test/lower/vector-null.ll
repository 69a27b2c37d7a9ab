; RUN: gasp-opt -S --lower-generic=tags %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: opt-22 -passes=verify %t.ll -o /dev/null
; RUN: gasp-opt -S --lower-generic=tags %t.ll -o /dev/null
; Tags on amdgcn: a vector of local (or private) pointers cast to generic
; is tagged with a null test against the source space's null — a vector of
; that null, one per element (it was a scalar null cast to the vector type,
; which LLVM prints but cannot parse back).
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; A vector of local pointers made generic: each lane tested against LDS null.
; CHECK-LABEL: define <2 x ptr> @local_vec(
; CHECK: icmp ne <2 x ptr addrspace(3)> %sp, <ptr addrspace(3) addrspacecast (ptr null to ptr addrspace(3)), ptr addrspace(3) addrspacecast (ptr null to ptr addrspace(3))>
define <2 x ptr> @local_vec(<2 x ptr addrspace(3)> %sp) {
  %gp = addrspacecast <2 x ptr addrspace(3)> %sp to <2 x ptr>
  ret <2 x ptr> %gp
}

; The same for private (scratch) pointers.
; CHECK-LABEL: define <4 x ptr> @private_vec(
; CHECK: icmp ne <4 x ptr addrspace(5)> %sp, <ptr addrspace(5) addrspacecast (ptr null to ptr addrspace(5)),
define <4 x ptr> @private_vec(<4 x ptr addrspace(5)> %sp) {
  %gp = addrspacecast <4 x ptr addrspace(5)> %sp to <4 x ptr>
  ret <4 x ptr> %gp
}
