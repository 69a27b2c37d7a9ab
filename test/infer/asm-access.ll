; An NVPTX inline asm that is one PTX ld or st with no state space, through
; a generic pointer it takes as its "l" operand (CUB's cache-operator and
; ordered accesses: `ld.cg.u32 $0, [$1];`, `st.relaxed.gpu.v2.u32 [$0],
; {$1, $2};`, its tile states and ThreadLoad/ThreadStore), reads or writes
; the pointer's space: where that space is proven, the same asm with the
; space's word (`ld.global.cg.u32`) takes the named pointer
; (src/target/casts.c, casts_asm_access; rewrite.c's rewrite_asm).  A
; cache operator only on global memory, an ordered access on global or
; shared memory; a register wider or narrower than the memory, a second
; statement, a state space already written, or a pointer of two spaces
; stay as they are.  gasp-run runs such an asm as the load or store it is
; (src/exec/prep.c), so both builds run and are compared.
; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.s
; RUN: FileCheck %s --check-prefix=PTX < %t.s
; RUN: gasp-opt -S %t.ll -o - | tail -n +2 > %t.again.ll
; RUN: gasp-opt -S --passes=none %t.ll -o - | tail -n +2 > %t.same.ll
; RUN: cmp %t.again.ll %t.same.ll
; RUN: for i in 0 3; do gasp-run %s --kernel k --global 8 --local 8 --arg buf:i32:32:iota --arg i32=$i --check-as --compare %t.ll; done | FileCheck %s --check-prefix=EXEC
; The plugin's runs leave to llc what it names itself (a kernel's generic
; pointer parameter), but llc does not name inline assembly's text: the
; asm through such a parameter is named all the same.
; RUN: opt-22 -load-pass-plugin=%build/lib/gasp-plugin.so -passes='default<O2>' -S %s -o %t.plugin.ll
; RUN: FileCheck %s --check-prefix=PLUGIN < %t.plugin.ll
; RUN: gasp-run %s --kernel cuda_param --global 8 --arg buf:i32:16:iota --check-as --compare %t.plugin.ll | FileCheck %s --check-prefix=EXEC1
; EXEC1: identical
; EXEC-NOT: differ
; EXEC-COUNT-2: identical
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [16 x i32] undef, align 8

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; The kernel: cache-operator accesses of its global buffer, ordered vector
; accesses of a shared array, and the ones that stay.
; IR-LABEL: define ptx_kernel void @k(
; IR: call void asm sideeffect "st.global.cg.u32 [$0], $1;", "l,r"(ptr addrspace(1) nonnull %{{.*}}, i32 %t)
; IR: %a = call i32 asm sideeffect "ld.global.cg.u32 $0, [$1];", "=r,l"(ptr addrspace(1) nonnull %{{.*}})
; IR: call void asm sideeffect "st.relaxed.gpu.shared.v2.u32 [$0], {$1, $2};", "l,r,r,~{memory}"(ptr addrspace(3) %{{.*}}, i32 %t, i32 %a)
; IR: %v = call { i32, i32 } asm sideeffect "ld.relaxed.gpu.shared.v2.u32 {$0, $1}, [$2];", "=r,=r,l,~{memory}"(ptr addrspace(3) %{{.*}})
; IR: call i32 asm sideeffect "ld.ca.u32 $0, [$1];", "=r,l"(ptr %{{.*}})
; IR: call i32 asm sideeffect "ld.cg.u32 $0, [$1];", "=r,l"(ptr %{{.*}})
; PTX-LABEL: .entry k(
; PTX: st.global.cg.u32
; PTX: ld.global.cg.u32
; PTX: st.relaxed.gpu.shared.v2.u32
; PTX: ld.relaxed.gpu.shared.v2.u32
; PTX: ld.ca.u32
; PTX: ret;
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %i) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %g = addrspacecast ptr addrspace(1) %out to ptr
  %gi = getelementptr inbounds i32, ptr %g, i32 %t
  ; global, a cache operator
  call void asm sideeffect "st.cg.u32 [$0], $1;", "l,r"(ptr nonnull %gi, i32 %t)
  %a = call i32 asm sideeffect "ld.cg.u32 $0, [$1];", "=r,l"(ptr nonnull %gi)
  ; shared, ordered, two lanes
  %s = addrspacecast ptr addrspace(3) @sh to ptr
  %t2 = shl i32 %t, 1
  %si = getelementptr inbounds i32, ptr %s, i32 %t2
  call void asm sideeffect "st.relaxed.gpu.v2.u32 [$0], {$1, $2};", "l,r,r,~{memory}"(ptr %si, i32 %t, i32 %a)
  %v = call { i32, i32 } asm sideeffect "ld.relaxed.gpu.v2.u32 {$0, $1}, [$2];", "=r,=r,l,~{memory}"(ptr %si)
  %v0 = extractvalue { i32, i32 } %v, 0
  %v1 = extractvalue { i32, i32 } %v, 1
  ; a cache operator on shared memory: PTX has none, it stays
  %c = call i32 asm sideeffect "ld.ca.u32 $0, [$1];", "=r,l"(ptr %si)
  ; a pointer of two spaces stays
  %odd = icmp eq i32 %i, 3
  %two = select i1 %odd, ptr %gi, ptr %si
  %d = call i32 asm sideeffect "ld.cg.u32 $0, [$1];", "=r,l"(ptr %two)
  %x0 = add i32 %v0, %v1
  %x1 = add i32 %x0, %c
  %x2 = add i32 %x1, %d
  %x3 = add i32 %x2, %i
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 8
  %oi = getelementptr inbounds i32, ptr addrspace(1) %o, i32 %t
  store i32 %x3, ptr addrspace(1) %oi, align 4
  ret void
}

; Not one access of its register's width: a 64-bit register for 32 bits of
; memory, two statements, a 16-bit access; and a state space already
; written.  All stay as they are (and gasp-run does not run them).
; IR-LABEL: define ptx_kernel void @stays(
; IR: call i64 asm sideeffect "ld.cg.u32 $0, [$1];", "=l,l"(ptr %g)
; IR: call i32 asm sideeffect "ld.cg.u32 $0, [$1]; ld.cg.u32 $0, [$1];", "=r,l"(ptr %g)
; IR: call i16 asm sideeffect "ld.cg.u16 $0, [$1];", "=h,l"(ptr %g)
; IR: call i32 asm sideeffect "ld.global.nc.u32 $0, [$1];", "=r,l"(ptr %g)
define ptx_kernel void @stays(ptr addrspace(1) %out) {
  %g = addrspacecast ptr addrspace(1) %out to ptr
  %e = call i64 asm sideeffect "ld.cg.u32 $0, [$1];", "=l,l"(ptr %g)
  %e32 = trunc i64 %e to i32
  %f = call i32 asm sideeffect "ld.cg.u32 $0, [$1]; ld.cg.u32 $0, [$1];", "=r,l"(ptr %g)
  %h = call i16 asm sideeffect "ld.cg.u16 $0, [$1];", "=h,l"(ptr %g)
  %h32 = zext i16 %h to i32
  %n = call i32 asm sideeffect "ld.global.nc.u32 $0, [$1];", "=r,l"(ptr %g)
  %y0 = add i32 %e32, %f
  %y1 = add i32 %y0, %h32
  %y = add i32 %y1, %n
  store i32 %y, ptr addrspace(1) %out, align 4
  ret void
}

; CUDA's kernel parameters are generic pointers (llc casts them to global
; at the entry); CUB's tile states come so.
; PLUGIN-LABEL: define ptx_kernel void @cuda_param(
; PLUGIN: call void asm sideeffect "st.global.cg.u32 [$0], $1;"
; PLUGIN: call i32 asm sideeffect "ld.global.cg.u32 $0, [$1];"
define ptx_kernel void @cuda_param(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds i32, ptr %out, i32 %t
  call void asm sideeffect "st.cg.u32 [$0], $1;", "l,r"(ptr %p, i32 %t)
  %v = call i32 asm sideeffect "ld.cg.u32 $0, [$1];", "=r,l"(ptr %p)
  %q = getelementptr inbounds i32, ptr %p, i32 8
  store i32 %v, ptr %q, align 4
  ret void
}
