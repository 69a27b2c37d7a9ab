#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# gasp-run.sh — how fast gasp-run executes, with and without instrumentation.
# usage: sh bench/gasp-run.sh [GASP_RUN]   (prints a markdown table)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
RUN=${1:-$here/build/bin/gasp-run}
out=$here/bench/out
mkdir -p "$out"
ocl="clang-22 -cl-std=CL2.0 -O1 -fno-inline-functions -emit-llvm -S -Xclang -finclude-default-header -nogpulib"
$ocl -target nvptx64 "$here/test/kernels/vadd.cl" -o "$out/vadd.ll"
$ocl -target nvptx64 "$here/test/kernels/matmul_tiled.cl" -o "$out/matmul.ll"
$ocl -target nvptx64 "$here/test/kernels/reduce_local.cl" -o "$out/reduce.ll"
best() { # best wall time of 3 runs, seconds
  b=999
  for i in 1 2 3; do
    s=$(date +%s.%N); "$@" >/dev/null; e=$(date +%s.%N)
    b=$(echo "$b $s $e" | awk '{t=$3-$2; print (t<$1)?t:$1}')
  done
  printf '%.2f' "$b"
}
echo "| kernel | NDRange | items | plain s | --check-as s | --oracle s |"
echo "|---|---|---|---|---|---|"
row() {
  name=$1; nd=$2; items=$3; shift 3
  p=$(best "$RUN" "$@"); c=$(best "$RUN" "$@" --check-as); o=$(best "$RUN" "$@" --oracle)
  echo "| $name | $nd | $items | $p | $c | $o |"
}
row vadd "1048576 / 256" 1048576 "$out/vadd.ll" --kernel vadd --global 1048576 --local 256 \
  --arg buf:f32:1048576:rand=1 --arg buf:f32:1048576:rand=2 --arg buf:f32:1048576
row matmul_tiled "128x128 / 4x4" 16384 "$out/matmul.ll" --kernel matmul_tiled --global 128,128 --local 4,4 \
  --arg buf:f32:16384:rand=1 --arg buf:f32:16384:rand=2 --arg buf:f32:16384 --arg i32=128
row reduce_local "262144 / 256" 262144 "$out/reduce.ll" --kernel reduce_local --global 262144 --local 256 \
  --arg buf:f32:262144:rand=3 --arg buf:f32:1024 --arg local:1024
