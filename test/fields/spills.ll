; RUN: gasp-opt -S %s -o - | FileCheck %s
; RUN: gasp-opt -S %s -o %t.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:4:iota --arg local:16 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; At -O0: a reader that spills its struct pointer into its own
; stack slot and reloads it (clang -O0) is still a reader — the slot holds
; the parameter and nothing else.  A slot that is also written with another
; pointer, or whose address escapes, is not a spill: such a helper is no
; reader, gets no clone, and its access stays generic (soundness).
target triple = "spir64-unknown-unknown"

%Job = type { ptr addrspace(4), ptr addrspace(4) }

declare void @ext(ptr)

; -O0 reader: spill, reload, load field 0, read through it (its one call
; passes (global, local): annotated in place).
; CHECK-LABEL: define internal spir_func i32 @spilled(
; CHECK-SAME: !gasp.fields
; CHECK: load i32, ptr addrspace(1)
define internal spir_func i32 @spilled(ptr addrspace(4) %j) {
  %j.addr = alloca ptr addrspace(4), align 8
  store ptr addrspace(4) %j, ptr %j.addr, align 8
  %r = load ptr addrspace(4), ptr %j.addr, align 8
  %a = load ptr addrspace(4), ptr addrspace(4) %r, align 8
  %v = load i32, ptr addrspace(4) %a, align 4
  ret i32 %v
}

; The slot also receives another pointer: not a spill, not a reader.
; CHECK-LABEL: define internal spir_func i32 @rewritten(
; CHECK: load i32, ptr addrspace(4)
define internal spir_func i32 @rewritten(ptr addrspace(4) %j, ptr addrspace(4) %other, i1 %c) {
  %j.addr = alloca ptr addrspace(4), align 8
  store ptr addrspace(4) %j, ptr %j.addr, align 8
  br i1 %c, label %swap, label %go
swap:
  store ptr addrspace(4) %other, ptr %j.addr, align 8
  br label %go
go:
  %r = load ptr addrspace(4), ptr %j.addr, align 8
  %a = load ptr addrspace(4), ptr addrspace(4) %r, align 8
  %v = load i32, ptr addrspace(4) %a, align 4
  ret i32 %v
}

; The slot's address is handed to code gasp cannot see: not a spill.
; CHECK-LABEL: define internal spir_func i32 @leaked(
; CHECK: load i32, ptr addrspace(4)
define internal spir_func i32 @leaked(ptr addrspace(4) %j) {
  %j.addr = alloca ptr addrspace(4), align 8
  store ptr addrspace(4) %j, ptr %j.addr, align 8
  call void @ext(ptr %j.addr)
  %r = load ptr addrspace(4), ptr %j.addr, align 8
  %a = load ptr addrspace(4), ptr addrspace(4) %r, align 8
  %v = load i32, ptr addrspace(4) %a, align 4
  ret i32 %v
}

define spir_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %l) {
  %j = alloca %Job, align 8
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %gl = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  store ptr addrspace(4) %gg, ptr %j, align 8
  %f = getelementptr inbounds i8, ptr %j, i64 8
  store ptr addrspace(4) %gl, ptr %f, align 8
  %jg = addrspacecast ptr %j to ptr addrspace(4)
  %a = call spir_func i32 @spilled(ptr addrspace(4) %jg)
  store i32 %a, ptr addrspace(1) %g, align 4
  ret void
}

; Calls the two helpers that are not readers (not run: @ext is external).
define spir_kernel void @k2(ptr addrspace(1) %g, ptr addrspace(3) %l, i1 %c) {
  %j = alloca %Job, align 8
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %gl = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  store ptr addrspace(4) %gg, ptr %j, align 8
  %jg = addrspacecast ptr %j to ptr addrspace(4)
  %a = call spir_func i32 @rewritten(ptr addrspace(4) %jg, ptr addrspace(4) %gl, i1 %c)
  %b = call spir_func i32 @leaked(ptr addrspace(4) %jg)
  %s = add i32 %a, %b
  store i32 %s, ptr addrspace(1) %g, align 4
  ret void
}
