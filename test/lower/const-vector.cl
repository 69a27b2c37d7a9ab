// RUN: rm -rf %t && mkdir -p %t
// RUN: %ocl-amdgcn %s -o %t/am.ll
// RUN: gasp-opt -S --lower-generic=tags %t/am.ll -o %t/am.t.ll
// RUN: FileCheck %s < %t/am.t.ll
// RUN: for t in spir64 amdgcn-amd-amdhsa; do for o in -O1 -O2; do \
// RUN:   clang-22 -cl-std=CL2.0 $o -emit-llvm -S -Xclang -finclude-default-header -nogpulib -target $t %s -o %t/$t$o.ll && \
// RUN:   gasp-opt -S --lower-generic=tags %t/$t$o.ll -o %t/$t$o.t.ll && opt-22 -passes=verify %t/$t$o.t.ll -o /dev/null && \
// RUN:   for sel in 0 1; do for k in k k2; do gasp-run %t/$t$o.ll --kernel $k --global 4 --arg buf:i32:4 --arg i32=$sel --check-as --compare %t/$t$o.t.ll; done; done; \
// RUN: done; done | FileCheck %s --check-prefix=EXEC
// EXEC-COUNT-16: identical
//
// Tags: clang -O1 turns a private table of pointers to a kernel-scope local
// array and a program-scope global one into an extractelement from a
// constant vector of the two cast to generic.  Each element is tagged as
// it is built (it hit an assertion: a constant vector was neither refused
// nor materialized).  A table of two local arrays is named instead: the
// constant vector's lanes are all local.

// The vector is built from the tagged local element and the global one
// (the global tag is 0: the address as it is), then picked (hazards: a
// select over the lanes on amdgcn).
// CHECK-LABEL: define {{.*}} @k(
// CHECK: %tagged = inttoptr i64 {{%.*}} to ptr
// CHECK: [[V0:%.*]] = insertelement <2 x ptr> poison, ptr %tagged, i64 0
// CHECK: [[V1:%.*]] = insertelement <2 x ptr> [[V0]], ptr addrspacecast (ptr addrspace(1) @g to ptr), i64 1
// CHECK: extractelement <2 x ptr> [[V1]], i32 1
// CHECK: %pick = select i1 %is.lane, ptr %lane, ptr %lane0
global int g[4];

kernel void k(global int *out, int sel) {
  local int a[4];
  int i = get_local_id(0);
  a[i] = i; g[i] = 10 * i;
  barrier(CLK_LOCAL_MEM_FENCE);
  int *tab[2] = {a, g};
  int *p = tab[sel & 1];
  out[i] = p[i];
}

// Two local arrays: the pick is a local pointer, no tag.
// CHECK-LABEL: define {{.*}} @k2(
// CHECK-NOT: inttoptr
// CHECK: %pick = select i1 %is.lane, ptr addrspace(3) @k2.b, ptr addrspace(3) @k2.a
// CHECK-NOT: inttoptr
// CHECK: ret void
kernel void k2(global int *out, int sel) {
  local int a[4], b[4];
  int i = get_local_id(0);
  a[i] = i; b[i] = 10 * i;
  barrier(CLK_LOCAL_MEM_FENCE);
  int *tab[2] = {a, b};
  int *p = tab[sel & 1];
  out[i] = p[i];
}
