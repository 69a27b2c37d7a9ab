// Volatile policy: a warp-synchronous reduction over a volatile
// local buffer through a generic helper, and a volatile private scratch
// array.  With the table's policy every volatile access is rewritten into
// its space on nvptx64 and amdgcn (llc-22 keeps volatile's meaning there),
// the outputs run identically and compile; --volatile=keep leaves them
// generic.
// RUN: %ocl-nvptx %s -o %t.nv.ll
// RUN: %ocl-amdgcn %s -o %t.am.ll
// RUN: gasp-opt -stats --summary %t.nv.ll -o %t.nv.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: gasp-opt -stats --summary %t.am.ll -o %t.am.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: gasp-opt -stats --summary --volatile=keep %t.nv.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=KEEP
// RUN: gasp-run %t.nv.ll --kernel reduce --global 64 --local 32 --arg buf:i32:64:iota --arg buf:i32:2 --check-as --compare %t.nv.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.am.ll --kernel reduce --global 64 --local 32 --arg buf:i32:64:iota --arg buf:i32:2 --check-as --compare %t.am.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: llc-22 -mtriple=nvptx64 -mcpu=sm_70 %t.nv.gasp.ll -o - | FileCheck %s --check-prefix=PTX
// RUN: llc-22 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 %t.am.gasp.ll -o /dev/null
// NONE: gasp: generic memory ops reachable from kernels: 0
// KEEP: gasp: generic memory ops reachable from kernels: {{[1-9][0-9]*}}
// EXEC: identical
// PTX: ld.volatile.shared

// Adds the upper half of a volatile buffer to the lower half (no barrier:
// the work-items of one warp/wavefront run in lock step, as such code
// assumes; gasp-run runs them in order, which is one valid schedule).
void fold(volatile int *s, uint lid, uint h) {
  if (lid < h)
    s[lid] += s[lid + h];
}

kernel void reduce(global const int *in, global int *out) {
  local volatile int buf[32];
  volatile int scratch[4];
  uint lid = get_local_id(0);
  for (int j = 0; j < 4; j++)
    scratch[j] = in[get_global_id(0)] + j;
  buf[lid] = scratch[lid & 3];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint h = 16; h > 0; h >>= 1) {
    fold(buf, lid, h);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    out[get_group_id(0)] = buf[0];
}
