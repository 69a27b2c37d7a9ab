#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ipmsp-scale.sh [N_INSTR] — compile time and code growth of the default
# pipeline (infer,ipmsp) on a generated module (bench/gen_ipmsp_module.py,
# nvptx64) where every helper is reached with two space tuples, so ipmsp
# clones every helper twice over two rounds.  Compared with --passes=infer
# and with --clone-budget=0 on the same input.  Whole-process wall time and
# peak RSS from /usr/bin/time; best of 3.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
GASP=$here/build/bin/gasp-opt
N=${1:-1000000}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
python3 "$here/bench/gen_ipmsp_module.py" "$N" nvptx64 > "$tmp/in.ll"
insts() { awk '/^define /{f=1;next} /^}/{f=0} f && /^  [^ ;]/{n++} END{print n+0}' "$1"; }
best() { # best wall time of 3 runs of "$@"; prints "seconds peak-KB"
  b=""; m=""
  for i in 1 2 3; do
    /usr/bin/time -f "%e %M" -o "$tmp/t" "$@" >/dev/null 2>&1 || { echo "FAILED: $*"; exit 1; }
    read s k < "$tmp/t"
    if [ -z "$b" ] || awk -v a="$s" -v b="$b" 'BEGIN{exit !(a<b)}'; then b=$s; m=$k; fi
  done
  echo "$b $m"
}
echo "input: $(insts "$tmp/in.ll") instructions, $(grep -c '^define' "$tmp/in.ll") functions"
echo
echo "| run | seconds | peak MB | instructions out | functions out | generic ops left |"
echo "|---|---|---|---|---|---|"
for run in "infer:--passes=infer" "infer,ipmsp (default):" "infer,ipmsp --clone-budget=0:--clone-budget=0"; do
  name=${run%%:*}; flags=${run#*:}
  set -- $(best "$GASP" $flags "$tmp/in.ll" -o "$tmp/out.bc")
  "$GASP" $flags -S "$tmp/in.ll" -o "$tmp/out.ll"
  left=$("$GASP" --passes=none --summary "$tmp/out.ll" -o /dev/null 2>&1 | sed -n 's/^gasp: generic memory ops after: //p')
  echo "| $name | $1 | $(($2 / 1024)) | $(insts "$tmp/out.ll") | $(grep -c '^define' "$tmp/out.ll") | $left |"
done
echo
"$GASP" -stats "$tmp/in.ll" -o /dev/null 2>&1 | grep ipmsp
