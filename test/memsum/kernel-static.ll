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
