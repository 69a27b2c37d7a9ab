; Only work-items 0 and 1 reach the barrier.
target triple = "spir64-unknown-unknown"
declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func void @_Z7barrierj(i32)

define spir_kernel void @diverge(ptr addrspace(1) %g) {
  %l = call spir_func i64 @_Z12get_local_idj(i32 0)
  %c = icmp ult i64 %l, 2
  br i1 %c, label %b, label %e
b:
  call spir_func void @_Z7barrierj(i32 1)
  br label %e
e:
  ret void
}

; A kernel that never ends.
define spir_kernel void @spin(ptr addrspace(1) %g) {
  br label %l
l:
  %v = load volatile i32, ptr addrspace(1) %g
  %c = icmp eq i32 %v, 0
  br i1 %c, label %l, label %e
e:
  ret void
}

; A call nothing provides.
declare spir_func i32 @mystery(i32)
define spir_kernel void @unknown(ptr addrspace(1) %g) {
  %v = call spir_func i32 @mystery(i32 1)
  store i32 %v, ptr addrspace(1) %g
  ret void
}
