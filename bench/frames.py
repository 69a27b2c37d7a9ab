#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""frames.py [--build B] [--base B0] [--first S] [-n N] — the NVPTX stack
frame in final code, on random OpenCL programs built as users build.

Each program is scripts/genprog.py --extended SEED (its sixth stream puts
volatile structs with constant initialisers, volatile arrays and structs
passed by value from slots into the kernel; random OpenCL programs declare
most locals volatile), plus test/frames/frames.cl (a printf).  Each is
compiled with clang-22 -O2 for nvptx64, without the plugin, with
B/lib/gasp-plugin.so (default: build) and, with --base, with B0's plugin
(an older build), then llc-22 -mcpu=sm_90.  Counted in the functions
reachable from the kernels (bench/finalcode_count.py): generic memory
instructions; and in the whole PTX, the accesses through the generic stack
pointer (`[%SP+k]`: the thread's own frame).  Prints a markdown table (the report
bench/frames.md is what it printed).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import finalcode_count  # noqa: E402

CLANG = ["clang-22", "-cl-std=CL2.0", "-Xclang", "-finclude-default-header", "-nogpulib",
         "-target", "nvptx64-nvidia-cuda", "-O2", "-S", "-emit-llvm", "-Wno-everything"]
SP = re.compile(r"^\s*(ld|st)(\.volatile)?(\.v[24])?\.[bsuf]\d+\s+(\{[^}]*\},\s*)?\[%SP[\]+]")


def counts(ptx_text):
    """(generic in kernel-reachable code, accesses through %SP anywhere)."""
    funcs, calls, kernels, cnt = finalcode_count.ptx(ptx_text)
    live = finalcode_count.reach(funcs, calls, kernels)
    sp = sum(bool(SP.match(line)) for line in ptx_text.splitlines())
    return sum(cnt[f]["generic"] for f in live), sp


def build(src, plugin, tmp):
    ll, s = os.path.join(tmp, "p.ll"), os.path.join(tmp, "p.s")
    cmd = CLANG + (["-fpass-plugin=" + plugin] if plugin else []) + [src, "-o", ll]
    if subprocess.run(cmd, capture_output=True).returncode:
        return None
    if subprocess.run(["llc-22", "-mcpu=sm_90", ll, "-o", s], capture_output=True).returncode:
        return None
    with open(s) as f:
        return counts(f.read())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--base")
    ap.add_argument("--first", type=int, default=150000)
    ap.add_argument("-n", type=int, default=60)
    a = ap.parse_args()
    ways = [("clang", None), ("gasp", os.path.join(a.build, "lib", "gasp-plugin.so"))]
    if a.base:
        ways.insert(1, ("gasp (base)", os.path.join(a.base, "lib", "gasp-plugin.so")))
    tot = {w: [0, 0] for w, _ in ways}
    fails = {w: 0 for w, _ in ways}
    with tempfile.TemporaryDirectory() as tmp:
        srcs = [os.path.join(ROOT, "test", "frames", "frames.cl")]
        for seed in range(a.first, a.first + a.n):
            p = os.path.join(tmp, "g%d.cl" % seed)
            subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "genprog.py"),
                            "--extended", str(seed), p], check=True)
            srcs.append(p)
        for src in srcs:
            for w, plugin in ways:
                r = build(src, plugin, tmp)
                if r is None:
                    fails[w] += 1
                    continue
                tot[w][0] += r[0]
                tot[w][1] += r[1]
    print("programs: test/frames/frames.cl and genprog.py --extended %d..%d (%d)"
          % (a.first, a.first + a.n - 1, a.n + 1))
    print()
    print("| build | generic PTX accesses (kernel-reachable) | accesses through %SP (all PTX) | failed builds |")
    print("|---|---|---|---|")
    for w, _ in ways:
        print("| %s | %d | %d | %d |" % (w, tot[w][0], tot[w][1], fails[w]))


if __name__ == "__main__":
    main()
