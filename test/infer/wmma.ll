; A warp matrix load or store (NVVM's wmma intrinsics, CUDA's
; load_matrix_sync/store_matrix_sync) is an access like a load: its pointer
; is rewritten into the space it is proven in, the intrinsic redeclared for
; it (base/ir.c, ir_mem_intrin), and llc selects wmma.load/wmma.store with
; that state space.  PTX has them in .global and .shared only
; (target.c, matrix_ok): one proven private stays generic (p5 or p4 would
; not even select).  What llc names itself for loads and stores (a
; kernel's parameter, a module variable) it leaves generic for wmma (clang's
; build: every wmma.load/store of tiny-cuda-nn's fully fused MLP); where
; llc follows (--backend-follows: the plugin's runs) such a pointer is named
; shared here, but left generic in global memory, where a generic access
; costs no more and the cast would (HeCBench wmma: +14 machine
; instructions when its parameters were named).
; gasp-run runs each fragment as the lanes' own loads and stores
; (src/exec/matrix.c), so every kernel runs both ways with its spaces checked.
; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.s
; RUN: FileCheck %s --check-prefix=PTX < %t.s
; RUN: gasp-opt --backend-follows -S %s | FileCheck %s --check-prefix=FOLLOW
; RUN: gasp-run %s --kernel tile_shared --global 32 --local 32 --arg buf:f32:256:iota --arg buf:f32:256 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel frag_private --global 32 --local 32 --arg buf:f32:256:iota --arg buf:f32:256 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel halves --global 32 --local 32 --arg buf:f32:256:iota --arg buf:f32:256 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %t.ll --kernel tile_shared --global 32 --local 32 --arg buf:f32:256:iota --arg buf:f32:256 | FileCheck %s --check-prefix=COPY
; EXEC: identical
; The tile comes out as it went in (a fragment loaded and stored the same way):
; COPY: arg0: 256 x f32 fnv1a=[[H:[0-9a-f]+]]
; COPY-NEXT: arg1: 256 x f32 fnv1a=[[H]]
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x float] undef, align 16

; A tile staged in shared memory and read back as an accumulator fragment
; through a generic pointer; the fragment is stored to the kernel's output:
; .shared and .global wmma, where clang's build has both generic.
; IR-LABEL: define ptx_kernel void @tile_shared(
; IR: call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.load.c.row.stride.f32.p3(ptr addrspace(3)
; IR: call void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p1(ptr addrspace(1)
; FOLLOW-LABEL: define ptx_kernel void @tile_shared(
; FOLLOW: @llvm.nvvm.wmma.m16n16k16.load.c.row.stride.f32.p3(ptr addrspace(3) @sh
; FOLLOW: @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p0(ptr %out
; PTX-LABEL: .entry tile_shared(
; PTX: wmma.load.c.sync.aligned.row.m16n16k16.shared.f32
; PTX: wmma.store.d.sync.aligned.row.m16n16k16.global.f32
define ptx_kernel void @tile_shared(ptr %in, ptr %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %fill
fill:
  %i = phi i32 [ %tid, %entry ], [ %i.next, %fill ]
  %ix = zext i32 %i to i64
  %src = getelementptr float, ptr %in, i64 %ix
  %v = load float, ptr %src
  %dst = getelementptr float, ptr addrspace(3) @sh, i64 %ix
  store float %v, ptr addrspace(3) %dst
  %i.next = add i32 %i, 32
  %more = icmp ult i32 %i.next, 256
  br i1 %more, label %fill, label %use
use:
  call void @llvm.nvvm.barrier0()
  %g = addrspacecast ptr addrspace(3) @sh to ptr
  %f = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.load.c.row.stride.f32.p0(ptr %g, i32 16)
  %f0 = extractvalue { float, float, float, float, float, float, float, float } %f, 0
  %f1 = extractvalue { float, float, float, float, float, float, float, float } %f, 1
  %f2 = extractvalue { float, float, float, float, float, float, float, float } %f, 2
  %f3 = extractvalue { float, float, float, float, float, float, float, float } %f, 3
  %f4 = extractvalue { float, float, float, float, float, float, float, float } %f, 4
  %f5 = extractvalue { float, float, float, float, float, float, float, float } %f, 5
  %f6 = extractvalue { float, float, float, float, float, float, float, float } %f, 6
  %f7 = extractvalue { float, float, float, float, float, float, float, float } %f, 7
  call void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p0(ptr %out, float %f0, float %f1, float %f2, float %f3, float %f4, float %f5, float %f6, float %f7, i32 16)
  ret void
}

; A fragment read from the thread's own stack array: proven private, which
; no wmma can name, so it stays generic (and llc still selects it); the
; kernel's input read the same way is global.
; IR-LABEL: define ptx_kernel void @frag_private(
; IR: call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.load.c.col.stride.f32.p1(ptr addrspace(1)
; IR: call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.load.c.col.stride.f32.p0(ptr
; IR: call void @llvm.nvvm.wmma.m16n16k16.store.d.col.stride.f32.p1(ptr addrspace(1)
; FOLLOW-LABEL: define ptx_kernel void @frag_private(
; FOLLOW: @llvm.nvvm.wmma.m16n16k16.load.c.col.stride.f32.p0(ptr %in
; PTX-LABEL: .entry frag_private(
; PTX: wmma.load.c.sync.aligned.col.m16n16k16.global.f32
; PTX: wmma.load.c.sync.aligned.col.m16n16k16.f32
; PTX: wmma.store.d.sync.aligned.col.m16n16k16.global.f32
define ptx_kernel void @frag_private(ptr %in, ptr %out) {
entry:
  %a = alloca [256 x float], align 16
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %fill
fill:
  %i = phi i32 [ 0, %entry ], [ %i.next, %fill ]
  %ix = zext i32 %i to i64
  %t = add i32 %i, %tid
  %tf = uitofp i32 %t to float
  %dst = getelementptr float, ptr %a, i64 %ix
  store float %tf, ptr %dst
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, 256
  br i1 %more, label %fill, label %use
use:
  %f = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.load.c.col.stride.f32.p0(ptr %in, i32 16)
  %p = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.load.c.col.stride.f32.p0(ptr %a, i32 16)
  %f0 = extractvalue { float, float, float, float, float, float, float, float } %f, 0
  %p1 = extractvalue { float, float, float, float, float, float, float, float } %p, 1
  %f2 = extractvalue { float, float, float, float, float, float, float, float } %f, 2
  %p3 = extractvalue { float, float, float, float, float, float, float, float } %p, 3
  %f4 = extractvalue { float, float, float, float, float, float, float, float } %f, 4
  %p5 = extractvalue { float, float, float, float, float, float, float, float } %p, 5
  %f6 = extractvalue { float, float, float, float, float, float, float, float } %f, 6
  %p7 = extractvalue { float, float, float, float, float, float, float, float } %p, 7
  call void @llvm.nvvm.wmma.m16n16k16.store.d.col.stride.f32.p0(ptr %out, float %f0, float %p1, float %f2, float %p3, float %f4, float %p5, float %f6, float %p7, i32 16)
  ret void
}

; Half-precision fragments without a stride operand, through a helper that
; takes generic pointers: the helper is cloned for (shared, global), and
; its a-fragment load and d-fragment store are named.
; IR-LABEL: define ptx_kernel void @halves(
; IR: call void @copy_halves{{.*}}(ptr addrspace(3) {{.*}}, ptr addrspace(1)
; IR-LABEL: define internal void @copy_halves{{.*}}(ptr addrspace(3)
; IR: call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.f16.p3(ptr addrspace(3)
; IR: call void @llvm.nvvm.wmma.m16n16k16.store.d.row.f16.p1(ptr addrspace(1)
; PTX-LABEL: .func copy_halves
; PTX: wmma.load.a.sync.aligned.row.m16n16k16.shared.f16
; PTX: wmma.store.d.sync.aligned.row.m16n16k16.global.f16
define ptx_kernel void @halves(ptr %in, ptr %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ix = zext i32 %tid to i64
  %src = getelementptr float, ptr %in, i64 %ix
  %v = load float, ptr %src
  %dst = getelementptr float, ptr addrspace(3) @sh, i64 %ix
  store float %v, ptr addrspace(3) %dst
  call void @llvm.nvvm.barrier0()
  %g = addrspacecast ptr addrspace(3) @sh to ptr
  call void @copy_halves(ptr %g, ptr %out)
  ret void
}

define internal void @copy_halves(ptr %a, ptr %d) noinline {
  %f = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.f16.p0(ptr %a)
  %h0 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %f, 0
  %h1 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %f, 3
  %h2 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %f, 5
  %h3 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %f, 7
  call void @llvm.nvvm.wmma.m16n16k16.store.d.row.f16.p0(ptr %d, <2 x half> %h0, <2 x half> %h1, <2 x half> %h2, <2 x half> %h3)
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.load.c.row.stride.f32.p0(ptr, i32)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.load.c.col.stride.f32.p0(ptr, i32)
declare void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p0(ptr, float, float, float, float, float, float, float, float, i32)
declare void @llvm.nvvm.wmma.m16n16k16.store.d.col.stride.f32.p0(ptr, float, float, float, float, float, float, float, float, i32)
declare { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.f16.p0(ptr)
declare void @llvm.nvvm.wmma.m16n16k16.store.d.row.f16.p0(ptr, <2 x half>, <2 x half>, <2 x half>, <2 x half>)
