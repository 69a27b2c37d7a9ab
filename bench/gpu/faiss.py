#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""faiss.py REPOS | faiss.py --results OUT — faiss's GPU kernels that
bench/public/faiss.md lists worse with the plugin in a final-code column
(registers, spills), timed on a lent GPU against clang's build.

Prepare (build machine; the CUDA toolkit for headers, ptxas and static
cudart; REPOS holds facebookresearch+faiss as `fetch` brings it; its
faiss/ at bench/public's pin is extracted where bench/public.sh --suites
faiss builds it, bench/public/work/faiss):
  bench/gpu/faiss_driver.cu once per unit (UNITS: IVFInterleaved.cu,
  L2Select.cu, WarpSelectFloatF2048.cu, BinaryDistance.cu, each included
  whole, so the device code is that unit's and nothing else), built as
  whole.py builds a program but at -O2, faiss.md's level (clang++-22 -x
  cuda --cuda-gpu-arch=sm_90 -O2 -std=c++17, static cudart), A without
  the plugin and B with -fpass-plugin=build/lib/gasp-plugin.so; each
  build's device PTX through ptxas -arch=sm_90 -v (registers, spills and
  stack of the kernels the driver launches: faiss.md's rows, and beside
  them instantiations the plugin makes better, as controls of the other
  sign).  Writes the bundle bench/gpu/work/faiss/ (ignored: gzipped
  binaries, columns.tsv, run.sh), which bench/gpu/device.sh runs within
  the kernels' budget.

Run (device): sh bench/gpu/work/faiss/run.sh OUT [BUDGET] — ROUNDS rounds
  of A B B A per unit at the device size; each run prints, per kernel,
  microseconds a launch (CUDA events over 20 launches after a warm-up)
  and a checksum of the outputs; OUT/runs.tsv.

Read (build machine): faiss.py --results OUT writes bench/gpu/faiss.md:
  each kernel's columns in both builds, its times, B/A of the medians, and
  whether every run's checksum equals A's.
"""
import os
import shutil
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "bench", "public"))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import public  # noqa: E402  (the CUDA toolkit, the pinned commit)
import finalcode_count  # noqa: E402  (ptxas -v)
import whole  # noqa: E402  (how a CUDA program is built whole)
from bundlecli import sh, gzip_into, write_report  # noqa: E402
import bundlecli  # noqa: E402

REPO = "facebookresearch/faiss"
# unit (the driver's -DUNIT_...), the faiss file it includes (-DFAISS_UNIT),
# kernel names' stems
UNITS = (("IVF", "faiss/gpu/impl/IVFInterleaved.cu", "ivfInterleavedScan2"),
         ("L2", "faiss/gpu/impl/L2Select.cu", "l2SelectMinKIlfLi1024"),
         ("WARP", "faiss/gpu/utils/warpselect/WarpSelectFloatF2048.cu",
          "warpSelectIflLb0ELi2048"),
         ("BINARY", "faiss/gpu/impl/BinaryDistance.cu", "binaryDistanceLimitSizeILi256ELi4Eh"))
DRIVER = os.path.join(HERE, "faiss_driver.cu")
BUNDLE = os.path.join(HERE, "work", "faiss")
BUILD = os.path.join(HERE, "work", "faiss-build")
PLUGIN = os.path.join(ROOT, "build", "lib", "gasp-plugin.so")
SCALE = 2     # the driver's first argument on the device (0: a test size)
ROUNDS = 2

RUN_SH = r'''#!/bin/sh
# run.sh OUT [BUDGET] — bench/gpu/faiss.py's bundle: ROUNDS rounds of A B B A
# per unit, each run under a 60 s timeout, while BUDGET seconds (default
# 120) last; OUT/runs.tsv: unit, round, way, exit, kernel, us, checksum.
@PROLOGUE@printf 'unit\tround\tway\texit\tkernel\tus\tchecksum\n' > "$OUT/runs.tsv"
start=$(date +%s)
for r in $(seq 1 @ROUNDS@); do
  for u in @UNITS@; do
    for w in A B B A; do
      [ $(( $(date +%s) - start )) -lt "$BUDGET" ] || { echo "faiss: budget spent"; exit 0; }
      timeout 60 "$BIN/$u.$w" @SCALE@ > "$BIN/out" 2> "$BIN/err"; rc=$?
      grep '^kernel ' "$BIN/out" | while read -r _ k _ us _ sum; do
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' $u $r $w $rc "$k" $us $sum >> "$OUT/runs.tsv"
      done
      grep -q '^kernel ' "$BIN/out" || printf '%s\t%s\t%s\t%s\t-\t-\t%s\n' $u $r $w $rc \
        "$(head -c 200 "$BIN/err" | tr '\t\n' '  ')" >> "$OUT/runs.tsv"
    done
  done
done
echo "faiss: done"
'''


def faiss_tree(repos):
    """faiss's source at bench/public's pin, where bench/public.sh --suites
    faiss builds it from (bench/public/work/faiss)."""
    src, why = public.extract_repo(repos, REPO, ["faiss"], "faiss")
    if not src:
        sys.exit("faiss.py: %s (fetch github:%s)" % (why, REPO))
    return src


def build_cmd(src, unit, path, cuda, extra):
    return ["clang++-22", "-x", "cuda", "--cuda-gpu-arch=sm_90", "--cuda-path=" + cuda,
            "--no-offload-new-driver", "-Wno-unknown-cuda-version", "-O2", "-std=c++17", "-w",
            "-I", src, "-I", os.path.join(cuda, "include", "cccl"), "-DUNIT_" + unit,
            '-DFAISS_UNIT="%s"' % path,
            "-ffunction-sections", "-fdata-sections"] + extra + [DRIVER]


def write_run(bundle, units=tuple(u for u, _, _ in UNITS), rounds=ROUNDS, scale=SCALE):
    """The bundle's run.sh: rounds of A B B A per unit."""
    with open(os.path.join(bundle, "run.sh"), "w") as o:
        o.write(RUN_SH.replace("@PROLOGUE@", bundlecli.run_prologue("faiss"))
                .replace("@ROUNDS@", str(rounds)).replace("@SCALE@", str(scale))
                .replace("@UNITS@", " ".join(units)))


def kernel_columns(ptx, stem):
    meta = finalcode_count.ptxas_meta(ptx)
    if meta is None:
        sys.exit("faiss.py: ptxas rejects %s" % ptx)
    return {k: v for k, v in meta.items() if stem in k}


def prepare(repos):
    cuda = public.cuda_path()[0]
    if not cuda or not whole.PTXAS:
        sys.exit("faiss.py: needs the CUDA toolkit (nvcc, ptxas, static cudart)")
    src = faiss_tree(repos)
    shutil.rmtree(BUNDLE, ignore_errors=True)
    os.makedirs(BUNDLE)
    os.makedirs(BUILD, exist_ok=True)
    rows = ["unit\tway\tkernel\tregs\tstack\tspill_st\tspill_ld"]
    for unit, path, stem in UNITS:
        for way, extra in (("A", []), ("B", ["-fpass-plugin=" + PLUGIN])):
            ptx = os.path.join(BUILD, "%s.%s.ptx" % (unit, way))
            exe = os.path.join(BUILD, "%s.%s" % (unit, way))
            base = build_cmd(src, unit, path, cuda, extra)
            for cmd in (base + ["--cuda-device-only", "-S", "-o", ptx],
                        base + ["-o", exe, "-Wl,--gc-sections"] + whole.link_args(cuda)):
                rc, _, err = sh(cmd)
                if rc:
                    sys.exit("faiss.py: %s %s fails: %s" % (unit, way, err.strip()[-400:]))
            for k, v in sorted(kernel_columns(ptx, stem).items()):
                rows.append("\t".join(str(x) for x in (
                    unit, way, k, v.get("regs", "?"), v.get("stack", "?"),
                    v.get("spill_st", "?"), v.get("spill_ld", "?"))))
            gzip_into(exe, os.path.join(BUNDLE, "%s.%s.gz" % (unit, way)))
    with open(os.path.join(BUNDLE, "columns.tsv"), "w") as o:
        o.write("\n".join(rows) + "\n")
    write_run(BUNDLE)
    print("\n".join(rows))
    print("faiss.py: bundle in %s" % BUNDLE)


def fragment(label):
    """The mangled-name fragment of the driver's label for an instantiation:
    ivfInterleavedScan2<64,2048,8> -> ivfInterleavedScan2ILi64ELi2048ELi8E."""
    name, args = label.rstrip(">").split("<")
    words = {"long": "l", "float": "f", "false": "Lb0E", "true": "Lb1E", "uchar": "h"}
    return name + "I" + "".join(words.get(a, "Li%sE" % a) for a in args.split(","))


def results(out, report):
    cols = [l.rstrip("\n").split("\t") for l in open(os.path.join(out, "columns.tsv"))][1:]
    runs = [l.rstrip("\n").split("\t") for l in open(os.path.join(out, "runs.tsv"))][1:]
    def columns(unit, way, kernel):
        mine = [c[3:] for c in cols if c[0] == unit and c[1] == way and fragment(kernel) in c[2]]
        return mine[0] if len(mine) == 1 else ["?"] * 4
    lines = ["# faiss's kernels worse in a final-code column, timed on a GPU", "",
             "Read by `python3 bench/gpu/faiss.py --results OUT` from the run of "
             "`sh bench/gpu/work/faiss/run.sh OUT` (bench/gpu/device.sh).  %s at %s, "
             "each unit's .cu included whole by bench/gpu/faiss_driver.cu; A: clang++-22 "
             "-O2; B: with gasp's plugin.  Rounds of A B B A; a time is microseconds a "
             "launch (CUDA events over 20 launches after a warm-up)." % (
                 REPO, public.PINS[REPO]), "",
             "| kernel | regs A / B | stack A / B | spill st A / B | runs | exit 0 "
             "| checksums = A's | us A (median) | us B (median) | B/A |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for kernel in dict.fromkeys(r[4] for r in runs if r[4] != "-"):
        mine = [r for r in runs if r[4] == kernel]
        unit = mine[0][0]
        a, b = columns(unit, "A", kernel), columns(unit, "B", kernel)
        ref = {r[6] for r in mine if r[2] == "A"}
        med = {}
        for way in ("A", "B"):
            t = [float(r[5]) for r in mine if r[2] == way and r[3] == "0"]
            med[way] = statistics.median(t) if t else None
        same = len(ref) == 1 and all(r[6] in ref for r in mine)
        lines.append("| %s | %s / %s | %s / %s | %s / %s | %d | %d | %s | %s | %s | %s |" % (
            kernel, a[0], b[0], a[1], b[1], a[2], b[2], len(mine),
            sum(r[3] == "0" for r in mine), "yes" if same else "no",
            "%.1f" % med["A"] if med["A"] else "-", "%.1f" % med["B"] if med["B"] else "-",
            "%.4f" % (med["B"] / med["A"]) if med["A"] and med["B"] else "-"))
    failed = [r for r in runs if r[4] == "-"]
    if failed:
        lines += ["", "Runs that printed no kernel line:"]
        lines += ["- %s %s round %s: exit %s %s" % (r[0], r[2], r[1], r[3], r[6])
                  for r in failed]
    write_report(report, lines)


def main():
    bundlecli.main(__doc__, os.path.join(HERE, "faiss.md"), prepare, results)


if __name__ == "__main__":
    main()
