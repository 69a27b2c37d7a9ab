// SPIR's clone cost limit is NVPTX's and AMDGPU's (1 instruction a named
// use): a helper called with a global and a local pointer whose copy costs
// more than the accesses it names is not copied by default, every call keeps
// the generic original and the Missed remark says why; --clone-cost=0 (a
// device without Generic support) copies it once per space and leaves no
// generic access the kernel reaches.  Both outputs compute what the original
// computes, every access in its space.
// RUN: %ocl-spir %s -o %t.ll
// RUN: gasp-opt -S --summary -pass-remarks-missed=ipmsp %t.ll -o %t.def.ll 2> %t.def.err
// RUN: FileCheck %s --check-prefix=DEF < %t.def.err
// RUN: FileCheck %s --check-prefix=DEFIR < %t.def.ll
// RUN: gasp-opt -S --summary -pass-remarks=ipmsp --clone-cost=0 %t.ll -o %t.all.ll 2> %t.all.err
// RUN: FileCheck %s --check-prefix=ALL < %t.all.err
// RUN: FileCheck %s --check-prefix=ALLIR < %t.all.ll
// RUN: gasp-run %t.ll --kernel k --global 16 --local 16 --arg buf:f32:32:rand=2 --arg buf:f32:16 --check-as --compare %t.def.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.ll --kernel k --global 16 --local 16 --arg buf:f32:32:rand=2 --arg buf:f32:16 --check-as --compare %t.all.ll | FileCheck %s --check-prefix=EXEC
// DEF: remark: {{.*}}not cloned: 1 more copy of its {{[0-9]+}} instructions would name {{[0-9]+}} uses (more than 1 instruction a use; --clone-cost)
// DEF: gasp: generic memory ops reachable from kernels: 2 (before:
// DEFIR-NOT: @avg2.as
// ALL-DAG: remark: {{.*}}cloned as @avg2.as1 for (global)
// ALL-DAG: remark: {{.*}}cloned as @avg2.as3 for (local)
// ALL: gasp: generic memory ops reachable from kernels: 0 (before:
// ALLIR-DAG: call spir_func float @avg2.as1(ptr addrspace(1)
// ALLIR-DAG: call spir_func float @avg2.as3(ptr addrspace(3)
// EXEC: identical

__attribute__((noinline)) float avg2(const float *p, int i, int n) {
  return 0.5f * (p[i] + p[(i + 1) % n]);
}

__kernel void k(__global const float *in, __global float *out) {
  __local float t[16];
  int l = get_local_id(0), n = get_local_size(0);
  t[l] = avg2(in, l, n);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = avg2(t, l, n);
}
