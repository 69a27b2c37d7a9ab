#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""bench/public/explain.py — is what the plugin changed in a unit's final
code what one of LLVM's own passes would change in clang's build?

    python3 bench/public/explain.py UNIT [--passes infer-alignment] [--level O2] [--way wp]
    python3 bench/public/explain.py UNIT --unnamed [--spaces global,local] [--way wp]

UNIT is a public.py output prefix, e.g. bench/public/work/out/
gromacs_nbnxm_opencl_nbnxm_ocl_kernels.cl.nvptx64.O2 (the .clang.bc,
.clang.s and .plugin.s of an nvptx64 unit, left by `sh bench/public.sh`;
--way wp: the whole-program build's .wp.s, left by its --wp).
The script runs opt-22 -passes=PASSES on clang's bitcode, llc-22 at the
level on the result, and ptxas -arch=sm_90 -v on all three PTX files, and
prints, function by function, the frames, spill bytes and registers of
clang's build (for a clone of the plugin's, `f_$_as5_5`, its original
`f`'s: finalcode_count.ptx_original), of clang's build through PASSES,
and of the plugin's;
then how many functions of the plugin's build PASSES reproduces exactly,
and how many PTX lines the two files differ in.

It answers one question about a row public.py lists as worse (a kernel
whose ptxas spill or frame bytes grew): is the plugin's final code, in
what ptxas allocates, clang's own code after that pass?  Where it is,
the row is ptxas's allocation of code LLVM itself would have written,
and the pass says what the plugin changed (bench/public/causes.md,
"gromacs").  It proves nothing about rows it does not reproduce.

With --unnamed it asks the other question instead: is the row what
ptxas allocates for the plugin's own instructions because they are named?
It runs ptxas on the plugin's PTX with its named local and global
accesses made generic again (finalcode_count.ptx_generic: the frame's
%SPL+k as %SP+k, cvta.to.local as a move, ld.local/ld.global as ld), the
third column, and counts the functions where that gets clang's frame,
spills and registers or better (public.py's `unnamed`).  --spaces global
or --spaces local makes only that space's accesses generic again, which
says which naming ptxas answered with the row (rodinia's rdwt53 at -O3:
its global accesses, 56 -> 48 registers; hashcat's m01500: its local
ones, 40 -> 32).

ptxas runs as the reports run it (finalcode_count.ptxas_meta: -c where a
unit calls what another file defines, OpenCL's builtins without libclc).
Exit 0 when every function matches (--unnamed: when every function worse
than clang's is no worse with its accesses generic again), 1 otherwise, 2
on a missing input or a tool's failure.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import finalcode_count  # noqa: E402

PTXAS = shutil.which("ptxas")  # what finalcode_count.ptxas_meta runs


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=1800)
    if r.returncode:
        sys.stderr.write("explain.py: %s failed: %s\n" % (cmd[0], r.stderr.strip()[:400]))
        sys.exit(2)
    return r


def meta(ptx):
    """ptxas -v as the reports read it (finalcode_count.ptxas_meta: -c where
    the file calls what it does not define): per function [stack, spill
    stores, spill loads, registers]."""
    got = finalcode_count.ptxas_meta(ptx)
    if got is None:
        sys.stderr.write("explain.py: ptxas rejected %s\n" % ptx)
        sys.exit(2)
    return {f: [m["stack"], m["spill_st"], m["spill_ld"], m["regs"]] for f, m in got.items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("unit", help="public.py's output prefix of an nvptx64 unit")
    ap.add_argument("--passes", default="infer-alignment",
                    help="opt-22's pipeline run on clang's bitcode (default infer-alignment)")
    ap.add_argument("--level", default=None, help="llc-22's level (default: the unit's, from its name)")
    ap.add_argument("--way", choices=("plugin", "wp"), default="plugin",
                    help="the plugin's build to compare: plugin, or wp (public.py --wp)")
    ap.add_argument("--unnamed", action="store_true",
                    help="compare the plugin's PTX with its named accesses generic again instead")
    ap.add_argument("--spaces", default="global,local",
                    help="with --unnamed: the named spaces made generic again (comma list of "
                         "global, local; default both)")
    ap.add_argument("--json", help="also write the per-function table here")
    a = ap.parse_args()
    spaces = tuple(x.strip() for x in a.spaces.split(",") if x.strip())
    if not spaces or any(x not in ("global", "local") for x in spaces):
        sys.stderr.write("explain.py: --spaces takes global, local or both, not %r\n" % a.spaces)
        return 2
    if not PTXAS:
        sys.stderr.write("explain.py: needs the CUDA toolkit's ptxas on PATH\n")
        return 2
    clang_bc, clang_s, plugin_s = (a.unit + x for x in (".clang.bc", ".clang.s", "." + a.way + ".s"))
    for f in (clang_bc, clang_s, plugin_s):
        if not os.path.exists(f):
            sys.stderr.write("explain.py: %s: no such file (run bench/public.sh first)\n" % f)
            return 2
    level = a.level or (re.search(r"\.(O[0-3])$", a.unit) or [None, "O2"])[1]
    named = "named %saccesses" % ("" if len(spaces) == 2 else spaces[0] + " ")
    what = "generic again" if a.unnamed else a.passes
    with tempfile.TemporaryDirectory() as tmp:
        bc, s = os.path.join(tmp, "passes.bc"), os.path.join(tmp, "passes.s")
        if a.unnamed:
            with open(plugin_s) as f, open(s, "w") as g:
                g.write(finalcode_count.ptx_generic(f.read(), spaces))
        else:
            run(["opt-22", "-passes=" + a.passes, clang_bc, "-o", bc])
            run(["llc-22", "-" + level, "-mtriple=nvptx64-nvidia-cuda", "-mcpu=sm_90", bc, "-o", s])
        m_clang, m_pass, m_plugin = meta(clang_s), meta(s), meta(plugin_s)
        # a clone of the plugin's is weighed against its original in clang's build
        m_clang = dict(m_clang, **{f: m_clang[o] for f in m_plugin if f not in m_clang
                                   and (o := finalcode_count.ptx_original(f, m_clang))})
        with open(s) as f1, open(plugin_s) as f2:
            l1, l2 = f1.read().splitlines(), f2.read().splitlines()
    import difflib
    differ = sum(1 for d in difflib.unified_diff(l1, l2, n=0, lineterm="")
                 if d.startswith(("-", "+")) and not d.startswith(("---", "+++")))
    if a.unnamed:
        # the plugin's instructions, named or not: no worse than clang's in
        # each of frame, spill stores, spill loads, registers
        same = [f for f in m_plugin if m_pass.get(f) is not None and m_clang.get(f) is not None
                and all(p <= c for p, c in zip(m_pass[f], m_clang[f]))]
        worse = [f for f in m_plugin if m_clang.get(f) is not None
                 and any(p > c for p, c in zip(m_plugin[f], m_clang[f]))]
    else:
        same = [f for f in m_plugin if m_pass.get(f) == m_plugin[f]]
    print("| function | clang: frame, spill st/ld, regs | %s | plugin |"
          % ("plugin, %s generic again" % named if a.unnamed else "clang + " + a.passes))
    print("|---|---|---|---|")
    for f in sorted(m_plugin):
        if m_clang.get(f) != m_plugin[f] or m_pass.get(f) != m_plugin[f]:
            print("| %s | %s | %s | %s |" % (f, m_clang.get(f), m_pass.get(f), m_plugin[f]))
    print()
    if a.unnamed:
        print("functions worse than clang's build in frame, spills or registers: %d of %d; "
              "with the %s generic again, no worse than clang's: %d of them"
              % (len(worse), len(m_plugin), named, len(set(worse) & set(same))))
        print("PTX lines the naming changes: %d of %d" % (differ, len(l2)))
        if a.json:
            with open(a.json, "w") as f:
                json.dump({"clang": m_clang, "unnamed": m_pass, "plugin": m_plugin}, f, indent=1)
        return 0 if set(worse) <= set(same) else 1
    print("functions whose frame, spills and registers clang's build through %s gives "
          "exactly as the plugin's: %d of %d (%d differ from clang's own build)"
          % (what, len(same), len(m_plugin),
             sum(1 for f in m_plugin if m_clang.get(f) != m_plugin[f])))
    print("PTX lines that differ between clang's build through %s and the plugin's: %d of %d"
          % (what, differ, len(l2)))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"clang": m_clang, "passes": m_pass, "plugin": m_plugin}, f, indent=1)
    return 0 if len(same) == len(m_plugin) else 1


if __name__ == "__main__":
    sys.exit(main())
