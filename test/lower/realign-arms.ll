; Regression (found by the sanitized stress campaign, llvm-stress seed
; 3670 on nvptx64 with --lower-generic=tags --private-in-global): a generic
; load through a 32-byte-aligned private slot stays generic, lower
; dispatches it, and each arm kept the load's own align 8 — which infer's
; realign raised to the slot's 32 on a second run, so the pipeline's output
; was not a fixed point.  The arms now carry the alignment of the object
; the generic pointer is an offset of.
; RUN: gasp-opt -S --lower-generic=tags --private-in-global %s -o %t.1.ll
; RUN: FileCheck %s < %t.1.ll
; RUN: gasp-opt -S --lower-generic=tags --private-in-global %t.1.ll -o %t.2.ll
; RUN: gasp-opt -S --passes=none %t.1.ll -o %t.3.ll
; RUN: diff %t.2.ll %t.3.ll
; RUN: gasp-run %s --kernel k --global 1 --arg buf:f64:1:zero --arg i64=8 --check-as --private-in-global --compare %t.1.ll | FileCheck %s --check-prefix=EXEC
; Every arm's load is aligned as the slot is.
; CHECK-LABEL: define double @f(
; CHECK:       gen.local{{.*}}:
; CHECK:         load double, ptr addrspace(3) {{.*}}, align 32
; CHECK:       gen.constant:
; CHECK:         load double, ptr addrspace(4) {{.*}}, align 32
; CHECK:       gen.global{{.*}}:
; CHECK:         load double, ptr addrspace(1) {{.*}}, align 32
; EXEC: identical
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@c = internal addrspace(4) constant [4 x double] [double 1.5, double 2.5, double 3.5, double 4.5], align 32

define double @f(i64 %n) noinline {
  %slot = alloca <4 x i64>, align 32, addrspace(5)
  %g = addrspacecast ptr addrspace(5) %slot to ptr
  call void @llvm.memcpy.p0.p0.i64(ptr %g, ptr addrspacecast (ptr addrspace(4) @c to ptr), i64 %n, i1 false)
  %v = load double, ptr %g, align 8
  ret double %v
}

define ptx_kernel void @k(ptr addrspace(1) %out, i64 %n) {
  %v = call double @f(i64 %n)
  store double %v, ptr addrspace(1) %out, align 8
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg)
