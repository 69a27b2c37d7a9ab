; RUN: gasp-opt -S --lower-generic=tags --passes=lower %s -o - | FileCheck %s
; RUN: gasp-opt -S --lower-generic=tags --passes=lower --private-in-global %s -o - | FileCheck %s --check-prefix=PIG
; Explicit casts left for run time : to_local is "tag == 010",
; to_private "tag == 001", to_global "neither local nor private" (never
; "tag == 0": a global address may carry 111); the answer is the cleared
; pointer or null.  A cast back to a named space clears the tag (shl 4,
; ashr 4); a cast to global does not (global addresses carry no tag) —
; except under --private-in-global when explicit casts force private
; pointers to be tagged (the private-in-global model): then the cast to
; global clears too.
target triple = "spir64-unknown-unknown"

declare spir_func ptr addrspace(1) @__to_global(ptr addrspace(4))
declare spir_func ptr addrspace(3) @__to_local(ptr addrspace(4))
declare spir_func ptr @__to_private(ptr addrspace(4))
declare spir_func void @sink(ptr addrspace(1), ptr addrspace(3), ptr)

define spir_func void @f(ptr addrspace(4) %p) {
  %g = call spir_func ptr addrspace(1) @__to_global(ptr addrspace(4) %p)
  %l = call spir_func ptr addrspace(3) @__to_local(ptr addrspace(4) %p)
  %q = call spir_func ptr @__to_private(ptr addrspace(4) %p)
  call spir_func void @sink(ptr addrspace(1) %g, ptr addrspace(3) %l, ptr %q)
  %cg = addrspacecast ptr addrspace(4) %p to ptr addrspace(1)
  %cl = addrspacecast ptr addrspace(4) %p to ptr addrspace(3)
  call spir_func void @sink(ptr addrspace(1) %cg, ptr addrspace(3) %cl, ptr null)
  ret void
}

; CHECK-LABEL: define spir_func void @f(
; CHECK:         [[T:%.*]] = lshr i64 {{.*}}, 61
; CHECK-NEXT:    [[N2:%.*]] = icmp ne i64 [[T]], 2
; CHECK-NEXT:    [[N1:%.*]] = icmp ne i64 [[T]], 1
; CHECK-NEXT:    [[NEITHER:%.*]] = and i1 [[N2]], [[N1]]
; CHECK-NEXT:    [[CG:%.*]] = addrspacecast ptr addrspace(4) %p to ptr addrspace(1)
; CHECK-NEXT:    %g = select i1 [[NEITHER]], ptr addrspace(1) [[CG]], ptr addrspace(1) null
; CHECK:         [[T2:%.*]] = lshr i64 {{.*}}, 61
; CHECK-NEXT:    [[IS2:%.*]] = icmp eq i64 [[T2]], 2
; CHECK:         shl i64 {{.*}}, 4
; CHECK-NEXT:    ashr i64 {{.*}}, 4
; CHECK-NEXT:    [[U:%.*]] = inttoptr i64 {{.*}} to ptr addrspace(4)
; CHECK-NEXT:    [[CL:%.*]] = addrspacecast ptr addrspace(4) [[U]] to ptr addrspace(3)
; CHECK-NEXT:    %l = select i1 [[IS2]], ptr addrspace(3) [[CL]], ptr addrspace(3) null
; CHECK:         icmp eq i64 {{.*}}, 1
; CHECK:         %q = select i1
; CHECK-NOT:     call {{.*}}@__to_
; CHECK:         %cg = addrspacecast ptr addrspace(4) %p to ptr addrspace(1)
; CHECK:         shl i64 {{.*}}, 4
; CHECK-NEXT:    ashr i64 {{.*}}, 4
; CHECK-NEXT:    [[U2:%.*]] = inttoptr i64 {{.*}} to ptr addrspace(4)
; CHECK-NEXT:    %cl = addrspacecast ptr addrspace(4) [[U2]] to ptr addrspace(3)

; PIG-LABEL: define spir_func void @f(
; PIG:         icmp ne i64 {{.*}}, 1
; PIG:         call spir_func void @sink(ptr addrspace(1) %g,
; PIG-NEXT:    ptrtoint
; PIG-NEXT:    shl i64 {{.*}}, 4
; PIG-NEXT:    ashr i64 {{.*}}, 4
; PIG-NEXT:    [[U:%.*]] = inttoptr i64 {{.*}} to ptr addrspace(4)
; PIG-NEXT:    %cg = addrspacecast ptr addrspace(4) [[U]] to ptr addrspace(1)
