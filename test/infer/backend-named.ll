; What llc names itself on NVPTX — a kernel's generic pointer parameters
; and the pointers loaded from its by-value parameters (NVPTXLowerArgs
; casts each to global) and the casts of module variables,
; and what InferAddressSpaces follows from them — the plugin's runs leave
; generic, as clang's build has it (analysis/backendnamed.c): in the early
; run (--early-run, LLVM's optimizer next) and in the late one
; (--backend-follows, llc next).  Named by gasp, LLVM wrote the code around
; them otherwise for nothing llc did not name (ggml's mul_mat_vec_f: 6
; more PTX and 36-42 more machine instructions early; 2 more registers in
; its bf16 instances from the late run's casts at the entry).  A global
; pointer llc cannot see (read from a __constant__ table) is named as
; before, and so is a phi that merges it with a parameter; a module
; variable's cast waits in the early run only; a pointer
; reloaded from a private slot waits in the early run (SROA promotes the
; slot first) but is gasp's in the late run.  gasp-opt alone names them
; all; the summary says why each was left; all outputs run identically.
; Not generic in the final code, those accesses get Analysis remarks
; (LeftForLlc), no Missed ones: -Rpass-missed says the final code's.
; RUN: gasp-opt --passes=infer --early-run --backend-follows -S %s -o %t.early.ll -stats 2> %t.err
; RUN: gasp-opt --passes=infer --backend-follows -S %s -o %t.llc.ll
; RUN: gasp-opt --passes=infer -S %s -o %t.all.ll
; RUN: FileCheck %s --check-prefixes=EARLY,BOTH < %t.early.ll
; RUN: FileCheck %s --check-prefixes=LLC,BOTH < %t.llc.ll
; RUN: FileCheck %s --check-prefix=ALL < %t.all.ll
; RUN: FileCheck %s --check-prefix=STATS < %t.err
; RUN: gasp-opt --passes=infer --early-run --backend-follows --summary -disable-output %s 2>&1 | FileCheck %s --check-prefix=WHY
; RUN: gasp-opt --passes=infer --backend-follows -pass-remarks-missed=gasp -pass-remarks-analysis=gasp -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK --implicit-check-not="stays generic"
; RUN: gasp-opt --passes=infer --backend-follows -pass-remarks-missed=gasp -disable-output %s 2>&1 | count 0
; RUN: gasp-opt --passes=infer --backend-follows --lower-generic=tags -S %s | FileCheck %s --check-prefix=ALL
; RUN: gasp-opt --passes=infer -S %t.early.ll | FileCheck %s --check-prefix=ALL
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:8 --arg buf:i32:8 --arg i32=8 --check-as --compare %t.early.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:8 --arg buf:i32:8 --arg i32=8 --check-as --compare %t.llc.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel t --global 1 --arg buf:i32:8 --arg i32=1 --check-as --compare %t.early.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel t --global 1 --arg buf:i32:8 --arg i32=0 --check-as --compare %t.llc.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel s --global 1 --arg buf:i32:8 --check-as --compare %t.llc.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel n --global 1 --arg buf:i32:8 --arg i32=2 --check-as --compare %t.llc.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel n --global 1 --arg buf:i32:8 --arg i32=0 --check-as --compare %t.llc.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel bv --global 1 --arg 'struct:buf:i32:4;buf:i32:4;i32=4' --check-as --compare %t.llc.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel bv --global 1 --arg 'struct:buf:i32:4;buf:i32:4;i32=4' --check-as --compare %t.all.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; REMARK-COUNT-8: remark: {{.*}} named by llc, not gasp: a kernel's pointer parameter, a pointer its by-value parameter holds or a module variable, left for llc
; STATS: 11 infer - accesses left for the late run or llc, which names them itself
; WHY: 11 a kernel's pointer parameter, a pointer its by-value parameter holds or a module variable, left for llc
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@data = internal addrspace(1) global [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4
@table = internal addrspace(4) global ptr addrspacecast (ptr addrspace(1) @data to ptr), align 8
@grid = internal addrspace(4) constant [4 x i32] [i32 5, i32 6, i32 7, i32 8], align 4

; A loop copying %in to %out through GEPs and a phi, a select between the
; two parameters, and a read of a __constant__ grid through its generic
; cast: every access is llc's, left generic; gasp-opt alone names them.
; The grid's read waits in the early run only: the late run names module
; variables as before (left to llc, the random OpenCL programs' __local
; arrays cost spills: bench/random/random.md).
; BOTH-LABEL: define ptx_kernel void @k(
; BOTH-NOT: addrspace(1)
; EARLY: load i32, ptr getelementptr
; LLC: load i32, ptr addrspace(4) getelementptr
; BOTH-LABEL: define ptx_kernel void @t(
; ALL-LABEL: define ptx_kernel void @k(
; ALL: load i32, ptr addrspace(1)
; ALL: store i32 %v, ptr addrspace(1)
; ALL: load i32, ptr addrspace(1)
; ALL: load i32, ptr addrspace(4)
; ALL: store i32 %w, ptr addrspace(1)
define ptx_kernel void @k(ptr %in, ptr %out, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = phi ptr [ %in, %entry ], [ %p.next, %loop ]
  %v = load i32, ptr %p, align 4
  %idx = zext i32 %i to i64
  %q = getelementptr inbounds i32, ptr %out, i64 %idx
  store i32 %v, ptr %q, align 4
  %p.next = getelementptr inbounds i32, ptr %p, i64 1
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  %s = select i1 %c, ptr %in, ptr %out
  %w0 = load i32, ptr %s, align 4
  %g = load i32, ptr getelementptr inbounds ([4 x i32], ptr addrspacecast (ptr addrspace(4) @grid to ptr), i64 0, i64 2), align 4
  %w = add i32 %w0, %g
  store i32 %w, ptr %out, align 4
  ret void
}

; A pointer read from a __constant__ table (global: only the host writes
; it), which llc does not name, and a phi merging it with the parameter:
; both loads named global, the store through %out alone left for llc.
; BOTH: load ptr, ptr addrspace(4) @table
; BOTH: load i32, ptr addrspace(1)
; BOTH: load i32, ptr addrspace(1)
; BOTH: store i32 %y, ptr %out
define ptx_kernel void @t(ptr %out, i32 %c) {
entry:
  %tp = load ptr, ptr addrspace(4) @table, align 8
  %x = load i32, ptr %tp, align 4
  %b = icmp eq i32 %c, 0
  br i1 %b, label %then, label %join
then:
  br label %join
join:
  %m = phi ptr [ %tp, %then ], [ %out, %entry ]
  %y = load i32, ptr %m, align 4
  %z = add i32 %x, %y
  store i32 %y, ptr %out, align 4
  ret void
}

; The parameter stored into a private slot and read back: the early run
; leaves the access (SROA will promote the slot, then llc names it), the
; late run names it (a slot still there after LLVM's optimizer may stay
; one in llc too).
; EARLY-LABEL: define ptx_kernel void @s(
; EARLY: store i32 7, ptr %r
; EARLY: store i32 8, ptr %r1
; LLC-LABEL: define ptx_kernel void @s(
; LLC: store i32 7, ptr addrspace(1)
; LLC: store i32 8, ptr addrspace(1)
define ptx_kernel void @s(ptr %out) {
entry:
  %slot = alloca ptr, align 8
  store ptr %out, ptr %slot, align 8
  %r = load ptr, ptr %slot, align 8
  store i32 7, ptr %r, align 4
  %r1 = getelementptr inbounds i32, ptr %r, i64 1
  store i32 8, ptr %r1, align 4
  ret void
}

; A null test of a pointer into a __local array (gasp's, not llc's) stays
; gasp's when the other operand is the null, which every space has: named
; with the array, as before the plugin left anything to llc (left to llc,
; LLVM wrote it as a compare with cvta.to.shared of 0, and random seed 14's
; kernel spilled 84 -> 104 bytes).  The parameter's null test is llc's.
; LLC-LABEL: define ptx_kernel void @n(
; LLC: %q = select i1 %b, ptr addrspace(3) %e, ptr addrspace(3) addrspacecast (ptr null to ptr addrspace(3))
; LLC: %isnull = select i1 %b, i1 false, i1 true
; LLC: store i32 1, ptr addrspace(3) %q
; LLC: icmp eq ptr %out, null
; LLC: store i32 2, ptr %out
@lt = internal addrspace(3) global [4 x i32] undef, align 4
define ptx_kernel void @n(ptr %out, i32 %c) {
entry:
  %i = zext i32 %c to i64
  %e = getelementptr inbounds [4 x i32], ptr addrspace(3) @lt, i64 0, i64 %i
  %g = addrspacecast ptr addrspace(3) %e to ptr
  %b = icmp ne i32 %c, 0
  %q = select i1 %b, ptr %g, ptr null
  %isnull = icmp eq ptr %q, null
  br i1 %isnull, label %skip, label %use
use:
  store i32 1, ptr %q, align 4
  br label %skip
skip:
  %o = icmp eq ptr %out, null
  br i1 %o, label %done, label %w
w:
  store i32 2, ptr %out, align 4
  br label %done
done:
  ret void
}

; A kernel's by-value struct of two pointers (Thrust's iterators, a CUB
; functor): llc reads it with ld.param and NVPTXLowerArgs casts each
; pointer loaded from it to global where it is loaded, in clang's build
; too (tgt_backend_casts).  The late run leaves those pointers to llc
; (named, they changed only the order llc wrote their address arithmetic
; in, and ptxas's code by up to 2% more machine instructions: CUB's
; DeviceReduceSingleTileKernel over a zip of two device vectors, Thrust's
; max_abs_diff example); gasp-opt alone names them.
; The early run leaves the by-value parameter itself to the late run.
; EARLY-LABEL: define ptx_kernel void @bv(
; EARLY: %a = load ptr, ptr %pr
; LLC-LABEL: define ptx_kernel void @bv(
; LLC: %a = load ptr, ptr addrspace(101)
; LLC: %b = load ptr, ptr addrspace(101)
; LLC: load i32, ptr %pa
; LLC: store i32 %v, ptr %pb
; ALL-LABEL: define ptx_kernel void @bv(
; ALL: load i32, ptr addrspace(1)
; ALL: store i32 %v, ptr addrspace(1)
%struct.Pair = type { ptr, ptr, i32 }
define ptx_kernel void @bv(ptr byval(%struct.Pair) align 8 %pr) {
entry:
  %a = load ptr, ptr %pr, align 8
  %fb = getelementptr inbounds i8, ptr %pr, i64 8
  %b = load ptr, ptr %fb, align 8
  %fn = getelementptr inbounds i8, ptr %pr, i64 16
  %n = load i32, ptr %fn, align 4
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %idx = zext i32 %i to i64
  %pa = getelementptr inbounds i32, ptr %a, i64 %idx
  %v = load i32, ptr %pa, align 4
  %pb = getelementptr inbounds i32, ptr %b, i64 %idx
  store i32 %v, ptr %pb, align 4
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
