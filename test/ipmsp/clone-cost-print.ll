; The clone cost model does not pay for accesses beside a print call: an
; access in a block that calls printf or CUDA's vprintf runs once per print,
; whose buffer and call to the host's runtime cost far more than naming it
; saves, and a pointer that is only printed (a vprintf buffer's field, a
; printf argument) is not accessed at all.  Seen on held-out CUDA code:
; printf-calling helpers cloned per space had +67% PTX instructions and
; twice the .local bytes of clang's build.  @sum (the control: a loop of
; loads) is cloned for its global and shared callers; @dump (the same loop
; printing each element through vprintf) and @show (printf of an element
; and of the pointer) keep their generic originals, with the remark;
; @name only stores its pointer into vprintf's buffer: it is not cloned
; for it.  The shared clone takes the generic pointer its caller keeps
; after the call and names it at its entry (twins.c).  Runs identically
; under gasp-run --check-as --compare.
; RUN: gasp-opt -S %s -o %t.ll -pass-remarks-missed=ipmsp 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: gasp-run %s --kernel k --global 8 --local 8 --arg buf:f32:8:iota --arg local:32 --arg buf:f32:8 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o /dev/null
; EXEC: identical
; REMARK-DAG: remark: <unknown>:0:0: not cloned: 1 more copy of its {{[0-9]+}} instructions would name 2 uses, 0 weighed by loops and print calls (more than 1 instruction a use; --clone-cost)
; REMARK-DAG: remark: <unknown>:0:0: not cloned: 1 more copy of its {{[0-9]+}} instructions would name 2 uses, 0 weighed by loops and print calls (more than 1 instruction a use; --clone-cost)
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define internal void @dump(ptr %p, i32 %n)
; CHECK: load float, ptr %
; CHECK-LABEL: define internal void @show(ptr %p, i32 %n)
; CHECK: load float, ptr %
; CHECK-LABEL: define internal void @name(ptr %p)
; CHECK-NOT: define {{.*}}@dump.as
; CHECK-NOT: define {{.*}}@show.as
; CHECK-NOT: define {{.*}}@name.as
; CHECK-LABEL: define internal float @sum.as1(ptr addrspace(1) %p, i32 %n)
; CHECK: load float, ptr addrspace(1)
; CHECK-LABEL: define internal float @sum.as3(ptr %p, i32 %n)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %p.local = addrspacecast ptr %p to ptr addrspace(3)
; CHECK: load float, ptr addrspace(3)

@fmt = private unnamed_addr addrspace(1) constant [7 x i8] c"%d %f\0A\00"
@fmts = private unnamed_addr addrspace(1) constant [10 x i8] c"%f at %p\0A\00"
@fmtn = private unnamed_addr addrspace(1) constant [4 x i8] c"%p\0A\00"
%args = type { i32, double }

declare i32 @vprintf(ptr, ptr)
declare i32 @printf(ptr, ...)

define internal float @sum(ptr %p, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %loop ]
  %e = getelementptr inbounds float, ptr %p, i32 %i
  %v = load float, ptr %e, align 4
  %acc1 = fadd float %acc, %v
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  ret float %acc1
}

define internal void @dump(ptr %p, i32 %n) {
entry:
  %buf = alloca %args, align 8
  %f = getelementptr inbounds i8, ptr %buf, i64 8
  %fmt = addrspacecast ptr addrspace(1) @fmt to ptr
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %e = getelementptr inbounds float, ptr %p, i32 %i
  %v = load float, ptr %e, align 4
  %d = fpext float %v to double
  store i32 %i, ptr %buf, align 8
  store double %d, ptr %f, align 8
  %r = call i32 @vprintf(ptr %fmt, ptr %buf)
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  ret void
}

define internal void @show(ptr %p, i32 %n) {
entry:
  %fmt = addrspacecast ptr addrspace(1) @fmts to ptr
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %e = getelementptr inbounds float, ptr %p, i32 %i
  %v = load float, ptr %e, align 4
  %d = fpext float %v to double
  %r = call i32 (ptr, ...) @printf(ptr %fmt, double %d, ptr %p)
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  ret void
}

define internal void @name(ptr %p) {
  %buf = alloca ptr, align 8
  %fmt = addrspacecast ptr addrspace(1) @fmtn to ptr
  store ptr %p, ptr %buf, align 8
  %r = call i32 @vprintf(ptr %fmt, ptr %buf)
  ret void
}

define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(3) %lds, ptr addrspace(1) %out) {
  %v = load float, ptr addrspace(1) %in, align 4
  store float %v, ptr addrspace(3) %lds, align 4
  %e = getelementptr inbounds float, ptr addrspace(1) %in, i32 1
  %w = load float, ptr addrspace(1) %e, align 4
  %l1 = getelementptr inbounds float, ptr addrspace(3) %lds, i32 1
  store float %w, ptr addrspace(3) %l1, align 4
  %g = addrspacecast ptr addrspace(1) %in to ptr
  %s = addrspacecast ptr addrspace(3) %lds to ptr
  %a = call float @sum(ptr %g, i32 2)
  %b = call float @sum(ptr %s, i32 2)
  call void @dump(ptr %g, i32 2)
  call void @dump(ptr %s, i32 2)
  call void @show(ptr %g, i32 2)
  call void @show(ptr %s, i32 2)
  call void @name(ptr %g)
  call void @name(ptr %s)
  %r = fadd float %a, %b
  store float %r, ptr addrspace(1) %out, align 4
  ret void
}
