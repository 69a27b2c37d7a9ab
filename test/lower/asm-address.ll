; RUN: split-file %s %t
; RUN: gasp-opt -S --lower-generic=tags --passes=lower %t/main.ll -o %t/main.tags.ll
; RUN: FileCheck %s < %t/main.tags.ll
; RUN: gasp-opt -S --lower-generic=tags %t/main.ll -o %t/main.all.ll
; RUN: gasp-run %t/main.ll --kernel k --global 8 --local 8 --arg buf:i32:8 --check-as --compare %t/main.tags.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %t/main.ll --kernel k --global 8 --local 8 --arg buf:i32:8 --check-as --compare %t/main.all.ll | FileCheck %s --check-prefix=EXEC
; RUN: not gasp-opt -S --lower-generic=tags --passes=lower %t/moved.ll -o %t/moved.out 2>&1 | FileCheck %s --check-prefix=MOVED
; RUN: not test -e %t/moved.out
; EXEC: identical
; MOVED: error: lower: @bits: a generic pointer is passed to inline assembly, which may access memory through it
; Under tags, a generic pointer an NVPTX inline asm only dereferences
; (`ld.u32 $0, [$1]`, a predicated `st.u32 [$0], $1`: target/asmfx.c reads
; every statement, and the pointer's bits reach no output and no store)
; is handed untagged, the address the hardware reads; one whose bits the
; asm hands on (`mov.b64`) still makes lower refuse the module, with its
; message (test/lower/errors.ll has the other refusals).
;--- main.ll
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@lt = internal addrspace(3) global [8 x i32] undef, align 4

; Loads through a generic pointer to a private, a shared or a global slot
; (a run-time pick) and stores through it, both in asm: each call gets the
; pointer with its tag cleared.
; CHECK-LABEL: define internal i32 @peek(
; CHECK: %untag = inttoptr i64
; CHECK: call i32 asm sideeffect "ld.u32 $0, [$1];", "=r,l"(ptr %untag)
define internal i32 @peek(ptr %p) noinline {
  %v = call i32 asm sideeffect "ld.u32 $0, [$1];", "=r,l"(ptr %p)
  ret i32 %v
}

; CHECK-LABEL: define internal void @poke(
; CHECK: %untag = inttoptr i64
; CHECK: call void asm sideeffect "{\0A .reg .pred q;\0A setp.ne.b32 q, $2, 0;\0A @q st.u32 [$0], $1;\0A}", "l,r,r,~{memory}"(ptr %untag,
define internal void @poke(ptr %p, i32 %v, i32 %c) noinline {
  call void asm sideeffect "{\0A .reg .pred q;\0A setp.ne.b32 q, $2, 0;\0A @q st.u32 [$0], $1;\0A}", "l,r,r,~{memory}"(ptr %p, i32 %v, i32 %c)
  ret void
}

define ptx_kernel void @k(ptr %out) {
  %slot = alloca i32, align 4
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %t, ptr %slot, align 4
  %ti = zext i32 %t to i64
  %le = getelementptr inbounds [8 x i32], ptr addrspace(3) @lt, i64 0, i64 %ti
  store i32 7, ptr addrspace(3) %le, align 4
  %lg = addrspacecast ptr addrspace(3) %le to ptr
  %o = getelementptr inbounds i32, ptr %out, i64 %ti
  store i32 1, ptr %o, align 4
  %k = urem i32 %t, 3
  %isp = icmp eq i32 %k, 0
  %isl = icmp eq i32 %k, 1
  %a = select i1 %isl, ptr %lg, ptr %o
  %p = select i1 %isp, ptr %slot, ptr %a
  %v = call i32 @peek(ptr %p)
  %w = add i32 %v, 5
  call void @poke(ptr %p, i32 %w, i32 1)
  %r = call i32 @peek(ptr %p)
  store i32 %r, ptr %o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

;--- moved.ll
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; The asm hands the pointer's bits on (mov.b64 into its result), which a
; caller may then use as a pointer: untagged it would reach a dispatch
; without its tag; lower refuses the module.
define i64 @bits(ptr %p) {
  %b = call i64 asm "mov.b64 $0, $1;", "=l,l"(ptr %p)
  ret i64 %b
}
