#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# pipeline.sh — gasp in the users' pipeline: clang-22 -O2/-O3 with the pass
# plugin on bench/pipeline/{cuda,hip,opencl,sycl} and test/kernels, counted in
# PTX, AMDGPU and SPIR-V machine code (bench/pipeline.py says how).  Writes
# bench/pipeline/pipeline.md; exits 1 when a target is missed.
set -e
here=$(cd "$(dirname "$0")/.." && pwd)
make -s -C "$here" all
PATH=$(llvm-config-22 --bindir):$PATH exec python3 "$here/bench/pipeline.py" "$@"
