; rehoist moves the casts of arguments InstCombine sank into one arm of a
; branch back to the entry block, then lets LLVM's SimplifyCFG hoist what
; both arms begin with (here the block index both arms read after GVN's
; PRE): one read of %ctaid.x and no phi, as clang's own build has.
; RUN: gasp-opt -S --passes=rehoist -stats %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 64 --local 32 --arg buf:i32:64:iota --arg buf:i32:4:rand=3 --arg i32=64 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 64 --local 32 --arg buf:i32:64:iota --arg buf:i32:4:rand=3 --arg i32=40 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; STATS: 2 rehoist - casts of arguments moved back to the entry block
; STATS-NEXT: 1 rehoist - functions SimplifyCFG ran on again after a cast moved
; EXEC: identical
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@uni = internal addrspace(3) global i32 undef, align 4

; Thread 0 of each block reads its block's value into shared memory; every
; thread adds it to one element.  Both arms of the first branch begin with
; the block index: hoisted once the sunk cast is out of the way.  The
; second argument's cast sank too, with an equal one already in the entry:
; the entry's takes its uses.
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %v = addrspacecast ptr %vec to ptr addrspace(1)
; CHECK-NEXT:    %g = addrspacecast ptr %in to ptr addrspace(1)
; CHECK-NEXT:    %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT:    %first = icmp eq i32 %tid, 0
; CHECK-NEXT:    %b0 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
; CHECK-NEXT:    br i1 %first
; CHECK-NOT:     addrspacecast
; CHECK-NOT:     ctaid
; CHECK-NOT:     phi
; CHECK:         ret void
define ptx_kernel void @k(ptr %vec, ptr %in, i32 %n) {
entry:
  %v = addrspacecast ptr %vec to ptr addrspace(1)
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %load, label %other

other:
  %b1 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  br label %join

load:
  %g = addrspacecast ptr %in to ptr addrspace(1)
  %b0 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i = and i32 %b0, 3
  %p = getelementptr i32, ptr addrspace(1) %g, i32 %i
  %x = load i32, ptr addrspace(1) %p, align 4
  store i32 %x, ptr addrspace(3) @uni, align 4
  br label %join

join:
  %b = phi i32 [ %b1, %other ], [ %b0, %load ]
  %v2 = addrspacecast ptr %vec to ptr addrspace(1)
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %b, %ntid
  %idx = add i32 %base, %tid
  %in.range = icmp ult i32 %idx, %n
  br i1 %in.range, label %add, label %done

add:
  %u = load i32, ptr addrspace(3) @uni, align 4
  %q = getelementptr i32, ptr addrspace(1) %v2, i32 %idx
  %y = load i32, ptr addrspace(1) %q, align 4
  %z = add i32 %y, %u
  store i32 %z, ptr addrspace(1) %q, align 4
  br label %done

done:
  ret void
}

; A cast of a loaded pointer cannot move to the entry (its operand is not
; there yet), and a function whose casts are all in its entry is left as
; it is: no SimplifyCFG run on it.
; CHECK-LABEL: define void @stays(
; CHECK:       then:
; CHECK-NEXT:    %p = load ptr, ptr %pp, align 8
; CHECK-NEXT:    %g = addrspacecast ptr %p to ptr addrspace(1)
; CHECK:       other:
; CHECK-NEXT:    %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define void @stays(ptr %pp, i1 %c, ptr %out) {
entry:
  br i1 %c, label %then, label %other

then:
  %p = load ptr, ptr %pp, align 8
  %g = addrspacecast ptr %p to ptr addrspace(1)
  %t0 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %t0, ptr addrspace(1) %g, align 4
  br label %done

other:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %t, ptr %out, align 4
  br label %done

done:
  ret void
}

; An optnone function is left as written.
; CHECK-LABEL: define void @asis(
; CHECK:       then:
; CHECK-NEXT:    %g = addrspacecast ptr %p to ptr addrspace(1)
define void @asis(ptr %p, i1 %c) noinline optnone {
entry:
  br i1 %c, label %then, label %done

then:
  %g = addrspacecast ptr %p to ptr addrspace(1)
  store i32 1, ptr addrspace(1) %g, align 4
  br label %done

done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
