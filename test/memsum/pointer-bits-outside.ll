; RUN: gasp-opt -S %s -o - | FileCheck %s
; Pointer bits from outside code reach a module-private variable: @put is
; externally visible, so outside code may pass it any integer — the bits of
; any pointer it was shown, and @k shows @ext a local pointer.  @put stores
; its integer into @tab, which only the module writes; @k also stores a
; global pointer there.  The pointer @k loads from @tab may be either and
; must stay generic (the variable's own set held only the global one and
; what visible callers of @put pass — nothing — and the load was made
; global).
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

@tab = internal addrspace(3) global [4 x i64] poison, align 8
@lds = internal addrspace(3) global [4 x i32] poison, align 4

declare spir_func void @ext(ptr addrspace(4))

; Stores an integer it is given into the table.
define spir_func void @put(i64 %bits, i32 %i) {
  %slot = getelementptr inbounds [4 x i64], ptr addrspace(3) @tab, i32 0, i32 %i
  store i64 %bits, ptr addrspace(3) %slot, align 8
  ret void
}

; The pointer loaded from the table stays generic.
; CHECK-LABEL: define spir_kernel void @k(
; CHECK: [[P:%.*]] = load ptr addrspace(4), ptr addrspace(3) @tab
; CHECK-NEXT: store i32 1, ptr addrspace(4) [[P]]
define spir_kernel void @k(ptr addrspace(1) %g) {
  %l = addrspacecast ptr addrspace(3) @lds to ptr addrspace(4)
  call spir_func void @ext(ptr addrspace(4) %l)
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  store ptr addrspace(4) %gg, ptr addrspace(3) getelementptr inbounds ([4 x i64], ptr addrspace(3) @tab, i32 0, i32 1), align 8
  %p = load ptr addrspace(4), ptr addrspace(3) @tab, align 8
  store i32 1, ptr addrspace(4) %p, align 4
  ret void
}
