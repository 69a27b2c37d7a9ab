; A CUDA kernel's by-value struct handed by address to a helper the
; inliner inlines (@check: idivide's int_fastdiv, read on both sides of an
; atomic), to a noinline one that only reads it (@check_far) and to a
; noinline one that writes it (@check_write); test/byvalcopy/early-run.test.
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%Div = type { i32, i32, i32 }

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define internal i32 @divide(ptr %d, i32 %x) {
  %m = load i32, ptr %d, align 4
  %sp = getelementptr inbounds i8, ptr %d, i64 4
  %s = load i32, ptr %sp, align 4
  %xe = zext i32 %x to i64
  %me = zext i32 %m to i64
  %p = mul i64 %xe, %me
  %hi = lshr i64 %p, 32
  %h = trunc i64 %hi to i32
  %q = lshr i32 %h, %s
  ret i32 %q
}

define internal i32 @divide_far(ptr %d, i32 %x) noinline {
  %m = load i32, ptr %d, align 4
  %q = udiv i32 %x, %m
  ret i32 %q
}

define internal i32 @divide_set(ptr %d, i32 %x) noinline {
  %sp = getelementptr inbounds i8, ptr %d, i64 8
  store i32 %x, ptr %sp, align 4
  %m = load i32, ptr %d, align 4
  %q = udiv i32 %x, %m
  ret i32 %q
}

define ptx_kernel void @check(ptr byval(%Div) align 4 %d, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %q = call i32 @divide(ptr %d, i32 %t)
  %o = getelementptr inbounds i32, ptr %out, i32 %t
  %old = atomicrmw add ptr %out, i32 %q monotonic, align 4
  %t1 = add i32 %t, %old
  %q1 = call i32 @divide(ptr %d, i32 %t1)
  store i32 %q1, ptr %o, align 4
  ret void
}

define ptx_kernel void @check_far(ptr byval(%Div) align 4 %d, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %q = call i32 @divide_far(ptr %d, i32 %t)
  %o = getelementptr inbounds i32, ptr %out, i32 %t
  store i32 %q, ptr %o, align 4
  ret void
}


define ptx_kernel void @check_write(ptr byval(%Div) align 4 %d, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %q = call i32 @divide_set(ptr %d, i32 %t)
  %a = getelementptr inbounds i8, ptr %d, i64 8
  %w = load i32, ptr %a, align 4
  %r = add i32 %q, %w
  %o = getelementptr inbounds i32, ptr %out, i32 %t
  store i32 %r, ptr %o, align 4
  ret void
}
