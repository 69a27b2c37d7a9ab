// The shape of John the Ripper's OpenCL helpers: an unqualified pointer
// parameter is private at OpenCL C 1.2 (John's -cl-std=CL1.2) and goes on
// to a __private one; at 2.0 it would be generic, which does not convert.  DEVICE_INFO picks the NVIDIA path, which spells inline PTX `asm`.
#define DEV_GPU (1 << 1)
#define DEV_NVIDIA (1 << 4)
inline uint sum4(const uint *w) { return w[0] + w[1] + w[2] + w[3]; }
inline void fill(__private uint *w, uint x) { for (int i = 0; i < 4; i++) w[i] = x + i; }
inline void init(uint *w, uint x) { fill(w, x); }
__kernel void k(__global uint *out) {
  uint w[4];
  init(w, get_global_id(0));
#if (DEVICE_INFO & DEV_NVIDIA) && (DEVICE_INFO & DEV_GPU)
  uint r;
  asm("add.u32 %0, %1, 1;" : "=r"(r) : "r"(sum4(w)));
  out[get_global_id(0)] = r;
#else
  out[get_global_id(0)] = sum4(w) + 1;
#endif
}
