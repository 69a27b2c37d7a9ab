// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A SYCL kernel as clang's SYCL device mode compiles it (-fsycl-is-device,
// no SYCL runtime here): the lambda, entry point of sycl_kernel_entry_point,
// is the kernel's one by-value argument and holds the USM pointers it
// captured; helpers the lambda calls take those pointers and a private
// array.
typedef unsigned long size_t;
size_t get_global_id(unsigned);
template <typename Name, typename F>
[[clang::sycl_kernel_entry_point(Name)]] void launch(F f) { f(); }
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
  launch<Gemv>([=]() {
    size_t r = get_global_id(0);
    float p[4] = {x[0], x[1], x[2], x[3]};
    axpy(p, x + 4, 2.0f, 4);
    y[r] = dot(A + r * n, x, n) + dot(p, x, 4);
    axpy(y, x, 0.5f, 1);
  });
}
