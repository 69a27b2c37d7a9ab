#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""debuginfo.py [--base REV] — the debug-info report.

Every kernel file of test/kernels (OpenCL C, C++ for OpenCL, CUDA-style with
test/kernels/cuda.h) is compiled by clang-22 -O1 -fno-inline-functions (and
-O0) for spir64, nvptx64 and amdgcn (CUDA files: nvptx64 and amdgcn as HIP),
given synthetic debug info by `opt-22 -passes=debugify` (a location per
instruction, a variable per value), then run through
  IAS    opt-22 -passes=infer-address-spaces
  before gasp-opt built from REV (default 9c89c27: before this change)
  after  this tree's build/bin/gasp-opt
and checked by `opt-22 -passes=check-debugify`.  Counted per pipeline:
  noloc    instructions left without a location ("Instruction with empty
           DebugLoc") — gasp's new instructions must carry one
           (functions made from a linkonce/weak definition, which debugify
           leaves without debug info, are not counted here and in nosp)
  novar    variables with no debug record left ("Missing variable")
  nosp     defined functions without a DISubprogram (clones without debug
           info)
  poison   #dbg_value / #dbg_assign records whose value (or an operand of
           its DIArgList) became poison: the variable is shown as optimized
           out there.  gasp's records follow a named twin only where its
           bits are the generic pointer's (AMDGPU global/constant); an LDS,
           shared, private or (NVPTX/SPIR) global address is not the
           generic address the variable held
  lines    source lines no instruction carries any more ("Missing line"):
           instructions erased because their named twin took over
Writes bench/debuginfo/debuginfo.md and prints it; exits 1 when the current
build leaves an instruction without a location, a variable without a record
or a function without a subprogram."""
import glob
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from ocl import clang_cmd  # noqa: E402
sys.path.insert(0, HERE)
from benchlib import build_base, sh, write_report  # noqa: E402

TARGETS = ["spir64", "nvptx64", "amdgcn"]
CUDA_H = os.path.join(ROOT, "test", "kernels", "cuda.h")


def front(src, target, olevel, out):
    if src.endswith(".cu"):
        if target == "spir64":
            return False
        common = [olevel, "-fno-inline-functions", "-emit-llvm", "-S", "--cuda-device-only",
                  "-Wno-unknown-cuda-version", "-include", CUDA_H, src, "-o", out]
        if target == "nvptx64":
            cmd = ["clang-22", "-nocudainc", "-nocudalib", "--cuda-gpu-arch=sm_90"] + common
        else:
            cmd = ["clang-22", "-x", "hip", "-nogpuinc", "-nogpulib", "--offload-arch=gfx90a"] + common
    else:
        cmd = clang_cmd(src, target, out, olevel)
    return sh(cmd).returncode == 0


DEF = re.compile(r"^define [^@]*@(\"[^\"]*\"|[-\w$.]+)\(.*$", re.M)


def functions(text):
    """{name: has a DISubprogram} of the functions text defines."""
    return {m.group(1).strip('"'): "!dbg" in m.group(0) for m in DEF.finditer(text)}


def origin(name, known):
    """The input function a clone (name.as1, name.f0o0as1_..., ...) was made from."""
    parts = name.split(".")
    for k in range(len(parts), 0, -1):
        if ".".join(parts[:k]) in known:
            return ".".join(parts[:k])
    return name


def count(ll, inp):
    """Counts for output ll of debugified input inp.  Functions made from one
    debugify gave no debug info (it skips linkonce/weak definitions, which
    may be replaced) are left out of noloc and nosp."""
    chk = sh(["opt-22", "-passes=check-debugify", ll, "-disable-output"]).stderr
    text = open(ll).read()
    known = functions(open(inp).read())
    fns = functions(text)
    had = lambda f: known.get(origin(f, known), True)  # noqa: E731
    noloc = sum(1 for m in re.finditer(r"empty DebugLoc in function (\S+) --", chk) if had(m.group(1)))
    return {
        "noloc": noloc,
        "novar": chk.count("Missing variable"),
        "nosp": sum(1 for f, sp in fns.items() if not sp and had(f)),
        # a record whose location (or any of its DIArgList operands) is poison
        "poison": len(re.findall(r"#dbg_(?:value|assign)\((?:!DIArgList\((?:[^()]|\(\d+\))*|(?:ptr(?: addrspace\(\d+\))? )?)poison", text)),
        "lines": chk.count("Missing line"),
    }


def main():
    rev = "9c89c27"
    if "--base" in sys.argv:
        rev = sys.argv[sys.argv.index("--base") + 1]
    after = os.path.join(ROOT, "build", "bin", "gasp-opt")
    srcs = sorted(glob.glob(os.path.join(ROOT, "test/kernels/*.cl")) +
                  glob.glob(os.path.join(ROOT, "test/kernels/*.clcpp")) +
                  glob.glob(os.path.join(ROOT, "test/kernels/*.cu")))
    keys = ["noloc", "novar", "nosp", "poison", "lines"]
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(os.path.join(tmp, "base"))
        before = build_base(rev, os.path.join(tmp, "base"))
        pipes = {"IAS": None, "before": before, "after": after}
        rows, bad = [], []
        for olevel in ["-O1", "-O0"]:
            for t in TARGETS:
                tot = {p: dict.fromkeys(keys, 0) for p in pipes}
                n = 0
                for src in srcs:
                    b = os.path.join(tmp, f"{t}{olevel}.{os.path.basename(src)}")
                    if not front(src, t, olevel, b + ".ll"):
                        continue
                    if sh(["opt-22", "-passes=debugify", b + ".ll", "-S", "-o", b + ".d.ll"]).returncode:
                        continue
                    n += 1
                    for p, tool in pipes.items():
                        out = f"{b}.{p}.ll"
                        cmd = (["opt-22", "-passes=infer-address-spaces"] if tool is None else [tool])
                        r = sh(cmd + [b + ".d.ll", "-S", "-o", out])
                        if r.returncode:
                            bad.append(f"{p} failed on {os.path.basename(src)} {t}{olevel}")
                            continue
                        c = count(out, b + ".d.ll")
                        for k in keys:
                            tot[p][k] += c[k]
                        if p == "after" and (c["noloc"] or c["novar"] or c["nosp"]):
                            bad.append(f"{os.path.basename(src)} {t}{olevel}: {c}")
                rows.append((f"{t} {olevel}", n, tot))
    out = ["machine: %d cores; %s" % (os.cpu_count(), sh(["clang-22", "--version"]).stdout.splitlines()[0]),
           "",
           f"Kernel files from test/kernels, debugify -> pipeline -> check-debugify; before = {rev}.",
           "",
           "| target | files | pipeline | noloc | novar | nosp | poison | lines |",
           "|---|---|---|---|---|---|---|---|"]
    for name, n, tot in rows:
        for p in pipes:
            out.append(f"| {name} | {n} | {p} | " + " | ".join(str(tot[p][k]) for k in keys) + " |")
    out += ["", "problems in `after`: " + ("none" if not bad else "; ".join(bad))]
    text = "\n".join(out) + "\n"
    write_report("debuginfo", "debuginfo.md", text)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
