#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""genprog.py — random OpenCL C 2.0 programs aimed at generic pointers (in
the spirit of CLSmith), for differential execution of gasp's output.

usage: genprog.py [--extended] [--sizes] [--vectors] [--writers] [--fnptrs] [--external]
                  [--asm | --asm-data] [--builtins] [--outparams] [--ints] SEED [OUT.cl]
                  (stdout without OUT)

--extended adds (from a random stream of its own, so the rest of the
program is the same) the shapes that found gasp's wrong code before:
pointer bits copied as data (an i64, a double, a vector, bytes in a loop, an
atomic exchange, a helper's integer return) into global and local memory
and loaded back as a pointer; volatile accesses, compare-and-swap and
fetch-add through generic pointers into every space; a private table of
pointers to kernel-scope local arrays (clang makes it a constant vector);
a struct kernel argument (by value) whose array is read through a
generic pointer; (a sixth stream) volatile structs and arrays in the
stack frame and structs passed by value (gasp's `frames` pass); (a third
stream) a pointer into one space or null,
tested before it is accessed, in the kernel or handed to a helper; and (a
fourth) a loop through a pointer into one of two spaces chosen before it.  Its kernel takes a fourth argument (run_args(seed, True)).

--sizes adds (a stream of its own again) what real code has and small
random programs do not: helpers of 1 to 600 basic blocks (switches, loops
nested three deep, if-chains and unrolled straight-line runs through a
generic pointer), names of 1 to 2,000 characters (plain or shaped like a
mangled C++ template), and, in one program in five, 20 to 300 more small
helpers (one in fifty: 1,000 to 5,000), each called with pointers into
every space so that gasp clones them (make fuzz-asan; docs/reliability.md).

--vectors adds (an eighth stream) noinline helpers that read and write
uint4 and uint2 through a generic pointer, called on the work-item's own
private and local vectors (AMDGPU MUBUF scratch splits a named private
access wider than 8 bytes: bench/random --vectors); vget4 also writes a
lane its index picks and reads one InstCombine picks at run time
(`c ? d.z : d.y`; NVPTX's stack temporary: frames.c, LANES).

--writers adds (a ninth stream) a cursor struct of three pointers (into
any space, chosen at run time too) and two integers, handed to noinline
helpers that read through its pointer fields and write its fields: the
integers, a pointer field moved from another (cur = base + k), two fields
swapped, and through the pointers it holds (gasp's fields pass: writers
take their callers' field facts; test/fields/writer-helpers.cl).

--fnptrs adds (a tenth stream) tables of noinline helpers called through
function pointers (clang's __cl_clang_function_pointers): two types of
different arity, the index chosen at run time, the arguments each
parameter's space for the whole program or any space per call (and a
run-time choice), and a helper that hands its own parameter on through a
table (gasp's indirect pass under --whole-program;
test/indirect/vtable.cl).

--asm adds (an eleventh stream) pointers made by inline assembly on NVPTX:
helpers that hand back the generic address of a local or global slice as
PTX's `cvta.shared.u64` / `cvta.global.u64` writes it (as an integer, then
a cast, or as the pointer itself), used in the kernel and handed to the
helpers (gasp's inline-asm source, casts.c's casts_asm_made; CUDA's
cooperative groups reach their reserved shared memory so).  On the other
targets (`#ifndef __NVPTX__`) the helpers return their argument: the same
program.  gasp-run runs such an asm as its input.  --asm-data adds, from
a random stream of its own, data through asm as CUDA libraries write it: loads and stores of
a slice (`ld.u32`, `st.u32`), register arithmetic, a pointer's bits
stored into a private cell by `st.u64` and read back as a pointer, or
moved by `mov.b64` (target/asmfx.c, the memory summary's reading of asm).

--builtins adds (a twelfth stream) OpenCL C 2.0 builtins that take generic
pointers: a helper calling vload4/vstore4 on the slice it is handed, one
calling atomic_load_explicit, atomic_compare_exchange_strong_explicit in a
loop (the expected value in private memory) and atomic_fetch_sub_explicit
on a global or local counter (an add and a subtraction: the counter's end
value does not depend on the work-items' order; no result is used), and in the kernel vload4/vstore4 through a slice or a
run-time pick of two and fract into a private variable (gasp's overloads
pass on SPIR-V; gasp-run runs them).

--outparams adds (a thirteenth stream) noinline helpers that write their
results through pointers to the caller's uninitialized variables
(out-parameters: two to four of them, none read by the helper), called
one to four times in a row with private variables, a private array's
elements at constant indices, or a slice's element in any space, each
variable read after its call (John the Ripper's bitlocker shape; gasp's
twins pass on NVPTX passes such a slot's generic address).

--ints adds (a fourteenth stream) noinline helpers that read their
generic pointer's integer: an index from two pointers' integers, an element
read and one updated through a pointer made of an integer (kept in a
private array of ulong and read back), called with any slice or a run-time
pick.  Only differences of two pointers into one slice and round trips
reach the output, never an address itself (a frame's layout differs from
one build to the other).  NVPTX's named pointers have other integers than
generic ones (gasp-run models it: src/exec/window.c), so a clone that reads
its named parameter's integer where the program read the generic one
computes something else.

--external leaves `static` off the helpers genprog writes static (the
extended prelude's and the streams'): external linkage, as OpenCL's and
CUDA's device functions have unless declared static, so gasp clones them
and keeps the originals (bench/random --external); the same program
otherwise.

Every program is well defined (so any difference after gasp is gasp's
fault): unsigned arithmetic only (wraps), every pointer points at the start
of a 4-element slice that belongs to the work-item (its slice of the global
buffer `io`, of the local array `lt`, or a private array), every index is
masked with & 3, every private value is initialised, work-items share only
the atomic counters in `cnt` (whose returned values are never used) and the
local array after a barrier in uniform control flow.  The kernel is always

    kernel void k(global uint *out, global uint *io, global uint *cnt)

run with global size 16, local size 8 (gasp-run: --global 16 --local 8
--arg buf:i32:16 --arg buf:i32:64:rand=SEED --arg buf:i32:4).

What it exercises, chosen at random per program:
  - helpers taking generic pointers (read, write, read-modify-write,
    chains of helpers, bounded recursion) called with global, local and
    private pointers, and with pointers chosen at run time;
  - select and phi (if/else) of pointers into different spaces;
  - pointers stored into private arrays (dynamically indexed), private
    structs of pointers (also passed by pointer to a helper), and reloaded;
  - helpers returning one of their pointer arguments;
  - to_global / to_local / to_private tests;
  - structs passed by value (a uint and a uint[4]);
  - atomics on generic pointers to global and local counters: the
    library's atomic_fetch_add_explicit and clang's __opencl_atomic_fetch_add (an
    atomicrmw instruction);
  - a barrier in uniform control flow, then reads of a neighbour's local
    slice (written before the barrier).
"""
import random
import re
import sys

RUN_ARGS = ["--global", "16", "--local", "8", "--arg", "buf:i32:16",
            "--arg", "buf:i32:64:rand=%d", "--arg", "buf:i32:4"]


def run_args(seed, extended=False):
    """gasp-run's arguments for program SEED (EXTENDED: the struct argument
    the extended kernel also takes)."""
    args = [a % seed if "%d" in a else a for a in RUN_ARGS]
    if extended:
        args += ["--arg", "struct:i32=%d;i32=7;i32=%d;i32=3" % (seed % 97, seed % 13)]
    return args


PRELUDE = """\
typedef struct { uint a; uint b[4]; } S;
typedef struct { uint *p; uint *q; } P2;
"""


EXT_PRELUDE = """\
typedef struct { uint k[4]; } Params;
global ulong gbits[64];
static __attribute__((noinline)) void copy_bytes(uchar *d, const uchar *s, uint n) {
  for (uint i = 0; i < n; i++) d[i] = s[i];
}
static __attribute__((noinline)) ulong bits_of(uint **pp) { return *(ulong *)pp; }
static __attribute__((noinline)) uint or_null(uint *p, uint i) { return p ? p[i & 3u] : 7u; }
/* the call-graph shapes of the turn-4 reproducers (repro_stmt) */
static __attribute__((noinline)) uint *perm_b(uint *a, uint *b, uint i) { b[i & 3u] += i; return a; }
static __attribute__((noinline)) uint *perm_a(uint *a, uint *b, uint i) { return perm_b(b, a, i + 1u); }
static __attribute__((noinline)) uint use_p(uint *p, uint i) { return p[i & 3u] * 3u; }
static __attribute__((noinline)) uint *ret_pick(uint *a, uint *b, uint i) {
  b[(i + 1u) & 3u] ^= 1u;
  return use_p(a, i) & 1u ? a : b;
}
static __attribute__((noinline)) uint both_null(uint *a, uint *b, uint i) {
  return (a ? a[i & 3u] : 1u) + (b ? b[(i + 1u) & 3u] : 2u);
}
/* the thread's stack frame as random programs use it (frame_stmt) */
typedef struct { volatile uint f0; uint f1; volatile ushort f2; ulong f3; } V;
typedef struct { uint a[3]; V v; } VA;
static __attribute__((noinline)) uint by_val(V v, uint i) {
  v.f1 += i;
  return v.f0 + v.f1 + v.f2 + (uint)v.f3;
}
"""


SLICES = ["g", "l", "pa"]  # the work-item's own slices: global, local, private


def picked_at_run_time(rng, bit):
    """A select of two slices (drawn from rng) on a bit of acc."""
    return "((acc & %du) ? %s : %s)" % (bit, rng.choice(SLICES), rng.choice(SLICES))


def any_slice(rng, bit):
    """One slice, or one time in four a choice of two made at run time."""
    k = rng.randrange(4)
    return SLICES[k] if k < 3 else picked_at_run_time(rng, bit)


FN_PRAGMA = "#pragma OPENCL EXTENSION __cl_clang_function_pointers : enable\n"
FN_PRELUDE = """
typedef uint (*Step)(uint *a, uint *b, uint i);
typedef void (*Put)(uint *a, uint v);
"""

CUR_PRELUDE = """
typedef struct { uint *base; uint *cur; uint *tab; uint n, sum; } Cur;
"""


class Gen:
    def __init__(self, seed, extended=False, sizes=False, vectors=False, writers=False,
                 fnptrs=False, asm=False, builtins=False, outparams=False, ints=False):
        self.r = random.Random(seed)
        # the extended constructs draw from a stream of their own: a
        # program's plain part is the same with and without them
        self.x = random.Random(seed * 7919 + 1) if extended else None
        # pointers that are one space or null: a stream of their own, so
        # the constructs above draw as they always did
        self.y = random.Random(seed * 104729 + 3) if extended else None
        # a loop through a pointer of two spaces (versioning by space): a
        # fourth stream
        self.z = random.Random(seed * 1299709 + 5) if extended else None
        # the call-graph shapes of the turn-4 reproducers: a fifth stream
        self.w = random.Random(seed * 15485863 + 7) if extended else None
        # the stack frame (volatile slots, by-value structs): a sixth
        self.v = random.Random(seed * 32452843 + 11) if extended else None
        # realistic sizes (big functions, long names, many functions): a seventh
        self.b = random.Random(seed * 49979687 + 13) if sizes else None
        # vectors through private and local pointers (--vectors): an eighth
        self.u = random.Random(seed * 67867967 + 17) if vectors else None
        # cursor structs handed to helpers that write them (--writers): a ninth
        self.q = random.Random(seed * 86028121 + 19) if writers else None
        # helpers called through function pointers (--fnptrs): a tenth
        self.f = random.Random(seed * 104395301 + 23) if fnptrs else None
        # pointers made by inline assembly (--asm, NVPTX): an eleventh
        self.a = random.Random(seed * 122949823 + 29) if asm else None
        # ... and data through inline assembly (loads, stores, arithmetic,
        # a pointer's bits stored and read back): its own stream, so the
        # cvta part draws as it always did
        self.ad = random.Random(seed * 122949823 + 41) if asm == "data" else None
        # OpenCL builtins handed generic pointers (--builtins): a twelfth
        self.n = random.Random(seed * 141650939 + 31) if builtins else None
        # helpers writing through out-parameters (--outparams): a thirteenth
        self.o = random.Random(seed * 160481183 + 37) if outparams else None
        # helpers reading their pointers' integers (--ints): a fourteenth
        self.i = random.Random(seed * 179424673 + 43) if ints else None
        self.fspace = None  # per Step/Put parameter: a space for every call, or None
        self.helpers = []   # (name, kind, text)
        self.sized = []     # (name, text) of the --sizes helpers
        self.stream_helpers = []  # texts of the --vectors, --writers, --fnptrs helpers
        self.outs = []      # (name, number of out-parameters) of the --outparams helpers
        self.out = []

    def c(self):
        return "%du" % self.r.randrange(1, 97)

    # ---- helpers ----------------------------------------------------------
    def helper(self, i):
        r = self.r
        kinds = ["read", "write", "rmw", "ret", "byval", "casts", "chain", "rec",
                 "pair", "atomic", "sel"]
        kind = r.choice(kinds)
        name = "h%d_%s" % (i, kind)
        c1, c2 = self.c(), self.c()
        if kind == "read":
            t = "uint %s(uint *p, uint i) { return p[i & 3u] * %s + p[(i + 1u) & 3u]; }" % (name, c1)
        elif kind == "write":
            t = "void %s(uint *p, uint v) { p[v & 3u] = v * %s + %s; }" % (name, c1, c2)
        elif kind == "rmw":
            t = ("void %s(uint *p, uint v) {\n  for (uint j = 0; j < (v & 3u) + 1u; j++)\n"
                 "    p[j & 3u] += v ^ %s;\n}" % (name, c1))
        elif kind == "ret":
            t = ("uint *%s(uint *a, uint *b, uint c) {\n  if ((c & 3u) == 1u) return b;\n"
                 "  return (c & 1u) ? a : b;\n}" % name)
        elif kind == "byval":
            t = "uint %s(S s, uint i) { s.b[i & 3u] += %s; return s.a + s.b[(i + 1u) & 3u] + s.b[i & 3u]; }" % (name, c1)
        elif kind == "casts":
            t = ("uint %s(uint *p) {\n  return (to_global(p) != 0 ? 1u : 0u) | (to_local(p) != 0 ? 2u : 0u)"
                 " | (to_private(p) != 0 ? 4u : 0u);\n}" % name)
        elif kind == "chain":
            inner = [h for h in self.helpers if h[1] in ("read", "casts", "chain")]
            if inner:
                h = r.choice(inner)
                call = "%s(p%s)" % (h[0], ", i" if h[1] in ("read", "chain") else "")
            else:
                call = "p[i & 3u]"
            t = "uint %s(uint *p, uint i) { p[(i + 2u) & 3u] += %s; return %s + %s; }" % (name, c1, call, c2)
        elif kind == "rec":
            t = ("uint %s(uint *p, uint d) {\n  if (d == 0u) return p[0];\n"
                 "  return %s(p, d - 1u) + p[d & 3u] * %s;\n}" % (name, name, c1))
        elif kind == "pair":
            t = ("uint %s(P2 *pp, uint i) {\n  pp->p[i & 3u] += %s;\n"
                 "  return pp->p[(i + 1u) & 3u] + pp->q[i & 3u];\n}" % (name, c1))
        elif kind == "atomic":
            t = ("void %s(volatile atomic_uint *c, uint v) {\n"
                 "  atomic_fetch_add_explicit(c, v & 7u, memory_order_relaxed,\n"
                 "                            memory_scope_work_group);\n"
                 "  __opencl_atomic_fetch_add(c, 1u, memory_order_relaxed,\n"
                 "                            memory_scope_work_group);\n"
                 "}" % name)
        else:  # sel: a select between two pointer arguments inside the helper
            t = ("uint %s(uint *a, uint *b, uint i) {\n  uint *p = (i & 1u) ? a : b;\n"
                 "  p[i & 3u] += %s;\n  return p[(i + 3u) & 3u];\n}" % (name, c1))
        self.helpers.append((name, kind, t))

    # ---- kernel statements -------------------------------------------------
    def ptr(self):
        """A generic pointer expression: one of the three slices, a table
        entry, or a run-time choice."""
        r = self.r
        k = r.randrange(6)
        if k < 3:
            return SLICES[k]
        if k == 3:
            return "tab[(acc + %s) %% 3u]" % self.c()
        if k == 4:
            return picked_at_run_time(r, 1)
        return "pp.%s" % r.choice(["p", "q"])

    def stmt(self, depth=0):
        r = self.r
        h = r.choice(self.helpers)
        name, kind = h[0], h[1]
        p, x = self.ptr(), "(acc + %s)" % self.c()
        if kind in ("read", "chain"):
            s = "acc += %s(%s, %s);" % (name, p, x)
        elif kind in ("write", "rmw"):
            s = "%s(%s, %s);" % (name, p, x)
        elif kind == "ret":
            s = "{ uint *q = %s(%s, %s, %s); acc += q[acc & 3u]; q[(acc + 1u) & 3u] = acc; }" % (
                name, p, self.ptr(), x)
        elif kind == "byval":
            s = "{ S s = { acc, { %s[0], %s[1], acc, %s } }; acc += %s(s, %s); }" % (
                p, p, self.c(), name, x)
        elif kind == "casts":
            s = "acc = acc * 8u + %s(%s);" % (name, p)
        elif kind == "rec":
            s = "acc += %s(%s, %du);" % (name, p, r.randrange(0, 5))
        elif kind == "pair":
            s = "{ P2 q2 = { %s, %s }; acc += %s(&q2, %s); }" % (p, self.ptr(), name, x)
        elif kind == "atomic":
            s = "%s((volatile atomic_uint *)%s, acc);" % (
                name, r.choice(["&cnt[acc & 3u]", "&lc[acc & 3u]"]))
        else:
            s = "acc += %s(%s, %s, %s);" % (name, p, self.ptr(), x)
        k = r.randrange(10)
        if k == 0 and depth < 2:  # a phi of pointers
            a, b = r.choice(SLICES), r.choice(SLICES)
            return ("{ uint *ph;\n    if (acc & 2u) ph = %s; else ph = %s;\n"
                    "    ph[acc & 3u] ^= %s; acc += ph[(acc + 1u) & 3u]; }" % (a, b, self.c()))
        if k == 1 and depth < 2:  # store a pointer in the table, reload later
            return "tab[acc %% 3u] = %s; %s" % (r.choice(SLICES), self.stmt(depth + 1))
        if k == 2 and depth < 2:  # loop
            return "for (uint j = 0; j < %du; j++) { %s }" % (r.randrange(1, 4), self.stmt(depth + 1))
        if k == 3:
            return "pp.%s = %s;" % (r.choice(["p", "q"]), r.choice(SLICES))
        return s

    # ---- extended constructs (genprog.py --extended) ----------------------
    def ext_stmt(self):
        """Pointer bits copied as data into global or local memory and
        loaded back as a pointer; volatile and atomic accesses through a
        generic pointer into any space; a private table of pointers to
        kernel-scope local arrays; the kernel's struct argument handed on."""
        x = self.x
        p = x.choice(SLICES)
        c = "%du" % x.randrange(1, 97)
        k = x.randrange(9)
        use = "q[acc & 3u] += %s; acc += q[(acc + 1u) & 3u];" % c
        if k == 0:  # an i64 copy into global memory
            return "{ uint *t = %s; gbits[gid] = *(ulong *)&t; uint *q = *(uint *global *)&gbits[gid]; %s }" % (p, use)
        if k == 1:  # a double copy into local memory
            return ("{ uint *t = %s; *(double *)&lbits[lid] = *(double *)&t; "
                    "uint *q = *(uint *local *)&lbits[lid]; %s }" % (p, use))
        if k == 2:  # bytes copied in a loop, into global or local memory
            dst = x.choice(["(uchar *)&gbits[gid]", "(uchar *)&lbits[lid]"])
            src = dst.replace("(uchar *)", "(uint **)")
            return ("{ uint *t = %s; copy_bytes(%s, (const uchar *)&t, sizeof t); "
                    "uint *q = *%s; %s }" % (p, dst, src, use))
        if k == 3:  # a vector holding the bits
            return ("{ uint *t = %s; ulong2 v = (ulong2)(*(ulong *)&t, 5ul); vbits[lid] = v; "
                    "uint *q = *(uint *local *)&vbits[lid]; %s }" % (p, use))
        if k == 4:  # an atomic exchange of the bits, and a helper's return
            return ("{ uint *t = %s; __atomic_exchange_n(&gbits[gid], bits_of(&t), __ATOMIC_RELAXED); "
                    "uint *q = *(uint *global *)&gbits[gid]; %s }" % (p, use))
        if k == 5:  # volatile accesses through a generic pointer
            return ("{ volatile uint *v = %s; v[acc & 3u] += %s; acc += v[(acc + 2u) & 3u]; }" % (p, c))
        if k == 6:  # a compare-and-swap and a fetch-add on any space
            return ("{ uint *a = %s + (acc & 3u); uint e = *a; "
                    "__atomic_compare_exchange_n(a, &e, e + %s, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED); "
                    "acc += __atomic_fetch_add(a, 1u, __ATOMIC_RELAXED); }" % (p, c))
        if k == 7:  # pointers to kernel-scope local arrays in a private table
            return "{ uint *lt2[2] = { la, lb }; acc += lt2[acc & 1u][(acc + %s) & 3u]; }" % c
        # the struct argument's array through a generic pointer
        reads = [h for h in self.helpers if h[1] == "read"]
        if reads:
            return "acc += %s(prm.k, acc + %s);" % (x.choice(reads)[0], c)
        return "{ uint *pk = prm.k; pk[acc & 3u] += %s; acc += pk[(acc + 1u) & 3u]; }" % c

    def null_stmt(self):
        """A pointer into one space or null, tested before it is accessed
        (AMDGPU: local and private null are not the generic null), in the
        kernel and handed to a helper."""
        y = self.y
        p, c = y.choice(SLICES), "%du" % y.randrange(1, 97)
        if y.randrange(2):
            return ("{ uint *q = (acc & %s) ? %s + (acc & 1u) : 0; "
                    "if (q) { q[acc & 1u] += %s; acc += q[(acc + 2u) & 1u]; } else acc ^= %s; }"
                    % (c, p, c, c))
        return "acc += or_null((acc & %s) ? %s : 0, acc + %s);" % (c, p, c)

    def repro_stmt(self):
        """The shapes of the turn-4 wrong-code and crash reproducers, in
        random spaces: arguments permuted on the way to a second helper
        (h0(a, b) -> h2(b, a), called with two space pairs), a helper
        called with a pointer a helper returned and with a phi of two
        spaces, a helper called with null arguments, two runs of accesses
        through pointers of two spaces in one block."""
        w = self.w
        p, q = w.choice(SLICES), w.choice(SLICES)
        c = "%du" % w.randrange(1, 97)
        k = w.randrange(4)
        if k == 0:
            p2, q2 = w.choice(SLICES), w.choice(SLICES)
            return ("{ uint *r0 = perm_a(%s, %s, acc); uint *r1 = perm_a(%s, %s, acc + %s); "
                    "acc += r0[acc & 3u] + r1[(acc + 1u) & 3u]; }" % (p, q, p2, q2, c))
        if k == 1:
            return ("{ uint *r = ret_pick(%s, %s, acc); acc += use_p(r, acc) + use_p(%s, acc + %s); "
                    "uint *ph; if (acc & 4u) ph = %s; else ph = r; acc += use_p(ph, acc); }"
                    % (p, q, p, c, w.choice(SLICES)))
        if k == 2:
            return ("acc += both_null(0, 0, acc) + both_null(%s, 0, acc + %s) + both_null(0, %s, acc);"
                    % (p, c, q))
        a, b = w.sample(SLICES, 2)
        d, e = w.sample(SLICES, 2)
        return ("{ uint *u = (acc & %s) ? %s : %s; acc += u[acc & 3u] + u[(acc + 1u) & 3u]; "
                "uint *v = (acc & 2u) ? %s : %s; v[acc & 3u] += acc; acc += v[(acc + 2u) & 3u]; }"
                % (c, a, b, d, e))

    def frame_stmt(self):
        """The thread's stack frame as random programs use it: a struct
        with volatile fields initialised from constants (SROA leaves the
        initialiser's stores beside volatile accesses), a volatile array, a
        struct passed by value to a helper that is not inlined, from an
        element of a private array of structs or a member of a struct."""
        v = self.v
        c = ["%du" % v.randrange(1, 97) for _ in range(5)]
        k = v.randrange(4)
        if k == 0:
            return ("{ V s = {%s, %s, %s, %s}; s.f0 += acc; acc += s.f0 + s.f1 + s.f2 + (uint)s.f3; }"
                    % tuple(c[:4]))
        if k == 1:
            return ("{ V vs[2] = {{%s, %s, 1u, 2u}, {%s, %s, 3u, 4u}}; vs[acc & 1u].f1 ^= %s; "
                    "acc += by_val(vs[acc & 1u], acc) + by_val(vs[1], acc + 1u); }" % tuple(c))
        if k == 2:
            return ("{ VA w = {{%s, %s, %s}, {%s, %s, 5u, 6u}}; w.a[acc %% 3u] += w.v.f0; "
                    "acc += by_val(w.v, acc) + w.a[1]; }" % tuple(c))
        return ("{ volatile uint t[4] = {%s, %s, %s, %s}; t[acc & 3u] += %s; "
                "acc += t[0] + t[(acc + 1u) & 3u]; }" % tuple(c))

    def two_space_loop(self):
        """A loop that reads and writes through a pointer into one of two
        spaces, chosen at run time before it (--version-by-space versions
        the loop)."""
        z = self.z
        a, b = z.sample(SLICES, 2)
        c, d = "%du" % z.randrange(1, 97), "%du" % z.randrange(1, 13)
        return ("{ uint *q = (acc & %s) ? %s : %s; "
                "for (uint i = 0; i < (acc & 7u) + 2u; i++) { q[i & 3u] += %s; acc += q[(acc + i) & 3u]; } }"
                % (c, a, b, d))

    # ---- realistic sizes (genprog.py --sizes) ------------------------------
    def long_name(self, stem):
        """A function name of 1 to 2,000 characters: plain, or shaped like a
        mangled C++ template (clang keeps an OpenCL C name as written)."""
        b = self.b
        n = b.choice([b.randrange(1, 16), b.randrange(200, 700), b.randrange(1000, 2001)])
        body = "".join(b.choice("abcdefghijklmnopqrstuvwxyz0123456789_") for _ in range(n))
        if b.randrange(2):
            name = "_ZN9templated6detail%d%s%sEv" % (len(stem) + n, stem, body)
        else:
            name = stem + body
        return name[:max(len(stem) + 1, 2000)]

    def segment(self, d):
        """One piece of a big helper's body; returns (text, blocks it makes,
        about)."""
        b = self.b
        c = lambda: "%du" % b.randrange(1, 97)  # noqa: E731
        k = b.randrange(5)
        if k == 0:  # a switch: one block per case
            n = b.randrange(3, 12)
            cases = "".join(
                "    case %du: %s break;\n" % (i, b.choice([
                    "a += p[(a + %s) & 3u];" % c(), "p[(a + %s) & 3u] ^= a; a *= 3u;" % c(),
                    "a = (a >> 1) + %s;" % c(), "p[a & 3u] += %s; a ^= p[(a + 1u) & 3u];" % c()]))
                for i in range(n))
            return ("  switch ((a >> %d) %% %du) {\n%s    default: a ^= %s;\n  }\n"
                    % (b.randrange(0, 5), n + 1, cases, c()), n + 3)
        if k == 1:  # loops nested three deep
            return ("  for (uint i = 0; i < 2u; i++)\n    for (uint j = 0; j < (a & 1u) + 1u; j++)\n"
                    "      for (uint k = 0; k < 2u; k++) { a += p[(i + j + k + a) & 3u] ^ %s; "
                    "p[(a + k) & 3u] += i; }\n" % c(), 10)
        if k == 2:  # an if-chain
            n = b.randrange(2, 6)
            text = "".join("  %sif ((a & %du) == %du) { a += p[(a + %s) & 3u]; p[a & 3u] ^= %s; }\n"
                           % ("else " if i else "", 7, i, c(), c()) for i in range(n))
            return text + "  else a *= 5u;\n", 2 * n + 1
        if k == 3:  # an unrolled straight-line run
            return "".join("  a = a * 5u + p[(a + %s) & 3u]; p[(a + %du) & 3u] += a;\n"
                           % (c(), i) for i in range(b.randrange(4, 20))), 0
        return ("  { uint *q = (a & 1u) ? p : p + %du; q[(a + %s) & 3u] += a; a += q[a & 3u]; }\n"
                % (0, c()), 3)

    def big_helper(self, i):
        """A helper of 1 to 600 basic blocks through a generic pointer."""
        b = self.b
        target = b.choice([b.randrange(1, 40), b.randrange(60, 140), b.randrange(140, 601)])
        parts, blocks = [], 1
        while blocks < target:
            t, n = self.segment(0)
            parts.append(t)
            blocks += max(n, 1)
        name = self.long_name("big%d_" % i)
        text = "uint %s(uint *p, uint v) {\n  uint a = v;\n%s  return a;\n}" % (name, "".join(parts))
        self.sized.append((name, text))
        return name

    def sized_stmts(self):
        """Calls of the --sizes helpers from the kernel, with pointers into
        every space (so that gasp clones them per space)."""
        b = self.b
        out = []
        for i in range(b.randrange(1, 4)):
            name = self.big_helper(i)
            for sp in b.sample(SLICES, b.randrange(2, 4)):
                out.append("acc += %s(%s, acc + %du);" % (name, sp, b.randrange(1, 97)))
        k = b.randrange(50)
        many = b.randrange(1000, 5001) if k == 0 else b.randrange(20, 301) if k < 10 else 0
        for i in range(many):
            name = self.long_name("t%d_" % i) if b.randrange(20) == 0 else "t%d" % i
            self.sized.append((name, "uint %s(uint *p, uint i) { return p[(i + %du) & 3u] + %du; }"
                               % (name, i % 4, i % 89)))
            out.append("acc += %s(%s, acc);" % (name, ("g", "l", "pa")[i % 3]))
        return out

    # ---- vectors (genprog.py --vectors) -------------------------------------
    def vector_helpers(self):
        """Noinline helpers that read and write uint4 (16 bytes) and uint2
        through a generic pointer: AMDGPU splits a named private access
        wider than 8 bytes into 4-byte pieces on MUBUF-scratch targets."""
        u = self.u
        c = lambda: "%du" % u.randrange(1, 97)  # noqa: E731
        self.stream_helpers.append(
            "static __attribute__((noinline)) uint vget4(uint4 *p, uint i) {\n"
            "  uint4 v = p[i & 1u];\n  p[(i + 1u) & 1u] += (uint4)(i, %s, i ^ %s, 1u);\n"
            "  uint4 d = v * %s + (uint4)(i);\n"
            "  d[(i >> 2) & 3u] ^= v.w;\n  p[(i + 1u) & 1u] ^= d;\n"
            "  uint r = (v.z > v.y && v.z > v.x) ? d.z : (v.y > v.x ? d.y : d.x);\n"
            "  return v.x + v.y * 3u + v.z + v.w + r;\n}" % (c(), c(), c()))
        self.stream_helpers.append(
            "static __attribute__((noinline)) uint vget2(uint2 *p, uint i) {\n"
            "  uint2 v = p[i & 1u];\n  p[(i + 1u) & 1u] = v * %s + (uint2)(i, 1u);\n"
            "  return v.x ^ v.y;\n}" % c())

    def vector_stmt(self):
        """A call of a vector helper on the work-item's own private or local
        vectors (initialised in the statement)."""
        u = self.u
        w = u.choice(["4", "2"])
        if u.randrange(2):
            init = ", ".join("(uint%s)(acc + %du%s)" % (w, j, ", %du" % (j + 3) * (int(w) - 1))
                             for j in range(2))
            return "{ uint%s pv%s[2] = { %s }; acc += vget%s(pv%s, acc); acc += pv%s[%d].x; }" % (
                w, w, init, w, w, w, u.randrange(2))
        return ("{ lv%s[lid * 2u] = (uint%s)(acc); lv%s[lid * 2u + 1u] = (uint%s)(lid); "
                "acc += vget%s(&lv%s[lid * 2u], acc); acc += lv%s[lid * 2u + %du].x; }" % (
                    w, w, w, w, w, w, w, u.randrange(2)))

    # ---- writers (genprog.py --writers) -------------------------------------
    def writer_helpers(self):
        """Noinline helpers taking a Cur (base, cur, tab: slice starts, cur
        = base + k; n, sum) that read through its pointer fields and write
        its fields: integers, cur moved from base, base and tab swapped."""
        q = self.q
        c = lambda: "%du" % q.randrange(1, 97)  # noqa: E731
        self.stream_helpers.append(
            "static __attribute__((noinline)) uint cstep(Cur *c, uint i) {\n"
            "  c->sum += c->cur[0] ^ c->tab[i & 3u];\n  c->n += %s;\n"
            "  c->cur = c->base + ((c->n + i) & 3u);\n  return c->sum;\n}" % c())
        self.stream_helpers.append(
            "static __attribute__((noinline)) void cput(Cur *c, uint v) {\n"
            "  c->cur[0] += v;\n  c->tab[(v + c->n) & 3u] ^= v * %s;\n  c->n ^= v & 7u;\n}" % c())
        self.stream_helpers.append(
            "static __attribute__((noinline)) void cswap(Cur *c) {\n"
            "  uint *t = c->base;\n  c->base = c->tab;\n  c->tab = t;\n  c->cur = c->base;\n}")

    def writer_stmt(self):
        """A cursor over two slices handed to the writers, then read."""
        q = self.q
        a, b = any_slice(q, 1), any_slice(q, 1)
        calls = []
        for _ in range(q.randrange(1, 5)):
            k = q.randrange(3)
            calls.append(["acc += cstep(&cu, acc);", "cput(&cu, acc + %du);" % q.randrange(9),
                          "cswap(&cu);"][k])
        return ("{ Cur cu = { %s, %s, %s, 0u, acc }; %s acc += cu.sum + cu.n + cu.cur[0] + "
                "cu.tab[acc & 3u]; }" % (a, a, b, " ".join(calls)))

    # ---- function pointers (genprog.py --fnptrs) ------------------------------
    def fnptr_helpers(self):
        """Three Steps (a, b, i) and two Puts (a, v), noinline, each reading
        or writing through its pointers more than once; fchain hands its own
        parameter on through the Step table."""
        f = self.f
        c = lambda: "%du" % f.randrange(1, 97)  # noqa: E731
        bodies = [
            "  a[i & 3u] += b[(i + 1u) & 3u] ^ %s;\n  return a[(i + 2u) & 3u] + b[i & 3u];" % c(),
            "  uint t = a[i & 3u];\n  a[i & 3u] = b[(i + 3u) & 3u];\n  b[(i + 3u) & 3u] = t + %s;\n"
            "  return t;" % c(),
            "  uint s = 0u;\n  for (uint j = 0u; j < (i & 3u) + 1u; j++) s += a[j & 3u] * %s + b[(j + i) & 3u];\n"
            "  return s;" % c(),
        ]
        for k in range(3):
            self.stream_helpers.append(
                "static __attribute__((noinline)) uint fstep%d(uint *a, uint *b, uint i) {\n%s\n}"
                % (k, bodies[k]))
        self.stream_helpers.append(
            "static __attribute__((noinline)) void fput0(uint *a, uint v) {\n"
            "  a[v & 3u] ^= v * %s;\n  a[(v + 1u) & 3u] += v;\n}" % c())
        self.stream_helpers.append(
            "static __attribute__((noinline)) void fput1(uint *a, uint v) {\n"
            "  a[(v + 2u) & 3u] = a[v & 3u] + %s;\n}" % c())
        self.stream_helpers.append(
            "static __attribute__((noinline)) uint fchain(uint *a, uint i) {\n"
            "  Step st[2] = { fstep%d, fstep%d };\n  return st[i & 1u](a, a, i + %s);\n}"
            % (f.randrange(3), f.randrange(3), c()))
        # per parameter (Step a, Step b, Put a): one space for the program
        # (what gasp's indirect pass can name) or any per call
        self.fspace = [f.choice(SLICES) if f.random() < 0.6 else None
                       for _ in range(3)]

    def fnptr_arg(self, k):
        return self.fspace[k] or any_slice(self.f, 2)

    def fnptr_stmt(self):
        """A call through a table, its index known at run time only."""
        f = self.f
        k = f.randrange(4)
        if k < 2:
            return ("{ Step st[3] = { fstep0, fstep1, fstep2 }; acc += st[(acc + %du) %% 3u](%s, %s, acc); }"
                    % (f.randrange(9), self.fnptr_arg(0), self.fnptr_arg(1)))
        if k == 2:
            a = self.fnptr_arg(2)
            return ("{ Put pt[2] = { fput0, fput1 }; pt[(acc >> %du) & 1u](%s, acc); acc += %s[acc & 3u]; }"
                    % (f.randrange(4), a, a))
        return "acc += fchain(%s, acc);" % self.fnptr_arg(0)

    # ---- inline assembly (genprog.py --asm) --------------------------------
    def asm_helpers(self):
        """asm_l / asm_g: the generic address of a local / global slice made
        by PTX's cvta (an integer then a cast, or the pointer itself, drawn
        per helper), noinline or not; elsewhere the argument itself."""
        a = self.a
        for name, space, ptx in (("asm_l", "local", "shared"), ("asm_g", "global", "global")):
            attr = "__attribute__((noinline)) " if a.random() < 0.5 else "inline "
            if a.random() < 0.5:
                body = ("  ulong g;\n  __asm__(\"cvta.%s.u64 %%0, %%1;\" : \"=l\"(g) : \"l\"((ulong)p));\n"
                        "  return (uint *)g;" % ptx)
            else:
                body = ("  uint *g;\n  __asm__(\"cvta.%s.u64 %%0, %%1;\" : \"=l\"(g) : \"l\"((ulong)p));\n"
                        "  return g;" % ptx)
            self.stream_helpers.append(
                "static %suint *%s(%s uint *p) {\n#ifdef __NVPTX__\n%s\n#else\n"
                "  return (uint *)p;\n#endif\n}" % (attr, name, space, body))

    def asm_data_helpers(self):
        """asm_ld / asm_st: a load and a store through a generic address as
        PTX asm (`ld.u32`, `st.u32`); asm_mix: register arithmetic with a
        register the asm declares; asm_stp: a pointer's bits stored into a
        cell by `st.u64`; asm_mov: a pointer's bits moved by `mov.b64`
        (target/asmfx.c reads all five: what they load and store is what
        the memory summary must see).  Elsewhere the same in C (asm_mov
        through a volatile slot: clang's own InferAddressSpaces on amdgcn
        makes a folded round trip of a run-time pick of a private and a
        local slice a cast of private to local, seed 83)."""
        for text in (
                "static __attribute__((noinline)) uint asm_ld(uint *p) {\n#ifdef __NVPTX__\n"
                "  uint v;\n  __asm__ volatile(\"ld.u32 %0, [%1];\" : \"=r\"(v) : \"l\"(p));\n"
                "  return v;\n#else\n  return *p;\n#endif\n}",
                "static __attribute__((noinline)) void asm_st(uint *p, uint v) {\n#ifdef __NVPTX__\n"
                "  __asm__ volatile(\"st.u32 [%0], %1;\" :: \"l\"(p), \"r\"(v) : \"memory\");\n"
                "#else\n  *p = v;\n#endif\n}",
                "static inline uint asm_mix(uint a, uint b) {\n#ifdef __NVPTX__\n  uint r;\n"
                "  __asm__(\"{ .reg .u32 t; add.u32 t, %1, %2; xor.b32 %0, t, 90; }\" : \"=r\"(r) : "
                "\"r\"(a), \"r\"(b));\n  return r;\n#else\n  return (a + b) ^ 90u;\n#endif\n}",
                "static __attribute__((noinline)) void asm_stp(ulong *cell, uint *q) {\n#ifdef __NVPTX__\n"
                "  __asm__ volatile(\"st.u64 [%0], %1;\" :: \"l\"(cell), \"l\"((ulong)q) : \"memory\");\n"
                "#else\n  *cell = (ulong)q;\n#endif\n}",
                "static inline ulong asm_mov(ulong x) {\n#ifdef __NVPTX__\n  ulong r;\n"
                "  __asm__(\"mov.b64 %0, %1;\" : \"=l\"(r) : \"l\"(x));\n  return r;\n#else\n"
                "  volatile ulong v = x;\n  return v;\n#endif\n}"):
            self.stream_helpers.append(text)

    def asm_data_stmt(self):
        """Data through asm: a load or store of a slice, arithmetic, or a
        pointer's bits stored by asm into a private cell or into the
        work-item's part of io (or moved by asm) and read back."""
        d = self.ad
        k = d.randrange(6)
        s = any_slice(d, 1 << d.randrange(3))
        if k == 0:
            return "acc += asm_ld(%s + (acc & 3u));" % s
        if k == 1:
            return "asm_st(%s + ((acc + 1u) & 3u), acc + %du);" % (s, d.randrange(1, 97))
        if k == 2:
            return "acc = asm_mix(acc, %du);" % d.randrange(1, 97)
        if k == 3:
            t = any_slice(d, 1 << d.randrange(3))
            return ("{ ulong cell[2]; asm_stp(cell + (acc & 1u), %s); asm_stp(cell + ((acc + 1u) & 1u), %s);"
                    " uint *qq = (uint *)cell[acc & 1u]; qq[(acc + 1u) & 3u] += %du; acc += qq[acc & 3u]; }"
                    % (s, t, d.randrange(1, 97)))
        if k == 4:
            return "{ uint *qq = (uint *)asm_mov((ulong)(uint *)(%s)); acc += qq[(acc + 2u) & 3u]; }" % s
        # the work-item's own 8 bytes of io, which the host filled with
        # numbers: a pointer's bits stored there by asm, read back as a
        # pointer (what global memory holds: the asm's store must count),
        # the number put back
        return ("{ global ulong *cell = (global ulong *)(io + gid * 4u); ulong keep = *cell;"
                " asm_stp((ulong *)cell, %s); uint *qq = *(uint * global *)cell;"
                " acc += qq[(acc + 3u) & 3u]; *cell = keep; }" % s)

    def asm_stmt(self):
        """A pointer asm made: read and written here, or handed to a helper."""
        a = self.a
        p = a.choice(["asm_l(lt + lid * 4u)", "asm_g(io + gid * 4u)"])
        k = a.randrange(3)
        if k == 0:
            return ("{ uint *qa = %s; qa[acc & 3u] += %du; acc += qa[(acc + 1u) & 3u]; }"
                    % (p, a.randrange(1, 97)))
        if k == 1:
            other = a.choice(SLICES)
            return ("{ uint *qa = (acc & %du) ? %s : %s; qa[(acc + 2u) & 3u] ^= acc; acc += qa[acc & 3u]; }"
                    % (1 << a.randrange(3), p, other))
        h = a.choice([h for h in self.helpers if h[1] in ("read", "write", "rmw", "chain")] or
                     [None])
        if h is None:
            return "{ uint *qa = %s; acc += qa[acc & 3u]; }" % p
        if h[1] in ("read", "chain"):
            return "acc += %s(%s, acc + %du);" % (h[0], p, a.randrange(1, 97))
        return "%s(%s, acc + %du);" % (h[0], p, a.randrange(1, 97))

    # ---- builtins (genprog.py --builtins) ------------------------------------
    def builtin_helpers(self):
        """bvec: vload4/vstore4 of the slice it is handed; bcas: C11 atomics
        (load, a compare-exchange loop with a private expected value,
        fetch-sub) on a global or local counter."""
        n = self.n
        c = lambda: "%du" % n.randrange(1, 97)  # noqa: E731
        self.stream_helpers.append(
            "static __attribute__((noinline)) uint bvec(uint *p, uint i) {\n"
            "  uint4 v = vload4(0, p);\n  vstore4(v + (uint4)(i & 7u, %s, i, %s), 0, p);\n"
            "  return v.x ^ v.w;\n}" % (c(), c()))
        # an add by compare-exchange loop and a subtraction: they commute,
        # so the counter's end value is the same in any order of the
        # work-items (the program stays well defined; no result is used)
        self.stream_helpers.append(
            "static __attribute__((noinline)) void bcas(volatile atomic_uint *c, uint v) {\n"
            "  uint e = atomic_load_explicit(c, memory_order_relaxed, memory_scope_device);\n"
            "  while (!atomic_compare_exchange_strong_explicit(c, &e, e + (v & %s),\n"
            "      memory_order_relaxed, memory_order_relaxed, memory_scope_device))\n"
            "    ;\n"
            "  atomic_fetch_sub_explicit(c, v & 1u, memory_order_relaxed, memory_scope_device);\n"
            "}" % c())

    def builtin_stmt(self):
        """A builtin handed a generic pointer: bvec on a slice or a run-time
        pick, bcas on a global or local counter, vload4/vstore4 in the
        kernel, fract into a private variable."""
        n = self.n
        k = n.randrange(4)
        p = n.choice(SLICES) if n.randrange(3) else picked_at_run_time(n, n.randrange(1, 4))
        if k == 0:
            return "acc += bvec(%s, acc);" % p
        if k == 1:
            return "bcas((volatile atomic_uint *)%s, acc);" % n.choice(
                ["&cnt[acc & 3u]", "&lc[acc & 3u]"])
        if k == 2:
            return ("{ uint *bp = %s; uint4 v = vload4(0, bp); vstore4(v ^ (uint4)(acc), 0, bp); "
                    "acc += v.z; }" % p)
        return ("{ float w; acc += (uint)(fract((float)(acc & 255u) * 0.%df, &w) * 8.0f) + "
                "(uint)w; }" % n.randrange(11, 99))

    # ---- out-parameters (genprog.py --outparams) ------------------------------
    def outparam_helpers(self):
        """onN(a, b, o0, ..): writes each of its 2 to 4 out-parameters once
        (never reads them), after a little arithmetic on a and b."""
        o = self.o
        for k in range(o.randrange(1, 4)):
            n = o.randrange(2, 5)
            ps = ", ".join("uint *o%d" % j for j in range(n))
            body = ["  uint x = a ^ b * %du;" % o.randrange(1, 97),
                    "  for (uint r = 0u; r < (b & 3u) + 1u; r++) x = (x << 3 | x >> 29) + a;"]
            ops = ["x", "x ^ b", "x + a", "x - b", "x * %du" % o.randrange(3, 97)]
            for j in range(n):
                body.append("  *o%d = %s;" % (j, o.choice(ops)))
            self.stream_helpers.append(
                "static __attribute__((noinline)) void on%d(uint a, uint b, %s) {\n%s\n}"
                % (k, ps, "\n".join(body)))
            self.outs.append(("on%d" % k, n))

    def outparam_stmt(self):
        """One to four calls in a row, each handed fresh uninitialized
        private variables, a private array's elements at constant indices
        or a slice's element (any space), each read after its call."""
        o = self.o
        decls, code, arr = [], [], False
        for c in range(o.randrange(1, 5)):
            name, n = o.choice(self.outs)
            args, reads = [], []
            for j in range(n):
                k = o.randrange(6)
                if k < 4:  # a fresh private variable
                    v = "ov%d_%d" % (c, j)
                    decls.append("uint %s;" % v)
                    args.append("&" + v)
                    reads.append(v)
                elif k == 4:  # a private array's element at a constant index
                    arr = True
                    args.append("&oa[%d]" % j)
                    reads.append("oa[%d]" % j)
                else:  # a slice's element: written, then read (initialized)
                    e = "%s[%du]" % (o.choice(SLICES), o.randrange(4))
                    args.append("&" + e)
                    reads.append(e)
            code.append("%s(acc, acc + %du, %s);" % (name, o.randrange(1, 97), ", ".join(args)))
            code += ["acc += %s * %du;" % (x, o.randrange(1, 9)) for x in reads]
        if arr:
            decls.append("uint oa[4];")
        return "{ %s %s }" % (" ".join(decls), " ".join(code))

    # ---- pointers' integers (genprog.py --ints) --------------------------------
    def int_helpers(self):
        """pidx(p, b): p's index from b through their integers; pint(p, j):
        element j of p's slice read through a pointer made of an integer;
        pset(p, j, v): element j updated through p's bits kept in a private
        ulong array and read back."""
        c = lambda: "%du" % self.i.randrange(1, 97)  # noqa: E731
        self.stream_helpers.append(
            "static __attribute__((noinline)) uint pidx(uint *p, uint *b) {\n"
            "  return (uint)(((ulong)p - (ulong)b) >> 2);\n}")
        self.stream_helpers.append(
            "static __attribute__((noinline)) uint pint(uint *p, uint j) {\n"
            "  ulong x = (ulong)p + (ulong)((j & 3u) * 4u);\n  return *(uint *)x ^ %s;\n}" % c())
        self.stream_helpers.append(
            "static __attribute__((noinline)) void pset(uint *p, uint j, uint v) {\n"
            "  ulong cell[2];\n  cell[j & 1u] = (ulong)p;\n  cell[(j + 1u) & 1u] = (ulong)(p + (j & 3u));\n"
            "  *(uint *)cell[(j + 1u) & 1u] ^= v + *((uint *)cell[j & 1u] + (v & 3u));\n}")

    def int_stmt(self):
        """A call of pidx, pint or pset with a slice (its element for pidx)
        or a run-time pick of two."""
        i = self.i
        k = i.randrange(3)
        if k == 0:
            sl = i.choice(SLICES)
            return "acc += pidx(&%s[acc & 3u], %s);" % (sl, sl)
        p = i.choice(SLICES) if i.randrange(3) else picked_at_run_time(i, i.randrange(1, 4))
        if k == 1:
            return "acc += pint(%s, acc + %du);" % (p, i.randrange(4))
        return "pset(%s, acc, acc * %du);" % (p, i.randrange(1, 97))

    def kernel(self):
        r = self.r
        n = r.randrange(4, 12)
        stmts = [self.stmt() for _ in range(n)]
        if self.x:
            for _ in range(self.x.randrange(2, 6)):
                stmts.insert(self.x.randrange(len(stmts) + 1), self.ext_stmt())
            stmts.append(self.null_stmt())
            stmts.append(self.two_space_loop())
            for _ in range(self.w.randrange(1, 4)):
                stmts.insert(self.w.randrange(len(stmts) + 1), self.repro_stmt())
            for _ in range(self.v.randrange(1, 3)):
                stmts.insert(self.v.randrange(len(stmts) + 1), self.frame_stmt())
        if self.b:
            for st in self.sized_stmts():
                stmts.insert(self.b.randrange(len(stmts) + 1), st)
        if self.u:
            for _ in range(self.u.randrange(1, 4)):
                stmts.insert(self.u.randrange(len(stmts) + 1), self.vector_stmt())
        if self.q:
            for _ in range(self.q.randrange(1, 4)):
                stmts.insert(self.q.randrange(len(stmts) + 1), self.writer_stmt())
        if self.f:
            for _ in range(self.f.randrange(1, 5)):
                stmts.insert(self.f.randrange(len(stmts) + 1), self.fnptr_stmt())
        if self.a:
            for _ in range(self.a.randrange(1, 5)):
                stmts.insert(self.a.randrange(len(stmts) + 1), self.asm_stmt())
        if self.ad:
            for _ in range(self.ad.randrange(1, 5)):
                stmts.insert(self.ad.randrange(len(stmts) + 1), self.asm_data_stmt())
        if self.n:
            for _ in range(self.n.randrange(1, 4)):
                stmts.insert(self.n.randrange(len(stmts) + 1), self.builtin_stmt())
        if self.o:
            for _ in range(self.o.randrange(1, 4)):
                stmts.insert(self.o.randrange(len(stmts) + 1), self.outparam_stmt())
        if self.i:
            for _ in range(self.i.randrange(1, 5)):
                stmts.insert(self.i.randrange(len(stmts) + 1), self.int_stmt())
        body = "\n  ".join(stmts)
        post = "\n  ".join(self.stmt() for _ in range(r.randrange(1, 5)))
        if self.x:
            sig = ("kernel void k(global uint *out, global uint *io, global uint *cnt, Params prm) {\n"
                   "  local uint la[4], lb[4];\n  local ulong lbits[8];\n  local ulong2 vbits[8];\n"
                   "  if (get_local_id(0) == 0)\n    for (uint j = 0; j < 4u; j++) { la[j] = j * 3u; lb[j] = j * 5u + 1u; }\n")
        else:
            sig = "kernel void k(global uint *out, global uint *io, global uint *cnt) {\n"
        if self.u:
            sig += "  local uint4 lv4[16];\n  local uint2 lv2[16];\n"
        return sig + """\
  local uint lt[32];
  local uint lc[4];
  uint lid = (uint)get_local_id(0), gid = (uint)get_global_id(0);
  uint pa[4];
  for (uint j = 0; j < 4u; j++) {
    pa[j] = io[gid * 4u + j] ^ %s;
    lt[lid * 4u + j] = io[gid * 4u + ((j + 1u) & 3u)] + j;
  }
  if (lid < 4u) lc[lid] = 0u;
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  uint *g = io + gid * 4u, *l = lt + lid * 4u;
  uint *tab[3] = { g, l, pa };
  P2 pp = { g, pa };
  uint acc = gid;
  %s
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  acc += lt[((lid + 1u) & 7u) * 4u + (acc & 3u)];
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  %s
  out[gid] = acc + pa[0] + pa[1] + pa[2] + pa[3] + l[0] + l[1] + l[2] + l[3];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < 4u) atomic_add(&cnt[lid], lc[lid]);
}
""" % (self.c(), body, post)

    def program(self):
        for i in range(self.r.randrange(2, 7)):
            self.helper(i)
        if self.u:
            self.vector_helpers()
        if self.q:
            self.writer_helpers()
        if self.f:
            self.fnptr_helpers()
        if self.a:
            self.asm_helpers()
        if self.ad:
            self.asm_data_helpers()
        if self.n:
            self.builtin_helpers()
        if self.o:
            self.outparam_helpers()
        if self.i:
            self.int_helpers()
        # at least one helper that takes a plain generic pointer
        if not any(h[1] in ("read", "write", "rmw", "chain") for h in self.helpers):
            self.helper(len(self.helpers))
            self.helpers[-1] = ("h%d_read" % (len(self.helpers) - 1), "read",
                                "uint h%d_read(uint *p, uint i) { return p[i & 3u] + 1u; }" %
                                (len(self.helpers) - 1))
        kernel = self.kernel()  # draws the --sizes helpers it calls
        return ((FN_PRAGMA if self.f else "") + PRELUDE + (EXT_PRELUDE if self.x else "") +
                (CUR_PRELUDE if self.q else "") + (FN_PRELUDE if self.f else "") +
                "\n".join(h[2] for h in self.helpers) +
                "".join("\n" + t for t in self.stream_helpers) +
                "\n" + "".join(t + "\n" for _, t in self.sized) + kernel)


STREAM_FLAGS = ("--extended", "--sizes", "--vectors", "--writers", "--fnptrs", "--external",
                "--asm", "--builtins", "--outparams", "--ints")


def stream_flags(extended=False, sizes=False, vectors=False, writers=False, fnptrs=False,
                 external=False, asm=False, builtins=False, outparams=False, ints=False):
    """The command-line flags that make the same program again (asm
    "data": --asm-data)."""
    on = (extended, sizes, vectors, writers, fnptrs, external, asm, builtins, outparams, ints)
    return [f + ("-data" if v == "data" else "") for f, v in zip(STREAM_FLAGS, on) if v]


def generate(seed, extended=False, sizes=False, vectors=False, writers=False, fnptrs=False,
             external=False, asm=False, builtins=False, outparams=False, ints=False):
    text = Gen(seed, extended, sizes, vectors, writers, fnptrs, asm, builtins,
               outparams, ints).program()
    if external:
        # the helpers genprog writes static (the extended prelude's and the
        # streams') get external linkage, as OpenCL's and CUDA's device
        # functions have unless declared static: gasp clones them and keeps
        # the originals; the same program otherwise
        text = re.sub(r"^static (__attribute__\(\(noinline\)\))", r"\1", text, flags=re.M)
    flags = stream_flags(extended, sizes, vectors, writers, fnptrs, external, asm, builtins,
                         outparams, ints)
    return "/* genprog.py %s%d */\n" % ("".join(f + " " for f in flags), seed) + text


def main_to(seed, path, extended=False, sizes=False, vectors=False, writers=False,
            fnptrs=False, external=False, asm=False, builtins=False, outparams=False,
            ints=False):
    """Writes program SEED to path."""
    with open(path, "w") as f:
        f.write(generate(seed, extended, sizes, vectors, writers, fnptrs, external, asm,
                         builtins, outparams, ints))


def main():
    args = [a for a in sys.argv[1:] if a not in STREAM_FLAGS + ("--asm-data",)]
    on = [f in sys.argv[1:] for f in STREAM_FLAGS]
    if "--asm-data" in sys.argv[1:]:
        on[STREAM_FLAGS.index("--asm")] = "data"
    seed = int(args[0])
    if len(args) > 1:
        main_to(seed, args[1], *on)
    else:
        sys.stdout.write(generate(seed, *on))


if __name__ == "__main__":
    main()
