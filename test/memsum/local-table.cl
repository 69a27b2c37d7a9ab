// A table of generic pointers in local memory, filled by one
// work-item and read by all (clang -O1 -fno-inline-functions): local
// memory only ever holds local pointers, so each pointer loaded from the
// table is local, on spir64, nvptx64 (where the body is an externally
// visible function: the table is a module-private variable) and amdgcn;
// execution is unchanged.
// RUN: %ocl-spir %s -o %t.sp.ll
// RUN: %ocl-nvptx %s -o %t.nv.ll
// RUN: %ocl-amdgcn %s -o %t.am.ll
// RUN: gasp-opt -stats --summary %t.sp.ll -o %t.sp.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: gasp-opt -stats --summary %t.nv.ll -o %t.nv.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: gasp-opt -stats --summary %t.am.ll -o %t.am.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: generic memory ops reachable from kernels: 0 (before: {{[1-9][0-9]*}})
// RUN: gasp-opt -stats --summary --passes=internalize,infer,ipmsp,resolve %t.sp.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=WITHOUT
// WITHOUT: generic memory ops reachable from kernels: 2
// RUN: gasp-run %t.sp.ll --kernel table --global 16 --local 16 --arg buf:i32:16 --arg buf:i32:16:iota --check-as --compare %t.sp.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.nv.ll --kernel table --global 16 --local 16 --arg buf:i32:16 --arg buf:i32:16:iota --check-as --compare %t.nv.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.am.ll --kernel table --global 16 --local 16 --arg buf:i32:16 --arg buf:i32:16:iota --check-as --compare %t.am.gasp.ll | FileCheck %s --check-prefix=EXEC
// EXEC: identical

// Two local tiles reached through a local table of generic pointers.
kernel void table(global int *out, global int *in) {
  local int a[16], b[16];
  int *local tab[2];
  int i = get_local_id(0);
  if (i == 0) {
    tab[0] = a;
    tab[1] = b;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  int *p = tab[i & 1];
  p[i] = in[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = tab[(i + 1) & 1][i];
}
