; RUN: gasp-opt -S -pass-remarks=hazards %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: llc -O2 -mcpu=gfx90a -filetype=obj %t.ll -o /dev/null
; RUN: gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:8 --arg local:64 --arg i32=2 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:8 --arg local:64 --arg i32=1 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; An extractelement at a run-time lane from a vector of generic pointers,
; some lanes cast from LDS, the pick offset and loaded: llc-22 crashes on it
; (SIGSEGV in "Rename Disconnected Subregister Components", gfx90a; the
; shape of repro llc_amdgpu_crash_1414, reduced from gasp's output of a
; random OpenCL program).  The hazards pass makes each run-time pick a
; select chain over the lanes at constant indices: llc compiles it and the
; kernel computes the same.
; REMARK: remark: {{.*}}3 run-time lane picks from pointer vectors made selects (llc-22 AMDGPU crash)
; EXEC: identical
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@k.la = internal addrspace(3) global [128 x i32] poison

; The reduced shape: a pick returned on one path, offset and loaded (the
; load's value unused) on the other.
; CHECK-LABEL: define ptr @pick(
; CHECK-NOT: extractelement <4 x ptr> %{{[0-9]+}}, i32 %1
; CHECK: %is.lane = icmp eq i32 %1, 1
; CHECK: %pick = select i1 %is.lane
; CHECK-NOT: extractelement <4 x ptr> %{{[0-9]+}}, i32 %1
; CHECK: ret ptr
define ptr @pick(ptr addrspace(3) align 4 %0, i32 %1, i32 %2, ptr %3, i1 %4) {
  %6 = getelementptr i32, ptr addrspace(3) @k.la, i32 %2
  %7 = addrspacecast ptr addrspace(3) %6 to ptr
  %8 = insertelement <4 x ptr> zeroinitializer, ptr %7, i64 0
  %9 = insertelement <4 x ptr> %8, ptr %3, i64 1
  %10 = insertelement <4 x ptr> %9, ptr %3, i64 2
  %11 = getelementptr i32, ptr addrspace(3) %0, i32 %2
  %12 = addrspacecast ptr addrspace(3) %11 to ptr
  %13 = insertelement <4 x ptr> %10, ptr %12, i64 3
  br i1 %4, label %16, label %14

common.ret:
  ret ptr null

14:
  %15 = extractelement <4 x ptr> %13, i32 %1
  ret ptr %15

16:
  %17 = extractelement <4 x ptr> %13, i32 %1
  %18 = getelementptr i8, ptr %17, i64 8
  %19 = load i32, ptr %18, align 4
  %20 = or i32 0, %19
  br label %common.ret
}

; A kernel picking a global or a local pointer at a run-time lane and
; reading through it.
define amdgpu_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %l, i32 %lane) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %lp = getelementptr i32, ptr addrspace(3) %l, i32 %tid
  store i32 7, ptr addrspace(3) %lp, align 4
  %gg = addrspacecast ptr addrspace(1) %g to ptr
  %lg = addrspacecast ptr addrspace(3) %l to ptr
  %v0 = insertelement <4 x ptr> poison, ptr %gg, i64 0
  %v1 = insertelement <4 x ptr> %v0, ptr %lg, i64 1
  %v2 = insertelement <4 x ptr> %v1, ptr %gg, i64 2
  %v3 = insertelement <4 x ptr> %v2, ptr %lg, i64 3
  %p = extractelement <4 x ptr> %v3, i32 %lane
  %q = getelementptr i32, ptr %p, i32 %tid
  %x = load i32, ptr %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %g, i32 %tid
  %y = add i32 %x, 1
  store i32 %y, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
