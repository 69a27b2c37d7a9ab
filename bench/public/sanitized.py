#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""sanitized.py REPOS [--programs N] [-j J] — the public programs of
bench/public/public.py through the sanitized build (make build-asan-all):
every unit's clang-22 -O1 and -O2 IR (bitcode, as public.py builds it)
through build-asan/bin/gasp-opt under each flag set of FLAGSETS, and the
unit built again by clang-22 -O2 with build-asan's plugin, its sanitizer
runtimes preloaded (scripts/ocl.py plugin_env).  A run is

  ok        exit 0 and no sanitizer report
  refused   gasp-opt exit 1 with its message (a construct it declines)
  REPORT    a sanitizer report (AddressSanitizer, UndefinedBehaviorSanitizer,
            LeakSanitizer, "runtime error:") or any other exit: a failure

Prints one line per failure and a summary; writes bench/public/sanitized.md
with both.  Exit 1 on a failure.  Units clang-22 cannot build (without
gasp) are counted apart.
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import ocl  # noqa: E402
import public  # noqa: E402

FLAGSETS = [("default", []), ("whole-program", ["--whole-program"]),
            ("tags", ["--lower-generic=tags"]), ("version", ["--version-by-space=on"])]
SAN = ("AddressSanitizer", "UndefinedBehaviorSanitizer", "LeakSanitizer", "runtime error:")


def one(job, build, cuda, env):
    """Every run of one unit at one target: (counts, failures)."""
    unit, target = job
    counts = {"runs": 0, "ok": 0, "refused": 0, "clang_failed": 0}
    fails = []
    opt = os.path.join(build, "bin", "gasp-opt")
    plugin = os.path.join(build, "lib", "gasp-plugin.so")
    for level in ("O1", "O2"):
        base = public.unit_base(unit, target, level) + ".san"
        bc = base + ".clang.bc"
        if public.front(unit, target, level, bc, None, False, cuda)[0]:
            counts["clang_failed"] += 1
            continue
        runs = [(name, [opt, bc, "-o", base + "." + name + ".bc"] + flags, None)
                for name, flags in FLAGSETS]
        if level == "O2":
            runs.append(("plugin", public.front_cmd(unit, target, level, base + ".plugin.bc",
                                                    plugin, False, cuda), env))
        for name, cmd, e in runs:
            counts["runs"] += 1
            rc, _, err = sh_env(cmd, e)
            if not any(s in err for s in SAN) and rc == 0:
                counts["ok"] += 1
            elif rc == 1 and not any(s in err for s in SAN) and (
                    err.startswith("gasp-opt: ") or "gasp: error:" in err):
                counts["refused"] += 1
            else:
                fails.append("%s %s -%s %s: exit %d: %s" % (unit["name"], target, level, name, rc,
                                                          err.strip()[-400:]))
    return counts, fails


def sh_env(cmd, env):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, errors="replace", env=env,
                           timeout=900)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return 124, "", "timed out after 900 s"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("repos", nargs="?", default=os.environ.get("GASP_PUBLIC_REPOS"))
    ap.add_argument("--programs", type=int, default=40)
    ap.add_argument("--suites", default=None,
                    help="only these suites (comma list of public.py's suite names)")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--build", default=os.path.join(ROOT, "build-asan"))
    ap.add_argument("--out", default=os.path.join(HERE, "sanitized.md"))
    a = ap.parse_args()
    if not a.repos or not os.path.isdir(a.repos):
        print("sanitized.py: give the folder of git directories (OWNER+NAME/repo)", file=sys.stderr)
        return 2
    plugin = os.path.join(a.build, "lib", "gasp-plugin.so")
    env = ocl.plugin_env(plugin)
    if env is None:
        print("sanitized.py: %s is not a sanitized plugin: run make build-asan-all" % plugin,
              file=sys.stderr)
        return 2
    env = dict(env, ASAN_OPTIONS="detect_leaks=0")
    os.environ["ASAN_OPTIONS"] = "detect_leaks=1"  # gasp-opt's own runs
    cuda = public.cuda_path()
    # the suites named, opt-in ones (public.py's OPT_IN, COMPOSED) included
    units, notes = public.all_units(a.repos, a.programs, a.suites.split(",") if a.suites else ())
    if not cuda[0]:
        units = [u for u in units if u["lang"] != "cuda"]
        notes.append("no CUDA toolkit: the CUDA programs are left out")
    if not os.path.isdir("/usr/include/hip") or not os.path.isdir(public.ROCM_LIB):
        units = [u for u in units if u["lang"] != "hip"]
        notes.append("no HIP headers / ROCm device libraries: the HIP programs are left out")
    if a.suites:
        units = [u for u in units if u["suite"] in a.suites.split(",")]
    commit, start = gasp_commit(), time.time()  # before the report is rewritten
    jobs = [(u, t) for u in units
            for t in {"cuda": ("nvptx64",), "hip": ("amdgcn",), "ocl": public.OCL_TARGETS}[u["lang"]]]
    total = {"runs": 0, "ok": 0, "refused": 0, "clang_failed": 0}
    failures = []
    with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
        for counts, fails in ex.map(lambda j: one(j, a.build, cuda, env), jobs):
            for k in total:
                total[k] += counts[k]
            for f in fails:
                print("FAIL " + f, flush=True)
            failures += fails
    summary = ("sanitized: %d units x targets (%d), -O1 and -O2: %d runs (gasp-opt x %d flag sets, "
               "the plugin in clang-22 -O2), %d ok, %d refused, %d failed; %d builds clang-22 "
               "could not make without gasp" % (len(units), len(jobs), total["runs"], len(FLAGSETS),
                                                total["ok"], total["refused"], len(failures),
                                                total["clang_failed"]))
    print(summary)
    with open(a.out, "w") as f:
        f.write("# Public programs under the sanitized build\n\nProduced by `python3 "
                "bench/public/sanitized.py REPOS --programs %d%s` after `make build-asan-all` "
                "(gasp-opt, gasp-run and the plugin with -fsanitize=address,undefined; the "
                "plugin loaded into clang-22 with its runtimes preloaded).\n\ngasp: %s "
                "(build-asan; %.0f minutes, %d job%s, on %d cores)\ncommits: %s\n\n"
                % (a.programs, " --suites " + a.suites if a.suites else "", commit,
                   (time.time() - start) / 60, a.j, "" if a.j == 1 else "s", os.cpu_count() or 0,
                   ", ".join("%s %s" % kv for kv in public.PINS.items())))
        f.write("".join("note: %s\n" % n for n in notes))
        f.write("\n" + summary + "\n")
        f.write("".join("\n- FAIL " + x for x in failures) + ("\n" if failures else ""))
    return 1 if failures else 0


def gasp_commit():
    """The commit the sanitized build was made from (and whether the tree
    had changes)."""
    r = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"],
                       capture_output=True, text=True)
    return r.stdout.strip() or "unknown"


if __name__ == "__main__":
    sys.exit(main())
