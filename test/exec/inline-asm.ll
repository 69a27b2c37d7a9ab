; Inline assembly is the target's: gasp-run cannot assemble PTX for the
; host (LLVM's JIT used to stop the process: "Inline asm not supported by
; this streamer", exit 134).  Module-level assembly is dropped, a function
; the kernel does not reach keeps no body, and a kernel that reaches
; assembly gasp-run does not translate (src/exec/ptxasm.c; here a clock
; read) is refused with a clear message naming the statement (exit 1).
; RUN: gasp-run %s --kernel plain --global 4 --arg buf:i32:4 --check-as | FileCheck %s
; CHECK: arg0: 4 x i32
; RUN: not gasp-run %s --kernel with_asm --global 4 --arg buf:i32:4 2>&1 | FileCheck %s --check-prefix=ASM
; ASM: error: @with_asm, which the kernel reaches, holds inline assembly or reads a named register (the target's, not the host's): gasp-run cannot run it: 'mov.u32 $0, %clock' (an unknown special register)
; RUN: gasp-run %s --kernel with_asm --global 4 --arg buf:i32:4; test $? -eq 1
target triple = "nvptx64-nvidia-cuda"
module asm ".global .align 4 .b8 blob[4];"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i64 @llvm.read_register.i64(metadata)

; Writes its id into out[id]; no assembly on its path.
define ptx_kernel void @plain(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %p = getelementptr i32, ptr addrspace(1) %out, i64 %t64
  store i32 %t, ptr addrspace(1) %p
  ret void
}

; Reads the clock with PTX assembly.
define ptx_kernel void @with_asm(ptr addrspace(1) %out) {
  %l = call i32 asm "mov.u32 $0, %clock;", "=r"()
  store i32 %l, ptr addrspace(1) %out
  ret void
}

; Reached by no kernel: assembly and a named register, in a loop.
define i64 @unused(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %r = call i64 @llvm.read_register.i64(metadata !0)
  %a = call i32 asm "{ .reg .b32 t; mov.u32 t, $1; mov.u32 $0, t; }", "=r,r"(i32 %i)
  %i1 = add i32 %a, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  ret i64 %r
}
!0 = !{!"exec"}
