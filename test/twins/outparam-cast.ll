; twins: an out-parameter handed to a helper as a cast of the stack slot
; (the cast placed at the entry, used by the call alone) whose caller reads
; what the helper wrote through the slot's generic address is still an
; out-parameter: the helper takes the generic address and names it at its
; entry, and the call passes the slot's generic address, as clang's build
; does, so the kernel keeps one frame base (OpenCL's `int4 a; conv(&a, ...);
; use(&a)`, bench/pipeline/opencl/convert_compare.cl).  A slot the caller
; also wrote before the call (in-out), or read through the cast itself
; before it, is no out-parameter; on NVPTX its private parameter is taken
; generic all the same (TgtSpace.args_generic), passed the slot's cast
; built at the call.
; RUN: gasp-opt -S --passes=twins -stats %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: FileCheck %s < %t.ll
; RUN: llc-22 -mcpu=sm_90 %t.ll -o - | FileCheck %s --check-prefix=PTX
; RUN: gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:16 --arg i32=3 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; STATS: 1 twins {{.*}}calls' stack-slot arguments the caller reads after the call, passed generic
; EXEC: identical
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Writes both words of its result through %p (the caller's out-parameter;
; checked at the module's end, where the retyped function goes).
define internal void @conv(ptr addrspace(5) %p, i32 %v) {
entry:
  store i32 %v, ptr addrspace(5) %p, align 4
  %q = getelementptr i32, ptr addrspace(5) %p, i32 1
  %w = mul i32 %v, 3
  store i32 %w, ptr addrspace(5) %q, align 4
  ret void
}

; Adds one to a word the caller wrote (in-out): generic, named at its
; entry (checked at the module's end).
define internal void @bump(ptr addrspace(5) %p) {
entry:
  %x = load i32, ptr addrspace(5) %p, align 4
  %y = add i32 %x, 1
  store i32 %y, ptr addrspace(5) %p, align 4
  ret void
}

; Reads two words through a generic pointer (clang's build's helper).
define internal i32 @sum(ptr %p) {
entry:
  %a = load i32, ptr %p, align 4
  %q = getelementptr i32, ptr %p, i32 1
  %b = load i32, ptr %q, align 4
  %s = add i32 %a, %b
  ret i32 %s
}

; The out-parameter %a is passed as its entry cast and read after the
; call through its generic address; %b is written before @bump's call.
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: call void @conv(ptr %a, i32 %v)
; CHECK: [[B:%.*]] = addrspacecast ptr addrspace(5) %b5 to ptr
; CHECK-NEXT: call void @bump(ptr [[B]])
; PTX-LABEL: .entry k(
; PTX-NOT: add.u64 %rd{{[0-9]+}}, %SPL, 0;
; PTX: call.uni conv,
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {
entry:
  %a = alloca [2 x i32], align 4
  %b = alloca i32, align 4
  %a5 = addrspacecast ptr %a to ptr addrspace(5)
  %b5 = addrspacecast ptr %b to ptr addrspace(5)
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %v = add i32 %tid, %n
  call void @llvm.lifetime.start.p0(ptr %a)
  call void @conv(ptr addrspace(5) %a5, i32 %v)
  %s = call i32 @sum(ptr %a)
  store i32 %s, ptr %b, align 4
  call void @bump(ptr addrspace(5) %b5)
  %r = load i32, ptr %b, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %o, align 4
  call void @llvm.lifetime.end.p0(ptr %a)
  ret void
}

; CHECK-LABEL: define internal void @conv(ptr %p, i32 %v)
; CHECK-NEXT: entry:
; CHECK-NEXT: addrspacecast ptr %p to ptr addrspace(5)
; CHECK-LABEL: define internal void @bump(ptr %p)
; CHECK-NEXT: entry:
; CHECK-NEXT: %p.private = addrspacecast ptr %p to ptr addrspace(5)
; CHECK-NEXT: load i32, ptr addrspace(5) %p.private
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)
