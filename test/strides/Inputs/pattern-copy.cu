// A string search's kernel (the shape of HeCBench ss's naive kernel): each
// block copies the lower-cased pattern into shared memory with a
// block-stride loop, then compares it at its positions of the text
// (test/strides/plugin.test).
typedef unsigned char uchar;
typedef unsigned int uint;
#define LOWER(c) (((c) >= 'A' && (c) <= 'Z') ? ((c) - 'A' + 'a') : (c))

__device__ int same(const uchar *text, const uchar *pattern, uint length) {
  for (uint l = 0; l < length; ++l)
    if (LOWER(text[l]) != pattern[l])
      return 0;
  return 1;
}

__global__ void search(const uchar *text, uint textLength, const uchar *pattern,
                       uint patternLength, uint *result, uint *count, uint span) {
  extern __shared__ uchar local[];
  __shared__ uint found;
  uint last = textLength - patternLength + 1;
  uint begin = blockIdx.x * span, end = begin + span;
  if (begin > last)
    return;
  if (end > last)
    end = last;
  int tid = threadIdx.x, threads = blockDim.x;
  for (int i = tid; i < patternLength; i += threads)
    local[i] = LOWER(pattern[i]);
  if (threadIdx.x == 0)
    found = 0;
  __syncthreads();
  for (uint pos = begin + threadIdx.x; pos < end; pos += blockDim.x)
    if (same(text + pos, local, patternLength))
      result[begin + atomicAdd(&found, 1u)] = pos;
  __syncthreads();
  if (threadIdx.x == 0)
    count[blockIdx.x] = found;
}
