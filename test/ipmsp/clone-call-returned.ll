; RUN: gasp-opt -S %s -o %t.ll
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:4 --arg local:16 --arg i32=1 --check-as --compare %t.ll | FileCheck %s
; CHECK: identical
; Regression (turn-4 repro ipmsp_returned_arg): @h3 is called with a global pointer, a pointer
; it returned, and a phi of local and global; its clones' calls of @h4 and their returns
; claim only what their own types prove.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

define spir_func i32 @h4(ptr addrspace(4) %p) {
  %v = load i32, ptr addrspace(4) %p, align 4
  ret i32 %v
}

define spir_func ptr addrspace(4) @h3(ptr addrspace(4) %a, ptr addrspace(4) %b) {
  %x = call spir_func i32 @h4(ptr addrspace(4) %a)
  %r = select i1 false, ptr addrspace(4) %b, ptr addrspace(4) %a
  ret ptr addrspace(4) %r
}

define spir_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %l, i32 %c) {
entry:
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %r1 = call spir_func ptr addrspace(4) @h3(ptr addrspace(4) %gg, ptr addrspace(4) null)
  %r2 = call spir_func ptr addrspace(4) @h3(ptr addrspace(4) %r1, ptr addrspace(4) %gg)
  %lg = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %t = icmp ne i32 %c, 0
  br i1 %t, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %s = phi ptr addrspace(4) [ %lg, %a ], [ %gg, %b ]
  %r3 = call spir_func ptr addrspace(4) @h3(ptr addrspace(4) %s, ptr addrspace(4) %r1)
  ret void
}
