; twins and nulls: a call that passes the space's null (NVPTX shared,
; local and constant: the cast of generic null, `cvta.to.shared` of 0
; where clang's build passes the immediate 0) has generic null for the
; generic twin, so a helper whose other calls keep their twins live takes
; generic pointers and the null call passes 0; the space's 0 (an address
; in shared memory, not its null) has no constant twin: its call passes
; the 0's cast to generic, built there, and the helper's test against the
; space's 0 stays a test in the space.  A select of the null and such a
; pointer that only the call uses has the select of their twins for its
; twin (clang's build: one `selp` of 0), and so does a select of the null
; and a pointer with no twin (a stack slot, a tile element), whose generic
; address is built at the call as clang's build computes it; `nonnull`,
; true of the shared space's null (not its 0), does not stay on the
; generic parameter; the helper's test of its entry
; cast against the space's null becomes a test of the parameter against
; generic null (no `cvta.to.shared` of 0).
; RUN: gasp-opt -S --passes=twins -stats %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: FileCheck %s < %t.ll
; RUN: llc -mcpu=sm_90 %t.ll -o - | FileCheck %s --check-prefix=PTX
; RUN: gasp-opt -S %s -o %t.all.ll
; RUN: gasp-run %s --kernel k --global 8 --local 8 --arg buf:i32:8:iota --arg buf:i32:8 --arg i32=5 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 8 --local 8 --arg buf:i32:8:iota --arg buf:i32:8 --arg i32=2 --check-as --compare %t.all.ll | FileCheck %s --check-prefix=EXEC
; STATS: 3 twins - functions retyped so (a cast to the named space at the entry)
; STATS-NEXT: 3 twins - named pointer parameters given the generic twin their callers have (a live cast, a null, a select)
; EXEC: identical
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [8 x i32] undef, align 4

; Called with %n, whose generic value %g the kernel keeps for a load
; after the call, with the space's null, a select of both, and poison:
; takes generic
; pointers (checked at the module's end, where the retyped function goes;
; in PTX it casts at its entry and the kernel passes the null as 0).
define internal i32 @maybe(ptr addrspace(3) nonnull %p) {
  %z = icmp eq ptr addrspace(3) %p, addrspacecast (ptr null to ptr addrspace(3))
  br i1 %z, label %none, label %some
some:
  %v = load i32, ptr addrspace(3) %p, align 4
  ret i32 %v
none:
  ret i32 7
}

; Called with %n, whose twin is live after the call, and with the shared
; space's 0, an address (the tile may start there), not its null: that
; call passes the 0's generic address (not generic null).
define internal i32 @zero(ptr addrspace(3) %p) {
  %z = icmp eq ptr addrspace(3) %p, null
  br i1 %z, label %at0, label %some
some:
  %v = load i32, ptr addrspace(3) %p, align 4
  ret i32 %v
at0:
  ret i32 3
}

; Called once, with a select of the private space's null and a stack
; slot: the select of generic null and the slot's generic address.
define internal i32 @orslot(ptr addrspace(5) %p) {
  %z = icmp eq ptr addrspace(5) %p, addrspacecast (ptr null to ptr addrspace(5))
  br i1 %z, label %none, label %some
some:
  %v = load i32, ptr addrspace(5) %p, align 4
  ret i32 %v
none:
  ret i32 9
}

; CHECK-LABEL: define ptx_kernel void @k(
; CHECK:         call i32 @maybe(ptr %g)
; CHECK:         call i32 @maybe(ptr null)
; CHECK-NOT:     select i1 %odd, ptr addrspace(3)
; CHECK:         %[[S:.*]] = select i1 %odd, ptr null, ptr %g
; CHECK-NEXT:    call i32 @maybe(ptr %[[S]])
; CHECK:         %[[NC:.*]] = addrspacecast ptr addrspace(3) %n2 to ptr
; CHECK-NEXT:    %[[S2:.*]] = select i1 %odd, ptr %[[NC]], ptr null
; CHECK-NEXT:    call i32 @maybe(ptr %[[S2]])
; CHECK:         %[[SC:.*]] = addrspacecast ptr addrspace(5) %s5 to ptr
; CHECK-NEXT:    %[[SS:.*]] = select i1 %odd, ptr null, ptr %[[SC]]
; CHECK-NEXT:    call i32 @orslot(ptr %[[SS]])
; CHECK:         call i32 @zero(ptr addrspacecast (ptr addrspace(3) null to ptr))
; CHECK:         call i32 @zero(ptr %g)
; PTX-LABEL: .entry k(
; PTX:         st.param.b64 [param0], 0;
; PTX:         call.uni (retval0), maybe,
define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %sel) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %gin = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %x = load i32, ptr addrspace(1) %gin, align 4
  %t = and i32 %tid, 7
  %n = getelementptr [8 x i32], ptr addrspace(3) @tile, i32 0, i32 %t
  store i32 %x, ptr addrspace(3) %n, align 4
  %g = addrspacecast ptr addrspace(3) %n to ptr
  %slot = alloca i32, align 4
  %s5 = addrspacecast ptr %slot to ptr addrspace(5)
  store i32 %x, ptr addrspace(5) %s5, align 4
  call void @llvm.nvvm.barrier0()
  %a = call i32 @maybe(ptr addrspace(3) %n)
  %b = call i32 @maybe(ptr addrspace(3) nonnull addrspacecast (ptr null to ptr addrspace(3)))
  %odd = icmp ne i32 %t, 1
  %pk = select i1 %odd, ptr addrspace(3) addrspacecast (ptr null to ptr addrspace(3)), ptr addrspace(3) %n
  %b2 = call i32 @maybe(ptr addrspace(3) %pk)
  %t2 = xor i32 %t, 3
  %n2 = getelementptr [8 x i32], ptr addrspace(3) @tile, i32 0, i32 %t2
  %pk2 = select i1 %odd, ptr addrspace(3) %n2, ptr addrspace(3) addrspacecast (ptr null to ptr addrspace(3))
  %b3 = call i32 @maybe(ptr addrspace(3) %pk2)
  %ps = select i1 %odd, ptr addrspace(5) addrspacecast (ptr null to ptr addrspace(5)), ptr addrspace(5) %s5
  %o1 = call i32 @orslot(ptr addrspace(5) %ps)
  %c = icmp sgt i32 %sel, 100 ; never with the runs below: poison is only passed
  br i1 %c, label %more, label %done
more:
  %d = call i32 @maybe(ptr addrspace(3) poison)
  br label %done
done:
  %e = call i32 @zero(ptr addrspace(3) null)
  %f = call i32 @zero(ptr addrspace(3) %n)
  %late = load i32, ptr %g, align 4
  %s0 = add i32 %a, %b
  %s1a = add i32 %s0, %b2
  %s1b = add i32 %s1a, %o1
  %s1 = add i32 %s1b, %b3
  %s2 = add i32 %s1, %late
  %s3 = add i32 %s2, %e
  %s4 = add i32 %s3, %f
  %gout = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %s4, ptr addrspace(1) %gout, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

; CHECK-LABEL: define internal i32 @maybe(ptr %p)
; CHECK-NEXT:    %p.local = addrspacecast ptr %p to ptr addrspace(3)
; CHECK-NEXT:    %z = icmp eq ptr %p, null
; PTX-LABEL: .func (.param .b32 func_retval0) maybe(
; PTX:         cvta.to.shared.u64
; CHECK-LABEL: define internal i32 @zero(ptr %p)
; CHECK-NEXT:    %p.local = addrspacecast ptr %p to ptr addrspace(3)
; CHECK-NEXT:    %z = icmp eq ptr addrspace(3) %p.local, null
; CHECK-LABEL: define internal i32 @orslot(ptr %p)
; CHECK-NEXT:    %p.private = addrspacecast ptr %p to ptr addrspace(5)
; CHECK-NEXT:    %z = icmp eq ptr %p, null
