#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ipmsp.sh [GASP_OPT] — what the inter-procedural pass adds, on the
# project's OpenCL kernels (test/kernels/*.cl, clang-22 -cl-std=CL2.0 -O1
# -fno-inline-functions) for spir64 and nvptx64:
#   generic memory ops before, after `--passes=infer`, after the default
#   pipeline (infer,ipmsp), and instructions before/after (code growth from
#   cloning).  gasp-opt verifies every output (exit 3 otherwise).
# Exits 1 when the default pipeline leaves more than 5% of the generic
# memory ops of a target, or a tool fails.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
GASP=${1:-$here/build/bin/gasp-opt}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
CL="clang-22 -cl-std=CL2.0 -O1 -fno-inline-functions -emit-llvm -S -Xclang -finclude-default-header"
count() { "$GASP" --passes=none --summary "$1" -o /dev/null 2>&1 | sed -n 's/^gasp: generic memory ops after: //p'; }
# instructions: indented lines inside function bodies of a .ll
insts() { awk '/^define /{f=1;next} /^}/{f=0} f && /^  [^ ;]/{n++} END{print n+0}' "$1"; }
stat() { "$GASP" -stats -stats-json "$1" -o /dev/null 2>&1 | sed -n "s/^	\"$2\": \([0-9]*\).*/\1/p"; }
bad=0
for t in spir64 nvptx64; do
  echo "### $t"
  echo
  echo "| kernel | generic before | after infer | after infer,ipmsp | instructions before | after | clones | specialized in place |"
  echo "|---|---|---|---|---|---|---|---|"
  B=0; I=0; A=0; IB=0; IA=0
  for cl in "$here"/test/kernels/*.cl; do
    k=$(basename "$cl" .cl)
    $CL -target $t "$cl" -o "$tmp/$k.ll" || { bad=1; continue; }
    "$GASP" --passes=infer -S "$tmp/$k.ll" -o "$tmp/$k.i.ll" || bad=1
    "$GASP" --passes=infer,ipmsp -S "$tmp/$k.ll" -o "$tmp/$k.g.ll" || bad=1
    b=$(count "$tmp/$k.ll"); i=$(count "$tmp/$k.i.ll"); a=$(count "$tmp/$k.g.ll")
    ib=$(insts "$tmp/$k.ll"); ia=$(insts "$tmp/$k.g.ll")
    c=$(stat "$tmp/$k.ll" ipmsp.clones); s=$(stat "$tmp/$k.ll" ipmsp.functions-specialized)
    echo "| $k | $b | $i | $a | $ib | $ia | ${c:-0} | ${s:-0} |"
    B=$((B+b)); I=$((I+i)); A=$((A+a)); IB=$((IB+ib)); IA=$((IA+ia))
  done
  pct=$(awk -v a=$A -v b=$B 'BEGIN{printf "%.1f", b ? 100*a/b : 0}')
  growth=$(awk -v a=$IA -v b=$IB 'BEGIN{printf "%+.1f", b ? 100*(a-b)/b : 0}')
  echo "| **total** | $B | $I | $A ($pct%) | $IB | $IA ($growth%) | | |"
  echo
  if awk -v a=$A -v b=$B 'BEGIN{exit !(a*100 > 5*b)}'; then bad=1; echo "**over 5% left on $t**"; echo; fi
done
if [ $bad -ne 0 ]; then echo "ipmsp: FAIL"; exit 1; fi
echo "ipmsp: ok (at most 5% of generic memory ops left on each target, every output verified)"
