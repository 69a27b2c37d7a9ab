// RUN: %ocl-spir %s -o - | gasp-opt --passes=infer -verify-each -S - -o - | FileCheck %s
// OpenCL C compiled by clang-22 for spir64: real front-end IR.

// A local pointer taken as generic is accessed as local.
// CHECK-LABEL: define {{.*}}spir_kernel void @local_through_generic(
// CHECK-NOT: ptr addrspace(4)
// CHECK: store i32 {{.*}}, ptr addrspace(3)
// CHECK: ret void
__kernel void local_through_generic(__local int *l, __global int *out) {
  int *p = l;
  p[get_local_id(0)] = 7;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = l[0];
}

// A private array reached through a generic pointer is private (addrspace 0).
// CHECK-LABEL: define {{.*}}spir_kernel void @private_through_generic(
// CHECK: load i32, ptr %
// CHECK-NOT: load i32, ptr addrspace(4)
// CHECK: ret void
__kernel void private_through_generic(__global int *out, int k) {
  int a[8];
  for (int i = 0; i < 8; i++) a[i] = i * k;
  int *p = a;
  out[get_global_id(0)] = p[k & 7];
}

// Work-items choose global or local memory: the access stays generic.
// CHECK-LABEL: define {{.*}}spir_kernel void @mixed(
// CHECK: load i32, ptr addrspace(4)
__kernel void mixed(__global int *g, __local int *l) {
  int *p = get_local_id(0) ? (int *)g : (int *)l;
  g[0] = *p;
}
