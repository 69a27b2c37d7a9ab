// Real-code shape (CUDA): a 1-D blur with a parameter block, float4
// operators on a struct passed by value, a template over the element type
// reading global and shared memory, and a block sum whose last warp runs on
// volatile shared memory with __syncwarp (blocks of 32 threads).
struct Params {
  int n;
  float center, side;
};

__device__ float4 operator+(float4 a, float4 b) {
  return make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
}
__device__ float4 operator*(float4 a, float s) {
  return make_float4(a.x * s, a.y * s, a.z * s, a.w * s);
}

template <typename T> __device__ T at(const T *p, int i, int n) {
  return i >= 0 && i < n ? p[i] : T();
}

__device__ float4 blur(const float4 *src, int i, Params p) {
  return at(src, i, p.n) * p.center + (at(src, i - 1, p.n) + at(src, i + 1, p.n)) * p.side;
}

__device__ void warp_sum(volatile float *s, int tid) {
  for (int off = 16; off > 0; off >>= 1) {
    if (tid < off)
      s[tid] += s[tid + off];
    __syncwarp();
  }
}

extern "C" __global__ void cuda_blur(const float4 *in, float4 *out, float *sums, int n) {
  __shared__ float4 tile[32];
  __shared__ float part[32];
  Params p = {n, 0.5f, 0.25f};
  int tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
  tile[tid] = at(in, i, n);
  __syncthreads();
  float4 v = blur(tile, tid, Params{32, p.center, p.side});
  if (tid == 0 || tid == 31)
    v = blur(in, i, p);
  out[i] = v;
  part[tid] = at(&v.x, 0, 1) + v.y + v.z + v.w;
  __syncthreads();
  warp_sum(part, tid);
  if (tid == 0)
    sums[blockIdx.x] = part[0];
}
