// cuda.h — the few CUDA runtime names the project's CUDA-style kernels use
// (test/kernels/*.cu), for clang-22 --cuda-device-only -nocudainc -nocudalib
// (nvptx64) and -x hip -nogpuinc -nogpulib (amdgcn), with no CUDA or ROCm
// installation.  Not a CUDA implementation: enough to compile kernels
// written the way CUDA code is written.
#pragma once
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __forceinline__ __inline__ __attribute__((always_inline))

#if defined(__AMDGCN__)
#define GASP_TID(d) __builtin_amdgcn_workitem_id_##d()
#define GASP_BID(d) __builtin_amdgcn_workgroup_id_##d()
// hsa_kernel_dispatch_packet_t: workgroup_size_x/y/z are the u16s at
// bytes 4, 6 and 8
#define GASP_BDIM_x ((const unsigned short *)__builtin_amdgcn_dispatch_ptr())[2]
#define GASP_BDIM_y ((const unsigned short *)__builtin_amdgcn_dispatch_ptr())[3]
#define GASP_BDIM_z ((const unsigned short *)__builtin_amdgcn_dispatch_ptr())[4]
#define GASP_BDIM(d) GASP_BDIM_##d
__device__ static __forceinline__ void __syncthreads(void) {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
#else
#define GASP_TID(d) __nvvm_read_ptx_sreg_tid_##d()
#define GASP_BID(d) __nvvm_read_ptx_sreg_ctaid_##d()
#define GASP_BDIM(d) __nvvm_read_ptx_sreg_ntid_##d()
#endif

// threadIdx.x and friends, as CUDA spells them.
#define GASP_DIM3(T, F)                                                        \
  struct T {                                                                   \
    __declspec(property(get = gx)) unsigned x;                                 \
    __declspec(property(get = gy)) unsigned y;                                 \
    __declspec(property(get = gz)) unsigned z;                                 \
    static __device__ __forceinline__ unsigned gx() { return F(x); }           \
    static __device__ __forceinline__ unsigned gy() { return F(y); }           \
    static __device__ __forceinline__ unsigned gz() { return F(z); }           \
  };                                                                           \
  extern const __device__ T
GASP_DIM3(gasp_tid_t, GASP_TID) threadIdx;
GASP_DIM3(gasp_bid_t, GASP_BID) blockIdx;
GASP_DIM3(gasp_bdim_t, GASP_BDIM) blockDim;

// __syncwarp: a barrier of the warp.  The kernels that use it run it in
// blocks of one warp (32 threads), where it is the block barrier; that is
// also what gasp-run (work-items as fibers) can execute.
__device__ static __forceinline__ void __syncwarp(void) { __syncthreads(); }

struct float4 {
  float x, y, z, w;
};
__device__ static inline float4 make_float4(float x, float y, float z, float w) {
  float4 r = {x, y, z, w};
  return r;
}

// atomicAdd: a relaxed read-modify-write at device scope, as CUDA's is.
__device__ static __forceinline__ unsigned atomicAdd(unsigned *p, unsigned v) {
  return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}
__device__ static __forceinline__ int atomicAdd(int *p, int v) {
  return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}
