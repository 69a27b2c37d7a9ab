; gasp-run runs NVVM's warp matrix multiply-accumulate (wmma.mma, CUDA's
; mma_sync): every lane gathers A and B from the warp's fragments with
; shuffles and computes its own slots of D = A x B + C (src/exec/matrix.c).
; One kernel per element type: f16 with f32 and with f16 accumulators
; (m16n16k16), s8 with s32 (m32n8k16: b a single field), bf16 (m16n16k16)
; and tf32 (m16n16k8) with f32, f64 (m8n8k4).
; Each stages A(i, k) = i - k, B(k, j) = (k * N + j) mod 7 - 3 and
; C(i, j) = i * N + j in shared memory, loads the fragments, multiplies and
; stores D; Inputs/mma_check.py compares every element with the product
; computed by hand (D(0,0) = 29 at m16n16k16: sum over k of -k((k mod 7) - 3)).
; Before the exchange gasp-run stopped at linking ("unknown external
; function 'llvm.nvvm.wmma.m16n16k16.mma.row.row.f32.f32'").
; RUN: rm -rf %t && mkdir -p %t
; RUN: gasp-run %s --kernel mma_f16_f32 --global 32 --local 32 --arg buf:f64:256 --check-as --dump %t/a
; RUN: python3 %S/Inputs/mma_check.py %t/a f 16 16 16 | FileCheck %s --check-prefix=F32
; F32: D(0,0)=29.0 D(15,15)=225.0; 0 of 256 elements differ
; RUN: gasp-run %s --kernel mma_f16_f16 --global 32 --local 32 --arg buf:f64:256 --check-as --dump %t/b
; RUN: python3 %S/Inputs/mma_check.py %t/b e 16 16 16 | FileCheck %s --check-prefix=F16
; F16: D(0,0)=29.0 D(15,15)=225.0; 0 of 256 elements differ
; RUN: gasp-run %s --kernel mma_s8 --global 32 --local 32 --arg buf:f64:256 --check-as --dump %t/c
; RUN: python3 %S/Inputs/mma_check.py %t/c i 32 8 16 | FileCheck %s --check-prefix=S8
; S8: D(0,0)=16 D(31,7)=116; 0 of 256 elements differ
; RUN: gasp-run %s --kernel mma_f64 --global 32 --local 32 --arg buf:f64:256 --check-as --dump %t/d
; RUN: python3 %S/Inputs/mma_check.py %t/d d 8 8 4 | FileCheck %s --check-prefix=F64
; F64: D(0,0)=4.0 D(7,7)=25.0; 0 of 64 elements differ
; RUN: gasp-run %s --kernel mma_bf16 --global 32 --local 32 --arg buf:f64:256 --check-as --dump %t/e
; RUN: python3 %S/Inputs/mma_check.py %t/e f 16 16 16 | FileCheck %s --check-prefix=BF16
; BF16: D(0,0)=29.0 D(15,15)=225.0; 0 of 256 elements differ
; RUN: gasp-run %s --kernel mma_tf32 --global 32 --local 32 --arg buf:f64:256 --check-as --dump %t/f
; RUN: python3 %S/Inputs/mma_check.py %t/f f 16 16 8 | FileCheck %s --check-prefix=TF32
; TF32: D(0,0)=7.0 D(15,15)=225.0; 0 of 256 elements differ
; The exchange touches no memory of its own and its loops are not counted
; as instructions: the accesses counted are the
; kernel's (the staging stores and the fragments' elements), the same
; after gasp-opt, which names the shared ones.
; RUN: gasp-opt -S %s -o %t/o.ll
; RUN: gasp-run %s --kernel mma_f16_f32 --global 32 --local 32 --arg buf:f64:256 --check-as --count --compare %t/o.ll | FileCheck %s --check-prefix=COUNT
; COUNT: accesses: loads=1280 stores=1024 other=0 generic=0
; COUNT: identical
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@mma_f16_f32.a = internal addrspace(3) global [256 x half] poison, align 16
@mma_f16_f32.b = internal addrspace(3) global [256 x half] poison, align 16
@mma_f16_f32.c = internal addrspace(3) global [256 x float] poison, align 16

; A(i, k) = i - k, B(k, j) = (k * 16 + j) mod 7 - 3, C(i, j) = i * 16 + j: D by hand below
define ptx_kernel void @mma_f16_f32(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %fill
fill:
  %e = phi i32 [ %t, %entry ], [ %e.next, %fill.end ]
  %ina = icmp ult i32 %e, 256
  br i1 %ina, label %sa, label %fa.end
sa:
  %ai = udiv i32 %e, 16
  %ak = urem i32 %e, 16
  %av = sub i32 %ai, %ak
  %ax = sitofp i32 %av to half
  %ap = getelementptr half, ptr addrspace(3) @mma_f16_f32.a, i32 %e
  store half %ax, ptr addrspace(3) %ap
  br label %fa.end
fa.end:
  %inb = icmp ult i32 %e, 256
  br i1 %inb, label %sb, label %fb.end
sb:
  %bm = urem i32 %e, 7
  %bv = sub i32 %bm, 3
  %bx = sitofp i32 %bv to half
  %bp = getelementptr half, ptr addrspace(3) @mma_f16_f32.b, i32 %e
  store half %bx, ptr addrspace(3) %bp
  br label %fb.end
fb.end:
  %inc = icmp ult i32 %e, 256
  br i1 %inc, label %sc, label %fill.end
sc:
  %cx = sitofp i32 %e to float
  %cp = getelementptr float, ptr addrspace(3) @mma_f16_f32.c, i32 %e
  store float %cx, ptr addrspace(3) %cp
  br label %fill.end
fill.end:
  %e.next = add i32 %e, 32
  %more = icmp ult i32 %e.next, 256
  br i1 %more, label %fill, label %mma
mma:
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %fa = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p3(ptr addrspace(3) @mma_f16_f32.a, i32 16)
  %fb = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.b.row.stride.f16.p3(ptr addrspace(3) @mma_f16_f32.b, i32 16)
  %fc = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.load.c.row.stride.f32.p3(ptr addrspace(3) @mma_f16_f32.c, i32 16)
  %fa.0 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fa, 0
  %fa.1 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fa, 1
  %fa.2 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fa, 2
  %fa.3 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fa, 3
  %fa.4 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fa, 4
  %fa.5 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fa, 5
  %fa.6 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fa, 6
  %fa.7 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fa, 7
  %fb.0 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fb, 0
  %fb.1 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fb, 1
  %fb.2 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fb, 2
  %fb.3 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fb, 3
  %fb.4 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fb, 4
  %fb.5 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fb, 5
  %fb.6 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fb, 6
  %fb.7 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fb, 7
  %fc.0 = extractvalue { float, float, float, float, float, float, float, float } %fc, 0
  %fc.1 = extractvalue { float, float, float, float, float, float, float, float } %fc, 1
  %fc.2 = extractvalue { float, float, float, float, float, float, float, float } %fc, 2
  %fc.3 = extractvalue { float, float, float, float, float, float, float, float } %fc, 3
  %fc.4 = extractvalue { float, float, float, float, float, float, float, float } %fc, 4
  %fc.5 = extractvalue { float, float, float, float, float, float, float, float } %fc, 5
  %fc.6 = extractvalue { float, float, float, float, float, float, float, float } %fc, 6
  %fc.7 = extractvalue { float, float, float, float, float, float, float, float } %fc, 7
  %fd = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.mma.row.row.f32.f32(<2 x half> %fa.0, <2 x half> %fa.1, <2 x half> %fa.2, <2 x half> %fa.3, <2 x half> %fa.4, <2 x half> %fa.5, <2 x half> %fa.6, <2 x half> %fa.7, <2 x half> %fb.0, <2 x half> %fb.1, <2 x half> %fb.2, <2 x half> %fb.3, <2 x half> %fb.4, <2 x half> %fb.5, <2 x half> %fb.6, <2 x half> %fb.7, float %fc.0, float %fc.1, float %fc.2, float %fc.3, float %fc.4, float %fc.5, float %fc.6, float %fc.7)
  %fd.0 = extractvalue { float, float, float, float, float, float, float, float } %fd, 0
  %fd.1 = extractvalue { float, float, float, float, float, float, float, float } %fd, 1
  %fd.2 = extractvalue { float, float, float, float, float, float, float, float } %fd, 2
  %fd.3 = extractvalue { float, float, float, float, float, float, float, float } %fd, 3
  %fd.4 = extractvalue { float, float, float, float, float, float, float, float } %fd, 4
  %fd.5 = extractvalue { float, float, float, float, float, float, float, float } %fd, 5
  %fd.6 = extractvalue { float, float, float, float, float, float, float, float } %fd, 6
  %fd.7 = extractvalue { float, float, float, float, float, float, float, float } %fd, 7
  call void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p1(ptr addrspace(1) %out, float %fd.0, float %fd.1, float %fd.2, float %fd.3, float %fd.4, float %fd.5, float %fd.6, float %fd.7, i32 16)
  ret void
}

@mma_f16_f16.a = internal addrspace(3) global [256 x half] poison, align 16
@mma_f16_f16.b = internal addrspace(3) global [256 x half] poison, align 16
@mma_f16_f16.c = internal addrspace(3) global [256 x half] poison, align 16

; A(i, k) = i - k, B(k, j) = (k * 16 + j) mod 7 - 3, C(i, j) = i * 16 + j: D by hand below
define ptx_kernel void @mma_f16_f16(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %fill
fill:
  %e = phi i32 [ %t, %entry ], [ %e.next, %fill.end ]
  %ina = icmp ult i32 %e, 256
  br i1 %ina, label %sa, label %fa.end
sa:
  %ai = udiv i32 %e, 16
  %ak = urem i32 %e, 16
  %av = sub i32 %ai, %ak
  %ax = sitofp i32 %av to half
  %ap = getelementptr half, ptr addrspace(3) @mma_f16_f16.a, i32 %e
  store half %ax, ptr addrspace(3) %ap
  br label %fa.end
fa.end:
  %inb = icmp ult i32 %e, 256
  br i1 %inb, label %sb, label %fb.end
sb:
  %bm = urem i32 %e, 7
  %bv = sub i32 %bm, 3
  %bx = sitofp i32 %bv to half
  %bp = getelementptr half, ptr addrspace(3) @mma_f16_f16.b, i32 %e
  store half %bx, ptr addrspace(3) %bp
  br label %fb.end
fb.end:
  %inc = icmp ult i32 %e, 256
  br i1 %inc, label %sc, label %fill.end
sc:
  %cx = sitofp i32 %e to half
  %cp = getelementptr half, ptr addrspace(3) @mma_f16_f16.c, i32 %e
  store half %cx, ptr addrspace(3) %cp
  br label %fill.end
fill.end:
  %e.next = add i32 %e, 32
  %more = icmp ult i32 %e.next, 256
  br i1 %more, label %fill, label %mma
mma:
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %fa = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p3(ptr addrspace(3) @mma_f16_f16.a, i32 16)
  %fb = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.b.row.stride.f16.p3(ptr addrspace(3) @mma_f16_f16.b, i32 16)
  %fc = call { <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.c.row.stride.f16.p3(ptr addrspace(3) @mma_f16_f16.c, i32 16)
  %fa.0 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fa, 0
  %fa.1 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fa, 1
  %fa.2 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fa, 2
  %fa.3 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fa, 3
  %fa.4 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fa, 4
  %fa.5 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fa, 5
  %fa.6 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fa, 6
  %fa.7 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fa, 7
  %fb.0 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fb, 0
  %fb.1 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fb, 1
  %fb.2 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fb, 2
  %fb.3 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fb, 3
  %fb.4 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fb, 4
  %fb.5 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fb, 5
  %fb.6 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fb, 6
  %fb.7 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fb, 7
  %fc.0 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fc, 0
  %fc.1 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fc, 1
  %fc.2 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fc, 2
  %fc.3 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fc, 3
  %fd = call { <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.mma.row.row.f16.f16(<2 x half> %fa.0, <2 x half> %fa.1, <2 x half> %fa.2, <2 x half> %fa.3, <2 x half> %fa.4, <2 x half> %fa.5, <2 x half> %fa.6, <2 x half> %fa.7, <2 x half> %fb.0, <2 x half> %fb.1, <2 x half> %fb.2, <2 x half> %fb.3, <2 x half> %fb.4, <2 x half> %fb.5, <2 x half> %fb.6, <2 x half> %fb.7, <2 x half> %fc.0, <2 x half> %fc.1, <2 x half> %fc.2, <2 x half> %fc.3)
  %fd.0 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fd, 0
  %fd.1 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fd, 1
  %fd.2 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fd, 2
  %fd.3 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fd, 3
  call void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f16.p1(ptr addrspace(1) %out, <2 x half> %fd.0, <2 x half> %fd.1, <2 x half> %fd.2, <2 x half> %fd.3, i32 16)
  ret void
}

@mma_s8.a = internal addrspace(3) global [512 x i8] poison, align 16
@mma_s8.b = internal addrspace(3) global [128 x i8] poison, align 16
@mma_s8.c = internal addrspace(3) global [256 x i32] poison, align 16

; A(i, k) = i - k, B(k, j) = (k * 8 + j) mod 7 - 3, C(i, j) = i * 8 + j: D by hand below
define ptx_kernel void @mma_s8(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %fill
fill:
  %e = phi i32 [ %t, %entry ], [ %e.next, %fill.end ]
  %ina = icmp ult i32 %e, 512
  br i1 %ina, label %sa, label %fa.end
sa:
  %ai = udiv i32 %e, 16
  %ak = urem i32 %e, 16
  %av = sub i32 %ai, %ak
  %ax = trunc i32 %av to i8
  %ap = getelementptr i8, ptr addrspace(3) @mma_s8.a, i32 %e
  store i8 %ax, ptr addrspace(3) %ap
  br label %fa.end
fa.end:
  %inb = icmp ult i32 %e, 128
  br i1 %inb, label %sb, label %fb.end
sb:
  %bm = urem i32 %e, 7
  %bv = sub i32 %bm, 3
  %bx = trunc i32 %bv to i8
  %bp = getelementptr i8, ptr addrspace(3) @mma_s8.b, i32 %e
  store i8 %bx, ptr addrspace(3) %bp
  br label %fb.end
fb.end:
  %inc = icmp ult i32 %e, 256
  br i1 %inc, label %sc, label %fill.end
sc:
  %cx = add i32 %e, 0
  %cp = getelementptr i32, ptr addrspace(3) @mma_s8.c, i32 %e
  store i32 %cx, ptr addrspace(3) %cp
  br label %fill.end
fill.end:
  %e.next = add i32 %e, 32
  %more = icmp ult i32 %e.next, 512
  br i1 %more, label %fill, label %mma
mma:
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %fa = call { i32, i32, i32, i32 } @llvm.nvvm.wmma.m32n8k16.load.a.row.stride.s8.p3(ptr addrspace(3) @mma_s8.a, i32 16)
  %fb = call i32 @llvm.nvvm.wmma.m32n8k16.load.b.row.stride.s8.p3(ptr addrspace(3) @mma_s8.b, i32 8)
  %fc = call { i32, i32, i32, i32, i32, i32, i32, i32 } @llvm.nvvm.wmma.m32n8k16.load.c.row.stride.s32.p3(ptr addrspace(3) @mma_s8.c, i32 8)
  %fa.0 = extractvalue { i32, i32, i32, i32 } %fa, 0
  %fa.1 = extractvalue { i32, i32, i32, i32 } %fa, 1
  %fa.2 = extractvalue { i32, i32, i32, i32 } %fa, 2
  %fa.3 = extractvalue { i32, i32, i32, i32 } %fa, 3
  %fc.0 = extractvalue { i32, i32, i32, i32, i32, i32, i32, i32 } %fc, 0
  %fc.1 = extractvalue { i32, i32, i32, i32, i32, i32, i32, i32 } %fc, 1
  %fc.2 = extractvalue { i32, i32, i32, i32, i32, i32, i32, i32 } %fc, 2
  %fc.3 = extractvalue { i32, i32, i32, i32, i32, i32, i32, i32 } %fc, 3
  %fc.4 = extractvalue { i32, i32, i32, i32, i32, i32, i32, i32 } %fc, 4
  %fc.5 = extractvalue { i32, i32, i32, i32, i32, i32, i32, i32 } %fc, 5
  %fc.6 = extractvalue { i32, i32, i32, i32, i32, i32, i32, i32 } %fc, 6
  %fc.7 = extractvalue { i32, i32, i32, i32, i32, i32, i32, i32 } %fc, 7
  %fd = call { i32, i32, i32, i32, i32, i32, i32, i32 } @llvm.nvvm.wmma.m32n8k16.mma.row.row.s8(i32 %fa.0, i32 %fa.1, i32 %fa.2, i32 %fa.3, i32 %fb, i32 %fc.0, i32 %fc.1, i32 %fc.2, i32 %fc.3, i32 %fc.4, i32 %fc.5, i32 %fc.6, i32 %fc.7)
  %fd.0 = extractvalue { i32, i32, i32, i32, i32, i32, i32, i32 } %fd, 0
  %fd.1 = extractvalue { i32, i32, i32, i32, i32, i32, i32, i32 } %fd, 1
  %fd.2 = extractvalue { i32, i32, i32, i32, i32, i32, i32, i32 } %fd, 2
  %fd.3 = extractvalue { i32, i32, i32, i32, i32, i32, i32, i32 } %fd, 3
  %fd.4 = extractvalue { i32, i32, i32, i32, i32, i32, i32, i32 } %fd, 4
  %fd.5 = extractvalue { i32, i32, i32, i32, i32, i32, i32, i32 } %fd, 5
  %fd.6 = extractvalue { i32, i32, i32, i32, i32, i32, i32, i32 } %fd, 6
  %fd.7 = extractvalue { i32, i32, i32, i32, i32, i32, i32, i32 } %fd, 7
  call void @llvm.nvvm.wmma.m32n8k16.store.d.row.stride.s32.p1(ptr addrspace(1) %out, i32 %fd.0, i32 %fd.1, i32 %fd.2, i32 %fd.3, i32 %fd.4, i32 %fd.5, i32 %fd.6, i32 %fd.7, i32 8)
  ret void
}

@mma_bf16.a = internal addrspace(3) global [256 x i16] poison, align 16
@mma_bf16.b = internal addrspace(3) global [256 x i16] poison, align 16
@mma_bf16.c = internal addrspace(3) global [256 x float] poison, align 16

; A(i, k) = i - k, B(k, j) = (k * 16 + j) mod 7 - 3, C(i, j) = i * 16 + j: D by hand below
define ptx_kernel void @mma_bf16(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %fill
fill:
  %e = phi i32 [ %t, %entry ], [ %e.next, %fill.end ]
  %ina = icmp ult i32 %e, 256
  br i1 %ina, label %sa, label %fa.end
sa:
  %ai = udiv i32 %e, 16
  %ak = urem i32 %e, 16
  %av = sub i32 %ai, %ak
  %ax.f = sitofp i32 %av to float
  %ax.b = bitcast float %ax.f to i32
  %ax.h = lshr i32 %ax.b, 16
  %ax = trunc i32 %ax.h to i16
  %ap = getelementptr i16, ptr addrspace(3) @mma_bf16.a, i32 %e
  store i16 %ax, ptr addrspace(3) %ap
  br label %fa.end
fa.end:
  %inb = icmp ult i32 %e, 256
  br i1 %inb, label %sb, label %fb.end
sb:
  %bm = urem i32 %e, 7
  %bv = sub i32 %bm, 3
  %bx.f = sitofp i32 %bv to float
  %bx.b = bitcast float %bx.f to i32
  %bx.h = lshr i32 %bx.b, 16
  %bx = trunc i32 %bx.h to i16
  %bp = getelementptr i16, ptr addrspace(3) @mma_bf16.b, i32 %e
  store i16 %bx, ptr addrspace(3) %bp
  br label %fb.end
fb.end:
  %inc = icmp ult i32 %e, 256
  br i1 %inc, label %sc, label %fill.end
sc:
  %cx = sitofp i32 %e to float
  %cp = getelementptr float, ptr addrspace(3) @mma_bf16.c, i32 %e
  store float %cx, ptr addrspace(3) %cp
  br label %fill.end
fill.end:
  %e.next = add i32 %e, 32
  %more = icmp ult i32 %e.next, 256
  br i1 %more, label %fill, label %mma
mma:
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %fa = call { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.bf16.p3(ptr addrspace(3) @mma_bf16.a, i32 16)
  %fb = call { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k16.load.b.row.stride.bf16.p3(ptr addrspace(3) @mma_bf16.b, i32 16)
  %fc = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.load.c.row.stride.f32.p3(ptr addrspace(3) @mma_bf16.c, i32 16)
  %fa.0 = extractvalue { i32, i32, i32, i32 } %fa, 0
  %fa.1 = extractvalue { i32, i32, i32, i32 } %fa, 1
  %fa.2 = extractvalue { i32, i32, i32, i32 } %fa, 2
  %fa.3 = extractvalue { i32, i32, i32, i32 } %fa, 3
  %fb.0 = extractvalue { i32, i32, i32, i32 } %fb, 0
  %fb.1 = extractvalue { i32, i32, i32, i32 } %fb, 1
  %fb.2 = extractvalue { i32, i32, i32, i32 } %fb, 2
  %fb.3 = extractvalue { i32, i32, i32, i32 } %fb, 3
  %fc.0 = extractvalue { float, float, float, float, float, float, float, float } %fc, 0
  %fc.1 = extractvalue { float, float, float, float, float, float, float, float } %fc, 1
  %fc.2 = extractvalue { float, float, float, float, float, float, float, float } %fc, 2
  %fc.3 = extractvalue { float, float, float, float, float, float, float, float } %fc, 3
  %fc.4 = extractvalue { float, float, float, float, float, float, float, float } %fc, 4
  %fc.5 = extractvalue { float, float, float, float, float, float, float, float } %fc, 5
  %fc.6 = extractvalue { float, float, float, float, float, float, float, float } %fc, 6
  %fc.7 = extractvalue { float, float, float, float, float, float, float, float } %fc, 7
  %fd = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.mma.row.row.bf16(i32 %fa.0, i32 %fa.1, i32 %fa.2, i32 %fa.3, i32 %fb.0, i32 %fb.1, i32 %fb.2, i32 %fb.3, float %fc.0, float %fc.1, float %fc.2, float %fc.3, float %fc.4, float %fc.5, float %fc.6, float %fc.7)
  %fd.0 = extractvalue { float, float, float, float, float, float, float, float } %fd, 0
  %fd.1 = extractvalue { float, float, float, float, float, float, float, float } %fd, 1
  %fd.2 = extractvalue { float, float, float, float, float, float, float, float } %fd, 2
  %fd.3 = extractvalue { float, float, float, float, float, float, float, float } %fd, 3
  %fd.4 = extractvalue { float, float, float, float, float, float, float, float } %fd, 4
  %fd.5 = extractvalue { float, float, float, float, float, float, float, float } %fd, 5
  %fd.6 = extractvalue { float, float, float, float, float, float, float, float } %fd, 6
  %fd.7 = extractvalue { float, float, float, float, float, float, float, float } %fd, 7
  call void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p1(ptr addrspace(1) %out, float %fd.0, float %fd.1, float %fd.2, float %fd.3, float %fd.4, float %fd.5, float %fd.6, float %fd.7, i32 16)
  ret void
}

@mma_tf32.a = internal addrspace(3) global [128 x float] poison, align 16
@mma_tf32.b = internal addrspace(3) global [128 x float] poison, align 16
@mma_tf32.c = internal addrspace(3) global [256 x float] poison, align 16

; A(i, k) = i - k, B(k, j) = (k * 16 + j) mod 7 - 3, C(i, j) = i * 16 + j: D by hand below
define ptx_kernel void @mma_tf32(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %fill
fill:
  %e = phi i32 [ %t, %entry ], [ %e.next, %fill.end ]
  %ina = icmp ult i32 %e, 128
  br i1 %ina, label %sa, label %fa.end
sa:
  %ai = udiv i32 %e, 8
  %ak = urem i32 %e, 8
  %av = sub i32 %ai, %ak
  %ax = sitofp i32 %av to float
  %ap = getelementptr float, ptr addrspace(3) @mma_tf32.a, i32 %e
  store float %ax, ptr addrspace(3) %ap
  br label %fa.end
fa.end:
  %inb = icmp ult i32 %e, 128
  br i1 %inb, label %sb, label %fb.end
sb:
  %bm = urem i32 %e, 7
  %bv = sub i32 %bm, 3
  %bx = sitofp i32 %bv to float
  %bp = getelementptr float, ptr addrspace(3) @mma_tf32.b, i32 %e
  store float %bx, ptr addrspace(3) %bp
  br label %fb.end
fb.end:
  %inc = icmp ult i32 %e, 256
  br i1 %inc, label %sc, label %fill.end
sc:
  %cx = sitofp i32 %e to float
  %cp = getelementptr float, ptr addrspace(3) @mma_tf32.c, i32 %e
  store float %cx, ptr addrspace(3) %cp
  br label %fill.end
fill.end:
  %e.next = add i32 %e, 32
  %more = icmp ult i32 %e.next, 256
  br i1 %more, label %fill, label %mma
mma:
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %fa = call { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k8.load.a.row.stride.tf32.p3(ptr addrspace(3) @mma_tf32.a, i32 8)
  %fb = call { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k8.load.b.row.stride.tf32.p3(ptr addrspace(3) @mma_tf32.b, i32 16)
  %fc = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k8.load.c.row.stride.f32.p3(ptr addrspace(3) @mma_tf32.c, i32 16)
  %fa.0 = extractvalue { i32, i32, i32, i32 } %fa, 0
  %fa.1 = extractvalue { i32, i32, i32, i32 } %fa, 1
  %fa.2 = extractvalue { i32, i32, i32, i32 } %fa, 2
  %fa.3 = extractvalue { i32, i32, i32, i32 } %fa, 3
  %fb.0 = extractvalue { i32, i32, i32, i32 } %fb, 0
  %fb.1 = extractvalue { i32, i32, i32, i32 } %fb, 1
  %fb.2 = extractvalue { i32, i32, i32, i32 } %fb, 2
  %fb.3 = extractvalue { i32, i32, i32, i32 } %fb, 3
  %fc.0 = extractvalue { float, float, float, float, float, float, float, float } %fc, 0
  %fc.1 = extractvalue { float, float, float, float, float, float, float, float } %fc, 1
  %fc.2 = extractvalue { float, float, float, float, float, float, float, float } %fc, 2
  %fc.3 = extractvalue { float, float, float, float, float, float, float, float } %fc, 3
  %fc.4 = extractvalue { float, float, float, float, float, float, float, float } %fc, 4
  %fc.5 = extractvalue { float, float, float, float, float, float, float, float } %fc, 5
  %fc.6 = extractvalue { float, float, float, float, float, float, float, float } %fc, 6
  %fc.7 = extractvalue { float, float, float, float, float, float, float, float } %fc, 7
  %fd = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k8.mma.row.row.tf32(i32 %fa.0, i32 %fa.1, i32 %fa.2, i32 %fa.3, i32 %fb.0, i32 %fb.1, i32 %fb.2, i32 %fb.3, float %fc.0, float %fc.1, float %fc.2, float %fc.3, float %fc.4, float %fc.5, float %fc.6, float %fc.7)
  %fd.0 = extractvalue { float, float, float, float, float, float, float, float } %fd, 0
  %fd.1 = extractvalue { float, float, float, float, float, float, float, float } %fd, 1
  %fd.2 = extractvalue { float, float, float, float, float, float, float, float } %fd, 2
  %fd.3 = extractvalue { float, float, float, float, float, float, float, float } %fd, 3
  %fd.4 = extractvalue { float, float, float, float, float, float, float, float } %fd, 4
  %fd.5 = extractvalue { float, float, float, float, float, float, float, float } %fd, 5
  %fd.6 = extractvalue { float, float, float, float, float, float, float, float } %fd, 6
  %fd.7 = extractvalue { float, float, float, float, float, float, float, float } %fd, 7
  call void @llvm.nvvm.wmma.m16n16k8.store.d.row.stride.f32.p1(ptr addrspace(1) %out, float %fd.0, float %fd.1, float %fd.2, float %fd.3, float %fd.4, float %fd.5, float %fd.6, float %fd.7, i32 16)
  ret void
}

@mma_f64.a = internal addrspace(3) global [32 x double] poison, align 16
@mma_f64.b = internal addrspace(3) global [32 x double] poison, align 16
@mma_f64.c = internal addrspace(3) global [64 x double] poison, align 16

; A(i, k) = i - k, B(k, j) = (k * 8 + j) mod 7 - 3, C(i, j) = i * 8 + j: D by hand below
define ptx_kernel void @mma_f64(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %fill
fill:
  %e = phi i32 [ %t, %entry ], [ %e.next, %fill.end ]
  %ina = icmp ult i32 %e, 32
  br i1 %ina, label %sa, label %fa.end
sa:
  %ai = udiv i32 %e, 4
  %ak = urem i32 %e, 4
  %av = sub i32 %ai, %ak
  %ax = sitofp i32 %av to double
  %ap = getelementptr double, ptr addrspace(3) @mma_f64.a, i32 %e
  store double %ax, ptr addrspace(3) %ap
  br label %fa.end
fa.end:
  %inb = icmp ult i32 %e, 32
  br i1 %inb, label %sb, label %fb.end
sb:
  %bm = urem i32 %e, 7
  %bv = sub i32 %bm, 3
  %bx = sitofp i32 %bv to double
  %bp = getelementptr double, ptr addrspace(3) @mma_f64.b, i32 %e
  store double %bx, ptr addrspace(3) %bp
  br label %fb.end
fb.end:
  %inc = icmp ult i32 %e, 64
  br i1 %inc, label %sc, label %fill.end
sc:
  %cx = sitofp i32 %e to double
  %cp = getelementptr double, ptr addrspace(3) @mma_f64.c, i32 %e
  store double %cx, ptr addrspace(3) %cp
  br label %fill.end
fill.end:
  %e.next = add i32 %e, 32
  %more = icmp ult i32 %e.next, 64
  br i1 %more, label %fill, label %mma
mma:
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %fa = call double @llvm.nvvm.wmma.m8n8k4.load.a.row.stride.f64.p3(ptr addrspace(3) @mma_f64.a, i32 4)
  %fb = call double @llvm.nvvm.wmma.m8n8k4.load.b.row.stride.f64.p3(ptr addrspace(3) @mma_f64.b, i32 8)
  %fc = call { double, double } @llvm.nvvm.wmma.m8n8k4.load.c.row.stride.f64.p3(ptr addrspace(3) @mma_f64.c, i32 8)
  %fc.0 = extractvalue { double, double } %fc, 0
  %fc.1 = extractvalue { double, double } %fc, 1
  %fd = call { double, double } @llvm.nvvm.wmma.m8n8k4.mma.row.row.f64(double %fa, double %fb, double %fc.0, double %fc.1)
  %fd.0 = extractvalue { double, double } %fd, 0
  %fd.1 = extractvalue { double, double } %fd, 1
  call void @llvm.nvvm.wmma.m8n8k4.store.d.row.stride.f64.p1(ptr addrspace(1) %out, double %fd.0, double %fd.1, i32 8)
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare double @llvm.nvvm.wmma.m8n8k4.load.a.row.stride.f64.p3(ptr addrspace(3), i32)
declare double @llvm.nvvm.wmma.m8n8k4.load.b.row.stride.f64.p3(ptr addrspace(3), i32)
declare i32 @llvm.nvvm.wmma.m32n8k16.load.b.row.stride.s8.p3(ptr addrspace(3), i32)
declare void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f16.p1(ptr addrspace(1), <2 x half>, <2 x half>, <2 x half>, <2 x half>, i32)
declare void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p1(ptr addrspace(1), float, float, float, float, float, float, float, float, i32)
declare void @llvm.nvvm.wmma.m16n16k8.store.d.row.stride.f32.p1(ptr addrspace(1), float, float, float, float, float, float, float, float, i32)
declare void @llvm.nvvm.wmma.m32n8k16.store.d.row.stride.s32.p1(ptr addrspace(1), i32, i32, i32, i32, i32, i32, i32, i32, i32)
declare void @llvm.nvvm.wmma.m8n8k4.store.d.row.stride.f64.p1(ptr addrspace(1), double, double, i32)
declare { <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.c.row.stride.f16.p3(ptr addrspace(3), i32)
declare { <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.mma.row.row.f16.f16(<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>)
declare { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p3(ptr addrspace(3), i32)
declare { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.b.row.stride.f16.p3(ptr addrspace(3), i32)
declare { double, double } @llvm.nvvm.wmma.m8n8k4.load.c.row.stride.f64.p3(ptr addrspace(3), i32)
declare { double, double } @llvm.nvvm.wmma.m8n8k4.mma.row.row.f64(double, double, double, double)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.load.c.row.stride.f32.p3(ptr addrspace(3), i32)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.mma.row.row.bf16(i32, i32, i32, i32, i32, i32, i32, i32, float, float, float, float, float, float, float, float)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.mma.row.row.f32.f32(<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, float, float, float, float, float, float, float, float)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k8.load.c.row.stride.f32.p3(ptr addrspace(3), i32)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k8.mma.row.row.tf32(i32, i32, i32, i32, i32, i32, i32, i32, float, float, float, float, float, float, float, float)
declare { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.bf16.p3(ptr addrspace(3), i32)
declare { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k16.load.b.row.stride.bf16.p3(ptr addrspace(3), i32)
declare { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k8.load.a.row.stride.tf32.p3(ptr addrspace(3), i32)
declare { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k8.load.b.row.stride.tf32.p3(ptr addrspace(3), i32)
declare { i32, i32, i32, i32 } @llvm.nvvm.wmma.m32n8k16.load.a.row.stride.s8.p3(ptr addrspace(3), i32)
declare { i32, i32, i32, i32, i32, i32, i32, i32 } @llvm.nvvm.wmma.m32n8k16.load.c.row.stride.s32.p3(ptr addrspace(3), i32)
declare { i32, i32, i32, i32, i32, i32, i32, i32 } @llvm.nvvm.wmma.m32n8k16.mma.row.row.s8(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)
