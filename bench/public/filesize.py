#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""filesize.py REPOS --suites S[,S...] [--opt O2] [--targets nvptx64] [--out F]
— the whole file's instructions, clang's build against the plugin's.

bench/public/public.py counts what each kernel reaches: the code the device
runs.  A module is also a file that ptxas (or a driver's JIT, or the
AMDGPU and SPIR-V consumers) compiles whole, and in the open world every
externally visible function stays in it for outside callers, beside any
copy gasp makes for the kernels.  This script builds public.py's units as
public.py does (public.front_cmd, public.back: clang-22 with and without
-fpass-plugin, the plugin also with -gasp-whole-program, then llc-22 at the
same level) and counts every instruction in the output file:
  nvptx64  PTX instruction lines (a tab, an opcode, a closing ';'; not
           directives, labels or comments)
  amdgcn   the assembly's instruction lines (a tab and a mnemonic, not a
           directive)
  spirv64  spirv-dis lines inside OpFunction ... OpFunctionEnd
A unit is listed when the plugin's file has over 2% more instructions
than clang's (the instruction column's tolerance, bench/public).

REPOS as for public.py (OWNER+NAME/repo git directories).  Writes the report
(default: print it).  Opt-in, not part of make check.
"""
import argparse
import os
import re
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import public as P  # noqa: E402

TOLERANCE = 1.02
PTX_INSTR = re.compile(r"^\t(?![./])[a-z@!]")
AMD_INSTR = re.compile(r"^\t[a-z_][a-z0-9_.]*(\s|$)")


def count(target, path):
    """Instructions in the final code at path (see the header)."""
    n = 0
    in_fn = False
    with open(path, errors="replace") as f:
        for line in f:
            if target == "nvptx64":
                n += bool(PTX_INSTR.match(line) and line.rstrip().endswith(";"))
            elif target == "amdgcn":
                n += bool(AMD_INSTR.match(line))
            else:
                if "OpFunctionEnd" in line:
                    in_fn = False
                elif "OpFunction " in line or line.rstrip().endswith("OpFunction"):
                    in_fn = True
                elif in_fn and "Op" in line:
                    n += 1
    return n


WAYS = (("clang", False, False), ("plugin", True, False), ("whole-program", True, True))


def build(unit, target, opt, plugin, cuda, work):
    """{way: instructions or None (a build failed)} for one unit."""
    got = {}
    for way, with_plugin, wp in WAYS:
        base = os.path.join(work, "%s.%s.%s.%s" % (unit["name"].replace("/", "_"), target, opt,
                                                    way))
        rc, _, _ = P.front(unit, target, opt, base + ".bc", plugin if with_plugin else None, wp,
                           cuda if unit["lang"] == "cuda" else None)
        if not rc:
            rc, _, _ = P.back(target, base + ".bc", base + ".s", opt)
        got[way] = None if rc else count(target, base + ".s")
    return got


def report(rows, args, argv):
    out = ["# Whole files: clang's build against the plugin's", "",
           "Produced by `python3 bench/public/filesize.py REPOS %s` (bench/public/filesize.py: "
           "every instruction in the final code's file, not only what the kernels reach; "
           "a unit is listed where the plugin's file has over 2%% more than clang's)." %
           " ".join(argv), "",
           "machine: %d cores; %s" % (os.cpu_count() or 0,
                                      P.sh(["clang-22", "--version"])[1].splitlines()[0]),
           "commits: " + ", ".join("%s %s" % (k, v) for k, v in P.PINS.items()
                                   if k in {P.SUITE_REPO.get(s) for s in args.suites.split(",")}),
           ""]
    for target in args.targets.split(","):
        for opt in args.opt.split(","):
            sel = [r for r in rows if r["target"] == target and r["opt"] == opt]
            out += ["## %s, -%s" % (target, opt), "",
                    "| suite | units | built | clang | plugin | whole-program | files > +2% |",
                    "|---|---|---|---|---|---|---|"]
            listed = []
            for suite in sorted({r["suite"] for r in sel}):
                s = [r for r in sel if r["suite"] == suite]
                ok = [r for r in s if all(r["n"][w] is not None for w, _, _ in WAYS)]
                tot = {w: sum(r["n"][w] for r in ok) for w, _, _ in WAYS}
                big = [r for r in ok if r["n"]["plugin"] > r["n"]["clang"] * TOLERANCE]
                listed += big
                out.append("| %s | %d | %d | %s | %s | %s | %d |" % (
                    suite, len(s), len(ok), "{:,}".format(tot["clang"]),
                    "{:,}".format(tot["plugin"]), "{:,}".format(tot["whole-program"]),
                    len(big)))
            out.append("")
            for r in listed:
                out.append("- %s: %s -> %s (x%.2f; whole-program %s)" % (
                    r["unit"], "{:,}".format(r["n"]["clang"]), "{:,}".format(r["n"]["plugin"]),
                    r["n"]["plugin"] / r["n"]["clang"], "{:,}".format(r["n"]["whole-program"])))
            if listed:
                out.append("")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("repos", nargs="?", default=os.environ.get("GASP_PUBLIC_REPOS"))
    ap.add_argument("--suites", required=True)
    ap.add_argument("--opt", default="O2")
    ap.add_argument("--targets", default="nvptx64")
    ap.add_argument("--build", default=os.path.join(P.ROOT, "build"))
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--out")
    args = ap.parse_args()
    if not args.repos or not os.path.isdir(args.repos):
        sys.exit("filesize.py: REPOS (a folder of OWNER+NAME/repo git directories) is needed")
    plugin = os.path.join(args.build, "lib", "gasp-plugin.so")
    if not os.path.exists(plugin):
        sys.exit("filesize.py: %s not built (make)" % plugin)
    suites = args.suites.split(",")
    units, notes = P.all_units(args.repos, 0, tuple(suites))
    units = [u for u in units if u["suite"] in suites]
    for n in notes:
        print("filesize.py: %s" % n, file=sys.stderr)
    cuda = P.cuda_path()
    work = os.path.join(P.WORK, "filesize")
    os.makedirs(work, exist_ok=True)
    jobs = [(u, t, o) for u in units for t in args.targets.split(",") for o in args.opt.split(",")
            if u["lang"] == "ocl" or (u["lang"] == "cuda" and t == "nvptx64")]
    with ThreadPoolExecutor(args.j) as ex:
        got = list(ex.map(lambda j: build(j[0], j[1], j[2], plugin, cuda, work), jobs))
    rows = [dict(suite=u["suite"], unit=u["name"], target=t, opt=o, n=n)
            for (u, t, o), n in zip(jobs, got)]
    argv = P.command_args(sys.argv[1:], args.repos) + (["--out", args.out] if args.out else [])
    text = report(rows, args, argv) + "\n"
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
