// Real-code shape (CUDA): a histogram privatized in shared memory.  Each
// thread bins a few values (a helper on values) and bumps the block's copy
// through a device helper with atomicAdd; the block's copy is then merged
// into the global histogram by a second helper.
#define NBINS 16

__device__ int bin_of(float x, float lo, float width) {
  int b = (int)((x - lo) / width);
  return b < 0 ? 0 : b >= NBINS ? NBINS - 1 : b;
}

__device__ void bump(unsigned *h, int bin) { atomicAdd(&h[bin], 1u); }

__device__ void merge(unsigned *dst, const unsigned *src, int tid) {
  if (tid < NBINS)
    atomicAdd(&dst[tid], src[tid]);
}

extern "C" __global__ void histogram(const float *data, unsigned *hist, int per) {
  __shared__ unsigned part[NBINS];
  int tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
  if (tid < NBINS)
    part[tid] = 0;
  __syncthreads();
  for (int k = 0; k < per; k++)
    bump(part, bin_of(data[i * per + k], 0.0f, 1.0f / NBINS));
  __syncthreads();
  merge(hist, part, tid);
}
