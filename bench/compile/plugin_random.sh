#!/bin/bash
# plugin_random.sh PLUGIN|none SEED|FILE.cl... — what the pass plugin costs
# and buys on random OpenCL C programs (scripts/genprog.py --extended SEED)
# or on OpenCL C files (bench/pipeline/opencl/*.cl), for
# spirv64, amdgcn (gfx90a) and nvptx64: clang-22 -O2 -emit-llvm -c with the
# plugin (or without: none), instructions by callgrind (load cannot move
# them), then the final code: llc-22 -O2 and bench/finalcode_count.py
# (generic accesses and cvta in PTX, flat accesses in AMDGPU code; SPIR-V
# has no llc count here).  One line per program x target:
#   SEED|FILE TARGET INSTRUCTIONS generic=N cvta=N
# Callgrind rejects the plugin's debug info: the plugin is copied without
# it (strip -g) first.  bench/compile/plugin_random.md: what it printed.
set -e
P=$1; shift
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
PL=""
if [ "$P" != none ]; then strip -g -o "$W/plugin.so" "$P"; PL="-fpass-plugin=$W/plugin.so"; fi
for s in "$@"; do
  case $s in
    *.cl) cp "$s" "$W/p.cl"; s=$(basename "$s");;
    *) python3 "$ROOT/scripts/genprog.py" --extended "$s" > "$W/p.cl";;
  esac
  for t in spirv64-unknown-unknown amdgcn-amd-amdhsa nvptx64-nvidia-cuda; do
    X=""; [ $t = amdgcn-amd-amdhsa ] && X=-mcpu=gfx90a
    o=$W/o.bc
    n=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null clang-22 -cl-std=CL2.0 \
          -Xclang -finclude-default-header -nogpulib -target $t $X -O2 -emit-llvm -c "$W/p.cl" \
          -o $o $PL 2>&1 | awk '/refs/ {print $NF}' | tr -d ,)
    g=-
    case $t in
      nvptx*) llc-22 -O2 -mcpu=sm_70 $o -o $o.s 2>/dev/null &&
                g=$(python3 "$ROOT/bench/finalcode_count.py" ptx $o.s | awk '{print $1, $3}');;
      amdgcn*) llc-22 -O2 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a $o -o $o.s 2>/dev/null &&
                 g=$(python3 "$ROOT/bench/finalcode_count.py" amdgpu $o.s | awk '{print $1, $3}');;
    esac
    echo "$s ${t%%-*} $n $g"
  done
done
