; Freeze keeps its operand's space (space.c's transfer rules): a
; frozen local pointer is a local pointer, and the access through it is
; rewritten, with the freeze moved to the named space.
; RUN: gasp-opt -S --passes=infer %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:4 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
target triple = "spir64-unknown-unknown"

@tile = internal addrspace(3) global [4 x i32] undef, align 4

declare spir_func i64 @_Z12get_local_idj(i32)

; A local element's generic address, frozen, then written and read back.
; CHECK-LABEL: define spir_kernel void @k(
; CHECK: [[F:%.*]] = freeze ptr addrspace(3) %e
; CHECK: store i32 %v, ptr addrspace(3) [[F]]
; CHECK: load i32, ptr addrspace(3) [[F]]
define spir_kernel void @k(ptr addrspace(1) %out) {
  %i = call spir_func i64 @_Z12get_local_idj(i32 0)
  %e = getelementptr inbounds [4 x i32], ptr addrspace(3) @tile, i64 0, i64 %i
  %g = addrspacecast ptr addrspace(3) %e to ptr addrspace(4)
  %f = freeze ptr addrspace(4) %g
  %v = trunc i64 %i to i32
  store i32 %v, ptr addrspace(4) %f, align 4
  %r = load i32, ptr addrspace(4) %f, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}
