; RUN: gasp-opt -S --lower-generic=tags %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-opt -S --lower-generic=tags --passes=infer,lower %s -o %t.infer.ll
; RUN: gasp-run %s --kernel k --global 8 --local 8 --arg buf:i32:8 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 8 --local 8 --arg buf:i32:8 --check-as --compare %t.infer.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; A generic address an NVPTX inline asm makes with cvta.shared
; (src/target/casts.c, casts_asm_made) carries no tag, so under tags
; lower tags it at the asm's result: its bits as an integer, so that the
; value keeps its space through a private slot (clang's -O0 shape) and the
; inttoptr that reads it back.  Without it the accesses through the
; pointer dispatch to the global arm (gasp-run: an address-space
; violation, genprog --asm seed 3).
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@lt = internal addrspace(3) global [8 x i32] undef, align 4

; The generic address of a local slot, as clang -O0 writes genprog's asm_l.
; CHECK-LABEL: define internal ptr @asm_l(
; CHECK: %[[R:.*]] = call i64 asm "cvta.shared.u64 $0, $1;"
; CHECK: %[[P:.*]] = inttoptr i64 %[[R]] to ptr
; CHECK: or i64 %{{.*}}, 4611686018427387904
; CHECK: store i64 %{{.*}}, ptr
define internal ptr @asm_l(ptr addrspace(3) %p) noinline {
  %slot = alloca i64, align 8
  %i = ptrtoint ptr addrspace(3) %p to i64
  %g = call i64 asm "cvta.shared.u64 $0, $1;", "=l,l"(i64 %i)
  store i64 %g, ptr %slot, align 8
  %v = load i64, ptr %slot, align 8
  %q = inttoptr i64 %v to ptr
  ret ptr %q
}

; Writes each work-item's local slot through the asm's pointer and reads
; it back into the output.
define ptx_kernel void @k(ptr %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %l = getelementptr i32, ptr addrspace(3) @lt, i64 %idx
  %q = call ptr @asm_l(ptr addrspace(3) %l)
  %x = add i32 %tid, 7
  store i32 %x, ptr %q, align 4
  %v = load i32, ptr %q, align 4
  %o = getelementptr i32, ptr %out, i64 %idx
  store i32 %v, ptr %o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
