; HIP-style AMDGPU IR: ids from llvm.amdgcn.workitem.id / workgroup.id, the
; group size read from the dispatch packet (constant space), s.barrier, a
; private (addrspace 5) scratch slot.  out[g] = in[g] + group size; the first
; item of each group also writes is.private(&slot).
; RUN: rm -rf %t && gasp-run %s --kernel k --global 8 --local 4 --arg buf:i32:8:iota --arg buf:i32:8 --arg buf:i32:2 --check-as --dump %t
; RUN: od -An -t d4 -v %t/arg1.bin | FileCheck %s --check-prefix=OUT
; RUN: od -An -t d4 -v %t/arg2.bin | FileCheck %s --check-prefix=PRIV
; OUT:      4 5 6 7
; OUT-NEXT: 8 9 10 11
; PRIV: 1 1
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
declare void @llvm.amdgcn.s.barrier()
declare i1 @llvm.amdgcn.is.private(ptr)

define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %flag) {
  %slot = alloca i32, addrspace(5)
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %b = call i32 @llvm.amdgcn.workgroup.id.x()
  %dp = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %pws = getelementptr i8, ptr addrspace(4) %dp, i64 4
  %ws16 = load i16, ptr addrspace(4) %pws
  %ws = zext i16 %ws16 to i32
  %base = mul i32 %b, %ws
  %g = add i32 %base, %t
  %g64 = zext i32 %g to i64
  %pin = getelementptr i32, ptr addrspace(1) %in, i64 %g64
  %v = load i32, ptr addrspace(1) %pin
  store i32 %v, ptr addrspace(5) %slot
  call void @llvm.amdgcn.s.barrier()
  %v2 = load i32, ptr addrspace(5) %slot
  %s = add i32 %v2, %ws
  %pout = getelementptr i32, ptr addrspace(1) %out, i64 %g64
  store i32 %s, ptr addrspace(1) %pout
  %first = icmp eq i32 %t, 0
  br i1 %first, label %write, label %done
write:
  %flat = addrspacecast ptr addrspace(5) %slot to ptr
  %isp = call i1 @llvm.amdgcn.is.private(ptr %flat)
  %f = zext i1 %isp to i32
  %b64 = zext i32 %b to i64
  %pf = getelementptr i32, ptr addrspace(1) %flag, i64 %b64
  store i32 %f, ptr addrspace(1) %pf
  br label %done
done:
  ret void
}
