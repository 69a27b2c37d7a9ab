; Constructs on AMDGPU: a pointer loaded from constant memory is
; global (the host fills kernel arguments and constant buffers; the module
; puts no other pointer there); inttoptr(ptrtoint) of a global pointer is a
; cast (global<->flat keeps the bits); a phi ignores an unreachable
; predecessor; an optnone function is left as written.  gasp's infer leaves
; no more generic accesses than upstream's infer-address-spaces (one, the
; optnone one, against upstream's two: it keeps the unreachable predecessor),
; and the kernel runs identically.
; RUN: gasp-opt -S --passes=infer %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: opt-22 -S -passes=infer-address-spaces %s -o %t.up.ll
; RUN: gasp-opt --passes=none --summary %t.ll -o /dev/null 2>&1 | sed -n 's/^gasp: generic memory ops after: //p' > %t.n.gasp
; RUN: gasp-opt --passes=none --summary %t.up.ll -o /dev/null 2>&1 | sed -n 's/^gasp: generic memory ops after: //p' > %t.n.up
; RUN: test $(cat %t.n.gasp) -le $(cat %t.n.up)
; RUN: test $(cat %t.n.gasp) -eq 1
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:8 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

%Args = type { ptr, i32 }

@lds = internal addrspace(3) global [4 x i32] undef, align 4

declare i32 @llvm.amdgcn.workitem.id.x()

; A pointer field of a by-reference kernel argument (constant memory).
; CHECK-LABEL: define i32 @const_load(
; CHECK: [[P:%.*]] = load ptr, ptr addrspace(4) %a
; CHECK-NEXT: [[G:%.*]] = addrspacecast ptr [[P]] to ptr addrspace(1)
; CHECK-NEXT: load i32, ptr addrspace(1) [[G]]
define i32 @const_load(ptr addrspace(4) %a) {
  %p = load ptr, ptr addrspace(4) %a, align 8
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

; A global pointer through an integer: a cast in disguise.
; CHECK-LABEL: define void @int_pair(
; CHECK-NEXT: store i32 %v, ptr addrspace(1) %g
define void @int_pair(ptr addrspace(1) %g, i32 %v) {
  %i = ptrtoint ptr addrspace(1) %g to i64
  %p = inttoptr i64 %i to ptr
  store i32 %v, ptr %p, align 4
  ret void
}

; The phi's second value comes from a block nothing reaches.
; CHECK-LABEL: define i32 @dead_pred(
; CHECK: phi ptr addrspace(3) [ %l, %entry ], [ poison, %dead ]
; CHECK: load i32, ptr addrspace(3)
define i32 @dead_pred(ptr addrspace(3) %l, ptr %x) {
entry:
  %a = addrspacecast ptr addrspace(3) %l to ptr
  br label %join
dead:
  br label %join
join:
  %p = phi ptr [ %a, %entry ], [ %x, %dead ]
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

; optnone: compiled as written, so left generic.
; CHECK-LABEL: define i32 @as_written(
; CHECK-NEXT: %g = addrspacecast ptr addrspace(3) %l to ptr
; CHECK-NEXT: %v = load i32, ptr %g
define i32 @as_written(ptr addrspace(3) %l) noinline optnone {
  %g = addrspacecast ptr addrspace(3) %l to ptr
  %v = load i32, ptr %g, align 4
  ret i32 %v
}

; Runs all four: the kernel argument block is in constant memory.
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %args = alloca %Args, align 8, addrspace(5)
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %i
  call void @int_pair(ptr addrspace(1) %o, i32 5)
  %e = getelementptr inbounds [4 x i32], ptr addrspace(3) @lds, i32 0, i32 %i
  store i32 9, ptr addrspace(3) %e, align 4
  %x = call i32 @dead_pred(ptr addrspace(3) %e, ptr null)
  %y = call i32 @as_written(ptr addrspace(3) %e)
  %s = add i32 %x, %y
  %j = add i32 %i, 4
  %o2 = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %j
  store i32 %s, ptr addrspace(1) %o2, align 4
  ret void
}
