; RUN: gasp-opt --passes=infer -verify-each -S %s -o - | FileCheck %s
; RUN: gasp-opt %s -o %t.bc
; RUN: gasp-run %s --kernel functor --global 16 --arg i64=16 --arg 'struct:buf:i32:16;i32=3' --check-as --compare %t.bc | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel own --global 16 --arg 'struct:buf:i32:16;i32=3' --check-as --compare %t.bc | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; A pointer the host wrote, read as an integer: clang copies a struct that
; holds a pointer (Thrust's device_ptr inside a functor passed by value to
; cub's for_each kernel) as an i64 and makes the pointer with inttoptr.
; Read that way, the kernel's by-value struct still holds what the host
; wrote there, a global address, as it does read as a pointer — also when
; the integer has other uses beside its inttoptr (a null test, Thrust's
; binary search taking `last - first` of two iterators' pointers: 8 loads
; of its bucket_sort2d example).  An integer the kernel itself wrote into
; a private slot, or of its own making, is not a pointer read: it stays
; generic.
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%Functor = type { ptr, i32 }

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; The functor's pointer, read as an i64: global.
; CHECK-LABEL: define ptx_kernel void @functor(
; CHECK: store i32 %v, ptr addrspace(1)
; CHECK: load i32, ptr addrspace(1)
define ptx_kernel void @functor(i64 %n, ptr byval(%Functor) align 8 %f) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x = load i64, ptr %f, align 8
  %p = inttoptr i64 %x to ptr
  %vp = getelementptr inbounds i8, ptr %f, i64 8
  %v = load i32, ptr %vp, align 8
  %q = getelementptr i32, ptr %p, i32 %t
  store i32 %v, ptr %q, align 4
  %w = load i32, ptr %q, align 4
  %q2 = getelementptr i32, ptr %p, i32 0
  %s = add i32 %w, 1
  store i32 %s, ptr %q2, align 4
  ret void
}

; The integer is also compared: what inttoptr makes of it is still the
; host's pointer, global.  A private slot the kernel fills with an integer
; of its own making (the address it got plus 4, as an integer) holds no
; pointer gasp can list: generic.
; CHECK-LABEL: define ptx_kernel void @own(
; CHECK: store i32 1, ptr addrspace(1) %
; CHECK: load i32, ptr addrspace(1) %
; CHECK: store i32 %w2, ptr %
define ptx_kernel void @own(ptr byval(%Functor) align 8 %f) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x = load i64, ptr %f, align 8
  %p = inttoptr i64 %x to ptr
  %z = icmp eq i64 %x, 0
  %q = getelementptr i32, ptr %p, i32 %t
  br i1 %z, label %done, label %go
go:
  store i32 1, ptr %q, align 4
  %w = load i32, ptr %q, align 4
  %w2 = add i32 %w, 1
  %slot = alloca i64, align 8
  %x4 = add i64 %x, 4
  store i64 %x4, ptr %slot, align 8
  %y = load i64, ptr %slot, align 8
  %r = inttoptr i64 %y to ptr
  %rq = getelementptr i32, ptr %r, i32 %t
  store i32 %w2, ptr %rq, align 4
  br label %done
done:
  ret void
}
