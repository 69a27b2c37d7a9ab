#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# run.sh — compile-time benchmark.  Generates modules of ~100k and ~1M
# instructions (bench/gen_module.py, nvptx64 so upstream can run) and times,
# best of 3 wall-clock runs, with peak RSS:
#   round trip   gasp-opt --passes=none -S   (parse + verify + print)
#   gasp infer   gasp-opt --passes=infer -S
#   gasp default gasp-opt -S                 (the default pipeline)
#   opt round trip   opt-22 -S
#   upstream         opt-22 -passes=infer-address-spaces -S
# and the generic memory ops left by each.  Prints a markdown table.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
GASP="$here/build/bin/gasp-opt"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
SIZES=${SIZES:-"100000 1000000"}
RUNS=${RUNS:-3}
best() { # best wall time and its RSS over $RUNS runs of "$@"
  b=""; m=""
  for _ in $(seq "$RUNS"); do
    /usr/bin/time -f "%e %M" -o "$tmp/t" "$@" >/dev/null 2>&1
    read -r e k < "$tmp/t"
    if [ -z "$b" ] || awk "BEGIN{exit !($e < $b)}"; then b=$e; m=$k; fi
  done
  echo "$b $((m / 1024))"
}
left() { "$GASP" --passes=none --summary "$1" -o /dev/null 2>&1 | sed -n 's/^gasp: generic memory ops after: //p'; }
echo "machine: $(nproc) cores, $(uname -m), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo
echo "| module | step | seconds (best of $RUNS) | peak RSS MB | generic ops left |"
echo "|---|---|---|---|---|"
for n in $SIZES; do
  python3 "$here/bench/gen_module.py" "$n" nvptx64 > "$tmp/in.ll"
  ni=$(grep -c '^  ' "$tmp/in.ll")
  before=$(left "$tmp/in.ll")
  label="$ni instr"
  echo "| $label | input | - | - | $before |"
  set -- "round trip (gasp-opt --passes=none)" "$GASP --passes=none -S $tmp/in.ll -o $tmp/o.ll" \
         "gasp infer (--passes=infer)" "$GASP --passes=infer -S $tmp/in.ll -o $tmp/o.ll" \
         "gasp default pipeline" "$GASP -S $tmp/in.ll -o $tmp/o.ll" \
         "opt-22 round trip" "opt-22 -S $tmp/in.ll -o $tmp/o.ll" \
         "opt-22 -passes=infer-address-spaces" "opt-22 -passes=infer-address-spaces -S $tmp/in.ll -o $tmp/o.ll"
  while [ $# -gt 0 ]; do
    name=$1; cmd=$2; shift 2
    # shellcheck disable=SC2086
    r=$(best $cmd)
    echo "| $label | $name | ${r% *} | ${r#* } | $(left "$tmp/o.ll") |"
  done
done
