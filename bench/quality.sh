#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# quality.sh [GASP_OPT] — the quality report: generic memory ops left
# on the project's OpenCL kernels (test/kernels/*.cl, clang-22 -O1
# -fno-inline-functions) for spir64 and nvptx64 by
#   before      clang's output
#   IAS         opt-22 -passes=infer-address-spaces (for spir64 run on the
#               same source built for spirv64: spir64 has no target machine)
#   attributor  opt-22 -passes=attributor (same inputs as IAS)
#   gasp b0     gasp-opt --clone-budget=0 (no cloning)
#   gasp        gasp-opt's default pipeline (open world)
#   gasp wp     gasp-opt --whole-program (each kernel file is a whole program)
#   oracle      the kernel run under gasp-run --oracle on clang's output:
#               generic sites that touched more than one space in some
#               calling context — what no static inference can resolve (a
#               lower bound for the executed code; unexecuted copies such as
#               __clang_ocl_kern_imp_* are not counted)
# Counted (gasp-opt --summary) in code reachable from the kernels: an
# externally visible original kept for outside callers does not run.
# Writes bench/quality/quality.md (the table) and bench/quality/quality.png
# (gnuplot bar chart of the totals) and prints the table.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
GASP=${1:-$here/build/bin/gasp-opt}
RUN=$(dirname "$GASP")/gasp-run
PATH=$(dirname "$GASP"):$(llvm-config-22 --bindir):$PATH; export PATH
outd="$here/bench/quality"; mkdir -p "$outd"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
CL="clang-22 -cl-std=CL2.0 -O1 -fno-inline-functions -emit-llvm -S -Xclang -finclude-default-header -nogpulib"
K="python3 $here/test/exec/Inputs/kernels.py"
count() { "$GASP" --passes=none --summary --target-as=$2 "$1" -o /dev/null 2>&1 | sed -n 's/^gasp: generic memory ops reachable from kernels: \([0-9]*\).*/\1/p'; }
bad=0
{
for t in spir64 nvptx64; do
  case $t in spir64) up=spirv64 tab=spir;; *) up=nvptx64 tab=nvptx;; esac
  echo "### $t"
  echo
  echo "| kernel | before | IAS | attributor | gasp b0 | gasp | gasp wp | oracle |"
  echo "|---|---|---|---|---|---|---|---|"
  for cl in "$here"/test/kernels/*.cl; do
    k=$(basename "$cl" .cl)
    $CL -target $t "$cl" -o "$tmp/$k.ll" || { bad=1; continue; }
    $CL -target $up "$cl" -o "$tmp/$k.up.ll" || { bad=1; continue; }
    opt-22 -passes=infer-address-spaces "$tmp/$k.up.ll" -o "$tmp/$k.ias.bc" 2>/dev/null || bad=1
    opt-22 -passes=attributor "$tmp/$k.up.ll" -o "$tmp/$k.att.bc" 2>/dev/null || bad=1
    "$GASP" --clone-budget=0 "$tmp/$k.ll" -o "$tmp/$k.b0.bc" || bad=1
    "$GASP" "$tmp/$k.ll" -o "$tmp/$k.g.bc" || bad=1
    "$GASP" --whole-program "$tmp/$k.ll" -o "$tmp/$k.wp.bc" || bad=1
    o=$("$RUN" "$tmp/$k.ll" $($K args "$k") --oracle 2>/dev/null | sed -n 's/.*multi-space-sites=\([0-9]*\).*/\1/p')
    echo "| $k | $(count "$tmp/$k.ll" $tab) | $(count "$tmp/$k.ias.bc" $tab) | $(count "$tmp/$k.att.bc" $tab) | $(count "$tmp/$k.b0.bc" $tab) | $(count "$tmp/$k.g.bc" $tab) | $(count "$tmp/$k.wp.bc" $tab) | ${o:-n/a} |"
  done > "$tmp/rows.$t"
  cat "$tmp/rows.$t"
  awk -F'|' -v t=$t '{for (c = 3; c <= 9; c++) s[c] += $c}
       END {printf "| **total** | %d | %d | %d | %d | %d | %d | %d |\n", s[3], s[4], s[5], s[6], s[7], s[8], s[9];
            printf "%s %d %d %d %d %d %d %d\n", t, s[3], s[4], s[5], s[6], s[7], s[8], s[9] > "/dev/stderr"}' \
    "$tmp/rows.$t" 2>>"$tmp/totals"
  echo
done
} > "$outd/quality.md"
cat "$outd/quality.md"
if command -v gnuplot >/dev/null 2>&1; then
  gnuplot <<GP
set terminal png size 900,480
set output "$outd/quality.png"
set title "Generic memory ops left in code the kernels reach, project's 12 OpenCL kernels (lower is better)"
set style data histogram
set style histogram cluster gap 1
set style fill solid border -1
set ylabel "generic memory ops left"
set key top right
set yrange [0:*]
plot "$tmp/totals" using 2:xtic(1) title "before", '' using 3 title "upstream IAS", \
     '' using 4 title "upstream attributor", '' using 5 title "gasp, no cloning", \
     '' using 6 title "gasp", '' using 7 title "gasp --whole-program", \
     '' using 8 title "oracle (multi-space sites)"
GP
  echo "chart: bench/quality/quality.png"
else
  echo "quality: gnuplot not installed (apt-get install gnuplot-nox): no chart" >&2
fi
exit $bad
