; RUN: gasp-opt -S -pass-remarks=frames %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: llc -mcpu=sm_90 %t.ll -o - | FileCheck %s --check-prefix=PTX
; RUN: llc -mcpu=sm_90 %s -o - | FileCheck %s --check-prefix=BEFORE
; RUN: gasp-run %s --kernel k --global 2 --arg buf:i32:2 --arg i32=3 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; A struct passed by value to a function that is not inlined (`ptr
; byval`): the call's lowering copies it in the caller, reading through
; the argument.  It reads the local space when the argument is a slot or a
; cast from the local space, and the generic space when it is a GEP over
; either (an element of an array of structs: ld [%SP+k]).  The frames pass
; builds the GEPs in the local space and casts their result.
; REMARK: remark: {{.*}}3 by-value arguments made casts of local GEPs
; EXEC: identical
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%S = type { i32, i32, i64 }

define internal i32 @f(ptr byval(%S) align 8 %s) noinline {
  %p = getelementptr inbounds i8, ptr %s, i64 4
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

; Element 1 of a private array of structs handed by value twice: through a
; GEP of the slot's local cast cast back (what gasp's inference leaves),
; through a GEP of the generic slot itself, and once more with `byval`
; on the callee's parameter only (the call's lowering copies it the same).
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: [[L1:%[0-9]+]] = getelementptr inbounds i8, ptr addrspace(5) %{{[0-9a-z]+}}, i64 16
; CHECK-NEXT: [[G1:%[0-9]+]] = addrspacecast ptr addrspace(5) [[L1]] to ptr
; CHECK-NEXT: call i32 @f(ptr byval(%S) align 8 [[G1]])
; CHECK: [[L2:%[0-9]+]] = getelementptr inbounds [2 x %S], ptr addrspace(5) %{{[0-9]+}}, i32 0, i32 %i
; CHECK-NEXT: [[G2:%[0-9]+]] = addrspacecast ptr addrspace(5) [[L2]] to ptr
; CHECK-NEXT: call i32 @f(ptr byval(%S) align 8 [[G2]])
; CHECK: [[L3:%[0-9]+]] = getelementptr inbounds i8, ptr addrspace(5) %{{[0-9a-z]+}}, i64 16
; CHECK-NEXT: [[G3:%[0-9]+]] = addrspacecast ptr addrspace(5) [[L3]] to ptr
; CHECK-NEXT: call i32 @f(ptr align 8 [[G3]])
; PTX-LABEL: .entry k(
; PTX-NOT: {{[[:space:]](ld|st)(\.volatile)?(\.v[24])?\.[bsuf][0-9]+ }}
; PTX: ret;
; BEFORE-LABEL: .entry k(
; BEFORE: {{[[:space:]]ld(\.v[24])?\.[bsuf][0-9]+ }}
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {
  %a = alloca [2 x %S], align 8
  %c = addrspacecast ptr %a to ptr addrspace(5)
  %e = getelementptr inbounds i8, ptr addrspace(5) %c, i64 16
  store i32 %n, ptr addrspace(5) %e, align 8
  %q = getelementptr inbounds i8, ptr addrspace(5) %c, i64 20
  store i32 7, ptr addrspace(5) %q, align 4
  %gen = addrspacecast ptr addrspace(5) %c to ptr
  %g1 = getelementptr inbounds i8, ptr %gen, i64 16
  %r1 = call i32 @f(ptr byval(%S) align 8 %g1)
  %i = and i32 %n, 1
  %g2 = getelementptr inbounds [2 x %S], ptr %a, i32 0, i32 %i
  %r2 = call i32 @f(ptr byval(%S) align 8 %g2)
  ; byval on the callee's parameter only: LLVM copies it all the same
  %g3 = getelementptr inbounds i8, ptr %gen, i64 16
  %r3 = call i32 @f(ptr align 8 %g3)
  %r12 = add i32 %r1, %r2
  %r = add i32 %r12, %r3
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void
}
