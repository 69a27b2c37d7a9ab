// Tiled transpose through a module-scope local tile.
#define T 8
__kernel void transpose_tile(__global const int *in, __global int *out, int w) {
  __local int tile[T][T + 1];
  int lx = get_local_id(0), ly = get_local_id(1);
  int gx = get_group_id(0) * T, gy = get_group_id(1) * T;
  int *row = &tile[ly][0];
  row[lx] = in[(gy + ly) * w + gx + lx];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[(gx + ly) * w + gy + lx] = tile[lx][ly];
}
