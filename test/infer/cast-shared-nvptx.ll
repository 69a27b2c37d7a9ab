; RUN: gasp-opt -S -pass-remarks-missed='infer|resolve' %s -o %t.ll 2>%t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: llc-22 -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.ptx
; RUN: %if ptxas %{ ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
; RUN: gasp-run %s --kernel one --global 4 --arg buf:i32:4 --arg i32=1 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel two --global 4 --arg buf:i32:4 --arg i32=1 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel loop --global 4 --arg buf:i32:4 --arg i32=3 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel chase --global 4 --arg buf:i32:8 --arg i32=1 --arg buf:i32:4 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel resolved --global 4 --arg buf:i32:8 --arg buf:i32:4 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: sed 's/nvptx64-nvidia-cuda/amdgcn-amd-amdhsa/; s/ptx_kernel/amdgpu_kernel/' %s | gasp-opt -S - -o - | FileCheck %s --check-prefix=AMD
; RUN: gasp-opt -S --lower-generic=tags %s -o %t.tags.ll
; RUN: FileCheck %s --check-prefix=TAGS < %t.tags.ll
; RUN: gasp-run %s --kernel one --global 4 --arg buf:i32:4 --arg i32=1 --check-as --compare %t.tags.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt -S %t.ll -o - | tail -n +2 > %t.2.ll
; RUN: tail -n +2 %t.ll | diff - %t.2.ll
; EXEC: identical
; On NVPTX a pointer gasp proves global but that is generic in the IR (one
; loaded from memory, a call's result) needs `cvta.to.global` before
; `ld.global`: an instruction of its own, while a generic `ld` of global
; memory takes the same load path (target.c, "Casts that must be shared").
; So such a pointer is named only when two accesses or more share its
; cast (or one runs in a loop the cast is outside of); one access keeps
; its generic pointer, as clang and nvcc leave it — in infer (a pointer
; from a __constant__ table) and in resolve's static resolution (a pointer
; from a buffer).  On AMDGPU the cast to global is no instruction: every
; one is named.  Under --lower-generic=tags an access left generic would
; become a dispatch, dearer than the cast: the rule stands aside and the
; one access is named.  Running gasp again changes nothing.
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@g1 = internal addrspace(1) global [4 x i32] zeroinitializer, align 4
@g2 = internal addrspace(1) global [4 x i32] zeroinitializer, align 4
@tab = internal addrspace(4) constant [2 x ptr] [ptr addrspacecast (ptr addrspace(1) @g1 to ptr), ptr addrspacecast (ptr addrspace(1) @g2 to ptr)], align 8

; One access through the picked pointer: it stays generic, no cast.
; CHECK-LABEL: define ptx_kernel void @one(
; CHECK: %p = load ptr, ptr addrspace(4)
; CHECK-NOT: addrspacecast ptr %p
; CHECK: load i32, ptr %p,
; AMD-LABEL: define amdgpu_kernel void @one(
; AMD: load i32, ptr addrspace(1)
; TAGS-LABEL: define ptx_kernel void @one(
; TAGS-NOT: switch
; TAGS: load i32, ptr addrspace(1)
; PTX-LABEL: .entry one(
; PTX-NOT: cvta.to.global.u64
; PTX: ld.b32
; PTX-LABEL: // -- End function
; REMARK-DAG: remark: {{.*}}1 generic access kept generic: the cast naming it would serve no other access
define ptx_kernel void @one(ptr addrspace(1) %out, i32 %i) {
  %j = and i32 %i, 1
  %e = getelementptr inbounds [2 x ptr], ptr addrspace(4) @tab, i32 0, i32 %j
  %p = load ptr, ptr addrspace(4) %e, align 8
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

; Two accesses share one cast: both named global.
; CHECK-LABEL: define ptx_kernel void @two(
; CHECK: [[G:%.*]] = addrspacecast ptr %p to ptr addrspace(1)
; CHECK: load i32, ptr addrspace(1) [[G]]
; CHECK: store i32 {{.*}}, ptr addrspace(1)
; PTX-LABEL: .entry two(
; PTX: cvta.to.global.u64
; PTX-NOT: cvta.to.global.u64
; PTX: ld.global.b32
; PTX: st.global.b32
; PTX-LABEL: // -- End function
define ptx_kernel void @two(ptr addrspace(1) %out, i32 %i) {
  %j = and i32 %i, 1
  %e = getelementptr inbounds [2 x ptr], ptr addrspace(4) @tab, i32 0, i32 %j
  %p = load ptr, ptr addrspace(4) %e, align 8
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds i32, ptr %p, i32 1
  store i32 %v, ptr %q, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

; One access, but in a loop the cast is outside of: named.
; CHECK-LABEL: define ptx_kernel void @loop(
; CHECK: addrspacecast ptr %p to ptr addrspace(1)
; CHECK: body:
; CHECK: load i32, ptr addrspace(1)
define ptx_kernel void @loop(ptr addrspace(1) %out, i32 %n) {
entry:
  %e = getelementptr inbounds [2 x ptr], ptr addrspace(4) @tab, i32 0, i32 1
  %p = load ptr, ptr addrspace(4) %e, align 8
  br label %body
body:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %s = phi i32 [ 0, %entry ], [ %s1, %body ]
  %m = and i32 %i, 3
  %q = getelementptr inbounds i32, ptr %p, i32 %m
  %v = load i32, ptr %q, align 4
  %s1 = add i32 %s, %v
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %body, label %done
done:
  store i32 %s1, ptr addrspace(1) %out, align 4
  ret void
}

; A pointer chase: each hop's pointer has one access, the next hop's load
; (the kernel's own parameter too: its one access is through the phi).
; Nothing is cast, as in clang's build.
; CHECK-LABEL: define ptx_kernel void @chase(
; CHECK-NOT: addrspacecast
; CHECK: load ptr, ptr %p,
; PTX-LABEL: .entry chase(
; PTX-NOT: cvta.to.global
; PTX-LABEL: // -- End function
define ptx_kernel void @chase(ptr %data, i32 %n, ptr addrspace(1) %out) {
entry:
  br label %hop
hop:
  %p = phi ptr [ %data, %entry ], [ %nx, %hop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %hop ]
  %nx = load ptr, ptr %p, align 8
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %hop, label %done
done:
  %z = icmp eq ptr %nx, null
  %zi = zext i1 %z to i32
  store i32 %zi, ptr addrspace(1) %out, align 4
  ret void
}

; Static resolution (resolve): only global memory reaches @pick's generic
; pointers; of the two loaded from the table, the one read once stays
; generic, the one read twice is cast once, right after its load, with
; its GEPs rebuilt on the cast.
; CHECK-LABEL: define internal i32 @pick(
; CHECK: %a = load ptr, ptr addrspace(1) %tab
; CHECK: %b = load ptr, ptr addrspace(1)
; CHECK-NEXT: [[B:%.*]] = addrspacecast ptr %b to ptr addrspace(1)
; CHECK: load i32, ptr %a,
; CHECK: load i32, ptr addrspace(1) [[B]],
; CHECK: [[B1:%.*]] = getelementptr inbounds i32, ptr addrspace(1) [[B]], i64 1
; CHECK: load i32, ptr addrspace(1) [[B1]],
; PTX-LABEL: .func{{.*}}pick(
; PTX: cvta.to.global.u64
; PTX-NOT: cvta.to.global.u64
; PTX-LABEL: // -- End function
; REMARK-DAG: remark: {{.*}}1 generic access kept generic: the cast naming it would serve no other access
define internal i32 @pick(ptr addrspace(1) %tab) noinline {
  %a = load ptr, ptr addrspace(1) %tab, align 8
  %t1 = getelementptr inbounds ptr, ptr addrspace(1) %tab, i64 1
  %b = load ptr, ptr addrspace(1) %t1, align 8
  %va = load i32, ptr %a, align 4
  %vb = load i32, ptr %b, align 4
  %b1 = getelementptr inbounds i32, ptr %b, i64 1
  %vc = load i32, ptr %b1, align 4
  %s = add i32 %va, %vb
  %r = add i32 %s, %vc
  ret i32 %r
}

; Fills the table with two global addresses (the device writes pointers
; there, so memory does not tell their space; only resolve's reach does).
define ptx_kernel void @resolved(ptr addrspace(1) %tab, ptr addrspace(1) %out) {
  store ptr addrspacecast (ptr addrspace(1) @g1 to ptr), ptr addrspace(1) %tab, align 8
  %t1 = getelementptr inbounds ptr, ptr addrspace(1) %tab, i64 1
  %g = getelementptr inbounds i32, ptr addrspace(1) %out, i64 0
  %gg = addrspacecast ptr addrspace(1) %g to ptr
  store ptr %gg, ptr addrspace(1) %t1, align 8
  %r = call i32 @pick(ptr addrspace(1) %tab)
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void
}
