#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""memory.py [BASE_REV] — the report: pointers through memory.

Generic memory accesses left in code reachable from the kernels (gasp-opt
-stats), before and after: BASE_REV (default b62f974, the last commit
before private aggregates became field-sensitive and memsum existed) is
built from git into a scratch directory; "after" is this tree's build/.
Corpora, each for spir64, nvptx64 and amdgcn:
  kernels -O1   test/kernels/*.cl, clang-22 -O1 -fno-inline-functions
  kernels -O0   the same at -O0 with optnone off (every local in memory)
  random        scripts/genprog.py programs (seeds 1..60), -O1
                -fno-inline-functions and -O2 alternating
under the default pipeline (open world) and --whole-program.  Then the
wall time of the default pipeline on the 1M-instruction module
(bench/gen_ipmsp_module.py, best of 3), before and after.
Writes bench/memory/memory.md and prints it.
"""
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import genprog  # noqa: E402
from ocl import clang_cmd  # noqa: E402
sys.path.insert(0, HERE)
from benchlib import build_base, sh, write_report  # noqa: E402

TARGETS = ["spir64", "nvptx64", "amdgcn"]


def left(gasp, ll, flags):
    r = sh([gasp, "--summary"] + flags + [ll, "-o", "/dev/null"])
    if r.returncode == 2 and "unknown option" in r.stderr:  # a gasp before --summary
        r = sh([gasp, "-stats"] + flags + [ll, "-o", "/dev/null"])
    for line in r.stderr.splitlines():
        if line.startswith("gasp: generic memory ops reachable from kernels:"):
            return int(line.split(":")[2].split()[0])
    return None


def corpora(tmp):
    out = {"kernels -O1": [], "kernels -O0": [], "random": []}
    kdir = os.path.join(ROOT, "test", "kernels")
    for k in sorted(os.listdir(kdir)):
        if not k.endswith(".cl"):
            continue
        for t in TARGETS:
            for name, ol, extra in (("kernels -O1", "-O1", []),
                                    ("kernels -O0", "-O0", ["-Xclang", "-disable-O0-optnone"])):
                ll = os.path.join(tmp, "%s.%s.%s.ll" % (k, t, ol))
                cmd = clang_cmd(os.path.join(kdir, k), t, ll, ol, ol == "-O1")
                if sh(cmd[:3] + extra + cmd[3:]).returncode == 0:
                    out[name].append(ll)
    for seed in range(1, 61):
        cl = os.path.join(tmp, "r%d.cl" % seed)
        genprog.main_to(seed, cl)
        ol = "-O1" if seed % 2 else "-O2"
        for t in TARGETS:
            ll = os.path.join(tmp, "r%d.%s.ll" % (seed, t))
            if sh(clang_cmd(cl, t, ll, ol, ol == "-O1")).returncode == 0:
                out["random"].append(ll)
    return out


def best_time(gasp, ll, n=3):
    best = None
    for _ in range(n):
        t0 = time.monotonic()
        sh([gasp, ll, "-o", "/dev/null"], check=True)
        dt = time.monotonic() - t0
        best = dt if best is None or dt < best else best
    return best


def main():
    rev = sys.argv[1] if len(sys.argv) > 1 else "b62f974"
    new = os.path.join(ROOT, "build", "bin", "gasp-opt")
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(os.path.join(tmp, "base"))
        base = build_base(rev, os.path.join(tmp, "base"))
        lines = ["generic memory ops left in code reachable from the kernels "
                 "(before = %s, after = this tree)" % rev, "",
                 "| corpus | modules | clang | before | after | before wp | after wp |",
                 "|---|---|---|---|---|---|---|"]
        for name, files in corpora(tmp).items():
            tot = [0] * 5
            for ll in files:
                vals = [left(new, ll, ["--passes=none"]), left(base, ll, []), left(new, ll, []),
                        left(base, ll, ["--whole-program"]), left(new, ll, ["--whole-program"])]
                if None in vals:
                    continue
                tot = [a + b for a, b in zip(tot, vals)]
            lines.append("| %s | %d | %s |" % (name, len(files), " | ".join(map(str, tot))))
        m1 = os.path.join(tmp, "m1.ll")
        with open(m1, "w") as f:
            subprocess.run([sys.executable, os.path.join(HERE, "gen_ipmsp_module.py"), "1000000",
                            "nvptx64"], stdout=f, check=True)
        tb, tn = best_time(base, m1), best_time(new, m1)
        lines += ["", "1M-instruction module (gen_ipmsp_module.py 1000000 nvptx64), default "
                  "pipeline, best of 3: before %.2f s, after %.2f s (%+.1f%%; target <= +10%%)"
                  % (tb, tn, 100 * (tn - tb) / tb)]
    text = "\n".join(lines) + "\n"
    write_report("memory", "memory.md", text)


if __name__ == "__main__":
    main()
