; A global buffer cast to generic and then claimed to be local memory.
target triple = "spir64-unknown-unknown"

define spir_kernel void @bad(ptr addrspace(1) %g) !dbg !5 {
  %p = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %l = addrspacecast ptr addrspace(4) %p to ptr addrspace(3)
  store i32 1, ptr addrspace(3) %l, align 4, !dbg !8
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "bad.cl", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "bad", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocation(line: 3, column: 7, scope: !5)
