; RUN: gasp-opt -S --passes=infer %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:8 --arg i32=3 --check-as --compare %t.ll | FileCheck %s --check-prefix=SAME
; RUN: gasp-opt -S %s -o %t.def.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:8 --arg i32=3 --check-as --compare %t.def.ll | FileCheck %s --check-prefix=SAME
; SAME: identical
; On NVPTX, where a slot is a generic pointer, a slot whose only write is
; one copy of a constant global into its start (a private table a kernel
; initializes from a literal: clang's @__const.*) is left as it is: LLVM's
; InstCombine reads the constant instead of the slot, which it cannot once
; the slot is cast to the local space (SHOC fft -O2 on NVPTX: 32 more bytes
; of .local frame, +8% instructions).  A slot also written otherwise is
; named as before.
; RUN: clang-22 -cl-std=CL2.0 -Xclang -finclude-default-header -nogpulib -target nvptx64-nvidia-cuda -O2 -S %S/Inputs/constant-table.cl -o %t.clang.s
; RUN: clang-22 -cl-std=CL2.0 -Xclang -finclude-default-header -nogpulib -target nvptx64-nvidia-cuda -O2 -S %S/Inputs/constant-table.cl -o %t.plugin.s -fpass-plugin=%build/lib/gasp-plugin.so
; RUN: python3 %root/bench/finalcode_count.py ptx %t.clang.s > %t.counts
; RUN: python3 %root/bench/finalcode_count.py ptx %t.plugin.s >> %t.counts
; RUN: FileCheck %s --check-prefix=PTX < %t.counts
; The plugin's PTX of a kernel with such a table is clang's, column by column.
; PTX: generic=0 named=17 cvta=0 instrs=105 functions=2 nc=0 v2=0 v4=0 local=0
; PTX-NEXT: generic=0 named=17 cvta=0 instrs=105 functions=2 nc=0 v2=0 v4=0 local=0
; (plugin builds are not in the sanitized suite)
; UNSUPPORTED: asan
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@__const.k.rev = private unnamed_addr addrspace(4) constant [8 x i32] [i32 0, i32 4, i32 2, i32 6, i32 1, i32 5, i32 3, i32 7], align 4

; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: [[REV:%.*]] = alloca [8 x i32]
; CHECK-NOT: addrspacecast ptr [[REV]]
; CHECK: [[TMP:%.*]] = alloca [8 x i32]
; CHECK-NEXT: [[TMPL:%.*]] = addrspacecast ptr [[TMP]] to ptr addrspace(5)
; CHECK: call void @llvm.memcpy.p0.p4.i64(ptr align 4 [[REV]]
; CHECK: store i32 {{.*}}, ptr addrspace(5)
; CHECK: getelementptr inbounds [8 x i32], ptr [[REV]]
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {
entry:
  %rev = alloca [8 x i32], align 4
  %tmp = alloca [8 x i32], align 4
  call void @llvm.lifetime.start.p0(ptr %rev)
  call void @llvm.memcpy.p0.p4.i64(ptr align 4 %rev, ptr addrspace(4) align 4 @__const.k.rev, i64 32, i1 false)
  call void @llvm.memcpy.p0.p4.i64(ptr align 4 %tmp, ptr addrspace(4) align 4 @__const.k.rev, i64 32, i1 false)
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t1 = getelementptr inbounds [8 x i32], ptr %tmp, i64 0, i64 1
  store i32 %n, ptr %t1, align 4
  %i = and i32 %tid, 7
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds [8 x i32], ptr %rev, i64 0, i64 %i64
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds [8 x i32], ptr %tmp, i64 0, i64 %i64
  %w = load i32, ptr %q, align 4
  %s = add i32 %v, %w
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %s, ptr addrspace(1) %o, align 4
  call void @llvm.lifetime.end.p0(ptr %rev)
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.memcpy.p0.p4.i64(ptr, ptr addrspace(4), i64, i1)
declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)
