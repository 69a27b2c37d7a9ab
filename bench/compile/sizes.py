#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""sizes.py [--runs N] [--first S] [--programs N] [--streams a,b+c,...]
           [--targets nvptx64,amdgcn,spirv64] [--cflags '-O1 -fno-inline-functions']
           [--build build]
           [--out bench/compile/sizes.md] — what the pass plugin costs clang
on random programs at the sizes of real code, one generator stream at a time.

Each program is `scripts/genprog.py --extended --sizes STREAM... SEED`: the
random campaign's programs at realistic sizes (helpers of up to 600 blocks,
names of up to 2,000 characters, up to 5,000 functions; docs/reliability.md),
with one of genprog's streams on (a `+` joins two: writers+outparams), the
shapes each pass of gasp's is written for.  clang-22 -cl-std=CL2.0 CFLAGS
-emit-llvm -c with `-fpass-plugin=BUILD/lib/gasp-plugin.so` (A) against
without (B), alternating A B A B for --runs pairs after one warm-up pair
(bench/compile/compile.py's measure: whole processes, CPU = user + system
and peak RSS from the kernel's accounting).  Per program x target: the
program's size (lines, functions), clang's CPU without the plugin, and the
pairwise ratio's median and range.  CFLAGS default to the campaign's
(fuzzdiff.py's plugin flag sets): -O1 -fno-inline-functions, which keeps
the thousands of helpers as calls, where at -O2 LLVM's inliner folds most
of them into the kernel before gasp's late run sees them.

What it is for: a pass whose cost grows faster than the program (a walk
per use of something that is itself per call, in one block of thousands
of calls) shows here as a ratio far from the others, where the small
programs of compile.py's random rows never show it.  The committed
report: bench/compile/sizes.md.  Never a pass/fail test."""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import compile as C  # noqa: E402

TARGETS = {"nvptx64": ["-target", "nvptx64-nvidia-cuda"],
           "amdgcn": ["-target", "amdgcn-amd-amdhsa", "-mcpu=gfx90a"],
           "spirv64": ["-target", "spirv64-unknown-unknown"]}
# a function's definition: its header line, opening its body
DEFINITION = re.compile(r"^[A-Za-z_][^;=]*\([^;]*\)\s*\{", re.M)
STREAMS = "plain,vectors,writers,fnptrs,external,builtins,outparams,writers+outparams"


def stream_flags(stream):
    return [] if stream == "plain" else ["--" + s for s in stream.split("+")]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--first", type=int, default=23640, help="the first program's seed")
    ap.add_argument("--programs", type=int, default=2, help="programs per stream")
    ap.add_argument("--streams", default=STREAMS)
    ap.add_argument("--targets", default="nvptx64")
    ap.add_argument("--cflags", default="-O1 -fno-inline-functions")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--out", default=os.path.join(HERE, "sizes.md"))
    a = ap.parse_args()
    plugin = os.path.join(a.build, "lib", "gasp-plugin.so")
    tmp = tempfile.mkdtemp(prefix="sizes.")
    load0 = os.getloadavg()
    rows, ratios = [], []
    for stream in a.streams.split(","):
        for seed in range(a.first, a.first + a.programs):
            cl = os.path.join(tmp, "p.cl")
            subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "genprog.py"),
                            "--extended", "--sizes"] + stream_flags(stream) + [str(seed), cl],
                           check=True, capture_output=True)
            with open(cl) as f:
                text = f.read()
            lines = text.count("\n")
            fns = len(DEFINITION.findall(text))
            for tgt in a.targets.split(","):
                out = os.path.join(tmp, "p.bc")
                base = ["clang-22", "-cl-std=CL2.0", "-Xclang", "-finclude-default-header",
                        "-nogpulib"] + TARGETS[tgt] + a.cflags.split() + ["-emit-llvm", "-c",
                                                                      cl, "-o", out]
                try:
                    pa, pb = C.pairs(base + ["-fpass-plugin=" + plugin], base, a.runs)
                except RuntimeError as e:
                    try:  # clang-22's own failure (LLVM's Attributor out of stack)?
                        C.measure(base)
                        why = "the plugin's build fails " + str(e).split(" failed ")[-1]
                    except RuntimeError as e2:
                        why = "clang-22 fails without the plugin too " + \
                              str(e2).split(" failed ")[-1]
                    rows.append("| %s | %d | %s | %d lines, %d functions | — | %s | — |"
                                % (stream, seed, tgt, lines, fns, why))
                    continue
                r = [x[0] / y[0] for x, y in zip(pa, pb)]
                ratios.append((statistics.median(r), stream, seed, tgt))
                rows.append("| %s | %d | %s | %d lines, %d functions | %.3f | %s | %.0f / %.0f |"
                            % (stream, seed, tgt, lines, fns,
                               statistics.median(y[0] for y in pb), C.fmt(r),
                               statistics.median(x[1] for x in pa),
                               statistics.median(y[1] for y in pb)))
                sys.stderr.write(rows[-1] + "\n")
    load1 = os.getloadavg()
    shutil.rmtree(tmp, ignore_errors=True)
    med = statistics.median(x[0] for x in ratios)
    worst = max(ratios)
    args = []
    for k, v in (("--runs", a.runs), ("--first", a.first), ("--programs", a.programs),
                 ("--streams", a.streams), ("--targets", a.targets), ("--cflags", a.cflags)):
        if v != ap.get_default(k[2:]):
            args.append("%s %s" % (k, "'%s'" % v if " " in str(v) else v))
    text = "\n".join([
        "# The pass plugin at realistic sizes, stream by stream", "",
        "`python3 bench/compile/sizes.py%s` — clang-22 -cl-std=CL2.0 %s -emit-llvm -c on "
        "`scripts/genprog.py --extended --sizes STREAM SEED`, with `-fpass-plugin` (A) "
        "against without (B), %d alternating pairs after a warm-up pair; whole processes, "
        "CPU = user + system; medians (min–max).  Load average before %.2f, after %.2f "
        "(%d cores)."
        % ("".join(" " + x for x in args), a.cflags, a.runs, load0[0], load1[0],
           os.cpu_count() or 0), "",
        "| stream | seed | target | program | without CPU s | with / without CPU (pairwise) "
        "| peak MiB with / without |",
        "|---|---|---|---|---|---|---|"] + rows + [
        "", "Over the %d programs x targets: ratio median %.3f; the largest %.3f (%s, seed %d, %s)."
        % (len(ratios), med, worst[0], worst[1], worst[2], worst[3])]) + "\n"
    return C.write_out(a.out, text)


if __name__ == "__main__":
    sys.exit(main())
