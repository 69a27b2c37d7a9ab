; Infer says what it did — a Passed remark per function
; with the number of accesses it rewrote and the spaces they got (so
; opt-viewer shows rewritten accesses: without -g at line 0 of the source
; file, where opt-viewer lists it); ipmsp's re-inference of a clone
; reports under ipmsp.  Nothing for a function with nothing rewritten.
; RUN: gasp-opt -pass-remarks=infer --passes=infer %s -o /dev/null 2>&1 | FileCheck %s
; RUN: gasp-opt -pass-remarks-output=%t.yaml --passes=infer %s -o /dev/null
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; CHECK: remark: {{.*}}3 generic accesses given a named space (global 1, local 2)
; CHECK-NOT: @none
; YAML: --- !Passed
; YAML-NEXT: Pass: {{ *}}'infer'
; YAML-NEXT: Name: {{ *}}'Rewritten'
; YAML-NEXT: DebugLoc: {{ *}}{ File: '{{.*}}infer-passed.ll', Line: 0, Column: 0 }
; YAML-NEXT: Function: {{ *}}'two'
; YAML-NEXT: Args:
; YAML-NEXT:   - Accesses: {{ *}}'3'
target triple = "spir64-unknown-unknown"

; Two local accesses and one global, through casts to generic.
define spir_kernel void @two(ptr addrspace(3) %l, ptr addrspace(1) %g) {
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %b = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %v = load i32, ptr addrspace(4) %a, align 4
  store i32 %v, ptr addrspace(4) %b, align 4
  store i32 0, ptr addrspace(4) %a, align 4
  ret void
}

; Named accesses only: nothing to rewrite, no remark.
define spir_kernel void @none(ptr addrspace(1) %g) {
  store i32 0, ptr addrspace(1) %g, align 4
  ret void
}
