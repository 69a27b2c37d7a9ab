#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""public.py REPOS [--cuda N] [--ocl N] [-j J] — programs nobody here wrote,
built the way users build them, counted in the final code.

REPOS is a folder of git directories laid out as OWNER+NAME/repo (or set
GASP_PUBLIC_REPOS); no path of any machine is committed.  The programs are
taken from the commits pinned below, extracted with `git archive` into
bench/public/work/ (ignored), never copied into the project:

  zjin-lcf/HeCBench   the first N CUDA programs (src/*-cuda with a main.cu,
                      in name order) — CUDA, compiled for sm_90 with the
                      toolkit's headers (--cuda-path from nvcc; skipped
                      with a note when there is no toolkit)
  pocl/pocl           the OpenCL kernel tests tests/kernel/test_*.cl (with
                      the files they include) — spirv64 and nvptx64

Each unit is built three ways:
  clang    clang-22 -O2, then llc-22 (the user's build without gasp)
  plugin   clang-22 -O2 -fpass-plugin=build/lib/gasp-plugin.so, then llc-22
  nvcc     nvcc -O3 -ptx -arch=sm_90 (CUDA only, where nvcc exists: the
           vendor's compiler as a comparison, never a dependency)
and bench/finalcode_count.py counts, in the functions reachable from the
kernels, the memory instructions through a generic address (PTX ld/st/atom
without a state space; SPIR-V accesses through a Generic pointer), the
named ones and every instruction.  What runs is counted too: for pocl's
tests (kernels without parameters) gasp-run --count executes the first 12
kernels of the clang -O2 module and of the plugin's, one work-item each,
and sums the accesses made through a generic pointer (of the IR handed
to llc: what llc adds after it, such as the PTX printf argument buffer,
is not in that count).  A unit clang cannot compile is listed
as skipped; an llc-22 failure is counted apart for clang and for the plugin
(a build that fails only with the plugin is a gasp bug).

Writes bench/public/public.md (a table per target, totals, the units the
plugin made worse, failures) and prints it.  Exit 1 when a build fails only
with the plugin.
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BUILD = os.path.join(ROOT, "build")  # --build
WORK = os.path.join(HERE, "work")

# the pinned commits (what `fetch` brought on 2026-11-25)
PINS = {
    "zjin-lcf/HeCBench": "f27000a51",
    "pocl/pocl": "5066640dc",
}


def sh(cmd, cwd=None, timeout=300):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, errors="replace",
                           timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return 124, "", "timed out"


def gitdir(repos, name):
    d = os.path.join(repos, name.replace("/", "+"), "repo")
    return d if os.path.isdir(d) else None


def extract(git, commit, paths, dest):
    """git archive COMMIT PATHS | tar -x -C DEST."""
    os.makedirs(dest, exist_ok=True)
    a = subprocess.Popen(["git", "--git-dir", git, "archive", commit] + paths,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    t = subprocess.run(["tar", "-x", "-C", dest], stdin=a.stdout, capture_output=True)
    a.wait()
    return a.returncode == 0 and t.returncode == 0


def ls_tree(git, commit, path):
    rc, out, _ = sh(["git", "--git-dir", git, "ls-tree", "--name-only", commit, path])
    return out.split() if rc == 0 else []


def count(kind, text_file):
    rc, out, _ = sh([sys.executable, os.path.join(ROOT, "bench", "finalcode_count.py"), kind,
                     text_file])
    if rc:
        return None
    return dict(kv.split("=") for kv in out.split() if "=" in kv)


# ---- units -------------------------------------------------------------------

def cuda_units(repos, n):
    git = gitdir(repos, "zjin-lcf/HeCBench")
    if not git:
        return [], "zjin-lcf/HeCBench not in REPOS"
    commit = PINS["zjin-lcf/HeCBench"]
    dirs = [d for d in ls_tree(git, commit, "src/") if d.endswith("-cuda")]
    units = []
    for d in sorted(dirs):
        if len(units) >= n:
            break
        if "%s/main.cu" % d in ls_tree(git, commit, d + "/"):
            units.append(d)
    dest = os.path.join(WORK, "HeCBench")
    if units and not extract(git, commit, units + ["src/include"], dest):
        extract(git, commit, units, dest)
    return [("cuda", os.path.basename(u)[:-5], os.path.join(dest, u, "main.cu")) for u in units], None


def ocl_units(repos, n):
    git = gitdir(repos, "pocl/pocl")
    if not git:
        return [], "pocl/pocl not in REPOS"
    commit = PINS["pocl/pocl"]
    files = sorted(f for f in ls_tree(git, commit, "tests/kernel/")
                   if re.match(r"tests/kernel/test_\w+\.cl$", f))[:n]
    dest = os.path.join(WORK, "pocl")
    extract(git, commit, ["tests/kernel"], dest)  # the tests and what they include
    return [("ocl", os.path.basename(f)[:-3], os.path.join(dest, f)) for f in files], None


# ---- building ----------------------------------------------------------------

def cuda_path():
    nvcc = shutil.which("nvcc") or ("/usr/local/cuda/bin/nvcc"
                                    if os.path.exists("/usr/local/cuda/bin/nvcc") else None)
    return (os.path.dirname(os.path.dirname(os.path.realpath(nvcc))), nvcc) if nvcc else (None, None)


def front(kind, target, src, out, plugin, cuda):
    if kind == "cuda":
        root, _ = cuda
        inc = [os.path.join(root, "include", "cccl")] if os.path.isdir(
            os.path.join(root, "include", "cccl")) else []
        cmd = ["clang-22", "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_90",
               "--cuda-path=" + root, "-Wno-unknown-cuda-version", "-O2", "-emit-llvm", "-c",
               "-I", os.path.dirname(src), "-I", os.path.join(WORK, "HeCBench", "src", "include")]
        cmd += sum((["-I", i] for i in inc), [])
    else:
        tgt = {"nvptx64": "nvptx64-nvidia-cuda", "spirv64": "spirv64-unknown-unknown"}[target]
        cmd = ["clang-22", "-cl-std=CL2.0", "-Xclang", "-finclude-default-header", "-nogpulib",
               "-target", tgt, "-O2", "-emit-llvm", "-c", "-I", os.path.dirname(src)]
    if plugin:
        cmd.append("-fpass-plugin=" + plugin)
    return sh(cmd + [src, "-o", out])


def back(target, bc, out):
    if target == "nvptx64":
        return sh(["llc-22", "-mtriple=nvptx64-nvidia-cuda", "-mcpu=sm_90", bc, "-o", out])
    rc, o, e = sh(["llc-22", "-mtriple=spirv64-unknown-unknown", "-filetype=obj", bc, "-o",
                   out + ".spv"])
    if rc:
        return rc, o, e
    return sh(["spirv-dis", out + ".spv", "-o", out])


RUN_KERNELS = 12


def executed(base):
    """Executed accesses through a generic pointer: gasp-run --count on the
    first RUN_KERNELS kernels without parameters (pocl's tests), one work
    item, the clang -O2 module against the plugin's; None when none ran."""
    rc, text, _ = sh(["llvm-dis-22", base + ".clang.bc", "-o", "-"])
    names = sorted(set(re.findall(r"^define [^@]*ptx_kernel void @([\w.$]+)\(\)", text, re.M)))
    total = {"clang": 0, "plugin": 0, "kernels": 0, "tried": 0}
    for k in names[:RUN_KERNELS]:
        total["tried"] += 1
        got = {}
        for way in ("clang", "plugin"):
            rc, out, _ = sh([os.path.join(BUILD, "bin", "gasp-run"), "%s.%s.bc" % (base, way),
                             "--kernel", k, "--global", "1", "--count", "--timeout", "20"])
            m = re.search(r"^accesses: .* generic=(\d+)$", out, re.M)
            if rc or not m:
                break
            got[way] = int(m.group(1))
        if len(got) == 2:
            total["clang"] += got["clang"]
            total["plugin"] += got["plugin"]
            total["kernels"] += 1
    return total if total["tried"] else None


def build_unit(unit, target, plugin, cuda):
    kind, name, src = unit
    base = os.path.join(WORK, "out", "%s.%s" % (name, target))
    os.makedirs(os.path.dirname(base), exist_ok=True)
    res = {"unit": name, "target": target}
    ck = "ptx" if target == "nvptx64" else "spirv"
    for way, plug in (("clang", None), ("plugin", plugin)):
        bc, txt = "%s.%s.bc" % (base, way), "%s.%s.s" % (base, way)
        rc, _, err = front(kind, target, src, bc, plug, cuda)
        if rc:
            res[way] = "front" if way == "clang" else "front-plugin: " + err.strip()[-200:]
            continue
        rc, _, err = back(target, bc, txt)
        if rc:
            lines = err.strip().splitlines() or ["?"]
            said = [l for l in lines if "ERROR" in l or "error:" in l]
            res[way] = "llc: " + (said[0] if said else "crashed (exit %d)" % rc)[:160]
            continue
        res[way] = count(ck, txt)
    if kind == "ocl" and target == "nvptx64" and all(isinstance(res.get(w), dict)
                                                     for w in ("clang", "plugin")):
        res["executed"] = executed(base)
    if kind == "cuda" and cuda[1] and isinstance(res.get("clang"), dict):
        ptx = base + ".nvcc.ptx"
        rc, _, _ = sh([cuda[1], "-O3", "-ptx", "-arch=sm_90", "-I", os.path.dirname(src),
                       "-I", os.path.join(WORK, "HeCBench", "src", "include"), src, "-o", ptx])
        res["nvcc"] = count("ptx", ptx) if rc == 0 else None
    return res


# ---- report ------------------------------------------------------------------

def g(r, way, key="generic"):
    v = r.get(way)
    return int(v[key]) if isinstance(v, dict) else None


def report(results, notes):
    out = ["# Public programs: generic accesses in the final code", "",
           "Produced by `python3 bench/public/public.py REPOS` (programs at the commits "
           "pinned in the script, built as users build: clang-22 -O2 with and without "
           "`-fpass-plugin=build/lib/gasp-plugin.so`, then llc-22; nvcc -O3 -ptx as a "
           "comparison).  Generic = memory instructions through a generic address in "
           "functions reachable from the kernels (bench/finalcode_count.py).", ""]
    out += ["machine: %d cores; %s" % (os.cpu_count() or 0,
                                      sh(["clang-22", "--version"])[1].splitlines()[0])]
    out += ["note: " + n for n in notes]
    bad_plugin_only = 0
    for target in ("nvptx64", "spirv64"):
        rows = [r for r in results if r["target"] == target]
        if not rows:
            continue
        built = [r for r in rows if isinstance(r.get("clang"), dict) and isinstance(r.get("plugin"), dict)]
        tc = sum(g(r, "clang") for r in built)
        tp = sum(g(r, "plugin") for r in built)
        ic = sum(g(r, "clang", "instrs") for r in built)
        ip = sum(g(r, "plugin", "instrs") for r in built)
        nv = [r for r in built if isinstance(r.get("nvcc"), dict)]
        out += ["", "## %s: %d units, %d built both ways" % (target, len(rows), len(built)), ""]
        out += ["| | clang | plugin | nvcc -O3 |", "|---|---|---|---|",
                "| generic accesses | %d | %d | %s |" % (
                    tc, tp, sum(g(r, "nvcc") for r in nv) if nv else "-"),
                "| generic, units nvcc built | %d | %d | %s |" % (
                    sum(g(r, "clang") for r in nv), sum(g(r, "plugin") for r in nv),
                    sum(g(r, "nvcc") for r in nv) if nv else "-"),
                "| instructions | %d | %d | |" % (ic, ip),
                "| units changed / better / worse | | %d / %d / %d | |" % (
                    sum(g(r, "clang") != g(r, "plugin") or
                        g(r, "clang", "instrs") != g(r, "plugin", "instrs") for r in built),
                    sum(g(r, "plugin") < g(r, "clang") for r in built),
                    sum(g(r, "plugin") > g(r, "clang") for r in built))]
        fails = [r for r in rows if not isinstance(r.get("plugin"), dict) or
                 not isinstance(r.get("clang"), dict)]
        ran = [r for r in built if r.get("executed")]
        if ran:
            out.append("| executed generic accesses (gasp-run --count: %d of %d kernels tried "
                       "ran, in %d units; the others call builtins gasp-run lacks) "
                       "| %d | %d | |" % (sum(r["executed"]["kernels"] for r in ran),
                                          sum(r["executed"]["tried"] for r in ran), len(ran),
                                          sum(r["executed"]["clang"] for r in ran),
                                          sum(r["executed"]["plugin"] for r in ran)))
        out += ["", "| unit | clang generic | plugin generic | nvcc generic | clang instrs | "
                "plugin instrs | executed generic clang / plugin (kernels) |",
                "|---|---|---|---|---|---|---|"]
        for r in sorted(built, key=lambda r: r["unit"]):
            if g(r, "clang") or g(r, "plugin") or g(r, "nvcc"):
                e = r.get("executed")
                out.append("| %s | %d | %d | %s | %d | %d | %s |" % (
                    r["unit"], g(r, "clang"), g(r, "plugin"),
                    g(r, "nvcc") if isinstance(r.get("nvcc"), dict) else "-",
                    g(r, "clang", "instrs"), g(r, "plugin", "instrs"),
                    "%d / %d (%d of %d)" % (e["clang"], e["plugin"], e["kernels"], e["tried"])
                    if e else "-"))
        out.append("")
        out.append("(units with no generic access in any build are left out of the table)")
        for r in fails:
            c, p = r.get("clang"), r.get("plugin")
            if c == "front":
                out.append("- %s: skipped (clang-22 cannot compile it)" % r["unit"])
            elif isinstance(c, dict):
                bad_plugin_only += 1
                out.append("- %s: **fails only with the plugin**: %s" % (r["unit"], p))
            else:
                out.append("- %s: fails without the plugin too: %s" % (r["unit"], c))
    return "\n".join(out) + "\n", bad_plugin_only


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("repos", nargs="?", default=os.environ.get("GASP_PUBLIC_REPOS"))
    ap.add_argument("--cuda", type=int, default=40, help="CUDA programs (default 40)")
    ap.add_argument("--ocl", type=int, default=60, help="OpenCL files (default 60)")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--out", default=os.path.join(HERE, "public.md"))
    a = ap.parse_args()
    if not a.repos or not os.path.isdir(a.repos):
        print("public.py: give the folder of git directories (OWNER+NAME/repo) as an argument "
              "or GASP_PUBLIC_REPOS", file=sys.stderr)
        return 2
    global BUILD
    BUILD = a.build
    plugin = os.path.join(a.build, "lib", "gasp-plugin.so")
    if not os.path.exists(plugin):
        print("public.py: %s missing: run make" % plugin, file=sys.stderr)
        return 2
    notes = []
    cuda = cuda_path()
    units = []
    if cuda[0]:
        u, why = cuda_units(a.repos, a.cuda)
        units += [(x, "nvptx64") for x in u]
        if why:
            notes.append(why)
    else:
        notes.append("no CUDA toolkit (nvcc): the CUDA programs are left out")
    u, why = ocl_units(a.repos, a.ocl)
    units += [(x, t) for x in u for t in ("nvptx64", "spirv64")]
    if why:
        notes.append(why)
    with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
        results = list(ex.map(lambda ut: build_unit(ut[0], ut[1], plugin, cuda), units))
    text, bad = report(results, notes)
    with open(a.out, "w") as f:
        f.write(text)
    sys.stdout.write(text)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
