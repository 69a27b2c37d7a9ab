; The straddling copy of test/infer/host-fill-part.ll, a module of its own.
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%Params = type { ptr, i64, i32, i32 }
%Functor = type { ptr, i64, [8 x i32], i32, i32 }

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.memcpy.p5.p101.i64(ptr addrspace(5), ptr addrspace(101), i64, i1)

; The same copy, but where its third field says so (never, in the run) the
; kernel writes the low half of a private slot's address over the view's
; pointer's high half: the functor may then hold private bits there, and
; the pointer stays generic.
; CHECK-LABEL: define ptx_kernel void @straddle(
; CHECK: store float %f, ptr %e
define ptx_kernel void @straddle(ptr noundef readonly byval(%Params) align 8 %p) {
  %p101 = addrspacecast ptr %p to ptr addrspace(101)
  %fn = alloca %Functor, align 8
  %slot = alloca i32, align 4
  %f5 = addrspacecast ptr %fn to ptr addrspace(5)
  call void @llvm.memcpy.p5.p101.i64(ptr addrspace(5) align 8 %f5, ptr addrspace(101) align 8 %p101, i64 16, i1 false)
  %hi = getelementptr inbounds i8, ptr addrspace(5) %f5, i64 4
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store volatile i32 %t, ptr %slot, align 4
  %np = getelementptr inbounds i8, ptr addrspace(101) %p101, i64 16
  %n = load i32, ptr addrspace(101) %np, align 8
  %odd = icmp eq i32 %n, 12345
  br i1 %odd, label %mix, label %go
mix:
  %sa = ptrtoint ptr %slot to i64
  %s32 = trunc i64 %sa to i32
  store i32 %s32, ptr addrspace(5) %hi, align 4
  br label %go
go:
  %data = load ptr, ptr addrspace(5) %f5, align 8
  %ti = zext i32 %t to i64
  %e = getelementptr inbounds float, ptr %data, i64 %ti
  %f = uitofp i32 %t to float
  store float %f, ptr %e, align 4
  %e2 = getelementptr inbounds float, ptr %e, i64 1
  %f2 = fadd float %f, 1.0
  store float %f2, ptr %e2, align 4
  ret void
}
