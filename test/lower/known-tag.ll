; RUN: gasp-opt -S -stats -pass-remarks=lower --lower-generic=tags %s -o %t.1.ll 2>%t.err
; RUN: FileCheck %s < %t.1.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: gasp-opt -S --lower-generic=tags %t.1.ll -o %t.2.ll
; RUN: gasp-opt -S --passes=none %t.1.ll -o %t.3.ll
; RUN: diff %t.2.ll %t.3.ll
; RUN: gasp-run %s --kernel k --global 8 --arg buf:i32:8:zero --arg i32=3 --check-as --compare %t.1.ll | FileCheck %s --check-prefix=EXEC
; An access whose pointer is, through GEPs, an alloca's or a local
; variable's tag (set with no null test: such a pointer is never null)
; takes the same arm whatever the address, so lower names it with no
; switch: on the pointer tagged, GEPs rebuilt on it.  optnone code (clang
; -O0) keeps every access to its allocas generic; each one took a switch
; of four arms before (random seed 24606: 711 KB of IR became 13 MB).
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@lv = internal addrspace(3) global [4 x i32] undef, align 16

; Direct accesses, a GEP with a variable index, a memcpy between two
; allocas and a local variable's element are named with no switch; the
; private cmpxchg NVPTX keeps generic uses the untagged alloca; the access
; through the unknown parameter and the one through a cast local pointer
; (its tag set behind a null test) still take a switch.
define i32 @f(ptr %unknown, ptr addrspace(3) %l, i32 %i) noinline optnone {
entry:
  %a = alloca [4 x i32], align 16
  %b = alloca [4 x i32], align 4
  %x = alloca i32, align 4
  store i32 7, ptr %x, align 4
  %e = getelementptr inbounds [4 x i32], ptr %a, i64 0, i32 %i
  store i32 5, ptr %e, align 4
  %old = cmpxchg ptr %x, i32 7, i32 9 monotonic monotonic, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %b, ptr align 16 %a, i64 16, i1 false)
  %eb = getelementptr inbounds [4 x i32], ptr %b, i64 0, i32 %i
  %vb = load i32, ptr %eb, align 4
  %lg = getelementptr inbounds [4 x i32], ptr addrspacecast (ptr addrspace(3) @lv to ptr), i64 0, i32 %i
  store i32 %vb, ptr %lg, align 4
  %vx = load i32, ptr %x, align 4
  %vu = load i32, ptr %unknown, align 4
  %gl = addrspacecast ptr addrspace(3) %l to ptr
  %vl = load i32, ptr %gl, align 4
  %s1 = add i32 %vx, %vu
  %s2 = add i32 %s1, %vl
  ret i32 %s2
}

; The kernel runs @f on its global buffer and the local variable (gasp-run
; compares the lowered module with this one).
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %i) {
  %g = addrspacecast ptr addrspace(1) %out to ptr
  %r = call i32 @f(ptr %g, ptr addrspace(3) @lv, i32 %i)
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

; CHECK-LABEL: define i32 @f(
; One cast after each alloca serves all its accesses (where infer puts it
; on a second run, in code it optimizes).
; CHECK:         %a = alloca [4 x i32], align 16
; CHECK-NEXT:    [[AP:%.*]] = addrspacecast ptr %a to ptr addrspace(5)
; CHECK-NEXT:    %b = alloca [4 x i32], align 4
; CHECK-NEXT:    [[BP:%.*]] = addrspacecast ptr %b to ptr addrspace(5)
; CHECK-NEXT:    %x = alloca i32, align 4
; CHECK-NEXT:    [[XP:%.*]] = addrspacecast ptr %x to ptr addrspace(5)
; CHECK-NEXT:    store i32 7, ptr addrspace(5) [[XP]], align 4
; CHECK-NEXT:    %e = getelementptr inbounds [4 x i32], ptr addrspace(5) [[AP]], i64 0, i32 %i
; CHECK-NEXT:    store i32 5, ptr addrspace(5) %e, align 4
; CHECK-NEXT:    %old = cmpxchg ptr %x, i32 7, i32 9 monotonic monotonic, align 4
; CHECK-NEXT:    call void @llvm.memcpy.p5.p5.i64(ptr addrspace(5) align 4 [[BP]], ptr addrspace(5) align 16 [[AP]], i64 16, i1 false)
; CHECK-NEXT:    %eb = getelementptr inbounds [4 x i32], ptr addrspace(5) [[BP]], i64 0, i32 %i
; CHECK-NEXT:    %vb = load i32, ptr addrspace(5) %eb, align 4
; CHECK-NEXT:    %lg = getelementptr inbounds [4 x i32], ptr addrspace(3) @lv, i64 0, i32 %i
; CHECK-NEXT:    store i32 %vb, ptr addrspace(3) %lg, align 4
; CHECK-NEXT:    %vx = load i32, ptr addrspace(5) [[XP]], align 4
; CHECK-NEXT:    ptrtoint ptr %unknown to i64
; CHECK-NEXT:    %tag = lshr
; CHECK-NEXT:    switch i64 %tag
; CHECK:         %vu = phi i32
; CHECK:         switch i64 %tag
; CHECK:         %vl = phi i32
; CHECK-NOT:     switch
; CHECK-NOT:     tagged
; CHECK:         ret i32 %s2

; The seven accesses named count apart from the two dispatched.
; REMARK: remark: {{.*}} 2 of 9 generic accesses need a runtime dispatch, 2 switches (arms: local, private, constant, global); 7 through an alloca's or a global's tag, named with no switch
; REMARK: 7 lower - generic accesses through an alloca's or a global's tag, named with no branch
; EXEC: identical
