#!/bin/sh
# device.sh OUT [KERNEL_BUDGET] [WHOLE_BUDGET] — everything bench/gpu runs on
# a lent GPU, in one call (bench/gpu/README.md): the device's description,
# the project's kernels (gpu.py's bundle, bench/gpu/work/kernels) and the
# public programs built whole (whole.py's bundle, bench/gpu/work/bundle),
# each within its budget of seconds (default 160 and 300) and under a
# timeout a minute longer.  The results travel back as one file,
# OUT/gpu.tgz (kernels/, whole/, device.txt): the device entry brings back
# neither deep folders nor many files, and the archive is made whatever
# happened to the parts.
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${1:?OUT}; KB=${2:-160}; WB=${3:-300}
W=${TMPDIR:-/tmp}/gasp-device.$$
mkdir -p "$OUT" "$W"
{ date -u; uname -a; nvidia-smi -L; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } \
  > "$W/device.txt" 2>&1
if [ -f "$HERE/work/kernels/run.sh" ]; then
  timeout $((KB + 60)) sh "$HERE/work/kernels/run.sh" "$W/kernels" "$KB"
else
  echo "device.sh: no kernel bundle (python3 bench/gpu/gpu.py)" | tee "$W/kernels.missing"
fi
if [ -f "$HERE/work/bundle/run.sh" ]; then
  timeout $((WB + 60)) sh "$HERE/work/bundle/run.sh" "$W/whole" "$WB"
else
  echo "device.sh: no program bundle (python3 bench/gpu/whole.py REPOS)" | tee "$W/whole.missing"
fi
tar czf "$OUT/gpu.tgz" -C "$W" . && rm -rf "$W"
echo "device.sh: done; results in $OUT/gpu.tgz"
