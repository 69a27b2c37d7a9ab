// Copies shaped like libcu++'s cuda::memcpy_async (test/plugin/space-test-loop.test):
// a helper (templates six calls deep: answered after inlining, by the late
// run) copies with the fast path only when its destination is shared and
// its source global, else byte by byte; the kernels call it in loops
// whose pointers into a __shared__ array are phis and whose GEPs LLVM's
// loop passes may rebuild without inbounds.
#include "../../kernels/cuda.h"

template <typename T> __device__ void copy_impl(T *d, const T *s) {
  if (__nvvm_isspacep_shared(d) && __nvvm_isspacep_global(s)) {
    *d = *s;
  } else {
    for (int b = 0; b < 4; b++)
      ((char *)d)[b] = ((const char *)s)[b];
  }
}
// as deep under the call as libcu++'s: more levels than the early run asks
template <int L, typename T> __device__ void copy_level(T *d, const T *s) {
  if constexpr (L == 0)
    copy_impl(d, s);
  else
    copy_level<L - 1>(d, s);
}
template <typename T> __device__ void copy4(T *d, const T *s) { copy_level<6>(d, s); }

// The loop's pointers are incremented (a phi of the array's element and of
// a GEP of the phi).
__global__ void stream(const float *__restrict__ in, float *out, int n) {
  __shared__ float buf[4096];
  float *d = buf + threadIdx.x;
  const float *s = in + threadIdx.x;
  for (int i = 0; i < n; i++) {
    copy4(d, s);
    d += 32;
    s += 32;
  }
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x * 3];
}

// A row of a two-dimensional tile, then the lane's element (dmma's shape):
// LICM swaps the two GEPs, the invariant one first, without inbounds.
__global__ void tile(const float *__restrict__ in, float *out, int lda, int rows, int first) {
  extern __shared__ float sh[][68];
  int lane = (int)threadIdx.x - first;
  float *w = &sh[0][0] + (threadIdx.x / 32) * 68 * 4;
  for (int i = 0; i < rows; i++) {
    float *row = w + i * 68;
    copy4(row + lane, &in[(blockIdx.x * 8 + i) * lda + lane]);
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = sh[threadIdx.x % 8][threadIdx.x % 64];
}
