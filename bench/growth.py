#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""growth.py — where the pipeline benchmark's instruction growth comes from.

The pipeline benchmark (bench/pipeline.py) compiles its new programs with
clang-22 -O2, without the plugin and with it (-mllvm -gasp-whole-program),
and counts all instructions in kernel-reachable code.  This script
compiles them again both ways with LLVM's loop unrolling and vectorizers
off (-fno-unroll-loops -fno-vectorize -fno-slp-vectorize, on both sides):
what is left of the growth is gasp's own (copies of helpers called with
several spaces, the casts it adds); the difference is what LLVM unrolls or
vectorizes further once gasp has named the spaces (constant trip counts
propagated into internal clones, loops over LDS, no-alias between
spaces).  Per target: totals; per program: the largest contributors.

Writes bench/growth/growth.md and prints it."""
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pipeline as P  # noqa: E402
from benchlib import sh, write_report  # noqa: E402

NO_LOOP_OPTS = ["-fno-unroll-loops", "-fno-vectorize", "-fno-slp-vectorize"]


def measure(lang, path, target, variant, extra, tmp):
    """(all instructions, generic memory instructions) in kernel-reachable
    code; None when the compile fails."""
    out = os.path.join(tmp, "x." + ("o" if target == "spirv64" else "s"))
    cmd = P.variant_cmd(lang, path, target, "2", variant, out)
    cmd[1:1] = extra
    if sh(cmd).returncode:
        return None
    asm = out
    if target == "spirv64":
        if sh(["spirv-dis", out, "-o", out + ".txt"]).returncode:
            return None
        asm = out + ".txt"
    ks = P.count(target, asm).values()
    return sum(k["instrs"] for k in ks), sum(k.get("generic", 0) for k in ks)


def instrs(lang, path, target, variant, extra, tmp):
    m = measure(lang, path, target, variant, extra, tmp)
    return m and m[0]


# The clone settings of the trade-off table: what gasp may copy.
SETTINGS = [("default", []),
            ("-gasp-clone-cost=8 (NVPTX's default until 2026-11-28, on every target)", ["-mllvm", "-gasp-clone-cost=8"]),
            ("-gasp-clone-cost=2", ["-mllvm", "-gasp-clone-cost=2"]),
            ("-gasp-clone-budget=0 (no copies)", ["-mllvm", "-gasp-clone-budget=0"])]
LIMIT = {"nvptx64": 10, "gfx90a": 20, "gfx1100": 20, "spirv64": 20}


def tradeoff(tmp):
    """Per setting and target: instructions and generic accesses, clang
    and gasp (-gasp-whole-program), summed over the new programs."""
    tot, progs = {}, []
    for group, path, lang in P.programs():
        if group != "new":
            continue
        for target in P.targets(lang):
            base = measure(lang, path, target, "clang", [], tmp)
            runs = [measure(lang, path, target, "gasp", extra, tmp) for _, extra in SETTINGS]
            if base is None or None in runs:
                continue
            progs.append((os.path.relpath(path, P.ROOT), target, base, runs))
            for k, r in enumerate(runs):
                t = tot.setdefault((k, target), [0, 0, 0, 0])
                for i, x in enumerate(base + r):
                    t[i] += x
    L = ["", "## The trade-off: what gasp may copy", "",
         "The pipeline benchmark's two targets side by side for each clone setting (clang -O2",
         "with the plugin and `-mllvm -gasp-whole-program`, plus the setting): generic",
         "accesses against the limit (1/10 of clang's on NVPTX, 1/20 elsewhere) and",
         "instruction growth against 2%.  A helper called with two spaces can be",
         "named only by a copy per space (clone, versioned loop or run), so fewer",
         "copies trade growth for generic accesses.", "",
         "| setting | target | generic: clang | gasp | limit | met | instrs: clang | gasp | growth | met |",
         "|---|---|---|---|---|---|---|---|---|---|"]
    for k, (name, _) in enumerate(SETTINGS):
        for target in P.OCL_TARGETS:
            if (k, target) not in tot:
                continue
            ci, cg, gi, gg = tot[(k, target)]
            lim = cg / LIMIT[target]
            growth = 100.0 * (gi - ci) / ci
            L.append("| %s | %s | %d | %d | %.1f | %s | %d | %d | %+.1f%% | %s |" % (
                name, target, cg, gg, lim, "yes" if gg <= lim else "no", ci, gi, growth,
                "yes" if growth <= 2.0 else "no"))
    # A program whose accesses left without copies already exceed the whole
    # target's generic limit must be copied; when its copies alone cost more
    # than the target's 2%, no setting can meet both limits there.
    L += ["", "Programs that alone exceed a target's generic limit without copies "
          "(`-gasp-clone-budget=0`), and what naming them costs (default setting):", "",
          "| program | target | generic, no copies | target's limit | instructions the copies add "
          "| target's 2% | both limits possible |", "|---|---|---|---|---|---|---|"]
    for name, target, base, runs in progs:
        ci, cg = tot[(0, target)][:2]  # clang's instructions and generic accesses
        lim = cg / LIMIT[target]
        nocopy, dflt = runs[-1], runs[0]
        if nocopy[1] > lim:
            added = dflt[0] - nocopy[0]
            L.append("| %s | %s | %d | %.1f | %+d | %.1f | %s |" % (
                name, target, nocopy[1], lim, added, ci * 0.02,
                "no" if added > ci * 0.02 else "yes"))
    return L


def main():
    tmp = tempfile.mkdtemp()
    tot, rows = {}, []
    for group, path, lang in P.programs():
        if group != "new":
            continue
        for target in P.targets(lang):
            v = [instrs(lang, path, target, var, extra, tmp)
                 for extra in ([], NO_LOOP_OPTS) for var in ("clang", "gasp")]
            if None in v:
                continue
            t = tot.setdefault(target, [0, 0, 0, 0])
            for i in range(4):
                t[i] += v[i]
            rows.append((os.path.relpath(path, P.ROOT), target, v))
    L = ["# Where the instruction growth comes from\n",
         "Written by `python3 bench/growth.py`: the pipeline benchmark's new programs, clang-22 -O2,",
         "without and with the plugin (`-mllvm -gasp-whole-program`); all instructions in",
         "kernel-reachable code, as LLVM optimizes by default and with `%s` on both sides.\n"
         % " ".join(NO_LOOP_OPTS),
         "| target | clang | gasp | growth | clang, no unroll/vectorize | gasp, same | growth (gasp's own) |",
         "|---|---|---|---|---|---|---|"]
    for target in P.OCL_TARGETS:
        if target not in tot:
            continue
        a, b, c, d = tot[target]
        L.append("| %s | %d | %d | %+.1f%% | %d | %d | %+.1f%% |"
                 % (target, a, b, 100.0 * (b - a) / a, c, d, 100.0 * (d - c) / c))
    L += ["", "Largest contributors (instructions added, default / no unroll or vectorize):", "",
          "| program | target | added | added, no unroll/vectorize |", "|---|---|---|---|"]
    rows.sort(key=lambda r: -(r[2][1] - r[2][0]))
    for name, target, v in rows[:12]:
        L.append("| %s | %s | %+d | %+d |" % (name, target, v[1] - v[0], v[3] - v[2]))
    L += tradeoff(tmp)
    write_report("growth", "growth.md", "\n".join(L) + "\n")


if __name__ == "__main__":
    main()
