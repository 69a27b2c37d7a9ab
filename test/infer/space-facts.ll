; Path-sensitive space facts: an assumed space test, and a
; branch on one, tell the space of a generic pointer wherever they dominate.
; After llvm.assume(isspacep.shared(p)) the accesses through p are shared;
; under `if (isspacep.global(p))` the access in the guarded block is global
; and the one after the join stays generic (the other path); a test that
; does not dominate the access says nothing.  opt-22's
; infer-address-spaces leaves 3 of the 4 generic here, gasp 1 (the access
; after the join); a second run changes nothing.
; RUN: gasp-opt -S --passes=infer %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: opt-22 -S -passes=infer-address-spaces %s -o %t.up.ll
; RUN: gasp-opt --passes=none --summary %t.ll -o /dev/null 2>&1 | sed -n 's/^gasp: generic memory ops after: //p' > %t.n.gasp
; RUN: gasp-opt --passes=none --summary %t.up.ll -o /dev/null 2>&1 | sed -n 's/^gasp: generic memory ops after: //p' > %t.n.up
; RUN: test $(cat %t.n.gasp) -lt $(cat %t.n.up)
; RUN: gasp-opt -S --passes=infer %t.ll -o - | grep -v ModuleID > %t.again.ll
; RUN: grep -v ModuleID %t.ll | diff -u - %t.again.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:8 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [4 x i32] undef, align 4

declare void @llvm.assume(i1)
declare i1 @llvm.nvvm.isspacep.shared(ptr)
declare i1 @llvm.nvvm.isspacep.global(ptr)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; Assumed shared: both accesses after the assume are shared.
; CHECK-LABEL: define i32 @assumed(
; CHECK: call void @llvm.assume(i1 %t)
; CHECK-NEXT: [[S:%.*]] = addrspacecast ptr %p to ptr addrspace(3)
; CHECK: store i32 1, ptr addrspace(3)
; CHECK: load i32, ptr addrspace(3)
define i32 @assumed(ptr %p, i32 %i) {
  %t = call i1 @llvm.nvvm.isspacep.shared(ptr %p)
  call void @llvm.assume(i1 %t)
  %e = getelementptr inbounds i32, ptr %p, i32 %i
  store i32 1, ptr %e, align 4
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

; Branched on: global inside the guarded block, generic after the join.
; CHECK-LABEL: define i32 @guarded(
; CHECK: yes:
; CHECK-NEXT: [[G:%.*]] = addrspacecast ptr %p to ptr addrspace(1)
; CHECK: store i32 2, ptr addrspace(1)
; CHECK: join:
; CHECK: load i32, ptr %p
define i32 @guarded(ptr %p) {
entry:
  %t = call i1 @llvm.nvvm.isspacep.global(ptr %p)
  br i1 %t, label %yes, label %join
yes:
  store i32 2, ptr %p, align 4
  br label %join
join:
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

; Calls both with a shared and a global pointer.
define ptx_kernel void @k(ptr addrspace(1) %out) {
  %i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %e = getelementptr inbounds [4 x i32], ptr addrspace(3) @sh, i32 0, i32 %i
  store i32 0, ptr addrspace(3) %e, align 4
  %s = addrspacecast ptr addrspace(3) %e to ptr
  %a = call i32 @assumed(ptr %s, i32 0)
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %i
  %og = addrspacecast ptr addrspace(1) %o to ptr
  %b = call i32 @guarded(ptr %og)
  %c = call i32 @guarded(ptr %s)
  %r = add i32 %a, %b
  %r2 = add i32 %r, %c
  %j = add i32 %i, 4
  %o2 = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %j
  store i32 %r2, ptr addrspace(1) %o2, align 4
  ret void
}
