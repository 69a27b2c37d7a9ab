/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// A SYCL kernel over USM pointers the lambda captured (its kernel object
// passed by value), helpers taking those pointers and a private array.
#include "sycl-lite.h"
__attribute__((noinline)) float dot(const float *a, const float *b, int n) {
  float s = 0;
  for (int i = 0; i < n; i++) s += a[i] * b[i];
  return s;
}
__attribute__((noinline)) void axpy(float *y, const float *x, float a, int n) {
  for (int i = 0; i < n; i++) y[i] += a * x[i];
}
class Gemv;
void host(float *A, float *x, float *y, int n) {
  parallel_for<Gemv>([=]() {
    size_t r = get_global_id(0);
    float p[4] = {x[0], x[1], x[2], x[3]};
    axpy(p, x + 4, 2.0f, 4);
    y[r] = dot(A + r * n, x, n) + dot(p, x, 4);
    axpy(y, x, 0.5f, 1);
  });
}
