#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""determinism.py — same input, same output; own output, no change.

  python3 scripts/determinism.py [--build build] [--other-build build-asan]

The project's kernels (test/kernels/*.cl, examples/*.cl) are compiled by
clang-22 for spir64, nvptx64 and amdgcn, and each goes through gasp-opt in
four configurations (default; --lower-generic=tags; tags with
--private-in-global; --clone-budget=1).  Each output — bitcode, text IR,
the remarks YAML (every kind) and the call-graph dot file — is produced
three times, under different heap and stack layouts: as is; with
MALLOC_PERTURB_ and a larger environment; without address-space layout
randomisation (setarch -R), and, with --other-build, by a second build of
gasp (the ASan one allocates quite differently).  All must be byte-identical.
Then idempotence: the pipeline run on its own text output must give what a
--passes=none round trip of it gives (LLVM's text round trip alone may
reorder use lists; that is not gasp's doing).  A clone budget is per run,
so the budgeted configuration is left out of the idempotence check.
Prints 'determinism: N outputs compared, N differ; idempotence: N checked,
N changed'; exit 1 if anything differs.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

from ocl import TRIPLES, clang_cmd, kernel_sources
CONFIGS = {"default": [], "tags": ["--lower-generic=tags"],
           "tags-pig": ["--lower-generic=tags", "--private-in-global"],
           "budget1": ["--clone-budget=1"]}


def outputs(gasp_opt, src, cfg, d, env_kind):
    """Runs gasp-opt (bitcode, and text with remarks and dot); returns
    {name: bytes}."""
    os.makedirs(d, exist_ok=True)
    env = dict(os.environ)
    pre = []
    if env_kind == "perturb":
        env["MALLOC_PERTURB_"] = "165"
        env["GASP_PADDING"] = "x" * 4096
    elif env_kind == "no-aslr" and shutil.which("setarch"):
        pre = ["setarch", os.uname().machine, "-R"]
    res = {}
    r1 = subprocess.run(pre + [gasp_opt] + cfg + [src, "-o", os.path.join(d, "o.bc")],
                        env=env, capture_output=True)
    r2 = subprocess.run(pre + [gasp_opt, "-S"] + cfg + [
        src, "-o", os.path.join(d, "o.ll"), "-pass-remarks-output=" + os.path.join(d, "r.yaml"),
        "--dot-callgraph=" + os.path.join(d, "g.dot"), "-pass-remarks-missed=."],
        env=env, capture_output=True)
    res["exit"] = ("%d %d" % (r1.returncode, r2.returncode)).encode()
    res["stderr"] = r1.stderr + r2.stderr
    for f in ("o.bc", "o.ll", "r.yaml", "g.dot"):
        p = os.path.join(d, f)
        res[f] = open(p, "rb").read() if os.path.exists(p) else b""
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("--other-build", default=None)
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    a = ap.parse_args()
    gasp = os.path.join(a.build, "bin", "gasp-opt")
    other = os.path.join(a.other_build, "bin", "gasp-opt") if a.other_build else None
    tmp = tempfile.mkdtemp(prefix="gasp-determinism-")
    srcs = []
    for cl in kernel_sources():
        for t in TRIPLES:
            dst = os.path.join(tmp, "%s.%s.ll" % (os.path.splitext(os.path.basename(cl))[0], t))
            subprocess.check_call(clang_cmd(cl, t, dst))
            srcs.append(dst)
    jobs = [(s, c) for s in srcs for c in CONFIGS]
    diffs, compared, idem_checked, idem_changed = [], 0, 0, []

    def one(job):
        src, cname = job
        cfg = CONFIGS[cname]
        base = os.path.join(tmp, "w", os.path.basename(src) + "." + cname)
        runs = [outputs(gasp, src, cfg, base + ".a", "plain"),
                outputs(gasp, src, cfg, base + ".b", "perturb"),
                outputs(gasp, src, cfg, base + ".c", "no-aslr")]
        if other:
            runs.append(outputs(other, src, cfg, base + ".d", "plain"))
        n, bad = 0, []
        for r in runs[1:]:
            for k in ("exit", "o.bc", "o.ll", "r.yaml", "g.dot"):
                n += 1
                if r[k] != runs[0][k]:
                    bad.append("%s %s: %s differs" % (os.path.basename(src), cname, k))
        idem = None
        if cname != "budget1" and runs[0]["exit"] == b"0 0":
            out = os.path.join(base + ".a", "o.ll")
            again = subprocess.run([gasp, "-S"] + cfg + [out, "-o", "-"], capture_output=True)
            same = subprocess.run([gasp, "-S", "--passes=none", out, "-o", "-"], capture_output=True)
            idem = again.returncode == 0 and again.stdout == same.stdout
        return n, bad, idem, "%s %s" % (os.path.basename(src), cname)

    try:
        with ThreadPoolExecutor(max_workers=a.j) as ex:
            for n, bad, idem, name in ex.map(one, jobs):
                compared += n
                diffs += bad
                if idem is not None:
                    idem_checked += 1
                    if not idem:
                        idem_changed.append(name)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    for d in diffs[:10]:
        print("DIFFERS " + d)
    for d in idem_changed[:10]:
        print("NOT IDEMPOTENT " + d)
    print("determinism: %d modules x %d configurations, %d outputs compared, %d differ; "
          "idempotence: %d checked, %d changed"
          % (len(srcs), len(CONFIGS), compared, len(diffs), idem_checked, len(idem_changed)))
    return 1 if diffs or idem_changed else 0


if __name__ == "__main__":
    sys.exit(main())
