// RUN: rm -rf %t && mkdir -p %t
// RUN: %ocl-spir %s -o %t/spir.ll
// RUN: gasp-opt -S %t/spir.ll -o - | FileCheck %s
// RUN: for t in spir64 nvptx64 amdgcn-amd-amdhsa; do for o in -O1 -O2; do \
// RUN:   clang-22 -cl-std=CL2.0 $o -emit-llvm -S -Xclang -finclude-default-header -nogpulib -target $t %s -o %t/$t$o.ll && \
// RUN:   for w in "" --whole-program; do gasp-opt $w -S %t/$t$o.ll -o %t/$t$o.g.ll && \
// RUN:   gasp-run %t/$t$o.ll --kernel bytes --global 4 --arg buf:i32:4 --arg buf:i64:8 --arg local:64 --check-as --compare %t/$t$o.g.ll && \
// RUN:   for sel in 0 1 2 3 4; do gasp-run %t/$t$o.ll --kernel data --global 4 --arg buf:i32:4 --arg buf:i64:4 --arg buf:f64:4 --arg buf:i64:8 --arg local:64 --arg i32=$sel --check-as --compare %t/$t$o.g.ll; done; done; \
// RUN: done; done | FileCheck %s --check-prefix=EXEC
// EXEC-COUNT-72: identical
// EXEC-NOT: identical
//
// The memory summary follows pointer bits, not pointer types: a pointer
// whose bits are copied as data (bytes in a loop, an i64, a double, a
// <2 x i64>, an integer atomic exchange, a helper's integer return) into
// global memory is that pointer when loaded back as one.  Each kernel
// copies a local pointer's bits into global memory and writes through the
// pointer loaded from there: the access must stay generic (it was made
// global, and under --check-as the local store was reported).

typedef struct { int *p; int n; } Ref;

static __attribute__((noinline)) void copy_bytes(global uchar *d, const uchar *s, int n) {
  for (int i = 0; i < n; i++) d[i] = s[i];
}
static __attribute__((noinline)) void bump(global Ref *r) { *r->p += r->n; }

// Bytes copied in a loop: the pointer loaded in @bump stays generic
// (checked at the end: @bump is printed last).
kernel void bytes(global int *out, global Ref *tab, local int *tmp) {
  int l = get_local_id(0); tmp[l] = l;
  Ref r; r.p = tmp + l; r.n = 100;
  copy_bytes((global uchar *)&tab[l], (const uchar *)&r, sizeof r);
  bump(&tab[l]); barrier(CLK_LOCAL_MEM_FENCE); out[l] = tmp[l];
}

static __attribute__((noinline)) long bits_of(Ref *r) { return *(long *)r; }

// An i64, a double, a <2 x i64>, an atomic exchange, a helper's return:
// the pointer loaded back from global memory stays generic.
// CHECK-LABEL: define dso_local spir_kernel void @data(
// CHECK: [[Q:%.*]] = phi ptr addrspace(1)
// CHECK-NEXT: [[G:%.*]] = load ptr addrspace(4), ptr addrspace(1) [[Q]]
// CHECK-NEXT: load i32, ptr addrspace(4) [[G]]
// CHECK-NEXT: add nsw i32 {{.*}}, 100
kernel void data(global int *out, global long *tab, global double *dt, global long2 *vt,
                 local int *tmp, int sel) {
  int l = get_local_id(0); tmp[l] = l;
  Ref r; r.p = tmp + l; r.n = 1;
  if (sel == 0) tab[l] = *(long *)&r;
  if (sel == 1) dt[l] = *(double *)&r;
  if (sel == 2) { long2 v; v.x = *(long *)&r; v.y = 3; vt[l] = v; }
  if (sel == 3) __atomic_exchange_n(&tab[l], *(long *)&r, __ATOMIC_RELAXED);
  if (sel == 4) tab[l] = bits_of(&r);
  barrier(CLK_GLOBAL_MEM_FENCE);
  int *q;
  if (sel == 1) q = *(int *global *)&dt[l];
  else if (sel == 2) q = *(int *global *)&vt[l];
  else q = *(int *global *)&tab[l];
  *q += 100;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[l] = tmp[l];
}

// @bump (printed after the kernels): the pointer it loads stays generic.
// CHECK-LABEL: define internal spir_func void @bump(
// CHECK: [[P:%.*]] = load ptr addrspace(4), ptr addrspace(1)
// CHECK: load i32, ptr addrspace(4) [[P]]
