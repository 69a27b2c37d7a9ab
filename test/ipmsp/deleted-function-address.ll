; RUN: gasp-opt --whole-program %s -o /dev/null
; RUN: sed "s/define i32 @func_7/define internal i32 @func_7/" %s | gasp-opt - -o /dev/null
; RUN: sed "s/nvptx64-nvidia-cuda/amdgcn-amd-amdhsa/; s/ptx_kernel/amdgpu_kernel/" %s | gasp-opt --whole-program - -o /dev/null
; Regression (turn-4 repro wp_null_args_crash): a helper called only with null arguments,
; rewritten in place, left its old address to a new intrinsic declaration; ipmsp's record
; map must not take the new function for the deleted one (crash, exit 3).
target triple = "nvptx64-nvidia-cuda"
define i32 @func_7(ptr %0, ptr %1, ptr %2, i32 %3, i32 %4, ptr %5) {
  call void @llvm.memcpy.p0.p0.i64(ptr null, ptr %5, i64 0, i1 false)
  ret i32 0
}
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg)
define ptx_kernel void @entry(ptr %0) {
  %2 = call i32 @func_7(ptr null, ptr null, ptr null, i32 0, i32 0, ptr %0)
  ret void
}
