// An external helper (visible to other programs) the kernel calls once with
// its stack array: mixing arithmetic, then one store through the pointer.
__attribute__((noinline)) void mix(int *p, int a, int b) {
  int s = a;
  s = s * 31 + b; s ^= s >> 7; s = s * 17 + a; s ^= s << 3;
  s = s * 13 + b; s ^= s >> 5; s = s * 11 + a; s ^= s << 9;
  s = s * 7 + b;  s ^= s >> 11; s = s * 5 + a; s ^= s << 2;
  s = s * 29 + b; s ^= s >> 3; s = s * 23 + a; s ^= s << 6;
  p[a & 3] = s;
}

kernel void k(global int *out) {
  int x[4] = {0, 0, 0, 0};
  mix(x, out[0], out[1]);
  out[2] = x[0] + x[1] + x[2] + x[3];
}
