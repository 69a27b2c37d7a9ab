// Tiled matrix multiply with two local tiles and a private accumulator row.
#define TS 4
static void load_tile(float *t, __global const float *m, int r, int c, int w) {
  t[get_local_id(1) * TS + get_local_id(0)] = m[r * w + c];
}
__kernel void matmul_tiled(__global const float *A, __global const float *B,
                           __global float *C, int n) {
  __local float ta[TS * TS], tb[TS * TS];
  int row = get_global_id(1), col = get_global_id(0);
  int lx = get_local_id(0), ly = get_local_id(1);
  float acc = 0.0f;
  for (int t = 0; t < n / TS; t++) {
    load_tile(ta, A, row, t * TS + lx, n);
    load_tile(tb, B, t * TS + ly, col, n);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TS; k++)
      acc += ta[ly * TS + k] * tb[k * TS + lx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[row * n + col] = acc;
}
