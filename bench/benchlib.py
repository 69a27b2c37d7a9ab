# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""benchlib.py — what the Python benchmarks share: running a command, and
building an earlier commit of gasp from git into a scratch directory (the
"before" of a before/after report)."""
import os
import shutil
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Each target's OpenCL C builtins (get_local_id, barrier, the math library):
# Debian's libclc-22, linked into an OpenCL program before the optimizer as
# a user's OpenCL build links its builtins library (clang's
# -mlink-builtin-bitcode, as pocl does).  None for spirv64, whose builtins
# are OpenCL.std instructions and calls the driver resolves.  Without it
# (-nogpulib) every builtin is a call to an external function, and ptxas
# and the AMDGPU back end keep values across those calls in frames and
# waits that no user's build has.
LIBCLC = {"nvptx64": "/usr/lib/clc/nvptx64--nvidiacl.bc",
          "amdgcn": "/usr/lib/clc/amdgcn-amd-amdhsa.bc"}  # every gfx: one library


def libclc(target):
    """target's builtins library (LIBCLC: a gfx target takes amdgcn's), or
    None where there is none."""
    return LIBCLC.get("amdgcn" if target.startswith("gfx") else target)


def nvcc():
    """The CUDA toolkit's nvcc: PATH's, else /usr/local/cuda's, or None."""
    return shutil.which("nvcc") or ("/usr/local/cuda/bin/nvcc"
                                    if os.path.exists("/usr/local/cuda/bin/nvcc") else None)


def libdevice():
    """The CUDA toolkit's libdevice, found beside nvcc (nvcc()) or beside
    PATH's ptxas, or None: libclc-22's nvptx64 library computes its math
    with it (sqrt is a call to __nv_sqrtf), so a user's OpenCL build for
    NVIDIA links both."""
    for tool in (nvcc(), shutil.which("ptxas")):
        if tool:
            root = os.path.dirname(os.path.dirname(os.path.realpath(tool)))
            lib = os.path.join(root, "nvvm", "libdevice", "libdevice.10.bc")
            if os.path.exists(lib):
                return lib
    return None


def libclc_flags(target):
    """clang-22's options that link target's builtins library (libclc(), and
    on nvptx64 libdevice beside it where the toolkit is installed), or []
    where there is none or it is not installed."""
    lib = libclc(target)
    if not lib or not os.path.exists(lib):
        return []
    dev = libdevice() if target == "nvptx64" else None
    return sum((["-Xclang", "-mlink-builtin-bitcode", "-Xclang", x] for x in [lib] + [dev] if x),
               []) + ["-Wno-linker-warnings"]


def sh(cmd, **kw):
    """Runs cmd, capturing its output as text."""
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def build_base(rev, d):
    """Builds commit rev of this repository in directory d; returns its
    gasp-opt."""
    arch = subprocess.run(["git", "-C", ROOT, "archive", rev], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", d], input=arch.stdout, check=True)
    sh(["make", "-s", "-C", d, "all"], check=True)
    return os.path.join(d, "build", "bin", "gasp-opt")


def write_report(subdir, name, text):
    """Writes text to bench/<subdir>/<name> and prints it."""
    d = os.path.join(ROOT, "bench", subdir)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "w") as f:
        f.write(text)
    print(text, end="")
