; RUN: gasp-opt --clone-cost=0 -verify-each -S %s -o - | FileCheck %s
; RUN: gasp-opt --clone-cost=0 -S %s -o - | gasp-opt --clone-cost=0 -S - -o - | FileCheck %s
; Self and mutual recursion converge (spir64).  Self recursion is rewritten
; in place: with its parameter in the space the outside calls agree on, the
; recursive call passes that space too (checked on the function alone, then
; true by its new types).  The mutual pair, reached from two kernels, is
; cloned for the kernels' calls; the clones' calls then go to each other and
; the originals go.
target triple = "spir64-unknown-unknown"

; Self recursion, called with local memory only.
define internal spir_func i32 @walk(ptr addrspace(4) %p, i32 %n) {
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %rec, label %done
rec:
  %q = getelementptr inbounds i32, ptr addrspace(4) %p, i64 1
  %m = sub i32 %n, 1
  %r = call spir_func i32 @walk(ptr addrspace(4) %q, i32 %m)
  %v = load i32, ptr addrspace(4) %p, align 4
  %s = add i32 %r, %v
  ret i32 %s
done:
  ret i32 0
}

; even/odd through global memory, from two kernels.
define internal spir_func i32 @even(ptr addrspace(4) %p, i32 %n) {
  %c = icmp eq i32 %n, 0
  br i1 %c, label %base, label %rec
base:
  %v = load i32, ptr addrspace(4) %p, align 4
  ret i32 %v
rec:
  %m = sub i32 %n, 1
  %r = call spir_func i32 @odd(ptr addrspace(4) %p, i32 %m)
  ret i32 %r
}
define internal spir_func i32 @odd(ptr addrspace(4) %p, i32 %n) {
  %c = icmp eq i32 %n, 0
  br i1 %c, label %base, label %rec
base:
  store i32 7, ptr addrspace(4) %p, align 4
  ret i32 0
rec:
  %m = sub i32 %n, 1
  %r = call spir_func i32 @even(ptr addrspace(4) %p, i32 %m)
  ret i32 %r
}

; CHECK-LABEL: define spir_kernel void @k1(
; CHECK:         call spir_func i32 @walk(ptr addrspace(3) %l, i32 %n)
; CHECK:         call spir_func i32 @even.as1(ptr addrspace(1) %g, i32 %n)
define spir_kernel void @k1(ptr addrspace(1) %g, ptr addrspace(3) %l, i32 %n) {
  %gl = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %a = call spir_func i32 @walk(ptr addrspace(4) %gl, i32 %n)
  %b = call spir_func i32 @even(ptr addrspace(4) %gg, i32 %n)
  %s = add i32 %a, %b
  store i32 %s, ptr addrspace(1) %g, align 4
  ret void
}
; CHECK-LABEL: define spir_kernel void @k2(
; CHECK:         call spir_func i32 @odd.as1(ptr addrspace(1) {{.*}}, i32 %n)
define spir_kernel void @k2(ptr addrspace(1) %g, i32 %n) {
  %g4 = getelementptr inbounds i32, ptr addrspace(1) %g, i64 4
  %gg = addrspacecast ptr addrspace(1) %g4 to ptr addrspace(4)
  %b = call spir_func i32 @odd(ptr addrspace(4) %gg, i32 %n)
  store i32 %b, ptr addrspace(1) %g, align 4
  ret void
}

; CHECK-LABEL: define internal spir_func i32 @walk(ptr addrspace(3) %p, i32 %n)
; CHECK:         [[Q:%.*]] = getelementptr inbounds i32, ptr addrspace(3) %p, i64 1
; CHECK:         call spir_func i32 @walk(ptr addrspace(3) [[Q]], i32 %m)
; CHECK:         load i32, ptr addrspace(3) %p
; CHECK-LABEL: define internal spir_func i32 @even.as1(ptr addrspace(1) %p, i32 %n)
; CHECK:         load i32, ptr addrspace(1) %p
; CHECK:         call spir_func i32 @odd.as1(ptr addrspace(1) %p, i32 %m)
; CHECK-LABEL: define internal spir_func i32 @odd.as1(ptr addrspace(1) %p, i32 %n)
; CHECK:         store i32 7, ptr addrspace(1) %p
; CHECK:         call spir_func i32 @even.as1(ptr addrspace(1) %p, i32 %m)
; CHECK-NOT:   addrspace(4)
