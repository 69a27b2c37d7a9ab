/* A call handed a pointer that is local or global by a test the program
   makes (test/plugin/split-early.test). */
__attribute__((noinline)) void bump(uint *p, uint i) { p[i & 3u] += i; }
__attribute__((noinline)) uint keep(uint *p) { return p[1]; }
kernel void k(global uint *g, local uint *l, uint n) {
  uint lid = get_local_id(0);
  l[lid & 3u] = g[lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  uint *p = (n & 1u) ? (uint *)l : (uint *)g;
  bump(p, n + lid);
  barrier(CLK_LOCAL_MEM_FENCE);
  g[lid] += l[(lid + 1u) & 3u] + keep(g);
}
