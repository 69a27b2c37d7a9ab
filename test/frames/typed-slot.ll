; RUN: gasp-opt -S -pass-remarks=frames -stats %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: llc -mcpu=sm_90 %t.ll -o - | FileCheck %s --check-prefix=PTX
; RUN: llc -mcpu=sm_90 %s -o - | FileCheck %s --check-prefix=BEFORE
; RUN: gasp-run %s --kernel k --global 2 --arg buf:f32:8 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 2 --arg buf:f32:8 --count | FileCheck %s --check-prefix=COUNT-BEFORE
; RUN: gasp-run %t.ll --kernel k --global 2 --arg buf:f32:8 --count | FileCheck %s --check-prefix=COUNT
; RUN: gasp-opt -S %t.ll -o - | grep -v ModuleID > %t.again.ll
; RUN: grep -v ModuleID %t.ll | diff -u - %t.again.ll
; A stack slot read as two types SROA cannot reconcile (a float read as
; half and as its bits: FluidX3D's graphics kernels with libclc) is one
; SROA can split but not promote; llc-22's second SROA, after its own
; alloca lowering, rewrites the accesses of the slot's whole type through
; the generic alloca (PTX st [%SP+k] beside ld.local of the same slot).
; Where a function has a slot whose loads or stores of two types overlap,
; and no volatile access decides it, the frames pass runs LLVM's SROA on
; the function itself and gives each slot SROA leaves a fake use of its
; local cast (an escape to SROA, nothing in the code); what SROA promotes
; or splits off is gone before it looks, and an access SROA retyped
; through a bitcast takes its type back.
; gasp-run --count counts each fake use executed (2 functions x 2
; work-items) among the instructions code generation emits nothing for
; (`casts`, with the addrspacecasts), as it counts the casts.
; A second run changes nothing.
; REMARK: remark: {{.*}}2 slots SROA cannot promote kept from it,
; REMARK-DAG: 2 frames - slots SROA cannot promote kept
; REMARK-DAG: 2 frames - functions whose slots LLVM's SROA ran on
; EXEC: identical
; COUNT-BEFORE: instrs=90 casts=6
; COUNT: instrs=88 casts=10
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; FluidX3D's shape: the whole float stored, read back as half and as i32.
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: %s = alloca float
; CHECK-NEXT: [[S:%[0-9]+]] = addrspacecast ptr %s to ptr addrspace(5)
; CHECK: call void (...) @llvm.fake.use(ptr addrspace(5) [[S]])
; CHECK: load half, ptr addrspace(5) [[S]]
; CHECK-NEXT: load i32, ptr addrspace(5) [[S]]
; CHECK-NOT: bitcast
; CHECK: ret void
; PTX-LABEL: .entry k(
; PTX-NOT: {{[[:space:]](ld|st)\.[bsuf][0-9]+ }}
; PTX-NOT: %SP+
; PTX: ret;
; BEFORE-LABEL: .entry k(
; BEFORE: st.b32 [%SP],
define ptx_kernel void @k(ptr addrspace(1) %io) {
  %s = alloca float, align 4
  %l = addrspacecast ptr %s to ptr addrspace(5)
  %v = load float, ptr addrspace(1) %io, align 4
  store float %v, ptr addrspace(5) %l, align 4
  %h = load half, ptr addrspace(5) %l, align 4
  %i = load i32, ptr addrspace(5) %l, align 4
  %e = fpext half %h to float
  %m = and i32 %i, 1073741824
  %z = icmp eq i32 %m, 0
  %f = select i1 %z, float 1.0, float 0.5
  %r = fadd float %e, %f
  %o = getelementptr inbounds float, ptr addrspace(1) %io, i64 1
  store float %r, ptr addrspace(1) %o, align 4
  call void @split(ptr addrspace(1) %io)
  call void @promoted(ptr addrspace(1) %io)
  ret void
}

; Two fields, only the second read as two types: SROA promotes the first
; and leaves the second in a slot of its own, which alone gets the use.
; CHECK-LABEL: define void @split(
; CHECK-NOT: alloca {
; CHECK: [[T:%[^ ]+]] = alloca float
; CHECK: @llvm.fake.use(ptr addrspace(5)
; CHECK-NOT: @llvm.fake.use
; CHECK: ret void
define void @split(ptr addrspace(1) %io) noinline {
  %s = alloca { float, float }, align 4
  %l = addrspacecast ptr %s to ptr addrspace(5)
  %l1 = getelementptr inbounds i8, ptr addrspace(5) %l, i64 4
  %a = getelementptr inbounds float, ptr addrspace(1) %io, i64 2
  %b = getelementptr inbounds float, ptr addrspace(1) %io, i64 3
  %x = load float, ptr addrspace(1) %a, align 4
  %y = load float, ptr addrspace(1) %b, align 4
  store float %x, ptr addrspace(5) %l, align 4
  store float %y, ptr addrspace(5) %l1, align 4
  %x2 = load float, ptr addrspace(5) %l, align 4
  %h = load half, ptr addrspace(5) %l1, align 4
  %y2 = load i32, ptr addrspace(5) %l1, align 4
  %e = fpext half %h to float
  %yb = bitcast i32 %y2 to float
  %s1 = fadd float %x2, %e
  %s2 = fadd float %s1, %yb
  %o = getelementptr inbounds float, ptr addrspace(1) %io, i64 4
  store float %s2, ptr addrspace(1) %o, align 4
  ret void
}

; A slot read and written as one type is left to llc's SROA, which
; promotes it: no SROA here, no use.
; CHECK-LABEL: define void @promoted(
; CHECK: alloca float
; CHECK-NOT: llvm.fake.use
; CHECK: ret void
define void @promoted(ptr addrspace(1) %io) noinline {
  %s = alloca float, align 4
  %l = addrspacecast ptr %s to ptr addrspace(5)
  %a = getelementptr inbounds float, ptr addrspace(1) %io, i64 5
  %x = load float, ptr addrspace(1) %a, align 4
  store float %x, ptr addrspace(5) %l, align 4
  %y = load float, ptr addrspace(5) %l, align 4
  %z = fmul float %y, 2.0
  %o = getelementptr inbounds float, ptr addrspace(1) %io, i64 6
  store float %z, ptr addrspace(1) %o, align 4
  ret void
}
