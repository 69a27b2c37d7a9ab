// A struct of generic pointers in a kernel's private memory, as
// clang -O0 leaves it (every local an alloca; optnone off so that gasp may
// rewrite): each field gets the space stored into it, on spir64, nvptx64
// and amdgcn, and execution is unchanged.
// RUN: %clang-O0 -target spir64 %s -o %t.sp.ll
// RUN: %clang-O0 -target nvptx64 %s -o %t.nv.ll
// RUN: %clang-O0 -target amdgcn-amd-amdhsa -nogpulib %s -o %t.am.ll
// RUN: gasp-opt -stats --summary %t.sp.ll -o %t.sp.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: gasp-opt -stats --summary %t.nv.ll -o %t.nv.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=NV
// RUN: gasp-opt -stats --summary %t.am.ll -o %t.am.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: generic memory ops reachable from kernels: 0 (before: {{[1-9][0-9]*}})
// On nvptx64 j.in's one read stays generic: the pointer reloaded from the
// slot would need a cvta.to.global of its own, for that access alone
// (target.c, "Casts that must be shared").
// NV: generic memory ops reachable from kernels: 1 (before: {{[1-9][0-9]*}})
// NV: 1  one space, whose cast would serve this access alone
// RUN: gasp-run %t.sp.ll --kernel job --global 8 --local 8 --arg buf:i32:8:iota --arg buf:i32:8 --check-as --compare %t.sp.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.nv.ll --kernel job --global 8 --local 8 --arg buf:i32:8:iota --arg buf:i32:8 --check-as --compare %t.nv.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.am.ll --kernel job --global 8 --local 8 --arg buf:i32:8:iota --arg buf:i32:8 --check-as --compare %t.am.gasp.ll | FileCheck %s --check-prefix=EXEC
// EXEC: identical

typedef struct {
  int *in;  // generic: points into global memory here
  int n;
  int *tmp; // generic: points into local memory here
} Job;

// The job's input is scaled into the local tile, then a neighbour's value
// goes out: every access goes through a field of j.
kernel void job(global int *in, global int *out) {
  local int tile[8];
  size_t i = get_local_id(0);
  Job j;
  j.in = in;
  j.n = 3;
  j.tmp = tile;
  j.tmp[i] = j.in[get_global_id(0)] * j.n;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = j.tmp[(i + 1) % 8];
}
