// RUN: rm -rf %t && mkdir -p %t
// RUN: %ocl-nvptx %s -o %t/nvptx.ll
// RUN: gasp-opt --clone-cost=8 -S %t/nvptx.ll -o - | FileCheck %s
// RUN: for t in spir64 nvptx64 amdgcn-amd-amdhsa; do for o in -O1 -O2; do \
// RUN:   clang-22 -cl-std=CL2.0 $o -emit-llvm -S -Xclang -finclude-default-header -nogpulib -target $t %s -o %t/$t$o.ll && \
// RUN:   gasp-opt `test $t = nvptx64 && echo --clone-cost=8 || echo --clone-cost=0` -S %t/$t$o.ll -o %t/$t$o.g.ll && \
// RUN:   for n in 4 9; do gasp-run %t/$t$o.ll --kernel rowdot --global 4 --local 4 --arg buf:f32:64:rand=1 --arg buf:f32:16:rand=2 --arg buf:f32:4 --arg local:64 --arg i32=$n --check-as --compare %t/$t$o.g.ll; done; \
// RUN: done; done | FileCheck %s --check-prefix=EXEC
// EXEC-COUNT-12: identical
//
// A helper handed a run-time choice between a local copy and the global
// original (the copy only when it fits): callsplit branches on the choice,
// so each call passes one space and gets its own clone of @dot.

__attribute__((noinline)) float dot(const float *a, const float *b, int n) {
  float s = 0;
  for (int i = 0; i < n; i++) s += a[i] * b[i];
  return s;
}

// The kernel calls the local clone when the row fits, the global one otherwise.
// CHECK-LABEL: define {{.*}} @rowdot(
// CHECK: split.true:
// CHECK-NEXT: call float @dot.as1_3(ptr addrspace(1) {{.*}}, ptr addrspace(3)
// CHECK: split.false:
// CHECK-NEXT: call float @dot.as1_1(ptr addrspace(1) {{.*}}, ptr addrspace(1)
kernel void rowdot(global const float *A, global const float *x, global float *y,
                   local float *xs, int cols) {
  int r = get_local_id(0);
  for (int i = r; i < cols && i < 8; i += get_local_size(0)) xs[i] = x[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  const float *b = cols <= 8 ? (const float *)xs : (const float *)x;
  y[r] = dot(A + r * cols, b, cols);
}

// Each clone reads its own space.
// CHECK-LABEL: define internal float @dot.as1_3(
// CHECK: load float, ptr addrspace(3)
// CHECK-LABEL: define internal float @dot.as1_1(
// CHECK: load float, ptr addrspace(1)
