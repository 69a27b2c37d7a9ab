; RUN: gasp-opt --passes=infer -verify-each -S %s -o - | FileCheck %s
; Private aggregates, field-sensitive (memory.c).  A load of a
; generic pointer from a struct field gets the spaces stored into that
; field only; a write that may change the field's bytes any other way keeps
; the load unknown (soundness).  Job = { ptr in, i32 n, ptr out }, fields
; at offsets 0, 8 and 16 (spir64).
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

%Job = type { ptr addrspace(4), i32, ptr addrspace(4) }

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare spir_func void @escape(ptr)

; Two fields, two spaces: the first reads local, the second global, and the
; integer field between them does not disturb either.
define spir_func void @job(ptr addrspace(3) %l, ptr addrspace(1) %g) {
; CHECK-LABEL: define spir_func void @job(
; CHECK-SAME: ptr addrspace(3) [[L:%.*]], ptr addrspace(1) [[G:%.*]]) {
; CHECK-NEXT:   [[J:%.*]] = alloca [[JOB:%.*]], align 8
; CHECK-NEXT:   [[A:%.*]] = addrspacecast ptr addrspace(3) [[L]] to ptr addrspace(4)
; CHECK-NEXT:   [[B:%.*]] = addrspacecast ptr addrspace(1) [[G]] to ptr addrspace(4)
; CHECK-NEXT:   store ptr addrspace(4) [[A]], ptr [[J]], align 8
; CHECK-NEXT:   [[N:%.*]] = getelementptr inbounds [[JOB]], ptr [[J]], i64 0, i32 1
; CHECK-NEXT:   store i32 7, ptr [[N]], align 8
; CHECK-NEXT:   [[O:%.*]] = getelementptr inbounds i8, ptr [[J]], i64 16
; CHECK-NEXT:   store ptr addrspace(4) [[B]], ptr [[O]], align 8
; CHECK-NEXT:   [[IN:%.*]] = load ptr addrspace(4), ptr [[J]], align 8
; CHECK-NEXT:   [[TMP1:%.*]] = addrspacecast ptr addrspace(4) [[IN]] to ptr addrspace(3)
; CHECK-NEXT:   [[OUT:%.*]] = load ptr addrspace(4), ptr [[O]], align 8
; CHECK-NEXT:   [[TMP2:%.*]] = addrspacecast ptr addrspace(4) [[OUT]] to ptr addrspace(1)
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(3) [[TMP1]], align 4
; CHECK-NEXT:   store i32 [[V]], ptr addrspace(1) [[TMP2]], align 4
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
  %j = alloca %Job, align 8
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %b = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  store ptr addrspace(4) %a, ptr %j, align 8
  %n = getelementptr inbounds %Job, ptr %j, i64 0, i32 1
  store i32 7, ptr %n, align 8
  %o = getelementptr inbounds i8, ptr %j, i64 16
  store ptr addrspace(4) %b, ptr %o, align 8
  %in = load ptr addrspace(4), ptr %j, align 8
  %out = load ptr addrspace(4), ptr %o, align 8
  %v = load i32, ptr addrspace(4) %in, align 4
  store i32 %v, ptr addrspace(4) %out, align 4
  ret void
}

; A zeroed struct (memset 0) then one field set: the field holds null or a
; local pointer, which is local on spir64 (local null is 0 here).
define spir_func i32 @zeroed(ptr addrspace(3) %l) {
; CHECK-LABEL: define spir_func i32 @zeroed(
; CHECK-SAME: ptr addrspace(3) [[L:%.*]]) {
; CHECK-NEXT:   [[J:%.*]] = alloca [[JOB:%.*]], align 8
; CHECK-NEXT:   call void @llvm.memset.p0.i64(ptr align 8 [[J]], i8 0, i64 24, i1 false)
; CHECK-NEXT:   [[A:%.*]] = addrspacecast ptr addrspace(3) [[L]] to ptr addrspace(4)
; CHECK-NEXT:   store ptr addrspace(4) [[A]], ptr [[J]], align 8
; CHECK-NEXT:   [[IN:%.*]] = load ptr addrspace(4), ptr [[J]], align 8
; CHECK-NEXT:   [[TMP1:%.*]] = addrspacecast ptr addrspace(4) [[IN]] to ptr addrspace(3)
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(3) [[TMP1]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %j = alloca %Job, align 8
  call void @llvm.memset.p0.i64(ptr align 8 %j, i8 0, i64 24, i1 false)
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  store ptr addrspace(4) %a, ptr %j, align 8
  %in = load ptr addrspace(4), ptr %j, align 8
  %v = load i32, ptr addrspace(4) %in, align 4
  ret i32 %v
}

; An i64 store over the pointer field: the reload may be any pointer.
define spir_func i32 @clobbered(ptr addrspace(3) %l, i64 %x) {
; CHECK-LABEL: define spir_func i32 @clobbered(
; CHECK-SAME: ptr addrspace(3) [[L:%.*]], i64 [[X:%.*]]) {
; CHECK-NEXT:   [[J:%.*]] = alloca [[JOB:%.*]], align 8
; CHECK-NEXT:   [[A:%.*]] = addrspacecast ptr addrspace(3) [[L]] to ptr addrspace(4)
; CHECK-NEXT:   store ptr addrspace(4) [[A]], ptr [[J]], align 8
; CHECK-NEXT:   store i64 [[X]], ptr [[J]], align 8
; CHECK-NEXT:   [[IN:%.*]] = load ptr addrspace(4), ptr [[J]], align 8
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(4) [[IN]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %j = alloca %Job, align 8
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  store ptr addrspace(4) %a, ptr %j, align 8
  store i64 %x, ptr %j, align 8
  %in = load ptr addrspace(4), ptr %j, align 8
  %v = load i32, ptr addrspace(4) %in, align 4
  ret i32 %v
}

; A pointer stored across the field (offset 4): the reload is half of it.
define spir_func i32 @straddle(ptr addrspace(3) %l, ptr addrspace(3) %m) {
; CHECK-LABEL: define spir_func i32 @straddle(
; CHECK-SAME: ptr addrspace(3) [[L:%.*]], ptr addrspace(3) [[M:%.*]]) {
; CHECK-NEXT:   [[J:%.*]] = alloca [[JOB:%.*]], align 8
; CHECK-NEXT:   [[A:%.*]] = addrspacecast ptr addrspace(3) [[L]] to ptr addrspace(4)
; CHECK-NEXT:   [[C:%.*]] = addrspacecast ptr addrspace(3) [[M]] to ptr addrspace(4)
; CHECK-NEXT:   store ptr addrspace(4) [[A]], ptr [[J]], align 8
; CHECK-NEXT:   [[H:%.*]] = getelementptr inbounds i8, ptr [[J]], i64 4
; CHECK-NEXT:   store ptr addrspace(4) [[C]], ptr [[H]], align 4
; CHECK-NEXT:   [[IN:%.*]] = load ptr addrspace(4), ptr [[J]], align 8
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(4) [[IN]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %j = alloca %Job, align 8
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %c = addrspacecast ptr addrspace(3) %m to ptr addrspace(4)
  store ptr addrspace(4) %a, ptr %j, align 8
  %h = getelementptr inbounds i8, ptr %j, i64 4
  store ptr addrspace(4) %c, ptr %h, align 4
  %in = load ptr addrspace(4), ptr %j, align 8
  %v = load i32, ptr addrspace(4) %in, align 4
  ret i32 %v
}

; Copied into from elsewhere (memcpy): the field's bytes are not known.
define spir_func i32 @copied_in(ptr addrspace(3) %l, ptr %src) {
; CHECK-LABEL: define spir_func i32 @copied_in(
; CHECK-SAME: ptr addrspace(3) [[L:%.*]], ptr [[SRC:%.*]]) {
; CHECK-NEXT:   [[J:%.*]] = alloca [[JOB:%.*]], align 8
; CHECK-NEXT:   [[A:%.*]] = addrspacecast ptr addrspace(3) [[L]] to ptr addrspace(4)
; CHECK-NEXT:   store ptr addrspace(4) [[A]], ptr [[J]], align 8
; CHECK-NEXT:   call void @llvm.memcpy.p0.p0.i64(ptr align 8 [[J]], ptr align 8 [[SRC]], i64 24, i1 false)
; CHECK-NEXT:   [[IN:%.*]] = load ptr addrspace(4), ptr [[J]], align 8
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(4) [[IN]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %j = alloca %Job, align 8
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  store ptr addrspace(4) %a, ptr %j, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %j, ptr align 8 %src, i64 24, i1 false)
  %in = load ptr addrspace(4), ptr %j, align 8
  %v = load i32, ptr addrspace(4) %in, align 4
  ret i32 %v
}

; Copied out (memcpy from it) only reads: the field is still known.
define spir_func i32 @copied_out(ptr addrspace(3) %l, ptr %dst) {
; CHECK-LABEL: define spir_func i32 @copied_out(
; CHECK-SAME: ptr addrspace(3) [[L:%.*]], ptr [[DST:%.*]]) {
; CHECK-NEXT:   [[J:%.*]] = alloca [[JOB:%.*]], align 8
; CHECK-NEXT:   [[A:%.*]] = addrspacecast ptr addrspace(3) [[L]] to ptr addrspace(4)
; CHECK-NEXT:   store ptr addrspace(4) [[A]], ptr [[J]], align 8
; CHECK-NEXT:   call void @llvm.memcpy.p0.p0.i64(ptr align 8 [[DST]], ptr align 8 [[J]], i64 24, i1 false)
; CHECK-NEXT:   [[IN:%.*]] = load ptr addrspace(4), ptr [[J]], align 8
; CHECK-NEXT:   [[TMP1:%.*]] = addrspacecast ptr addrspace(4) [[IN]] to ptr addrspace(3)
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(3) [[TMP1]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %j = alloca %Job, align 8
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  store ptr addrspace(4) %a, ptr %j, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %dst, ptr align 8 %j, i64 24, i1 false)
  %in = load ptr addrspace(4), ptr %j, align 8
  %v = load i32, ptr addrspace(4) %in, align 4
  ret i32 %v
}

; The struct's address goes to an unknown function: anything may be written.
define spir_func i32 @escaped(ptr addrspace(3) %l) {
; CHECK-LABEL: define spir_func i32 @escaped(
; CHECK-SAME: ptr addrspace(3) [[L:%.*]]) {
; CHECK-NEXT:   [[J:%.*]] = alloca [[JOB:%.*]], align 8
; CHECK-NEXT:   [[A:%.*]] = addrspacecast ptr addrspace(3) [[L]] to ptr addrspace(4)
; CHECK-NEXT:   store ptr addrspace(4) [[A]], ptr [[J]], align 8
; CHECK-NEXT:   call spir_func void @escape(ptr [[J]])
; CHECK-NEXT:   [[IN:%.*]] = load ptr addrspace(4), ptr [[J]], align 8
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(4) [[IN]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %j = alloca %Job, align 8
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  store ptr addrspace(4) %a, ptr %j, align 8
  call spir_func void @escape(ptr %j)
  %in = load ptr addrspace(4), ptr %j, align 8
  %v = load i32, ptr addrspace(4) %in, align 4
  ret i32 %v
}

; An array of structs indexed dynamically, with an integer field written
; too: every access lies at its field's offset plus a multiple of the
; element size (24), so the integer (8 mod 24) never touches the pointer
; field (0 mod 24) and the reload is the local pointer stored there.
; (Soundness cases for such arrays: test/infer/fields-arrays.ll.)
define spir_func i32 @dynamic_structs(ptr addrspace(3) %l, i64 %i) {
; CHECK-LABEL: define spir_func i32 @dynamic_structs(
; CHECK-SAME: ptr addrspace(3) [[L:%.*]], i64 [[I:%.*]]) {
; CHECK-NEXT:   [[ARR:%.*]] = alloca [4 x [[JOB:%.*]]], align 8
; CHECK-NEXT:   [[A:%.*]] = addrspacecast ptr addrspace(3) [[L]] to ptr addrspace(4)
; CHECK-NEXT:   [[E:%.*]] = getelementptr inbounds [4 x [[JOB]]], ptr [[ARR]], i64 0, i64 [[I]]
; CHECK-NEXT:   store ptr addrspace(4) [[A]], ptr [[E]], align 8
; CHECK-NEXT:   [[N:%.*]] = getelementptr inbounds [[JOB]], ptr [[E]], i64 0, i32 1
; CHECK-NEXT:   store i32 1, ptr [[N]], align 8
; CHECK-NEXT:   [[IN:%.*]] = load ptr addrspace(4), ptr [[E]], align 8
; CHECK-NEXT:   [[C:%.*]] = addrspacecast ptr addrspace(4) [[IN]] to ptr addrspace(3)
; CHECK-NEXT:   [[V:%.*]] = load i32, ptr addrspace(3) [[C]], align 4
; CHECK-NEXT:   ret i32 [[V]]
; CHECK-NEXT: }
  %arr = alloca [4 x %Job], align 8
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %e = getelementptr inbounds [4 x %Job], ptr %arr, i64 0, i64 %i
  store ptr addrspace(4) %a, ptr %e, align 8
  %n = getelementptr inbounds %Job, ptr %e, i64 0, i32 1
  store i32 1, ptr %n, align 8
  %in = load ptr addrspace(4), ptr %e, align 8
  %v = load i32, ptr addrspace(4) %in, align 4
  ret i32 %v
}
