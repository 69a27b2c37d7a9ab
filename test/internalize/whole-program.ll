; --whole-program.  The module is the whole device program, so
; the internalize pass makes every non-kernel function internal: a helper
; whose callers agree is specialized in place (no clone, no original left),
; one whose callers disagree gets a clone per tuple and its original is
; removed, an uncalled helper is removed; a function listed in llvm.used
; is kept as it is.  Without the flag the originals stay for outside
; callers (and are counted apart by -stats).
; RUN: gasp-opt -S --whole-program -stats -stats-json --summary %s -o %t.wp.ll 2> %t.wp.stats
; RUN: FileCheck %s --check-prefix=WP < %t.wp.ll
; RUN: FileCheck %s --check-prefix=WPSTATS < %t.wp.stats
; RUN: not grep -E "define .*@(uncalled|chain_|disagree\()" %t.wp.ll
; RUN: gasp-opt -S -stats -stats-json --summary %s -o %t.open.ll 2> %t.open.stats
; RUN: FileCheck %s --check-prefix=OPEN < %t.open.ll
; RUN: FileCheck %s --check-prefix=OPENSTATS < %t.open.stats
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:8 --check-as --compare %t.wp.ll | FileCheck %s --check-prefix=EXEC
; RUN: not gasp-opt --whole-program --passes=infer,ipmsp %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=USAGE
; EXEC: identical
; USAGE: error: --whole-program needs a pass that uses it, internalize or indirect, in --passes (the default pipeline has both)
; WP-NOT: define {{.*}}@uncalled
; WP-NOT: define {{.*}}@chain_
; WP-NOT: define {{.*}}@disagree(
; WP-DAG: define spir_func void @kept(ptr addrspace(4) %p)
; WP-DAG: define internal spir_func void @agree(ptr addrspace(1) %p)
; WP-DAG: define internal spir_func void @disagree.as1(ptr addrspace(1) %p)
; WP-DAG: define internal spir_func void @disagree.as3(ptr addrspace(3) %p)
; WPSTATS: gasp: generic memory ops reachable from kernels: 0 (before: 3)
; WPSTATS: gasp: generic memory ops kept for outside callers: 0 in 0 externally visible functions no kernel reaches (before: 1)
; WPSTATS: "internalize.functions": 5
; WPSTATS: "internalize.removed": 3
; OPEN-DAG: define spir_func void @agree(ptr addrspace(4) %p)
; OPEN-DAG: define spir_func void @disagree(ptr addrspace(4) %p)
; OPEN-DAG: define spir_func void @uncalled(ptr addrspace(4) %p)
; OPEN-DAG: define internal spir_func void @agree.as1(ptr addrspace(1) %p)
; OPENSTATS: gasp: generic memory ops reachable from kernels: 0 (before: 3)
; OPENSTATS: gasp: generic memory ops kept for outside callers: 4 in 3 externally visible functions no kernel reaches (before: 1)
target triple = "spir64-unknown-unknown"

@lds = internal addrspace(3) global [4 x i32] undef, align 4
@llvm.used = appending global [1 x ptr] [ptr @kept], section "llvm.metadata"

declare spir_func i64 @_Z13get_global_idj(i32)

; Every caller passes global memory.
define spir_func void @agree(ptr addrspace(4) %p) {
  store i32 1, ptr addrspace(4) %p, align 4
  ret void
}

; One caller passes global memory, the other local.
define spir_func void @disagree(ptr addrspace(4) %p) {
  %v = load i32, ptr addrspace(4) %p, align 4
  %w = add i32 %v, 1
  store i32 %w, ptr addrspace(4) %p, align 4
  ret void
}

; Nothing calls it.
define spir_func void @uncalled(ptr addrspace(4) %p) {
  store i32 3, ptr addrspace(4) %p, align 4
  ret void
}

; A dead chain: nothing calls @chain_top, only it calls @chain_leaf; both go.
define spir_func void @chain_top() {
  call spir_func void @chain_leaf()
  ret void
}

; Called only from the dead @chain_top.
define spir_func void @chain_leaf() {
  ret void
}

; Listed in llvm.used: kept, signature and all.
define spir_func void @kept(ptr addrspace(4) %p) {
  ret void
}

; Calls the helpers with global and local pointers, then copies local out.
define spir_kernel void @k(ptr addrspace(1) %out) {
  %i = call spir_func i64 @_Z13get_global_idj(i32 0)
  %e = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  %g = addrspacecast ptr addrspace(1) %e to ptr addrspace(4)
  call spir_func void @agree(ptr addrspace(4) %g)
  call spir_func void @disagree(ptr addrspace(4) %g)
  %l = getelementptr inbounds [4 x i32], ptr addrspace(3) @lds, i64 0, i64 %i
  store i32 10, ptr addrspace(3) %l, align 4
  %lg = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  call spir_func void @agree(ptr addrspace(4) %g)
  call spir_func void @disagree(ptr addrspace(4) %lg)
  %v = load i32, ptr addrspace(3) %l, align 4
  %j = add i64 %i, 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %j
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}
