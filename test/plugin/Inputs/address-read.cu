// A memory test's check, in the shape of HeCBench memtest: each word is
// compared with its own address, and a mismatch is recorded
// (test/plugin/address-read.test).
#include "../../kernels/cuda.h"

__global__ void check_words(const char *base, unsigned long bytes, unsigned *errors,
                            unsigned long *where, unsigned long *expect,
                            unsigned long *found) {
  const unsigned long *w = (const unsigned long *)base;
  unsigned long n = bytes / sizeof(unsigned long);
  unsigned step = __nvvm_read_ptx_sreg_nctaid_x() * blockDim.x;
  for (unsigned long i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step) {
    if (w[i] != (unsigned long)&w[i]) {
      unsigned k = atomicAdd(errors, 1u) % 10;
      where[k] = (unsigned long)&w[i];
      expect[k] = (unsigned long)&w[i];
      found[k] = w[i];
    }
  }
}
