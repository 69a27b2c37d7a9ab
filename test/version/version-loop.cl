// Versioning a loop by space from OpenCL C, on each target's own test: a
// loop sums through a pointer to a local tile or to the global input,
// chosen before it.  spir64 tests with OpenCL's __to_global (as clang spells
// to_global(p) != NULL), nvptx64 with isspacep, amdgcn with is.shared; the
// loop's load is named in both copies, and each output runs identically
// under gasp-run --check-as --compare for both choices.
// RUN: %ocl-spir %s -o %t.sp.ll
// RUN: %ocl-nvptx %s -o %t.nv.ll
// RUN: %ocl-amdgcn %s -o %t.am.ll
// RUN: gasp-opt --version-by-space=on --summary -stats -stats-json %t.sp.ll -S -o %t.sp.v.ll 2>&1 | FileCheck %s
// RUN: gasp-opt --version-by-space=on --summary -stats -stats-json %t.nv.ll -S -o %t.nv.v.ll 2>&1 | FileCheck %s
// RUN: gasp-opt --version-by-space=on --summary -stats -stats-json %t.am.ll -S -o %t.am.v.ll 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=SPIR < %t.sp.v.ll
// RUN: gasp-run %t.sp.ll --kernel k --global 8 --local 8 --arg buf:i32:8:iota --arg buf:i32:8 --arg i32=0 --check-as --compare %t.sp.v.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.sp.ll --kernel k --global 8 --local 8 --arg buf:i32:8:iota --arg buf:i32:8 --arg i32=1 --check-as --compare %t.sp.v.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.nv.ll --kernel k --global 8 --local 8 --arg buf:i32:8:iota --arg buf:i32:8 --arg i32=1 --check-as --compare %t.nv.v.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.am.ll --kernel k --global 8 --local 8 --arg buf:i32:8:iota --arg buf:i32:8 --arg i32=0 --check-as --compare %t.am.v.ll | FileCheck %s --check-prefix=EXEC
// CHECK: generic memory ops reachable from kernels: 0 (before: 1)
// CHECK: "version.loops": {{[1-9]}}
// SPIR: call spir_func ptr addrspace(1) @__to_global(ptr addrspace(4)
// SPIR: icmp ne ptr addrspace(1) {{%.*}}, null
// EXEC: identical
kernel void k(global const int *in, global int *out, int which) {
  local int sh[8];
  int t = get_local_id(0);
  sh[t] = in[t];
  barrier(CLK_LOCAL_MEM_FENCE);
  const int *p = which ? (const int *)in : (const int *)sh;
  int acc = 0;
  for (int i = 0; i < (which & 4095) + 2 + (t & 1); i++) /* up to 4,098 times */
    acc += p[(i + t) & 7];
  out[get_global_id(0)] = acc;
}
