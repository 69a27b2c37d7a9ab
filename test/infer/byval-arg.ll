; A pointer passed by value (`byval`) is read by the call itself: the back
; end copies the aggregate at the call.  When the pointer has a named space
; other than private, infer passes the pointer's twin cast back to generic
; right before the call, so the back end sees the space it copies from
; (llc-22 NVPTX: ld.shared, not a generic ld); and ipmsp counts such an
; argument as a use a clone names (nbody.cu's tile_sum, cloned after the
; inliner, where memcpyopt has forwarded `tile[j]` into the call's byval
; operand: docs/design.md, "Where gasp runs").
; RUN: gasp-opt -S --passes=infer %s -o %t.infer.ll -stats -stats-json 2> %t.stats
; RUN: FileCheck %s --check-prefix=INFER < %t.infer.ll
; RUN: FileCheck %s --check-prefix=STAT < %t.stats
; Running it again changes nothing.
; RUN: gasp-opt -S --passes=infer %t.infer.ll -o %t.again.ll
; RUN: gasp-opt -S --passes=none %t.infer.ll -o %t.same.ll
; RUN: diff %t.same.ll %t.again.ll
; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s --check-prefix=IPMSP < %t.ll
; RUN: llc-22 -O2 -mcpu=sm_70 %t.ll -o - | FileCheck %s --check-prefix=PTX
; RUN: for j in 0 1 5; do gasp-run %s --kernel k --global 8 --local 8 --arg buf:f32:32:iota --arg i64=$j --check-as --compare %t.ll; done | FileCheck %s --check-prefix=EXEC
; EXEC-NOT: differ
; EXEC: identical
; STAT: "infer.byval-args-named": 2
target datalayout = "e-p3:32:32:32-p4:32:32:32-p5:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.float4 = type { float, float, float, float }

@tile = internal addrspace(3) global [128 x %struct.float4] poison, align 16

; The callee reads its copy (a private slot of its own).
define internal float @sum4(ptr byval(%struct.float4) align 16 %v) {
  %x = load float, ptr %v, align 16
  %py = getelementptr inbounds i8, ptr %v, i64 12
  %y = load float, ptr %py, align 4
  %s = fadd float %x, %y
  ret float %s
}

; A shared element and a global one passed by value get their twin cast
; back in the call's block; the private slot is left as it is (the back
; end's own frame).
; INFER-LABEL: define float @direct(
; INFER: next:
; INFER-NEXT: %[[S:[0-9]+]] = addrspacecast ptr addrspace(3) %p to ptr
; INFER-NEXT: call float @sum4(ptr byval(%struct.float4) align 16 %[[S]])
; INFER: %[[G:[0-9]+]] = addrspacecast ptr addrspace(1) %q to ptr
; INFER-NEXT: call float @sum4(ptr byval(%struct.float4) align 16 %[[G]])
; INFER: call float @sum4(ptr byval(%struct.float4) align 16 %slot)
define float @direct(i64 %j, ptr addrspace(1) %gbuf) {
  %g = addrspacecast ptr addrspace(3) @tile to ptr
  %p = getelementptr inbounds %struct.float4, ptr %g, i64 %j
  %gb = addrspacecast ptr addrspace(1) %gbuf to ptr
  %q = getelementptr inbounds %struct.float4, ptr %gb, i64 %j
  %slot = alloca %struct.float4, align 16
  br label %next
next:
  %a = call float @sum4(ptr byval(%struct.float4) align 16 %p)
  %b = call float @sum4(ptr byval(%struct.float4) align 16 %q)
  %c = call float @sum4(ptr byval(%struct.float4) align 16 %slot)
  %ab = fadd float %a, %b
  %abc = fadd float %ab, %c
  ret float %abc
}

; @tile_sum's only use of %t is the by-value argument: ipmsp gives it the
; kernel's shared space (the argument counts as a use it names; without
; it, "no access would get a named space"), and the copy for the call
; reads shared memory by name.
; IPMSP-LABEL: define ptx_kernel void @k(
; IPMSP: call float @tile_sum(ptr addrspace(3) @tile
; IPMSP-LABEL: define internal float @tile_sum(ptr addrspace(3) %t
; IPMSP: addrspacecast ptr addrspace(3) %{{.*}} to ptr
; IPMSP-NEXT: call float @sum4(ptr byval(%struct.float4)
; PTX-LABEL: .func  (.param .b32 func_retval0) tile_sum(
; PTX: ld.shared.v4
define internal float @tile_sum(ptr %t, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %loop ]
  %e = getelementptr inbounds %struct.float4, ptr %t, i64 %i
  %v = call float @sum4(ptr byval(%struct.float4) align 16 %e)
  %acc1 = fadd float %acc, %v
  %i1 = add i64 %i, 1
  %done = icmp uge i64 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  ret float %acc1
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @k(ptr %out, i64 %j) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %tid to i64
  %src = getelementptr inbounds float, ptr %out, i64 %t64
  %x = load float, ptr %src, align 4
  %slot = getelementptr inbounds [128 x %struct.float4], ptr addrspace(3) @tile, i64 0, i64 %t64
  store float %x, ptr addrspace(3) %slot, align 16
  %sy = getelementptr inbounds i8, ptr addrspace(3) %slot, i64 12
  store float %x, ptr addrspace(3) %sy, align 4
  call void @llvm.nvvm.barrier0()
  %g = addrspacecast ptr addrspace(3) @tile to ptr
  %n = add i64 %j, 1
  %s = call float @tile_sum(ptr %g, i64 %n)
  %gout = addrspacecast ptr %out to ptr addrspace(1)
  %d = call float @direct(i64 %j, ptr addrspace(1) %gout)
  %sd = fadd float %s, %d
  %dst = getelementptr inbounds float, ptr %out, i64 %t64
  store float %sd, ptr %dst, align 4
  ret void
}

declare void @llvm.nvvm.barrier0()
