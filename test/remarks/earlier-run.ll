; A parameter's reason when ipmsp is not in this run: an earlier gasp run
; that looked at the callers left its !gasp.as (as the pass plugin's early
; run does for its late run), and the reason is theirs, not "ipmsp did not
; run".  Without an earlier run, --passes=infer says ipmsp did not run.
; RUN: gasp-opt --clone-budget=0 -S %s -o %t.ll
; RUN: gasp-opt --passes=infer -pass-remarks-missed=gasp %t.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=EARLIER --implicit-check-not="ipmsp did not run"
; RUN: gasp-opt --passes=infer -pass-remarks-missed=gasp %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE
; EARLIER: remark: {{.*}}store stays generic: clone budget exhausted (--clone-budget) (parameter 0 of @two)
; NONE: remark: {{.*}}store stays generic: ipmsp did not run (not in --passes), so no caller was looked at (parameter 0 of @two)
target triple = "spir64-unknown-unknown"

; Stores through a pointer its callers give in two spaces.
define internal spir_func void @two(ptr addrspace(4) %p) {
  store i32 4, ptr addrspace(4) %p, align 4
  ret void
}

; Calls it with global and with local memory.
define spir_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %l) {
  %x = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  call spir_func void @two(ptr addrspace(4) %x)
  %y = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  call spir_func void @two(ptr addrspace(4) %y)
  ret void
}
