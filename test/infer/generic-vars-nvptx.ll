; RUN: gasp-opt --passes=infer -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:4 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; On NVPTX a global variable in the generic space (clang's string literals
; and tables in CUDA device code) lives in global memory: the back end
; moves it to .global.  Accesses through its address are global; a
; variable in another space keeps its own.
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@.str = private unnamed_addr constant [5 x i8] c"abcd\00", align 1
@tab = internal global [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; The string literal and the table are read (and the table written) as
; global memory.
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: load i8, ptr addrspace(1)
; CHECK: load i32, ptr addrspace(1)
; CHECK: store i32 {{.*}}, ptr addrspace(1) {{.*}}@tab
define ptx_kernel void @k(ptr %out) {
  %i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = getelementptr inbounds i8, ptr @.str, i32 %i
  %ch = load i8, ptr %c, align 1
  %t = getelementptr inbounds i32, ptr @tab, i32 %i
  %v = load i32, ptr %t, align 4
  %z = zext i8 %ch to i32
  %s = add i32 %v, %z
  store i32 %s, ptr @tab, align 4
  %o = getelementptr inbounds i32, ptr %out, i32 %i
  store i32 %s, ptr %o, align 4
  ret void
}
