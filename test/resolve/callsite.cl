// to_global / to_local / to_private on pointers whose space depends on the
// call site : ipmsp clones @classify per space and resolve folds
// the casts in each clone; the call with a run-time choice keeps them, and
// --lower-generic=tags turns them into tag tests.  Every variant gives the
// same answers as the original on spir64, nvptx64 and amdgcn; an OpenCL 2.0
// atomic through the generic pointer reaches gasp-run's builtin untagged.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %ocl-spir %s -o %t/spir.ll
// RUN: gasp-opt --clone-cost=0 -S %t/spir.ll -o %t/spir.gasp.ll
// RUN: FileCheck %s --check-prefix=IR < %t/spir.gasp.ll
// RUN: gasp-opt --clone-cost=0 -S --lower-generic=tags %t/spir.ll -o %t/spir.tags.ll
// RUN: FileCheck %s --check-prefix=TAGS < %t/spir.tags.ll
// RUN: gasp-opt --clone-cost=0 -S --lower-generic=tags --private-in-global %t/spir.ll -o %t/spir.pig.ll
// RUN: gasp-run %t/spir.ll --kernel callsite --global 4 --local 2 --check-as --arg buf:i32:24 --arg local:8 --dump %t/d | FileCheck %s --check-prefix=CLEAN
// RUN: od -An -t d4 -w24 -v %t/d/arg0.bin | FileCheck %s --check-prefix=OUT
// RUN: gasp-run %t/spir.ll --kernel callsite --global 4 --local 2 --check-as --arg buf:i32:24 --arg local:8 --compare %t/spir.gasp.ll | FileCheck %s --check-prefix=SAME
// RUN: gasp-run %t/spir.ll --kernel callsite --global 4 --local 2 --check-as --arg buf:i32:24 --arg local:8 --compare %t/spir.tags.ll | FileCheck %s --check-prefix=SAME
// RUN: gasp-run %t/spir.ll --kernel callsite --global 4 --local 2 --check-as --private-in-global --arg buf:i32:24 --arg local:8 --compare %t/spir.pig.ll | FileCheck %s --check-prefix=SAME
// RUN: %ocl-nvptx %s -o %t/nv.ll
// RUN: gasp-opt --clone-cost=0 -S --lower-generic=tags %t/nv.ll -o %t/nv.tags.ll
// RUN: gasp-run %t/nv.ll --kernel callsite --global 4 --local 2 --check-as --arg buf:i32:24 --arg local:8 --compare %t/nv.tags.ll | FileCheck %s --check-prefix=SAME
// RUN: %ocl-amdgcn %s -o %t/amd.ll
// RUN: gasp-opt --clone-cost=0 -S --lower-generic=tags %t/amd.ll -o %t/amd.tags.ll
// RUN: gasp-run %t/amd.ll --kernel callsite --global 4 --local 2 --check-as --arg buf:i32:24 --arg local:8 --compare %t/amd.tags.ll | FileCheck %s --check-prefix=SAME

// IR-DAG: define internal spir_func i32 @classify.as1(ptr addrspace(1)
// IR-DAG: define internal spir_func i32 @classify.as3(ptr addrspace(3)
// IR-DAG: define internal spir_func i32 @classify.as0(ptr
// IR-DAG: call spir_func ptr addrspace(1) @__to_global(ptr addrspace(4)
// TAGS-NOT: call {{.*}}@__to_
// TAGS-NOT: load {{.*}}ptr addrspace(4)
// TAGS-NOT: store {{.*}}ptr addrspace(4) %
// CLEAN-NOT: violation
// SAME: identical

// bits: 1 global, 2 local, 4 private; *10 + the value read through p;
// each row: global, local, private, run-time choice (odd: local, even:
// private), the atomic's old value, the counter after it
// OUT:      12 23 44 44 5 1
// OUT-NEXT: 12 23 44 23 5 1
// OUT-NEXT: 12 23 44 44 5 1
// OUT-NEXT: 12 23 44 23 5 1

__attribute__((noinline)) int classify(int *p) {
  int r = 0;
  if (to_global(p))
    r |= 1;
  if (to_local(p))
    r |= 2;
  if (to_private(p))
    r |= 4;
  return r * 10 + *p;
}

__attribute__((noinline)) int bump(int *p) {
  return atomic_fetch_add_explicit((volatile atomic_int *)p, 1, memory_order_relaxed,
                                   memory_scope_device);
}

__kernel void callsite(__global int *out, __local int *l) {
  size_t g = get_global_id(0);
  size_t lid = get_local_id(0);
  int priv = 4;
  __global int *row = out + 6 * g;
  row[5] = 2;
  l[lid] = 3;
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  int a = classify(row + 5);
  int b = classify(&l[lid]);
  int c = classify(&priv);
  int *x = (g & 1) ? (int *)&l[lid] : &priv;
  int d = classify(x);
  priv = 5;
  int e = bump(&priv);
  row[0] = a;
  row[1] = b;
  row[2] = c;
  row[3] = d;
  row[4] = e;
  row[5] = priv - 5;
}
