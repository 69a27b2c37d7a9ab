#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""public.py REPOS [--programs N] [--opt O2,O3] [--wp] [-j J] — programs
nobody here wrote, built the way users build them, counted in the final code.

REPOS is a folder of git directories laid out as OWNER+NAME/repo (or set
GASP_PUBLIC_REPOS); no path of any machine is committed.  The programs are
taken from the commits pinned below, extracted with `git archive` into
bench/public/work/ (ignored), never copied into the project:

  zjin-lcf/HeCBench      only the programs at even positions of
                         `ls -d src/*-cuda | sed 's/-cuda$//' | sort |
                         awk 'NR % 2 == 0'` (the odd ones are held out for
                         measurement from outside), the first N of them:
                         their -cuda/main.cu (CUDA) and -hip/main.cu (HIP)
  yuhc/gpu-rodinia       cuda/: every .cu no other file there includes (CUDA);
                         with --suites rodinia-opencl, opencl/'s OpenCL C
                         kernel files instead (a screen, never in public.md)
  vetter/shoc            src/cuda (CUDA) and src/opencl (OpenCL C) kernels
  cavazos-lab/PolyBench-ACC  CUDA/ and OpenCL/ kernels
  NVIDIA/cuda-samples    only with --suites cuda-samples (a report of its
                         own, bench/public/cuda-samples.md): every
                         Samples/**/*.cu no other file there includes,
                         with Common/ and the toolkit's CCCL headers
                         (libcu++'s memcpy_async, cooperative groups, CUB)
  utcs-scea/altis        only with --suites altis: src/cuda's kernel files
                         (src/common: its framework's headers)
  yuhc/gpu-parboil       only with --suites parboil: benchmarks/'s CUDA and
                         OpenCL C kernel files (both: screens from outside
                         the report, bench/README.md, never in public.md)
  hashcat/hashcat        only with --suites hashcat (a report of its own,
                         bench/public/hashcat.md): OpenCL/'s kernel files,
                         which hashcat's CUDA backend compiles as CUDA with
                         NVRTC (src/backend.c: -D KERNEL_STATIC, the
                         include folder and the device's facts as -D;
                         every pointer a helper takes is generic there):
                         the a0-pure file of every HASHCAT_STRIDE-th hash
                         mode, built with clang-22 -x cuda and the defines
                         an sm_90 device gets (HASHCAT_DEFINES)
  vtsynergy/OpenDwarfs   only with --suites opendwarfs: its dwarfs' OpenCL
  pannotia/pannotia      C kernel files; only with --suites pannotia:
                         graph_app's OpenCL C kernel files (both screens
                         from outside the report, never in public.md)
  karpathy/llm.c         only with --suites llm.c: dev/cuda's kernel files
                         (one program per kernel family, several versions
                         of each: a screen from outside the report)
  accel-sim/gpu-app-collection
                         only with --suites gpu-app-collection: the kernel
                         files of its ISPASS-2009, LonestarGPU, DOE proxy
                         apps, dragon_li, Pannotia (CUDA) and custom apps
                         (a screen from outside the report)
  CNugteren/CLBlast      only with --suites clblast: one OpenCL C unit per
                         BLAS routine, its kernel files composed as the
                         library composes them for an NVIDIA device, as
                         OpenCL C and as its CUDA backend's CUDA
                         (clblast_units; a screen from outside the report)
  openwall/john          only with --suites john: run/opencl's kernel files
                         (no other file there includes them), built as
                         John the Ripper builds them (src/opencl_common.c:
                         OpenCL C 1.2 on a 2.0 device, -cl-mad-enable, the
                         device's facts as -D) for an NVIDIA, AMD or other
                         GPU per target, with one set of format defines
                         (JOHN_DEFINES; each format's host passes its own)
  tpruvot/ccminer        only with --suites ccminer: its CUDA files that
                         hold a kernel (not compat/, Windows' headers), as
                         its Makefile builds them (-I of the top folder, an
                         empty ccminer-config.h for configure's; jansson's
                         and curl's headers, which miner.h includes:
                         apt install libjansson-dev libcurl4-openssl-dev)
  sgminer-dev/sgminer    only with --suites sgminer: kernel/'s OpenCL C
                         kernel files (no other file there includes them),
                         with the options its host passes (SGMINER_DEFINES)
  xmrig/xmrig            only with --suites xmrig: its OpenCL C programs
                         src/backend/opencl/cl/cn/cryptonight.cl and
                         rx/randomx.cl, with the options its runners pass
                         (OclCnRunner, OclRxBaseRunner: XMRIG_CN_DEFINES,
                         XMRIG_RX_DEFINES, for cn/2 and rx/0; no -cl-std:
                         OpenCL C 1.2, where NVPTX's private pointers are
                         generic ones)
  pjreddie/darknet       only with --suites darknet: src/'s CUDA layer
                         kernels, as its Makefile builds them with GPU=1
                         (-DGPU, -Iinclude; cuBLAS's and cuRAND's headers
                         from the toolkit)
  kaldi-asr/kaldi        only with --suites kaldi: its .cu files (matrix
                         kernels, the CUDA decoder, features, chain), -Isrc
                         and what its configure defines (CUDA_SUITE_FLAGS;
                         bench/public/cub-compat.h for CUB's Max and Min)
  gromacs/gromacs        only with --suites gromacs: its two OpenCL programs
                         (nonbonded kernels, every flavour; PME) with the
                         options its host passes per vendor (GROMACS_*)
  NVIDIA/cccl            only with --suites thrust: thrust/examples' .cu
                         files, whose kernels are Thrust's and CUB's own
                         templates (by-value iterators and functors,
                         decoupled look-back) instantiated for each
                         example, built with the toolkit's CCCL headers
  NVIDIA/cutlass         only with --suites cutlass: its examples up to
                         Ampere's (CUTLASS_EXAMPLES; GEMMs, convolutions,
                         fused attention), kernels of its templates, with
                         its include folders and CUDA_SUITE_FLAGS
  facebookresearch/faiss only with --suites faiss: faiss/gpu's .cu files
                         (k-selection, IVF, distances; kernels of its
                         templates), -I of its top folder; not its tests,
                         perf tools, cuVS bridges or generated instances
  brichard19/BitCrack    only with --suites bitcrack: its CUDA key search
                         (CudaKeySearchDevice/*.cu, relocatable device code
                         as its Makefile builds it: -fgpu-rdc) and its OpenCL
                         program CLKeySearchDevice/bitcrack.cl (secp256k1,
                         SHA-256, RIPEMD-160 helpers on private arrays)
  johguse/profanity      only with --suites profanity: its one OpenCL
                         program (keccak.cl and profanity.cl, 256-bit
                         modular arithmetic on private structs), with its
                         host's options (PROFANITY_DEFINES)
  ethereum-mining/ethminer  only with --suites ethminer: Ethash, its
                         OpenCL program with the host's definitions per
                         vendor (ETHMINER_*) and its CUDA miner kernel
  bitsandbytes-foundation/bitsandbytes  only with --suites bitsandbytes:
                         csrc/'s CUDA kernels (blockwise quantization,
                         optimizers, 4-bit GEMM) with its CMake's defines
  microsoft/LightGBM     only with --suites lightgbm: its OpenCL histogram
                         kernels with its host's options (OCL_DEFINES)
  primesearch/mfaktc     only with --suites mfaktc: its CUDA trial-factoring
                         kernels (96-bit arithmetic on structs, the GPU sieve)
  GNOME/gegl             only with --suites gegl: its OpenCL operations, each
                         after random.cl as its host builds them (OpenCL C 3.0)
(OpenCL-CTS, CLSmith output, pocl and beignet tests are held out: never used.)

Targets: CUDA -> nvptx64 sm_90 with the toolkit's own headers and libdevice
(--cuda-path from nvcc; left out with a note where there is no toolkit);
HIP -> amdgcn gfx90a with Debian's HIP 5.2 headers (libamdhip64-dev) and
ROCm device libraries (rocm-device-libs), `-mcode-object-version=5
-D__AMDGCN_WAVEFRONT_SIZE=64` (clang-22 no longer defines the macro the
5.2 headers read); OpenCL C 2.0 -> nvptx64, amdgcn gfx90a and spirv64,
its builtins linked as a user's build links them (libclc-22 on nvptx64,
with the toolkit's libdevice for its math, and amdgcn;
-mlink-builtin-bitcode, benchlib.LIBCLC; none on spirv64), so that
get_global_id or barrier is no call to an external function.
The include folders a program's Makefile names (-I...) are passed on.

Each unit is built, at each --opt level (default O2):
  clang    clang-22 -OX, then llc-22 -OX (the user's build without gasp:
           clang -OX runs the back end at level X too)
  plugin   clang-22 -OX -fpass-plugin=build/lib/gasp-plugin.so, then llc-22 -OX
  wp       (--wp) the plugin with -mllvm -gasp-whole-program
  nvcc     nvcc -O3 -ptx -arch=sm_90 (CUDA only, where nvcc exists: the
           vendor's compiler as a comparison, never a dependency)
and bench/finalcode_count.py counts, in the functions reachable from the
kernels, the memory instructions through a generic address (PTX ld/st/atom
without a state space; AMDGPU flat_*; SPIR-V accesses through a Generic
pointer), the named ones and every instruction.

What runs is counted too: on nvptx64 and amdgcn, gasp-run --count executes
each kernel (up to RUN_KERNELS per unit) of the clang module and of the
plugin's, one work-group of 64 work-items, with synthetic arguments (every
global pointer a zeroed 256 KiB buffer, every local pointer 4 KiB, integers
64, floats 1.0, dynamic shared memory 4 KiB), and sums the accesses made
through a generic pointer and the instructions executed, with and without
the addrspacecasts among them (and the invariant-group launders gasp's
launder pass hands llc, which code generation drops like a folded cast,
and the fake uses gasp's frames pass keeps a stack slot with, which it
emits nothing for: gasp-run's `casts`), on each module as llc's own address-space
passes leave it (backend_named: on nvptx64 llc-22
-stop-after=infer-address-spaces, NVPTXLowerArgs and InferAddressSpaces
having named what they name, as in the final code; on amdgcn the bitcode
itself, which clang's optimizer has run InferAddressSpaces on; the
reports' "IR handed to llc" means that IR; what llc adds later, such as
the PTX printf argument buffer, is not counted).  The
runs check every access (--check-as), so a kernel that indexes past the
synthetic buffers fails every time rather than
only when the memory past them happens to be unmapped.  A kernel that
cannot run is counted with its reason (a by-value struct or vector
parameter, a builtin gasp-run lacks, an access outside every buffer on
synthetic data, a timeout); one whose clang module runs and whose plugin
module does not is a gasp bug, listed and counted as a failure; where
both run, gasp-run --compare runs them once more side by side, and a
buffer that comes out different is a gasp bug too, listed and counted the
same way ("computes differently with the plugin").  A unit is "worse" when the plugin's
executed generic accesses are more than clang's (its static count where no
kernel ran).  A unit clang cannot compile is listed as skipped (one it
takes over TOOL_S seconds to compile, apart); an llc-22 failure (one over
TOOL_S seconds said to be a timeout) is counted apart for clang and for
the plugin (a build that fails only with the plugin is a gasp bug).

The final code is also compared kernel by kernel, column by column
(bench/finalcode_count.py --per-kernel: generic, instructions, cvta; PTX
ld.global.nc, .v2/.v4 loads and stores, .local frame bytes and, where the
CUDA toolkit is installed, ptxas -arch=sm_90 -v registers, spill bytes and
stack frame, and where scripts/sass-tools.sh has run, the machine
instructions (sass), in which a cvta is judged: a cvta.to.global is no
machine instruction; AMDGPU global/scratch/ds, scalar loads, s_waitcnt, the
drains among them (waits for a counter to reach 0), and the kernel
metadata's VGPRs, SGPRs, scratch bytes and spills; SPIR-V, where
SPIRV-Tools is installed, invalid: 1 for each kernel of a module spirv-val
rejects): a kernel is worse in a
column when the plugin's count is worse than clang's beyond the column's
tolerance (finalcode_count.COLUMNS: 2% for instructions, waits, drains and
machine instructions, 0 for the others; more waits only where drains did not fall); every
kernel x column is listed.  Two are listed without failing the gate: a
kernel x column a lent GPU timed faster with the plugin, this very code
(device-measured.tsv), and a register more that costs the device nothing
(finalcode_count.device_same): a PTX kernel's that the device allocates
the same (sm_90 allocates 8 registers per thread at a time, so 55 and 56
are both 56 and the occupancy is the same) or at the same warps per SM
(cuda_occupancy.h's sub-partitions: 175 and 182 are 8 warps either way,
the same blocks per SM for every block size), a PTX frame grown where the
kernel's deepest call chain of frames, what the device sets aside a
thread, is no deeper (finalcode_count.chain), an AMDGPU kernel's VGPR or
SGPR more at no fewer waves per SIMD (llc's own occupancy for the kernel,
evaluated by llvm-mc: finalcode_count.amdgpu_waves).  A PTX row in a
column ptxas decides (registers, spill bytes, frame) says when clang's own
bitcode, run through LLVM's InferAlignment pass and llc, gets the plugin's
value as well (realigned; bench/public/explain.py), or when the plugin's
own PTX with its named local and global accesses made generic again gets
clang's value or better (unnamed; finalcode_count.ptx_generic, the machine
code column too) or, where the kernel as a whole does not, when each of its
functions that grew over clang's does (unnamed_functions: a kernel's
spills are a sum over its functions), or when the kernel has fewer memory instructions than
clang's (it keeps, in registers or spill slots, values clang's build reads again); a row of PTX
instructions says when the machine code ptxas makes of them is no worse
(finalcode_count.measured_reason): measured reasons, still counted.  A row in a column
ptxas decides that the plugin's PTX with its module-scope variables
declared in clang's build's order no longer has (relaid) is listed apart,
not counted: ptxas lays the constant bank out in declaration order, and
clang-22's CUDA front end orders the device variables the host uses anew
each run (llvm-project#188616; the plugin adds, removes and moves no
variable).

Writes bench/public/public.md (per-suite and per-target tables, totals, the
units the plugin made worse, failures) and prints it.  Exit 1 (the gate)
when a build fails only with the plugin or a kernel is worse in a column.
"""
import argparse
import hashlib
import json
import concurrent.futures
import os
import re
import shutil
import tempfile
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import benchlib  # noqa: E402
import finalcode_count  # noqa: E402
PTXAS = shutil.which("ptxas")
SASS = finalcode_count.sass_tools()  # scripts/sass-tools.sh: the sass column
BUILD = os.path.join(ROOT, "build")  # --build
PLUGIN_ARGS = []  # --mllvm: options for every build with the plugin (placements compared)
RUN_ARGS = []  # the command line the report says produced it
WORK = os.path.join(HERE, "work")

# the pinned commits (what `fetch` brought on 2026-11-25)
PINS = {
    "zjin-lcf/HeCBench": "f27000a51",
    "yuhc/gpu-rodinia": "9c10d3e",
    "vetter/shoc": "0aea03b",
    "cavazos-lab/PolyBench-ACC": "70ea4ca",
    "NVIDIA/cuda-samples": "c94ff366",
    "utcs-scea/altis": "042e292",
    "yuhc/gpu-parboil": "ccf3d31",
    "hashcat/hashcat": "d3983edaf",  # fetched 2026-11-30
    "vtsynergy/OpenDwarfs": "fdec393",  # fetched 2026-11-30
    "pannotia/pannotia": "16c1f09",  # fetched 2026-11-30
    "CNugteren/CLBlast": "eeff2514",  # fetched before 2026-11-30
    "karpathy/llm.c": "f1e2ace",  # fetched 2026-11-30
    "accel-sim/gpu-app-collection": "52c11fbc",  # fetched 2026-11-30
    "ProjectPhysX/FluidX3D": "8986874e",  # fetched 2026-11-30
    "bulletphysics/bullet3": "6c888f4ab",  # fetched 2026-12-01
    "ROCm/rocm-examples": "7dfb7d4",  # fetched 2026-12-01
    "ggml-org/ggml": "d99724f2",  # fetched 2026-12-01
    "chai-benchmarks/chai": "1ad38e3",  # fetched 2026-12-01
    "openwall/john": "3c2e19c0d",  # fetched before 2026-12-02
    "tpruvot/ccminer": "6ff4e509",  # fetched 2026-12-02
    "sgminer-dev/sgminer": "8bf1c180",  # fetched 2026-12-02
    "pjreddie/darknet": "f6afaabc",  # fetched 2026-12-03
    "kaldi-asr/kaldi": "f40076610",  # fetched 2026-12-03
    "gromacs/gromacs": "b1a82ec195",  # fetched 2026-12-04
    "NVIDIA/cccl": "571f2fc3bc",  # fetched 2026-12-04
    "NVIDIA/cutlass": "7107b0553",  # fetched 2026-12-04
    "facebookresearch/faiss": "02dbb4e42",  # fetched 2026-12-04
    "xmrig/xmrig": "b2ca7248",  # fetched 2026-12-06
    "brichard19/BitCrack": "6bf8059",  # fetched 2026-12-06
    "johguse/profanity": "186b9b2",  # fetched 2026-12-06
    "ethereum-mining/ethminer": "8eaf50ab3",  # fetched 2026-12-06
    "bitsandbytes-foundation/bitsandbytes": "95f9af30",  # fetched 2026-12-06
    "microsoft/LightGBM": "bae0b7ba9",  # fetched 2026-12-06
    "primesearch/mfaktc": "13cac29",  # fetched 2026-12-06
    "GNOME/gegl": "3d6ed0be1",  # fetched 2026-12-06
}
# CUTLASS's example folders the suite builds (at the pin)
CUTLASS_EXAMPLES = (
    "00_basic_gemm 01_cutlass_utilities 02_dump_reg_shmem 03_visualize_layout 04_tile_iterator "
    "05_batched_gemm 06_splitK_gemm 07_volta_tensorop_gemm 08_turing_tensorop_gemm "
    "09_turing_tensorop_conv2dfprop 10_planar_complex 11_planar_complex_array 12_gemm_bias_relu "
    "13_two_tensor_op_fusion 14_ampere_tf32_tensorop_gemm 15_ampere_sparse_tensorop_gemm "
    "16_ampere_tensorop_conv2dfprop 17_fprop_per_channel_bias "
    "18_ampere_fp64_tensorop_affine2_gemm 19_tensorop_canonical 20_simt_canonical "
    "21_quaternion_gemm 22_quaternion_conv 23_ampere_gemm_operand_reduction_fusion "
    "24_gemm_grouped 25_ampere_fprop_mainloop_fusion 26_ampere_wgrad_mainloop_fusion "
    "27_ampere_3xtf32_fast_accurate_tensorop_gemm 28_ampere_3xtf32_fast_accurate_tensorop_fprop "
    "29_ampere_3xtf32_fast_accurate_tensorop_complex_gemm 30_wgrad_split_k 31_basic_syrk "
    "32_basic_trmm 33_ampere_3xtf32_tensorop_symm 34_transposed_conv2d 35_gemm_softmax "
    "36_gather_scatter_fusion 37_gemm_layernorm_gemm_fusion 38_syr2k_grouped 39_gemm_permute "
    "41_fused_multi_head_attention 42_ampere_tensorop_group_conv 43_ell_block_sparse_gemm "
    "45_dual_gemm 46_depthwise_simt_conv2dfprop 47_ampere_gemm_universal_streamk").split()
# each suite's repository
SUITE_REPO = {"HeCBench": "zjin-lcf/HeCBench", "rodinia": "yuhc/gpu-rodinia",
              "shoc": "vetter/shoc", "PolyBench-ACC": "cavazos-lab/PolyBench-ACC",
              "cuda-samples": "NVIDIA/cuda-samples", "altis": "utcs-scea/altis",
              "parboil": "yuhc/gpu-parboil", "hashcat": "hashcat/hashcat",
              "rodinia-opencl": "yuhc/gpu-rodinia", "opendwarfs": "vtsynergy/OpenDwarfs",
              "pannotia": "pannotia/pannotia", "clblast": "CNugteren/CLBlast",
              "llm.c": "karpathy/llm.c", "gpu-app-collection": "accel-sim/gpu-app-collection",
              "fluidx3d": "ProjectPhysX/FluidX3D", "bullet3": "bulletphysics/bullet3",
              "rocm-examples": "ROCm/rocm-examples", "ggml-opencl": "ggml-org/ggml",
              "ggml-cuda": "ggml-org/ggml", "chai": "chai-benchmarks/chai",
              "john": "openwall/john", "ccminer": "tpruvot/ccminer",
              "sgminer": "sgminer-dev/sgminer", "darknet": "pjreddie/darknet",
              "kaldi": "kaldi-asr/kaldi", "gromacs": "gromacs/gromacs",
              "thrust": "NVIDIA/cccl", "cutlass": "NVIDIA/cutlass",
              "faiss": "facebookresearch/faiss", "xmrig": "xmrig/xmrig",
              "bitcrack": "brichard19/BitCrack", "profanity": "johguse/profanity",
              "ethminer": "ethereum-mining/ethminer",
              "bitsandbytes": "bitsandbytes-foundation/bitsandbytes",
              "lightgbm": "microsoft/LightGBM", "mfaktc": "primesearch/mfaktc",
              "gegl": "GNOME/gegl"}
# built only when --suites names them (each its own report or screen): the
# folders and extensions tree_units reads, and whether a kernel may sit in
# an included header
OPT_IN = {"cuda-samples": (["Samples", "Common"], (".cu",), True),
          "altis": (["src/cuda", "src/common"], (".cu",), False),
          "parboil": (["benchmarks", "common"], (".cu", ".cl"), False),
          "rodinia-opencl": (["opencl"], (".cl",), False),
          "opendwarfs": (["branch-and-bound", "combinational-logic", "dense-linear-algebra",
                          "dynamic-programming", "finite-state-machine", "graph-traversal",
                          "graphical-models", "n-body-methods", "sparse-linear-algebra",
                          "spectral-methods", "structured-grids", "unstructured-grids"],
                         (".cl",), False),
          "pannotia": (["graph_app"], (".cl",), False),
          "llm.c": (["dev/cuda"], (".cu",), False),
          # darknet's CUDA layers (src/*_kernels.cu), built as its Makefile
          # builds them with GPU=1 (-DGPU, -Iinclude)
          "darknet": (["src", "include"], (".cu",), False),
          # kaldi's CUDA kernels (cudamatrix, cudadecoder, cudafeat, chain)
          # with the headers of src/ they include
          "kaldi": (["src"], (".cu",), False),
          # AMD's HIP examples, .hip files built as HIP for gfx90a
          "rocm-examples": (["Applications", "HIP-Basic", "Tutorials", "Common"], (".hip",),
                            False),
          # ggml's OpenCL backend (llama.cpp's, for Adreno and Intel GPUs):
          # each kernel file is one program its host builds
          "ggml-opencl": (["src/ggml-opencl/kernels"], (".cl",), False),
          # its CUDA backend's .cu files (the headers they reach: include/
          # and three of src/); the generated template instances are pruned
          # (SUITE_PRUNE)
          "ggml-cuda": (["src/ggml-cuda", "include", "src/ggml-common.h", "src/ggml-impl.h",
                         "src/ggml-backend-impl.h"], (".cu",), False),
          # Bullet's OpenCL rigid-body pipeline; its kernels include the
          # shared C headers of the other three (SUITE_INCLUDES)
          "bullet3": (["src/Bullet3OpenCL", "src/Bullet3Collision", "src/Bullet3Common",
                       "src/Bullet3Dynamics"], (".cl",), False),
          # Chai's collaborative kernels (CPU and GPU share the data: system
          # atomics, OpenCL 2.0 fine-grained SVM in its -U versions), each
          # benchmark's kernel.cu or kernel.cl as its host builds it
          "chai": (["CUDA-D", "CUDA-U", "OpenCL-D", "OpenCL-U"], (".cu", ".cl"), False),
          # Thrust's examples: host programs whose kernels the library's
          # templates make (LIBRARY_KERNELS), with its include/ helpers
          "thrust": (["thrust/examples"], (".cu",), False),
          # CUTLASS's examples up to Ampere's (00-47; Hopper's and later want
          # sm_90a and newer, 40 and 44 are Python), kernels of its headers'
          # templates (LIBRARY_KERNELS), with the include folders its CMake
          # passes (SUITE_INCLUDES)
          "cutlass": (["examples/" + x for x in CUTLASS_EXAMPLES] +
                      ["include", "tools/util/include", "tools/library/include",
                       "examples/common"], (".cu",), False),
          # faiss's GPU code (faiss/gpu: the k-selection queues, IVF scans,
          # distances), kernels of its headers' templates (LIBRARY_KERNELS),
          # -I of the tree's top as its CMake passes; its tests and perf
          # tools (gtest), the cuVS bridges (RAPIDS' headers) and the
          # generated scan instances (their CMake's defines) left out
          "faiss": (["faiss"], (".cu",), False),
          # bitsandbytes' CUDA kernels (quantization, 4-bit GEMM), with the
          # definitions its CMake passes for an sm_90 build (CUDA_SUITE_FLAGS)
          "bitsandbytes": (["csrc"], (".cu",), False),
          # mfaktc's trial factoring (96-bit and Barrett kernels, the GPU
          # sieve): the .cu files no other includes, as its Makefile builds them
          "mfaktc": (["src"], (".cu",), False),
          # LightGBM's OpenCL histogram kernels (OCL_DEFINES: its host's options)
          "lightgbm": (["src/treelearner/ocl"], (".cl",), False),
          "gpu-app-collection": (["src/cuda/" + x for x in (
              "ispass-2009", "lonestargpu-2.0", "proxy-apps-doe", "dragon_li", "pannotia",
              "custom-apps", "common")], (".cu",), True)}
RUN_KERNELS = 8
ROCM_LIB = "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"
OCL_TARGETS = ("nvptx64", "amdgcn", "spirv64")
TRIPLE = {"nvptx64": "nvptx64-nvidia-cuda", "amdgcn": "amdgcn-amd-amdhsa",
          "spirv64": "spirv64-unknown-unknown"}


TOOL_S = 900  # the time limit of a unit's front end (front) and back end (back): llc-22
# -O3 takes 6m45s alone on GROMACS's nonbonded kernels for gfx90a


def sh(cmd, cwd=None, timeout=300):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, errors="replace",
                           timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return 124, "", "timed out"


def timed_out(rc, err):
    """sh's answer for a command it stopped at its time limit."""
    return rc == 124 and err == "timed out"


def gitdir(repos, name):
    """OWNER+NAME/repo: a bare git directory, or a checkout's repo/.git."""
    d = os.path.join(repos, name.replace("/", "+"), "repo")
    if os.path.isdir(os.path.join(d, ".git")):
        return os.path.join(d, ".git")
    return d if os.path.isdir(d) else None


def extract(git, commit, paths, dest):
    """git archive COMMIT PATHS | tar -x -C DEST."""
    os.makedirs(dest, exist_ok=True)
    a = subprocess.Popen(["git", "--git-dir", git, "archive", commit] + paths,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    t = subprocess.run(["tar", "-x", "-C", dest], stdin=a.stdout, capture_output=True)
    a.wait()
    return a.returncode == 0 and t.returncode == 0


SOURCE_EXTS = (".cu", ".cuh", ".h", ".hpp", ".hh", ".c", ".cc", ".cpp", ".cl", ".clh", ".inc",
               ".def")


def extract_sources(git, commit, roots, dest):
    """The source files under roots, one by one (a repository whose archive
    fails on a missing large data file)."""
    rc, out, _ = sh(["git", "--git-dir", git, "ls-tree", "-r", "--name-only", commit] + roots)
    if rc:
        return False
    for path in out.split("\n"):
        if not (path.endswith(SOURCE_EXTS) or os.path.basename(path) == "Makefile"):
            continue
        p = subprocess.run(["git", "--git-dir", git, "cat-file", "blob", "%s:%s" % (commit, path)],
                           capture_output=True)
        if p.returncode:
            continue
        try:
            os.makedirs(os.path.join(dest, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(dest, path), "wb") as f:
                f.write(p.stdout)
        except OSError:
            continue  # under a link git archive left dangling
    return True


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
# A unit: dict(suite, lang (cuda|hip|ocl), name, src, inc: [folders],
# defs: [-D flags of its Makefile]).

def makefile_includes(path, unit_dir):
    """The -I folders a program's Makefile names, relative to its folder."""
    try:
        text = open(path, errors="replace").read()
    except OSError:
        return []
    out = []
    for m in re.finditer(r"-I\s*([^\s$()]+)", text):
        d = os.path.normpath(os.path.join(unit_dir, m.group(1)))
        if os.path.isdir(d) and d not in out:
            out.append(d)
    return out


def makefile_defines(path):
    """The -D macros a program's Makefile sets unconditionally (in a
    variable's assignment outside every ifeq/ifdef block: what a plain
    `make` passes; adv's -Ddfloat=double)."""
    try:
        text = re.sub(r"\\\n", " ", open(path, errors="replace").read())
    except OSError:
        return []
    depth, out = 0, []
    for line in text.splitlines():
        s = line.strip()
        if re.match(r"(ifeq|ifneq|ifdef|ifndef)\b", s):
            depth += 1
        elif s.startswith("endif"):
            depth = max(0, depth - 1)
        elif not depth and re.match(r"[A-Za-z_]\w*\s*[:+?]?=", s):
            for m in re.finditer(r"(?<!\S)-D\s*([A-Za-z_]\w*(?:=[^\s$()'\"]+)?)(?=\s|$)", s):
                if "-D" + m.group(1) not in out:
                    out.append("-D" + m.group(1))
    return out


def hecbench_half(every, n, half="even", skip=0):
    """The HeCBench programs a run builds, of every program name in order:
    the even half (`awk 'NR % 2 == 0'`: the 2nd, 4th, ...) or, for a screen
    from outside the report, the odd half held out of it; n of them after
    the first skip."""
    return (every[1::2] if half == "even" else every[0::2])[skip:skip + n]


def hecbench_units(repos, n, names=None, half="even", skip=0):
    """HeCBench's programs of the even half (the first n; half and skip:
    hecbench_half), or with names (base names without -cuda/-hip) those
    programs, of either half."""
    repo = SUITE_REPO["HeCBench"]
    git = gitdir(repos, repo)
    if not git:
        return [], "%s not in REPOS" % repo
    commit = PINS[repo]
    tree = ls_tree(git, commit, "src/")
    every = sorted(d[len("src/"):-len("-cuda")] for d in tree if d.endswith("-cuda"))
    if names is None:
        chosen = hecbench_half(every, n, half, skip)
    else:
        chosen = [x for x in every if x in names]
    dirs = [("src/%s-%s" % (x, l), l) for x in chosen for l in ("cuda", "hip")
            if "src/%s-%s" % (x, l) in tree]
    dest = os.path.join(WORK, "HeCBench")
    # the programs' -cuda folders too: the -hip ones include their files
    want = set(d for d, _ in dirs) | set("src/%s-cuda" % x for x in chosen
                                         if "src/%s-cuda" % x in tree)
    # and the sibling folders their Makefiles name with -I (cc-cuda's
    # -I../mis-cuda, blockexchange's -I../blockAccess-cuda)
    for d in sorted(want):
        rc, text, _ = sh(["git", "--git-dir", git, "show", "%s:%s/Makefile" % (commit, d)])
        for m in re.finditer(r"-I\s*\.\./([\w.+-]+)", text if rc == 0 else ""):
            if "src/" + m.group(1) in tree:
                want.add("src/" + m.group(1))
    want = sorted(want)
    if not extract(git, commit, want + ["src/include"], dest) and \
            not extract(git, commit, want, dest):
        # git archive stops at the first file the mirror lacks (a large
        # data file): the sources one by one, then
        extract_sources(git, commit, want + ["src/include"], dest)
    units = []
    for d, lang in dirs:
        src = os.path.join(dest, d, "main.cu")
        if not os.path.exists(src):
            continue
        udir = os.path.dirname(src)
        inc = [udir, os.path.join(dest, "src", "include")]
        inc += [i for i in makefile_includes(os.path.join(udir, "Makefile"), udir) if i not in inc]
        units.append(dict(suite="HeCBench", lang=lang, name=os.path.basename(d), src=src, inc=inc,
                          defs=makefile_defines(os.path.join(udir, "Makefile"))))
    return units, None


def included_names(files):
    """Basenames some file of the list #includes."""
    names = set()
    for f in files:
        try:
            for m in re.finditer(r'#\s*include\s*[<"]([^>"]+)[>"]', open(f, errors="replace").read()):
                names.add(os.path.basename(m.group(1)))
        except OSError:
            pass
    return names


# the folders of shared headers the suites' Makefiles name
# a suite's include folders, relative to its extracted tree (bullet3's
# kernels include "Bullet3Collision/..." as its host's -I of src/ resolves)
SUITE_INCLUDES = {"bullet3": ["src"], "ggml-cuda": ["include", "src"], "darknet": ["include"],
                  "kaldi": ["src"], "faiss": ["."], "cutlass": ["include", "tools/util/include",
                                                 "tools/library/include", "examples/common"]}
# folders a suite's walk leaves out: ggml-cuda's 120 generated instances of
# its matrix and attention templates (mmq, mmf, fattn-*: one .cu each, 20 s
# and more of clang-22 per build), not screened yet
SUITE_PRUNE = {"ggml-cuda": ("template-instances",), "faiss": ("test", "perf", "scan")}
# files a suite's walk leaves out by the start of their name: faiss's
# bridges to cuVS (CuvsCagra.cu, ...), which need RAPIDS' headers
SUITE_SKIP = {"faiss": ("Cuvs", "BinaryCuvs")}
# suites whose kernel files' folder is not passed as -I (their quoted
# includes find it anyway): darknet's src/cuda.h would stand for the
# toolkit's cuda.h, which clang's CUDA wrapper headers include
OWN_FOLDER_HIDDEN = ("darknet",)
# suites whose files hold no kernel of their own: a library's templates
# make them where a file calls it (Thrust's algorithms), so every file is a
# unit and one without a kernel counts none
LIBRARY_KERNELS = ("thrust", "cutlass", "faiss")
SHARED_INCLUDES = ("common", "Common", "src/common", "src/cuda/common", "src/opencl/common",
                   "CUDA/utilities", "OpenCL/utilities", "cuda/util", "common/util")
# what a host program passes to clBuildProgram (shoc: the element type and
# the problem size its kernels are written against), for kernels built alone
OCL_DEFINES = {  # LightGBM's (gpu_tree_learner.cpp, no -cl-std: OpenCL C 1.2): one workgroup, single
               # precision, a hessian per row, no constant buffer; its fast math; the
               # driver's __OPENCL_VERSION__ (as sgminer's: the file is C++ without it)
               "lightgbm": ["-cl-std=CL1.2", "-D__OPENCL_VERSION__=200", "-DPOWER_FEATURE_WORKGROUPS=0", "-DUSE_CONSTANT_BUF=0",
                            "-DUSE_DP_FLOAT=0", "-DCONST_HESSIAN=0", "-cl-mad-enable",
                            "-cl-no-signed-zeros", "-cl-fast-relaxed-math"],
               "shoc": ["-DSINGLE_PRECISION", "-DFPTYPE=float", "-DFPVECTYPE=float4",
                        "-DDIM=4", "-DN_GP=1024", "-DLROWS=8", "-DLCOLS=256"],
               # FluidX3D's own build options (src/opencl.hpp), -w its own too
               "fluidx3d": ["-cl-finite-math-only", "-cl-no-signed-zeros", "-cl-mad-enable",
                            "-w"],
               # ggml's own options (ggml-opencl.cpp load_cl_kernels), the
               # half and subgroup extensions of an Adreno GPU (its first
               # target: the kernels' ADRENO_GPU path, qcom's attributes
               # ignored), and the sizes its host passes for a 128-wide
               # attention head (fa_tune.h) and its first gemv
               "ggml-opencl": ["-cl-mad-enable", "-cl-unsafe-math-optimizations",
                               "-cl-finite-math-only", "-cl-fast-relaxed-math", "-Xclang",
                               "-cl-ext=+cl_khr_fp16,+cl_khr_subgroups",
                               "-Dcl_qcom_reqd_sub_group_size=1", "-Wno-unknown-attributes",
                               "-DDK=128", "-DDV=128",
                               "-DBLOCK_M=64", "-DBLOCK_N=32", "-DSIMDGROUP_WIDTH=64",
                               "-DLINE_STRIDE_A=2048", "-DBLOCK_STRIDE_A=16384"]}
# a CUDA suite's own flags: llm.c's dev/cuda/common.h calls isfinite in a
# host template and includes no <math.h> (nvcc's host headers bring it;
# clang's device pass then finds only the device overloads)
# kaldi: what its configure and nvcc define (OpenFst 1.8's integer types,
# HAVE_CUDA; nvcc's own version macro, which its double atomicAdd tests and
# clang-22 does not define) and CUB's Max/Min, which CUDA 13's CUB removed
CUDA_SUITE_FLAGS = {"llm.c": ["-include", "math.h"], "darknet": ["-DGPU"],
                    "kaldi": ["-DOPENFST_VER=10800", "-DHAVE_CUDA=1", "-D__CUDACC_VER_MAJOR__=13",
                              "-include", os.path.join(HERE, "cub-compat.h")],
                    # the version nvcc 12.0 would say (the examples' host code
                    # tests it; 12.8's and later's atomics are nvcc builtins),
                    # and the driver calls made directly (CUDA 13 renamed the
                    # typedefs the wrappers name)
                    # CMakeLists.txt for CUDA at sm_90: BUILD_CUDA and the
                    # 4-bit GEMMs of sm_75 and sm_80 (its --use_fast_math
                    # not passed: nvcc's flag has no one clang equivalent)
                    "bitsandbytes": ["-DBUILD_CUDA", "-DBNB_HAS_GEMM4BIT_SM75",
                                     "-DBNB_HAS_GEMM4BIT_SM80", "-w"],
                    "cutlass": ["-D__CUDACC_VER_MAJOR__=12", "-D__CUDACC_VER_MINOR__=0",
                                "-DCUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL=1"]}


# CUDA runtime calls CUDA 13 removed, which the older suites' host code
# still makes (only host code: the device code is what is measured)
CUDA_DEFINES = ["-DcudaThreadSynchronize=cudaDeviceSynchronize",
                "-DcudaThreadExit=cudaDeviceReset"]


def extract_repo(repos, repo, roots, folder):
    """repo's roots at its pin, extracted into WORK/folder: (that folder,
    None), or (None, why not)."""
    git = gitdir(repos, repo)
    if not git:
        return None, "%s not in REPOS" % repo
    dest = os.path.join(WORK, folder)
    if not extract(git, PINS[repo], roots, dest) and \
            not extract_sources(git, PINS[repo], roots, dest):
        return None, "%s: could not extract the sources" % repo
    return dest, None


def walk_pruned(top, prune):
    """(folder, its files) under top, sorted, leaving out the folders named
    in prune (pruned as walked: sorting the walk first would consume it)."""
    walked = []
    for d, subs, fs in os.walk(top):
        subs[:] = [x for x in subs if x not in prune]
        walked.append((d, fs))
    return sorted(walked)


def tree_units(repos, repo, suite, roots, exts, headers=False):
    """Every file with one of exts under roots that no other file of its
    folder includes (a kernel file compiled on its own by its host) and
    that holds a kernel — or, with headers, includes one from its folder
    (cuda-samples' foo.cu with foo_kernel.cuh)."""
    dest, why = extract_repo(repos, repo, roots, repo.split("/")[1])
    if not dest:
        return [], why
    units = []
    for root in roots:
        for d, fs in walk_pruned(os.path.join(dest, root), SUITE_PRUNE.get(suite, ())):
            here = [os.path.join(d, f) for f in sorted(fs)]
            inc = included_names(here)
            for f in here:
                ext = os.path.splitext(f)[1]
                if ext not in exts or os.path.basename(f) in inc or \
                        os.path.basename(f).startswith(SUITE_SKIP.get(suite, ())):
                    continue
                text = open(f, errors="replace").read()
                if headers:
                    for m in re.finditer(r'#\s*include\s*"([^"]+)"', text):
                        h = os.path.join(d, m.group(1))
                        if os.path.isfile(h):
                            text += open(h, errors="replace").read()
                if "__global__" not in text and "__kernel" not in text and \
                        "kernel void" not in text and suite not in LIBRARY_KERNELS:
                    continue
                lang = {".cl": "ocl", ".hip": "hip"}.get(ext, "cuda")
                rel = os.path.relpath(f, dest)
                up = [os.path.join(dest, x) for x in SHARED_INCLUDES + tuple(
                    SUITE_INCLUDES.get(suite, ())) if os.path.isdir(os.path.join(dest, x))]
                own = [] if suite in OWN_FOLDER_HIDDEN else [d]
                units.append(dict(suite=suite, lang=lang, name=rel, src=f,
                                  inc=own + makefile_includes(os.path.join(d, "Makefile"), d) + up,
                                  defs=makefile_defines(os.path.join(d, "Makefile"))))
    return units, None


# hashcat's kernels as its CUDA backend builds them (src/backend.c): the
# build options of an sm_90 device with one vector lane, for the first
# attack mode (-a 0) and a four-word digest; INCLUDE_PATH is added per run
HASHCAT_STRIDE = 8
HASHCAT_DEFINES = [
    "-DKERNEL_STATIC", "-DXM2S(x)=#x", "-DM2S(x)=XM2S(x)", "-DMAX_THREADS_PER_BLOCK=512",
    "-DLOCAL_MEM_TYPE=1", "-DVENDOR_ID=32", "-DCUDA_ARCH=900", "-DHAS_ADD=1", "-DHAS_ADDC=1",
    "-DHAS_SUB=1", "-DHAS_SUBC=1", "-DHAS_VADD=0", "-DHAS_VADDC=0", "-DHAS_VADD_CO=0",
    "-DHAS_VADDC_CO=0", "-DHAS_VSUB=0", "-DHAS_VSUBB=0", "-DHAS_VSUB_CO=0", "-DHAS_VSUBB_CO=0",
    "-DHAS_VPERM=0", "-DHAS_VADD3=0", "-DHAS_VBFE=0", "-DHAS_BFE=1", "-DHAS_LOP3=1",
    "-DHAS_MOV64=1", "-DHAS_PRMT=1", "-DHAS_SHFW=1", "-DVECT_SIZE=1", "-DDEVICE_TYPE=4",
    "-DDGST_R0=0", "-DDGST_R1=3", "-DDGST_R2=2", "-DDGST_R3=1", "-DDGST_ELEM=4", "-DKERN_TYPE=0",
    "-DATTACK_EXEC=11", "-DATTACK_KERN=0", "-DATTACK_MODE=0", "-w"]


def hashcat_units(repos):
    """OpenCL/m*_a0-pure.cl of every HASHCAT_STRIDE-th hash mode, as CUDA."""
    dest, why = extract_repo(repos, SUITE_REPO["hashcat"], ["OpenCL"], "hashcat")
    if not dest:
        return [], why
    inc = os.path.join(dest, "OpenCL")
    files = sorted(f for f in os.listdir(inc) if re.match(r"m\d+_a0-pure\.cl$", f))
    return [dict(suite="hashcat", lang="cuda", name="OpenCL/" + f, src=os.path.join(inc, f),
                 inc=[inc], defs=HASHCAT_DEFINES + ["-DINCLUDE_PATH=" + inc])
            for f in files[::HASHCAT_STRIDE]], None


# CLBlast's OpenCL kernels as its library builds them for an NVIDIA device
# (src/utilities/compile.cpp): a header of defines, then common.opencl, then
# the kernel files a routine's .cpp includes, in order (each file a C++ raw
# string: its text between the lines `R"(` and `)"`); the tuning parameters
# at the kernels' own defaults (no database entry); single precision, or
# single complex (3232) for the Hermitian routines, which have no real one.
# Each routine twice: as OpenCL C (without NVIDIA's subgroup shuffles, inline
# PTX the other targets reject) and as CUDA, as CLBlast's CUDA backend builds
# it with NVRTC (opencl_to_cuda.h after the defines: `__global` and
# LOCAL_PTR spelled as nothing, so every pointer a helper takes is generic;
# the shuffles in single precision, as for a post-Volta device).
CLBLAST_HEADER = "#define PRECISION %d\n#define ROUTINE_%s\n#define USE_INLINE_KEYWORD 1\n"
CLBLAST_SHUFFLES = "#define USE_SUBGROUP_SHUFFLING 1\n#define SUBGROUP_SHUFFLING_NVIDIA_POST_VOLTA 1\n"


def raw_string(text):
    """The C++ raw string literal R"( ... )" a CLBlast kernel file holds."""
    lines = text.splitlines()
    start = [i for i, l in enumerate(lines) if l.strip() == 'R"(']
    end = [i for i, l in enumerate(lines) if l.strip() == ')"']
    return "\n".join(lines[start[0] + 1:end[-1]]) + "\n" if start and end else None


def clblast_units(repos):
    """Two units per CLBlast routine (src/routines/**/x*.cpp), OpenCL C and
    CUDA, its kernel files composed as the library composes them
    (CLBLAST_HEADER); a routine whose files another's already are is left
    out."""
    dest, why = extract_repo(repos, SUITE_REPO["clblast"], ["src/kernels", "src/routines"],
                             "CLBlast")
    if not dest:
        return [], why
    kdir = os.path.join(dest, "src", "kernels")
    common = raw_string(open(os.path.join(kdir, "common.opencl")).read())
    to_cuda = raw_string(open(os.path.join(kdir, "opencl_to_cuda.h")).read())
    out_dir = os.path.join(dest, "composed")
    os.makedirs(out_dir, exist_ok=True)
    units, seen = [], set()
    for d, _, fs in sorted(os.walk(os.path.join(dest, "src", "routines"))):
        for f in sorted(x for x in fs if re.match(r"x\w+\.cpp$", x)):
            text = open(os.path.join(d, f), errors="replace").read()
            files = re.findall(r'#include "(?:\.\./)+kernels/([\w/]+\.opencl)"', text)
            if not files or tuple(files) in seen:
                continue
            seen.add(tuple(files))
            parts = [raw_string(open(os.path.join(kdir, x), errors="replace").read())
                     for x in files]
            if None in (common, to_cuda) or None in parts:
                continue
            name = os.path.splitext(f)[0]
            precision = 3232 if re.match(r"xh[epb]", name) else 32
            header = CLBLAST_HEADER % (precision, name[1:].upper())
            rel = os.path.relpath(os.path.join(d, f), dest)
            for lang, ext, text in (
                    ("ocl", ".cl", header + common),
                    ("cuda", ".cu", header + (CLBLAST_SHUFFLES if precision == 32 else "") +
                     to_cuda + common)):
                src = os.path.join(out_dir, rel.replace("/", "_")[:-len(".cpp")] + ext)
                with open(src, "w") as o:
                    o.write(text + "".join(parts))
                units.append(dict(suite="clblast", lang=lang, src=src, inc=[kdir], defs=[],
                                  name=rel if lang == "ocl" else "cuda/" + rel))
    return units, None


# FluidX3D's OpenCL C as the program composes it at run time (src/lbm.cpp):
# LBM_Domain::device_defines (the grid, the velocity set, the collision
# operator, the DDF storage type, the extensions), then Graphics::device_defines
# where GRAPHICS is on, then get_opencl_c_code() (src/kernel.cpp: one C++
# string of stringified code).  Both are C++, so they are run, not parsed: a
# small host program (fluidx3d_harness) holds lbm.cpp's two device_defines
# bodies verbatim over stand-ins for the members they read, is linked with
# kernel.cpp and prints the source.  The stand-ins: one device, WORKGROUP_SIZE
# 64 as src/opencl.hpp defines it, an 8^3 grid, a 128x96 frame and a 64x32
# skybox, so that gasp-run's synthetic buffers (65,536 words) hold every
# cell's DDFs and every pixel and the kernels run; the code is the same at
# any size but for constants (at 256^3 and 1920x1080 the same generic
# accesses, 0 kernels worse, and no graphics kernel ran).  One unit per
# configuration, as FluidX3D's setups switch them in src/defines.hpp: its
# benchmark, each velocity set and DDF format, and the extension sets of its
# example setups, GRAPHICS on (its draw_* and ray-tracing helpers take the
# caller's private arrays).
FLUIDX3D_CONFIGS = [
    ("benchmark", "D3Q19 SRT FP16S"),
    ("d3q19-fp32", "D3Q19 SRT"),
    ("d3q27-fp16c", "D3Q27 SRT FP16C"),
    ("d3q15-trt", "D3Q15 TRT FP16S"),
    ("d2q9-fp32", "D2Q9 SRT"),
    ("graphics", "D3Q19 SRT FP16S GRAPHICS"),
    ("graphics-fp32", "D3Q19 SRT GRAPHICS"),
    ("graphics-d2q9", "D2Q9 SRT GRAPHICS"),
    ("aerodynamics", "D3Q19 SRT FP16C EQUILIBRIUM_BOUNDARIES SUBGRID FORCE_FIELD GRAPHICS"),
    ("free-surface", "D3Q19 SRT FP16S VOLUME_FORCE SURFACE GRAPHICS"),
    ("thermal", "D3Q19 SRT FP16S VOLUME_FORCE TEMPERATURE GRAPHICS"),
    ("particles", "D3Q19 SRT FP32 VOLUME_FORCE FORCE_FIELD MOVING_BOUNDARIES PARTICLES GRAPHICS"),
    ("all", "D3Q27 TRT FP16C VOLUME_FORCE FORCE_FIELD MOVING_BOUNDARIES EQUILIBRIUM_BOUNDARIES "
            "SURFACE TEMPERATURE SUBGRID PARTICLES GRAPHICS"),
]
FLUIDX3D_TRANSFERS = {9: 3, 15: 5, 19: 5, 27: 9}  # src/lbm.hpp: DDFs a domain boundary moves
FLUIDX3D_MAIN = r"""#include "utilities.hpp"
#include "defines.hpp"
string get_opencl_c_code(); // src/kernel.cpp
#undef D3Q19
#undef SRT
#undef FP16S
#undef BENCHMARK
%(config)s
#ifdef SURFACE
#define UPDATE_FIELDS
#endif
#ifdef TEMPERATURE
#define VOLUME_FORCE
#endif
#ifdef PARTICLES
#define UPDATE_FIELDS
#endif
struct Device_Info { uint max_workgroup_size = 1024u; uint local_cache = 48u; };
struct SkyboxImage { uint width() const { return 64u; } uint height() const { return 32u; } };
struct LBM_Domain {
  uint Nx = 8u, Ny = 8u, Nz = 8u, Dx = 1u, Dy = 1u, Dz = 1u;
  int Ox = 0, Oy = 0, Oz = 0;
  uint dimensions = %(dims)du, velocity_set = %(q)du, transfers = %(transfers)du;
  float nu = 0.01f, sigma = 0.001f, alpha = 0.001f, beta = 0.01f, T_avg = 1.0f;
  float particles_rho = 1.0f;
  ulong particles_N = 1000ul;
  ulong get_N() const { return (ulong)Nx*Ny*Nz; }
  float get_tau() const { return 3.0f*nu+0.5f; }
  uint get_Nx() const { return Nx; }
  uint get_Ny() const { return Ny; }
  uint get_Nz() const { return Nz; }
  string device_defines(const Device_Info& device_info) const;
  struct Graphics {
    const LBM_Domain* lbm;
    struct { uint width = 128u, height = 96u; } camera;
    SkyboxImage image, *skybox_image = &image;
    string device_defines(const Device_Info& device_info) const;
  } graphics;
};
%(domain)s
#ifdef GRAPHICS
%(graphics)s
#endif
int main() {
  LBM_Domain d;
  d.graphics.lbm = &d;
  Device_Info i;
  string defines = string("\n #define cl_workgroup_size 64u") + d.device_defines(i);
#ifdef GRAPHICS
  defines += d.graphics.device_defines(i);
#endif
  std::cout << defines + get_opencl_c_code();
  return 0;
}
"""


def fluidx3d_body(text, signature):
    """A device_defines definition of lbm.cpp, from its signature to the `;}`
    that ends its one return statement; None if absent."""
    i = text.find(signature)
    j = text.find(";}", i) if i >= 0 else -1
    return text[i:j + 2] if j >= 0 else None


def fluidx3d_harness(lbm_text, config):
    """The host program that prints configuration config's OpenCL C (a list
    of src/defines.hpp switches, one velocity set among them); None when
    lbm.cpp lacks a device_defines body or config names no velocity set."""
    domain = fluidx3d_body(lbm_text, "string LBM_Domain::device_defines(")
    graphics = fluidx3d_body(lbm_text, "string LBM_Domain::Graphics::device_defines(")
    sets = [c for c in config if re.match(r"D[23]Q\d+$", c)]
    q = int(sets[0][3:]) if len(sets) == 1 else None
    if not domain or not graphics or q not in FLUIDX3D_TRANSFERS:
        return None
    return FLUIDX3D_MAIN % dict(config="\n".join("#define " + c for c in config),
                                dims=int(sets[0][1]), q=q, transfers=FLUIDX3D_TRANSFERS[q],
                                domain=domain, graphics=graphics)


def fluidx3d_compose(src, config, out):
    """Build and run the harness in src (FluidX3D's src/), writing the
    OpenCL C to out; an error's text, or None."""
    lbm = os.path.join(src, "lbm.cpp")
    main = fluidx3d_harness(open(lbm, errors="replace").read(), config) \
        if os.path.isfile(lbm) else None
    if main is None:
        return "no device_defines of its shape in lbm.cpp, or no velocity set in the config"
    cpp = os.path.join(src, "gasp_compose.cpp")
    exe = os.path.join(src, "gasp_compose")
    kernel, obj = os.path.join(src, "kernel.cpp"), os.path.join(src, "gasp_kernel.o")
    with open(cpp, "w") as f:
        f.write(main)
    # kernel.cpp is the same for every configuration: compiled once
    stale = not os.path.isfile(obj) or os.path.getmtime(obj) < os.path.getmtime(kernel)
    cxx = ["clang++-22", "-std=c++17", "-w", "-I", src]
    for cmd in ([cxx + ["-c", kernel, "-o", obj]] if stale else []) + [cxx + [cpp, obj, "-o", exe]]:
        rc, _, err = sh(cmd)
        if rc:
            return "clang++-22: " + err.strip()[-300:]
    rc, text, err = sh([exe])
    if rc or not re.search(r"\bkernel\s+void\b", text):
        return "the harness: " + (err.strip()[-300:] or "no kernel printed")
    with open(out, "w") as f:
        f.write(text)
    return None


def fluidx3d_units(repos):
    """One OpenCL C unit per FLUIDX3D_CONFIGS entry, composed as the program
    composes its source."""
    dest, why = extract_repo(repos, SUITE_REPO["fluidx3d"], ["src"], "FluidX3D")
    if not dest:
        return [], why
    src, out_dir = os.path.join(dest, "src"), os.path.join(dest, "composed")
    os.makedirs(out_dir, exist_ok=True)
    units = []
    for name, config in FLUIDX3D_CONFIGS:
        out = os.path.join(out_dir, name + ".cl")
        err = fluidx3d_compose(src, config.split(), out)
        if err:
            return units, "FluidX3D %s: %s" % (name, err)
        units.append(dict(suite="fluidx3d", lang="ocl", name="fluidx3d/" + name, src=out,
                          inc=[out_dir], defs=[]))
    return units, None


# John the Ripper's OpenCL kernels as src/opencl_common.c builds them:
# "-cl-std=CL1.2" on every 2.0 device (so no pointer is generic in OpenCL C;
# on nvptx64 the private space is LLVM's generic one all the same), its
# default -cl-mad-enable, -D_OPENCL_COMPILER, -D__GPU__, DEVICE_INFO (the
# bits of run/opencl/opencl_device_info.h: GPU|NVIDIA|Maxwell+ on nvptx64,
# GPU|AMD|GCN 1.2 on amdgcn, a GPU of no vendor on spirv64) and the driver
# version; then the defines each format's host passes (plaintext length,
# hash loops, buffer sizes, the codepage), here one set for all (sizes
# of the order the formats pass), the codepage ISO-8859-1.  `asm` is the
# kernels' own spelling of inline PTX on NVIDIA, which clang takes as
# __asm__.
JOHN_DEFINES = [
    "-cl-std=CL1.2", "-cl-mad-enable", "-w", "-D_OPENCL_COMPILER", "-D__GPU__",
    "-D__SIZEOF_HOST_SIZE_T__=8", "-DDEV_VER_MAJOR=550", "-DDEV_VER_MINOR=0",
    "-DISO_8859_1", "-DENC_ISO_8859_1", "-DPLAINTEXT_LENGTH=55", "-DHASH_LOOPS=1024",
    "-DHASH_LOOPS13=1024", "-DHASH_LOOPS0710=1024", "-DOUTLEN=32", "-DKEYLEN=64",
    "-DSALTLEN=64", "-DSALT_LENGTH=16", "-DSALT_SIZE=16", "-DBINARY_SIZE=16",
    "-DPASSLEN=55", "-DUNICODE_LENGTH=110", "-DITER_COUNT=1024", "-DV_WIDTH=1",
    "-DWORK_GROUP_SIZE=64", "-DNUM_INT_KEYS=1", "-DIS_STATIC_GPU_MASK=0",
    "-DCONST_CACHE_SIZE=65536", "-DLOC_0=-1", "-DLOC_1=-1", "-DLOC_2=-1", "-DLOC_3=-1",
    "-DSELECT_CMP_STEPS=1", "-DUNROLL_LOOP=0", "-DSZ=128", "-DOFFSET_TABLE_SIZE=1024",
    "-DHASH_TABLE_SIZE=1024", "-DSHIFT64_OT_SZ=10", "-DSHIFT64_HT_SZ=10",
    "-DSHIFT128_OT_SZ=10", "-DSHIFT128_HT_SZ=10", "-DBITMAP_MASK=1023",
    "-DBITMAP_SIZE_MINUS1=1023", "-DREQ_BITMAP_BITS=10", "-DSALT_PARAM_BASE=0",
    "-DMAX_MASTERKEYBLOB_LEN=128", "-DBLOBLEN=128", "-DSAFETY_FACTOR=16",
    "-DMAX_DATALEN=128", "-DMAX_DATA_LENGTH=256", "-DDATA_LEN=256", "-DMAX_CONT_SIZE=256",
    "-DCTLEN=128", "-DCT_LEN=128", "-DLINE_BUFFER_SIZE=256", "-DENCRYPTED_BLOB_LEN=256"]
JOHN_DEVICE = {"nvptx64": ["-Dasm=__asm__", "-DDEVICE_INFO=524306", "-DSM_MAJOR=9",
                           "-DSM_MINOR=0"],
               "amdgcn": ["-DDEVICE_INFO=522"], "spirv64": ["-DDEVICE_INFO=2"]}


def john_units(repos):
    """run/opencl/*.cl that no other file there includes, each for the
    three OpenCL targets with the device's facts (JOHN_DEVICE)."""
    dest, why = extract_repo(repos, SUITE_REPO["john"], ["run/opencl"], "john")
    if not dest:
        return [], why
    d = os.path.join(dest, "run", "opencl")
    files = sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".cl"))
    inc = included_names(files)
    return [dict(suite="john", lang="ocl", name="john/" + os.path.basename(f), src=f,
                 inc=[d], defs=JOHN_DEFINES, target_defs=JOHN_DEVICE)
            for f in files if os.path.basename(f) not in inc], None


def ccminer_units(repos):
    """ccminer's .cu files that hold a kernel (compat/ left out: Windows'
    headers), each with the top folder and its own on the include path, as
    its Makefile builds them; configure's ccminer-config.h written empty."""
    dest, why = extract_repo(repos, SUITE_REPO["ccminer"], ["."], "ccminer")
    if not dest:
        return [], why
    open(os.path.join(dest, "ccminer-config.h"), "a").close()
    units = []
    for d, fs in walk_pruned(dest, ("compat",)):
        for f in sorted(fs):
            path = os.path.join(d, f)
            if f.endswith(".cu") and "__global__" in open(path, errors="replace").read():
                units.append(dict(suite="ccminer", lang="cuda", name=os.path.relpath(path, dest),
                                  src=path, inc=[dest, d], defs=["-w"]))
    return units, None


# sgminer's build options (ocl/build_kernel.c, algorithm.c): its work size,
# scrypt's and neoscrypt's lookup gap and thread count, the X11/X13
# family's option defaults; no -cl-std (OpenCL C 1.2 on a 2.0 device, as
# John's: the later option wins), and the driver's own __OPENCL_VERSION__
# (a 2.0 device's; the kernels test it to type sph_u64 as OpenCL C's
# 64-bit long, where clang defines only __OPENCL_C_VERSION__)
SGMINER_DEFINES = ["-cl-std=CL1.2", "-w", "-D__OPENCL_VERSION__=200", "-DWORKSIZE=256",
                   "-DLOOKUP_GAP=2", "-DCONCURRENT_THREADS=8192", "-DNFACTOR=10", "-DMAX_GLOBAL_THREADS=8192",
                   "-DSPH_COMPACT_BLAKE_64=0", "-DSPH_LUFFA_PARALLEL=0", "-DSPH_KECCAK_UNROLL=0",
                   "-DSPH_HAMSI_EXPAND_BIG=4", "-DSPH_HAMSI_SHORT=0"]


def sgminer_units(repos):
    """kernel/*.cl that no other file there includes, with SGMINER_DEFINES."""
    dest, why = extract_repo(repos, SUITE_REPO["sgminer"], ["kernel"], "sgminer")
    if not dest:
        return [], why
    d = os.path.join(dest, "kernel")
    files = sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".cl"))
    inc = included_names(files)
    return [dict(suite="sgminer", lang="ocl", name="sgminer/" + os.path.basename(f), src=f,
                 inc=[d, dest], defs=SGMINER_DEFINES)
            for f in files if os.path.basename(f) not in inc], None


# GROMACS's OpenCL programs as its host builds them (gpu_utils/ocl_compiler.cpp):
# no -cl-std (OpenCL C 1.2), -cl-fast-relaxed-math -cl-denorms-are-zero for
# every vendor but Intel, the vendor's define and the warp size the host
# measured, with the CPU side's constants each program's host passes as -D
# (nbnxm_ocl_jit_support.cpp, pme_gpu_program_impl_ocl.cpp: cluster layout
# 8x8, jgroup 4, shift index 22; PME order 4, work groups of 8, 8 and 4 warps).
# spirv64 is the vendor-neutral build (no vendor define), without Intel's
# subgroup extension, whose block reads clang's header does not declare.
GROMACS_DEFINES = ["-cl-std=CL1.2", "-cl-fast-relaxed-math", "-cl-denorms-are-zero", "-w"]
GROMACS_VENDOR = {"nvptx64": (["-D_NVIDIA_SOURCE_"], 32), "amdgcn": (["-D_AMD_SOURCE_"], 64),
                  "spirv64": (["-Xclang", "-cl-ext=-cl_intel_subgroups"], 32)}
GROMACS_PROGRAMS = {
    # every flavour in one program (the host's GMX_OCL_NOFASTGEN path)
    "nbnxm/opencl/nbnxm_ocl_kernels.cl": lambda warp: [
        "-DWARP_SIZE_TEST=%d" % warp, "-Dc_nbnxmGpuClusterSize=8",
        "-DNBNXM_MIN_DISTANCE_SQUARED_VALUE_FLOAT=3.82e-07F",
        "-Dc_nbnxmGpuNumClusterPerSupercluster=8", "-Dc_nbnxmGpuJgroupSize=4",
        "-Dc_centralShiftIndex=22"],
    "ewald/pme_program.cl": lambda warp: [
        "-Dwarp_size=%d" % warp, "-Dorder=4", "-DthreadsPerAtom=16",
        "-Dc_pmeMaxUnitcellShift=2.000000", "-Dc_skipNeutralAtoms=0",
        "-Dc_virialAndEnergyCount=7", "-Dc_spreadWorkGroupSize=%d" % (8 * warp),
        "-Dc_solveMaxWorkGroupSize=%d" % (8 * warp), "-Dc_gatherWorkGroupSize=%d" % (4 * warp),
        "-DDIM=3", "-DXX=0", "-DYY=1", "-DZZ=2", "-DwrapX=true", "-DwrapY=true"]}


def gromacs_units(repos):
    """GROMACS's two OpenCL programs (the nonbonded kernels, PME), each
    for the three OpenCL targets with its host's options (GROMACS_*)."""
    roots = ["src/gromacs/nbnxm/opencl", "src/gromacs/ewald", "src/gromacs/gpu_utils"]
    dest, why = extract_repo(repos, SUITE_REPO["gromacs"], roots, "gromacs")
    if not dest:
        return [], why
    top = os.path.join(dest, "src", "gromacs")
    units = []
    for f, defs in sorted(GROMACS_PROGRAMS.items()):
        path = os.path.join(top, f)
        vendor = {t: v + defs(warp) for t, (v, warp) in GROMACS_VENDOR.items()}
        units.append(dict(suite="gromacs", lang="ocl", name="gromacs/" + f, src=path,
                          inc=[os.path.dirname(path), os.path.join(dest, "src")],
                          defs=GROMACS_DEFINES, target_defs=vendor))
    return units, None


# xmrig's build options (runners/OclCnRunner.cpp, OclRxBaseRunner.cpp) for
# cn/2 (CnAlgo's iterations, mask and 2 MB scratchpad; a worksize of 8,
# strided index 1, OclThread's default memChunk 2 (the runner passes 1 << 2) for a
# discrete GPU; Algorithm ids from cl/cn/algorithm.cl) and rx/0 (8 workers
# per hash; GCN_VERSION only picks AMD's instructions)
XMRIG_CN_DEFINES = ["-DITERATIONS=524288U", "-DMASK=2097136U", "-DWORKSIZE=8U",
                    "-DSTRIDED_INDEX=1U", "-DMEM_CHUNK_EXPONENT=4U", "-DMEMORY=2097152LU",
                    "-DALGO=0x63150200", "-DALGO_BASE=0x63150200", "-DALGO_FAMILY=0x63150000",
                    "-DCN_UNROLL=8"]
XMRIG_RX_DEFINES = ["-DALGO=0x72151200", "-DWORKERS_PER_HASH=8", "-DGCN_VERSION=14"]


def xmrig_units(repos):
    """xmrig's two OpenCL C programs, each as its runner builds it."""
    dest, why = extract_repo(repos, SUITE_REPO["xmrig"], ["src/backend/opencl/cl"], "xmrig")
    if not dest:
        return [], why
    d = os.path.join(dest, "src", "backend", "opencl", "cl")
    return [dict(suite="xmrig", lang="ocl", name="xmrig/" + os.path.basename(f), src=os.path.join(d, f),
                 inc=[os.path.dirname(os.path.join(d, f))], defs=defs)
            for f, defs in (("cn/cryptonight.cl", XMRIG_CN_DEFINES),
                            ("rx/randomx.cl", XMRIG_RX_DEFINES))], None


# BitCrack's build (Makefile, CudaKeySearchDevice/Makefile): every project
# folder on the include path, cudaMath's too, C++11, relocatable device code
# (nvcc -rdc=true: its __device__ functions stay visible to the device
# link); the OpenCL program is CLKeySearchDevice/bitcrack.cl, the
# concatenation its Makefile writes and commits, built with no options
# (clUtil/clContext.cpp: OpenCL C 1.2)
BITCRACK_DIRS = ("util AddressUtil CmdParse CryptoUtil KeyFinderLib CLKeySearchDevice "
                 "CudaKeySearchDevice cudaMath clUtil cudaUtil secp256k1lib Logger embedcl").split()


def bitcrack_units(repos):
    """BitCrack's CUDA key search (CudaKeySearchDevice/*.cu, -fgpu-rdc) and
    its OpenCL program (bitcrack.cl), each as its Makefile builds it."""
    dest, why = extract_repo(repos, SUITE_REPO["bitcrack"], BITCRACK_DIRS, "bitcrack")
    if not dest:
        return [], why
    inc = [os.path.join(dest, d) for d in BITCRACK_DIRS]
    d = os.path.join(dest, "CudaKeySearchDevice")
    units = [dict(suite="bitcrack", lang="cuda", name="CudaKeySearchDevice/" + f,
                  src=os.path.join(d, f), inc=inc, defs=["-std=c++11", "-fgpu-rdc", "-w"])
             for f in sorted(os.listdir(d)) if f.endswith(".cu")]
    units.append(dict(suite="bitcrack", lang="ocl", name="CLKeySearchDevice/bitcrack.cl",
                      src=os.path.join(dest, "CLKeySearchDevice", "bitcrack.cl"), inc=inc,
                      defs=["-cl-std=CL1.2", "-w"]))
    return units, None


# profanity's one OpenCL program (profanity.cpp): keccak.cl and profanity.cl
# handed to clCreateProgramWithSource together, built with its two -D
# options (the default inverse size 255, Dispatcher.hpp's maximum score
# 40); clang rejects what vendor drivers warn of (an array's address for a
# pointer of another element type), so that diagnostic is not an error
PROFANITY_DEFINES = ["-cl-std=CL1.2", "-DPROFANITY_INVERSE_SIZE=255", "-DPROFANITY_MAX_SCORE=40",
                     "-Wno-incompatible-pointer-types", "-w"]


def joined_program(path, sources):
    """Writes at path one program that includes sources (names in its
    folder) in order, as a host hands several sources to
    clCreateProgramWithSource; returns path."""
    with open(path, "w") as f:
        f.write("".join('#include "%s"\n' % x for x in sources))
    return path


def profanity_units(repos):
    """profanity's program: its two sources as one (program.cl includes
    them in the host's order)."""
    dest, why = extract_repo(repos, SUITE_REPO["profanity"], ["."], "profanity")
    if not dest:
        return [], why
    prog = joined_program(os.path.join(dest, "program.cl"), ["keccak.cl", "profanity.cl"])
    return [dict(suite="profanity", lang="ocl", name="profanity/program.cl", src=prog, inc=[dest],
                 defs=PROFANITY_DEFINES)], None


# ethminer's Ethash kernels: the OpenCL program with the definitions its
# host prepends (CLMiner.cpp addDefinition: the default work size 128, 64
# accesses, 4 results, the platform and NVIDIA's compute capability, 90
# for sm_90) and the CUDA kernel file as its CMake builds it
ETHMINER_DEFINES = ["-cl-std=CL1.2", "-DWORKSIZE=128", "-DACCESSES=64", "-DMAX_OUTPUTS=4", "-w"]
ETHMINER_DEVICE = {"nvptx64": ["-DPLATFORM=3", "-DCOMPUTE=90"],
                   "amdgcn": ["-DPLATFORM=1", "-DCOMPUTE=0"],
                   "spirv64": ["-DPLATFORM=0", "-DCOMPUTE=0"]}


def ethminer_units(repos):
    """ethminer's ethash.cl (per target, ETHMINER_*) and its CUDA miner kernel."""
    dest, why = extract_repo(repos, SUITE_REPO["ethminer"],
                             ["libethash-cl", "libethash-cuda", "libethcore", "libdevcore"],
                             "ethminer")
    if not dest:
        return [], why
    cl = os.path.join(dest, "libethash-cl", "kernels", "cl", "ethash.cl")
    cu = os.path.join(dest, "libethash-cuda", "ethash_cuda_miner_kernel.cu")
    return [dict(suite="ethminer", lang="ocl", name="libethash-cl/kernels/cl/ethash.cl", src=cl,
                 inc=[os.path.dirname(cl)], defs=ETHMINER_DEFINES, target_defs=ETHMINER_DEVICE),
            dict(suite="ethminer", lang="cuda", name="libethash-cuda/ethash_cuda_miner_kernel.cu",
                 src=cu, inc=[dest, os.path.dirname(cu)], defs=["-w"])], None


# GEGL's OpenCL operations (gegl/opencl/gegl-cl-init.c,
# gegl_cl_compile_and_build): each program is random.cl's source and the
# operation's, built as OpenCL C 3.0 where the device has it (1.2 else).
# GEGL passes -cl-opt-disable too, where gasp's plugin does not run (-O0):
# the suite builds them at the report's levels, as a driver that ignored
# it would.
def gegl_units(repos):
    """operations/opencl/*.cl but random.cl, each after random.cl."""
    dest, why = extract_repo(repos, SUITE_REPO["gegl"], ["operations/opencl"], "gegl")
    if not dest:
        return [], why
    d = os.path.join(dest, "operations", "opencl")
    units = []
    for f in sorted(os.listdir(d)):
        if not f.endswith(".cl") or f == "random.cl":
            continue
        prog = joined_program(os.path.join(d, f[:-3] + ".program"), ["random.cl", f])
        units.append(dict(suite="gegl", lang="ocl", name="operations/opencl/" + f, src=prog,
                          inc=[d], defs=["-x", "cl", "-cl-std=CL3.0", "-w"]))
    return units, None


# the opt-in suites whose units are made, not found by tree_units: each its
# units' builder, called with REPOS
COMPOSED = {"hashcat": hashcat_units, "clblast": clblast_units,
            "fluidx3d": fluidx3d_units, "john": john_units, "ccminer": ccminer_units,
            "sgminer": sgminer_units, "gromacs": gromacs_units, "xmrig": xmrig_units,
            "bitcrack": bitcrack_units, "profanity": profanity_units,
            "ethminer": ethminer_units, "gegl": gegl_units}


def all_units(repos, n, suites=(), half="even", skip=0):
    """The units of the suites named (every default suite when none is), and
    a note for each named or default suite REPOS lacks: a run of named
    suites says nothing of the default ones' repositories."""
    units, notes = [], []
    opt_in = [tree_units(repos, SUITE_REPO[x], x, OPT_IN[x][0], OPT_IN[x][1], headers=OPT_IN[x][2])
              for x in suites if x in OPT_IN]
    opt_in += [COMPOSED[x](repos) for x in COMPOSED if x in suites]
    default = {
        "HeCBench": lambda: hecbench_units(repos, n, half=half, skip=skip),
        "rodinia": lambda: tree_units(repos, SUITE_REPO["rodinia"], "rodinia", ["cuda"], (".cu",)),
        "shoc": lambda: tree_units(repos, SUITE_REPO["shoc"], "shoc",
                                   ["src/cuda", "src/opencl", "src/common"], (".cu", ".cl")),
        "PolyBench-ACC": lambda: tree_units(repos, SUITE_REPO["PolyBench-ACC"], "PolyBench-ACC",
                                            ["CUDA", "OpenCL", "common"], (".cu", ".cl"))}
    for got in opt_in + [f() for x, f in default.items() if not suites or x in suites]:
        units += got[0]
        if got[1]:
            notes.append(got[1])
    return units, notes


# ---- building ----------------------------------------------------------------

def cuda_path():
    nvcc = benchlib.nvcc()
    return (os.path.dirname(os.path.dirname(os.path.realpath(nvcc))), nvcc) if nvcc else (None, None)


def front(unit, target, opt, out, plugin, wp, cuda):
    # 900 s: a unit clang-22 compiles in minutes on a quiet machine (HeCBench
    # cc, blockexchange: CUB) took over 300 s beside a sanitized campaign and
    # was listed as one clang cannot compile; a timeout is said apart
    return sh(front_cmd(unit, target, opt, out, plugin, wp, cuda), timeout=TOOL_S)


def front_cmd(unit, target, opt, out, plugin, wp, cuda):
    """The clang-22 command that builds one unit's device code to bitcode
    (bench/compile/compile.py times it with and without the plugin)."""
    inc = sum((["-I", i] for i in unit["inc"]), []) + unit.get("defs", [])
    if unit["lang"] == "cuda":
        root = cuda[0]
        cccl = os.path.join(root, "include", "cccl")
        cmd = ["clang-22", "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_90",
               "--cuda-path=" + root, "-Wno-unknown-cuda-version"] + CUDA_DEFINES + inc
        cmd += CUDA_SUITE_FLAGS.get(unit["suite"], [])
        if os.path.isdir(cccl):
            cmd += ["-I", cccl]
    elif unit["lang"] == "hip":
        cmd = ["clang-22", "-x", "hip", "--cuda-device-only", "--offload-arch=gfx90a",
               "--rocm-path=/usr", "--rocm-device-lib-path=" + ROCM_LIB,
               "-mcode-object-version=5", "-D__AMDGCN_WAVEFRONT_SIZE=64"] + inc
    else:
        cmd = ["clang-22", "-cl-std=CL2.0", "-Xclang", "-finclude-default-header", "-nogpulib",
               "-target", TRIPLE[target]] + (["-mcpu=gfx90a"] if target == "amdgcn" else []) + inc
        cmd += benchlib.libclc_flags(target)  # the builtins, linked as a user's build links them
        cmd += OCL_DEFINES.get(unit["suite"], [])
    cmd += unit.get("target_defs", {}).get(target, [])
    cmd += ["-" + opt, "-emit-llvm", "-c"]
    if plugin:
        cmd.append("-fpass-plugin=" + plugin)
        for arg in PLUGIN_ARGS:
            cmd += ["-mllvm", arg]
        if wp:
            cmd += ["-mllvm", "-gasp-whole-program"]
    return cmd + [unit["src"], "-o", out]


def back(target, bc, out, opt):
    """llc-22 at the level the front end ran (opt, e.g. "O3"): a user's
    clang -O3 runs the back end at -O3, where llc's own default is -O2."""
    llc = ["llc-22", "-" + opt]
    if target == "nvptx64":
        return sh(llc + ["-mtriple=nvptx64-nvidia-cuda", "-mcpu=sm_90", bc, "-o", out],
                  timeout=TOOL_S)
    if target == "amdgcn":
        return sh(llc + ["-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx90a", bc, "-o", out],
                  timeout=TOOL_S)
    rc, o, e = sh(llc + ["-mtriple=spirv64-unknown-unknown", "-filetype=obj", bc, "-o",
                         out + ".spv"], timeout=TOOL_S)
    if rc:
        return rc, o, e
    return sh(["spirv-dis", out + ".spv", "-o", out])


KERNEL_RE = re.compile(r"^define [^@]*?(?:ptx_kernel|amdgpu_kernel|spir_kernel) [^@]*@\"?([\w.$]+)\"?\((.*)\)[^(]*\{$",
                       re.M)


def split_params(text):
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


TYPE_RE = re.compile(r'^(%(?:"[^"]*"|[\w.$-]+)) = type (<?\{.*\}>?)$', re.M)
# A by-value struct's scalars as gasp-run's struct: fields (spec, bytes):
# counts 64, floats 1.0 (half 0x3c00, bfloat 0x3f80), pointers a buffer.
SCALAR_FIELD = {"i8": ("i8=64", 1), "i16": ("i16=64", 2), "half": ("i16=15360", 2),
                "bfloat": ("i16=16256", 2), "i32": ("i32=64", 4), "float": ("f32=1.0", 4),
                "i64": ("i64=64", 8), "double": ("f64=1.0", 8), "ptr": ("buf:i32:65536", 8),
                "ptr addrspace(1)": ("buf:i32:65536", 8)}
STRUCT_FIELDS = 64  # the most fields a gasp-run struct: takes (SPEC_MAX_FIELDS)
TOO_MANY = "a by-value struct of more than %d fields" % STRUCT_FIELDS
PAD_MAX = 4096  # gasp-run's largest pad: field


def type_layout(ty, types, leaves, at=0, depth=0):
    """The layout LLVM's data layout gives type ty placed at offset at
    (natural alignment: a vector aligned to its size's power of two, a
    packed struct to 1): its (size, alignment), each scalar appended to
    leaves as (offset, gasp-run spec, bytes); or a str, why not."""
    ty = ty.strip()
    if depth > 8 or len(leaves) > STRUCT_FIELDS:
        return TOO_MANY
    if ty in SCALAR_FIELD:
        spec, size = SCALAR_FIELD[ty]
        leaves.append((at, spec, size))
        return size, size
    if ty.startswith("ptr addrspace("):
        return "a by-value struct with a %s field" % ty
    m = re.match(r"^([\[<])(\d+) x (.*)[\]>]$", ty)
    if m:
        n, elem = int(m.group(2)), m.group(3)
        first = type_layout(elem, types, leaves, at, depth + 1)
        if isinstance(first, str):
            return first
        esize, ealign = first
        stride = -(-esize // ealign) * ealign
        for i in range(1, n):
            got = type_layout(elem, types, leaves, at + i * stride, depth + 1)
            if isinstance(got, str):
                return got
        if m.group(1) == "[":
            return stride * n, ealign
        align = 1 << max(0, (esize * n - 1).bit_length())  # a vector: its size, a power of two
        return -(-(esize * n) // align) * align, align
    body = types.get(ty, ty if ty.startswith(("{", "<{")) else None)
    if body is None:
        return "a by-value struct with a %s field" % ty
    packed = body.startswith("<")
    off, align = 0, 1
    for f in split_params(body[2 if packed else 1:-2 if packed else -1]):
        k = len(leaves)
        got = type_layout(f, types, leaves, 0, depth + 1)
        if isinstance(got, str):
            return got
        fsize, falign = (got[0], 1) if packed else got
        off = -(-off // falign) * falign
        leaves[k:] = [(at + off + o, spec, size) for o, spec, size in leaves[k:]]
        off += fsize
        align = max(align, falign)
    return -(-off // align) * align, align


def struct_fields(ty, types):
    """gasp-run's struct: fields for a by-value parameter of type ty (its
    scalars where LLVM's layout puts them, pad: between and after), or a
    str, why not.  types: the module's named struct types."""
    leaves = []
    got = type_layout(ty, types, leaves)
    if isinstance(got, str):
        return got
    fields, at = [], 0

    def pad(n):
        while n > 0:
            fields.append("pad:%d" % min(n, PAD_MAX))
            n -= PAD_MAX
    for off, spec, size in leaves:
        if off % size:
            return "a by-value struct with a misaligned %d-byte field" % size
        if -(-at // size) * size != off:  # gasp-run aligns naturally: say the gap
            pad(off - at)
        fields.append(spec)
        at = off + size
    pad(got[0] - at)
    return fields if 0 < len(fields) <= STRUCT_FIELDS else TOO_MANY


def synth_args(params, target, types=None):
    """gasp-run --arg specs for a kernel's parameters, or (None, why);
    types: the module's named struct types (name -> body)."""
    local = {"nvptx64": "3", "amdgcn": "3"}[target]
    args = []
    for p in params:
        m = re.search(r"\b(?:byval|byref)\(", p)
        if m:
            depth, k = 1, m.end()
            while k < len(p) and depth:  # the type, to its matching parenthesis
                depth += {"(": 1, ")": -1}.get(p[k], 0)
                k += 1
            fields = struct_fields(p[m.end():k - 1], types or {})
            if isinstance(fields, str):
                return None, fields
            args.append("struct:" + ";".join(fields))
            continue
        if re.search(r"\bbyval\b|\bbyref\b", p):
            return None, "a by-value struct parameter"
        t = p.split()[0]
        if t == "ptr":
            m = re.match(r"ptr addrspace\((\d+)\)", p)
            args.append("local:4096" if m and m.group(1) == local else "buf:i32:65536")
        elif t in ("i32", "i16", "i8", "i1"):
            args.append("i32=1" if t == "i1" else "i32=64")  # gasp-run: any integer of <= 32 bits
        elif t == "i64":
            args.append("i64=64")
        elif t == "float":
            args.append("f32=1.0")
        elif t == "double":
            args.append("f64=1.0")
        else:
            return None, "a %s parameter" % t
    return args, None


WRAP_RE = re.compile(r"call (?:align \d+ )?ptr addrspace\((\d+)\) "
                     r"@llvm\.nvvm\.internal\.addrspace\.wrap\.p\d+\.p0\(ptr ([^)]+)\)")


def backend_named(bc, target):
    """bc as llc's own address-space passes leave it on nvptx64
    (NVPTXLowerArgs and InferAddressSpaces): llc-22
    -stop-after=infer-address-spaces, the module read back from the MIR
    file, NVPTX's parameter wrapper written as the cast it is.  What the
    final code executes generic is counted there: the plugin leaves to llc
    what llc names itself, as clang's build does (src/analysis/
    backendnamed.c).  bc itself elsewhere: on amdgcn InferAddressSpaces
    runs in clang's own optimizer (the bitcode has been through it) and
    llc's IR passes before instruction selection lower kernel arguments
    and LDS to intrinsics gasp-run does not run; spirv64 has no such
    pass."""
    triple = {"nvptx64": ("nvptx64-nvidia-cuda", "sm_90")}.get(target)
    if not triple:
        return bc
    mir, out = bc + ".named.mir", bc + ".named.bc"
    rc, _, _ = sh(["llc-22", "-O2", "-mtriple=" + triple[0], "-mcpu=" + triple[1],
                   "-stop-after=infer-address-spaces", bc, "-o", mir], timeout=600)
    if rc:
        return bc
    with open(mir, errors="replace") as fh:
        text = fh.read()
    start = text.find("--- |")
    end = text.find("\n...", start)
    if start < 0 or end < 0:
        return bc
    ir = "\n".join(line[2:] for line in text[start + 5:end].split("\n"))
    ir = WRAP_RE.sub(lambda m: "addrspacecast ptr %s to ptr addrspace(%s)" % (m.group(2), m.group(1)), ir)
    with open(bc + ".named.ll", "w") as fh:
        fh.write(ir)
    rc, _, _ = sh(["llvm-as-22", bc + ".named.ll", "-o", out], timeout=600)
    return out if rc == 0 else bc


def executed(base, target):
    """Executed accesses through a generic pointer and instructions, clang's
    module against the plugin's, per kernel (up to RUN_KERNELS), each as
    llc's own address-space passes leave it (backend_named)."""
    named = {way: backend_named("%s.%s.bc" % (base, way), target) for way in ("clang", "plugin")}
    rc, text, _ = sh(["llvm-dis-22", base + ".clang.bc", "-o", "-"])
    kernels = sorted(set((m.group(1), m.group(2)) for m in KERNEL_RE.finditer(text)))
    types = {m.group(1): m.group(2) for m in TYPE_RE.finditer(text)}
    total = {"clang": 0, "plugin": 0, "clang_instrs": 0, "plugin_instrs": 0, "clang_all": 0,
             "plugin_all": 0, "kernels": 0,
             "tried": 0, "why": {}, "over2": 0, "plugin_only": []}

    def tally(why):  # one more kernel not counted, for this reason
        total["why"][why] = total["why"].get(why, 0) + 1
    for name, ptext in kernels[:RUN_KERNELS]:
        total["tried"] += 1
        args, why = synth_args(split_params(ptext), target, types)
        if args is None:
            tally(why)
            continue
        got = {}

        def run(way):
            return gasp_run(named[way], name, args, ["--count"])
        for way in ("clang", "plugin"):
            rc, out, err = run(way)
            for _ in range(2):  # gasp-run's 10 s is the machine's load too: the plugin's
                if rc != 4 or way != "plugin":  # build timing out where clang's ran runs
                    break                       # again before it is said to fail
                rc, out, err = run(way)
            m = re.search(r"^accesses: .* generic=(\d+) instrs=(\d+) casts=(\d+)$", out, re.M)
            if rc or not m:
                said = {4: "a timeout", 3: "an access outside every buffer on synthetic data"}.get(rc)
                if not said:
                    said = "inline assembly" if "inline assembly" in err \
                        else "a builtin gasp-run lacks" if "unknown external" in err or "builtin" in err \
                        else "barrier divergence on synthetic data" if "barrier divergence" in err \
                        else "a device-side assertion on synthetic data" if "device-side assertion" in err \
                        else "a trap (the device stops the launch too)" if "executed llvm.trap" in err \
                        else "gasp-run exit %d" % rc
                # clang's module ran, gasp's did not: a gasp bug, unless the
                # kernel indexes past the synthetic data.  gasp-run keeps
                # unmapped gaps around its arenas, so such an address is
                # outside every arena for both modules; clang's runs again
                # all the same (an index far past a buffer could still land
                # in another arena, which a generic access accepts and a
                # named one does not): one failure of its shows the index.
                if way == "plugin" and "outside every arena" not in err and \
                        all(run("clang")[0] == 0 for _ in range(4)):
                    total["plugin_only"].append("%s: %s" % (name, (err or out).strip()[:300]))
                    said = "fails only with the plugin"
                tally(said)
                break
            got[way] = (int(m.group(1)), int(m.group(2)) - int(m.group(3)), int(m.group(2)))
        if len(got) == 2:
            # and both compute the same: every buffer byte for byte after the
            # kernel (gasp-run --compare), a difference a gasp bug
            rc, out, err = gasp_run(base + ".clang.bc", name, args,
                                    ["--compare", base + ".plugin.bc"], timeout=120)
            last = out.strip().splitlines()[-1] if out.strip() else ""
            if rc and alone_fails(base + ".clang.bc", name, args):
                # clang's own module, as its optimizer left it, faults on
                # the synthetic data alone, though after llc's address-space
                # passes it ran (John's DES_bs_cmp_high: an index read from
                # the data runs past a private array, in both modules
                # alike): nothing to compare, no gasp bug
                tally("clang's own bitcode faults on synthetic data")
                continue
            if rc or last != "identical":
                total["plugin_only"].append("%s: computes differently with the plugin: %s" % (
                    name, (last + " " + err).strip()[:300]))
                tally("computes differently with the plugin")
                continue
            total["clang"] += got["clang"][0]
            total["plugin"] += got["plugin"][0]
            total["clang_instrs"] += got["clang"][1]
            total["plugin_instrs"] += got["plugin"][1]
            total["clang_all"] += got["clang"][2]
            total["plugin_all"] += got["plugin"][2]
            total["kernels"] += 1
            if got["clang"][1] and got["plugin"][1] > 1.02 * got["clang"][1]:
                total["over2"] += 1
                total.setdefault("over2_kernels", []).append(
                    "%s %d -> %d" % (name, got["clang"][1], got["plugin"][1]))
    return total if total["tried"] else None


def gasp_run(bc, name, args, extra=(), timeout=60):
    """gasp-run on the module bc's kernel name as executed runs every
    kernel: one work-group of 64, 4 KiB of dynamic local memory, every
    access checked, args (synth_args) and extra flags; sh's result."""
    return sh([os.path.join(BUILD, "bin", "gasp-run"), bc, "--kernel", name, "--global", "64",
               "--dynamic-local", "4096", "--check-as", "--timeout", "10"] + list(extra)
              + sum((["--arg", x] for x in args), []), timeout=timeout)


def alone_fails(bc, name, args):
    """Does gasp-run stop on the module bc's kernel name run alone (no
    --compare), with the comparison's arguments?"""
    return gasp_run(bc, name, args)[0] != 0


def unit_base(unit, target, opt):
    """work/out/NAME.TARGET.OPT: the stem of every file one build of unit
    writes (its folder made)."""
    base = os.path.join(WORK, "out", "%s.%s.%s" % (unit["name"].replace("/", "_"), target, opt))
    os.makedirs(os.path.dirname(base), exist_ok=True)
    return base


def file_sha(path):
    """The first 16 hex digits of the file's SHA-256 (None when absent)."""
    try:
        with open(path, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()[:16]
    except OSError:
        return None


# A kernel x column worse in final code that a lent GPU timed: device-measured.tsv
# (committed; one row per kernel, from bench/gpu's reports).  A row counts
# only for the very code the device ran — both builds' assembly, by SHA-256,
# or, where the row also gives them, the machine code ptxas -arch=sm_90
# makes of both builds' PTX (a PTX text that differs only in virtual
# register numbers and the order of independent instructions assembles to
# the same cubin) — and only when the plugin's build ran faster beyond noise.
MEASURED = os.path.join(HERE, "device-measured.tsv")
FASTER = 0.98
_CUBIN = {}


def cubin_sha(path):
    """The first 16 hex digits of the SHA-256 of the cubin ptxas -arch=sm_90
    makes of PTX file path (None without ptxas, or when it fails)."""
    if not PTXAS or not path or not os.path.exists(path):
        return None
    if path not in _CUBIN:
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "k.cubin")
            rc, _, _ = sh([PTXAS, "-arch=sm_90", path, "-o", out])
            _CUBIN[path] = None if rc else file_sha(out)
    return _CUBIN[path]


def measured_rows(path=MEASURED):
    """The rows of a device-measured.tsv (bench/public's, or bench/pipeline's
    in the same format, its unit column a program's path)."""
    rows = []
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    fields = line.rstrip("\n").split("\t")
                    unit, kernel, col, x, y, sha_c, sha_p, us_c, us_p, device, src = fields[:11]
                    rows.append({"unit": unit, "kernel": kernel, "col": col, "x": int(x),
                                 "y": int(y), "sha": (sha_c, sha_p), "us": (float(us_c),
                                 float(us_p)), "device": device, "src": src,
                                 "cubin": tuple(fields[11:13]) if len(fields) >= 13 else None})
    return rows


def worse_columns(cols, way):
    """Every kernel x column [k, c, clang's, way's] where build way's final
    code is worse than clang's (cols: a unit's per-kernel columns by build)."""
    return [[k, c, x, y] for k in sorted(cols["clang"])
            for c, x, y in finalcode_count.worse(cols["clang"][k], cols[way].get(k, {}))]


def wp_view(r):
    """r with its whole-program build's hash in the plugin's place (a device
    measurement of the very same code excuses it too)."""
    sha = r.get("sha256") or {}
    return dict(r, sha256={"clang": sha.get("clang"), "plugin": sha.get("wp")}, plugin_way="wp")


def same_as_plugin(rows, r, k, c, x, y):
    """The device row that excuses the plugin's own build of kernel k when the
    whole-program build's kernel is the same as it in every column (their
    files differ in linkage and names: the sha cannot say so), or None."""
    cols = r.get("columns", {})
    if cols.get("wp", {}).get(k) != cols.get("plugin", {}).get(k):
        return None
    return measured_faster(rows, r, k, c, x, y)


def measured_row(rows, unit, k, c, x, y, sha, paths, target):
    """The device row of rows that excuses kernel k's column c (clang's x,
    the plugin's y) in unit: the very code the device ran — sha, the two
    builds' assembly SHA-256 prefixes (clang's, the plugin's), equal to the
    row's, or on nvptx64 the cubins ptxas makes of paths (the two builds'
    PTX files) equal to its cubin prefixes — where the plugin's build ran
    faster beyond noise; or None."""
    for m in rows:
        if (m["unit"], m["kernel"], m["col"], m["x"], m["y"]) != (unit, k, c, x, y) or \
                m["us"][1] > FASTER * m["us"][0]:
            continue
        if m["sha"] == tuple(sha):
            return m
        if m["cubin"] and target == "nvptx64" and \
                m["cubin"] == tuple(cubin_sha(p) for p in paths):
            return m
    return None


def measured_faster(rows, r, k, c, x, y):
    """The device-measured row that excuses kernel k's column c in unit r, or None."""
    base = unit_base({"name": r["unit"]}, r["target"], r["opt"])
    sha = r.get("sha256") or {w: file_sha(base + ".%s.s" % w) for w in ("clang", "plugin")}
    ways = ("clang", r.get("plugin_way", "plugin"))
    return measured_row(rows, r["unit"], k, c, x, y, (sha.get("clang"), sha.get("plugin")),
                        [base + ".%s.s" % w for w in ways], r.get("target"))


# each target's kind of final code (finalcode_count's ptx, amdgpu, spirv)
TARGET_KIND = {"nvptx64": "ptx", "amdgcn": "amdgpu", "spirv64": "spirv"}

# ptxas's columns: what the allocator decides for the code it is given
ALLOCATION = finalcode_count.META["ptx"]
# and what it decides in all: the machine code too
PTXAS_DECIDES = ALLOCATION + ["sass"]


def realigned(base, opt, cols):
    """cols["aligned"]: the kernels' columns of clang's own bitcode after
    LLVM's InferAlignment pass (opt-22 -passes=infer-alignment, then llc-22
    at the level): the code LLVM writes when it re-derives what LICM's
    promoted accesses lost (bench/public/explain.py, causes.md "gromacs").
    Where the plugin's ptxas column equals it, the row is ptxas's
    allocation of code LLVM would write itself, and worse_list says so."""
    bc, txt = base + ".aligned.bc", base + ".aligned.s"
    rc, _, _ = sh(["opt-22", "-passes=infer-alignment", base + ".clang.bc", "-o", bc], timeout=TOOL_S)
    if rc or back("nvptx64", bc, txt, opt)[0]:
        return
    cols["aligned"] = dict(finalcode_count.count_file("ptx", txt, per_kernel=True, use_ptxas=True))


def relaid(base, cols, ways):
    """cols[RELAID[way]]: the kernels' columns of build way's own PTX with
    its module-scope variables declared in clang's build's order
    (finalcode_count.ptx_declared_as), where the two orders differ and the
    two bitcode files already held the variables in another order: the
    front end's run-to-run order (clang-22's CUDA device variables the host
    uses), not the plugin's, which adds, removes and moves no variable.
    Where that is no worse than clang's build, worse_list lists the row
    apart, not counted."""
    try:
        with open(base + ".clang.s") as f:
            order = f.read()
    except OSError:
        return
    mine = ir_variables(base + ".clang.bc")
    for way in ways:
        # only where the bitcode already had them in another order (the
        # front end's); the same bitcode order and another PTX order would
        # be llc's, for the plugin's code, and counts
        if mine is None or ir_variables("%s.%s.bc" % (base, way)) in (None, mine):
            continue
        got = variant(base, way, "relaid", lambda t: finalcode_count.ptx_declared_as(t, order))
        if got:
            cols[RELAID[way]] = got


RELAID = {"plugin": "relaid", "wp": "wp-relaid"}


def ir_variables(bc):
    """The module's global variables' names in module order (llvm-dis-22),
    or None where it cannot be read."""
    rc, out, _ = sh(["llvm-dis-22", bc, "-o", "-"], timeout=TOOL_S)
    return None if rc else re.findall(r"^@([\w.$\"-]+) = (?!.*\b(?:alias|ifunc)\b)", out, re.M)


def unnamed(base, cols, ways):
    """cols[UNNAMED[way]]: the kernels' columns of build way's own PTX with
    its named local and global accesses made generic again
    (finalcode_count.ptx_generic), through ptxas: what ptxas allocates for
    the same instructions where nothing says which space they touch.
    Where that is no worse than clang's build, the row is ptxas's
    allocation of the naming alone (the batched-named-loads family,
    causes.md), and worse_list says so."""
    for way in ways:
        got = variant(base, way, "unnamed", finalcode_count.ptx_generic)
        if got:
            cols[UNNAMED[way]] = got


UNNAMED = {"plugin": "unnamed", "wp": "wp-unnamed"}


def unnamed_functions(base, res, rows, way):
    """res["unnamed_functions"][way][kernel][column]: for each row (kernel,
    column, clang's, the build's) of a column ptxas allocates whose kernel
    the unnamed variant does not answer as a whole, the functions reachable
    from the kernel whose value grew over clang's function of the same name
    (a clone: its original's, finalcode_count.ptx_original), each as [name, clang's (None:
    clang's build has no such function),
    the build's, the unnamed variant's].  A kernel's spills are a sum over
    its functions and its registers and frame a largest one, so a function
    that grew can hide behind one that shrank (john's tezos_final at -O3:
    curve25519_recip); allocation_reason reads this per function."""
    todo = [(k, c, x) for k, c, x, _ in rows
            if c in ALLOCATION and variant_value(res, UNNAMED, way, k, c, x) is None]
    if not todo:
        return
    paths = ["%s.%s.s" % (base, w) for w in ("clang", way, way + ".unnamed")]
    metas = [finalcode_count.ptxas_meta(p) if os.path.exists(p) else None for p in paths]
    if any(m is None for m in metas):
        return
    m_clang, m_way, m_un = metas
    try:
        with open(paths[1]) as f:
            funcs, calls, _, _ = finalcode_count.ptx(f.read())
    except OSError:
        return
    got = res.setdefault("unnamed_functions", {}).setdefault(way, {})
    for k, c, _ in todo:
        mine = [(f, m_clang.get(finalcode_count.ptx_original(f, m_clang))) for f in
                sorted(finalcode_count.reach(funcs, calls, [k])) if f in m_way]
        got.setdefault(k, {})[c] = [[f, o and o[c], m_way[f][c], m_un.get(f, {}).get(c)]
                                    for f, o in mine if m_way[f][c] > (o[c] if o else 0)]


def functions_reason(r, k, c, way):
    """In words, where every function reachable from kernel k whose column
    c grew over clang's (unnamed_functions) gets clang's value or better
    with its named accesses generic again; else ""."""
    grew = r.get("unnamed_functions", {}).get(way, {}).get(k, {}).get(c)
    if not grew or any(g[1] is None or g[3] is None or g[3] > g[1] for g in grew):
        return ""
    return " (the functions that grew, with their local and global accesses generic " \
        "again, no worse than clang's: %s; ptxas's choice for named accesses, " \
        "explain.py --unnamed)" % ", ".join("%s %d -> %d, generic again %d" % (f, x, y, z)
                                            for f, x, y, z in grew)


def variant(base, way, name, rewrite):
    """The kernels' columns, through ptxas (and nvdisasm), of build way's
    PTX rewritten (rewrite: text -> text, or None where it does not
    apply), written beside it as BASE.WAY.NAME.s; None where the build or
    the rewrite is missing or ptxas decides none of its columns.  What a
    measured reason compares with clang's build (variant_value)."""
    try:
        with open("%s.%s.s" % (base, way)) as f:
            text = rewrite(f.read())
    except OSError:
        return None
    if text is None:
        return None
    txt = "%s.%s.%s.s" % (base, way, name)
    with open(txt, "w") as g:
        g.write(text)
    got = dict(finalcode_count.count_file("ptx", txt, per_kernel=True, use_ptxas=True,
                                          use_sass=bool(SASS)))
    return got if any(c in kc for kc in got.values() for c in PTXAS_DECIDES) else None


def variant_value(r, names, way, k, c, x):
    """Kernel k's column c in the variant names[way] of unit r's build way
    (relaid, unnamed) where it is no worse than clang's x, else None."""
    z = r.get("columns", {}).get(names.get(way), {}).get(k, {}).get(c)
    return z if c in PTXAS_DECIDES and z is not None and finalcode_count.not_worse(c, x, z) \
        else None


def build_unit(unit, target, opt, plugin, wp, cuda):
    base = unit_base(unit, target, opt)
    res = {"unit": unit["name"], "suite": unit["suite"], "lang": unit["lang"], "target": target,
           "opt": opt}
    ck = TARGET_KIND[target]
    ways = [("clang", None, False), ("plugin", plugin, False)] + ([("wp", plugin, True)] if wp else [])
    for way, plug, w in ways:
        bc, txt = "%s.%s.bc" % (base, way), "%s.%s.s" % (base, way)
        rc, _, err = front(unit, target, opt, bc, plug, w, cuda)
        if rc:
            res[way] = ("front-timeout" if timed_out(rc, err) else "front") if way == "clang" else \
                "front-plugin: " + err.strip()[-200:]
            if way == "clang":
                return res
            continue
        rc, _, err = back(target, bc, txt, opt)
        if rc:
            lines = err.strip().splitlines() or ["?"]
            said = [l for l in lines if "ERROR" in l or "error:" in l]
            if timed_out(rc, err):
                said = ["timed out after %d s" % TOOL_S]
            res[way] = "llc: " + (said[0] if said else "crashed (exit %d)" % rc)[:160]
            continue
        res[way] = count(ck, txt)
        res.setdefault("sha256", {})[way] = file_sha(txt)
        res.setdefault("columns", {})[way] = dict(finalcode_count.count_file(
            ck, txt, per_kernel=True, use_ptxas=bool(PTXAS) and ck == "ptx",
            use_sass=bool(SASS), use_val=True))
    cols = res.get("columns", {})
    worse_of = {w: worse_columns(cols, w) for w in ("plugin", "wp") if "clang" in cols and w in cols}
    if "plugin" in worse_of:
        res["worse_columns"] = worse_of["plugin"]
    if ck == "ptx" and PTXAS and any(c in ALLOCATION for rows in worse_of.values()
                                     for _, c, _, _ in rows):
        realigned(base, opt, cols)
    decided = [w for w, rows in worse_of.items() if any(c in PTXAS_DECIDES for _, c, _, _ in rows)]
    if ck == "ptx" and PTXAS and decided:
        unnamed(base, cols, decided)
        for w in decided:
            unnamed_functions(base, res, worse_of[w], w)
        relaid(base, cols, decided)
    if target in ("nvptx64", "amdgcn") and all(isinstance(res.get(w), dict)
                                               for w in ("clang", "plugin")):
        res["executed"] = executed(base, target)
    if unit["lang"] == "cuda" and cuda[1] and opt == "O2" and isinstance(res.get("clang"), dict):
        ptx = base + ".nvcc.ptx"
        rc, _, _ = sh([cuda[1], "-O3", "-ptx", "-arch=sm_90"] + CUDA_DEFINES +
                      sum((["-I", i] for i in unit["inc"]), []) + [unit["src"], "-o", ptx])
        res["nvcc"] = count("ptx", ptx) if rc == 0 else None
    return res


# ---- report ------------------------------------------------------------------

def g(r, way, key="generic"):
    v = r.get(way)
    return int(v[key]) if isinstance(v, dict) else None


def worse(r):
    """Executed counts decide where a kernel ran; the static count elsewhere."""
    e = r.get("executed")
    if e and e["kernels"]:
        return e["plugin"] > e["clang"]
    return g(r, "plugin") > g(r, "clang")


def table(rows, title, wp):
    built = [r for r in rows if isinstance(r.get("clang"), dict) and isinstance(r.get("plugin"), dict)]
    if not rows:
        return [], built
    tc = sum(g(r, "clang") for r in built)
    tp = sum(g(r, "plugin") for r in built)
    nv = [r for r in built if isinstance(r.get("nvcc"), dict)]
    ran = [r["executed"] for r in built if r.get("executed") and r["executed"]["kernels"]]
    out = ["| suite | units | built both ways | clang generic | plugin generic | %s"
           "nvcc -O3 generic (units nvcc built: clang / plugin / nvcc) | executed generic clang / plugin "
           "(kernels ran / tried) | executed instrs plugin/clang (all; without addrspacecasts) | kernels > +2%% instrs | worse | kernel x column worse in final code |" % (
               "whole-program generic | " if wp else "")]
    out.append("|" + "---|" * (12 if wp else 11))
    wpc = sum(g(r, "wp") for r in built if isinstance(r.get("wp"), dict))
    ec, ep = sum(e["clang"] for e in ran), sum(e["plugin"] for e in ran)
    ic, ip = sum(e["clang_instrs"] for e in ran), sum(e["plugin_instrs"] for e in ran)
    ac, ap = sum(e["clang_all"] for e in ran), sum(e["plugin_all"] for e in ran)
    tried = sum(r["executed"]["tried"] for r in built if r.get("executed"))
    out.append("| %s | %d | %d | %d | %d | %s%s | %s | %s | %d | %d | %d |" % (
        title, len(rows), len(built), tc, tp, ("%d | " % wpc) if wp else "",
        "%d / %d / %d" % (sum(g(r, "clang") for r in nv), sum(g(r, "plugin") for r in nv),
                          sum(g(r, "nvcc") for r in nv)) if nv else "-",
        "%d / %d (%d / %d)" % (ec, ep, sum(e["kernels"] for e in ran), tried) if tried else "-",
        "%.4f; %.4f" % (ap / ac, ip / ic) if ic and ac else "-",
        sum(e["over2"] for e in ran), sum(worse(r) for r in built),
        sum(len(r.get("worse_columns", [])) for r in built)))
    return out, built


def column_totals(built, kind):
    """Each column summed over the kernels of every unit built both ways:
    clang, plugin, and the plugin with -gasp-whole-program where built."""
    names = ["generic", "instrs", "cvta"] + finalcode_count.EXTRA[kind] + \
        finalcode_count.meta_names(kind, bool(PTXAS)) + (
        ["sass"] if kind == "ptx" and SASS else [])
    tot = {w: {c: 0 for c in names} for w in ("clang", "plugin", "wp")}
    for r in built:
        for w in tot:
            for cols in r.get("columns", {}).get(w, {}).values():
                for c in names:
                    tot[w][c] += cols.get(c, 0)
    return names, tot


def relaid_same(w, way="plugin"):
    """For a kernel x column w of build way in a column ptxas decides: why
    the front end's order of module-scope variables accounts for it, in
    words (the build's PTX declared in clang's order is no worse: relaid),
    else None."""
    r, k, c, x, y = w
    z = variant_value(r, RELAID, way, k, c, x)
    if z is None:
        return None
    return ("with its module-scope variables in the order of clang's build: %d; the front end "
            "orders them anew each run, llvm-project#188616; finalcode_count.ptx_declared_as" % z)


def allocated(w, way="plugin"):
    """For a kernel x column w of build way worse only in registers that cost
    the device nothing (finalcode_count.device_same: PTX registers allocated
    the same or at the same warps per SM, AMDGPU registers at no fewer waves
    per SIMD): why, in words, else None."""
    r, k, c, x, y = w
    return finalcode_count.device_same(TARGET_KIND[r["target"]], c,
                                       *kernel_columns(r, k, c, x, y, way))


def kernel_columns(r, k, c, x, y, way):
    """Kernel k's columns in unit r's clang build and build way, with the
    row's column c at its values x and y: what device_same and
    measured_reason compare."""
    cols = r.get("columns", {})
    return (dict(cols.get("clang", {}).get(k, {}), **{c: x}),
            dict(cols.get(way, {}).get(k, {}), **{c: y}))


def allocation_reason(r, k, c, x, y, way):
    """The measured reason of a row in a column ptxas decides, in words
    (else ""): clang's bitcode through InferAlignment gets the plugin's
    value (realigned), the build's PTX with its named accesses generic
    again gets clang's value or better (unnamed), or
    finalcode_count.measured_reason (fewer memory instructions; for PTX
    instructions, machine code no worse)."""
    cols = r.get("columns", {})
    measured = finalcode_count.measured_reason(TARGET_KIND[r["target"]], c,
                                               *kernel_columns(r, k, c, x, y, way))
    if c == "instrs" and measured:
        return " (%s)" % measured
    if c not in PTXAS_DECIDES:
        return ""
    if c in ALLOCATION and cols.get("aligned", {}).get(k, {}).get(c) == y:
        return " (clang's build through LLVM's InferAlignment: %d as well; explain.py)" % y
    z = variant_value(r, UNNAMED, way, k, c, x)
    if z is not None:
        return " (the same PTX with its local and global accesses generic again: %d; " \
            "ptxas's choice for named accesses, explain.py --unnamed)" % z
    per_function = functions_reason(r, k, c, way)
    if per_function:
        return per_function
    return " (%s)" % measured if measured else ""


def worse_list(out, title, timed, measured="this very code", way="plugin"):
    """Appends the kernel x column list of build way (timed: each with the
    device row that excuses it, or None; measured: what that row timed; a
    register more that costs the device nothing is listed apart); how many
    are not excused."""
    unexcused = [(w, allocated(w, way)) for w, m in timed if not m]
    laid = [(w, relaid_same(w, way)) for w, a in unexcused if a is None]
    unexcused = [(w, a) for w, a in unexcused if a is not None]
    bad = [w for w, why in laid if why is None]
    out += ["", "%s: %d" % (title, len(bad))]
    for r, k, c, x, y in bad:
        out.append("- %s: %s: %s %d -> %d%s" % (r["unit"], k, c, x, y, allocation_reason(r, k, c, x, y, way)))
    for (r, k, c, x, y), a in unexcused:
        out.append("- allocated the same, not counted: %s: %s: %s %d -> %d (%s)" % (
            r["unit"], k, c, x, y, a))
    for (r, k, c, x, y), why in laid:
        if why is not None:
            out.append("- the front end's layout, not counted: %s: %s: %s %d -> %d (%s)" % (
                r["unit"], k, c, x, y, why))
    for (r, k, c, x, y), m in timed:
        if m:
            out.append("- measured, not counted: %s: %s: %s %d -> %d; %s "
                       "on %s: %.1f -> %.1f us (%.3f of clang's time; %s)" % (
                           r["unit"], k, c, x, y, measured, m["device"], m["us"][0], m["us"][1],
                           m["us"][1] / m["us"][0], m["src"]))
    return len(bad)


def report(results, notes, opts, wp):
    out = ["# Public programs: generic accesses in the final code", "",
           "Produced by `sh bench/public.sh REPOS%s` (bench/public/public.py; levels %s%s; "
           "programs at the commits pinned in the script, built as users build: "
           "clang-22 with and without `-fpass-plugin=build/lib/gasp-plugin.so`, then llc-22 "
           "at the same level; "
           "nvcc -O3 -ptx as a comparison).  Generic = memory instructions through a generic "
           "address in functions reachable from the kernels (bench/finalcode_count.py); executed "
           "= gasp-run --count on the IR llc's own address-space passes leave (nvptx64; amdgcn: "
           "the bitcode), i.e. what the final code executes (see the script's header)." % (
               "".join(" " + x for x in RUN_ARGS), ",".join(opts),
               ("; also -gasp-whole-program" if wp else "")), ""]
    out += ["machine: %d cores; %s" % (os.cpu_count() or 0,
                                      sh(["clang-22", "--version"])[1].splitlines()[0])]
    repos = set(SUITE_REPO.get(r["suite"]) for r in results)
    out += ["commits: " + ", ".join("%s %s" % (k, v) for k, v in PINS.items() if k in repos)]
    out += ["note: " + n for n in notes]
    bad_plugin_only = 0
    mrows = measured_rows()
    for opt in opts:
        for target in ("nvptx64", "amdgcn", "spirv64"):
            rows = [r for r in results if r["target"] == target and r["opt"] == opt]
            if not rows:
                continue
            out += ["", "## %s, -%s" % (target, opt), ""]
            t, built = table(rows, "all suites", wp)
            out += t
            for suite in sorted(set(r["suite"] for r in rows)):
                for lang in sorted(set(r["lang"] for r in rows if r["suite"] == suite)):
                    t, _ = table([r for r in rows if r["suite"] == suite and r["lang"] == lang],
                                 "%s %s" % (suite, lang), wp)
                    out += t[2:] if t else []
            out += ["", "| unit | clang generic | plugin generic | nvcc generic | clang instrs | "
                    "plugin instrs | executed generic clang / plugin (kernels ran of tried; why not) "
                    "| executed instrs plugin/clang (all; without addrspacecasts) |", "|---|---|---|---|---|---|---|---|"]
            for r in sorted(built, key=lambda r: r["unit"]):
                e = r.get("executed")
                if not (g(r, "clang") or g(r, "plugin") or g(r, "nvcc") or (e and (e["clang"] or e["plugin"]))):
                    continue
                why = "; ".join("%d: %s" % (v, k) for k, v in sorted(e["why"].items())) if e else ""
                out.append("| %s | %d | %d | %s | %d | %d | %s | %s |" % (
                    r["unit"], g(r, "clang"), g(r, "plugin"),
                    g(r, "nvcc") if isinstance(r.get("nvcc"), dict) else "-",
                    g(r, "clang", "instrs"), g(r, "plugin", "instrs"),
                    "%d / %d (%d of %d%s)" % (e["clang"], e["plugin"], e["kernels"], e["tried"],
                                              "; " + why if why else "") if e else "-",
                    "%.4f; %.4f" % (e["plugin_all"] / e["clang_all"], e["plugin_instrs"] / e["clang_instrs"])
                    if e and e["clang_instrs"] and e["clang_all"] else "-"))
            out.append("")
            out.append("(units with no generic access in any build are left out of the table)")
            kind = TARGET_KIND[target]
            names, tot = column_totals(built, kind)
            out += ["", "Final code by column, summed over the kernels (reachable functions "
                    "each; registers and frames: each kernel's own%s):" % (
                        ("; ptxas -arch=sm_90 -v" if kind == "ptx" and PTXAS else "") +
                        ("; sass: machine instructions, nvdisasm (scripts/sass-tools.sh)"
                         if kind == "ptx" and SASS else "") +
                        ("; invalid: kernels of a module spirv-val rejects"
                         if "invalid" in names else "")), "",
                    "| build | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
            for w in ("clang", "plugin") + (("wp",) if wp else ()):
                out.append("| %s | " % {"wp": "plugin, whole-program"}.get(w, w) +
                           " | ".join(str(tot[w][c]) for c in names) + " |")
            worse = [(r, k, c, x, y) for r in built for k, c, x, y in r.get("worse_columns", [])]
            timed = [(w, measured_faster(mrows, *w)) for w in worse]
            bad_plugin_only += worse_list(out, "Kernels worse with the plugin in a column "
                                          "(tolerance: %s)" % finalcode_count.tolerance_words(),
                                          timed)
            if wp:  # the same rule for the whole-program build
                wworse = [(r, k, c, x, y) for r in built if "wp" in r.get("columns", {})
                          for k, c, x, y in worse_columns(r["columns"], "wp")]
                wtimed = [(w, measured_faster(mrows, wp_view(w[0]), *w[1:]) or
                           same_as_plugin(mrows, *w)) for w in wworse]
                bad_plugin_only += worse_list(out, "Kernels worse with the plugin, "
                                              "whole-program, in a column", wtimed,
                                              "the plugin's build, the same in every column,", "wp")
            fails = [r for r in rows if r not in built]
            front_fail = [r["unit"] for r in fails if r.get("clang") == "front"]
            if front_fail:
                out.append("- skipped, clang-22 cannot compile them (%d): %s" % (
                    len(front_fail), ", ".join(sorted(front_fail))))
            slow = [r["unit"] for r in fails if r.get("clang") == "front-timeout"]
            if slow:
                out.append("- skipped, clang-22 took over %d s (%d): %s" % (
                    TOOL_S, len(slow), ", ".join(sorted(slow))))
            for r in fails:
                c, p = r.get("clang"), r.get("plugin")
                if c in ("front", "front-timeout"):
                    continue
                if isinstance(c, dict):
                    bad_plugin_only += 1
                    out.append("- %s: **fails only with the plugin**: %s" % (r["unit"], p))
                else:
                    out.append("- %s: fails without the plugin too: %s" % (r["unit"], c))
            for r in built:
                for what in (r.get("executed") or {}).get("over2_kernels", []):
                    out.append("- %s: executed instructions (without addrspacecasts) > +2%%: %s"
                               % (r["unit"], what))
                for what in (r.get("executed") or {}).get("plugin_only", []):
                    bad_plugin_only += 1
                    out.append("- %s: **runs only without the plugin** (gasp-run --check-as): %s"
                               % (r["unit"], what))
                if isinstance(r.get("clang"), dict) and r.get("wp") and not isinstance(r["wp"], dict):
                    bad_plugin_only += 1
                    out.append("- %s: **fails only with the plugin, whole-program**: %s" % (r["unit"], r["wp"]))
    out += ["", "What is left and why, read by hand in the final code of the committed run: "
            "bench/public/causes.md (not regenerated by this run)."]
    return "\n".join(out) + "\n", bad_plugin_only


def command_args(argv, repos):
    """The arguments that decide what a run measures, for the report's
    header (not REPOS, --out, --build, -j; main adds --out back where it is
    not the default report)."""
    out, skip = [], False
    for x in argv:
        if skip:
            skip = False
        elif x in ("--out", "--build", "-j"):
            skip = True
        elif x != repos and not x.startswith(("--out=", "--build=", "-j")):
            out.append(x)
    return out


def is_report(out):
    """Is out the committed report, bench/public/public.md?"""
    return os.path.abspath(out) == os.path.join(HERE, "public.md")


def out_arg(out):
    """--out for the report's command when it is not the default report
    (cuda-samples.md), relative to the project."""
    if is_report(out):
        return []
    return ["--out", os.path.relpath(os.path.abspath(out), ROOT)]


def main():
    global BUILD, PLUGIN_ARGS
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("repos", nargs="?", default=os.environ.get("GASP_PUBLIC_REPOS"))
    ap.add_argument("--programs", type=int, default=40,
                    help="HeCBench programs (of the half, --half; default 40)")
    ap.add_argument("--half", choices=("even", "odd"), default="even",
                    help="HeCBench's half: odd builds the programs held out of the report, "
                         "for a screen from outside it (give --out another name)")
    ap.add_argument("--skip", type=int, default=0, metavar="K",
                    help="leave out the half's first K programs (with --programs: a chunk)")
    ap.add_argument("--opt", default="O2", help="optimisation levels, e.g. O2,O3 (default O2)")
    ap.add_argument("--wp", action="store_true", help="also the plugin with -gasp-whole-program")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--out", default=os.path.join(HERE, "public.md"))
    ap.add_argument("--mllvm", action="append", default=[], metavar="ARG",
                    help="an option for every build with the plugin, e.g. -gasp-late=0 "
                         "(to compare placements; give --out another name)")
    ap.add_argument("--bitcode-only", action="store_true",
                    help="only build each unit's clang-22 -OX bitcode (work/out/*.clang.bc, "
                         "what bench/compile/compile.py links), no plugin, llc or report")
    ap.add_argument("--suites", default="",
                    help="only these suites (comma list: HeCBench, rodinia, shoc, PolyBench-ACC; "
                         "%s only when named)" % ", ".join(list(OPT_IN) + list(COMPOSED)))
    ap.add_argument("--units", default="",
                    help="only the units whose name contains one of these (comma list), "
                         "e.g. sosfil-cuda,p4-cuda")
    ap.add_argument("--targets", default="",
                    help="only these targets (comma list of nvptx64, amdgcn, spirv64)")
    ap.add_argument("--no-nvcc", action="store_true",
                    help="leave out nvcc's comparison build (most of a CUDA unit's time)")
    ap.add_argument("--report-only", action="store_true",
                    help="write the report again from the last run's results (work/results.json, "
                         "or work/<name>.json for --out <name>.md)")
    a = ap.parse_args()
    PLUGIN_ARGS = a.mllvm
    RUN_ARGS[:] = command_args(sys.argv[1:], a.repos) + out_arg(a.out)
    opts = [o.strip().lstrip("-") for o in a.opt.split(",") if o.strip()]
    # the run's results, beside the report's name (public.md: results.json)
    stem = os.path.splitext(os.path.basename(a.out))[0]
    saved = os.path.join(WORK, "results.json" if stem == "public" else stem + ".json")
    if a.report_only:
        with open(saved) as f:
            got = json.load(f)
        RUN_ARGS[:] = got.get("args", [])
        if "--out" not in RUN_ARGS:
            RUN_ARGS[:] += out_arg(a.out)
        return write_report(got["results"], got["notes"], opts, a.wp, a.out)
    if not a.repos or not os.path.isdir(a.repos):
        print("public.py: give the folder of git directories (OWNER+NAME/repo) as an argument "
              "or GASP_PUBLIC_REPOS", file=sys.stderr)
        return 2
    BUILD = a.build
    plugin = os.path.join(a.build, "lib", "gasp-plugin.so")
    if not os.path.exists(plugin):
        print("public.py: %s missing: run make" % plugin, file=sys.stderr)
        return 2
    cuda = cuda_path()
    suites = [x.strip() for x in a.suites.split(",") if x.strip()]
    if a.half == "odd" and is_report(a.out):
        print("public.py: --half odd is a screen from outside the report: give --out another name",
              file=sys.stderr)
        return 2
    units, notes = all_units(a.repos, a.programs, suites, a.half, a.skip)
    if a.half == "odd" or a.skip:
        notes.append("HeCBench: the %s half, programs %d-%d of it (--half, --skip, --programs)" % (
            a.half, a.skip + 1, a.skip + a.programs))
    if suites:
        known = sorted(set(u["suite"] for u in units))
        unknown = [x for x in suites if x not in known]
        if unknown:
            print("public.py: unknown suite %s (known: %s)" % (", ".join(unknown), ", ".join(known)),
                  file=sys.stderr)
            return 2
        notes.append("only the suites %s (--suites)" % ", ".join(suites))
        units = [u for u in units if u["suite"] in suites]
    names = [x.strip() for x in a.units.split(",") if x.strip()]
    if names:
        notes.append("only the units named %s (--units)" % ", ".join(names))
        units = [u for u in units if any(n in u["name"] for n in names)]
    only = [x.strip() for x in a.targets.split(",") if x.strip()]
    if [x for x in only if x not in TRIPLE]:
        print("public.py: unknown target in --targets %s (known: %s)" % (
            a.targets, ", ".join(TRIPLE)), file=sys.stderr)
        return 2
    if only:
        notes.append("only the targets %s (--targets)" % ", ".join(only))
    if a.no_nvcc:
        notes.append("nvcc's comparison left out (--no-nvcc)")
        cuda = (cuda[0], None)
    if not cuda[0]:
        notes.append("no CUDA toolkit (nvcc): the CUDA programs are left out")
        units = [u for u in units if u["lang"] != "cuda"]
    if not os.path.isdir("/usr/include/hip") or not os.path.isdir(ROCM_LIB):
        notes.append("no HIP headers / ROCm device libraries (apt install libamdhip64-dev "
                     "rocm-device-libs): the HIP programs are left out")
        units = [u for u in units if u["lang"] != "hip"]
    jobs = []
    for u in units:
        targets = {"cuda": ("nvptx64",), "hip": ("amdgcn",), "ocl": OCL_TARGETS}[u["lang"]]
        jobs += [(u, t, o) for o in opts for t in targets if not only or t in only]
    if a.bitcode_only:
        def bitcode(j):
            u, t, o = j
            return front(u, t, o, unit_base(u, t, o) + ".clang.bc", None, False, cuda)[0] == 0
        with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
            built = sum(ex.map(bitcode, jobs))
        print("public.py: %d of %d units built to bitcode in %s" % (built, len(jobs),
                                                                    os.path.join(WORK, "out")))
        return 0
    with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
        results = list(ex.map(lambda j: build_unit(j[0], j[1], j[2], plugin, a.wp, cuda), jobs))
    with open(saved, "w") as f:
        json.dump({"results": results, "notes": notes, "args": RUN_ARGS}, f)
    return write_report(results, notes, opts, a.wp, a.out)


def write_report(results, notes, opts, wp, out):
    """Writes the report to out and prints it; 1 when a build or run failed
    only with the plugin."""
    text, bad = report(results, notes, opts, wp)
    with open(out, "w") as f:
        f.write(text)
    sys.stdout.write(text)
    return 1 if bad else 0

if __name__ == "__main__":
    sys.exit(main())
