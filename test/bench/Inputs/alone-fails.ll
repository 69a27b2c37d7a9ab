; Two kernels for test/bench/public-alone-fails.test: @ok writes its buffer; @past reads
; 16 MiB past a private array of four words (past the work-item's stack).
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @ok(ptr addrspace(1) %out) {
  store i32 1, ptr addrspace(1) %out, align 4
  ret void
}
define ptx_kernel void @past(ptr addrspace(1) %out) {
  %a = alloca [4 x i32], align 4
  %p = getelementptr i32, ptr %a, i64 4194304
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}
