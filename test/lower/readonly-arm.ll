; NVPTX constant memory has a tag of its own, so a function
; that constant pointers reach gets a constant arm — but only for reads: a
; store or atomic to constant memory cannot be expressed (llc-22 cannot
; select an atomic on addrspace(4)), and no valid program writes there.
; RUN: gasp-opt -S --lower-generic=tags --passes=lower %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: llc-22 -mtriple=nvptx64 -mcpu=sm_70 %t.ll -o /dev/null
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:4 --arg buf:i32:4 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
target triple = "nvptx64-nvidia-cuda"

@tab = internal addrspace(4) constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; Reads: an arm for constant memory, which reaches.
; CHECK-LABEL: define internal i32 @get(
; CHECK: switch i64 %tag, label %gen.global [
; CHECK-NEXT: i64 3, label %gen.constant
; CHECK: load i32, ptr addrspace(4)
define internal i32 @get(ptr %p) {
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

; An atomic add: no constant arm, so no switch at all (global, no branch).
; CHECK-LABEL: define internal void @bump(
; CHECK-NOT: switch
; CHECK: atomicrmw add ptr addrspace(1)
; CHECK-NEXT: ret void
define internal void @bump(ptr %p) {
  %o = atomicrmw add ptr %p, i32 1 monotonic, align 4
  ret void
}
; CHECK-NOT: atomicrmw add ptr addrspace(4)

; Reads the constant table through @get and bumps a global counter.
define ptx_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %cnt) {
  %i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %e = getelementptr inbounds [4 x i32], ptr addrspace(4) @tab, i32 0, i32 %i
  %g = addrspacecast ptr addrspace(4) %e to ptr
  %v = call i32 @get(ptr %g)
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %i
  store i32 %v, ptr addrspace(1) %o, align 4
  %c = addrspacecast ptr addrspace(1) %cnt to ptr
  call void @bump(ptr %c)
  ret void
}
