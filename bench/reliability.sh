#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# reliability.sh [FUZZ_SECONDS] [STRESS_N] [DIFF_N] — every reliability
# campaign in a row, as reported in docs/reliability.md: the libFuzzer run,
# the stress campaign with the kernels at every -O level, the malformed
# inputs, determinism/idempotence against the ASan build, and the
# random-program differential campaign (DIFF_N programs, ASan build).  Each prints its command
# and its summary line.  Takes FUZZ_SECONDS plus a few minutes.
set -u
cd "$(dirname "$0")/.."
S=${1:-600}
N=${2:-3000}
D=${3:-1000}
make -s all >/dev/null
make -s BUILD=build-asan OPT="-O1 -g -fno-omit-frame-pointer" \
  SAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined" all >/dev/null
echo "machine: $(nproc) cores, $(uname -m), $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')"
echo "llvm: $(llvm-config-22 --version)"
echo
echo "\$ make fuzz FUZZ_SECONDS=$S"
make -s fuzz FUZZ_SECONDS="$S" 2>&1 | grep '^fuzz:'
echo
echo "\$ make stress N=$N"
make -s stress N="$N" 2>&1 | grep -v '^make'
echo
echo "\$ python3 scripts/malformed.py"
python3 scripts/malformed.py
echo
echo "\$ python3 scripts/determinism.py --other-build build-asan"
python3 scripts/determinism.py --other-build build-asan
echo
echo "\$ ASAN_OPTIONS=detect_leaks=1 python3 scripts/fuzzdiff.py --build build-asan -n $D --first 1 -j $(nproc) --llc"
ASAN_OPTIONS=detect_leaks=1 python3 scripts/fuzzdiff.py --build build-asan -n "$D" --first 1 -j "$(nproc)" --llc | grep '^fuzz-diff:'
