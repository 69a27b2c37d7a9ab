; A pointer one thread hands its warp by shuffling its two 32-bit halves
; (xformers' and CUTLASS's warp_uniform, `__shfl_sync` of a 64-bit integer)
; has the space of the pointer the source lane shuffled: both halves come
; from one lane when the two shuffles are one intrinsic with the same
; operands but the data, in one block (space.c, SP_LANES; casts.c,
; casts_lane_copy).  Halves of two pointers, or of two lanes, say nothing,
; and a pointer whose own set grows later in a loop passes the growth on
; (the requeue through its integer users).  gasp-run shuffles as the
; hardware does (src/exec/builtins.c), so every kernel runs both ways.
; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.s
; RUN: FileCheck %s --check-prefix=PTX < %t.s
; RUN: gasp-opt -pass-remarks-missed=gasp -disable-output %s 2>&1 | FileCheck %s --check-prefix=WHY
; RUN: gasp-run %s --kernel bcast_global --global 64 --local 64 --arg buf:f32:64 --arg buf:f32:64 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel bcast_shared --global 64 --local 64 --arg buf:f32:64 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel two_lanes --global 64 --local 64 --arg buf:f32:64 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel two_pointers --global 64 --local 64 --arg buf:f32:64 --arg buf:f32:64 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel grows_in_loop --global 64 --local 64 --arg buf:f32:64 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel pair_in_loop --global 64 --local 64 --arg buf:f32:64 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [64 x float] undef, align 4

; Lane 0's global pointer, broadcast: the atomic and the load through it
; are global ones (clang's build leaves them generic).
; IR-LABEL: define ptx_kernel void @bcast_global(
; IR: %[[Q:.*]] = inttoptr i64 %{{.*}} to ptr
; IR-NEXT: %[[G:.*]] = addrspacecast ptr %[[Q]] to ptr addrspace(1)
; IR: load float, ptr addrspace(1)
; IR: atomicrmw fadd ptr addrspace(1)
; PTX-LABEL: .entry bcast_global(
; PTX-NOT: atom.add.f32
; PTX: atom.global.add.f32
; PTX: ret;
define ptx_kernel void @bcast_global(ptr %out, ptr %in) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = and i32 %tid, 31
  %warp = lshr i32 %tid, 5
  %woff = zext i32 %warp to i64
  %base = getelementptr float, ptr %out, i64 %woff
  %P = ptrtoint ptr %base to i64
  %lo = trunc i64 %P to i32
  %hs = lshr i64 %P, 32
  %hi = trunc i64 %hs to i32
  %slo = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %lo, i32 0, i32 31)
  %shi = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %hi, i32 0, i32 31)
  %zh = zext i32 %shi to i64
  %h = shl i64 %zh, 32
  %zl = zext i32 %slo to i64
  %x = or disjoint i64 %h, %zl
  %q = inttoptr i64 %x to ptr
  %idx = zext i32 %tid to i64
  %src = getelementptr float, ptr %in, i64 %idx
  %v = load float, ptr %src
  %w = load float, ptr %q
  %s = fadd float %v, %w
  %old = atomicrmw fadd ptr %q, float %s monotonic
  ret void
}

; A shared pointer broadcast from lane 3 (HIP's signed form: the high half
; sign-extended before the shift): the accesses are shared ones.
; IR-LABEL: define ptx_kernel void @bcast_shared(
; IR: addrspacecast ptr %{{.*}} to ptr addrspace(3)
; IR: store float %{{.*}}, ptr addrspace(3)
; IR: load float, ptr addrspace(3)
; PTX-LABEL: .entry bcast_shared(
; PTX: st.shared.b32
; PTX: ld.shared.b32
; PTX: ret;
define ptx_kernel void @bcast_shared(ptr %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %mine = getelementptr float, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  %f = uitofp i32 %tid to float
  store float %f, ptr %mine
  call void @llvm.nvvm.barrier0()
  %P = ptrtoint ptr %mine to i64
  %lo = trunc i64 %P to i32
  %hs = lshr i64 %P, 32
  %hi = trunc i64 %hs to i32
  %slo = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %lo, i32 3, i32 31)
  %shi = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %hi, i32 3, i32 31)
  %zh = sext i32 %shi to i64
  %h = shl i64 %zh, 32
  %zl = zext i32 %slo to i64
  %x = or disjoint i64 %zl, %h
  %q = inttoptr i64 %x to ptr
  %w = load float, ptr %q
  call void @llvm.nvvm.barrier0()
  %q1 = getelementptr float, ptr %q, i64 1
  store float %w, ptr %q1
  call void @llvm.nvvm.barrier0()
  %r = load float, ptr %mine
  %o = getelementptr float, ptr %out, i64 %idx
  store float %r, ptr %o
  ret void
}

; The halves read from two lanes (0 and 1) make no lane's pointer.
; IR-LABEL: define ptx_kernel void @two_lanes(
; IR: %[[Q:.*]] = inttoptr i64 %{{.*}} to ptr
; IR: load float, ptr %[[Q]]
; WHY: load stays generic: made from an integer (inttoptr)
define ptx_kernel void @two_lanes(ptr %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %P = ptrtoint ptr %out to i64
  %lo = trunc i64 %P to i32
  %hs = lshr i64 %P, 32
  %hi = trunc i64 %hs to i32
  %slo = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %lo, i32 0, i32 31)
  %shi = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %hi, i32 1, i32 31)
  %zh = zext i32 %shi to i64
  %h = shl i64 %zh, 32
  %zl = zext i32 %slo to i64
  %x = or disjoint i64 %h, %zl
  %q = inttoptr i64 %x to ptr
  %w = load float, ptr %q
  %idx = zext i32 %tid to i64
  %o = getelementptr float, ptr %out, i64 %idx
  store float %w, ptr %o
  ret void
}

; The high half of one pointer and the low half of another: no pointer's.
; IR-LABEL: define ptx_kernel void @two_pointers(
; IR: %[[Q:.*]] = inttoptr i64 %{{.*}} to ptr
; IR: load float, ptr %[[Q]]
define ptx_kernel void @two_pointers(ptr %out, ptr %in) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %P = ptrtoint ptr %out to i64
  %R = ptrtoint ptr %in to i64
  %lo = trunc i64 %R to i32
  %hs = lshr i64 %P, 32
  %hi = trunc i64 %hs to i32
  %slo = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %lo, i32 0, i32 31)
  %shi = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %hi, i32 0, i32 31)
  %zh = zext i32 %shi to i64
  %h = shl i64 %zh, 32
  %zl = zext i32 %slo to i64
  %x = or disjoint i64 %h, %zl
  %q = inttoptr i64 %x to ptr
  %w = load float, ptr %q
  %idx = zext i32 %tid to i64
  %o = getelementptr float, ptr %out, i64 %idx
  store float %w, ptr %o
  ret void
}

; The pointer is shared on the first trip and global after: the broadcast
; learns the global its input gains on the back edge (after it was first
; evaluated) and stays generic.
; IR-LABEL: define ptx_kernel void @grows_in_loop(
; IR: %[[Q:.*]] = inttoptr i64 %{{.*}} to ptr
; IR: load float, ptr %[[Q]]
define ptx_kernel void @grows_in_loop(ptr %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %mine = getelementptr float, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  %f = uitofp i32 %tid to float
  store float %f, ptr %mine
  call void @llvm.nvvm.barrier0()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %p = phi ptr [ %mine, %entry ], [ %next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %loop ]
  %P = ptrtoint ptr %p to i64
  %lo = trunc i64 %P to i32
  %hs = lshr i64 %P, 32
  %hi = trunc i64 %hs to i32
  %slo = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %lo, i32 0, i32 31)
  %shi = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %hi, i32 0, i32 31)
  %zh = zext i32 %shi to i64
  %h = shl i64 %zh, 32
  %zl = zext i32 %slo to i64
  %x = or disjoint i64 %h, %zl
  %q = inttoptr i64 %x to ptr
  %w = load float, ptr %q
  %acc1 = fadd float %acc, %w
  %next = getelementptr float, ptr %out, i64 %idx
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, 3
  br i1 %c, label %loop, label %exit

exit:
  %o = getelementptr float, ptr %out, i64 %idx
  store float %acc1, ptr %o
  ret void
}

; The same growth through a plain inttoptr(ptrtoint p) pair.
; IR-LABEL: define ptx_kernel void @pair_in_loop(
; IR: %[[Q:.*]] = inttoptr i64 %{{.*}} to ptr
; IR: load float, ptr %[[Q]]
define ptx_kernel void @pair_in_loop(ptr %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %mine = getelementptr float, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  %f = uitofp i32 %tid to float
  store float %f, ptr %mine
  call void @llvm.nvvm.barrier0()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %p = phi ptr [ %mine, %entry ], [ %next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %loop ]
  %P = ptrtoint ptr %p to i64
  %q = inttoptr i64 %P to ptr
  %w = load float, ptr %q
  %acc1 = fadd float %acc, %w
  %next = getelementptr float, ptr %out, i64 %idx
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, 3
  br i1 %c, label %loop, label %exit

exit:
  %o = getelementptr float, ptr %out, i64 %idx
  store float %acc1, ptr %o
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
declare void @llvm.nvvm.barrier0()
