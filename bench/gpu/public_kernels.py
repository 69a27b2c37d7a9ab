# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The public suites' kernels that bench/gpu/gpu.py times beside the
project's own: Rodinia's and SHOC's OpenCL kernels, and Rodinia's CUDA
dwt2d, whose arguments a launch can synthesize (global buffers and scalars
only: no `__local` or `__constant` pointer parameters, no image, no struct
of pointers), whose results do not
depend on the order threads run in (no races, no float atomics), read from
the pinned commits of bench/public (`--repos REPOS`, as bench/public.sh
takes; the sources never enter this repository).

Each entry: the repository and file, the kernel, the defines its host
passes when it builds the program (SHOC: -DSINGLE_PRECISION; Rodinia's
sizes), and two sizes, each (global, local, argument specs) in gasp-run's
and gpu-run's spec language (an i32 buffer's rand contents lie in
[0, 1024), so every buffer an index read from memory may reach holds at
least 1,024 elements):
  test    small enough for gasp-run on the CPU (its outputs are the
          reference the device's test-size run is compared with);
  device  the timed launch: the kernel's own contract kept (its work-group
          shape, a buffer covering all its indexing reaches), aiming at
          >= 50 us a launch on a current card (hundreds of MB moved, or
          that much arithmetic).
`tol`: the relative tolerance of the CPU-against-device comparison where
the kernel's math is OpenCL's relaxed kind (exp, log, sqrt, sin/cos,
division: libclc's device functions and the host's libm may differ by a
few ulps, and a sum of many such terms accumulates them); builds on the
device are always compared to 1e-5 relative or 1e-6 of the buffer's largest
magnitude (the same functions on both sides; gpu-run --against).
"""

RODINIA = "yuhc/gpu-rodinia"
PIPELINE = "bench/pipeline"  # not a repository: the project's own programs (below)
SHOC = "vetter/shoc"
CLBLAST = "CNugteren/CLBlast"
SP = ["-DSINGLE_PRECISION"]
M = 1 << 20


def buf(t, n, init=None):
    return "buf:%s:%d%s" % (t, n, ":" + init if init else "")


def _backprop(inp):   # bpnn_adjust_weights_ocl: hid = 16 (Rodinia's), `in` rows of 16
    hid = 16
    return ("16,%d" % inp, "16,16",
            [buf("f32", hid + 1, "rand=31"), "i32=%d" % hid, buf("f32", inp + 1, "rand=32"),
             "i32=%d" % inp, buf("f32", (inp + 1) * (hid + 1), "rand=33"),
             buf("f32", (inp + 1) * (hid + 1), "rand=34")])


def _bfs2(n):
    return ("%d" % n, "256", [buf("i8", n), buf("i8", n, "rand=35"), buf("i8", n), buf("i8", 1),
                              "i32=%d" % n])


def _cfd_step(n):     # NVAR = 5 variables per element, structure of arrays
    return ("%d" % n, "128", [buf("f32", 5 * n, "rand=36"), buf("f32", n, "rand=37"),
                              buf("f32", n), "i32=%d" % n])


def _cfd_time(n):
    return ("%d" % n, "128", ["i32=1", "i32=%d" % n, buf("f32", 5 * n, "rand=38"),
                              buf("f32", 5 * n), buf("f32", n, "rand=39"),
                              buf("f32", 5 * n, "rand=40")])


def _fan2(size):      # step t = 0 of Gaussian elimination; m, a: size x size
    return ("%d,%d" % (size, size), "16,16",
            [buf("f32", size * size, "rand=41"), buf("f32", size * size, "rand=42"),
             buf("f32", size, "rand=43"), "i32=%d" % size, "i32=0"])


def _hotspot(grid, pyramid):   # BLOCK_SIZE 16, EXPAND_RATE 2 (Rodinia's host arithmetic)
    small = 16 - 2 * pyramid
    blocks = (grid + small - 1) // small
    return ("%d,%d" % (blocks * 16, blocks * 16), "16,16",
            ["i32=%d" % pyramid, buf("f32", grid * grid, "rand=44"),
             buf("f32", grid * grid, "rand=45"), buf("f32", grid * grid),
             "i32=%d" % grid, "i32=%d" % grid, "i32=%d" % pyramid, "i32=%d" % pyramid,
             "f32=0.5", "f32=1.0", "f32=1.0", "f32=4.0", "f32=0.001"])


def _hotspot3d(nx, ny, nz):
    n = nx * ny * nz
    return ("%d,%d" % (nx, ny), "64,4" if nx >= 64 else "16,4",
            [buf("f32", n, "rand=46"), buf("f32", n, "rand=47"), buf("f32", n), "f32=0.01",
             "i32=%d" % nx, "i32=%d" % ny, "i32=%d" % nz] + ["f32=0.1"] * 6 + ["f32=0.4"])


def _kmeans(n, nf, nc):
    return ("%d" % n, "256", [buf("f32", n * nf, "rand=48"), buf("f32", nc * nf, "rand=49"),
                              buf("i32", n), "i32=%d" % n, "i32=%d" % nc, "i32=%d" % nf,
                              "i32=0", "i32=0"])


def _kmeans_swap(n, nf):
    return ("%d" % n, "256", [buf("f32", n * nf, "rand=50"), buf("f32", n * nf),
                              "i32=%d" % n, "i32=%d" % nf])


def _nn(n):
    return ("%d" % n, "256", [buf("f32", 2 * n, "rand=51"), buf("f32", n), "i32=%d" % n,
                              "f32=0.5", "f32=0.25"])


def _srad_elem(n):    # NUMBER_THREADS 256 (main.h's default)
    return ("%d" % n, "256", ["i64=%d" % n, buf("f32", n, "rand=52")])


def _md(n, neigh):    # float4 positions and forces; neighbour indices in [0, 1024)
    return ("%d" % n, "128", [buf("f32", 4 * n), buf("f32", 4 * max(n, 1024), "rand=53"),
                              "i32=%d" % neigh, buf("i32", neigh * n, "rand=54"),
                              "f32=16.0", "f32=1.5", "f32=2.0", "i32=%d" % n])


def _spmv(n):         # one non-zero per row (row delimiters 0, 1, 2, ...), columns in [0, 1024)
    return ("%d" % n, "128", [buf("f32", n, "rand=55"), buf("f32", max(n, 1024), "rand=56"),
                              buf("i32", n, "rand=57"), buf("i32", n + 1, "iota"),
                              "i32=%d" % n, buf("f32", n)])


def _sgemm(n):        # sgemmNN: 64 x 16 tiles, work-groups of 16 x 4
    return ("%d,%d" % (n // 4, n // 4), "16,4",
            [buf("f32", n * n, "rand=58"), "i32=%d" % n, buf("f32", n * n, "rand=59"),
             "i32=%d" % n, buf("f32", n * n, "rand=60"), "i32=%d" % n, "i32=%d" % n,
             "f32=1.0", "f32=0.5"])


def _fft(groups):     # 512 complex values per work-group of 64
    return ("%d" % (64 * groups), "64", [buf("f32", 1024 * groups, "rand=61")])


def _md5(byte_length, vals_per_byte):   # a digest nothing matches: every key tried
    keyspace = vals_per_byte ** byte_length
    threads = keyspace // vals_per_byte
    return ("%d" % threads, "%d" % min(threads, 128),
            ["i32=305419896", "i32=-1", "i32=7", "i32=1023", "i32=%d" % keyspace, "i32=%d" % byte_length,
             "i32=%d" % vals_per_byte, buf("i32", 1), buf("i8", 8), buf("i32", 4)])


def _reduce1(n):      # SHOC's reduction for devices without local memory: one work-item
    return ("1", "1", [buf("f32", n, "rand=62"), buf("f32", 1), "i32=%d" % n])


def _dwt(sx, sy, win_sx, win_sy, typ, seed):
    """Rodinia dwt2d's launch (launch*Kernel in its .cu): steps =
    ceil(sy / (15 win_sy)), a grid of ceil(sx / win_sx) x ceil(sy / (win_sy
    steps)) blocks of win_sx threads; input and output sx x sy."""
    steps = -(-sy // (15 * win_sy))
    gx, gy = -(-sx // win_sx), -(-sy // (win_sy * steps))
    return ("%d,%d" % (gx * win_sx, gy), "%d,1" % win_sx,
            [buf(typ, sx * sy, "rand=%d" % seed), buf(typ, sx * sy), "i32=%d" % sx, "i32=%d" % sy,
             "i32=%d" % steps])


DWT = "cuda/dwt2d/dwt_cuda/"


def _dwt_entry(kind, wx, wy):
    """Rodinia dwt2d's kernel `kind` (fdwt97, rdwt97: float; fdwt53, rdwt53:
    int) instantiated for wx threads x wy rows: its KERNELS entry."""
    f32 = kind.endswith("97")
    typ, seed = ("f32", 63 if kind == "fdwt97" else 64) if f32 else \
        ("i32", 65 if kind == "fdwt53" else 66)
    mangled = "_ZN8dwt_cuda12%sKernelILi%dELi%dEEEvP%s" % (kind, wx, wy,
                                                         "KfPfiii" if f32 else "KiPiiii")
    return (RODINIA, DWT + kind + ".cu", mangled, [], _dwt(wx, 64, wx, wy, typ, seed),
            _dwt(8192, 4096, wx, wy, typ, seed), 1e-4 if f32 else 0)


# CUDA: Rodinia's dwt2d, the kernels bench/public finds with 8 more
# registers (fdwt97, rdwt97, rdwt53) or one more cvta (fdwt53) with the
# plugin (941 generic accesses each named): the device says what that
# costs.  The 192x8 instantiations first; then the others bench/public lists
# with more registers, each timed apart (bench/public/device-measured.tsv
# excuses only the code a device ran).
DWT_KERNELS = dict(
    [("rodinia." + k, _dwt_entry(k, 192, 8)) for k in ("fdwt97", "rdwt97", "fdwt53", "rdwt53")] +
    [("rodinia.%s_%dx%d" % (k, wx, wy), _dwt_entry(k, wx, wy))
     for k, wy in (("fdwt97", 6), ("rdwt97", 6), ("rdwt53", 8)) for wx in (128, 64)])

def _triple_part2(n, bs, cur, seed):
    """CLBlast's inversion step TripleMatMul<cur>Part2Upper (B12 = -B11 B12
    in place, levelx/xinvert.cpp's launch): dest holds ceil(n / bs) blocks
    of bs x bs; npages = ceil(n / 2 cur) pages, work-groups of (cur / 4 or
    16) x 4."""
    pages = -(-n // (2 * cur))
    l0 = cur // 4 if cur <= 32 else 16
    g0 = -(-(cur // 4) // l0) * l0
    g1 = pages * (cur // 16) * 4
    return ("%d,%d" % (g0, g1), "%d,4" % l0,
            ["i32=%d" % n, buf("f32", bs * -(-n // bs) * bs, "rand=%d" % seed), "i32=%d" % cur,
             "i32=%d" % pages, "i32=%d" % bs])


# CUDA: CLBlast's matrix inversion as its CUDA backend builds it
# (bench/public --suites clblast): its TripleMatMul helpers take generic
# pointers, gasp clones them for shared and global ones (568 generic
# accesses named; machine code 845 -> 648 instructions at one register
# more, 55 -> 56, the same allocation granule).
CLBLAST_KERNELS = {
    "clblast.triple16_part2_upper": (CLBLAST, "cuda/src/routines/levelx/xinvert.cpp",
                                     "TripleMatMul16Part2Upper", [], _triple_part2(64, 32, 16, 67),
                                     _triple_part2(4 * M, 32, 16, 67), 1e-4),
}

# name -> (repository, file, kernel, defines, test size, device size, tol)
KERNELS = {
    "rodinia.backprop_adjust": (RODINIA, "opencl/backprop/backprop_kernel.cl",
                                "bpnn_adjust_weights_ocl", [], _backprop(64), _backprop(M), 1e-5),
    "rodinia.bfs2": (RODINIA, "opencl/bfs/Kernels.cl", "BFS_2", [], _bfs2(1024), _bfs2(64 * M),
                     0),
    "rodinia.cfd_step_factor": (RODINIA, "opencl/cfd/Kernels.cl", "compute_step_factor", [],
                                _cfd_step(384), _cfd_step(12 * M), 1e-4),
    "rodinia.cfd_time_step": (RODINIA, "opencl/cfd/Kernels.cl", "time_step", [],
                              _cfd_time(384), _cfd_time(4 * M), 1e-5),
    "rodinia.gaussian_fan2": (RODINIA, "opencl/gaussian/gaussianElim_kernels.cl", "Fan2", [],
                              _fan2(32), _fan2(6144), 1e-5),
    "rodinia.hotspot": (RODINIA, "opencl/hotspot/hotspot_kernel.cl", "hotspot",
                        ["-DBLOCK_SIZE=16"], _hotspot(64, 2), _hotspot(4096, 2), 1e-4),
    "rodinia.hotspot3d": (RODINIA, "opencl/hotspot3D/hotspotKernel.cl", "hotspotOpt1", [],
                          _hotspot3d(16, 16, 4), _hotspot3d(512, 512, 64), 1e-5),
    "rodinia.kmeans": (RODINIA, "opencl/kmeans/kmeans.cl", "kmeans_kernel_c", [],
                       _kmeans(512, 8, 5), _kmeans(M, 34, 5), 1e-5),
    "rodinia.kmeans_swap": (RODINIA, "opencl/kmeans/kmeans.cl", "kmeans_swap", [],
                            _kmeans_swap(512, 8), _kmeans_swap(M, 34), 0),
    "rodinia.nn": (RODINIA, "opencl/nn/nearestNeighbor_kernel.cl", "NearestNeighbor", [],
                   _nn(1024), _nn(24 * M), 1e-5),
    "rodinia.srad_extract": (RODINIA, "opencl/srad/kernel/kernel_gpu_opencl.cl", "extract_kernel",
                             [], _srad_elem(1024), _srad_elem(32 * M), 1e-5),
    "rodinia.srad_compress": (RODINIA, "opencl/srad/kernel/kernel_gpu_opencl.cl",
                              "compress_kernel", [], _srad_elem(1024), _srad_elem(32 * M), 1e-5),
    "shoc.md": (SHOC, "src/opencl/level1/md/md.cl", "compute_lj_force", SP, _md(1024, 4),
                _md(128 * 1024, 128), 1e-3),
    "shoc.spmv_csr_scalar": (SHOC, "src/opencl/level1/spmv/spmv.cl", "spmv_csr_scalar_kernel", SP,
                             _spmv(1024), _spmv(12 * M), 1e-5),
    "shoc.sgemm_nn": (SHOC, "src/opencl/level1/gemm/gemmN.cl", "sgemmNN", SP, _sgemm(64),
                      _sgemm(1024), 1e-4),
    "shoc.fft512": (SHOC, "src/opencl/level1/fft/fft.cl", "fft1D_512", SP, _fft(4),
                    _fft(32 * 1024), 1e-3),
    "shoc.md5": (SHOC, "src/opencl/level1/md5hash/md5.cl", "FindKeyWithDigest_Kernel", [],
                 _md5(2, 16), _md5(4, 96), 0),
    "shoc.reduce_nolocal": (SHOC, "src/opencl/level1/reduction/reduction.cl", "reduceNoLocal", SP,
                            _reduce1(256), _reduce1(256 * 1024), 1e-4),
}


def _gemv(rows, cols, typ, seed):
    """bench/pipeline's gemv<T>: one thread a row, x staged in a shared tile
    of 512 when cols <= 512 (the helper then reads shared memory), read from
    global memory otherwise."""
    return ("%d" % rows, "128" if rows >= 128 else "32",
            [buf(typ, rows * cols, "rand=%d" % seed), buf(typ, cols, "rand=%d" % (seed + 1)),
             buf(typ, rows), "i32=%d" % rows, "i32=%d" % cols])


def _axpy(n, typ, seed, local):
    """bench/pipeline's axpy<T>: a grid-stride loop of stride blockDim.x * 64,
    so 64 blocks cover n."""
    a = "i32=3" if typ == "i32" else "%s=2.5" % typ
    return ("%d" % (64 * local), "%d" % local,
            [buf(typ, n, "rand=%d" % seed), buf(typ, n, "rand=%d" % (seed + 1)), a, "i32=%d" % n])


def _nbody(n):
    """bench/pipeline's nbody: blocks of 128 (its shared tile's size), float4
    positions and velocities."""
    return ("%d" % n, "128", [buf("f32", 4 * n, "rand=74"), buf("f32", 4 * n, "rand=75"),
                              "i32=%d" % n, "f32=0.01"])


def _records(n):
    """bench/pipeline's records.cl: 28-byte records (3 + 3 floats and an id)."""
    return ("%d" % n, "64", [buf("f32", 7 * n, "rand=76"), buf("f32", n), "f32=0.01"])


# The project's own bench/pipeline programs whose kernels bench/pipeline
# lists worse than clang's build in a static column (instructions, SASS,
# stack, registers) for copies per space (gemv: a shared and a global copy
# of its dot product; records: the private and the global record) or the
# back end's choices around them (axpy: 24 bytes more stack, the clone's
# by-value functor at 16-byte alignment; nbody: 5 registers more at -O3):
# what the device says they cost.  Built as bench/pipeline builds them (the
# toolkit's headers; `repo` PIPELINE: the file is in this repository).
PIPELINE_KERNELS = {
    "pipeline.gemv_f32": (PIPELINE, "bench/pipeline/cuda/gemv_tmpl.cu", "_Z4gemvIfEvPKT_S2_PS0_ii",
                          [], _gemv(64, 32, "f32", 70), _gemv(128 * 1024, 256, "f32", 70), 1e-4),
    "pipeline.gemv_f64": (PIPELINE, "bench/pipeline/cuda/gemv_tmpl.cu", "_Z4gemvIdEvPKT_S2_PS0_ii",
                          [], _gemv(64, 32, "f64", 72), _gemv(64 * 1024, 256, "f64", 72), 1e-9),
    "pipeline.gemv_f32_global": (PIPELINE, "bench/pipeline/cuda/gemv_tmpl.cu",
                                 "_Z4gemvIfEvPKT_S2_PS0_ii", [], _gemv(64, 1024, "f32", 70),
                                 _gemv(32 * 1024, 1024, "f32", 70), 1e-4),
    "pipeline.axpy_f32": (PIPELINE, "bench/pipeline/cuda/saxpy_tmpl.cu", "_Z4axpyIfEvPT_PKS0_S0_i",
                          [], _axpy(4096, "f32", 77, 32), _axpy(16 * M, "f32", 77, 256), 1e-5),
    "pipeline.axpy_f64": (PIPELINE, "bench/pipeline/cuda/saxpy_tmpl.cu", "_Z4axpyIdEvPT_PKS0_S0_i",
                          [], _axpy(4096, "f64", 79, 32), _axpy(8 * M, "f64", 79, 256), 1e-9),
    "pipeline.axpy_i32": (PIPELINE, "bench/pipeline/cuda/saxpy_tmpl.cu", "_Z4axpyIiEvPT_PKS0_S0_i",
                          [], _axpy(4096, "i32", 81, 32), _axpy(16 * M, "i32", 81, 256), 0),
    "pipeline.nbody": (PIPELINE, "bench/pipeline/cuda/nbody.cu", "_Z5nbodyPK6float4PS_if", [],
                       _nbody(256), _nbody(32 * 1024), 1e-4),
    "pipeline.records": (PIPELINE, "bench/pipeline/opencl/records.cl", "step", [],
                         _records(1024), _records(8 * M), 1e-5),
}
KERNELS.update(DWT_KERNELS)
KERNELS.update(CLBLAST_KERNELS)
KERNELS.update(PIPELINE_KERNELS)
