#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""pipeline.py — gasp where users compile: clang-22 -O2/-O3 with the pass
plugin, measured in the final machine code (bench/pipeline.sh runs it).

Programs: bench/pipeline/cuda/*.cu (CUDA: nvptx64 sm_90), hip/*.hip (HIP:
gfx90a and gfx1100), opencl/*.cl (OpenCL C 2.0: nvptx64, gfx90a, gfx1100,
spirv64), sycl/*.cpp (SYCL as clang-22's own device mode compiles it,
-Xclang -fsycl-is-device with sycl/sycl-lite.h: the four targets), beside
the project's kernels test/kernels/*.cl (the four
targets) and *.cu (nvptx64 as CUDA, the AMDGPU targets as HIP).  CUDA
uses the toolkit's own headers and libdevice where `nvcc` is on PATH
(--cuda-path = its root), else -nocudainc with bench/pipeline/gpu.h.
OpenCL links its builtins as a user's build does (benchlib.LIBCLC:
libclc-22 on nvptx64, with the toolkit's libdevice for its math where
installed, and AMDGPU, -mlink-builtin-bitcode; none on spirv64),
so get_local_id or barrier is no call to an external function whose
frame and waits no user's program has.

Each program and target is compiled by clang-22 at -O2 and -O3 four
ways: without the plugin ("clang"), with it ("open": open world), with
it and -mllvm -gasp-whole-program ("gasp": these programs are whole
device programs, built from one source without -fgpu-rdc), and "gasp"
with -mllvm -gasp-version-by-space=on (a section of its own).  Where nvcc
is on PATH, each CUDA program is also compiled by nvcc -O3 -arch=sm_90 -ptx
(a comparison only).  Straight to
PTX / AMDGPU assembly (-S); SPIR-V as an object (-c), checked by
spirv-val and read back by spirv-dis.  bench/finalcode_count.py counts,
per kernel, the generic and named memory instructions and all
instructions in the code reachable from it.  Where ptxas is present,
`ptxas -v -arch=sm_90` (finalcode_count.ptxas_meta, one run a file: -c
only where the PTX calls a function it does not define) gives registers,
spill stores and stack frame per kernel.  Every column finalcode_count.py reads (PTX: ld.global.nc,
.v2/.v4, .local bytes, cvta, ptxas -v, SASS instructions where the sass
tools are installed; AMDGPU: global/scratch/ds/scalar loads, waitcnts and
drains, VGPR/SGPR/scratch bytes; SPIR-V: a module spirv-val rejects is a
failure of its own) judges each kernel of
the plugin's two builds against clang's, as bench/public does
(finalcode_count.worse: 2% for instructions and waits, 0 for the others;
a register more that costs the device nothing, finalcode_count.device_same,
is listed with its reason and not counted, and so is a kernel x column a
lent GPU timed, bench/pipeline/device-measured.tsv in bench/public's
format and rule, public.measured_row: only the very code the device ran,
where the plugin's build ran faster beyond noise; bench/gpu/README.md,
"bench/pipeline's kernels").  Compile time: the clang and gasp compiles of each program
run alternately five times; the report gives the median of the
per-program ratios, per target.

Writes bench/pipeline/pipeline.md and prints it; exits 1 when a target of
the issue is missed on the new programs (bench/pipeline/): generic
accesses with the plugin <= 1/10 of without on PTX, <= 1/20 on AMDGPU and
SPIR-V, at -O2 and -O3; no kernel with more generic accesses; reachable
instructions +2% at most per target; compile time <= 1.05x; no kernel of
either plugin build worse than clang's in any column."""
import glob
import os
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import ROOT, libclc_flags, sh, write_report  # noqa: E402
import finalcode_count  # noqa: E402
sys.path.insert(0, os.path.join(ROOT, "bench", "public"))
import public  # noqa: E402  (its device rows' rule, public.measured_row)

MEASURED = os.path.join(ROOT, "bench", "pipeline", "device-measured.tsv")
PLUGIN = os.path.join(ROOT, "build", "lib", "gasp-plugin.so")
NVCC = shutil.which("nvcc")
CUDA_PATH = os.path.dirname(os.path.dirname(os.path.realpath(NVCC))) if NVCC else None
PTXAS = shutil.which("ptxas")
OCL_TARGETS = ["nvptx64", "gfx90a", "gfx1100", "spirv64"]
SASS = finalcode_count.sass_tools()  # scripts/sass-tools.sh: the sass column


def programs():
    """(group, path, language) for every program."""
    out = []
    for lang, pat in (("cuda", "cuda/*.cu"), ("hip", "hip/*.hip"), ("opencl", "opencl/*.cl"),
                      ("sycl", "sycl/*.cpp")):
        for p in sorted(glob.glob(os.path.join(ROOT, "bench", "pipeline", pat))):
            out.append(("new", p, lang))
    for p in sorted(glob.glob(os.path.join(ROOT, "test", "kernels", "*.cl"))):
        out.append(("kernels", p, "opencl"))
    for p in sorted(glob.glob(os.path.join(ROOT, "test", "kernels", "*.cu"))):
        out.append(("kernels", p, "cuda-own"))
    return out


def targets(lang):
    return {"cuda": ["nvptx64"], "cuda-own": ["nvptx64", "gfx90a", "gfx1100"],
            "hip": ["gfx90a", "gfx1100"], "opencl": OCL_TARGETS, "sycl": OCL_TARGETS}[lang]


def clang_cmd(lang, path, target, opt, out):
    """The user's compile of path for target at -O<opt>, to out."""
    kind = "obj" if target == "spirv64" else "asm"
    mode = ["-c"] if kind == "obj" else ["-S"]
    if lang in ("opencl", "sycl"):
        triple = {"nvptx64": "nvptx64-nvidia-cuda", "spirv64": "spirv64"}.get(target, "amdgcn-amd-amdhsa")
        cpu = ["-mcpu=" + target] if target.startswith("gfx") else []
        tail = ["-O" + opt] + mode + [path, "-o", out]
        if lang == "sycl":  # clang-22's SYCL device mode (sycl/sycl-lite.h)
            cpu = cpu or (["-march=sm_90"] if target == "nvptx64" else [])
            return ["clang-22", "-target", triple, "-Xclang", "-fsycl-is-device"] + cpu + tail
        return ["clang-22", "-cl-std=CL2.0", "-Xclang", "-finclude-default-header",
                "-nogpulib", "-target", triple] + cpu + libclc_flags(target) + tail
    if target == "nvptx64":
        if lang == "cuda" and CUDA_PATH:
            hdr = ["--cuda-path=" + CUDA_PATH]
        elif lang == "cuda":
            hdr = ["-nocudainc", "-nocudalib", "-DGASP_OWN_HEADER"]
        else:
            hdr = ["-nocudainc", "-nocudalib", "-include", os.path.join(ROOT, "test", "kernels", "cuda.h")]
        return ["clang-22", "-x", "cuda", "--cuda-device-only", "-Wno-unknown-cuda-version",
                "--cuda-gpu-arch=sm_90"] + hdr + ["-O" + opt, "-S", path, "-o", out]
    hdr = (["-include", os.path.join(ROOT, "test", "kernels", "cuda.h")] if lang == "cuda-own"
           else ["-DGASP_OWN_HEADER"])
    return ["clang-22", "-x", "hip", "--cuda-device-only", "-nogpuinc", "-nogpulib",
            "--offload-arch=" + target] + hdr + ["-O" + opt, "-S", path, "-o", out]


VARIANTS = {"clang": [], "open": ["-fpass-plugin=" + PLUGIN],
            "gasp": ["-fpass-plugin=" + PLUGIN, "-mllvm", "-gasp-whole-program"],
            "version": ["-fpass-plugin=" + PLUGIN, "-mllvm", "-gasp-whole-program", "-mllvm",
                        "-gasp-version-by-space=on"]}


def variant_cmd(lang, path, target, opt, variant, out):
    cmd = clang_cmd(lang, path, target, opt, out)
    cmd[1:1] = VARIANTS[variant]
    return cmd


def compile_one(lang, path, target, opt, variant, out):
    cmd = variant_cmd(lang, path, target, opt, variant, out)
    t0 = time.perf_counter()
    r = sh(cmd)
    dt = time.perf_counter() - t0
    if r.returncode != 0:
        return None, dt, r.stderr.strip().splitlines()[-1:] or ["clang failed"]
    if target == "spirv64":
        v = sh(["spirv-val", out])
        if v.returncode != 0:
            return None, dt, ["spirv-val: " + (v.stdout + v.stderr).strip().splitlines()[0]]
        d = sh(["spirv-dis", out, "-o", out + ".txt"])
        if d.returncode != 0:
            return None, dt, ["spirv-dis failed"]
        return out + ".txt", dt, []
    return out, dt, []


def kind_of(target):
    return "ptx" if target == "nvptx64" else "spirv" if target == "spirv64" else "amdgpu"


def count(target, asm):
    """Per kernel: every column finalcode_count reads of the final code
    (SPIR-V's spirv-val verdict is compile_one's: a module it rejects is a
    failure, never counted)."""
    return dict(finalcode_count.count_file(kind_of(target), asm, per_kernel=True,
                                           use_ptxas=bool(PTXAS), use_sass=bool(SASS)))


def worse_in(target, c, b):
    """Kernel counts b (a plugin build) against clang's c: [(column, clang's,
    b's, why it costs the device nothing or None, what else was measured
    of it or None: finalcode_count.measured_reason, the row still
    counted)]."""
    kind = kind_of(target)
    return [(col, x, y, finalcode_count.device_same(kind, col, c, b),
             finalcode_count.measured_reason(kind, col, c, b))
            for col, x, y in finalcode_count.worse(c, b)]


def excused(mrows, prog, target, k, worse, asm_clang, asm_plugin):
    """worse (worse_in's list for kernel k of prog) with each column a device
    row of mrows (device-measured.tsv) excuses given that row as its reason:
    the very code of asm_clang and asm_plugin (their files) timed, the
    plugin's faster beyond noise."""
    if not mrows or all(why for _, _, _, why, _ in worse):
        return worse
    sha = (public.file_sha(asm_clang), public.file_sha(asm_plugin))
    out = []
    for col, x, y, why, note in worse:
        m = None if why else public.measured_row(mrows, prog, k, col, x, y, sha,
                                                 [asm_clang, asm_plugin], target)
        if m:
            why = "this very code on %s: %.1f -> %.1f us (%.3f of clang's time; %s)" % (
                m["device"], m["us"][0], m["us"][1], m["us"][1] / m["us"][0], m["src"])
        out.append((col, x, y, why, note))
    return out


def ptxas_cols(c):
    """A kernel's (registers, spill stores, stack frame bytes) from its
    counts (finalcode_count's ptxas_meta columns), or None without ptxas."""
    return [c["regs"], c["spill_st"], c["stack"]] if c and "regs" in c else None


def main():
    tmp = tempfile.mkdtemp()
    rows, failures, ratios, nvcc_rows = [], [], {}, []
    mrows = public.measured_rows(MEASURED)
    progs = programs()
    for group, path, lang in progs:
        name = os.path.relpath(path, ROOT)
        for target in targets(lang):
            for opt in ("2", "3"):
                res, asms = {}, {}
                for v in ("clang", "open", "gasp", "version"):
                    out = os.path.join(tmp, "%s.%s.O%s.%s.%s" % (os.path.basename(path), target, opt, v,
                                                               "o" if target == "spirv64" else "s"))
                    asm, dt, err = compile_one(lang, path, target, opt, v, out)
                    if asm is None:
                        failures.append("%s %s -O%s %s: %s" % (name, target, opt, v, err[0]))
                        res = None
                        break
                    res[v], asms[v] = count(target, asm), asm
                if res is None:
                    continue
                if opt == "2":  # compile time: alternate clang and gasp, 5 pairs
                    tc, tg = [], []
                    for _ in range(5):
                        for v, acc in (("clang", tc), ("gasp", tg)):
                            out = os.path.join(tmp, "t." + ("o" if target == "spirv64" else "s"))
                            cmd = variant_cmd(lang, path, target, opt, v, out)
                            t0 = time.perf_counter()
                            sh(cmd)
                            acc.append(time.perf_counter() - t0)
                    ratios.setdefault((group, target), []).append(statistics.median(tg) / statistics.median(tc))
                if NVCC and lang == "cuda" and group == "new" and opt == "2":
                    nv = nvcc_generic(path, tmp)
                    tot = lambda v: sum(x.get("generic", 0) for x in res[v].values())
                    nvcc_rows.append((name, nv, tot("clang"), tot("open"), tot("gasp")))
                for k in sorted(res["clang"]):
                    c, o, g, vv = (res[v].get(k, {}) for v in ("clang", "open", "gasp", "version"))
                    pc, pg, pv = (ptxas_cols(x) for x in (c, g, vv))
                    rows.append(dict(group=group, prog=name, target=target, opt=opt, kernel=k,
                                     gc=c.get("generic", 0), go=o.get("generic", 0), gg=g.get("generic", 0),
                                     nc=c.get("named", 0), ng=g.get("named", 0),
                                     ic=c.get("instrs", 0), ig=g.get("instrs", 0),
                                     gv=vv.get("generic", 0), iv=vv.get("instrs", 0),
                                     pc=pc, pg=pg, pv=pv,
                                     wo=excused(mrows, name, target, k, worse_in(target, c, o),
                                                asms["clang"], asms["open"]),
                                     wg=excused(mrows, name, target, k, worse_in(target, c, g),
                                                asms["clang"], asms["gasp"])))
    shutil.rmtree(tmp)
    report(rows, failures, ratios, len(progs), nvcc_rows)


def nvcc_generic(path, tmp):
    """Generic memory instructions nvcc -O3 -arch=sm_90 -ptx leaves in the
    code its kernels reach (None when nvcc fails)."""
    out = os.path.join(tmp, "nvcc.ptx")
    r = sh([NVCC, "-O3", "-arch=sm_90", "-ptx", "-I" + os.path.join(ROOT, "bench", "pipeline"),
            path, "-o", out])
    if r.returncode != 0:
        return None
    return sum(k.get("generic", 0) for k in count("nvptx64", out).values())


def fmt_ptx(p):
    return "%d/%d/%d" % tuple(p) if p else "-"


def counted(worse):
    """Whether a kernel's worse list has a column that costs the device."""
    return any(why is None for _, _, _, why, _ in worse)


def report(rows, failures, ratios, nprogs, nvcc_rows):
    L = []
    w = L.append
    hdr = "with the CUDA toolkit's headers and libdevice (%s)" % CUDA_PATH if CUDA_PATH else \
        "without the CUDA toolkit (bench/pipeline/gpu.h)"
    w("# gasp in the users' pipeline: clang-22 -O2/-O3 with the pass plugin\n")
    w("Written by `sh bench/pipeline.sh` (bench/pipeline.py): %d program files, %s; %s; %s.\n"
      % (nprogs, hdr, "ptxas -v: " + PTXAS if PTXAS else "no ptxas",
         sh(["clang-22", "--version"]).stdout.splitlines()[0]))
    w("Columns: generic memory instructions in the code reachable from each kernel — clang alone,")
    w("with the plugin (open world), with the plugin and `-mllvm -gasp-whole-program` (\"gasp\");")
    w("named ones and all instructions (clang, gasp); PTX: ptxas registers/spill stores/stack bytes.\n")
    met = True
    w("## Totals\n")
    w("| programs | target | -O | generic: clang | open | gasp | gasp/clang | limit | kernels worse | instrs: clang | gasp | growth | compile time gasp/clang (median) | worse in a column: open | gasp | met |")
    w("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for group in ("new", "kernels"):
        for target in OCL_TARGETS:
            for opt in ("2", "3"):
                rs = [r for r in rows if r["group"] == group and r["target"] == target and r["opt"] == opt]
                if not rs:
                    continue
                gc, go, gg = (sum(r[k] for r in rs) for k in ("gc", "go", "gg"))
                ic, ig = sum(r["ic"] for r in rs), sum(r["ig"] for r in rs)
                worse = sum(1 for r in rs if r["gg"] > r["gc"])
                lim = 10 if target == "nvptx64" else 20
                rt = ratios.get((group, target))
                ratio = statistics.median(rt) if rt else 0
                wo, wg = (sum(1 for r in rs if counted(r[key])) for key in ("wo", "wg"))
                ok = gg * lim <= gc and worse == 0 and ig * 100 <= ic * 102 and ratio <= 1.05 and \
                    wo == 0 and wg == 0
                if group == "new" and not ok:
                    met = False
                w("| %s | %s | %s | %d | %d | %d | %s | 1/%d | %d | %d | %d | %+.1f%% | %s | %d | %d | %s |"
                  % (group, target, opt, gc, go, gg, "%.3f" % (gg / gc) if gc else "-", lim, worse, ic, ig,
                     100.0 * (ig - ic) / ic if ic else 0, "%.3f" % ratio if rt and opt == "2" else "",
                     wo, wg, ("yes" if ok else "no") if group == "new" else "-"))
    w("")
    if failures:
        met = False
        w("## Failures\n")
        for f in failures:
            w("- " + f)
        w("")
    if nvcc_rows:
        w("## Against nvcc\n")
        w("The CUDA programs at -O2 with the plugin beside NVIDIA's compiler, `nvcc -O3 -arch=sm_90 -ptx`")
        w("(a comparison only: generic memory instructions in the code each program's kernels reach).\n")
        w("| program | nvcc -O3 | clang -O2 | with the plugin (open) | with -gasp-whole-program |")
        w("|---|---|---|---|---|")
        t = [0, 0, 0, 0]
        for name, nv, c, o, g in nvcc_rows:
            w("| %s | %s | %d | %d | %d |" % (name, "-" if nv is None else nv, c, o, g))
            for i, v in enumerate((nv or 0, c, o, g)):
                t[i] += v
        w("| **total** | %d | %d | %d | %d |\n" % tuple(t))
    w("## Versioning by space\n")
    w("The same with `-mllvm -gasp-version-by-space=on` beside `-gasp-whole-program` (\"gasp\"):")
    w("generic memory instructions and all instructions in kernel-reachable code; PTX: ptxas")
    w("registers/spill stores/stack bytes, summed over the kernels.\n")
    w("| programs | target | -O | generic: gasp | versioned | instrs: gasp | versioned | ptxas: gasp | versioned |")
    w("|---|---|---|---|---|---|---|---|---|")
    for group in ("new", "kernels"):
        for target in OCL_TARGETS:
            for opt in ("2", "3"):
                rs = [r for r in rows if r["group"] == group and r["target"] == target and r["opt"] == opt]
                if rs:
                    px = [[r[key] for r in rs if r[key]] for key in ("pg", "pv")]
                    px = [fmt_ptx([sum(p[i] for p in ps) for i in range(3)]) if ps else "-" for ps in px]
                    w("| %s | %s | %s | %d | %d | %d | %d | %s | %s |" % (
                        group, target, opt, sum(r["gg"] for r in rs), sum(r["gv"] for r in rs),
                        sum(r["ig"] for r in rs), sum(r["iv"] for r in rs), px[0], px[1]))
    w("")
    w("## Kernels worse than clang's, column by column\n")
    w("Each kernel x column where a plugin build's final code is worse than clang's beyond the")
    w("column's tolerance (%s; finalcode_count.worse), for the open-world build" % finalcode_count.tolerance_words())
    w("and the whole-program build (\"gasp\"); a register more that costs the device nothing, and")
    w("a column a lent GPU timed on this very code with the plugin's build faster beyond noise")
    w("(bench/pipeline/device-measured.tsv), is listed with its reason and not counted in the totals;")
    w("a counted row says what else was measured of it (finalcode_count.measured_reason: for PTX")
    w("instructions the machine code, for registers, spills and frames the memory instructions).\n")
    listed = [(r, way, col, x, y, why, note) for r in rows
              for way, key in (("open", "wo"), ("gasp", "wg")) for col, x, y, why, note in r[key]]
    if listed:
        w("| program | target | -O | kernel | build | column | clang | plugin | device | measured |")
        w("|---|---|---|---|---|---|---|---|---|---|")
        for r, way, col, x, y, why, note in listed:
            w("| %s | %s | %s | %s | %s | %s | %d | %d | %s | %s |" % (
                r["prog"], r["target"], r["opt"], r["kernel"][:40], way, col, x, y, why or "-",
                "-" if why or not note else note))
    else:
        w("None.")
    w("")
    w("## Per kernel\n")
    w("| program | target | -O | kernel | generic: clang | open | gasp | named: clang | gasp | instrs: clang | gasp | ptxas clang | ptxas gasp |")
    w("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        w("| %s | %s | %s | %s | %d | %d | %d | %d | %d | %d | %d | %s | %s |"
          % (r["prog"], r["target"], r["opt"], r["kernel"][:40], r["gc"], r["go"], r["gg"], r["nc"],
             r["ng"], r["ic"], r["ig"], fmt_ptx(r["pc"]), fmt_ptx(r["pg"])))
    w("")
    write_report("pipeline", "pipeline.md", "\n".join(L) + "\n")
    sys.exit(0 if met else 1)


if __name__ == "__main__":
    main()
