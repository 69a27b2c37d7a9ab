// A kernel whose PTX differs between llc's -O2 and -O3 (test/bench/public-llc-level.test).
__kernel void k(int m, int n, float a, __global float *restrict A, __global const float *restrict B) {
  int i = get_global_id(0), j = get_global_id(1);
  if (i < m && j < n) {
    float s = 0;
    for (int t = 0; t < n; t++)
      s += B[i * n + t] * a;
    A[i * n + j] = s;
  }
}
