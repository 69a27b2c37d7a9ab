; RUN: gasp-opt -S %s -o %t.ll
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:64 --arg local:64 --arg i32=2 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt -S --whole-program %s -o %t.wp.ll
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:64 --arg local:64 --arg i32=2 --check-as --compare %t.wp.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt -S --lower-generic=tags %s -o %t.tags.ll
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:64 --arg local:64 --arg i32=2 --check-as --compare %t.tags.ll | FileCheck %s --check-prefix=EXEC
; RUN: FileCheck %s < %t.ll
; EXEC: identical
; Regression (turn-4 repro ipmsp_clone_revote2): @h0 is called with (private, private) and
; (local, private); the clone for the second call must not send its generic %a to
; @h2's (private, private) clone.  Every call to a clone of @h2 passes what the caller's
; own types prove (the checker, --verify-spaces, is on in every test).
; CHECK-NOT: addrspacecast ptr addrspace(4) %a to ptr{{$| }}
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

define spir_func ptr addrspace(4) @h2(ptr addrspace(4) %a, ptr addrspace(4) %b) {
  %v0 = load i32, ptr addrspace(4) %b, align 4
  ret ptr addrspace(4) %a
}

define spir_func ptr addrspace(4) @h1(ptr addrspace(4) %a, ptr addrspace(4) %b) {
  %ret = select i1 false, ptr addrspace(4) %a, ptr addrspace(4) %b
  ret ptr addrspace(4) %ret
}

define spir_func ptr addrspace(4) @h0(ptr addrspace(4) %a, ptr addrspace(4) %b) {
  %r0 = call spir_func ptr addrspace(4) @h2(ptr addrspace(4) %b, ptr addrspace(4) %a)
  ret ptr addrspace(4) %r0
}

define spir_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %l, i32 %c) {
entry:
  %pr = alloca [4 x i32], align 4
  %pg = addrspacecast ptr %pr to ptr addrspace(4)
  %k0 = call spir_func ptr addrspace(4) @h1(ptr addrspace(4) %pg, ptr addrspace(4) %pg)
  %k1 = call spir_func ptr addrspace(4) @h0(ptr addrspace(4) %k0, ptr addrspace(4) %pg)
  %lg = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %k2 = call spir_func ptr addrspace(4) @h1(ptr addrspace(4) %pg, ptr addrspace(4) %lg)
  %k6 = call spir_func ptr addrspace(4) @h0(ptr addrspace(4) %k2, ptr addrspace(4) %k0)
  ret void
}
