// HeCBench quicksort's lqsort_kernel<T>, reduced: a template kernel keeps
// `__shared__ T *s, *sn`, which point at its two shared arrays by turns,
// and sorts through them; another kernel keeps a global pointer in shared
// memory, so shared memory at large holds global and shared pointers.
// Built without the CUDA toolkit (-nocudainc): the names it needs are
// spelled here.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
static __device__ unsigned tid() { return __nvvm_read_ptx_sreg_tid_x(); }

template <class T>
__global__ void lsort(T *d, int n, int rounds) {
  __shared__ T a[256], b[256];
  __shared__ T *s, *sn;
  unsigned i = tid();
  a[i] = d[i];
  for (int r = 0; r < rounds; r++) {
    if (i == 0) {
      s = (r & 1) ? b : a;
      sn = (r & 1) ? a : b;
    }
    __syncthreads();
    T x = s[i], y = s[(i + 1) % n];
    sn[i] = x < y ? x : y;
    __syncthreads();
  }
  d[i] = s[i];
}

__global__ void keep(float *g, float *out) {
  __shared__ float *gp;
  if (tid() == 0)
    gp = g;
  __syncthreads();
  out[tid()] = gp[tid()];
}

template __global__ void lsort<float>(float *, int, int);
template __global__ void lsort<int>(int *, int, int);
