; RUN: gasp-opt -verify-each -S %s -o - | FileCheck %s
; Debug info (spir64): a function rewritten in place keeps its DISubprogram
; and every !dbg location (a #dbg_value of the old generic parameter
; becomes poison on spir64, where a global pointer's bits are not said to be
; the generic pointer's: see infer/dbg-salvage.ll); a copy gets a
; DISubprogram of its own (the verifier allows one function per subprogram;
; dbg_copy clones it) with its locations scoped to it; the last clone of an
; internal function takes the original's body (not a copy), and with it the
; DISubprogram and every !dbg location.  Copies in detail:
; ipmsp/debuginfo-copy.ll.
target triple = "spir64-unknown-unknown"

; Called with global memory only: specialized in place.
define internal spir_func i32 @inplace(ptr addrspace(4) %p) !dbg !10 {
  %v = load i32, ptr addrspace(4) %p, align 4, !dbg !12
    #dbg_value(ptr addrspace(4) %p, !13, !DIExpression(), !12)
  ret i32 %v, !dbg !12
}

; Called with global and local memory: cloned twice.
define internal spir_func i32 @twice(ptr addrspace(4) %p) !dbg !20 {
  %v = load i32, ptr addrspace(4) %p, align 4, !dbg !22
  ret i32 %v, !dbg !22
}

define spir_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %l) !dbg !30 {
  %gg = addrspacecast ptr addrspace(1) %g to ptr addrspace(4), !dbg !32
  %gl = addrspacecast ptr addrspace(3) %l to ptr addrspace(4), !dbg !32
  %a = call spir_func i32 @inplace(ptr addrspace(4) %gg), !dbg !32
  %b = call spir_func i32 @twice(ptr addrspace(4) %gg), !dbg !33
  %c = call spir_func i32 @twice(ptr addrspace(4) %gl), !dbg !34
  %s = add i32 %a, %b, !dbg !34
  %t = add i32 %s, %c, !dbg !34
  store i32 %t, ptr addrspace(1) %g, align 4, !dbg !34
  ret void, !dbg !34
}

; CHECK-LABEL: define spir_kernel void @k(
; CHECK:         call spir_func i32 @inplace(ptr addrspace(1) %g), !dbg [[L32:![0-9]+]]
; CHECK:         call spir_func i32 @twice.as1(ptr addrspace(1) %g), !dbg [[L33:![0-9]+]]
; CHECK:         call spir_func i32 @twice.as3(ptr addrspace(3) %l), !dbg [[L34:![0-9]+]]
; CHECK-LABEL: define internal spir_func i32 @inplace(ptr addrspace(1) %p)
; CHECK-SAME:  !dbg [[SP:![0-9]+]]
; CHECK:         load i32, ptr addrspace(1) %p, align 4, !dbg [[L12:![0-9]+]]
; CHECK:         ret i32 {{.*}}, !dbg [[L12]]
; CHECK-LABEL: define internal spir_func i32 @twice.as1(ptr addrspace(1) %p)
; CHECK-SAME:  !dbg [[SP1:![0-9]+]]
; CHECK:         load i32, ptr addrspace(1) %p, align 4, !dbg [[L21:![0-9]+]]
; CHECK-LABEL: define internal spir_func i32 @twice.as3(ptr addrspace(3) %p)
; CHECK-SAME:  !dbg [[SP2:![0-9]+]]
; CHECK:         load i32, ptr addrspace(3) %p, align 4, !dbg [[L22:![0-9]+]]
; CHECK:       [[SP]] = distinct !DISubprogram(name: "inplace"
; CHECK:       [[L12]] = !DILocation(line: 3, column: 5, scope: [[SP]])
; CHECK:       [[SP1]] = distinct !DISubprogram(name: "twice"
; CHECK:       [[L21]] = !DILocation(line: 7, column: 5, scope: [[SP1]])
; CHECK:       [[SP2]] = distinct !DISubprogram(name: "twice"
; CHECK:       [[L22]] = !DILocation(line: {{[0-9]+}}, column: {{[0-9]+}}, scope: [[SP2]])

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "k.cl", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !DISubroutineType(types: !{})
!5 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!6 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !5, size: 64)
!10 = distinct !DISubprogram(name: "inplace", scope: !1, file: !1, line: 2, type: !4, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !{})
!12 = !DILocation(line: 3, column: 5, scope: !10)
!13 = !DILocalVariable(name: "p", arg: 1, scope: !10, file: !1, line: 2, type: !6)
!20 = distinct !DISubprogram(name: "twice", scope: !1, file: !1, line: 6, type: !4, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !{})
!22 = !DILocation(line: 7, column: 5, scope: !20)
!30 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 10, type: !4, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !{})
!32 = !DILocation(line: 11, column: 3, scope: !30)
!33 = !DILocation(line: 12, column: 3, scope: !30)
!34 = !DILocation(line: 13, column: 3, scope: !30)
