target triple = "spir64"
define i32 @f(ptr addrspace(3) %l) {
  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %v = load i32, ptr addrspace(4) %g
  ret i32 %v
}
