// Stock LLVM reads gasp's scopes: with them
// `opt-22 -passes='gvn,loop-mssa(licm),gvn'` hoists the repeated global load
// out of the loop across the local store; without them (gasp without the
// alias pass, or clang's output alone) it stays in the loop: spir64 has no
// address-space alias analysis of its own.
// RUN: %ocl-spir %s -o %t.ll
// RUN: gasp-opt -S %t.ll -o %t.gasp.ll 2>/dev/null
// RUN: opt-22 -S -passes='gvn,loop-mssa(licm),gvn' %t.gasp.ll -o - 2>/dev/null | FileCheck %s --check-prefix=GASP
// RUN: gasp-opt -S --passes=infer,ipmsp,resolve,lower %t.ll -o - 2>/dev/null \
// RUN:   | opt-22 -S -passes='gvn,loop-mssa(licm),gvn' -o - 2>/dev/null | FileCheck %s --check-prefix=NOMD
// RUN: opt-22 -S -passes='gvn,loop-mssa(licm),gvn' %t.ll -o - 2>/dev/null | FileCheck %s --check-prefix=CLANG
// Executed: gasp-run --count on 64 iterations, after opt-22 -O2, against
// clang's original: 64 loads of a[0] without the scopes, 1 with them; and
// the executed accesses through a generic pointer: none in gasp's
// (--count's generic=; bar's helper makes 128 in clang's).
// RUN: opt-22 -S -O2 %t.gasp.ll -o %t.gasp.o2.ll 2>/dev/null
// RUN: opt-22 -S -O2 %t.ll -o %t.o2.ll 2>/dev/null
// RUN: gasp-run %t.o2.ll --kernel foo --global 1 --arg buf:f32:1:rand=1 --arg local:256 --arg i32=64 --count --check-as --compare %t.gasp.o2.ll | FileCheck %s --check-prefix=COUNT
// RUN: gasp-run %t.o2.ll --kernel bar --global 1 --arg buf:f32:1:rand=1 --arg local:256 --arg i32=64 --count --check-as --compare %t.gasp.o2.ll | FileCheck %s --check-prefix=COUNT
// COUNT:      accesses: loads=64 stores=64 other=0 generic={{[0-9]+}}
// COUNT-NEXT: arg0: 1 x f32
// COUNT-NEXT: accesses: loads=1 stores=64 other=0 generic=0 instrs={{[0-9]+}}
// COUNT-NEXT: identical

/* the alias example's kernel grown into a loop: a[0] is loaded again after every
   store to local memory */
kernel void foo(global float *a, local float *b, int n) {
  for (int i = 0; i < n; i++)
    b[i] = a[0] * (float)i;
  barrier(CLK_LOCAL_MEM_FENCE);
}

/* the same loop behind generic pointers: gasp specialises fill first */
void fill(float *dst, const float *src, int n) {
  for (int i = 0; i < n; i++)
    dst[i] = src[0] * (float)i;
}

kernel void bar(global float *a, local float *b, int n) {
  fill(b, a, n);
  barrier(CLK_LOCAL_MEM_FENCE);
}

// GASP-LABEL: define dso_local spir_kernel void @foo(
// GASP:         load float, ptr addrspace(1) %0, {{.*}}!alias.scope
// GASP:         phi i32
// GASP-NOT:     load
// GASP:         store float {{.*}}, ptr addrspace(3) {{.*}}!alias.scope
// GASP-NOT:     load
// GASP:       {{^}}}
// GASP-LABEL: define internal spir_func void @fill.as3_1(ptr addrspace(3) {{.*}}, ptr addrspace(1)
// GASP:         load float, ptr addrspace(1) %1, {{.*}}!alias.scope
// GASP:         phi i32
// GASP-NOT:     load
// GASP:         store float {{.*}}, ptr addrspace(3) {{.*}}!alias.scope
// GASP-NOT:     load
// GASP:       {{^}}}

// NOMD-LABEL: define dso_local spir_kernel void @foo(
// NOMD:         phi i32
// NOMD-NEXT:    load float, ptr addrspace(1) %0
// NOMD:         store float {{.*}}, ptr addrspace(3)
// NOMD-LABEL: define internal spir_func void @fill.as3_1(ptr addrspace(3) {{.*}}, ptr addrspace(1)
// NOMD:         phi i32
// NOMD-NEXT:    load float, ptr addrspace(1) %1
// NOMD:         store float {{.*}}, ptr addrspace(3)

// CLANG-LABEL: define dso_local spir_kernel void @foo(
// CLANG:         phi i32
// CLANG-NEXT:    load float, ptr addrspace(1) %0
// CLANG-LABEL: define dso_local spir_func void @fill(
// CLANG:         phi i32
// CLANG-NEXT:    load float, ptr addrspace(4) %1
