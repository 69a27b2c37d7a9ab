; Memsum's rules on nvptx64 and amdgcn (soundness.ll has spir64):
; a kernel that stores a shared (LDS) pointer into a global buffer keeps the
; reloaded pointer generic; one that stores only global pointers there gets
; a global access; a shared table of generic pointers filled with shared
; pointers gives shared accesses.  Each module runs identically.
; RUN: split-file %s %t
; RUN: gasp-opt -S %t/nv.ll -o %t/nv.gasp.ll
; RUN: FileCheck %s --check-prefix=NV < %t/nv.gasp.ll
; RUN: gasp-opt -S %t/am.ll -o %t/am.gasp.ll
; RUN: FileCheck %s --check-prefix=AM < %t/am.gasp.ll
; RUN: gasp-run %t/nv.ll --kernel leak --global 1 --local 1 --arg buf:i64:1 --arg buf:i32:1 --check-as --compare %t/nv.gasp.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %t/am.ll --kernel leak --global 1 --local 1 --arg buf:i64:1 --arg buf:i32:1 --check-as --compare %t/am.gasp.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt -S %t/nvg.ll -o %t/nvg.gasp.ll
; RUN: FileCheck %s --check-prefix=NVG < %t/nvg.gasp.ll
; RUN: gasp-run %t/nvg.ll --kernel keep --global 1 --arg buf:i64:1 --arg buf:i32:1 --check-as --compare %t/nvg.gasp.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt -S %t/amt.ll -o %t/amt.gasp.ll
; RUN: FileCheck %s --check-prefix=AMT < %t/amt.gasp.ll
; RUN: gasp-run %t/amt.ll --kernel table --global 2 --local 2 --arg buf:i32:2 --check-as --compare %t/amt.gasp.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; NV-LABEL: define ptx_kernel void @leak(
; NV: store i32 7, ptr %p
; AM-LABEL: define amdgpu_kernel void @leak(
; AM: store i32 7, ptr %p
; NVG-LABEL: define ptx_kernel void @keep(
; NVG: load i32, ptr addrspace(1)
; NVG: store i32 %new, ptr addrspace(1)
; AMT-LABEL: define amdgpu_kernel void @table(
; AMT: store i32 %i, ptr addrspace(3)

;--- nv.ll
target triple = "nvptx64-nvidia-cuda"
@tile = internal addrspace(3) global i32 0, align 4

; Stores a shared pointer into global memory and writes through the reload.
define ptx_kernel void @leak(ptr addrspace(1) %tab, ptr addrspace(1) %out) {
  store ptr addrspacecast (ptr addrspace(3) @tile to ptr), ptr addrspace(1) %tab, align 8
  %p = load ptr, ptr addrspace(1) %tab, align 8
  store i32 7, ptr %p, align 4
  %v = load i32, ptr addrspace(3) @tile, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  store i64 0, ptr addrspace(1) %tab, align 8 ; no address in the compared output
  ret void
}

;--- nvg.ll
target triple = "nvptx64-nvidia-cuda"

; Stores a global pointer into global memory and reads and writes through
; the reload (two accesses: on NVPTX one alone would stay generic, as its
; cvta.to.global would serve it alone; target.c "Casts that must be shared").
define ptx_kernel void @keep(ptr addrspace(1) %tab, ptr addrspace(1) %out) {
  %g = addrspacecast ptr addrspace(1) %out to ptr
  store ptr %g, ptr addrspace(1) %tab, align 8
  %p = load ptr, ptr addrspace(1) %tab, align 8
  %old = load i32, ptr %p, align 4
  %new = add i32 %old, 7
  store i32 %new, ptr %p, align 4
  store i64 0, ptr addrspace(1) %tab, align 8 ; no address in the compared output
  ret void
}

;--- am.ll
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"
@tile = internal addrspace(3) global i32 0, align 4

; Stores an LDS pointer into global memory and writes through the reload.
define amdgpu_kernel void @leak(ptr addrspace(1) %tab, ptr addrspace(1) %out) {
  store ptr addrspacecast (ptr addrspace(3) @tile to ptr), ptr addrspace(1) %tab, align 8
  %p = load ptr, ptr addrspace(1) %tab, align 8
  store i32 7, ptr %p, align 4
  %v = load i32, ptr addrspace(3) @tile, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  store i64 0, ptr addrspace(1) %tab, align 8 ; no address in the compared output
  ret void
}

;--- amt.ll
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"
@a = internal addrspace(3) global [2 x i32] undef, align 4
@tab = internal addrspace(3) global [2 x ptr] undef, align 8

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

; An LDS table of generic pointers to LDS: the reloaded pointer is LDS.
define amdgpu_kernel void @table(ptr addrspace(1) %out) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %e = getelementptr inbounds [2 x ptr], ptr addrspace(3) @tab, i32 0, i32 %i
  %ai = getelementptr inbounds [2 x i32], ptr addrspace(3) @a, i32 0, i32 %i
  %g = addrspacecast ptr addrspace(3) %ai to ptr
  store ptr %g, ptr addrspace(3) %e, align 8
  call void @llvm.amdgcn.s.barrier()
  %p = load ptr, ptr addrspace(3) %e, align 8
  store i32 %i, ptr %p, align 4
  %v = load i32, ptr addrspace(3) %ai, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %i
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}
