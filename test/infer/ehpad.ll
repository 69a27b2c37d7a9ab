; A phi resolved in an EH-pad block keeps its cast back to
; generic after the pad (nothing may precede a cleanuppad, catchpad or
; landingpad but phis); in a catchswitch block, which has no room at all,
; the phi is left generic.
; RUN: gasp-opt -S --passes=infer %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-opt --passes=infer -pass-remarks-missed=gasp %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WHY
; WHY: remark: {{.*}}store stays generic: phi in a catchswitch block (no room there for a cast)
target triple = "spir64-unknown-unknown"

declare spir_func void @may_throw()
declare spir_func void @use(ptr addrspace(4))
declare i32 @pers(...)

; The local phi in the cleanup block: the store becomes local, and the
; call's generic operand is cast after the cleanuppad.
; CHECK-LABEL: define spir_func void @cleanup(
; CHECK: pad:
; CHECK-NEXT: [[P:%.*]] = phi ptr addrspace(3)
; CHECK-NEXT: %cp = cleanuppad within none []
; CHECK-NEXT: [[G:%.*]] = addrspacecast ptr addrspace(3) [[P]] to ptr addrspace(4)
; CHECK-NEXT: store i32 1, ptr addrspace(3) [[P]]
; CHECK-NEXT: call spir_func void @use(ptr addrspace(4) [[G]])
define spir_func void @cleanup(ptr addrspace(3) %l, ptr addrspace(3) %m) personality ptr @pers {
entry:
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %b = addrspacecast ptr addrspace(3) %m to ptr addrspace(4)
  invoke spir_func void @may_throw() to label %next unwind label %pad
next:
  invoke spir_func void @may_throw() to label %done unwind label %pad
done:
  ret void
pad:
  %p = phi ptr addrspace(4) [ %a, %entry ], [ %b, %next ]
  %cp = cleanuppad within none []
  store i32 1, ptr addrspace(4) %p, align 4
  call spir_func void @use(ptr addrspace(4) %p) [ "funclet"(token %cp) ]
  cleanupret from %cp unwind to caller
}

; The phi in a catchswitch block stays generic, and so does the store
; through it in the handler.
; CHECK-LABEL: define spir_func void @dispatch(
; CHECK: sw:
; CHECK-NEXT: %p = phi ptr addrspace(4)
; CHECK-NEXT: %cs = catchswitch
define spir_func void @dispatch(ptr addrspace(3) %l, ptr addrspace(3) %m) personality ptr @pers {
entry:
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %b = addrspacecast ptr addrspace(3) %m to ptr addrspace(4)
  invoke spir_func void @may_throw() to label %next unwind label %sw
next:
  invoke spir_func void @may_throw() to label %done unwind label %sw
done:
  ret void
sw:
  %p = phi ptr addrspace(4) [ %a, %entry ], [ %b, %next ]
  %cs = catchswitch within none [label %handler] unwind to caller
handler:
  %cp = catchpad within %cs []
  store i32 1, ptr addrspace(4) %p, align 4
  catchret from %cp to label %done
}
