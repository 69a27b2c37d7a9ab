; Remark YAML quoted as LLVM's writer does, so
; llvm-remarkutil reads back every remark even when a function name holds a
; control byte, a byte that is not UTF-8, a quote, a double quote or a
; backslash: plain names single-quoted, the others double-quoted with
; LLVM's escapes (\x01, \\, \") and \xFF for the stray byte.
; RUN: gasp-opt -pass-remarks-output=%t.yaml %s -o /dev/null
; RUN: FileCheck %s < %t.yaml
; RUN: llvm-remarkutil-22 count --parser=yaml --group-by=function %t.yaml | FileCheck %s --check-prefix=COUNT
; CHECK-DAG: Function: {{ *}}"ctl\x01name"
; CHECK-DAG: Function: {{ *}}"bad\xFFbyte"
; CHECK-DAG: Function: {{ *}}'it''s'
; CHECK-DAG: Function: {{ *}}"q\"back\\slash\ttab"
; CHECK-DAG: Function: {{ *}}'plain'
; COUNT: Function,Count
; COUNT-DAG: "bad\xFFbyte",1
; (The alias pass's remark about the whole module hangs on the first
; defined function: the module has no kernel.)
; COUNT-DAG: "ctl\x01name",2
; COUNT-DAG: "q\"back\\slash\ttab",1
; COUNT-DAG: it''s,1
; COUNT-DAG: plain,1
target triple = "spir64-unknown-unknown"

declare spir_func ptr addrspace(4) @opaque()

; Each stores through a pointer from an opaque call: one Missed remark each.
define spir_func void @"ctl\01name"() {
  %p = call spir_func ptr addrspace(4) @opaque()
  store i32 1, ptr addrspace(4) %p, align 4
  ret void
}

define spir_func void @"bad\FFbyte"() {
  %p = call spir_func ptr addrspace(4) @opaque()
  store i32 1, ptr addrspace(4) %p, align 4
  ret void
}

define spir_func void @"it's"() {
  %p = call spir_func ptr addrspace(4) @opaque()
  store i32 1, ptr addrspace(4) %p, align 4
  ret void
}

define spir_func void @"q\22back\5Cslash\09tab"() {
  %p = call spir_func ptr addrspace(4) @opaque()
  store i32 1, ptr addrspace(4) %p, align 4
  ret void
}

define spir_func void @plain() {
  %p = call spir_func ptr addrspace(4) @opaque()
  store i32 1, ptr addrspace(4) %p, align 4
  ret void
}
