; Space facts that are negated, combined and carried into phis (AMDGPU):
; "not local and not private" is global, in every spelling clang and
; instcombine give it (xor, icmp eq false, and, select), also when the two
; halves come from two nested branches; a phi's incoming value is named
; where the fact holds at the end of its predecessor.  One negated test, or
; facts that contradict each other, name nothing.  Every function runs
; identically under gasp-run --check-as --compare and compiles with llc-22;
; upstream infer-address-spaces names the assumed conjunction too
; (@assume_not_both_gep), and not the other spellings, the branch-carried
; or the phi forms.
; RUN: gasp-opt -S --passes=infer %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: opt-22 -S -passes=infer-address-spaces %s | FileCheck %s --check-prefix=UPSTREAM
; RUN: gasp-run %s --kernel k --global 8 --arg buf:i32:16 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: llc-22 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 %t.ll -o /dev/null
; EXEC: identical
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [8 x i32] undef, align 4

declare void @llvm.assume(i1)
declare i1 @llvm.amdgcn.is.shared(ptr)
declare i1 @llvm.amdgcn.is.private(ptr)
declare i32 @llvm.amdgcn.workitem.id.x()

; Assumed neither local nor private (xor, and): the load is global.
; CHECK-LABEL: define i32 @assume_not_both_gep(
; CHECK: load i32, ptr addrspace(1)
; UPSTREAM-LABEL: define i32 @assume_not_both_gep(
; UPSTREAM: load i32, ptr addrspace(1)
define i32 @assume_not_both_gep(ptr %p, i64 %i) {
  %sh = call i1 @llvm.amdgcn.is.shared(ptr %p)
  %nsh = xor i1 %sh, true
  %pr = call i1 @llvm.amdgcn.is.private(ptr %p)
  %npr = xor i1 %pr, true
  %both = and i1 %nsh, %npr
  call void @llvm.assume(i1 %both)
  %e = getelementptr inbounds i32, ptr %p, i64 %i
  %v = load i32, ptr %e, align 4
  ret i32 %v
}

; The same spelled as a logical and of a comparison: global (upstream
; reads only the bitwise form).
; CHECK-LABEL: define i32 @assume_not_both(
; CHECK: load i32, ptr addrspace(1)
; UPSTREAM-LABEL: define i32 @assume_not_both(
; UPSTREAM: load i32, ptr %p
define i32 @assume_not_both(ptr %p) {
  %sh = call i1 @llvm.amdgcn.is.shared(ptr %p)
  %nsh = xor i1 %sh, true
  %pr = call i1 @llvm.amdgcn.is.private(ptr %p)
  %npr = icmp eq i1 %pr, false
  %both = select i1 %nsh, i1 %npr, i1 false
  call void @llvm.assume(i1 %both)
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

; Only "not private" is known: the pointer may be global or local.
; CHECK-LABEL: define i32 @assume_not_private(
; CHECK: load i32, ptr %p
define i32 @assume_not_private(ptr %p) {
  %pr = call i1 @llvm.amdgcn.is.private(ptr %p)
  %npr = xor i1 %pr, true
  call void @llvm.assume(i1 %npr)
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

; Dispatch by hand: local, else private, else global.  The last arm's
; facts come from two false edges.
; CHECK-LABEL: define i32 @dispatch(
; CHECK: lds:
; CHECK: load i32, ptr addrspace(3)
; CHECK: scratch:
; CHECK: load i32, ptr addrspace(5)
; CHECK: global:
; CHECK: load i32, ptr addrspace(1)
; UPSTREAM-LABEL: define i32 @dispatch(
; UPSTREAM: global:
; UPSTREAM-NEXT: load i32, ptr %p
define i32 @dispatch(ptr %p) {
entry:
  %sh = call i1 @llvm.amdgcn.is.shared(ptr %p)
  br i1 %sh, label %lds, label %notlds
lds:
  %a = load i32, ptr %p, align 4
  ret i32 %a
notlds:
  %pr = call i1 @llvm.amdgcn.is.private(ptr %p)
  br i1 %pr, label %scratch, label %global
scratch:
  %b = load i32, ptr %p, align 4
  ret i32 %b
global:
  %c = load i32, ptr %p, align 4
  ret i32 %c
}

; Either test false (`or` of the two tests on the false edge): global.
; CHECK-LABEL: define i32 @or_false(
; CHECK: flat:
; CHECK: global:
; CHECK: load i32, ptr addrspace(1)
define i32 @or_false(ptr %p) {
entry:
  %sh = call i1 @llvm.amdgcn.is.shared(ptr %p)
  %pr = call i1 @llvm.amdgcn.is.private(ptr %p)
  %either = or i1 %sh, %pr
  br i1 %either, label %flat, label %global
flat:
  %a = load i32, ptr %p, align 4
  ret i32 %a
global:
  %c = load i32, ptr %p, align 4
  ret i32 %c
}

; The pointer tested local reaches a phi from the tested arm; the other
; arm brings an LDS pointer: the phi, and the load after it, are local.
; CHECK-LABEL: define i32 @phi_arm(
; CHECK: join:
; CHECK: phi ptr addrspace(3)
; CHECK: load i32, ptr addrspace(3)
define i32 @phi_arm(ptr %p, i32 %i) {
entry:
  %sh = call i1 @llvm.amdgcn.is.shared(ptr %p)
  br i1 %sh, label %yes, label %no
yes:
  br label %join
no:
  %e = getelementptr inbounds [8 x i32], ptr addrspace(3) @lds, i32 0, i32 %i
  %g = addrspacecast ptr addrspace(3) %e to ptr
  br label %join
join:
  %q = phi ptr [ %p, %yes ], [ %g, %no ]
  %v = load i32, ptr %q, align 4
  ret i32 %v
}

; Facts that contradict each other name nothing (the code after them never
; runs; it stays as it was).
; CHECK-LABEL: define i32 @contradiction(
; CHECK: load i32, ptr %p
define i32 @contradiction(ptr %p, i1 %c) {
entry:
  %sh = call i1 @llvm.amdgcn.is.shared(ptr %p)
  br i1 %sh, label %yes, label %no
yes:
  %pr = call i1 @llvm.amdgcn.is.private(ptr %p)
  br i1 %pr, label %never, label %no
never:
  %v = load i32, ptr %p, align 4
  ret i32 %v
no:
  ret i32 0
}

; Calls each with LDS, private and global pointers.
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %priv = alloca i32, align 4, addrspace(5)
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %e = getelementptr inbounds [8 x i32], ptr addrspace(3) @lds, i32 0, i32 %i
  store i32 %i, ptr addrspace(3) %e, align 4
  %s = addrspacecast ptr addrspace(3) %e to ptr
  store i32 22, ptr addrspace(5) %priv, align 4
  %pg = addrspacecast ptr addrspace(5) %priv to ptr
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %i
  store i32 33, ptr addrspace(1) %o, align 4
  %og = addrspacecast ptr addrspace(1) %o to ptr
  %r0 = call i32 @assume_not_both(ptr %og)
  %r00 = call i32 @assume_not_both_gep(ptr %og, i64 0)
  %r1 = call i32 @assume_not_private(ptr %s)
  %r2 = call i32 @assume_not_private(ptr %og)
  %r3 = call i32 @dispatch(ptr %s)
  %r4 = call i32 @dispatch(ptr %pg)
  %r5 = call i32 @dispatch(ptr %og)
  %r6 = call i32 @or_false(ptr %og)
  %r7 = call i32 @or_false(ptr %pg)
  %j = xor i32 %i, 1
  %r8 = call i32 @phi_arm(ptr %s, i32 %j)
  %r9 = call i32 @phi_arm(ptr %og, i32 %j)
  %r10 = call i32 @contradiction(ptr %s, i1 true)
  %a00 = add i32 %r0, %r00
  %a0 = add i32 %a00, %r1
  %a1 = add i32 %a0, %r2
  %a2 = add i32 %a1, %r3
  %a3 = add i32 %a2, %r4
  %a4 = add i32 %a3, %r5
  %a5 = add i32 %a4, %r6
  %a6 = add i32 %a5, %r7
  %a7 = add i32 %a6, %r8
  %a8 = add i32 %a7, %r9
  %a9 = add i32 %a8, %r10
  %k8 = add i32 %i, 8
  %o2 = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %k8
  store i32 %a9, ptr addrspace(1) %o2, align 4
  ret void
}
