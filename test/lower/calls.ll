; Under tags every call that receives a generic pointer is
; looked up in the memory-access table first.  An intrinsic gasp does not
; model that may access memory through the pointer (llvm.vp.load, an IGC
; GenISA intrinsic, inline assembly) is refused by name before anything is
; rewritten; one that does not access memory through it gets the pointer
; with its tag cleared; llvm.ptrmask keeps the tag bits.
; RUN: split-file %s %t
; RUN: not gasp-opt --lower-generic=tags %t/vp.ll -o %t/out.bc 2>&1 | FileCheck %s --check-prefix=VP
; RUN: not test -e %t/out.bc
; RUN: not gasp-opt --lower-generic=tags %t/genisa.ll -o %t/out.bc 2>&1 | FileCheck %s --check-prefix=GENISA
; RUN: not test -e %t/out.bc
; RUN: not gasp-opt --lower-generic=tags %t/asm.ll -o %t/out.bc 2>&1 | FileCheck %s --check-prefix=ASM
; RUN: gasp-opt -S --lower-generic=tags --passes=lower %t/noaccess.ll -o - | FileCheck %s --check-prefix=NOACCESS
; VP: error: lower: @second: a generic pointer is passed to @llvm.vp.load.v4i32.p4, which may access memory through it and is not in gasp's memory-access table; a tagged pointer cannot go there; --lower-generic=tags refuses the module
; GENISA: error: lower: @k: a generic pointer is passed to @llvm.genx.GenISA.PredicatedLoad.i32.p4, which may access memory through it
; ASM: error: lower: @k: a generic pointer is passed to inline assembly, which may access memory through it

;--- vp.ll
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"
declare <4 x i32> @llvm.vp.load.v4i32.p4(ptr addrspace(4), <4 x i1>, i32)

; Fine on its own: tagged and dispatched (but the module is refused whole).
define spir_kernel void @first(ptr addrspace(3) %l) {
  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  store i32 1, ptr addrspace(4) %g, align 4
  ret void
}

; A vector-predicated load through a generic pointer: not modelled.
define spir_kernel void @second(ptr addrspace(3) %l, ptr addrspace(1) %out) {
  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %v = call <4 x i32> @llvm.vp.load.v4i32.p4(ptr addrspace(4) %g, <4 x i1> splat (i1 true), i32 4)
  store <4 x i32> %v, ptr addrspace(1) %out, align 16
  ret void
}

;--- genisa.ll
target triple = "spir64-unknown-unknown"
declare i32 @llvm.genx.GenISA.PredicatedLoad.i32.p4(ptr addrspace(4), i64, i1, i32)

; An IGC target intrinsic loading through a generic pointer: not modelled.
define spir_kernel void @k(ptr addrspace(3) %l, ptr addrspace(1) %out) {
  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %v = call i32 @llvm.genx.GenISA.PredicatedLoad.i32.p4(ptr addrspace(4) %g, i64 4, i1 true, i32 0)
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

;--- asm.ll
target triple = "spir64-unknown-unknown"

; Inline assembly given a generic pointer: what it does with it is unknown.
define spir_kernel void @k(ptr addrspace(3) %l) {
  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  call void asm sideeffect "st $0", "r"(ptr addrspace(4) %g)
  ret void
}

;--- noaccess.ll
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"
declare i64 @llvm.objectsize.i64.p4(ptr addrspace(4), i1, i1, i1)
declare ptr addrspace(4) @llvm.ptrmask.p4.i64(ptr addrspace(4), i64)

; objectsize never touches memory: it gets the pointer with the tag cleared.
; NOACCESS-LABEL: define spir_kernel void @size(
; NOACCESS: [[S:%.*]] = shl i64
; NOACCESS-NEXT: [[A:%.*]] = ashr i64 [[S]], 4
; NOACCESS-NEXT: [[C:%.*]] = inttoptr i64 [[A]] to ptr addrspace(4)
; NOACCESS-NEXT: call i64 @llvm.objectsize.i64.p4(ptr addrspace(4) [[C]],
define spir_kernel void @size(ptr addrspace(3) %l, ptr addrspace(1) %out) {
  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %n = call i64 @llvm.objectsize.i64.p4(ptr addrspace(4) %g, i1 false, i1 false, i1 false)
  store i64 %n, ptr addrspace(1) %out, align 8
  ret void
}

; ptrmask is pointer arithmetic: a mask clearing bits 61-63 is widened to keep them, so the tag travels.
; NOACCESS-LABEL: define spir_kernel void @mask(
; NOACCESS: call ptr addrspace(4) @llvm.ptrmask.p4.i64(ptr addrspace(4) %tagged{{.*}}, i64 -1152921504606846984)
define spir_kernel void @mask(ptr addrspace(3) %l) {
  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %m = call ptr addrspace(4) @llvm.ptrmask.p4.i64(ptr addrspace(4) %g, i64 1152921504606846968)
  store i32 1, ptr addrspace(4) %m, align 4
  ret void
}
