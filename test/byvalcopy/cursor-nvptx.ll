; A CUDA kernel's struct argument walked with a pointer cursor (a phi of
; pointers into it, as HeCBench quantAQLM's `auto p = &sizes.x; while (i >=
; *p) ++p;`) is only read: it stays in the parameter space (ld.param
; through the cursor, as NVPTXLowerArgs reads it in clang's own build)
; instead of a private copy, which gave clang's PTX a 16-byte .local frame
; and 5 more instructions with the plugin.  A cursor whose phi also takes a
; pointer from elsewhere is not the parameter's alone: that struct is
; copied into private memory (the rule as before).  Both kernels run
; identically under gasp-run --check-as --compare; llc-22 accepts the
; output and makes no .local frame for the first.
; RUN: gasp-opt -S %s -o %t.ll -stats -stats-json 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=STATS < %t.err
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.s
; RUN: sed -n '/.entry cursor(/,/^}/p' %t.s | FileCheck %s --check-prefix=PTX
; RUN: gasp-run %s --kernel cursor --global 4 --arg buf:i32:4 --arg 'struct:i32=2;i32=5;i32=9;i32=100' --arg i32=6 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel mixed --global 4 --arg buf:i32:4 --arg 'struct:i32=2;i32=5;i32=9;i32=100' --arg i32=6 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; STATS: "byvalcopy.copies": 1
; PTX-NOT: .local
; PTX: ld.param.b32
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%int4 = type { i32, i32, i32, i32 }

@fallback = internal addrspace(1) global i32 1000, align 4

; Counts the sizes below %v by walking the struct: read in the parameter space.
; CHECK-LABEL: define ptx_kernel void @cursor(
; CHECK-NOT: alloca
; CHECK: phi ptr addrspace(101)
; CHECK: load i32, ptr addrspace(101)
define ptx_kernel void @cursor(ptr %out, ptr byval(%int4) align 16 %sizes, i32 %v) {
entry:
  br label %loop
loop:
  %p = phi ptr [ %sizes, %entry ], [ %p1, %next ]
  %n = phi i32 [ 0, %entry ], [ %n1, %next ]
  %s = load i32, ptr %p, align 4
  %below = icmp sge i32 %v, %s
  br i1 %below, label %next, label %done
next:
  %p1 = getelementptr inbounds i32, ptr %p, i64 1
  %n1 = add i32 %n, 1
  %more = icmp slt i32 %n1, 3
  br i1 %more, label %loop, label %done
done:
  %r = phi i32 [ %n, %loop ], [ %n1, %next ]
  store i32 %r, ptr %out, align 4
  ret void
}

; The cursor may also point at a global: the struct is copied.
; CHECK-LABEL: define ptx_kernel void @mixed(
; CHECK: alloca %int4
; CHECK: call void @llvm.memcpy.p5.p101.i64
define ptx_kernel void @mixed(ptr %out, ptr byval(%int4) align 16 %sizes, i32 %v) {
entry:
  %g = addrspacecast ptr addrspace(1) @fallback to ptr
  %big = icmp sgt i32 %v, 50
  %start = select i1 %big, ptr %g, ptr %sizes
  br label %loop
loop:
  %p = phi ptr [ %start, %entry ], [ %p1, %next ]
  %n = phi i32 [ 0, %entry ], [ %n1, %next ]
  %s = load i32, ptr %p, align 4
  %below = icmp sge i32 %v, %s
  br i1 %below, label %next, label %done
next:
  %p1 = getelementptr inbounds i32, ptr %p, i64 1
  %n1 = add i32 %n, 1
  %more = icmp slt i32 %n1, 1
  br i1 %more, label %loop, label %done
done:
  %r = phi i32 [ %n, %loop ], [ %n1, %next ]
  store i32 %r, ptr %out, align 4
  ret void
}
