; AMDGPU: a pointer that is either in one space or null, where that space's
; null is another bit pattern than the generic null (local and private null
; are all ones).  The pointer is rewritten as a value in the space, its null
; written as that space's null, `addrspacecast (ptr null to ...)` (all ones,
; which casts back to the generic null), as upstream's infer-address-spaces
; does: equality tests against null and between pointers keep their answer
; (the cast keeps every pointer distinct and the null the null), and so
; does every value that leaves as a generic pointer.  An ordered comparison
; with such a pointer is not rewritten (the cast does not keep the null's
; place in the order: 0 is below every flat address, all ones above every
; local one).  Until 2026-11-26 gasp cast at each access and kept the value
; generic, so a call that passed such a pointer got no clone (a random
; OpenCL program, genprog 6 on amdgcn: `select c, null, (cast p5)` after
; instcombine).
; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: opt-22 -S -passes=infer-address-spaces %s -o %t.up.ll
; RUN: gasp-opt --passes=none --summary %t.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=LEFT
; RUN: gasp-opt --passes=none --summary %t.up.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=UPLEFT
; RUN: gasp-run %s --kernel phi_null --global 8 --arg buf:i32:8 --arg local:32 --arg i32=5 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel select_null --global 8 --arg buf:i32:8 --arg i32=5 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel ordered --global 8 --arg buf:i32:8 --arg local:32 --arg i32=5 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel passed --global 8 --arg buf:i32:8 --arg i32=5 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: llc-22 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a %t.ll -o %t.s
; RUN: FileCheck %s --check-prefix=ASM < %t.s
; EXEC: identical
; LEFT: generic memory ops reachable from kernels: 0
; Upstream leaves the helper's load generic (one function at a time), and
; rewrites the ordered test into local (the null's place in the order
; changes: gasp keeps it generic).
; UPLEFT: generic memory ops reachable from kernels: 1
;
; A phi of a local pointer and null: the phi, its null test and both
; accesses are local; the null is the local null.
; CHECK-LABEL: define amdgpu_kernel void @phi_null(
; CHECK:       %p = phi ptr addrspace(3) [ addrspacecast (ptr null to ptr addrspace(3)), %entry ], [ %lp, %x ]
; CHECK-NEXT:  %isnull = icmp eq ptr addrspace(3) %p, addrspacecast (ptr null to ptr addrspace(3))
; CHECK:       %v = load i32, ptr addrspace(3) %p
; CHECK:       store i32 %w, ptr addrspace(3) %p
; The same for a select of a private pointer and null; its null test is
; decided by the select's shape (an object or null: null exactly when the
; condition is false), as LLVM decides it on the generic select
; (test/infer/null-decided.ll).
; CHECK-LABEL: define amdgpu_kernel void @select_null(
; CHECK:       %p = select i1 %c, ptr addrspace(5) %b0, ptr addrspace(5) addrspacecast (ptr null to ptr addrspace(5))
; CHECK-NEXT:  %isnull = select i1 %c, i1 false, i1 true
; CHECK:       %v = load i32, ptr addrspace(5) %p
; An ordered comparison with a pointer that may be null stays generic, on
; the value cast back; the access is local.
; CHECK-LABEL: define amdgpu_kernel void @ordered(
; CHECK:       [[BACK:%.*]] = addrspacecast ptr addrspace(3) %p to ptr
; CHECK:       %below = icmp ult ptr [[BACK]], %a
; CHECK:       load i32, ptr addrspace(3) %p
; A helper passed a private pointer or null gets a private clone, passed
; the private null for the null.
; CHECK-LABEL: define amdgpu_kernel void @passed(
; CHECK:       %p = select i1 %c, ptr addrspace(5) %b0, ptr addrspace(5) addrspacecast (ptr null to ptr addrspace(5))
; CHECK:       call i32 @or_seven{{[^(]*}}(ptr addrspace(5) %p)
; CHECK-LABEL: define internal i32 @or_seven{{[^(]*}}(ptr addrspace(5) %q)
; CHECK:       icmp eq ptr addrspace(5) %q, addrspacecast (ptr null to ptr addrspace(5))
; CHECK:       load i32, ptr addrspace(5) %q
; ASM-LABEL: phi_null:
; ASM: v_cmp_{{eq|ne}}_u32_e{{32|64}} {{.*}}-1,
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

; An ordered test of a pointer that may be null against a local one.
define amdgpu_kernel void @ordered(ptr addrspace(1) %out, ptr addrspace(3) %l, i32 %n) {
entry:
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %lp = getelementptr inbounds i32, ptr addrspace(3) %l, i32 %i
  store i32 %i, ptr addrspace(3) %lp, align 4
  %a = addrspacecast ptr addrspace(3) %lp to ptr
  %c = icmp slt i32 %i, %n
  %p = select i1 %c, ptr %a, ptr null
  %below = icmp ult ptr %p, %a
  %f = zext i1 %below to i32
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %i
  br i1 %below, label %done, label %use
use:
  %v = load i32, ptr %p, align 4
  %s = add i32 %v, %f
  store i32 %s, ptr addrspace(1) %o, align 4
  br label %done
done:
  ret void
}

; A private pointer or null passed to a helper that tests it.
define internal i32 @or_seven(ptr %q) noinline {
entry:
  %isnull = icmp eq ptr %q, null
  br i1 %isnull, label %done, label %use
use:
  %v = load i32, ptr %q, align 4
  br label %done
done:
  %r = phi i32 [ 7, %entry ], [ %v, %use ]
  ret i32 %r
}

define amdgpu_kernel void @passed(ptr addrspace(1) %out, i32 %n) {
entry:
  %buf = alloca [4 x i32], align 4, addrspace(5)
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %b0 = getelementptr inbounds [4 x i32], ptr addrspace(5) %buf, i32 0, i32 0
  store i32 %i, ptr addrspace(5) %b0, align 4
  %g = addrspacecast ptr addrspace(5) %b0 to ptr
  %c = icmp slt i32 %i, %n
  %p = select i1 %c, ptr %g, ptr null
  %r = call i32 @or_seven(ptr %p)
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %i
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}
