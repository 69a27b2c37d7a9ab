; In the plugin's early run (--early-run: LLVM's optimizer and a late run
; follow) infer leaves a kernel's by-value parameter generic on NVPTX,
; whose llc reads it with ld.param itself (NVPTXLowerArgs): clang's own
; build reaches LLVM's optimizer so.  Named addrspace(101) first, the
; optimizer takes the parameter for constant memory and moves its loads
; (held-out HeCBench minisweep's `wavefronts` at -O3: a field's load and
; test hoisted out of their block, 80 -> 92 registers; clang's 80 now).
; The late run (and gasp-opt without --early-run) names the parameter as
; before; the kernel's global pointer is named in the late run too (llc
; names it: backend-named.ll); the summary says
; why the early run left it; both outputs run identically.
; RUN: gasp-opt --passes=infer --early-run --backend-follows -S %s -o %t.early.ll -stats 2> %t.err
; RUN: gasp-opt --passes=infer -S %s -o %t.late.ll
; RUN: FileCheck %s --check-prefix=EARLY < %t.early.ll
; RUN: FileCheck %s --check-prefix=LATE < %t.late.ll
; RUN: FileCheck %s --check-prefix=STATS < %t.err
; RUN: gasp-opt --passes=infer --early-run --backend-follows --summary -disable-output %s 2>&1 | FileCheck %s --check-prefix=WHY
; RUN: gasp-opt --passes=infer -S %t.early.ll | FileCheck %s --check-prefix=LATE
; RUN: gasp-run %s --kernel k --global 1 --arg 'struct:i32=5;i32=6;i32=7' --arg buf:i32:1 --arg i32=9 --check-as --compare %t.early.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 1 --arg 'struct:i32=5;i32=6;i32=7' --arg buf:i32:1 --arg i32=9 --check-as --compare %t.late.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; STATS: 2 infer - accesses to a kernel's by-value parameter left for the late run
; WHY: 2 a kernel's by-value parameter, left for the late run
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%S = type { i32, i32, i32 }

; A kernel reading a field of its by-value struct, then another under a
; test of the first: the early run leaves both reads generic, the late run
; reads them from the parameter space.
; EARLY-LABEL: define ptx_kernel void @k(
; EARLY-NOT: addrspace(101)
; EARLY: load i32, ptr %s,
; EARLY: load i32, ptr %f,
; EARLY: store i32 %v, ptr %out
; LATE-LABEL: define ptx_kernel void @k(
; LATE: addrspacecast ptr %s to ptr addrspace(101)
; LATE: load i32, ptr addrspace(101)
; LATE: load i32, ptr addrspace(101)
; LATE: store i32 %v, ptr addrspace(1)
define ptx_kernel void @k(ptr byval(%S) align 4 %s, ptr %out, i32 %c) {
entry:
  %x = load i32, ptr %s, align 4
  %t = icmp sgt i32 %c, %x
  br i1 %t, label %then, label %exit
then:
  %f = getelementptr inbounds i8, ptr %s, i64 8
  %v = load i32, ptr %f, align 4
  store i32 %v, ptr %out, align 4
  br label %exit
exit:
  ret void
}
