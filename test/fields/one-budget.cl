// RUN: %ocl-spir %s -o %t.ll
// RUN: gasp-opt --clone-cost=0 --clone-budget=1 -stats -stats-json %t.ll -o %t.b1.ll -S 2>&1 | FileCheck %s --check-prefix=B1
// RUN: gasp-opt --clone-cost=0 --clone-budget=2 -stats -stats-json %t.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=B2
// RUN: gasp-run %t.ll --kernel job --global 16 --local 16 --arg buf:i32:32:rand=3 --arg buf:i32:32 --arg local:64 --check-as --compare %t.b1.ll | FileCheck %s --check-prefix=EXEC
// EXEC: identical
// One clone budget for the run: the fields pass (a helper reading a struct
// of pointers, two shapes) and ipmsp (a helper called with global and local
// pointers) draw on the same --clone-budget; each kept its own count, so
// --clone-budget=1 made two clones.
// B1: "fields.clones": 1
// B1-NOT: ipmsp.clones -
// B1: ipmsp.clones-avoided
// B2: "fields.clones": 2
// B2-NOT: ipmsp.clones -
// B2: ipmsp.clones-avoided

// A job: where it reads and where it writes.
typedef struct { const int *in; int *out; int n; } Job;
// Reads its job only: one clone per shape of the fields.
static void run(const Job *j, int i) { j->out[i] = j->in[i] * 2 + j->n; }
// Reads through a generic pointer: one clone per space.
static __attribute__((noinline)) int get(const int *p, int i) { return p[i] + 1; }
// Two jobs (global to local, local to global), two spaces for get.
kernel void job(global const int *gin, global int *gout, local int *tmp) {
  int lid = get_local_id(0), gid = get_global_id(0);
  Job j1 = {gin + gid - lid, tmp, 1};
  run(&j1, lid);
  barrier(CLK_LOCAL_MEM_FENCE);
  Job j2 = {tmp, gout + gid - lid, 2};
  run(&j2, lid);
  gout[gid] += get(gin, gid) + get(tmp, lid);
}
