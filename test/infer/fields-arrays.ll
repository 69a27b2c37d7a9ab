; RUN: gasp-opt --passes=infer -S %s -o - | FileCheck %s
; RUN: gasp-opt -S %s -o %t.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:8:iota --arg local:32 --arg i64=1 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:8:iota --arg local:32 --arg i64=3 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; Arrays of structs indexed at run time (memory.c, "Places").  An
; access through &arr[i].field lies at the field's offset plus some multiple
; of the element size; a load of a pointer field gets what was stored at
; every place that can be exactly that field, and a write that can cover
; part of it (another stride, a byte index) keeps it unknown (soundness).
; Job = { ptr in, i32 n, ptr out }: fields at 0, 8, 16; 24 bytes (spir64).
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

%Job = type { ptr addrspace(4), i32, ptr addrspace(4) }

; Elements filled at i, read at k: in is local, out global everywhere.
define spir_func i32 @elements(ptr addrspace(3) %l, ptr addrspace(1) %g, i64 %i, i64 %k) {
; CHECK-LABEL: define spir_func i32 @elements(
; CHECK:         [[IN:%.*]] = load ptr addrspace(4), ptr [[EK:%.*]], align 8
; CHECK-NEXT:    [[C0:%.*]] = addrspacecast ptr addrspace(4) [[IN]] to ptr addrspace(3)
; CHECK-NEXT:    [[V:%.*]] = load i32, ptr addrspace(3) [[C0]], align 4
; CHECK:         [[OUT:%.*]] = load ptr addrspace(4), ptr [[FK:%.*]], align 8
; CHECK-NEXT:    [[C1:%.*]] = addrspacecast ptr addrspace(4) [[OUT]] to ptr addrspace(1)
; CHECK-NEXT:    store i32 [[V]], ptr addrspace(1) [[C1]], align 4
  %arr = alloca [4 x %Job], align 8
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %b = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %e = getelementptr inbounds [4 x %Job], ptr %arr, i64 0, i64 %i
  store ptr addrspace(4) %a, ptr %e, align 8
  %n = getelementptr inbounds %Job, ptr %e, i64 0, i32 1
  store i32 3, ptr %n, align 8
  %o = getelementptr inbounds %Job, ptr %e, i64 0, i32 2
  store ptr addrspace(4) %b, ptr %o, align 8
  %ek = getelementptr inbounds [4 x %Job], ptr %arr, i64 0, i64 %k
  %in = load ptr addrspace(4), ptr %ek, align 8
  %v = load i32, ptr addrspace(4) %in, align 4
  %fk = getelementptr inbounds %Job, ptr %ek, i64 0, i32 2
  %out = load ptr addrspace(4), ptr %fk, align 8
  store i32 %v, ptr addrspace(4) %out, align 4
  ret i32 %v
}

; Every element zeroed, then field in of one element written local: the
; load reads null or that local pointer.
define spir_func i32 @zeroed(ptr addrspace(3) %l, i64 %i, i64 %k) {
; CHECK-LABEL: define spir_func i32 @zeroed(
; CHECK:         [[IN:%.*]] = load ptr addrspace(4), ptr [[EK:%.*]], align 8
; CHECK-NEXT:    [[C:%.*]] = addrspacecast ptr addrspace(4) [[IN]] to ptr addrspace(3)
; CHECK-NEXT:    [[V:%.*]] = load i32, ptr addrspace(3) [[C]], align 4
  %arr = alloca [4 x %Job], align 8
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %z = getelementptr inbounds [4 x %Job], ptr %arr, i64 0, i64 %k
  call void @llvm.memset.p0.i64(ptr align 8 %z, i8 0, i64 24, i1 false)
  %e = getelementptr inbounds [4 x %Job], ptr %arr, i64 0, i64 %i
  store ptr addrspace(4) %a, ptr %e, align 8
  %ek = getelementptr inbounds [4 x %Job], ptr %arr, i64 0, i64 %k
  %in = load ptr addrspace(4), ptr %ek, align 8
  %v = load i32, ptr addrspace(4) %in, align 4
  ret i32 %v
}

; A global pointer stored through the array seen as pointers (any multiple
; of 8) may land on field in: the load gets local or global, stays generic.
define spir_func i32 @pointer_view(ptr addrspace(3) %l, ptr addrspace(1) %g, i64 %i, i64 %k) {
; CHECK-LABEL: define spir_func i32 @pointer_view(
; CHECK:         [[IN:%.*]] = load ptr addrspace(4), ptr [[EK:%.*]], align 8
; CHECK-NEXT:    [[V:%.*]] = load i32, ptr addrspace(4) [[IN]], align 4
  %arr = alloca [4 x %Job], align 8
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %b = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %e = getelementptr inbounds [4 x %Job], ptr %arr, i64 0, i64 %i
  store ptr addrspace(4) %a, ptr %e, align 8
  %p = getelementptr inbounds ptr addrspace(4), ptr %arr, i64 %i
  store ptr addrspace(4) %b, ptr %p, align 8
  %ek = getelementptr inbounds [4 x %Job], ptr %arr, i64 0, i64 %k
  %in = load ptr addrspace(4), ptr %ek, align 8
  %v = load i32, ptr addrspace(4) %in, align 4
  ret i32 %v
}

; A pointer stored at a multiple of 12 can straddle field out (16 = 12 + 4):
; that load stays generic; field in (0) is only ever written whole.
define spir_func i32 @other_stride(ptr addrspace(3) %l, ptr addrspace(1) %g, i64 %i, i64 %k) {
; CHECK-LABEL: define spir_func i32 @other_stride(
; CHECK:         [[IN:%.*]] = load ptr addrspace(4), ptr [[EK:%.*]], align 8
; CHECK-NEXT:    [[V:%.*]] = load i32, ptr addrspace(4) [[IN]], align 4
; CHECK:         [[OUT:%.*]] = load ptr addrspace(4), ptr [[FK:%.*]], align 8
; CHECK-NEXT:    store i32 [[V]], ptr addrspace(4) [[OUT]], align 4
  %arr = alloca [4 x %Job], align 8
  %b = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %e = getelementptr inbounds [4 x %Job], ptr %arr, i64 0, i64 %i
  %o = getelementptr inbounds %Job, ptr %e, i64 0, i32 2
  store ptr addrspace(4) %b, ptr %o, align 8
  store ptr addrspace(4) %a, ptr %e, align 8
  %t = getelementptr inbounds [3 x i32], ptr %arr, i64 %i
  store ptr addrspace(4) %b, ptr %t, align 4
  %ek = getelementptr inbounds [4 x %Job], ptr %arr, i64 0, i64 %k
  %in = load ptr addrspace(4), ptr %ek, align 8
  %v = load i32, ptr addrspace(4) %in, align 4
  %fk = getelementptr inbounds %Job, ptr %ek, i64 0, i32 2
  %out = load ptr addrspace(4), ptr %fk, align 8
  store i32 %v, ptr addrspace(4) %out, align 4
  ret i32 %v
}

; An integer written at a byte index known only at run time may hit any
; byte: the load stays generic.
define spir_func i32 @byte_index(ptr addrspace(3) %l, i64 %i, i64 %k) {
; CHECK-LABEL: define spir_func i32 @byte_index(
; CHECK:         [[IN:%.*]] = load ptr addrspace(4), ptr [[EK:%.*]], align 8
; CHECK-NEXT:    [[V:%.*]] = load i32, ptr addrspace(4) [[IN]], align 4
  %arr = alloca [4 x %Job], align 8
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %e = getelementptr inbounds [4 x %Job], ptr %arr, i64 0, i64 %i
  store ptr addrspace(4) %a, ptr %e, align 8
  %x = getelementptr inbounds i8, ptr %arr, i64 %k
  store i32 7, ptr %x, align 1
  %ek = getelementptr inbounds [4 x %Job], ptr %arr, i64 0, i64 %k
  %in = load ptr addrspace(4), ptr %ek, align 8
  %v = load i32, ptr addrspace(4) %in, align 4
  ret i32 %v
}

; Runs each with i = k in 1..3 (i = 0 would let the byte and stride-12
; writes land on the element read).
define spir_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %l, i64 %i) {
  store i32 11, ptr addrspace(3) %l, align 4
  %g4 = getelementptr inbounds i32, ptr addrspace(1) %g, i64 4
  %r0 = call spir_func i32 @elements(ptr addrspace(3) %l, ptr addrspace(1) %g4, i64 %i, i64 %i)
  %r1 = call spir_func i32 @zeroed(ptr addrspace(3) %l, i64 %i, i64 %i)
  %r2 = call spir_func i32 @pointer_view(ptr addrspace(3) %l, ptr addrspace(1) %g, i64 %i, i64 %i)
  %g5 = getelementptr inbounds i32, ptr addrspace(1) %g, i64 5
  %r3 = call spir_func i32 @other_stride(ptr addrspace(3) %l, ptr addrspace(1) %g5, i64 %i, i64 %i)
  %r4 = call spir_func i32 @byte_index(ptr addrspace(3) %l, i64 %i, i64 %i)
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  %s2 = add i32 %s1, %r3
  %s3 = add i32 %s2, %r4
  %g6 = getelementptr inbounds i32, ptr addrspace(1) %g, i64 6
  store i32 %s3, ptr addrspace(1) %g6, align 4
  ret void
}

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
