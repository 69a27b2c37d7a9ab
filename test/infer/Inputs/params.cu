// A CUDA/HIP kernel taking its buffers in a struct passed by value, the
// parameter-block idiom of real CUDA code.  test/infer/host-filled.test.
struct Params {
  const float *in;
  float *out;
  int n;
  float scale;
};

__device__ float load_at(const float *p, int i) { return p[i]; }

__global__ void saxpy_params(Params p, float add) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < p.n)
    p.out[i] = load_at(p.in, i) * p.scale + add;
}
