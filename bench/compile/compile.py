#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""compile.py [--runs N] [--sizes 2000,8000] — what compiling with gasp costs,
as a user's machine counts it.

Pairs gasp-opt (default pipeline) with opt-22 -passes=infer-address-spaces
on the same input (.ll in, .bc out), alternating A B A B for --runs pairs
after one warm-up pair, each run a whole process measured by the kernel's
own accounting (os.wait4: CPU = user + system, peak RSS).  Reports per
input the medians and ranges of each tool's CPU and peak RSS and of the
pair-by-pair ratio gasp / IAS (so a machine that speeds up or slows down
between runs moves both sides of a pair), and the load average before and
after.  Inputs:
  chain N     bench/gen_chain.py N: one call chain of N helpers, each
              reached with two space tuples (--sizes, default 2000,8000)
  linked K    the first K CUDA units of the public benchmark linked with
              llvm-link-22 (bench/public/work/out/*.nvptx64.O2.clang.bc, made
              by bench/public/public.py; K = half and all of them: the
              doubling shows whether the cost grows faster than the input)
  plugin      (with --repos, the public benchmark's repositories) clang-22
              -O2 building device code to bitcode with and without
              -fpass-plugin=build/lib/gasp-plugin.so, alternating, on
              --plugin-units units of each language (CUDA to nvptx64, HIP
              to amdgcn, OpenCL C to spirv64; the first N of each in the
              public benchmark's order): per unit the median CPU ratio,
              and in total the sum of the plugin's medians over the sum of
              clang's.
Writes bench/compile/compile.md and prints it.  Never a pass/fail test:
the issue's targets are read off the report.
"""
import argparse
import glob
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def measure(cmd):
    """CPU seconds (user + system) and peak RSS (MiB) of one process."""
    with open(os.devnull, "wb") as null:
        p = subprocess.Popen(cmd, stdout=null, stderr=null)
        _, status, ru = os.wait4(p.pid, 0)
    if status:
        raise RuntimeError("%s failed (status %d)" % (" ".join(cmd), status))
    return ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024.0


def pairs(a_cmd, b_cmd, runs):
    measure(a_cmd)
    measure(b_cmd)
    a, b = [], []
    for _ in range(runs):
        a.append(measure(a_cmd))
        b.append(measure(b_cmd))
    return a, b


def fmt(xs):
    return "%.3f (%.3f–%.3f)" % (statistics.median(xs), min(xs), max(xs))


def row(name, size, a, b):
    cpu = [x[0] / y[0] for x, y in zip(a, b)]
    rss = [x[1] / y[1] for x, y in zip(a, b)]
    return "| %s | %s | %s | %s | %s | %s | %s |" % (
        name, size, fmt([x[0] for x in a]), fmt([y[0] for y in b]), fmt(cpu),
        "%.0f / %.0f" % (statistics.median(x[1] for x in a), statistics.median(y[1] for y in b)),
        fmt(rss))


def instructions(path):
    p = subprocess.run(["llvm-dis-22", path, "-o", "-"], capture_output=True, text=True)
    return sum(1 for line in p.stdout.splitlines()
               if line.startswith("  ") and not line.lstrip().startswith(";"))


def plugin_cost(a, tmp):
    """clang-22 -O2 with the plugin against without, per unit and in total."""
    sys.path.insert(0, os.path.join(ROOT, "bench", "public"))
    import public  # the benchmark's units and build commands
    plugin = os.path.join(a.build, "lib", "gasp-plugin.so")
    cuda = public.cuda_path()
    units, _ = public.all_units(a.repos, 40)
    target = {"cuda": "nvptx64", "hip": "amdgcn", "ocl": "spirv64"}
    rows = ["", "clang-22 -O2, device code to bitcode: with `-fpass-plugin` (A) against "
            "without (B), %d alternating pairs per unit." % a.runs, "",
            "| unit | target | with plugin CPU s | without CPU s | with / without CPU (pairwise) "
            "| peak MiB with / without |", "|---|---|---|---|---|---|"]
    total = {}
    for lang in ("cuda", "hip", "ocl"):
        if lang == "cuda" and not cuda[0]:
            continue
        got = 0
        for u in units:
            if u["lang"] != lang or got >= a.plugin_units:
                continue
            out = os.path.join(tmp, "unit.bc")
            with_p = public.front_cmd(u, target[lang], "O2", out, plugin, False, cuda)
            without = public.front_cmd(u, target[lang], "O2", out, None, False, cuda)
            try:
                pa, pb = pairs(with_p, without, a.runs)
            except RuntimeError:
                continue  # clang cannot build it (the public report lists those)
            got += 1
            ratios = [x[0] / y[0] for x, y in zip(pa, pb)]
            rows.append("| %s | %s | %s | %s | %s | %.0f / %.0f |" % (
                u["name"], target[lang], fmt([x[0] for x in pa]), fmt([y[0] for y in pb]),
                fmt(ratios), statistics.median(x[1] for x in pa),
                statistics.median(y[1] for y in pb)))
            t = total.setdefault(lang, [0.0, 0.0, []])
            t[0] += statistics.median(x[0] for x in pa)
            t[1] += statistics.median(y[0] for y in pb)
            t[2].append(statistics.median(ratios))
    rows += ["", "| language | units | CPU with / without, total (sum of medians) | "
             "median of the per-unit ratios |", "|---|---|---|---|"]
    for lang, (pa, pb, rs) in total.items():
        rows.append("| %s | %d | %.3f | %.3f |" % (lang, len(rs), pa / pb, statistics.median(rs)))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--sizes", default="2000,8000")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--out", default=os.path.join(HERE, "compile.md"))
    ap.add_argument("--repos", default=os.environ.get("GASP_PUBLIC_REPOS"),
                    help="the public benchmark's git directories (OWNER+NAME/repo): "
                         "also time clang -O2 with and without the plugin")
    ap.add_argument("--plugin-units", type=int, default=6,
                    help="units of each language for the plugin's cost (default 6)")
    ap.add_argument("--skip-opt", action="store_true",
                    help="only the plugin's cost (no gasp-opt / IAS inputs)")
    a = ap.parse_args()
    gasp = os.path.join(a.build, "bin", "gasp-opt")
    tmp = tempfile.mkdtemp(prefix="compile.")
    load0 = os.getloadavg()
    rows = []
    inputs = []
    for n in (int(x) for x in a.sizes.split(",") if x):
        ll = os.path.join(tmp, "chain%d.ll" % n)
        with open(ll, "w") as f:
            subprocess.run([sys.executable, os.path.join(ROOT, "bench", "gen_chain.py"), str(n)],
                           stdout=f, check=True)
        inputs.append(("chain", "%d helpers" % n, ll))
    units = sorted(glob.glob(os.path.join(ROOT, "bench", "public", "work", "out",
                                          "*.nvptx64.O2.clang.bc")))
    units = [u for u in units if ".cu." in os.path.basename(u) or "-cuda." in os.path.basename(u)]
    # one module of as many CUDA units as link together (two programs may
    # define the same external symbol: the later one is left out)
    linkable, acc = [], os.path.join(tmp, "acc.bc")
    for u in units:
        trial = os.path.join(tmp, "trial.bc")
        cmd = ["llvm-link-22"] + ([acc] if linkable else []) + [u, "-o", trial]
        if subprocess.run(cmd, capture_output=True).returncode == 0:
            os.replace(trial, acc)
            linkable.append(u)
    if len(linkable) >= 4:
        for k in (len(linkable) // 2, len(linkable)):
            bc = os.path.join(tmp, "linked%d.bc" % k)
            subprocess.run(["llvm-link-22"] + linkable[:k] + ["-o", bc], check=True,
                           capture_output=True)
            inputs.append(("linked CUDA units", "%d units, %d instructions" % (k, instructions(bc)),
                           bc))
    if a.skip_opt:
        inputs = []
    for kind, size, path in inputs:
        out = os.path.join(tmp, "out.bc")
        ga, ia = pairs([gasp, path, "-o", out],
                       ["opt-22", "-passes=infer-address-spaces", path, "-o", out], a.runs)
        rows.append(row(kind, size, ga, ia))
    plugin_rows = plugin_cost(a, tmp) if a.repos else []
    load1 = os.getloadavg()
    text = "\n".join([
        "# Compile time: gasp-opt against opt-22 -passes=infer-address-spaces", "",
        "`python3 bench/compile/compile.py --runs %d%s` — whole processes, CPU = user + "
        "system and peak RSS from the kernel's accounting, %d alternating pairs after one "
        "warm-up pair; medians (min–max).  Load average before %.2f, after %.2f (%d cores)."
        % (a.runs, " --repos REPOS --plugin-units %d" % a.plugin_units if a.repos else "",
           a.runs, load0[0], load1[0], os.cpu_count() or 0), "",
        "| input | size | gasp CPU s | IAS CPU s | gasp / IAS CPU (pairwise) | "
        "peak MiB gasp / IAS | gasp / IAS RSS |",
        "|---|---|---|---|---|---|---|"] + rows + plugin_rows) + "\n"
    os.makedirs(os.path.dirname(a.out), exist_ok=True)
    with open(a.out, "w") as f:
        f.write(text)
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
