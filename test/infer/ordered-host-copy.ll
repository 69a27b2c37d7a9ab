; A private struct written field by field and then filled by the host's
; copy of a kernel's by-value argument: the copy overwrites every field,
; so a load after it must not take the earlier store in its block as the
; last write (it is not an access of the region, it is the host's fill).
; The field holds either the local pointer or the host's global one
; across the function, so the access stays generic; the load before the
; copy, after the store in its block, is local.  Execution is unchanged.
; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel refilled --global 4 --arg 'struct:buf:f32:4:iota;i32=0' --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%Args = type { ptr, i32 }

@tile = internal addrspace(3) global [4 x float] zeroinitializer, align 4

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

; CHECK-LABEL: define ptx_kernel void @refilled(
; CHECK: load float, ptr addrspace(3)
; CHECK: memcpy
; CHECK: load float, ptr %
define ptx_kernel void @refilled(ptr byval(%Args) align 8 %g) {
  %c = alloca %Args, align 8
  store ptr addrspacecast (ptr addrspace(3) @tile to ptr), ptr %c, align 8
  %l = load ptr, ptr %c, align 8
  %x = load float, ptr %l, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %c, ptr align 8 %g, i64 16, i1 false)
  %p = load ptr, ptr %c, align 8
  %y = load float, ptr %p, align 4
  %s = fadd float %x, %y
  store float %s, ptr %p, align 4
  ret void
}
