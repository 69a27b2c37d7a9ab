// Three helpers deep, with global, local and private pointers.
static int leaf(const int *p, int i) { return p[i] * 2; }
static int mid(const int *p, int i) { return leaf(p, i) + 1; }
static int top(const int *p, int i) { return mid(p, i) + mid(p, i + 1); }
__kernel void helper_chain(__global const int *in, __global int *out,
                           __local int *tmp) {
  int lid = get_local_id(0), gid = get_global_id(0);
  int priv[3] = {gid, gid + 1, gid + 2};
  tmp[lid] = in[gid];
  barrier(CLK_LOCAL_MEM_FENCE);
  int a = top((const int *)in, gid);
  int b = lid + 1 < get_local_size(0) ? top((const int *)tmp, lid) : 0;
  int c = top(priv, 0);
  out[gid] = a + b + c;
}
