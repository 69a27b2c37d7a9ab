; An index just before a buffer reaches no other arena, whatever the
; layout of the run: gasp-run keeps 1 MiB unmapped around each arena, so a
; read of in[-2] is outside every arena, checked (exit 3) or faulting, every
; time (the private arena could lie right below the global one before).
; RUN: for i in 1 2 3 4 5 6; do { gasp-run %s --kernel k --global 4 --arg buf:f32:4 --arg buf:f32:4 --check-as 2>&1 || true; } | grep -c 'outside every arena'; done | FileCheck %s
; CHECK-COUNT-6: 1
; RUN: not gasp-run %s --kernel k --global 4 --arg buf:f32:4 --arg buf:f32:4
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; out[t] = in[t - 2]: the first two work-items read before the buffer.
define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %j = sub i32 %t, 2
  %j64 = sext i32 %j to i64
  %p = getelementptr float, ptr addrspace(1) %in, i64 %j64
  %v = load float, ptr addrspace(1) %p
  %t64 = zext i32 %t to i64
  %q = getelementptr float, ptr addrspace(1) %out, i64 %t64
  store float %v, ptr addrspace(1) %q
  ret void
}
