// `to_local(p) != NULL` on a pointer known global folds to_local to
// the local null, leaving `icmp eq ptr addrspace(3) null, addrspacecast (ptr
// null to ptr addrspace(3))`, which neither opt -O2 nor llc folds on NVPTX
// and SPIR-V.  resolve writes such nulls plainly (where the space's null is
// zero) and answers null == null — on NVPTX, whose shared null is not
// zero (target.c), the two identical casts — and the program runs
// identically.
// RUN: %ocl-nvptx %s -o %t.nv.ll
// RUN: %ocl-spir %s -o %t.sp.ll
// RUN: gasp-opt --clone-cost=8 -S -stats -stats-json %t.nv.ll -o %t.nv.gasp.ll 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: gasp-opt --clone-cost=0 -S %t.sp.ll -o %t.sp.gasp.ll
// RUN: FileCheck %s < %t.nv.gasp.ll
// RUN: FileCheck %s < %t.sp.gasp.ll
// RUN: gasp-run %t.nv.ll --kernel k --global 1 --arg buf:i32:2 --arg local:4 --check-as --compare %t.nv.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.sp.ll --kernel k --global 1 --arg buf:i32:2 --arg local:4 --check-as --compare %t.sp.gasp.ll | FileCheck %s --check-prefix=EXEC
// STATS: "resolve.null-tests-folded": 2
// EXEC: identical
// CHECK-LABEL: define internal {{.*}}@classify.as1(
// CHECK-NOT: icmp {{.*}} null, {{.*}}null
// CHECK: icmp ne ptr addrspace(1) %{{.*}}, null
// CHECK-LABEL: define internal {{.*}}@classify.as3(
// CHECK-NOT: icmp {{.*}} null, {{.*}}null
// CHECK: icmp eq ptr addrspace(3) %{{.*}}, {{null|addrspacecast \(ptr null to ptr addrspace\(3\)\)}}

int classify(int *p) { return (to_local(p) != NULL) * 2 + (to_global(p) != NULL); }

kernel void k(global int *out, local int *l) {
  out[0] = classify(out);
  l[0] = 1;
  out[1] = classify(l);
}
