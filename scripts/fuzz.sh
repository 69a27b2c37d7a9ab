#!/bin/sh
# fuzz.sh BUILD SECONDS — runs the libFuzzer target BUILD/bin/fuzz-gasp
# (make fuzz builds it) for SECONDS on a seed corpus made of the project's
# kernels (spir64, nvptx64, amdgcn; -O0 and -O2; text and bitcode) and every
# .ll file of the test suite.  New inputs accumulate in BUILD/corpus;
# findings are written to BUILD/findings/ (replay one with
# `BUILD/bin/fuzz-gasp FILE`).  Ends with one summary line; exit 1 on a
# finding.
set -u
B=${1:-build-fuzz}
S=${2:-60}
BIN="$(llvm-config-22 --bindir)"
mkdir -p "$B/seeds" "$B/corpus" "$B/findings"
if [ ! -f "$B/seeds/.done" ]; then
  for k in test/kernels/*.cl examples/*.cl; do
    n=$(basename "$k" .cl)
    for t in spir64 nvptx64 amdgcn-amd-amdhsa; do
      for O in 0 2; do
        o="$B/seeds/$n.$t.O$O"
        clang-22 -cl-std=CL2.0 -O$O -fno-inline-functions -emit-llvm -S \
          -Xclang -finclude-default-header -target "$t" -nogpulib "$k" -o "$o.ll" 2>/dev/null &&
          "$BIN/llvm-as" "$o.ll" -o "$o.bc"
      done
    done
  done
  i=0
  for f in $(find test -name '*.ll' | sort); do
    i=$((i + 1))
    cp "$f" "$B/seeds/test-$i.ll"
  done
  touch "$B/seeds/.done"
fi
nseeds=$(ls "$B/seeds" | wc -l)
log="$B/fuzz.log"
before=$(ls "$B/findings" | wc -l)
ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
  "$B/bin/fuzz-gasp" -max_total_time="$S" -max_len=65536 -timeout=30 \
  -dict=fuzz/ir.dict -artifact_prefix="$B/findings/" -print_final_stats=1 \
  "$B/corpus" "$B/seeds" >"$log" 2>&1
rc=$?
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | sed 's/cov: //')
after=$(ls "$B/findings" | wc -l)
echo "fuzz: ${execs:-?} executions in ${secs:-?} s, $nseeds seeds, corpus $(ls "$B/corpus" | wc -l) inputs, coverage ${cov:-?} edges, findings $((after - before)) (log: $log)"
if [ "$rc" -ne 0 ] || [ "$after" -gt "$before" ]; then
  grep -m1 -A3 'ERROR\|fuzz_gasp:' "$log"
  exit 1
fi
