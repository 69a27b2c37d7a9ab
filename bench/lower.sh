#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# lower.sh [GASP_OPT] — runtime lowering on the project's OpenCL kernels
# (test/kernels/*.cl, clang-22 -cl-std=CL2.0 -O1 -fno-inline-functions),
# spir64 and nvptx64:
#   generic memory ops before, after infer alone, after infer,resolve (no
#   ipmsp: what static resolution and folding do by themselves), after
#   infer,ipmsp, after resolve (static
#   resolution + folded casts: the default pipeline), after
#   --lower-generic=tags (must be 0); accesses that needed a run-time
#   dispatch (with and without --private-in-global); instructions of the
#   default output and of the lowered one; and whether gasp-run --check-as
#   --compare finds the lowered kernel identical to the original.
# Exits 1 when a generic memory op is left after lowering, an output does
# not verify (gasp-opt exit 3) or a lowered kernel behaves differently.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
GASP=${1:-$here/build/bin/gasp-opt}
PATH=$(dirname "$GASP"):$PATH; export PATH
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
CL="clang-22 -cl-std=CL2.0 -O1 -fno-inline-functions -emit-llvm -S -Xclang -finclude-default-header"
count() { "$GASP" --passes=none --summary "$1" -o /dev/null 2>&1 | sed -n 's/^gasp: generic memory ops after: //p'; }
insts() { awk '/^define /{f=1;next} /^}/{f=0} f && /^  [^ ;]/{n++} END{print n+0}' "$1"; }
stat() { v=$("$GASP" -stats -stats-json $3 "$1" -o /dev/null 2>&1 | sed -n "s/^	\"$2\": \([0-9]*\).*/\1/p"); echo "${v:-0}"; }
# runs ROWS CMP: each row's trailing @kernel replaced by kernels.py's verdict
runs() {
  while IFS= read -r row; do
    k=$(echo "$row" | sed 's/.*@\([a-z_]*\) |$/\1/')
    res=$(grep "^[a-zA-Z]* $k " "$2" | sed 's/^\([A-Za-z]*\) [^ ]* [^:]*: \(.*\)$/\1: \2/; s/^ok: //; s/ (reachable generic left: \([0-9]*\))/, \1 generic left/')
    echo "$row" | sed "s/@$k |\$/${res:-not run} |/"
  done < "$1"
}
bad=0
for t in spir64 nvptx64; do
  echo "### $t"
  echo
  echo "| kernel | generic before | after infer | after infer,resolve | after infer,ipmsp | after resolve | after lower | dispatched | dispatched (private-in-global) | instructions default | lowered | gasp-run |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
  B=0; I=0; S=0; P=0; R=0; L=0; D=0; DP=0; IR=0; IL=0
  for cl in "$here"/test/kernels/*.cl; do
    k=$(basename "$cl" .cl)
    $CL -target $t "$cl" -o "$tmp/$k.ll" || { bad=1; continue; }
    "$GASP" --passes=infer -S "$tmp/$k.ll" -o "$tmp/$k.i.ll" || bad=1
    "$GASP" --passes=infer,resolve -S "$tmp/$k.ll" -o "$tmp/$k.s.ll" 2>/dev/null || bad=1
    "$GASP" --passes=infer,ipmsp -S "$tmp/$k.ll" -o "$tmp/$k.p.ll" || bad=1
    "$GASP" -S "$tmp/$k.ll" -o "$tmp/$k.r.ll" 2>/dev/null || bad=1
    "$GASP" -S --lower-generic=tags "$tmp/$k.ll" -o "$tmp/$k.l.ll" 2>/dev/null || bad=1
    b=$(count "$tmp/$k.ll"); i=$(count "$tmp/$k.i.ll"); sr=$(count "$tmp/$k.s.ll"); p=$(count "$tmp/$k.p.ll"); r=$(count "$tmp/$k.r.ll"); l=$(count "$tmp/$k.l.ll")
    d=$(stat "$tmp/$k.ll" lower.dispatches --lower-generic=tags)
    dp=$(stat "$tmp/$k.ll" lower.dispatches "--lower-generic=tags --private-in-global")
    ir=$(insts "$tmp/$k.r.ll"); il=$(insts "$tmp/$k.l.ll")
    [ "$l" = 0 ] || bad=1
    B=$((B+b)); I=$((I+i)); S=$((S+sr)); P=$((P+p)); R=$((R+r)); L=$((L+l)); D=$((D+d)); DP=$((DP+dp)); IR=$((IR+ir)); IL=$((IL+il))
    echo "| $k | $b | $i | $sr | $p | $r | $l | $d | $dp | $ir | $il | @$k |"
  done > "$tmp/rows"
  python3 "$here/test/exec/Inputs/kernels.py" compare $t "$tmp/run-$t" --lower-generic=tags > "$tmp/cmp" 2>/dev/null || bad=1
  runs "$tmp/rows" "$tmp/cmp"
  growth=$(awk -v a=$IL -v b=$IR 'BEGIN{printf "%+.1f", b ? 100*(a-b)/b : 0}')
  echo "| **total** | $B | $I | $S | $P | $R | $L | $D | $DP | $IR | $IL ($growth%) | |"
  echo
done
# clang -O0: every function optnone, which infer leaves alone: each access
# to an alloca stays generic for lower, which names it by its known tag
for t in spir64 nvptx64; do
  echo "### $t, clang -O0"
  echo
  echo "| kernel | instructions -O0 | generic before | switches | named by a known tag | lowered | gasp-run |"
  echo "|---|---|---|---|---|---|---|"
  I0=0; B=0; W=0; K=0; IL=0
  for cl in "$here"/test/kernels/*.cl; do
    k=$(basename "$cl" .cl)
    $CL -O0 -target $t "$cl" -o "$tmp/$k.0.ll" || { bad=1; continue; }
    "$GASP" -S --lower-generic=tags "$tmp/$k.0.ll" -o "$tmp/$k.0l.ll" 2>/dev/null || bad=1
    [ "$(count "$tmp/$k.0l.ll")" = 0 ] || bad=1
    i0=$(insts "$tmp/$k.0.ll"); b=$(count "$tmp/$k.0.ll"); il=$(insts "$tmp/$k.0l.ll")
    w=$(stat "$tmp/$k.0.ll" lower.switches --lower-generic=tags)
    kt=$(stat "$tmp/$k.0.ll" lower.accesses-known-tag --lower-generic=tags)
    I0=$((I0+i0)); B=$((B+b)); W=$((W+w)); K=$((K+kt)); IL=$((IL+il))
    echo "| $k | $i0 | $b | $w | $kt | $il | @$k |"
  done > "$tmp/rows0"
  python3 "$here/test/exec/Inputs/kernels.py" compare $t "$tmp/run0-$t" --cc=-O0 --lower-generic=tags > "$tmp/cmp0" 2>/dev/null || bad=1
  runs "$tmp/rows0" "$tmp/cmp0"
  growth=$(awk -v a=$IL -v b=$I0 'BEGIN{printf "%+.1f", b ? 100*(a-b)/b : 0}')
  echo "| **total** | $I0 | $B | $W | $K | $IL ($growth%) | |"
  echo
done
exit $bad
