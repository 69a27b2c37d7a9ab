/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* rt.c — gasp-run's runtime: arenas, work-items as fibers, barriers, the
 * work-item builtins, the address-space checks and the oracle.
 *
 * Memory.  Four mmap'ed arenas: global buffers, constant buffers (and the
 * AMDGPU dispatch packet and implicit kernel arguments), dynamic local
 * memory (zeroed before each group), and the private stacks of the
 * work-items (one per item, a PROT_NONE guard page below each).
 * Module-scope variables stay where the JIT put them and are registered as
 * extra ranges of their space (local ones are zeroed before each group).  rt_kind_of(addr) answers which arena holds a byte.
 *
 * Work-items.  A group's items are ucontext fibers run round-robin in local
 * id order: an item runs until it reaches a barrier or returns, then the next
 * one runs.  When all items wait, the next round resumes them; when some
 * returned while others wait, that is barrier divergence (an error).  One
 * host thread, a fixed order: every run of a module gives the same bytes,
 * atomics included, which is what --compare needs.
 *
 * Errors inside kernel code (a --check-as violation, a fault, the timeout,
 * divergence) siglongjmp back to rt_launch with a message in Runtime.err.
 *
 * Process state.  The builtins the JIT'd code calls take no context argument,
 * so the runtime keeps one pointer to the running launch (rt_cur).  This is
 * the executor's only mutable global; the gasp library has none. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "exec/ptx.h"

#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

/* A work-item's stack: what the private arena's budget gives each item of
   a group, between 1 MiB and 64 MiB.  At -O0 the JIT gives a value live
   across blocks a frame slot, so a huge function's frame grows with it: a
   tags-lowered random program of the 5,000-function stream (seed 11313,
   nvptx64, -O0: a kernel of 726,000 lines) overflowed 1 MiB, where its
   groups of 8 items each have 64 MiB now.  The arena stays below 2 GiB
   for 32-bit private pointers (arena_map). */
#define STACK_MIN (1u << 20)
#define STACK_MAX (64u << 20)
#define PRIVATE_BUDGET (512u << 20)
#define GUARD_BYTES 4096u
#define MAX_ITEMS 1024u
#define MAX_DEPTH 256u
/* NVPTX's reserved shared memory (%reserved_smem_offset_1: cooperative
   groups keeps its block-wide scratch there, 288 bytes at most, zeroed with
   the arena for each group); the device reserves 1 KiB on sm_80 and later */
#define SMEM_RESERVED 1024u
#define ALIGN 64u

enum { IT_READY, IT_RUNNING, IT_BARRIER, IT_DONE };

typedef struct Item {
  ucontext_t ctx;
  int state;
  size_t lid[3];
  uint32_t ctxs[MAX_DEPTH]; /* oracle: context id per call depth */
  unsigned depth;
  uint32_t lane_value; /* what it hands its warp at a shuffle (rt_lane_value) */
  uint64_t clock;      /* its cycle counter (rt_clock) */
  uint32_t carry;      /* PTX's CC.CF (rt_carry) */
} Item;

typedef struct Range {
  uint64_t lo, hi;
  int kind;
} Range;

typedef struct OracleCtx {
  uint32_t parent, call;
} OracleCtx;

typedef struct OracleHit {
  uint32_t site, ctx;
  unsigned mask;
} OracleHit;

typedef struct Runtime {
  const RunOptions *o;
  const RunPrep *p;
  const TgtTable *t;
  uint8_t *arena[RK_COUNT];
  size_t arena_size[RK_COUNT], arena_used[RK_COUNT];
  uint8_t *smem_reserved; /* NVPTX's reserved shared block (rt_smem_reserved) */
  VEC(Range) ranges;
  size_t ngroups[3], group[3];
  Item *items;
  size_t nitems, cur;
  size_t stack_bytes; /* each item's stack (set_up) */
  ucontext_t sched;
  RunEntryFn entry;
  uint64_t *args;
  void **bufptr; /* where each buffer of the run lives (spec_buffer order) */
  void *packet;
  void *implicit; /* AMDGPU code object v5 implicit kernel arguments */
  /* the last instrumented access, for fault reports */
  int64_t last_site;
  uint64_t last_addr;
  /* --count */
  uint64_t executed[3]; /* by SITE_LOAD, SITE_STORE, SITE_OTHER */
  uint64_t executed_generic; /* of those, through a generic pointer */
  uint64_t executed_instrs;  /* instructions of the module executed */
  uint64_t executed_casts;   /* of those, only for the optimizer: casts, launders, fake uses (prep.c) */
  /* oracle */
  uint64_t generic_accesses;
  VEC(OracleCtx) ctxs;
  PtrMap ctx_map; /* (parent, call) + 1 -> context id */
  VEC(OracleHit) hits;
  PtrMap hit_map; /* (site, ctx) + 1 -> index in hits */
  /* errors */
  sigjmp_buf jb;
  int status;
  char *err;
  void *altstack;
} Runtime;

static Runtime *rt_cur;

/* ---- arenas ------------------------------------------------------------ */

static size_t round_up(size_t n, size_t a) { return (n + a - 1) / a * a; }

/* Each arena lies between two unmapped gaps of ARENA_GAP bytes, so an
   index a little past either end of a buffer (a kernel reading in[-2] on
   synthetic data) reaches no other arena, whatever the layout of the run:
   it is outside every arena for clang's module and gasp's alike. */
#define ARENA_GAP (1u << 20)

static bool arena_map(Runtime *r, int k, size_t bytes) {
  bytes = round_up(bytes ? bytes : 1, 4096);
  /* 32-bit local and private pointers (prep.c): those bytes below 2 GiB */
  int low = r->p->narrow && (k == RK_LOCAL || k == RK_PRIVATE) ? MAP_32BIT : 0;
  /* at the same address in every run where it is free, so pointer bits
     a kernel writes out compare equal between two modules (--compare) */
  uintptr_t at = low ? (k == RK_LOCAL ? 0x10000000u : 0x30000000u) : ARENA_AT(k);
  size_t len = bytes + 2 * (size_t)ARENA_GAP;
  int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | low;
  uint8_t *p = mmap((void *)at, len, PROT_NONE, flags | MAP_FIXED_NOREPLACE, -1, 0);
  if (p == MAP_FAILED || p != (uint8_t *)at) {
    if (p != MAP_FAILED)
      munmap(p, len); /* a kernel without MAP_FIXED_NOREPLACE took it as a hint */
    p = mmap(NULL, len, PROT_NONE, flags, -1, 0);
  }
  if (p == MAP_FAILED)
    return false;
  if (mprotect(p + ARENA_GAP, bytes, PROT_READ | PROT_WRITE)) {
    munmap(p, len);
    return false;
  }
  r->arena[k] = p + ARENA_GAP;
  r->arena_size[k] = bytes;
  return true;
}

static void *arena_alloc(Runtime *r, int k, size_t bytes) {
  void *p = r->arena[k] + r->arena_used[k];
  r->arena_used[k] += round_up(bytes, ALIGN);
  return p;
}

static int kind_of(const Runtime *r, uint64_t a) {
  for (int k = 0; k < RK_COUNT; k++)
    if (r->arena[k] && a >= (uint64_t)(uintptr_t)r->arena[k] &&
        a < (uint64_t)(uintptr_t)r->arena[k] + r->arena_size[k])
      return k;
  for (size_t i = 0; i < r->ranges.n; i++)
    if (a >= r->ranges.v[i].lo && a < r->ranges.v[i].hi)
      return r->ranges.v[i].kind;
  return RK_NONE;
}

int rt_kind_of(uint64_t addr) { return rt_cur ? kind_of(rt_cur, addr) : RK_NONE; }

static int kind_as(const TgtTable *t, int k) {
  switch (k) {
  case RK_GLOBAL:
    return t->global;
  case RK_CONSTANT:
    return t->constant;
  case RK_LOCAL:
    return t->local;
  default:
    return t->priv;
  }
}

/* ---- errors raised inside kernel code ---------------------------------- */

static void raise_error(Runtime *r, int status, char *msg) {
  r->status = status;
  r->err = msg;
  siglongjmp(r->jb, 1);
}

static char *where(const Runtime *r) {
  const Item *it = &r->items[r->cur];
  return xasprintf("work-item (%zu,%zu,%zu) of group (%zu,%zu,%zu)", it->lid[0],
                   it->lid[1], it->lid[2], r->group[0], r->group[1], r->group[2]);
}

static char *describe_addr(const Runtime *r, uint64_t a) {
  int k = kind_of(r, a);
  if (k != RK_NONE)
    return xasprintf("0x%llx (%s)", (unsigned long long)a, run_kind_name(k));
  unsigned tag = (unsigned)(a >> 61);
  if (tag && tag != 7)
    return xasprintf("0x%llx (outside every arena; bits 61-63 hold tag %u%u%u)",
                     (unsigned long long)a, tag >> 2 & 1, tag >> 1 & 1, tag & 1);
  return xasprintf("0x%llx (outside every arena)", (unsigned long long)a);
}

static char *describe_site(const RunSite *s) {
  return xasprintf("in @%s: %s%s%s%s", s->func, s->text, s->loc ? " (" : "",
                   s->loc ? s->loc : "", s->loc ? ")" : "");
}

static void violation(Runtime *r, const RunSite *s, uint64_t addr, int actual) {
  char *w = where(r), *site = describe_site(s), *a = describe_addr(r, addr);
  const char *claimed = s->generic ? "generic" : tgt_space_name(r->t, s->as);
  char *msg = xasprintf("address-space violation %s\n  %s\n  claimed space: %s"
                        " (addrspace %d)\n  actual space: %s\n  address: %s",
                        w, site, claimed, s->as,
                        actual == RK_NONE ? "none" : run_kind_name(actual), a);
  free(w);
  free(site);
  free(a);
  raise_error(r, RUN_EVIOLATION, msg);
}

/* ---- the oracle -------------------------------------------------------- */

static const void *key2(uint32_t a, uint32_t b) {
  return (const void *)(uintptr_t)((((uint64_t)a << 32) | b) + 1);
}

static void oracle_record(Runtime *r, uint32_t site, int kind) {
  Item *it = &r->items[r->cur];
  uint32_t ctx = it->depth ? it->ctxs[it->depth - 1] : 0;
  uint32_t h = map_find(&r->hit_map, key2(site, ctx));
  if (h == MAP_NONE) {
    h = (uint32_t)r->hits.n;
    OracleHit hit = {site, ctx, 0};
    vec_push(&r->hits, hit);
    map_put(&r->hit_map, key2(site, ctx), h);
  }
  r->hits.v[h].mask |= 1u << (kind == RK_NONE ? RK_COUNT : kind);
}

static void print_mask(FILE *f, unsigned mask) {
  const char *sep = "";
  for (int k = 0; k <= RK_COUNT; k++)
    if (mask & 1u << k) {
      fprintf(f, "%s%s", sep, k == RK_COUNT ? "none" : run_kind_name(k));
      sep = ",";
    }
}

static void print_ctx(const Runtime *r, FILE *f, uint32_t ctx) {
  uint32_t chain[MAX_DEPTH];
  unsigned n = 0;
  while (ctx && n < MAX_DEPTH) {
    chain[n++] = r->ctxs.v[ctx].call;
    ctx = r->ctxs.v[ctx].parent;
  }
  fprintf(f, "@%s", r->o->kernel);
  while (n--) {
    const RunCallSite *c = &r->p->calls.v[chain[n]];
    fprintf(f, "[%u] -> @%s", c->index, c->callee);
  }
}

static int popcount(unsigned m) {
  int n = 0;
  for (; m; m &= m - 1)
    n++;
  return n;
}

static void oracle_report(const Runtime *r, FILE *f) {
  size_t nsites = r->p->sites.n, sites = 0, single = 0, multi = 0;
  unsigned *mask = xcalloc(nsites ? nsites : 1, sizeof *mask);
  bool *split = xcalloc(nsites ? nsites : 1, sizeof *split);
  unsigned *nctx = xcalloc(nsites ? nsites : 1, sizeof *nctx);
  for (size_t i = 0; i < r->hits.n; i++) {
    const OracleHit *h = &r->hits.v[i];
    mask[h->site] |= h->mask;
    nctx[h->site]++;
    if (popcount(h->mask) > 1)
      split[h->site] = true;
  }
  for (size_t s = 0; s < nsites; s++)
    if (mask[s]) {
      sites++;
      if (split[s])
        multi++;
      else
        single++;
    }
  fprintf(f, "oracle: generic-accesses=%llu sites=%zu single-space-sites=%zu "
             "multi-space-sites=%zu\n",
          (unsigned long long)r->generic_accesses, sites, single, multi);
  for (size_t s = 0; s < nsites; s++) {
    if (!mask[s])
      continue;
    const RunSite *st = &r->p->sites.v[s];
    fprintf(f, "oracle: site %zu @%s: %s%s%s%s: ", s, st->func, st->text,
            st->loc ? " (" : "", st->loc ? st->loc : "", st->loc ? ")" : "");
    print_mask(f, mask[s]);
    fprintf(f, " in %u context%s, %s\n", nctx[s], nctx[s] == 1 ? "" : "s",
            split[s] ? "multi-space" : "single-space in every context");
    for (size_t i = 0; i < r->hits.n; i++)
      if (r->hits.v[i].site == s) {
        fprintf(f, "oracle:   ");
        print_ctx(r, f, r->hits.v[i].ctx);
        fprintf(f, ": ");
        print_mask(f, r->hits.v[i].mask);
        fprintf(f, "\n");
      }
  }
  free(mask);
  free(split);
  free(nctx);
}

/* ---- hooks the instrumentation calls ----------------------------------- */

void rt_block(uint32_t instrs, uint32_t casts) {
  rt_cur->executed_instrs += instrs;
  rt_cur->executed_casts += casts;
}

void rt_access(uint64_t addr, uint64_t size, uint32_t site) {
  Runtime *r = rt_cur;
  const RunSite *s = &r->p->sites.v[site];
  r->last_site = site;
  r->last_addr = addr;
  r->executed[s->op]++;
  r->executed_generic += s->generic;
  if (!size)
    return;
  int k = kind_of(r, addr), k2 = size > 1 ? kind_of(r, addr + size - 1) : k;
  if (s->generic) {
    r->generic_accesses++;
    if (r->o->oracle)
      oracle_record(r, site, k);
    if (r->o->check_as && (k == RK_NONE || k2 != k))
      violation(r, s, addr, k == RK_NONE ? k : k2);
    return;
  }
  if (!r->o->check_as || s->claim == RK_NONE)
    return; /* a named space gasp-run does not check (NVPTX param, AMDGPU
               buffer resources: prep.c), instrumented for --count only */
  if (k != RK_NONE && k2 == k && s->as == r->t->global &&
      tgt_in_global(r->t, kind_as(r->t, k), r->o->private_in_global))
    return; /* memory the target keeps in the global buffer (constant;
               private under --private-in-global) */
  if (k == RK_NONE || k2 != k || tgt_disjoint(r->t, s->as, kind_as(r->t, k)))
    violation(r, s, addr, k == RK_NONE ? k2 : k);
}

void rt_enter(uint32_t call) {
  Runtime *r = rt_cur;
  Item *it = &r->items[r->cur];
  uint32_t parent = it->depth ? it->ctxs[it->depth - 1] : 0;
  uint32_t id = map_find(&r->ctx_map, key2(parent, call));
  if (id == MAP_NONE) {
    id = (uint32_t)r->ctxs.n;
    OracleCtx c = {parent, call};
    vec_push(&r->ctxs, c);
    map_put(&r->ctx_map, key2(parent, call), id);
  }
  if (it->depth >= MAX_DEPTH)
    raise_error(r, RUN_EKERNEL,
                xasprintf("call depth over %u (runaway recursion?)", MAX_DEPTH));
  it->ctxs[it->depth++] = id;
}

void rt_leave(void) {
  Item *it = &rt_cur->items[rt_cur->cur];
  if (it->depth)
    it->depth--;
}

/* ---- work-item builtins ------------------------------------------------ */

uint64_t rt_local_id(uint32_t d) { return d < 3 ? rt_cur->items[rt_cur->cur].lid[d] : 0; }
uint64_t rt_linear_local_id(void) { return rt_cur->cur; }
uint64_t rt_clock(void) { return ++rt_cur->items[rt_cur->cur].clock; }

/* NVPTX's 32-bit shared-window offsets: relative to the 4 GiB-aligned base
   below the local arena (one fixed address in every run), which must hold
   the whole arena.  A 64-bit value past 4 GiB is a host address already
   (what a 64-bit shared address is on the host) and stays as it is. */
static uint64_t smem_window_base(Runtime *r) {
  uint64_t lo = (uint64_t)(uintptr_t)r->arena[RK_LOCAL], base = lo & ~0xffffffffull;
  if (lo + r->arena_size[RK_LOCAL] > base + 0x100000000ull)
    raise_error(r, RUN_EKERNEL,
                xstrdup("the local arena crosses a 4 GiB boundary: no 32-bit shared-window "
                        "offset names it (NVPTX's %reserved_smem_offset_1)"));
  return base;
}
uint32_t rt_smem_reserved(void) {
  return (uint32_t)((uint64_t)(uintptr_t)rt_cur->smem_reserved - smem_window_base(rt_cur));
}
uint64_t rt_smem_window(uint64_t off) {
  return off >> 32 ? off : smem_window_base(rt_cur) + off;
}

/* A windowed space's base and size (window.c's integers, ptx.h): the
   local arena's window, or the current work-item's stack. */
static uint64_t window_of(Runtime *r, uint32_t kind, uint64_t *size) {
  if (kind == RK_PRIVATE) {
    *size = r->stack_bytes;
    return (uint64_t)(uintptr_t)r->items[r->cur].ctx.uc_stack.ss_sp;
  }
  *size = 0x100000000ull;
  return smem_window_base(r);
}
uint64_t rt_window_offset(uint64_t addr, uint32_t kind) {
  uint64_t size, base = window_of(rt_cur, kind, &size);
  return addr >= base && addr - base < size ? addr - base : addr;
}
uint64_t rt_window_address(uint64_t off, uint32_t kind) {
  uint64_t size, base = window_of(rt_cur, kind, &size);
  return off && off < size ? base + off : off;
}
uint64_t rt_group_id(uint32_t d) { return d < 3 ? rt_cur->group[d] : 0; }
uint64_t rt_local_size(uint32_t d) { return d < 3 ? rt_cur->o->local[d] : 1; }
uint64_t rt_global_size(uint32_t d) { return d < 3 ? rt_cur->o->global[d] : 1; }
uint64_t rt_num_groups(uint32_t d) { return d < 3 ? rt_cur->ngroups[d] : 1; }
uint64_t rt_global_offset(uint32_t d) { return 0; }
uint32_t rt_work_dim(void) { return rt_cur->o->dims; }
uint64_t rt_global_id(uint32_t d) {
  return d < 3 ? rt_group_id(d) * rt_local_size(d) + rt_local_id(d) : 0;
}
void *rt_dispatch_packet(void) { return rt_cur->packet; }
void *rt_implicit_args(void) { return rt_cur->implicit; }

void rt_barrier(void) {
  Runtime *r = rt_cur;
  Item *it = &r->items[r->cur];
  it->state = IT_BARRIER;
  swapcontext(&it->ctx, &r->sched);
}

/* Every work-item of the group posts v and waits; each then reads the one
   at lane of its warp (or wave) of width, and waits again before the next
   exchange may overwrite what it read.  A group barrier stands for the
   warp's: a shuffle that only some of the group reach is a divergence. */
uint32_t rt_lane_value(uint32_t v, uint32_t lane, uint32_t width) {
  Runtime *r = rt_cur;
  size_t me = r->cur;
  r->items[me].lane_value = v;
  rt_barrier();
  size_t from = me - me % width + lane % width;
  uint32_t got = from < r->nitems ? r->items[from].lane_value : v;
  rt_barrier();
  return got;
}

uint32_t rt_ballot(bool bit) {
  Runtime *r = rt_cur;
  size_t me = r->cur, first = me - me % 32;
  r->items[me].lane_value = bit;
  rt_barrier();
  uint32_t got = 0;
  for (size_t k = 0; k < 32 && first + k < r->nitems; k++)
    got |= (r->items[first + k].lane_value & 1u) << k;
  rt_barrier();
  return got;
}

void rt_unknown_called(void) {
  raise_error(rt_cur, RUN_EKERNEL,
              xstrdup("called an unknown external function (see the module's "
                      "__gasp_unknown.* declarations)"));
}

void rt_assert_failed(const char *msg, const char *file, unsigned line, const char *fn) {
  raise_error(rt_cur, RUN_EKERNEL,
              xasprintf("%s:%u: %s: device-side assertion '%s' failed", file ? file : "?",
                        line, fn ? fn : "?", msg ? msg : "?"));
}

uint32_t rt_carry(void) {
  return rt_cur->items[rt_cur->cur].carry;
}

void rt_set_carry(uint32_t cf) {
  rt_cur->items[rt_cur->cur].carry = cf & 1u;
}

/* llvm.trap: the host would lower it to an illegal instruction (ud2),
   which is no fault of the memory the run checks; a kernel its compiler
   proved must stop (a template instance whose static check failed: the
   whole body is the trap) reaches it at once.  The device stops the launch
   ("unspecified launch failure"); so does the run, saying so.
   llvm.ubsantrap's i8 argument is not read. */
void rt_trap(void) {
  Runtime *r = rt_cur;
  char *w = where(r);
  char *msg = xasprintf("trap: %s executed llvm.trap (CUDA's __trap(), HIP's abort(), or a "
                        "kernel its compiler proved must stop): the device stops the launch",
                        w);
  free(w);
  raise_error(r, RUN_EKERNEL, msg);
}

/* ---- signals ----------------------------------------------------------- */

static void on_signal(int sig, siginfo_t *si, void *uc) {
  Runtime *r = rt_cur;
  if (sig == SIGALRM) {
    r->status = RUN_ETIMEOUT;
    r->err = xasprintf("timeout: the kernel ran longer than %u s", r->o->timeout);
    siglongjmp(r->jb, 1);
  }
  char *w = where(r);
  uint64_t fa = (uint64_t)(uintptr_t)si->si_addr;
  char *a = describe_addr(r, fa);
  uint64_t pbase = (uint64_t)(uintptr_t)r->arena[RK_PRIVATE];
  if (sig == SIGFPE) {
    free(a);
    a = xasprintf("0x%llx", (unsigned long long)fa);
  } else if ( fa >= pbase && fa < pbase + r->arena_size[RK_PRIVATE] &&
      (fa - pbase) % (r->stack_bytes + GUARD_BYTES) < GUARD_BYTES) {
    free(a);
    a = xasprintf("0x%llx (a guard page: the work-item overflowed its %zu KiB "
                  "private stack)",
                  (unsigned long long)fa, r->stack_bytes / 1024);
  }
  char *last = r->last_site >= 0
                   ? describe_site(&r->p->sites.v[r->last_site])
                   : xstrdup(r->o->check_as ? "(none yet: the fault is an unchecked access's)"
                                            : "(no instrumented access yet; run with --check-as)");
  char *la = describe_addr(r, r->last_addr);
  r->status = sig == SIGFPE ? RUN_EKERNEL : RUN_EVIOLATION;
  r->err = xasprintf("%s (%s) in %s\n  %s: %s\n  last "
                     "checked access %s\n  its address: %s",
                     sig == SIGFPE ? "arithmetic fault" : "memory fault",
                     sig == SIGSEGV ? "SIGSEGV" : sig == SIGBUS ? "SIGBUS" : "SIGFPE", w,
                     sig == SIGFPE ? "at instruction" : "fault address", fa ? a : "unknown (a non-canonical address: a tagged pointer?)",
                     last, r->last_site >= 0 ? la : "-");
  free(w);
  free(a);
  free(last);
  free(la);
  siglongjmp(r->jb, 1);
}

typedef struct SavedSignals {
  struct sigaction old[4];
  stack_t old_stack;
} SavedSignals;

static const int handled[4] = {SIGSEGV, SIGBUS, SIGFPE, SIGALRM};

static void install_signals(Runtime *r, SavedSignals *sv) {
  r->altstack = xmalloc(1u << 16);
  stack_t ss = {.ss_sp = r->altstack, .ss_size = 1u << 16, .ss_flags = 0};
  sigaltstack(&ss, &sv->old_stack);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_signal;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&sa.sa_mask);
  for (int i = 0; i < 4; i++)
    sigaction(handled[i], &sa, &sv->old[i]);
}

static void restore_signals(Runtime *r, SavedSignals *sv) {
  alarm(0);
  for (int i = 0; i < 4; i++)
    sigaction(handled[i], &sv->old[i], NULL);
  sigaltstack(&sv->old_stack, NULL);
  free(r->altstack);
}

/* ---- the NDRange ------------------------------------------------------- */

static void fiber_main(void) {
  Runtime *r = rt_cur;
  r->entry(r->args);
  r->items[r->cur].state = IT_DONE;
}

static void zero_local(Runtime *r) {
  memset(r->arena[RK_LOCAL], 0, r->arena_used[RK_LOCAL]);
  for (size_t i = 0; i < r->ranges.n; i++)
    if (r->ranges.v[i].kind == RK_LOCAL)
      memset((void *)(uintptr_t)r->ranges.v[i].lo, 0,
             r->ranges.v[i].hi - r->ranges.v[i].lo);
}

/* getcontext and swapcontext return twice: they live in their own small
   functions so no caller's loop variable spans them. */
#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

static NOINLINE void init_item(Runtime *r, size_t i) {
  Item *it = &r->items[i];
  size_t lx = r->o->local[0], ly = r->o->local[1];
  it->lid[0] = i % lx;
  it->lid[1] = i / lx % ly;
  it->lid[2] = i / (lx * ly);
  it->depth = 0;
  it->clock = 0;
  it->carry = 0;
  it->state = IT_READY;
  getcontext(&it->ctx);
  it->ctx.uc_stack.ss_sp =
      r->arena[RK_PRIVATE] + i * (r->stack_bytes + GUARD_BYTES) + GUARD_BYTES;
  it->ctx.uc_stack.ss_size = r->stack_bytes;
  it->ctx.uc_link = &r->sched;
  makecontext(&it->ctx, fiber_main, 0);
}

static NOINLINE void resume_item(Runtime *r, size_t i) {
  r->cur = i;
  r->items[i].state = IT_RUNNING;
  swapcontext(&r->sched, &r->items[i].ctx);
}

static void run_group(Runtime *r) {
  zero_local(r);
  for (size_t i = 0; i < r->nitems; i++)
    init_item(r, i);
  for (;;) {
    size_t done = 0, waiting = 0;
    for (size_t i = 0; i < r->nitems; i++) {
      if (r->items[i].state != IT_DONE)
        resume_item(r, i);
      if (r->items[i].state == IT_BARRIER)
        waiting++;
      else
        done++;
    }
    if (done == r->nitems)
      return;
    if (waiting == r->nitems)
      continue;
    raise_error(r, RUN_EKERNEL,
                xasprintf("barrier divergence in group (%zu,%zu,%zu): %zu "
                          "work-items wait at a barrier, %zu returned",
                          r->group[0], r->group[1], r->group[2], waiting, done));
  }
}

/* Kept out of line: rt_launch's sigsetjmp must not see its locals. */
static NOINLINE void run_groups(Runtime *r) {
  for (r->group[2] = 0; r->group[2] < r->ngroups[2]; r->group[2]++)
    for (r->group[1] = 0; r->group[1] < r->ngroups[1]; r->group[1]++)
      for (r->group[0] = 0; r->group[0] < r->ngroups[0]; r->group[0]++)
        run_group(r);
}

/* The arena of buffer argument i: constant for a constant-space parameter. */
static int buf_kind(const Runtime *r, unsigned i) {
  return r->p->pspace.v[i] == RK_CONSTANT ? RK_CONSTANT : RK_GLOBAL;
}

static bool set_up(Runtime *r, RunGlobalsFn globals, RunBuffers *bufs, char **err) {
  const RunOptions *o = r->o;
  size_t need[RK_COUNT] = {0};
  need[RK_CONSTANT] = 4096; /* dispatch packet, implicit arguments */
  for (unsigned i = 0; i < o->nargs; i++) {
    const RunArg *a = &o->args[i];
    if (a->kind == ARG_BUF) {
      need[buf_kind(r, i)] += round_up(a->count * spec_elem_size(a->elem), ALIGN);
    } else if (a->kind == ARG_LOCAL) {
      need[RK_LOCAL] += round_up(a->count, ALIGN);
    } else if (a->kind == ARG_STRUCT) {
      size_t offs[SPEC_MAX_FIELDS];
      need[RK_CONSTANT] += round_up(spec_struct_layout(a, offs), ALIGN);
      for (unsigned k = 0; k < a->nfields; k++)
        if (a->fields[k].kind == ARG_BUF)
          need[RK_GLOBAL] +=
              round_up(a->fields[k].count * spec_elem_size(a->fields[k].elem), ALIGN);
    }
  }
  need[RK_LOCAL] += SMEM_RESERVED;
  size_t stack = PRIVATE_BUDGET / (r->nitems ? r->nitems : 1) / 4096 * 4096;
  r->stack_bytes = stack < STACK_MIN ? STACK_MIN : stack > STACK_MAX ? STACK_MAX : stack;
  need[RK_PRIVATE] = r->nitems * (r->stack_bytes + GUARD_BYTES);
  for (int k = 0; k < RK_COUNT; k++)
    if (!arena_map(r, k, need[k])) {
      *err = xasprintf("cannot map %zu bytes for the %s arena", need[k],
                       run_kind_name(k));
      return false;
    }
  for (size_t i = 0; i < r->nitems; i++)
    mprotect(r->arena[RK_PRIVATE] + i * (r->stack_bytes + GUARD_BYTES), GUARD_BYTES,
             PROT_NONE);
  r->packet = arena_alloc(r, RK_CONSTANT, 64);
  uint16_t *p16 = r->packet;
  uint32_t *p32 = r->packet;
  for (int d = 0; d < 3; d++) {
    p16[2 + d] = (uint16_t)o->local[d];
    p32[3 + d] = (uint32_t)o->global[d];
  }
  /* code object v5's hidden arguments, as HIP's and the device libraries'
     code reads them: block counts (u32 at 0, 4, 8), work-group sizes (u16
     at 12, 14, 16), remainders (u16 at 18, 20, 22), global offsets (u64 at
     40, 48, 56: 0), the number of dimensions (u16 at 64) */
  r->implicit = arena_alloc(r, RK_CONSTANT, 256);
  unsigned char *ia = r->implicit;
  uint16_t dims = 1;
  for (int d = 0; d < 3; d++) {
    uint32_t count = (uint32_t)(o->global[d] / o->local[d]);
    uint16_t size = (uint16_t)o->local[d], rem = (uint16_t)(o->global[d] % o->local[d]);
    memcpy(ia + 4 * d, &count, 4);
    memcpy(ia + 12 + 2 * d, &size, 2);
    memcpy(ia + 18 + 2 * d, &rem, 2);
    if (o->global[d] > 1)
      dims = (uint16_t)(d + 1);
  }
  memcpy(ia + 64, &dims, 2);
  unsigned nb = spec_buffer_count(o->args, o->nargs), extra = o->nargs;
  bufs->n = nb;
  bufs->data = xcalloc(nb ? nb : 1, sizeof *bufs->data);
  bufs->initial = xcalloc(nb ? nb : 1, sizeof *bufs->initial);
  bufs->bytes = xcalloc(nb ? nb : 1, sizeof *bufs->bytes);
  r->bufptr = xcalloc(nb ? nb : 1, sizeof *r->bufptr);
  r->args = xcalloc(o->nargs ? o->nargs : 1, sizeof *r->args);
  for (unsigned i = 0; i < o->nargs; i++) {
    const RunArg *a = &o->args[i];
    switch (a->kind) {
    case ARG_BUF: {
      size_t n = a->count * spec_elem_size(a->elem);
      void *d = arena_alloc(r, buf_kind(r, i), n);
      spec_fill(a, d);
      bufs->bytes[i] = n;
      bufs->initial[i] = xmalloc(n);
      memcpy(bufs->initial[i], d, n);
      r->args[i] = (uint64_t)(uintptr_t)d;
      r->bufptr[i] = d;
      break;
    }
    case ARG_STRUCT: { /* the host fills it: constant memory, pointers to global */
      size_t offs[SPEC_MAX_FIELDS], size = spec_struct_layout(a, offs);
      char *img = arena_alloc(r, RK_CONSTANT, size);
      for (unsigned k = 0; k < a->nfields; k++) {
        const RunArg *f = &a->fields[k];
        if (f->kind == ARG_BUF) {
          size_t n = f->count * spec_elem_size(f->elem);
          void *d = arena_alloc(r, RK_GLOBAL, n);
          spec_fill(f, d);
          bufs->bytes[extra] = n;
          bufs->initial[extra] = xmalloc(n);
          memcpy(bufs->initial[extra], d, n);
          r->bufptr[extra++] = d;
          uint64_t p = (uint64_t)(uintptr_t)d;
          memcpy(img + offs[k], &p, 8);
        } else {
          spec_field_write(f, img + offs[k]);
        }
      }
      r->args[i] = (uint64_t)(uintptr_t)img;
      break;
    }
    case ARG_LOCAL:
      r->args[i] = (uint64_t)(uintptr_t)arena_alloc(r, RK_LOCAL, a->count);
      break;
    case ARG_I32:
      memcpy(&r->args[i], &a->val.i32, 4);
      break;
    case ARG_F32:
      memcpy(&r->args[i], &a->val.f32, 4);
      break;
    case ARG_I64:
      memcpy(&r->args[i], &a->val.i64, 8);
      break;
    case ARG_F64:
      memcpy(&r->args[i], &a->val.f64, 8);
      break;
    case ARG_I8: /* struct fields only: spec_parse refuses them here */
    case ARG_I16:
    case ARG_PAD:
      break;
    }
  }
  r->smem_reserved = arena_alloc(r, RK_LOCAL, SMEM_RESERVED);
  size_t ng = r->p->gkind.n;
  uint64_t *addrs = xcalloc(ng ? ng : 1, sizeof *addrs);
  globals(addrs);
  for (size_t g = 0; g < ng; g++) {
    Range rg = {addrs[g], addrs[g] + (r->p->gsize.v[g] ? r->p->gsize.v[g] : 1),
                r->p->gkind.v[g]};
    vec_push(&r->ranges, rg);
  }
  free(addrs);
  if (r->p->lds_block) { /* the local variables exec.c placed: the block, or
                            each variable without the gap after it (windows) */
    Range rg = {(uint64_t)(uintptr_t)r->p->lds_block,
                (uint64_t)(uintptr_t)r->p->lds_block + r->p->lds_size, RK_LOCAL};
    for (size_t i = 0; i < (r->p->window ? r->p->lds.n : 0); i++) {
      const RunLds *l = &r->p->lds.v[i];
      Range one = {rg.lo + l->at, rg.lo + l->at + (l->size ? l->size : 1), RK_LOCAL};
      vec_push(&r->ranges, one);
    }
    if (!r->p->window)
      vec_push(&r->ranges, rg);
    uint64_t base = (uint64_t)(uintptr_t)r->arena[RK_LOCAL] & ~0xffffffffull;
    if (r->p->window && (rg.lo < base || rg.hi > base + 0x100000000ull)) {
      *err = xstrdup("the local arena and the local variables are not in one 4 GiB window "
                     "(NVPTX's shared addresses as integers)");
      return false;
    }
  }
  r->items = xcalloc(r->nitems, sizeof *r->items);
  return true;
}

static void tear_down(Runtime *r, RunBuffers *bufs) {
  for (unsigned i = 0; i < bufs->n; i++)
    if (bufs->initial[i]) {
      bufs->data[i] = xmalloc(bufs->bytes[i]);
      memcpy(bufs->data[i], r->bufptr[i], bufs->bytes[i]);
    }
  for (int k = 0; k < RK_COUNT; k++)
    if (r->arena[k])
      munmap(r->arena[k] - ARENA_GAP, r->arena_size[k] + 2 * (size_t)ARENA_GAP);
  free(r->items);
  free(r->args);
  free(r->bufptr);
  vec_free(&r->ranges);
  vec_free(&r->ctxs);
  vec_free(&r->hits);
  map_free(&r->ctx_map);
  map_free(&r->hit_map);
}

int rt_launch(const RunOptions *o, const RunPrep *p, const TgtTable *t,
              RunEntryFn entry, RunGlobalsFn globals, RunBuffers *bufs,
              char **err) {
  Runtime *r = xcalloc(1, sizeof *r);
  r->o = o;
  r->p = p;
  r->t = t;
  r->entry = entry;
  r->last_site = -1;
  map_init(&r->ctx_map);
  map_init(&r->hit_map);
  OracleCtx root = {0, 0};
  vec_push(&r->ctxs, root);
  r->nitems = o->local[0] * o->local[1] * o->local[2];
  for (int d = 0; d < 3; d++)
    r->ngroups[d] = o->global[d] / o->local[d];
  rt_cur = r;
  int status = RUN_OK;
  if (!set_up(r, globals, bufs, err)) {
    status = RUN_EKERNEL;
    goto out;
  }
  SavedSignals sv;
  install_signals(r, &sv);
  if (sigsetjmp(r->jb, 1) == 0) {
    if (o->timeout)
      alarm(o->timeout);
    run_groups(r);
  } else {
    status = r->status;
    *err = r->err;
  }
  restore_signals(r, &sv);
  fflush(stdout);
  if (status == RUN_OK && o->oracle)
    oracle_report(r, o->out);
  if (status == RUN_OK && o->count)
    fprintf(o->out, "accesses: loads=%llu stores=%llu other=%llu generic=%llu instrs=%llu casts=%llu\n",
            (unsigned long long)r->executed[SITE_LOAD],
            (unsigned long long)r->executed[SITE_STORE],
            (unsigned long long)r->executed[SITE_OTHER],
            (unsigned long long)r->executed_generic,
            (unsigned long long)r->executed_instrs,
            (unsigned long long)r->executed_casts);
out:
  tear_down(r, bufs);
  rt_cur = NULL;
  free(r);
  return status;
}

void run_buffers_free(RunBuffers *b) {
  for (unsigned i = 0; i < b->n; i++) {
    free(b->data[i]);
    free(b->initial[i]);
  }
  free(b->data);
  free(b->initial);
  free(b->bytes);
  memset(b, 0, sizeof *b);
}
