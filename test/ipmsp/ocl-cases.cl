// RUN: %ocl-spir %s -o %t.spir.ll
// RUN: gasp-opt --clone-cost=0 -verify-each -S %t.spir.ll -o - | FileCheck %s --check-prefixes=CHECK,SPIR
// RUN: %ocl-nvptx %s -o - | gasp-opt --clone-cost=8 -verify-each -S - -o %t.nvptx.ll
// RUN: FileCheck %s --check-prefix=CHECK < %t.nvptx.ll
// RUN: FileCheck %s --check-prefix=NVPRIV < %t.nvptx.ll
// RUN: %ocl-amdgcn %s -o - | gasp-opt --clone-cost=0 -verify-each -S - -o - | FileCheck %s --check-prefixes=CHECK,PRIV5
// RUN: %ocl-nvptx %s -o - | gasp-opt --clone-cost=8 -stats -stats-json --summary - -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE-LEFT
// RUN: %ocl-amdgcn %s -o - | gasp-opt --clone-cost=0 -stats -stats-json --summary - -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE-LEFT
// RUN: gasp-opt --clone-cost=0 -stats -stats-json --summary %t.spir.ll -o /dev/null 2>&1 | FileCheck %s --check-prefixes=NONE-LEFT,B-1
// RUN: gasp-opt --clone-cost=0 -stats -stats-json --summary --clone-budget=0 %t.spir.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=B0
// RUN: gasp-opt --clone-cost=0 -stats -stats-json --summary --clone-budget=1 %t.spir.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=B1
// RUN: gasp-opt --clone-cost=0 --dump-ip-msp %t.spir.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// The inter-procedural cases in OpenCL C, for spir64, nvptx64 and amdgcn.
// Helpers are static (internal) and not inlined (-fno-inline-functions).

// A helper called with global, local and private pointers: one clone each.
static int sum3(const int *p) { return p[0] + p[1] + p[2]; }

// A chain of three helpers, called with local memory only: all in place.
static int c3(int *p, int i) { return p[i] * 3; }
static int c2(int *p, int i) { return c3(p, i) + 2; }
static int c1(int *p, int i) { return c2(p, i + 1) + 1; }

// A helper returning a pointer into its argument: the return is retyped.
static float *at(float *b, int i) { return b + (i & 15); }

// Ping-pong: the helper sees the two local buffers through a loop phi.
static void step(float *dst, const float *src, int i) {
  dst[i] = 0.5f * (src[i] + src[(i + 1) & 31]);
}

__kernel void cases(__global int *g, __global float *f, int steps) {
  __local int l[64];
  __local float a[32], b[32];
  int i = get_local_id(0);
  int pr[3] = {i, i + 1, i + 2};
  l[i] = g[i];
  a[i & 31] = f[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  int s = sum3(g + (i & 31)) + sum3(l + (i & 31)) + sum3(pr); /* in bounds */
  s += c1(l + (i & 3), i & 31);
  float *src = a, *dst = b;
  for (int t = 0; t < steps; t++) {
    step(dst, src, i & 31);
    barrier(CLK_LOCAL_MEM_FENCE);
    float *tmp = src; src = dst; dst = tmp;
  }
  g[i] = s + (int)*at(f, i) + (int)src[i & 31];
}

// Mutual recursion reached from two kernels, global memory both times.
static int odd(__global int *base, int *p, int n);
static int even(__global int *base, int *p, int n) {
  return n == 0 ? p[0] : odd(base, p + 1, n - 1);
}
static int odd(__global int *base, int *p, int n) {
  return n == 0 ? -p[0] : even(base, p + 1, n - 1);
}
__kernel void rec1(__global int *g, int n) { g[0] = even(g, g + 1, n & 7); }
__kernel void rec2(__global int *g, int n) { g[1] = odd(g, g + 2, n & 7); }

// sum3: one clone per space (private is 0 on spir64, 5 on nvptx/amdgcn).
// CHECK-DAG: define internal {{.*}}i32 @sum3.as1(ptr addrspace(1) {{.*}}!gasp.as
// CHECK-DAG: define internal {{.*}}i32 @sum3.as3(ptr addrspace(3) {{.*}}!gasp.as
// SPIR-DAG:  define internal {{.*}}i32 @sum3.as0(ptr noundef {{.*}}!gasp.as
// PRIV5-DAG: define internal {{.*}}i32 @sum3.as5(ptr addrspace(5) {{.*}}!gasp.as
// NVPTX's private clone takes its pointer generic and names it at its entry
// (twins: ptxas allocates more registers to a call passed a local address);
// being retyped last, it ends the module.
// NVPRIV: define internal {{.*}}i32 @sum3.as5(ptr noundef {{.*}}!gasp.as
// NVPRIV-NEXT: addrspacecast ptr %0 to ptr addrspace(5)
// CHECK-NOT: define internal {{.*}} @sum3(
// The chain, the pointer-returning helper and the ping-pong step:
// specialized in place.  The mutual recursion: cloned for the kernel's
// call; the clones' own calls then go to the clones and the originals go.
// CHECK-DAG: define internal {{.*}}i32 @c1(ptr addrspace(3)
// CHECK-DAG: define internal {{.*}}i32 @c2(ptr addrspace(3)
// CHECK-DAG: define internal {{.*}}i32 @c3(ptr addrspace(3)
// CHECK-DAG: define internal {{.*}}ptr addrspace(1) @at(ptr addrspace(1)
// CHECK-DAG: define internal {{.*}}void @step(ptr addrspace(3) {{.*}}, ptr addrspace(3)
// CHECK-DAG: define internal {{.*}}i32 @even.as1(ptr addrspace(1)
// CHECK-DAG: define internal {{.*}}i32 @odd.as1(ptr addrspace(1)
// CHECK-NOT: define internal {{.*}} @even(
// CHECK-NOT: define internal {{.*}} @odd(

// NONE-LEFT: gasp: generic memory ops after: 0
// B-1: "ipmsp.clones": 5
// B0: "ipmsp.clones-avoided": 5
// B1-DAG: "ipmsp.clones": 1
// B1-DAG: "ipmsp.clones-avoided": 4

// DUMP:      Initial work list size : 8
// DUMP-DAG:  c1 : 1 callees are affected
// DUMP-DAG:  sum3 is cloned as sum3.as1 (global)
// DUMP-DAG:  sum3 is cloned as sum3.as3 (local)
// DUMP-DAG:  sum3 is cloned as sum3.as0 (private)
// DUMP-DAG:  c1 : changed in argument memory space (1 arguments) (local)
// DUMP-DAG:  at : return memory space is resolved : 1 (global)
// DUMP-DAG:  step : changed in argument memory space (2 arguments) (local, local)
