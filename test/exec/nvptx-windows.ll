; NVPTX's shared and local pointers as integers (src/exec/window.c): on the
; device the integer of a shared (local) pointer is its offset in the shared
; window (the thread's frame), not the generic address of the same byte.
; gasp-run runs them so: CUDA's __cvta_generic_to_shared / _to_generic
; round trip through 32 bits (an instruction and a folded constant
; expression), a local pointer's does, inline PTX loads take a 32-bit
; shared and local address, a shared pointer stored to memory is its
; offset there (read back as an integer and as a pointer), and every access
; is checked; out[0..3] are 7, 7, 5, 7 and out[5..7] 5, 1, 7.
; RUN: rm -rf %t && mkdir -p %t && gasp-run %s --kernel k --global 1 --arg buf:i32:8 --check-as --dump %t
; RUN: od -An -t d4 -v %t/arg0.bin | FileCheck %s
; CHECK: 7 7 5 7
; The named pointer's integer is not the generic one's: out[4] is 1, and a
; module whose `addr` reads the shared pointer's integer where it read the
; generic one's (a rewrite that forgot to cast it back) computes something
; else, which --compare tells.
; RUN: od -An -t d4 -v -j 16 -N 16 %t/arg0.bin | FileCheck %s --check-prefix=DIFFERS
; DIFFERS: 1 5 1 7
; RUN: sed 's/%i = ptrtoint ptr %g to i64/%i = ptrtoint ptr addrspace(3) %q to i64/' %s > %t/bad.ll
; RUN: not gasp-run %s --kernel k --global 1 --arg buf:i32:8 --check-as --compare %t/bad.ll | FileCheck %s --check-prefix=BAD
; BAD: differ: arg0 element 4: 1 vs 0
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [4 x i32] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; The generic pointer's integer, read where the program reads it.
define i64 @addr(ptr addrspace(3) %q) {
  %g = addrspacecast ptr addrspace(3) %q to ptr
  %i = ptrtoint ptr %g to i64
  ret i64 %i
}

; The kernel: tile[2] = 7 through the shared pointer, then read back through
; its 32-bit offset (instruction and constant expression), a private slot
; through its integer, tile[2] by inline PTX from a 32-bit address, and
; whether the generic integer differs from the shared one.
define ptx_kernel void @k(ptr addrspace(1) %out) {
  %e = getelementptr inbounds [4 x i32], ptr addrspace(3) @tile, i64 0, i64 2
  store i32 7, ptr addrspace(3) %e, align 4
  %g = addrspacecast ptr addrspace(3) %e to ptr
  %s = addrspacecast ptr %g to ptr addrspace(3)
  %o64 = ptrtoint ptr addrspace(3) %s to i64
  %o = trunc i64 %o64 to i32
  %z = zext i32 %o to i64
  %back = inttoptr i64 %z to ptr addrspace(3)
  %bg = addrspacecast ptr addrspace(3) %back to ptr
  %v0 = load i32, ptr %bg, align 4
  store i32 %v0, ptr addrspace(1) %out, align 4
  %c = trunc i64 add (i64 ptrtoint (ptr addrspace(3) @tile to i64), i64 8) to i32
  %cz = zext i32 %c to i64
  %cp = inttoptr i64 %cz to ptr addrspace(3)
  %v1 = load i32, ptr addrspace(3) %cp, align 4
  %o1 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 1
  store i32 %v1, ptr addrspace(1) %o1, align 4
  %slot = alloca i32, align 4, addrspace(5)
  store i32 5, ptr addrspace(5) %slot, align 4
  %pi = ptrtoint ptr addrspace(5) %slot to i32
  %pz = zext i32 %pi to i64
  %pp = inttoptr i64 %pz to ptr addrspace(5)
  %v2 = load i32, ptr addrspace(5) %pp, align 4
  %o2 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 2
  store i32 %v2, ptr addrspace(1) %o2, align 4
  %v3 = call i32 asm sideeffect "ld.shared.u32 $0, [$1];", "=r,r"(i32 %o)
  %o3 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 3
  store i32 %v3, ptr addrspace(1) %o3, align 4
  %gi = call i64 @addr(ptr addrspace(3) %e)
  %ne = icmp ne i64 %gi, %o64
  %d = zext i1 %ne to i32
  %o4 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 4
  store i32 %d, ptr addrspace(1) %o4, align 4
  %v5 = call i32 asm sideeffect "ld.local.u32 $0, [$1];", "=r,r"(i32 %pi)
  %o5 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 5
  store i32 %v5, ptr addrspace(1) %o5, align 4
  %cell = alloca ptr addrspace(3), align 8, addrspace(5)
  store ptr addrspace(3) %e, ptr addrspace(5) %cell, align 8
  %bits = load i64, ptr addrspace(5) %cell, align 8
  %same = icmp eq i64 %bits, %o64
  %sz = zext i1 %same to i32
  %o6 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 6
  store i32 %sz, ptr addrspace(1) %o6, align 4
  %re = load ptr addrspace(3), ptr addrspace(5) %cell, align 8
  %v7 = load i32, ptr addrspace(3) %re, align 4
  %o7 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 7
  store i32 %v7, ptr addrspace(1) %o7, align 4
  ret void
}
