#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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
mkdir -p "$B/llvm-reader"
# libFuzzer stops at the first finding.  A finding inside LLVM's bitcode
# reader (it aborts or segfaults on some corrupted files, as llvm-dis-22
# does; gasp-opt reports those as bad input, exit 1 — or, where the read
# went wrong without a fault outside ASan, reads the file) is set aside in
# BUILD/llvm-reader/ and the run goes on for the time left; any other
# finding ends the run.  Leak detection is off here: LLVM 22's bitcode
# reader leaks on some corrupted files (BitcodeReaderValueList::
# getValueFwdRef; llvm-dis-22 too), and libLLVM's frames cannot be
# unwound cheaply enough to suppress just those.  gasp's own leaks are
# checked by make check-asan (LeakSanitizer over the whole suite, the
# malformed and stress campaigns included).
cov=''; execs=0; sessions=0; reader=0; findings=0; left=$S; start=$(date +%s)
while [ "$left" -gt 0 ]; do
  sessions=$((sessions + 1))
  log="$B/fuzz.$sessions.log"
  ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1 \
    "$B/bin/fuzz-gasp" -max_total_time="$left" -max_len=65536 -timeout=30 \
    -dict=fuzz/ir.dict -artifact_prefix="$B/findings/" -print_final_stats=1 \
    "$B/corpus" "$B/seeds" >"$log" 2>&1
  rc=$?
  n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  execs=$((execs + ${n:-0}))
  c=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | sed 's/cov: //')
  [ -n "$c" ] && cov=$c
  left=$((S - ($(date +%s) - start)))
  [ "$rc" -eq 0 ] && break
  art=$(sed -n "s/.*Test unit written to \(.*\)$/\1/p" "$log" | tail -1)
  # the crash is inside LLVM's reader: parse_buffer on the stack, no pass
  if [ -n "$art" ] && grep -q 'in parse_buffer' "$log" &&
     ! grep -q 'gasp_run\|fuzz_gasp:' "$log"; then
    reader=$((reader + 1))
    for f in "$B/corpus"/* "$B/seeds"/*; do
      cmp -s "$f" "$art" && rm -f "$f"
    done
    mv "$art" "$B/llvm-reader/"
    continue
  fi
  findings=$((findings + 1))
  break
done
echo "fuzz: $execs executions in $(( $(date +%s) - start )) s ($sessions sessions), $nseeds seeds, corpus $(ls "$B/corpus" | wc -l) inputs, coverage ${cov:-?} edges, findings $findings, LLVM reader aborts set aside $reader (logs: $B/fuzz.*.log)"
if [ "$findings" -gt 0 ]; then
  grep -m1 -A3 'ERROR\|fuzz_gasp:' "$log"
  exit 1
fi
