; RUN: gasp-opt -verify-each -S %s -o - | FileCheck %s
; RUN: gasp-opt --passes=infer,ipmsp --dump-ip-msp %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
; RUN: gasp-opt -S %s -o - | gasp-opt -S - -o - | FileCheck %s
; Every caller agrees: internal functions are rewritten in place (calling
; convention, attributes and metadata kept), returns are retyped, null is
; neutral (spir64: generic 4, global 1, local 3).  Rewritten functions are
; re-created at the end of the module, so their CHECKs come last.
target triple = "spir64-unknown-unknown"

@tile = internal addrspace(3) global [64 x i32] poison

; Both callers pass global memory: the parameter becomes addrspace(1).
define internal spir_func i32 @get(ptr addrspace(4) noundef readonly align 4 %p, i64 %i) #0 !foo !0 {
  %q = getelementptr inbounds i32, ptr addrspace(4) %p, i64 %i
  %v = load i32, ptr addrspace(4) %q, align 4, !tbaa !1
  ret i32 %v
}

; Returns a pointer into its argument or null: the return is retyped too.
define internal spir_func ptr addrspace(4) @pick(ptr addrspace(4) %p, i1 %c) {
  %q = getelementptr inbounds i32, ptr addrspace(4) %p, i64 4
  %r = select i1 %c, ptr addrspace(4) %q, ptr addrspace(4) null
  ret ptr addrspace(4) %r
}

; A helper only ever called with null is named global, where generic null is
; 0 (ipmsp/null-only.ll): its call passes global's null.
define internal spir_func void @only_null(ptr addrspace(4) %p) {
  %c = icmp eq ptr addrspace(4) %p, null
  ret void
}

; Callers: call-site attributes and the calling convention survive; the
; argument is passed in its own space, and the returned pointer is loaded
; from local memory.
; CHECK-LABEL: define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b, i1 %c)
; CHECK:         call spir_func i32 @get(ptr addrspace(1) noundef %a, i64 1) #1
; CHECK:         call spir_func i32 @get(ptr addrspace(1) noundef {{.*}}, i64 2) #1
; CHECK:         [[P:%.*]] = call spir_func ptr addrspace(3) @pick(ptr addrspace(3) @tile, i1 %c)
; CHECK:         load i32, ptr addrspace(3) [[P]]
; CHECK:         call spir_func void @only_null(ptr addrspace(1) null)
define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b, i1 %c) {
  %ga = addrspacecast ptr addrspace(1) %a to ptr addrspace(4)
  %gb = addrspacecast ptr addrspace(1) %b to ptr addrspace(4)
  %gb4 = getelementptr inbounds i32, ptr addrspace(4) %gb, i64 4
  %x = call spir_func i32 @get(ptr addrspace(4) noundef %ga, i64 1) #1
  %y = call spir_func i32 @get(ptr addrspace(4) noundef %gb4, i64 2) #1
  %p = call spir_func ptr addrspace(4) @pick(ptr addrspace(4) addrspacecast (ptr addrspace(3) @tile to ptr addrspace(4)), i1 %c)
  %z = load i32, ptr addrspace(4) %p, align 4
  call spir_func void @only_null(ptr addrspace(4) null)
  %s = add i32 %x, %y
  %t = add i32 %s, %z
  store i32 %t, ptr addrspace(1) %a, align 4
  ret void
}

; CHECK-LABEL: define internal spir_func i32 @get(ptr addrspace(1) noundef readonly align 4 %p, i64 %i)
; CHECK-SAME: #0 {{.*}}!gasp.as ![[G:[0-9]+]]
; CHECK-NEXT:    [[Q:%.*]] = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %i
; CHECK-NEXT:    [[V:%.*]] = load i32, ptr addrspace(1) [[Q]], align 4, !tbaa
; CHECK-NEXT:    ret i32 [[V]]

; CHECK-LABEL: define internal spir_func void @only_null(ptr addrspace(1) %p)
; CHECK-SAME: !gasp.as ![[G]] {
; CHECK-NEXT:    icmp eq ptr addrspace(1) %p, null

; CHECK-LABEL: define internal spir_func ptr addrspace(3) @pick(ptr addrspace(3) %p, i1 %c)
; CHECK-SAME: !gasp.as ![[L:[0-9]+]] {
; CHECK-NEXT:    [[Q:%.*]] = getelementptr inbounds i32, ptr addrspace(3) %p, i64 4
; CHECK-NEXT:    [[R:%.*]] = select i1 %c, ptr addrspace(3) [[Q]], ptr addrspace(3) null
; CHECK-NEXT:    ret ptr addrspace(3) [[R]]

; CHECK: attributes #0 = { nounwind "keep-me" }
; CHECK: attributes #1 = { nounwind }
; CHECK-DAG: ![[G]] = !{i32 1}
; CHECK-DAG: ![[L]] = !{i32 3}
; CHECK-DAG: !{!"kept"}
attributes #0 = { nounwind "keep-me" }
attributes #1 = { nounwind }
!0 = !{!"kept"}
!1 = !{!"int", !2}
!2 = !{!"tbaa root"}

; The work-list transcript strings, verbatim.
; DUMP:      Initial work list size : 3
; DUMP-NEXT: get : changed in argument memory space (1 arguments) (global)
; DUMP-NEXT: pick : changed in argument memory space (1 arguments) (local)
; DUMP-NEXT: only_null : changed in argument memory space (1 arguments) (global)
; DUMP-NEXT: k : 1 callees are affected
; DUMP-NEXT: Initial work list size : 1
; DUMP-NEXT: pick : return memory space is resolved : 3 (local)
; DUMP-NEXT: Initial work list size : 0
; DUMP-NOT:  {{.}}
