// A device function with external linkage called by a kernel with shared
// and global memory: CUDA (nvptx64) and HIP (amdgcn) alike, with
// test/kernels/cuda.h.
__device__ __attribute__((noinline)) float sum3(const float *p) { return p[0] + p[1] + p[2]; }
__global__ void k(float *out, const float *in) {
  __shared__ float t[64];
  t[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = sum3(t + threadIdx.x) + sum3(in);
}
