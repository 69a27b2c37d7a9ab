; @k traps when its argument is over 100 (CUDA's __trap() on a bad input);
; @instance is a template instance whose static check failed, all of whose
; body is the trap, as bitsandbytes' gemm_4bit_sm80<bf16,32,128,64> is;
; @ubsan traps through llvm.ubsantrap, HIP's @hip_abort through llvm.debugtrap.
target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {
entry:
  %c = icmp sgt i32 %n, 100
  br i1 %c, label %bad, label %ok
bad:
  call void @llvm.trap()
  unreachable
ok:
  store i32 7, ptr addrspace(1) %out
  ret void
}

define ptx_kernel void @instance(ptr addrspace(1) %out) {
  tail call void @llvm.trap()
  unreachable
}

define ptx_kernel void @ubsan(ptr addrspace(1) %out) {
  call void @llvm.ubsantrap(i8 3)
  unreachable
}

define ptx_kernel void @hip_abort(ptr addrspace(1) %out) {
  call void @llvm.debugtrap()
  store i32 1, ptr addrspace(1) %out
  ret void
}

declare void @llvm.trap()
declare void @llvm.debugtrap()
declare void @llvm.ubsantrap(i8)
