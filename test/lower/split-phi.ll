; Regression (found by make fuzz): lower's dispatch splits the block of a
; generic access; the phis of that block's successors must keep naming it
; (it still holds the terminator), and a self loop must come back to the
; top.  The fuzzer's input was a bitcode kernel whose entry block stored
; through a generic alloca and branched to a phi; it failed with "PHI node
; entries do not match predecessors" (internal error, exit 3).
; RUN: gasp-opt -S --lower-generic=tags %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:4 --arg local:16 --check-as --compare %t.ll | FileCheck %s --check-prefix=SAME
; SAME: identical
;
; The store's dispatch leaves %entry's tail in %0... whatever its name: the
; phi in %join still names the block that branches to it.
; CHECK-LABEL: define spir_func void @store_then_join(
; CHECK:       switch i64 %tag
; CHECK:       [[TAIL:[0-9]+]]:
; CHECK-NEXT:    br i1 %c, label %then, label %join
; CHECK:       join:
; CHECK-NEXT:    %v = phi i32 [ 1, %then ], [ 0, %[[TAIL]] ]
; CHECK-LABEL: define spir_func void @loop(
; CHECK:       loop:
; CHECK-NEXT:    %i = phi i32 [ 0, %entry ], [ %i1, %[[LTAIL:[0-9]+]] ]
; CHECK:       [[LTAIL]]:
; CHECK:         br i1 %more, label %loop, label %done
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z12get_local_idj(i32)

define spir_func void @store_then_join(ptr addrspace(4) %p, i1 %c, ptr addrspace(1) %out) {
entry:
  store i32 5, ptr addrspace(4) %p, align 4
  br i1 %c, label %then, label %join
then:
  br label %join
join:
  %v = phi i32 [ 1, %then ], [ 0, %entry ]
  %r = load i32, ptr addrspace(4) %p, align 4
  %s = add i32 %r, %v
  store i32 %s, ptr addrspace(1) %out, align 4
  ret void
}

define spir_func void @loop(ptr addrspace(4) %p, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %x = load i32, ptr addrspace(4) %p, align 4
  %x1 = add i32 %x, %i
  store i32 %x1, ptr addrspace(4) %p, align 4
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

define spir_kernel void @k(ptr addrspace(1) %out, ptr addrspace(3) %l) {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %lid
  %lp = getelementptr inbounds i32, ptr addrspace(3) %l, i64 %lid
  %priv = alloca i32, align 4
  ; work-items 0 and 2 use local memory, 1 and 3 private memory
  %odd = trunc i64 %lid to i1
  %gl = addrspacecast ptr addrspace(3) %lp to ptr addrspace(4)
  %gp = addrspacecast ptr %priv to ptr addrspace(4)
  %g = select i1 %odd, ptr addrspace(4) %gp, ptr addrspace(4) %gl
  call spir_func void @store_then_join(ptr addrspace(4) %g, i1 %odd, ptr addrspace(1) %o)
  call spir_func void @loop(ptr addrspace(4) %g, i32 4)
  %x = load i32, ptr addrspace(4) %g, align 4
  %prev = load i32, ptr addrspace(1) %o, align 4
  %sum = add i32 %x, %prev
  store i32 %sum, ptr addrspace(1) %o, align 4
  ret void
}
