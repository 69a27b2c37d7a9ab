; RUN: gasp-opt -S %s -o - | FileCheck %s --check-prefix=AMD
; RUN: sed 's/amdgcn-amd-amdhsa/nvptx64-nvidia-cuda/; s/amdgpu_kernel/ptx_kernel/' %s | gasp-opt -S -o - | FileCheck %s --check-prefix=PTX
; The #dbg_values of generic values infer erases : a record
; follows the named twin where the target says a pointer of that space has
; the generic pointer's bits (AMDGPU global and constant: the cast to flat
; is a no-op), and otherwise LLVM's salvage rules keep what they can (a
; GEP's constant offset over its base) until the base goes too: an LDS
; address on AMDGPU, or any named address on NVPTX (and SPIR), is not the
; generic address it stands for, so the variable is then shown as
; optimized out (poison) rather than with a wrong value.
target triple = "amdgcn-amd-amdhsa"

; A global cast, a GEP over it and an LDS cast, each described by a variable.
define amdgpu_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %l) !dbg !10 {
  %c = addrspacecast ptr addrspace(1) %g to ptr, !dbg !12
    #dbg_value(ptr %c, !13, !DIExpression(), !12)
  %e = getelementptr inbounds i8, ptr %c, i64 16, !dbg !12
    #dbg_value(ptr %e, !14, !DIExpression(), !12)
  %cl = addrspacecast ptr addrspace(3) %l to ptr, !dbg !12
    #dbg_value(ptr %cl, !15, !DIExpression(), !12)
  %v = load i32, ptr %e, align 4, !dbg !12
  store i32 %v, ptr %cl, align 4, !dbg !12
  ret void, !dbg !12
}

; AMD-LABEL: define amdgpu_kernel void @k(
; AMD-NEXT:    #dbg_value(ptr addrspace(1) %g, [[C:![0-9]+]], !DIExpression(),
; AMD-NEXT:    %e = getelementptr inbounds i8, ptr addrspace(1) %g, i64 16
; AMD-NEXT:    #dbg_value(ptr addrspace(1) %e, [[E:![0-9]+]], !DIExpression(),
; AMD-NEXT:    #dbg_value(ptr poison, [[CL:![0-9]+]], !DIExpression(),
; AMD-DAG:   [[C]] = !DILocalVariable(name: "c"
; AMD-DAG:   [[E]] = !DILocalVariable(name: "e"
; AMD-DAG:   [[CL]] = !DILocalVariable(name: "cl"

; PTX-LABEL: define {{.*}}_kernel void @k(
; PTX-NEXT:    #dbg_value(ptr poison, [[C:![0-9]+]], !DIExpression(),
; PTX-NEXT:    %e = getelementptr inbounds i8, ptr addrspace(1) %g, i64 16
; PTX-NEXT:    #dbg_value(ptr poison, [[E:![0-9]+]], !DIExpression(DW_OP_plus_uconst, 16, DW_OP_stack_value),
; PTX-NEXT:    #dbg_value(ptr poison, [[CL:![0-9]+]], !DIExpression(),
; PTX-DAG:   [[C]] = !DILocalVariable(name: "c"
; PTX-DAG:   [[E]] = !DILocalVariable(name: "e"

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "s.cl", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!5 = !DISubroutineType(types: !{})
!6 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!7 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !6, size: 64)
!10 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !{})
!12 = !DILocation(line: 2, scope: !10)
!13 = !DILocalVariable(name: "c", scope: !10, file: !1, line: 2, type: !7)
!14 = !DILocalVariable(name: "e", scope: !10, file: !1, line: 2, type: !7)
!15 = !DILocalVariable(name: "cl", scope: !10, file: !1, line: 2, type: !7)
