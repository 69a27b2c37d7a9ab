; A pointer of a space the target table does not name, cast to generic and
; stored into memory (a local table, a private slot, a struct field written
; by a helper), is loaded back in that space or stays generic: never a named
; space of the table (the memory summary numbers it, SpaceNums), on spir64,
; nvptx64 and amdgcn, in the open world and in the whole program.
; RUN: rm -rf %t && split-file %s %t
; RUN: gasp-opt -S %t/spir.ll -o - | FileCheck %s --check-prefixes=CHECK,SPIR
; RUN: gasp-opt -S --whole-program %t/spir.ll -o - | FileCheck %s --check-prefixes=CHECK,SPIR
; RUN: gasp-opt -S %t/nvptx.ll -o - | FileCheck %s --check-prefixes=CHECK,NVPTX
; RUN: gasp-opt -S --whole-program %t/nvptx.ll -o - | FileCheck %s --check-prefixes=CHECK,NVPTX
; RUN: gasp-opt -S %t/amdgcn.ll -o - | FileCheck %s --check-prefixes=CHECK,AMDGCN
; RUN: gasp-opt -S --whole-program %t/amdgcn.ll -o - | FileCheck %s --check-prefixes=CHECK,AMDGCN
; The kernel stores it into its local table and reads the table back.
; CHECK-LABEL: define {{.*}}void @k(
; SPIR: store i32 5, ptr addrspace(8)
; NVPTX: store i32 5, ptr addrspace(7)
; AMDGCN: store i32 5, ptr addrspace(8)
; Through a struct field in a private slot, written by a helper.
; SPIR: store i32 6, ptr addrspace(8)
; NVPTX: store i32 6, ptr addrspace(7)
; AMDGCN: store i32 6, ptr addrspace(8)
; CHECK-NOT: store i32 {{[56]}}, ptr addrspace(1)
; CHECK-NOT: store i32 {{[56]}}, ptr addrspace(3)
; CHECK-NOT: store i32 {{[56]}}, ptr addrspace(5)

;--- spir.ll
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"
@v8 = addrspace(8) global i32 0
%S = type { i32, ptr addrspace(4) }
define internal spir_func void @fill(ptr addrspace(4) %s) noinline {
  %f = getelementptr %S, ptr addrspace(4) %s, i32 0, i32 1
  store ptr addrspace(4) addrspacecast (ptr addrspace(8) @v8 to ptr addrspace(4)), ptr addrspace(4) %f
  ret void
}
define spir_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %tab, i32 %i) {
entry:
  %c = addrspacecast ptr addrspace(8) @v8 to ptr addrspace(4)
  %slot = getelementptr ptr addrspace(4), ptr addrspace(3) %tab, i32 %i
  store ptr addrspace(4) %c, ptr addrspace(3) %slot
  call void @barrier()
  %p = load ptr addrspace(4), ptr addrspace(3) %tab
  store i32 5, ptr addrspace(4) %p
  %s = alloca %S
  %sg = addrspacecast ptr %s to ptr addrspace(4)
  call spir_func void @fill(ptr addrspace(4) %sg)
  %f = getelementptr %S, ptr %s, i32 0, i32 1
  %q = load ptr addrspace(4), ptr %f
  store i32 6, ptr addrspace(4) %q
  %gs = getelementptr %S, ptr addrspace(1) %g, i32 0, i32 1
  call spir_func void @fill(ptr addrspace(4) addrspacecast (ptr addrspace(1) null to ptr addrspace(4)))
  ret void
}
declare void @barrier()

;--- nvptx.ll
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@v8 = addrspace(7) global i32 0
%S = type { i32, ptr }
define internal void @fill(ptr %s) noinline {
  %f = getelementptr %S, ptr %s, i32 0, i32 1
  store ptr addrspacecast (ptr addrspace(7) @v8 to ptr), ptr %f
  ret void
}
define ptx_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %tab, i32 %i) {
entry:
  %c = addrspacecast ptr addrspace(7) @v8 to ptr
  %slot = getelementptr ptr, ptr addrspace(3) %tab, i32 %i
  store ptr %c, ptr addrspace(3) %slot
  call void @barrier()
  %p = load ptr, ptr addrspace(3) %tab
  store i32 5, ptr %p
  %s = alloca %S
  call void @fill(ptr %s)
  %f = getelementptr %S, ptr %s, i32 0, i32 1
  %q = load ptr, ptr %f
  store i32 6, ptr %q
  %gs = getelementptr %S, ptr addrspace(1) %g, i32 0, i32 1
  call void @fill(ptr addrspacecast (ptr addrspace(1) null to ptr))
  ret void
}
declare void @barrier()

;--- amdgcn.ll
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"
@v8 = addrspace(8) global i32 0
%S = type { i32, ptr }
define internal void @fill(ptr %s) noinline {
  %f = getelementptr %S, ptr %s, i32 0, i32 1
  store ptr addrspacecast (ptr addrspace(8) @v8 to ptr), ptr %f
  ret void
}
define amdgpu_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %tab, i32 %i) {
entry:
  %c = addrspacecast ptr addrspace(8) @v8 to ptr
  %slot = getelementptr ptr, ptr addrspace(3) %tab, i32 %i
  store ptr %c, ptr addrspace(3) %slot
  call void @barrier()
  %p = load ptr, ptr addrspace(3) %tab
  store i32 5, ptr %p
  %s = alloca %S, addrspace(5)
  %sg = addrspacecast ptr addrspace(5) %s to ptr
  call void @fill(ptr %sg)
  %f = getelementptr %S, ptr addrspace(5) %s, i32 0, i32 1
  %q = load ptr, ptr addrspace(5) %f
  store i32 6, ptr %q
  %gs = getelementptr %S, ptr addrspace(1) %g, i32 0, i32 1
  call void @fill(ptr addrspacecast (ptr addrspace(1) null to ptr))
  ret void
}
declare void @barrier()
