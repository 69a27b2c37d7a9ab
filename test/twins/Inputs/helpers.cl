/* A kernel that hands its local tile to two noinline helpers and keeps the
   generic pointer for a select after them (the random programs' shape),
   read in a loop after it. */
static __attribute__((noinline)) void bump(uint *p, uint i) { p[i & 3u] += i; }
static __attribute__((noinline)) uint peek(uint *p, uint i) { return p[(i + 1u) & 3u]; }
static __attribute__((noinline)) uint last(uint *p, uint i) { return p[(i + 2u) & 3u]; }
/* called with the tile and with null (the random programs' both_null) */
static __attribute__((noinline)) uint maybe(uint *p, uint i) { return p ? p[i & 3u] : 7u; }
kernel void k(global uint *out, global uint *in, uint sel) {
  local uint tile[64];
  uint t = get_local_id(0);
  tile[t] = in[t];
  barrier(CLK_LOCAL_MEM_FENCE);
  uint *l = &tile[t & 60u];
  bump(l, sel);
  uint a = peek(l, sel + 1u);
  bump(l, a);
  a += maybe(l, sel) + maybe(0, a);
  uint *g = &in[t];
  uint *p = (sel & 1u) ? l : g;
  uint r = a; /* a loop through the select: not split on its condition */
  for (uint k = 0; k < (sel & 3u); k++)
    r += p[k];
  out[t] = r + peek(l, a) + last(l, r);
}
