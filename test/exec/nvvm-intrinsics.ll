; CUDA-style NVPTX IR: work-item ids from llvm.nvvm.read.ptx.sreg.*, a
; module-scope shared array and counter, barriers as intrinsics.  Each block
; reverses its slice through shared memory; the shared counter starts fresh
; (zero) in every block, so out2[block] = block size.
; RUN: rm -rf %t && gasp-run %s --kernel rev --global 16 --local 4 --arg buf:i32:16:iota --arg buf:i32:16 --arg buf:i32:4 --check-as --dump %t
; RUN: od -An -t d4 -v %t/arg1.bin | FileCheck %s --check-prefix=REV
; RUN: od -An -t d4 -v %t/arg2.bin | FileCheck %s --check-prefix=COUNT
; REV:      3 2 1 0
; REV-NEXT: 7 6 5 4
; REV-NEXT: 11 10 9 8
; REV-NEXT: 15 14 13 12
; COUNT: 4 4 4 4
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [4 x i32] undef
@count = internal addrspace(3) global i32 undef

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

define ptx_kernel void @rev(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %out2) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = mul i32 %b, %n
  %g = add i32 %base, %t
  %g64 = zext i32 %g to i64
  %pin = getelementptr i32, ptr addrspace(1) %in, i64 %g64
  %v = load i32, ptr addrspace(1) %pin
  %t64 = zext i32 %t to i64
  %ps = getelementptr [4 x i32], ptr addrspace(3) @tile, i64 0, i64 %t64
  store i32 %v, ptr addrspace(3) %ps
  %old = atomicrmw add ptr addrspace(3) @count, i32 1 monotonic
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %nm1 = sub i32 %n, 1
  %r = sub i32 %nm1, %t
  %r64 = zext i32 %r to i64
  %pr = getelementptr [4 x i32], ptr addrspace(3) @tile, i64 0, i64 %r64
  %w = load i32, ptr addrspace(3) %pr
  %pout = getelementptr i32, ptr addrspace(1) %out, i64 %g64
  store i32 %w, ptr addrspace(1) %pout
  %first = icmp eq i32 %t, 0
  br i1 %first, label %write, label %done
write:
  %c = load i32, ptr addrspace(3) @count
  %b64 = zext i32 %b to i64
  %pc = getelementptr i32, ptr addrspace(1) %out2, i64 %b64
  store i32 %c, ptr addrspace(1) %pc
  br label %done
done:
  ret void
}
