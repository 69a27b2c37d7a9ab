/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* warp.c — the builtins a warp (NVPTX, 32 lanes) or a wave (AMDGPU, 64)
 * shares: shuffles, votes, __syncwarp, lane reads, the lane id.
 *
 * A warp is 32 consecutive work-items of the group by linear local id,
 * as the device forms them; the exchange itself is rt.c's (rt_lane_value,
 * rt_ballot: every item of the group posts and waits, a group barrier
 * standing for the warp's).  What a shuffle reads is decided here once:
 * shfl_src, the PTX ISA's rule (shfl.sync: clamp and segment mask in c),
 * serves both the value (the shuffle builtins) and the predicate a
 * `shfl.sync d|p` writes (gasp.shfl.in.<mode>, which ptxasm.c's inline
 * PTX calls), so the two cannot disagree. */
#include "exec/exec.h"

#include <string.h>

/* the caller's lane in its warp (width 32) or wave (64) */
static uint32_t lane_of(uint32_t width) { return (uint32_t)(rt_linear_local_id() % width); }
static uint32_t s_laneid(void) { return lane_of(32); }

/* ---- shuffles: NVPTX shfl (PTX ISA, shfl.sync) -------------------------- */
enum { SHFL_UP, SHFL_DOWN, SHFL_BFLY, SHFL_IDX };

/* Does the lane a PTX shfl of mode reads exist within the caller's segment
   (b: lane or offset; c: clamp and segment mask)?  *j: that lane, else the
   caller's own (what the shuffle returns then). */
static bool shfl_src(int mode, uint32_t b, uint32_t c, uint32_t *j) {
  uint32_t lane = lane_of(32), bval = b & 31, cval = c & 31;
  uint32_t seg = (c >> 8) & 31, max = (lane & seg) | (cval & ~seg), min = lane & seg;
  int64_t k;
  bool ok;
  switch (mode) {
  case SHFL_UP: k = (int64_t)lane - bval; ok = k >= (int64_t)max; break;
  case SHFL_DOWN: k = (int64_t)lane + bval; ok = k <= (int64_t)max; break;
  case SHFL_BFLY: k = lane ^ bval; ok = k <= (int64_t)max; break;
  default: k = min | (bval & ~seg); ok = k <= (int64_t)max; break;
  }
  *j = ok ? (uint32_t)k : lane;
  return ok;
}
static uint32_t shfl_lane(int mode, uint32_t b, uint32_t c) {
  uint32_t j;
  shfl_src(mode, b, c, &j);
  return j;
}
#define SHFL(name, mode)                                                       \
  static uint32_t name##_sync(uint32_t mask, uint32_t a, uint32_t b, uint32_t c) { \
    return rt_lane_value(a, shfl_lane(mode, b, c), 32);                        \
  }                                                                            \
  static uint32_t name(uint32_t a, uint32_t b, uint32_t c) {                   \
    return rt_lane_value(a, shfl_lane(mode, b, c), 32);                        \
  }                                                                            \
  static float name##_sync_f(uint32_t mask, float a, uint32_t b, uint32_t c) { \
    uint32_t u, r;                                                             \
    memcpy(&u, &a, 4);                                                         \
    r = rt_lane_value(u, shfl_lane(mode, b, c), 32);                           \
    memcpy(&a, &r, 4);                                                         \
    return a;                                                                  \
  }                                                                            \
  static bool name##_in(uint32_t b, uint32_t c) {                              \
    uint32_t j;                                                                \
    return shfl_src(mode, b, c, &j);                                           \
  }
SHFL(shfl_up, SHFL_UP)
SHFL(shfl_down, SHFL_DOWN)
SHFL(shfl_bfly, SHFL_BFLY)
SHFL(shfl_idx, SHFL_IDX)

/* ---- votes over the caller's warp (mask: every lane; the predicate an
   i1, read from its low bit) and __syncwarp, a barrier as a shuffle's ---- */
static uint32_t warp_lanes(void) {
  uint64_t n = rt_local_size(0) * rt_local_size(1) * rt_local_size(2);
  uint64_t first = rt_linear_local_id() / 32 * 32;
  return n - first >= 32 ? ~0u : (1u << (n - first)) - 1;
}
static uint32_t vote_ballot(uint32_t mask, uint32_t p) { return rt_ballot(p & 1); }
static bool vote_any(uint32_t mask, uint32_t p) { return rt_ballot(p & 1) != 0; }
static bool vote_all(uint32_t mask, uint32_t p) { return rt_ballot(p & 1) == warp_lanes(); }
static bool vote_uni(uint32_t mask, uint32_t p) { return rt_ballot(p & 1) % warp_lanes() == 0; }
static void warp_sync(uint32_t mask) { rt_barrier(); }

/* ---- AMDGPU wave64: ds_bpermute reads lane addr/4; readfirstlane lane 0
   (every lane active); mbcnt counts mask's bits below the caller's lane -- */
static uint32_t ds_bpermute(uint32_t addr, uint32_t v) { return rt_lane_value(v, (addr >> 2) & 63, 64); }
static uint32_t readfirstlane(uint32_t v) { return rt_lane_value(v, 0, 64); }
static uint32_t readlane(uint32_t v, uint32_t lane) { return rt_lane_value(v, lane & 63, 64); }
static uint32_t mbcnt_lo(uint32_t mask, uint32_t acc) {
  uint32_t lane = lane_of(64);
  return acc + (uint32_t)__builtin_popcount(mask & (lane >= 32 ? ~0u : (1u << lane) - 1));
}
static uint32_t mbcnt_hi(uint32_t mask, uint32_t acc) {
  uint32_t lane = lane_of(64);
  return acc + (uint32_t)__builtin_popcount(lane <= 32 ? 0 : mask & ((1u << (lane - 32)) - 1));
}

static const struct {
  const char *name;
  BuiltinFn fn;
} warp_fns[] = {
    {"llvm.nvvm.read.ptx.sreg.laneid", (BuiltinFn)s_laneid},
    {"llvm.nvvm.shfl.sync.up.i32", (BuiltinFn)shfl_up_sync},
    {"llvm.nvvm.shfl.sync.down.i32", (BuiltinFn)shfl_down_sync},
    {"llvm.nvvm.shfl.sync.bfly.i32", (BuiltinFn)shfl_bfly_sync},
    {"llvm.nvvm.shfl.sync.idx.i32", (BuiltinFn)shfl_idx_sync},
    {"llvm.nvvm.shfl.sync.up.f32", (BuiltinFn)shfl_up_sync_f},
    {"llvm.nvvm.shfl.sync.down.f32", (BuiltinFn)shfl_down_sync_f},
    {"llvm.nvvm.shfl.sync.bfly.f32", (BuiltinFn)shfl_bfly_sync_f},
    {"llvm.nvvm.shfl.sync.idx.f32", (BuiltinFn)shfl_idx_sync_f},
    {"llvm.nvvm.shfl.up.i32", (BuiltinFn)shfl_up},
    {"llvm.nvvm.shfl.down.i32", (BuiltinFn)shfl_down},
    {"llvm.nvvm.shfl.bfly.i32", (BuiltinFn)shfl_bfly},
    {"llvm.nvvm.shfl.idx.i32", (BuiltinFn)shfl_idx},
    {"gasp.shfl.in.up", (BuiltinFn)shfl_up_in},
    {"gasp.shfl.in.down", (BuiltinFn)shfl_down_in},
    {"gasp.shfl.in.bfly", (BuiltinFn)shfl_bfly_in},
    {"gasp.shfl.in.idx", (BuiltinFn)shfl_idx_in},
    {"llvm.nvvm.vote.ballot.sync", (BuiltinFn)vote_ballot},
    {"llvm.nvvm.vote.any.sync", (BuiltinFn)vote_any},
    {"llvm.nvvm.vote.all.sync", (BuiltinFn)vote_all},
    {"llvm.nvvm.vote.uni.sync", (BuiltinFn)vote_uni},
    {"llvm.nvvm.bar.warp.sync", (BuiltinFn)warp_sync},
    {"llvm.amdgcn.ds.bpermute", (BuiltinFn)ds_bpermute},
    {"llvm.amdgcn.readfirstlane.i32", (BuiltinFn)readfirstlane},
    {"llvm.amdgcn.readfirstlane", (BuiltinFn)readfirstlane},
    {"llvm.amdgcn.readlane.i32", (BuiltinFn)readlane},
    {"llvm.amdgcn.readlane", (BuiltinFn)readlane},
    {"llvm.amdgcn.mbcnt.lo", (BuiltinFn)mbcnt_lo},
    {"llvm.amdgcn.mbcnt.hi", (BuiltinFn)mbcnt_hi},
};

BuiltinFn warp_lookup(const char *name) {
  for (size_t i = 0; i < sizeof warp_fns / sizeof warp_fns[0]; i++)
    if (!strcmp(name, warp_fns[i].name))
      return warp_fns[i].fn;
  return NULL;
}
