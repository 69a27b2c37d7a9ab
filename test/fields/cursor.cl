// A cursor struct filled by one helper (storing p and p + n), read
// by others and moved on by another (c->p++, c->out++: a helper that reads
// and writes the struct).  The writers' stores are the caller's arguments,
// moved by GEPs, or what the struct's own fields held, moved: the cursor's
// fields keep their spaces, the readers and the writer `advance` (whose
// stores the caller's model lists) get a clone for that shape and every
// access is named on spir64, nvptx64 and amdgcn (2 stay generic without
// these writers), and execution is unchanged.
// RUN: %ocl-spir %s -o %t.sp.ll
// RUN: %ocl-nvptx %s -o %t.nv.ll
// amdgcn as gfx1100 (flat scratch): on a MUBUF-scratch target the struct's
// 8-byte fields keep the helpers' private parameters flat (two dwords each
// named; test/ipmsp/wide-private.ll).
// RUN: %ocl-amdgcn -mcpu=gfx1100 %s -o %t.am.ll
// RUN: gasp-opt --clone-cost=0 -stats -stats-json --summary %t.sp.ll -o %t.sp.gasp.ll -S 2>&1 | FileCheck %s
// The clone limits are the ones before the default became 1 (--clone-cost=8 on
// nvptx64, 0 on amdgcn): what this tests is not the cost model
// (test/ipmsp/clone-cost.ll is).
// RUN: gasp-opt --clone-cost=0 -stats -stats-json --summary %t.am.ll -o %t.am.gasp.ll -S 2>&1 | FileCheck %s
// CHECK: generic memory ops reachable from kernels: 0 (before: 13)
// CHECK: "fields.clones": 3
// On nvptx64 the clone cost model keeps @more (it only compares the
// pointers: a copy would name no access; refused for the two shapes its
// callers store), and @emit's store through the cursor's global `out`
// stays generic: the cast to global it needs (a cvta.to.global) would
// serve that one store alone (target.c, "Casts that must be shared").
// RUN: gasp-opt --clone-cost=8 -stats -stats-json --summary -pass-remarks-missed=fields %t.nv.ll -o %t.nv.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=NV
// NV: remark: {{.*}}not cloned for the pointers a caller stores in its aggregate arguments (argument 0 offset 0 local, argument 0 offset 8 local): 1 more copy of its 6 instructions would name 0 uses
// NV: generic memory ops reachable from kernels: 1 (before: 13)
// NV: 1  @emit.{{.*}}: one space, whose cast would serve this access alone
// NV: "fields.clones": 1
// NV: "fields.too-costly": 2
// RUN: gasp-run %t.sp.ll --kernel copy3 --global 8 --local 8 --arg buf:i32:8:rand=3 --arg buf:i32:64 --arg local:32 --arg i32=4 --check-as --compare %t.sp.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.nv.ll --kernel copy3 --global 8 --local 8 --arg buf:i32:8:rand=3 --arg buf:i32:64 --arg local:32 --arg i32=4 --check-as --compare %t.nv.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.am.ll --kernel copy3 --global 8 --local 8 --arg buf:i32:8:rand=3 --arg buf:i32:64 --arg local:32 --arg i32=4 --check-as --compare %t.am.gasp.ll | FileCheck %s --check-prefix=EXEC
// EXEC: identical
typedef struct { int *p; int *end; int *out; } Cursor;

void open_cursor(Cursor *c, int *p, int n, int *out) { c->p = p; c->end = p + n; c->out = out; }
void advance(Cursor *c) { c->p++; c->out++; }
int more(const Cursor *c) { return c->p < c->end; }
void emit(Cursor *c) { *c->out = *c->p * 3; }

kernel void copy3(global int *in, global int *out, local int *tmp, int n) {
  int l = get_local_id(0);
  tmp[l] = in[l];
  barrier(CLK_LOCAL_MEM_FENCE);
  Cursor c;
  open_cursor(&c, tmp, n, out + l * n);
  while (more(&c)) {
    emit(&c);
    advance(&c);
  }
}
