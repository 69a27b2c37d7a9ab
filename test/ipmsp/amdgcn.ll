; RUN: gasp-opt -verify-each -S %s -o - | FileCheck %s
; amdgcn (flat 0, global 1, LDS 3, scratch 5): null in LDS is all-ones, so a
; generic null passed to a parameter specialized to LDS is converted with a
; cast (which maps null to null), never to `ptr addrspace(3) null`.
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [16 x i32] poison

define internal i32 @maybe(ptr %p) {
  %z = icmp eq ptr %p, null
  br i1 %z, label %none, label %some
none:
  ret i32 0
some:
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

; CHECK-LABEL: define amdgpu_kernel void @k(ptr addrspace(1) %out)
; CHECK:         call i32 @maybe(ptr addrspace(3) @lds)
; CHECK:         call i32 @maybe(ptr addrspace(3) addrspacecast (ptr null to ptr addrspace(3)))
; CHECK-LABEL: define internal i32 @maybe(ptr addrspace(3) %p)
; CHECK:         load i32, ptr addrspace(3) %p
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %a = call i32 @maybe(ptr addrspacecast (ptr addrspace(3) @lds to ptr))
  %b = call i32 @maybe(ptr null)
  %s = add i32 %a, %b
  store i32 %s, ptr addrspace(1) %out, align 4
  ret void
}
