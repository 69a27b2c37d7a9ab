#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# chain.sh [SIZES] — the chain benchmark: bench/gen_chain.py modules
# (nvptx64; one call chain of N internal helpers, each reached with two
# tuples of spaces, so ipmsp makes 2 x N clones, N levels deep), for N in
# SIZES (default "800 2000 8000 20000").  Side by side, one after the
# other on the same file: gasp-opt's default pipeline and
# opt-22 -passes=infer-address-spaces, both reading the .ll and writing .bc;
# wall time best of 3, peak RSS from GNU time.  A separate
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
outd="$here/bench/chain"; mkdir -p "$outd"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
best() { # best() RUNS CMD... -> "seconds peak-MB"
  runs=$1; shift
  b=""; m=""
  i=0
  while [ $i -lt "$runs" ]; do
    i=$((i + 1))
    /usr/bin/time -f "%e %M" -o "$tmp/t" "$@" >/dev/null 2>&1 || { echo "FAILED: $*" >&2; echo "0 0"; return; }
    read -r s k < "$tmp/t"
    if [ -z "$b" ] || awk -v a="$s" -v b="$b" 'BEGIN{exit !(a<b)}'; then b=$s; m=$k; fi
  done
  echo "$b $((m / 1024))"
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
echo "| helpers | instructions | gasp s | gasp peak MB | opt IAS s | opt peak MB | gasp / opt | parse in | verify in | verify out | write out | LLVM floor s | floor / opt | generic left (reachable) | clones | waves |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for n in $SIZES; do
  python3 "$here/bench/gen_chain.py" "$n" > "$tmp/c.ll"
  runs=3
  set -- $(best $runs "$GASP" "$tmp/c.ll" -o "$tmp/g.bc"); gs=$1; gm=$2
  set -- $(best $runs opt-22 -passes=infer-address-spaces "$tmp/c.ll" -o "$tmp/o.bc"); os=$1; om=$2
  set -- $(least $runs "Parse" VerifierPass -- opt-22 -disable-verify -passes=verify "$tmp/c.ll" -o "$tmp/o.bc"); pin=$1; vin=$2
  set -- $(least $runs VerifierPass BitcodeWriterPass -- opt-22 -disable-verify -passes=verify "$tmp/g.bc" -o "$tmp/f.bc"); vout=$1; wout=$2
  fs=$(awk -v a="$pin" -v b="$vin" -v c="$vout" -v d="$wout" 'BEGIN{printf "%.2f", a + b + c + d}')
  "$GASP" -stats -stats-json --summary "$tmp/c.ll" -o /dev/null 2> "$tmp/stats"
  left=$(sed -n 's/^gasp: generic memory ops reachable from kernels: \([0-9]*\).*/\1/p' "$tmp/stats")
  clones=$(sed -n 's/^	"ipmsp.clones": \([0-9]*\).*/\1/p' "$tmp/stats")
  waves=$(sed -n 's/^	"ipmsp.rounds": \([0-9]*\).*/\1/p' "$tmp/stats")
  [ "${left:-1}" = 0 ] || bad=1
  echo "$n $gs" >> "$tmp/times"
  echo "| $n | $(insts "$tmp/c.ll") | $gs | $gm | $os | $om | $(awk -v a="$gs" -v b="$os" 'BEGIN{printf "%.2f", a / b}') | $pin | $vin | $vout | $wout | $fs | $(awk -v a="$fs" -v b="$os" 'BEGIN{printf "%.2f", a / b}') | $left | ${clones:-0} | ${waves:-0} |"
done
echo
awk '{t[$1] = $2}
     END {for (a in t) for (b in t) if (b == 10 * a)
            printf "10x the helpers (%d -> %d): %.2fx the time (target <= 11x)\n", a, b, t[b] / t[a]}' "$tmp/times" | sort
} > "$outd/chain.md"
cat "$outd/chain.md"
exit $bad
