; RUN: gasp-opt -pass-remarks=. -pass-remarks-analysis=. -pass-remarks-missed=ipmsp -verify-each -S --passes=infer,ipmsp --ipmsp-visit-cap=2 %s -o - 2>%t.err | FileCheck %s --check-prefix=CAP
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: gasp-opt -pass-remarks-missed=gasp --passes=infer,ipmsp --ipmsp-visit-cap=2 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WHY
; WHY: remark: {{.*}}load stays generic: recursion or loop too deep: ipmsp visit cap reached (parameter 0 of @chain)
; RUN: gasp-opt -verify-each -S %s -o - | FileCheck %s --check-prefix=DEFAULT
; RUN: not gasp-opt -pass-remarks=. -pass-remarks-analysis=. -pass-remarks-missed=ipmsp --ipmsp-visit-cap=0 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
; The per-block visit cap : a function whose
; analysis re-visits one block more often is left unchanged, with a remark.
; A chain of phis around a loop is re-visited once per link; a cap of 2
; stops it, the default does not (spir64).  The access left generic says
; why, from the note ipmsp leaves in the function's !gasp.as.
target triple = "spir64-unknown-unknown"

define internal spir_func i32 @chain(ptr addrspace(4) %p, i32 %n) {
entry:
  br label %loop
loop:
  %a = phi ptr addrspace(4) [ %p, %entry ], [ %b, %loop ]
  %b = phi ptr addrspace(4) [ %p, %entry ], [ %c, %loop ]
  %c = phi ptr addrspace(4) [ %p, %entry ], [ %d, %loop ]
  %d = phi ptr addrspace(4) [ %p, %entry ], [ %a, %loop ]
  %i = phi i32 [ 0, %entry ], [ %j, %loop ]
  %v = load i32, ptr addrspace(4) %d, align 4
  %j = add i32 %i, %v
  %done = icmp sge i32 %j, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %j
}

define spir_kernel void @k(ptr addrspace(1) %g, i32 %n) {
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %r = call spir_func i32 @chain(ptr addrspace(4) %gg, i32 %n)
  store i32 %r, ptr addrspace(1) %g, align 4
  ret void
}

; CAP-LABEL: define internal spir_func i32 @chain(ptr addrspace(4) %p, i32 %n)
; CAP-SAME:  !gasp.as ![[P:[0-9]+]]
; CAP:         load i32, ptr addrspace(4) %d
; CAP:         call spir_func i32 @chain(ptr addrspace(4) %gg, i32 %n)
; CAP:       ![[P]] = !{i32 2000, !"ipmsp:visit-cap"}
; REMARK: remark: {{.*}}a block was re-visited more than 2 times; the function is left unchanged

; DEFAULT:   call spir_func i32 @chain(ptr addrspace(1) %g, i32 %n)
; DEFAULT-LABEL: define internal spir_func i32 @chain(ptr addrspace(1) %p, i32 %n)
; DEFAULT:     load i32, ptr addrspace(1) %d

; BAD: --ipmsp-visit-cap wants a positive number
