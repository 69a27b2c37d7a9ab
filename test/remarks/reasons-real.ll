; The explanation names the real cause where infer is smartest,
; with the two spaces that meet.  A store through llvm.ptrmask of a select
; between a local and a global pointer, through a private slot that holds a
; local pointer on one path and a global one on the other, and through a
; no-op ptrtoint/inttoptr pair around such a select: each is "... of
; different spaces (global, local)", not "opaque call", "loaded from
; memory" or "made from an integer".  With --passes=infer a helper's access
; says that ipmsp did not run, not that callers disagree.
; RUN: gasp-opt -pass-remarks-missed=gasp %s -o /dev/null 2>&1 | FileCheck %s
; RUN: gasp-opt --passes=infer -pass-remarks-missed=gasp %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=INFER
; CHECK: remark: {{.*}}store stays generic: select of different spaces (global, local)
; CHECK: remark: {{.*}}store stays generic: loaded from a private slot that holds different spaces (global, local; global stored in @slot; local stored in @slot)
; CHECK: remark: {{.*}}store stays generic: select of different spaces (global, local)
; INFER: remark: {{.*}}store stays generic: ipmsp did not run (not in --passes), so no caller was looked at (parameter 0 of @helper)
target triple = "spir64-unknown-unknown"

declare ptr addrspace(4) @llvm.ptrmask.p4.i64(ptr addrspace(4), i64)

; ptrmask of a select of a local and a global pointer.
define spir_kernel void @masked(ptr addrspace(3) %l, ptr addrspace(1) %g, i1 %c) {
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %b = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %s = select i1 %c, ptr addrspace(4) %a, ptr addrspace(4) %b
  %m = call ptr addrspace(4) @llvm.ptrmask.p4.i64(ptr addrspace(4) %s, i64 -4)
  store i32 1, ptr addrspace(4) %m, align 4
  ret void
}

; A private slot written with a local pointer on one path, a global one on the other.
define spir_kernel void @slot(ptr addrspace(3) %l, ptr addrspace(1) %g, i1 %c) {
entry:
  %slot = alloca ptr addrspace(4), align 8
  br i1 %c, label %a, label %b
a:
  %la = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  store ptr addrspace(4) %la, ptr %slot, align 8
  br label %j
b:
  %gb = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  store ptr addrspace(4) %gb, ptr %slot, align 8
  br label %j
j:
  %p = load ptr addrspace(4), ptr %slot, align 8
  store i32 2, ptr addrspace(4) %p, align 4
  ret void
}

; The select through a no-op ptrtoint/inttoptr pair.
define spir_kernel void @intpair(ptr addrspace(3) %l, ptr addrspace(1) %g, i1 %c) {
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %b = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %s = select i1 %c, ptr addrspace(4) %a, ptr addrspace(4) %b
  %i = ptrtoint ptr addrspace(4) %s to i64
  %p = inttoptr i64 %i to ptr addrspace(4)
  store i32 3, ptr addrspace(4) %p, align 4
  ret void
}

; A helper the kernel calls with global memory.
define internal spir_func void @helper(ptr addrspace(4) %p) {
  store i32 4, ptr addrspace(4) %p, align 4
  ret void
}

; Calls the helper.
define spir_kernel void @callhelper(ptr addrspace(1) %g) {
  %x = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  call spir_func void @helper(ptr addrspace(4) %x)
  ret void
}
