; AMDGPU: a pointer that is either in one space or null, where that space's
; null is another bit pattern than the generic null (local and private null
; are all ones).  The pointer cannot be rewritten as a value — its null
; would change for the comparisons and stores that see it — but an access
; through it can use the space: through the null it would have no defined
; behaviour, so only the pointer case matters, and a cast at the access
; (which maps the generic null to the space's own) is exact for it.
; Upstream's infer-address-spaces names these accesses too; gasp left them
; generic ("a null meets a space whose null is not the generic null").
; RUN: gasp-opt -S %s -o %t.ll -stats -stats-json 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=STATS < %t.err
; RUN: opt-22 -S -passes=infer-address-spaces %s -o %t.up.ll
; RUN: gasp-opt --passes=none --summary %t.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=LEFT
; RUN: gasp-opt --passes=none --summary %t.up.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=LEFT
; RUN: gasp-run %s --kernel phi_null --global 8 --arg buf:i32:8 --arg local:32 --arg i32=5 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel select_null --global 8 --arg buf:i32:8 --arg i32=5 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: llc-22 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a %t.ll -o %t.s
; RUN: FileCheck %s --check-prefix=ASM < %t.s
; EXEC: identical
; LEFT: generic memory ops reachable from kernels: 0
; STATS: "infer.null-arm-accesses": 3
;
; The phi keeps its generic value for the null test; both accesses cast it
; to local right before them.
; CHECK-LABEL: define amdgpu_kernel void @phi_null(
; CHECK:       %p = phi ptr [ null, %entry ], [ %a, %x ]
; CHECK-NEXT:  %isnull = icmp eq ptr %p, null
; CHECK:       [[L1:%.*]] = addrspacecast ptr %p to ptr addrspace(3)
; CHECK-NEXT:  %v = load i32, ptr addrspace(3) [[L1]]
; CHECK:       [[L2:%.*]] = addrspacecast ptr %p to ptr addrspace(3)
; CHECK-NEXT:  store i32 %w, ptr addrspace(3) [[L2]]
; The same for a select of a private pointer and null.
; CHECK-LABEL: define amdgpu_kernel void @select_null(
; CHECK:       %p = select i1 %c, ptr %g, ptr null
; CHECK:       [[P1:%.*]] = addrspacecast ptr %p to ptr addrspace(5)
; CHECK-NEXT:  %v = load i32, ptr addrspace(5) [[P1]]
; ASM-LABEL: phi_null:
; ASM: ds_{{read|load}}_b32
; ASM: ds_{{write|store}}_b32
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; A phi of a local pointer and the generic null, checked against null
; before the accesses: the accesses are local (through a null they would
; have no defined behaviour), the test keeps the generic value.
define amdgpu_kernel void @phi_null(ptr addrspace(1) %out, ptr addrspace(3) %l, i32 %n) {
entry:
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %lp = getelementptr inbounds i32, ptr addrspace(3) %l, i32 %i
  store i32 %i, ptr addrspace(3) %lp, align 4
  %c = icmp slt i32 %i, %n
  br i1 %c, label %x, label %j
x:
  %a = addrspacecast ptr addrspace(3) %lp to ptr
  br label %j
j:
  %p = phi ptr [ null, %entry ], [ %a, %x ]
  %isnull = icmp eq ptr %p, null
  br i1 %isnull, label %done, label %use
use:
  %v = load i32, ptr %p, align 4
  %w = add i32 %v, 10
  store i32 %w, ptr %p, align 4
  br label %done
done:
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %i
  %r = load i32, ptr addrspace(3) %lp, align 4
  %f = zext i1 %isnull to i32
  %s = add i32 %r, %f
  store i32 %s, ptr addrspace(1) %o, align 4
  ret void
}

; A select of a private pointer and null (private null is not 0 either).
define amdgpu_kernel void @select_null(ptr addrspace(1) %out, i32 %n) {
entry:
  %buf = alloca [4 x i32], align 4, addrspace(5)
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %b0 = getelementptr inbounds [4 x i32], ptr addrspace(5) %buf, i32 0, i32 0
  store i32 7, ptr addrspace(5) %b0, align 4
  %g = addrspacecast ptr addrspace(5) %b0 to ptr
  %c = icmp slt i32 %i, %n
  %p = select i1 %c, ptr %g, ptr null
  %isnull = icmp eq ptr %p, null
  br i1 %isnull, label %done, label %use
use:
  %v = load i32, ptr %p, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %i
  store i32 %v, ptr addrspace(1) %o, align 4
  br label %done
done:
  ret void
}
