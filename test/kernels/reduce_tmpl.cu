// Real-code shape (CUDA): the classic block reduction as a template over the
// element type (float and int instantiations): each block loads its values
// into shared memory, and the last warp finishes on volatile shared memory
// with __syncwarp (blocks of 32 threads).
template <typename T> __device__ void warp_reduce(volatile T *s, int tid) {
  for (int off = 16; off > 0; off >>= 1) {
    if (tid < off)
      s[tid] += s[tid + off];
    __syncwarp();
  }
}

template <typename T> __device__ T block_sum(T *s, const T *in, int i, int tid) {
  s[tid] = in[i] + in[i + 32 * 2];
  __syncthreads();
  warp_reduce(s, tid);
  return s[0];
}

extern "C" __global__ void reduce_tmpl(const float *fin, const int *iin, float *fout,
                                      int *iout) {
  __shared__ float fs[32];
  __shared__ int is[32];
  int tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
  float f = block_sum(fs, fin, i, tid);
  int n = block_sum(is, iin, i, tid);
  if (tid == 0) {
    fout[blockIdx.x] = f;
    iout[blockIdx.x] = n;
  }
}
