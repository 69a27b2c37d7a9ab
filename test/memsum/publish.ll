; RUN: gasp-opt --whole-program -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:f32:4 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; A pointer loaded from global memory that holds only global pointers
; (what the host and the initializer wrote) is handed to a helper: the
; call gets `addrspacecast (addrspacecast p to global) to generic`, so the
; helper is specialized for global memory (and LLVM's passes after gasp
; still see the space once the helper is inlined).
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@data = internal addrspace(1) global [4 x float] [float 1.0, float 2.0, float 3.0, float 4.0]
@table = addrspace(1) global ptr addrspacecast (ptr addrspace(1) @data to ptr), align 8

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; The kernel passes the loaded table pointer as a global one.
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: [[T:%.*]] = load ptr, ptr addrspace(1) @table
; CHECK: [[G:%.*]] = addrspacecast ptr [[T]] to ptr addrspace(1)
; CHECK: call float @sum2(ptr addrspace(1) [[G]]
define ptx_kernel void @k(ptr %out) {
  %i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = load ptr, ptr addrspace(1) @table, align 8
  %s = call float @sum2(ptr %t, i32 %i)
  %o = getelementptr inbounds float, ptr %out, i32 %i
  store float %s, ptr %o, align 4
  ret void
}

; The helper reads global memory.
; CHECK-LABEL: define internal float @sum2(ptr addrspace(1)
; CHECK: load float, ptr addrspace(1)
define float @sum2(ptr %p, i32 %i) noinline {
  %a = getelementptr inbounds float, ptr %p, i32 %i
  %x = load float, ptr %a, align 4
  %y = load float, ptr %p, align 4
  %s = fadd float %x, %y
  ret float %s
}
