; RUN: gasp-opt --clone-budget=0 -pass-remarks-missed=gasp %s -o /dev/null 2>&1 | FileCheck %s
; RUN: gasp-opt --clone-budget=0 -pass-remarks-output=%t.yaml %s -o /dev/null
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; RUN: llvm-remarkutil count --parser=yaml --remark-type=missed --group-by=function %t.yaml | FileCheck %s --check-prefix=COUNT
; Every access left generic gets one Missed remark naming why .
target triple = "spir64-unknown-unknown"

declare ptr addrspace(4) @ext()

define spir_func i32 @opaque() {
  %p = call ptr addrspace(4) @ext()
  %v = load i32, ptr addrspace(4) %p, align 4
  ret i32 %v
}

define spir_kernel void @loaded(ptr addrspace(1) %pp, ptr addrspace(4) %kp) {
  store ptr addrspace(4) %kp, ptr addrspace(1) %pp, align 8
  %p = load ptr addrspace(4), ptr addrspace(1) %pp, align 8
  store i32 1, ptr addrspace(4) %p, align 4
  store i32 2, ptr addrspace(4) %kp, align 4
  ret void
}

define spir_kernel void @sel(ptr addrspace(1) %g, ptr addrspace(3) %l, i1 %c) {
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %gl = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %p = select i1 %c, ptr addrspace(4) %gg, ptr addrspace(4) %gl
  %q = getelementptr i32, ptr addrspace(4) %p, i64 1
  store i32 0, ptr addrspace(4) %q, align 4
  call spir_func void @both(ptr addrspace(4) %gg)
  call spir_func void @both(ptr addrspace(4) %gl)
  %f = load ptr, ptr addrspace(1) %g, align 8
  %r = call ptr addrspace(4) %f()
  store i32 3, ptr addrspace(4) %r, align 4
  %i = ptrtoint ptr addrspace(1) %g to i64
  %ip = inttoptr i64 %i to ptr addrspace(4)
  store i32 4, ptr addrspace(4) %ip, align 4
  ret void
}

; a loop phi around a select: the walk stops at the cycle, nulls are neutral
define spir_kernel void @loopk(ptr addrspace(1) %g, ptr addrspace(3) %l, i32 %n, i1 %c) {
entry:
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %gl = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %s = select i1 %c, ptr addrspace(4) %gg, ptr addrspace(4) %gl
  br label %loop
loop:
  %p = phi ptr addrspace(4) [ %s, %entry ], [ %q, %loop ]
  %z = select i1 %c, ptr addrspace(4) %p, ptr addrspace(4) null
  store i32 1, ptr addrspace(4) %z, align 4
  %q = getelementptr i32, ptr addrspace(4) %p, i64 1
  %d = icmp eq i32 %n, 0
  br i1 %d, label %loop, label %exit
exit:
  ret void
}

define internal spir_func void @both(ptr addrspace(4) %p) {
  store i32 5, ptr addrspace(4) %p, align 4
  ret void
}

; CHECK-DAG: remark: {{.*}}load stays generic: pointer from an opaque call (@ext)
; CHECK-DAG: remark: {{.*}}store stays generic: pointer loaded from memory (global memory may hold a pointer gasp cannot see)
; CHECK-DAG: remark: {{.*}}store stays generic: generic kernel parameter (the front end says nothing of its space) (parameter 1 of @loaded)
; CHECK-DAG: remark: {{.*}}store stays generic: select of different spaces (global, local)
; CHECK-DAG: remark: {{.*}}store stays generic: returned by an indirect call
; CHECK-DAG: remark: {{.*}}store stays generic: made from an integer (inttoptr)
; CHECK-DAG: remark: {{.*}}store stays generic: select of different spaces (global, local)
; CHECK-DAG: remark: {{.*}}store stays generic: clone budget exhausted (--clone-budget) (parameter 0 of @both)

; YAML:      --- !Missed
; YAML-NEXT: Pass: 'ipmsp'
; YAML-NEXT: Name: 'CloneBudget'
; YAML-NEXT: DebugLoc: { File: '{{.*}}why.ll', Line: 0, Column: 0 }
; YAML-NEXT: Function: 'both'
; YAML-NEXT: Args:
; YAML-NEXT:   - String: 'not cloned for '
; YAML-NEXT:   - Spaces: '(global)'
; YAML-NEXT:   - String: ': clone budget exhausted (--clone-budget)'
; YAML-NEXT: ...
; YAML:      Pass: 'gasp'
; YAML-NEXT: Name: 'GenericAccess'
; YAML-NEXT: DebugLoc: { File: '{{.*}}why.ll', Line: 0, Column: 0 }
; YAML-NEXT: Function: 'opaque'
; YAML-NEXT: Args:
; YAML-NEXT:   - Access: 'load'
; YAML-NEXT:   - String: ' stays generic: '
; YAML-NEXT:   - Reason: 'pointer from an opaque call'
; YAML-NEXT:   - String: ' ('
; YAML-NEXT:   - Detail: '@ext'
; YAML-NEXT:   - String: ')'
; YAML-NEXT: ...

; COUNT: Function,Count
; COUNT-DAG: opaque,1
; COUNT-DAG: loaded,2
; COUNT-DAG: sel,3
; COUNT-DAG: both,3
; COUNT-DAG: loopk,1
