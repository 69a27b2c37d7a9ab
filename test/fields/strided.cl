// Strided field facts: a helper that indexes an array of structs it was
// handed (items[i].data, i known only at run time) loads its pointers at
// "offset 0 every 16 bytes".  When the caller stores pointers of one space
// in that field of every element, the helper is cloned (or specialized in
// place) for it and the access is named; a caller whose elements disagree,
// or whose array holds something else at those offsets, gives no fact.
// RUN: %ocl-spir %s -o %t.sp.ll
// RUN: %ocl-nvptx %s -o %t.nv.ll
// RUN: %ocl-amdgcn %s -o %t.am.ll
// RUN: %clang-O0 -target spir64 %s -o %t.sp0.ll
// RUN: gasp-opt --clone-cost=0 --whole-program --summary -pass-remarks=fields -pass-remarks-missed=gasp %t.sp.ll -o %t.sp.gasp.ll -S 2>&1 | FileCheck %s
// The clone cost model (1 instruction a use, every target) declines a copy
// of the 10-instruction helper for one access, and says so; without the
// limit (--clone-cost=0, the SPIR runs above) the copies are made.
// RUN: gasp-opt --whole-program --summary -pass-remarks-missed=fields %t.nv.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=NVCOST
// RUN: gasp-opt --whole-program --summary -pass-remarks-missed=fields %t.am.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=NVCOST
// NVCOST: remark: {{.*}}not cloned for the pointers a caller stores in its aggregate arguments (argument 0 offset 0 every 16 bytes global): 1 more copy of its {{[0-9]+}} instructions would name 1 use (more than 1 instruction a use; --clone-cost)
// The default pipeline runs fields twice: the refusal is said once a run.
// NVCOST-NOT: not cloned for the pointers
// RUN: gasp-opt --whole-program --clone-cost=0 --summary -pass-remarks=fields -pass-remarks-missed=gasp %t.nv.ll -o %t.nv.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=NV0
// RUN: gasp-opt --whole-program --clone-cost=0 --summary -pass-remarks=fields -pass-remarks-missed=gasp %t.am.ll -o %t.am.gasp.ll -S 2>&1 | FileCheck %s
// RUN: gasp-opt --clone-cost=0 --whole-program --summary -pass-remarks=fields %t.sp0.ll -o %t.sp0.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=O0
// RUN: FileCheck %s --check-prefix=IR < %t.sp.gasp.ll
// RUN: gasp-opt --clone-cost=0 --whole-program -S %t.sp.gasp.ll -o - | grep -v ModuleID > %t.again.ll
// RUN: grep -v ModuleID %t.sp.gasp.ll | diff -u - %t.again.ll
// Before strided facts, each of the three good calls left its load generic.
// RUN: gasp-opt --clone-cost=0 --whole-program --passes=internalize,infer,[callsplit,ipmsp,memsum] --summary %t.sp.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=WITHOUT
// WITHOUT: generic memory ops reachable from kernels: 1
// CHECK-DAG: remark: {{.*}}for the pointers its callers store in its aggregate arguments: argument 0 offset 0 every 16 bytes global
// CHECK-DAG: remark: {{.*}}for the pointers its callers store in its aggregate arguments: argument 0 offset 0 every 16 bytes local
// CHECK-DAG: generic memory ops reachable from kernels: 0 (before: {{[0-9]+}})
// On nvptx64 the global shape's one read stays generic: its cvta.to.global
// would serve it alone (target.c, "Casts that must be shared").
// NV0-DAG: remark: {{.*}}for the pointers its callers store in its aggregate arguments: argument 0 offset 0 every 16 bytes global
// NV0-DAG: remark: {{.*}}for the pointers its callers store in its aggregate arguments: argument 0 offset 0 every 16 bytes local
// NV0-DAG: remark: {{.*}}load stays generic: one space, whose cast would serve this access alone
// NV0-DAG: generic memory ops reachable from kernels: 1 (before: {{[0-9]+}})
// At -O0 the direct calls are cloned the same way; outer, which reloads its
// parameter from its own stack slot before handing it on, does not pass its
// facts on (a limit of the hand-on walk, strided or not): its call keeps
// the original helper.
// O0-DAG: remark: {{.*}}cloned as @process.f0o0s16as1 for {{.*}}argument 0 offset 0 every 16 bytes global
// O0-DAG: remark: {{.*}}cloned as @process.f0o0s16as3 for {{.*}}argument 0 offset 0 every 16 bytes local
// O0-DAG: generic memory ops reachable from kernels: 1 (before: 3)
// A caller whose elements hold global and local pointers (MIXED) gets no
// fact: that call keeps the original helper, whose load stays generic.
// RUN: %ocl-spir -DMIXED %s -o %t.mx.ll
// RUN: gasp-opt --clone-cost=0 --whole-program --summary -pass-remarks-missed=gasp %t.mx.ll -o %t.mx.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=MIXED
// MIXED: remark: {{.*}}load stays generic: loaded from memory that holds different spaces (global, local
// MIXED: generic memory ops reachable from kernels: 1 (before: {{[0-9]+}})
// RUN: gasp-run %t.mx.ll --kernel k --global 16 --local 16 --arg buf:f32:16:rand=3 --arg buf:f32:16:rand=5 --arg buf:f32:16 --check-as --compare %t.mx.gasp.ll | FileCheck %s --check-prefix=EXEC
// IR-DAG: !gasp.fields ![[G:[0-9]+]]
// IR-DAG: ![[G]] = !{i32 0, <2 x i64> <i64 0, i64 16>, i32 1}
// RUN: gasp-run %t.sp.ll --kernel k --global 16 --local 16 --arg buf:f32:16:rand=3 --arg buf:f32:16:rand=5 --arg buf:f32:16 --check-as --compare %t.sp.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.nv.ll --kernel k --global 16 --local 16 --arg buf:f32:16:rand=3 --arg buf:f32:16:rand=5 --arg buf:f32:16 --check-as --compare %t.nv.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.am.ll --kernel k --global 16 --local 16 --arg buf:f32:16:rand=3 --arg buf:f32:16:rand=5 --arg buf:f32:16 --check-as --compare %t.am.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.sp0.ll --kernel k --global 16 --local 16 --arg buf:f32:16:rand=3 --arg buf:f32:16:rand=5 --arg buf:f32:16 --check-as --compare %t.sp0.gasp.ll | FileCheck %s --check-prefix=EXEC
// EXEC: identical

typedef struct { float *data; int n; } Item; /* 16 bytes: data at 0, n at 8 */

/* Reads the element the run picks: its pointer at offset 0 of element i. */
float process(Item *items, int i) { return items[i].data[i] + items[i].n; }

/* The same through a second helper it hands the array on to. */
float outer(Item *items, int i) { return process(items, i) * 2.0f; }

kernel void k(global float *a, global float *b, global float *out) {
  local float tile[16];
  int lid = get_local_id(0), gid = get_global_id(0);
  tile[lid] = a[gid];
  barrier(CLK_LOCAL_MEM_FENCE);
  int i = gid & 1;
  Item g[2] = {{a, 1}, {b, 2}};           /* every element's data: global */
  Item l[2] = {{tile, 3}, {tile + 8, 4}}; /* local */
  float r = process(g, i) + process(l, i) + outer(g, i);
#ifdef MIXED
  Item m[2] = {{a, 5}, {tile, 6}};        /* global and local: no fact */
  r += process(m, i);
#endif
  out[gid] = r;
}
