; RUN: gasp-opt -S --lower-generic=tags %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:8:iota --arg i32=0 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:8:iota --arg i32=1 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: sed '/^@llvm.compiler.used/{s/^@llvm.compiler.used = appending/@table = internal/;s/, section "llvm.metadata"//;}' %s > %t.user.ll
; RUN: not gasp-opt -S --lower-generic=tags %t.user.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=USER
; LLVM's own lists need no tag: CUDA puts the __constant__ variables the host
; names into @llvm.compiler.used as generic casts, which no instruction reads,
; so tag lowering keeps the lists as they are where it refused the module;
; a variable of the program whose initializer holds such a cast is still
; refused (its pointers may be loaded and dereferenced).
target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tab = internal addrspace(4) constant [4 x i32] [i32 10, i32 20, i32 30, i32 40], align 4
@llvm.compiler.used = appending global [1 x ptr] [ptr addrspacecast (ptr addrspace(4) @tab to ptr)], section "llvm.metadata"
@llvm.used = appending global [1 x ptr] [ptr addrspacecast (ptr addrspace(4) @tab to ptr)], section "llvm.metadata"

; CHECK: @llvm.compiler.used = appending global [1 x ptr] [ptr addrspacecast (ptr addrspace(4) @tab to ptr)], section "llvm.metadata"
; CHECK: @llvm.used = appending global [1 x ptr] [ptr addrspacecast (ptr addrspace(4) @tab to ptr)], section "llvm.metadata"
; A helper reads a generic pointer to the constant table or to the buffer: dispatched.
; CHECK-LABEL: define internal i32 @read(
; CHECK: switch
define internal i32 @read(ptr %p, i32 %i) noinline {
  %a = getelementptr inbounds i32, ptr %p, i32 %i
  %v = load i32, ptr %a, align 4
  ret i32 %v
}

define ptx_kernel void @k(ptr addrspace(1) %buf, i32 %sel) {
  %id = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = and i32 %id, 3
  %g = addrspacecast ptr addrspace(1) %buf to ptr
  %c = addrspacecast ptr addrspace(4) @tab to ptr
  %odd = icmp ne i32 %sel, 0
  %p = select i1 %odd, ptr %c, ptr %g
  %v = call i32 @read(ptr %p, i32 %i)
  %o = getelementptr inbounds i32, ptr addrspace(1) %buf, i32 %id
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; EXEC: identical
; USER: error: lower: @table: the initializer holds a pointer cast to generic that needs a tag; a constant cannot carry one
