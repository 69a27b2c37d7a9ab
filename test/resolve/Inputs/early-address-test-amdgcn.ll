; A helper every kernel passes global memory (amdgcn): the access whose address
; is also read as an integer waits in the early run, the others are made
; global (test/resolve/early-address-test.ll).
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"
define internal void @probe(ptr %p, ptr %bad, i64 %i) {
  %q = getelementptr inbounds i64, ptr %p, i64 %i
  %v = load i64, ptr %q, align 8
  %w = load i64, ptr %p, align 8
  %s = add i64 %v, %w
  %a = ptrtoint ptr %q to i64
  %ok = icmp eq i64 %s, %a
  br i1 %ok, label %done, label %count
count:
  %n = atomicrmw add ptr %bad, i32 1 monotonic, align 4
  %m = atomicrmw add ptr %bad, i32 1 monotonic, align 4
  br label %done
done:
  ret void
}
define amdgpu_kernel void @check(ptr addrspace(1) %p, ptr addrspace(1) %bad) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %i = zext i32 %t to i64
  %gp = addrspacecast ptr addrspace(1) %p to ptr
  %gb = addrspacecast ptr addrspace(1) %bad to ptr
  call void @probe(ptr %gp, ptr %gb, i64 %i)
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
