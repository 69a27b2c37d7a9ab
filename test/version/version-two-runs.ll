; RUN: gasp-opt -S --version-by-space=on %s -o %t.ll
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:4 --arg local:16 --arg i32=1 --check-as --compare %t.ll | FileCheck %s
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:4 --arg local:16 --arg i32=0 --check-as --compare %t.ll | FileCheck %s
; CHECK: identical
; Regression (turn-4 repro version_two_runs): two versionable runs in one block; one is
; versioned per invocation (crash in version_run_of, exit 3).
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %l, i32 %c) {
  %pr = alloca i32, align 4
  store i32 3, ptr %pr
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %lg = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %pg = addrspacecast ptr %pr to ptr addrspace(4)
  %t = icmp ne i32 %c, 0
  br i1 %t, label %a, label %b
a:
  br label %b
b:
  %p = phi ptr addrspace(4) [ %lg, %a ], [ %pg, %0 ]
  %x = load i32, ptr addrspace(4) %p, align 4
  %y = load i32, ptr addrspace(4) %p, align 4
  %q = select i1 %t, ptr addrspace(4) %pg, ptr addrspace(4) %gg
  %z = load i32, ptr addrspace(4) %q, align 4
  %s = add i32 %x, %y
  %s2 = add i32 %s, %z
  store i32 %s2, ptr addrspace(4) %q, align 4
  ret void
}
