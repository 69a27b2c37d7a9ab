// Versioning an inner loop by space: where the pointer is chosen inside
// the outer loop (@picked_inside: a row's table picked per row), or the
// outer loop holds a barrier and cannot be copied (@barrier_outside), the
// space test goes before the inner loop, once per outer iteration, and
// the inner loop's load is named in both copies.  On spir64, nvptx64 and
// amdgcn no generic access is left, and both kernels run identically
// under gasp-run --check-as --compare.  Without versioning both stay
// generic.  (spir64 counts 4 loops: clang also emits each kernel as a
// callable function.)
// RUN: %ocl-spir %s -o %t.sp.ll
// RUN: %ocl-nvptx %s -o %t.nv.ll
// RUN: %ocl-amdgcn %s -o %t.am.ll
// RUN: gasp-opt --summary %t.sp.ll -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// OFF: generic memory ops reachable from kernels: 2 (before: 2)
// OFF: left generic in kernel-reachable code inside loops: 2 (2 through a pointer of two spaces set before a loop --version-by-space could copy)
// RUN: gasp-opt --version-by-space=on --summary -stats -stats-json %t.sp.ll -S -o %t.sp.v.ll 2>&1 | FileCheck %s
// RUN: gasp-opt --version-by-space=on --summary -stats -stats-json %t.nv.ll -S -o %t.nv.v.ll 2>&1 | FileCheck %s
// RUN: gasp-opt --version-by-space=on --summary -stats -stats-json %t.am.ll -S -o %t.am.v.ll 2>&1 | FileCheck %s
// CHECK: generic memory ops reachable from kernels: 0 (before: 2)
// CHECK: "version.loops": {{[24]}}
// RUN: gasp-run %t.sp.ll --kernel picked_inside --global 8 --local 8 --arg buf:i32:8:iota --arg buf:i32:8 --arg i32=5 --check-as --compare %t.sp.v.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.nv.ll --kernel picked_inside --global 8 --local 8 --arg buf:i32:8:iota --arg buf:i32:8 --arg i32=5 --check-as --compare %t.nv.v.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.am.ll --kernel picked_inside --global 8 --local 8 --arg buf:i32:8:iota --arg buf:i32:8 --arg i32=5 --check-as --compare %t.am.v.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.sp.ll --kernel barrier_outside --global 8 --local 8 --arg buf:i32:8:iota --arg buf:i32:8 --arg i32=3 --check-as --compare %t.sp.v.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.nv.ll --kernel barrier_outside --global 8 --local 8 --arg buf:i32:8:iota --arg buf:i32:8 --arg i32=3 --check-as --compare %t.nv.v.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.am.ll --kernel barrier_outside --global 8 --local 8 --arg buf:i32:8:iota --arg buf:i32:8 --arg i32=3 --check-as --compare %t.am.v.ll | FileCheck %s --check-prefix=EXEC
// EXEC: identical

// Each row reads the local tile or the global input, by row and thread.
kernel void picked_inside(global const int *in, global int *out, int rows) {
  local int sh[8];
  int t = get_local_id(0);
  sh[t] = in[t];
  barrier(CLK_LOCAL_MEM_FENCE);
  int acc = 0;
  for (int r = 0; r < rows; r++) {
    const int *p = (r + t) & 1 ? (const int *)in : (const int *)sh;
    for (int i = 0; i < (r & 3) + 2; i++)
      acc += p[(i + t) & 7] * (r + 1);
  }
  out[get_global_id(0)] = acc;
}

// The pointer is chosen once; each round ends at a barrier.
kernel void barrier_outside(global const int *in, global int *out, int rounds) {
  local int sh[8];
  int t = get_local_id(0);
  sh[t] = in[t];
  barrier(CLK_LOCAL_MEM_FENCE);
  const int *p = t & 1 ? (const int *)in : (const int *)sh;
  int acc = 0;
  for (int r = 0; r < rounds; r++) {
    for (int i = 0; i <= (r & 3) + (t & 1); i++)
      acc += p[(i + r) & 7];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = acc;
}
