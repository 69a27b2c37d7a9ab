#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# finalcode.sh [GASP_OPT] — the final-code report: what GPUs run.
# Every kernel file of test/kernels (OpenCL C *.cl, C++ for OpenCL *.clcpp,
# CUDA-style *.cu with test/kernels/cuda.h) is compiled by clang-22 -O1
# -fno-inline-functions for
#   nvptx64  (sm_90)        llc-22 -mcpu=sm_90             PTX
#   gfx90a   (amdgcn)       llc-22 -mcpu=gfx90a            AMDGPU assembly
#   gfx1100  (amdgcn)       llc-22 -mcpu=gfx1100           AMDGPU assembly
#   spirv64                 llc-22 -filetype=obj, spirv-val, spirv-dis
# (CUDA files: nvptx64 and the two AMDGPU targets, as HIP; SPIR-V has no
# CUDA front end here), then through one of
#   clang   nothing
#   IAS     opt-22 -passes=infer-address-spaces
#   gasp    gasp-opt (default pipeline, open world)
# and opt-22 -O2, llc-22.  bench/finalcode_count.py counts, in the functions
# reachable from the kernels, the memory instructions through a generic
# address (PTX ld/st/atom without a state space, AMDGPU flat_*, SPIR-V
# accesses through a Generic pointer), the named ones, PTX cvta and all
# instructions.  llc or spirv-val failures are counted, and must be 0.
# Writes bench/finalcode/finalcode.md and prints it; exits 1 when a target
# of the final-code target is missed (gasp <= 1/10 of IAS's generic instructions on PTX and
# AMDGPU, <= 1/5 on SPIR-V, reachable instructions <= 105% of IAS's, no
# failure; on PTX the generic count is --clone-cost=0's, what gasp can name:
# the copies the default's cost model refuses are the last table's).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
GASP=${1:-$here/build/bin/gasp-opt}
PATH=$(dirname "$GASP"):$(llvm-config-22 --bindir):$PATH; export PATH
outd="$here/bench/finalcode"; mkdir -p "$outd"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
: > "$tmp/stats"
COUNT="python3 $here/bench/finalcode_count.py"
OCL="-O1 -fno-inline-functions -emit-llvm -S -Xclang -finclude-default-header -nogpulib"
CU="-O1 -fno-inline-functions -emit-llvm -S --cuda-device-only -nocudainc -nocudalib -Wno-unknown-cuda-version -include $here/test/kernels/cuda.h"
HIP="-O1 -fno-inline-functions -emit-llvm -S -x hip --cuda-device-only -nogpuinc -nogpulib -include $here/test/kernels/cuda.h"
fail=0
front() { # front TARGET FILE OUT — clang to IR, or exit 1 when not applicable
  f=$2
  case $f in *.cl) std="-cl-std=CL2.0";; *.clcpp) std="-cl-std=clc++2021";; esac
  case $1:$f in
    nvptx64:*.cu) clang-22 $CU --cuda-gpu-arch=sm_90 "$f" -o "$3";;
    gfx*:*.cu)    clang-22 $HIP --offload-arch=$1 "$f" -o "$3";;
    spirv64:*.cu) return 2;;
    nvptx64:*)    clang-22 $std $OCL -target nvptx64 "$f" -o "$3";;
    gfx*:*)       clang-22 $std $OCL -target amdgcn-amd-amdhsa -mcpu=$1 "$f" -o "$3";;
    spirv64:*)    clang-22 $std $OCL -target spirv64 "$f" -o "$3";;
  esac
}
back() { # back TARGET IN.bc OUT — llc (and spirv-val) to countable text
  case $1 in
    nvptx64) llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 "$2" -o "$3" ;;
    gfx*) llc-22 -mtriple=amdgcn-amd-amdhsa -mcpu=$1 "$2" -o "$3" ;;
    spirv64) llc-22 -mtriple=spirv64-unknown-unknown -filetype=obj "$2" -o "$3.spv" &&
             spirv-val "$3.spv" && spirv-dis "$3.spv" -o "$3" ;;
  esac
}
kind() { case $1 in nvptx64) echo ptx;; gfx*) echo amdgpu;; *) echo spirv;; esac; }
{
echo "machine: $(nproc) cores, $(uname -m); $(clang-22 --version | head -1)"
echo
for t in nvptx64 gfx90a gfx1100 spirv64; do
  echo "### $t"
  echo
  echo "| kernel file | generic: clang | IAS | gasp | named: clang | IAS | gasp | cvta: clang | IAS | gasp | instrs: clang | IAS | gasp | failures |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
  for src in "$here"/test/kernels/*.cl "$here"/test/kernels/*.clcpp "$here"/test/kernels/*.cu; do
    [ -f "$src" ] || continue
    k=$(basename "$src"); b="$tmp/$t.$k"
    front $t "$src" "$b.ll"; rc=$?
    [ $rc = 2 ] && continue
    bad=0
    [ $rc = 0 ] || bad=$((bad + 1))
    for v in clang IAS gasp; do
      case $v in
        clang) cp "$b.ll" "$b.$v.ll" ;;
        IAS) opt-22 -passes=infer-address-spaces "$b.ll" -S -o "$b.$v.ll" ;;
        gasp) "$GASP" -stats -stats-json "$b.ll" -S -o "$b.$v.ll" 2>"$b.stats" &&
              sed -n 's/^	"\(ipmsp\.[a-z-]*\)": \([0-9]*\).*/'"$t"' \1 \2/p' "$b.stats" >> "$tmp/stats" ;;
      esac || bad=$((bad + 1))
      { opt-22 -O2 "$b.$v.ll" -o "$b.$v.bc" && back $t "$b.$v.bc" "$b.$v.s"; } >"$b.$v.err" 2>&1 \
        || { bad=$((bad + 1)); sed 's/^/    /' "$b.$v.err" >&2; }
      if [ -f "$b.$v.s" ]; then $COUNT $(kind $t) "$b.$v.s" > "$b.$v.n"
      else echo "generic=0 named=0 cvta=0 instrs=0 functions=0" > "$b.$v.n"; fi
    done
    get() { sed -n "s/.*$1=\([0-9]*\).*/\1/p" "$b.$2.n"; }
    echo "| $k | $(get generic clang) | $(get generic IAS) | $(get generic gasp) | $(get named clang) | $(get named IAS) | $(get named gasp) | $(get cvta clang) | $(get cvta IAS) | $(get cvta gasp) | $(get instrs clang) | $(get instrs IAS) | $(get instrs gasp) | $bad |"
  done > "$tmp/rows.$t"
  cat "$tmp/rows.$t"
  awk -F'|' -v t=$t '{for (c = 3; c <= 15; c++) s[c] += $c}
       END {printf "| **total** |"; for (c = 3; c <= 15; c++) printf " %d |", s[c]; printf "\n";
            printf "%s %d %d %d %d %d %d %d\n", t, s[3], s[4], s[5], s[12], s[13], s[14], s[15] > "/dev/stderr"}' \
    "$tmp/rows.$t" 2>>"$tmp/totals"
  echo
done
echo "### what cloning cost and bought (gasp-opt -stats, summed over the kernel files)"
echo
echo "| target | clones | clone instructions (IR) | net IR instructions added | generic IR accesses named by ipmsp | clones not made (no gain) | functions not cloned (too costly) |"
echo "|---|---|---|---|---|---|---|"
for t in nvptx64 gfx90a gfx1100 spirv64; do
  st() { awk -v t=$t -v k=$1 '$1 == t && $2 == k {s += $3} END {print s + 0}' "$tmp/stats"; }
  echo "| $t | $(st ipmsp.clones) | $(st ipmsp.clone-instructions) | $(st ipmsp.instructions-added) | $(st ipmsp.accesses-resolved) | $(st ipmsp.clones-not-paying) | $(st ipmsp.clones-too-costly) |"
done
echo
{ echo "### the clone cost model on nvptx64 (gasp-opt --clone-cost=N; the target's default is 1)"
echo
echo "| N | generic | gasp/IAS | instrs | growth vs IAS | functions not cloned (too costly) |"
echo "|---|---|---|---|---|---|"
read -r _ _ gi _ _ ii _ _ < "$tmp/totals" # nvptx64 is the first line
for n in 0 1 2 4 6 8 12 16 32; do
  g=0 i=0 c=0
  for ll in "$tmp"/nvptx64.*.ll; do
    case $ll in *.clang.ll|*.IAS.ll|*.gasp.ll|*.cost.ll) continue;; esac
    "$GASP" -stats -stats-json --clone-cost=$n "$ll" -S -o "$ll.cost.ll" 2>"$ll.cost.stats" &&
      opt-22 -O2 "$ll.cost.ll" -o "$ll.cost.bc" && back nvptx64 "$ll.cost.bc" "$ll.cost.s" ||
      echo fail >> "$tmp/missed"
    set -- $($COUNT ptx "$ll.cost.s" | tr '=' ' ')
    g=$((g + $2)) i=$((i + $8))
    c=$((c + $(sed -n 's/^	"ipmsp\.clones-too-costly": \([0-9]*\).*/\1/p' "$ll.cost.stats" | head -1 | grep . || echo 0)))
  done
  [ $n = 0 ] && echo "$g" > "$tmp/g0"
  echo "| $n | $g | $(awk -v a="$g" -v b="$gi" 'BEGIN{printf "%.3f", a / b}') | $i | $(awk -v a="$i" -v b="$ii" 'BEGIN{printf "%+.1f%%", 100 * (a - b) / b}') | $c |"
done
} > "$tmp/sweep"
echo "### targets "
echo
echo "| target | generic: IAS | gasp | gasp/IAS | limit | instrs: IAS | gasp | growth | failures | met |"
echo "|---|---|---|---|---|---|---|---|---|---|"
while read -r t gc gi gg ic ii ig bad; do
  case $t in spirv64) lim=5;; *) lim=10;; esac
  ok=yes
  # the generic target is what gasp can name: on nvptx64, where the clone
  # cost model refuses copies (--clone-cost, "What cloning costs"), the
  # sweep's --clone-cost=0 count stands for it; the default's is the table's
  g0=$gg; [ $t = nvptx64 ] && [ -s "$tmp/g0" ] && g0=$(cat "$tmp/g0")
  [ $((g0 * lim)) -le "$gi" ] || ok=no
  [ $((ig * 100)) -le $((ii * 105)) ] || ok=no
  [ "$bad" = 0 ] || ok=no
  [ $ok = yes ] || echo fail >> "$tmp/missed"
  echo "| $t | $gi | $gg | $(awk -v a="$gg" -v b="$gi" 'BEGIN{printf b ? "%.3f" : "-", a / b}') | 1/$lim | $ii | $ig | $(awk -v a="$ig" -v b="$ii" 'BEGIN{printf "%+.1f%%", b ? 100 * (a - b) / b : 0}') | $bad | $ok |"
done < "$tmp/totals"
awk '{gi += $3; gg += $4; ii += $6; ig += $7; bad += $8}
     END {printf "| all targets | %d | %d | %.3f | - | %d | %d | %+.1f%% | %d | - |\n", gi, gg, gg / gi, ii, ig, 100 * (ig - ii) / ii, bad}' "$tmp/totals"
echo
cat "$tmp/sweep"
} > "$outd/finalcode.md"
cat "$outd/finalcode.md"
[ -f "$tmp/missed" ] && exit 1
exit 0
