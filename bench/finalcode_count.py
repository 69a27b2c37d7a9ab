#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""finalcode_count.py KIND FILE — counts the memory instructions of final GPU
code in the functions reachable from its kernels (bench/finalcode.sh).

KIND is ptx (llc-22 -march=nvptx64 output), amdgpu (llc-22 -march=amdgcn
assembly) or spirv (spirv-dis text).  Prints one line:
    generic=G named=N cvta=C instrs=I functions=F
  generic  memory instructions that go through a flat/generic address:
           PTX ld/st/atom/red and the warp matrix wmma.load/wmma.store
           with no state space; AMDGPU flat_*; SPIR-V
           OpLoad/OpStore/OpAtomic*/OpCopyMemory* on a Generic pointer, and
           OpExtInst with a Generic pointer operand (OpenCL.std's vloadn,
           vstoren, fract, ...)
  named    the same instructions with a named space: PTX .global .shared
           .local .const; AMDGPU global_ buffer_ ds_ scratch_ s_load/s_store
           s_buffer_; SPIR-V any other storage class (Function, Workgroup,
           CrossWorkgroup, UniformConstant, ...)
  cvta     PTX cvta/cvta.to conversions; AMDGPU and SPIR-V: 0 (SPIR-V
           OpPtrCastToGeneric/OpGenericCastToPtr are counted as instrs)
  instrs   every instruction in reachable functions
  functions  how many functions are reachable from the kernels
then the columns of the final code every back end decides (COLUMNS, in
this order; each a sum over the reachable functions unless said):
  PTX      nc (ld.global.nc), v2 / v4 (ld/st of 2- and 4-element vectors),
           local (bytes of .local frames), and with --ptxas (ptxas -arch=sm_90
           -v, where the CUDA toolkit is installed) regs (the largest count of
           a kernel), spill_st / spill_ld (bytes), stack (the largest frame;
           beside it, not a column, chain: the deepest call chain's frames,
           what the device sets aside a thread, which device_same reads)
  AMDGPU   global, scratch, ds, sload (s_load*/s_buffer_load* of data: not
           the loads of an address out of the GOT, `@gotpcrel`, that each
           call of an external function makes; fewer is worse only where global
           or flat accesses grew, a load moved to the vector path), waitcnt
           (s_waitcnt*), drains (the waits among them for some counter to
           reach 0: vmcnt(0), lgkmcnt(0), ..., s_waitcnt_vscnt null, 0x0;
           more waits are worse only where drains did not fall), and from
           the kernels' metadata vgpr, sgpr (the largest count of a
           kernel), scratch_bytes (the largest private segment), spills
           (vgpr and sgpr spill counts); beside them, not a column, waves
           (llc's occupancy of the kernel, evaluated by llvm-mc:
           amdgpu_waves), which says what a register more costs
  SASS     with --sass (where scripts/sass-tools.sh has put a ptxas and the
           nvdisasm that reads its output in build/sass-tools, or
           GASP_SASS_TOOLS names such a folder): sass, the machine
           instructions ptxas -arch=sm_90 makes of the reachable functions
           (nvdisasm; NOPs and each function's closing self-branch not
           counted).  PTX instructions are not all instructions: a
           cvta.to.global is none (generic and global addresses are the same
           on the device), a cvta.to.shared one, a cvta.shared five
           (bench/README.md, "Machine code")
  SPIR-V   with --val (where SPIRV-Tools' spirv-val is installed) invalid:
           1 for each kernel of a module spirv-val rejects (the module
           written beside FILE as FILE.spv, else FILE assembled again by
           spirv-as), 0 otherwise
With --per-kernel: one such line per kernel, "kernel=NAME generic=...",
counting the functions reachable from that kernel.  worse(a, b) (used by
bench/public/public.py) lists the columns where counts b are worse than
counts a beyond each column's tolerance (COLUMNS; a column that is the
price of another's gain, PRICE_OF, only where that gain is absent).  A function whose
address is taken (PTX: named outside a call; AMDGPU: any reference) is
reachable from the functions that make an indirect call (PTX) or refer to
it (AMDGPU).
Kernel-parameter reads (PTX ld.param, AMDGPU s_load of the kernarg segment)
are memory reads the programmer never wrote; PTX ld.param/st.param are not
counted as memory instructions, AMDGPU scalar loads are (they are named).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

# column: (which way is better, tolerance).  "low": more is worse; "high":
# fewer is worse.  Tolerance: 0 (any change that way is worse) or a
# fraction (instructions, waits: 2%).  generic and the named spaces are the
# point of gasp; nc, vector widths and registers are the back end's own
# wins that a change of gasp's must keep.
COLUMNS = {
    "generic": ("low", 0), "instrs": ("low", 0.02), "cvta": ("low", 0),
    "nc": ("high", 0), "v2": ("high", 0), "v4": ("high", 0), "local": ("low", 0),
    "regs": ("low", 0), "spill_st": ("low", 0), "spill_ld": ("low", 0), "stack": ("low", 0),
    "scratch": ("low", 0), "sload": ("high", 0), "waitcnt": ("low", 0.02),
    "drains": ("low", 0.02),
    "vgpr": ("low", 0), "sgpr": ("low", 0), "scratch_bytes": ("low", 0), "spills": ("low", 0),
    "sass": ("low", 0.02), "invalid": ("low", 0),
}
# a column that is the price of another's gain: more cvta are worse only
# where generic accesses did not fall (a pointer loaded from global memory
# is named by one cvta.to.global; transport.cu: 16 generic accesses named
# for 3 cvta), and every cvta is counted in instrs (2%) all the same
# scratch_* instructions (AMDGPU with flat scratch, gfx10+): a private access
# named is one, where it was a flat_* access: more are worse only where
# generic accesses did not fall (spills have their own columns)
# more s_waitcnt (AMDGPU) are worse only where the drains among them did not
# fall: a flat access counts in both vmcnt and lgkmcnt, so the flat build
# waits for both to reach 0 where the named one waits for one counter, or for
# a count of accesses still in flight, in several partial waits.  Random
# --writers seed 2 on gfx90a, two loads through global pointers read from a
# private struct: flat, `vmcnt(0)` between them and `vmcnt(0) lgkmcnt(0)`
# after, the second load issued when the first has returned (3 waits, 2
# drains); global, `vmcnt(4) vmcnt(4) vmcnt(3) vmcnt(2) vmcnt(0)`, both loads
# in flight together (5 waits, 1 drain).  A partial wait that is met costs its
# issue slot, counted in instrs (2%) all the same
PRICE_OF = {"cvta": "generic", "scratch": "generic", "waitcnt": "drains"}
# fewer scalar loads (AMDGPU) are worse where a load moved to the vector
# path: only where the global or flat (generic) accesses grew.  With as many
# vector accesses, one scalar load fewer is a redundant reload gone
# (held-out HeCBench kiss: clang's build loads the same dword pair from the
# kernel arguments twice, the plugin's once)
MOVED_TO = {"sload": ("global", "generic")}
# fewer vector accesses (PTX .v2/.v4) are worse where one was split into
# narrower ones: only where the memory instructions (generic + named) did not
# fall by at least as many.  Fewer of both is accesses gone: Bullet3's mpr.cl
# at -O3, where the plugin's b3DiscoverPortal clone names its pointers and
# loads 10 float4 and 12 floats of global memory fewer than clang's build,
# which loads them again after stores through generic pointers that might
# alias them: v4 113 -> 103 with 241 -> 219 memory instructions, and no
# scalar access more.  (A split and as many accesses gone elsewhere in the
# same kernel would hide; the count is per kernel.)
SPLIT_FROM = ("v2", "v4")
# per kind: the columns after generic/named/cvta/instrs, in print order;
# MAX_COLS are a kernel's largest, not a sum
EXTRA = {"ptx": ["nc", "v2", "v4", "local"], "amdgpu": ["global", "scratch", "ds", "sload",
                                                       "waitcnt", "drains"], "spirv": []}
META = {"ptx": ["regs", "spill_st", "spill_ld", "stack"],
        "amdgpu": ["vgpr", "sgpr", "scratch_bytes", "spills"], "spirv": ["invalid"]}
# an s_waitcnt that waits for some counter to reach 0 (gfx9-gfx11 syntax:
# `vmcnt(0)`, `s_waitcnt_vscnt null, 0x0`, `s_waitcnt 0`)
DRAIN = re.compile(r"cnt\(0\)|^s_waitcnt(?:_[a-z]+cnt)?\s+(?:\w+,\s*)?(?:0x)?0\s*(?:$|;)")
MAX_COLS = ("regs", "stack", "vgpr", "sgpr", "scratch_bytes")
# ptxas -arch=sm_90 gives a kernel's registers as it used them; the device
# allocates them per warp in units of 256, 8 per thread (CUDA's occupancy
# calculator for compute capability 9.0: register allocation unit size 256,
# granularity warp), so a kernel's occupancy follows the count rounded up to
# 8.  A register more within the same unit is still listed as worse (the
# column's tolerance is 0); same_allocation says why it costs the device
# nothing.  Registers cost a kernel nothing but occupancy, and the CUDA
# toolkit's own occupancy calculator (cuda_occupancy.h,
# cudaOccMaxBlocksPerSMRegsLimit) reads them only as the warps one of the
# SM's 4 sub-partitions holds, floor(16,384 / (registers allocated x 32)):
# the blocks per SM (those warps x 4, at most 64, over the block's warps)
# and whether a block fits at all (its warps rounded up to 4 against
# them) follow from that number alone, so two counts that give the same
# warps per sub-partition give the same occupancy for every block size
# (same_warps: 175 and 182 registers, 176 and 184 allocated, are 2 warps
# per sub-partition, 8 per SM, either way).
PTX_REG_UNIT = 8
PTX_SUBPARTITION_REGS = 16384  # 65,536 per SM, 4 sub-partitions
PTX_MAX_WARPS = 64


def tolerance_words():
    """COLUMNS' tolerances in words, for the reports: "2% for instrs,
    waitcnt, drains and sass, 0 for the others"."""
    by = {}
    for col, (_, tol) in COLUMNS.items():
        if tol:
            by.setdefault(tol, []).append(col)
    parts = []
    for tol, cols in sorted(by.items()):
        names = cols[0] if len(cols) == 1 else ", ".join(cols[:-1]) + " and " + cols[-1]
        parts.append("%g%% for %s" % (tol * 100, names))
    return ", ".join(parts + ["0 for the others"])


def same_allocation(col, x, y):
    """For a PTX kernel's registers x -> y: the registers the device
    allocates per thread for both (PTX_REG_UNIT) when they are the same,
    else None."""
    if col != "regs":
        return None
    ax, ay = -(-x // PTX_REG_UNIT) * PTX_REG_UNIT, -(-y // PTX_REG_UNIT) * PTX_REG_UNIT
    return ax if ax == ay else None


def ptx_warps(regs):
    """The warps an sm_90 SM holds by a kernel's register count alone (4
    sub-partitions' whole warps; at most PTX_MAX_WARPS)."""
    unit = max(1, -(-regs // PTX_REG_UNIT)) * PTX_REG_UNIT
    return min(PTX_MAX_WARPS, 4 * (PTX_SUBPARTITION_REGS // (unit * 32)))


def same_warps(col, x, y):
    """For a PTX kernel's registers x -> y: the warps per SM both allow
    (ptx_warps) when they are the same, else None."""
    if col != "regs":
        return None
    w = ptx_warps(x)
    return w if w == ptx_warps(y) else None


def waves_kept(col, a, b):
    """For an AMDGPU kernel's VGPRs or SGPRs, counts a -> b (columns'
    dicts): the waves per SIMD llc gives the kernel in each build
    (amdgpu_waves), (a's, b's), when b has no fewer, else None.  The
    register file is the only thing registers cost an AMDGPU kernel: a VGPR
    or SGPR more at no fewer waves costs the device nothing (gfx90a: 64 and
    72 VGPRs are 8 and 7 waves, 78 and 88 SGPRs both 8; gfx1100: SGPRs are
    never allocated by count), and a kernel whose VGPRs fell may spend SGPRs
    and still gain waves (random writers seed 21: 75 -> 63 VGPRs, 78 -> 88
    SGPRs, 6 -> 8 waves)."""
    if col not in ("vgpr", "sgpr") or "waves" not in a or "waves" not in b:
        return None
    return (a["waves"], b["waves"]) if b["waves"] >= a["waves"] else None


def device_same(kind, col, a, b):
    """Why a kernel's registers or frame a[col] -> b[col] (columns' dicts of
    a final code KIND) cost the device nothing, in words for a report, or
    None: PTX registers the device allocates the same (same_allocation) or
    at the same warps per SM (same_warps), a PTX frame whose kernel's
    deepest call chain (chain) is no deeper, AMDGPU registers at no fewer
    waves per SIMD (waves_kept)."""
    if kind == "ptx" and col == "regs" and col in a and col in b:
        n = same_allocation(col, a[col], b[col])
        if n is not None:
            return ("%d per thread either way: sm_90 allocates registers per warp in units of "
                    "256, %d per thread; occupancy unchanged" % (n, PTX_REG_UNIT))
        w = same_warps(col, a[col], b[col])
        if w is not None:
            return ("%d warps per SM either way (cuda_occupancy.h: 4 sub-partitions of 16,384 "
                    "registers, 256 per warp at a time): the same blocks per SM for every block "
                    "size" % w)
    if kind == "ptx" and col == "stack" and "chain" in a and "chain" in b and \
            b["chain"] <= a["chain"]:
        return ("the deepest call chain %d -> %d bytes a thread, what the device sets aside: "
                "a frame grew where a callee's shrank" % (a["chain"], b["chain"]))
    w = waves_kept(col, a, b) if kind == "amdgpu" else None
    if w is None:
        return None
    return ("llc's occupancy %d waves per SIMD either way" % w[0] if w[0] == w[1] else
            "llc's occupancy %d -> %d waves per SIMD" % w)


def worse(a, b):
    """The columns (name, a's value, b's value) where counts b are worse than
    counts a beyond the column's tolerance; a and b are dicts of ints."""
    out = []
    for col, (better, tol) in COLUMNS.items():
        if col not in a or col not in b:
            continue
        x, y = a[col], b[col]
        if better == "low":
            bad = y > x and (tol == 0 or y > x * (1 + tol))
        else:
            bad = y < x and (tol == 0 or y < x * (1 - tol))
        if col == "cvta" and "sass" in a and "sass" in b:
            bad = False  # the machine code says what a cvta costs (bench/README.md, "Machine code")
        paid = PRICE_OF.get(col)
        if bad and paid in a and paid in b and b[paid] < a[paid]:
            bad = False
        moved = MOVED_TO.get(col)
        if bad and moved and all(c in a and c in b for c in moved) and \
                sum(b[c] for c in moved) <= sum(a[c] for c in moved):
            bad = False
        if bad and col in SPLIT_FROM and all(c in a and c in b for c in ("generic", "named")) and \
                a["generic"] + a["named"] - b["generic"] - b["named"] >= x - y:
            bad = False
        if bad:
            out.append((col, x, y))
    return out


def measured_reason(kind, col, a, b):
    """Why a kernel's column col, worse in counts b than in a (columns'
    dicts of a final code KIND), may cost the device nothing, measured in
    the same two builds, in words for a report (the row still counts), or
    None: PTX instructions whose machine code (sass) is no worse within
    its tolerance (a `cvta.to.global` is no instruction of the device's,
    a generic load a dozen where it must find the shared window:
    convolution1D's split load, 218 -> 62); registers, spills or frames
    where the kernel has 1% fewer memory instructions (generic + named)
    or more, values kept (in registers, or spill slots) that a's build
    reads or writes again (fdwt97 at -O3: five stored values a transform
    forwards, 831 -> 816; not bitcrack.cl's 6 of 6,389, whose frames are
    its calls' private parameters), or, where wider accesses can account for
    all the fewer (widened), accesses merged into vectors whose lanes are
    live at once (nbody); PTX spills or frame where ptxas gave the same
    kernel fewer registers (faiss's binaryDistanceLimitSize<128,3>: 60 ->
    48 registers and 4 bytes of spill, the PTX of the kernel itself the same
    but for its call of a clone whose loads are named local): a trade of
    ptxas's, which the device weighs."""
    if kind == "ptx" and col == "instrs" and "sass" in a and "sass" in b and \
            not_worse("sass", a["sass"], b["sass"]):
        return "the machine code ptxas makes of it: %d -> %d instructions, no worse; nvdisasm" % (
            a["sass"], b["sass"])
    if col in META.get(kind, ()) and col != "invalid" and \
            all(n in a and n in b for n in ("generic", "named")):
        ma, mb = a["generic"] + a["named"], b["generic"] + b["named"]
        if mb < ma and (ma - mb) * 100 >= ma:  # 1% or more: not a few in thousands
            if widened(a, b) >= ma - mb:
                return "memory instructions %d -> %d, in wider accesses (.v2 %d -> %d, " \
                    ".v4 %d -> %d): each holds all its lanes in registers at once" % (
                        ma, mb, a["v2"], b["v2"], a["v4"], b["v4"])
            return "memory instructions %d -> %d: it keeps values that clang's build " \
                "reads or writes again" % (ma, mb)
    if kind == "ptx" and col in ("spill_st", "spill_ld", "stack") and \
            "regs" in a and "regs" in b and b["regs"] < a["regs"]:
        return "registers %d -> %d in the same kernel: ptxas spills where it allocates " \
            "fewer" % (a["regs"], b["regs"])
    return None


def widened(a, b):
    """How many of a's memory instructions b's wider accesses can stand for
    (PTX counts a and b of one kernel: a .v4 gained is up to four accesses
    in one, three fewer; a .v2 one fewer; 0 where the vector columns are not
    read).  nbody's 56 -> 54 at -O3 are three scalar ld.local that became
    one ld.local.v4: fewer instructions, not values kept."""
    if not all(c in a and c in b for c in ("v2", "v4")):
        return 0
    return max(0, 3 * (b["v4"] - a["v4"]) + (b["v2"] - a["v2"]))


def not_worse(col, x, y):
    """Is count y of column col no worse than x, within the column's
    tolerance (COLUMNS; worse() without the columns' prices)?"""
    better, tol = COLUMNS[col]
    if better == "low":
        return y <= x or (tol > 0 and y <= x * (1 + tol))
    return y >= x or (tol > 0 and y >= x * (1 - tol))


def chain(funcs, calls, frame, roots):
    """The stack bytes a thread needs at its deepest point under roots: a
    function's own frame (frame: per function) plus the deepest chain of its
    callees, the largest over roots; None where a call is recursive (ptxas
    cannot size it either).  What the device sets aside for a kernel's
    thread is this chain, not the largest single frame the stack column
    shows: profanity_init's frame 384 -> 392 with its callee's 272 -> 264
    is 704 bytes a thread either way."""
    memo = {}

    def deepest(f, path):
        if f in path:
            raise RecursionError(f)
        if f not in memo:
            under = [deepest(c, path | {f}) for c in calls.get(f, ()) if c in funcs]
            memo[f] = frame.get(f, 0) + max(under, default=0)
        return memo[f]
    try:
        return max((deepest(r, frozenset()) for r in roots if r in funcs), default=0)
    except RecursionError:
        return None


# A gasp clone's suffix in PTX (the IR's "f.as1_3" is "f_$_as1_3"):
# its original in clang's build is the function of the name without it.
PTX_CLONE = re.compile(r"_\$_\w+$")


def ptx_original(name, names):
    """The function of names (clang's build) that PTX function name stands
    for: itself, else a clone's original (PTX_CLONE), else None."""
    if name in names:
        return name
    base = PTX_CLONE.sub("", name)
    return base if base in names else None


def reach(funcs, calls, roots):
    seen, todo = set(), [r for r in roots if r in funcs]
    while todo:
        f = todo.pop()
        if f in seen:
            continue
        seen.add(f)
        todo.extend(c for c in calls.get(f, ()) if c in funcs and c not in seen)
    return seen


# ---------------------------------------------------------------- PTX
PTX_MEM = re.compile(r"^\s*(?:@!?%\w+\s+)?(wmma\.load|wmma\.store|ld|st|atom|red|prefetch)\.([\w.]+)")
PTX_NAMED = ("global", "shared", "local", "const")
PTX_DEPOT = re.compile(r"^\.local\s+\.align\s+\d+\s+\.b8\s+[\w$]+\[(\d+)\];")


# the qualifiers before an access's space: ld.volatile.global,
# ld.acquire.sys.global, atom.acquire.sys.global.cas, ...
PTX_SEM = "volatile|relaxed|acquire|release|acq_rel|seq_cst|weak|mmio|sys|gpu|cta|cluster"
PTX_CVTA_LOCAL = re.compile(r"\bcvta\.(?:to\.)?local\.u64(\s+)(%\w+),(\s*)(%\w+);")
PTX_DEPOT_BASE = re.compile(r"(mov\.b64\s+%SPL,\s*__local_depot\d+;[ \t]*\n)"
                            r"(?![ \t]*cvta\.local\.u64\s+%SP,\s*%SPL;)")


def ptx_generic(text, spaces=("global", "local")):
    """PTX text with the named accesses of spaces made generic again, the
    code clang's build writes where it cannot prove a space: ld/st/atom/red
    .global that is not .nc (the read-only path needs the global space; a
    cvta.to.global is the identity on every NVIDIA GPU, left as it is), and
    .local with every local address generic: the frame's %SPL+k becomes
    %SP+k (the depot's cvta.local added where the function had none),
    cvta.to.local and cvta.local become moves.  The result is the same
    program through generic addresses; ptxas -v on it says what the naming
    alone costs or saves in what ptxas allocates (bench/public/public.py's
    `unnamed`; bench/gpu/gpu.py's gasp-gg is its global part)."""
    names = "|".join(s for s in ("global", "local") if s in spaces)
    if not names:
        return text
    text = re.sub(r"\b(ld|st|atom|red)((?:\.(?:%s))*)\.(?:%s)\.(?!nc\b)" % (PTX_SEM, names),
                  r"\1\2.", text)
    if "local" not in spaces:
        return text
    text = PTX_DEPOT_BASE.sub(r"\1\tcvta.local.u64 \t%SP, %SPL;\n", text)
    out = []
    for line in text.split("\n"):
        s = line.strip()
        if s.startswith(".reg") or re.match(r"(?:mov\.b64\s+%SPL,|cvta\.local\.u64\s+%SP,\s*%SPL;)", s):
            out.append(line)
            continue
        line = PTX_CVTA_LOCAL.sub(r"mov.b64\1\2,\3\4;", line)
        out.append(re.sub(r"%SPL\b", "%SP", line))
    return "\n".join(out)


PTX_VAR_DECL = re.compile(r"^(?:\.(?:visible|extern|weak|common)\s+)*\.(?:global|const|shared)\s")


def ptx_declared_as(text, order):
    """PTX text with its module-scope variable declarations (one line each,
    outside every function) in the order PTX file order declares the same
    ones, each where text had one of them; None where the two declare other
    variables, a declaration spans lines, or the order is already the same.
    ptxas lays the constant bank out in declaration order, so the order
    decides each variable's offset and with it which loads pair (ULDC.64
    needs 8-byte alignment); clang-22's CUDA front end emits the device
    variables the host uses in an order of its own each run (a DenseSet of
    pointers, llvm-project#188616): the same source, built twice without
    the plugin, gives two orders and two machine codes."""
    def decls(t):
        out, depth = [], 0
        for i, line in enumerate(t.split("\n")):
            s = re.sub(r"//.*", "", line).strip()
            if depth == 0 and PTX_VAR_DECL.match(s):
                if not s.endswith(";"):
                    return None
                out.append((i, s))
            depth += s.count("{") - s.count("}")
        return out
    mine, theirs = decls(text), decls(order)
    if mine is None or theirs is None or sorted(s for _, s in mine) != sorted(s for _, s in theirs) \
            or [s for _, s in mine] == [s for _, s in theirs]:
        return None
    lines = text.split("\n")
    for (i, _), (_, s) in zip(mine, theirs):
        lines[i] = s
    return "\n".join(lines)


def ptx(text):
    # top level: headers end in ';' (declarations) or open a '{' body
    funcs, calls, body, kernels = {}, {}, {}, []
    text = re.sub(r"//[^\n]*", "", text)
    i, depth, head, start, cur = 0, 0, [], 0, None
    for i, ch in enumerate(text):
        if depth == 0:
            if ch == ";":
                head = []
            elif ch == "{":
                h = "".join(head)
                m = re.search(r"\.(entry|func)\s+(?:\([^)]*\)\s*)?([\w$]+)", h)
                cur = m.group(2) if m else None
                if cur and m.group(1) == "entry":
                    kernels.append(cur)
                start, head = i + 1, []
                depth = 1
            else:
                head.append(ch)
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                if cur:
                    lines = [x.strip() for x in text[start:i].splitlines()]
                    funcs[cur] = True
                    body[cur] = lines
                cur, head = None, []
    # a function whose address is taken (named outside a call: a mov in a
    # body, a global initializer) is a callee of every indirect call
    words = lambda t: set(re.findall(r"[\w$]+", t))
    taken = set()
    for f in funcs:
        for stmt in " ".join(body[f]).split(";"):
            if not re.search(r"\bcall(?:\.uni)?\b", stmt):
                taken |= words(stmt) & set(funcs)
    for m in re.finditer(r"^\s*(?:\.\w+\s+)*\.(?:global|const)\b[^;]*=\s*\{([^}]*)\}", text, re.M):
        taken |= words(m.group(1)) & set(funcs)
    for f in funcs:
        calls[f] = set()
        for stmt in " ".join(body[f]).split(";"):
            m = re.search(r"\bcall(?:\.uni)?\b(.*)", stmt)
            if m:
                toks = [t for t in re.split(r"[\s,()]+", m.group(1)) if t]
                calls[f].update(t for t in toks if t in funcs)
                if any(t.startswith("%") for t in toks[:2]):  # call (ret), %rd, ...
                    calls[f] |= taken
    cnt = {}
    for f in funcs:
        g = n = cv = ins = 0
        c = {"nc": 0, "v2": 0, "v4": 0, "local": 0}
        for s in body[f]:
            m = PTX_DEPOT.match(s)
            if m:
                c["local"] += int(m.group(1))
                continue
            if not s or s.startswith(("//", ".", "{", "}", "$")) or s.endswith(":"):
                continue
            if s.startswith("@") and " " not in s:
                continue
            if not s.endswith(";") and not s.endswith(")"):
                continue
            ins += 1
            if re.match(r"^(?:@!?%\w+\s+)?cvta", s):
                cv += 1
            m = PTX_MEM.match(s)
            if not m or m.group(1) == "prefetch":
                continue
            mods = m.group(2).split(".")
            if "param" in mods:
                continue
            if any(x in PTX_NAMED for x in mods):
                n += 1
            else:
                g += 1
            if m.group(1) == "ld" and "global" in mods and "nc" in mods:
                c["nc"] += 1
            if m.group(1) in ("ld", "st"):
                c["v2"] += "v2" in mods
                c["v4"] += "v4" in mods
        cnt[f] = dict(generic=g, named=n, cvta=cv, instrs=ins, **c)
    return funcs, calls, kernels, cnt


def sass_tools():
    """The folder holding a ptxas and the nvdisasm that reads its cubins
    (GASP_SASS_TOOLS, else build/sass-tools/bin), or None."""
    d = os.environ.get("GASP_SASS_TOOLS") or os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "build", "sass-tools", "bin")
    ok = all(os.access(os.path.join(d, t), os.X_OK) for t in ("ptxas", "nvdisasm"))
    return d if ok else None


SASS_INSN = re.compile(r"^\s*/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][\w.]*)(.*);")


def tools_ptx(path, tmp):
    """path, or a copy in tmp that sass-tools' ptxas reads: it (CUDA 11.8)
    takes PTX ISA 7.8 at most, and clang's CUDA build against a newer
    toolkit says 8.x without using what 8.x added (where it does, ptxas
    refuses the copy, as it would the file)."""
    with open(path, errors="replace") as f:
        text = f.read()
    m = re.search(r"^\.version\s+(\d+)\.(\d+)", text, re.M)
    if not m or (int(m.group(1)), int(m.group(2))) <= (7, 8):
        return path
    out = os.path.join(tmp, "v78.ptx")
    with open(out, "w") as f:
        f.write(text[:m.start()] + ".version 7.8" + text[m.end():])
    return out


def disassembly(path, tools):
    """nvdisasm -c's listing of ptxas -arch=sm_90's code for the PTX file
    (sass-tools), or None where the tools reject it."""
    with tempfile.TemporaryDirectory() as tmp:
        cubin = os.path.join(tmp, "a.cubin")
        if assemble(os.path.join(tools, "ptxas"), [], tools_ptx(path, tmp), cubin) is None:
            return None
        try:
            r = subprocess.run([os.path.join(tools, "nvdisasm"), "-c", cubin],
                               capture_output=True, text=True, timeout=600)
        except (OSError, subprocess.TimeoutExpired):
            return None
    return None if r.returncode else r.stdout


def sass_meta(path, tools):
    """Per function: sass, the instructions of ptxas -arch=sm_90's machine
    code for it (nvdisasm -c), NOPs and the closing self-branch left out;
    None where the tools reject the file."""
    text = disassembly(path, tools)
    if text is None:
        return None
    meta, cur, label = {}, None, None
    for line in text.splitlines():
        m = re.match(r"^\s*\.section\s+\.text\.([\w$.]+),", line)
        if m:
            cur, label = m.group(1), None
            meta[cur] = {"sass": 0}
            continue
        m = re.match(r"^([.\w$]+):\s*$", line)
        if m:
            label = m.group(1)
            continue
        m = SASS_INSN.match(line)
        if m and cur:
            op, rest = m.group(1), m.group(2)
            if op != "NOP" and not (op == "BRA" and label and "(%s)" % label in rest):
                meta[cur]["sass"] += 1
            label = None
    return meta


def sass_listing(path, tools):
    """The machine code of ptxas -arch=sm_90 for the PTX file, as a sorted
    tuple of its functions' instruction lists (nvdisasm -c; addresses,
    function names and label numbers left out, so that a clone of another
    name with the same code reads the same), or None where the tools
    reject the file: two builds with equal listings run the same
    instructions."""
    text = disassembly(path, tools)
    if text is None:
        return None
    funcs, cur, labels = [], None, {}

    def label(m):
        return labels.setdefault(m.group(0), ".L%d" % len(labels))
    for line in text.splitlines():
        if re.match(r"^\s*\.section\s+\.text\.", line):
            cur, labels = [], {}
            funcs.append(cur)
            continue
        m = SASS_INSN.match(line)
        if m and cur is not None:
            text = re.sub(r"\.L_x_\d+", label, m.group(0).split("*/", 1)[1].strip())
            cur.append(re.sub(r"`\((?!\.L\d)[^)]*\)", "`(f)", text))
    return tuple(sorted(tuple(f) for f in funcs))


def assemble(ptxas, flags, path, out):
    """ptxas -arch=sm_90 FLAGS on the PTX file into out: the finished run,
    or None where ptxas is missing, times out or rejects the file.  Where it
    names an unresolved extern function (OpenCL built without libclc,
    -nogpulib: its builtins are declarations) the file is compiled again as
    relocatable code (-c), each function apart, the same way for both
    builds compared."""
    try:
        r = subprocess.run([ptxas, "-arch=sm_90"] + flags + [path, "-o", out],
                           capture_output=True, text=True, timeout=600)
        if r.returncode and "Unresolved extern function" in r.stderr:
            r = subprocess.run([ptxas, "-arch=sm_90", "-c"] + flags + [path, "-o", out],
                               capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return None if r.returncode else r


def ptxas_meta(path):
    """ptxas -arch=sm_90 -v on the PTX file: per function regs, spill_st,
    spill_ld, stack; None where ptxas is missing or rejects the file
    (assemble)."""
    r = assemble("ptxas", ["-v"], path, "/dev/null")
    if r is None:
        return None
    meta, cur = {}, None
    for line in r.stderr.splitlines():
        m = re.search(r"(?:Compiling entry function|Function properties for) '?([\w$.]+)'?", line)
        if m:
            cur = m.group(1)
            meta.setdefault(cur, {"regs": 0, "spill_st": 0, "spill_ld": 0, "stack": 0})
            continue
        m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads",
                      line)
        if m and cur:
            meta[cur].update(stack=int(m.group(1)), spill_st=int(m.group(2)),
                             spill_ld=int(m.group(3)))
        m = re.search(r"Used (\d+) registers", line)
        if m and cur:
            meta[cur]["regs"] = int(m.group(1))
    return meta


# ---------------------------------------------------------------- AMDGPU
AMD_NAMED = ("global_", "buffer_", "ds_", "scratch_", "s_load", "s_store", "s_buffer_",
             "s_scratch_")


def amdgpu(text):
    funcs, calls, body, kernels = {}, {}, {}, set()
    ftypes = set()
    cur = None
    for line in text.splitlines():
        s = line.strip()
        m = re.match(r"^\.type\s+([\w.$]+),@function", s)
        if m:
            ftypes.add(m.group(1))
            continue
        m = re.match(r"^\.amdhsa_kernel\s+([\w.$]+)", s)
        if m:
            kernels.add(m.group(1))
            continue
        m = re.match(r"^([\w.$]+):", line)
        if m and m.group(1) in ftypes and cur is None:
            cur = m.group(1)
            funcs[cur] = True
            body[cur] = []
            calls[cur] = set()
            continue
        if cur is not None:
            if s.startswith(".Lfunc_end") or re.match(r"^\.size\s+" + re.escape(cur) + r",", s):
                cur = None
                continue
            body[cur].append(s)
            for c in re.findall(r"([\w.$]+)@(?:rel32|gotpcrel|abs32)", s):
                calls[cur].add(c)
    cnt = {}
    for f in funcs:
        g = n = ins = 0
        c = {"global": 0, "scratch": 0, "ds": 0, "sload": 0, "waitcnt": 0, "drains": 0}
        got = set()  # SGPRs holding a GOT slot's address (a callee's or a global's)
        for s in body[f]:
            if not s or s.startswith((";", ".", "//")) or re.match(r"^[\w.$]+:", s):
                continue
            op = s.split()[0]
            if not re.match(r"^[a-z][a-z0-9_]*$", op):
                continue
            ins += 1
            m = re.match(r"s_add_u32\s+s(\d+),.*@gotpcrel", s)
            if m:
                got.add(int(m.group(1)))
            m = re.match(r"s_load_(?:dwordx2|b64)\s+s\[\d+:\d+\],\s*s\[(\d+):\d+\],\s*0x0\b", s)
            if m and int(m.group(1)) in got:
                # reading an address out of the GOT (a call's or a global's):
                # linkage, not a scalar load of the program's data
                got.discard(int(m.group(1)))
                n += 1
                continue
            if op.startswith("flat_"):
                g += 1
            elif op.startswith(AMD_NAMED):
                n += 1
            for k, pre in (("global", "global_"), ("scratch", "scratch_"), ("ds", "ds_"),
                           ("sload", ("s_load", "s_buffer_load")), ("waitcnt", "s_waitcnt")):
                c[k] += op.startswith(pre)
            c["drains"] += op.startswith("s_waitcnt") and bool(DRAIN.search(s))
        cnt[f] = dict(generic=g, named=n, cvta=0, instrs=ins, **c)
    return funcs, calls, sorted(kernels), cnt


def amdgpu_meta(text):
    """Per kernel, from the code object's metadata (amdhsa.kernels): vgpr,
    sgpr, scratch_bytes (private segment), spills (vgpr + sgpr spill
    counts)."""
    meta, cur = {}, {}
    keys = {".vgpr_count": "vgpr", ".sgpr_count": "sgpr",
            ".private_segment_fixed_size": "scratch_bytes", ".vgpr_spill_count": "spills",
            ".sgpr_spill_count": "spills"}
    inside = False
    for line in text.splitlines():
        if line.startswith("amdhsa.kernels:"):
            inside = True
            continue
        if inside and re.match(r"^\S", line):
            inside = False
        if not inside:
            continue
        m = re.match(r"^  - ", line)
        if m and cur.get("name"):
            meta[cur.pop("name")] = cur
        if m:
            cur = {"vgpr": 0, "sgpr": 0, "scratch_bytes": 0, "spills": 0}
        m = re.match(r"^\s*(?:- )?(\.[\w]+):\s+(\S+)\s*$", line)
        if not m or line.startswith("      "):  # an argument's fields
            continue
        if m.group(1) == ".name":
            cur["name"] = m.group(2)
        elif m.group(1) in keys and m.group(2).isdigit():
            cur[keys[m.group(1)]] += int(m.group(2))
    if cur.get("name"):
        meta[cur.pop("name")] = cur
    return meta


AMD_TARGET = re.compile(r'^\s*\.amdgcn_target\s+"([\w-]+)--(gfx\w+)((?::[\w-]+[+-])*)"', re.M)
AMD_LABEL = re.compile(r'^(?:"([^"]+)"|([A-Za-z_$][\w$.]*)):')  # a quoted name too
AMD_OCCUPANCY = re.compile(r"^; Occupancy: (.+)$")


def llvm_tool(name):
    """The LLVM 22 tool NAME (llvm-mc, llvm-objcopy) on PATH, or None."""
    return shutil.which(name + "-22") or shutil.which(name)


def amdgpu_waves(text):
    """Per kernel, the waves per SIMD it can have (llc's `; Occupancy:`,
    an expression over the VGPRs and SGPRs of the functions it calls, with
    LLVM's own table of the processor's register file, allocation granule
    and wave limit, and the kernel's LDS).  llvm-mc evaluates the
    expressions (each made a word of a section of their own, then read
    back); {} where llvm-mc or llvm-objcopy is missing or either fails, and
    a kernel llc gives no occupancy is absent."""
    m = AMD_TARGET.search(text)
    exprs, cur = [], None
    for line in text.splitlines():
        lm = AMD_LABEL.match(line)
        if lm and not (lm.group(1) or lm.group(2)).startswith(".L"):
            cur = lm.group(1) or lm.group(2)
        om = AMD_OCCUPANCY.match(line)
        if om and cur:
            exprs.append((cur, om.group(1)))
    mc, objcopy = llvm_tool("llvm-mc"), llvm_tool("llvm-objcopy")
    if not m or not exprs or not mc or not objcopy:
        return {}
    probe = "\n\t.section .gasp_waves,\"a\",@progbits\n" + "".join(
        "\t.long %s\n" % e for _, e in exprs)
    with tempfile.TemporaryDirectory() as tmp:
        s, o, b = (os.path.join(tmp, n) for n in ("w.s", "w.o", "w.bin"))
        with open(s, "w") as f:
            f.write(text + probe)
        try:
            # the target id's features (gfx90a:sramecc+:xnack-) as llvm-mc's -mattr
            attrs = ",".join(sign + name for name, sign in re.findall(r":([\w-]+)([+-])",
                                                                       m.group(3)))
            for cmd in ([mc, "-triple=" + m.group(1), "-mcpu=" + m.group(2), "-filetype=obj"] +
                        (["-mattr=" + attrs] if attrs else []) + [s, "-o", o],
                        [objcopy, "-O", "binary", "--only-section=.gasp_waves", o, b]):
                if subprocess.run(cmd, capture_output=True, timeout=300).returncode:
                    return {}
            with open(b, "rb") as f:
                data = f.read()
        except (OSError, subprocess.TimeoutExpired):
            return {}
    if len(data) != 4 * len(exprs):
        return {}
    return {k: int.from_bytes(data[4 * i:4 * i + 4], "little") for i, (k, _) in enumerate(exprs)}


# ---------------------------------------------------------------- SPIR-V
SPV_MEM_PTR = {"OpLoad": 0, "OpStore": 0, "OpCopyMemory": 0, "OpCopyMemorySized": 0}


def spirv(text):
    typeof, sclass, funcs, calls, body, kernels = {}, {}, {}, {}, {}, []
    cur = None
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith(";"):
            continue
        toks = s.split()
        res = None
        if len(toks) > 2 and toks[1] == "=":
            res, toks = toks[0], toks[2:]
        op = toks[0]
        if op == "OpTypePointer":
            sclass[res] = toks[1]
        elif op == "OpEntryPoint":
            kernels.append(toks[2])
        elif op == "OpFunction":
            cur = res
            funcs[cur] = True
            body[cur] = []
            calls[cur] = set()
            typeof[res] = toks[1]
            continue
        elif op == "OpFunctionEnd":
            cur = None
            continue
        if res is not None and len(toks) > 1 and op not in ("OpTypePointer", "OpLabel") \
                and not op.startswith("OpType") and not op.startswith("OpDecorate"):
            typeof[res] = toks[1]
        if cur is not None:
            body[cur].append((op, toks))
            if op == "OpFunctionCall":
                calls[cur].add(toks[2])
    # a function with no OpLabel is a declaration (import)
    for f in list(funcs):
        if not any(op == "OpLabel" for op, _ in body[f]):
            del funcs[f]
    def space(v):
        return sclass.get(typeof.get(v), "?")
    cnt = {}
    for f in funcs:
        g = n = ins = 0
        for op, toks in body[f]:
            if op in ("OpFunctionParameter", "OpLabel"):
                continue
            ins += 1
            ptrs = []
            if op == "OpLoad":
                ptrs = [toks[2]]
            elif op in ("OpStore",):
                ptrs = [toks[1]]
            elif op in ("OpCopyMemory", "OpCopyMemorySized"):
                ptrs = [toks[1], toks[2]]
            elif op.startswith("OpAtomic") and op not in ("OpAtomicFlagClear",):
                ptrs = [toks[1]] if op == "OpAtomicStore" else [toks[2]]
            elif op == "OpAtomicFlagClear":
                ptrs = [toks[1]]
            elif op == "OpExtInst":
                # OpenCL.std's accesses through a pointer operand (vloadn,
                # vstoren, the half forms, fract, modf, sincos, frexp,
                # lgamma_r, remquo, printf's format, prefetch)
                ptrs = [x for x in toks[4:] if space(x) != "?"]
            if not ptrs:
                continue
            if any(space(p) == "Generic" for p in ptrs):
                g += 1
            else:
                n += 1
        cnt[f] = dict(generic=g, named=n, cvta=0, instrs=ins)
    return funcs, calls, kernels, cnt


def meta_names(kind, have_ptxas):
    """The META columns a report of final code KIND can fill: PTX's where
    ptxas -v runs (have_ptxas), AMDGPU's always (the assembly's own
    metadata), SPIR-V's where spirv-val is installed."""
    have = {"ptx": have_ptxas, "amdgpu": True, "spirv": bool(shutil.which("spirv-val"))}[kind]
    return META[kind] if have else []


def spirv_invalid(path):
    """1 when spirv-val rejects the SPIR-V module whose spirv-dis text is
    at path (the binary beside it, path + ".spv", where the build left it;
    else the text assembled again by spirv-as), 0 when it accepts it, None
    where SPIRV-Tools is missing or spirv-as cannot read the text back."""
    val, asm = shutil.which("spirv-val"), shutil.which("spirv-as")
    if not val:
        return None
    if os.path.exists(path + ".spv"):
        return int(subprocess.run([val, path + ".spv"], capture_output=True).returncode != 0)
    if not asm:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        spv = os.path.join(tmp, "m.spv")
        if subprocess.run([asm, "--preserve-numeric-ids", path, "-o", spv],
                          capture_output=True).returncode:
            return None
        return int(subprocess.run([val, spv], capture_output=True).returncode != 0)


def columns(kind, funcs, calls, roots, cnt, meta=None, sass=None):
    """The counts (a dict) of the functions reachable from roots: sums, and
    from meta (per function: ptxas_meta, amdgpu_meta) a kernel's largest
    registers and frames and the sum of spills; from sass (sass_meta) the
    sum of machine instructions."""
    live = reach(funcs, calls, roots)
    out = {k: sum(cnt[f][k] for f in live) for k in ("generic", "named", "cvta", "instrs")}
    out["functions"] = len(live)
    for k in EXTRA[kind]:
        out[k] = sum(cnt[f][k] for f in live)
    if meta is not None:
        for k in META[kind]:
            vals = [meta[f][k] for f in (live if kind == "ptx" else roots) if f in meta]
            out[k] = (max(vals) if k in MAX_COLS else sum(vals)) if vals else 0
    if meta is not None and kind == "ptx":  # not a column: what device_same reads of frames
        deep = chain(funcs, calls, {f: m.get("stack", 0) for f, m in meta.items()}, roots)
        if deep is not None:
            out["chain"] = deep
    if meta is not None and kind == "amdgpu":
        waves = [meta[f]["waves"] for f in roots if "waves" in meta.get(f, {})]
        if waves and len(waves) == len(roots):
            out["waves"] = min(waves)
    if sass is not None:
        out["sass"] = sum(sass[f]["sass"] for f in live if f in sass)
    return out


def line(cols):
    return " ".join("%s=%d" % kv for kv in cols.items())


def count_file(kind, path, per_kernel=False, use_ptxas=False, use_sass=False, use_val=False):
    """(kernel or None, columns) for the file: one entry for all kernels,
    or one per kernel.  use_sass: the sass column where sass_tools() finds
    the tools; use_val: SPIR-V's invalid column where spirv-val is
    installed."""
    with open(path, errors="replace") as fh:
        text = fh.read()
    funcs, calls, kernels, cnt = {"ptx": ptx, "amdgpu": amdgpu, "spirv": spirv}[kind](text)
    meta = None
    if kind == "amdgpu":
        meta = amdgpu_meta(text)
        for k, w in amdgpu_waves(text).items():
            if k in meta:
                meta[k]["waves"] = w
    elif kind == "ptx" and use_ptxas:
        meta = ptxas_meta(path)
    elif kind == "spirv" and use_val:
        bad = spirv_invalid(path)
        meta = None if bad is None else {k: {"invalid": bad} for k in kernels}
    tools = sass_tools() if kind == "ptx" and use_sass else None
    sass = sass_meta(path, tools) if tools else None
    roots = [[k] for k in kernels] if per_kernel else [kernels]
    return [(r[0] if per_kernel else None, columns(kind, funcs, calls, r, cnt, meta, sass))
            for r in roots]


def main():
    flags = {a for a in sys.argv[1:] if a.startswith("--")}
    kind, path = [a for a in sys.argv[1:] if not a.startswith("--")]
    for k, cols in count_file(kind, path, "--per-kernel" in flags, "--ptxas" in flags,
                              "--sass" in flags, "--val" in flags):
        print(("kernel=%s " % k if k else "") + line(cols))


if __name__ == "__main__":
    main()
