; RUN: gasp-opt -S %s -o %t.ll
; RUN: gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:4 --dynamic-local 16 --check-as --dump %t.d | FileCheck %s
; RUN: od -An -tu4 %t.d/arg0.bin | FileCheck %s --check-prefix=VALUES
; RUN: gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:4 --dynamic-local=16 --check-as --compare %t.ll | FileCheck %s --check-prefix=SAME
; RUN: not gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:4 2>&1 | FileCheck %s --check-prefix=NOSIZE
; RUN: not gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:4 --dynamic-local 0 2>&1 | FileCheck %s --check-prefix=BAD
; gasp-run runs a kernel with CUDA's dynamic shared memory (`extern
; __shared__ int dyn[]`, an undefined addrspace(3) variable): --dynamic-local
; gives the launch's size; every such variable starts at the same address
; (@dyn and @dyn2 below), fresh per group like other local memory.
; CHECK: arg0: 4 x i32
; VALUES: 2 4 6 0
; SAME: identical
; NOSIZE: error: local variable '@dyn' is undefined (extern __shared__): give the dynamic local memory's size with --dynamic-local BYTES
; BAD: bad --dynamic-local '0'
target triple = "nvptx64-nvidia-cuda"

@dyn = external addrspace(3) global [0 x i32], align 4
@dyn2 = external addrspace(3) global [0 x i32], align 4

; Each thread writes 2*t through one name and reads its neighbour's slot
; through the other, after a barrier.
define ptx_kernel void @k(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %g = addrspacecast ptr addrspace(3) @dyn to ptr
  %p = getelementptr inbounds i32, ptr %g, i64 %t64
  %v = shl i32 %t, 1
  store i32 %v, ptr %p, align 4
  call void @llvm.nvvm.barrier0()
  %n = add i32 %t, 1
  %m = and i32 %n, 3
  %m64 = zext i32 %m to i64
  %q = getelementptr inbounds i32, ptr addrspace(3) @dyn2, i64 %m64
  %w = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr inbounds i32, ptr %out, i64 %t64
  store i32 %w, ptr %o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
