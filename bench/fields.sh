#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# fields.sh [GASP_OPT] — the struct-of-pointers cases, clang-22 output
# for spir64, nvptx64 and amdgcn: generic memory ops left in code reachable
# from the kernels (gasp-opt --summary) on
#   init.cl    the Job pattern with an initializer helper (writes the struct)
#   ctor       C++ for OpenCL: a constructor builds the struct (nvptx64: a
#              constructor calling another)
#   job -O0    the Job pattern at clang -O0 (helpers spill their parameter)
#   tasks      an array of structs indexed at run time, handed to a helper
#              by &ts[k] (and a second kernel whose elements mix spaces)
#   cursor     a cursor struct opened and advanced by helpers (p + n,
#              c->p++)
# Prints one line per file and target: "<case> <target>: <left> (before: N)".
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
GASP=${1:-$here/build/bin/gasp-opt}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
OCL="-O1 -fno-inline-functions -emit-llvm -S -Xclang -finclude-default-header -nogpulib"
for t in spir64 nvptx64 amdgcn-amd-amdhsa; do
  clang-22 -cl-std=CL2.0 $OCL -target $t "$here/test/fields/init.cl" -o "$tmp/init.$t.ll"
  clang-22 -cl-std=clc++2021 $OCL -target $t "$here/test/fields/Inputs/ctor.clcpp" -o "$tmp/ctor.$t.ll"
  clang-22 -cl-std=CL2.0 -O0 -Xclang -disable-O0-optnone -emit-llvm -S -Xclang -finclude-default-header \
    -nogpulib -target $t "$here/test/fields/job.cl" -o "$tmp/job-O0.$t.ll"
  clang-22 -cl-std=CL2.0 $OCL -target $t "$here/test/fields/tasks.cl" -o "$tmp/tasks.$t.ll"
  clang-22 -cl-std=CL2.0 $OCL -target $t "$here/test/fields/cursor.cl" -o "$tmp/cursor.$t.ll"
  for c in init ctor job-O0 tasks cursor; do
    n=$("$GASP" --summary "$tmp/$c.$t.ll" -o /dev/null 2>&1 | sed -n 's/^gasp: generic memory ops reachable from kernels: //p')
    echo "$c $t: $n"
  done
done
