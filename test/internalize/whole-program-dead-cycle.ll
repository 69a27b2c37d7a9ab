; --whole-program removes what no kernel can run, cycles included: a
; recursive helper nothing else calls, and a pair of helpers that call only
; each other, go with the helpers only they call (before, a function kept
; itself alive by calling itself, and its accesses were reported as
; generic residue that no execution reaches).  A recursive helper the
; kernel calls stays (and is specialized), as does one whose address sits
; in a global variable's initializer (gasp does not follow those), and one
; outside code can call without --whole-program.
; RUN: gasp-opt -S --whole-program -stats -stats-json -pass-remarks-missed=gasp %s -o %t.wp.ll 2> %t.wp.err
; RUN: FileCheck %s --check-prefix=WP < %t.wp.ll
; RUN: FileCheck %s --check-prefix=STATS < %t.wp.err
; RUN: gasp-opt -S %s -o %t.open.ll
; RUN: FileCheck %s --check-prefix=OPEN < %t.open.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:8 --check-as --compare %t.wp.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt -S --whole-program %t.wp.ll -o - | grep -v ModuleID > %t.again.ll
; RUN: grep -v ModuleID %t.wp.ll | diff -u - %t.again.ll
; EXEC: identical
; WP-NOT: define {{.*}}@self_rec
; WP-NOT: define {{.*}}@ping
; WP-NOT: define {{.*}}@pong
; WP-NOT: define {{.*}}@leaf
; WP-DAG: define internal spir_func i32 @live_rec(ptr addrspace(1) %p, i32 %d)
; WP-DAG: define spir_func void @in_table(ptr addrspace(4) %p)
; STATS-NOT: {{@self_rec|@ping|@pong|@leaf}}
; STATS: store stays generic: indirect call: the function's address is taken; the calls that may reach it give no one space that pays (indirect.c) (parameter 0 of @in_table)
; STATS-NOT: {{@self_rec|@ping|@pong|@leaf}}
; STATS: "internalize.removed": 4
; OPEN-DAG: define spir_func i32 @self_rec(
; OPEN-DAG: define spir_func void @ping(
; OPEN-DAG: define spir_func void @pong(
target triple = "spir64-unknown-unknown"

@table = internal addrspace(1) global [1 x ptr] [ptr @in_table], align 8

; Calls only itself: nothing runs it.
define spir_func i32 @self_rec(ptr addrspace(4) %p, i32 %d) {
entry:
  %v = load i32, ptr addrspace(4) %p, align 4
  %z = icmp eq i32 %d, 0
  br i1 %z, label %done, label %more
more:
  %d1 = sub i32 %d, 1
  %r = call spir_func i32 @self_rec(ptr addrspace(4) %p, i32 %d1)
  %s = add i32 %r, %v
  ret i32 %s
done:
  ret i32 %v
}

; ping and pong call each other and leaf; nothing else calls them.
define spir_func void @ping(ptr addrspace(4) %p, i32 %d) {
entry:
  store i32 %d, ptr addrspace(4) %p, align 4
  %z = icmp eq i32 %d, 0
  br i1 %z, label %done, label %more
more:
  %d1 = sub i32 %d, 1
  call spir_func void @pong(ptr addrspace(4) %p, i32 %d1)
  br label %done
done:
  ret void
}

define spir_func void @pong(ptr addrspace(4) %p, i32 %d) {
entry:
  call spir_func void @leaf(ptr addrspace(4) %p)
  call spir_func void @ping(ptr addrspace(4) %p, i32 %d)
  ret void
}

define spir_func void @leaf(ptr addrspace(4) %p) {
entry:
  store i32 7, ptr addrspace(4) %p, align 4
  ret void
}

; Recursive, and the kernel calls it: stays, given the kernel's space.
define spir_func i32 @live_rec(ptr addrspace(4) %p, i32 %d) {
entry:
  %v = load i32, ptr addrspace(4) %p, align 4
  %z = icmp eq i32 %d, 0
  br i1 %z, label %done, label %more
more:
  %d1 = sub i32 %d, 1
  %q = getelementptr i32, ptr addrspace(4) %p, i64 1
  %r = call spir_func i32 @live_rec(ptr addrspace(4) %q, i32 %d1)
  %s = add i32 %r, %v
  ret i32 %s
done:
  ret i32 %v
}

; Only in @table's initializer: kept.
define spir_func void @in_table(ptr addrspace(4) %p) {
entry:
  store i32 1, ptr addrspace(4) %p, align 4
  ret void
}

define spir_kernel void @k(ptr addrspace(1) %buf) {
entry:
  %g = addrspacecast ptr addrspace(1) %buf to ptr addrspace(4)
  %r = call spir_func i32 @live_rec(ptr addrspace(4) %g, i32 3)
  %o = getelementptr i32, ptr addrspace(1) %buf, i64 7
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}
