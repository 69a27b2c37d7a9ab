#!/bin/sh
# device.sh OUT [KERNEL_BUDGET] [WHOLE_BUDGET] — everything bench/gpu runs on
# a lent GPU, in one call (bench/gpu/README.md): the device's description,
# the project's kernels (gpu.py's bundles, bench/gpu/work/kernels and
# work/kernels-*, each into OUT's folder of its name) and the
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
# every kernel bundle gpu.py made (work/kernels, and those --bundle named
# work/kernels-*: another --opt, say), in turn, each within what is left
# of KB, then raytracer.py's and faiss.py's bundles (work/raytracer,
# work/faiss) within what is left
start=$(date +%s); ran=0
for k in "$HERE"/work/kernels "$HERE"/work/kernels-* "$HERE"/work/raytracer "$HERE"/work/faiss; do
  case $k in *-build*) continue ;; esac
  [ -f "$k/run.sh" ] || continue
  left=$((KB - ($(date +%s) - start)))
  [ $left -gt 0 ] || { echo "device.sh: no time left for $(basename "$k")"; continue; }
  timeout $((left + 60)) sh "$k/run.sh" "$W/$(basename "$k")" "$left"
  ran=$((ran + 1))
done
[ $ran -gt 0 ] || echo "device.sh: no kernel bundle (python3 bench/gpu/gpu.py, raytracer.py)" | tee "$W/kernels.missing"
if [ -f "$HERE/work/bundle/run.sh" ]; then
  timeout $((WB + 60)) sh "$HERE/work/bundle/run.sh" "$W/whole" "$WB"
else
  echo "device.sh: no program bundle (python3 bench/gpu/whole.py REPOS)" | tee "$W/whole.missing"
fi
tar czf "$OUT/gpu.tgz" -C "$W" . && rm -rf "$W"
echo "device.sh: done; results in $OUT/gpu.tgz"
