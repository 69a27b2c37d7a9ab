; A kernel's static local in the workgroup space (`__shared__ T *s` in a
; C++ template kernel, linkonce_odr, named _ZZ<the kernel>E<name>: HeCBench
; quicksort's lqsort_kernel<T>) holds what that kernel's own code stores
; there: only its body may name it, every other copy of the kernel is the
; same code, and the variable lives per block.  So a pointer loaded from it
; is named by what the kernel stored (local), even where shared memory at
; large also holds a global pointer (@gp).  The same variable at namespace
; scope, a device function's static, or one whose address leaves its loads
; and stores gets no such name: outside code may write it.
; RUN: split-file %s %t
;
; The kernel's static: local, though @gp makes shared memory hold global
; pointers too.
; RUN: gasp-opt -S %t/kernel.ll -o %t/kernel.gasp.ll
; RUN: FileCheck %s --check-prefix=KERNEL < %t/kernel.gasp.ll
; RUN: gasp-run %t/kernel.ll --kernel _Z1kIiEvPii --global 4 --arg buf:i32:4 --arg i32=1 --check-as --compare %t/kernel.gasp.ll | FileCheck %s --check-prefix=EXEC
; KERNEL-LABEL: define weak_odr ptx_kernel void @_Z1kIiEvPii(
; KERNEL: store i32 7, ptr addrspace(3)
; KERNEL: load i32, ptr addrspace(3)
; EXEC: identical
; ANY-LABEL: define weak_odr {{.*}}void @_Z1kIiEvPii(
; ANY: store i32 7, ptr addrspace(3)
; ANY: load i32, ptr addrspace(3)
;
; The same on amdgcn (a HIP template kernel) and spir64 (SYCL's or OpenCL
; C++'s), where the workgroup space is 3 too.
; RUN: gasp-opt -S %t/amdgcn.ll -o %t/amdgcn.gasp.ll
; RUN: FileCheck %s --check-prefix=ANY < %t/amdgcn.gasp.ll
; RUN: gasp-run %t/amdgcn.ll --kernel _Z1kIiEvPii --global 4 --arg buf:i32:4 --arg i32=1 --check-as --compare %t/amdgcn.gasp.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt -S %t/spir.ll -o %t/spir.gasp.ll
; RUN: FileCheck %s --check-prefix=ANY < %t/spir.gasp.ll
; RUN: gasp-run %t/spir.ll --kernel _Z1kIiEvPii --global 4 --arg buf:i32:4 --arg i32=1 --check-as --compare %t/spir.gasp.ll | FileCheck %s --check-prefix=EXEC
;
; A namespace-scope linkonce_odr variable (an inline variable: any code of
; any translation unit may name it) and a static of a device function
; (outside kernels may call it) stay generic: shared memory holds global and
; local pointers.
; RUN: gasp-opt -S -pass-remarks-missed=gasp %t/others.ll -o %t/others.gasp.ll 2>&1 | FileCheck %s --check-prefix=OTHERS
; RUN: FileCheck %s --check-prefix=OTHERSIR < %t/others.gasp.ll
; OTHERS-COUNT-2: remark: {{.*}}store stays generic: loaded from memory that holds different spaces (global, local;
; OTHERSIR-LABEL: define weak_odr ptx_kernel void @_Z1kIiEvPii(
; OTHERSIR: store i32 1, ptr %
; OTHERSIR: store i32 2, ptr %
;
; A kernel's static whose address is handed to an external function: that
; function may write any pointer there.
; RUN: gasp-opt -S %t/escape.ll -o - | FileCheck %s --check-prefix=ESCAPE
; ESCAPE-LABEL: define weak_odr ptx_kernel void @_Z1kIiEvPii(
; ESCAPE: store i32 3, ptr %

;--- kernel.ll
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

$_ZZ1kIiEvPiiE1s = comdat any
@_ZZ1kIiEvPiiE1s = linkonce_odr dso_local local_unnamed_addr addrspace(3) global ptr undef, comdat, align 8
@_ZZ1kIiEvPiiE3buf = internal addrspace(3) global [4 x i32] undef, align 4
@gp = internal addrspace(3) global ptr undef, align 8

declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define weak_odr ptx_kernel void @_Z1kIiEvPii(ptr %out, i32 %i) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store ptr addrspacecast (ptr addrspace(3) @_ZZ1kIiEvPiiE3buf to ptr), ptr addrspacecast (ptr addrspace(3) @_ZZ1kIiEvPiiE1s to ptr), align 8
  store ptr %out, ptr addrspacecast (ptr addrspace(3) @gp to ptr), align 8
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %p = load ptr, ptr addrspacecast (ptr addrspace(3) @_ZZ1kIiEvPiiE1s to ptr), align 8
  %q = getelementptr i32, ptr %p, i32 %t
  store i32 7, ptr %q, align 4
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %r = getelementptr i32, ptr %p, i32 %i
  %v = load i32, ptr %r, align 4
  %g = load ptr, ptr addrspacecast (ptr addrspace(3) @gp to ptr), align 8
  %o = getelementptr i32, ptr %g, i32 %t
  store i32 %v, ptr %o, align 4
  ret void
}

;--- others.ll
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

$_Z6inlvar = comdat any
$_ZZ6helperPiE1s = comdat any
@_Z6inlvar = linkonce_odr dso_local addrspace(3) global ptr undef, comdat, align 8
@_ZZ6helperPiE1s = linkonce_odr dso_local addrspace(3) global ptr undef, comdat, align 8
@buf = internal addrspace(3) global [4 x i32] undef, align 4
@gp = internal addrspace(3) global ptr undef, align 8

define linkonce_odr void @_Z6helperPi(ptr %b) {
  store ptr %b, ptr addrspacecast (ptr addrspace(3) @_ZZ6helperPiE1s to ptr), align 8
  ret void
}

define weak_odr ptx_kernel void @_Z1kIiEvPii(ptr %out, i32 %i) {
entry:
  store ptr %out, ptr addrspacecast (ptr addrspace(3) @gp to ptr), align 8
  store ptr addrspacecast (ptr addrspace(3) @buf to ptr), ptr addrspacecast (ptr addrspace(3) @_Z6inlvar to ptr), align 8
  store ptr addrspacecast (ptr addrspace(3) @buf to ptr), ptr addrspacecast (ptr addrspace(3) @_ZZ6helperPiE1s to ptr), align 8
  %a = load ptr, ptr addrspacecast (ptr addrspace(3) @_Z6inlvar to ptr), align 8
  store i32 1, ptr %a, align 4
  %b = load ptr, ptr addrspacecast (ptr addrspace(3) @_ZZ6helperPiE1s to ptr), align 8
  store i32 2, ptr %b, align 4
  ret void
}

;--- escape.ll
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

$_ZZ1kIiEvPiiE1e = comdat any
@_ZZ1kIiEvPiiE1e = linkonce_odr dso_local addrspace(3) global ptr undef, comdat, align 8
@buf = internal addrspace(3) global [4 x i32] undef, align 4

declare void @ext(ptr)

define weak_odr ptx_kernel void @_Z1kIiEvPii(ptr %out, i32 %i) {
entry:
  store ptr addrspacecast (ptr addrspace(3) @buf to ptr), ptr addrspacecast (ptr addrspace(3) @_ZZ1kIiEvPiiE1e to ptr), align 8
  call void @ext(ptr addrspacecast (ptr addrspace(3) @_ZZ1kIiEvPiiE1e to ptr))
  %c = load ptr, ptr addrspacecast (ptr addrspace(3) @_ZZ1kIiEvPiiE1e to ptr), align 8
  store i32 3, ptr %c, align 4
  ret void
}

;--- amdgcn.ll
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

$_ZZ1kIiEvPiiE1s = comdat any
@_ZZ1kIiEvPiiE1s = linkonce_odr dso_local local_unnamed_addr addrspace(3) global ptr undef, comdat, align 8
@_ZZ1kIiEvPiiE3buf = internal addrspace(3) global [4 x i32] undef, align 4
@gp = internal addrspace(3) global ptr undef, align 8

declare void @llvm.amdgcn.s.barrier()
declare i32 @llvm.amdgcn.workitem.id.x()

define weak_odr amdgpu_kernel void @_Z1kIiEvPii(ptr %out, i32 %i) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  store ptr addrspacecast (ptr addrspace(3) @_ZZ1kIiEvPiiE3buf to ptr), ptr addrspacecast (ptr addrspace(3) @_ZZ1kIiEvPiiE1s to ptr), align 8
  store ptr %out, ptr addrspacecast (ptr addrspace(3) @gp to ptr), align 8
  call void @llvm.amdgcn.s.barrier()
  %p = load ptr, ptr addrspacecast (ptr addrspace(3) @_ZZ1kIiEvPiiE1s to ptr), align 8
  %q = getelementptr i32, ptr %p, i32 %t
  store i32 7, ptr %q, align 4
  call void @llvm.amdgcn.s.barrier()
  %r = getelementptr i32, ptr %p, i32 %i
  %v = load i32, ptr %r, align 4
  %g = load ptr, ptr addrspacecast (ptr addrspace(3) @gp to ptr), align 8
  %o = getelementptr i32, ptr %g, i32 %t
  store i32 %v, ptr %o, align 4
  ret void
}

;--- spir.ll
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

$_ZZ1kIiEvPiiE1s = comdat any
@_ZZ1kIiEvPiiE1s = linkonce_odr dso_local local_unnamed_addr addrspace(3) global ptr addrspace(4) undef, comdat, align 8
@_ZZ1kIiEvPiiE3buf = internal addrspace(3) global [4 x i32] undef, align 4
@gp = internal addrspace(3) global ptr addrspace(4) undef, align 8

declare spir_func void @_Z7barrierj(i32)
declare spir_func i64 @_Z12get_local_idj(i32)

define weak_odr spir_kernel void @_Z1kIiEvPii(ptr addrspace(4) %out, i32 %i) {
entry:
  %t64 = call spir_func i64 @_Z12get_local_idj(i32 0)
  %t = trunc i64 %t64 to i32
  store ptr addrspace(4) addrspacecast (ptr addrspace(3) @_ZZ1kIiEvPiiE3buf to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(3) @_ZZ1kIiEvPiiE1s to ptr addrspace(4)), align 8
  store ptr addrspace(4) %out, ptr addrspace(4) addrspacecast (ptr addrspace(3) @gp to ptr addrspace(4)), align 8
  call spir_func void @_Z7barrierj(i32 1)
  %p = load ptr addrspace(4), ptr addrspace(4) addrspacecast (ptr addrspace(3) @_ZZ1kIiEvPiiE1s to ptr addrspace(4)), align 8
  %q = getelementptr i32, ptr addrspace(4) %p, i32 %t
  store i32 7, ptr addrspace(4) %q, align 4
  call spir_func void @_Z7barrierj(i32 1)
  %r = getelementptr i32, ptr addrspace(4) %p, i32 %i
  %v = load i32, ptr addrspace(4) %r, align 4
  %g = load ptr addrspace(4), ptr addrspace(4) addrspacecast (ptr addrspace(3) @gp to ptr addrspace(4)), align 8
  %o = getelementptr i32, ptr addrspace(4) %g, i32 %t
  store i32 %v, ptr addrspace(4) %o, align 4
  ret void
}
