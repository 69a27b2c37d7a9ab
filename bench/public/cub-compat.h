/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* cub-compat.h — CUB's Max and Min functors, which CCCL 3 (CUDA 13's CUB)
 * removed, for public programs written against an older CUB (kaldi's
 * cudamatrix and cudadecoder): public.py passes it with -include. */
#include <cub/cub.cuh>
namespace cub {
struct Max {
  template <class T> __host__ __device__ T operator()(const T &a, const T &b) const {
    return a < b ? b : a;
  }
};
struct Min {
  template <class T> __host__ __device__ T operator()(const T &a, const T &b) const {
    return b < a ? b : a;
  }
};
}  // namespace cub
