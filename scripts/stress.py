#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""stress.py — the generator campaign (make stress N=..., and a 200-module
smoke run in make check).

Modules:
  - llvm-stress-22 modules (seeds FIRST..FIRST+N-1, sizes 20..300), each
    retargeted to spir64 / nvptx64 / amdgcn in turn by build/bin/stress-mutate
    (generic pointers, casts, selects with named objects, explicit-cast
    builtins, a helper ipmsp clones, a kernel);
  - with --kernels: the project's kernels (test/kernels/*.cl and
    examples/*.cl) compiled by clang-22 at -O0 -O1 -O2 -O3 -Os -Oz for the
    three targets.

Each module goes through gasp-opt three times (default pipeline;
--lower-generic=tags; tags with --private-in-global).  Each run must exit 0
(or 1 with a message: a construct gasp refuses, counted as 'refused'); its
output must pass opt-22's verifier; and the pipeline run again on that
output must change nothing (compared with a --passes=none round trip).
Exit 3 (gasp's own verifier check), a signal, a verifier failure or a
changed second run is a failure; the module and the command are saved under
BUILD/stress/failures/.  Prints one summary line (and per-kind counts);
exit status 1 on any failure.
"""
import argparse
import concurrent.futures as cf
import os
import random
import shutil
import subprocess
import sys

from ocl import TRIPLES, clang_cmd, kernel_sources

TARGETS = list(TRIPLES)
CONFIGS = [[], ["--lower-generic=tags"], ["--lower-generic=tags", "--private-in-global"]]
OLEVELS = ["-O0", "-O1", "-O2", "-O3", "-Os", "-Oz"]


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, errors="replace", **kw)


class Job:
    def __init__(self, kind, name, make):
        self.kind, self.name, self.make = kind, name, make


def check_module(args, job, work):
    """Returns (status, detail, gasp-opt runs); status in ok, refused,
    verifier, crash, internal, idempotence, generator."""
    os.makedirs(work, exist_ok=True)
    src = os.path.join(work, "in.ll")
    err = job.make(src)
    if err:
        return "generator", err, 0
    runs = 0
    refused = None
    for cfg in CONFIGS:
        out = os.path.join(work, "out.ll")
        cmd = [args.gasp_opt, "-S"] + cfg + [src, "-o", out]
        r = run(cmd)
        runs += 1
        if r.returncode < 0 or r.returncode >= 128:
            return "crash", "%s\n%s" % (" ".join(cmd), r.stderr[-2000:]), runs
        if r.returncode == 3:
            return "internal", "%s\n%s" % (" ".join(cmd), r.stderr[-2000:]), runs
        if r.returncode != 0:
            if r.returncode == 1 and r.stderr.startswith("gasp-opt: "):
                refused = r.stderr.strip().splitlines()[0]
                continue
            return "crash", "exit %d: %s\n%s" % (r.returncode, " ".join(cmd), r.stderr[-2000:]), runs
        v = run([args.opt, "-passes=verify", "-disable-output", out])
        if v.returncode != 0:
            return "verifier", "%s\n%s" % (" ".join(cmd), v.stderr[-2000:]), runs
        again = os.path.join(work, "again.ll")
        same = os.path.join(work, "same.ll")
        r2 = run([args.gasp_opt, "-S"] + cfg + [out, "-o", again])
        r3 = run([args.gasp_opt, "-S", "--passes=none", out, "-o", same])
        runs += 2
        if r2.returncode != 0 or r3.returncode != 0:
            return "idempotence", "second run refused: %s" % (r2.stderr or r3.stderr), runs
        with open(again) as a, open(same) as b:
            if a.read() != b.read():
                return "idempotence", "%s: a second run changed the module" % " ".join(cmd), runs
    return ("refused" if refused else "ok"), refused, runs


def stress_job(args, seed):
    target = TARGETS[seed % 3]
    size = random.Random(seed).randint(20, 300)

    def make(dst):
        raw = dst + ".raw.ll"
        r = run([args.llvm_stress, "--seed=%d" % seed, "--size=%d" % size, "-o", raw])
        if r.returncode:
            return "llvm-stress: " + r.stderr
        r = run([args.mutate, raw, target, str(seed), dst])
        if r.returncode:
            return "stress-mutate: " + r.stderr
        return None

    return Job("llvm-stress/" + target, "seed%d-%s" % (seed, target), make)


def kernel_job(args, cl, target, olevel):
    def make(dst):
        r = run(clang_cmd(cl, target, dst, olevel=olevel, no_inline=False))
        return "clang-22: " + r.stderr if r.returncode else None

    base = os.path.splitext(os.path.basename(cl))[0]
    return Job("kernels/" + target, "%s-%s%s" % (base, target, olevel), make)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("-n", type=int, default=200, help="llvm-stress modules")
    ap.add_argument("--first", type=int, default=1, help="first llvm-stress seed")
    ap.add_argument("--kernels", action="store_true", help="also the kernels at every -O level")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--work", default=None, help="scratch directory (default BUILD/stress)")
    a = ap.parse_args()
    bindir = run(["llvm-config-22", "--bindir"]).stdout.strip()
    a.gasp_opt = os.path.join(a.build, "bin", "gasp-opt")
    a.mutate = os.path.join(a.build, "bin", "stress-mutate")
    a.llvm_stress = os.path.join(bindir, "llvm-stress")
    a.opt = os.path.join(bindir, "opt")
    work = a.work or os.path.join(a.build, "stress")
    shutil.rmtree(os.path.join(work, "tmp"), ignore_errors=True)
    # private copies: a rebuild during a long run must not swap the tools
    os.makedirs(os.path.join(work, "bin"), exist_ok=True)
    for tool in ("gasp_opt", "mutate"):
        dst = os.path.join(work, "bin", os.path.basename(getattr(a, tool)))
        shutil.copy2(getattr(a, tool), dst)
        setattr(a, tool, dst)
    fails = os.path.join(work, "failures")

    jobs = [stress_job(a, s) for s in range(a.first, a.first + a.n)]
    if a.kernels:
        jobs += [kernel_job(a, cl, t, o) for cl in kernel_sources() for t in TARGETS
                 for o in OLEVELS]

    counts, kinds, runs, failed = {}, {}, 0, []
    with cf.ThreadPoolExecutor(max_workers=a.j) as ex:
        futs = {ex.submit(check_module, a, j, os.path.join(work, "tmp", j.name)): j for j in jobs}
        for f in cf.as_completed(futs):
            j = futs[f]
            st, detail, n = f.result()
            runs += n
            counts[st] = counts.get(st, 0) + 1
            k = kinds.setdefault(j.kind, {})
            k[st] = k.get(st, 0) + 1
            tmp = os.path.join(work, "tmp", j.name)
            if st not in ("ok", "refused"):
                failed.append((j.name, st, detail))
                dst = os.path.join(fails, j.name)
                shutil.rmtree(dst, ignore_errors=True)
                shutil.copytree(tmp, dst)
                with open(os.path.join(dst, "WHY"), "w") as w:
                    w.write("%s\n%s\n" % (st, detail))
            else:
                shutil.rmtree(tmp, ignore_errors=True)
    for kind in sorted(kinds):
        print("  %-22s %s" % (kind, " ".join("%s=%d" % kv for kv in sorted(kinds[kind].items()))))
    for name, st, detail in sorted(failed)[:10]:
        print("FAIL %s: %s: %s" % (name, st, (detail or "").splitlines()[0] if detail else ""))
    bad = len(failed)
    print("stress: %d modules, %d gasp-opt runs, ok %d, refused %d, verifier failures %d, "
          "internal errors %d, crashes %d, not idempotent %d, generator errors %d"
          % (len(jobs), runs, counts.get("ok", 0), counts.get("refused", 0),
             counts.get("verifier", 0), counts.get("internal", 0), counts.get("crash", 0),
             counts.get("idempotence", 0), counts.get("generator", 0)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
