#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# demo.sh — compiles the bundled OpenCL kernel for spir64 and nvptx64 with
# clang-22, runs gasp-opt on each, and shows what it resolved.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
GASP="$here/build/bin/gasp-opt"
out="$here/build/demo"
mkdir -p "$out"
src="$here/examples/demo.cl"
excerpt() { # the kernel's accesses and pointer phis in a rewritten module
  echo "--- excerpt of the rewritten kernel (build/demo/$1) ---"
  sed -n '/^define.*@__clang_ocl_kern_imp_pingpong_sum\|^define.*spir_kernel void @pingpong_sum/,/^}/p' \
    "$out/$1" | grep -E 'define|load|store|phi ptr' | sed 's/,\{0,1\} !dbg ![0-9]*//g' | head -14
}
# the headline: what runs (reachable from the kernel), then what only an
# outside caller could run
headline() {
  grep 'remark:\|^gasp: generic memory ops reachable\|^gasp: generic memory ops kept' | sed "s|$out/||"
}
for t in spir64 nvptx64; do
  echo "=== $t: clang-22 -O1 -fno-inline-functions examples/demo.cl ==="
  clang-22 -cl-std=CL2.0 -O1 -fno-inline-functions -gline-tables-only -emit-llvm -S \
    -Xclang -finclude-default-header -target $t "$src" -o "$out/demo.$t.ll"
  "$GASP" --summary -S -pass-remarks=ipmsp -pass-remarks-missed=gasp \
    -pass-remarks-output="$out/demo.$t.remarks.yaml" \
    "$out/demo.$t.ll" -o "$out/demo.$t.gasp.ll" 2>"$out/stats.$t"
  headline <"$out/stats.$t"
  echo
done
# avg2's copies cost more instructions than they name accesses: by default
# (the target's clone cost limit) every call keeps the generic original.
# --clone-cost=0 copies whenever a copy names something (a device without
# Generic support needs every access named).
echo "=== spir64 with --clone-cost=0: a copy of avg2 per space ==="
"$GASP" --clone-cost=0 --summary -S -pass-remarks=ipmsp -pass-remarks-missed=gasp \
  --dot-callgraph="$out/demo.spir64.dot" "$out/demo.spir64.ll" \
  -o "$out/demo.spir64.clones.ll" 2>&1 | headline
excerpt demo.spir64.clones.ll
echo
if command -v dot >/dev/null 2>&1; then
  dot -Tpng "$out/demo.spir64.dot" -o "$out/demo.spir64.png"
  echo "=== call graph after gasp: build/demo/demo.spir64.dot, rendered to build/demo/demo.spir64.png ==="
fi
echo "=== spir64 with --whole-program --clone-cost=0 (the module is the whole OpenCL program) ==="
"$GASP" --summary --whole-program --clone-cost=0 -pass-remarks=internalize "$out/demo.spir64.ll" \
  -o "$out/demo.spir64.wp.ll" -S 2>&1 | headline
echo "=== every remark (YAML, for llvm-remarkutil / opt-viewer): build/demo/demo.spir64.remarks.yaml ==="
echo
RUN="$here/build/bin/gasp-run"
echo "=== gasp-run: original vs rewritten (nvptx64), every access checked ==="
"$RUN" "$out/demo.nvptx64.ll" --kernel pingpong_sum --global 128 --local 64 \
  --arg buf:f32:128:rand=1 --arg buf:f32:128 --arg i32=3 \
  --check-as --compare "$out/demo.nvptx64.gasp.ll"
echo "=== gasp-run --oracle on the original: what any inference could resolve ==="
"$RUN" "$out/demo.nvptx64.ll" --kernel pingpong_sum --global 128 --local 64 \
  --arg buf:f32:128:rand=1 --arg buf:f32:128 --arg i32=3 --oracle | grep '^oracle: [gs]'
