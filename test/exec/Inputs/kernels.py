#!/usr/bin/env python3
"""Runs the project's OpenCL test kernels (test/kernels/*.cl) under gasp-run
and checks the results against values computed here, independently of
gasp-run, from the input buffers gasp-run dumped (--dump).

usage: kernels.py check   TARGET WORKDIR [KERNEL...] [--cuda]
           compile for TARGET (spir64, nvptx64, amdgcn-amd-amdhsa), run with
           --check-as, compare every output buffer with the reference below
           (no KERNEL: every OpenCL kernel; --cuda adds the CUDA-style ones
           on nvptx64 and amdgcn)
       kernels.py compare TARGET WORKDIR [GASP-OPT FLAGS...]
           run gasp-opt FLAGS on each kernel, then gasp-run --check-as
           --compare original transformed (with --lower-generic=tags: also
           fail if a generic memory op is left; --private-in-global is
           passed to gasp-run too; --opt=PIPELINE (not passed to
           gasp-opt) runs `opt-22 PIPELINE` on gasp-opt's output first, e.g.
           --opt=-O2: the original is compared with gasp + opt; --cc=FLAG
           adds FLAG to clang's command line, e.g. --cc=-g; --llc also
           compiles gasp's output with llc-22 for nvptx64/amdgcn; --cuda adds
           the CUDA-style kernels; --only=K1,K2 runs just those)
       kernels.py args    NAME
           print gasp-run's arguments for kernel NAME (--kernel ... --arg ...)
Prints one line per kernel ("ok ..." / "FAIL ...") and exits 1 on a failure.
"""
import os
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "..", "..", "kernels")
CLANG = ["clang-22", "-cl-std=CL2.0", "-O1", "-fno-inline-functions", "-emit-llvm",
         "-S", "-Xclang", "-finclude-default-header", "-nogpulib"]

# kernel -> (global, local, [arg specs])
RUNS = {
    "vadd": ("64", "16", ["buf:f32:64:rand=1", "buf:f32:64:rand=2", "buf:f32:64"]),
    "reduce_local": ("64", "16", ["buf:f32:64:rand=3", "buf:f32:4", "local:64"]),
    "transpose_tile": ("16,16", "8,8", ["buf:i32:256:iota", "buf:i32:256", "i32=16"]),
    "private_array": ("32", "8", ["buf:i32:32", "i32=1"]),
    "atomics_hist": ("64", "16", ["buf:i8:64:rand=4", "buf:i32:16", "local:64"]),
    "pingpong": ("64", "32", ["buf:f32:64:rand=5", "buf:f32:64", "i32=3"]),
    "select_ptr": ("32", "32", ["buf:i32:32:iota", "local:128"]),
    "helper_chain": ("32", "16", ["buf:i32:48:rand=6", "buf:i32:32", "local:64"]),
    "ptr_return": ("32", "8", ["buf:f32:64:rand=7", "buf:f32:32"]),
    "stencil": ("64", "16", ["buf:f32:64:rand=8", "buf:f32:64", "i32=64"]),
    "scan_local": ("64", "16", ["buf:i32:64:rand=9", "buf:i32:64", "local:64"]),
    "matmul_tiled": ("8,8", "4,4", ["buf:f32:64:rand=10", "buf:f32:64:rand=11",
                                    "buf:f32:64", "i32=8"]),
    "particles": ("32", "16", ["buf:f32:128:rand=12", "buf:f32:128:rand=13",
                               "buf:f32:128", "buf:f32:128", "i32=32"]),
    "warp_reduce": ("128", "64", ["buf:f32:256:rand=14", "buf:f32:2", "local:256"]),
    "templates": ("16", "8", ["buf:i32:16:rand=15", "buf:f32:16:rand=16", "buf:i32:16",
                              "buf:f32:16", "local:32"]),
    "cuda_blur": ("64", "32", ["buf:f32:256:rand=17", "buf:f32:256", "buf:f32:2", "i32=64"]),
    "bitonic": ("64", "32", ["buf:i32:64:rand=18", "local:128"]),
    "histogram": ("64", "32", ["buf:f32:256:rand=19", "buf:i32:16", "i32=4"]),
    "ell_spmv": ("64", "16", ["buf:i32:256:rand=20", "buf:f32:256:rand=21",
                              "buf:f32:64:rand=22", "buf:f32:64", "i32=64"]),
    "stencil2d": ("16,16", "8,8", ["buf:f32:256:rand=23", "buf:f32:256", "i32=16", "i32=16"]),
    "reduce_tmpl": ("64", "32", ["buf:f32:128:rand=24", "buf:i32:128:rand=25", "buf:f32:2",
                                 "buf:i32:2"]),
}

# Source files: OpenCL C (.cl) and C++ for OpenCL (.clcpp) kernels run on
# every target; CUDA-style kernels (.cu, with test/kernels/cuda.h) only on
# nvptx64 (CUDA) and amdgcn (as HIP), and only when named (or --cuda).
EXT = {"templates": ".clcpp", "cuda_blur": ".cu", "histogram": ".cu", "ell_spmv": ".cu",
       "stencil2d": ".cu", "reduce_tmpl": ".cu"}
CUDA = ["-O1", "-fno-inline-functions", "-emit-llvm", "-S", "--cuda-device-only",
        "-include", os.path.join(KERNELS, "cuda.h"), "-Wno-unknown-cuda-version"]

FMT = {"i8": "b", "i32": "i", "f32": "f"}


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


def i32(x):
    return (x + 2**31) % 2**32 - 2**31


def ref_vadd(a):
    return {2: [f32(x + y) for x, y in zip(a[0], a[1])]}


def tree_sum(s):
    """s[0] after the kernels' tree reduction: s[l] += s[l + off] for
    l < off, off = len(s) / 2, then halved down to 1 (f32 rounding)."""
    s = list(s)
    off = len(s) // 2
    while off:
        for l in range(off):
            s[l] = f32(s[l] + s[l + off])
        off //= 2
    return s[0]


def ref_reduce_local(a):
    return {1: [tree_sum(a[0][g * 16:(g + 1) * 16]) for g in range(4)]}


def ref_transpose_tile(a):
    w, src = 16, a[0]
    out = [0] * 256
    for y in range(16):
        for x in range(16):
            out[x * w + y] = src[y * w + x]
    return {1: out}


def ref_private_array(a):
    k = 1
    return {0: [4 * ((i + k) % 3 + 1) * i + 6 for i in range(32)]}


def ref_atomics_hist(a):
    hist = [0] * 16
    for v in a[0]:
        hist[(v & 0xFF) & 15] += 1
    return {1: hist}


def ref_pingpong(a):
    out = []
    for g in range(2):
        src = list(a[0][g * 32:(g + 1) * 32])
        for _ in range(3):
            src = [f32(0.5 * f32(src[l] + src[(l + 1) % 32])) for l in range(32)]
        out += src
    return {1: out}


def ref_select_ptr(a):
    return {0: [(i if i & 1 else 10 * i) + 1 for i in range(32)]}


def ref_helper_chain(a):
    src = a[0]

    def top(p, i):
        return i32(2 * p[i] + 2 * p[i + 1] + 2)

    out = []
    for gid in range(32):
        lid, base = gid % 16, gid - gid % 16
        tmp = src[base:base + 16]
        b = top(tmp, lid) if lid + 1 < 16 else 0
        out.append(i32(top(src, gid) + b + top([gid, gid + 1, gid + 2], 0)))
    return {1: out}


def ref_ptr_return(a):
    b = a[0]
    return {1: [f32(b[i & 7] + b[(i + 1) & 7]) for i in range(32)]}


def ref_stencil(a):
    src, n = a[0], 64
    out = []
    for i in range(n):
        acc = 0.0
        for k in (-1, 0, 1):
            if 0 <= i + k < n:
                acc += src[i + k] * (0.5 if k == 0 else 0.25)
        out.append(acc)
    return {1: out}


def ref_scan_local(a):
    out = []
    for g in range(4):
        acc = 0
        for v in a[0][g * 16:(g + 1) * 16]:
            acc = i32(acc + v)
            out.append(acc)
    return {1: out}


def ref_particles(a):
    pos = [a[0][4 * i:4 * i + 4] for i in range(32)]
    vel = [a[1][4 * i:4 * i + 4] for i in range(32)]
    dt, soft = 0.01, 0.5
    po, vo = [], []
    for g in range(32):
        me = pos[g][:3] + [1.0]
        acc = [0.0] * 4
        for b in pos:
            d = [b[0] - me[0], b[1] - me[1], b[2] - me[2], 0.0]
            r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + soft
            acc = [x + y / r2 for x, y in zip(acc, d)]
        v = [x + y * dt for x, y in zip(vel[g], acc)]
        po += [x + y * dt for x, y in zip(me, v)]
        vo += v
    return {2: po, 3: vo}


def ref_warp_reduce(a):
    out = []
    for g in range(2):
        src = a[0][g * 128:(g + 1) * 128]
        out.append(tree_sum([f32(src[l] + src[l + 64]) for l in range(64)]))
    return {1: out}


def ref_templates(a):
    ai, af = a[0], a[1]
    oi, of = [], []
    for g in range(16):
        b = g & ~3
        oi.append(i32(sum(ai[b:b + 4]) + 10 * g + ai[g]))
        s1 = s2 = 0.0
        for j in range(4):
            s1 = f32(s1 + af[b + j])
            s2 = f32(s2 + f32(2.0 * af[b + j]))
        of.append(f32(s1 + s2))
    return {2: oi, 3: of}


def ref_cuda_blur(a):
    src = [a[0][4 * i:4 * i + 4] for i in range(64)]

    def at(p, i, n):
        return p[i] if 0 <= i < n else [0.0] * 4

    def blur(p, i, n):
        return [c * 0.5 + (l + r) * 0.25
                for c, l, r in zip(at(p, i, n), at(p, i - 1, n), at(p, i + 1, n))]
    out, sums = [], []
    for blk in range(2):
        tile = src[blk * 32:(blk + 1) * 32]
        part = []
        for t in range(32):
            v = blur(src, blk * 32 + t, 64) if t in (0, 31) else blur(tile, t, 32)
            out += v
            part.append(f32(f32(f32(v[0] + v[1]) + v[2]) + v[3]))
        sums.append(tree_sum(part))
    return {1: out, 2: sums}


def ref_bitonic(a):
    return {0: sorted(a[0][:32]) + sorted(a[0][32:])}


def ref_histogram(a):
    hist = [0] * 16
    for x in a[0]:
        hist[min(15, max(0, int(f32(x / f32(1.0 / 16)))))] += 1
    return {1: hist}


def ref_ell_spmv(a):
    cols, vals, x, rows = a[0], a[1], a[2], 64
    out = []
    for r in range(rows):
        s = 0.0
        for k in range(4):
            c = cols[k * rows + r] - 128
            if c >= 0:
                s = f32(s + f32(vals[k * rows + r] * x[c % rows]))
        out.append(s)
    return {3: out}


def ref_stencil2d(a):
    src, w, h = a[0], 16, 16

    def at(x, y):
        return src[min(max(y, 0), h - 1) * w + min(max(x, 0), w - 1)]
    return {1: [0.5 * at(x, y) + 0.125 * (at(x - 1, y) + at(x + 1, y) + at(x, y - 1) +
                                          at(x, y + 1))
                for y in range(h) for x in range(w)]}


def ref_reduce_tmpl(a):
    fo, io = [], []
    for b in range(2):
        fo.append(tree_sum([f32(a[0][b * 32 + t] + a[0][b * 32 + t + 64]) for t in range(32)]))
        io.append(i32(sum(a[1][b * 32 + t] + a[1][b * 32 + t + 64] for t in range(32))))
    return {2: fo, 3: io}


def ref_matmul_tiled(a):
    A, B, n = a[0], a[1], 8
    return {2: [sum(A[r * n + k] * B[k * n + c] for k in range(n))
                for r in range(n) for c in range(n)]}


def load(path, t):
    data = open(path, "rb").read()
    return list(struct.unpack("<%d%s" % (len(data) // struct.calcsize(FMT[t]), FMT[t]), data))


def elem_type(spec):
    return spec.split(":")[1] if spec.startswith("buf:") else None


def applies(name, target):
    """Whether kernel name can be built for target (CUDA: not on spir64)."""
    return EXT.get(name) != ".cu" or not target.startswith("spir")


def kernel_command(name, target, work, cflags=()):
    """The clang-22 command that compiles kernel name for target, and the
    .ll it writes."""
    ll = os.path.join(work, "%s.%s.ll" % (name, target))
    src = os.path.join(KERNELS, name + EXT.get(name, ".cl"))
    if src.endswith(".cu"):
        front = CUDA + (["-nocudainc", "-nocudalib", "--cuda-gpu-arch=sm_70"]
                        if target.startswith("nvptx") else
                        ["-x", "hip", "-nogpuinc", "-nogpulib", "--offload-arch=gfx900"])
        cmd = ["clang-22"] + front + list(cflags) + [src, "-o", ll]
    else:
        std = ["-cl-std=clc++2021"] if src.endswith(".clcpp") else []
        cmd = CLANG + std + list(cflags) + ["-target", target, src, "-o", ll]
    return cmd, ll


def compile_kernel(name, target, work, cflags=()):
    cmd, ll = kernel_command(name, target, work, cflags)
    subprocess.run(cmd, check=True)
    return ll


def default_names(target, cuda):
    """The kernels a run covers: every OpenCL kernel, plus (with --cuda) the
    CUDA-style ones where they apply."""
    return [n for n in sorted(RUNS)
            if (EXT.get(n) != ".cu" or cuda) and applies(n, target)]


def llc_args(target):
    """llc-22 for a target's machine code (None: spir64 has no back end)."""
    if target.startswith("nvptx"):
        return ["llc-22", "-mtriple=" + target, "-mcpu=sm_70"]
    if target.startswith("amdgcn"):
        return ["llc-22", "-mtriple=" + target, "-mcpu=gfx900"]
    return None


def run_args(name):
    glob, loc, specs = RUNS[name]
    args = ["--kernel", name, "--global", glob, "--local", loc]
    for s in specs:
        args += ["--arg", s]
    return args


def check(target, work, names):
    failed = 0
    for name in names:
        ll = compile_kernel(name, target, work)
        dump = os.path.join(work, "%s.%s.dump" % (name, target))
        r = subprocess.run(["gasp-run", ll, "--check-as", "--dump", dump] + run_args(name),
                           capture_output=True, text=True)
        if r.returncode:
            print("FAIL %s %s: gasp-run exit %d: %s" % (name, target, r.returncode,
                                                       r.stderr.strip()))
            failed += 1
            continue
        specs = RUNS[name][2]
        inputs = {i: load(os.path.join(dump, "arg%d.in.bin" % i), elem_type(s))
                  for i, s in enumerate(specs) if elem_type(s)}
        want = globals()["ref_" + name](inputs)
        bad = None
        for i, vals in want.items():
            got = load(os.path.join(dump, "arg%d.bin" % i), elem_type(specs[i]))
            for j, (g, w) in enumerate(zip(got, vals)):
                ok = abs(g - w) <= 1e-5 * max(1.0, abs(w)) if elem_type(specs[i]) == "f32" \
                    else g == w
                if not ok:
                    bad = "arg%d element %d: got %r, want %r" % (i, j, g, w)
                    break
            if bad:
                break
        if bad:
            print("FAIL %s %s: %s" % (name, target, bad))
            failed += 1
        else:
            checked = sum(len(v) for v in want.values())
            print("ok %s %s: %d values checked" % (name, target, checked))
    return failed


def compare(target, work, flags):
    failed = 0
    then = [f[len("--opt="):] for f in flags if f.startswith("--opt=")]
    cflags = [f[len("--cc="):] for f in flags if f.startswith("--cc=")]
    llc = "--llc" in flags
    names = default_names(target, "--cuda" in flags)
    only = [f[len("--only="):] for f in flags if f.startswith("--only=")]
    if only:
        names = [n for n in only[0].split(",") if applies(n, target)]
    flags = [f for f in flags if not f.startswith(("--opt=", "--cc=", "--only="))
             and f not in ("--llc", "--cuda")]
    for name in names:
        ll = compile_kernel(name, target, work, cflags)
        out = os.path.join(work, "%s.%s.gasp.ll" % (name, target))
        opt = subprocess.run(["gasp-opt", "-S", "--summary"] + flags + [ll, "-o", out],
                             capture_output=True, text=True, check=True)
        for pipeline in then:
            optd = os.path.join(work, "%s.%s.gasp.opt.ll" % (name, target))
            subprocess.run(["opt-22", "-S", pipeline, out, "-o", optd],
                           capture_output=True, text=True, check=True)
            out = optd
        if llc and llc_args(target):
            r = subprocess.run(llc_args(target) + [out, "-o", os.devnull],
                               capture_output=True, text=True)
            if r.returncode:
                print("FAIL %s %s: llc-22: %s" % (name, target, r.stderr.strip()[:300]))
                failed += 1
                continue
        left = [l for l in opt.stderr.splitlines() if "generic memory ops after:" in l]
        extra = ["--private-in-global"] if "--private-in-global" in flags else []
        r = subprocess.run(["gasp-run", ll, "--check-as", "--compare", out] + extra +
                           run_args(name), capture_output=True, text=True)
        last = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ""
        if "--lower-generic=tags" in flags and (not left or not left[0].endswith(": 0")):
            print("FAIL %s %s: generic memory ops left after lowering: %s" %
                  (name, target, left))
            failed += 1
        elif r.returncode or last != "identical":
            print("FAIL %s %s: exit %d: %s %s" % (name, target, r.returncode, last,
                                                 r.stderr.strip()))
            failed += 1
        else:
            live = [l for l in opt.stderr.splitlines()
                    if "generic memory ops reachable from kernels:" in l]
            n = live[0].split(":")[2].split()[0] if live else "?"
            print("ok %s %s: identical (reachable generic left: %s)" % (name, target, n))
    return failed


def main():
    if sys.argv[1] == "args":
        print(" ".join(run_args(sys.argv[2])))
        return
    mode, target, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    if mode == "check":
        names = [n for n in sys.argv[4:] if n != "--cuda"]
        failed = check(target, work, [n for n in names if applies(n, target)] or
                       default_names(target, "--cuda" in sys.argv[4:]))
    else:
        failed = compare(target, work, sys.argv[4:])
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
