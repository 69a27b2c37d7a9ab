; AMDGPU's lane reads hand a wave one lane's pointer the same way (HIP's
; `__shfl(long long)`: two ds_bpermute of the halves at one address, the
; high one sign-extended; readfirstlane): the accesses through the
; reassembled pointer are in the source pointer's space (space.c,
; SP_LANES).  Two addresses, or a pointer HIP moved by integer arithmetic
; (`ptrtoint p + k`, which the pattern does not read), stay flat.
; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: llc-22 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a %t.ll -o %t.s
; RUN: FileCheck %s --check-prefix=ASM < %t.s
; RUN: gasp-run %s --kernel bperm_lds --global 64 --local 64 --arg buf:f32:64 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel first_global --global 64 --local 64 --arg buf:f32:64 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel two_addresses --global 64 --local 64 --arg buf:f32:64 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel moved_by_int --global 64 --local 64 --arg buf:f32:64 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
target triple = "amdgcn-amd-amdhsa"

@tile = internal addrspace(3) global [64 x float] undef, align 4

; Lane 5's LDS pointer, as HIP's __shfl moves it: LDS accesses.
; CHECK-LABEL: define amdgpu_kernel void @bperm_lds(
; CHECK: addrspacecast ptr %{{.*}} to ptr addrspace(3)
; CHECK: load float, ptr addrspace(3)
; ASM-LABEL: bperm_lds:
; ASM-NOT: flat_load
; ASM: ds_read_b32
; ASM: s_endpgm
define amdgpu_kernel void @bperm_lds(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %mine = getelementptr float, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %idx
  %f = uitofp i32 %tid to float
  store float %f, ptr %mine
  call void @llvm.amdgcn.s.barrier()
  %P = ptrtoint ptr %mine to i64
  %lo = trunc i64 %P to i32
  %hs = lshr i64 %P, 32
  %hi = trunc i64 %hs to i32
  %m0 = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %m1 = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %m0)
  %a0 = shl i32 %m1, 2
  %a1 = and i32 %a0, -256
  %addr = or disjoint i32 %a1, 20
  %slo = call i32 @llvm.amdgcn.ds.bpermute(i32 %addr, i32 %lo)
  %shi = call i32 @llvm.amdgcn.ds.bpermute(i32 %addr, i32 %hi)
  %xh = sext i32 %shi to i64
  %h = shl nsw i64 %xh, 32
  %zl = zext i32 %slo to i64
  %x = or disjoint i64 %h, %zl
  %q = inttoptr i64 %x to ptr
  %w = load float, ptr %q
  %o = getelementptr float, ptr addrspace(1) %out, i64 %idx
  store float %w, ptr addrspace(1) %o
  ret void
}

; The first lane's global pointer (readfirstlane of each half): global.
; CHECK-LABEL: define amdgpu_kernel void @first_global(
; CHECK: addrspacecast ptr %{{.*}} to ptr addrspace(1)
; CHECK: atomicrmw fadd ptr addrspace(1)
define amdgpu_kernel void @first_global(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %g = addrspacecast ptr addrspace(1) %out to ptr
  %mine = getelementptr float, ptr %g, i64 %idx
  %P = ptrtoint ptr %mine to i64
  %lo = trunc i64 %P to i32
  %hs = lshr i64 %P, 32
  %hi = trunc i64 %hs to i32
  %slo = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %lo)
  %shi = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %hi)
  %zh = zext i32 %shi to i64
  %h = shl i64 %zh, 32
  %zl = zext i32 %slo to i64
  %x = or disjoint i64 %h, %zl
  %q = inttoptr i64 %x to ptr
  %f = uitofp i32 %tid to float
  %old = atomicrmw fadd ptr %q, float %f monotonic
  ret void
}

; The halves read at two addresses: flat.
; CHECK-LABEL: define amdgpu_kernel void @two_addresses(
; CHECK: %[[Q:.*]] = inttoptr i64 %{{.*}} to ptr
; CHECK: load float, ptr %[[Q]]
define amdgpu_kernel void @two_addresses(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %mine = getelementptr float, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %idx
  %f = uitofp i32 %tid to float
  store float %f, ptr %mine
  call void @llvm.amdgcn.s.barrier()
  %P = ptrtoint ptr %mine to i64
  %lo = trunc i64 %P to i32
  %hs = lshr i64 %P, 32
  %hi = trunc i64 %hs to i32
  %slo = call i32 @llvm.amdgcn.ds.bpermute(i32 4, i32 %lo)
  %shi = call i32 @llvm.amdgcn.ds.bpermute(i32 8, i32 %hi)
  %zh = zext i32 %shi to i64
  %h = shl i64 %zh, 32
  %zl = zext i32 %slo to i64
  %x = or disjoint i64 %h, %zl
  %q = inttoptr i64 %x to ptr
  %w = load float, ptr %q
  %o = getelementptr float, ptr addrspace(1) %out, i64 %idx
  store float %w, ptr addrspace(1) %o
  ret void
}

; ptrtoint p plus an offset (instcombine's form of a GEP HIP then
; shuffles): not read through.
; CHECK-LABEL: define amdgpu_kernel void @moved_by_int(
; CHECK: %[[Q:.*]] = inttoptr i64 %{{.*}} to ptr
; CHECK: store float %{{.*}}, ptr %[[Q]]
define amdgpu_kernel void @moved_by_int(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %g = addrspacecast ptr addrspace(1) %out to ptr
  %P0 = ptrtoint ptr %g to i64
  %off = shl i32 %tid, 2
  %o64 = zext i32 %off to i64
  %P = add i64 %P0, %o64
  %lo = trunc i64 %P to i32
  %hs = lshr i64 %P, 32
  %hi = trunc i64 %hs to i32
  %slo = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %lo)
  %shi = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %hi)
  %zh = zext i32 %shi to i64
  %h = shl i64 %zh, 32
  %zl = zext i32 %slo to i64
  %x = or disjoint i64 %h, %zl
  %q = inttoptr i64 %x to ptr
  %f = uitofp i32 %tid to float
  store float %f, ptr %q
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)
declare i32 @llvm.amdgcn.mbcnt.hi(i32, i32)
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32)
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)
declare void @llvm.amdgcn.s.barrier()
