/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// OpenCL 2.0 atomics (clang's __opencl_atomic_* builtins, which every
// target here has) on generic pointers to local and global counters.
__attribute__((noinline)) int claim(atomic_int *c) { return __opencl_atomic_fetch_add(c, 1, __ATOMIC_RELAXED, __OPENCL_MEMORY_SCOPE_WORK_GROUP); }
kernel void compact(global const int *in, global int *out, global atomic_int *gcount, local atomic_int *lcount, local int *stage) {
  int l = get_local_id(0);
  if (l == 0) __opencl_atomic_init(lcount, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  int v = in[get_global_id(0)];
  if (v > 0) stage[claim(lcount)] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  int n = __opencl_atomic_load(lcount, __ATOMIC_RELAXED, __OPENCL_MEMORY_SCOPE_WORK_GROUP);
  local int base;
  if (l == 0) base = __opencl_atomic_fetch_add(gcount, n, __ATOMIC_RELAXED, __OPENCL_MEMORY_SCOPE_DEVICE);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l < n) out[base + l] = stage[l];
}
