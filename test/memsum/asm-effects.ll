; What an NVPTX inline asm does with memory (target/asmfx.c): an asm whose
; every statement gasp reads — register arithmetic and conversions
; (cuda_fp16.hpp's cvt.rn.f16.f32), a load through a shared address
; (CUTLASS's ld.shared of a fragment), a predicated st.global (CUTLASS's
; global store) — exposes no pointer handed to it, so memory holds only
; what the module and the host put there.  An asm gasp cannot read (an
; atomic) still exposes the shared address it is handed: every pointer
; loaded from memory may then be shared, and stays generic.
; RUN: split-file %s %t
;
; Readable asm: the pointer the kernel loads back from its global table is
; the global one it stored there.
; RUN: gasp-opt -S %t/read.ll -o %t/read.gasp.ll
; RUN: FileCheck %s --check-prefix=READ < %t/read.gasp.ll
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t/read.gasp.ll -o /dev/null
; RUN: gasp-run %t/read.ll --kernel tiles --global 32 --arg buf:i64:32 --arg buf:f32:32:iota --arg buf:i16:32 --arg i32=1 --check-as --compare %t/read.gasp.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
;
; An unreadable asm (atom.shared through the same address): generic (not
; run: gasp-run runs no atomic in asm either).
; RUN: gasp-opt -S %t/unread.ll -o %t/unread.gasp.ll -pass-remarks-missed=gasp 2> %t/unread.err
; RUN: FileCheck %s --check-prefix=UNREAD < %t/unread.gasp.ll
; RUN: FileCheck %s --check-prefix=WHY < %t/unread.err
; WHY: load stays generic: loaded from memory that holds different spaces (global, local;

;
; A pointer's bits an asm stores (st.u64 of a private slot's generic
; address into the table): the table holds private pointers too, and the
; pointer loaded back stays generic.
; RUN: gasp-opt -S %t/stored.ll -o %t/stored.gasp.ll
; RUN: FileCheck %s --check-prefix=STORED < %t/stored.gasp.ll
; RUN: gasp-run %t/stored.ll --kernel tiles --global 32 --arg buf:i64:32 --arg buf:f32:32:iota --arg i32=1 --check-as --compare %t/stored.gasp.ll | FileCheck %s --check-prefix=EXEC

;--- read.ll
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [32 x float] zeroinitializer, align 16

; Stores its data pointer into a global table, reads a shared tile through
; its shared-window address in asm (cvta.to.shared, a nanosleep hint,
; ld.shared), converts it to half in asm and stores it
; with a predicated st.global in asm, then loads the pointer back from the
; table: the asm exposed nothing, the table holds global pointers only, and
; the two accesses through the pointer are global.
; READ-LABEL: define ptx_kernel void @tiles(
; READ: %p = load ptr, ptr addrspace(1)
; READ: load float, ptr addrspace(1)
; READ: store float %y, ptr addrspace(1)
define ptx_kernel void @tiles(ptr %table, ptr %data, ptr %out, i32 %n) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ti = zext i32 %t to i64
  %d = getelementptr inbounds float, ptr %data, i64 %ti
  %pp = getelementptr inbounds ptr, ptr %table, i64 %ti
  store ptr %d, ptr %pp, align 8
  %sp = getelementptr inbounds float, ptr addrspace(3) @tile, i64 %ti
  %sg = addrspacecast ptr addrspace(3) %sp to ptr
  %i = ptrtoint ptr %sg to i64
  %v = call float asm sideeffect "{\0A  .reg .u64 a;\0A  cvta.to.shared.u64 a, $1;\0A  nanosleep.u32 32;\0A  ld.shared.f32 $0, [a];\0A}", "=f,l"(i64 %i)
  %h = call i16 asm "{  cvt.rn.f16.f32 $0, $1;}\0A", "=h,f"(float %v)
  %o = getelementptr inbounds i16, ptr %out, i64 %ti
  call void asm sideeffect "{\0A  .reg .pred p;\0A  setp.ne.b32 p, $2, 0;\0A  @p st.global.u16 [$0], $1;\0A}\0A", "l,h,r,~{memory}"(ptr %o, i16 %h, i32 %n)
  %p = load ptr, ptr %pp, align 8
  %x = load float, ptr %p, align 4
  %y = fadd float %x, 1.0
  store float %y, ptr %p, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

;--- unread.ll
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [32 x float] zeroinitializer, align 16

; The same with an atomic add on the shared address: gasp does not read
; atomics in asm, the address is exposed, and the pointer loaded back stays
; generic.
; UNREAD-LABEL: define ptx_kernel void @tiles(
; UNREAD: %p = load ptr, ptr addrspace(1)
; UNREAD: load float, ptr %p
; UNREAD: store float %y, ptr %p
define ptx_kernel void @tiles(ptr %table, ptr %data, ptr %out, i32 %n) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ti = zext i32 %t to i64
  %d = getelementptr inbounds float, ptr %data, i64 %ti
  %pp = getelementptr inbounds ptr, ptr %table, i64 %ti
  store ptr %d, ptr %pp, align 8
  %sp = getelementptr inbounds float, ptr addrspace(3) @tile, i64 %ti
  %sg = addrspacecast ptr addrspace(3) %sp to ptr
  %i = ptrtoint ptr %sg to i64
  %v = call float asm sideeffect "{\0A  .reg .u64 a;\0A  cvta.to.shared.u64 a, $1;\0A  atom.shared.add.f32 $0, [a], 0f3F800000;\0A}", "=f,l"(i64 %i)
  %h = call i16 asm "{  cvt.rn.f16.f32 $0, $1;}\0A", "=h,f"(float %v)
  %o = getelementptr inbounds i16, ptr %out, i64 %ti
  call void asm sideeffect "{\0A  .reg .pred p;\0A  setp.ne.b32 p, $2, 0;\0A  @p st.global.u16 [$0], $1;\0A}\0A", "l,h,r,~{memory}"(ptr %o, i16 %h, i32 %n)
  %p = load ptr, ptr %pp, align 8
  %x = load float, ptr %p, align 4
  %y = fadd float %x, 1.0
  store float %y, ptr %p, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

;--- stored.ll
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Stores its data pointer into its table cell, and where %n says so (in
; the run: always) the bits of its private slot's generic address over it
; by asm; the pointer loaded back may be private: generic.
; STORED-LABEL: define ptx_kernel void @tiles(
; STORED: %p = load ptr, ptr addrspace(1)
; STORED: load float, ptr %p
; STORED: store float %y, ptr %p
define ptx_kernel void @tiles(ptr %table, ptr %data, i32 %n) {
  %slot = alloca [2 x float], align 4
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ti = zext i32 %t to i64
  %tf = uitofp i32 %t to float
  store float %tf, ptr %slot, align 4
  %d = getelementptr inbounds float, ptr %data, i64 %ti
  %pp = getelementptr inbounds ptr, ptr %table, i64 %ti
  store ptr %d, ptr %pp, align 8
  %c = icmp ne i32 %n, 0
  br i1 %c, label %over, label %go
over:
  %bits = ptrtoint ptr %slot to i64
  call void asm sideeffect "st.u64 [$0], $1;", "l,l,~{memory}"(ptr %pp, i64 %bits)
  br label %go
go:
  %p = load ptr, ptr %pp, align 8
  %x = load float, ptr %p, align 4
  %y = fadd float %x, 1.0
  store float %y, ptr %p, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
