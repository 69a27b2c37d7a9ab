// RUN: %ocl-amdgcn %s -o - | gasp-opt --passes=infer -verify-each -S - -o - | FileCheck %s
// OpenCL C compiled by clang-22 for amdgcn (flat = 0, LDS = 3, scratch = 5).

// An LDS pointer used through a flat pointer becomes an LDS access.
// CHECK-LABEL: define {{.*}}void @lds(
// CHECK-NOT: store i32 {{.*}}, ptr %
// CHECK: store i32 {{.*}}, ptr addrspace(3)
// CHECK: ret void
__kernel void lds(__local int *l, __global int *out) {
  int *p = l + get_local_id(0);
  *p = 3;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = l[0];
}
