#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""bench/random/random.py — random programs' final code, clang's build against
the plugin's, kernel by kernel and column by column.

    python3 bench/random/random.py [-n N] [--first S] [--opt O2,O3] [--vectors] [--writers]
                                   [--fnptrs] [--wp] [--external] [--outparams]
                                   [--targets nvptx64,gfx90a,gfx1100] [-j J]
                                   [--build build] [--out bench/random/random.md]

Each seed is a `scripts/genprog.py --extended` OpenCL C program (helpers
marked noinline, taking pointers into every space: what gasp clones, splits
and names), built as users build: `clang-22 -cl-std=CL2.0 -OL` with and
without `-fpass-plugin=build/lib/gasp-plugin.so`, then `llc-22 -OL` for the
target (nvptx64 -mcpu=sm_90, then `ptxas -arch=sm_90 -v` where the CUDA
toolkit is installed; amdgcn -mcpu=gfx90a or gfx1100; spirv64, opt-in with
--targets: `-filetype=obj`, then spirv-val, whose verdict is the invalid
column, and spirv-dis for the counts).  bench/finalcode_count.py
counts the functions each kernel reaches and finalcode_count.worse says
which columns of the plugin's build are worse than clang's beyond their
tolerance (finalcode_count.COLUMNS: 2% for instructions, s_waitcnt, drains
and machine instructions, 0 for the others;
more waits only where drains did not fall).  This is
the public programs' measure (bench/public) on programs made to exercise
gasp; the report lists the totals, how many kernels are worse in each
column, and every kernel x column; a register more that costs the device
nothing (finalcode_count.device_same: PTX registers sm_90 allocates the
same or at the same warps per SM, AMDGPU registers at no fewer waves per SIMD, llc's occupancy
evaluated by llvm-mc) is listed apart and not counted; a counted row says
what else was measured of it (finalcode_count.measured_reason: the machine
code of PTX instructions, fewer memory instructions beside more registers,
spills or frame).  Exit 1 when the plugin's build fails
where clang's does not.  --fnptrs: genprog's tables of helpers called
through function pointers; --wp: the plugin with -mllvm -gasp-whole-program
(its indirect pass: bench/random/random-fnptrs.md); --external: genprog's
static helpers made external, as device functions are unless declared
static (gasp clones them and keeps the originals:
bench/random/random-external.md); --outparams: genprog's helpers writing
through pointers to the caller's uninitialized variables (gasp's twins
pass on NVPTX passes their generic addresses: bench/random/random-outparams.md).
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "bench"))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import benchlib  # noqa: E402
import finalcode_count  # noqa: E402
import genprog  # noqa: E402

PTXAS = next((p for p in ("/usr/local/cuda/bin/ptxas",) if os.path.exists(p)), None)
SASS = finalcode_count.sass_tools()  # scripts/sass-tools.sh: the machine-code column
TARGETS = {
    "nvptx64": ("nvptx64-nvidia-cuda", None, "ptx", ["-mcpu=sm_90"]),
    "gfx90a": ("amdgcn-amd-amdhsa", "gfx90a", "amdgpu", ["-mcpu=gfx90a"]),
    "gfx1100": ("amdgcn-amd-amdhsa", "gfx1100", "amdgpu", ["-mcpu=gfx1100"]),
    "spirv64": ("spirv64-unknown-unknown", None, "spirv", ["-filetype=obj"]),
}
def sh(cmd, timeout=300):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return r.returncode, r.stderr
    except subprocess.TimeoutExpired:
        return 124, "timed out"


def one(seed, target, opt, plugin, tmp, wp=False, libclc=False, mllvm=()):
    """(clang's per-kernel columns, the plugin's, failure or None)"""
    triple, cpu, kind, llc = TARGETS[target]
    cl = os.path.join(tmp, "p%d.cl" % seed)  # written by main
    cols = {}
    for way in ("clang", "plugin"):
        bc = os.path.join(tmp, "p%d.%s.%s.%s.bc" % (seed, target, opt, way))
        s = bc[:-3] + ".s"
        cmd = ["clang-22", "-cl-std=CL2.0", "-" + opt, "-emit-llvm", "-c", "-Xclang",
               "-finclude-default-header", "-target", triple, "-nogpulib", cl, "-o", bc]
        cmd += ["-mcpu=" + cpu] if cpu else []
        cmd += ["-fpass-plugin=" + plugin] if way == "plugin" else []
        cmd += ["-mllvm", "-gasp-whole-program"] if way == "plugin" and wp else []
        cmd += sum((["-mllvm", m] for m in mllvm), []) if way == "plugin" else []
        cmd += benchlib.libclc_flags(target) if libclc else []
        rc, err = sh(cmd)
        if not rc:  # spirv64: the module, then spirv-dis's text of it beside
            rc, err = sh(["llc-22", "-" + opt, "-mtriple=" + triple] + llc +
                         [bc, "-o", s + ".spv" if kind == "spirv" else s])
        if not rc and kind == "spirv":
            rc, err = sh(["spirv-dis", s + ".spv", "-o", s])
        if rc:
            return None, None, (None if way == "clang" else "%s: %s" % (
                "clang-22" if not os.path.exists(bc) else "llc-22", err.strip()[-200:]))
        cols[way] = dict(finalcode_count.count_file(kind, s, per_kernel=True,
                                                    use_ptxas=bool(PTXAS) and kind == "ptx",
                                                    use_sass=bool(SASS), use_val=True))
    return cols["clang"], cols["plugin"], None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=40)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--opt", default="O2")
    ap.add_argument("--targets", default="nvptx64,gfx90a,gfx1100")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--out", default=os.path.join(HERE, "random.md"))
    ap.add_argument("--vectors", action="store_true",
                    help="genprog --vectors: helpers reading and writing uint4/uint2 through "
                         "private and local pointers")
    ap.add_argument("--writers", action="store_true",
                    help="genprog --writers: cursor structs handed to helpers that write them")
    ap.add_argument("--fnptrs", action="store_true",
                    help="genprog --fnptrs: tables of helpers called through function pointers")
    ap.add_argument("--wp", action="store_true",
                    help="the plugin with -mllvm -gasp-whole-program")
    ap.add_argument("--external", action="store_true",
                    help="genprog --external: every helper external (no `static`), as device "
                         "functions are unless declared static")
    ap.add_argument("--outparams", action="store_true",
                    help="genprog --outparams: helpers writing through pointers to the caller's "
                         "uninitialized variables (out-parameters)")
    ap.add_argument("--libclc", action="store_true",
                    help="link libclc-22's OpenCL C builtins into each program before the "
                         "optimizer (-mlink-builtin-bitcode), as a user's build links its "
                         "builtins library; without it they stay undefined calls (-nogpulib)")
    ap.add_argument("--mllvm", action="append", default=[], metavar="ARG",
                    help="an option for every build with the plugin, e.g. -gasp-clone-cost=8 "
                         "(to compare settings; give --out another name)")
    a = ap.parse_args()
    plugin = os.path.join(os.path.abspath(a.build), "lib", "gasp-plugin.so")
    if not os.path.exists(plugin):
        print("random.py: %s missing: run make" % plugin, file=sys.stderr)
        return 2
    targets = [t for t in a.targets.split(",") if t]
    bad = [t for t in targets if t not in TARGETS]
    if bad:
        print("random.py: unknown target %s (%s)" % (bad[0], ", ".join(TARGETS)), file=sys.stderr)
        return 2
    # --libclc: each target's OpenCL C builtins, linked as a user's build
    # links them (benchlib.libclc)
    libs = [benchlib.libclc(t) for t in targets] if a.libclc else []
    missing = [x for x in libs if x and not os.path.exists(x)]
    missing += ["spirv-dis"] if "spirv64" in targets and not shutil.which("spirv-dis") else []
    if missing:
        print("random.py: %s missing (make deps installs it)" % missing[0],
              file=sys.stderr)
        return 2
    opts = [o.strip().lstrip("-") for o in a.opt.split(",") if o.strip()]
    seeds = range(a.first, a.first + a.n)
    jobs = [(s, t, o) for o in opts for t in targets for s in seeds]
    with tempfile.TemporaryDirectory() as tmp:
        for s in seeds:  # written once, before the jobs share them
            genprog.main_to(s, os.path.join(tmp, "p%d.cl" % s), True, False, a.vectors,
                            a.writers, a.fnptrs, a.external, outparams=a.outparams)
        with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
            res = list(ex.map(lambda j: (j, one(j[0], j[1], j[2], plugin, tmp, a.wp,
                                                       a.libclc, a.mllvm)), jobs))
    args = " ".join(sys.argv[1:])  # the command that reproduces the file, --out included
    out = ["# Random programs: final code, clang's build against the plugin's", "",
           "Produced by `python3 bench/random/random.py%s` (genprog %s seeds %d..%d; "
           "clang-22 with and without the plugin%s, then llc-22%s; per kernel, the functions it "
           "reaches; tolerance %s)." % (
               " " + args if args else "",
               " ".join(genprog.stream_flags(True, False, a.vectors, a.writers, a.fnptrs,
                                             a.external, outparams=a.outparams)), a.first,
               a.first + a.n - 1, (" (-mllvm -gasp-whole-program)" if a.wp else "") +
               "".join(" (-mllvm %s)" % m for m in a.mllvm) +
               (", libclc-22's builtins linked (-mlink-builtin-bitcode)" if a.libclc else ""),
               (", ptxas -arch=sm_90 -v" if PTXAS else "") +
               ("; sass: nvdisasm, scripts/sass-tools.sh" if SASS else ""),
               finalcode_count.tolerance_words()), "",
           "machine: %d cores; %s" % (os.cpu_count() or 0,
                                     subprocess.run(["clang-22", "--version"], capture_output=True,
                                                    text=True).stdout.splitlines()[0])]
    failed = 0
    for o in opts:
        for t in targets:
            rows = [(j, r) for j, r in res if j[1] == t and j[2] == o]
            kind = TARGETS[t][2]
            names = ["generic", "instrs"] + (["cvta"] if kind == "ptx" else []) + \
                finalcode_count.EXTRA[kind] + finalcode_count.meta_names(kind, bool(PTXAS)) + \
                (["sass"] if kind == "ptx" and SASS else [])
            tot = {w: {c: 0 for c in names} for w in ("clang", "plugin")}
            per_col = {c: 0 for c in names}
            per_better = {c: 0 for c in names}  # the same rule the other way round
            worse, same, fails, kernels, clean = [], [], [], 0, 0
            for (s, _, _), (ca, cb, fail) in rows:
                if fail:
                    fails.append("- seed %d: fails only with the plugin: %s" % (s, fail))
                    continue
                if ca is None:
                    continue
                for k in sorted(ca):
                    kernels += 1
                    for w, d in (("clang", ca[k]), ("plugin", cb.get(k, {}))):
                        for c in names:
                            v = d.get(c, 0)
                            tot[w][c] = max(tot[w][c], v) if c in finalcode_count.MAX_COLS \
                                else tot[w][c] + v
                    ka, kb = ca[k], cb.get(k, {})
                    wc = []
                    for c, x, y in finalcode_count.worse(ka, kb):
                        why = finalcode_count.device_same(kind, c, ka, kb)
                        if why:
                            same.append("- seed %d %s: %s %d -> %d (%s)" % (s, k, c, x, y, why))
                        else:
                            wc.append((c, x, y))
                    clean += not wc
                    for c, _, _ in finalcode_count.worse(kb, ka):
                        per_better[c] += not finalcode_count.device_same(kind, c, kb, ka)
                    for c, x, y in wc:
                        per_col[c] += 1
                        note = finalcode_count.measured_reason(kind, c, ka, kb)
                        worse.append("- seed %d %s: %s %d -> %d%s" % (
                            s, k, c, x, y, " (%s)" % note if note else ""))
            failed += len(fails)
            out += ["", "## %s, -%s" % (t, o), "",
                    "%d kernels of %d programs; %d not worse in any column" % (
                        kernels, len(rows), clean), "",
                    "| build | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
            for w in ("clang", "plugin"):
                out.append("| %s | " % w + " | ".join(str(tot[w][c]) for c in names) + " |")
            out += ["", "Kernels worse with the plugin, per column: " + (", ".join(
                "%s %d" % (c, n) for c, n in per_col.items() if n) or "none"),
                    "Kernels better with the plugin (clang's worse by the same rule): " + (
                        ", ".join("%s %d" % (c, n) for c, n in per_better.items() if n) or "none"),
                    ""]
            out += fails + worse
            if same:
                out += ([""] if fails or worse else []) + [
                    "Registers more that cost the device nothing (not counted above):"] + same
    text = "\n".join(out) + "\n"
    with open(a.out, "w") as f:
        f.write(text)
    sys.stdout.write(text)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
