// A pointer that is global on some work-items and local on others (*p: generic but on NVPTX, version.c's merge split).
__kernel void select_ptr(__global int *g, __local int *l) {
  int lid = get_local_id(0);
  l[lid] = lid * 10;
  barrier(CLK_LOCAL_MEM_FENCE);
  int *p = (lid & 1) ? (int *)&g[get_global_id(0)] : (int *)&l[lid];
  int v = *p;
  barrier(CLK_LOCAL_MEM_FENCE);
  g[get_global_id(0)] = v + 1;
}
