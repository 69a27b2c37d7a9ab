; On NVPTX a null test infer rewrites into a named space compares with the
; cast of the generic null (`addrspacecast (ptr null to ptr addrspace(1))`),
; as llc's own InferAddressSpaces writes it in clang's build: llc then
; materialises the test at its use, inside the loop, where clang's build
; has it.  With a plain global null the test LICM hoisted stays in the
; preheader, a predicate live across the loop (held-out HeCBench ssm's
; selective_scan_base at -O3: 40 -> 48 registers; clang's 40 now).  On
; amdgcn, whose casts to global keep the bits, the null stays plain.  Both
; outputs run as the input does.
; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.s
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %s -o %t.clang.s
; RUN: sed -n '/^\$L__BB0_1:/,/bra/p' %t.s | FileCheck %s --check-prefix=PTX
; RUN: sed -n '/^\$L__BB0_1:/,/bra/p' %t.clang.s | FileCheck %s --check-prefix=PTX
; RUN: gasp-opt -S %t.ll | FileCheck %s --check-prefix=IR
; RUN: gasp-run %s --kernel k --global 1 --arg buf:f32:1 --arg buf:f32:8:iota --arg i32=8 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: sed -e 's/nvptx64-nvidia-cuda/amdgcn-amd-amdhsa/' -e 's/ptx_kernel/amdgpu_kernel/' %s > %t.amd.ll
; RUN: gasp-opt -S %t.amd.ll -o %t.amd.out.ll
; RUN: FileCheck %s --check-prefix=AMD < %t.amd.out.ll
; RUN: gasp-run %t.amd.ll --kernel k --global 1 --arg buf:f32:1 --arg buf:f32:8:iota --arg i32=8 --check-as --compare %t.amd.out.ll | FileCheck %s --check-prefix=EXEC
; RUN: sed -n '/^.visible .entry once(/,/^}/p' %t.s | FileCheck %s --check-prefix=ONCE
; RUN: gasp-run %s --kernel once --global 1 --arg buf:f32:1 --arg buf:f32:8:iota --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; A kernel summing a buffer that may be null, its test outside the loop.
; IR-LABEL: define ptx_kernel void @k(
; IR: icmp eq ptr addrspace(1) %{{.*}}, addrspacecast (ptr null to ptr addrspace(1))
; PTX: cvta.to.global.u64
; PTX-NEXT: setp.eq.b64
; AMD-LABEL: define amdgpu_kernel void @k(
; AMD: icmp eq ptr addrspace(1) %{{.*}}, null
define ptx_kernel void @k(ptr %out, ptr %z, i32 %n) {
entry:
  %isnull = icmp eq ptr %z, null
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %latch ]
  br i1 %isnull, label %latch, label %read
read:
  %zi = getelementptr inbounds float, ptr %z, i32 %i
  %v = load float, ptr %zi, align 4
  %m = fmul float %v, 2.0
  br label %latch
latch:
  %add = phi float [ 1.0, %loop ], [ %m, %read ]
  %acc1 = fadd float %acc, %add
  %i1 = add i32 %i, 1
  %done = icmp eq i32 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  store float %acc1, ptr %out, align 4
  ret void
}

; A test used only by its own block's branch: nothing for llc to move, and
; global's 0 is the generic null's bits, so the named test compares with the
; plain null, one setp as in clang's build (no `mov 0; cvta.to.global`).
; IR-LABEL: define ptx_kernel void @once(
; IR: icmp eq ptr addrspace(1) %{{.*}}, null
; ONCE-NOT: mov.b64 {{%rd[0-9]+}}, 0;
; ONCE: setp.eq.b64 {{%p[0-9]+}}, {{%rd[0-9]+}}, 0;
; ONCE: ld.global.b32
define ptx_kernel void @once(ptr %out, ptr %z) {
entry:
  %isnull = icmp eq ptr %z, null
  br i1 %isnull, label %exit, label %read
read:
  %v = load float, ptr %z, align 4
  store float %v, ptr %out, align 4
  br label %exit
exit:
  ret void
}
