; RUN: gasp-opt -pass-remarks=. -pass-remarks-analysis=. -pass-remarks-missed=ipmsp -S --passes=resolve %s -o %t.ll 2>%t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: gasp-opt -pass-remarks=. -pass-remarks-analysis=. -pass-remarks-missed=ipmsp -S --passes=resolve --private-in-global %s -o - 2>&1 | FileCheck %s --check-prefix=PIG
; Per kernel, over its call graph: which spaces are cast to generic (seed
; 000's "no addrspacecast from local to generic").  A helper shared by
; kernels takes the union; indirect calls and unknown external functions
; count as any space; a function no kernel reaches gets any space.  The
; pointers here are loaded from memory, so only this decides (spir64).
target triple = "spir64-unknown-unknown"

declare spir_func ptr addrspace(1) @__to_global(ptr addrspace(4))
declare spir_func ptr addrspace(3) @__to_local(ptr addrspace(4))
declare spir_func ptr @__to_private(ptr addrspace(4))
declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func i32 @_Z8atom_addPU3AS1Vii(ptr addrspace(1), i32)
declare spir_func void @ext(ptr addrspace(4))

; only global memory reaches @h1 (from @k1): casts fold, the access is global
define internal spir_func i32 @h1(ptr addrspace(1) %tab, ptr addrspace(1) %out) {
  %q = load ptr addrspace(4), ptr addrspace(1) %tab, align 8
  %l = call spir_func ptr addrspace(3) @__to_local(ptr addrspace(4) %q)
  %p = call spir_func ptr @__to_private(ptr addrspace(4) %q)
  %g = call spir_func ptr addrspace(1) @__to_global(ptr addrspace(4) %q)
  store ptr addrspace(1) %g, ptr addrspace(1) %out, align 8
  %li = ptrtoint ptr addrspace(3) %l to i32
  %pi = ptrtoint ptr %p to i32
  %v = load i32, ptr addrspace(4) %q, align 4
  %s = add i32 %li, %pi
  %r = add i32 %s, %v
  ret i32 %r
}
; CHECK-LABEL: define internal spir_func i32 @h1(
; CHECK-NOT:     call
; CHECK:         store ptr addrspace(1) [[G:%.*]], ptr addrspace(1) %out
; CHECK:         %v = load i32, ptr addrspace(1)
; REMARK-DAG: {{.*}}: generic pointers may point to global; 3 explicit casts folded, 1 access made global

; reached from @k1 (global) and @k2 (local): union, nothing folds but to_private
define internal spir_func i32 @shared(ptr addrspace(1) %tab) {
  %q = load ptr addrspace(4), ptr addrspace(1) %tab, align 8
  %l = call spir_func ptr addrspace(3) @__to_local(ptr addrspace(4) %q)
  %p = call spir_func ptr @__to_private(ptr addrspace(4) %q)
  %li = ptrtoint ptr addrspace(3) %l to i32
  %pi = ptrtoint ptr %p to i32
  %v = load i32, ptr addrspace(4) %q, align 4
  %r = add i32 %li, %v
  %r2 = add i32 %r, %pi
  ret i32 %r2
}
; CHECK-LABEL: define internal spir_func i32 @shared(
; CHECK:         call spir_func ptr addrspace(3) @__to_local(
; CHECK-NOT:     @__to_private
; CHECK:         load i32, ptr addrspace(4) %q
; REMARK-DAG: {{.*}}: generic pointers may point to global,local; 1 explicit cast folded, 0 accesses made global

define spir_kernel void @k1(ptr addrspace(1) %tab, ptr addrspace(1) %out) {
  %gg = addrspacecast ptr addrspace(1) %out to ptr addrspace(4)
  store ptr addrspace(4) %gg, ptr addrspace(1) %tab, align 8
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %x = call spir_func i32 @_Z8atom_addPU3AS1Vii(ptr addrspace(1) %out, i32 1)
  %a = call spir_func i32 @h1(ptr addrspace(1) %tab, ptr addrspace(1) %out)
  %b = call spir_func i32 @shared(ptr addrspace(1) %tab)
  ret void
}

define spir_kernel void @k2(ptr addrspace(1) %tab, ptr addrspace(3) %loc) {
  %gl = addrspacecast ptr addrspace(3) %loc to ptr addrspace(4)
  store ptr addrspace(4) %gl, ptr addrspace(1) %tab, align 8
  %b = call spir_func i32 @shared(ptr addrspace(1) %tab)
  ret void
}

; an indirect call in the kernel: anything may reach @h3
define internal spir_func i32 @h3(ptr addrspace(1) %tab) {
  %q = load ptr addrspace(4), ptr addrspace(1) %tab, align 8
  %l = call spir_func ptr addrspace(3) @__to_local(ptr addrspace(4) %q)
  %li = ptrtoint ptr addrspace(3) %l to i32
  ret i32 %li
}
define spir_kernel void @k3(ptr addrspace(1) %tab, ptr addrspace(1) %fp) {
  %f = load ptr, ptr addrspace(1) %fp, align 8
  call spir_func void %f()
  %b = call spir_func i32 @h3(ptr addrspace(1) %tab)
  ret void
}
; CHECK-LABEL: define internal spir_func i32 @h3(
; CHECK:         call spir_func ptr addrspace(3) @__to_local(

; an unknown external function taking a generic pointer: anything
define internal spir_func i32 @h4(ptr addrspace(1) %tab) {
  %q = load ptr addrspace(4), ptr addrspace(1) %tab, align 8
  %l = call spir_func ptr addrspace(3) @__to_local(ptr addrspace(4) %q)
  %li = ptrtoint ptr addrspace(3) %l to i32
  ret i32 %li
}
define spir_kernel void @k4(ptr addrspace(1) %tab) {
  %q = load ptr addrspace(4), ptr addrspace(1) %tab, align 8
  call spir_func void @ext(ptr addrspace(4) %q)
  %b = call spir_func i32 @h4(ptr addrspace(1) %tab)
  ret void
}
; CHECK-LABEL: define internal spir_func i32 @h4(
; CHECK:         call spir_func ptr addrspace(3) @__to_local(

; no kernel reaches it: anything
define spir_func i32 @orphan(ptr addrspace(1) %tab) {
  %q = load ptr addrspace(4), ptr addrspace(1) %tab, align 8
  %l = call spir_func ptr addrspace(3) @__to_local(ptr addrspace(4) %q)
  %li = ptrtoint ptr addrspace(3) %l to i32
  ret i32 %li
}
; CHECK-LABEL: define spir_func i32 @orphan(
; CHECK:         call spir_func ptr addrspace(3) @__to_local(

; only private reaches: static (global) only with --private-in-global, and
; to_private / to_global still have to tell them apart at run time
define spir_kernel void @k6(ptr addrspace(1) %tab, ptr addrspace(1) %out) {
  %priv = alloca i32, align 4
  %gp = addrspacecast ptr %priv to ptr addrspace(4)
  store ptr addrspace(4) %gp, ptr addrspace(1) %tab, align 8
  %q = load ptr addrspace(4), ptr addrspace(1) %tab, align 8
  %l = call spir_func ptr addrspace(3) @__to_local(ptr addrspace(4) %q)
  %p = call spir_func ptr @__to_private(ptr addrspace(4) %q)
  store i32 1, ptr addrspace(4) %q, align 4
  ret void
}
; CHECK-LABEL: define spir_kernel void @k6(
; CHECK:         %p = call spir_func ptr @__to_private(
; CHECK:         store i32 1, ptr addrspace(4) %q
; REMARK-DAG: {{.*}}: generic pointers may point to private; 1 explicit cast folded, 0 accesses made global
; PIG: {{.*}}: generic pointers may point to private; 1 explicit cast folded, 1 access made global
; PIG-LABEL: define spir_kernel void @k6(
; PIG:         %p = call spir_func ptr @__to_private(
; PIG:         store i32 1, ptr addrspace(1)
