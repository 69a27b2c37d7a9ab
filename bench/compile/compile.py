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
  small N     bench/gen_ipmsp_module.py: N helpers of about ten
              instructions (a kernel and two helpers per group, each helper
              reached with two space tuples, so ipmsp clones each twice over
              three waves; --small, default 8000): the per-function costs the
              chain's large helpers hide
  linked K    the public benchmark's CUDA units (nvptx64), its HIP units
              and its OpenCL C units (amdgcn), each language linked apart
              (HIP's code objects are version 5, OpenCL's 6: llvm-link-22
              refuses to mix them), as many as link together
              (--units, default bench/public/work/out/*.O2.clang.bc, made by
              bench/public/public.py): half of them, all of them, and all of
              them linked with a copy whose defined symbols are renamed — an
              exact doubling, which shows whether the cost grows faster than
              the input (gasp on the doubled module against gasp on the
              whole one in alternating pairs of their own)
Beside each row: the peak RSS of opt-22 merely reading gasp's output and
writing it again (the memory any tool needs to hold that module: gasp's
clones make it larger than the input), and with --instructions the
instructions executed (valgrind's callgrind, on a copy of gasp-opt without
its debug sections: valgrind 3.19 cannot read them) by gasp-opt, by opt-22,
and by gasp's memsum pass (inclusive) — counts a loaded machine cannot move.
  plugin      (with --repos, the public benchmark's repositories) clang-22
              -O2 building device code to bitcode with and without
              -fpass-plugin=build/lib/gasp-plugin.so, alternating, on
              --plugin-units units of each language (CUDA to nvptx64, HIP
              to amdgcn, OpenCL C to spirv64; the first N of each in the
              public benchmark's order): per unit the median CPU ratio,
              and in total the sum of the plugin's medians over the sum of
              clang's.
  random      (--random-programs N, default 10) the plugin on small random
              OpenCL C programs (scripts/genprog.py --extended, seeds
              --random-first ... , the shape of CLSmith's) and on an empty
              kernel, each for spirv64, amdgcn (gfx90a) and nvptx64: clang-22
              -O2 to bitcode with and without the plugin, alternating pairs;
              with --instructions also callgrind's counts of both (the plugin
              a copy without its debug sections).
Writes bench/compile/compile.md and prints it.  Never a pass/fail test:
the issue's targets are read off the report.
"""
import argparse
import glob
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


# A process's peak RSS starts at its parent's at the fork (Linux keeps the
# high-water mark across fork and exec), so a command started by this
# script (tens of MiB once it has held a disassembled module) could never
# show less.  Each command is started by a small interpreter of its own
# (about 10 MiB, below any LLVM tool) that reports its child's accounting.
SPAWN = ("import os, sys\n"
         "pid = os.fork()\n"
         "if pid == 0:\n"
         "    null = os.open(os.devnull, os.O_WRONLY)\n"
         "    os.dup2(null, 1); os.dup2(null, 2)\n"
         "    os.execvp(sys.argv[1], sys.argv[1:])\n"
         "_, status, ru = os.wait4(pid, 0)\n"
         "print(status, ru.ru_utime + ru.ru_stime, ru.ru_maxrss)\n")


def measure(cmd):
    """CPU seconds (user + system) and peak RSS (MiB) of one process."""
    out = subprocess.run([sys.executable, "-S", "-c", SPAWN] + cmd, capture_output=True,
                         text=True, check=True).stdout.split()
    status, cpu, rss = int(out[0]), float(out[1]), int(out[2])
    if status:
        raise RuntimeError("%s failed (status %d)" % (" ".join(cmd), status))
    return cpu, rss / 1024.0


def pairs(a_cmd, b_cmd, runs):
    measure(a_cmd)
    measure(b_cmd)
    a, b = [], []
    for _ in range(runs):
        a.append(measure(a_cmd))
        b.append(measure(b_cmd))
    return a, b


def write_out(path, text):
    """The report: written to path and printed; 0."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    sys.stdout.write(text)
    return 0


def fmt(xs):
    return "%.3f (%.3f–%.3f)" % (statistics.median(xs), min(xs), max(xs))


def row(name, size, a, b, floor, counts):
    cpu = [x[0] / y[0] for x, y in zip(a, b)]
    rss = [x[1] / y[1] for x, y in zip(a, b)]
    ga = statistics.median(x[1] for x in a)
    cells = [name, size, fmt([x[0] for x in a]), fmt([y[0] for y in b]), fmt(cpu),
             "%.0f / %.0f" % (ga, statistics.median(y[1] for y in b)), fmt(rss),
             "%.0f (gasp %.2f×)" % (floor, ga / floor)]
    if counts:
        g, i = counts
        cells.append("%.3fG / %.3fG = %.3f" % (g["total"] / 1e9, i["total"] / 1e9,
                                                g["total"] / i["total"]))
        cells.append("%.3fG" % (g.get("memsum_run", 0) / 1e9))
    return "| " + " | ".join(cells) + " |"


def callgrind(cmd, tmp, funcs=()):
    """Instructions executed by cmd in total and inclusive in each of funcs."""
    out = os.path.join(tmp, "cg.out")
    subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out] + cmd,
                   capture_output=True, check=True)
    ann = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", out],
                         capture_output=True, text=True).stdout
    got = {}
    for line in ann.splitlines():
        parts = line.split()
        if not parts or not parts[0][0].isdigit():
            continue
        n = int(parts[0].replace(",", ""))
        if "PROGRAM TOTALS" in line:
            got["total"] = n
        for f in funcs:
            if ":%s [" % f in line and f not in got:
                got[f] = n
    return got


def doubled(src, out):
    """src linked with a copy of itself whose defined symbols are renamed."""
    text = subprocess.run(["llvm-dis-22", src, "-o", "-"], capture_output=True, text=True,
                          check=True).stdout
    name = r'(?:"[^"]*"|[-a-zA-Z$._][-a-zA-Z$._0-9]*)'
    defined = set(re.findall(r'^define [^@]*@(' + name + r')\(', text, re.M))
    defined |= set(re.findall(r'^@(' + name + r') = (?!external)', text, re.M))
    comdats = set(re.findall(r'^\$(' + name + r') = comdat', text, re.M))

    def ren(n):
        return '"%s.dup"' % n[1:-1] if n.startswith('"') else n + ".dup"
    copy = re.sub(r'@(' + name + r')',
                  lambda m: "@" + ren(m.group(1)) if m.group(1) in defined else m.group(0), text)
    copy = re.sub(r'\$(' + name + r')',
                  lambda m: "$" + ren(m.group(1)) if m.group(1) in comdats else m.group(0), copy)
    with open(out + ".dup.ll", "w") as f:
        f.write(copy)
    subprocess.run(["llvm-link-22", src, out + ".dup.ll", "-o", out], check=True,
                   capture_output=True)


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


EMPTY_KERNEL = "kernel void k(global int *p) { *p = 1; }\n"
RANDOM_TARGETS = (("spirv64", ["-target", "spirv64-unknown-unknown"]),
                  ("amdgcn", ["-target", "amdgcn-amd-amdhsa", "-mcpu=gfx90a"]),
                  ("nvptx64", ["-target", "nvptx64-nvidia-cuda"]))


def random_plugin_cost(a, tmp):
    """clang-22 -O2 with the plugin against without on random OpenCL C programs."""
    plugin = os.path.join(a.build, "lib", "gasp-plugin.so")
    stripped = os.path.join(tmp, "gasp-plugin.so")
    shutil.copy(plugin, stripped)
    subprocess.run(["strip", "--strip-debug", stripped], check=True)
    programs = [("empty kernel", os.path.join(tmp, "empty.cl"))]
    with open(programs[0][1], "w") as f:
        f.write(EMPTY_KERNEL)
    for seed in range(a.random_first, a.random_first + a.random_programs):
        cl = os.path.join(tmp, "genprog%d.cl" % seed)
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "genprog.py"), "--extended",
                        str(seed), cl], check=True, capture_output=True)
        programs.append(("genprog %d" % seed, cl))
    rows = ["", "clang-22 -cl-std=CL2.0 -O2, random OpenCL C programs "
            "(`scripts/genprog.py --extended SEED`, seeds %d–%d) and an empty kernel to "
            "bitcode: with `-fpass-plugin` (A) against without (B), %d alternating pairs%s."
            % (a.random_first, a.random_first + a.random_programs - 1, a.runs,
               "; instructions by callgrind" if a.instructions else ""), "",
            "| program | target | without CPU s | with / without CPU (pairwise) |"
            + (" instructions without | with / without instructions |" if a.instructions
               else ""),
            "|---|---|---|---|" + ("---|---|" if a.instructions else "")]
    cpu, ins = [], []
    for name, cl in programs:
        for tgt, flags in RANDOM_TARGETS:
            out = os.path.join(tmp, "random.bc")
            base = ["clang-22", "-cl-std=CL2.0", "-Xclang", "-finclude-default-header",
                    "-nogpulib"] + flags + ["-O2", "-emit-llvm", "-c", cl, "-o", out]
            pa, pb = pairs(base + ["-fpass-plugin=" + plugin], base, a.runs)
            r = [x[0] / y[0] for x, y in zip(pa, pb)]
            cells = [name, tgt, "%.3f" % statistics.median(y[0] for y in pb), fmt(r)]
            if name != "empty kernel":
                cpu.append(statistics.median(r))
            if a.instructions:
                w = callgrind(base + ["-fpass-plugin=" + stripped], tmp)["total"]
                wo = callgrind(base, tmp)["total"]
                cells += ["%.1fM" % (wo / 1e6), "%.3f" % (w / wo)]
                if name != "empty kernel":
                    ins.append(w / wo)
            rows.append("| " + " | ".join(cells) + " |")
    rows += ["", "Over the %d random programs x 3 targets: CPU ratio median %.3f (%.3f–%.3f)%s."
             % (len(cpu) // len(RANDOM_TARGETS), statistics.median(cpu), min(cpu), max(cpu),
                "; instructions median %.3f (%.3f–%.3f)" % (statistics.median(ins), min(ins),
                                                              max(ins)) if ins else "")]
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--sizes", default="2000,8000")
    ap.add_argument("--small", default="8000",
                    help="helper counts of the small-helper modules (gen_ipmsp_module.py)")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--out", default=os.path.join(HERE, "compile.md"))
    ap.add_argument("--repos", default=os.environ.get("GASP_PUBLIC_REPOS"),
                    help="the public benchmark's git directories (OWNER+NAME/repo): "
                         "also time clang -O2 with and without the plugin")
    ap.add_argument("--plugin-units", type=int, default=6,
                    help="units of each language for the plugin's cost (default 6)")
    ap.add_argument("--instructions", action="store_true",
                    help="also count instructions with valgrind's callgrind (slow: minutes)")
    ap.add_argument("--units", default=os.path.join(ROOT, "bench", "public", "work", "out"),
                    help="the folder of the public benchmark's units "
                         "(*.O2.clang.bc; default bench/public/work/out, public.py's)")
    ap.add_argument("--random-programs", type=int, default=10,
                    help="random OpenCL C programs for the plugin's cost (0: none)")
    ap.add_argument("--random-first", type=int, default=1, help="the first one's seed")
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
    for n in (int(x) for x in a.small.split(",") if x):
        ll = os.path.join(tmp, "small%d.ll" % n)
        with open(ll, "w") as f:  # 45 instructions a group of two helpers
            subprocess.run([sys.executable, os.path.join(ROOT, "bench", "gen_ipmsp_module.py"),
                            str(n // 2 * 45), "nvptx64"], stdout=f, check=True)
        inputs.append(("small helpers", "%d helpers" % n, ll))
    out_dir = a.units
    for kind, tag, pattern, keep in (
            ("linked CUDA units", "cuda", "*.nvptx64.O2.clang.bc",
             lambda b: ".cu." in b or "-cuda." in b),
            ("linked HIP units", "hip", "*.amdgcn.O2.clang.bc", lambda b: "-hip." in b),
            ("linked OpenCL C units (amdgcn)", "ocl", "*.amdgcn.O2.clang.bc",
             lambda b: ".cl." in b)):
        units = [u for u in sorted(glob.glob(os.path.join(out_dir, pattern)))
                 if keep(os.path.basename(u))]
        # as many units as link together (two programs may define the same
        # external symbol: the later one is left out)
        linkable, acc = [], os.path.join(tmp, "acc.bc")
        for u in units:
            trial = os.path.join(tmp, "trial.bc")
            cmd = ["llvm-link-22"] + ([acc] if linkable else []) + [u, "-o", trial]
            if subprocess.run(cmd, capture_output=True).returncode == 0:
                os.replace(trial, acc)
                linkable.append(u)
        if len(linkable) < 4:
            continue
        for k in (len(linkable) // 2, len(linkable)):
            bc = os.path.join(tmp, "%s%d.bc" % (tag, k))
            if k == len(linkable):
                os.replace(acc, bc)  # all of them: what the loop above linked
            else:
                subprocess.run(["llvm-link-22"] + linkable[:k] + ["-o", bc], check=True,
                               capture_output=True)
            inputs.append((kind, "%d units, %d instructions" % (k, instructions(bc)), bc))
        bc2 = os.path.join(tmp, "%s%dx2.bc" % (tag, len(linkable)))
        doubled(bc, bc2)
        inputs.append((kind, "all %d doubled (a renamed copy), %d instructions"
                       % (len(linkable), instructions(bc2)), bc2))
    if a.skip_opt:
        inputs = []
    strip = None
    if a.instructions:
        if not shutil.which("valgrind"):
            sys.exit("compile.py: --instructions needs valgrind (apt-get install valgrind)")
        strip = os.path.join(tmp, "gasp-opt")
        shutil.copy(gasp, strip)
        subprocess.run(["strip", "--strip-debug", strip], check=True)
    by_input = {}
    for kind, size, path in inputs:
        out, ias_out = os.path.join(tmp, "out.bc"), os.path.join(tmp, "ias.bc")
        ga, ia = pairs([gasp, path, "-o", out],
                       ["opt-22", "-passes=infer-address-spaces", path, "-o", ias_out], a.runs)
        # out: gasp's output, from the pairs
        floor = statistics.median(measure(["opt-22", out, "-o", os.path.join(tmp, "again.bc")])[1]
                                  for _ in range(3))
        counts = None
        if strip:
            counts = (callgrind([strip, path, "-o", out], tmp, ("memsum_run",)),
                      callgrind(["opt-22", "-passes=infer-address-spaces", path, "-o", ias_out],
                                tmp))
        by_input[path] = (ga, counts)
        rows.append(row(kind, size, ga, ia, floor, counts))
    # the doublings: what the whole module and its double cost gasp
    growth = []
    for kind, size, path in inputs:
        if "doubled" not in size:
            continue
        whole = [p for k, s_, p in inputs if k == kind and "doubled" not in s_][-1]
        (g1, c1), (g2, c2) = by_input[whole], by_input[path]
        # the doubled module against the whole one, in alternating pairs of
        # their own (two medians taken minutes apart would move with the load)
        out2, out1 = os.path.join(tmp, "d2.bc"), os.path.join(tmp, "d1.bc")
        d2, d1 = pairs([gasp, path, "-o", out2], [gasp, whole, "-o", out1], a.runs)
        r = [x[0] / y[0] for x, y in zip(d2, d1)]
        cells = "%.2f× (%.2f–%.2f, pairwise)" % (statistics.median(r), min(r), max(r))
        if c1:
            cells += " CPU; instructions %.2f× (memsum %.2f×)" % (
                c2[0]["total"] / c1[0]["total"],
                c2[0].get("memsum_run", 0) / max(1, c1[0].get("memsum_run", 0)))
        growth.append("- %s, doubled: gasp-opt %s" % (kind, cells))
    plugin_rows = plugin_cost(a, tmp) if a.repos else []
    if a.random_programs:
        plugin_rows += random_plugin_cost(a, tmp)
    load1 = os.getloadavg()
    text = "\n".join([
        "# Compile time: gasp-opt against opt-22 -passes=infer-address-spaces", "",
        "`python3 bench/compile/compile.py --runs %d%s%s` — whole processes, CPU = user + "
        "system and peak RSS from the kernel's accounting, %d alternating pairs after one "
        "warm-up pair; medians (min–max).  Load average before %.2f, after %.2f (%d cores)."
        % (a.runs, " --instructions" if a.instructions else "",
           (" --repos REPOS --plugin-units %d" % a.plugin_units if a.repos else "")
           + (" --random-programs %d --random-first %d" % (a.random_programs, a.random_first)
              if a.random_programs != 10 or a.random_first != 1 else ""),
           a.runs, load0[0], load1[0], os.cpu_count() or 0), "",
        "| input | size | gasp CPU s | IAS CPU s | gasp / IAS CPU (pairwise) | "
        "peak MiB gasp / IAS | gasp / IAS RSS | peak MiB of opt-22 holding gasp's output |"
        + (" instructions gasp / IAS | memsum instructions |" if a.instructions else ""),
        "|---|---|---|---|---|---|---|---|" + ("---|---|" if a.instructions else "")]
        + rows + ([""] + growth if growth else []) + plugin_rows) + "\n"
    return write_out(a.out, text)


if __name__ == "__main__":
    sys.exit(main())
