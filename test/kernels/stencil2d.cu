// Real-code shape (CUDA): a 2-D five-point stencil on a shared-memory tile
// with a one-cell halo.  One helper fills the tile from global memory
// (clamped at the grid's edges), another applies the stencil to the tile;
// 2-D blocks of 8x8 threads.
#define TILE 8
#define PITCH (TILE + 2)

__device__ int clampi(int v, int hi) { return v < 0 ? 0 : v > hi ? hi : v; }

__device__ void load_tile(float *tile, const float *src, int gx, int gy, int w, int h,
                          int tx, int ty) {
  for (int y = ty; y < PITCH; y += TILE)
    for (int x = tx; x < PITCH; x += TILE) {
      int sx = clampi(gx - tx + x - 1, w - 1), sy = clampi(gy - ty + y - 1, h - 1);
      tile[y * PITCH + x] = src[sy * w + sx];
    }
}

__device__ float five_point(const float *t, int x, int y, float c, float s) {
  const float *p = t + (y + 1) * PITCH + x + 1;
  return c * p[0] + s * (p[-1] + p[1] + p[-PITCH] + p[PITCH]);
}

extern "C" __global__ void stencil2d(const float *src, float *dst, int w, int h) {
  __shared__ float tile[PITCH * PITCH];
  int tx = threadIdx.x, ty = threadIdx.y;
  int gx = blockIdx.x * TILE + tx, gy = blockIdx.y * TILE + ty;
  load_tile(tile, src, gx, gy, w, h, tx, ty);
  __syncthreads();
  dst[gy * w + gx] = five_point(tile, tx, ty, 0.5f, 0.125f);
}
