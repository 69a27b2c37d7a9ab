/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// float4 bodies passed by value, a shared tile of positions.
#include "../gpu.h"
struct Acc { float x, y, z; };
__device__ __attribute__((noinline)) Acc interact(Acc a, float4 bi, float4 bj) {
  float dx = bj.x - bi.x, dy = bj.y - bi.y, dz = bj.z - bi.z;
  float d2 = dx * dx + dy * dy + dz * dz + 1e-3f;
  float inv = 1.0f / sqrtf(d2 * d2 * d2);
  a.x += dx * bj.w * inv; a.y += dy * bj.w * inv; a.z += dz * bj.w * inv;
  return a;
}
__device__ __attribute__((noinline)) Acc tile_sum(float4 me, const float4 *tile, int n, Acc a) {
  for (int j = 0; j < n; j++) a = interact(a, me, tile[j]);
  return a;
}
__global__ void nbody(const float4 *pos, float4 *vel, int n, float dt) {
  __shared__ float4 tile[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 me = pos[i < n ? i : 0];
  Acc a = {0, 0, 0};
  for (int t = 0; t < n; t += 128) {
    tile[threadIdx.x] = pos[t + threadIdx.x < n ? t + threadIdx.x : 0];
    __syncthreads();
    a = tile_sum(me, tile, n - t < 128 ? n - t : 128, a);
    __syncthreads();
  }
  if (i < n) { float4 v = vel[i]; v.x += a.x * dt; v.y += a.y * dt; v.z += a.z * dt; vel[i] = v; }
}
