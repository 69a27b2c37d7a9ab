; RUN: gasp-opt -pass-remarks=. -pass-remarks-analysis=. -pass-remarks-missed=ipmsp -S --lower-generic=tags --passes=lower --private-in-global %s -o - 2>&1 | FileCheck %s
; RUN: gasp-opt -pass-remarks=. -pass-remarks-analysis=. -pass-remarks-missed=ipmsp -S --lower-generic=tags --passes=lower %s -o - 2>&1 | FileCheck %s --check-prefix=SPLIT
; --private-in-global with no explicit cast in the module: private memory is
; in the global buffer, so private pointers are not tagged and there is no
; private arm ; without the flag the private arm is there.
target triple = "spir64-unknown-unknown"

define internal spir_func i32 @get(ptr addrspace(4) %p) {
  %v = load i32, ptr addrspace(4) %p, align 4
  ret i32 %v
}

define spir_kernel void @k(ptr addrspace(1) %out, ptr addrspace(3) %l, i32 %c) {
  %priv = alloca i32, align 4
  store i32 7, ptr %priv, align 4
  %gp = addrspacecast ptr %priv to ptr addrspace(4)
  %gl = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %b = icmp eq i32 %c, 0
  %p = select i1 %b, ptr addrspace(4) %gp, ptr addrspace(4) %gl
  %v = call spir_func i32 @get(ptr addrspace(4) %p)
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}
; CHECK: remark: {{.*}}1 of 1 generic access needs a runtime dispatch, 1 switch (arms: local, global)
; CHECK-LABEL: define internal spir_func i32 @get(
; CHECK:         switch i64 %tag, label %gen.global [
; CHECK-NEXT:      i64 2, label %gen.local
; CHECK-NEXT:    ]
; CHECK:       gen.global:
; CHECK-NEXT:    [[G:%.*]] = addrspacecast ptr addrspace(4) %p to ptr addrspace(1)
; CHECK-NEXT:    load i32, ptr addrspace(1) [[G]]
; CHECK-LABEL: define spir_kernel void @k(
; CHECK:         %gp = addrspacecast ptr %priv to ptr addrspace(4)
; CHECK-NEXT:    %gl = addrspacecast
; CHECK-NEXT:    ptrtoint ptr addrspace(4) %gl
; SPLIT: remark: {{.*}}1 of 1 generic access needs a runtime dispatch, 1 switch (arms: local, private, global)
