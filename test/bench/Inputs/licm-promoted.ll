; What LICM leaves when it promotes a private array's elements out of a
; loop where none of their accesses runs on every iteration (GROMACS's
; nbnxm kernels, bench/public/causes.md): the slot is 4-byte aligned, its
; promoted stores say align 1, and llc writes each float a byte at a time.
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %o, ptr addrspace(1) %in, i32 %n, i32 %s) {
entry:
  %f = alloca [4 x float], align 4
  %f1 = getelementptr inbounds i8, ptr %f, i64 4
  %f2 = getelementptr inbounds i8, ptr %f, i64 8
  %f3 = getelementptr inbounds i8, ptr %f, i64 12
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %a = phi float [ 0.0, %entry ], [ %a.next, %loop ]
  %ix = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %ix
  %x = load float, ptr addrspace(1) %p, align 4
  %a.next = fadd float %a, %x
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  %b = fmul float %a.next, 2.0
  %c = fmul float %a.next, 3.0
  %d = fmul float %a.next, 4.0
  store float %a.next, ptr %f, align 1
  store float %b, ptr %f1, align 1
  store float %c, ptr %f2, align 1
  store float %d, ptr %f3, align 1
  %sx = zext i32 %s to i64
  %q = getelementptr inbounds [4 x float], ptr %f, i64 0, i64 %sx
  %v = load float, ptr %q, align 4
  store float %v, ptr addrspace(1) %o, align 4
  ret void
}
