// OpenCL C kernels shaped like the public suites' (SHOC, Rodinia): restrict
// const global inputs, float4 loads and stores, helpers taking global
// pointers, a tile in local memory.  test/plugin/readonly-nc.test compares
// the plugin's PTX with clang's own, column by column.
static float tap(const __global float *p, int i) { return p[i] * 0.5f; }
static void put(__global float *q, int i, float v) { q[i] = v; }

__kernel void sum3(const __global float *restrict a, const __global float *restrict b,
                   __global float *restrict out, int n) {
  int i = get_global_id(0);
  if (i < n)
    put(out, i, tap(a, i) + tap(b, i) + a[i + 1]);
}

__kernel void vec4(const __global float4 *restrict a, __global float4 *restrict out, int n) {
  int i = get_global_id(0);
  if (i < n) {
    float4 x = a[i];
    float4 y = a[i + n];
    out[i] = x * y;
  }
}

__kernel void through_local(const __global float *restrict a, __global float *restrict out,
                            __local float *tile) {
  int l = get_local_id(0);
  tile[l] = tap(a, get_global_id(0));
  barrier(CLK_LOCAL_MEM_FENCE);
  put(out, get_global_id(0), tile[(l + 1) % get_local_size(0)]);
}
