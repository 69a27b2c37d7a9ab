; RUN: gasp-opt --passes=infer -verify-each -S %s -o - | FileCheck %s
; atomicrmw, cmpxchg and the spir volatile policy (every named space).
target triple = "spir64"

; atomicrmw keeps its ordering and syncscope in the local space.
define i32 @rmw(ptr addrspace(3) %l) {
; CHECK-LABEL: define i32 @rmw(
; CHECK-SAME: ptr addrspace(3) [[L:%.*]]) {
; CHECK-NEXT:   [[O:%.*]] = atomicrmw add ptr addrspace(3) [[L]], i32 1 syncscope("workgroup") seq_cst, align 4
; CHECK-NEXT:   ret i32 [[O]]
; CHECK-NEXT: }
  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %o = atomicrmw add ptr addrspace(4) %g, i32 1 syncscope("workgroup") seq_cst, align 4
  ret i32 %o
}

; cmpxchg is rewritten; weak/volatile flags and both orderings stay.
define i32 @cas(ptr addrspace(1) %p) {
; CHECK-LABEL: define i32 @cas(
; CHECK-SAME: ptr addrspace(1) [[P:%.*]]) {
; CHECK-NEXT:   [[R:%.*]] = cmpxchg weak volatile ptr addrspace(1) [[P]], i32 0, i32 1 acq_rel monotonic, align 4
; CHECK-NEXT:   [[V:%.*]] = extractvalue { i32, i1 } [[R]], 0
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %g = addrspacecast ptr addrspace(1) %p to ptr addrspace(4)
  %r = cmpxchg weak volatile ptr addrspace(4) %g, i32 0, i32 1 acq_rel monotonic, align 4
  %v = extractvalue { i32, i1 } %r, 0
  ret i32 %v
}

; A volatile private load is rewritten on spir and stays volatile.
define i32 @volatile_private() {
; CHECK-LABEL: define i32 @volatile_private(
; CHECK-SAME: ) {
; CHECK-NEXT:   [[A:%.*]] = alloca i32, align 4
; CHECK-NEXT:   store volatile i32 5, ptr [[A]], align 4
; CHECK-NEXT:   [[V:%.*]] = load volatile i32, ptr [[A]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %a = alloca i32
  %g = addrspacecast ptr %a to ptr addrspace(4)
  store volatile i32 5, ptr addrspace(4) %g
  %v = load volatile i32, ptr addrspace(4) %g
  ret i32 %v
}

; An atomic load and store keep their ordering in the global space.
define void @atomic_ld_st(ptr addrspace(1) %p) {
; CHECK-LABEL: define void @atomic_ld_st(
; CHECK-SAME: ptr addrspace(1) [[P:%.*]]) {
; CHECK-NEXT:   [[V:%.*]] = load atomic i32, ptr addrspace(1) [[P]] acquire, align 4
; CHECK-NEXT:   store atomic i32 [[V]], ptr addrspace(1) [[P]] release, align 4
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  %g = addrspacecast ptr addrspace(1) %p to ptr addrspace(4)
  %v = load atomic i32, ptr addrspace(4) %g acquire, align 4
  store atomic i32 %v, ptr addrspace(4) %g release, align 4
  ret void
}
