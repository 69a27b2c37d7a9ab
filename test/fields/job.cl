// The Job pattern: a kernel builds two structs of pointers in
// private memory and passes each to one helper that only reads it; the
// first stores (global, local), the second (local, global).  The fields pass
// clones the helper per shape (one clone, or the helper itself in place,
// per shape), every access is named, on spir64, nvptx64 and amdgcn, and
// execution is unchanged.  At -O0 the helper spills its parameter into its
// own stack slot and reloads it: the reload is the parameter (a slot only
// that store writes), so clang -O0 output is cloned and named too.
// RUN: %ocl-spir %s -o %t.sp.ll
// RUN: %ocl-nvptx %s -o %t.nv.ll
// RUN: %ocl-amdgcn %s -o %t.am.ll
// RUN: %clang-O0 -target spir64 %s -o %t.sp0.ll
// RUN: gasp-opt --clone-cost=0 -stats -stats-json --summary -pass-remarks=fields %t.sp.ll -o %t.sp.gasp.ll -S 2>&1 | FileCheck %s
// The clone limits are the ones before the default became 1 (--clone-cost=8 on
// nvptx64, 0 on amdgcn): what this tests is not the cost model
// (test/ipmsp/clone-cost.ll is).
// RUN: gasp-opt --clone-cost=8 -stats -stats-json --summary -pass-remarks=fields %t.nv.ll -o %t.nv.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=NV
// RUN: gasp-opt --clone-cost=0 -stats -stats-json --summary -pass-remarks=fields %t.am.ll -o %t.am.gasp.ll -S 2>&1 | FileCheck %s
// RUN: gasp-opt --clone-cost=0 -stats -stats-json --summary %t.sp0.ll -o %t.sp0.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=O0
// RUN: %clang-O0 -target nvptx64 %s -o %t.nv0.ll
// RUN: %clang-O0 -target amdgcn-amd-amdhsa -nogpulib %s -o %t.am0.ll
// RUN: gasp-opt --clone-cost=8 -stats -stats-json --summary %t.nv0.ll -o %t.nv0.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=O0NV
// RUN: gasp-opt --clone-cost=0 -stats -stats-json --summary %t.am0.ll -o %t.am0.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=O0N
// O0N: generic memory ops reachable from kernels: 0 (before: {{[0-9]+}})
// O0NV: generic memory ops reachable from kernels: 2 (before: {{[0-9]+}})
// RUN: gasp-run %t.nv0.ll --kernel job --global 32 --local 16 --arg buf:i32:32:rand=3 --arg buf:i32:32 --arg local:64 --check-as --compare %t.nv0.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.am0.ll --kernel job --global 32 --local 16 --arg buf:i32:32:rand=3 --arg buf:i32:32 --arg local:64 --check-as --compare %t.am0.gasp.ll | FileCheck %s --check-prefix=EXEC
// CHECK-DAG: remark: {{.*}}{{cloned as @run.f0o0as1_0o8as3|specialized in place}} for the pointers its callers store in its aggregate arguments: argument 0 offset 0 global, argument 0 offset 8 local
// CHECK-DAG: remark: {{.*}}{{cloned as @run.f0o0as3_0o8as1|specialized in place}} for the pointers its callers store in its aggregate arguments: argument 0 offset 0 local, argument 0 offset 8 global
// CHECK-DAG: generic memory ops reachable from kernels: 0 (before: {{[1-9][0-9]*}})
// On nvptx64 the one read through each clone's global field stays generic:
// its cvta.to.global would serve it alone (target.c, "Casts that must be
// shared").
// NV-DAG: remark: {{.*}}{{cloned as @run.f0o0as1_0o8as3|specialized in place}} for the pointers its callers store in its aggregate arguments: argument 0 offset 0 global, argument 0 offset 8 local
// NV-DAG: generic memory ops reachable from kernels: 2 (before: {{[1-9][0-9]*}})
// NV-DAG: 2  one space, whose cast would serve this access alone
// O0: generic memory ops reachable from kernels: 0 (before: 5)
// O0: "fields.clones": 2
// RUN: gasp-opt --clone-cost=0 --passes=infer,ipmsp,memsum -stats -stats-json --summary %t.sp.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=WITHOUT
// WITHOUT: generic memory ops reachable from kernels: 2
// The clone budget bounds these clones too, and says so: a Missed remark
// per shape refused and a line in the --dump-ip-msp transcript.
// RUN: gasp-opt --clone-cost=0 --clone-budget=0 -stats -stats-json --summary -pass-remarks-missed=fields --dump-ip-msp %t.am.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=BUDGET
// BUDGET-DAG: fields: run not cloned for argument 0 offset 0 global, argument 0 offset 8 local: clone budget exhausted
// BUDGET-DAG: remark: {{.*}}not cloned for the pointers a caller stores in its aggregate arguments (argument 0 offset 0 global, argument 0 offset 8 local): clone budget exhausted (--clone-budget)
// BUDGET-DAG: remark: {{.*}}not cloned for the pointers a caller stores in its aggregate arguments (argument 0 offset 0 local, argument 0 offset 8 global): clone budget exhausted (--clone-budget)
// BUDGET-NOT: fields.clones
// RUN: gasp-run %t.sp.ll --kernel job --global 32 --local 16 --arg buf:i32:32:rand=3 --arg buf:i32:32 --arg local:64 --check-as --compare %t.sp.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.nv.ll --kernel job --global 32 --local 16 --arg buf:i32:32:rand=3 --arg buf:i32:32 --arg local:64 --check-as --compare %t.nv.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.am.ll --kernel job --global 32 --local 16 --arg buf:i32:32:rand=3 --arg buf:i32:32 --arg local:64 --check-as --compare %t.am.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.sp0.ll --kernel job --global 32 --local 16 --arg buf:i32:32:rand=3 --arg buf:i32:32 --arg local:64 --check-as --compare %t.sp0.gasp.ll | FileCheck %s --check-prefix=EXEC
// EXEC: identical

typedef struct {
  const int *in; // where the job reads
  int *out;      // where it writes
  int n;
} Job;

// Reads its job only: the fields' spaces come from the caller.
static void run(const Job *j, int i) { j->out[i] = j->in[i] * 2 + j->n; }

// Global input into the local tile, then the tile out to global memory.
kernel void job(global const int *gin, global int *gout, local int *tmp) {
  int lid = get_local_id(0), gid = get_global_id(0);
  Job j1 = {gin + gid - lid, tmp, 1};
  run(&j1, lid);
  barrier(CLK_LOCAL_MEM_FENCE);
  Job j2 = {tmp, gout + gid - lid, 2};
  run(&j2, lid);
}
