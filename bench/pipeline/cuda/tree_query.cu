/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Recursive tree walk and an explicit private stack; a parameter block.
#include "../gpu.h"
struct Node { float lo, hi; int left, right, first, count; };
struct Params { const Node *nodes; const float *vals; float *out; int n; float q; };
__device__ __attribute__((noinline)) float leafsum(const float *v, int first, int count) {
  float s = 0.f;
  for (int i = 0; i < count; i++) s += v[first + i];
  return s;
}
__device__ float walk(const Node *nodes, const float *vals, int idx, float q, int depth) {
  const Node &n = nodes[idx];
  if (q < n.lo || q > n.hi) return 0.f;
  if (n.left < 0 || depth > 20) return leafsum(vals, n.first, n.count);
  return walk(nodes, vals, n.left, q, depth + 1) + walk(nodes, vals, n.right, q, depth + 1);
}
__global__ void query(Params p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= p.n) return;
  int stack[32]; int sp = 0; float acc = 0.f;
  stack[sp++] = 0;
  while (sp > 0) {
    const Node *nd = &p.nodes[stack[--sp]];
    if (p.q + i < nd->lo || p.q + i > nd->hi) continue;
    if (nd->left < 0) { acc += leafsum(p.vals, nd->first, nd->count); continue; }
    if (sp < 30) { stack[sp++] = nd->left; stack[sp++] = nd->right; }
  }
  p.out[i] = acc + walk(p.nodes, p.vals, 0, p.q, 0);
}
