// A debugging helper that prints a buffer, called on a global and a shared
// array (test/ipmsp/clone-cost-print.test).
extern "C" __device__ int printf(const char *, ...);

__device__ __attribute__((noinline)) void dump(const float *p, int n, const char *tag) {
  for (int i = 0; i < n; i++)
    printf("%s[%d] = %f (%d %d)\n", tag, i, p[i], threadIdx.x, blockIdx.x);
}

__global__ void k(const float *g, float *out, int n) {
  __shared__ float s[64];
  s[threadIdx.x] = g[threadIdx.x] * 2.0f;
  __syncthreads();
  if (threadIdx.x == 0) {
    dump(g, n, "g");
    dump(s, n, "s");
  }
  out[threadIdx.x] = s[63 - threadIdx.x];
}
