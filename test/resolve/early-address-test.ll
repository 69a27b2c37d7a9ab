; In the plugin's early run (--early-run) static resolution leaves generic
; an access whose pointer is also read as an integer, as infer's early run
; does (docs/design.md, "What the early run leaves to the late run"): made
; global there, the access took a global twin of its GEP while the
; ptrtoint kept the generic GEP, both bases live through the loop
; (HeCBench memtest's `p[i] == (uintptr_t)&p[i]`: 2 registers more than
; clang's build in 2 kernels, 3 PTX instructions more in a third).  The late
; run's infer names the access on one chain and casts it back for the
; integer read, as LLVM's InferAddressSpaces does.  All outputs run as the
; input does.
; RUN: gasp-opt --passes=infer,resolve --early-run --backend-follows -S %s -o %t.early.ll -stats 2> %t.err
; RUN: gasp-opt --passes=infer,resolve -S %s -o %t.late.ll
; RUN: gasp-opt --passes=infer -S %t.early.ll -o %t.both.ll
; RUN: FileCheck %s --check-prefix=EARLY < %t.early.ll
; RUN: FileCheck %s --check-prefix=LATE < %t.late.ll
; RUN: FileCheck %s --check-prefix=LATE < %t.both.ll
; RUN: FileCheck %s --check-prefix=STATS < %t.err
; RUN: gasp-run %s --kernel check --global 8 --arg buf:i64:8:iota --arg buf:i32:1:zero --check-as --compare %t.early.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel check --global 8 --arg buf:i64:8:iota --arg buf:i32:1:zero --check-as --compare %t.late.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel check --global 8 --arg buf:i64:8:iota --arg buf:i32:1:zero --check-as --compare %t.both.ll | FileCheck %s --check-prefix=EXEC
; The same rule on amdgcn and spir64, where static resolution makes a
; helper's accesses global: the tested one waits, the three others are named.
; RUN: for T in amdgcn spir64; do \
; RUN:   gasp-opt --passes=infer,resolve --early-run --backend-follows -S %S/Inputs/early-address-test-$T.ll -o %t.$T.ll -stats 2>&1 | grep resolve; \
; RUN:   gasp-run %S/Inputs/early-address-test-$T.ll --kernel check --global 8 --arg buf:i64:8:iota --arg buf:i32:1:zero --check-as --compare %t.$T.ll; \
; RUN: done | FileCheck %s --check-prefix=OTHER
; OTHER: 3 resolve - generic accesses made global by static resolution
; OTHER-NEXT: 1 resolve - generic accesses whose address is also read as an integer left for the late run
; OTHER: identical
; OTHER-NEXT: 3 resolve - generic accesses made global by static resolution
; OTHER-NEXT: 1 resolve - generic accesses whose address is also read as an integer left for the late run
; OTHER: identical
; EXEC: identical
; STATS: 1 resolve - generic accesses whose address is also read as an integer left for the late run
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; A load whose address the kernel also compares as an integer stays generic
; early, and is named late on one GEP chain cast back for the comparison.
; (On nvptx64 the early run leaves the atomic through the kernel's other
; parameter too: llc names it, test/infer/backend-named.ll.)
; EARLY-LABEL: define ptx_kernel void @check(
; EARLY: %v = load i64, ptr %q
; EARLY: atomicrmw add ptr %bad
; LATE-LABEL: define ptx_kernel void @check(
; LATE: %[[G:.*]] = getelementptr inbounds i64, ptr addrspace(1) %{{.*}}, i64 %i
; LATE: %[[B:.*]] = addrspacecast ptr addrspace(1) %[[G]] to ptr
; LATE: load i64, ptr addrspace(1) %[[G]]
; LATE: ptrtoint ptr %[[B]] to i64
; LATE-NOT: getelementptr inbounds i64, ptr %p
define ptx_kernel void @check(ptr %p, ptr %bad) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %q = getelementptr inbounds i64, ptr %p, i64 %i
  %v = load i64, ptr %q, align 8
  %a = ptrtoint ptr %q to i64
  %ok = icmp eq i64 %v, %a
  br i1 %ok, label %done, label %count
count:
  %n = atomicrmw add ptr %bad, i32 1 monotonic, align 4
  br label %done
done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
