; A function with a frame reached through both %SPL and %SP, a local
; pointer parameter and a global store; a kernel whose frame is reached
; through %SPL alone (no cvta.local of the depot), with a read-only (.nc)
; load, a shared load and a global store.
target triple = "nvptx64-nvidia-cuda"

@sm = internal addrspace(3) global [64 x i32] poison, align 4

declare void @g(ptr)

define void @f(ptr %p, i32 %n) {
  %a = alloca [8 x i32], align 4
  %l = addrspacecast ptr %a to ptr addrspace(5)
  store i32 %n, ptr addrspace(5) %l
  %q = getelementptr i32, ptr addrspace(5) %l, i32 %n
  store i32 3, ptr addrspace(5) %q
  call void @g(ptr %a)
  %v = load i32, ptr addrspace(5) %l
  %pl = addrspacecast ptr %p to ptr addrspace(5)
  store i32 %v, ptr addrspace(5) %pl
  %pg = addrspacecast ptr %p to ptr addrspace(1)
  store i32 %v, ptr addrspace(1) %pg
  ret void
}

define ptx_kernel void @k(ptr addrspace(1) noalias readonly captures(none) %in, ptr addrspace(1) noalias %out, i32 %n) {
  %a = alloca [8 x i32], align 4
  %l = addrspacecast ptr %a to ptr addrspace(5)
  %q = getelementptr i32, ptr addrspace(5) %l, i32 %n
  store volatile i32 3, ptr addrspace(5) %q
  %v = load volatile i32, ptr addrspace(5) %l
  %x = load i32, ptr addrspace(1) %in
  %sq = getelementptr i32, ptr addrspace(3) @sm, i32 %n
  %s = load i32, ptr addrspace(3) %sq
  %t = add i32 %v, %x
  %u = add i32 %t, %s
  store i32 %u, ptr addrspace(1) %out
  ret void
}

; qualifiers before the space: volatile, acquire/release, atomics
define void @h(ptr addrspace(1) %p, ptr addrspace(5) %l) {
  %v = load volatile i32, ptr addrspace(1) %p
  store volatile i32 %v, ptr addrspace(5) %l
  %a = atomicrmw add ptr addrspace(1) %p, i32 1 monotonic
  %b = load atomic i32, ptr addrspace(1) %p acquire, align 4
  store atomic i32 %b, ptr addrspace(1) %p release, align 4
  ret void
}
