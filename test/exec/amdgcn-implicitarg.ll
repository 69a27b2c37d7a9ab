; HIP code (code object v5) reads blockDim and gridDim from the implicit
; kernel arguments, llvm.amdgcn.implicitarg.ptr: block counts (u32 at 0),
; work-group sizes (u16 at 12), the number of dimensions (u16 at 64); ROCm
; 5's __syncthreads fences with __atomic_work_item_fence.  out[g] = group
; size * 100 + block count * 10 + dimensions, every access checked.
; RUN: rm -rf %t && gasp-run %s --kernel k --global 12 --local 4 --arg buf:i32:12 --check-as --dump %t
; RUN: od -An -t d4 -v %t/arg0.bin | FileCheck %s
; CHECK:      431 431 431 431
; CHECK-NEXT: 431 431 431 431
; CHECK-NEXT: 431 431 431 431
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
declare void @__atomic_work_item_fence(i32, i32, i32)
declare void @llvm.amdgcn.s.barrier()

; The kernel: one value per work-item from the implicit arguments.
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %b = call i32 @llvm.amdgcn.workgroup.id.x()
  %ia = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %count = load i32, ptr addrspace(4) %ia
  %pws = getelementptr i8, ptr addrspace(4) %ia, i64 12
  %ws16 = load i16, ptr addrspace(4) %pws
  %ws = zext i16 %ws16 to i32
  %pdims = getelementptr i8, ptr addrspace(4) %ia, i64 64
  %dims16 = load i16, ptr addrspace(4) %pdims
  %dims = zext i16 %dims16 to i32
  call void @__atomic_work_item_fence(i32 3, i32 3, i32 2)
  call void @llvm.amdgcn.s.barrier()
  %base = mul i32 %b, %ws
  %g = add i32 %base, %t
  %g64 = zext i32 %g to i64
  %h = mul i32 %ws, 100
  %c10 = mul i32 %count, 10
  %v1 = add i32 %h, %c10
  %v = add i32 %v1, %dims
  %pout = getelementptr i32, ptr addrspace(1) %out, i64 %g64
  store i32 %v, ptr addrspace(1) %pout
  ret void
}
