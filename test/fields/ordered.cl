// Writer calls ordered within a block: a private pair is filled by one
// helper (global, local) and then swapped by another.  Over the whole
// function each field may hold either space, but a load that follows the
// calls in their block sees only the last call's writes: before the swap
// field a is global and b local, after it a is local (what b held when
// the swap read it) and b global.  Every access is named on spir64,
// nvptx64 and amdgcn (4 stay generic when the calls are not ordered), and
// execution is unchanged.
// RUN: %ocl-spir %s -o %t.sp.ll
// RUN: %ocl-nvptx %s -o %t.nv.ll
// amdgcn as gfx1100 (flat scratch): on a MUBUF-scratch target the struct's
// 8-byte fields keep the helpers' private parameters flat (two dwords each
// named; test/ipmsp/wide-private.ll).
// RUN: %ocl-amdgcn -mcpu=gfx1100 %s -o %t.am.ll
// RUN: gasp-opt --summary %t.sp.ll -o %t.sp.gasp.ll -S 2>&1 | FileCheck %s
// RUN: gasp-opt --summary %t.nv.ll -o %t.nv.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=NV
// RUN: gasp-opt --summary %t.am.ll -o %t.am.gasp.ll -S 2>&1 | FileCheck %s
// CHECK: generic memory ops reachable from kernels: 2 (before: {{[0-9]+}})
// On nvptx64 the ordered kernel's one read through each global field also
// stays generic: its cvta.to.global would serve it alone (target.c, "Casts
// that must be shared").
// NV: generic memory ops reachable from kernels: 4 (before: {{[0-9]+}})
// NV: 2  one space, whose cast would serve this access alone
// RUN: gasp-run %t.sp.ll --kernel ordered --global 32 --local 16 --arg buf:i32:32:rand=5 --arg buf:i32:32 --arg local:64 --check-as --compare %t.sp.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.nv.ll --kernel ordered --global 32 --local 16 --arg buf:i32:32:rand=5 --arg buf:i32:32 --arg local:64 --check-as --compare %t.nv.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.am.ll --kernel ordered --global 32 --local 16 --arg buf:i32:32:rand=5 --arg buf:i32:32 --arg local:64 --check-as --compare %t.am.gasp.ll | FileCheck %s --check-prefix=EXEC
// EXEC: identical
// The swap inside a branch: after the join either may have run, so the
// reads there stay generic, and the remark says why.
// RUN: gasp-opt -pass-remarks-missed=gasp %t.sp.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=WHY
// WHY-COUNT-2: load stays generic: loaded from a private slot that holds different spaces (global, local;
// WHY-NOT: loaded from memory that holds different spaces
// RUN: gasp-run %t.sp.ll --kernel unordered --global 32 --local 16 --arg buf:i32:32:rand=5 --arg buf:i32:32 --arg local:64 --check-as --compare %t.sp.gasp.ll | FileCheck %s --check-prefix=EXEC
typedef struct { int *a; int *b; } Pair;

void pair_init(Pair *p, int *a, int *b) { p->a = a; p->b = b; }
void pair_swap(Pair *p) { int *t = p->a; p->a = p->b; p->b = t; }

kernel void ordered(global int *in, global int *out, local int *tmp) {
  int i = get_global_id(0), l = get_local_id(0);
  tmp[l] = in[i] * 2;
  barrier(CLK_LOCAL_MEM_FENCE);
  Pair p;
  pair_init(&p, in, tmp);
  int x = p.a[i] + p.b[l];
  pair_swap(&p);
  out[i] = x + p.a[l] * 3 + p.b[i];
}

kernel void unordered(global int *in, global int *out, local int *tmp) {
  int i = get_global_id(0), l = get_local_id(0);
  tmp[l] = in[i] * 2;
  barrier(CLK_LOCAL_MEM_FENCE);
  Pair p;
  pair_init(&p, in, tmp);
  if (l & 1)
    pair_swap(&p);
  out[i] = p.a[l] + p.b[i];
}
