// Arrays of structs indexed at run time.  Each Task of ts[] is
// filled in a loop and handed to a helper by &ts[k]: every access to the
// array lies at its field's offset plus a multiple of the element size, so
// the pointer fields (0 and 8 mod 24 on 64-bit targets) are told apart from
// each other and from the integer field.  In @tasks every element's src is
// global and dst local: step gets a clone for that shape and every access
// is named.  In @mixed the elements' dst fields hold local and global
// pointers: that load stays generic (soundness) and says which spaces meet.
// Without the element-size rule both kernels' step accesses stayed generic.
// Clones follow the clone cost model (nvptx64 below).
// Execution is unchanged on spir64, nvptx64 and amdgcn.
// RUN: %ocl-spir %s -o %t.sp.ll
// RUN: %ocl-nvptx %s -o %t.nv.ll
// RUN: %ocl-amdgcn %s -o %t.am.ll
// RUN: gasp-opt --clone-cost=0 -stats -stats-json --summary -pass-remarks-missed=gasp %t.sp.ll -o %t.sp.gasp.ll -S 2>&1 | FileCheck %s
// The clone limits are the ones before the default became 1 (--clone-cost=8 on
// nvptx64, 0 on amdgcn): what this tests is not the cost model
// (test/ipmsp/clone-cost.ll is).
// RUN: gasp-opt --clone-cost=0 -stats -stats-json --summary -pass-remarks-missed=gasp %t.am.ll -o %t.am.gasp.ll -S 2>&1 | FileCheck %s
// RUN: gasp-opt -stats -stats-json --summary -pass-remarks-missed=gasp --clone-cost=0 %t.nv.ll -o %t.nv0.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=NV0
// CHECK: {{.*}}load stays generic: loaded from memory that holds different spaces (global, local;
// CHECK: generic memory ops reachable from kernels: 1 (before:
// CHECK: "fields.clones": 2
// On nvptx64 @tasks' clone of step reads each global src field once: that
// read stays generic, its cvta.to.global would serve it alone (target.c,
// "Casts that must be shared").
// NV0: {{.*}}load stays generic: one space, whose cast would serve this access alone
// NV0: {{.*}}load stays generic: loaded from memory that holds different spaces (global, local;
// NV0: generic memory ops reachable from kernels: 3 (before:
// NV0: "fields.clones": 2
// On nvptx64 the clone cost model (8 instructions a use, pinned) refuses @mixed's
// clone: 15 instructions to name one access.  ipmsp's clone of @step for
// @tasks then has one caller, and the [fields,ipmsp,memsum] group gives it
// its field facts in place: as with --clone-cost=0 (it was 2 until
// a second gasp run).
// RUN: gasp-opt --clone-cost=8 -stats -stats-json --summary -pass-remarks-missed=fields %t.nv.ll -o %t.nv.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=NV
// NV: remark: {{.*}}not cloned for the pointers a caller stores in its aggregate arguments (argument 0 offset 0 global): 1 more copy of its 15 instructions would name 1 use (more than 8 instructions a use; --clone-cost)
// NV: generic memory ops reachable from kernels: 3 (before:
// NV: "fields.clones": 1
// NV: "fields.too-costly": 1
// RUN: gasp-run %t.sp.ll --kernel tasks --global 32 --local 16 --arg buf:i32:40:rand=3 --arg buf:i32:32 --arg local:64 --arg i32=4 --check-as --compare %t.sp.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.sp.ll --kernel mixed --global 32 --local 16 --arg buf:i32:40:rand=3 --arg buf:i32:32 --arg local:64 --arg i32=4 --check-as --compare %t.sp.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.nv.ll --kernel tasks --global 32 --local 16 --arg buf:i32:40:rand=3 --arg buf:i32:32 --arg local:64 --arg i32=4 --check-as --compare %t.nv.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.nv.ll --kernel mixed --global 32 --local 16 --arg buf:i32:40:rand=3 --arg buf:i32:32 --arg local:64 --arg i32=4 --check-as --compare %t.nv.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.nv.ll --kernel tasks --global 32 --local 16 --arg buf:i32:40:rand=3 --arg buf:i32:32 --arg local:64 --arg i32=4 --check-as --compare %t.nv0.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.nv.ll --kernel mixed --global 32 --local 16 --arg buf:i32:40:rand=3 --arg buf:i32:32 --arg local:64 --arg i32=4 --check-as --compare %t.nv0.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.am.ll --kernel tasks --global 32 --local 16 --arg buf:i32:40:rand=3 --arg buf:i32:32 --arg local:64 --arg i32=4 --check-as --compare %t.am.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.am.ll --kernel mixed --global 32 --local 16 --arg buf:i32:40:rand=3 --arg buf:i32:32 --arg local:64 --arg i32=4 --check-as --compare %t.am.gasp.ll | FileCheck %s --check-prefix=EXEC
// EXEC: identical
typedef struct { int *src; int *dst; int n; } Task;

int step(const Task *t, int i) { return t->src[i] * 2 + t->dst[i % t->n]; }

kernel void tasks(global int *in, global int *out, local int *tmp, int ntask) {
  int i = get_global_id(0), l = get_local_id(0);
  tmp[l] = in[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  Task ts[4];
  for (int k = 0; k < ntask; k++) {
    ts[k].src = in + k;
    ts[k].dst = tmp;
    ts[k].n = 4 + k;
  }
  int acc = 0;
  for (int k = 0; k < ntask; k++)
    acc += step(&ts[k], l);
  out[i] = acc;
}

kernel void mixed(global int *in, global int *out, local int *tmp, int ntask) {
  int i = get_global_id(0), l = get_local_id(0);
  tmp[l] = in[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  Task ts[4];
  for (int k = 0; k < ntask; k++) {
    ts[k].src = in + k;
    if (k & 1)
      ts[k].dst = tmp;
    else
      ts[k].dst = in;
    ts[k].n = 4 + k;
  }
  int acc = 0;
  for (int k = 0; k < ntask; k++)
    acc += step(&ts[k], l);
  out[i] = acc;
}
