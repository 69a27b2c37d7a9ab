#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# compare-upstream.sh [GASP_OPT] — generic memory ops left by gasp's infer
# pass versus upstream `opt-22 -passes=infer-address-spaces`, on the
# project's OpenCL kernels (test/kernels/*.cl, clang-22 -O1
# -fno-inline-functions):
#   nvptx64: gasp and upstream on the same IR;
#   spir64:  gasp on spir64 IR, upstream on the same source for spirv64
#            (upstream needs a target machine; spir64 has none).
# Prints a markdown table; exits 1 if gasp leaves more than upstream on any
# file or any output fails the verifier (gasp-opt verifies its output).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
GASP=${1:-$here/build/bin/gasp-opt}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
CL="clang-22 -cl-std=CL2.0 -O1 -fno-inline-functions -emit-llvm -S -Xclang -finclude-default-header"
count() { "$GASP" --passes=none --summary "$1" -o /dev/null 2>&1 | sed -n 's/^gasp: generic memory ops after: //p'; }
bad=0
echo "| kernel | nvptx64 before | nvptx64 upstream | nvptx64 gasp | spir64 before | spirv64 upstream | spir64 gasp |"
echo "|---|---|---|---|---|---|---|"
tb=0; tu=0; tg=0; sb=0; su=0; sg=0
for cl in "$here"/test/kernels/*.cl; do
  k=$(basename "$cl" .cl)
  $CL -target nvptx64 "$cl" -o "$tmp/$k.nv.ll" || { bad=1; continue; }
  $CL -target spir64 "$cl" -o "$tmp/$k.spir.ll" || { bad=1; continue; }
  $CL -target spirv64 "$cl" -o "$tmp/$k.spirv.ll" || { bad=1; continue; }
  opt-22 -passes=infer-address-spaces "$tmp/$k.nv.ll" -o "$tmp/$k.nv.up.bc"
  opt-22 -passes=infer-address-spaces "$tmp/$k.spirv.ll" -o "$tmp/$k.spirv.up.bc"
  "$GASP" --passes=infer "$tmp/$k.nv.ll" -o "$tmp/$k.nv.g.bc" || bad=1
  "$GASP" --passes=infer "$tmp/$k.spir.ll" -o "$tmp/$k.spir.g.bc" || bad=1
  nb=$(count "$tmp/$k.nv.ll"); nu=$(count "$tmp/$k.nv.up.bc"); ng=$(count "$tmp/$k.nv.g.bc")
  pb=$(count "$tmp/$k.spir.ll"); pu=$(count "$tmp/$k.spirv.up.bc"); pg=$(count "$tmp/$k.spir.g.bc")
  mark=""
  if [ "${ng:-999}" -gt "${nu:-0}" ] || [ "${pg:-999}" -gt "${pu:-0}" ]; then bad=1; mark=" **WORSE**"; fi
  echo "| $k$mark | $nb | $nu | $ng | $pb | $pu | $pg |"
  tb=$((tb+nb)); tu=$((tu+nu)); tg=$((tg+ng)); sb=$((sb+pb)); su=$((su+pu)); sg=$((sg+pg))
done
echo "| **total** | $tb | $tu | $tg | $sb | $su | $sg |"
if [ $bad -ne 0 ]; then echo "compare-upstream: FAIL (gasp worse than upstream, or a tool failed)"; exit 1; fi
echo "compare-upstream: ok (gasp <= upstream on every kernel)"
