; RUN: gasp-opt --clone-cost=0 -verify-each -S %s -o - | FileCheck %s
; RUN: gasp-opt --clone-cost=0 %s -o %t.bc && llc-22 -O0 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a %t.bc -o - | FileCheck %s --check-prefix=ASM
; Copies keep their debug info (amdgcn): @h is kept for outside callers, so
; both its clones are copies, and each gets a distinct DISubprogram of its
; own, its lexical block and local variables cloned into it, every !dbg
; location, loop id (its start and end locations) and #dbg_value /
; #dbg_assign record mapped onto the copy, a
; fresh DIAssignID linking the copy's store to its own #dbg_assign, while
; the compile unit, the types and the scope of code inlined from @leaf
; stay shared.  A #dbg_value of the generic parameter follows the global
; parameter (a global pointer's bits are the flat pointer's on AMDGPU) and
; becomes poison for the LDS one (an LDS address is not its flat address),
; as does the GEP LLVM's salvage rules could only express through it.
target triple = "amdgcn-amd-amdhsa"

define void @h(ptr %p, i32 %i) !dbg !10 {
    #dbg_value(ptr %p, !13, !DIExpression(), !12)
  %q = getelementptr inbounds i32, ptr %p, i32 %i, !dbg !15
    #dbg_value(ptr %q, !14, !DIExpression(), !15)
  %v = load i32, ptr %q, align 4, !dbg !16
  %w = add i32 %v, 1, !dbg !17
  store i32 %w, ptr %q, align 4, !dbg !16, !DIAssignID !18
    #dbg_assign(i32 %w, !19, !DIExpression(), !18, ptr %q, !DIExpression(), !16)
  br label %loop, !dbg !16

loop:
  %n = phi i32 [ 0, %0 ], [ %n1, %loop ]
  %n1 = add i32 %n, 1, !dbg !16
  %more = icmp slt i32 %n1, %i, !dbg !16
  br i1 %more, label %loop, label %done, !dbg !16, !llvm.loop !22

done:
  ret void, !dbg !16
}

define amdgpu_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %l) !dbg !30 {
  %gg = addrspacecast ptr addrspace(1) %g to ptr, !dbg !32
  %gl = addrspacecast ptr addrspace(3) %l to ptr, !dbg !32
  call void @h(ptr %gg, i32 1), !dbg !32
  call void @h(ptr %gl, i32 2), !dbg !33
  ret void, !dbg !33
}

; The original stays as it was, with its subprogram.
; CHECK-LABEL: define void @h(ptr %p, i32 %i)
; CHECK-SAME:  !dbg [[SP:![0-9]+]]
; CHECK:         store i32 %w, ptr %q, align 4, !dbg [[L16:![0-9]+]], !DIAssignID [[ID:![0-9]+]]
; CHECK-NEXT:    #dbg_assign(i32 %w, [[W:![0-9]+]], !DIExpression(), [[ID]], ptr %q,

; CHECK-LABEL: define internal void @h.as1(ptr addrspace(1) %p, i32 %i)
; CHECK-SAME:  !dbg [[SP1:![0-9]+]]
; CHECK-NEXT:    #dbg_value(ptr addrspace(1) %p, [[P1:![0-9]+]], !DIExpression(), [[L12_1:![0-9]+]])
; CHECK-NEXT:    %q = getelementptr inbounds i32, ptr addrspace(1) %p, i32 %i, !dbg [[L15_1:![0-9]+]]
; CHECK-NEXT:    #dbg_value(ptr addrspace(1) %q, [[Q1:![0-9]+]], !DIExpression(), [[L15_1]])
; CHECK-NEXT:    load i32, ptr addrspace(1) %q, align 4, !dbg [[L16_1:![0-9]+]]{{$}}
; CHECK-NEXT:    add i32 %v, 1, !dbg [[L17_1:![0-9]+]]
; CHECK-NEXT:    store i32 %w, ptr addrspace(1) %q, align 4, !dbg [[L16_1]], {{.*}}!DIAssignID [[ID1:![0-9]+]]
; CHECK-NEXT:    #dbg_assign(i32 %w, [[W1:![0-9]+]], !DIExpression(), [[ID1]], ptr addrspace(1) %q,
; CHECK:         br i1 %more, label %loop, label %done, !dbg [[L16_1]], !llvm.loop [[LOOP1:![0-9]+]]

; CHECK-LABEL: define internal void @h.as3(ptr addrspace(3) %p, i32 %i)
; CHECK-SAME:  !dbg [[SP3:![0-9]+]]
; CHECK-NEXT:    #dbg_value(ptr poison, [[P3:![0-9]+]], !DIExpression(), [[L12_3:![0-9]+]])
; CHECK-NEXT:    %q = getelementptr inbounds i32, ptr addrspace(3) %p, i32 %i, !dbg [[L15_3:![0-9]+]]
; CHECK-NEXT:    #dbg_value(!DIArgList(ptr poison, i32 poison), [[Q3:![0-9]+]],

; CHECK-DAG:   [[SP]] = distinct !DISubprogram(name: "h", {{.*}}unit: [[CU:![0-9]+]]
; CHECK-DAG:   [[SP1]] = distinct !DISubprogram(name: "h", {{.*}}type: [[TY:![0-9]+]], {{.*}}unit: [[CU]]
; CHECK-DAG:   [[SP3]] = distinct !DISubprogram(name: "h", {{.*}}type: [[TY]], {{.*}}unit: [[CU]]
; CHECK-DAG:   [[P1]] = !DILocalVariable(name: "p", arg: 1, scope: [[SP1]]
; CHECK-DAG:   [[Q1]] = !DILocalVariable(name: "q", scope: [[B1:![0-9]+]]
; CHECK-DAG:   [[B1]] = distinct !DILexicalBlock(scope: [[SP1]]
; CHECK-DAG:   [[L15_1]] = !DILocation(line: 4, column: 7, scope: [[B1]])
; CHECK-DAG:   [[L17_1]] = !DILocation(line: 1, column: 3, scope: [[LEAF:![0-9]+]], inlinedAt: [[AT1:![0-9]+]])
; CHECK-DAG:   [[LEAF]] = distinct !DISubprogram(name: "leaf"
; CHECK-DAG:   [[AT1]] = distinct !DILocation(line: 5, column: 7, scope: [[B1]])
; CHECK-DAG:   [[ID1]] = distinct !DIAssignID()
; CHECK-DAG:   [[LOOP1]] = distinct !{[[LOOP1]], [[L15_1]], [[L16_1]]}
; CHECK-DAG:   [[P3]] = !DILocalVariable(name: "p", arg: 1, scope: [[SP3]]
; CHECK-DAG:   [[Q3]] = !DILocalVariable(name: "q", scope: [[B3:![0-9]+]]
; CHECK-DAG:   [[B3]] = distinct !DILexicalBlock(scope: [[SP3]]

; The copies' code carries the source lines of @h.
; ASM-LABEL: {{^}}h.as1:
; ASM:         .loc {{[0-9]+}} 4 7 prologue_end ; h.cl:4:7
; ASM-LABEL: {{^}}h.as3:
; ASM:         .loc {{[0-9]+}} 4 7 prologue_end ; h.cl:4:7

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "h.cl", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!5 = !DISubroutineType(types: !{})
!6 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!7 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !6, size: 64)
!10 = distinct !DISubprogram(name: "h", scope: !1, file: !1, line: 2, type: !5, scopeLine: 2, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !{!13})
!11 = distinct !DILexicalBlock(scope: !10, file: !1, line: 3, column: 3)
!12 = !DILocation(line: 2, scope: !10)
!13 = !DILocalVariable(name: "p", arg: 1, scope: !10, file: !1, line: 2, type: !7)
!14 = !DILocalVariable(name: "q", scope: !11, file: !1, line: 4, type: !7)
!15 = !DILocation(line: 4, column: 7, scope: !11)
!16 = !DILocation(line: 6, column: 7, scope: !11)
!17 = !DILocation(line: 1, column: 3, scope: !20, inlinedAt: !21)
!18 = distinct !DIAssignID()
!19 = !DILocalVariable(name: "w", scope: !11, file: !1, line: 5, type: !6)
!20 = distinct !DISubprogram(name: "leaf", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!21 = distinct !DILocation(line: 5, column: 7, scope: !11)
!22 = distinct !{!22, !15, !16}
!30 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 10, type: !5, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !{})
!32 = !DILocation(line: 11, column: 3, scope: !30)
!33 = !DILocation(line: 12, column: 3, scope: !30)
