#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""whole.py REPOS [--programs N] [--timeout S] [--budget S] — public CUDA
programs built whole, as users build them, with and without gasp's plugin,
into a bundle one device call runs; then --results DIR reads what it printed.

Prepare (on the build machine):
  For each CUDA program of HeCBench's even half (bench/public/public.py's
  selection; REPOS as there) whose Makefile names its sources and its `run`
  arguments:
    clang++-22 -x cuda --cuda-gpu-arch=sm_90 -O3 --no-offload-new-driver
      (Debian's clang-22 has no clang-linker-wrapper) -Wno-unknown-cuda-version
      -I<cuda>/include/cccl, the Makefile's -I and -D, static cudart
      (-lcudart_static -ldl -lpthread -lrt) and -static-libstdc++: a binary
      that needs only the driver; built twice, A without the plugin and B
      with -fpass-plugin=build/lib/gasp-plugin.so, then stripped;
    the device code of both, as PTX (--cuda-device-only -S), each assembled
      by ptxas -arch=sm_90 (a failure leaves the program out, by name);
    a program whose PTX is byte-identical both ways is a control: one
      binary, run as A and as B (what the order alone does to a time).
  Programs clang-22 cannot build, or whose run arguments name a data file
  the mirror lacks, are left out with the reason in bench/gpu/whole.md.
  The bundle is bench/gpu/work/bundle/ (ignored): the binaries, manifest.tsv
  (program, kind, timeout, arguments) and run.sh; its size must stay under
  50 MiB (with gpu.py's kernels, under the device entry's 64 MiB).

Run (on the device, one call; see bench/gpu/README.md):
  sh bench/gpu/work/bundle/run.sh OUT [BUDGET]
  runs each program A B B A (each run under `timeout`), in manifest order,
  and starts a program only while its four runs fit in what is left of
  BUDGET seconds (default 270); writes OUT/<program>.<run>.out and
  OUT/runs.tsv (program, run, exit, wall seconds).  --dry prints the runs
  and the bound without running them.

Read (on the build machine):
  whole.py --results OUT: per program each run's PASS/FAIL, the kernel time
  it printed (the lines HeCBench prints: "... kernel ... time ...: X (us|ms|s)"),
  else its wall time; outputs compared with every number masked; the ratio
  B/A of the mean of the two B runs over the mean of the two A runs; the
  geometric means of changed programs and of controls apart; writes
  bench/gpu/whole.md.
"""
import argparse
import gzip
import math
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "bench", "public"))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import public  # noqa: E402  (the programs, their pins, the CUDA toolkit)
import finalcode_count  # noqa: E402  (the final-code columns)

WORK = os.path.join(HERE, "work")
BUNDLE = os.path.join(WORK, "bundle")
# the device entry carries at most 64 MiB of paths in one call: this bundle
# and gpu.py's kernels (under 10 MiB) together
MAX_BUNDLE = 50 << 20
PTXAS = shutil.which("ptxas") or ("/usr/local/cuda/bin/ptxas"
                                  if os.path.exists("/usr/local/cuda/bin/ptxas") else None)


def sh(cmd, timeout=600, cwd=None):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=cwd)
        return r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired:
        return 124, "", "timeout"


def makefile_fields(path):
    """(sources, run arguments) of a HeCBench Makefile, or None."""
    try:
        text = re.sub(r"\\\n", " ", open(path, errors="replace").read())
    except OSError:
        return None
    src = re.search(r"^source\s*:?=\s*(.+)$", text, re.M)
    run = re.search(r"^run:.*\n\t\s*\$\(LAUNCHER\)\s*\./\$\(program\)(.*)$", text, re.M)
    if not src or not run:
        return None
    return src.group(1).split(), run.group(1).split()


def build_cmd(unit, sources, out, plugin, cuda_root):
    cmd = ["clang++-22", "-x", "cuda", "--cuda-gpu-arch=sm_90", "--cuda-path=" + cuda_root,
           "--no-offload-new-driver", "-Wno-unknown-cuda-version", "-O3",
           "-I", os.path.join(cuda_root, "include", "cccl")] + public.CUDA_DEFINES
    cmd += sum((["-I", i] for i in unit["inc"]), []) + unit.get("defs", [])
    if plugin:
        cmd.append("-fpass-plugin=" + plugin)
    return cmd + sources


def link_args(cuda_root):
    """A binary that needs only the driver: static cudart and libstdc++,
    stripped."""
    return ["-L", os.path.join(cuda_root, "lib64"), "-lcudart_static", "-ldl", "-lpthread",
            "-lrt", "-static-libstdc++", "-s"]


def bare(name):
    """A HeCBench program's name without -cuda (--extra, --timeout-of)."""
    return name[:-len("-cuda")] if name.endswith("-cuda") else name


def prepare_one(unit, plugin, cuda_root, timeout, reuse=False, args=None):
    """A dict describing the program's bundle entry, or one with 'skip'.
    With reuse, a program built before (both binaries and PTX in its build
    folder) is taken as it is when the plugin still makes the same device
    code (the B PTX made again and compared): only the device code is
    compiled."""
    udir = os.path.dirname(unit["src"])
    name = unit["name"]
    got = makefile_fields(os.path.join(udir, "Makefile"))
    if not got:
        return dict(name=name, skip="its Makefile names no sources or run arguments")
    sources, made = got
    args = args if args is not None else made
    srcs = [os.path.join(udir, s) for s in sources]
    if not all(os.path.exists(s) for s in srcs):
        return dict(name=name, skip="a source the Makefile names is not in the mirror")
    for a in args:  # a data file the run reads must travel with it
        number = re.match(r"^-?[\d.]+(e-?\d+)?$", a)
        if not number and not a.startswith("-") and (
                os.path.exists(os.path.join(udir, a)) or
                os.path.exists(os.path.join(udir, a + ".tar.gz.dvc"))):
            return dict(name=name, skip="its run reads a data file (%s)" % a)
        if ("/" in a or "." in a) and not number:
            if not os.path.isfile(os.path.join(udir, a)):
                return dict(name=name, skip="its run argument %s is not in the mirror" % a)
            return dict(name=name, skip="its run reads a data file (%s)" % a)
    out = os.path.join(WORK, "build", name)
    os.makedirs(out, exist_ok=True)
    ptx = {}
    ways = (("A", None), ("B", plugin))
    if reuse and all(os.path.exists(os.path.join(out, f)) for f in ("A", "B", "A.ptx", "B.ptx")):
        p = os.path.join(out, "B.now.ptx")
        rc, _, _ = sh(build_cmd(unit, srcs, None, plugin, cuda_root)[:-len(srcs)] +
                      ["--cuda-device-only", "-S"] + srcs + ["-o", p])
        if rc == 0 and open(p).read() == open(os.path.join(out, "B.ptx")).read():
            ways = ()
            ptx = {w: open(os.path.join(out, w + ".ptx")).read() for w in ("A", "B")}
    for way, plug in ways:
        # the device code alone, for ptxas and the control test
        p = os.path.join(out, way + ".ptx")
        rc, _, err = sh(build_cmd(unit, srcs, None, plug, cuda_root)[:-len(srcs)] +
                        ["--cuda-device-only", "-S"] + srcs + ["-o", p])
        if rc:
            return dict(name=name, skip="clang-22 cannot build its device code%s: %s" % (
                " with the plugin" if plug else "", (err.strip().splitlines() or ["?"])[-1][:160]))
        if PTXAS:
            rc, _, err = sh([PTXAS, "-arch=sm_90", "-c", p, "-o", os.devnull])
            if rc:
                return dict(name=name, skip="ptxas rejects the %s PTX: %s" % (
                    "plugin's" if plug else "clang", (err.strip().splitlines() or ["?"])[0][:160]))
        ptx[way] = open(p).read()
        exe = os.path.join(out, way)
        rc, _, err = sh(build_cmd(unit, srcs, exe, plug, cuda_root) + ["-o", exe] +
                        link_args(cuda_root))
        if rc:
            return dict(name=name, skip="clang++-22 cannot build it whole%s: %s" % (
                " with the plugin" if plug else "", (err.strip().splitlines() or ["?"])[-1][:160]))
    control = ptx["A"] == ptx["B"]
    generic = {w: (public.count("ptx", os.path.join(out, w + ".ptx")) or {}).get("generic", "?")
               for w in ("A", "B")}
    # PTX that differs may still assemble to the same machine code (a
    # clone's name, an order): such a program times what the order alone
    # does, as a control does, and runs after the others
    tools = finalcode_count.sass_tools()
    same_sass = False
    if tools and not control:
        got = [finalcode_count.sass_listing(os.path.join(out, w + ".ptx"), tools)
               for w in ("A", "B")]
        same_sass = got[0] is not None and got[0] == got[1]
    return dict(name=name, args=args, control=control, out=out, timeout=timeout,
                generic=generic, same_sass=same_sass, held_out=False)


RUN_SH = r'''#!/bin/sh
# run.sh OUT [BUDGET] | run.sh --dry [BUDGET] — bench/gpu/whole.py's bundle:
# each program of manifest.tsv run A B B A (A: clang's build, B: gasp's; a
# control's one binary as both), each run under `timeout`, while its four
# runs fit in what is left of BUDGET seconds (default 270).  A program
# whose first run times out is too long at its arguments: its other three
# runs are not made (runs.tsv says "timeout").
HERE=$(cd "$(dirname "$0")" && pwd)
if [ "$1" = --dry ]; then DRY=1; OUT=/dev/null; else DRY=0; OUT=${1:?OUT}; fi
BUDGET=${2:-270}
[ $DRY = 1 ] || mkdir -p "$OUT"
# the binaries travel gzipped (the bundle's 60 MiB): unpacked into BIN,
# the bundle left as it came
BIN=${TMPDIR:-/tmp}/gasp-whole.$$
[ $DRY = 1 ] || trap 'rm -rf "$BIN"' EXIT
[ $DRY = 1 ] || for f in "$HERE"/*/*.gz; do
  [ -e "$f" ] || continue
  p=$(basename "$(dirname "$f")"); mkdir -p "$BIN/$p"
  gunzip -c "$f" > "$BIN/$p/$(basename "$f" .gz)" && chmod +x "$BIN/$p/$(basename "$f" .gz)"
done
start=$(date +%s)
[ $DRY = 1 ] || printf 'program\trun\texit\tseconds\n' > "$OUT/runs.tsv"
# what ran, beside its results: the reader needs no bundle
[ $DRY = 1 ] || cp "$HERE/manifest.tsv" "$OUT/manifest.tsv"
bound=0
while IFS="$(printf '\t')" read -r prog kind tmo args; do
  [ "$prog" = program ] && continue
  if [ $DRY = 1 ]; then used=$bound; else used=$(( $(date +%s) - start )); fi
  if [ $DRY = 0 ] && [ $((used + 4 * tmo)) -gt "$BUDGET" ]; then
    echo "skip $prog: its 4 runs (4 x ${tmo} s) do not fit in the budget"
    [ $DRY = 1 ] || printf '%s\tskipped\t-\t-\n' "$prog" >> "$OUT/runs.tsv"
    continue
  fi
  bound=$((bound + 4 * tmo))
  for run in A1 B1 B2 A2; do
    way=${run%?}
    exe="$BIN/$prog/$way"; [ "$kind" = control ] && exe="$BIN/$prog/same"
    if [ $DRY = 1 ]; then echo "timeout $tmo $exe $args  # $prog $run"; continue; fi
    t0=$(date +%s.%N)
    (cd "$HERE/$prog" && timeout "$tmo" "$exe" $args) > "$OUT/$prog.$run.out" 2>&1
    rc=$?
    t1=$(date +%s.%N)
    printf '%s\t%s\t%s\t%s\n' "$prog" "$run" "$rc" "$(awk "BEGIN { print $t1 - $t0 }")" >> "$OUT/runs.tsv"
    if [ $run = A1 ] && [ $rc = 124 ]; then
      printf '%s\ttimeout\t-\t-\n' "$prog" >> "$OUT/runs.tsv"; break
    fi
  done
done < "$HERE/manifest.tsv"
echo "run.sh: the runs started take at most ${bound} s (their timeouts); budget ${BUDGET} s"
'''


def gz_size(path):
    return len(gzip.compress(open(path, "rb").read(), 6))


def kind(e):
    """held-out: a program of HeCBench's odd half asked for by --extra (one
    the final-code comparison finds worse); changed: its machine code
    differs; same-sass: its PTX differs, its machine code (sass-tools'
    ptxas) does not; control: its PTX is byte-identical."""
    if e["control"]:
        return "control"
    if e.get("held_out"):
        return "held-out"
    return "same-sass" if e.get("same_sass") else "changed"


def select(ready, controls, limit=None):
    """The programs the bundle takes, in run order: the held-out ones, then
    the changed ones, most generic accesses named first, then those whose
    machine code is the same, then up to `controls` controls, while the
    bundle (binaries gzipped) stays under MAX_BUNDLE."""
    def gain(e):
        try:
            return int(e["generic"]["A"]) - int(e["generic"]["B"])
        except ValueError:
            return 0
    order = {"held-out": 0, "changed": 1, "same-sass": 2}
    changed = sorted((e for e in ready if not e["control"]),
                     key=lambda e: (order[kind(e)], -gain(e), e["name"]))
    ctl = sorted((e for e in ready if e["control"]), key=lambda e: e["name"])[:controls]
    out, size = [], 64 << 10
    for e in changed + ctl:
        way = ("A",) if e["control"] else ("A", "B")
        need = sum(gz_size(os.path.join(e["out"], w)) for w in way)
        if size + need <= (limit or MAX_BUNDLE) - (4 << 20):
            out.append(e)
            size += need
    return out


# a run's target time (seconds): between 0.1 and 2 s, so that the budget
# covers the bundle and a run is long enough to time
TARGET_RUN_S = 1.0


def measured_times(paths):
    """{program: (seconds of its first run (A1) or None when it timed out,
    the arguments it ran with or None: its Makefile's)} from device runs'
    runs.tsv files (whole.py's run.sh; a fifth column, written by
    --record, holds the arguments)."""
    got = {}
    for p in paths:
        with open(p) as f:
            next(f)
            for line in f:
                cols = line.rstrip("\n").split("\t")
                prog, run, rc, secs = cols[:4]
                if run == "A1":
                    got[prog] = (None if rc == "124" else float(secs),
                                 cols[4].split() if len(cols) > 4 else None)
    return got


DROP = "drop"


def timeouts_of(specs):
    """--timeout-of NAME=S, each: {NAME without -cuda: S}."""
    got = {}
    for x in specs:
        n, _, t = x.partition("=")
        if not re.match(r"^\d+$", t) or not n:
            sys.exit("whole.py: --timeout-of wants NAME=SECONDS, not %r" % x)
        got[bare(n)] = int(t)
    return got


def sized(e, measured, timeout):
    """e's arguments scaled towards TARGET_RUN_S from its measured first
    run: HeCBench's last integer argument is, program after program, the
    repeat count (or the size); it is divided by the measured time over the
    target (a timed-out run counts as twice its timeout).  measured is
    (seconds or None, the arguments that run had or None: the Makefile's).
    A run at arguments already reduced that still timed out: DROP (its last
    integer is not what its time depends on).  None: nothing to scale (fast
    enough at the Makefile's arguments, or no integer argument)."""
    seconds, ran = measured
    base = ran if ran is not None else e["args"]
    if seconds is None and ran is not None and ran != e["args"]:
        return DROP
    t = 2.0 * timeout if seconds is None else seconds
    if t <= 2.0:
        return base if base != e["args"] else None
    for i in range(len(base) - 1, -1, -1):
        if re.match(r"^\d+$", base[i]) and int(base[i]) >= 2:
            n = int(base[i])
            new = max(1, int(n * TARGET_RUN_S / t))
            return base[:i] + [str(new)] + base[i + 1:]
    return None


def record_runs(out_dir, path):
    """Merges a device run's first runs (OUT/runs.tsv, the arguments from
    OUT/manifest.tsv) into the measured-runs file path: each program's
    rows there give way to its new A1 row, which carries the arguments
    it ran with."""
    args = {}
    with open(os.path.join(out_dir, "manifest.tsv")) as f:
        next(f)
        for line in f:
            prog, _, _, a = line.rstrip("\n").split("\t")
            args[prog] = a
    new = {}
    with open(os.path.join(out_dir, "runs.tsv")) as f:
        next(f)
        for line in f:
            prog, run, rc, secs = line.rstrip("\n").split("\t")[:4]
            if run == "A1":
                new[prog] = "\t".join([prog, run, rc, secs, args.get(prog, "")])
    rows = ["program\trun\texit\tseconds"]
    if os.path.exists(path):
        with open(path) as f:
            rows = [f.readline().rstrip("\n")] + [
                line.rstrip("\n") for line in f if line.split("\t")[0] not in new]
    with open(path, "w") as f:
        f.write("\n".join(rows + [new[p] for p in sorted(new)]) + "\n")
    return len(new)


def interleave(entries):
    """The run order: the changed programs as select() ordered them, a
    control after every few, so that a run cut short by its budget still
    has controls to compare with."""
    changed = [e for e in entries if not e["control"]]
    controls = [e for e in entries if e["control"]]
    if not controls:
        return changed
    step = max(1, -(-len(changed) // len(controls)))
    out = []
    for i in range(0, max(len(changed), 1), step):
        out += changed[i:i + step]
        if controls:
            out.append(controls.pop(0))
    return out + controls


def write_bundle(entries, bundle=None):
    global BUNDLE
    BUNDLE = bundle or BUNDLE
    if os.path.isdir(BUNDLE):
        shutil.rmtree(BUNDLE)
    os.makedirs(BUNDLE)
    rows = ["program\tkind\ttimeout\targuments"]
    for e in interleave(entries):
        d = os.path.join(BUNDLE, e["name"])
        os.makedirs(d)
        for w, to in ((("A", "same"),) if e["control"] else (("A", "A"), ("B", "B"))):
            with open(os.path.join(e["out"], w), "rb") as f, \
                    gzip.open(os.path.join(d, to + ".gz"), "wb", 6) as g:
                g.write(f.read())
        rows.append("\t".join([e["name"], kind(e),
                               str(e["timeout"]), " ".join(e["args"])]))
    with open(os.path.join(BUNDLE, "manifest.tsv"), "w") as f:
        f.write("\n".join(rows) + "\n")
    with open(os.path.join(BUNDLE, "run.sh"), "w") as f:
        f.write(RUN_SH)
    os.chmod(os.path.join(BUNDLE, "run.sh"), 0o755)
    return sum(os.path.getsize(os.path.join(dp, fn)) for dp, _, fs in os.walk(BUNDLE)
               for fn in fs)


# ---- reading a device run --------------------------------------------------

# a line naming kernel (or device) and time, then the number and its unit,
# after ':' or '=' or a blank ("Average kernel execution time 0.0012 (s)",
# sosfil's and grrt's; without the blank they were read as wall-timed)
TIME_RE = re.compile(r"(?i)^(?=.*(?:kernel|device))(?=.*time).*?(?:[:=]\s*|\s)([\d.]+(?:e[-+]?\d+)?)\s*"
                     r"\(?\s*(us|ms|s|usec|msec|sec|seconds|microseconds|milliseconds)\b", re.M)
SCALE = {"us": 1e-6, "usec": 1e-6, "microseconds": 1e-6, "ms": 1e-3, "msec": 1e-3,
         "milliseconds": 1e-3, "s": 1.0, "sec": 1.0, "seconds": 1.0}
# the program's own path, printed by some (argv[0]): A's and B's differ
EXE_RE = re.compile(r"\S*/gasp-whole\.\d+/[^/\s]+/(?:A|B|same)\b")
NUM_RE = re.compile(r"[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


def kernel_time(text):
    """Seconds of kernel time a program printed (the sum of its timing
    lines), or None."""
    got = [float(v) * SCALE[u.lower()] for v, u in TIME_RE.findall(text)]
    return sum(got) if got else None


def verdict(text):
    # "0 Failures", "0 errors" report success
    t = re.sub(r"(?i)\b0\s+(?:failures?|failed|errors?)\b", "", text).upper()
    if "FAIL" in t:
        return "FAIL"
    return "PASS" if "PASS" in t else "-"


def columns(prog):
    """generic, ld.global.nc and registers of the program's two device
    builds, "A / B" each, from its build folder ("-" where absent)."""
    got = {}
    for w in ("A", "B"):
        p = os.path.join(WORK, "build", prog, w + ".ptx")
        if not os.path.exists(p):
            return "-"
        got[w] = finalcode_count.count_file("ptx", p, use_ptxas=bool(PTXAS))[0][1]
    return ", ".join("%s / %s" % (got["A"].get(c, "?"), got["B"].get(c, "?"))
                     for c in ("generic", "nc", "regs"))


def read_results(out_dir, md, bundle=None):
    global BUNDLE
    BUNDLE = bundle or BUNDLE
    runs = {}
    with open(os.path.join(out_dir, "runs.tsv")) as f:
        next(f)
        for line in f:
            prog, run, rc, secs = line.rstrip("\n").split("\t")
            runs.setdefault(prog, {})[run] = (rc, secs)
    kinds = {}
    manifest = os.path.join(out_dir, "manifest.tsv")  # the run's own (run.sh copies it)
    if not os.path.exists(manifest):
        manifest = os.path.join(BUNDLE, "manifest.tsv")
    with open(manifest) as f:
        next(f)
        for line in f:
            p, kind, _, _ = line.rstrip("\n").split("\t")
            kinds[p] = kind
    rows, ratios = [], {}
    for prog in sorted(runs):
        r = runs[prog]
        if "skipped" in r:
            rows.append("| %s | %s | %s | skipped (budget) | | | | |" % (
                prog, kinds.get(prog, "?"), columns(prog)))
            continue
        if "timeout" in r:
            rows.append("| %s | %s | %s | A1 timed out (%s s): too long at these arguments "
                        "| | | | |" % (prog, kinds.get(prog, "?"), columns(prog), r["A1"][1]))
            continue
        texts = {}
        for k in ("A1", "B1", "B2", "A2"):
            try:
                texts[k] = open(os.path.join(out_dir, "%s.%s.out" % (prog, k)), errors="replace").read()
            except OSError:
                texts[k] = ""
        verd = {k: verdict(t) for k, t in texts.items()}
        # a program that exits non-zero or says FAIL in clang's build too
        # (assert-cuda's asserts are its test) still compares: what must
        # hold is that gasp's build behaves as clang's
        codes = {r.get(k, ("?",))[0] for k in texts}
        ok = len(codes) == 1 and "?" not in codes and len(set(verd.values())) == 1
        # numbers masked, and the blanks that pad them (mr's "%8d ns" table)
        same = len({re.sub(r"[ \t]+", " ", NUM_RE.sub("#", EXE_RE.sub("<exe>", t)))
                    for t in texts.values()}) == 1
        kt = {k: kernel_time(t) for k, t in texts.items()}
        src = "kernel"
        if any(v is None for v in kt.values()):
            kt = {k: float(r[k][1]) if k in r else None for k in texts}
            src = "wall"
        ratio = None
        if ok and codes == {"0"} and same and all(v for v in kt.values()):
            ratio = ((kt["B1"] + kt["B2"]) / 2) / ((kt["A1"] + kt["A2"]) / 2)
            ratios.setdefault((kinds.get(prog, "changed"), src), []).append(ratio)
        rows.append("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
            prog, kinds.get(prog, "?"), columns(prog),
            " ".join("%s:%s/%s" % (k, r.get(k, ("?",))[0], verd[k]) for k in texts),
            "yes" if same else "**no**", src,
            " ".join("%.4g" % kt[k] if kt[k] else "-" for k in ("A1", "B1", "B2", "A2")),
            "%.4f" % ratio if ratio else "-"))

    def gmean(xs):
        return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else None
    device = "not recorded"
    for d in (out_dir, os.path.dirname(os.path.abspath(out_dir))):
        p = os.path.join(d, "device.txt")
        if os.path.exists(p):
            names = re.findall(r"^GPU 0: (.*?) \(UUID", open(p, errors="replace").read(), re.M)
            device = names[0] if names else device
            break
    ran = sum(1 for p in runs if "skipped" not in runs[p])
    out = ["# Public programs built whole, timed on a GPU", "",
           "Read by `python3 bench/gpu/whole.py --results OUT` from the run of "
           "`sh bench/gpu/work/bundle/run.sh OUT` (A: clang-22 -O3, B: with gasp's plugin; "
           "order A B B A).  Device: %s.  Programs run: %d of %d in the bundle (the rest: "
           "the device time ran out)." % (device, ran, len(kinds)), "",
           "Final-code columns, A / B, from the device code built for the bundle "
           "(bench/gpu/work/build; ptxas -arch=sm_90 -v where installed): generic accesses, "
           "`ld.global.nc`, the largest register count of a kernel.", "",
           "| program | kind | generic, nc, regs (A / B) | exit/verdict per run | "
           "outputs equal (numbers masked) | time | A1 B1 B2 A2 (s) | B/A |",
           "|---|---|---|---|---|---|---|---|"] + rows + [""]
    for k in ("held-out", "changed", "same-sass", "control"):
        for src in ("kernel", "wall"):
            xs = ratios.get((k, src), [])
            g = gmean(xs)
            out.append("geometric mean B/A, %s programs, %s time: %s (%d programs%s)" % (
                k, src, "%.4f" % g if g else "-", len(xs),
                ", %.4f..%.4f" % (min(xs), max(xs)) if xs else ""))
    out.append("(kernel: the kernel time the program printed; wall: the whole process, "
               "start-up and host work included, a coarse measure; held-out: HeCBench odd-half "
               "programs asked for by --extra; same-sass: PTX differs, machine code does not)")
    with open(md, "w") as f:
        f.write("\n".join(out) + "\n")
    print("\n".join(out))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("repos", nargs="?", default=os.environ.get("GASP_PUBLIC_REPOS"))
    ap.add_argument("--programs", type=int, default=300,
                    help="HeCBench programs (even positions; default: all)")
    ap.add_argument("--units", default="", help="only these programs (comma list of substrings)")
    ap.add_argument("--extra", action="append", default=[], metavar="NAME[=ARGS]",
                    help="a HeCBench CUDA program of either half (NAME-cuda), run first, "
                         "with ARGS in place of its Makefile's run arguments (without "
                         "ARGS, --measured sizes its Makefile's)")
    ap.add_argument("--timeout", type=int, default=15, help="seconds per run (default 15)")
    ap.add_argument("--timeout-of", action="append", default=[], metavar="NAME=S",
                    help="S seconds per run for program NAME (-cuda or not): one whose "
                         "run a repeat count does not size (grrt writes two 1M-line files)")
    ap.add_argument("--controls", type=int, default=6,
                    help="controls (byte-identical device code) in the bundle (default 6)")
    ap.add_argument("--measured", action="append", metavar="RUNS_TSV",
                    help="a device run's runs.tsv: programs whose first run took over 2 s "
                         "get their last integer argument scaled towards 1 s")
    ap.add_argument("--max-mib", type=int, default=MAX_BUNDLE >> 20,
                    help="the bundle's size limit (default %(default)s; with gpu.py's bundles "
                         "under the device entry's 64 MiB)")
    ap.add_argument("--reuse", action="store_true",
                    help="take a program built before when the plugin makes the same device code")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--results", metavar="OUT", help="read a device run's OUT folder")
    ap.add_argument("--record", metavar="RUNS_TSV",
                    help="with --results: merge the run's first runs, with their arguments, "
                         "into RUNS_TSV (what --measured reads next time)")
    ap.add_argument("--out", default=os.path.join(HERE, "whole.md"))
    ap.add_argument("--bundle", default=BUNDLE, help="the bundle's folder (default %(default)s)")
    a = ap.parse_args()
    if a.results:
        if a.record:
            print("whole.py: %d first runs recorded in %s" % (record_runs(a.results, a.record),
                                                              a.record))
        return read_results(a.results, a.out, a.bundle)
    if not a.repos or not os.path.isdir(a.repos):
        print("whole.py: give the folder of git directories (OWNER+NAME/repo)", file=sys.stderr)
        return 2
    cuda = public.cuda_path()
    if not cuda[0]:
        print("whole.py: no CUDA toolkit (nvcc): nothing to build", file=sys.stderr)
        return 77
    plugin = os.path.join(a.build, "lib", "gasp-plugin.so")
    if not os.path.exists(plugin):
        print("whole.py: %s missing: run make" % plugin, file=sys.stderr)
        return 2
    units, _ = public.hecbench_units(a.repos, a.programs)
    units = [u for u in units if u["lang"] == "cuda"]
    names = [x for x in a.units.split(",") if x]
    if names:
        units = [u for u in units if any(n in u["name"] for n in names)]
    # --extra NAME[=ARGS], NAME with or without -cuda: {base name: ARGS or None}
    extra = {}
    for x in a.extra:
        n, _, args = x.partition("=")
        extra[bare(n)] = args if "=" in x else None
    if extra:
        more, _ = public.hecbench_units(a.repos, 0, names=list(extra))
        units = [u for u in more if u["lang"] == "cuda"] + \
            [u for u in units if bare(u["name"]) not in extra]

    own = timeouts_of(a.timeout_of)

    def one(u):
        base = bare(u["name"])
        args = extra.get(base)
        e = prepare_one(u, plugin, cuda[0], own.get(base, a.timeout), a.reuse,
                        args.split() if args is not None else None)
        if "skip" not in e:
            e["held_out"] = base in extra
        return e
    with ThreadPoolExecutor(a.j) as ex:
        got = list(ex.map(one, units))
    built = [e for e in got if "skip" not in e]
    resized = []
    if a.measured:
        times = measured_times(a.measured)
        for e in built:
            # a held-out program is sized too, unless --extra gave its arguments
            if e["name"] in times and extra.get(bare(e["name"])) is None:
                args = sized(e, times[e["name"]], a.timeout)
                t, ran = times[e["name"]]
                if args == DROP:
                    e["skip"] = "its first run timed out at arguments already reduced (%s)" % (
                        " ".join(ran))
                elif args:
                    resized.append("- %s: %s -> %s (first run %s%s)" % (
                        e["name"], " ".join(e["args"]), " ".join(args),
                        "timed out" if t is None else "%.1f s" % t,
                        " at %s" % " ".join(ran) if ran is not None else ""))
                    e["args"] = args
        built = [e for e in built if "skip" not in e]  # got lists them as left out
    ready = select(built, a.controls, a.max_mib << 20)
    size = write_bundle(ready, a.bundle)
    changed = [e for e in ready if not e["control"]]
    lines = ["# Public programs built whole for the GPU: the bundle", "",
             "Prepared by `python3 bench/gpu/whole.py REPOS%s%s%s%s` (bench/gpu/README.md)." % (
                 "".join(" --extra '%s'" % x for x in a.extra),
                 " --units " + a.units if a.units else "", " --reuse" if a.reuse else "",
                 "".join(" --measured " + os.path.relpath(m, ROOT) for m in a.measured or [])),
             "",
             "bundle: %s, %d programs (%d with other PTX, %d controls), %.1f MiB "
             "(binaries gzipped; limit %d); every PTX assembled by %s" % (
                 os.path.relpath(a.bundle, ROOT), len(ready), len(changed), len(ready) - len(changed), size / 1048576.0,
                 a.max_mib,
                 "ptxas -arch=sm_90" if PTXAS else "nothing (no ptxas here)"),
             "device time: at most %d s (4 runs x %d s per program%s); run.sh keeps to its "
             "budget (270 s) by leaving out the programs that no longer fit" % (
                 sum(4 * e["timeout"] for e in ready), a.timeout,
                 "".join(", %s %d s" % (e["name"], e["timeout"]) for e in ready
                         if e["timeout"] != a.timeout)), "",
             "| program | kind | generic PTX accesses A / B | arguments |", "|---|---|---|---|"]
    for e in interleave(ready):
        lines.append("| %s | %s | %s / %s | %s |" % (
            e["name"], kind(e),
            e["generic"]["A"], e["generic"]["B"], " ".join(e["args"])))
    lines += ["", "Built but not in the bundle (%d: controls beyond --controls, or past "
              "the size limit): %s" % (len(built) - len(ready), ", ".join(
                  e["name"] for e in built if e not in ready) or "none")]
    if a.measured:
        lines += ["", "Arguments sized from the measured first runs (%s; the last integer "
                  "argument scaled towards %.0f s a run): %d" % (
                      ", ".join(os.path.relpath(m, ROOT) for m in a.measured), TARGET_RUN_S,
                      len(resized))] + resized
    lines += ["", "Left out (%d):" % (len(got) - len(built))]
    lines += ["- %s: %s" % (e["name"], e["skip"]) for e in got if "skip" in e]
    with open(os.path.join(HERE, "whole-bundle.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines[:6]))
    if size > a.max_mib << 20:
        print("whole.py: the bundle is %.1f MiB, over %d" % (size / 1048576.0, a.max_mib),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
