; @k divides by its argument; @deep recurses without end; @huge has a frame
; larger than a work-item's largest stack, 64 MiB (it jumps over the guard
; page unless the code probes it); @wide has a 512 KiB frame, which fits
; any stack; @big a 4 MB one, which fits the stacks of a small group.
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %g, i32 %d) {
  %v = load i32, ptr addrspace(1) %g
  %q = sdiv i32 %v, %d
  store i32 %q, ptr addrspace(1) %g
  ret void
}
define internal void @rec(ptr %p, i32 %n) {
  %a = alloca [256 x i32]
  call void @rec(ptr %a, i32 %n)
  ret void
}
define spir_kernel void @deep(ptr addrspace(1) %g) {
  call void @rec(ptr null, i32 0)
  ret void
}
define spir_kernel void @huge(ptr addrspace(1) %g, i32 %i) {
  %a = alloca [20000000 x i32]
  %p = getelementptr inbounds i32, ptr %a, i32 %i
  store i32 7, ptr %p
  %v = load i32, ptr %p
  store i32 %v, ptr addrspace(1) %g
  ret void
}
define spir_kernel void @wide(ptr addrspace(1) %g, i32 %i) {
  %a = alloca [131072 x i32]
  %p = getelementptr inbounds i32, ptr %a, i32 %i
  store i32 7, ptr %p
  %v = load i32, ptr %p
  store i32 %v, ptr addrspace(1) %g
  ret void
}
define spir_kernel void @big(ptr addrspace(1) %g, i32 %i) {
  %a = alloca [1000000 x i32]
  %p = getelementptr inbounds i32, ptr %a, i32 %i
  store i32 7, ptr %p
  %v = load i32, ptr %p
  store i32 %v, ptr addrspace(1) %g
  ret void
}
