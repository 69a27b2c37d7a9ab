; RUN: gasp-opt -pass-remarks=resolve -S --passes=resolve %s -o %t.ll 2>%t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:12:iota --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt -S %s -o %t.all.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:12:iota --check-as --compare %t.all.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt -S --lower-generic=tags --passes=lower %s -o %t.tags.ll
; RUN: FileCheck %s --check-prefix=TAGS < %t.tags.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:12:iota --check-as --compare %t.tags.ll | FileCheck %s --check-prefix=EXEC
; RUN: sed '/^@llvm.compiler.used/{s/^@llvm.compiler.used = appending/@table = internal/;s/, section "llvm.metadata"//;}' %s > %t.user.ll
; RUN: gasp-opt -S --passes=resolve %t.user.ll -o - | FileCheck %s --check-prefix=USER
; LLVM's own lists are not what a kernel's generic pointers may point to:
; CUDA lists its __constant__ variables in @llvm.compiler.used as generic
; casts, which no instruction reads, so they add no space to what a
; kernel's pointers reach, and a pointer loaded from memory that only a
; global buffer was cast into is global.  A variable of the program holding
; the same cast may be loaded and dereferenced: then the constant space
; reaches every kernel and the access stays generic.  Under tag lowering
; the list no longer adds a constant arm to every dispatch.
target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tab = internal addrspace(4) constant [4 x i32] [i32 10, i32 20, i32 30, i32 40], align 4
@slot = internal addrspace(1) global ptr null, align 8
@llvm.compiler.used = appending global [1 x ptr] [ptr addrspacecast (ptr addrspace(4) @tab to ptr)], section "llvm.metadata"

; The helper reads twice through the pointer the kernel left in @slot,
; where only the kernel's global buffer was cast to generic: made global.
; CHECK-LABEL: define internal i32 @read(
; CHECK: load i32, ptr addrspace(1)
; REMARK: remark: {{.*}}: generic pointers may point to global; 0 explicit casts folded, 2 accesses made global
; Tag lowering dispatches on global alone: no constant arm.
; TAGS-LABEL: define internal i32 @read(
; TAGS-NOT: switch
; TAGS: load i32, ptr addrspace(1)
; TAGS-NOT: switch
; TAGS: ret i32
; USER-LABEL: define internal i32 @read(
; USER: load i32, ptr %
define internal i32 @read(i32 %i) noinline {
  %p = load ptr, ptr addrspace(1) @slot, align 8
  %a = getelementptr inbounds i32, ptr %p, i32 %i
  %x = load i32, ptr %a, align 4
  %a1 = getelementptr inbounds i32, ptr %a, i32 1
  %y = load i32, ptr %a1, align 4
  %v = add i32 %x, %y
  ret i32 %v
}

define ptx_kernel void @k(ptr addrspace(1) %buf) {
  %id = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %g = addrspacecast ptr addrspace(1) %buf to ptr
  %b = getelementptr inbounds i32, ptr %g, i32 4
  store ptr %b, ptr addrspace(1) @slot, align 8
  %v = call i32 @read(i32 %id)
  %o = getelementptr inbounds i32, ptr addrspace(1) %buf, i32 %id
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; EXEC: identical
