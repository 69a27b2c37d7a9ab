; The clone cost model counts, for a call passing the named pointer on, what
; the callee parameter names down its calls: @method names 1 use itself but
; its helpers @h1..@h3 make 12 accesses through `this`, so the copies of its
; 70-odd instructions for the shared and the global caller pay under a limit
; of 8 a use (NVPTX's before the default became 1; pinned here: the callee's
; uses are what this tests); counting the calls 1 each (4 uses a copy) they
; did not, and the shared
; accesses stayed generic (rodinia dwt2d's FDWT53::transform shape, at the
; plugin's early-simplification point).
; RUN: gasp-opt --clone-cost=8 -S %s -o %t.ll -pass-remarks-missed=ipmsp 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=NOREFUSAL --allow-empty < %t.err
; RUN: gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:64:iota --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; NOREFUSAL-NOT: not cloned: {{.*}} of its {{.*}} would name
target datalayout = "e-p3:32:32-p5:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@shared = internal addrspace(3) global [64 x i32] zeroinitializer, align 4

; The kernel calls the method with a shared `this` and with its global buffer.
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: call void @method.as3(ptr addrspace(3) @shared
; CHECK: call void @method.as1(ptr addrspace(1)
define ptx_kernel void @k(ptr %g) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  call void @method(ptr addrspacecast (ptr addrspace(3) @shared to ptr), i32 %t)
  call void @llvm.nvvm.barrier0()
  call void @method(ptr %g, i32 %t)
  ret void
}

; A method with some arithmetic, one access of its own and three calls
; passing `this` on.
; CHECK-LABEL: define internal void @method.as3(ptr addrspace(3)
; CHECK: store i32 {{.*}}, ptr addrspace(3)
define linkonce_odr void @method(ptr %this, i32 %i) {
  %a = mul i32 %i, 3
  %b = add i32 %a, 7
  %c = xor i32 %b, %i
  %d = and i32 %c, 15
  %e = shl i32 %d, 1
  %f = or i32 %e, 1
  %g = sub i32 %f, %i
  %h = mul i32 %g, %g
  %j = and i32 %h, 31
  %k = add i32 %j, %d
  %l = and i32 %k, 15
  %m = add i32 %l, %e
  %n = and i32 %m, 15
  %o = add i32 %n, 1
  %p = and i32 %o, 15
  %q = add i32 %p, %l
  %r = and i32 %q, 15
  %s = add i32 %r, %n
  %u = and i32 %s, 15
  %v = add i32 %u, %p
  %w = and i32 %v, 15
  %x = add i32 %w, %r
  %y = and i32 %x, 15
  %z = add i32 %y, %u
  %x0 = add i32 %z, 0
  %x1 = add i32 %x0, 1
  %x2 = add i32 %x1, 2
  %x3 = add i32 %x2, 3
  %x4 = add i32 %x3, 4
  %x5 = add i32 %x4, 5
  %x6 = add i32 %x5, 6
  %x7 = add i32 %x6, 7
  %x8 = add i32 %x7, 8
  %x9 = add i32 %x8, 9
  %x10 = add i32 %x9, 10
  %x11 = add i32 %x10, 11
  %x12 = add i32 %x11, 12
  %x13 = add i32 %x12, 13
  %x14 = add i32 %x13, 14
  %x15 = add i32 %x14, 15
  %x16 = add i32 %x15, 16
  %x17 = add i32 %x16, 17
  %x18 = add i32 %x17, 18
  %x19 = add i32 %x18, 19
  %x20 = add i32 %x19, 20
  %x21 = add i32 %x20, 21
  %x22 = add i32 %x21, 22
  %x23 = add i32 %x22, 23
  %x24 = add i32 %x23, 24
  %x25 = add i32 %x24, 25
  %x26 = add i32 %x25, 26
  %x27 = add i32 %x26, 27
  %x28 = add i32 %x27, 28
  %x29 = add i32 %x28, 29
  %x30 = add i32 %x29, 30
  %x31 = add i32 %x30, 31
  %x32 = add i32 %x31, 32
  %x33 = add i32 %x32, 33
  %x34 = add i32 %x33, 34
  %x35 = add i32 %x34, 35
  %x36 = add i32 %x35, 36
  %x37 = add i32 %x36, 37
  %x38 = add i32 %x37, 38
  %x39 = add i32 %x38, 39
  %x40 = add i32 %x39, 40
  %idx = and i32 %x40, 15
  %at = getelementptr i32, ptr %this, i32 %idx
  store i32 %z, ptr %at
  call void @h1(ptr %this, i32 %i)
  call void @h2(ptr %this, i32 %i)
  call void @h3(ptr %this, i32 %i)
  ret void
}

; Each helper: four accesses through `this`.
; CHECK-LABEL: define internal void @h1.as3(ptr addrspace(3)
define linkonce_odr void @h1(ptr %this, i32 %i) {
  %i1 = and i32 %i, 15
  %p = getelementptr i32, ptr %this, i32 %i1
  %v = load i32, ptr %p
  %v1 = add i32 %v, 1
  store i32 %v1, ptr %p
  %q = getelementptr i32, ptr %this, i32 16
  %w = load i32, ptr %q
  %w1 = add i32 %w, %v1
  store i32 %w1, ptr %q
  ret void
}

define linkonce_odr void @h2(ptr %this, i32 %i) {
  %i1 = and i32 %i, 15
  %i2 = add i32 %i1, 16
  %p = getelementptr i32, ptr %this, i32 %i2
  %v = load i32, ptr %p
  %v1 = mul i32 %v, 3
  store i32 %v1, ptr %p
  %q = getelementptr i32, ptr %this, i32 32
  %w = load i32, ptr %q
  %w1 = xor i32 %w, %v1
  store i32 %w1, ptr %q
  ret void
}

define linkonce_odr void @h3(ptr %this, i32 %i) {
  %i1 = and i32 %i, 15
  %i2 = add i32 %i1, 32
  %p = getelementptr i32, ptr %this, i32 %i2
  %v = load i32, ptr %p
  %v1 = sub i32 %v, 5
  store i32 %v1, ptr %p
  %q = getelementptr i32, ptr %this, i32 48
  %w = load i32, ptr %q
  %w1 = add i32 %w, %v
  store i32 %w1, ptr %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
