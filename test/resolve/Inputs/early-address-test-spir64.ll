; A helper every kernel passes global memory (spir64): the access whose address
; is also read as an integer waits in the early run, the others are made
; global (test/resolve/early-address-test.ll).
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"
define internal void @probe(ptr addrspace(4) %p, ptr addrspace(4) %bad, i64 %i) {
  %q = getelementptr inbounds i64, ptr addrspace(4) %p, i64 %i
  %v = load i64, ptr addrspace(4) %q, align 8
  %w = load i64, ptr addrspace(4) %p, align 8
  %s = add i64 %v, %w
  %a = ptrtoint ptr addrspace(4) %q to i64
  %ok = icmp eq i64 %s, %a
  br i1 %ok, label %done, label %count
count:
  %n = atomicrmw add ptr addrspace(4) %bad, i32 1 monotonic, align 4
  %m = atomicrmw add ptr addrspace(4) %bad, i32 1 monotonic, align 4
  br label %done
done:
  ret void
}
define spir_kernel void @check(ptr addrspace(1) %p, ptr addrspace(1) %bad) {
  %i = call i64 @_Z13get_global_idj(i32 0)
  %gp = addrspacecast ptr addrspace(1) %p to ptr addrspace(4)
  %gb = addrspacecast ptr addrspace(1) %bad to ptr addrspace(4)
  call void @probe(ptr addrspace(4) %gp, ptr addrspace(4) %gb, i64 %i)
  ret void
}
declare i64 @_Z13get_global_idj(i32)
