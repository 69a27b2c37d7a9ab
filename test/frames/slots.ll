; RUN: gasp-opt -S -pass-remarks=frames -stats %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: llc -mcpu=sm_90 %t.ll -o - | FileCheck %s --check-prefix=PTX
; RUN: llc -mcpu=sm_90 %s -o - | FileCheck %s --check-prefix=BEFORE
; RUN: gasp-run %s --kernel k --global 2 --arg buf:i64:8 --arg i32=1 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: sed "s/nvptx64-nvidia-cuda/spir64-unknown-unknown/" %s | gasp-opt -S --passes=frames - | FileCheck %s --check-prefix=SPIR
; A stack slot with volatile accesses: SROA, which llc-22 runs again after
; its own alloca lowering, rewrites the slot's other accesses through the
; generic alloca (PTX st [%SP+k]; repro nvptx_frame_store).  The frames
; pass gives such a slot a fake use of its local cast, which SROA treats as
; an escape; slots SROA leaves alone anyway, or could promote in part, get
; none.
; REMARK: remark: {{.*}}2 slots SROA cannot promote kept from it, 0 variadic calls given an argument buffer
; REMARK: 2 frames - slots SROA cannot promote kept
; EXEC: identical
; Other back ends keep the frame in its own space from the start: nothing there.
; SPIR-NOT: llvm.fake.use
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; The repro's shape: a store at a constant offset beside a volatile read.
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: %a = alloca i64
; CHECK-NEXT: [[A:%[0-9]+]] = addrspacecast ptr %a to ptr addrspace(5)
; CHECK-NEXT: call void (...) @llvm.fake.use(ptr addrspace(5) [[A]])
; CHECK-NEXT: %s = alloca { i32, i32 }
; CHECK-NEXT: [[S:%[0-9]+]] = addrspacecast ptr %s to ptr addrspace(5)
; CHECK-NEXT: call void (...) @llvm.fake.use(ptr addrspace(5) [[S]])
; PTX-LABEL: .entry k(
; PTX-NOT: {{[[:space:]](ld|st)(\.volatile)?\.[bsuf][0-9]+ }}
; PTX: ret;
; BEFORE-LABEL: .entry k(
; BEFORE: st.b64 [%SP], 5;
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {
  %a = alloca i64, align 8
  %s = alloca { i32, i32 }, align 8
  %c = addrspacecast ptr %a to ptr addrspace(5)
  store i64 5, ptr addrspace(5) %c, align 8
  %v = load volatile i64, ptr addrspace(5) %c, align 8
  store i64 %v, ptr addrspace(1) %out, align 8
  ; both fields of %s written by one i64 store, read back volatile: one part
  store i64 42, ptr %s, align 8
  %f1 = getelementptr inbounds i8, ptr %s, i64 4
  %w = load volatile i32, ptr %f1, align 4
  %w64 = zext i32 %w to i64
  %o1 = getelementptr inbounds i64, ptr addrspace(1) %out, i64 1
  store i64 %w64, ptr addrspace(1) %o1, align 8
  call void @parts(ptr addrspace(1) %out)
  call void @others(ptr addrspace(1) %out, i32 %n)
  ret void
}

; A part no volatile access overlaps (field 0) is one SROA may promote: no
; fake use, whose escape would keep it in memory.
; CHECK-LABEL: define void @parts(
; CHECK-NOT: llvm.fake.use
; CHECK: ret void
define void @parts(ptr addrspace(1) %out) {
  %s = alloca { i32, i32 }, align 8
  store i32 1, ptr %s, align 4
  %f1 = getelementptr inbounds i8, ptr %s, i64 4
  store volatile i32 2, ptr %f1, align 4
  %x = load i32, ptr %s, align 4
  %y = load volatile i32, ptr %f1, align 4
  %z = add i32 %x, %y
  %z64 = zext i32 %z to i64
  %o = getelementptr inbounds i64, ptr addrspace(1) %out, i64 2
  store i64 %z64, ptr addrspace(1) %o, align 8
  ret void
}

; Slots SROA already leaves alone get none: only volatile accesses (nothing
; to rewrite), an address handed to a call (an escape), an index known only
; at run time.
; CHECK-LABEL: define void @others(
; CHECK-NOT: llvm.fake.use
; CHECK: ret void
define void @others(ptr addrspace(1) %out, i32 %n) {
  %v = alloca i32, align 4
  store volatile i32 3, ptr %v, align 4
  %a = load volatile i32, ptr %v, align 4
  %e = alloca i32, align 4
  store i32 4, ptr %e, align 4
  %b = load volatile i32, ptr %e, align 4
  call void @sink(ptr %e)
  %d = alloca [4 x i32], align 4
  store i32 5, ptr %d, align 4
  %p = getelementptr inbounds [4 x i32], ptr %d, i32 0, i32 %n
  %c = load volatile i32, ptr %p, align 4
  %s1 = add i32 %a, %b
  %s2 = add i32 %s1, %c
  %s64 = zext i32 %s2 to i64
  %o = getelementptr inbounds i64, ptr addrspace(1) %out, i64 3
  store i64 %s64, ptr addrspace(1) %o, align 8
  ret void
}

define void @sink(ptr %p) noinline {
  store volatile i32 6, ptr %p, align 4
  ret void
}
