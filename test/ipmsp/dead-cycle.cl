// RUN: %ocl-spir %s -o %t.ll
// RUN: gasp-opt --clone-cost=0 -S %t.ll -o %t.g.ll
// RUN: FileCheck %s < %t.g.ll
// RUN: gasp-opt --clone-cost=0 --whole-program -S %t.ll -o %t.wp.ll
// RUN: FileCheck %s < %t.wp.ll
// RUN: gasp-run %t.ll --kernel k --global 2 --arg buf:i32:8:iota --arg i32=5 --check-as --compare %t.g.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.ll --kernel k --global 2 --arg buf:i32:8:iota --arg i32=7 --check-as --compare %t.wp.ll | FileCheck %s --check-prefix=EXEC
// EXEC: identical
// Two mutually recursive internal helpers, called with a global and a
// local pointer: every call from the kernel goes to a clone per space, and
// the originals, which only call each other, are deleted (they stayed, with
// their generic accesses, in both worlds).

// The originals are gone; the four clones remain.
// CHECK-NOT: define internal {{.*}} @even(
// CHECK-NOT: define internal {{.*}} @odd(
// CHECK-DAG: define internal {{.*}} @even.as1(
// CHECK-DAG: define internal {{.*}} @odd.as3(
// CHECK-DAG: define internal {{.*}} @even.as3(
// CHECK-DAG: define internal {{.*}} @odd.as1(
static int odd(int *p, int n);
// Even steps read p[0], odd steps p[1].
static int even(int *p, int n) { return n == 0 ? p[0] : odd(p, n - 1) + 1; }
static int odd(int *p, int n) { return n == 0 ? p[1] : even(p, n - 1) + 2; }
// Calls each with a global and a local pointer.
kernel void k(global int *g, int n) {
  local int l[2];
  l[get_local_id(0) & 1] = g[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  g[get_global_id(0) + 2] = even(g, n & 7) + odd(l, n & 3);
}
