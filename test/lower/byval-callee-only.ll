; RUN: gasp-opt -S --lower-generic=tags %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-opt -S --lower-generic=tags --passes=infer,lower %s -o %t.lower.ll
; RUN: FileCheck %s < %t.lower.ll
; RUN: for c in 0 1; do gasp-run %s --kernel k --global 4 --arg buf:i32:4:iota --arg i32=$c --check-as --compare %t.ll; gasp-run %s --kernel k --global 4 --arg buf:i32:4:iota --arg i32=$c --check-as --compare %t.lower.ll; done | FileCheck %s --check-prefix=EXEC
; EXEC-COUNT-4: identical
; A by-value argument whose `byval` is written on the callee's parameter
; only (LangRef asks the call site to say it too; LLVM's back end copies
; when either does, CallBase::paramHasAttr): under tags the call's implicit
; copy would read through a tagged pointer (gasp-run: a memory fault at a
; non-canonical address), so lower copies it explicitly with a dispatched
; memcpy, as it does when the call site says byval.
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%S = type { i32, i32 }
@sh = internal addrspace(3) global %S zeroinitializer, align 8

; Reads the second field of its copy.
define internal i32 @rd(ptr byval(%S) align 8 %s) noinline {
  %p = getelementptr inbounds i8, ptr %s, i64 4
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

; Hands a pointer of either space to @rd, once with byval on the call site
; and once without: both calls get an explicit copy into a private slot.
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK-DAG: %byval.copy{{[0-9]*}} = alloca %S
; CHECK-DAG: %byval.copy{{[0-9]*}} = alloca %S
; CHECK: call i32 @rd(ptr {{(byval\(%S\) )?}}align 8 %byval.copy{{[0-9]*}})
; CHECK: call i32 @rd(ptr {{(byval\(%S\) )?}}align 8 %byval.copy{{[0-9]*}})
define ptx_kernel void @k(ptr addrspace(1) %g, i32 %c) {
  store i32 7, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @sh, i64 4), align 4
  %gg = addrspacecast ptr addrspace(1) %g to ptr
  %ls = addrspacecast ptr addrspace(3) @sh to ptr
  %b = icmp eq i32 %c, 0
  %p = select i1 %b, ptr %gg, ptr %ls
  %r1 = call i32 @rd(ptr align 8 %p)
  %r2 = call i32 @rd(ptr byval(%S) align 8 %p)
  %r = add i32 %r1, %r2
  store i32 %r, ptr addrspace(1) %g, align 4
  ret void
}
