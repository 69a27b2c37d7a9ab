; RUN: gasp-opt -S --passes=infer,pin -stats %s -o %t.pinned.ll 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: FileCheck %s < %t.pinned.ll
; RUN: gasp-opt -S --passes=forget %t.pinned.ll -o - | FileCheck %s --check-prefix=FORGET
; RUN: gasp-opt -S --passes=pin %t.pinned.ll -o - | FileCheck %s --check-prefix=AGAIN
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:8 --arg buf:i32:4:iota --arg i32=2 --check-as --compare %t.pinned.ll | FileCheck %s --check-prefix=EXEC
; pin holds the casts infer made of a kernel's generic pointer parameters
; in the entry block with a fake use marked !gasp.pin (what the plugin's
; early run leaves for LLVM's optimizer, so InstCombine does not sink a
; cast into one arm); forget removes the pins; a second pin adds none.
; STATS: 2 pin {{.*}}casts of kernel pointer parameters held in the entry block
; FORGET-NOT: llvm.fake.use
; FORGET: ret void
; AGAIN-COUNT-2: call void (...) @llvm.fake.use
; AGAIN-NOT: call void (...) @llvm.fake.use
; EXEC: identical
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Both parameters are used only past the entry block, one of them in one
; arm: each cast gets a pin right after it; the i32 parameter none.
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: [[B:%[0-9]+]] = addrspacecast ptr %b to ptr addrspace(1)
; CHECK-NEXT: call void (...) @llvm.fake.use(ptr addrspace(1) [[B]]), !gasp.pin
; CHECK: [[A:%[0-9]+]] = addrspacecast ptr %a to ptr addrspace(1)
; CHECK-NEXT: call void (...) @llvm.fake.use(ptr addrspace(1) [[A]]), !gasp.pin
; CHECK-NOT: llvm.fake.use
; CHECK: ret void
define ptx_kernel void @k(ptr %a, ptr %b, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %z = icmp eq i32 %t, 0
  br i1 %z, label %first, label %rest

first:
  %v = load i32, ptr %b, align 4
  store i32 %v, ptr %a, align 4
  br label %rest

rest:
  %p = getelementptr inbounds i32, ptr %a, i32 %t
  store i32 %n, ptr %p, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
