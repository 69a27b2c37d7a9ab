; AMDGPU's LDS and scratch pointers as integers (src/exec/window.c): on the
; device an LDS (scratch) pointer's integer is its offset below the shared
; (private) aperture, not the integer of the same byte's flat pointer.
; gasp-run runs them so, as on NVPTX (test/exec/nvptx-windows.ll): an LDS
; pointer through 32 bits and back (an instruction and a folded constant
; expression), a scratch pointer's, an LDS pointer stored to memory and
; read back as an integer and as a pointer, every access checked; out[0..6]
; are 7, 7, 5, 1, 1, 7, 7.
; RUN: rm -rf %t && mkdir -p %t && gasp-run %s --kernel k --global 1 --arg buf:i32:8 --check-as --dump %t
; RUN: od -An -t d4 -v %t/arg0.bin | FileCheck %s
; CHECK: 7 7 5 1
; CHECK-NEXT: 1 7 7
; A module whose `addr` reads the LDS pointer's integer where it read the
; flat one's computes something else, which --compare tells.
; RUN: sed 's/%i = ptrtoint ptr %g to i64/%i = ptrtoint ptr addrspace(3) %q to i64/' %s > %t/bad.ll
; RUN: not gasp-run %s --kernel k --global 1 --arg buf:i32:8 --check-as --compare %t/bad.ll | FileCheck %s --check-prefix=BAD
; BAD: differ: arg0 element 3: 1 vs 0
target triple = "amdgcn-amd-amdhsa"

@tile = internal addrspace(3) global [4 x i32] undef, align 4

; The flat pointer's integer, read where the program reads it.
define i64 @addr(ptr addrspace(3) %q) {
  %g = addrspacecast ptr addrspace(3) %q to ptr
  %i = ptrtoint ptr %g to i64
  ret i64 %i
}

; The kernel: tile[2] = 7 through the LDS pointer, read back through its
; 32-bit integer (instruction and constant expression), a scratch slot
; through its integer, whether the flat integer differs from the LDS one,
; and the LDS pointer kept in scratch memory read back as bits and as a
; pointer.
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %e = getelementptr inbounds [4 x i32], ptr addrspace(3) @tile, i32 0, i32 2
  store i32 7, ptr addrspace(3) %e, align 4
  %o = ptrtoint ptr addrspace(3) %e to i32
  %back = inttoptr i32 %o to ptr addrspace(3)
  %bg = addrspacecast ptr addrspace(3) %back to ptr
  %v0 = load i32, ptr %bg, align 4
  store i32 %v0, ptr addrspace(1) %out, align 4
  %c = add i32 ptrtoint (ptr addrspace(3) @tile to i32), 8
  %cp = inttoptr i32 %c to ptr addrspace(3)
  %v1 = load i32, ptr addrspace(3) %cp, align 4
  %o1 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 1
  store i32 %v1, ptr addrspace(1) %o1, align 4
  %slot = alloca i32, align 4, addrspace(5)
  store i32 5, ptr addrspace(5) %slot, align 4
  %pi = ptrtoint ptr addrspace(5) %slot to i32
  %pp = inttoptr i32 %pi to ptr addrspace(5)
  %v2 = load i32, ptr addrspace(5) %pp, align 4
  %o2 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 2
  store i32 %v2, ptr addrspace(1) %o2, align 4
  %gi = call i64 @addr(ptr addrspace(3) %e)
  %o64 = zext i32 %o to i64
  %ne = icmp ne i64 %gi, %o64
  %d = zext i1 %ne to i32
  %o3 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 3
  store i32 %d, ptr addrspace(1) %o3, align 4
  %cell = alloca ptr addrspace(3), align 4, addrspace(5)
  store ptr addrspace(3) %e, ptr addrspace(5) %cell, align 4
  %bits = load i32, ptr addrspace(5) %cell, align 4
  %same = icmp eq i32 %bits, %o
  %sz = zext i1 %same to i32
  %o4 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 4
  store i32 %sz, ptr addrspace(1) %o4, align 4
  %re = load ptr addrspace(3), ptr addrspace(5) %cell, align 4
  %v5 = load i32, ptr addrspace(3) %re, align 4
  %o5 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 5
  store i32 %v5, ptr addrspace(1) %o5, align 4
  %v6 = load i32, ptr addrspace(3) %e, align 4
  %o6 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 6
  store i32 %v6, ptr addrspace(1) %o6, align 4
  ret void
}
