#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""raytracer.py REPOS | raytracer.py --results OUT — "Ray Tracing in One
Weekend in CUDA" (rogerallen/raytracinginoneweekendincuda, its last
chapter, the program Altis's raytracing ports) built whole three ways and
timed on a lent GPU: the program whose hot kernel, `render`, calls the
scene's virtual `hit` and `scatter` through pointers — the family
`-gasp-whole-program`'s indirect pass names (bench/README.md).

Prepare (build machine; the CUDA toolkit for headers, ptxas and static
cudart; REPOS holds rogerallen+raytracinginoneweekendincuda as `fetch`
brings it):
  main.cu and its headers at the pinned commit, with one change to the
  host code: the samples per pixel (`int ns = 10;`) are read from the
  first argument when one is given (10 otherwise), so that a run can be
  made long enough to time; the device code is the program's own;
  built as whole.py builds (clang++-22 -x cuda --cuda-gpu-arch=sm_90 -O3,
  static cudart) three ways: A without the plugin, B with
  -fpass-plugin=build/lib/gasp-plugin.so, C with it and
  -mllvm -gasp-whole-program; each way's PTX through ptxas -arch=sm_90 -v
  as bench/public reads it (the whole module, not -c)
  (registers, stack, spills of `render`).  Writes the bundle
  bench/gpu/work/raytracer/ (ignored: gzipped binaries, columns.tsv,
  run.sh), which bench/gpu/device.sh runs within the kernels' budget.

Run (device): sh bench/gpu/work/raytracer/run.sh OUT [BUDGET] — ROUNDS
  rounds of A B C C B A at each sample count (the shipped 10 and 200);
  each run's "took X seconds." line (the program's own clock around
  render_init and render) and the md5 of the image it writes, into
  OUT/runs.tsv.

Read (build machine): raytracer.py --results OUT writes
  bench/gpu/raytracer.md: the final-code columns, each way's times, the
  ratios B/A and C/A of the medians, and whether every image equals A's.
"""
import os
import re
import shutil
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "bench", "public"))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import public  # noqa: E402  (the CUDA toolkit, the final-code counts)
import finalcode_count  # noqa: E402  (machine code through sass-tools, ptxas -v)
import whole  # noqa: E402  (how a CUDA program is built whole)
from bundlecli import sh, gzip_into, write_report  # noqa: E402
import bundlecli  # noqa: E402

REPO = "rogerallen+raytracinginoneweekendincuda"
COMMIT = "ab140b12d4923b75270831baabab5e4d4209f305"  # branch ch12_where_next_cuda
FILES = ["main.cu", "vec3.h", "ray.h", "hitable.h", "hitable_list.h", "sphere.h",
         "camera.h", "material.h"]
BUNDLE = os.path.join(HERE, "work", "raytracer")
BUILD = os.path.join(HERE, "work", "raytracer-build")
PLUGIN = os.path.join(ROOT, "build", "lib", "gasp-plugin.so")
WAYS = (("A", []), ("B", ["-fpass-plugin=" + PLUGIN]),
        ("C", ["-fpass-plugin=" + PLUGIN, "-mllvm", "-gasp-whole-program"]))
SAMPLES = (10, 200)
ROUNDS = 3

RUN_SH = r'''#!/bin/sh
# run.sh OUT [BUDGET] — bench/gpu/raytracer.py's bundle: ROUNDS rounds of
# A B C C B A at each sample count, each run under a 60 s timeout, while
# BUDGET seconds (default 120) last; OUT/runs.tsv: samples, round, way,
# exit, wall seconds, the program's "took" seconds, the image's md5.
@PROLOGUE@printf 'samples\tround\tway\texit\twall\ttook\tmd5\n' > "$OUT/runs.tsv"
start=$(date +%s)
for ns in @SAMPLES@; do
  for r in $(seq 1 @ROUNDS@); do
    for w in A B C C B A; do
      [ $(( $(date +%s) - start )) -lt "$BUDGET" ] || { echo "raytracer: budget spent"; exit 0; }
      t0=$(date +%s.%N)
      timeout 60 "$BIN/$w" $ns > "$BIN/img" 2> "$BIN/err"; rc=$?
      t1=$(date +%s.%N)
      took=$(sed -n 's/.*took \([0-9.e+-]*\) seconds.*/\1/p' "$BIN/err")
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' $ns $r $w $rc "$(awk "BEGIN { print $t1 - $t0 }")" \
        "${took:--}" "$(md5sum < "$BIN/img" | cut -c1-32)" >> "$OUT/runs.tsv"
    done
  done
done
echo "raytracer: done"
'''


def patch_samples(text):
    """main.cu with its samples per pixel taken from argv[1] when given."""
    text, n = re.subn(r"int main\(\)", "int main(int argc, char **argv)", text)
    text, m = re.subn(r"int ns = 10;", "int ns = argc > 1 ? atoi(argv[1]) : 10;", text)
    if n != 1 or m != 1:
        sys.exit("raytracer.py: main.cu at %s is not the one this script patches" % COMMIT)
    return "#include <cstdlib>\n" + text


def render_columns(ptx_path):
    """ptxas -arch=sm_90 -v's columns of `render` (finalcode_count's reading,
    bench/public's: the whole module, as the program loads it)."""
    meta = finalcode_count.ptxas_meta(ptx_path)
    if meta is None:
        sys.exit("raytracer.py: ptxas rejects %s" % ptx_path)
    return {k: v for k, v in meta.items() if "render" in k and "init" not in k}


def write_run(bundle, samples=SAMPLES, rounds=ROUNDS):
    """The bundle's run.sh: rounds of A B C C B A at each sample count."""
    with open(os.path.join(bundle, "run.sh"), "w") as o:
        o.write(RUN_SH.replace("@PROLOGUE@", bundlecli.run_prologue("rt"))
                .replace("@SAMPLES@", " ".join(map(str, samples)))
                .replace("@ROUNDS@", str(rounds)))


def prepare(repos):
    git = os.path.join(repos, REPO, "repo")
    if not os.path.isdir(git):
        sys.exit("raytracer.py: %s not found under %s (fetch github:%s)" %
                 (REPO, repos, REPO.replace("+", "/")))
    cuda = public.cuda_path()[0]
    if not cuda or not whole.PTXAS:
        sys.exit("raytracer.py: needs the CUDA toolkit (nvcc, ptxas, static cudart)")
    shutil.rmtree(BUILD, ignore_errors=True)
    shutil.rmtree(BUNDLE, ignore_errors=True)
    os.makedirs(BUILD)
    os.makedirs(BUNDLE)
    for f in FILES:
        rc, text, err = sh(["git", "--git-dir", git, "show", "%s:%s" % (COMMIT, f)])
        if rc:
            sys.exit("raytracer.py: %s lacks %s at %s" % (REPO, f, COMMIT))
        with open(os.path.join(BUILD, f), "w") as o:
            o.write(patch_samples(text) if f == "main.cu" else text)
    rows = ["way\tkernel\tgeneric\tnc\tptx_instructions\tsass_instructions\tregs\tstack\tspills"]
    tools = finalcode_count.sass_tools()
    for way, extra in WAYS:
        ptx = os.path.join(BUILD, way + ".ptx")
        base = whole.build_cmd({"inc": []}, ["main.cu"], None, None, cuda) + extra
        for cmd in (base + ["--cuda-device-only", "-S", "-o", ptx],
                    base + ["-o", way] + whole.link_args(cuda)):
            rc, _, err = sh(cmd, cwd=BUILD)
            if rc:
                sys.exit("raytracer.py: %s fails (%s): %s" % (" ".join(cmd[:3]), way,
                                                             err.strip()[-300:]))
        counts = public.count("ptx", ptx) or {}
        sass = finalcode_count.sass_listing(ptx, tools) if tools else None
        for k, v in sorted(render_columns(ptx).items()):
            rows.append("\t".join(str(x) for x in (
                way, k, counts.get("generic", "?"), counts.get("nc", "?"),
                counts.get("instrs", "?"),
                sum(map(len, sass)) if sass else "?", v.get("regs", "?"), v.get("stack", "?"),
                v.get("spill_st", "?"))))
        gzip_into(os.path.join(BUILD, way), os.path.join(BUNDLE, way + ".gz"))
    with open(os.path.join(BUNDLE, "columns.tsv"), "w") as o:
        o.write("\n".join(rows) + "\n")
    write_run(BUNDLE)
    print("\n".join(rows))
    print("raytracer.py: bundle in %s" % BUNDLE)


def results(out, report):
    cols = [l.rstrip("\n").split("\t") for l in open(os.path.join(out, "columns.tsv"))]
    runs = [l.rstrip("\n").split("\t") for l in open(os.path.join(out, "runs.tsv"))][1:]
    lines = ["# Ray Tracing in One Weekend (CUDA) built whole, timed on a GPU", "",
             "Read by `python3 bench/gpu/raytracer.py --results OUT` from the run of "
             "`sh bench/gpu/work/raytracer/run.sh OUT` (bench/gpu/device.sh).  "
             "rogerallen/raytracinginoneweekendincuda at %s (its last chapter), the "
             "samples per pixel taken from the first argument.  A: clang++-22 -O3; "
             "B: with gasp's plugin; C: with the plugin and -gasp-whole-program.  "
             "Rounds of A B C C B A." % COMMIT[:12], "",
             "Final code: registers, stack and spills of `render` (ptxas -arch=sm_90 "
             "-v); generic accesses, `ld.global.nc`, PTX and machine instructions "
             "(sass-tools' ptxas and nvdisasm) of the whole device code:", "",
             "| " + " | ".join(cols[0]) + " |", "|" + "---|" * len(cols[0])]
    lines += ["| " + " | ".join(c) + " |" for c in cols[1:]]
    lines += ["", "| samples | way | runs | exit 0 | image = A's | took, median (s) | "
              "took, min..max (s) | ratio to A (median) |", "|---|---|---|---|---|---|---|---|"]
    for ns in sorted({r[0] for r in runs}, key=int):
        mine = [r for r in runs if r[0] == ns]
        ref = {r[6] for r in mine if r[2] == "A"}
        med = {}
        for way in ("A", "B", "C"):
            w = [r for r in mine if r[2] == way]
            took = [float(r[5]) for r in w if r[3] == "0" and r[5] != "-"]
            med[way] = statistics.median(took) if took else None
            same = all(r[6] in ref for r in w) and len(ref) == 1
            ratio = "%.4f" % (med[way] / med["A"]) if med[way] and med["A"] else "-"
            lines.append("| %s | %s | %d | %d | %s | %s | %s | %s |" % (
                ns, way, len(w), sum(r[3] == "0" for r in w), "yes" if same else "no",
                "%.4f" % med[way] if med[way] else "-",
                "%.4f..%.4f" % (min(took), max(took)) if took else "-", ratio))
    write_report(report, lines)


def main():
    bundlecli.main(__doc__, os.path.join(HERE, "raytracer.md"), prepare, results)


if __name__ == "__main__":
    main()
