; RUN: gasp-opt -verify-each -S %s -o - | FileCheck %s
; What ipmsp never rewrites, although every caller passes global memory
; (spir64): kernel signatures, declarations, address-taken functions,
; functions called indirectly or with a non-call use, varargs, weak
; (interposable) definitions, byval parameters.
target triple = "spir64-unknown-unknown"

@table = global ptr @taken

; CHECK-LABEL: define spir_kernel void @kern(ptr addrspace(4) %p)
define spir_kernel void @kern(ptr addrspace(4) %p) {
  store i32 0, ptr addrspace(4) %p, align 4
  ret void
}

; CHECK-LABEL: declare spir_func void @decl(ptr addrspace(4))
declare spir_func void @decl(ptr addrspace(4))

; Its address is stored in @table.
; CHECK-LABEL: define internal spir_func void @taken(ptr addrspace(4) %p)
define internal spir_func void @taken(ptr addrspace(4) %p) {
  store i32 1, ptr addrspace(4) %p, align 4
  ret void
}

; Passed as an argument (a non-call use).
; CHECK-LABEL: define internal spir_func void @passed(ptr addrspace(4) %p)
define internal spir_func void @passed(ptr addrspace(4) %p) {
  store i32 2, ptr addrspace(4) %p, align 4
  ret void
}
declare spir_func void @take_fn(ptr)

; CHECK-LABEL: define internal spir_func void @va(ptr addrspace(4) %p, ...)
define internal spir_func void @va(ptr addrspace(4) %p, ...) {
  store i32 3, ptr addrspace(4) %p, align 4
  ret void
}

; CHECK-LABEL: define weak spir_func void @interposable(ptr addrspace(4) %p)
define weak spir_func void @interposable(ptr addrspace(4) %p) {
  store i32 4, ptr addrspace(4) %p, align 4
  ret void
}

; CHECK-LABEL: define internal spir_func void @byv(ptr addrspace(4) byval(i32) %p)
define internal spir_func void @byv(ptr addrspace(4) byval(i32) %p) {
  store i32 5, ptr addrspace(4) %p, align 4
  ret void
}

; CHECK-LABEL: define spir_kernel void @k(ptr addrspace(1) %g, ptr %fp)
; CHECK:         call spir_func void @kern(ptr addrspace(4) %gp)
; CHECK-NEXT:    call spir_func void @decl(ptr addrspace(4) %gp)
; CHECK-NEXT:    call spir_func void @taken(ptr addrspace(4) %gp)
; CHECK-NEXT:    call spir_func void @passed(ptr addrspace(4) %gp)
; CHECK-NEXT:    call spir_func void @take_fn(ptr @passed)
; CHECK-NEXT:    call spir_func void %fp(ptr addrspace(4) %gp)
; CHECK-NEXT:    call spir_func void (ptr addrspace(4), ...) @va(ptr addrspace(4) %gp, i32 1)
; CHECK-NEXT:    call spir_func void @interposable(ptr addrspace(4) %gp)
; CHECK-NEXT:    call spir_func void @byv(ptr addrspace(4) byval(i32) %gp)
define spir_kernel void @k(ptr addrspace(1) %g, ptr %fp) {
  %gp = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  call spir_func void @kern(ptr addrspace(4) %gp)
  call spir_func void @decl(ptr addrspace(4) %gp)
  call spir_func void @taken(ptr addrspace(4) %gp)
  call spir_func void @passed(ptr addrspace(4) %gp)
  call spir_func void @take_fn(ptr @passed)
  call spir_func void %fp(ptr addrspace(4) %gp)
  call spir_func void (ptr addrspace(4), ...) @va(ptr addrspace(4) %gp, i32 1)
  call spir_func void @interposable(ptr addrspace(4) %gp)
  call spir_func void @byv(ptr addrspace(4) byval(i32) %gp)
  ret void
}
; CHECK-NOT: define {{.*}}.as1
