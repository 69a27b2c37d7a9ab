// A global struct of pointers into the three spaces, as an OpenCL
// conformance kernel writes it: stored, reloaded, tested, read through.
typedef struct { __global int *g; __local int *l; __private int *p; } S;
__global S s;
__global int gint = 1;
kernel void k(global uint *r) {
  __local int lint;
  lint = 2;
  __private int pint = 3;
  s.g = &gint;
  s.l = &lint;
  s.p = &pint;
  r[0] = to_global(s.g) != 0;
  r[1] = to_local(s.l) != 0;
  r[2] = to_private(s.p) != 0;
  r[3] = *s.g;
  r[4] = *s.l;
  r[5] = *s.p;
}
