; A vector-predicated load through a generic pointer (as a vectorizer for a
; predicated target emits it): --lower-generic=tags cannot dispatch it, so
; gasp-opt refuses the module by name (README, "resolve and lower").
target triple = "spir64-unknown-unknown"

declare <4 x i32> @llvm.vp.load.v4i32.p4(ptr addrspace(4), <4 x i1>, i32)

define spir_kernel void @masked_sum(ptr addrspace(3) %l, ptr addrspace(1) %out, i32 %n) {
  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %v = call <4 x i32> @llvm.vp.load.v4i32.p4(ptr addrspace(4) %g, <4 x i1> splat (i1 true), i32 %n)
  store <4 x i32> %v, ptr addrspace(1) %out, align 16
  ret void
}
