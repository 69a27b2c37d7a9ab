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
for t in spir64 nvptx64; do
  echo "=== $t: clang-22 -O1 -fno-inline-functions examples/demo.cl ==="
  clang-22 -cl-std=CL2.0 -O1 -fno-inline-functions -gline-tables-only -emit-llvm -S \
    -Xclang -finclude-default-header -target $t "$src" -o "$out/demo.$t.ll"
  "$GASP" --summary -S -pass-remarks=ipmsp -pass-remarks-missed=gasp \
    -pass-remarks-output="$out/demo.$t.remarks.yaml" --dot-callgraph="$out/demo.$t.dot" \
    "$out/demo.$t.ll" -o "$out/demo.$t.gasp.ll" 2>"$out/stats.$t"
  # the headline: what runs (reachable from the kernel), then what only an
  # outside caller could run
  grep 'remark:\|^gasp: generic memory ops reachable\|^gasp: generic memory ops kept' \
    "$out/stats.$t" | sed "s|$out/||"
  echo "--- excerpt of the rewritten kernel (build/demo/demo.$t.gasp.ll) ---"
  sed -n '/^define.*@__clang_ocl_kern_imp_pingpong_sum\|^define.*spir_kernel void @pingpong_sum/,/^}/p' \
    "$out/demo.$t.gasp.ll" | grep -E 'define|load|store|phi ptr' | sed 's/,\{0,1\} !dbg ![0-9]*//g' | head -14
  echo
done
if command -v dot >/dev/null 2>&1; then
  dot -Tpng "$out/demo.spir64.dot" -o "$out/demo.spir64.png"
  echo "=== call graph after gasp: build/demo/demo.spir64.dot, rendered to build/demo/demo.spir64.png ==="
fi
echo "=== spir64 with --whole-program (the module is the whole OpenCL program) ==="
"$GASP" --summary --whole-program -pass-remarks=internalize "$out/demo.spir64.ll" \
  -o "$out/demo.spir64.wp.ll" -S 2>&1 | grep 'remark:\|^gasp: generic memory ops reachable\|^gasp: generic memory ops kept' | sed "s|$out/||"
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
