; twins reads an argument that many calls pass once for all of them (a
; second question about it in one retype reads its uses at once), and
; answers as reading them per call does.  A stack slot the kernel passes
; to three calls of @w is the first call's out-parameter (that call
; dominates every other use), passed as the slot's generic address; the
; two later calls pass its cast, built there.  A shared pointer passed to
; three calls of @r has one generic cast %g: the first two calls take it
; (read after them), the last builds its own cast (%g is not read after).
; RUN: gasp-opt -S --passes=twins -stats %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:1 --arg i32=3 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; STATS: 2 twins - functions retyped so (a cast to the named space at the entry)
; STATS-NEXT: 2 twins - named pointer parameters given the generic twin their callers have (a live cast, a null, a select)
; STATS-NEXT: 1 twins - calls' stack-slot arguments the caller reads after the call, passed generic
; EXEC: identical
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [64 x i32] undef, align 4

; Writes through its private pointer: the callee of an out-parameter.
define internal void @w(ptr addrspace(5) %p, i32 %v) {
  store i32 %v, ptr addrspace(5) %p, align 4
  ret void
}

; Reads through its shared pointer.
define internal i32 @r(ptr addrspace(3) %p, i32 %v) {
  %x = load i32, ptr addrspace(3) %p, align 4
  %y = add i32 %x, %v
  ret i32 %y
}

; The slot passed three times, then the shared pointer three times.
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %i) {
  %s = alloca i32, align 4
  %a = addrspacecast ptr %s to ptr addrspace(5)
  call void @w(ptr addrspace(5) %a, i32 1)
  %x1 = load i32, ptr addrspace(5) %a, align 4
  call void @w(ptr addrspace(5) %a, i32 2)
  %x2 = load i32, ptr addrspace(5) %a, align 4
  call void @w(ptr addrspace(5) %a, i32 3)
  %x3 = load i32, ptr addrspace(5) %a, align 4
  %t = getelementptr i32, ptr addrspace(3) @tile, i32 %i
  %g = addrspacecast ptr addrspace(3) %t to ptr
  store i32 %x1, ptr %g, align 4
  %r1 = call i32 @r(ptr addrspace(3) %t, i32 %x2)
  store i32 %r1, ptr %g, align 4
  %r2 = call i32 @r(ptr addrspace(3) %t, i32 %x3)
  store i32 %r2, ptr %g, align 4
  %r3 = call i32 @r(ptr addrspace(3) %t, i32 5)
  store i32 %r3, ptr addrspace(1) %out, align 4
  ret void
}
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: call void @w(ptr %s, i32 1)
; CHECK: [[S2:%[0-9]+]] = addrspacecast ptr addrspace(5) %a to ptr
; CHECK-NEXT: call void @w(ptr [[S2]], i32 2)
; CHECK: [[S3:%[0-9]+]] = addrspacecast ptr addrspace(5) %a to ptr
; CHECK-NEXT: call void @w(ptr [[S3]], i32 3)
; CHECK: %r1 = call i32 @r(ptr %g, i32 %x2)
; CHECK: %r2 = call i32 @r(ptr %g, i32 %x3)
; CHECK: [[T3:%[0-9]+]] = addrspacecast ptr addrspace(3) %t to ptr
; CHECK-NEXT: %r3 = call i32 @r(ptr [[T3]], i32 5)
