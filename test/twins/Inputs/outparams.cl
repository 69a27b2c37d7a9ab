/* John the Ripper's bitlocker shape: a noinline helper that writes its
   results through four pointers to the caller's variables, called twice,
   the caller reading each variable after each call. */
__attribute__((noinline)) void enc(uint k, uint m, uint *o0, uint *o1, uint *o2, uint *o3) {
  uint x = k ^ m;
  for (int r = 0; r < 4; r++)
    x = (x << 3 | x >> 29) + k;
  *o0 = x;
  *o1 = x ^ m;
  *o2 = x + k;
  *o3 = x - m;
}
kernel void k(global uint *out, global const uint *in, uint t) {
  uint a, b, c, d, e, f, g, h;
  enc(in[t], t, &a, &b, &c, &d);
  a ^= in[t + 1u];
  b ^= in[t + 2u];
  enc(a + b, c ^ d, &e, &f, &g, &h);
  out[t] = a + b + c + d + e * f + g * h;
}
