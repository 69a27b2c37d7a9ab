// OpenCL C's `inline` (C99 inline, no `static`) makes a helper
// available_externally: its body is the one the definition outside the
// module has, so ipmsp clones it for its callers' spaces as it would an
// ODR function (the original stays as it is, never retyped).  shoc's
// fft.cl has this shape: a private array handed to helpers that read it at
// table-driven lanes; left generic, the array is reached through a generic
// cast after inlining and the SPIR-V keeps Generic accesses.
//
// The module as the plugin sees it at -O2 (before the inliner; at -O1
// -fno-inline-functions clang has already dropped the bodies):
// RUN: clang-22 -cl-std=CL2.0 -O2 -Xclang -disable-llvm-passes -emit-llvm -S -Xclang -finclude-default-header -target spir64 %s -o - | opt-22 -passes='function(sroa,early-cse)' -S 2>/dev/null -o %t.ll
// RUN: gasp-opt -verify-each -S %t.ll -o %t.g.ll
// RUN: FileCheck %s < %t.g.ll
// RUN: for n in 0 3; do gasp-run %t.ll --kernel fft8 --global 8 --local 8 --arg buf:f32:256:rand=$n --check-as --compare %t.g.ll; done | FileCheck %s --check-prefix=EXEC
// EXEC-COUNT-2: identical
// (Through clang -O2 with the plugin to SPIR-V: test/plugin/inline-spirv.test.)

// The helpers are cloned for a private first parameter (the original keeps
// its linkage and its generic parameter; nothing in the module calls it).
// CHECK-DAG: define available_externally {{.*}}@load8(ptr addrspace(4)
// CHECK-DAG: define internal spir_func void @load8.{{.*}}(ptr noundef %{{.*}}, ptr addrspace(1)
// CHECK-DAG: define internal spir_func void @storex8.{{.*}}(ptr noundef %{{.*}}, ptr addrspace(3)
// CHECK-DAG: define internal spir_func void @loadx8.{{.*}}(ptr noundef %{{.*}}, ptr addrspace(3)
// CHECK-DAG: define internal spir_func void @store8.{{.*}}(ptr noundef %{{.*}}, ptr addrspace(1)
inline void load8(float2 *a, __global float2 *in, int stride) {
  for (int i = 0; i < 8; i++)
    a[i] = in[i * stride];
}
inline void store8(float2 *a, __global float2 *out, int stride) {
  int reversed[] = {0, 4, 2, 6, 1, 5, 3, 7};
  for (int i = 0; i < 8; i++)
    out[i * stride] = a[reversed[i]];
}
inline void storex8(float2 *a, __local float *x, int sx) {
  int reversed[] = {0, 4, 2, 6, 1, 5, 3, 7};
  for (int i = 0; i < 8; i++)
    x[i * sx] = a[reversed[i]].x;
}
inline void loadx8(float2 *a, __local float *x, int sx) {
  for (int i = 0; i < 8; i++)
    a[i].x = x[i * sx];
}

// One work-group of 8 transposes the real parts of 8 complex numbers each
// through local memory.
__kernel void fft8(__global float2 *work) {
  __local float smem[8 * 8];
  float2 a[8];
  int tid = get_local_id(0);
  work += get_group_id(0) * 64 + tid;
  load8(a, work, 8);
  storex8(a, smem + tid, 8);
  barrier(CLK_LOCAL_MEM_FENCE);
  loadx8(a, smem + tid * 8, 1);
  store8(a, work, 8);
}
