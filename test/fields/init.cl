// The Job pattern with an initializer: each struct is filled by a
// helper that writes its fields, then read by another helper.  The
// initializer's stores become stores of the kernel's arguments into each
// struct, so the reader gets one clone per field shape and every access is
// named on spir64 and amdgcn (2 stay generic without writers), and
// execution is unchanged.  On nvptx64 each clone's one read through its
// global field stays generic: the cvta.to.global naming it would serve
// that access alone (target.c, "Casts that must be shared").
// RUN: %ocl-spir %s -o %t.sp.ll
// RUN: %ocl-nvptx %s -o %t.nv.ll
// RUN: %ocl-amdgcn %s -o %t.am.ll
// RUN: gasp-opt --clone-cost=0 -stats -stats-json --summary %t.sp.ll -o %t.sp.gasp.ll -S 2>&1 | FileCheck %s
// The clone limits are the ones before the default became 1 (--clone-cost=8 on
// nvptx64, 0 on amdgcn): what this tests is not the cost model
// (test/ipmsp/clone-cost.ll is).
// RUN: gasp-opt --clone-cost=8 -stats -stats-json --summary %t.nv.ll -o %t.nv.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=NV
// RUN: gasp-opt --clone-cost=0 -stats -stats-json --summary %t.am.ll -o %t.am.gasp.ll -S 2>&1 | FileCheck %s
// CHECK: generic memory ops reachable from kernels: 0 (before: 8)
// CHECK: "fields.clones": 2
// NV: generic memory ops reachable from kernels: 2 (before: 8)
// NV: 2  one space, whose cast would serve this access alone
// NV: "fields.clones": 2
// RUN: gasp-run %t.sp.ll --kernel job --global 32 --local 16 --arg buf:i32:32:rand=3 --arg buf:i32:32 --arg local:64 --check-as --compare %t.sp.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.nv.ll --kernel job --global 32 --local 16 --arg buf:i32:32:rand=3 --arg buf:i32:32 --arg local:64 --check-as --compare %t.nv.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.am.ll --kernel job --global 32 --local 16 --arg buf:i32:32:rand=3 --arg buf:i32:32 --arg local:64 --check-as --compare %t.am.gasp.ll | FileCheck %s --check-prefix=EXEC
// EXEC: identical
typedef struct { int *a; int *b; int n; } Job;

void init(Job *j, int *a, int *b, int n) { j->a = a; j->b = b; j->n = n; }
int run(const Job *j, int i) { return j->a[i] + j->b[i % j->n]; }

kernel void job(global int *in, global int *out, local int *tmp) {
  int i = get_global_id(0), l = get_local_id(0);
  tmp[l] = in[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  Job j1; init(&j1, in, tmp, 16);
  Job j2; init(&j2, tmp, in, 8);
  out[i] = run(&j1, l) + run(&j2, l);
}
