; RUN: gasp-opt --passes=infer -verify-each -S %s -o - | FileCheck %s
; RUN: gasp-opt -S %s -o %t.ll
; RUN: gasp-run %s --kernel wide --global 1 --arg buf:i32:4:iota --arg local:16 --arg buf:i32:4:iota --arg i64=12 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel wide --global 1 --arg buf:i32:4:iota --arg local:16 --arg buf:i32:4:iota --arg i64=3 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; The writes a private field's slot asks, found by their places
; (memorder.c's mem_writes_at): a write wider than the offset window, one that
; reaches a field from 56 bytes before it, one that ends where the field
; starts, and one at a stride are each seen or passed over exactly as a
; scan of every write of the region sees them.  Fields of 8 bytes in a
; 128-byte array (spir64).
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

; A 128-byte zeroing memset (wider than the window, asked by every field)
; then field 96 set: null or local, so local.
; CHECK-LABEL: define spir_func i32 @zeroed_wide(
; CHECK: load i32, ptr addrspace(3)
define spir_func i32 @zeroed_wide(ptr addrspace(3) %l) {
  %j = alloca [16 x ptr addrspace(4)], align 8
  call void @llvm.memset.p0.i64(ptr align 8 %j, i8 0, i64 128, i1 false)
  %f = getelementptr inbounds i8, ptr %j, i64 96
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  store ptr addrspace(4) %a, ptr %f, align 8
  %p = load ptr addrspace(4), ptr %f, align 8
  %v = load i32, ptr addrspace(4) %p, align 4
  ret i32 %v
}

; The same memset writing ones after the store: field 96 is no pointer.
; CHECK-LABEL: define spir_func i32 @filled_wide(
; CHECK: load i32, ptr addrspace(4)
define spir_func i32 @filled_wide(ptr addrspace(3) %l) {
  %j = alloca [16 x ptr addrspace(4)], align 8
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %f = getelementptr inbounds i8, ptr %j, i64 96
  store ptr addrspace(4) %a, ptr %f, align 8
  call void @llvm.memset.p0.i64(ptr align 8 %j, i8 1, i64 128, i1 false)
  %p = load ptr addrspace(4), ptr %f, align 8
  %v = load i32, ptr addrspace(4) %p, align 4
  ret i32 %v
}

; A 64-byte write from offset 40 reaches field 96's first bytes: generic.
; CHECK-LABEL: define spir_func i32 @reaching(
; CHECK: load i32, ptr addrspace(4)
define spir_func i32 @reaching(ptr addrspace(3) %l) {
  %j = alloca [16 x ptr addrspace(4)], align 8
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %f = getelementptr inbounds i8, ptr %j, i64 96
  store ptr addrspace(4) %a, ptr %f, align 8
  %m = getelementptr inbounds i8, ptr %j, i64 40
  call void @llvm.memset.p0.i64(ptr align 8 %m, i8 1, i64 64, i1 false)
  %p = load ptr addrspace(4), ptr %f, align 8
  %v = load i32, ptr addrspace(4) %p, align 4
  ret i32 %v
}

; A 64-byte write from offset 32 ends where field 96 starts: local.
; CHECK-LABEL: define spir_func i32 @short_of(
; CHECK: load i32, ptr addrspace(3)
define spir_func i32 @short_of(ptr addrspace(3) %l) {
  %j = alloca [16 x ptr addrspace(4)], align 8
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %f = getelementptr inbounds i8, ptr %j, i64 96
  store ptr addrspace(4) %a, ptr %f, align 8
  %m = getelementptr inbounds i8, ptr %j, i64 32
  call void @llvm.memset.p0.i64(ptr align 8 %m, i8 1, i64 64, i1 false)
  %p = load ptr addrspace(4), ptr %f, align 8
  %v = load i32, ptr addrspace(4) %p, align 4
  ret i32 %v
}

; A store at a run-time element may write field 96: local or global, so
; the load stays generic (infer alone dispatches nothing).
; CHECK-LABEL: define spir_func i32 @strided(
; CHECK: load i32, ptr addrspace(4)
define spir_func i32 @strided(ptr addrspace(3) %l, ptr addrspace(1) %g, i64 %i) {
  %j = alloca [16 x ptr addrspace(4)], align 8
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %b = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %f = getelementptr inbounds i8, ptr %j, i64 96
  store ptr addrspace(4) %a, ptr %f, align 8
  %e = getelementptr inbounds [16 x ptr addrspace(4)], ptr %j, i64 0, i64 %i
  store ptr addrspace(4) %b, ptr %e, align 8
  %p = load ptr addrspace(4), ptr %f, align 8
  %v = load i32, ptr addrspace(4) %p, align 4
  ret i32 %v
}

; The kernel the execution runs: the shapes whose pointers are valid,
; element 12 (field 96: the global pointer) or 3.
; CHECK-LABEL: define spir_kernel void @wide(
define spir_kernel void @wide(ptr addrspace(1) %out, ptr addrspace(3) %l, ptr addrspace(1) %g, i64 %i) {
  %lv = getelementptr inbounds i32, ptr addrspace(3) %l, i64 0
  store i32 5, ptr addrspace(3) %lv, align 4
  %a = call spir_func i32 @zeroed_wide(ptr addrspace(3) %l)
  %b = call spir_func i32 @short_of(ptr addrspace(3) %l)
  %c = call spir_func i32 @strided(ptr addrspace(3) %l, ptr addrspace(1) %g, i64 %i)
  %o1 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 1
  %o2 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 2
  store i32 %a, ptr addrspace(1) %out, align 4
  store i32 %b, ptr addrspace(1) %o1, align 4
  store i32 %c, ptr addrspace(1) %o2, align 4
  ret void
}
