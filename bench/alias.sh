#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# alias.sh [GASP_OPT] — the alias pass on the project's OpenCL kernels
# (test/kernels/*.cl, clang-22 -cl-std=CL2.0 -O1 -fno-inline-functions,
# spir64) and the alias example's loop (test/alias/licm.cl): loads and stores left
# after `opt-22 -O2` for
#   clang      clang's output alone
#   no scopes  gasp without the alias pass (--passes=infer,ipmsp,resolve,lower)
#   scopes     gasp's default pipeline (ends with alias: !alias.scope/!noalias)
# "static" counts load/store instructions in every function except clang's
# __clang_ocl_kern_imp_* copies of the kernels (no kernel calls them);
# "executed" counts the loads/stores gasp-run --count saw one launch execute
# (the kernels.py launch); "scoped" is alias.accesses-scoped; the last
# column is gasp-run --check-as --compare of scopes + -O2 against clang's
# original.  Exits 1 when an output does not verify or a kernel differs.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
GASP=${1:-$here/build/bin/gasp-opt}
RUN=$(dirname "$GASP")/gasp-run
PATH=$(dirname "$GASP"):$(llvm-config-22 --bindir):$PATH; export PATH
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
CL="clang-22 -cl-std=CL2.0 -O1 -fno-inline-functions -emit-llvm -S -Xclang -finclude-default-header -target spir64"
K="python3 $here/test/exec/Inputs/kernels.py"
static() {
  awk '/^define /{f = ($0 !~ /@__clang_ocl_kern_imp_/); next} /^}/{f=0}
       f && / = load /{l++} f && /^  store /{s++} END{printf "%d/%d", l, s}' "$1"
}
executed() {
  "$RUN" "$@" --count 2>/dev/null | sed -n 's/^accesses: loads=\([0-9]*\) stores=\([0-9]*\) .*/\1\/\2/p'
}
scoped() { "$GASP" -stats -stats-json "$1" -o /dev/null 2>&1 | sed -n 's/^	"alias.accesses-scoped": \([0-9]*\).*/\1/p'; }
bad=0
# row SRC.ll NAME RUN-ARGS...
row() {
  src=$1 name=$2; shift 2
  b=$tmp/$name
  "$GASP" --passes=infer,ipmsp,resolve,lower -S "$src" -o "$b.n.ll" 2>/dev/null || bad=1
  "$GASP" -S "$src" -o "$b.s.ll" 2>/dev/null || bad=1
  for v in c n s; do
    [ $v = c ] && in=$src || in=$b.$v.ll
    opt-22 -S -O2 "$in" -o "$b.$v.2.ll" 2>/dev/null || bad=1
  done
  if "$RUN" "$src" --check-as --compare "$b.s.2.ll" "$@" > "$b.cmp" 2>&1; then res=identical; else res="DIFFERS"; bad=1; fi
  echo "| $name | $(static "$b.c.2.ll") | $(static "$b.n.2.ll") | $(static "$b.s.2.ll") | $(executed "$b.c.2.ll" "$@") | $(executed "$b.n.2.ll" "$@") | $(executed "$b.s.2.ll" "$@") | $(scoped "$src") | $res |"
}
echo "| kernel | static clang | static no scopes | static scopes | executed clang | executed no scopes | executed scopes | scoped | gasp-run |"
echo "|---|---|---|---|---|---|---|---|---|"
for cl in "$here"/test/kernels/*.cl; do
  k=$(basename "$cl" .cl)
  $CL "$cl" -o "$tmp/$k.ll" || { bad=1; continue; }
  row "$tmp/$k.ll" "$k" $($K args "$k")
done > "$tmp/rows"
$CL "$here/test/alias/licm.cl" -o "$tmp/licm.ll" || bad=1
for k in foo bar; do
  row "$tmp/licm.ll" "licm loop @$k" --kernel $k --global 1 --arg buf:f32:1:rand=1 --arg local:256 --arg i32=64
done >> "$tmp/rows"
cat "$tmp/rows"
awk -F'|' 'function add(col, i,  a) { split($col, a, "/"); L[i] += a[1]; S[i] += a[2] }
           { for (c = 3; c <= 8; c++) add(c, c); n += $9 }
           END { printf "| **total** |"; for (c = 3; c <= 8; c++) printf " %d/%d |", L[c], S[c];
                 printf " %d | |\n", n }' "$tmp/rows"
exit $bad
