; NVPTX's shared, constant and local spaces are windows whose address 0 is
; no null: ptxas puts the first shared variable at shared address 0 for
; sm_70..sm_86 (sm_90 from 0x400), the first __constant__ at constant 0,
; and cvta of a window's 0 is the window's base, not generic null.  So a
; generic null handed to, merged into or compared in such a space is the
; cast `addrspacecast (ptr null to ptr addrspace(N))` (llc: cvta.to of 0),
; never the named 0: with the named 0, @bn's null test was true for @sh on
; an A100 and @pick's null came back to generic as the shared window's
; base.  Global keeps 0 (its window is the generic space).  At the end
; twins (twins.c) hands @bn and @bc generic pointers named at their entry,
; since a call passes null: that call passes generic null, the other the
; variable's generic address, and the helper tests its generic parameter
; against generic null (the entry's cast of it is the window's null).  Runs
; identically under gasp-run --check-as --compare (the host's casts are
; the identity: the executor cannot see the difference, the IR and PTX
; checks do).
; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:4 --arg i32=0 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:4 --arg i32=1 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.s
; RUN: FileCheck %s --check-prefix=PTX < %t.s
; EXEC: identical
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [4 x i32] undef, align 4
@cst = internal addrspace(4) constant [2 x i32] [i32 3, i32 4], align 4

@keep = internal addrspace(1) global ptr null, align 8

; CHECK-LABEL: define ptx_kernel void @k(
; CHECK:         call i32 @bn(ptr addrspacecast (ptr addrspace(3) @sh to ptr), i32 0)
; CHECK:         call i32 @bn(ptr null, i32 0)
; CHECK:         call i32 @bc(ptr addrspacecast (ptr addrspace(4) @cst to ptr))
; CHECK:         call i32 @bc(ptr null)
; CHECK:         [[Q:%.*]] = call ptr addrspace(3) @pick(ptr addrspace(3) @sh, i1 %t)
; CHECK:         [[G:%.*]] = addrspacecast ptr addrspace(3) [[Q]] to ptr
; CHECK:         store ptr [[G]], ptr addrspace(1) @keep
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %c) {
  %g = addrspacecast ptr addrspace(3) @sh to ptr
  store i32 5, ptr addrspace(3) @sh, align 4
  %a = call i32 @bn(ptr %g, i32 0)
  %b = call i32 @bn(ptr null, i32 0)
  %s = add i32 %a, %b
  %gc = addrspacecast ptr addrspace(4) @cst to ptr
  %x = call i32 @bc(ptr %gc)
  %y = call i32 @bc(ptr null)
  %s1 = add i32 %s, %x
  %s2 = add i32 %s1, %y
  store i32 %s2, ptr addrspace(1) %out, align 4
  %t = icmp eq i32 %c, 0
  %q = call ptr @pick(ptr %g, i1 %t)
  store ptr %q, ptr addrspace(1) @keep, align 8
  %isn = icmp eq ptr %q, null
  %z = zext i1 %isn to i32
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 1
  store i32 %z, ptr addrspace(1) %o, align 4
  ret void
}

; Returns its shared pointer or null: the null arm is the cast, so the
; caller's cast back to generic gives generic null.
; CHECK-LABEL: define internal ptr addrspace(3) @pick(ptr addrspace(3) %a, i1 %c)
; CHECK:         select i1 %c, ptr addrspace(3) %a, ptr addrspace(3) addrspacecast (ptr null to ptr addrspace(3))
define internal ptr @pick(ptr %a, i1 %c) noinline {
  %s = select i1 %c, ptr %a, ptr null
  ret ptr %s
}

; A shared pointer or null: named shared at its entry, the null test of
; the generic parameter against generic null (never the shared 0).
; CHECK-LABEL: define internal i32 @bn(ptr %a, i32 %i)
; CHECK-NEXT:    %a.local = addrspacecast ptr %a to ptr addrspace(3)
; CHECK-NEXT:    %a.local.laundered = call ptr addrspace(3) @llvm.launder.invariant.group.p3(ptr addrspace(3) %a.local)
; CHECK-NEXT:    icmp eq ptr %a, null
; CHECK:         load i32, ptr addrspace(3)
; PTX-LABEL: // -- Begin function bn
; PTX:         cvta.to.shared.u64
; PTX:         setp.eq.b64
; PTX:         ld.shared.b32
define internal i32 @bn(ptr %a, i32 %i) noinline {
  %n = icmp eq ptr %a, null
  br i1 %n, label %z, label %l
l:
  %e = getelementptr i32, ptr %a, i32 %i
  %v = load i32, ptr %e, align 4
  ret i32 %v
z:
  ret i32 77
}

; The same through __constant__ memory.
; CHECK-LABEL: define internal i32 @bc(ptr %a)
; CHECK-NEXT:    %a.constant = addrspacecast ptr %a to ptr addrspace(4)
; CHECK-NEXT:    %a.constant.laundered = call ptr addrspace(4) @llvm.launder.invariant.group.p4(ptr addrspace(4) %a.constant)
; CHECK-NEXT:    icmp eq ptr %a, null
; CHECK:         load i32, ptr addrspace(4)
define internal i32 @bc(ptr %a) noinline {
  %n = icmp eq ptr %a, null
  br i1 %n, label %z, label %l
l:
  %v = load i32, ptr %a, align 4
  ret i32 %v
z:
  ret i32 78
}

