; ipmsp leaves generic a parameter whose space is AMDGPU private memory on a
; target that reaches it through MUBUF scratch (gfx6-gfx90a, gfx10: the
; private element size is 4 bytes), when every access the callee makes
; through it would be split into pieces: llc-22 splits a private
; <4 x i32> load into four buffer_load_dword where the flat access is one
; flat_load_dwordx4 (a random OpenCL program's int4 helpers: more
; instructions, not fewer), and an 8-byte one into two, which neither
; merge nor wait as the flat ones do (genprog --writers' structs of
; pointers: more s_waitcnt than clang's build).  A 4-byte access still
; pays, and on gfx1100 (flat scratch: scratch_load_b128, one instruction)
; the wide ones do too.
; RUN: gasp-opt -S %s -o %t.90a.ll
; RUN: FileCheck %s --check-prefix=GFX90A < %t.90a.ll
; RUN: llc-22 -O2 %t.90a.ll -o - | FileCheck %s --check-prefix=ASM90A
; RUN: sed -e 's/gfx90a/gfx1100/' %s > %t.1100.in.ll
; RUN: gasp-opt -S %t.1100.in.ll -o %t.1100.ll
; RUN: FileCheck %s --check-prefix=GFX1100 < %t.1100.ll
; RUN: llc-22 -O2 %t.1100.ll -o - | FileCheck %s --check-prefix=ASM1100
; Under --lower-generic=tags an access left generic becomes a run-time
; dispatch, dearer than any split: named there too.
; RUN: gasp-opt -S --lower-generic=tags %s -o - | FileCheck %s --check-prefix=GFX1100
; A function that raises the private element size (target-features) names it.
; RUN: sed -e 's/"target-features"="+gfx9-insts"/"target-features"="+gfx9-insts,+max-private-element-size-16"/' %s | gasp-opt -S -o - | FileCheck %s --check-prefix=GFX1100
; RUN: for n in 0 1 2 3; do gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:16 --arg buf:i32:4 --arg i32=$n --check-as --compare %t.90a.ll; gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:16 --arg buf:i32:4 --arg i32=$n --check-as --compare %t.1100.ll; done | FileCheck %s --check-prefix=EXEC
; EXEC-COUNT-8: identical
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; GFX90A-LABEL: define amdgpu_kernel void @k(
; GFX90A: call <4 x i32> @get4(ptr %a.g,
; GFX90A: call i32 @get1(ptr addrspace(5) %b,
; GFX90A: call <2 x i32> @get2(ptr %a.g,
; GFX1100-LABEL: define amdgpu_kernel void @k(
; GFX1100: call <4 x i32> @get4(ptr addrspace(5) %a,
define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %o1, i32 %n) #0 {
  %a = alloca [4 x <4 x i32>], align 16, addrspace(5)
  %b = alloca [4 x i32], align 4, addrspace(5)
  %v = insertelement <4 x i32> <i32 poison, i32 7, i32 8, i32 9>, i32 %n, i64 0
  store <4 x i32> %v, ptr addrspace(5) %a, align 16
  %a1 = getelementptr inbounds i8, ptr addrspace(5) %a, i32 16
  store <4 x i32> <i32 1, i32 2, i32 3, i32 4>, ptr addrspace(5) %a1, align 16
  %a2 = getelementptr inbounds i8, ptr addrspace(5) %a, i32 32
  store <4 x i32> <i32 5, i32 6, i32 7, i32 8>, ptr addrspace(5) %a2, align 16
  %a3 = getelementptr inbounds i8, ptr addrspace(5) %a, i32 48
  store <4 x i32> %v, ptr addrspace(5) %a3, align 16
  store <4 x i32> <i32 10, i32 11, i32 12, i32 13>, ptr addrspace(5) %b, align 4
  %a.g = addrspacecast ptr addrspace(5) %a to ptr
  %r4 = call <4 x i32> @get4(ptr %a.g, i32 %n)
  store <4 x i32> %r4, ptr addrspace(1) %out, align 16
  %b.g = addrspacecast ptr addrspace(5) %b to ptr
  %r1 = call i32 @get1(ptr %b.g, i32 %n)
  store i32 %r1, ptr addrspace(1) %o1, align 4
  %r2 = call <2 x i32> @get2(ptr %a.g, i32 %n)
  %e2 = extractelement <2 x i32> %r2, i64 1
  %o2 = getelementptr inbounds i32, ptr addrspace(1) %o1, i32 1
  store i32 %e2, ptr addrspace(1) %o2, align 4
  ret void
}

; On gfx90a the <4 x i32> load and store stay flat: one flat_load_dwordx4
; and one flat_store_dwordx4, not four buffer_load_dword and four
; buffer_store_dword; the i32 one is named (buffer_load_dword for
; flat_load_dword).
; GFX90A-LABEL: define internal <4 x i32> @get4(ptr %p,
; GFX90A: load <4 x i32>, ptr %
; GFX90A-LABEL: define internal <2 x i32> @get2(ptr %p,
; GFX1100-LABEL: define internal <4 x i32> @get4(ptr addrspace(5) %p,
; GFX1100: load <4 x i32>, ptr addrspace(5)
; ASM90A-LABEL: get4:
; ASM90A-NOT: buffer_
; ASM90A: flat_load_dwordx4
; ASM90A-NOT: buffer_
; ASM90A: flat_store_dwordx4
; ASM90A-LABEL: get1:
; ASM90A: buffer_load_dword
; ASM1100-LABEL: get4:
; ASM1100: scratch_load_b128
define internal <4 x i32> @get4(ptr %p, i32 %i) #1 {
  %m = and i32 %i, 3
  %q = getelementptr inbounds <4 x i32>, ptr %p, i32 %m
  %v = load <4 x i32>, ptr %q, align 16
  %m1 = xor i32 %m, 1
  %q1 = getelementptr inbounds <4 x i32>, ptr %p, i32 %m1
  %w = add <4 x i32> %v, <i32 1, i32 2, i32 3, i32 4>
  store <4 x i32> %w, ptr %q1, align 16
  ret <4 x i32> %v
}

; GFX90A-LABEL: define internal i32 @get1(ptr addrspace(5) %p,
define internal i32 @get1(ptr %p, i32 %i) #1 {
  %m = and i32 %i, 3
  %q = getelementptr inbounds i32, ptr %p, i32 %m
  %v = load i32, ptr %q, align 4
  ret i32 %v
}

; Two pieces do not pay either: flat (one flat_load_dwordx2, not two
; buffer_load_dword; get2 keeps its place, ahead of get1's retyped body).
; ASM90A-LABEL: get2:
; ASM90A-NOT: buffer_
; ASM90A: flat_load_dwordx2
define internal <2 x i32> @get2(ptr %p, i32 %i) #1 {
  %m = and i32 %i, 3
  %q = getelementptr inbounds <2 x i32>, ptr %p, i32 %m
  %v = load <2 x i32>, ptr %q, align 8
  ret <2 x i32> %v
}

attributes #0 = { "target-cpu"="gfx90a" "target-features"="+gfx9-insts" }
attributes #1 = { noinline "target-cpu"="gfx90a" "target-features"="+gfx9-insts" }
