// Alignment tests before float4 accesses, shaped like HeCBench fma's
// implicit_fma_kernel_rowwise<float> (test/plugin/address-test.test).
#include "../../kernels/cuda.h"

__global__ void rowwise(const float *__restrict__ a, const float *__restrict__ b,
                        float *__restrict__ c, const int *__restrict__ rows, int n, int C) {
  extern __shared__ char raw[];
  float *sb = reinterpret_cast<float *>(raw);
  for (int i = threadIdx.x; i < C; i += blockDim.x)
    sb[i] = b[i];
  __syncthreads();
  int op = blockIdx.x * blockDim.x + threadIdx.x;
  if (op >= n)
    return;
  int r = rows[op];
  for (int v = 0; v < C / 4; ++v) {
    const float *ap = &a[r * C + v * 4];
    float *cp = &c[op * C + v * 4];
    const float *bp = &sb[v * 4];
    if ((unsigned long long)ap % 16 == 0 && (unsigned long long)cp % 16 == 0 &&
        (unsigned long long)bp % 16 == 0) {
      float4 x = *reinterpret_cast<const float4 *>(ap);
      float4 y = *reinterpret_cast<const float4 *>(bp);
      float4 z = *reinterpret_cast<const float4 *>(cp);
      z.x += x.x * y.x;
      z.y += x.y * y.y;
      z.z += x.z * y.z;
      z.w += x.w * y.w;
      *reinterpret_cast<float4 *>(cp) = z;
    } else {
      for (int j = 0; j < 4; ++j)
        cp[j] += ap[j] * bp[j];
    }
  }
}
