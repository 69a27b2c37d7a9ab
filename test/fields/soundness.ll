; Fields: when a call's aggregate gets no facts.  A callee that writes
; the aggregate with what the caller's model cannot list (a pointer loaded
; from elsewhere), a writer that stores another space into the field it
; reads, a field stored with two spaces, an aggregate whose address escapes,
; a callee the linker may replace (linkonce): no fact, the loaded pointer
; stays generic.  A writer whose stores the caller's model lists (a copy of
; one field into another) and a reader that hands the aggregate on to
; another reader: the facts follow (@writer in place, @inner's clone).
; Execution unchanged.
; RUN: gasp-opt -S %s -o %t.ll -stats -pass-remarks=fields 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARKS < %t.err
; RUN: gasp-opt -S - < %t.ll | sed 1d > %t.twice.ll
; RUN: sed 1d %t.ll | diff - %t.twice.ll
; RUN: gasp-run %s --kernel k --global 4 --local 4 --arg buf:i32:8:iota --arg local:32 --arg buf:i32:24 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; REMARKS-DAG: remark: {{.*}}{{.*}}argument 0 offset 0 global
; REMARKS-DAG: remark: {{.*}}{{.*}}argument 0 offset 0 global
; REMARKS-DAG: remark: {{.*}}{{.*}}argument 0 offset 8 local
; REMARKS-DAG: remark: {{.*}}specialized in place {{.*}}argument 0 offset 0 global
; REMARKS-NOT: @overwriter
; REMARKS-NOT: @rewriter
; REMARKS-NOT: @replaceable
; REMARKS-NOT: @escaped
target triple = "spir64-unknown-unknown"

%Job = type { ptr addrspace(4), ptr addrspace(4) }

@leak = internal global ptr null
@elsewhere = internal global ptr addrspace(4) null

; linkonce: the linker may keep another definition, which may write.
; CHECK-LABEL: define linkonce spir_func i32 @replaceable(
; CHECK: load i32, ptr addrspace(4)
define linkonce spir_func i32 @replaceable(ptr addrspace(4) %j) {
  %p = load ptr addrspace(4), ptr addrspace(4) %j, align 8
  %v = load i32, ptr addrspace(4) %p, align 4
  ret i32 %v
}

; The kernel: one aggregate per case (ipmsp moves the helpers it
; specializes in place after it).
; CHECK-LABEL: define spir_kernel void @k(
define spir_kernel void @k(ptr addrspace(1) %in, ptr addrspace(3) %tmp, ptr addrspace(1) %out) {
  %id = call spir_func i64 @_Z12get_local_idj(i32 0)
  %gin = addrspacecast ptr addrspace(1) %in to ptr addrspace(4)
  %lt = addrspacecast ptr addrspace(3) %tmp to ptr addrspace(4)
  %t0 = getelementptr inbounds i32, ptr addrspace(3) %tmp, i64 %id
  %i0 = trunc i64 %id to i32
  store i32 %i0, ptr addrspace(3) %t0, align 4
  ; @writer
  %a1 = alloca %Job, align 8
  %a1g = addrspacecast ptr %a1 to ptr addrspace(4)
  store ptr addrspace(4) %gin, ptr %a1, align 8
  %r1 = call spir_func i32 @writer(ptr addrspace(4) %a1g)
  ; @mixed: field 0 global or local
  %a2 = alloca %Job, align 8
  %a2g = addrspacecast ptr %a2 to ptr addrspace(4)
  %odd = trunc i64 %id to i1
  br i1 %odd, label %g, label %l
g:
  store ptr addrspace(4) %gin, ptr %a2, align 8
  br label %m
l:
  store ptr addrspace(4) %lt, ptr %a2, align 8
  br label %m
m:
  %a2f = getelementptr inbounds i8, ptr %a2, i64 8
  store ptr addrspace(4) %lt, ptr %a2f, align 8
  %r2 = call spir_func i32 @mixed(ptr addrspace(4) %a2g)
  ; @replaceable
  %a3 = alloca %Job, align 8
  %a3g = addrspacecast ptr %a3 to ptr addrspace(4)
  store ptr addrspace(4) %gin, ptr %a3, align 8
  %r3 = call spir_func i32 @replaceable(ptr addrspace(4) %a3g)
  ; @escaped
  %a4 = alloca %Job, align 8
  %a4g = addrspacecast ptr %a4 to ptr addrspace(4)
  store ptr addrspace(4) %gin, ptr %a4, align 8
  store ptr %a4, ptr @leak, align 8
  %r4 = call spir_func i32 @escaped(ptr addrspace(4) %a4g)
  store ptr null, ptr @leak, align 8
  ; @outer -> @inner
  %a5 = alloca %Job, align 8
  %a5g = addrspacecast ptr %a5 to ptr addrspace(4)
  store ptr addrspace(4) %gin, ptr %a5, align 8
  %r5 = call spir_func i32 @outer(ptr addrspace(4) %a5g)
  ; @overwriter
  %a6 = alloca %Job, align 8
  %a6g = addrspacecast ptr %a6 to ptr addrspace(4)
  store ptr addrspace(4) %gin, ptr %a6, align 8
  %r6 = call spir_func i32 @overwriter(ptr addrspace(4) %a6g)
  ; @rewriter
  %a7 = alloca %Job, align 8
  %a7g = addrspacecast ptr %a7 to ptr addrspace(4)
  store ptr addrspace(4) %gin, ptr %a7, align 8
  %r7 = call spir_func i32 @rewriter(ptr addrspace(4) %a7g, ptr addrspace(4) %lt, i32 %i0)
  %x5 = add i64 %id, 16
  %o5 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %x5
  %s67 = add i32 %r6, %r7
  store i32 %s67, ptr addrspace(1) %o5, align 4
  %o1 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %id
  store i32 %r1, ptr addrspace(1) %o1, align 4
  %x2 = add i64 %id, 4
  %o2 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %x2
  store i32 %r2, ptr addrspace(1) %o2, align 4
  %x3 = add i64 %id, 8
  %o3 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %x3
  %s34 = add i32 %r3, %r4
  store i32 %s34, ptr addrspace(1) %o3, align 4
  %x4 = add i64 %id, 12
  %o4 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %x4
  store i32 %r5, ptr addrspace(1) %o4, align 4
  ret void
}

; Copies its job's first field into the second: a writer whose store the
; caller's model lists (memory.c, writes_fields), so field 0 holds what the
; kernel stored there, global, and the load is named.
; CHECK-LABEL: define internal spir_func i32 @writer(
; CHECK: load i32, ptr addrspace(1)
define internal spir_func i32 @writer(ptr addrspace(4) %j) {
  %f = getelementptr inbounds i8, ptr addrspace(4) %j, i64 8
  %p = load ptr addrspace(4), ptr addrspace(4) %j, align 8
  store ptr addrspace(4) %p, ptr addrspace(4) %f, align 8
  %v = load i32, ptr addrspace(4) %p, align 4
  ret i32 %v
}

; Stores a pointer it loaded from a global variable (the kernel's aggregate
; through @leak's null: what it holds is nothing the caller's model can
; list) into the field it then reads: no writer, no fact.
; CHECK-LABEL: define internal spir_func i32 @overwriter(
; CHECK: load i32, ptr addrspace(4)
define internal spir_func i32 @overwriter(ptr addrspace(4) %j) {
  %q = load ptr addrspace(4), ptr @elsewhere, align 8
  %c = icmp eq ptr addrspace(4) %q, null
  br i1 %c, label %read, label %over
over:
  store ptr addrspace(4) %q, ptr addrspace(4) %j, align 8
  br label %read
read:
  %p = load ptr addrspace(4), ptr addrspace(4) %j, align 8
  %v = load i32, ptr addrspace(4) %p, align 4
  ret i32 %v
}

; Stores its second argument (the kernel's local tile) into the field the
; kernel filled with a global pointer (odd work-items), then reads it: the
; caller's model lists both, two spaces, no fact.
; CHECK-LABEL: define internal spir_func i32 @rewriter(
; CHECK: load i32, ptr addrspace(4)
define internal spir_func i32 @rewriter(ptr addrspace(4) %j, ptr addrspace(4) %l, i32 %n) {
  %odd = trunc i32 %n to i1
  br i1 %odd, label %over, label %read
over:
  store ptr addrspace(4) %l, ptr addrspace(4) %j, align 8
  br label %read
read:
  %p = load ptr addrspace(4), ptr addrspace(4) %j, align 8
  %v = load i32, ptr addrspace(4) %p, align 4
  ret i32 %v
}

; Field 0 holds global or local (two stores on two paths): no fact there;
; field 8 holds local only: a fact.
; CHECK-LABEL: define internal spir_func i32 @mixed{{.*}}(
; CHECK: load i32, ptr addrspace(4)
; CHECK: load i32, ptr addrspace(3)
define internal spir_func i32 @mixed(ptr addrspace(4) %j) {
  %p = load ptr addrspace(4), ptr addrspace(4) %j, align 8
  %a = load i32, ptr addrspace(4) %p, align 4
  %f = getelementptr inbounds i8, ptr addrspace(4) %j, i64 8
  %q = load ptr addrspace(4), ptr addrspace(4) %f, align 8
  %b = load i32, ptr addrspace(4) %q, align 4
  %r = add i32 %a, %b
  ret i32 %r
}

; A reader of an aggregate whose address the kernel also leaked into a
; global: anything may write it, no fact.
; CHECK-LABEL: define internal spir_func i32 @escaped(
; CHECK: load i32, ptr addrspace(4)
define internal spir_func i32 @escaped(ptr addrspace(4) %j) {
  %p = load ptr addrspace(4), ptr addrspace(4) %j, align 8
  %v = load i32, ptr addrspace(4) %p, align 4
  ret i32 %v
}

; Hands its aggregate on to @inner: its clone's facts make @inner's.
; CHECK-LABEL: define internal spir_func i32 @inner{{.*}}(
; CHECK: load i32, ptr addrspace(1)
define internal spir_func i32 @inner(ptr addrspace(4) %j) {
  %p = load ptr addrspace(4), ptr addrspace(4) %j, align 8
  %v = load i32, ptr addrspace(4) %p, align 4
  ret i32 %v
}

define internal spir_func i32 @outer(ptr addrspace(4) %j) {
  %v = call spir_func i32 @inner(ptr addrspace(4) %j)
  ret i32 %v
}

declare spir_func i64 @_Z12get_local_idj(i32)
