#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""gpu.py [--dry-run] [--build DIR] [--runs N] — the project's kernels timed on
an NVIDIA GPU with and without gasp, each output checked three ways.

For every kernel of test/kernels that both gasp-run and a CUDA launch can
run (the ones without OpenCL `local:` arguments), for nvptx64:
  1. clang-22 (test/exec/Inputs/kernels.py's flags) -> clang.ll; gasp-opt
     -> gasp.ll, and the --whole-program and --version-by-space=on variants;
  2. an OpenCL kernel's module gets libclc's nvptx64 builtins linked in
     (llvm-link-22 --only-needed with libclc-22's nvptx64--nvidiacl.bc:
     get_global_id and the rest are calls nothing else defines), every
     variant alike; llc-22 -mcpu=sm_90 -> PTX for each; a PTX that calls a
     function it does not define is refused by name, and where the CUDA
     toolkit is installed every PTX is assembled by ptxas -arch=sm_90 (a
     failure fails the harness, on the build machine, before any device);
  3. gasp-run clang.ll --count (executed accesses, generic ones among them)
     and --compare with each gasp variant, on the CPU;
  4. bench/gpu/gpu-run on each PTX (warm-up, then --runs timed launches,
     device events), its buffers checked against gasp-run's dump (integers
     exactly, floats to 1e-5 relative);
then prints a table — kernel, static generic PTX accesses clang/gasp,
executed generic clang/gasp, time clang, time gasp, ratio — and the
geometric mean of time gasp / time clang with its range, and writes
bench/gpu/gpu.md with the device's name.

--dry-run prints every command line it would run and runs none; --ptx-only
makes and checks every PTX (steps 1 and 2: what make check's
test/exec/gpu-ptx.test runs where ptxas exists) and stops there.  Without a
CUDA device gpu-run exits 77: the script says so, writes nothing and exits
77 (nothing pretends to have run).
"""
import argparse
import math
import os
import re
import shlex
import shutil
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "test", "exec", "Inputs"))
import kernels  # noqa: E402  (the kernels' sources, flags and arguments)

VARIANTS = [("gasp", []), ("gasp-wp", ["--whole-program"]),
            ("gasp-ver", ["--version-by-space=on"])]
# libclc's builtins for OpenCL C on NVPTX (Debian's libclc-22)
LIBCLC = "/usr/lib/clc/nvptx64--nvidiacl.bc"
PTXAS = shutil.which("ptxas")
# functions the CUDA driver or ptxas provide to any PTX
PTX_PROVIDED = {"vprintf", "malloc", "free", "__assertfail"}


def undefined_calls(ptx_text):
    """The functions a PTX module declares .extern and does not define."""
    ext = set(re.findall(r"^\.extern\s+\.func\s+(?:\([^)]*\)\s*)?([\w$]+)", ptx_text, re.M))
    defined = set(re.findall(r"^(?:\.visible\s+|\.weak\s+)?\.(?:func|entry)\s+(?:\([^)]*\)\s*)?([\w$]+)",
                             ptx_text, re.M))
    return sorted(ext - defined - PTX_PROVIDED)


class Runner:
    def __init__(self, dry):
        self.dry = dry

    def run(self, cmd, ok=(0,)):
        if self.dry:
            print("$ " + " ".join(shlex.quote(c) for c in cmd))
            return 0, ""
        p = subprocess.run(cmd, capture_output=True, text=True, errors="replace")
        if p.returncode not in ok:
            raise RuntimeError("%s: exit %d: %s" % (cmd[0], p.returncode, p.stderr.strip()[-300:]))
        return p.returncode, p.stdout


def runnable():
    return [n for n in sorted(kernels.RUNS)
            if kernels.applies(n, "nvptx64") and
            not any(s.startswith("local:") for s in kernels.RUNS[n][2])]


def run_args(name):
    g, l, specs = kernels.RUNS[name]
    out = ["--kernel", name, "--global", g, "--local", l]
    for s in specs:
        out += ["--arg", s]
    return out


def close(a, b, typ):
    if typ != "f32":
        return a == b
    n = len(a) // 4
    x, y = struct.unpack("%df" % n, a), struct.unpack("%df" % n, b)
    return all(u == v or (math.isnan(u) and math.isnan(v)) or
               abs(u - v) <= 1e-5 * max(abs(u), abs(v), 1e-30) for u, v in zip(x, y))


def agree(name, cpu_dir, gpu_dir):
    for k, s in enumerate(kernels.RUNS[name][2]):
        if not s.startswith("buf:"):
            continue
        lab = "arg%d.bin" % k
        with open(os.path.join(cpu_dir, lab), "rb") as f:
            a = f.read()
        with open(os.path.join(gpu_dir, lab), "rb") as f:
            b = f.read()
        if not close(a, b, s.split(":")[1]):
            return False
    return True


def field(out, key):
    for tok in out.split():
        if tok.startswith(key + "="):
            return tok.split("=", 1)[1]
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--ptx-only", action="store_true",
                    help="make and check every PTX (ptxas where installed), run nothing")
    ap.add_argument("--work", default=os.path.join(HERE, "work"))
    a = ap.parse_args()
    b = os.path.abspath(a.build)
    opt, grun, gpu = (os.path.join(b, "bin", t) for t in ("gasp-opt", "gasp-run", "gpu-run"))
    r = Runner(a.dry_run)
    os.makedirs(a.work, exist_ok=True)
    count = [sys.executable, os.path.join(ROOT, "bench", "finalcode_count.py"), "ptx"]
    rows, device, skipped, assembled = [], None, False, 0
    if not os.path.exists(LIBCLC):
        print("gpu.py: %s missing (Debian's libclc-22: make deps)" % LIBCLC, file=sys.stderr)
        return 2
    for name in runnable():
        w = os.path.join(a.work, name)
        os.makedirs(w, exist_ok=True)
        if a.dry_run:
            print("# %s" % name)
        cmd, clang_ll = kernels.kernel_command(name, "nvptx64", w)
        r.run(cmd)
        mods = {"clang": clang_ll}
        for v, flags in VARIANTS:
            mods[v] = os.path.join(w, v + ".ll")
            r.run([opt, "-S", clang_ll, "-o", mods[v]] + flags)
        row = {"kernel": name}
        opencl = not cmd[-3].endswith(".cu")  # cmd: clang-22 ... SRC -o LL
        for v, ll in mods.items():
            ptx = ll[:-3] + ".ptx"
            src = ll
            if opencl:  # libclc's builtins, for clang's module and gasp's alike
                src = ll[:-3] + ".clc.bc"
                r.run(["llvm-link-22", "--only-needed", ll, LIBCLC, "-o", src])
            r.run(["llc-22", "-mtriple=nvptx64-nvidia-cuda", "-mcpu=sm_90", src, "-o", ptx])
            if not a.dry_run:
                with open(ptx) as f:
                    missing = undefined_calls(f.read())
                if missing:
                    raise RuntimeError("%s (%s): the PTX calls %s, which nothing defines"
                                       % (name, v, ", ".join(missing)))
            if PTXAS:
                r.run([PTXAS, "-arch=sm_90", ptx, "-o", os.devnull])
                assembled += 1
            _, out = r.run(count + [ptx])
            row[v + ".static"] = field(out, "generic")
        if a.ptx_only:
            rows.append(row)
            continue
        _, out = r.run([grun, clang_ll] + run_args(name) +
                       ["--count", "--dump", os.path.join(w, "cpu")])
        row["clang.exec"] = field(out, "generic")
        for v, _ in VARIANTS:
            _, out = r.run([grun, clang_ll] + run_args(name) + ["--count", "--check-as",
                                                                "--compare", mods[v]])
            lines = [x for x in out.splitlines() if x.startswith("accesses:")]
            row[v + ".exec"] = field(lines[-1], "generic") if lines else None
        for v in mods:
            if skipped:  # no device: the CPU side of every kernel still runs
                break
            ptx = mods[v][:-3] + ".ptx"
            rc, out = r.run([gpu, ptx] + run_args(name) +
                            ["--runs", str(a.runs), "--dump", os.path.join(w, "gpu." + v)],
                            ok=(0, 77))
            if rc == 77:
                skipped = True
                break
            if not a.dry_run:
                row[v + ".ms"] = float(field(out, "median"))
                row[v + ".agree"] = agree(name, os.path.join(w, "cpu"),
                                          os.path.join(w, "gpu." + v))
                device = out.split("device=", 1)[1].strip() if "device=" in out else device
        rows.append(row)
    if a.dry_run:
        return 0
    if a.ptx_only:
        print("gpu.py: %d kernels, %d PTX made, %s" % (
            len(rows), len(rows) * (1 + len(VARIANTS)),
            "%d assembled by ptxas -arch=sm_90" % assembled if PTXAS else "no ptxas here"))
        return 0
    if skipped:
        for x in rows:
            print("%s: generic PTX accesses clang %s, gasp %s; executed generic clang %s, "
                  "gasp %s; gasp-run: every variant identical" % (
                      x["kernel"], x["clang.static"], x["gasp.static"], x["clang.exec"],
                      x["gasp.exec"]))
        print("gpu.py: %d kernels prepared, %d PTX %s" % (
            len(rows), assembled, "assembled by ptxas -arch=sm_90" if PTXAS else
            "files (no ptxas here: not assembled)"))
        print("gpu.py: no CUDA device: nothing was timed, bench/gpu/gpu.md not written")
        return 77
    head = ("| kernel | generic PTX clang / gasp | executed generic clang / gasp | "
            "ms clang | ms gasp | gasp / clang | ms gasp-wp | ms gasp-ver | three-way |")
    out = ["# The project's kernels on a GPU", "", "device: %s; `python3 bench/gpu/gpu.py` "
           "(median of %d timed launches after 3 warm-up)" % (device, a.runs), "", head,
           "|---|---|---|---|---|---|---|---|---|"]
    ratios = []
    for x in rows:
        ratio = x["gasp.ms"] / x["clang.ms"] if x["clang.ms"] else float("nan")
        ratios.append(ratio)
        ok = all(x[v + ".agree"] for v in ("clang", "gasp", "gasp-wp", "gasp-ver"))
        out.append("| %s | %s / %s | %s / %s | %.4f | %.4f | %.3f | %.4f | %.4f | %s |" % (
            x["kernel"], x["clang.static"], x["gasp.static"], x["clang.exec"], x["gasp.exec"],
            x["clang.ms"], x["gasp.ms"], ratio, x["gasp-wp.ms"], x["gasp-ver.ms"],
            "agree" if ok else "DIFFER"))
    good = [q for q in ratios if q > 0 and not math.isnan(q)]
    if good:
        gm = math.exp(sum(math.log(q) for q in good) / len(good))
        out += ["", "geometric mean of time gasp / time clang: %.3f (min %.3f, max %.3f, %d kernels)"
                % (gm, min(good), max(good), len(good))]
    text = "\n".join(out) + "\n"
    with open(os.path.join(HERE, "gpu.md"), "w") as f:
        f.write(text)
    sys.stdout.write(text)
    return 0 if all(x[v + ".agree"] for x in rows for v in ("clang", "gasp")) else 1


if __name__ == "__main__":
    sys.exit(main())
