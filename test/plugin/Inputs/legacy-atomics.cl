// ROCm 5's HIP headers reach atomicInc/atomicDec through asm labels naming
// intrinsics LLVM 22 no longer has.
uint legacy_inc(__generic uint *p, uint v, uint order, uint scope, bool vol)
    __asm("llvm.amdgcn.atomic.inc.i32.p0i32");
uint legacy_dec(__generic uint *p, uint v, uint order, uint scope, bool vol)
    __asm("llvm.amdgcn.atomic.dec.i32.p0i32");

kernel void counters(global uint *g, global uint *out) {
  local uint l[1];
  if (get_local_id(0) == 0)
    l[0] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = legacy_inc(g, 17, 7, 1, false) + legacy_dec(l, 137, 7, 1, false);
}
