# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""ocl.py — the project's OpenCL C kernels and the clang-22 command line
the reliability scripts (stress.py, determinism.py) compile them with."""
import glob

TRIPLES = {"spir64": "spir64", "nvptx64": "nvptx64", "amdgcn": "amdgcn-amd-amdhsa"}


def kernel_sources():
    """test/kernels/*.cl, *.clcpp (C++ for OpenCL) and examples/*.cl, run from
    the repository root."""
    return sorted(glob.glob("test/kernels/*.cl") + glob.glob("test/kernels/*.clcpp") +
                  glob.glob("examples/*.cl"))


def clang_cmd(cl, target, out, olevel="-O1", no_inline=True):
    """clang-22 OpenCL C 2.0 (C++ for OpenCL 2021 for *.clcpp) -> textual IR
    for target (a TRIPLES key)."""
    std = "-cl-std=clc++2021" if cl.endswith(".clcpp") else "-cl-std=CL2.0"
    return (["clang-22", std, olevel] +
            (["-fno-inline-functions"] if no_inline else []) +
            ["-emit-llvm", "-S", "-Xclang", "-finclude-default-header",
             "-target", TRIPLES[target], "-nogpulib", cl, "-o", out])


def plugin_env(so):
    """The environment clang-22 or opt-22 loads gasp's plugin so with: None
    for a plain build; for a sanitized build's plugin (make build-asan-all
    links it with the C compiler's shared sanitizer runtimes), the process's
    environment with those runtimes in LD_PRELOAD (they must come first)
    and leaks not reported (clang frees nothing at exit, by design)."""
    import os
    import subprocess
    try:
        out = subprocess.run(["ldd", so], capture_output=True, text=True).stdout
    except OSError:
        return None
    runtimes = [line.split("=>")[1].split("(")[0].strip() for line in out.splitlines()
                if "=>" in line and ("libasan" in line or "libubsan" in line)]
    if not runtimes:
        return None
    return dict(os.environ, LD_PRELOAD=" ".join(runtimes), ASAN_OPTIONS="detect_leaks=0")
