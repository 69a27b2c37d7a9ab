#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# chain.sh [SIZES] [RUNS] — the chain benchmark: bench/gen_chain.py modules
# (nvptx64; one call chain of N internal helpers, each reached with two
# tuples of spaces, so ipmsp makes 2 x N clones, N levels deep), for N in
# SIZES (default "800 2000 8000 20000").  Side by side on the same file,
# interleaved (run 1 of each, then run 2 of each, ... RUNS times, default
# 9: the host's noise moves one run by up to a quarter, and the least of
# more runs moves less; the least CPU time, user + system, of each): gasp-opt's default
# pipeline as users run it; gasp-opt kept in 4 KiB pages (GLIBC_TUNABLES
# names glibc.malloc.hugetlb, so it does not start itself again in huge
# pages, tools/hugepages.h); opt-22 -passes=infer-address-spaces as users
# run it; and opt-22 given the same huge-page setting — all reading the .ll
# and writing .bc.  Peak RSS from GNU time.  A separate
# gasp-opt -stats --summary run counts the generic accesses left in code reachable
# from the kernel, the clones and the waves.  "LLVM floor" is what LLVM
# itself spends, by opt-22's own -time-passes timers (best of 3 each), on
# the parts of gasp's job that need no analysis: parsing and verifying the
# input .ll, verifying gasp's output and writing it as bitcode — the least
# any LLVM-based tool that emits this output pays.  Writes
# bench/chain/chain.md and prints it; exits 1 when a generic access is left.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
GASP=$here/build/bin/gasp-opt
SIZES=${1:-"800 2000 8000 20000"}
RUNS=${2:-9}
outd="$here/bench/chain"; mkdir -p "$outd"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# interleave RUNS -> for each configuration "cpu-seconds peak-MB" (least CPU)
# in $tmp/best.<name>; the configurations are the lines of $tmp/configs:
# "name command...", run with sh -c
interleave() {
  runs=$1; rm -f "$tmp"/t.*
  i=0
  while [ $i -lt "$runs" ]; do
    i=$((i + 1))
    while read -r name cmd; do
      # a failed run counts for nothing (not as 0 s) and fails the script
      if /usr/bin/time -f "%U %S %M" -o "$tmp/t" sh -c "$cmd" >/dev/null 2>&1; then
        cat "$tmp/t" >> "$tmp/t.$name"
      else
        echo "FAILED: $cmd" >&2; bad=1
      fi
    done < "$tmp/configs"
  done
  while read -r name cmd; do
    [ -s "$tmp/t.$name" ] || echo "0 0 0" > "$tmp/t.$name" # every run failed
    awk '{c = $1 + $2} NR == 1 || c < b {b = c; m = $3}
         END {printf "%.2f %d\n", b, m / 1024}' "$tmp/t.$name" > "$tmp/best.$name"
  done < "$tmp/configs"
}
timer() { # timer NAME FILE -> wall seconds of opt's -time-passes line NAME
  sed 's/([^)]*)//g' "$2" | awk -v n="$1" '$5 == n {print $4; exit}'
}
least() { # least RUNS NAME... -- CMD...: best wall time of each timer NAME
  runs=$1; shift; names=""
  while [ "$1" != -- ]; do names="$names $1"; shift; done; shift
  i=0; : > "$tmp/least"
  while [ $i -lt "$runs" ]; do
    i=$((i + 1))
    "$@" -time-passes > /dev/null 2> "$tmp/tp" || { echo "FAILED: $*" >&2; return; }
    for nm in $names; do echo "$nm $(timer "$nm" "$tmp/tp")" >> "$tmp/least"; done
  done
  for nm in $names; do
    awk -v n="$nm" '$1 == n && (b == "" || $2 < b) {b = $2} END {printf "%.2f ", b}' "$tmp/least"
  done
  echo
}
insts() { awk '/^define /{f=1;next} /^}/{f=0} f && /^  [^ ;]/{n++} END{print n+0}' "$1"; }
bad=0
{
echo "machine: $(nproc) cores, $(uname -m); $(opt-22 --version | sed -n 's/.*LLVM version \(.*\)/LLVM \1/p' | head -1)"
echo
echo "| helpers | instructions | gasp CPU s | gasp peak MB | opt IAS CPU s | opt peak MB | gasp / opt | gasp in 4 KiB pages s | opt in huge pages s | gasp / opt, both in huge pages | parse in | verify in | verify out | write out | LLVM floor s | floor / opt | generic left (reachable) | clones | waves |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for n in $SIZES; do
  python3 "$here/bench/gen_chain.py" "$n" > "$tmp/c.ll"
  runs=3
  cat > "$tmp/configs" <<CFG
gasp $GASP $tmp/c.ll -o $tmp/g.bc
gasp4k GLIBC_TUNABLES=glibc.malloc.hugetlb=0 $GASP $tmp/c.ll -o $tmp/g4.bc
opt opt-22 -passes=infer-address-spaces $tmp/c.ll -o $tmp/o.bc
opthuge GLIBC_TUNABLES=glibc.malloc.hugetlb=1 opt-22 -passes=infer-address-spaces $tmp/c.ll -o $tmp/oh.bc
CFG
  interleave "$RUNS"
  read -r gs gm < "$tmp/best.gasp"; read -r g4 g4m < "$tmp/best.gasp4k"
  read -r os om < "$tmp/best.opt"; read -r oh ohm < "$tmp/best.opthuge"
  cmp -s "$tmp/g.bc" "$tmp/g4.bc" || { echo "gasp-opt's output depends on its pages" >&2; bad=1; }
  set -- $(least $runs "Parse" VerifierPass -- opt-22 -disable-verify -passes=verify "$tmp/c.ll" -o "$tmp/o.bc"); pin=$1; vin=$2
  set -- $(least $runs VerifierPass BitcodeWriterPass -- opt-22 -disable-verify -passes=verify "$tmp/g.bc" -o "$tmp/f.bc"); vout=$1; wout=$2
  fs=$(awk -v a="$pin" -v b="$vin" -v c="$vout" -v d="$wout" 'BEGIN{printf "%.2f", a + b + c + d}')
  "$GASP" -stats -stats-json --summary "$tmp/c.ll" -o /dev/null 2> "$tmp/stats"
  left=$(sed -n 's/^gasp: generic memory ops reachable from kernels: \([0-9]*\).*/\1/p' "$tmp/stats")
  clones=$(sed -n 's/^	"ipmsp.clones": \([0-9]*\).*/\1/p' "$tmp/stats")
  waves=$(sed -n 's/^	"ipmsp.rounds": \([0-9]*\).*/\1/p' "$tmp/stats")
  [ "${left:-1}" = 0 ] || bad=1
  echo "$n $gs" >> "$tmp/times"
  echo "| $n | $(insts "$tmp/c.ll") | $gs | $gm | $os | $om | $(awk -v a="$gs" -v b="$os" 'BEGIN{printf "%.2f", a / b}') | $g4 | $oh | $(awk -v a="$gs" -v b="$oh" 'BEGIN{printf "%.2f", a / b}') | $pin | $vin | $vout | $wout | $fs | $(awk -v a="$fs" -v b="$os" 'BEGIN{printf "%.2f", a / b}') | $left | ${clones:-0} | ${waves:-0} |"
done
echo
awk '{t[$1] = $2}
     END {for (a in t) for (b in t) if (b == 10 * a)
            printf "10x the helpers (%d -> %d): %.2fx the time (target <= 11x)\n", a, b, t[b] / t[a]}' "$tmp/times" | sort
} > "$outd/chain.md"
cat "$outd/chain.md"
exit $bad
