// RUN: %ocl-spir %s -o %t.spir.ll
// RUN: gasp-opt --clone-cost=0 -verify-each -S %t.spir.ll -o - | FileCheck %s --check-prefix=SPLIT
// RUN: gasp-opt --clone-cost=0 -verify-each -S --passes='internalize,infer,[fields,ipmsp,memsum],resolve,lower,alias' %t.spir.ll -o - | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: for t in spir64 nvptx64 amdgcn-amd-amdhsa; do for o in -O1 -O2; do \
// RUN:   clang-22 -cl-std=CL2.0 $o -emit-llvm -S -Xclang -finclude-default-header -nogpulib -target $t %s -o %t/$t$o.ll && \
// RUN:   gasp-opt -S %t/$t$o.ll -o %t/$t$o.g.ll && \
// RUN:   gasp-opt -S --passes='internalize,infer,[fields,ipmsp,memsum],resolve,lower,alias' %t/$t$o.ll -o %t/$t$o.n.ll && \
// RUN:   for n in 0 1 6 15; do for g in g n; do gasp-run %t/$t$o.ll --kernel k --global 4 --arg buf:i32:16 --arg local:64 --arg i32=$n --check-as --compare %t/$t$o.$g.ll; done; done; \
// RUN: done; done | FileCheck %s --check-prefix=EXEC
// EXEC-COUNT-48: identical
//
// A call must never be sent to a clone made for other spaces: @h is called
// with a global pointer, with the pointer it returned, and with a select of
// a private and a local pointer.  The third call's tuple, once the second
// wave knows @h's global return, matches the clone made for the second call
// (generic, global); that clone must not then be rewritten in place for the
// second call's spaces alone (it was: the private/local pointer was accessed
// as global).  Its callers vote again, from every site, in the next wave.

__attribute__((noinline)) int *h(int *p, int *q, int c) { *p += 1; return c ? q : p; }

// Without callsplit (second RUN): the select's call keeps a generic first
// argument; the other two calls take the all-global clone.  With it (the
// default pipeline): the select's call is split into a call with the local
// pointer and one with the private pointer, each to its own clone, and the
// clone first made for the second call (generic, global) is merged into the
// all-global one once its callers vote global.
// SPLIT-LABEL: define {{.*}} @k(
// SPLIT: call spir_func ptr addrspace(1) @h.as1_1(ptr addrspace(1)
// SPLIT: call spir_func ptr addrspace(1) @h.as1_1(ptr addrspace(1)
// SPLIT: br i1 {{.*}}, label %split.true, label %split.false
// SPLIT: split.true:
// SPLIT-NEXT: call spir_func ptr addrspace(4) @h.as3_g(ptr addrspace(3)
// SPLIT: split.false:
// SPLIT-NEXT: call spir_func ptr addrspace(4) @h.as0_g(ptr noundef
// SPLIT-NOT: define {{.*}} @h.asg_1(
// CHECK-LABEL: define {{.*}} @k(
// CHECK: call spir_func ptr addrspace(1) @h.as1_1(ptr addrspace(1)
// CHECK: call spir_func ptr addrspace(1) @h.as1_1(ptr addrspace(1)
// CHECK: [[S:%.*]] = select i1 {{.*}}, ptr addrspace(4) {{.*}}, ptr addrspace(4)
// CHECK-NEXT: {{.*}} = {{.*}}
// CHECK-NEXT: {{.*}} = call spir_func ptr addrspace(4) @h.asg_1(ptr addrspace(4) noundef [[S]], ptr addrspace(1)
kernel void k(global int *g, local int *l, int n) {
  int pa[2] = {5, 6}; int lid = get_local_id(0);
  if (lid == 0) l[0] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  int *a = h(g + lid, g, n & 2);
  int *b = h(a, g, n & 4);
  int *s = (n & 1) ? (int *)pa : (int *)l;
  h(s, a, n & 8);
  barrier(CLK_LOCAL_MEM_FENCE);
  g[lid + 8] = pa[0] + *b + l[0];
}

// The clone that keeps the generic parameter accesses it generically
// (without callsplit).
// CHECK-LABEL: define internal spir_func noundef ptr addrspace(4) @h.asg_1(ptr addrspace(4)
// CHECK: load i32, ptr addrspace(4) %0
