; The clone cost model counts copies in what the kernels reach: an external
; helper whose other callers no kernel reaches (a library's entry points
; compiled into the module, hashcat's md5_update beside md5_update_64) gets
; the copy its kernel call names, since that copy only replaces the original
; in the kernel's code; where the kernel's calls ask for two copies, the
; second is still weighed against its size.  The copy is one more body in
; the file beside the kept original: it pays there because the kernel calls
; @upd in a loop, as md5_update calls md5_update_64 (test/ipmsp/clone-cost.ll).
; RUN: gasp-opt -S %s -o %t.ll -pass-remarks-missed=ipmsp 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REFUSED < %t.err
; RUN: gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:64:iota --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; The same decisions on amdgcn (its stack slots in addrspace(5)):
; RUN: sed -e 's/nvptx64-nvidia-cuda/amdgcn-amd-amdhsa/' -e 's/ptx_kernel/amdgpu_kernel/' -e 's/^target datalayout.*$/target datalayout = "e-p:64:64-p1:64:64-p3:32:32-p4:64:64-p5:32:32-i64:64-n32:64-S32-A5-G1"/' -e 's/llvm.nvvm.read.ptx.sreg.tid.x/llvm.amdgcn.workitem.id.x/g' -e 's/^  %%\([a-z]*\) = alloca \(.*\), align 4$/  %%\1.s = alloca \2, align 4, addrspace(5)\n  %%\1 = addrspacecast ptr addrspace(5) %%\1.s to ptr/' %s > %t.amd.ll
; RUN: gasp-opt -S %t.amd.ll -o %t.amd.out.ll -pass-remarks-missed=ipmsp 2> %t.amd.err
; RUN: FileCheck %s < %t.amd.out.ll
; RUN: FileCheck %s --check-prefix=REFUSED < %t.amd.err
; RUN: gasp-run %t.amd.ll --kernel k --global 4 --local 4 --arg buf:i32:64:iota --check-as --compare %t.amd.out.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
target datalayout = "e-p3:32:32-p5:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; The kernel passes its own stack slots to both helpers (to @upd in a
; loop); @upd_kept also gets its global buffer.
; CHECK-LABEL: define {{(ptx|amdgpu)}}_kernel void @k(
; CHECK: call void @upd.as5_5(ptr addrspace(5)
; CHECK: call void @upd_kept(ptr
; CHECK: call void @upd_kept(ptr
; CHECK: call void @rec(ptr
define ptx_kernel void @k(ptr %buf) {
  %ctx = alloca i32, align 4
  %w = alloca [4 x i32], align 4
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %g = getelementptr i32, ptr %buf, i32 %t
  %v = load i32, ptr %g
  store i32 %v, ptr %ctx
  call void @llvm.memset.p0.i64(ptr %w, i8 0, i64 16, i1 false)
  br label %loop

loop:
  %n = phi i32 [ 0, %0 ], [ %n1, %loop ]
  call void @upd(ptr %ctx, ptr %w, i32 %t)
  %n1 = add i32 %n, 1
  %more = icmp ult i32 %n1, 2
  br i1 %more, label %loop, label %after

after:
  call void @upd_kept(ptr %ctx, ptr %w, i32 %t)
  call void @upd_kept(ptr %buf, ptr %w, i32 %t)
  call void @rec(ptr %buf, ptr %ctx, i32 2)
  %r = load i32, ptr %ctx
  %w2 = getelementptr i32, ptr %w, i32 2
  %s = load i32, ptr %w2
  %x = add i32 %r, %s
  store i32 %x, ptr %g
  ret void
}

; No kernel calls @entry (its context comes from outside): its call is not
; counted, and once the kernel's call has its copy, it is @upd's one caller
; left and gets the copy of its own spaces, as any agreeing callers do.
; CHECK-LABEL: define void @entry(
; CHECK: call void @upd.asg_5(ptr %ctx, ptr addrspace(5)
define void @entry(ptr %ctx, i32 %i) {
  %w = alloca [4 x i32], align 4
  call void @llvm.memset.p0.i64(ptr %w, i8 0, i64 16, i1 false)
  call void @upd(ptr %ctx, ptr %w, i32 %i)
  call void @upd_kept(ptr %ctx, ptr %w, i32 %i)
  ret void
}

; 40 instructions of arithmetic and two accesses through each pointer.
; CHECK-LABEL: define void @upd(ptr %ctx, ptr %w
define void @upd(ptr %ctx, ptr %w, i32 %i) {
  %a0 = add i32 %i, 7
  %a1 = xor i32 %a0, 13
  %a2 = mul i32 %a1, 3
  %a3 = and i32 %a2, 255
  %a4 = add i32 %a3, 7
  %a5 = xor i32 %a4, 13
  %a6 = mul i32 %a5, 3
  %a7 = and i32 %a6, 255
  %a8 = add i32 %a7, 7
  %a9 = xor i32 %a8, 13
  %a10 = mul i32 %a9, 3
  %a11 = and i32 %a10, 255
  %a12 = add i32 %a11, 7
  %a13 = xor i32 %a12, 13
  %a14 = mul i32 %a13, 3
  %a15 = and i32 %a14, 255
  %a16 = add i32 %a15, 7
  %a17 = xor i32 %a16, 13
  %a18 = mul i32 %a17, 3
  %a19 = and i32 %a18, 255
  %a20 = add i32 %a19, 7
  %a21 = xor i32 %a20, 13
  %a22 = mul i32 %a21, 3
  %a23 = and i32 %a22, 255
  %a24 = add i32 %a23, 7
  %a25 = xor i32 %a24, 13
  %a26 = mul i32 %a25, 3
  %a27 = and i32 %a26, 255
  %a28 = add i32 %a27, 7
  %a29 = xor i32 %a28, 13
  %a30 = mul i32 %a29, 3
  %a31 = and i32 %a30, 255
  %a32 = add i32 %a31, 7
  %a33 = xor i32 %a32, 13
  %a34 = mul i32 %a33, 3
  %a35 = and i32 %a34, 255
  %a36 = add i32 %a35, 7
  %a37 = xor i32 %a36, 13
  %a38 = mul i32 %a37, 3
  %a39 = and i32 %a38, 255
  %c0 = load i32, ptr %ctx
  %c1 = add i32 %c0, %a39
  store i32 %c1, ptr %ctx
  %wi = and i32 %a39, 3
  %wp = getelementptr i32, ptr %w, i32 %wi
  %w0 = load i32, ptr %wp
  %w1 = xor i32 %w0, %c1
  store i32 %w1, ptr %wp
  ret void
}

; The same helper; the kernel's two calls pass two spaces, so one copy
; would be a second body in the kernel's code for a few named uses.
; REFUSED: not cloned: {{.*}}would name
; CHECK-LABEL: define void @upd_kept(ptr %ctx, ptr %w
define void @upd_kept(ptr %ctx, ptr %w, i32 %i) {
  %a0 = add i32 %i, 7
  %a1 = xor i32 %a0, 13
  %a2 = mul i32 %a1, 3
  %a3 = and i32 %a2, 255
  %a4 = add i32 %a3, 7
  %a5 = xor i32 %a4, 13
  %a6 = mul i32 %a5, 3
  %a7 = and i32 %a6, 255
  %a8 = add i32 %a7, 7
  %a9 = xor i32 %a8, 13
  %a10 = mul i32 %a9, 3
  %a11 = and i32 %a10, 255
  %a12 = add i32 %a11, 7
  %a13 = xor i32 %a12, 13
  %a14 = mul i32 %a13, 3
  %a15 = and i32 %a14, 255
  %a16 = add i32 %a15, 7
  %a17 = xor i32 %a16, 13
  %a18 = mul i32 %a17, 3
  %a19 = and i32 %a18, 255
  %a20 = add i32 %a19, 7
  %a21 = xor i32 %a20, 13
  %a22 = mul i32 %a21, 3
  %a23 = and i32 %a22, 255
  %a24 = add i32 %a23, 7
  %a25 = xor i32 %a24, 13
  %a26 = mul i32 %a25, 3
  %a27 = and i32 %a26, 255
  %a28 = add i32 %a27, 7
  %a29 = xor i32 %a28, 13
  %a30 = mul i32 %a29, 3
  %a31 = and i32 %a30, 255
  %a32 = add i32 %a31, 7
  %a33 = xor i32 %a32, 13
  %a34 = mul i32 %a33, 3
  %a35 = and i32 %a34, 255
  %a36 = add i32 %a35, 7
  %a37 = xor i32 %a36, 13
  %a38 = mul i32 %a37, 3
  %a39 = and i32 %a38, 255
  %c0 = load i32, ptr %ctx
  %c1 = add i32 %c0, %a39
  store i32 %c1, ptr %ctx
  %wi = and i32 %a39, 3
  %wp = getelementptr i32, ptr %w, i32 %wi
  %w0 = load i32, ptr %wp
  %w1 = xor i32 %w0, %c1
  store i32 %w1, ptr %wp
  ret void
}

; A recursive helper the kernel calls with its buffer and a stack slot, and
; which calls itself with its own first pointer and a slot of its own
; (cuda-samples' interval, newton_interval_rec): its recursive call is in
; every copy of it, so it counts as reached, and a copy for the kernel
; would be a second body of it in the kernel's code.
; REFUSED: not cloned: {{.*}}would name
; CHECK-LABEL: define linkonce_odr void @rec(ptr %s, ptr %x, i32 %d)
; CHECK: call void @rec(ptr %s, ptr
; CHECK-NOT: define {{.*}}@rec.as
define linkonce_odr void @rec(ptr %s, ptr %x, i32 %d) {
  %mine = alloca i32, align 4
  %r0 = add i32 %d, 7
  %r1 = xor i32 %r0, 13
  %r2 = mul i32 %r1, 3
  %r3 = and i32 %r2, 255
  %r4 = add i32 %r3, 7
  %r5 = xor i32 %r4, 13
  %r6 = mul i32 %r5, 3
  %r7 = and i32 %r6, 255
  %r8 = add i32 %r7, 7
  %r9 = xor i32 %r8, 13
  %r10 = mul i32 %r9, 3
  %r11 = and i32 %r10, 255
  %r12 = add i32 %r11, 7
  %r13 = xor i32 %r12, 13
  %r14 = mul i32 %r13, 3
  %r15 = and i32 %r14, 255
  %r16 = add i32 %r15, 7
  %r17 = xor i32 %r16, 13
  %r18 = mul i32 %r17, 3
  %r19 = and i32 %r18, 255
  %r20 = add i32 %r19, 7
  %r21 = xor i32 %r20, 13
  %r22 = mul i32 %r21, 3
  %r23 = and i32 %r22, 255
  %r24 = add i32 %r23, 7
  %r25 = xor i32 %r24, 13
  %r26 = mul i32 %r25, 3
  %r27 = and i32 %r26, 255
  %r28 = add i32 %r27, 7
  %r29 = xor i32 %r28, 13
  %r30 = mul i32 %r29, 3
  %r31 = and i32 %r30, 255
  %r32 = add i32 %r31, 7
  %r33 = xor i32 %r32, 13
  %r34 = mul i32 %r33, 3
  %r35 = and i32 %r34, 255
  %r36 = add i32 %r35, 7
  %r37 = xor i32 %r36, 13
  %r38 = mul i32 %r37, 3
  %r39 = and i32 %r38, 255
  %v = load i32, ptr %x
  %w = add i32 %v, %r39
  %i = and i32 %w, 15
  %p = getelementptr i32, ptr %s, i32 %i
  %o = load i32, ptr %p
  %n = xor i32 %o, %w
  store i32 %n, ptr %p
  store i32 %n, ptr %mine
  %more = icmp sgt i32 %d, 0
  br i1 %more, label %deeper, label %done

deeper:
  %d1 = sub i32 %d, 1
  call void @rec(ptr %s, ptr %mine, i32 %d1)
  br label %done

done:
  ret void
}

; CHECK-LABEL: define internal void @upd.as5_5(ptr addrspace(5) %ctx, ptr addrspace(5) %w
; CHECK: load i32, ptr addrspace(5) %ctx
; CHECK: load i32, ptr addrspace(5) %wp
; CHECK-LABEL: define internal void @upd.asg_5(ptr %ctx, ptr addrspace(5) %w
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
