# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# lit configuration for gasp: every .ll/.cl/.test file under test/ except
# the C unit tests and the shared kernel sources.
import os
import subprocess

import lit.formats

config.name = "gasp"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".ll", ".cl", ".test"]
config.excludes = ["unit", "kernels", "Inputs", "lit.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
root = os.path.dirname(config.test_source_root)
build = os.environ.get("GASP_BUILD", os.path.join(root, "build"))
config.test_exec_root = os.path.join(build, "test")

llvm_bin = subprocess.check_output(["llvm-config-22", "--bindir"], text=True).strip()
config.environment["PATH"] = os.pathsep.join(
    [os.path.join(build, "bin"), llvm_bin, os.path.join(root, "scripts"),
     config.environment.get("PATH", os.environ.get("PATH", ""))])
# Every gasp-opt run (and the plugin) in the suite proves its output's
# generic-to-named casts again (--verify-spaces, src/report/spacecheck.c).
config.environment["GASP_VERIFY_SPACES"] = "1"
# ... and after every pass, with the LLVM verifier (-verify-each): a pass
# that breaks either is named where it did, not only at the end.
config.environment["GASP_VERIFY_EACH"] = "1"
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
config.substitutions.append(("%kernels", os.path.join(config.test_source_root, "kernels")))
config.substitutions.append(("%root", root))
config.substitutions.append(("%build", build))
# OpenCL C to IR, as front ends hand it to gasp.
ocl = "clang-22 -cl-std=CL2.0 -O1 -fno-inline-functions -emit-llvm -S -Xclang -finclude-default-header"
config.substitutions.append(("%ocl-spir", ocl + " -target spir64"))
# clang -O0 output as it is, without optnone (gasp respects optnone)
config.substitutions.append(("%clang-O0", "clang-22 -cl-std=CL2.0 -O0 -Xclang -disable-O0-optnone -emit-llvm -S -Xclang -finclude-default-header"))
config.substitutions.append(("%ocl-nvptx", ocl + " -target nvptx64"))
config.substitutions.append(("%ocl-amdgcn", ocl + " -target amdgcn-amd-amdhsa -nogpulib"))
# The CUDA toolkit's assembler, where the machine has it: tests then also
# assemble gasp's PTX (never needed for make check).
import shutil
if shutil.which("ptxas"):
    config.available_features.add("ptxas")
# A CUDA driver (libcuda.so.1): bench/gpu/gpu-run then runs on the device
# instead of skipping (exit 77).
import ctypes
try:
    ctypes.CDLL("libcuda.so.1")
    config.available_features.add("cuda-driver")
except OSError:
    pass
# The sanitizer build (make check-asan) cannot run under a small ulimit -v.
if "ASAN_OPTIONS" in os.environ:
    config.available_features.add("asan")
# The build the README's shell sessions use (readme.test): the one under
# test, but a sanitized one's plugin cannot load into clang-22 without
# LD_PRELOAD, so then the checkout's build/ (make check-asan runs after
# make check has built it).
config.substitutions.append(
    ("%readme-build", os.path.join(root, "build") if "asan" in config.available_features
     else build))
