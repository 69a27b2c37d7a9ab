// Kernels shaped like the public CUDA programs whose read-only loads the
// plugin's early `pin` took away (HeCBench sosfil, p4, wlcpow,
// addBiasResidualLayerNorm): const __restrict__ parameters read in a loop
// or under a branch, float4 loads, a helper that reads and one that writes.
// Built without the CUDA toolkit (-nocudainc): the few names it needs are
// spelled here.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
typedef float float4v __attribute__((ext_vector_type(4)));
static __device__ unsigned tid() { return __nvvm_read_ptx_sreg_tid_x(); }
static __device__ unsigned bid() { return __nvvm_read_ptx_sreg_ctaid_x(); }

// A second-order-section filter: coefficients read-only, state written.
__global__ void sos(const float *__restrict__ coef, const float *__restrict__ x,
                    float *__restrict__ y, int n, int sections) {
  unsigned i = bid() * 256 + tid();
  if (i >= (unsigned)n)
    return;
  float acc = x[i];
  for (int s = 0; s < sections; s++)
    acc = acc * coef[6 * s] + coef[6 * s + 1] * x[(i + s) % n];
  y[i] = acc;
}

// float4 loads through a read-only pointer, one store.
__global__ void vec4(const float4v *__restrict__ a, const float4v *__restrict__ b,
                     float4v *__restrict__ c, int n) {
  unsigned i = bid() * 256 + tid();
  if (i < (unsigned)n)
    c[i] = a[i] * b[i] + a[(i + 1) % n];
}

// A read-only parameter used only in one arm of a branch (the shape
// InstCombine sinks a parameter's cast into).
__global__ void branchy(const float *__restrict__ w, float *__restrict__ out, int k) {
  unsigned i = bid() * 256 + tid();
  float v = 0.f;
  if (k > 3)
    v = w[i] + w[i + 1];
  else
    v = (float)i;
  out[i] = v;
}
