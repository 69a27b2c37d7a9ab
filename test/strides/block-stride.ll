; strides marks the block- and grid-stride loops that move data between two
; named spaces with llvm.loop.vectorize.enable false, so LLVM's vectorizer
; does not version them on a stride of 1 (a copy of the loop only a
; one-thread block runs: HeCBench ss +18.4% PTX instructions with the
; plugin).  Loops within one space, loops that only read, loops of constant
; step and loops whose metadata already speaks of vectorization are left
; alone.  Only metadata changes: the kernel runs identically.
; RUN: gasp-opt --passes=strides -S %s -o %t.ll -stats 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=STATS < %t.err
; RUN: opt-22 -passes=verify -disable-output %t.ll
; RUN: gasp-run %s --kernel k --global 8 --local 8 --arg buf:i32:64:iota --arg buf:i32:64 --arg i32=40 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; STATS: 3 strides - block- and grid-stride loops between two spaces
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] poison

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()

; CUDA's blockDim.x getter, as the early run sees it before inlining.
define linkonce_odr i32 @_ZN25__cuda_builtin_blockDim_t17__fetch_builtin_xEv() {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  ret i32 %v
}

; CHECK-LABEL: define ptx_kernel void @k(
define ptx_kernel void @k(ptr addrspace(1) %g, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %grid = mul i32 %ntid, %nctaid
  %bd = call i32 @_ZN25__cuda_builtin_blockDim_t17__fetch_builtin_xEv()
  br label %copy

; A block-stride copy from global into shared memory: marked.
; CHECK: br i1 %{{.*}}, label %copy, label %copied, !llvm.loop [[COPY:![0-9]+]]
copy:
  %i = phi i32 [ %tid, %entry ], [ %i1, %copy ]
  %gi = getelementptr inbounds i32, ptr addrspace(1) %g, i32 %i
  %v = load i32, ptr addrspace(1) %gi, align 4
  %si = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %i
  store i32 %v, ptr addrspace(3) %si, align 4
  %i1 = add nsw i32 %i, %ntid
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %copy, label %copied, !llvm.loop !0

; A grid-stride copy back, its step a product of two launch dimensions,
; the index 64-bit: marked.
; CHECK: br i1 %{{.*}}, label %back, label %done1, !llvm.loop [[BACK:![0-9]+]]
copied:
  %tid64 = zext i32 %tid to i64
  br label %back
back:
  %j = phi i64 [ %tid64, %copied ], [ %j1, %back ]
  %sj = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i64 0, i64 %j
  %w = load i32, ptr addrspace(3) %sj, align 4
  %oj = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %j
  store i32 %w, ptr addrspace(1) %oj, align 4
  %grid64 = zext i32 %grid to i64
  %j1 = add i64 %j, %grid64
  %n64 = sext i32 %n to i64
  %cj = icmp slt i64 %j1, %n64
  br i1 %cj, label %back, label %done1

; Global to global, the step through CUDA's getter: one space, left alone.
; CHECK: br i1 %{{.*}}, label %same, label %done2{{$}}
done1:
  br label %same
same:
  %k = phi i32 [ %tid, %done1 ], [ %k1, %same ]
  %gk = getelementptr inbounds i32, ptr addrspace(1) %g, i32 %k
  %x = load i32, ptr addrspace(1) %gk, align 4
  %ok = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %k
  store i32 %x, ptr addrspace(1) %ok, align 4
  %k1 = add i32 %k, %bd
  %ck = icmp slt i32 %k1, %n
  br i1 %ck, label %same, label %done2

; Only reads (a sum over shared and global memory): left alone.
; CHECK: br i1 %{{.*}}, label %sum, label %done3{{$}}
done2:
  br label %sum
sum:
  %m = phi i32 [ %tid, %done2 ], [ %m1, %sum ]
  %acc = phi i32 [ 0, %done2 ], [ %acc2, %sum ]
  %sm = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %m
  %y = load i32, ptr addrspace(3) %sm, align 4
  %gm = getelementptr inbounds i32, ptr addrspace(1) %g, i32 %m
  %z = load i32, ptr addrspace(1) %gm, align 4
  %acc1 = add i32 %acc, %y
  %acc2 = add i32 %acc1, %z
  %m1 = add i32 %m, %bd
  %cm = icmp slt i32 %m1, %n
  br i1 %cm, label %sum, label %done3

; A step of 1 (each thread its own run): left alone.
; CHECK: br i1 %{{.*}}, label %unit, label %done4{{$}}
done3:
  store i32 %acc2, ptr addrspace(1) %out, align 4
  br label %unit
unit:
  %u = phi i32 [ 0, %done3 ], [ %u1, %unit ]
  %gu = getelementptr inbounds i32, ptr addrspace(1) %g, i32 %u
  %q = load i32, ptr addrspace(1) %gu, align 4
  %su = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %u
  store i32 %q, ptr addrspace(3) %su, align 4
  %u1 = add i32 %u, 1
  %cu = icmp slt i32 %u1, 4
  br i1 %cu, label %unit, label %done4

; The user asked for vectorization (a pragma's metadata): left as it is.
; CHECK: br i1 %{{.*}}, label %asked, label %done5, !llvm.loop [[ASKED:![0-9]+]]
done4:
  br label %asked
asked:
  %a = phi i32 [ %tid, %done4 ], [ %a1, %asked ]
  %ga = getelementptr inbounds i32, ptr addrspace(1) %g, i32 %a
  %r = load i32, ptr addrspace(1) %ga, align 4
  %sa = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %a
  store i32 %r, ptr addrspace(3) %sa, align 4
  %a1 = add i32 %a, %ntid
  %ca = icmp slt i32 %a1, %n
  br i1 %ca, label %asked, label %done5, !llvm.loop !2

; The copy again, through the getter (CUDA before inlining): marked.
; CHECK: br i1 %{{.*}}, label %again, label %done, !llvm.loop [[AGAIN:![0-9]+]]
done5:
  br label %again
again:
  %b = phi i32 [ %tid, %done5 ], [ %b1, %again ]
  %gb = getelementptr inbounds i32, ptr addrspace(1) %g, i32 %b
  %t = load i32, ptr addrspace(1) %gb, align 4
  %sb = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %b
  store i32 %t, ptr addrspace(3) %sb, align 4
  %b1 = add i32 %bd, %b
  %cb = icmp slt i32 %b1, %n
  br i1 %cb, label %again, label %done
done:
  ret void
}

; The copy loop's own property (mustprogress) stays beside the new one.
; CHECK-DAG: [[COPY]] = distinct !{[[COPY]], [[MP:![0-9]+]], [[OFF:![0-9]+]]}
; CHECK-DAG: [[MP]] = !{!"llvm.loop.mustprogress"}
; CHECK-DAG: [[OFF]] = !{!"llvm.loop.vectorize.enable", i1 false}
; CHECK-DAG: [[BACK]] = distinct !{[[BACK]], [[OFF]]}
; CHECK-DAG: [[AGAIN]] = distinct !{[[AGAIN]], [[OFF]]}
; CHECK-DAG: [[ASKED]] = distinct !{[[ASKED]], [[ON:![0-9]+]]}
; CHECK-DAG: [[ON]] = !{!"llvm.loop.vectorize.enable", i1 true}
!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
!2 = distinct !{!2, !3}
!3 = !{!"llvm.loop.vectorize.enable", i1 true}
