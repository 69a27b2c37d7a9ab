// RUN: %ocl-nvptx %s -o - | gasp-opt --passes=infer -verify-each -S - -o - | FileCheck %s
// OpenCL C compiled by clang-22 for nvptx64 (generic = 0, private = 5).

// Ping-pong local buffers through a loop phi: all accesses become shared.
// CHECK-LABEL: define {{.*}}void @__clang_ocl_kern_imp_pingpong(
// CHECK-NOT: load float, ptr %
// CHECK-NOT: store float {{.*}}, ptr %
// CHECK: ret void
__kernel void pingpong(__global float *out, int steps) {
  __local float a[32], b[32];
  int lid = get_local_id(0);
  float *src = a, *dst = b;
  src[lid] = lid;
  for (int s = 0; s < steps; s++) {
    barrier(CLK_LOCAL_MEM_FENCE);
    dst[lid] = src[(lid + 1) & 31];
    float *t = src; src = dst; dst = t;
  }
  out[get_global_id(0)] = src[lid];
}

// A private array of pointers to private rows: the reloaded row is private.
// CHECK-LABEL: define {{.*}}void @__clang_ocl_kern_imp_rows(
// CHECK: load i32, ptr addrspace(5)
// CHECK-NOT: load i32, ptr %
// CHECK: ret void
__kernel void rows(__global int *out, int k) {
  int r0[4], r1[4];
  int *rows[2] = {r0, r1};
  for (int j = 0; j < 4; j++) { r0[j] = j; r1[j] = 2 * j; }
  int *row = rows[k & 1];
  out[get_global_id(0)] = row[k & 3];
}
