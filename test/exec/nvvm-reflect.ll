; An OpenCL build for nvptx64 that links libclc-22 and libdevice keeps
; libdevice's __nvvm_reflect calls until llc; gasp-run folds them as llc-22's
; NVVMReflect does: __CUDA_FTZ and __CUDA_PREC_SQRT from the module's flags
; (0 without), __CUDA_ARCH from the caller's target-cpu (sm_90: 900; without
; one llc-22's default sm_30: 300), any other name 0.  out[i] for a work-item
; i = the value of reflect name i, every access checked.
; RUN: rm -rf %t && gasp-run %s --kernel k --global 5 --local 5 --arg buf:i32:5 --check-as --dump %t
; RUN: od -An -t d4 -v %t/arg0.bin | FileCheck %s
; CHECK:      1 0 900 0
; CHECK-NEXT: 300
target triple = "nvptx64-nvidia-cuda"

@ftz = private unnamed_addr addrspace(1) constant [11 x i8] c"__CUDA_FTZ\00"
@sqrt = private unnamed_addr constant [17 x i8] c"__CUDA_PREC_SQRT\00"
@arch = private unnamed_addr constant [12 x i8] c"__CUDA_ARCH\00"
@other = private unnamed_addr constant [8 x i8] c"__OTHER\00"

declare i32 @__nvvm_reflect(ptr)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; The value of one reflect name at an sm_90 caller, and __CUDA_ARCH at a
; caller without a target-cpu.
define i32 @arch_default() {
  %a = call i32 @__nvvm_reflect(ptr @arch)
  ret i32 %a
}

; The kernel: work-item i stores the value of reflect name i.
define ptx_kernel void @k(ptr addrspace(1) %out) "target-cpu"="sm_90" {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %f = call i32 @__nvvm_reflect(ptr addrspacecast (ptr addrspace(1) @ftz to ptr))
  %s = call i32 @__nvvm_reflect(ptr @sqrt)
  %a = call i32 @__nvvm_reflect(ptr getelementptr inbounds ([12 x i8], ptr @arch, i64 0, i64 0))
  %o = call i32 @__nvvm_reflect(ptr @other)
  %d = call i32 @arch_default()
  %v = insertelement <5 x i32> poison, i32 %f, i32 0
  %v1 = insertelement <5 x i32> %v, i32 %s, i32 1
  %v2 = insertelement <5 x i32> %v1, i32 %a, i32 2
  %v3 = insertelement <5 x i32> %v2, i32 %o, i32 3
  %v4 = insertelement <5 x i32> %v3, i32 %d, i32 4
  %x = extractelement <5 x i32> %v4, i32 %t
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %x, ptr addrspace(1) %p
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 4, !"nvvm-reflect-ftz", i32 1}
