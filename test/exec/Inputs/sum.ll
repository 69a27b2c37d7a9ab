; out[i] = a[i] + b[i]
target triple = "spir64-unknown-unknown"
declare spir_func i64 @_Z13get_global_idj(i32)
define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out) {
  %i = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pa = getelementptr i32, ptr addrspace(1) %a, i64 %i
  %pb = getelementptr i32, ptr addrspace(1) %b, i64 %i
  %po = getelementptr i32, ptr addrspace(1) %out, i64 %i
  %x = load i32, ptr addrspace(1) %pa
  %y = load i32, ptr addrspace(1) %pb
  %s = add i32 %x, %y
  store i32 %s, ptr addrspace(1) %po
  ret void
}
