#!/bin/sh
# device.sh OUT [KERNEL_BUDGET] [WHOLE_BUDGET] — everything bench/gpu runs on
# a lent GPU, in one call (bench/gpu/README.md): the device's description,
# the project's kernels (gpu.py's bundle, bench/gpu/work/kernels) and the
# public programs built whole (whole.py's bundle, bench/gpu/work/bundle),
# each within its budget of seconds (default 120 and 300).  Each part
# writes under OUT as it goes, so a call cut short still brings back what
# ran.
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${1:?OUT}; KB=${2:-120}; WB=${3:-300}
mkdir -p "$OUT"
{ date -u; uname -a; nvidia-smi -L; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } \
  > "$OUT/device.txt" 2>&1
if [ -f "$HERE/work/kernels/run.sh" ]; then
  sh "$HERE/work/kernels/run.sh" "$OUT/kernels" "$KB"
else
  echo "device.sh: no kernel bundle (python3 bench/gpu/gpu.py)" | tee "$OUT/kernels.missing"
fi
if [ -f "$HERE/work/bundle/run.sh" ]; then
  sh "$HERE/work/bundle/run.sh" "$OUT/whole" "$WB"
else
  echo "device.sh: no program bundle (python3 bench/gpu/whole.py REPOS)" | tee "$OUT/whole.missing"
fi
echo "device.sh: done"
