#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# install-deps.sh — installs the Debian packages gasp needs, if missing.
#   llvm-22-dev   the LLVM 22 C API headers and libLLVM-22 (the only library)
#   llvm-22       opt-22 and llc-22 (upstream comparison, benchmarks), llvm-mc-22 (AMDGPU occupancy)
#   llvm-22-tools lit, FileCheck, not (the test suite)
#   clang-22      compiles the OpenCL C test kernels to IR
#   python3       runs lit and the benchmark generator
#   time          GNU time: wall clock and peak memory in bench/run.sh
#   graphviz      renders gasp-opt --dot-callgraph (tests, demo, README picture)
#   gnuplot-nox   draws bench/quality/quality.png (sh bench/quality.sh)
#   spirv-tools   spirv-val and spirv-dis: validates and reads the SPIR-V
#                 that llc-22 makes in bench/finalcode.sh
#   cmake         the CMake consumer test of the installed package
#                 (find_package(gasp), test/gasp-opt/install.test)
#   groff-base    renders the man pages in that test (groff -man)
#   libclc-22     OpenCL C builtins for nvptx64 (nvptx64--nvidiacl.bc), linked
#                 into the GPU harness's OpenCL kernels (bench/gpu/gpu.py)
#   python3-yaml, python3-pygments
#                 LLVM's opt-viewer (llvm-22-tools) needs them: the test
#                 that gasp's remarks YAML renders there
#   with the argument "deb" (make deb) only the Debian packaging tools:
#   debhelper, dpkg-dev, fakeroot
#   with the argument "bench" (make bench-deps) what bench/public needs for
#   its HIP units (AMDGPU): libamdhip64-dev (the HIP headers) and
#   rocm-device-libs (the device libraries clang links); without them the
#   HIP units are left out with a note; and libjansson-dev and
#   libcurl4-openssl-dev, whose headers ccminer's miner.h includes (its
#   opt-in suite, --suites ccminer)
# Nothing is downloaded from anywhere but Debian.
set -eu
need=""
if [ "${1:-}" = deb ]; then
  command -v dh >/dev/null 2>&1 || need="$need debhelper"
  command -v dpkg-buildpackage >/dev/null 2>&1 || need="$need dpkg-dev"
  command -v fakeroot >/dev/null 2>&1 || need="$need fakeroot"
elif [ "${1:-}" = bench ]; then
  [ -d /usr/include/hip ] || need="$need libamdhip64-dev"
  [ -d /usr/lib/x86_64-linux-gnu/amdgcn/bitcode ] || need="$need rocm-device-libs"
  [ -f /usr/include/jansson.h ] || need="$need libjansson-dev"
  [ -d /usr/include/x86_64-linux-gnu/curl ] || [ -d /usr/include/curl ] || need="$need libcurl4-openssl-dev"
else
command -v llvm-config-22 >/dev/null 2>&1 || need="$need llvm-22-dev"
command -v opt-22 >/dev/null 2>&1 || need="$need llvm-22"
[ -x /usr/lib/llvm-22/bin/FileCheck ] && [ -x /usr/lib/llvm-22/bin/lit ] || need="$need llvm-22-tools"
command -v clang-22 >/dev/null 2>&1 || need="$need clang-22"
command -v python3 >/dev/null 2>&1 || need="$need python3"
[ -x /usr/bin/time ] || need="$need time"
command -v dot >/dev/null 2>&1 || need="$need graphviz"
command -v gnuplot >/dev/null 2>&1 || need="$need gnuplot-nox"
command -v spirv-val >/dev/null 2>&1 || need="$need spirv-tools"
command -v cmake >/dev/null 2>&1 || need="$need cmake"
command -v groff >/dev/null 2>&1 || need="$need groff-base"
[ -f /usr/lib/clc/nvptx64--nvidiacl.bc ] || need="$need libclc-22"
/usr/bin/python3 -c 'import yaml, pygments' >/dev/null 2>&1 || need="$need python3-yaml python3-pygments"
fi
[ -z "$need" ] && exit 0
echo "install-deps: installing$need"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $need >/dev/null
