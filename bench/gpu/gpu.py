#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""gpu.py [--dry-run | --ptx-only | --results OUT] [--build DIR] — the
project's kernels timed on an NVIDIA GPU with and without gasp, each output
checked against the CPU and across builds.

A device is lent for minutes, so the work is split in three:

prepare (the build machine; the default):  for every kernel of
test/kernels that both gasp-run and a CUDA launch can run (the ones
without OpenCL `local:` arguments), with --repos REPOS every public
kernel of public_kernels.py (Rodinia's and SHOC's OpenCL), and with
--pipeline bench/pipeline's kernels that its report lists worse in a
static column (public_kernels.PIPELINE_KERNELS, built as public kernels
are, from this repository's files), for nvptx64:
  1. clang-22 (test/exec/Inputs/kernels.py's flags) -> clang.ll; gasp-opt
     -> gasp.ll, and the --whole-program and --version-by-space=on variants
     (a public kernel: clang-22 -O2 as users build it, gasp's builds with
     -fpass-plugin and the variant's flag through -mllvm);
  2. an OpenCL kernel's module gets libclc's nvptx64 builtins linked in
     (llvm-link-22 --only-needed with libclc-22's nvptx64--nvidiacl.bc:
     get_global_id and the rest are calls nothing else defines), every
     variant alike; llc-22 -mcpu=sm_90 -> PTX for each (a public kernel's
     at its --opt level, as clang -OX runs the back end); a PTX that calls a
     function it does not define is refused by name, and where the CUDA
     toolkit is installed every PTX is assembled by ptxas -arch=sm_90 -v
     (a failure fails the harness, on the build machine, before any device;
     its registers are reported);
  3. gasp-run clang.ll --count (executed accesses) and --compare with each
     variant at the kernel's test size (kernels.RUNS), on the CPU, with
     --dump of clang's outputs;
  4. the bundle (bench/gpu/work/kernels, ignored): the PTX, gpu-run (it
     needs only libc and, on the device, the driver), the CPU dumps,
     kernels.tsv and run.sh.
The device (one call; bench/gpu/README.md):  run.sh runs each kernel
  (a) at its test size once per build, outputs dumped (compared later
      with the CPU's), and
  (b) at its device size (DEVICE below: chosen so a launch takes tens of
      microseconds or more), the builds in balanced order clang gasp
      gasp-wp gasp-ver gasp-ver gasp-wp gasp clang, each gpu-run's
      warm-up then timed launches (device events); the first clang run's
      outputs are the reference every later run is compared with on the
      device (gpu-run --against: integers exactly, floats to 1e-5 relative
      or 1e-6 of the buffer's largest magnitude).
results (the build machine, --results OUT): per kernel the static columns
  (generic PTX accesses, ld.global.nc, registers from ptxas -v), executed
  generic accesses, the median launch time of each build (over its
  rounds), gasp / clang, and whether every output agreed; the geometric
  mean; bench/gpu/gpu.md.

--dry-run prints every command the preparation would run and runs none;
--ptx-only makes and checks every PTX (steps 1 and 2: what make check's
test/exec/gpu-ptx.test runs where ptxas exists) and stops there.  With
--local the prepared run.sh is run here too (a machine with a CUDA device
and the repository built); without a device gpu-run exits 77 and so does
this script (nothing pretends to have run).
"""
import argparse
import math
import os
import re
import shlex
import shutil
import statistics
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "test", "exec", "Inputs"))
sys.path.insert(0, os.path.join(ROOT, "bench"))
sys.path.insert(0, os.path.join(ROOT, "bench", "public"))
import kernels  # noqa: E402  (the kernels' sources, flags and arguments)
import benchlib  # noqa: E402  (the builtins libraries)
import finalcode_count  # noqa: E402  (the final-code columns)
import public  # noqa: E402  (bench/public: the pinned commits, extraction)
import public_kernels  # noqa: E402  (Rodinia's and SHOC's OpenCL kernels)

VARIANTS = [("gasp", []), ("gasp-wp", ["--whole-program"]),
            ("gasp-ver", ["--version-by-space=on"])]
# Made from gasp's PTX, not by gasp: "gasp-gg" is gasp's PTX with its
# global accesses (ld/st/atom/red .global, not .nc) through generic
# addresses, as clang's build leaves those it cannot prove.  In machine
# code an LDG and an LD are one for one and a cvta.to.global is none
# (bench/README.md, "Machine code"), but ptxas schedules named global loads
# ahead of shared stores and holds more registers (Rodinia dwt2d: 56 -> 47
# or 48; bench/public/causes.md).  Made only where ptxas gives it other
# registers than gasp's: the device says whether naming global memory is
# worth them.
DERIVED = "gasp-gg"
BUILDS = ["clang"] + [v for v, _ in VARIANTS] + [DERIVED]
# the timed order: clang and gasp balanced (A B ... B A), so drift favours
# neither; the other variants once each, in the middle
ORDER = ["clang", "gasp", "gasp-wp", "gasp-ver", DERIVED, "gasp", "clang"]
# libclc's builtins for OpenCL C on NVPTX (Debian's libclc-22)
LIBCLC = benchlib.libclc("nvptx64")
PTXAS = shutil.which("ptxas")
# libclc's math calls libdevice's __nv_* functions (sqrt, exp, ...): the
# CUDA toolkit's libdevice is linked after it where the toolkit is installed
LIBDEVICE = benchlib.libdevice()
# functions the CUDA driver or ptxas provide to any PTX
PTX_PROVIDED = {"vprintf", "malloc", "free", "__assertfail"}
WARMUP, RUNS = 2, 10  # per gpu-run at the device size
# the device time of one gpu-run at the device size, from the H200's first
# run (2026-11-27: 6 runs of a kernel with 3 MB of buffers took 3 s, of
# 256 MB 14 s; filling, uploading and comparing the buffers dominate)
RUN_S, RUN_S_PER_MB = 0.5, 0.0072
CONTROL_EVERY = 4  # run.sh's order: a control after every 4 changed kernels
ELEM = {"i8": 1, "i16": 2, "i32": 4, "f32": 4, "i64": 8, "f64": 8}

M = 1 << 20
# Each kernel's device size: (global, local, argument specs).  The sizes
# keep every kernel's own contract (a tile's size is its work-group's, a
# buffer holds what the indexing reaches) and aim at >= 50 us per launch on
# a current card (hundreds of MB moved, or n^2 / n^3 work); gpu.md says
# which launches fell short.
DEVICE = {
    "cuda_blur": ("%d" % (8 * M), "32", ["buf:f32:%d:rand=17" % (32 * M), "buf:f32:%d" % (32 * M),
                                         "buf:f32:%d" % (M // 4), "i32=%d" % (8 * M)]),
    "ell_spmv": ("%d" % (8 * M), "128", ["buf:i32:%d:rand=20" % (32 * M),
                                         "buf:f32:%d:rand=21" % (32 * M),
                                         "buf:f32:%d:rand=22" % (8 * M), "buf:f32:%d" % (8 * M),
                                         "i32=%d" % (8 * M)]),
    "histogram": ("%d" % M, "256", ["buf:f32:%d:rand=19" % (16 * M), "buf:i32:16", "i32=16"]),
    "matmul_tiled": ("512,512", "4,4", ["buf:f32:%d:rand=10" % (512 * 512),
                                        "buf:f32:%d:rand=11" % (512 * 512),
                                        "buf:f32:%d" % (512 * 512), "i32=512"]),
    "particles": ("16384", "16", ["buf:f32:65536:rand=12", "buf:f32:65536:rand=13",
                                  "buf:f32:65536", "buf:f32:65536", "i32=16384"]),
    "pingpong": ("%d" % (2 * M), "64", ["buf:f32:%d:rand=5" % (2 * M), "buf:f32:%d" % (2 * M),
                                        "i32=64"]),
    "private_array": ("%d" % (64 * M), "256", ["buf:i32:%d" % (64 * M), "i32=1"]),
    "ptr_return": ("%d" % (64 * M), "256", ["buf:f32:64:rand=7", "buf:f32:%d" % (64 * M)]),
    "reduce_tmpl": ("%d" % (32 * M), "32", ["buf:f32:%d:rand=24" % (32 * M + 64),
                                            "buf:i32:%d:rand=25" % (32 * M + 64),
                                            "buf:f32:%d" % M, "buf:i32:%d" % M]),
    "stencil": ("%d" % (32 * M), "256", ["buf:f32:%d:rand=8" % (32 * M),
                                         "buf:f32:%d" % (32 * M), "i32=%d" % (32 * M)]),
    "stencil2d": ("6144,6144", "8,8", ["buf:f32:%d:rand=23" % (6144 * 6144),
                                       "buf:f32:%d" % (6144 * 6144), "i32=6144", "i32=6144"]),
    "transpose_tile": ("6144,6144", "8,8", ["buf:i32:%d:iota" % (6144 * 6144),
                                            "buf:i32:%d" % (6144 * 6144), "i32=6144"]),
    "vadd": ("%d" % (32 * M), "256", ["buf:f32:%d:rand=1" % (32 * M),
                                      "buf:f32:%d:rand=2" % (32 * M), "buf:f32:%d" % (32 * M)]),
}


def undefined_calls(ptx_text):
    """The functions a PTX module declares .extern and does not define."""
    ext = set(re.findall(r"^\.extern\s+\.func\s+(?:\([^)]*\)\s*)?([\w$]+)", ptx_text, re.M))
    defined = set(re.findall(r"^(?:\.visible\s+|\.weak\s+)?\.(?:func|entry)\s+(?:\([^)]*\)\s*)?([\w$]+)",
                             ptx_text, re.M))
    return sorted(ext - defined - PTX_PROVIDED)


class Runner:
    def __init__(self, dry):
        self.dry = dry

    def run(self, cmd, ok=(0,)):
        if self.dry:
            print("$ " + " ".join(shlex.quote(c) for c in cmd))
            return 0, ""
        p = subprocess.run(cmd, capture_output=True, text=True, errors="replace")
        if p.returncode not in ok:
            raise RuntimeError("%s: exit %d: %s" % (cmd[0], p.returncode, p.stderr.strip()[-300:]))
        return p.returncode, p.stdout


def runnable():
    return [n for n in sorted(kernels.RUNS)
            if kernels.applies(n, "nvptx64") and
            not any(s.startswith("local:") for s in kernels.RUNS[n][2])]


class Entry:
    """One timed kernel: the project's (test/kernels) or a public suite's
    (public_kernels.KERNELS, its source under REPOS)."""

    def __init__(self, name):
        self.name = name
        if name in public_kernels.KERNELS:
            (self.repo, self.path, self.kernel, self.defs, self.small, self.big,
             self.tol) = public_kernels.KERNELS[name]
        else:
            self.repo, self.path, self.kernel, self.defs = None, None, name, []
            self.small, self.big, self.tol = kernels.RUNS[name], DEVICE[name], 1e-5

    def args(self, size):
        """gasp-run's and gpu-run's arguments at size (global, local, specs)."""
        g, l, specs = size
        out = ["--kernel", self.kernel, "--global", g, "--local", l]
        for s in specs:
            out += ["--arg", s]
        return out


def entries(repos, say, pipeline=False):
    """The project's kernels, then every public kernel whose repository is
    under repos (one line through say for each repository left out), and
    with pipeline bench/pipeline's (public_kernels.PIPELINE_KERNELS)."""
    out = [Entry(n) for n in runnable()]
    missing = set()
    for name in sorted(public_kernels.KERNELS):
        repo = public_kernels.KERNELS[name][0]
        if repo == public_kernels.PIPELINE:
            if pipeline:
                out.append(Entry(name))
        elif repos and public.gitdir(repos, repo):
            out.append(Entry(name))
        else:
            missing.add(repo)
    for repo in sorted(missing):
        say("gpu.py: %s not under REPOS (%s): its kernels left out"
            % (repo, repos or "no --repos given"))
    return out


def public_source(repos, e, work):
    """The public kernel's source file, its folder extracted at bench/public's
    pinned commit into work; returns (file, include folders)."""
    if e.repo == public_kernels.PIPELINE:  # the project's own program, in place
        src = os.path.join(ROOT, e.path)
        return src, [os.path.dirname(src)]
    if e.repo == public_kernels.CLBLAST:  # a routine composed as CLBlast composes it
        units, why = public.clblast_units(repos)
        unit = next((u for u in units if u["name"] == e.path), None)
        if unit is None:
            raise RuntimeError("%s: no CLBlast unit %s (%s)" % (e.name, e.path, why or "REPOS"))
        return unit["src"], unit["inc"]
    git = public.gitdir(repos, e.repo)
    top = e.path.split("/")
    folder = "/".join(top[:3]) if e.repo == public_kernels.SHOC else "/".join(top[:2])
    dest = os.path.join(work, "src", e.repo.split("/")[1])
    if not os.path.exists(os.path.join(dest, e.path)):
        if not public.extract(git, public.PINS[e.repo], [folder], dest) and \
                not public.extract_sources(git, public.PINS[e.repo], [folder], dest):
            raise RuntimeError("%s: cannot extract %s from %s" % (e.name, folder, git))
    src = os.path.join(dest, e.path)
    return src, [os.path.dirname(src), os.path.dirname(os.path.dirname(src))]


def public_command(repos, e, work, opt="O2"):
    """clang-22 as a user builds an OpenCL kernel for NVPTX (-O2, or opt),
    the host's defines given; returns (command, clang.ll)."""
    src, inc = public_source(repos, e, work)
    ll = os.path.join(work, e.name, "clang.ll")
    if src.endswith(".cu"):  # CUDA as bench/public builds it (the toolkit's headers)
        root = public.cuda_path()[0]
        front = ["clang-22", "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_90",
                 "--cuda-path=" + root, "-Wno-unknown-cuda-version"] + public.CUDA_DEFINES
        if os.path.isdir(os.path.join(root, "include", "cccl")):
            front += ["-I", os.path.join(root, "include", "cccl")]
    else:
        front = ["clang-22", "-cl-std=CL2.0", "-Xclang", "-finclude-default-header", "-nogpulib",
                 "-target", "nvptx64-nvidia-cuda"]
    return (front + ["-" + opt, "-emit-llvm", "-S"] + e.defs +
            sum((["-I", i] for i in inc), []) + [src, "-o", ll]), ll


def plugin_args(plugin, flags):
    """clang-22's options for a gasp variant as users build it: the plugin,
    and the variant's gasp-opt flags through -mllvm."""
    return ["-fpass-plugin=" + plugin] + sum((["-mllvm", "-gasp-" + f.lstrip("-")]
                                              for f in flags), [])


def pipeline_ptx_cmd(e, v, opt, plugin, ptx):
    """bench/pipeline.py's clang-22 command for a CUDA program of its own at
    opt (O2, O3), writing ptx: build v (clang, or a gasp variant: the plugin
    and the variant's flags through -mllvm, as users build)."""
    import pipeline  # noqa: E402  (bench/pipeline.py: its compile command)
    cmd = pipeline.clang_cmd("cuda", os.path.join(ROOT, e.path), "nvptx64", opt[1:], ptx)
    if v != "clang":
        cmd[1:1] = plugin_args(plugin, dict(VARIANTS)[v])
    return cmd


def close(a, b, typ, tol=1e-5):
    """Buffers a and b (bytes of element type typ) agree: integers exactly,
    floats to tol relative (NaN equal to NaN) or, where cancellation leaves a
    value near 0, to a share of the buffer's largest magnitude: 1e-6 of it
    (gpu-run --against's floor: two builds contract multiply-adds
    differently), tol of it above 1e-5 (a kernel of relaxed OpenCL math,
    public_kernels)."""
    if typ not in ("f32", "f64"):
        return a == b
    fmt, size = ("f", 4) if typ == "f32" else ("d", 8)
    n = len(a) // size
    if len(b) != len(a):
        return False
    x, y = struct.unpack("%d%s" % (n, fmt), a), struct.unpack("%d%s" % (n, fmt), b)
    big = max([abs(u) for u in x if not math.isnan(u) and not math.isinf(u)] or [0.0])
    floor = max((tol if tol > 1e-5 else 1e-6) * big, 1e-35)
    return all(u == v or (math.isnan(u) and math.isnan(v)) or
               abs(u - v) <= max(tol * max(abs(u), abs(v)), floor) for u, v in zip(x, y))


def agree(e, cpu_dir, gpu_dir):
    """The GPU's buffers after the test-size run equal the CPU's."""
    for k, s in enumerate(e.small[2]):
        if not s.startswith("buf:"):
            continue
        lab = "arg%d.bin" % k
        try:
            with open(os.path.join(cpu_dir, lab), "rb") as f:
                a = f.read()
            with open(os.path.join(gpu_dir, lab), "rb") as f:
                b = f.read()
        except OSError:
            return False
        if not close(a, b, s.split(":")[1], e.tol or 1e-5):
            return False
    return True


def field(out, key):
    for tok in out.split():
        if tok.startswith(key + "="):
            return tok.split("=", 1)[1]
    return None


RUN_SH = r"""#!/bin/sh
# run.sh OUT [BUDGET] — bench/gpu/gpu.py's kernels on the device: each
# kernel at its test size once per build (outputs dumped into OUT, compared
# with the CPU's on the build machine), then at its device size in the
# order %(order)s (a variant whose PTX is gasp's left out), each gpu-run
# under `timeout`, the first clang run's outputs the reference of every
# later one (gpu-run --against).  Kernels whose PTX gasp changed come
# first, a cheap control after every few; stops starting kernels when
# BUDGET seconds (default 150) are spent.
#   run.sh --dry OUT: no device needed: each kernel's launches parsed,
# its buffers filled and its PTX's entry found (gpu-run --dry-run) at the
# test size for every build and at the device size for clang's, in order.
HERE=$(cd "$(dirname "$0")" && pwd)
if [ "$1" = --dry ]; then
  OUT=${2:?OUT}; mkdir -p "$OUT"; n=0; bad=0
  while IFS="$(printf '\t')" read -r k small big order; do
    [ "$k" = kernel ] && continue
    n=$((n + 1))
    for b in %(builds)s; do
      [ -f "$HERE/$k/$b.ptx" ] || continue
      "$HERE/gpu-run" "$HERE/$k/$b.ptx" $small --dry-run > "$OUT/$k.small.$b.txt" 2>&1 || {
        bad=$((bad + 1)); echo "$k $b: test size refused: $(tail -1 "$OUT/$k.small.$b.txt")"; }
    done
    "$HERE/gpu-run" "$HERE/$k/clang.ptx" $big --dry-run > "$OUT/$k.big.txt" 2>&1 || {
      bad=$((bad + 1)); echo "$k: device size refused: $(tail -1 "$OUT/$k.big.txt")"; }
    echo "$k: order $order"
  done < "$HERE/kernels.tsv"
  echo "run.sh --dry: $n kernels, $bad launches refused"
  [ $bad = 0 ]; exit
fi
OUT=${1:?OUT}; BUDGET=${2:-150}
mkdir -p "$OUT"
REF=${TMPDIR:-/tmp}/gasp-kernels-ref.$$
trap 'rm -rf "$REF"' EXIT
start=$(date +%%s)
while IFS="$(printf '\t')" read -r k small big order; do
  [ "$k" = kernel ] && continue
  if [ $(( $(date +%%s) - start )) -gt "$BUDGET" ]; then
    echo "skip $k: budget spent" | tee "$OUT/$k.skipped"; continue
  fi
  mkdir -p "$OUT/$k"
  for b in %(builds)s; do
    [ -f "$HERE/$k/$b.ptx" ] || continue
    timeout 20 "$HERE/gpu-run" "$HERE/$k/$b.ptx" $small --warmup 0 --runs 1 \
      --dump "$OUT/$k/small.$b" > "$OUT/$k/small.$b.txt" 2>&1
    echo "exit=$?" >> "$OUT/$k/small.$b.txt"
  done
  rm -rf "$REF"; r=0
  for b in $order; do
    r=$((r + 1))
    if [ $r = 1 ]; then dump="--dump $REF"; else dump="--against $REF"; fi
    timeout 60 "$HERE/gpu-run" "$HERE/$k/$b.ptx" $big --warmup %(warmup)d --runs %(runs)d \
      $dump > "$OUT/$k/big.$r.$b.txt" 2>&1
    echo "exit=$?" >> "$OUT/$k/big.$r.$b.txt"
  done
  echo "$k: done at $(( $(date +%%s) - start )) s"
done < "$HERE/kernels.tsv"
"""


def same_file(x, y):
    try:
        with open(x, "rb") as f, open(y, "rb") as g:
            return f.read() == g.read()
    except OSError:
        return False


def kernel_order(ptx):
    """ORDER without a variant whose PTX is gasp's (its time would be gasp's
    again) or that was not made; clang and gasp always run, twice each,
    balanced.  ptx: build -> its PTX file."""
    return [b for b in ORDER
            if b in ("clang", "gasp") or (b in ptx and not same_file(ptx[b], ptx["gasp"]))]


def generic_global(text):
    """PTX text with its global accesses through generic addresses (DERIVED):
    ld/st/atom/red .global that is not .nc (finalcode_count.ptx_generic's
    global part)."""
    return finalcode_count.ptx_generic(text, ("global",))


def regs_of(ptx):
    """ptxas -arch=sm_90 -v's registers per function of a PTX file (None
    without ptxas or where it refuses the file)."""
    meta = finalcode_count.ptxas_meta(ptx) if PTXAS else None
    return {f: m["regs"] for f, m in meta.items()} if meta else None


def run_order(kernels):
    """The kernels gasp changed (by name), with the cheapest control after
    every CONTROL_EVERY of them, then the other controls: a budget cut short
    loses controls, and still has some (the measurement's noise).  kernels:
    (control?, expected s, name, line)."""
    changed = sorted((k for k in kernels if not k[0]), key=lambda k: k[2])
    controls = sorted((k for k in kernels if k[0]), key=lambda k: (k[1], k[2]))
    out = []
    for i, k in enumerate(changed, 1):
        out.append(k)
        if i % CONTROL_EVERY == 0 and controls:
            out.append(controls.pop(0))
    return out + controls


def device_mb(e):
    """The MiB of buffers the kernel's device-size run fills and moves."""
    total = 0
    for spec in e.big[2]:
        if spec.startswith("buf:"):
            t, n = spec.split(":")[1:3]
            total += int(n) * ELEM[t]
    return total / 2**20


def prepare(a, r, opt, grun, plugin):
    """Steps 1-4; returns the rows (one per kernel)."""
    bundle = a.bundle
    if not a.dry_run and not a.ptx_only:
        shutil.rmtree(bundle, ignore_errors=True)
        os.makedirs(bundle)
    os.makedirs(a.work, exist_ok=True)
    rows, assembled, tsv = [], 0, []
    only = set(k for k in a.kernels.split(",") if k)
    for e in (e for e in entries(a.repos, print, a.pipeline) if not only or e.name in only):
        name = e.name
        w = os.path.join(a.work, name)
        os.makedirs(w, exist_ok=True)
        if a.dry_run:
            print("# %s" % name)
        if e.repo:
            cmd, clang_ll = public_command(a.repos, e, a.work, a.opt)
        else:
            cmd, clang_ll = kernels.kernel_command(name, "nvptx64", w)
        r.run(cmd)
        mods = {"clang": clang_ll}
        for v, flags in VARIANTS:
            mods[v] = os.path.join(w, v + ".ll")
            if e.repo:  # as users build: clang-22 -O2 -fpass-plugin, the flag through -mllvm
                r.run(cmd[:-1] + [mods[v]] + plugin_args(plugin, flags))
            else:
                r.run([opt, "-S", clang_ll, "-o", mods[v]] + flags)
        row = {"kernel": name, "suite": e.repo or "gasp"}
        opencl = not cmd[-3].endswith(".cu")  # cmd: clang-22 ... SRC -o LL
        ptxs = {}
        for v, ll in mods.items():
            ptx = ptxs[v] = ll[:-3] + ".ptx"
            src = ll
            if opencl:  # libclc's builtins, for clang's module and gasp's alike
                src = ll[:-3] + ".clc.bc"
                r.run(["llvm-link-22", "--only-needed", ll, LIBCLC] +
                      ([LIBDEVICE] if LIBDEVICE else []) + ["-o", src])
            if e.repo == public_kernels.PIPELINE and not opencl:
                # bench/pipeline's own compile (clang-22 -S, straight to PTX), so that
                # the PTX is the very file its report counts (device-measured.tsv's
                # SHA-256 prefixes); the .ll beside it is gasp-run's
                r.run(pipeline_ptx_cmd(e, v, a.opt, plugin, ptx))
            else:
                # a public kernel's back end at its front end's level, as clang -OX runs it
                level = ["-" + a.opt] if e.repo else []
                r.run(["llc-22"] + level + ["-mtriple=nvptx64-nvidia-cuda", "-mcpu=sm_90", src,
                       "-o", ptx])
            if not a.dry_run:
                with open(ptx) as f:
                    missing = undefined_calls(f.read())
                if missing:
                    raise RuntimeError("%s (%s): the PTX calls %s, which nothing defines"
                                       % (name, v, ", ".join(missing)))
            if PTXAS:
                r.run([PTXAS, "-arch=sm_90", ptx, "-o", os.devnull])
                assembled += 1
            if not a.dry_run:
                cols = finalcode_count.count_file("ptx", ptx, use_ptxas=bool(PTXAS))[0][1]
                for col in ("generic", "nc", "regs", "instrs"):
                    row["%s.%s" % (v, col)] = cols.get(col)
            if not a.ptx_only and not a.dry_run:
                os.makedirs(os.path.join(bundle, name), exist_ok=True)
                shutil.copy(ptx, os.path.join(bundle, name, v + ".ptx"))
        if not a.dry_run and PTXAS:  # DERIVED, where ptxas allocates it otherwise
            gg = os.path.join(w, DERIVED + ".ptx")
            with open(ptxs["gasp"]) as f, open(gg, "w") as g:
                g.write(generic_global(f.read()))
            if regs_of(gg) != regs_of(ptxs["gasp"]):
                ptxs[DERIVED] = gg
                assembled += 1
                cols = finalcode_count.count_file("ptx", gg, use_ptxas=True)[0][1]
                for col in ("generic", "nc", "regs", "instrs"):
                    row["%s.%s" % (DERIVED, col)] = cols.get(col)
                if not a.ptx_only:
                    shutil.copy(gg, os.path.join(bundle, name, DERIVED + ".ptx"))
        row["ptx_made"] = len(ptxs)
        if a.ptx_only:
            rows.append(row)
            continue
        _, out = r.run([grun, clang_ll] + e.args(e.small) +
                       ["--count", "--check-as", "--dump", os.path.join(w, "cpu")])
        row["clang.exec"] = field(out, "generic")
        for v, _ in VARIANTS:
            _, out = r.run([grun, clang_ll] + e.args(e.small) + ["--count", "--check-as",
                                                                "--compare", mods[v]])
            lines = [x for x in out.splitlines() if x.startswith("accesses:")]
            row[v + ".exec"] = field(lines[-1], "generic") if lines else None
        if not a.dry_run:
            shutil.copytree(os.path.join(w, "cpu"), os.path.join(bundle, name, "cpu"))
        order = kernel_order(ptxs)
        row["order"] = " ".join(order)
        row["device_mb"] = "%.1f" % device_mb(e)
        row["expected_s"] = "%.0f" % (len(order) * (RUN_S + RUN_S_PER_MB * device_mb(e)))
        tsv.append((same_file(ptxs["clang"], ptxs["gasp"]), float(row["expected_s"]), name,
                    "%s\t%s\t%s\t%s" % (name, " ".join(e.args(e.small)), " ".join(e.args(e.big)),
                                         row["order"])))
        rows.append(row)
    if a.dry_run or a.ptx_only:
        return rows, assembled
    shutil.copy(os.path.join(a.build, "bin", "gpu-run"), os.path.join(bundle, "gpu-run"))
    with open(os.path.join(bundle, "kernels.tsv"), "w") as f:
        f.write("kernel\tsmall\tbig\torder\n" + "".join(t[3] + "\n" for t in run_order(tsv)))
    with open(os.path.join(bundle, "run.sh"), "w") as f:
        f.write(RUN_SH % {"order": " ".join(ORDER), "builds": " ".join(BUILDS),
                          "warmup": WARMUP, "runs": RUNS})
    with open(os.path.join(bundle, "static.tsv"), "w") as f:
        keys = sorted({k for x in rows for k in x if k != "kernel"})
        f.write("\t".join(["kernel"] + keys) + "\n")
        for x in rows:
            f.write("\t".join([x["kernel"]] + [str(x.get(k)) for k in keys]) + "\n")
    return rows, assembled


def bundle_report(a, rows, size, said):
    """bench/gpu/kernels-bundle.md: what the bundle holds, in run.sh's order,
    and the device time each kernel is expected to take; returns the total."""
    with open(os.path.join(a.bundle, "kernels.tsv")) as f:
        names = [ln.split("\t")[0] for ln in f.read().splitlines()[1:]]
    by = {x["kernel"]: x for x in rows}
    out = ["# The kernel bundle", "",
           "Made by `python3 bench/gpu/gpu.py%s` (bench/gpu/README.md); not a device run." %
           (" --repos REPOS" if a.repos else ""), "",
           "%d kernels (%d from public suites: Rodinia's and SHOC's OpenCL, built as users "
           "build them, `clang-22 -O2` with and without `-fpass-plugin`); %d PTX, %s; the "
           "bundle %.1f MiB." % (len(rows), sum(1 for x in rows if x["suite"] != "gasp"),
                                 sum(x["ptx_made"] for x in rows), said, size / 2**20), "",
           "In run.sh's order (the kernels whose PTX gasp changed first, the cheapest control "
           "after every %d of them, then the other controls)." % CONTROL_EVERY + "  Expected seconds: "
           "per device-size run %.1f s plus %.4f s per MiB of buffers (fitted to the H200's "
           "first run); the test-size runs are within that." % (RUN_S, RUN_S_PER_MB), "",
           "| # | kernel | suite | gasp changed the PTX | device-size order | MiB | expected s "
           "| cumulative s |", "|---|---|---|---|---|---|---|---|"]
    total = 0.0
    for i, k in enumerate(names, 1):
        x = by[k]
        total += float(x["expected_s"])
        changed = "no (a control)" if same_ptx(a.bundle, k) else "yes"
        out.append("| %d | %s | %s | %s | %s | %s | %s | %.0f |" % (
            i, k, x["suite"], changed, x["order"], x["device_mb"], x["expected_s"], total))
    out += ["", "Expected device time for the whole bundle: %.0f s; device.sh's default kernel "
            "budget (160 s) stops starting kernels when it is spent, so the controls at the end "
            "are the ones left out of a short lease." % total, ""]
    # a --kernels bundle's list stays in that bundle (the committed one is the whole set's)
    with open(os.path.join(a.bundle if a.kernels else HERE, "kernels-bundle.md"), "w") as f:
        f.write("\n".join(out))
    return total


def same_ptx(bundle, k):
    """The kernel's PTX is the same in clang's build and gasp's (a control)."""
    return same_file(os.path.join(bundle, k, "clang.ptx"), os.path.join(bundle, k, "gasp.ptx"))


def read_static(bundle):
    with open(os.path.join(bundle, "static.tsv")) as f:
        lines = [ln.rstrip("\n").split("\t") for ln in f]
    return [dict(zip(lines[0], ln)) for ln in lines[1:]]


def results(out_dir, bundle, md):
    """Reads a device run's OUT folder; writes md; 0 when every output agreed."""
    rows, device, ratios, bad = read_static(bundle), None, {}, 0
    head = ("| kernel | generic PTX clang / gasp | `ld.global.nc` clang / gasp | registers clang / gasp "
            "| executed generic clang / gasp | us clang | us gasp | gasp / clang | us gasp-wp "
            "| us gasp-ver | us gasp-gg (registers) | >= 50 us | outputs |")
    table = [head, "|" + "---|" * 13]
    for x in rows:
        k = x["kernel"]
        d = os.path.join(out_dir, k)
        times, ok, why = {b: [] for b in BUILDS}, True, []
        if not os.path.isdir(d):
            table.append("| %s | not run (%s) |" % (k, "budget spent" if os.path.exists(
                os.path.join(out_dir, k + ".skipped")) else "no output"))
            bad += 1
            continue
        for b in (b for b in BUILDS if os.path.exists(os.path.join(bundle, k, b + ".ptx"))):
            if not agree(Entry(k), os.path.join(bundle, k, "cpu"), os.path.join(d, "small." + b)):
                ok = False
                why.append("%s test size != CPU" % b)
        order = x.get("order", " ".join(ORDER)).split()
        for r, b in enumerate(order, 1):
            p = os.path.join(d, "big.%d.%s.txt" % (r, b))
            text = open(p, errors="replace").read() if os.path.exists(p) else ""
            m = re.search(r"time: median=([\d.]+) min=([\d.]+) max=([\d.]+) runs=(\d+) ms device=(.*)",
                          text)
            if not m or "exit=0" not in text:
                ok = False
                last = [ln for ln in text.strip().splitlines() if not ln.startswith("exit=")]
                why.append("%s run %d: %s" % (b, r, (last or ["no output"])[-1][:100]))
                continue
            device = m.group(5).strip()
            times[b].append(float(m.group(1)) * 1000.0)
            if r > 1 and "against: agree" not in text:
                ok = False
                why.append("%s run %d differs from clang's" % (b, r))
        us = {b: statistics.median(v) if v else None for b, v in times.items()}
        ratio = us["gasp"] / us["clang"] if us["clang"] and us["gasp"] else None
        control = same_ptx(bundle, k)
        if ratio:
            ratios.setdefault("control" if control else "changed", []).append(ratio)
        if not ok:
            bad += 1

        def f(v, b=None):
            if b and b not in order:
                return "= gasp's PTX" if b != DERIVED else "- (gasp's registers)"
            return "%.1f" % v if v is not None else "-"
        gg = f(us[DERIVED], DERIVED) + (" (%s)" % x.get(DERIVED + ".regs")
                                        if DERIVED in order else "")
        table.append("| %s | %s / %s | %s / %s | %s / %s | %s / %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            k + (" (control)" if control else ""), x["clang.generic"], x["gasp.generic"], x["clang.nc"], x["gasp.nc"],
            x["clang.regs"], x["gasp.regs"], x["clang.exec"], x["gasp.exec"],
            f(us["clang"]), f(us["gasp"]), "%.3f" % ratio if ratio else "-", f(us["gasp-wp"], "gasp-wp"),
            f(us["gasp-ver"], "gasp-ver"), gg, "yes" if us["clang"] and us["clang"] >= 50 else "no",
            "agree" if ok else "DIFFER: " + "; ".join(why[:3]) + ("; ..." if len(why) > 3 else "")))
    out = ["# The project's kernels on a GPU", "",
           "device: %s.  Prepared by `python3 bench/gpu/gpu.py`, run by the bundle's run.sh "
           "(bench/gpu/README.md), read by `python3 bench/gpu/gpu.py --results OUT`." % device,
           "Each build's time: the median over its rounds of each round's median of %d timed "
           "launches (device events; %d warm-up launches before each round), the rounds in the "
           "order %s.  Outputs: each build at "
           "the kernel's test size against gasp-run on the CPU, and at the device size against "
           "clang's first run on the device (integers exactly, floats to 1e-5 relative or 1e-6 "
           "of the buffer's largest magnitude).  "
           "gasp-gg: gasp's PTX with its global accesses through generic addresses, made only "
           "where ptxas gives it other registers (bench/gpu/gpu.py, DERIVED).  "
           "Static columns from the PTX (registers: ptxas -arch=sm_90 -v); executed generic "
           "accesses from gasp-run at the test size." % (RUNS, WARMUP, " ".join(ORDER)),
           ""] + table
    out.append("")
    for kind in ("changed", "control"):
        xs = ratios.get(kind, [])
        if xs:
            gm = math.exp(sum(math.log(q) for q in xs) / len(xs))
            out.append("geometric mean of time gasp / time clang, %s kernels: %.3f (min %.3f, "
                       "max %.3f, %d kernels)" % (kind, gm, min(xs), max(xs), len(xs)))
    out += ["", "A control's PTX is byte-identical in clang's build and gasp's: its ratio is "
            "the noise of this measurement.", "",
            "kernels whose outputs differ or did not run: %d" % bad]
    text = "\n".join(out) + "\n"
    with open(md, "w") as f:
        f.write(text)
    sys.stdout.write(text)
    return 0 if bad == 0 else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--repos", metavar="REPOS",
                    help="the folder fetch fills (owner+name/repo, as bench/public.sh takes): "
                         "Rodinia's and SHOC's OpenCL kernels too (bench/gpu/public_kernels.py)")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--ptx-only", action="store_true",
                    help="make and check every PTX (ptxas where installed), run nothing")
    ap.add_argument("--work", default=os.path.join(HERE, "work", "kernels-build"))
    ap.add_argument("--bundle", default=os.path.join(HERE, "work", "kernels"))
    ap.add_argument("--results", metavar="OUT", help="read a device run's OUT folder")
    ap.add_argument("--local", action="store_true", help="also run the bundle here")
    ap.add_argument("--out", default=os.path.join(HERE, "gpu.md"))
    ap.add_argument("--opt", default="O2", choices=("O2", "O3"),
                    help="the public kernels' optimization level (default O2; bench/public "
                         "builds both, and device-measured.tsv excuses only the code timed)")
    ap.add_argument("--pipeline", action="store_true",
                    help="bench/pipeline's kernels too, built as it builds them (its CUDA "
                         "programs with the toolkit's headers: public_kernels.PIPELINE_KERNELS)")
    ap.add_argument("--kernels", metavar="A,B", default="",
                    help="only these kernels (names as gpu.md lists them): a bundle of its own")
    a = ap.parse_args()
    a.build = os.path.abspath(a.build)
    if a.results:
        return results(a.results, a.bundle, a.out)
    opt, grun = (os.path.join(a.build, "bin", t) for t in ("gasp-opt", "gasp-run"))
    if not os.path.exists(LIBCLC):
        print("gpu.py: %s missing (Debian's libclc-22: make deps)" % LIBCLC, file=sys.stderr)
        return 2
    rows, assembled = prepare(a, Runner(a.dry_run), opt, grun,
                              os.path.join(a.build, "lib", "gasp-plugin.so"))
    if a.dry_run:
        return 0
    said = ("%d assembled by ptxas -arch=sm_90" % assembled if PTXAS else "no ptxas here")
    if a.ptx_only:
        print("gpu.py: %d kernels, %d PTX made, %s" % (len(rows), sum(x["ptx_made"] for x in rows), said))
        return 0
    for x in rows:
        print("%s: generic PTX accesses clang %s, gasp %s; executed generic clang %s, gasp %s; "
              "gasp-run: every variant identical" % (x["kernel"], x["clang.generic"],
                                                     x["gasp.generic"], x["clang.exec"],
                                                     x["gasp.exec"]))
    size = sum(os.path.getsize(os.path.join(dp, f)) for dp, _, fs in os.walk(a.bundle) for f in fs)
    total = bundle_report(a, rows, size, said)
    print("gpu.py: %d kernels prepared (%d public, %d bench/pipeline), %d PTX %s; bundle %s "
          "(%.1f MiB), expected device time %.0f s: run `sh %s/run.sh OUT` on the device"
          % (len(rows), sum(1 for x in rows if x["suite"] not in ("gasp", public_kernels.PIPELINE)),
             sum(1 for x in rows if x["suite"] == public_kernels.PIPELINE),
             sum(x["ptx_made"] for x in rows),
             said, a.bundle, size / 2**20, total, a.bundle))
    if not a.local:
        return 0
    out = os.path.join(a.work, "out")
    shutil.rmtree(out, ignore_errors=True)
    subprocess.run(["sh", os.path.join(a.bundle, "run.sh"), out], check=True)
    if all("exit=77" in open(os.path.join(out, k, "small.clang.txt")).read()
           for k in (x["kernel"] for x in rows) if os.path.isdir(os.path.join(out, k))):
        print("gpu.py: no CUDA device: nothing was timed, bench/gpu/gpu.md not written")
        return 77
    return results(out, a.bundle, a.out)


if __name__ == "__main__":
    sys.exit(main())
