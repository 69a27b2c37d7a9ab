#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""compare-builds.py — two builds of gasp, the same answers?  For a
refactoring that must not change behaviour.

  python3 scripts/compare-builds.py OLD_BUILD NEW_BUILD [--random N] [--first SEED]
                                   [--olevel -O0|-O1|-O2|-O3] [--tests]
                                   [--ignore-stat TEXT]...

Inputs: every .ll file under test/ as it is (--tests; the lit tests'
inputs, bad ones included: the two builds must refuse them alike), the
project's kernels (test/kernels/*.cl, examples/*.cl) compiled
by clang-22 -O1 -fno-inline-functions (or --olevel's level; inlining off
only at -O1) for spir64, nvptx64 and amdgcn; the
OpenCL programs of bench/pipeline/opencl the same way; and N random
programs of scripts/genprog.py --extended (seeds FIRST..), the same way.
Each goes through both builds' gasp-opt in five configurations (open
world; --whole-program; --clone-budget=1; --lower-generic=tags;
--version-by-space=on), each run
writing the text IR, and printing remarks of every kind, -stats, the
--summary residue report and the call graph (--dot-callgraph=..., all
functions).  Every output of one build must equal the other's byte for
byte, but for the -stats lines that contain a --ignore-stat TEXT (a
statistic the change is meant to move, e.g. 'module-wide rounds').  Prints one line per difference ('DIFF input config what') and
'compare-builds: N runs, N outputs compared, N differ'; exit 1 when any
differs."""
import glob
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import genprog  # noqa: E402
import ocl  # noqa: E402

TARGETS = ["spir64", "nvptx64", "amdgcn"]
CONFIGS = [("open", []), ("wp", ["--whole-program"]), ("budget1", ["--clone-budget=1"]),
           ("tags", ["--lower-generic=tags"]), ("version", ["--version-by-space=on"])]


def run_one(build, ll, flags, tmp, tag):
    out = os.path.join(tmp, tag + ".ll")
    dot = os.path.join(tmp, tag + ".dot")
    cmd = [os.path.join(build, "bin", "gasp-opt"), "-S", ll, "-o", out, "-pass-remarks=gasp",
           "-pass-remarks-missed=gasp", "-pass-remarks-analysis=gasp", "-stats", "--summary",
           "--dot-callgraph=" + dot, "--dot-callgraph-show=all"] + flags
    r = subprocess.run(cmd, capture_output=True, text=True, errors="replace")
    res = {"exit": str(r.returncode), "stdout": r.stdout,
           "stderr": r.stderr.replace(tmp, "TMP")}
    for what, path in (("ir", out), ("dot", dot)):
        res[what] = open(path, errors="replace").read() if os.path.exists(path) else "(none)"
    return res


def without_stats(res, ignore):
    """res with the -stats lines naming one of ignore dropped."""
    if ignore:
        res["stderr"] = "".join(l for l in res["stderr"].splitlines(True)
                                if not any(t in l for t in ignore))
    return res


def compare(old, new, name, ll, tmp, ignore=()):
    diffs, n = [], 0
    for cname, flags in CONFIGS:
        a = without_stats(run_one(old, ll, flags, tmp, "a"), ignore)
        b = without_stats(run_one(new, ll, flags, tmp, "b"), ignore)
        for k in a:
            n += 1
            if a[k] != b[k]:
                diffs.append("DIFF %s %s %s" % (name, cname, k))
    return diffs, n


def inputs(tmp, nrand, first, olevel="-O1", tests=False):
    srcs = sorted(glob.glob(os.path.join(ROOT, "test", "kernels", "*.cl")) +
                  glob.glob(os.path.join(ROOT, "examples", "*.cl")) +
                  glob.glob(os.path.join(ROOT, "bench", "pipeline", "opencl", "*.cl")))
    for seed in range(first, first + nrand):
        p = os.path.join(tmp, "r%d.cl" % seed)
        genprog.main_to(seed, p, True)
        srcs.append(p)
    out = []
    if tests:
        for ll in sorted(glob.glob(os.path.join(ROOT, "test", "**", "*.ll"), recursive=True)):
            out.append((os.path.relpath(ll, ROOT), ll))
    for s in srcs:
        for t in TARGETS:
            ll = os.path.join(tmp, "%s.%s.ll" % (os.path.basename(s), t))
            cmd = ocl.clang_cmd(s, t, ll, olevel, olevel == "-O1")
            if subprocess.run(cmd, capture_output=True).returncode == 0:
                name = os.path.relpath(s, ROOT) if s.startswith(ROOT) else os.path.basename(s)
                out.append((name + ":" + t, ll))
    return out


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    if len(args) < 2 or "-h" in sys.argv or "--help" in sys.argv:
        print(__doc__.strip(), file=sys.stderr if len(args) < 2 else sys.stdout)
        return 0 if ("-h" in sys.argv or "--help" in sys.argv) else 2
    old, new = args[0], args[1]
    nrand = int(sys.argv[sys.argv.index("--random") + 1]) if "--random" in sys.argv else 20
    first = int(sys.argv[sys.argv.index("--first") + 1]) if "--first" in sys.argv else 9000
    olevel = sys.argv[sys.argv.index("--olevel") + 1] if "--olevel" in sys.argv else "-O1"
    ignore = [sys.argv[k + 1] for k, a in enumerate(sys.argv[:-1]) if a == "--ignore-stat"]
    args = [a for a in args if a != olevel and a not in ignore]
    with tempfile.TemporaryDirectory() as tmp:
        ins = inputs(tmp, nrand, first, olevel, "--tests" in sys.argv)

        def job(i):
            name, ll = ins[i]
            d = os.path.join(tmp, "w%d" % i)
            os.mkdir(d)
            return compare(old, new, name, ll, d, ignore)

        with ThreadPoolExecutor(os.cpu_count() or 2) as ex:
            res = list(ex.map(job, range(len(ins))))
    diffs = [d for ds, _ in res for d in ds]
    total = sum(n for _, n in res)
    for d in diffs:
        print(d)
    print("compare-builds: %d runs, %d outputs compared, %d differ" %
          (len(ins) * len(CONFIGS) * 2, total, len(diffs)))
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
