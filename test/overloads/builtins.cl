// RUN: clang-22 -cl-std=CL2.0 -O2 -emit-llvm -S -Xclang -finclude-default-header -target spirv64-unknown-unknown %s -o %t.in.ll
// RUN: gasp-opt -S -pass-remarks=overloads %t.in.ll -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.ll
// RUN: llc-22 -O2 -mtriple=spirv64-unknown-unknown -filetype=obj %t.ll -o %t.spv
// RUN: spirv-val %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=SPV
// RUN: gasp-run %t.in.ll --kernel k --global 8 --local 4 --arg buf:i32:4 --arg buf:i32:8 --arg buf:f32:96 --arg local:16 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.in.ll --kernel k2 --global 8 --local 4 --arg buf:f32:64 --arg local:80 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
// OpenCL C 2.0's atomics, vloadn/vstoren and fract take generic pointers,
// and clang hands them the generic cast of each kernel argument; the
// SPIR-V back end writes OpAtomic* and OpExtInst on that Generic pointer.
// gasp's overloads pass calls each builtin's overload for the spaces it
// proved (global, local, the private `expected` of a compare-exchange and
// fract's private out-parameter): the SPIR-V has no Generic pointer left,
// validates, and the kernels compute the same.
// REMARK: remark: {{.*}}6 builtin calls take their named-space overloads
// REMARK: remark: {{.*}}2 builtin calls take their named-space overloads
// EXEC: identical

// CHECK-LABEL: define {{.*}}spir_kernel void @k(
// CHECK-NOT: PU3AS4
// CHECK-DAG: call spir_func void @_Z11atomic_initPU3AS3VU7_Atomicii(ptr addrspace(3)
// CHECK-DAG: call spir_func i32 @_Z16atomic_fetch_addPU3AS1VU7_Atomicii(ptr addrspace(1)
// CHECK-DAG: call spir_func i32 @_Z25atomic_fetch_add_explicitPU3AS3VU7_Atomicii12memory_order12memory_scope(ptr addrspace(3)
// CHECK-DAG: call spir_func zeroext i1 @_Z30atomic_compare_exchange_strongPU3AS1VU7_AtomiciPii(ptr addrspace(1) {{.*}}, ptr
// CHECK-DAG: call spir_func float @_Z5fractfPf(float {{.*}}, ptr
// CHECK-DAG: call spir_func i32 @_Z11atomic_loadPU3AS3VU7_Atomici(ptr addrspace(3)
// SPV-NOT: OpTypePointer Generic
// SPV: OpAtomicIAdd
kernel void k(global atomic_int *cnt, global int *out, global float *f, local atomic_int *l) {
  int lid = get_local_id(0), gid = get_global_id(0);
  if (lid == 0)
    atomic_init(l, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_fetch_add(cnt, 1);
  atomic_fetch_add_explicit(l, gid, memory_order_relaxed, memory_scope_work_group);
  int ex = 1000;
  bool won = atomic_compare_exchange_strong(cnt + 1, &ex, gid);
  float ip;
  float fr = fract(f[gid] * 0.5f, &ip);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[gid] = (int)(fr * 100.0f) + (int)ip + (won ? 1 : 0) * 0 + atomic_load(l) * (lid == 9);
}

// A vector load from global memory and a store into a local tile.
// CHECK-LABEL: define {{.*}}spir_kernel void @k2(
// CHECK-NOT: PU3AS4
// CHECK-DAG: call spir_func <4 x float> @_Z6vload4mPU3AS1Kf(i64 {{.*}}, ptr addrspace(1)
// CHECK-DAG: call spir_func void @_Z7vstore4Dv4_fmPU3AS3f(
kernel void k2(global float *f, local float *t) {
  int gid = get_global_id(0);
  float4 v = vload4(gid, f);
  vstore4(v * 2.0f, get_local_id(0), t);
  barrier(CLK_LOCAL_MEM_FENCE);
  f[gid] = t[get_local_id(0) ^ 1];
}
