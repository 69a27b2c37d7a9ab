; twins: a named pointer parameter whose every caller keeps the pointer's
; generic twin live after the call takes the twin and casts it back to its
; space at the entry, so the caller does not keep two values of one
; pointer live across the call (NVPTX: a callee-saved register or a
; spill); a call with no live twin (or whose argument is a stack slot or
; a global at a constant offset, which the back end recomputes where it is
; used) passes the argument's cast built at the call, when some other call
; has a twin; a stack slot the caller only reads after the call (an
; out-parameter) passes its generic address, as clang's build does; a
; private parameter (NVPTX) is taken generic twin or not, because ptxas
; allocates more registers to a call passed a raw local address, unless the
; function has several such parameters (a cast at the entry each); where no
; call has a twin otherwise, or on a target whose table does not ask for
; it, the parameter stays named.
; RUN: gasp-opt -S --passes=twins -stats %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: FileCheck %s < %t.ll
; RUN: gasp-opt -S --passes=twins --target-as=amdgcn --force-target-as %s -o - | FileCheck %s --check-prefix=AMD
; RUN: llc -mcpu=sm_90 %t.ll -o - | FileCheck %s --check-prefix=PTX
; RUN: gasp-opt -S %s -o %t.all.ll
; RUN: gasp-run %s --kernel k --global 8 --local 8 --arg buf:i32:8:iota --arg buf:i64:8 --arg i32=5 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 8 --local 8 --arg buf:i32:8:iota --arg buf:i64:8 --arg i32=2 --check-as --compare %t.all.ll | FileCheck %s --check-prefix=EXEC
; STATS: 6 twins - functions retyped so (a cast to the named space at the entry)
; STATS-NEXT: 4 twins - named pointer parameters given the generic twin their callers have (a live cast, a null, a select)
; STATS-NEXT: 2 twins - private pointer parameters taken generic with no twin (ptxas's registers at a call)
; EXEC: identical
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [8 x i32] undef, align 4

; Both calls' caller keeps %g, the generic value of %n, for the select
; after them: @bump takes %g and names it shared at its entry (checked
; at the module's end, where the retyped function goes).
; PTX-LABEL: .func bump(
; PTX:         cvta.to.shared.u64
; PTX:         ld.shared.b32
; AMD-LABEL: define internal void @bump(ptr addrspace(3) %p, i32 %i)
define internal void @bump(ptr addrspace(3) %p, i32 %i) {
  %q = getelementptr i32, ptr addrspace(3) %p, i32 %i
  %v = load i32, ptr addrspace(3) %q, align 4
  %w = add i32 %v, 1
  store i32 %w, ptr addrspace(3) %q, align 4
  ret void
}

; Its one caller passes a named value it has no generic value of: @read
; stays shared.
; CHECK-LABEL: define internal i32 @read(ptr addrspace(3) %p)
define internal i32 @read(ptr addrspace(3) %p) {
  %v = load i32, ptr addrspace(3) %p, align 4
  ret i32 %v
}

; Called with a stack slot (the back end recomputes its address from the
; frame where it is used): no twin, but private, so generic all the same,
; named at its entry (checked at the module's end).
; AMD-LABEL: define internal i32 @slot(ptr addrspace(5) %p)
define internal i32 @slot(ptr addrspace(5) %p) {
  %v = load i32, ptr addrspace(5) %p, align 4
  ret i32 %v
}

; Two private parameters, neither with a twin: each taken generic would
; cost a cast at the entry on every call (hashcat's helpers take eight
; and nine local arrays so), so both stay named.
; CHECK-LABEL: define internal i32 @two(ptr addrspace(5) %a, ptr addrspace(5) %b)
; CHECK-NEXT:    %x = load i32, ptr addrspace(5) %a
define internal i32 @two(ptr addrspace(5) %a, ptr addrspace(5) %b) {
  %x = load i32, ptr addrspace(5) %a, align 4
  %y = load i32, ptr addrspace(5) %b, align 4
  %s = add i32 %x, %y
  ret i32 %s
}

; Called with stack slots the caller reads after the call (out-parameters,
; bitlocker's `encrypt(..., &l0, &l1, ...)`): takes the slots' generic
; addresses, what clang's build passes (`%SP+k`), so the back end does not
; keep one register across the call for both the argument and the read
; after it; the slot cast from its generic alloca passes that alloca, a
; slot's element its cast built at the call.
; PTX-LABEL: .func out(
; PTX:         cvta.to.local.u64
; PTX:         st.local.b32
define internal void @out(ptr addrspace(5) nonnull %p, i32 %v) {
  store i32 %v, ptr addrspace(5) %p, align 4
  ret void
}

; Called with a stack slot the caller writes before the call and reads
; after it (in-out): no out-parameter, but private, so generic (checked at
; the module's end).
define internal void @inout(ptr addrspace(5) %p) {
  %v = load i32, ptr addrspace(5) %p, align 4
  %w = mul i32 %v, 3
  store i32 %w, ptr addrspace(5) %p, align 4
  ret void
}

; Three calls: the first's caller keeps the twin live, the second's does
; not (its twin's only use is before the call), the third passes the tile
; itself: generic, the second and third calls passing casts built there.
define internal i32 @mixed(ptr addrspace(3) %p) {
  %v = load i32, ptr addrspace(3) %p, align 4
  ret i32 %v
}

; Its caller has two generic casts of the argument, both used after the
; call: the call gets the first (which dominates the other), whatever the
; order of the argument's use list, so a second run chooses the same.
define internal i32 @pair(ptr addrspace(3) %p) {
  %v = load i32, ptr addrspace(3) %p, align 4
  ret i32 %v
}

; CHECK-LABEL: define ptx_kernel void @k(
; CHECK:         call void @bump(ptr %g, i32 0)
; CHECK:         call void @bump(ptr %g, i32 1)
; CHECK:         call i32 @read(ptr addrspace(3) %o)
; CHECK:         [[S:%.*]] = addrspacecast ptr addrspace(5) %s5 to ptr
; CHECK-NEXT:    %sv = call i32 @slot(ptr [[S]])
; CHECK-NEXT:    %tv = call i32 @two(ptr addrspace(5) %s5, ptr addrspace(5) %s5)
; CHECK:         call i32 @mixed(ptr %g)
; CHECK:         %[[MC:.*]] = addrspacecast ptr addrspace(3) %m to ptr
; CHECK-NEXT:    call i32 @mixed(ptr %[[MC]])
; CHECK-NEXT:    call i32 @mixed(ptr addrspacecast (ptr addrspace(3) @tile to ptr))
; CHECK:         call i32 @pair(ptr %h1)
; CHECK:         call void @out(ptr nonnull %oslot, i32 %tid)
; CHECK:         %[[EC:.*]] = addrspacecast ptr addrspace(5) %e1 to ptr
; CHECK-NEXT:    call void @out(ptr nonnull %[[EC]], i32 %t)
; CHECK:         [[I:%.*]] = addrspacecast ptr addrspace(5) %i5 to ptr
; CHECK-NEXT:    call void @inout(ptr [[I]])
define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %sel) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %gin = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %x = load i32, ptr addrspace(1) %gin, align 4
  %t = and i32 %tid, 3
  %n = getelementptr [8 x i32], ptr addrspace(3) @tile, i32 0, i32 %t
  store i32 %x, ptr addrspace(3) %n, align 4
  %g = addrspacecast ptr addrspace(3) %n to ptr
  %slot = alloca i32, align 4
  %s5 = addrspacecast ptr %slot to ptr addrspace(5)
  store i32 %tid, ptr addrspace(5) %s5, align 4
  call void @bump(ptr addrspace(3) %n, i32 0)
  call void @bump(ptr addrspace(3) %n, i32 1)
  %t2 = xor i32 %t, 2
  %o = getelementptr [8 x i32], ptr addrspace(3) @tile, i32 0, i32 %t2
  %r = call i32 @read(ptr addrspace(3) %o)
  %sv = call i32 @slot(ptr addrspace(5) %s5)
  %tv = call i32 @two(ptr addrspace(5) %s5, ptr addrspace(5) %s5)
  %gs = addrspacecast ptr addrspace(1) %in to ptr
  %c = icmp sgt i32 %sel, 3
  %pick = select i1 %c, ptr %g, ptr %gs
  %y = load i32, ptr %pick, align 4
  %u = add i32 %t, 4
  %m = getelementptr [8 x i32], ptr addrspace(3) @tile, i32 0, i32 %u
  %mg = addrspacecast ptr addrspace(3) %m to ptr
  store i32 %y, ptr %mg, align 4
  %a = call i32 @mixed(ptr addrspace(3) %n)
  %b = call i32 @mixed(ptr addrspace(3) %m)
  %b1 = call i32 @mixed(ptr addrspace(3) @tile)
  %late = load i32, ptr %g, align 4
  %t3 = xor i32 %t, 1
  %n3 = getelementptr [8 x i32], ptr addrspace(3) @tile, i32 0, i32 %t3
  %h1 = addrspacecast ptr addrspace(3) %n3 to ptr
  %h2 = addrspacecast ptr addrspace(3) %n3 to ptr
  %pv = call i32 @pair(ptr addrspace(3) %n3)
  %l1 = load i32, ptr %h1, align 4
  %l2 = load i32, ptr %h2, align 4
  %l3 = add i32 %l1, %l2
  %l4a = add i32 %l3, %pv
  %oslot = alloca i32, align 4
  %o5 = addrspacecast ptr %oslot to ptr addrspace(5)
  call void @out(ptr addrspace(5) nonnull %o5, i32 %tid)
  %ov = load i32, ptr addrspace(5) %o5, align 4
  %arr = alloca [2 x i32], align 4
  %a5 = addrspacecast ptr %arr to ptr addrspace(5)
  %e1 = getelementptr [2 x i32], ptr addrspace(5) %a5, i32 0, i32 1
  call void @out(ptr addrspace(5) nonnull %e1, i32 %t)
  %ev = load i32, ptr addrspace(5) %e1, align 4
  %islot = alloca i32, align 4
  %i5 = addrspacecast ptr %islot to ptr addrspace(5)
  store i32 %t, ptr addrspace(5) %i5, align 4
  call void @inout(ptr addrspace(5) %i5)
  %iv = load i32, ptr addrspace(5) %i5, align 4
  %oe0 = add i32 %ov, %ev
  %oe = add i32 %oe0, %iv
  %l4 = add i32 %l4a, %oe
  %svt = add i32 %sv, %tv
  %s1 = add i32 %r, %svt
  %s2 = add i32 %s1, %a
  %s3a = add i32 %s2, %b
  %s3 = add i32 %s3a, %b1
  %s7 = add i32 %s3, %late
  %s6 = add i32 %s7, %l4
  %s4 = zext i32 %s6 to i64
  %gout = getelementptr i64, ptr addrspace(1) %out, i32 %tid
  store i64 %s4, ptr addrspace(1) %gout, align 8
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: define internal void @bump(ptr %p, i32 %i)
; CHECK-NEXT:    %p.local = addrspacecast ptr %p to ptr addrspace(3)
; CHECK-NEXT:    %q = getelementptr i32, ptr addrspace(3) %p.local, i32 %i
; CHECK-NEXT:    %v = load i32, ptr addrspace(3) %q
; CHECK-LABEL: define internal i32 @slot(ptr %p)
; CHECK-NEXT:    %p.private = addrspacecast ptr %p to ptr addrspace(5)
; CHECK-NEXT:    %v = load i32, ptr addrspace(5) %p.private
; CHECK-LABEL: define internal void @out(ptr nonnull %p, i32 %v)
; CHECK-NEXT:    %p.private = addrspacecast ptr %p to ptr addrspace(5)
; CHECK-NEXT:    store i32 %v, ptr addrspace(5) %p.private
; CHECK-LABEL: define internal void @inout(ptr %p)
; CHECK-NEXT:    %p.private = addrspacecast ptr %p to ptr addrspace(5)
; CHECK-NEXT:    %v = load i32, ptr addrspace(5) %p.private
; CHECK-LABEL: define internal i32 @mixed(ptr %p)
; CHECK-NEXT:    %p.local = addrspacecast ptr %p to ptr addrspace(3)
; CHECK-LABEL: define internal i32 @pair(ptr %p)
; CHECK-NEXT:    %p.local = addrspacecast ptr %p to ptr addrspace(3)
