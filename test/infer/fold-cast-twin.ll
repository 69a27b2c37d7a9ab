; Regression (found by make stress, llvm-stress seed 40 on nvptx64): after
; resolve folded a space test, infer re-ran on the function, folded the
; generic-to-private cast of a generic (NVPTX: private) alloca and erased
; it, while the private->generic cast above it still handed out the erased
; value as its named twin: the rewritten icmp used a deleted instruction
; and the verifier crashed (segfault).
; The test's pointer may be null (a select of the alloca's address and
; null): otherwise it is the alloca's own address, or computed from it,
; never private null, and the test is true.
; RUN: gasp-opt -S --passes=resolve %s -o - | FileCheck %s
; RUN: gasp-opt -S %s -o - | FileCheck %s
; CHECK-LABEL: define i1 @f(i64 %n, i1 %c)
; CHECK-NEXT:  BB:
; CHECK-NEXT:    %A = alloca <16 x i64>, align 128
; CHECK-NEXT:    [[P:%.*]] = addrspacecast ptr %A to ptr addrspace(5)
; CHECK-NEXT:    [[S:%.*]] = getelementptr i8, ptr addrspace(5) [[P]], i64 %n
; CHECK-NEXT:    [[G:%.*]] = select i1 %c, ptr addrspace(5) [[S]], ptr addrspace(5) addrspacecast (ptr null to ptr addrspace(5))
; CHECK-NEXT:    %is = icmp ne ptr addrspace(5) [[G]], addrspacecast (ptr null to ptr addrspace(5))
; CHECK-NEXT:    ret i1 %is
; The alloca's own address: true.
; CHECK-LABEL: define i1 @own()
; CHECK-NEXT:  BB:
; CHECK-NEXT:    %A = alloca <16 x i64>, align 128
; CHECK-NEXT:    ret i1 true
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i1 @llvm.nvvm.isspacep.local(ptr)

define i1 @f(i64 %n, i1 %c) {
BB:
  %A = alloca <16 x i64>, align 128
  %0 = addrspacecast ptr %A to ptr addrspace(5)
  %1 = addrspacecast ptr addrspace(5) %0 to ptr
  %s = getelementptr i8, ptr %1, i64 %n
  %g = select i1 %c, ptr %s, ptr null
  %is = call i1 @llvm.nvvm.isspacep.local(ptr %g)
  ret i1 %is
}

define i1 @own() {
BB:
  %A = alloca <16 x i64>, align 128
  %0 = addrspacecast ptr %A to ptr addrspace(5)
  %1 = addrspacecast ptr addrspace(5) %0 to ptr
  %is = call i1 @llvm.nvvm.isspacep.local(ptr %1)
  ret i1 %is
}
