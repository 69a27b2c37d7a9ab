// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A CUDA struct passed by value to two kernels: one only reads it, one
// hands its address to a helper (test/infer/kernel-byval-nvptx.test).
struct Grid { float *in; float *out; int n; int pad; };
__device__ __attribute__((noinline)) float at(const Grid &g, int i) { return g.in[i % g.n]; }
__global__ void readonly(Grid g) { int i = threadIdx.x; if (i < g.n) g.out[i] = g.in[i] * 2.0f; }
__global__ void escapes(Grid g) { int i = threadIdx.x; if (i < g.n) g.out[i] = at(g, i + 1); }
