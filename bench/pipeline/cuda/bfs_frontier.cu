/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// BFS level step: a shared queue flushed to a global frontier with atomics.
#include "../gpu.h"
__device__ __attribute__((noinline)) int push(int *queue, int *count, int v) {
  int k = atomicAdd(count, 1);
  queue[k] = v;
  return k;
}
__global__ void bfs_step(const int *rowptr, const int *adj, int *level, const int *front, int nfront,
                         int *next, int *nnext, int depth) {
  __shared__ int q[512];
  __shared__ int qn, base;
  if (threadIdx.x == 0) qn = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < nfront) {
    int u = front[i];
    for (int e = rowptr[u]; e < rowptr[u + 1]; e++) {
      int v = adj[e];
      if (atomicCAS(&level[v], -1, depth + 1) == -1) {
        if (qn < 512) push(q, &qn, v); else push(next, nnext, v);
      }
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) base = atomicAdd(nnext, qn < 512 ? qn : 512);
  __syncthreads();
  for (int k = threadIdx.x; k < qn && k < 512; k += blockDim.x) next[base + k] = q[k];
}
