; launder on AMDGPU: the target table gives amdgcn no TGT_HAZARD_CASTBASE,
; because llc-22's load/store vectorizer pairs two neighbours through a
; parameter's cast to the global or LDS space there even when one GEP lacks
; inbounds (the NVPTX shape of test/launder/launder.ll), and scratch
; neighbours are not paired with or without the cast (private element size
; 4); so the pass leaves the module as it is.  Measured 2026-12-05.
; RUN: llc -mcpu=gfx90a %s -o - | FileCheck %s --check-prefix=LLC
; RUN: gasp-opt -S --passes=launder %s -o - | FileCheck %s
; CHECK-NOT: @llvm.launder.invariant.group
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; A global parameter's cast, the first neighbour without inbounds: one
; 64-bit store.
; LLC-LABEL: global:
; LLC:         global_store_dwordx2 v[0:1], v[2:3], off offset:8
define void @global(ptr %g, i32 %a, i32 %b) noinline {
  %p = addrspacecast ptr %g to ptr addrspace(1)
  %q = getelementptr i8, ptr addrspace(1) %p, i64 8
  %r = getelementptr inbounds i8, ptr addrspace(1) %p, i64 12
  store i32 %a, ptr addrspace(1) %q, align 8
  store i32 %b, ptr addrspace(1) %r, align 4
  ret void
}

; The same through a cast to LDS: one ds_write2.
; LLC-LABEL: shared:
; LLC:         ds_write2_b32 v0, v2, v3 offset0:2 offset1:3
define void @shared(ptr %g, i32 %a, i32 %b) noinline {
  %p = addrspacecast ptr %g to ptr addrspace(3)
  %q = getelementptr i8, ptr addrspace(3) %p, i32 8
  %r = getelementptr inbounds i8, ptr addrspace(3) %p, i32 12
  store i32 %a, ptr addrspace(3) %q, align 8
  store i32 %b, ptr addrspace(3) %r, align 4
  ret void
}
