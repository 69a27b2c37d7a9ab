; @k divides by its argument; @deep recurses without end.
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
