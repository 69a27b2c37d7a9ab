// The clone cost model weighs a field's use by its loop depth, for fields
// as for ipmsp.  A struct of two pointers is handed to a helper that sums
// one through the other in a loop; one kernel fills both fields with
// global pointers, the other puts a local tile in the first.  A copy of
// @accumulate for the local shape names 2 uses, 16 instructions at 8 a
// use on nvptx64 — less than its body — but in a loop they count 16 uses:
// the copy is made and both loads of the loop are named.  Runs identically
// under gasp-run --check-as --compare.
// RUN: %ocl-nvptx %s -o %t.nv.ll
// RUN: gasp-opt -stats -stats-json --summary -pass-remarks-missed=fields %t.nv.ll -o %t.gasp.ll -S 2>&1 | FileCheck %s
// CHECK-NOT: not cloned for the pointers a caller stores
// CHECK: generic memory ops reachable from kernels: 0 (before:
// CHECK: "fields.clones":
// RUN: gasp-run %t.nv.ll --kernel tiles --global 4 --local 4 --arg buf:f32:16:iota --arg buf:f32:4 --check-as --compare %t.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.nv.ll --kernel plain --global 4 --arg buf:f32:16:iota --arg buf:f32:4 --check-as --compare %t.gasp.ll | FileCheck %s --check-prefix=EXEC
// EXEC: identical
typedef struct { const float *src; const float *wts; } Pair;

__attribute__((noinline)) float accumulate(const Pair *p, int n, int stride) {
  float s = 0.0f;
  int k = stride * 3 + 1;
  k = (k ^ (stride << 2)) + (n >> 1);
  k = k * 7 - stride;
  for (int i = 0; i < n; i++)
    s += p->src[i] * p->wts[(i + k) & 3];
  return s;
}

kernel void tiles(global const float *in, global float *out) {
  local float tile[16];
  int l = get_local_id(0);
  for (int i = l; i < 16; i += get_local_size(0))
    tile[i] = in[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  Pair p = {tile, in};
  out[get_global_id(0)] = accumulate(&p, 8, l);
}

kernel void plain(global const float *in, global float *out) {
  Pair p = {in, in + 8};
  out[get_global_id(0)] = accumulate(&p, 8, get_local_id(0));
}
