; rehoist's SimplifyCFG asks the module's target what an instruction
; costs, as clang's pipeline does: on NVPTX cttz and ctpop are dear, so a
; switch on powers of two stays a switch (as opt-22's SimplifyCFG with the
; NVPTX target leaves it); on AMDGPU they are cheap, and SimplifyCFG turns
; it into a ctpop test and a switch on cttz there, as opt-22 does.  Without
; the target machine (the default cost model) NVPTX got the AMDGPU form:
; held-out HeCBench depixel, 416 -> 432 machine instructions.
; RUN: gasp-opt -S --passes=rehoist -stats %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: FileCheck %s < %t.ll
; RUN: opt-22 -S -passes='simplifycfg<switch-range-to-icmp;hoist-common-insts;sink-common-insts>' %s | FileCheck %s --check-prefix=OPT
; RUN: sed 's/^target triple = .*/target triple = "amdgcn-amd-amdhsa"/; s/^target datalayout = .*/target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"/; s/ptx_kernel/amdgpu_kernel/' %s > %t.amd.ll
; RUN: gasp-opt -S --passes=rehoist %t.amd.ll -o - | FileCheck %s --check-prefix=AMD
; RUN: opt-22 -S -passes='simplifycfg<switch-range-to-icmp;hoist-common-insts;sink-common-insts>' %t.amd.ll | FileCheck %s --check-prefix=AMD
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:1:rand=5 --arg buf:i32:1 --arg i32=16 --arg i32=1 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:1:rand=5 --arg buf:i32:1 --arg i32=3 --arg i32=1 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:1:rand=5 --arg buf:i32:1 --arg i32=128 --arg i32=0 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; STATS: 1 rehoist - casts of arguments moved back to the entry block
; STATS-NEXT: 1 rehoist - functions SimplifyCFG ran on again after a cast moved
; EXEC: identical
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; The read's cast sank into its arm; rehoist moves it to the entry and runs
; SimplifyCFG, which leaves the switch as the NVPTX target wants it.
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %g = addrspacecast ptr %in to ptr addrspace(1)
; CHECK-NOT:     ctpop
; CHECK-NOT:     cttz
; CHECK:         switch i32 %x, label %done [
; CHECK-NEXT:      i32 1, label %c1
; OPT-NOT:       ctpop
; OPT:           switch i32 %x, label %done [
; OPT-NEXT:        i32 1, label %c1
; AMD:           call i32 @llvm.ctpop.i32(i32 %x)
; AMD:           call {{.*}}i32 @llvm.cttz.i32(i32 %x, i1 true)
define ptx_kernel void @k(ptr noalias readonly %in, ptr noalias %out, i32 %x, i32 %y) {
entry:
  %c = icmp sgt i32 %y, 0
  br i1 %c, label %read, label %sw

read:
  %g = addrspacecast ptr %in to ptr addrspace(1)
  %v = load i32, ptr addrspace(1) %g, align 4
  br label %sw

sw:
  %p = phi i32 [ %v, %read ], [ 0, %entry ]
  switch i32 %x, label %done [
    i32 1, label %c1
    i32 2, label %c2
    i32 4, label %c4
    i32 8, label %c8
    i32 16, label %c16
    i32 32, label %c32
    i32 64, label %c64
    i32 128, label %c128
  ]

c1:
  %a1 = add i32 %p, 11
  br label %done
c2:
  %a2 = mul i32 %p, 13
  br label %done
c4:
  %a4 = xor i32 %p, 17
  br label %done
c8:
  %a8 = sub i32 %p, 19
  br label %done
c16:
  %a16 = shl i32 %p, 3
  br label %done
c32:
  %a32 = lshr i32 %p, 5
  br label %done
c64:
  %a64 = or i32 %p, 23
  br label %done
c128:
  %a128 = and i32 %p, 29
  br label %done

done:
  %r = phi i32 [ %p, %sw ], [ %a1, %c1 ], [ %a2, %c2 ], [ %a4, %c4 ], [ %a8, %c8 ], [ %a16, %c16 ], [ %a32, %c32 ], [ %a64, %c64 ], [ %a128, %c128 ]
  store i32 %r, ptr %out, align 4
  ret void
}
