; RUN: gasp-opt -verify-each -S %s -o - | FileCheck %s
; RUN: gasp-opt --dump-ip-msp %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
; Cloning (spir64): an external function whose callers agree gets one clone
; and stays for outside callers; an internal function whose callers
; disagree gets one clone per distinct tuple (sites with the same tuple
; share it) and goes away.
target triple = "spir64-unknown-unknown"

; An external helper: callers all pass local memory.
; CHECK-LABEL: define spir_func void @ext(ptr addrspace(4) %p)
; CHECK-NEXT:    store i32 1, ptr addrspace(4) %p
define spir_func void @ext(ptr addrspace(4) %p) {
  store i32 1, ptr addrspace(4) %p, align 4
  ret void
}

; An internal helper called with (global, local), (local, global) twice and
; (global, local) again: two clones, and the original is deleted.
; CHECK-NOT: define internal spir_func void @swap(
define internal spir_func void @swap(ptr addrspace(4) %a, ptr addrspace(4) %b) {
  %x = load i32, ptr addrspace(4) %a, align 4
  %y = load i32, ptr addrspace(4) %b, align 4
  store i32 %y, ptr addrspace(4) %a, align 4
  store i32 %x, ptr addrspace(4) %b, align 4
  ret void
}

; CHECK-LABEL: define spir_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %l)
; CHECK-NEXT:    call spir_func void @swap.as1_3(ptr addrspace(1) %g, ptr addrspace(3) %l)
; CHECK-NEXT:    call spir_func void @swap.as3_1(ptr addrspace(3) %l, ptr addrspace(1) %g)
; CHECK-NEXT:    call spir_func void @swap.as3_1(ptr addrspace(3) %l, ptr addrspace(1) %g)
; CHECK-NEXT:    call spir_func void @swap.as1_3(ptr addrspace(1) %g, ptr addrspace(3) %l)
; CHECK-NEXT:    call spir_func void @ext.as3(ptr addrspace(3) %l)
; CHECK-NEXT:    ret void
define spir_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %l) {
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %gl = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  call spir_func void @swap(ptr addrspace(4) %gg, ptr addrspace(4) %gl)
  call spir_func void @swap(ptr addrspace(4) %gl, ptr addrspace(4) %gg)
  call spir_func void @swap(ptr addrspace(4) %gl, ptr addrspace(4) %gg)
  call spir_func void @swap(ptr addrspace(4) %gg, ptr addrspace(4) %gl)
  call spir_func void @ext(ptr addrspace(4) %gl)
  ret void
}

; CHECK-LABEL: define internal spir_func void @ext.as3(ptr addrspace(3) %p)
; CHECK-NEXT:    store i32 1, ptr addrspace(3) %p
; CHECK-LABEL: define internal spir_func void @swap.as1_3(ptr addrspace(1) %a, ptr addrspace(3) %b)
; CHECK-SAME: !gasp.as ![[T13:[0-9]+]] {
; CHECK-NEXT:    [[X:%.*]] = load i32, ptr addrspace(1) %a
; CHECK-NEXT:    [[Y:%.*]] = load i32, ptr addrspace(3) %b
; CHECK-NEXT:    store i32 [[Y]], ptr addrspace(1) %a
; CHECK-NEXT:    store i32 [[X]], ptr addrspace(3) %b
; CHECK-LABEL: define internal spir_func void @swap.as3_1(ptr addrspace(3) %a, ptr addrspace(1) %b)
; CHECK-DAG: ![[T13]] = !{i32 1, i32 3, !"clone of @swap"}

; DUMP:      Initial work list size : 2
; DUMP-NEXT: ext is cloned as ext.as3 (local)
; DUMP-NEXT: swap is cloned as swap.as1_3 (global, local)
; DUMP-NEXT: swap is cloned as swap.as3_1 (local, global)
; DUMP-NEXT: Initial work list size : 1
; DUMP-NOT:  cloned
