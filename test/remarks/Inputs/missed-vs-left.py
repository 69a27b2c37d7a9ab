#!/usr/bin/env python3
"""missed-vs-left.py TARGET WORKDIR [GASP-OPT FLAGS...]: for every project
kernel, the generic memory ops gasp-opt leaves (--summary) and the Missed
remarks it writes (-pass-remarks-output, counted by llvm-remarkutil);
prints one line per kernel and fails when a kernel has fewer Missed
'GenericAccess' remarks, with the Analysis 'LeftForLlc' remarks of the
accesses llc names itself (--backend-follows), than generic ops left."""
import glob, os, re, subprocess, sys

target, work = sys.argv[1:3]
flags = sys.argv[3:]
here = os.path.dirname(os.path.abspath(__file__))
kernels = os.path.join(here, "..", "..", "kernels")
os.makedirs(work, exist_ok=True)
bad = 0
for cl in sorted(glob.glob(os.path.join(kernels, "*.cl"))):
    k = os.path.basename(cl)[:-3]
    ll = os.path.join(work, k + ".ll")
    yaml = os.path.join(work, k + ".yaml")
    subprocess.run(["clang-22", "-cl-std=CL2.0", "-O1", "-fno-inline-functions", "-emit-llvm",
                    "-S", "-Xclang", "-finclude-default-header", "-nogpulib", "-target", target,
                    cl, "-o", ll], check=True)
    r = subprocess.run(["gasp-opt", "--summary", "-pass-remarks-output=" + yaml] + flags +
                       [ll, "-o", os.devnull], capture_output=True, text=True, check=True)
    left = int(re.search(r"generic memory ops after: (\d+)", r.stderr).group(1))
    counts = {"missed": 0, "analysis": 0}
    kinds = (("missed", "GenericAccess"), ("analysis", "LeftForLlc"))
    for kind, name in kinds if os.path.getsize(yaml) else ():  # remarkutil refuses empty
        out = subprocess.run(["llvm-remarkutil", "count", "--parser=yaml",
                              "--remark-type=" + kind, "--rremark-name=" + name,
                              "--group-by=function", yaml],
                             capture_output=True, text=True, check=True).stdout
        counts[kind] = sum(int(l.rsplit(",", 1)[1]) for l in out.splitlines()[1:] if "," in l)
    missed, llc = counts["missed"], counts["analysis"]
    ok = missed + llc >= left
    bad += not ok
    print("%s %s: %d left, %d missed%s" % ("ok" if ok else "FAIL", k, left, missed,
                                           ", %d left for llc" % llc if llc else ""))
sys.exit(1 if bad else 0)
