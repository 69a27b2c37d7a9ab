// Where a loaded pointer may come from two spaces, the remark
// says where each was stored (with -g, the source line).
// RUN: clang-22 -cl-std=CL2.0 -O1 -fno-inline-functions -g -emit-llvm -S -Xclang -finclude-default-header -target spir64 %s -o %t.ll
// RUN: gasp-opt -pass-remarks-missed=gasp %t.ll -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: {{.*}}remarks.cl:[[#@LINE+13]]:{{[0-9]+}}: store stays generic: loaded from memory that holds different spaces (global, local; global stored at remarks.cl:[[#@LINE+10]]; local stored at remarks.cl:[[#@LINE+9]])

// A local table of generic pointers gets a local pointer and a global one;
// the pointer loaded back may be either.
kernel void mixed(global int *g, int which) {
  local int tile[4];
  int *local tab[2];
  int i = get_local_id(0);
  if (i == 0) {
    tab[0] = tile;
    tab[1] = g;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  tab[which & 1][i] = i;
}
